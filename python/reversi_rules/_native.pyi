"""Type stubs of reversi_rules._native, the extension module (checked against it by mypy.stubtest)."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from os import PathLike
from typing import IO, Any, Literal, TypedDict

import numpy as np
import numpy.typing as npt
from typing_extensions import NotRequired, Self, TypeAlias, final

__all__ = [
    "__version__",
    "ReversiError",
    "ParseError",
    "IllegalMoveError",
    "RecordError",
    "Position",
    "PlanError",
    "MergeError",
    "PlanInfo",
    "ShardResult",
    "Merged",
    "perft",
    "write_plan",
    "read_plan",
    "count_shard",
    "read_result",
    "merge",
    "Batch",
    "VectorCore",
    "Record",
    "RecordReader",
    "read",
    "write",
    "convert",
    "OutputFile",
    "Dataset",
    "dataset",
    "EngineError",
    "Engine",
    "match",
    "serve_gtp",
    "serve_nboard",
    "solve",
    "solve_moves",
    "tournament",
    "solve_many",
    "check_wthor",
]

__version__: str

_Color: TypeAlias = Literal["black", "white"]
_BuiltinPolicy: TypeAlias = Literal["random", "greedy"]
_Backend: TypeAlias = Literal["auto", "portable", "x86-64-v3", "x86-64-v4"]
# What the ``out=`` arguments take: a NumPy array, or any object that shares
# its memory by the buffer protocol or DLPack (a CPU torch tensor, pinned or not).
_Out: TypeAlias = Any

class ReversiError(Exception):
    """The base of every error reversi_rules raises for what it was given: catch it to catch them all."""

class ParseError(ReversiError, ValueError):
    """Text that does not read: a position, move, variant, board or colour."""

class IllegalMoveError(ReversiError, ValueError):
    """A move (or batch action) the position does not allow."""

class RecordError(ReversiError, ValueError):
    """A game record that does not read or replay; the message says where."""

class EngineError(ReversiError, RuntimeError):
    """An engine that does not start, fails its protocol, runs out of time or answers an illegal move."""

@final
class Position:
    """A position of Reversi, Reversitacks or Attacks on any board (1x1 to 26x26, with holes).

    ``Position()`` is the 8x8 Reversi start, Black to move; ``Position(text)`` reads
    the text as ``reversi --position`` does: the RULES.md position text (``X``/``O``/``-``/``#``
    rows joined by ``/``, then the side to move), else what a user pastes (a
    64-square board with or without the side to move, GGS's ``[8 ...]``, a
    diagram, a move list such as ``"f5d6c3"`` or ``"1. F5 d6 2. C3"``, a GGF or
    PGN game: the position it ends in); without text the start of ``variant``
    on ``board``. Every other position argument (``perft``, ``solve``,
    ``Record(start=...)``, ``Batch(start=...)``, ``Engine.move``) takes such a
    text too, read as Reversi. A move list with an illegal move raises
    ``IllegalMoveError`` naming its ply, line and column.
    """

    def __new__(
        cls,
        text: str | None = None,
        variant: str = "reversi",
        *,
        board: str = "8x8",
        holes: Sequence[str] = ...,
        first: str = "black",
    ) -> Self: ...
    def moves(self) -> list[str]:
        """The legal moves as text (``"pass"`` when the side to move must pass)."""
    def is_legal(self, mv: str) -> bool: ...
    def play(self, mv: str) -> None:
        """Plays ``mv``; raises ``IllegalMoveError`` (position unchanged) when it is not legal."""
    def pass_(self) -> None: ...
    def played(self, mv: str) -> Position:
        """A copy with ``mv`` played."""
    def must_pass(self) -> bool: ...
    def is_game_over(self) -> bool: ...
    def score(self) -> tuple[int, int]:
        """Discs (pieces) of Black and White."""
    @property
    def outcome(self) -> Literal["black", "white", "draw"] | None: ...
    @property
    def side_to_move(self) -> _Color: ...
    @property
    def variant(self) -> Literal["reversi", "reversitacks", "attacks"]: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def holes(self) -> list[str]: ...
    def get(self, square: str) -> Literal["black", "white", "hole"] | None: ...
    def hash(self) -> int:
        """The 64-bit Zobrist hash."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def canonical(self) -> tuple[Position, str]:
        """The least image under the board's symmetries, and the symmetry's name."""
    def symmetries(self) -> list[str]: ...
    def transform(self, symmetry: str) -> Position | None: ...
    def pretty(self) -> str: ...
    def copy(self) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object) -> Position: ...
    def __reduce__(self) -> tuple[type[Position], tuple[str, str]]: ...

