"""Exact play in batches: ``solve_many`` (reversi-solve's batch), ``solve``'s
named fields (reversi-solve's ``Summary``, as ``reversi solve --json``), and
``dataset(solve_empties=N)``.

Every value is checked against ``solve`` of the one position alone, which
test_solve.py checks against the FFO suite's published scores.
"""

from __future__ import annotations

import json
import math
import random
import subprocess

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_same_as_cli import cli

import reversi_rules as rr
from conftest import DATA


def empties(position: rr.Position) -> int:
    black, white = position.score()
    return position.width * position.height - len(position.holes) - black - white


def late(seed: int, left: int, board: str = "8x8") -> rr.Position:
    """A position of random play from the start of ``board`` with ``left``
    empty squares (or the end of the game, if it ends before)."""
    rng = random.Random(seed)
    position = rr.Position(board=board)
    while not position.is_game_over() and empties(position) > left:
        position.play(rng.choice(position.moves()))
    return position


def action(position: rr.Position, move: str) -> int:
    """``move``'s index in ``Batch``'s encoding of the position's board."""
    if move == "pass":
        return position.width * position.height
    column, row = ord(move[0]) - ord("a"), int(move[1:]) - 1
    return row * position.width + column


def test_each_answer_is_solve_of_its_position_in_order() -> None:
    positions = [late(seed, 6 + seed % 7) for seed in range(24)]
    alone = [rr.solve(p, hash_mib=8) for p in positions]
    for threads in (1, 2, 5):
        many = rr.solve_many(positions, threads=threads, hash_mib=8)
        assert many["score"].dtype == np.int16 and many["best"].dtype == np.int32
        assert many["nodes"].dtype == np.uint64 and many["solved"].all() and many["errors"] == []
        assert many["score"].tolist() == [s["score"] for s in alone]
        assert many["nodes"].tolist() == [s["nodes"] for s in alone]
        best = [-1 if s["best"] is None else action(p, s["best"]) for p, s in zip(positions, alone)]
        assert many["best"].tolist() == best
        assert (many["seconds"] >= 0).all()


def test_other_boards_passes_and_finished_games() -> None:
    full = rr.Position("XXXXXXXX/" * 7 + "XXXXXXXO X")
    forced = rr.Position("OX------/--------/--------/--------/--------/--------/--------/-------- X")
    positions = [rr.Position(board="4x4"), full, forced, late(3, 9, "6x6"), rr.Position(board="4x6")]
    many = rr.solve_many(iter(positions), threads=2)
    for i, p in enumerate(positions):
        alone = rr.solve(p)
        assert many["score"][i] == alone["score"]
        assert many["best"][i] == (-1 if alone["best"] is None else action(p, alone["best"]))
    assert many["best"][1] == -1 and many["best"][2] == 64  # over; a forced pass
    assert rr.solve_many([])["score"].shape == (0,)


def test_a_bad_position_raises_or_is_skipped_alone() -> None:
    four = rr.Position(board="4x4")
    attacks = rr.Position(variant="attacks", board="5x5")
    with pytest.raises(ValueError, match="^position 1: .*need not end"):
        rr.solve_many([four, attacks, four])
    many = rr.solve_many([four, attacks, four, attacks], errors="skip")
    assert many["solved"].tolist() == [True, False, True, False]
    assert many["score"].tolist() == [-10, -32768, -10, -32768]
    assert many["best"].tolist()[1::2] == [-1, -1]
    assert [m.split(":")[0] for m in many["errors"]] == ["position 1", "position 3"]
    with pytest.raises(TimeoutError, match="^position 0: "):
        rr.solve_many([rr.Position(board="10x10")] * 2, time_limit=0.05)
    timed_out = rr.solve_many([rr.Position(board="10x10")] * 3, time_limit=0.05, errors="skip")
    assert not timed_out["solved"].any() and len(timed_out["errors"]) == 3


