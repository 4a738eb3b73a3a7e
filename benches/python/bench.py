"""Random self-play, rollouts and dataset export of reversi_rules, beside its peers.

Self-play as PEERS.md times the peers: 8x8 Othello, uniformly random legal
moves, one step per ply (passes included), the observation and the legal
mask of every game read at every step, finished games reset at once. Ours
writes both into reused arrays and draws the actions in Rust.

    python benches/python/bench.py                 # ours: batch 1, 64, 1024
    taskset -c 0 python benches/python/bench.py --peers   # and every peer installed
    python benches/python/bench.py --repeat 5 1024        # the median of 5 interleaved runs

Beside the raw ``Batch`` loops: the same loop with the actions drawn in NumPy
from the mask (as a trainer does), and ``gymnasium.make_vec("reversi_rules/
Othello-v0", opponent="random")`` in its default vectorization mode (its
class is printed): one step there is the learner's move and the opponent's
reply, counted as one step. The env's own cost beside ``Batch``'s, with the
same outputs: both with each game's first legal action (``mask.argmax``),
``make_vec`` in self-play (one ply a step, as ``Batch``).

The peers are never dependencies of the package: install them into the
virtual environment that runs this script (``pip install jax pgx open_spiel
rust-reversi envpool``) and put alpha-zero-general's checkout on
``PYTHONPATH`` (the ``othello`` package and ``Game.py``); a peer that does
not import is listed as missing. EnvPool's ``Othello-v1`` (self-play, one
step per ply) is timed synchronous (``num_envs = batch_size``) and
asynchronous (``send``/``recv``, ``num_envs = 2 * batch_size``) at 1 and 2
threads, at batch 1024 and the batch sizes given, its actions drawn in
NumPy from ``info["legal_action_mask"]``. Then rollouts in Rust (random and
greedy players, batch 1024) and the dataset export of data/wthor's
1977-1985 files.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import reversi_rules as rr


def rate(plies_per_round: int, one_round: Callable[[], object], seconds: float) -> float:
    """Plies per second of ``one_round`` repeated for about ``seconds``."""
    one_round()  # warm up (and compile, for jit)
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        one_round()
        rounds += 1
    return plies_per_round * rounds / (time.perf_counter() - start)


def ours_batch(n: int, seconds: float, observe: bool = True) -> float:
    batch = rr.Batch(n, seed=1)
    obs, mask = batch.observation(), batch.legal_mask()
    actions = np.zeros(n, dtype=np.int64)

    def hundred() -> None:
        for _ in range(100):
            if observe:
                batch.observation(out=obs)
                batch.legal_mask(out=mask)
            batch.step(batch.random_actions(out=actions))

    return rate(100 * n, hundred, seconds)


def random_legal(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One uniformly random legal action per row of ``mask`` (n, A), drawn in NumPy."""
    keys = rng.random(mask.shape)
    keys[mask == 0] = -1.0
    return keys.argmax(axis=1)


def ours_batch_numpy(n: int, seconds: float) -> float:
    """``ours_batch`` with the actions drawn in NumPy from the mask, as a trainer's loop does."""
    batch = rr.Batch(n, seed=1)
    obs, mask = batch.observation(), batch.legal_mask()
    rng = np.random.default_rng(1)

    def hundred() -> None:
        for _ in range(100):
            batch.observation(out=obs)
            batch.legal_mask(out=mask)
            batch.step(random_legal(rng, mask))

    return rate(100 * n, hundred, seconds)


def ours_batch_first(n: int, seconds: float) -> float:
    """``ours_batch`` with each game's first legal action: the env's cost, little else.

    The ``argmax`` of the mask's ``int8`` view, as the vector env's
    ``infos["action_mask"]`` is (NumPy's ``argmax`` of a ``bool`` array is
    faster: 28 M against 21 M steps/s at 1024 on one core).
    """
    batch = rr.Batch(n, seed=1)
    obs, mask = batch.observation(), batch.legal_mask()
    mask8 = mask.view(np.int8)

    def hundred() -> None:
        for _ in range(100):
            batch.observation(out=obs)
            batch.legal_mask(out=mask)
            batch.step(mask8.argmax(axis=1))

    return rate(100 * n, hundred, seconds)


def make_vec_env(n: int, opponent: str = "random") -> Any:
    """``gymnasium.make_vec`` of Othello-v0 against ``opponent``, default vectorization mode."""
    import gymnasium

    import reversi_rules.gymnasium  # noqa: F401  (registers the ids)

    return gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=n, opponent=opponent)


def ours_make_vec(n: int, seconds: float, opponent: str = "random", first: bool = False) -> float:
    """Steps per second of ``make_vec_env(n, opponent)``: NumPy actions, or the first legal one."""
    envs = make_vec_env(n, opponent)
    _, info = envs.reset(seed=1)
    rng = np.random.default_rng(1)

    def ten() -> None:
        nonlocal info
        for _ in range(10):
            mask = info["action_mask"]
            _, _, _, _, info = envs.step(mask.argmax(axis=1) if first else random_legal(rng, mask))

    try:
        return rate(10 * n, ten, seconds)
    finally:
        envs.close()


