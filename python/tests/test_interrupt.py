"""Ctrl-C: every long call stops with KeyboardInterrupt within a fraction of a second."""

import os
import signal
import threading
import time
from contextlib import contextmanager

import pytest

import reversi_rules as rr
from conftest import ENDLESS_HOLES
from reversi_rules.split import count_shard, write_plan

# The signal comes after this many seconds; KeyboardInterrupt must follow
# within LATE seconds (the calls look for signals every 50 ms and stop their
# work within about 0.1 s; the rest is slack for a loaded machine).
AFTER = 0.3
LATE = 1.5

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")


@contextmanager
def ctrl_c():
    """Sends this process SIGINT (as Ctrl-C does) after AFTER seconds; the
    block must raise KeyboardInterrupt, at most LATE seconds after it."""
    timer = threading.Timer(AFTER, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            yield
    finally:
        timer.cancel()
        timer.join()
    assert time.monotonic() - start < AFTER + LATE


def test_perft_stops_on_ctrl_c():
    # Hours of work each; the count behind them stops too (the next call
    # finds the threads free and counts at once).
    with ctrl_c():
        rr.perft(rr.Position(), 16, threads=2)
    with ctrl_c():
        rr.perft(rr.Position(), 14)
    with ctrl_c():
        rr.perft(rr.Position(), 15, hash_mib=4, threads=2)
    with ctrl_c():
        rr.perft(rr.Position(variant="attacks", board="7x7"), 12, threads=2)
    assert rr.perft(rr.Position(), 8, threads=2) == 390216


def test_a_shard_count_stops_on_ctrl_c(tmp_path):
    plan = tmp_path / "plan.txt"
    write_plan(plan, rr.Position(), 16, 4)
    with ctrl_c():
        count_shard(plan, 0, 2, threads=2, hash_mib=4)


def test_an_endless_rollout_stops_on_ctrl_c():
    # No bound on the plies of a game that never ends: only Ctrl-C ends it.
    batch = rr.Batch(2, variant="attacks", board="5x6", holes=ENDLESS_HOLES, auto_reset=False)
    with ctrl_c():
        batch.rollout(seed=1, max_plies=2**62)


def test_a_dataset_of_bad_games_stops_on_ctrl_c(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("a1\n" * 2_000_000)  # two million illegal games
    ds = rr.dataset(bad, errors="skip")
    with ctrl_c():
        next(ds)
    assert 0 < len(ds.errors) < 2_000_000
