"""A round robin between small Python policies: the crosstable, and each pairing's Elo over its games.

    python examples/python/tournament.py                  # 3 policies, 40 games a pairing, a few seconds
    python examples/python/tournament.py --quick          # 8 games a pairing (the tests' run)
    python examples/python/tournament.py --plot elo.png   # also plots Elo over games (matplotlib)

Three policies play ``rr.tournament``, the library call behind ``reversi
tournament``: ``first`` (the first legal move, a1 to h8), ``greedy`` (the
move that leaves it the most discs) and ``mobility`` (the move that leaves
the opponent the fewest moves). Every pairing plays the same seeded random
openings (``openings_random`` plies, ``--seed``), each with both colours.
After each game the progress callback notes its pairing's Elo (the first
engine's, by games, with its 95% interval); at the end the crosstable is
printed (points, wins, draws, losses, Elo against the field by pairs, disc
difference), then each pairing's Elo, and with ``--plot FILE`` the Elo of each
pairing over its games is drawn to FILE when matplotlib is installed (a note
says so when it is not). The package only: ``pip install .`` from a checkout.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import reversi_rules as rr


def first(position: rr.Position) -> str:
    """The first legal move, a1 to h8."""
    return position.moves()[0]


def greedy(position: rr.Position) -> str:
    """The move that leaves the mover the most discs (the first of equals)."""
    me = 0 if position.side_to_move == "black" else 1
    return max(position.moves(), key=lambda mv: position.played(mv).score()[me])


def mobility(position: rr.Position) -> str:
    """The move that leaves the opponent the fewest moves (the first of equals)."""
    return min(position.moves(), key=lambda mv: len(position.played(mv).moves()))


def run(games: int, plies: int, seed: int) -> tuple[Any, dict[str, list[tuple[int, float]]]]:
    """The tournament's result and, by pairing ("first - second"), its
    first engine's Elo after each of its games (once it has one)."""
    elo: dict[str, list[tuple[int, float]]] = {}

    def progress(game: Any) -> None:
        standing = game["standing"]["games"]
        key = f"{game['first']} - {game['second']}"
        if standing["elo"] is not None:
            elo.setdefault(key, []).append((standing["games"], standing["elo"]))

    result = rr.tournament(
        [first, greedy, mobility], games=games, openings_random=plies, seed=seed, time=30.0, progress=progress
    )
    return result, elo


def number(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:+.{digits}f}"


def crosstable(result: Any) -> list[str]:
    """The crosstable's lines, by points."""
    lines = [
        f"{'#':>2} {'name':<10} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'points':>7} {'Elo':>7} {'discs':>6}"
    ]
    for rank, row in enumerate(result["rows"], 1):
        s = row["standing"]
        g = s["games"]
        lines.append(
            f"{rank:>2} {row['name']:<10} {g['games']:>5} {g['wins']:>4} {g['draws']:>4} {g['losses']:>4}"
            f" {row['points']:>7.1f} {number(s['elo']):>7} {number(s['discs']):>6}"
        )
    for pairing in result["pairings"]:
        s = pairing["standing"]
        interval = f"[{number(s['elo_low'])}, {number(s['elo_high'])}]"
        lines.append(
            f"{pairing['first']} vs {pairing['second']}: Elo {number(s['elo'])} {interval},"
            f" pentanomial {s['pentanomial']}"
        )
    return lines


def plot(elo: dict[str, list[tuple[int, float]]], path: str) -> bool:
    """Draws each pairing's Elo over its games to ``path``: False when
    matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(7, 4))
    for key, points in elo.items():
        ax.plot([g for g, _ in points], [e for _, e in points], label=key)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("games of the pairing")
    ax.set_ylabel("Elo of the first engine")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games a pairing (default 40)")
    parser.add_argument("--quick", action="store_true", help="8 games a pairing")
    parser.add_argument("--plies", type=int, default=6, help="the random openings' plies (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="the openings' seed (default 1)")
    parser.add_argument("--plot", metavar="FILE", help="draw each pairing's Elo over its games (matplotlib)")
    args = parser.parse_args(argv)
    result, elo = run(8 if args.quick else args.games, args.plies, args.seed)
    print(f"{result['games']} games")
    for line in crosstable(result):
        print(line)
    if args.plot is not None:
        if plot(elo, args.plot):
            print(f"Elo over games: {args.plot}")
        else:
            print("matplotlib is not installed: no plot")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
