"""The split count: perft in shards, on any scheduler, exactly.

A plan (``write_plan``) holds the distinct positions ``split`` plies below a
start, each with its number of paths; ``count_shard`` counts one shard of it
(``I`` of ``N``) to the remaining depth and writes its result atomically;
``merge`` checks that results hold every shard of one plan once and sums
them. The same code as the ``reversi perft --split/--plan/--shard/--merge``
commands (the Rust crate reversi-variants' ``shards`` module, over its
``split`` counter), with the same files: a plan or result of one is read by
the other, and both write them all or nothing and refuse the same paths. ``reversi_rules.distributed``
runs the shards on a Dask cluster.
"""

from ._native import (
    Merged,
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

__all__ = [
    "MergeError",
    "Merged",
    "PlanError",
    "PlanInfo",
    "ShardResult",
    "count_shard",
    "merge",
    "read_plan",
    "read_result",
    "write_plan",
]