def perft(
    position: Position | str,
    depth: int,
    hash_mib: int | None = None,
    threads: int | None = None,
    *,
    hash_seed: int | None = None,
    backend: _Backend = "auto",
) -> int:
    """Leaves ``depth`` plies below ``position`` (a pass is a ply, a finished game a leaf).

    The CLI's split count: with ``hash_mib`` (a table of that many MiB) or
    ``threads`` (1 to 1024) the positions a few plies down are merged by
    canonical form and counted once each on a pool sharing one table; the GIL
    is released. ``hash_seed`` (0 to 2**64 - 1, the CLI's ``--hash-seed``)
    keys the table's slots: the same count under any seed, by other paths.
    ``backend`` is the move generator's build, the CLI's ``--backend``:
    ``"auto"`` the fastest this CPU runs, or ``"portable"``, ``"x86-64-v3"``
    (AVX2), ``"x86-64-v4"`` (AVX-512); the same count on each. The
    bounds are the CLI's ``perft``: raises ``ValueError`` for a depth past 60,
    threads outside 1 to 1024 or a backend this CPU cannot run, ``MemoryError``
    for a table that cannot be had.
    Ctrl-C stops the count within a fraction of a second (``KeyboardInterrupt``).
    Counts past one machine: ``reversi_rules.shards``, ``reversi_rules.distributed``."""

