"""The package and the ``reversi`` command give the same for the same request.

``convert``: the same bytes for every pair of formats (one implementation,
reversi-notation's ``write_path`` and ``convert_record``), and every file
written replays with every game legal. ``play``: the same seed gives the
same games from ``reversi play`` and ``Batch``; both draw from
reversi-engine's players and streams (game ``i`` of seed ``s`` from
``SplitMix64::for_game(s, i)``); ``Batch`` plays 8x8 Reversi on raw
bitboards and every other game through the engine's ``BuiltinPolicy::choose``. The
command is the one ``cargo test --workspace`` builds (``target/debug``), or
``REVERSI_CLI``; the README's test command builds it before these tests run.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

import reversi_rules as rr

ROOT = Path(__file__).resolve().parents[2]


def cli() -> str:
    given = os.environ.get("REVERSI_CLI")
    if given:
        return given
    for build in ("debug", "release"):
        path = ROOT / "target" / build / "reversi"
        if path.is_file():
            return str(path)
    pytest.skip("no reversi command: cargo build -p reversi-cli (or set REVERSI_CLI)")


def played(tmp_path: Path, n: int, seed: int, black: str, white: str, game: list[str]) -> list[rr.Record]:
    out = tmp_path / "games.pgn"
    argv = [cli(), "play", "--games", str(n), "--seed", str(seed), "--black", black, "--white", white]
    subprocess.run([*argv, *game, "-o", str(out)], check=True)
    return list(rr.read(out))


CASES = [
    # (variant and board options of both, players, seed)
    ([], "random", "random", 5),
    ([], "greedy", "random", 1),
    ([], "greedy", "greedy", 2),
    (["--board", "6x6"], "random", "greedy", 3),
    (["--board", "4x4"], "random", "random", 4),  # forced passes
    (["--holes", "a1,h8,d1"], "random", "random", 6),
    (["--variant", "attacks", "--board", "5x5", "--max-plies", "40"], "random", "greedy", 7),
]


def batch_options(game: list[str]) -> dict[str, object]:
    flags = dict(zip(game[::2], game[1::2]))
    options: dict[str, object] = {"board": flags.get("--board", "8x8")}
    if "--holes" in flags:
        options["holes"] = flags["--holes"].split(",")
    return options


@pytest.mark.parametrize(("game", "black", "white", "seed"), CASES)
def test_rollout_ends_where_reversi_play_ends(tmp_path, game, black, white, seed):
    n = 48
    records = played(tmp_path, n, seed, black, white, game)
    flags = dict(zip(game[::2], game[1::2]))
    variant = flags.get("--variant", "reversi")
    batch = rr.Batch(n, variant, seed=seed, auto_reset=False, **batch_options(game))
    max_plies = int(flags["--max-plies"]) if "--max-plies" in flags else None
    scores = batch.rollout((black, white), max_plies=max_plies)
    expected = np.array([r.plies()[-1][2].score() for r in records], dtype=np.int32)
    np.testing.assert_array_equal(scores, expected)
    assert len({tuple(r.moves) for r in records}) > n // 2  # the games differ


@pytest.mark.parametrize(("game", "player", "seed"), [([], "greedy", 9), (["--board", "4x4"], "random", 8)])
def test_policy_actions_are_the_moves_of_reversi_play(tmp_path, game, player, seed):
    n = 16
    records = played(tmp_path, n, seed, player, player, game)
    # Ended games start again (a step takes no over game); their moves after
    # the end are not the record's.
    batch = rr.Batch(n, seed=seed, **batch_options(game))
    moves: list[list[str]] = [[] for _ in range(n)]
    done = np.zeros(n, bool)
    while not done.all():
        actions = batch.policy_actions(player)
        for i in np.flatnonzero(~done):
            moves[i].append(batch.move_of(int(actions[i])))
        _, terminated = batch.step(actions)
        done |= terminated
    assert moves == [r.moves for r in records]


SOURCES = ["wthor/WTH_1980.wtb", "pgn/playok.pgn", "ggf/gg-archive-2003.ggf", "obf/fforum-1-19.obf"]
TARGETS = ["txt", "pgn", "ggf", "wtb", "obf", "pos"]


def written(path: Path) -> dict[str, bytes]:
    """The files a conversion to ``path`` made (WTHOR: its names beside it)."""
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir())}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("source", SOURCES)
def test_convert_gives_the_bytes_of_reversi_convert(tmp_path, source, target):
    data = ROOT / "data" / source
    (tmp_path / "cli").mkdir()
    (tmp_path / "py").mkdir()
    cli_out, py_out = tmp_path / "cli" / f"out.{target}", tmp_path / "py" / f"out.{target}"
    done = subprocess.run([cli(), "convert", str(data), "-o", str(cli_out)], capture_output=True, text=True)
    try:
        warnings = rr.convert(data, py_out)
    except rr.ReversiError as e:
        # Refused by both, with the same message, nothing written.
        assert done.returncode != 0, done.stderr
        assert str(e) in done.stderr
        assert written(py_out) == written(cli_out) == {}
        return
    assert done.returncode == 0, done.stderr
    assert written(py_out) == written(cli_out)
    assert [f"reversi: warning: {w}" for w in warnings] == done.stderr.splitlines()
    # Every game written replays, every move legal.
    replayed = subprocess.run([cli(), "replay", str(py_out)], capture_output=True, text=True)
    assert replayed.returncode == 0, replayed.stdout[-2000:]


@pytest.mark.parametrize(
    ("name", "where"),
    [
        ("out.zip", "out.zip: the extension names no format: expected .txt, .pgn"),
        ("out.pgn", "this is the input"),
    ],
)
def test_convert_refuses_an_output_in_the_library_s_words(tmp_path: Path, name: str, where: str) -> None:
    # reversi-notation words the refusal (Format::for_output, PathError); both
    # name the path as given and add only their own argument's hint.
    source = tmp_path / "in.pgn"
    source.write_text("1. f5 d6 *\n")
    out = source if name == "out.pgn" else tmp_path / name
    done = subprocess.run([cli(), "convert", str(source), "-o", str(out)], capture_output=True, text=True)
    with pytest.raises(ValueError) as raised:
        rr.convert(source, out)
    sentence = str(raised.value).removeprefix("format= is needed: ")
    assert done.returncode == 2, done.stderr
    assert where in sentence
    assert done.stderr.startswith(f"reversi: -o {sentence}"), (done.stderr, sentence)


def test_match_adjudicated_as_the_cli(tmp_path: Path) -> None:
    # The same engines, games and limit: the same games, results and
    # terminations (the CLI adds its match's definition and names its openings
    # file where Python names a list; the times differ).
    out, openings = tmp_path / "cli.ggf", tmp_path / "openings.txt"
    openings.write_text("f5d6c3\nf5f6e6f4\n")
    greedy, rand = f"'{cli()}' gtp --policy greedy", f"'{cli()}' gtp"
    argv = [cli(), "match", f"gtp:{greedy}", f"gtp:{rand}", "--openings", str(openings), "--adjudicate", "12"]
    subprocess.run([*argv, "-o", str(out)], check=True, capture_output=True)
    with rr.Engine(greedy) as a, rr.Engine(rand) as b:
        games = rr.match(a, b, openings=list(rr.read(openings)), adjudicate=12)["records"]
    rr.write(games, tmp_path / "python.ggf")

    def comparable(path: Path) -> str:
        return re.sub(r"Match\w+\[[^]]*\]|Opening\[[^]]*\]|//[0-9.]+", "", path.read_text())

    assert comparable(out) == comparable(tmp_path / "python.ggf")
    assert comparable(out).count("Termination[adjudicated at 12 empties") >= 1


def test_tournament_as_the_cli(tmp_path: Path) -> None:
    # The same engines, openings and games, one at a time: the same games,
    # names, rounds and results (the times differ; the definitions name the
    # commands as each was given).
    out, openings = tmp_path / "cli.ggf", tmp_path / "openings.txt"
    openings.write_text("f5d6c3\nf5f6e6f4\n")
    greedy, rand, seeded = (f"'{cli()}' gtp --policy greedy", f"'{cli()}' gtp", f"'{cli()}' gtp --seed 9")
    argv = [cli(), "tournament", f"gtp:{greedy}", f"gtp:{rand}", f"gtp:{seeded}", "--openings", str(openings)]
    subprocess.run([*argv, "-o", str(out)], check=True, capture_output=True)
    with rr.Engine(greedy) as a, rr.Engine(rand) as b, rr.Engine(seeded) as c:
        result = rr.tournament([a, b, c], openings=list(rr.read(openings)))
    rr.write(result["records"], tmp_path / "python.ggf")

    def comparable(path: Path) -> str:
        return re.sub(r"Match\w+\[[^]]*\]|Opening\[[^]]*\]|//[0-9.]+", "", path.read_text())

    assert comparable(out) == comparable(tmp_path / "python.ggf")
    assert comparable(out).count("Tournament[roundrobin of 3]") == 12
    assert [row["name"] for row in result["rows"]] != []
    assert {row["name"] for row in result["rows"]} == {"greedy", "random #2", "random #3"}


def logged_games(log: Path) -> set[str]:
    """The games an exchange log marks (its lines' first word; `-` while the
    engine starts)."""
    return {line.split(" ", 1)[0] for line in log.read_text().splitlines()} - {"-"}


def test_match_random_openings_and_logs_as_the_cli(tmp_path: Path) -> None:
    # The same request: the same random openings (one library call), so the
    # same games; each engine's exchange in DIR/engine-N.log, game by game.
    out = tmp_path / "cli.ggf"
    greedy, rand = f"'{cli()}' gtp --policy greedy", f"'{cli()}' gtp --seed 4"
    drawn = ["--openings-random", "6", "--seed", "3", "--margin", "40", "--games", "4"]
    argv = [cli(), "match", f"gtp:{greedy}", f"gtp:{rand}", *drawn, "--log", str(tmp_path / "cli-logs")]
    subprocess.run([*argv, "-o", str(out)], check=True, capture_output=True)
    with rr.Engine(greedy) as a, rr.Engine(rand) as b:
        result = rr.match(a, b, openings_random=6, seed=3, margin=40, games=4, log=tmp_path / "py-logs")
    rr.write(result["records"], tmp_path / "python.ggf")

    def comparable(path: Path) -> str:
        return re.sub(r"Match\w+\[[^]]*\]|//[0-9.]+", "", path.read_text())

    assert comparable(out) == comparable(tmp_path / "python.ggf")
    # Random openings, named alike: six plies each, not the default four.
    assert "Opening[random 6 plies" in comparable(out)
    assert all(len(r.moves) >= 6 for r in result["records"])
    for n in (1, 2):
        cli_log, py_log = tmp_path / "cli-logs" / f"engine-{n}.log", tmp_path / "py-logs" / f"engine-{n}.log"
        assert logged_games(cli_log) == logged_games(py_log) == {"1", "2", "3", "4"}
    # Another seed, other openings; openings and openings_random together refused.
    other = rr.match(first, second, openings_random=6, seed=4, games=4)
    assert [r.moves[:6] for r in other["records"]] != [r.moves[:6] for r in result["records"]]
    with pytest.raises(ValueError, match="openings_random: not with openings"):
        rr.match(first, second, openings=[], openings_random=6)
    with pytest.raises(ValueError, match="openings_random: "):
        rr.match(first, second, openings_random=0)


def first(position: rr.Position) -> str:
    return position.moves()[0]


def second(position: rr.Position) -> str:
    return position.moves()[-1]


def test_tournament_logs_as_the_cli(tmp_path: Path) -> None:
    out = tmp_path / "cli.ggf"
    greedy, rand = f"'{cli()}' gtp --policy greedy", f"'{cli()}' gtp --seed 4"
    drawn = ["--openings-random", "5", "--seed", "7", "--games", "2"]
    argv = [cli(), "tournament", f"gtp:{greedy}", f"gtp:{rand}", f"gtp:{greedy}", *drawn]
    subprocess.run(
        [*argv, "--log", str(tmp_path / "cli-logs"), "-o", str(out)], check=True, capture_output=True
    )
    with rr.Engine(greedy) as a, rr.Engine(rand) as b, rr.Engine(greedy) as c:
        result = rr.tournament([a, b, c], openings_random=5, seed=7, games=2, log=str(tmp_path / "py-logs"))
    rr.write(result["records"], tmp_path / "python.ggf")

    def comparable(path: Path) -> str:
        return re.sub(r"Match\w+\[[^]]*\]|//[0-9.]+", "", path.read_text())

    assert comparable(out) == comparable(tmp_path / "python.ggf")
    for n in (1, 2, 3):
        cli_log, py_log = tmp_path / "cli-logs" / f"engine-{n}.log", tmp_path / "py-logs" / f"engine-{n}.log"
        assert logged_games(cli_log) == logged_games(py_log) != set()
    # A log that cannot be a directory: the system's error, naming it.
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError, match="file"):
        rr.tournament([first, second], games=2, log=tmp_path / "file")
