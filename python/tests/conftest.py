"""Shared paths and settings of the Python tests."""

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import settings

# The repository's data/ (game records, perft tables).
DATA = Path(__file__).resolve().parents[2] / "data"

T = TypeVar("T")

# Holes of an Attacks 5x6 board whose games never end: rows 2 and 3 cut the
# top row (a1 X, b1 hole, c1 empty, d1 hole, e1 O) off, and there each side's
# piece jumps into c1 and back for ever once the rest of the board is settled.
ENDLESS_HOLES = ["b1", "d1"] + [f"{c}{r}" for c in "abcde" for r in (2, 3)]

# Deterministic runs: CI and a second run see the same examples.
settings.register_profile("repo", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("repo")


def perft_table(variant: str, depth: int) -> int:
    """The count of the 8x8 start of ``variant`` at ``depth`` in data/perft/."""
    start = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"
    for line in (DATA / "perft" / f"{variant}.perft").read_text().splitlines():
        if line and not line.startswith("#"):
            v, text, d, leaves = line.split(";")
            if (v, text, int(d)) == (variant, start, depth):
                return int(leaves)
    raise LookupError(f"{variant} perft {depth} is not in data/perft/")


def read_in_threads(
    items: Iterator[T], check: Callable[[T], Any] = lambda _: None, threads: int = 3
) -> list[T]:
    """Every item of ``items``, taken by ``threads`` threads at once; ``check``
    runs on each. A thread that finds another reading gets ``RuntimeError`` (as
    from a running generator) and tries again; all must end within 60 s."""
    got: list[T] = []

    def read() -> None:
        while True:
            try:
                item = next(items)
            except StopIteration:
                return
            except RuntimeError:  # another thread is reading
                time.sleep(0.0005)
                continue
            got.append(item)
            check(item)

    running = [threading.Thread(target=read, daemon=True) for _ in range(threads)]
    for t in running:
        t.start()
    for t in running:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in running)
    return got
