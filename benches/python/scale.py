"""How the batch scales: threads against batch size, and async steps against a model's latency.

    python benches/python/scale.py threads [--seconds S] [BATCH ...]
    python benches/python/scale.py async [--seconds S] [--model-ms MS] [BATCH ...]

``threads``: ``Batch`` (observation, mask and a step every ply, random legal
actions from the batch's streams) and the vector env (``gymnasium.make_vec``,
self-play, the same outputs, each episode's first legal action: NumPy's
``argmax`` of the mask, on one thread) at ``threads=1`` and ``threads=2``,
batches 64 to 65,536 by default: steps per second (medians of 5 rounds) and
the ratio.

``async``: a training loop's shape, a stand-in model of fixed latency
(``time.sleep``: the GIL released, as a GPU's inference) picks the actions.
Synchronous: ``model(obs)`` then ``step``. Asynchronous, as EnvPool's
``send``/``recv``: two vector envs of the batch size taking turns, one
stepping on its Rust thread (``step_async``) while the model thinks for the
other, then ``step_wait``. Steps per second of each and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import gymnasium
import numpy as np

import reversi_rules as rr
import reversi_rules.gymnasium  # noqa: F401  (registers the ids)


def median_rate(steps_per_round: int, one_round: Callable[[], object], seconds: float) -> float:
    """Steps per second, the median of 5 timed rounds of about ``seconds / 5`` each."""
    one_round()  # warm up
    rates = []
    for _ in range(5):
        start, rounds = time.perf_counter(), 0
        while True:
            one_round()
            rounds += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / 5:
                break
        rates.append(steps_per_round * rounds / elapsed)
    return statistics.median(rates)


def batch_rate(n: int, threads: int, seconds: float) -> float:
    batch = rr.Batch(n, seed=0, threads=threads)
    obs, mask = np.empty((n, 2, 8, 8), np.uint8), np.empty((n, 65), bool)
    actions = np.empty(n, np.int64)

    def ten() -> None:
        for _ in range(10):
            batch.observation(out=obs)
            batch.legal_mask(out=mask)
            batch.step(batch.random_actions(out=actions))

    return median_rate(10 * n, ten, seconds)


def vector_rate(n: int, threads: int, seconds: float) -> float:
    envs = gymnasium.make_vec(
        "reversi_rules/Othello-v0", num_envs=n, opponent="self", threads=threads, copy=False
    )
    obs, infos = envs.reset(seed=0)
    actions = np.empty(n, np.int64)
    state = {"infos": infos}

    def ten() -> None:
        for _ in range(10):
            np.argmax(state["infos"]["action_mask"], axis=1, out=actions)
            *_, state["infos"] = envs.step(actions)

    return median_rate(10 * n, ten, seconds)


def threads_table(batches: list[int], seconds: float) -> None:
    head = f"{'Batch 1t':>9} {'2t':>9} {'2t/1t':>6} | {'make_vec 1t':>11} {'2t':>9} {'2t/1t':>6}"
    print(f"{'batch':>7} | {head}")
    for n in batches:
        b1, b2 = batch_rate(n, 1, seconds), batch_rate(n, 2, seconds)
        v1, v2 = vector_rate(n, 1, seconds), vector_rate(n, 2, seconds)
        batch = f"{b1 / 1e6:>8.2f}M {b2 / 1e6:>8.2f}M {b2 / b1:>5.2f}x"
        vector = f"{v1 / 1e6:>10.2f}M {v2 / 1e6:>8.2f}M {v2 / v1:>5.2f}x"
        print(f"{n:>7} | {batch} | {vector}")


def async_table(batches: list[int], seconds: float, model_ms: float) -> None:
    latency = model_ms / 1000

    def model(infos: dict) -> np.ndarray:
        time.sleep(latency)  # the network's forward pass, GIL released
        return infos["action_mask"].argmax(axis=1)  # the first legal action

    print(f"model {model_ms} ms (time.sleep); opponent random; steps/s of the learner")
    print(f"{'batch':>7} | {'sync':>9} {'async':>9} {'ratio':>6}")
    for n in batches:
        envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=n, copy=False)
        _, infos = envs.reset(seed=0)
        state = {"infos": infos}

        def sync_round(envs: gymnasium.vector.VectorEnv = envs, state: dict = state) -> None:
            for _ in range(4):
                *_, state["infos"] = envs.step(model(state["infos"]))

        pair = [gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=n, copy=False) for _ in range(2)]
        pending = [p.reset(seed=i)[1] for i, p in enumerate(pair)]
        pair[0].step_async(model(pending[0]))

        def async_round(pair: list = pair, pending: list = pending) -> None:
            for _ in range(2):
                for me in (1, 0):
                    # The other env steps on its thread while the model thinks for this one.
                    actions = model(pending[me])
                    *_, pending[1 - me] = pair[1 - me].step_wait()
                    pair[me].step_async(actions)

        s, a = median_rate(4 * n, sync_round, seconds), median_rate(4 * n, async_round, seconds)
        print(f"{n:>7} | {s / 1e6:>8.3f}M {a / 1e6:>8.3f}M {a / s:>5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=["threads", "async"])
    parser.add_argument("batch", nargs="*", type=int)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--model-ms", type=float, default=1.0, help="the stand-in model's latency")
    args = parser.parse_args()
    if args.what == "threads":
        threads_table(args.batch or [64, 256, 1024, 4096, 16384, 65536], args.seconds)
    else:
        async_table(args.batch or [256, 1024, 4096, 16384], args.seconds, args.model_ms)


if __name__ == "__main__":
    main()