def envpool_rate(n: int, threads: int, asynchronous: bool, seconds: float) -> float:
    """EnvPool's Othello-v1, self-play: steps per second, sync or ``send``/``recv`` with 2n games."""
    import envpool

    total = 2 * n if asynchronous else n
    env = envpool.make(
        "Othello-v1", env_type="gymnasium", num_envs=total, batch_size=n, num_threads=threads, seed=1
    )
    rng = np.random.default_rng(1)
    if asynchronous:
        env.async_reset()

        def hundred() -> None:
            for _ in range(100):
                _, _, _, _, info = env.recv()
                env.send(random_legal(rng, info["legal_action_mask"]), info["env_id"])

    else:
        _, info = env.reset()

        def hundred() -> None:
            nonlocal info
            for _ in range(100):
                _, _, _, _, info = env.step(random_legal(rng, info["legal_action_mask"]))

    try:
        return rate(100 * n, hundred, seconds)
    finally:
        env.close()


def ours_position(seconds: float) -> float:
    """One Position played from Python: moves, a random choice, play or pass."""
    rng = random.Random(1)
    pos = rr.Position()

    def hundred() -> None:
        nonlocal pos
        for _ in range(100):
            if pos.is_game_over():
                pos = rr.Position()
                continue
            moves = pos.moves()
            if moves:
                pos.play(rng.choice(moves))
            else:
                pos.pass_()

    return rate(100, hundred, seconds)


def pgx_rate(n: int, seconds: float, in_jit: bool) -> float:
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make("othello")
    step = jax.vmap(auto_reset(env.step, env.init))

    def one(state, key):  # the observation and mask are computed by step
        k1, k2 = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(k1, logits, axis=-1)
        return step(state, actions, jax.random.split(k2, n))

    state = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.PRNGKey(0), n))
    key = jax.random.PRNGKey(1)
    if in_jit:

        @jax.jit
        def hundred(state, key):
            def body(_, carry):
                state, key = carry
                key, sub = jax.random.split(key)
                return one(state, sub), key

            return jax.lax.fori_loop(0, 100, body, (state, key))

        def go() -> None:
            nonlocal state, key
            state, key = hundred(state, key)
            state.observation.block_until_ready()

        return rate(100 * n, go, seconds)
    jitted = jax.jit(one)

    def go_python() -> None:
        nonlocal state, key
        for _ in range(100):
            key, sub = jax.random.split(key)
            state = jitted(state, sub)
        state.observation.block_until_ready()

    return rate(100 * n, go_python, seconds)


def open_spiel_rate(seconds: float, observe: bool) -> float:
    import pyspiel

    game = pyspiel.load_game("othello")
    rng = random.Random(1)
    state = game.new_initial_state()

    def hundred() -> None:
        nonlocal state
        for _ in range(100):
            if state.is_terminal():
                state = game.new_initial_state()
            if observe:
                state.observation_tensor()
                state.legal_actions_mask()
            state.apply_action(rng.choice(state.legal_actions()))

    return rate(100, hundred, seconds)


def rust_reversi_rate(seconds: float, observe: bool) -> float:
    from rust_reversi import Board

    rng = random.Random(1)
    board = Board()

    def hundred() -> None:
        nonlocal board
        for _ in range(100):
            if board.is_game_over():
                board = Board()
            if observe:
                board.get_board_matrix()
                board.get_legal_moves_tf()
            moves = board.get_legal_moves_vec()
            if moves:
                board.do_move(rng.choice(moves))
            else:
                board.do_pass()

    return rate(100, hundred, seconds)


def azg_rate(seconds: float) -> float:
    from othello.OthelloGame import OthelloGame

    game = OthelloGame(8)
    rng = np.random.default_rng(1)
    board, player = game.getInitBoard(), 1

    def ten() -> None:
        nonlocal board, player
        for _ in range(10):
            game.getCanonicalForm(board, player)  # its observation
            valid = game.getValidMoves(board, player)  # its mask, pass last
            board, player = game.getNextState(board, player, rng.choice(np.flatnonzero(valid)))
            if game.getGameEnded(board, player) != 0:
                board, player = game.getInitBoard(), 1

    return rate(10, ten, seconds)


