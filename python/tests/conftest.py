"""Shared paths and settings of the Python tests."""

from pathlib import Path

from hypothesis import settings

# The repository's data/ (game records, perft tables).
DATA = Path(__file__).resolve().parents[2] / "data"

# Deterministic runs: CI and a second run see the same examples.
settings.register_profile("repo", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("repo")


def perft_table(variant: str, depth: int) -> int:
    """The count of the 8x8 start of ``variant`` at ``depth`` in data/perft/."""
    start = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"
    for line in (DATA / "perft" / f"{variant}.perft").read_text().splitlines():
        if line and not line.startswith("#"):
            v, text, d, nodes = line.split(";")
            if (v, text, int(d)) == (variant, start, depth):
                return int(nodes)
    raise LookupError(f"{variant} perft {depth} is not in data/perft/")
