"""reversi_rules.distributed: a plan's shards on a 2-worker Dask LocalCluster."""

import os
import signal
import time

import pytest

import reversi_rules as rr
from conftest import perft_table
from reversi_rules.distributed import PLAN_FILE, Progress, count, result_file
from reversi_rules.shards import MergeError, PlanError, count_shard, write_plan

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    """Two worker processes of one thread, each under a nanny that restarts it."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def done_shards(directory, shards):
    return {i for i in range(shards) if (directory / result_file(i, shards)).exists()}


def test_perft_11_and_12_equal_the_table(client, tmp_path):
    reports = []
    assert count(
        rr.Position(),
        11,
        split=5,
        shards=8,
        client=client,
        checkpoint=tmp_path / "11",
        progress=reports.append,
    ) == perft_table("reversi", 11)
    assert reports[0].done == 0 and reports[-1].done == 8
    assert reports[-1].leaves == perft_table("reversi", 11) and reports[-1].seconds_left == 0
    assert sorted(reports[-1].submitted) == list(range(8)) and reports[-1].skipped == ()
    total = count(rr.Position(), 12, split=6, shards=16, client=client, hash_mib=16, threads_per_shard=1)
    assert total == perft_table("reversi", 12)


@pytest.mark.timeout(300)  # a signal test: a regression fails instead of hanging
def test_a_worker_killed_mid_run_changes_nothing(client, tmp_path):
    """SIGKILL to a worker process counting a shard, when the first shard is
    done: its nanny starts it again, the scheduler gives its shards to the
    workers, and the total is exact."""
    killed = []

    def kill_a_busy_worker(p: Progress) -> None:
        if killed or p.done == 0:
            return
        busy = [worker for worker, keys in client.processing().items() if keys]
        if not busy:
            return
        worker, pid = next(iter(client.run(os.getpid, workers=busy[:1]).items()))
        os.kill(pid, signal.SIGKILL)
        killed.append((worker, p.done))

    total = count(
        rr.Position(), 12, split=6, shards=24, client=client, checkpoint=tmp_path, progress=kill_a_busy_worker
    )
    assert total == perft_table("reversi", 12)
    assert killed and killed[0][1] < 24, killed
    client.wait_for_workers(2, timeout=60)


class Interrupt(Exception):
    pass


def test_a_rerun_recounts_nothing_done(client, tmp_path):
    """A run stopped after 3 of 24 shards, then run again: the shards whose
    results were in the checkpoint are skipped, only the others submitted."""

    def stop_after_three(p: Progress) -> None:
        if p.done >= 3:
            raise Interrupt

    run = {"split": 6, "shards": 24, "client": client, "checkpoint": tmp_path}
    with pytest.raises(Interrupt):
        count(rr.Position(), 12, **run, progress=stop_after_three)
    # A shard running when the run stopped is not interrupted: its result may
    # still come, before or while the run below reads the directory.
    before = done_shards(tmp_path, 24)
    assert 3 <= len(before) < 24
    reports = []
    assert count(rr.Position(), 12, **run, progress=reports.append) == perft_table("reversi", 12)
    skipped, submitted = set(reports[-1].skipped), set(reports[-1].submitted)
    assert before <= skipped and not submitted & skipped
    assert skipped | submitted == set(range(24)) and len(submitted) > 0
    # Once all is done, nothing is submitted at all.
    reports.clear()
    assert count(rr.Position(), 12, **run, progress=reports.append) == perft_table("reversi", 12)
    assert reports[-1].submitted == () and len(reports[-1].skipped) == 24


def test_bad_input(client, tmp_path):
    pos = rr.Position()
    # The checkpoint holds the plan of another game, or another depth.
    write_plan(tmp_path / PLAN_FILE, rr.Position(board="6x6"), 8, 4)
    with pytest.raises(PlanError, match="a plan of reversi 6x6"):
        count(pos, 8, split=4, shards=2, client=client, checkpoint=tmp_path)
    with pytest.raises(PlanError, match="depth is 8, not 9"):
        count(tmp_path / PLAN_FILE, 9, shards=2, client=client, checkpoint=tmp_path / "x")
    # A plan edited after it was written.
    plan = tmp_path / PLAN_FILE
    plan.write_text(plan.read_text()[:-1] + "0\n")
    with pytest.raises(PlanError, match="edited or damaged"):
        count(plan, 8, shards=2, client=client, checkpoint=tmp_path / "y")
    # A shard out of range, and no shards.
    good = tmp_path / "good"
    good.mkdir()
    write_plan(good / PLAN_FILE, pos, 6, 3)
    with pytest.raises(PlanError, match="out of range"):
        count_shard(good / PLAN_FILE, 3, 3)
    with pytest.raises(PlanError, match="shards"):
        count(good / PLAN_FILE, shards=0, client=client)
    # Results of another plan in the checkpoint.
    other = tmp_path / "other"
    assert count(pos, 6, split=2, shards=2, client=client, checkpoint=other) == perft_table("reversi", 6)
    (good / result_file(1, 2)).write_bytes((other / result_file(1, 2)).read_bytes())
    with pytest.raises(MergeError, match="another plan"):
        count(pos, 6, split=3, shards=2, client=client, checkpoint=good)


def test_a_cluster_of_its_own(tmp_path):
    """No client: a LocalCluster is made for the run and closed after it."""
    assert count(rr.Position(board="6x6"), 9, shards=3) == rr.perft(rr.Position(board="6x6"), 9)


def test_a_shard_count_past_the_plan_is_refused_at_once(tmp_path):
    """No cluster is started, no result looked for: refused on the plan's header."""
    write_plan(tmp_path / PLAN_FILE, rr.Position(), 6, 3)
    for shards in (15, 2**32):
        started = time.monotonic()
        with pytest.raises(PlanError, match="expected at most 14 shards for a plan of 14 positions"):
            count(rr.Position(), 6, split=3, shards=shards, checkpoint=tmp_path)
        assert time.monotonic() - started < 5
    with pytest.raises(PlanError, match="split at ply 9 or less"):
        count(rr.Position(), 30, split=14, shards=2, checkpoint=tmp_path / "deep")


