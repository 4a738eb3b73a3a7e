"""Exact solves in batches: positions per second of ``solve_many`` on 1 and 2 threads.

The positions come from seeded random play on 8x8 stopped at ``--empties``
empty squares (games that end before are replayed with the next seed), the
same set on every run. Each round solves them all; the figure is the median
of ``--repeat`` rounds, thread counts interleaved. ``solve`` of each position
in a Python loop is timed beside them (the batch's one-thread baseline).

    python benches/python/solve_many.py                        # 200 positions at 14 empties
    python benches/python/solve_many.py --positions 500 --empties 12 --repeat 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import reversi_rules as rr


def late(seed: int, empties: int) -> rr.Position | None:
    """Random play from the start to ``empties`` empty squares, or None if the game ends first."""
    rng = random.Random(seed)
    position = rr.Position()
    while sum(position.score()) < 64 - empties:
        if position.is_game_over():
            return None
        position.play(rng.choice(position.moves()))
    return None if position.is_game_over() else position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--empties", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--hash-mib", type=int, default=64)
    args = parser.parse_args()

    positions: list[rr.Position] = []
    seed = 0
    while len(positions) < args.positions:
        p = late(seed, args.empties)
        seed += 1
        if p is not None:
            positions.append(p)

    def batch(threads: int) -> tuple[float, int]:
        start = time.perf_counter()
        many = rr.solve_many(positions, threads=threads, hash_mib=args.hash_mib)
        return time.perf_counter() - start, int(many["nodes"].sum())

    def one_by_one() -> tuple[float, int]:
        start = time.perf_counter()
        nodes = sum(rr.solve(p, hash_mib=args.hash_mib)["nodes"] for p in positions)
        return time.perf_counter() - start, nodes

    runs: dict[str, list[tuple[float, int]]] = {"solve, a loop": [], "solve_many, 1 thread": []}
    runs["solve_many, 2 threads"] = []
    for _ in range(args.repeat):
        runs["solve, a loop"].append(one_by_one())
        runs["solve_many, 1 thread"].append(batch(1))
        runs["solve_many, 2 threads"].append(batch(2))
    print(f"{len(positions)} positions at {args.empties} empties, median of {args.repeat} rounds")
    one = statistics.median(s for s, _ in runs["solve_many, 1 thread"])
    for name, timings in runs.items():
        seconds = statistics.median(s for s, _ in timings)
        nodes = timings[0][1]
        print(
            f"{name:>22}: {seconds:8.3f} s  {len(positions) / seconds:10.1f} positions/s"
            f"  {nodes / seconds / 1e6:7.2f} M nodes/s  {one / seconds:5.2f}x solve_many on 1 thread"
        )


if __name__ == "__main__":
    main()
