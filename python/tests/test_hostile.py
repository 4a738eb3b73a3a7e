"""Hostile input from Python: binary data, text that is not UTF-8, many bad
games, a WTHOR name file that is a FIFO. Each ends, says what it is, and
holds bounded memory."""

import io
import os
import sys
import threading

import pytest

import reversi_rules as rr

GOOD = b"f5d6c3\n"


def test_binary_data_is_one_error_for_read_and_dataset(tmp_path):
    # A few MiB of NULs: what /dev/zero gives for ever. Named as a text
    # format, it is read as one: one error at its first NUL.
    zeros = tmp_path / "zeros.txt"
    zeros.write_bytes(bytes(4 << 20))
    for errors in ("raise", "skip"):
        with pytest.raises(rr.RecordError, match=r"zeros.txt:1:1: game 1: a NUL byte \(byte 0\): binary"):
            list(rr.read(zeros, errors=errors))
    with pytest.raises(rr.RecordError, match="a NUL byte"):
        list(rr.dataset(zeros))
    ds = rr.dataset(zeros, errors="skip")
    assert list(ds) == [] and ds.skipped == 1 and "a NUL byte" in ds.errors[0]
    # Named as no format, or not named: of no known format, as the CLI says.
    unknown = r"unknown format: expected a record file \(transcript .txt .*\), found "
    unnamed = tmp_path / "zeros"
    unnamed.write_bytes(bytes(4 << 20))
    with pytest.raises(rr.RecordError, match=f"zeros: {unknown}binary data"):
        list(rr.read(unnamed))
    with open(zeros, "rb") as f, pytest.raises(rr.RecordError, match=f"{unknown}binary data"):
        list(rr.read(f))


def test_a_game_not_in_utf8_costs_only_that_game(tmp_path):
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(GOOD * 4 + b"f5d6 # \xe9t\xe9\n" + GOOD * 5)
    assert len(list(rr.read(latin1, errors="skip"))) == 9
    games, raised = rr.read(latin1), []
    while True:
        try:
            games_read = next(games)
        except StopIteration:
            break
        except rr.RecordError as e:
            raised.append(str(e))
            continue
        assert games_read.moves == ["f5", "d6", "c3"]
    assert raised == [f"{latin1}:5:8: game 5: the text is not UTF-8 (byte 35)"]
    ds = rr.dataset(latin1, errors="skip")
    rows = sum(len(chunk["action"]) for chunk in ds)
    assert (ds.games, ds.skipped, rows) == (9, 1, 27)
    warnings = rr.convert(latin1, tmp_path / "out.pgn", errors="skip")
    assert len(list(rr.read(tmp_path / "out.pgn"))) == 9
    assert [w for w in warnings if w.startswith("skipped:")] == [f"skipped: {raised[0]}"]


def test_skipping_many_bad_games_keeps_the_first_messages_and_counts_all(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(GOOD + b"f5 zz\n" * 2500 + GOOD)
    ds = rr.dataset(bad, errors="skip")
    rows = sum(len(chunk["action"]) for chunk in ds)
    assert (rows, ds.games, ds.skipped, len(ds.errors)) == (6, 2, 2500, 1000)
    assert ds.errors[0].startswith(f"{bad}:2:4: game 2:")
    assert ds.errors[-1].startswith(f"{bad}:1001:4: game 1001:")
    summary = rr.save_npz(tmp_path / "out.npz", bad, errors="skip")
    assert (summary["rows"], summary["skipped"], len(summary["errors"])) == (6, 2500, 1000)
    warnings = rr.convert(bad, tmp_path / "out.pgn", errors="skip")
    skipped = [w for w in warnings if w.startswith("skipped:")]
    assert len(skipped) == 1001
    assert skipped[-1].startswith("skipped: 1500 more games that did not read (2500 in all;")
    assert len(list(rr.read(tmp_path / "out.pgn"))) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs of Unix")
def test_a_wthor_name_file_that_is_a_fifo_is_refused_not_waited_for(tmp_path):
    wtb = tmp_path / "games.wtb"
    rr.convert(io.BytesIO(GOOD), wtb)
    (tmp_path / "games.JOU").unlink()
    os.mkfifo(tmp_path / "games.JOU")
    result: list[BaseException | None] = []

    def read() -> None:
        try:
            list(rr.read(wtb))
            result.append(None)
        except BaseException as e:  # noqa: BLE001 - the test looks at it
            result.append(e)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(20)
    assert result, "rr.read waited for a writer of the FIFO"
    assert isinstance(result[0], rr.RecordError) and "not a regular file" in str(result[0])
    assert "games.JOU" in str(result[0])
