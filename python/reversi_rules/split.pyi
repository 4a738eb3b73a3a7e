"""Type stubs of reversi_rules.split (the native module's split count)."""

from collections.abc import Sequence
from os import PathLike

from typing_extensions import TypeAlias

from . import Position

_Path: TypeAlias = str | PathLike[str]

class PlanError(ValueError):
    """A plan that cannot be made or read: a split past the depth, a split whose
    plan would pass 2**20 positions at some ply (the message gives its estimated
    size and the deepest split that fits), a file that is no plan, a truncated
    or edited plan (digest mismatch), a plan of another game or depth, a shard
    out of range, more shards than the plan has positions (or than 2**20)."""

class MergeError(ValueError):
    """Shard results that do not make one count: a result missing, twice, of
    another plan or shard count, or none at all; the message names the file."""

class PlanInfo:
    """A plan's header and digest (checked against its contents)."""

    @property
    def digest(self) -> str:
        """32 hexadecimal digits over the whole file."""
    @property
    def start(self) -> Position:
        """The position the count starts from."""
    @property
    def variant(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def split(self) -> int:
        """The ply of the plan's positions."""
    @property
    def positions(self) -> int:
        """The plan's distinct positions (lines)."""
    @property
    def paths(self) -> int:
        """The positions' multiplicities summed."""
    @property
    def finished(self) -> int:
        """Games that end before the split ply (one leaf each, counted by shard 0)."""
    @property
    def max_shards(self) -> int:
        """The most shards the plan can be cut into: one position each at least
        (1 for a plan without positions), at most 2**20."""
    def check_shards(self, shards: int) -> int:
        """``shards``, checked: raises ``PlanError`` naming the bound when it is 0
        or more than ``max_shards``."""

class ShardResult:
    """One shard's count of a plan, as its result file holds it (picklable)."""

    @property
    def plan(self) -> str:
        """The plan's digest."""
    @property
    def variant(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def split(self) -> int: ...
    @property
    def shard(self) -> int: ...
    @property
    def shards(self) -> int: ...
    @property
    def hash_seed(self) -> int:
        """The table's key seed it was counted with (0 when the file lacks it)."""
    @property
    def positions(self) -> int: ...
    @property
    def leaves(self) -> int: ...
    @property
    def seconds(self) -> float:
        """The count's seconds (the plan read and the table made not included)."""
    def to_json(self) -> str:
        """The result file's line, without its newline."""
    @staticmethod
    def from_json(text: str) -> ShardResult:
        """Reads a result file's line; raises ``MergeError`` when it is none."""

class Merged:
    """The merged count of every shard of one plan."""

    @property
    def plan(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def shards(self) -> int: ...
    @property
    def leaves(self) -> int:
        """The exact total."""
    @property
    def seconds(self) -> float:
        """The shards' seconds summed."""
    @property
    def max_seconds(self) -> float: ...
    @property
    def mean_seconds(self) -> float: ...
    @property
    def balance(self) -> float:
        """The slowest shard's seconds over the mean."""

def write_plan(path: _Path, position: Position, depth: int, split: int) -> PlanInfo:
    """Writes the plan of ``position`` at ``depth`` split at ply ``split`` to
    ``path``, all or nothing; raises ``PlanError`` when ``split > depth`` or
    when a ply of the plan would pass 2**20 positions (refused at once, the
    message giving the estimated size and the deepest split that fits; 8x8
    Reversi: 9), ``ValueError`` for a depth past 60 (the CLI's bound),
    ``MemoryError`` when the system refuses the memory."""

def read_plan(path: _Path) -> PlanInfo:
    """Reads and checks a plan (header, line count, digest); raises ``PlanError``
    or ``OSError``."""

def count_shard(
    plan: _Path,
    shard: int,
    shards: int,
    *,
    hash_mb: int | None = None,
    threads: int | None = None,
    output: _Path | None = None,
    hash_seed: int | None = None,
) -> ShardResult:
    """Counts shard ``shard`` (0 to ``shards - 1``) of the plan, with a table of
    ``hash_mb`` MiB keyed by ``hash_seed`` (the CLI's ``--hash-seed``) on
    ``threads`` threads, the GIL released; writes the result
    to ``output`` all or nothing when given (the temporary files of the same
    ``output`` that killed writers left are removed). Raises ``PlanError`` (a
    damaged plan, a shard out of range, more shards than the plan's positions
    or than 2**20), ``ValueError`` (a count past 60 plies, threads outside 1 to
    1024), ``OSError``, ``MemoryError``. Ctrl-C stops the count within a
    fraction of a second (``KeyboardInterrupt``)."""

def read_result(path: _Path) -> ShardResult:
    """Reads one result file; raises ``MergeError`` or ``OSError``."""

def merge(paths: Sequence[_Path]) -> Merged:
    """Checks that ``paths`` hold every shard of one plan once and sums them;
    raises ``MergeError`` naming the file at fault (a temporary file of a write,
    ``.NAME.tmp-PID``, is refused unread), or ``OSError``."""
