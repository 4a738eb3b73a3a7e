"""Arguments refused as Python's own functions refuse them: a negative
unsigned number is a ValueError (not pyo3's OverflowError), a path with a
NUL byte a ValueError (as ``open`` raises), and a thread count past perft's
bound refused before any thread starts."""

import pytest

import reversi_rules as rr
from conftest import DATA
from reversi_rules.shards import count_shard, write_plan

gymnasium = pytest.importorskip("gymnasium")
import reversi_rules.gymnasium  # noqa: E402, F401 - registers the ids


@pytest.mark.parametrize(
    "call",
    [
        lambda: rr.perft(rr.Position(), -1),
        lambda: rr.perft(rr.Position(), 3, hash_mib=-1),
        lambda: rr.perft(rr.Position(), 3, threads=-2),
        lambda: rr.perft(rr.Position(), 3, hash_seed=-5),
        lambda: rr.Batch(-1),
        lambda: rr.Batch(2, seed=-1),
        lambda: rr.Batch(2).reset(seed=-1),
        lambda: rr.Batch(2).position(-1),
        lambda: rr.Batch(2).reset_game(-1),
        lambda: rr.Batch(2).rollout(max_plies=-1),
        lambda: rr.dataset(DATA / "pgn" / "playok.pgn", chunk_size=-1),
        lambda: rr.match(lambda p: p.moves()[0], lambda p: p.moves()[0], games=-1),
        lambda: rr.Engine("true", "nboard", depth=-1),
        lambda: gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2, threads=-1),
        lambda: gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2).reset(seed=-1),
    ],
)
def test_a_negative_unsigned_argument_is_a_value_error(call):
    with pytest.raises(ValueError, match="non-negative"):
        call()


def test_a_number_too_large_stays_an_overflow_error():
    with pytest.raises(OverflowError):
        rr.perft(rr.Position(), 3, hash_seed=2**64)


def test_an_output_path_with_a_nul_byte_is_a_value_error(tmp_path):
    bad = str(tmp_path / "a\0b.txt")
    with pytest.raises(ValueError, match="null byte"):
        open(bad, "w")  # what Python itself says
    calls = [
        lambda: rr.write([rr.Record(["f5"])], bad),
        lambda: rr.convert(DATA / "pgn" / "playok.pgn", bad),
        lambda: rr.save_npz(bad, [DATA / "pgn" / "playok.pgn"]),
        lambda: write_plan(bad, rr.Position(), 6, 2),
    ]
    plan = tmp_path / "plan.txt"
    write_plan(plan, rr.Position(), 6, 2)
    calls.append(lambda: count_shard(plan, 0, 1, output=bad))
    for call in calls:
        with pytest.raises(ValueError, match="null byte"):
            call()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.txt"]


def test_thread_counts_past_perfts_bound_are_refused_before_any_starts():
    for threads in (0, 1025, 2**20):
        with pytest.raises(ValueError, match="threads: expected 1 to 1024"):
            gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2, threads=threads)
        with pytest.raises(ValueError, match="threads: expected 1 to 1024"):
            rr.Batch(2, threads=threads)
    with pytest.raises(ValueError, match="1024"):
        rr.perft(rr.Position(), 3, threads=1025)
    assert len(rr.Batch(2, threads=1024)) == 2
