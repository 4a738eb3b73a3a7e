"""examples/python/tournament.py, run in its quick mode without the plot:
it plays its round robin and prints a crosstable that adds up."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "python" / "tournament.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tournament_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tournament_example"] = module
    spec.loader.exec_module(module)
    return module


def test_the_tournament_example_prints_a_crosstable_that_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    example = load()
    assert example.main(["--quick", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Three pairings of 8 games: 24 games, each engine in 16.
    assert lines[0] == "24 games"
    rows = [line.split() for line in lines[2:5]]
    assert sorted(row[1] for row in rows) == ["first", "greedy", "mobility"]
    assert all(row[2] == "16" and int(row[3]) + int(row[4]) + int(row[5]) == 16 for row in rows)
    assert sum(float(row[6]) for row in rows) == 24.0
    points = [float(row[6]) for row in rows]
    assert points == sorted(points, reverse=True)
    assert sum(" vs " in line for line in lines) == 3
    assert not any("plot" in line for line in lines)


def test_the_elo_series_follow_each_pairings_games() -> None:
    example = load()
    result, elo = example.run(8, 6, 3)
    assert result["games"] == 24
    assert set(elo) <= {"first - greedy", "first - mobility", "greedy - mobility"}
    for points in elo.values():
        games = [g for g, _ in points]
        assert games == sorted(games) and games[-1] <= 8
    # The plot is drawn only where matplotlib is installed.
    if importlib.util.find_spec("matplotlib") is None:
        assert example.plot(elo, "unused.png") is False