@final
class Batch:
    """``n`` games of one variant and board, stepped together on NumPy arrays.

    Actions: Reversi ``W * H + 1`` (square ``row * W + column``, ``a1`` = 0; pass
    last). Reversitacks and Attacks ``W * H * 25 + 1``: ``destination * 25 +
    (dr + 2) * 5 + (dc + 2)`` with ``(dr, dc)`` the origin's offset from the
    destination; a clone is offset ``(0, 0)`` (index 12); pass last.

    ``n`` games that cannot be allocated raise ``MemoryError`` before anything is.
    The ``out=`` arguments take an array exactly as a new one would be: the
    dtype and shape each method names, C order, writable, written in place and
    returned. Another type or dtype raises ``TypeError``; another shape, Fortran
    order or a strided view, or a read-only array raises ``ValueError``; each
    message says the dtype and shape expected. Besides NumPy arrays they take
    any object that shares its memory by the buffer protocol (``bytearray``, a
    ``memoryview`` cast to the shape) or by DLPack (``__dlpack__``: a CPU
    ``torch.Tensor``, pinned memory included), viewed, never copied; a
    read-only export (a JAX array) is refused.
    """

    def __new__(
        cls,
        n: int,
        variant: str = "reversi",
        *,
        board: str = "8x8",
        holes: Sequence[str] = ...,
        seed: int = 0,
        auto_reset: bool = True,
        first: str = "black",
        threads: int | None = None,
        start: Position | str | None = None,
    ) -> Self:
        """``threads``: ``None`` (rayon's pool, every core), 1 (none) or a pool of that many (at most 1024).

        ``start``: the games' start instead of ``variant``'s on ``board``: a
        ``Position``, or a text read in ``variant`` as ``Position(text)`` reads
        it; it gives the board and the side to move (``board``, ``holes`` and
        ``first`` left at their defaults).

        Either way the loops split onto threads only from 2048 games on; the
        same seed plays the same games whatever the threads.
        """
    def __len__(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def pass_action(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def variant(self) -> str: ...
    @property
    def auto_reset(self) -> bool: ...
    def reset(self, seed: int | None = None) -> None: ...
    def reset_game(self, i: int) -> None: ...
    def position(self, i: int) -> Position: ...
    def action_of(self, mv: str) -> int: ...
    def move_of(self, action: int) -> str: ...
    def holes_mask(self) -> npt.NDArray[np.bool_]:
        """``bool (H, W)``: the obstructed squares (in no plane of the observation)."""
    def observation(self, out: _Out | None = None) -> npt.NDArray[np.uint8]:
        """``uint8 (n, 2, H, W)``: plane 0 the side to move's pieces, plane 1 the opponent's."""
    def legal_mask(self, out: _Out | None = None) -> npt.NDArray[np.bool_]:
        """``bool (n, A)``."""
    def step(
        self,
        actions: npt.NDArray[np.integer] | Sequence[int],
        *,
        rewards: _Out | None = None,
        terminated: _Out | None = None,
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """Plays one action per game: ``(rewards, terminated)``, rewards from the mover's view.

        ``rewards=`` (``float64 (n,)``) and ``terminated=`` (``bool (n,)``) take
        arrays to write into, as the ``out=`` arguments do.
        """
    def random_actions(self, out: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.int64]:
        """``int64 (n,)``: a uniformly random legal action per game (-1 once over).

        The same as ``policy_actions("random")``.
        """
    def policy_actions(
        self, policy: _BuiltinPolicy = "random", out: npt.NDArray[np.int64] | None = None
    ) -> npt.NDArray[np.int64]:
        """``int64 (n,)``: the built-in ``policy``'s action in each game (-1 once over), seeded.

        Policies: ``"random"``, a uniformly random legal move; ``"greedy"``, a move that
        leaves the mover the most discs (pieces, for Reversitacks and Attacks) right
        after it, ties broken at random. A forced pass is the pass action.
        """
    def rollout(
        self,
        policies: _BuiltinPolicy | Sequence[_BuiltinPolicy] | None = None,
        seed: int | None = None,
        out: npt.NDArray[np.int32] | None = None,
        *,
        max_plies: int | None = None,
    ) -> npt.NDArray[np.int32]:
        """Plays every game to its end in Rust: final discs ``int32 (n, 2)``, Black then White.

        ``policies``: Black's and White's policy (``"random"`` or ``"greedy"``, as
        ``policy_actions``), or one name for both; ``None`` is ``("random", "random")``.
        ``seed`` seeds the streams first: the same seed plays the same games whatever
        the number of threads, and the games ``reversi play --seed`` writes (one
        implementation of the policies and their streams). ``out``: an ``int32 (n, 2)``
        array written and returned instead of a new one. A game still going after ``max_plies`` plies of this
        call (default ten per playable square, as the CLI's ``play --max-plies``:
        Reversitacks and Attacks games can go on for ever) stops there, its discs
        counted as they stand. Afterwards the games are at their ends (or where they
        stopped), or at the start again with ``auto_reset``. Ctrl-C stops the
        rollout (``KeyboardInterrupt``), the games left where they were.
        """
    def scores(self) -> npt.NDArray[np.int32]: ...
    def is_over(self) -> npt.NDArray[np.bool_]: ...
    def side_to_move(self) -> npt.NDArray[np.uint8]: ...

@final
class Record:
    """One game of a record: read (``read``), or made to be written (``write``).

    ``Record(moves, ...)`` holds the moves as given (``"f5"``, ``"a1c3"``,
    ``"pass"``), from the start of ``variant`` on ``board`` or from ``start``;
    ``plies()`` replays and checks them. ``result``: ``"33-31"`` (discs) or a net
    result (``"+8.5"``, ``"-2:r"``).
    """

    def __new__(
        cls,
        moves: Sequence[str] = ...,
        *,
        variant: str = "reversi",
        board: str = "8x8",
        holes: Sequence[str] = ...,
        first: str = "black",
        start: Position | str | None = None,
        black: str | None = None,
        white: str | None = None,
        event: str | None = None,
        date: str | None = None,
        result: str | None = None,
    ) -> Self: ...
    @property
    def black(self) -> str | None: ...
    @property
    def white(self) -> str | None: ...
    @property
    def event(self) -> str | None: ...
    @property
    def date(self) -> str | None: ...
    @property
    def result(self) -> str | None: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def variant(self) -> str: ...
    @property
    def first(self) -> _Color: ...
    def start(self) -> Position: ...
    def plies(self) -> list[tuple[Position, str, Position]]:
        """``(before, move, after)`` for every ply, inferred forced passes included."""

@final
class RecordReader(Iterator[Record]):
    def __iter__(self) -> RecordReader: ...
    def __next__(self) -> Record: ...

def read(
    source: str | PathLike[str] | IO[bytes] | IO[str],
    errors: Literal["raise", "skip"] = "raise",
) -> RecordReader:
    """The games of a record file (path, or file object read whole).

    A directory stands for its record files, as on the command line: the files
    under it whose extension names a format (any case), recursively, in the
    order of their paths; one without any raises ``FileNotFoundError``.

    A game that does not read (its text not UTF-8 included) raises
    ``RecordError`` (the iteration may go on with the next game) or, with
    ``errors="skip"``, is passed over. An error that ends the input raises
    either way: an I/O error, binary data in a text format (a NUL byte: in
    the first 64 KiB nothing is read, as grep calls a file binary), no next
    game within 32 MiB after a bad one (so ``/dev/zero`` ends at once), a
    WTHOR name file beside a ``.wtb`` that is not a regular file (a FIFO, a
    device: refused unopened).
    """

_RecordFormat: TypeAlias = Literal["transcript", "pgn", "ggf", "wthor", "obf", "position", "oq"]

def write(
    games: Iterable[Record],
    target: str | PathLike[str] | IO[bytes],
    format: _RecordFormat | None = None,
    *,
    replace_names: bool = False,
) -> list[str]:
    """Writes ``games`` in ``format`` (else the path's extension's); the warnings of what it dropped.

    A path is written all or nothing (a temporary file beside it, renamed at the
    end; WTHOR with ``STEM.JOU`` and ``STEM.TRN``, refused over the shared
    ``WTHOR.JOU``/``WTHOR.TRN`` unless ``replace_names``); a symbolic link is
    followed (its target replaced, the link kept), and a device, a FIFO or
    ``/dev/fd/N`` is written straight through, as the CLI writes. A binary file
    object receives each game as it is written (not WTHOR). A game the format
    cannot hold raises ``RecordError`` and leaves the path as it was.
    """

def convert(
    source: str | PathLike[str] | IO[bytes] | IO[str],
    target: str | PathLike[str] | IO[bytes],
    format: _RecordFormat | None = None,
    *,
    errors: Literal["raise", "skip"] = "raise",
    replace_names: bool = False,
) -> list[str]:
    """``write(read(source, errors), target, format)``, one game at a time; skipped games are warned of.

    With ``errors="skip"`` the warnings end with ``skipped: MESSAGE`` for the
    first 1000 games skipped, then, if there were more, one
    ``skipped: N more games that did not read (T in all; ...)``.
    """

@final
class Dataset(Iterator[dict[str, npt.NDArray[Any]]]):
    """The rows of ``dataset``: an iterator of chunks, each a dict of arrays of ``m`` rows.

    Keys: ``"planes"`` ``uint8 (m, 2, H, W)`` (``Batch.observation``'s layout: the side
    to move's pieces, then the opponent's) or, with ``layout="bitboards"``,
    ``"bitboards"`` ``uint64 (m, 2)`` (the same two sets, bit ``row * W + column``);
    ``"action"`` ``int64`` (the move played, ``Batch``'s encoding); ``"side"``
    ``uint8`` (0 Black, 1 White to move); ``"margin"`` ``float32`` (the final disc
    margin from the side to move's view: the record's result if it has one, else
    the end position's with the empty squares to the winner, else NaN for an
    unfinished game without a result); ``"ply"`` ``int32`` (plies before the
    position, passes counted); ``"game"`` ``int64`` (the game's index in the
    dataset); ``"symmetry"`` ``uint8`` (the index in ``Position.symmetries()``'s
    naming order of the image: 0 the position as played).
    """

    def __iter__(self) -> Dataset: ...
    def __next__(self) -> dict[str, npt.NDArray[Any]]:
        """The next chunk; ``RuntimeError`` while another thread is in ``__next__`` (as generators do)."""
    @property
    def games(self) -> int:
        """Games turned into rows so far."""
    @property
    def rows(self) -> int:
        """Rows handed out so far."""
    @property
    def errors(self) -> list[str]:
        """The messages of the games skipped (``errors="skip"``), each with file, line or byte, and game.

        Only the first 1000 are kept (memory stays bounded however many games
        are skipped); ``skipped`` counts them all.
        """
    @property
    def skipped(self) -> int:
        """Games skipped so far (``errors="skip"``), every one counted."""

def dataset(
    sources: str | PathLike[str] | IO[bytes] | Iterable[str | PathLike[str] | IO[bytes]],
    *,
    chunk_size: int = 65536,
    augment: bool = False,
    layout: Literal["planes", "bitboards"] = "planes",
    errors: Literal["raise", "skip"] = "raise",
    variant: str | None = None,
    board: str | None = None,
    holes: Sequence[str] = ...,
    solve_empties: int | None = None,
    solve_threads: int | None = None,
) -> Dataset:
    """Every position of every game of ``sources`` (record files, any format, as ``read``), in chunks.

    A directory stands for its record files, as ``read`` walks one.

    One row per ply (forced passes the records leave out included), read and
    replayed in Rust with the GIL released. Chunks hold ``chunk_size`` rows (the
    last fewer); memory holds a chunk and one game. ``augment=True``: each position
    once per symmetry of the board (8 on a square board, 4 on a rectangle, fewer
    with holes), planes and move transformed together, the position as played
    first. Every game shares one variant and board: ``variant``/``board``/``holes``,
    else those of the first game turned into rows (a game that fails fixes
    nothing). A game that does not read or replay, or is of another
    variant or board, raises ``RecordError`` (saying file, line or byte, and game;
    the iteration may go on) or, with ``errors="skip"``, is left out and listed in
    ``Dataset.errors`` (the first 1000 messages; ``Dataset.skipped`` counts every
    game skipped); a game gives all its rows or none. Input ends as ``read``'s does.
    Ctrl-C stops a chunk being read (``KeyboardInterrupt``); the next ``__next__``
    goes on from there.

    ``solve_empties=N`` (Reversi only; another variant raises ``ValueError``,
    or for a game read, as a game of the wrong variant): each chunk gains
    ``"exact"`` ``float32``, the exact score of the position for the side to
    move (``solve``'s ``score``: disc difference under perfect play, empty
    squares to the winner) on rows of at most N empty squares, and NaN, the
    sentinel, on every other row. The positions of a chunk are solved
    together by ``solve_many`` on ``solve_threads`` threads (``None``: every
    core), each ply once for all its symmetric images; a solve's time grows
    steeply with its empty squares (python/README.md has figures), and
    Ctrl-C stops it as it stops a read.
    """

_Policy: TypeAlias = Callable[[Position], str]

@final
class Engine:
    """An engine process speaking GTP (``protocol="gtp"``) or NBoard (``"nboard"``).

    ``command`` is split into words as a shell would (no shell is started);
    ``dir`` is its working directory, ``depth`` the ``set depth`` told to an
    NBoard engine, ``setup`` the seconds it has to start. A context manager:
    the process ends (``quit``) on exit or ``close()``.
    """

    def __new__(
        cls,
        command: str,
        protocol: Literal["gtp", "nboard"] = "gtp",
        *,
        dir: str | PathLike[str] | None = None,
        depth: int | None = None,
        setup: float = 10.0,
    ) -> Self: ...
    @property
    def name(self) -> str: ...
    def move(self, position: Position | str, time: float = 60.0) -> str:
        """The engine's move (``"f5"``) in ``position`` within ``time`` seconds.

        A position that follows from the last one by a move (and a forced pass)
        goes on with the same game, told move by move; any other starts a new
        game (GTP engines: only at the standard start; another raises
        ``ValueError`` before the engine is asked). An engine that fails
        raises ``EngineError`` and is started again at the next call. The wait
        releases the GIL and answers Ctrl-C at once (the engine is then ended,
        and started again at the next call).
        """
    def new_game(self) -> None: ...
    def restart(self) -> None: ...
    def close(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, *args: object) -> None: ...

class _Score(TypedDict):
    wins: int
    draws: int
    losses: int
    score: float
    elo: float | None
    elo_low: float | None
    elo_high: float | None
    llr: float | None
    llr_low: float | None
    llr_high: float | None
    sprt: Literal["H0", "H1"] | None

class _GamesStanding(_Score):
    games: int

class _PairStanding(TypedDict):
    games: _GamesStanding
    pentanomial: list[int]
    pairs: int
    pair_score: float
    elo: float | None
    elo_low: float | None
    elo_high: float | None
    nelo: float | None
    nelo_low: float | None
    nelo_high: float | None
    llr: float | None
    llr_low: float | None
    llr_high: float | None
    sprt_model: Literal["logistic", "normalized"] | None
    sprt: Literal["H0", "H1"] | None
    discs: float | None
    discs_margin: float | None

class _MatchResult(_PairStanding):
    records: list[Record]

class _GameReport(TypedDict):
    game: int
    black: str
    white: str
    result: str
    termination: str | None
    first_score: float | None
    standing: _PairStanding

def match(
    a: Engine | _Policy,
    b: Engine | _Policy,
    *,
    openings: Sequence[Record] | None = None,
    games: int | None = None,
    time: float = 60.0,
    increment: float = 0.0,
    sprt: str | None = None,
    sprt_model: Literal["logistic", "normalized", "normalised"] = "logistic",
    progress: Callable[[_GameReport], object] | bool | None = None,
    concurrency: int = 1,
    adjudicate: int | None = None,
    resign: str | None = None,
    draw: str | None = None,
    max_plies: int | None = None,
    openings_random: int | None = None,
    seed: int = 0,
    margin: int | None = None,
    log: str | PathLike[str] | None = None,
    output: str | PathLike[str] | None = None,
    output_format: str | None = None,
    resume: bool = False,
) -> _MatchResult:
    """A match between two engines or policies (``policy(position) -> move``),
    played as ``reversi match`` plays it.

    Each opening (without ``openings``, the library's 60 default openings of
    4 plies, as ``reversi match`` plays them; an empty list: the standard
    start) is played twice, colours swapped (games ``2m`` and ``2m + 1``, a
    pair); ``games`` defaults to two per opening. The result has the fields
    of ``--json``'s summary, ``a``'s view: ``games``, the games' ``wins``,
    ``draws``, ``losses``, ``score``, Elo and trinomial LLR; the pairs'
    ``pentanomial`` counts, ``elo`` and normalised ``nelo`` with their 95%
    intervals (``None`` at an open end, as ``--json``'s ``null``), the disc
    difference ``discs``, and ``llr``, the generalised SPRT's log-likelihood
    ratio on the pairs of ``sprt`` (``"ELO0,ELO1,ALPHA,BETA"``, as ``--sprt``)
    under ``sprt_model`` (as ``--sprt-model``; the match stops at its
    verdict, ``sprt`` ``"H0"`` or ``"H1"``, no game started after it);
    ``records`` the records in game order (``Round``,
    and a ``Termination`` field for a forfeit or an adjudicated game: an illegal
    move, time, a crash or garbage loses the game, and the engine is started
    again; one that cannot be started forfeits the game and the match goes on). ``progress`` is called with
    each game as it ends (a ``--json`` game line, with the ``standing``
    after it); ``True`` shows a
    tqdm bar (lines on ``sys.stderr`` without tqdm). An ``Engine``'s running
    process plays the first game and is ended with the match (the engine
    starts again at its next use); one ``Engine`` may play both sides.
    ``concurrency`` games run at once (1 to 256, as ``--concurrency``; an
    ``Engine`` starts more processes); the records are the same.
    ``adjudicate`` (1 to 30, as ``--adjudicate``) ends each game by exact solve
    once at most that many squares are empty, with the result of perfect play
    (its record's ``Termination`` says so). ``resign`` (``"MOVES,SCORE"``, as
    ``--resign``) and ``draw`` (``"FROM,MOVES,SCORE"``, as ``--draw``) end a
    game by the engines' own reported evaluations (NBoard engines'; RULES.md,
    "Adjudication"); ``max_plies`` (as ``--max-plies``) stops a game at that
    many plies, with no result and not scored. Each record carries the
    match's definition (``MatchEngine1``...) and names its ``BlackEngine``,
    ``WhiteEngine``, ``TimeControl`` and ``Opening``, with each move's time
    and reported evaluation. ``openings_random`` plays seeded
    random openings of that many plies instead of ``openings`` (``seed``;
    ``margin``: only those within that many discs of even), half of
    ``games`` of them, else 60, as ``--openings-random``. ``log`` is a
    directory (created if missing) where each engine's exchange with the
    referee is appended, ``engine-1.log`` for ``a`` and ``engine-2.log`` for
    ``b``, as ``--log DIR`` (an ``Engine``'s running process is then not
    reused). ``output`` is a records file each game is appended to as it
    ends (and flushed), as ``reversi match -o RECORDS`` writes it: in
    ``output_format`` (as ``--to``), else the format of its extension, else
    GGF; a file that holds games is refused unless ``resume`` (as
    ``--resume``: GGF or PGN), which checks that its games are this match's
    (engines, openings, clock), counts them in the result and plays only
    the games they lack (``games`` defaults to the number they were played
    for); ``records`` are then the games this call played. The games run
    with the GIL released, and Ctrl-C stops the match at once (the games
    that ended are in ``output``). A policy's or ``progress``' exception is
    raised.
    """

class _TournamentGame(TypedDict):
    game: int
    pairing: int
    first: str
    second: str
    black: str
    white: str
    result: str
    termination: str | None
    first_score: float | None
    standing: _PairStanding

class _CrosstableRow(TypedDict):
    engine: int
    name: str
    points: float
    standing: _PairStanding
    against: dict[str, tuple[float, int]]

class _Pairing(TypedDict):
    first: str
    second: str
    standing: _PairStanding

class _TournamentResult(TypedDict):
    games: int
    rows: list[_CrosstableRow]
    pairings: list[_Pairing]
    records: list[Record]
    duplicate_openings: list[tuple[int, int]]

def tournament(
    engines: Sequence[Engine | _Policy],
    *,
    format: Literal["roundrobin", "round-robin", "gauntlet"] = "roundrobin",
    openings: Sequence[Record] | None = None,
    games: int | None = None,
    time: float = 60.0,
    increment: float = 0.0,
    sprt: str | None = None,
    sprt_model: Literal["logistic", "normalized", "normalised"] = "logistic",
    progress: Callable[[_TournamentGame], object] | None = None,
    concurrency: int = 1,
    adjudicate: int | None = None,
    openings_random: int | None = None,
    seed: int = 0,
    margin: int | None = None,
    resign: str | None = None,
    draw: str | None = None,
    max_plies: int | None = None,
    log: str | PathLike[str] | None = None,
    output: str | PathLike[str] | None = None,
    output_format: str | None = None,
    resume: bool = False,
) -> _TournamentResult:
    """A tournament between engines or policies, played as ``reversi
    tournament`` plays it: ``"roundrobin"`` (every one against every other) or
    ``"gauntlet"`` (the first against each other), each pairing ``games``
    games (default two per opening) over the same ``openings`` with colours
    swapped, ``concurrency`` games at once over the whole tournament.

    The result is the crosstable of ``--json``'s summary: ``rows`` by points
    (each engine's wins, draws, losses, Elo against the field, by games and by
    pairs, normalised Elo, disc difference, and its points and games
    ``against`` each other engine), ``pairings`` (the first engine's standing,
    with ``sprt``'s generalised LLR on its pairs under ``sprt_model``: a
    pairing it decides plays no more), and ``records`` in game order
    (``Round``, ``Tournament``, the pairing's ``MatchEngine1``...), and
    ``duplicate_openings``: pairs of opening numbers (from 1) that reach one
    position up to the 8 symmetries. ``openings_random`` plays seeded random
    openings of that many plies instead (``seed``; ``margin``: only those
    within that many discs of even), half of ``games`` of them, else 60.
    ``adjudicate``, ``resign``, ``draw`` and ``max_plies`` end games early as
    in ``match``.
    ``progress`` is called with each game as it ends (a ``--json`` game line).
    ``log``: each engine's exchange appended to ``engine-N.log`` in that
    directory, N its place in ``engines`` from 1, as ``--log DIR``.
    ``output``, ``output_format`` and ``resume`` are ``match``'s: each game
    appended to a records file as it ends, a tournament resumed from one
    (its pairings' games counted, only the missing ones played).
    Names are the engines' own (an ``Engine`` not running: its command) or the
    callables' ``__name__``, a repeated name followed by ``#`` and the
    entrant's number. The games run with the GIL released, and Ctrl-C stops
    the tournament. A policy's or ``progress``' exception is raised.
    """

class _Solution(TypedDict):
    score: int
    best: str | None
    pv: list[str]
    nodes: int
    seconds: float
    nodes_per_second: float
    moves: NotRequired[list[tuple[str, int]]]

def solve(
    position: Position | str,
    *,
    threads: int = 1,
    hash_mib: int = 64,
    time_limit: float | None = None,
    moves: bool = False,
    backend: _Backend = "auto",
) -> _Solution:
    """The exact value of ``position`` under perfect play (reversi-solve, as ``reversi solve``).

    ``score`` is the final disc difference for the side to move, empty squares
    to the winner (holes are not empty squares), as OBF and Edax count it;
    ``best`` a move reaching it (``"pass"`` when forced, ``None`` when the game
    is over); ``pv`` the principal variation to the end, passes included;
    ``nodes``, ``seconds`` (to the microsecond) and ``nodes_per_second`` the
    work; ``moves=True`` adds ``moves``, every legal move's score as
    ``solve_moves`` gives them (computed after the solve; ``nodes`` and
    ``seconds`` are the solve's alone). The keys and values are those of a
    ``reversi solve --json`` line (``--all``: ``moves``, as objects there),
    from one definition in reversi-solve. Standard 8x8 Reversi runs on the
    bitboard search, any other Reversi board on the generic one; Reversitacks
    and Attacks raise ``ValueError`` (their games need not end). ``threads``
    (1 to 1024) never change the score; ``hash_mib`` is the table's size (at
    most 16384). ``time_limit`` seconds: ``TimeoutError`` when reached.
    ``backend`` names the move generator's build on boards up to 8x8, as
    ``perft``'s and the CLI's ``--backend`` (the same score, move and nodes
    on each; ``ValueError`` for one this CPU cannot run). The GIL
    is released, and Ctrl-C stops the solve (``KeyboardInterrupt``)."""

def solve_moves(
    position: Position | str,
    *,
    threads: int = 1,
    hash_mib: int = 64,
    time_limit: float | None = None,
    backend: _Backend = "auto",
) -> list[tuple[str, int]]:
    """Every legal move of ``position`` with its exact score, best first (an OBF answer list).

    A single ``("pass", score)`` when the side to move must pass; empty when
    the game is over. Options and errors as ``solve``."""

class _Solved(TypedDict):
    score: npt.NDArray[np.int16]
    best: npt.NDArray[np.int32]
    nodes: npt.NDArray[np.uint64]
    seconds: npt.NDArray[np.float64]
    solved: npt.NDArray[np.bool_]
    errors: list[str]

def solve_many(
    positions: Iterable[Position | str],
    *,
    threads: int | None = None,
    hash_mib: int = 64,
    time_limit: float | None = None,
    errors: Literal["raise", "skip"] = "raise",
    backend: _Backend = "auto",
) -> _Solved:
    """The exact value of each of ``positions``, solved side by side on ``threads`` threads.

    One row per position, in the order given: ``"score"`` ``int16`` (as
    ``solve``'s ``score``), ``"best"`` ``int32`` (a best move in ``Batch``'s
    action encoding of the position's board: ``row * W + column``, ``W * H``
    for a forced pass; -1 when the game is over), ``"nodes"`` ``uint64``,
    ``"seconds"`` ``float64``, ``"solved"`` ``bool``; ``"errors"`` the
    messages of the positions not solved (``position I: ...``). Each position
    is solved as ``solve(position, threads=1, hash_mib=hash_mib)`` solves it
    (the same score, best move and nodes whatever ``threads``); ``threads``
    positions at once (``None``: every core; 1 to 1024), each with a table of
    ``hash_mib`` MiB (at most ``threads`` tables at a time). A position that
    cannot be solved (Reversitacks, Attacks, the ``time_limit`` reached: the
    limit is the whole call's) raises its error as ``solve`` does, its
    message starting ``position I:``, or with ``errors="skip"`` is left
    unsolved: ``solved`` False, ``score`` -32768, ``best`` -1, and its
    message in ``errors``. ``backend`` as ``solve``'s. The GIL is released,
    and Ctrl-C stops every solve (``KeyboardInterrupt``)."""

class _TheoreticalCheck(TypedDict):
    game: int
    black: str | None
    white: str | None
    depth: int
    stated: int | None
    computed: int | None
    agrees: bool
    disagrees: bool
    nodes: int
    seconds: float
    empties: NotRequired[int]
    unscored: NotRequired[str]

def check_wthor(
    source: str | PathLike[str] | IO[bytes],
    *,
    depth: int | None = None,
    threads: int = 1,
    hash_mib: int = 64,
    time_limit: float | None = None,
    backend: _Backend = "auto",
) -> list[_TheoreticalCheck]:
    """WTHOR's theoretical scores checked by the solver, as ``reversi solve --wthor-check --json``.

    One dict a game of ``source`` (a path, or a binary file object): ``game``
    (from 1), ``black``, ``white``, ``depth``, ``stated`` (the file's Black
    discs), ``computed`` (the solver's: Black's discs in perfect play from the
    game's position with ``depth`` empty squares, empties to the winner; a
    game over before has its final score; ``None`` for one unfinished before
    it), ``agrees``, ``disagrees``, ``nodes``, ``seconds``, and ``empties``
    (of the position solved) or ``unscored`` (why there is no score).
    ``depth`` (0 to 60) replaces each game's own (else 24); ``threads`` games
    are solved at once; ``backend`` as ``solve``'s. Errors as ``solve``; a game that does not read raises
    as ``read`` does. The GIL is released, and Ctrl-C stops the checks."""

def serve_gtp(policy: _Policy) -> None:
    """Serves ``policy(position) -> move`` as a GTP engine on standard input and output."""

def serve_nboard(policy: _Policy) -> None:
    """Serves ``policy(position) -> move`` as an NBoard engine on standard input and output."""

# The split count (reversi_rules.shards re-exports these).

_Path: TypeAlias = str | PathLike[str]

class PlanError(ReversiError, ValueError):
    """A plan that cannot be made or read: a split past the depth, a split whose
    plan would pass 2**20 positions at some ply (the message gives its estimated
    size and the deepest split that fits), a file that is no plan, a truncated
    or edited plan (digest mismatch), a plan of another game or depth, a shard
    out of range, more shards than the plan has positions (or than 2**20)."""

class MergeError(ReversiError, ValueError):
    """Shard results that do not make one count: a result missing, twice, of
    another plan or shard count, or none at all; the message names the file."""

@final
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

#: A ``ShardResult``'s fields, in the constructor's order.
_ResultFields: TypeAlias = tuple[str, str, str, int, int, int, int, int, int, int, float]

@final
class ShardResult:
    """One shard's count of a plan, as its result file holds it. Pickled as its
    fields (no JSON text), rebuilt by the constructor."""

    def __new__(
        cls,
        plan: str,
        variant: str,
        board: str,
        depth: int,
        split: int,
        shard: int,
        shards: int,
        hash_seed: int,
        positions: int,
        leaves: int,
        seconds: float,
    ) -> Self:
        """A result from its fields, checked as a result file's are: ``plan`` 32
        lowercase hexadecimal digits, ``variant`` and ``board`` as written (or
        empty), ``split`` at most ``depth`` at most 512 (a plan's bounds), ``shard`` below
        ``shards`` (at most 2**20), ``seconds`` finite and not negative; raises
        ``MergeError`` naming the field at fault."""
    def __reduce__(self) -> tuple[type[ShardResult], _ResultFields]:
        """The class and the constructor's arguments: pickled as typed fields."""
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

@final
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

def write_plan(path: _Path, position: Position | str, depth: int, split: int) -> PlanInfo:
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
    hash_mib: int | None = None,
    threads: int | None = None,
    output: _Path | None = None,
    hash_seed: int | None = None,
    backend: _Backend = "auto",
) -> ShardResult:
    """Counts shard ``shard`` (0 to ``shards - 1``) of the plan, with a table of
    ``hash_mib`` MiB keyed by ``hash_seed`` (the CLI's ``--hash-seed``) on
    ``threads`` threads with the move generator's build ``backend`` (as
    ``perft``'s), the GIL released; writes the result
    to ``output`` all or nothing when given (the temporary files of the same
    ``output`` that killed writers left are removed). Raises ``PlanError`` (a
    damaged plan, a shard out of range, more shards than the plan's positions
    or than 2**20, an ``output`` that is the plan), ``ValueError`` (a count
    past 60 plies, threads outside 1 to 1024, a backend this CPU cannot run),
    ``OSError``, ``MemoryError``. Ctrl-C stops the count within a
    fraction of a second (``KeyboardInterrupt``)."""

def read_result(path: _Path) -> ShardResult:
    """Reads one result file; raises ``MergeError`` or ``OSError``."""

def merge(results: Sequence[_Path | ShardResult]) -> Merged:
    """Checks that ``results`` hold every shard of one plan once and sums them;
    raises ``MergeError`` naming the file at fault (a temporary file of a write,
    ``.NAME.tmp-PID``, is refused unread), or ``OSError``. A ``ShardResult``
    (a task's, already held) is merged as it is, nothing read again."""

@final
class OutputFile:
    """A binary file written whole or not at all (``save_npz``'s), never over one of ``inputs``."""

    def __new__(cls, path: _Path, inputs: Sequence[_Path] = ...) -> Self: ...
    def write(self, data: bytes) -> int: ...
    def tell(self) -> int: ...
    def flush(self) -> None: ...
    def writable(self) -> bool: ...
    def seekable(self) -> bool: ...
    @property
    def closed(self) -> bool: ...
    def commit(self) -> None:
        """Renames the temporary file over the path: the file is whole."""
    def close(self) -> None:
        """Closes; bytes not committed are dropped."""
    def __enter__(self) -> Self: ...
    def __exit__(self, kind: object, value: object, tb: object, /) -> None: ...

@final
class VectorCore:
    """The Rust half of ``reversi_rules.gymnasium.ReversiVectorEnv`` (its docs say what each argument is)."""

    def __new__(
        cls,
        n: int,
        variant: str,
        board: str,
        holes: Sequence[str],
        first: str,
        seed: int,
        opponent: str,
        color: str,
        autoreset: str,
        max_plies: int | None,
        threads: int | None,
        illegal: str,
    ) -> Self: ...
    def reset(
        self,
        obs: _Out,
        legal: _Out,
        seed: int | None = None,
        mask: npt.NDArray[np.bool_] | None = None,
    ) -> None:
        """Resets the episodes where ``mask`` is true (all without one); writes every observation and mask."""
    def step(
        self,
        actions: npt.NDArray[np.integer[Any]] | Sequence[int],
        obs: _Out,
        legal: _Out,
        rewards: _Out,
        terminated: _Out,
        truncated: _Out,
        illegal: _Out,
        final_obs: _Out | None = None,
    ) -> None:
        """One step of every episode, written into the arrays."""
    def step_async(self, actions: npt.NDArray[np.integer[Any]] | Sequence[int]) -> None:
        """Starts a step on a thread of its own."""
    def step_wait(
        self,
        obs: _Out,
        legal: _Out,
        rewards: _Out,
        terminated: _Out,
        truncated: _Out,
        illegal: _Out,
        final_obs: _Out | None = None,
    ) -> None:
        """Waits for the step ``step_async`` started; copies its outputs into the arrays."""
    @property
    def waiting(self) -> bool: ...
    def position(self, i: int) -> Position: ...
    def scores(self) -> npt.NDArray[np.int32]: ...
    def side_to_move(self) -> npt.NDArray[np.uint8]: ...
    @property
    def shape(self) -> tuple[int, int, int]:
        """``(height, width, num_actions)``."""
    def holes_mask(self) -> npt.NDArray[np.bool_]: ...
