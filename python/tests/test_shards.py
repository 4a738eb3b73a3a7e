"""reversi_rules.shards: plans, shards and their merge, the CLI's split count."""

import copy
import pickle
import subprocess
import sys

import pytest

import reversi_rules as rr
from conftest import perft_table
from reversi_rules.shards import (
    MergeError,
    PlanError,
    ShardResult,
    count_shard,
    merge,
    read_plan,
    read_result,
    write_plan,
)


def shards(tmp_path, position, depth, split, n, **options):
    plan = tmp_path / "plan.txt"
    info = write_plan(plan, position, depth, split)
    files = []
    for i in range(n):
        out = tmp_path / f"r{i}.json"
        result = count_shard(plan, i, n, output=out, **options)
        assert (result.plan, result.shard, result.shards, result.depth) == (info.digest, i, n, depth)
        assert read_result(out) == result
        files.append(out)
    return info, files


def test_shards_merged_equal_the_table(tmp_path):
    info, files = shards(tmp_path, rr.Position(), 10, 4, 5, hash_mib=4, threads=2)
    assert (info.depth, info.split, info.paths, info.finished) == (10, 4, 244, 0)
    assert read_plan(tmp_path / "plan.txt") == info
    merged = merge(files)
    assert (merged.leaves, merged.shards, merged.depth, merged.plan) == (
        perft_table("reversi", 10),
        5,
        10,
        info.digest,
    )
    assert merged.balance >= 1.0 or merged.seconds == 0
    # Results held merge as the files do, nothing read again (the files gone).
    held = [read_result(f) for f in files]
    for f in files[1:]:
        f.unlink()
    assert merge([files[0], *held[1:]]).leaves == merged.leaves
    assert merge(held).leaves == merged.leaves
    with pytest.raises(MergeError, match=r"<result of shard 1/5>"):
        merge([*held, held[1]])


def test_every_hash_seed_gives_the_same_count(tmp_path):
    pos = rr.Position()
    for seed in [0, 1, 2**64 - 1]:
        assert rr.perft(pos, 9, hash_mib=1, threads=2, hash_seed=seed) == perft_table("reversi", 9)
    info, files = shards(tmp_path, pos, 10, 4, 3, hash_mib=1, hash_seed=17)
    assert {read_result(f).hash_seed for f in files} == {17}
    assert merge(files).leaves == perft_table("reversi", 10)
    with pytest.raises(OverflowError):
        rr.perft(pos, 3, hash_mib=1, hash_seed=2**64)