def test_refusals() -> None:
    four = [rr.Position(board="4x4")]
    with pytest.raises(ValueError, match="threads"):
        rr.solve_many(four, threads=0)
    with pytest.raises(ValueError, match="threads"):
        rr.solve_many(four, threads=1025)
    with pytest.raises(ValueError, match="MiB"):
        rr.solve_many(four, hash_mib=1 << 20)
    with pytest.raises(ValueError, match="errors"):
        rr.solve_many(four, errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        rr.solve_many([5])  # type: ignore[list-item]
    # A text is a position, as for every position argument; one that names none is the reader's error.
    assert rr.solve_many(["----/-OX-/-XO-/---- X"])["score"][0] == -10
    with pytest.raises(rr.ParseError):
        rr.solve_many(["zz"])


@settings(max_examples=15)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.integers(1, 12)), min_size=1, max_size=8))
def test_late_positions_score_as_alone_and_their_best_move_reaches_it(seeds: list[tuple[int, int]]) -> None:
    positions = [late(seed, left) for seed, left in seeds]
    many = rr.solve_many(positions, threads=2, hash_mib=4)
    for i, p in enumerate(positions):
        assert many["score"][i] == rr.solve(p, hash_mib=4)["score"]
        scores = {action(p, mv): s for mv, s in rr.solve_moves(p, hash_mib=4)}
        if scores:
            assert scores[int(many["best"][i])] == many["score"][i] == max(scores.values())
        else:
            assert p.is_game_over() and many["best"][i] == -1


def test_solve_has_the_fields_and_values_of_the_command() -> None:
    position = late(11, 12)
    out = subprocess.run(
        [cli(), "solve", "--position", str(position), "--json", "--all"],
        capture_output=True,
        text=True,
        check=True,
    )
    line = json.loads(out.stdout.splitlines()[0])
    ours = rr.solve(position, moves=True)
    cli_only = {"index", "source", "position", "empties"}
    assert list(ours) == [k for k in line if k not in cli_only]
    same = ("score", "best", "pv", "nodes")
    assert [ours[k] for k in same] == [line[k] for k in same]  # type: ignore[literal-required]
    assert ours["moves"] == [(m["move"], m["score"]) for m in line["moves"]]
    assert ours["seconds"] == round(ours["seconds"], 6)
    assert "moves" not in rr.solve(position)


WTHOR = DATA / "wthor" / "WTH_1977.wtb"


def test_dataset_rows_get_exact_values_up_to_n_empties() -> None:
    n = 10
    chunks = list(rr.dataset(WTHOR, chunk_size=97, solve_empties=n, solve_threads=2))
    exact = np.concatenate([c["exact"] for c in chunks])
    assert exact.dtype == np.float32
    plies = [before for record in rr.read(WTHOR) for before, _mv, _after in record.plies()]
    assert len(plies) == len(exact)
    labelled = 0
    for before, value in zip(plies, exact):
        if empties(before) <= n:
            assert value == rr.solve(before)["score"]
            labelled += 1
        else:
            assert math.isnan(value)
    assert labelled > 0
    # Without solve_empties, no column.
    assert "exact" not in next(rr.dataset(WTHOR))


def test_dataset_symmetric_images_share_their_value() -> None:
    rows = list(rr.dataset(WTHOR, augment=True, solve_empties=8))
    exact = np.concatenate([c["exact"] for c in rows])
    plain = np.concatenate([c["exact"] for c in rr.dataset(WTHOR, solve_empties=8)])
    # Each ply's 8 images in a row, its value on each.
    np.testing.assert_array_equal(exact.reshape(-1, 8), np.repeat(plain[:, None], 8, axis=1))


def test_dataset_refuses_to_solve_jumping_games() -> None:
    with pytest.raises(ValueError, match="Reversi only"):
        rr.dataset(WTHOR, variant="attacks", solve_empties=4)
    with pytest.raises(ValueError, match="threads"):
        rr.dataset(WTHOR, solve_empties=4, solve_threads=0)