def test_results_of_one_plan_never_mix(client, tmp_path):
    """Whatever the checkpoint holds beside the plan's own results."""
    pos, expected = rr.Position(), perft_table("reversi", 6)
    first = tmp_path / "first"
    assert count(pos, 6, split=3, shards=2, client=client, checkpoint=first) == expected
    # Another plan's results (another split) and another shard count's.
    other = tmp_path / "other"
    assert count(pos, 6, split=2, shards=3, client=client, checkpoint=other) == expected
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    write_plan(mixed / PLAN_FILE, pos, 6, 3)
    # Shard 0's result under shard 1's name: the right plan, the wrong shard.
    (mixed / result_file(1, 2)).write_bytes((first / result_file(0, 2)).read_bytes())
    with pytest.raises(MergeError, match="not shard 1/2"):
        count(pos, 6, split=3, shards=2, client=client, checkpoint=mixed)
    # A whole result of another plan left under a temporary name (a shard
    # killed before its rename), and results of 3 shards: neither is read.
    (mixed / result_file(1, 2)).unlink()
    stale = mixed / f".{result_file(0, 2)}.tmp-999999"
    stale.write_bytes((other / result_file(0, 3)).read_bytes())
    for shard in range(3):
        (mixed / result_file(shard, 3)).write_bytes((other / result_file(shard, 3)).read_bytes())
    assert count(pos, 6, split=3, shards=2, client=client, checkpoint=mixed) == expected
    # Shard 0 written again: the temporary file its killed writer left is gone.
    assert not stale.exists()
    # The results of 3 shards are of another plan: with them, the run stops.
    with pytest.raises(MergeError, match="another plan"):
        count(pos, 6, split=3, shards=3, client=client, checkpoint=mixed)


def test_the_readme_snippet_runs_as_a_script(tmp_path):
    # python/README.md's Dask example, as a user would save and run it.
    import re
    import subprocess
    import sys
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    [snippet] = [
        b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "distributed import count" in b
    ]
    script = tmp_path / "count13.py"
    script.write_text(snippet)
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(list((tmp_path / "perft13").glob("*.json"))) == 64
