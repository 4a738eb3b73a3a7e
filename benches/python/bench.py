"""Steps per second of reversi_rules.Batch (8x8 Reversi), as PEERS.md times peers.

Each step is one ply of every game (passes included), with the observation
and the legal mask written each step into reused arrays, a uniformly random
legal action per game (drawn in Rust) and finished games reset at once.

    python benches/python/bench.py            # batch 1, 64, 1024
    taskset -c 0 python benches/python/bench.py 1024 16384

Then rollouts in Rust (random and greedy players, batch 1024) and the dataset
export of data/wthor's 1977-1985 files (rows per second, plain and with the 8
symmetries, and through save_npz).
"""

import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import reversi_rules as rr


def steps_per_second(n: int, seconds: float = 2.0) -> tuple[float, float]:
    """Plies per second with observation and mask each step, and bare."""
    batch = rr.Batch(n, seed=1)
    obs = batch.observation()
    mask = batch.legal_mask()
    actions = np.zeros(n, dtype=np.int64)
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            batch.observation(out=obs)
            batch.legal_mask(out=mask)
            batch.step(batch.random_actions(out=actions))
        rounds += 100
    full = n * rounds / (time.perf_counter() - start)
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            batch.step(batch.random_actions(out=actions))
        rounds += 100
    bare = n * rounds / (time.perf_counter() - start)
    return full, bare


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1, 64, 1024]
    print(f"{'batch':>6} {'obs+mask+step/s':>16} {'step/s':>12}")
    for n in sizes:
        full, bare = steps_per_second(n)
        print(f"{n:>6} {full:>16,.0f} {bare:>12,.0f}")
    for players in [("random", "random"), ("greedy", "greedy"), ("greedy", "random")]:
        games = rr.Batch(1024, seed=2)
        start = time.perf_counter()
        finished = 0
        while time.perf_counter() - start < 2.0:
            games.rollout(players)
            finished += 1024
        rate = finished / (time.perf_counter() - start)
        print(f"rollout {'-'.join(players)}: {rate:,.0f} games/s (batch 1024)")
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
        rate = summary["rows"] / (time.perf_counter() - start)
        print(f"save_npz augment=True: {summary['rows']:,} rows, {rate:,.0f} rows/s")


if __name__ == "__main__":
    main()