def test_a_shard_counts_the_same_on_the_portable_build(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, auto = shards(tmp_path / "a", rr.Position(), 9, 3, 2)
    _, portable = shards(tmp_path / "b", rr.Position(), 9, 3, 2, backend="portable")
    assert merge(portable).leaves == merge(auto).leaves == perft_table("reversi", 9)
    with pytest.raises(ValueError, match="expected a backend"):
        count_shard(tmp_path / "a" / "plan.txt", 0, 2, backend="neon")


def test_perft_is_the_split_count():
    pos = rr.Position()
    for threads, hash_mib in [(None, None), (2, None), (1, 4), (2, 4)]:
        assert rr.perft(pos, 9, hash_mib=hash_mib, threads=threads) == perft_table("reversi", 9)
    with pytest.raises(ValueError, match="threads"):
        rr.perft(pos, 3, threads=100_000)
    with pytest.raises(MemoryError):
        rr.perft(pos, 3, hash_mib=2**60)


def test_results_pickle_as_their_fields_and_read_back(tmp_path):
    _, files = shards(tmp_path, rr.Position(variant="attacks", board="5x5"), 4, 2, 2)
    result = read_result(files[1])
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(result, protocol=protocol)
        assert b"reversi-perft-shard" not in data  # the fields, not the JSON line
        again = pickle.loads(data)
        assert again == result and again is not result
        assert again.to_json() == result.to_json()
    assert copy.deepcopy(result) == result
    cls, fields = result.__reduce__()
    assert cls is ShardResult and ShardResult(*fields) == result
    assert fields == (
        result.plan,
        "attacks",
        "5x5",
        4,
        2,
        1,
        2,
        result.hash_seed,
        result.positions,
        result.leaves,
        result.seconds,
    )
    assert ShardResult.from_json(result.to_json()) == result
    assert (result.variant, result.board) == ("attacks", "5x5")
    assert eval(repr(result), {"ShardResult": ShardResult}) == result


def test_a_result_is_rebuilt_from_checked_fields():
    good = dict(
        plan="c991e4982e1f1b05ca1a3b996d9fe6b9",
        variant="reversi",
        board="8x8",
        depth=9,
        split=3,
        shard=1,
        shards=4,
        hash_seed=0,
        positions=3,
        leaves=100,
        seconds=0.5,
    )
    result = ShardResult(**good)
    assert (result.shard, result.shards, result.leaves) == (1, 4, 100)
    assert ShardResult.from_json(result.to_json()) == result
    for field, value in [
        ("plan", "x"),
        ("variant", "chess"),
        ("board", "99x1"),
        ("split", 10),
        ("shard", 4),
        ("shards", 0),
        ("seconds", -1.0),
        ("seconds", float("nan")),
    ]:
        with pytest.raises(MergeError, match=f'"{field if field != "shards" else "shard"}"'):
            ShardResult(**{**good, field: value})
    with pytest.raises(ValueError, match="non-negative"):
        ShardResult(**{**good, "leaves": -1})


def test_bad_plans_are_plan_errors(tmp_path):
    pos = rr.Position()
    with pytest.raises(PlanError, match="split"):
        write_plan(tmp_path / "x.txt", pos, 5, 6)
    with pytest.raises(ValueError, match="past the deepest count, 60 plies"):
        write_plan(tmp_path / "x.txt", rr.Position("X#-#O X", variant="attacks"), 513, 1)
    plan = tmp_path / "plan.txt"
    write_plan(plan, pos, 6, 3)
    text = plan.read_text()
    with pytest.raises(PlanError, match="out of range"):
        count_shard(plan, 2, 2)
    with pytest.raises(PlanError, match="other than the plan"):
        count_shard(plan, 0, 2, output=plan)
    edited = tmp_path / "edited.txt"
    for contents, message in [
        (text.rsplit("\n", 2)[0] + "\n", "truncated or edited"),
        (text[:-1], "edited or damaged"),
        (text.replace("variant reversi", "variant attacks"), "edited or damaged"),
        (text.replace("board 8x8", "board 6x6"), "line 3: expected board 8x8"),
        ("not a plan\n", "line 1"),
    ]:
        edited.write_text(contents)
        with pytest.raises(PlanError, match=message):
            count_shard(edited, 0, 2)
        with pytest.raises(PlanError, match=message):
            read_plan(edited)
    with pytest.raises(FileNotFoundError, match="none.txt"):
        read_plan(tmp_path / "none.txt")
    assert not (tmp_path / "x.txt").exists()


def test_mixed_missing_and_bad_results_are_merge_errors(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, files = shards(tmp_path / "a", rr.Position(), 6, 3, 2)
    _, other = shards(tmp_path / "b", rr.Position(), 6, 2, 2)
    assert merge(files).leaves == perft_table("reversi", 6)
    with pytest.raises(MergeError, match="r1.json: shard 1/2 of plan"):
        merge([files[0], other[1]])
    with pytest.raises(MergeError, match="1 of 2 shards missing: 1"):
        merge(files[:1])
    with pytest.raises(MergeError, match="shard 1 is also"):
        merge([*files, files[1]])
    with pytest.raises(MergeError, match="none"):
        merge([])
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(MergeError, match="bad.json: expected"):
        read_result(bad)
    with pytest.raises(FileNotFoundError, match="gone.json"):
        merge([files[0], tmp_path / "gone.json"])


def test_the_base_package_imports_without_dask():
    code = (
        "import sys, reversi_rules, reversi_rules.shards, reversi_rules.distributed; "
        "assert 'distributed' not in sys.modules and 'dask' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_plan_past_the_bound_is_refused_at_once(tmp_path):
    plan = tmp_path / "p"
    with pytest.raises(PlanError, match=r"split at ply 9 or less \(ply 9 holds 434021 positions\)") as error:
        write_plan(plan, rr.Position(), 30, 14)
    assert "would hold about" in str(error.value) and "past the 1048576 a plan may hold" in str(error.value)
    assert not plan.exists()


def test_shard_counts_past_the_plans_positions_are_refused(tmp_path):
    plan = tmp_path / "plan.txt"
    info = write_plan(plan, rr.Position(), 6, 3)
    assert (info.positions, info.max_shards) == (14, 14)
    assert info.check_shards(14) == 14
    for shards in (0, 15, 2**32, 2**70, -1):
        with pytest.raises(PlanError, match="shards"):
            info.check_shards(shards)
    with pytest.raises(PlanError, match="expected at most 14 shards for a plan of 14 positions"):
        count_shard(plan, 0, 15)
    for shards in (2**21, 2**32):
        with pytest.raises(PlanError, match="expected at most 1048576 shards"):
            count_shard(plan, 0, shards)


def test_a_temporary_file_is_never_merged(tmp_path):
    info, files = shards(tmp_path, rr.Position(), 6, 3, 2)
    # A whole result under a temporary name (its writer killed before the
    # rename): refused by its name, unread.
    temporary = tmp_path / ".r1.json.tmp-999999"
    temporary.write_bytes(files[1].read_bytes())
    with pytest.raises(MergeError, match=r"\.r1\.json\.tmp-999999: a temporary file"):
        merge([files[0], temporary])
    # The shard's next write removes it (no process holds it).
    count_shard(tmp_path / "plan.txt", 1, 2, output=files[1])
    assert not temporary.exists()
    assert merge(files).leaves == perft_table("reversi", 6)
