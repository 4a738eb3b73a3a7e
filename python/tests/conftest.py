"""Shared paths and settings of the Python tests."""

from pathlib import Path

from hypothesis import settings

# The repository's data/ (game records, perft tables).
DATA = Path(__file__).resolve().parents[2] / "data"

# Deterministic runs: CI and a second run see the same examples.
settings.register_profile("repo", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("repo")
