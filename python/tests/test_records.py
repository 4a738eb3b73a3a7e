"""Records: WTHOR and PlayOK PGN read and replayed, errors located."""

import pytest

import reversi_rules as rr
from conftest import DATA, read_in_threads


def test_wthor_replays():
    games = list(rr.read(DATA / "wthor" / "WTH_1980.wtb"))
    assert len(games) > 50
    first = games[0]
    assert first.black and first.white and first.result
    for game in games:
        plies = game.plies()
        assert len(plies) >= len(game.moves)
        pos = game.start()
        for before, mv, after in plies:
            assert before == pos
            pos = before.played(mv)
            assert pos == after
        if pos.is_game_over() and game.result and "-" in game.result:
            black, _white = (int(x) for x in game.result.split("-"))
            # WTHOR gives the empties to the winner: at least the raw count.
            if pos.outcome == "black":
                assert black >= pos.score()[0]


def test_pgn_replays_from_path_and_file():
    path = DATA / "pgn" / "playok.pgn"
    games = list(rr.read(str(path)))
    assert games
    with open(path, "rb") as f:
        again = list(rr.read(f))
    assert [g.moves for g in again] == [g.moves for g in games]
    for game in games:
        assert game.variant == "reversi"
        last = game.plies()[-1][2]
        assert last.score() != (2, 2)
        assert repr(game).startswith("Record(")


def test_errors_say_where(tmp_path):
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Black "a"]\n[White "b"]\n\n1. f5 a1 *\n')
    with pytest.raises(rr.RecordError, match=r"bad\.pgn:4:\d+"):
        for game in rr.read(bad):
            game.plies()
    with pytest.raises(FileNotFoundError, match="missing.pgn"):
        rr.read(tmp_path / "missing.pgn")
    assert list(rr.read(bad, errors="skip")) is not None
    with pytest.raises(ValueError):
        rr.read(bad, errors="ignore")


def test_threads_reading_one_file_object_never_deadlock():
    # A Python file object is read with the GIL: a thread waiting for the
    # reader while holding the GIL would deadlock with the one reading.
    with open(DATA / "pgn" / "playok.pgn", "rb") as f:
        expected = len(list(rr.read(f)))
    with open(DATA / "pgn" / "playok.pgn", "rb") as f:
        got = read_in_threads(rr.read(f))
    assert len(got) == expected


def test_a_directory_is_its_record_files_in_path_order(tmp_path):
    # As `reversi replay DIR`: record files found recursively (extensions
    # in any case), sorted by path; other files skipped.
    (tmp_path / "b").mkdir()
    pgn = (DATA / "pgn" / "playok.pgn").read_bytes()
    (tmp_path / "b" / "games.PGN").write_bytes(pgn)
    (tmp_path / "a.ggf").write_bytes((DATA / "ggf" / "gg-8x8-saio.ggf").read_bytes())
    (tmp_path / "notes.md").write_text("not a record")
    games = list(rr.read(tmp_path))
    files = [tmp_path / "a.ggf", tmp_path / "b" / "games.PGN"]
    assert [g.moves for g in games] == [g.moves for f in files for g in rr.read(f)]
    assert len(list(rr.read(DATA / "wthor"))) == sum(
        len(list(rr.read(f))) for f in sorted((DATA / "wthor").glob("*.wtb"))
    )
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="a directory without record files"):
        rr.read(tmp_path / "empty")
    # A game that does not read is located in its file; the games after it follow.
    (tmp_path / "b" / "games.PGN").write_text('[Black "a"]\n\n1. f5 zz9 *\n\n[Black "c"]\n\n1. f5 d6 *\n')
    with pytest.raises(rr.RecordError, match=r"games\.PGN:3:\d+: game 1"):
        list(rr.read(tmp_path))
    assert [g.moves for g in rr.read(tmp_path, errors="skip")][-1] == ["f5", "d6"]


def test_unknown_names_are_attribute_errors():
    with pytest.raises(AttributeError):
        rr.Game  # noqa: B018
