"""The rules of Reversi (Othello), Reversitacks and Attacks on any board.

Positions (``Position``), leaf counts (``perft``), batched environments on
NumPy arrays (``Batch``) and game records (``read``), from the Rust workspace
``reversi-rules``.
"""

from ._native import (
    Batch,
    Game,
    Games,
    IllegalMoveError,
    ParseError,
    Position,
    RecordError,
    __version__,
    perft,
    read,
)

__all__ = [
    "Batch",
    "Game",
    "Games",
    "IllegalMoveError",
    "ParseError",
    "Position",
    "RecordError",
    "__version__",
    "perft",
    "read",
]
