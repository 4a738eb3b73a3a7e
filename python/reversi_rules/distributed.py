"""Perft on a Dask cluster: a plan's shards as Dask tasks, exactly and resumably.

``count(position, depth, split=K, shards=N)`` writes the plan of the count
(``reversi_rules.shards``: the distinct positions ``K`` plies down with their
multiplicities) into a checkpoint directory, submits one task per shard to a
Dask client (a ``distributed.LocalCluster`` of its own unless one is given),
each writing its result file atomically beside the plan, retries failed
tasks, reports progress, then merges the results with every check of
``reversi perft --merge`` and returns the exact total. A run started again
with the same checkpoint directory skips the shards whose results are there
(the plan's digest checked). The workers must see the checkpoint directory
(one machine, or a shared file system).

Results of one plan never mix with another's, whatever the checkpoint
directory holds: a plan there must be the one asked for (start, depth,
split), a result under a shard's name must be that shard of that plan (its
digest) or the run stops with ``MergeError``, only the results' own names
are read (never a temporary file, ``.shard-I-of-N.json.tmp-PID``, which the
shard's next write removes), and the merge checks every digest again. The
shard count is checked against the plan before anything is submitted: at
most one shard per plan position, at most 2**20.

Needs ``dask[distributed]`` (the ``dask`` extra of the package), imported
only when ``count`` runs.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._native import Position
from .shards import (
    MergeError,
    PlanError,
    PlanInfo,
    ShardResult,
    count_shard,
    merge,
    read_plan,
    read_result,
    write_plan,
)

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["PLAN_FILE", "Progress", "count", "default_split", "result_file"]

#: The plan's name in the checkpoint directory.
PLAN_FILE = "plan.txt"


@dataclass(frozen=True)
class Progress:
    """Where a run is, given to ``count``'s ``progress`` callback after each
    shard (and once before the first)."""

    #: The plan's digest.
    plan: str
    #: The number of shards.
    shards: int
    #: Shards whose result the checkpoint directory held when the run began.
    skipped: tuple[int, ...]
    #: Shards submitted to the cluster by this run.
    submitted: tuple[int, ...]
    #: Shards with a result: skipped, or counted by this run.
    done: int
    #: Leaves of the shards done.
    leaves: int
    #: Leaves counted by this run.
    counted: int
    #: Seconds since this run submitted its shards.
    elapsed: float

    @property
    def rate(self) -> float:
        """Leaves a second counted by this run."""
        return self.counted / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def seconds_left(self) -> float:
        """An estimate at this run's pace so far, by shards (``inf`` before any)."""
        finished = self.done - len(self.skipped)
        if finished <= 0:
            return math.inf if self.done < self.shards else 0.0
        return self.elapsed * (self.shards - self.done) / finished


