"""rr.match(output=...) and rr.tournament(output=...): each game appended to
a records file as it ends, and a match or tournament resumed from one, as
``reversi match -o RECORDS --resume`` does (reversi-engine's RecordsFile)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import reversi_rules as rr

OPENINGS = [rr.Record(["f5", "d6", "c3"]), rr.Record(["f5", "f6"]), rr.Record(["f5", "f4"])]


def first_move(position: rr.Position) -> str:
    return position.moves()[0]


def last_move(position: rr.Position) -> str:
    return position.moves()[-1]


def middle_move(position: rr.Position) -> str:
    moves = position.moves()
    return moves[len(moves) // 2]


class Stop(Exception):
    """Raised by a progress callback to stop a match part way."""


def stop_after(n: int) -> Any:
    seen: list[object] = []

    def progress(game: object) -> None:
        seen.append(game)
        if len(seen) == n:
            raise Stop

    return progress


def moves_of(path: Path) -> list[list[str]]:
    return [record.moves for record in rr.read(path)]


@pytest.mark.parametrize("name", ["games.pgn", "games.ggf"])
def test_a_stopped_match_resumes_to_the_same_result_as_one_played_through(tmp_path: Path, name: str) -> None:
    whole = rr.match(first_move, last_move, openings=OPENINGS)
    out = tmp_path / name
    with pytest.raises(Stop):
        rr.match(first_move, last_move, openings=OPENINGS, output=out, progress=stop_after(2))
    assert moves_of(out) == [r.moves for r in whole["records"][:2]]

    resumed = rr.match(first_move, last_move, openings=OPENINGS, output=out, resume=True)
    assert len(resumed["records"]) == 4  # the games this call played
    assert {k: v for k, v in resumed.items() if k != "records"} == {
        k: v for k, v in whole.items() if k != "records"
    }
    assert moves_of(out) == [r.moves for r in whole["records"]]
    # Nothing left to play: the same standing, no game.
    again = rr.match(first_move, last_move, openings=OPENINGS, output=out, resume=True)
    assert again["records"] == [] and again["games"] == whole["games"]


def test_a_file_with_games_is_refused_unless_resumed(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    rr.match(first_move, last_move, openings=OPENINGS[:1], output=out)
    with pytest.raises(ValueError, match="the file exists: give resume=True"):
        rr.match(first_move, last_move, openings=OPENINGS[:1], output=out)
    # Another match's games (other openings) are not resumed.
    with pytest.raises(ValueError, match="^resume: "):
        rr.match(first_move, last_move, openings=OPENINGS[1:], output=out, resume=True)


def test_formats_and_paths_are_refused_before_any_game(tmp_path: Path) -> None:
    def refused(match: str, **options: Any) -> None:
        played: list[object] = []
        with pytest.raises(ValueError, match=match):
            rr.match(first_move, last_move, openings=OPENINGS, progress=played.append, **options)
        assert played == []

    refused("WTHOR cannot be appended to", output=tmp_path / "games.wtb")
    refused("do not keep each game's Round", output=tmp_path / "games.txt", resume=True)
    refused("a directory, not a file", output=tmp_path)
    refused("no directory", output=tmp_path / "missing" / "games.pgn")
    refused("resume: give output=", resume=True)
    refused("output_format: ", output=tmp_path / "games.pgn", output_format="nonsense")
    # The format given wins over the extension.
    rr.match(first_move, last_move, openings=OPENINGS[:1], output=tmp_path / "games.txt", output_format="ggf")
    assert (tmp_path / "games.txt").read_text().startswith("(;GM[Othello]")


def test_a_game_that_does_not_read_is_a_record_error(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    out.write_text('[Black "A"]\n\n1. f5 z0 *\n')
    with pytest.raises(rr.RecordError, match="games.pgn:3:7"):
        rr.match(first_move, last_move, openings=OPENINGS, output=out, resume=True)


def test_a_stopped_tournament_resumes_to_the_same_crosstable(tmp_path: Path) -> None:
    players = [first_move, last_move, middle_move]
    whole = rr.tournament(players, openings=OPENINGS[:2])
    out = tmp_path / "tournament.pgn"
    with pytest.raises(Stop):
        rr.tournament(players, openings=OPENINGS[:2], output=out, progress=stop_after(5))
    assert len(moves_of(out)) == 5
    with pytest.raises(ValueError, match="the file exists"):
        rr.tournament(players, openings=OPENINGS[:2], output=out)
    resumed = rr.tournament(players, openings=OPENINGS[:2], output=out, resume=True)
    assert len(resumed["records"]) == whole["games"] - 5
    assert resumed["rows"] == whole["rows"] and resumed["pairings"] == whole["pairings"]
    assert sorted(moves_of(out)) == sorted(r.moves for r in whole["records"])
