"""The rules of Reversi (Othello), Reversitacks and Attacks on any board.

Positions (``Position``), leaf counts (``perft``), batched environments on
NumPy arrays (``Batch``), game records (``read``) and training rows of records
(``dataset``, ``save_npz``), from the Rust workspace ``reversi-rules``.
"""

from ._native import (
    Batch,
    Dataset,
    Game,
    Games,
    IllegalMoveError,
    ParseError,
    Position,
    RecordError,
    __version__,
    dataset,
    perft,
    read,
)
from ._npz import save_npz

__all__ = [
    "Batch",
    "Dataset",
    "Game",
    "Games",
    "IllegalMoveError",
    "ParseError",
    "Position",
    "RecordError",
    "__version__",
    "dataset",
    "perft",
    "read",
    "save_npz",
]
