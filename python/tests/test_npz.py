"""save_npz writes by the package's output rules (reversi-notation's Outputs)."""

import io
import os
import stat
import threading

import numpy as np
import pytest

import reversi_rules as rr
from conftest import DATA

WTHOR = sorted((DATA / "wthor").glob("WTH_19*.wtb"))


def copy_of(path, tmp_path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    return copy


def test_the_source_is_never_written_over(tmp_path):
    source = copy_of(WTHOR[0], tmp_path)
    before = source.read_bytes()
    for sources in (source, [source], [str(source)], (s for s in [WTHOR[1], source])):
        with pytest.raises(ValueError, match="this is the input"):
            rr.save_npz(source, sources)
        assert source.read_bytes() == before
    link = tmp_path / "link.wtb"
    link.symlink_to(source)
    with pytest.raises(ValueError, match="this is the input"):
        rr.save_npz(link, source)
    assert source.read_bytes() == before and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([source.name, link.name])


def test_a_failed_dataset_leaves_the_target_as_it_was(tmp_path):
    target = tmp_path / "out.npz"
    target.write_bytes(b"before")
    with pytest.raises(FileNotFoundError):
        rr.save_npz(target, [WTHOR[0], DATA / "missing.pgn"])
    assert target.read_bytes() == b"before"
    assert [p.name for p in tmp_path.iterdir()] == ["out.npz"]


def test_a_fifo_gets_the_archive(tmp_path):
    fifo = tmp_path / "pipe.npz"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    summary = rr.save_npz(fifo, WTHOR[0])
    reader.join(timeout=30)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    with np.load(io.BytesIO(got[0])) as z:
        assert len(z["action"]) == summary["rows"] > 0
    assert [p.name for p in tmp_path.iterdir()] == ["pipe.npz"]


def test_a_device_stays_a_device(tmp_path):
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a copy of /dev/null
    except (PermissionError, AttributeError):
        pytest.skip("making a device node takes root")
    assert rr.save_npz(null, WTHOR[0])["rows"] > 0
    assert stat.S_ISCHR(null.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["null"]
