"""rr.tournament: round robins and gauntlets between policies and engines,
over reversi-engine's Tournament, with the CLI's --json fields."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import reversi_rules as rr

if TYPE_CHECKING:
    from reversi_rules._native import _TournamentGame, _TournamentResult

SCRIPT = Path(__file__).resolve().parents[2] / "crates/reversi-engine/tests/engines/scripted.py"


def first_move(position: rr.Position) -> str:
    return position.moves()[0]


def last_move(position: rr.Position) -> str:
    return position.moves()[-1]


def passer(position: rr.Position) -> str:
    return "pass"  # illegal while a move exists: forfeits every game


def adds_up(result: _TournamentResult) -> None:
    games = result["games"]
    rows = result["rows"]
    assert sum(row["points"] for row in rows) == games
    for row in rows:
        standing = row["standing"]["games"]
        assert standing["games"] == sum(g for _, g in row["against"].values())
        assert standing["wins"] + standing["draws"] + standing["losses"] == standing["games"]
        for other, (points, played) in row["against"].items():
            back = next(r for r in rows if r["name"] == other)["against"][row["name"]]
            assert points + back[0] == played == back[1]
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)


def test_a_round_robin_of_four_adds_up_and_its_records_replay() -> None:
    openings = [rr.Record(["f5", "d6", "c3"]), rr.Record(["f5", "f6"])]
    seen: list[_TournamentGame] = []
    with rr.Engine(f"'{sys.executable}' '{SCRIPT}' nboard good", "nboard") as engine:
        result = rr.tournament(
            [first_move, last_move, engine, passer], openings=openings, concurrency=2, progress=seen.append
        )
    # Six pairings, two openings, both colours.
    assert result["games"] == len(result["records"]) == len(seen) == 24
    assert sorted(g["game"] for g in seen) == list(range(1, 25))
    for record in result["records"]:
        assert len(record.plies()) == len(record.moves)  # replays legal
    adds_up(result)
    last = next(r for r in result["rows"] if r["name"] == "passer")
    assert (last["points"], last["standing"]["pentanomial"]) == (0.0, [6, 0, 0, 0, 0])
    assert len(result["pairings"]) == 6
    assert all(p["standing"]["pairs"] == 2 for p in result["pairings"])


def test_a_gauntlet_with_an_sprt_and_its_errors() -> None:
    result = rr.tournament(
        [first_move, last_move, last_move],
        format="gauntlet",
        games=4,
        sprt="0,10,0.05,0.05",
        sprt_model="normalized",
    )
    assert result["games"] == 8
    # A repeated name is followed by the entrant's number.
    assert [p["second"] for p in result["pairings"]] == ["last_move #2", "last_move #3"]
    standing = result["pairings"][0]["standing"]
    assert standing["sprt_model"] == "normalized" and standing["llr"] is not None
    adds_up(result)
    bads: list[dict[str, Any]] = [
        {"format": "swiss"},
        {"sprt_model": "bayesian"},
        {"sprt": "0,10"},
        {"concurrency": 0},
        {"progress": "yes"},
    ]
    for bad in bads:
        with pytest.raises(ValueError):
            rr.tournament([first_move, last_move], games=2, **bad)
    with pytest.raises(ValueError, match="at least 2 engines"):
        rr.tournament([first_move], games=2)


def test_a_policys_exception_is_raised() -> None:
    def broken(position: rr.Position) -> str:
        raise RuntimeError("broken policy")

    with pytest.raises(RuntimeError, match="broken policy"):
        rr.tournament([first_move, broken], games=2)