def default_split(depth: int) -> int:
    """The split ply of a plan when none is given: half the depth, at most 8
    (67,245 positions for 8x8 Reversi: enough for hundreds of shards)."""
    return min(depth // 2, 8)


def result_file(shard: int, shards: int) -> str:
    """The name of a shard's result in the checkpoint directory."""
    return f"shard-{shard}-of-{shards}.json"


def _count_task(
    plan: str,
    shard: int,
    shards: int,
    output: str,
    hash_mib: int | None,
    threads: int | None,
    hash_seed: int | None,
) -> ShardResult:
    """One shard, run on a worker: counted, its result written and returned."""
    return count_shard(
        plan, shard, shards, hash_mib=hash_mib, threads=threads, output=output, hash_seed=hash_seed
    )


def _print_progress(p: Progress) -> None:
    left = "?" if math.isinf(p.seconds_left) else f"{p.seconds_left:.0f}"
    sys.stderr.write(
        f"\r{p.done}/{p.shards} shards, {p.leaves / 1e9:.1f} G leaves, {p.rate / 1e6:.1f} M leaves/s, "
        f"{p.elapsed:.1f} s, about {left} s left   "
    )
    if p.done == p.shards:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _plan(
    source: Position | str | os.PathLike[str], depth: int | None, split: int | None, checkpoint: Path
) -> tuple[Path, PlanInfo]:
    """The plan's file and header: written into ``checkpoint`` (or the one found
    there checked) for a position, read and checked for a file."""
    if isinstance(source, Position):
        if depth is None:
            raise TypeError("count(position, depth): give the depth of the count")
        split = default_split(depth) if split is None else split
        path = checkpoint / PLAN_FILE
        if not path.exists():
            return path, write_plan(path, source, depth, split)
        info = read_plan(path)
        if (info.start, info.depth, info.split) != (source, depth, split):
            raise PlanError(
                f"{path}: a plan of {info.variant} {info.board} from {info.start} at depth {info.depth} "
                f"split at {info.split}, not of {source.variant} from {source} at depth {depth} split at "
                f"{split}: give another checkpoint directory"
            )
        return path, info
    path = Path(source)
    info = read_plan(path)
    for name, given, found in (("depth", depth, info.depth), ("split", split, info.split)):
        if given is not None and given != found:
            raise PlanError(f"{path}: the plan's {name} is {found}, not {given}")
    return path, info


def _done(checkpoint: Path, info: PlanInfo, shards: int) -> dict[int, ShardResult]:
    """The results of this plan's shards already in ``checkpoint``; a result of
    another plan or shard count there is an error."""
    done = {}
    for shard in range(shards):
        path = checkpoint / result_file(shard, shards)
        if not path.exists():
            continue
        result = read_result(path)
        if (result.plan, result.shard, result.shards) != (info.digest, shard, shards):
            raise MergeError(
                f"{path}: shard {result.shard}/{result.shards} of plan {result.plan}, not shard "
                f"{shard}/{shards} of plan {info.digest}: a result of another plan in the checkpoint"
            )
        done[shard] = result
    return done


def count(
    source: Position | str | os.PathLike[str],
    depth: int | None = None,
    *,
    split: int | None = None,
    shards: int = 64,
    client: Client | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    hash_mib: int | None = None,
    hash_seed: int | None = None,
    threads_per_shard: int | None = None,
    retries: int = 2,
    progress: Callable[[Progress], Any] | bool = False,
) -> int:
    """The leaves ``depth`` plies below ``source``, counted in ``shards`` Dask tasks.

    ``source`` is a ``Position`` (its plan, split at ply ``split``, by default
    ``default_split(depth)``, is written into the checkpoint directory, or the
    plan found there is checked to be its) or a plan file (``depth`` and
    ``split``, if given, must be the plan's). ``client`` runs the tasks (by
    default a ``LocalCluster`` of ``os.cpu_count() // threads_per_shard``
    worker processes, closed at the end). ``checkpoint`` holds the plan and
    the results (by default a temporary directory, removed at the end): a run
    given the directory of an interrupted one counts only the shards missing.
    Each shard counts with a table of ``hash_mib`` MiB keyed by ``hash_seed``
    (the CLI's ``--hash-seed``) on ``threads_per_shard`` threads; a task that
    fails is tried ``retries`` more times. ``progress``: ``True`` prints a line
    on stderr, a callable gets a ``Progress``.

    Raises ``PlanError`` (a plan damaged or of another game, depth or split, a
    split whose plan would pass 2**20 positions, ``shards`` below 1 or past
    ``PlanInfo.max_shards``: the plan's positions, at most 2**20; checked
    before any shard is looked for or submitted), ``MergeError`` (results of
    another plan in the checkpoint, or that do not merge), ``OSError``, and
    what a task raised after its retries.
    """
    if shards < 1:
        raise PlanError(f"shards: expected 1 or more, found {shards}")
    report = _print_progress if progress is True else (progress or None)
    temporary = tempfile.TemporaryDirectory(prefix="reversi-perft-") if checkpoint is None else None
    try:
        directory = Path(temporary.name if temporary is not None else checkpoint)  # type: ignore[arg-type]
        directory.mkdir(parents=True, exist_ok=True)
        plan, info = _plan(source, depth, split, directory)
        info.check_shards(shards)
        done = _done(directory, info, shards)
        todo = [shard for shard in range(shards) if shard not in done]
        if todo:
            options = (hash_mib, hash_seed, threads_per_shard, retries)
            _run(plan, info, shards, done, todo, client, directory, options, report)
        elif report is not None:
            report(_progress(info, shards, done, tuple(sorted(done)), (), 0, 0.0))
        # The results held (read at the start or returned by the tasks):
        # nothing read again.
        merged = merge([done[shard] for shard in range(shards)])
        if merged.plan != info.digest:
            raise MergeError(f"{directory}: results of plan {merged.plan}, not of plan {info.digest}")
        return merged.leaves
    finally:
        if temporary is not None:
            temporary.cleanup()


def _progress(
    info: PlanInfo,
    shards: int,
    done: dict[int, ShardResult],
    skipped: tuple[int, ...],
    submitted: tuple[int, ...],
    counted: int,
    elapsed: float,
) -> Progress:
    leaves = sum(result.leaves for result in done.values())
    return Progress(info.digest, shards, skipped, submitted, len(done), leaves, counted, elapsed)


def _run(
    plan: Path,
    info: PlanInfo,
    shards: int,
    done: dict[int, ShardResult],
    todo: list[int],
    client: Client | None,
    directory: Path,
    options: tuple[int | None, int | None, int | None, int],
    report: Callable[[Progress], Any] | None,
) -> None:
    """Submits ``todo``'s shards to ``client`` (or a cluster of its own) and
    collects their results into ``done`` as they come; ``options``: the table's
    MiB and key seed, the threads and the retries of each shard."""
    from distributed import Client, LocalCluster, as_completed

    hash_mib, hash_seed, threads, retries = options
    owned: tuple[LocalCluster, Client] | None = None
    if client is None:
        workers = max(1, (os.cpu_count() or 1) // max(1, threads or 1))
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        client = Client(cluster)
        owned = (cluster, client)
    skipped = tuple(sorted(done))
    submitted = tuple(todo)
    futures = [
        client.submit(
            _count_task,
            str(plan),
            shard,
            shards,
            str(directory / result_file(shard, shards)),
            hash_mib,
            threads,
            hash_seed,
            key=f"reversi-perft-shard-{shard}-of-{shards}-{uuid.uuid4().hex}",
            retries=retries,
            pure=False,
        )
        for shard in todo
    ]
    start = time.monotonic()
    counted = 0
    try:
        if report is not None:
            report(_progress(info, shards, done, skipped, submitted, 0, 0.0))
        for future in as_completed(futures):
            result = future.result()
            if result.plan != info.digest:
                raise MergeError(f"shard {result.shard}: a result of plan {result.plan}, not {info.digest}")
            done[result.shard] = result
            counted += result.leaves
            if report is not None:
                report(_progress(info, shards, done, skipped, submitted, counted, time.monotonic() - start))
    finally:
        client.cancel(futures)
        if owned is not None:
            owned[1].close()
            owned[0].close()
