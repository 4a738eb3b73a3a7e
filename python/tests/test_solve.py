"""Exact play: ``solve`` and ``solve_moves`` (reversi-solve's one entry point).

Expectations come from the FFO suite's published scores (data/ffo, every
move scored) and from the ``reversi solve`` command given the same request.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time

import pytest
from test_same_as_cli import cli

import reversi_rules as rr
from conftest import DATA


def ffo(first: int, last: int) -> list[tuple[rr.Position, dict[str, int]]]:
    """FFO problems ``first`` to ``last`` of data/ffo/fforum-1-19.obf: each
    position with its moves' published scores."""
    problems = []
    lines = (DATA / "ffo" / "fforum-1-19.obf").read_text().splitlines()
    for line in lines[first - 1 : last]:
        board, *scored = [part.strip() for part in line.split(";") if part.strip()]
        scores = {m.split(":")[0].lower(): int(m.split(":")[1]) for m in scored}
        problems.append((rr.Position(board), scores))
    return problems


@pytest.mark.timeout(120)
def test_ffo_scores_and_moves_as_published() -> None:
    for position, scores in ffo(1, 4):
        solution = rr.solve(position)
        best = max(scores.values())
        assert solution["score"] == best
        assert scores[str(solution["best"])] == best
        assert len(solution["pv"]) >= 1 and solution["nodes"] > 0 and solution["seconds"] >= 0
        every = rr.solve_moves(position, threads=2)
        assert dict(every) == scores
        assert [s for _, s in every] == sorted(scores.values(), reverse=True)


def test_the_principal_variation_plays_to_the_end() -> None:
    start = rr.Position(board="4x4")
    solution = rr.solve(start, hash_mib=1)
    assert solution["score"] == -10  # White wins 4x4 Reversi 11-3, the 2 empties to the winner
    position = start
    for move in solution["pv"]:
        position = position.played(move)
    assert position.is_game_over()


def test_the_same_answer_as_the_command() -> None:
    position, _ = ffo(2, 2)[0]
    out = subprocess.run(
        [cli(), "solve", "--position", str(position), "--json"], capture_output=True, text=True, check=True
    )
    from_cli = json.loads(out.stdout.splitlines()[0])
    ours = rr.solve(position)
    assert (ours["score"], ours["best"], ours["pv"], ours["nodes"]) == (
        from_cli["score"],
        from_cli["best"],
        from_cli["pv"],
        from_cli["nodes"],
    )


def test_finished_and_forced_pass_positions() -> None:
    full = rr.Position("XXXXXXXX/" * 7 + "XXXXXXXO X")
    solution = rr.solve(full)
    assert (solution["score"], solution["best"], solution["pv"]) == (62, None, [])
    assert rr.solve_moves(full) == []
    # Black (b1) cannot flip White's corner: it passes, White takes c1 and
    # the board is White's: 3-0, the 61 empties to the winner.
    forced = rr.Position("OX------/--------/--------/--------/--------/--------/--------/-------- X")
    solution = rr.solve(forced)
    assert (solution["score"], solution["best"], solution["pv"]) == (-64, "pass", ["pass", "c1"])
    assert rr.solve_moves(forced) == [("pass", -64)]


def test_refusals() -> None:
    with pytest.raises(ValueError, match="threads"):
        rr.solve(rr.Position(board="4x4"), threads=0)
    with pytest.raises(ValueError, match="MiB"):
        rr.solve(rr.Position(board="4x4"), hash_mib=1 << 20)
    with pytest.raises(ValueError, match="need not end|cannot solve"):
        rr.solve(rr.Position(variant="attacks", board="5x5"))
    with pytest.raises(ValueError):
        rr.solve(rr.Position(board="4x4"), time_limit=-1.0)
    with pytest.raises(TimeoutError):
        rr.solve(rr.Position(board="12x12"), time_limit=0.05)


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_a_long_solve() -> None:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            rr.solve(rr.Position(board="10x10"), threads=2)
    finally:
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - start < 0.3 + 1.5


def test_check_wthor_is_the_cli_check() -> None:
    """The theoretical scores of WTH_1978 at 12 empties: the same games,
    scores and verdicts as ``reversi solve --wthor-check --json``."""
    source = DATA / "wthor" / "WTH_1978.wtb"
    checks = rr.check_wthor(source, depth=12, threads=2)
    run = subprocess.run(
        [cli(), "solve", str(source), "--wthor-check", "--empties", "12", "--json"],
        capture_output=True,
        text=True,
    )
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert run.returncode == (1 if any(c["disagrees"] for c in checks) else 0)
    keys = (
        "game",
        "black",
        "white",
        "depth",
        "stated",
        "computed",
        "agrees",
        "disagrees",
        "empties",
        "unscored",
    )
    ours = [{k: c.get(k) for k in keys} for c in checks]
    assert ours == [{k: line.get(k) for k in keys} for line in lines[:-1]]
    assert len(checks) == 8 and all(c["depth"] == 12 for c in checks)
    with source.open("rb") as f:
        assert [c["computed"] for c in rr.check_wthor(f, depth=12)] == [c["computed"] for c in checks]
    with pytest.raises(ValueError, match="depth 61"):
        rr.check_wthor(source, depth=61)


BACKENDS = ["auto", "portable", "x86-64-v3", "x86-64-v4"]


def test_every_backend_this_cpu_runs_searches_the_same_tree() -> None:
    # The CLI's --backend names: a build this CPU lacks is refused by name,
    # every other gives the same score, line and nodes (the same search).
    position, scores = ffo(2, 2)[0]
    seen = []
    for backend in BACKENDS:
        try:
            solution = rr.solve(position, backend=backend)
        except ValueError as e:
            assert backend.startswith("x86") and f"cannot run the {backend} build" in str(e)
            continue
        assert solution["score"] == max(scores.values())
        seen.append((solution["score"], solution["best"], solution["pv"], solution["nodes"]))
        assert rr.solve_moves(position, backend=backend) == rr.solve_moves(position)
        many = rr.solve_many([position, rr.Position(board="4x4")], threads=1, backend=backend)
        assert list(many["score"]) == [solution["score"], -10]
        assert int(many["nodes"][0]) == solution["nodes"]
    assert len(seen) >= 2 and all(s == seen[0] for s in seen)


def test_a_backend_is_named_as_the_cli_names_it() -> None:
    position = rr.Position(board="4x4")
    with pytest.raises(ValueError, match="expected a backend: auto, portable"):
        rr.solve(position, backend="avx2")
    with pytest.raises(ValueError, match="expected a backend"):
        rr.solve_many([position], backend="")
    with pytest.raises(TypeError, match="backend: expected a str"):
        rr.solve(position, backend=3)  # type: ignore[arg-type]
    # Any case, as the core reads it.
    assert rr.solve(position, backend="PORTABLE")["score"] == -10
