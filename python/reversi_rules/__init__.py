"""The rules of Reversi (Othello), Reversitacks and Attacks on any board.

Positions (``Position``), leaf counts (``perft``), batched environments on
NumPy arrays (``Batch``), game records (``read``, ``write``, ``convert``) and training rows of records
(``dataset``, ``save_npz``), engines over GTP and NBoard (``Engine``,
``match``, ``tournament``, ``serve_gtp``, ``serve_nboard``), exact play (``solve``, ``solve_moves``,
``solve_many``), from the Rust workspace ``reversi-rules``. The
submodules ``reversi_rules.pettingzoo`` and ``reversi_rules.gymnasium`` (the
extras of the same names) are imported on first use.
"""

import importlib
from typing import Any

from ._native import (
    Batch,
    Dataset,
    Engine,
    EngineError,
    IllegalMoveError,
    ParseError,
    Position,
    Record,
    RecordError,
    RecordReader,
    ReversiError,
    __version__,
    check_wthor,
    convert,
    dataset,
    match,
    perft,
    read,
    serve_gtp,
    serve_nboard,
    solve,
    solve_many,
    solve_moves,
    tournament,
    write,
)
from ._npz import save_npz

__all__ = [
    "Batch",
    "Dataset",
    "Engine",
    "EngineError",
    "IllegalMoveError",
    "ParseError",
    "Position",
    "Record",
    "RecordError",
    "RecordReader",
    "ReversiError",
    "__version__",
    "check_wthor",
    "convert",
    "dataset",
    "match",
    "perft",
    "read",
    "save_npz",
    "serve_gtp",
    "serve_nboard",
    "solve",
    "solve_many",
    "solve_moves",
    "tournament",
    "write",
]

# The environments' submodules import pettingzoo or gymnasium: only on use.
_LAZY = ("pettingzoo", "gymnasium")


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
