"""Random self-play, rollouts and dataset export of reversi_rules, beside its peers.

Self-play as PEERS.md times the peers: 8x8 Othello, uniformly random legal
moves, one step per ply (passes included), the observation and the legal
mask of every game read at every step, finished games reset at once. Ours
writes both into reused arrays and draws the actions in Rust.

    python benches/python/bench.py                 # ours: batch 1, 64, 1024
    taskset -c 0 python benches/python/bench.py --peers   # and every peer installed

The peers are never dependencies of the package: install them into the
virtual environment that runs this script (``pip install jax pgx open_spiel
rust-reversi``) and put alpha-zero-general's checkout on ``PYTHONPATH``
(the ``othello`` package and ``Game.py``); a peer that does not import is
listed as missing. Then rollouts in Rust (random and greedy players, batch
1024) and the dataset export of data/wthor's 1977-1985 files.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

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
    rows: list[tuple[str, int, float]] = []
    for n in args.batch:
        rows.append((f"reversi_rules Batch, observation + mask ({n})", n, ours_batch(n, args.seconds)))
        rows.append((f"reversi_rules Batch, bare ({n})", n, ours_batch(n, args.seconds, observe=False)))
    rows.append(("reversi_rules Position from Python (1)", 1, ours_position(args.seconds)))
    if args.peers:
        peers: list[tuple[str, int, Callable[[], float]]] = []
        for n in args.batch:
            if n > 1:
                for in_jit, where in ((True, "inside jit"), (False, "from Python")):
                    peers.append(
                        (f"pgx, loop {where} ({n})", n, lambda n=n, j=in_jit: pgx_rate(n, args.seconds, j))
                    )
        peers += [
            ("OpenSpiel, observation + mask (1)", 1, lambda: open_spiel_rate(args.seconds, True)),
            ("OpenSpiel, bare (1)", 1, lambda: open_spiel_rate(args.seconds, False)),
            ("rust-reversi, observation + mask (1)", 1, lambda: rust_reversi_rate(args.seconds, True)),
            ("rust-reversi, bare (1)", 1, lambda: rust_reversi_rate(args.seconds, False)),
            ("alpha-zero-general OthelloGame (1)", 1, lambda: azg_rate(args.seconds)),
        ]
        for name, n, run in peers:
            try:
                rows.append((name, n, run()))
            except ImportError as missing:
                print(f"{name}: not installed ({missing})")
    print(f"{'self-play, one step per ply (batch)':<48} {'plies/s':>14}")
    for name, _, plies in rows:
        print(f"{name:<48} {plies:>14,.0f}")


def rollouts_and_datasets(seconds: float) -> None:
    for players in [("random", "random"), ("greedy", "greedy"), ("greedy", "random")]:
        games = rr.Batch(1024, seed=2)
        finished = rate(1024, lambda games=games, players=players: games.rollout(players), seconds)
        print(f"rollout {'-'.join(players)}: {finished:,.0f} games/s (batch 1024)")
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
    parser.add_argument("--no-rollouts", action="store_true", help="self-play only")
    args = parser.parse_args()
    self_play(args)
    if not args.no_rollouts:
        rollouts_and_datasets(args.seconds)


if __name__ == "__main__":
    main()
