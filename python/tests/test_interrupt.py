"""Ctrl-C: every long call stops with KeyboardInterrupt within a fraction of a second."""

import os
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

import reversi_rules as rr
from conftest import ENDLESS_HOLES
from reversi_rules.shards import count_shard, write_plan

# The signal comes after this many seconds; KeyboardInterrupt must follow
# within LATE seconds (the calls look for signals every 50 ms and stop their
# work within about 0.1 s; the rest is slack for a loaded machine).
AFTER = 0.3
LATE = 1.5

# A regression that no longer answers Ctrl-C fails at the limit instead of hanging.
pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals"),
    pytest.mark.timeout(60),
]

SCRIPT = Path(__file__).resolve().parents[2] / "crates/reversi-engine/tests/engines/scripted.py"


@contextmanager
def ctrl_c():
    """Sends this process SIGINT (as Ctrl-C does) after AFTER seconds; the
    block must raise KeyboardInterrupt, at most LATE seconds after it.

    Python's own SIGINT handler is installed for the block: a test command
    started with SIGINT ignored (a background job of a shell without job
    control) would otherwise never see the signal."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(AFTER, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            yield
    finally:
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, previous)
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


def test_a_batch_of_solves_stops_on_ctrl_c():
    # 8x8 from the start: hours each, two at a time.
    with ctrl_c():
        rr.solve_many([rr.Position()] * 4, threads=2, hash_mib=4)


def test_a_dataset_being_labelled_stops_on_ctrl_c():
    # Positions of up to 40 empties, each minutes or hours to solve.
    wthor = Path(__file__).resolve().parents[2] / "data/wthor/WTH_1977.wtb"
    ds = rr.dataset(wthor, solve_empties=40, solve_threads=2)
    with ctrl_c():
        next(ds)


def silent_engine() -> rr.Engine:
    """An engine that answers ``name`` and never a move."""
    return rr.Engine(f"'{sys.executable}' '{SCRIPT}' gtp hang", "gtp")


def test_an_engine_move_stops_on_ctrl_c():
    with silent_engine() as engine:
        with ctrl_c():
            engine.move(rr.Position(), time=30)
        # Ended: the next call starts it again.
        with ctrl_c():
            engine.move(rr.Position(), time=30)


def test_a_match_stops_on_ctrl_c():
    with silent_engine() as engine, ctrl_c():
        rr.match(engine, lambda p: p.moves()[0], games=2, time=30)


def test_a_match_stops_on_ctrl_c_during_an_adjudication():
    # Two instant sides reach 30 empties at once; its solve takes minutes.
    # (Each plays its middle move: always the first reached a one-sided
    # position the learned ordering solves in 0.04 s, and the match ended
    # before the signal.)
    def middle(p: rr.Position) -> str:
        moves = p.moves()
        return moves[len(moves) // 2]

    with ctrl_c():
        rr.match(middle, middle, games=2, adjudicate=30)


def test_a_match_stops_on_ctrl_c_while_it_starts_an_engine(tmp_path):
    # The engine started again after its forfeit answers nothing, not even
    # its name: the match waits for it with its setup time, and Ctrl-C
    # stops that wait too.
    quiet = tmp_path / "quiet.sh"
    quiet.write_text(
        f"#!/bin/sh\nif [ -e '{tmp_path}/started' ]; then exec sleep 3600; fi\n"
        f"touch '{tmp_path}/started'\nexec '{sys.executable}' '{SCRIPT}' gtp crash\n"
    )
    quiet.chmod(0o755)
    with rr.Engine(str(quiet), setup=30) as engine, ctrl_c():
        rr.match(engine, lambda p: p.moves()[0], games=4, time=30)


def test_other_threads_run_while_a_match_waits_for_an_engine():
    ticks = 0
    done = threading.Event()

    def heartbeat():
        nonlocal ticks
        while not done.wait(0.01):
            ticks += 1

    thread = threading.Thread(target=heartbeat)
    with silent_engine() as engine:
        thread.start()
        try:
            # The engine runs out of its second on its first move.
            result = rr.match(engine, lambda p: p.moves()[0], games=1, time=1.0)
        finally:
            done.set()
            thread.join()
    assert result["records"][0].result == "-64:t"  # Black, the engine, lost on time
    # A second of waiting: about 100 ticks when the match lets go of the GIL,
    # none or one when it holds it.
    assert ticks >= 10


# A served policy whose process has a Python handler for SIGUSR1 and says
# on stderr when it is about to serve.
SERVER = """
import signal, sys
import reversi_rules as rr
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGUSR1, lambda *_: sys.stderr.write("usr1\\n"))
sys.stderr.write("ready\\n"); sys.stderr.flush()
rr.{}(lambda p: p.moves()[-1])
"""


def start_server(serve: str) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER.format(serve)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stderr is not None and server.stderr.readline() == "ready\n"
    time.sleep(AFTER)  # waiting for its first command
    return server


@pytest.mark.parametrize("serve", ["serve_gtp", "serve_nboard"])
def test_a_served_session_goes_on_after_a_handled_signal(serve):
    server = start_server(serve)
    for _ in range(3):
        server.send_signal(signal.SIGUSR1)
        time.sleep(0.05)
    commands = "name\nquit\n" if serve == "serve_gtp" else "nboard 2\nping 7\nquit\n"
    out, err = server.communicate(commands, timeout=30)
    assert server.returncode == 0, err
    assert out == ("= <lambda>\n\n= \n\n" if serve == "serve_gtp" else "set myname <lambda>\npong 7\n")
    assert "usr1" in err and "Interrupted system call" not in err


@pytest.mark.parametrize("serve", ["serve_gtp", "serve_nboard"])
def test_a_served_session_ends_on_ctrl_c(serve):
    server = start_server(serve)
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=30)
    assert server.returncode != 0
    assert err.rstrip().endswith("KeyboardInterrupt"), err