def self_play(args: argparse.Namespace) -> None:
    """Times every line ``args.repeat`` times, interleaved, and prints the medians."""
    lines: list[tuple[str, Callable[[], float]]] = []
    for n in args.batch:
        lines += [
            (f"reversi_rules Batch, observation + mask ({n})", lambda n=n: ours_batch(n, args.seconds)),
            (f"reversi_rules Batch, bare ({n})", lambda n=n: ours_batch(n, args.seconds, observe=False)),
            (
                f"reversi_rules Batch, obs + mask, NumPy actions ({n})",
                lambda n=n: ours_batch_numpy(n, args.seconds),
            ),
            (
                f"reversi_rules Batch, obs + mask, first legal ({n})",
                lambda n=n: ours_batch_first(n, args.seconds),
            ),
        ]
    try:
        probe = make_vec_env(1)
        kind = type(probe).__name__
        probe.close()
        for n in args.batch:
            lines.append(
                (
                    f"reversi_rules make_vec vs random, {kind} ({n})",
                    lambda n=n: ours_make_vec(n, args.seconds),
                )
            )
            lines.append(
                (
                    f"reversi_rules make_vec self-play, first legal ({n})",
                    lambda n=n: ours_make_vec(n, args.seconds, "self", first=True),
                )
            )
    except ImportError as missing:
        print(f"reversi_rules make_vec: gymnasium not installed ({missing})")
    lines.append(("reversi_rules Position from Python (1)", lambda: ours_position(args.seconds)))
    if args.peers:
        peers: list[tuple[str, str, Callable[[], float]]] = []  # name, modules it imports, run
        for n in sorted(set(args.batch) | {1024}):
            for threads in (1, 2):
                for asynchronous, how in ((False, "sync"), (True, "async 2n")):
                    name = f"EnvPool Othello-v1, {how}, {threads} thr ({n})"
                    run = lambda n=n, t=threads, a=asynchronous: envpool_rate(n, t, a, args.seconds)  # noqa: E731
                    peers.append((name, "envpool", run))
        for n in args.batch:
            if n > 1:
                for in_jit, where in ((True, "inside jit"), (False, "from Python")):
                    run = lambda n=n, j=in_jit: pgx_rate(n, args.seconds, j)  # noqa: E731
                    peers.append((f"pgx, loop {where} ({n})", "jax pgx", run))
        peers += [
            ("OpenSpiel, observation + mask (1)", "pyspiel", lambda: open_spiel_rate(args.seconds, True)),
            ("OpenSpiel, bare (1)", "pyspiel", lambda: open_spiel_rate(args.seconds, False)),
            (
                "rust-reversi, observation + mask (1)",
                "rust_reversi",
                lambda: rust_reversi_rate(args.seconds, True),
            ),
            ("rust-reversi, bare (1)", "rust_reversi", lambda: rust_reversi_rate(args.seconds, False)),
            ("alpha-zero-general OthelloGame (1)", "othello.OthelloGame", lambda: azg_rate(args.seconds)),
        ]
        for name, modules, run in peers:
            try:
                for module in modules.split():
                    importlib.import_module(module)
                lines.append((name, run))
            except ImportError as missing:
                print(f"{name}: not installed ({missing})")
    rates: dict[str, list[float]] = {name: [] for name, _ in lines}
    for _ in range(args.repeat):
        for name, run in lines:
            rates[name].append(run())
    spread = args.repeat > 1
    print(
        f"{'self-play, one step per ply (batch)':<56} {'steps/s':>14}" + ("  (min - max)" if spread else "")
    )
    for name, values in rates.items():
        extra = f"  ({min(values):,.0f} - {max(values):,.0f})" if spread else ""
        print(f"{name:<56} {statistics.median(values):>14,.0f}{extra}")


def rollouts_and_datasets(seconds: float) -> None:
    for policies in [("random", "random"), ("greedy", "greedy"), ("greedy", "random")]:
        games = rr.Batch(1024, seed=2)
        finished = rate(1024, lambda games=games, policies=policies: games.rollout(policies), seconds)
        print(f"rollout {'-'.join(policies)}: {finished:,.0f} games/s (batch 1024)")
    wthor = sorted((Path(__file__).resolve().parents[2] / "data" / "wthor").glob("WTH_19*.wtb"))
    for augment in (False, True):
        best = 0.0
        for _ in range(5):
            start = time.perf_counter()
            rows = sum(len(chunk["action"]) for chunk in rr.dataset(wthor, augment=augment))
            best = max(best, rows / (time.perf_counter() - start))
        label = f"dataset {len(wthor)} WTHOR files, augment={augment}"
        print(f"{label}: {rows:,} rows, {best:,.0f} rows/s (best of 5)")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        summary = rr.save_npz(Path(tmp) / "wthor.npz", wthor, augment=True)
        per_second = summary["rows"] / (time.perf_counter() - start)
        print(f"save_npz augment=True: {summary['rows']:,} rows, {per_second:,.0f} rows/s")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("batch", nargs="*", type=int, default=[1, 64, 1024], help="batch sizes")
    parser.add_argument("--peers", action="store_true", help="also time every peer installed")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=1, help="measurements per line (the median is printed)")
    parser.add_argument("--no-rollouts", action="store_true", help="self-play only")
    args = parser.parse_args()
    self_play(args)
    if not args.no_rollouts:
        rollouts_and_datasets(args.seconds)


if __name__ == "__main__":
    main()
