"""Records written and converted: read back the same, all or nothing, losses said."""

import io
import os
import stat
import sys
from pathlib import Path

import pytest

import reversi_rules as rr
from conftest import DATA

WTHOR_1980 = DATA / "wthor" / "WTH_1980.wtb"


def summary(games):
    return [(g.black, g.white, g.moves, g.result) for g in games]


def replayed(games):
    """Every game's plies as replayed (forced passes included), position after each."""
    return [[(move, after) for _, move, after in g.plies()] for g in games]


@pytest.mark.parametrize("extension", ["pgn", "ggf", "wtb"])
def test_wthor_games_write_and_read_back(tmp_path, extension):
    games = list(rr.read(WTHOR_1980))
    out = tmp_path / f"games.{extension}"
    warnings = rr.write(games, out)
    assert isinstance(warnings, list)
    back = list(rr.read(out))
    # The same games, ply by ply (GGF writes the passes WTHOR leaves out).
    assert replayed(back) == replayed(games)
    assert any(move == "pass" for plies in replayed(games) for move, _ in plies)
    assert [(g.black, g.white) for g in back] == [(g.black, g.white) for g in games]
    if extension == "wtb":
        assert (tmp_path / "games.JOU").exists() and (tmp_path / "games.TRN").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_games_made_in_python_are_written():
    game = rr.Record(["f5", "d6", "c3"], black="Ann", white="Bob", result="33-31")
    assert game.moves == ["f5", "d6", "c3"] and game.result == "33-31"
    out = io.BytesIO()
    warnings = rr.write([game, rr.Record(["f5"])], out, "transcript")
    assert "transcript: player names dropped in 1 game" in warnings
    assert len(warnings) == 2
    assert out.getvalue() == b"f5d6c3\nf5\n"
    start = rr.Position().played("f5")
    later = rr.Record(["d6"], start=start)
    assert [mv for _, mv, _ in later.plies()] == ["d6"]
    attacks = rr.Record(["a1b2"], variant="attacks", board="7x7")
    assert attacks.variant == "attacks"
    for bad in [{"moves": ["zz9"]}, {"result": "a lot"}, {"board": "0x0"}, {"variant": "chess"}]:
        with pytest.raises(rr.ParseError):
            rr.Record(**bad)


def test_convert_streams_and_skips_or_raises(tmp_path):
    out = tmp_path / "playok.wtb"
    warnings = rr.convert(DATA / "pgn" / "playok.pgn", out)
    assert len(list(rr.read(out))) == len(list(rr.read(DATA / "pgn" / "playok.pgn")))
    assert all(isinstance(w, str) for w in warnings)
    bad = tmp_path / "bad.txt"
    bad.write_text("f5d6\nf5 zz\nf5\n")
    with pytest.raises(rr.RecordError, match=r"bad.txt:2:4: game 2"):
        rr.convert(bad, tmp_path / "out.pgn")
    assert not (tmp_path / "out.pgn").exists()
    warnings = rr.convert(bad, tmp_path / "out.pgn", errors="skip")
    assert [g.moves for g in rr.read(tmp_path / "out.pgn")] == [["f5", "d6"], ["f5"]]
    assert any(w.startswith("skipped:") and "bad.txt:2:4" in w for w in warnings)
    with pytest.raises(ValueError, match="this is the input"):
        rr.convert(bad, bad, "transcript")


def test_what_cannot_be_written_is_refused_and_leaves_the_file(tmp_path):
    out = tmp_path / "games.wtb"
    out.write_bytes(b"before")
    attacks = rr.Record(["a1b2"], variant="attacks", board="7x7")
    with pytest.raises(rr.RecordError):
        rr.write([attacks], out)
    assert out.read_bytes() == b"before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.wtb"]
    with pytest.raises(ValueError, match="WTHOR is written to a path"):
        rr.write([rr.Record(["f5"])], io.BytesIO(), "wthor")
    with pytest.raises(ValueError, match="format= is needed"):
        rr.write([rr.Record(["f5"])], tmp_path / "games.unknown")
    with pytest.raises(ValueError, match="unknown format"):
        rr.write([rr.Record(["f5"])], tmp_path / "x.pgn", "sgf")
    with pytest.raises(ValueError, match="is a directory"):
        rr.write([rr.Record(["f5"])], tmp_path, "pgn")
    with pytest.raises(TypeError):
        rr.write(["f5"], tmp_path / "x.pgn")


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links, devices and FIFOs of Unix")
def test_links_are_followed_and_devices_and_fifos_written_through(tmp_path):
    # As the CLI writes: a link's target is replaced and the link kept; a
    # device or a FIFO is written to, never replaced by a regular file.
    game = rr.Record(["f5", "d6"])
    target = tmp_path / "target.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to("target.txt")
    rr.write([game], link, "transcript")
    assert link.is_symlink() and target.read_text() == "f5d6\n"
    rr.write([game], "/dev/null", "transcript")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        rr.write([game], fifo, "transcript")
        assert os.read(reader, 100) == b"f5d6\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "link.txt", "target.txt"]
    assert Path("/dev/null").exists()


def test_shared_wthor_name_files_are_replaced_only_when_asked(tmp_path):
    for name in ("WTHOR.JOU", "WTHOR.TRN"):
        (tmp_path / name).write_bytes(b"shared")
    game = rr.Record(["f5"], black="Ann", white="Bob")
    with pytest.raises(ValueError, match="replace_names=True"):
        rr.write([game], tmp_path / "WTHOR.wtb")
    assert (tmp_path / "WTHOR.JOU").read_bytes() == b"shared"
    rr.write([game], tmp_path / "WTHOR.wtb", replace_names=True)
    assert [g.black for g in rr.read(tmp_path / "WTHOR.wtb")] == ["Ann"]
    with pytest.raises(ValueError, match="give the games a .wtb name"):
        rr.write([game], tmp_path / "names.JOU", "wthor")
