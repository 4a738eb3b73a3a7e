"""Engines over GTP and NBoard: rr.Engine, rr.match, rr.serve_gtp, rr.serve_nboard.

The engines are the scripted engine of reversi-engine's tests (a Python
script, no dependency) and Python policies served by this package.
"""

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import reversi_rules as rr

SCRIPT = Path(__file__).resolve().parents[2] / "crates/reversi-engine/tests/engines/scripted.py"


def scripted(protocol: str, mode: str) -> rr.Engine:
    return rr.Engine(f"'{sys.executable}' '{SCRIPT}' {protocol} {mode}", protocol)  # type: ignore[arg-type]


def first_move(position: rr.Position) -> str:
    return position.moves()[0]


@pytest.mark.parametrize("protocol", ["gtp", "nboard"])
def test_engine_moves_and_follows_the_game(protocol: str) -> None:
    with scripted(protocol, "good") as engine:
        assert engine.name == "scripted-good"
        pos = rr.Position()
        for _ in range(6):
            mv = engine.move(pos, time=5.0)
            # The scripted engine plays the first legal move: a1 to h8 order.
            assert mv == pos.moves()[0]
            pos.play(mv)
            pos.play(pos.moves()[-1])
        engine.new_game()
        assert engine.move(rr.Position(), time=5.0) == rr.Position().moves()[0]


def test_engine_failures_raise_and_the_engine_restarts() -> None:
    with scripted("gtp", "crash:2") as engine:
        pos = rr.Position()
        pos.play(engine.move(pos))
        pos.play(pos.moves()[0])
        with pytest.raises(rr.EngineError, match="crashed"):
            engine.move(pos)
        # Started again: a new game, its first move fine.
        assert engine.move(rr.Position()) in rr.Position().moves()
    with scripted("gtp", "illegal") as bad, pytest.raises(rr.EngineError, match="illegal move"):
        bad.move(rr.Position())
    with pytest.raises(rr.EngineError, match="cannot start"):
        rr.Engine("/nonexistent/edax -gtp")
    with pytest.raises(ValueError, match="gtp:COMMAND or nboard:COMMAND"):
        rr.Engine("edax", "uci")  # type: ignore[arg-type]


# A start that is not the standard one: GTP cannot set it up (NBoard can).
OTHER_START = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O"


def test_a_gtp_engine_is_not_asked_for_another_start() -> None:
    with scripted("gtp", "good") as engine:
        with pytest.raises(ValueError, match="speaks GTP, which sets up only the standard start"):
            engine.move(rr.Position(OTHER_START))
        # Nothing asked, nothing ended: the standard start still plays.
        assert engine.move(rr.Position()) == rr.Position().moves()[0]
        opening = rr.Record([], start=OTHER_START)
        with pytest.raises(ValueError, match="a: engine speaks GTP"):
            rr.match(engine, first_move, openings=[opening], games=2, time=10.0)
    with (
        scripted("gtp", "good") as engine,
        pytest.raises(ValueError, match=r"engines\[1\]: engine speaks GTP"),
    ):
        rr.tournament([first_move, engine], openings=[opening], time=10.0)


def test_match_between_an_engine_and_a_policy_records_every_game() -> None:
    openings = [rr.Record(["f5", "d6"]), rr.Record(["f5", "f6", "e6"])]
    with scripted("nboard", "good") as engine:
        result = rr.match(engine, first_move, openings=openings, time=10.0)
    assert result["games"]["wins"] + result["games"]["draws"] + result["games"]["losses"] == 4
    games = result["records"]
    assert len(games) == 4
    for i, game in enumerate(games):
        opening = openings[i // 2].moves
        assert game.moves[: len(opening)] == opening
        assert game.plies()[-1][2].is_game_over()
        names = ("scripted-good", "first_move") if i % 2 == 0 else ("first_move", "scripted-good")
        assert (game.black, game.white) == names
    assert 0.0 <= result["games"]["score"] <= 1.0 and 0.0 <= result["pair_score"] <= 1.0


def test_match_forfeits_restart_the_engine() -> None:
    with scripted("gtp", "crash:3") as engine:
        result = rr.match(engine, first_move, openings=[], games=4, time=10.0)  # the standard start
    assert (result["games"]["wins"], result["games"]["draws"], result["games"]["losses"]) == (0, 0, 4)
    for game in result["records"]:
        assert game.result in ("-64:r", "+64:r")
        assert len(game.moves) in (4, 5)


def test_match_between_policies_and_errors() -> None:
    def last_move(position: rr.Position) -> str:
        return position.moves()[-1]

    result = rr.match(first_move, last_move, games=2)
    assert len(result["records"]) == 2

    # Without openings: the library's 60 default openings, two games each,
    # as `reversi match` plays them.
    default = rr.match(first_move, last_move)["records"]
    assert len(default) == 120
    openings = {tuple(g.moves[:4]) for g in default}
    assert len(openings) == 60
    assert default[0].moves[:4] == default[1].moves[:4]
    # An empty list: the standard start alone (d3 first, e6 last of its moves).
    plain = rr.match(first_move, last_move, openings=[])["records"]
    assert [g.moves[0] for g in plain] == ["d3", "e6"]

    def broken(position: rr.Position) -> str:
        raise KeyError("no move here")

    with pytest.raises(KeyError, match="no move here"):
        rr.match(first_move, broken, games=2)
    with pytest.raises(ValueError, match="Engine or a callable"):
        rr.match(first_move, 3, games=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sprt: "):
        rr.match(first_move, last_move, sprt="0,10")
    with pytest.raises(ValueError, match="progress: "):
        rr.match(first_move, last_move, progress="yes")  # type: ignore[arg-type]
    # One engine on both sides: the match starts a second process of it.
    with scripted("gtp", "good") as engine:
        both = rr.match(engine, engine, games=2)
        assert [(g.black, g.white) for g in both["records"]] == [("scripted-good", "scripted-good")] * 2
        assert engine.move(rr.Position()) == "d3"


def test_a_match_keeps_every_game_when_an_engine_cannot_start_again(tmp_path: Path) -> None:
    # The engine crashes on its second move, and every later start fails:
    # each game is its forfeit, as `reversi match` scores them.
    once = tmp_path / "once.sh"
    once.write_text(
        f"#!/bin/sh\nif [ -e '{tmp_path}/started' ]; then exit 1; fi\n"
        f"touch '{tmp_path}/started'\nexec '{sys.executable}' '{SCRIPT}' gtp crash:2\n"
    )
    once.chmod(0o755)
    with rr.Engine(str(once)) as engine:
        result = rr.match(engine, first_move, openings=[], games=4, time=10.0)  # the standard start
    assert (result["games"]["wins"], result["games"]["draws"], result["games"]["losses"]) == (0, 0, 4)
    assert [g.result for g in result["records"]] == ["-64:r", "+64:r", "-64:r", "+64:r"]
    assert len(result["records"][0].moves) == 2  # its first move, the policy's, then the crash
    assert [len(g.moves) for g in result["records"][1:]] == [0, 0, 0]


def test_match_progress_and_sprt_fields_as_the_cli_json() -> None:
    def last_move(position: rr.Position) -> str:
        return position.moves()[-1]

    seen: list[dict[str, Any]] = []
    result = rr.match(
        first_move,
        last_move,
        openings=[],
        games=6,
        sprt="0,10,0.05,0.05",
        sprt_model="normalized",
        progress=seen.append,
    )
    assert [g["game"] for g in seen] == [1, 2, 3, 4, 5, 6]
    trinomial = {"games", "wins", "draws", "losses", "score", "elo", "elo_low", "elo_high"}
    trinomial |= {"llr", "llr_low", "llr_high", "sprt"}
    pairs = {"games", "pentanomial", "pairs", "pair_score", "elo", "elo_low", "elo_high", "nelo"}
    pairs |= {"nelo_low", "nelo_high", "llr", "llr_low", "llr_high", "sprt_model", "sprt", "discs"}
    pairs |= {"discs_margin"}
    for game in seen:
        assert {"game", "black", "white", "result", "termination", "first_score", "standing"} == set(game)
        assert set(game["standing"]) == pairs and set(game["standing"]["games"]) == trinomial
        assert isinstance(game["standing"]["llr"], float)
        assert game["standing"]["sprt_model"] == "normalized"
    assert pairs | {"records"} == set(result)
    assert {k: v for k, v in result.items() if k != "records"} == seen[-1]["standing"]
    assert result["sprt"] is None and result["pairs"] == 3


def lopsided() -> tuple[Callable[[rr.Position], str], Callable[[rr.Position], str]]:
    """Policies A and B whose games 1 to 4 A wins, loses, wins, wins: B
    forfeits (answers a pass) as White and in its second game as Black; A
    forfeits its first game as White."""
    calls = {"a": 0, "b": 0}

    def a(position: rr.Position) -> str:
        if position.side_to_move == "white" and sum(position.score()) == 5:
            calls["a"] += 1
            if calls["a"] == 1:
                return "pass"
        return position.moves()[0]

    def b(position: rr.Position) -> str:
        if position.side_to_move == "white":
            return "pass"
        if sum(position.score()) == 4:
            calls["b"] += 1
            if calls["b"] == 2:
                return "pass"
        return position.moves()[0]

    return a, b


def test_match_open_elo_interval_is_none_and_sprt_stops_the_match() -> None:
    # W 3 L 1: the score's interval reaches 1, so the Elo's upper end is open.
    result = rr.match(*lopsided(), openings=[], games=4)  # the standard start
    assert [g.result for g in result["records"]] == ["+64:r", "+64:r", "+64:r", "-64:r"]
    games = result["games"]
    assert (games["wins"], games["losses"]) == (3, 1)
    assert games["elo"] is not None and games["elo_low"] is not None and games["elo_high"] is None
    assert games["elo_low"] < games["elo"]
    # An SPRT on the pairs stops the match at its verdict, as `reversi match
    # --sprt` does: after the first pair (W, L: 1 point of 2) the LLR is
    # 0.97, past its bound 0.85, and no game is played after it.
    seen: list[dict[str, Any]] = []
    decided = rr.match(*lopsided(), openings=[], games=40, sprt="-400,-200,0.3,0.3", progress=seen.append)
    assert decided["sprt"] == "H1" and len(decided["records"]) == len(seen) == 2
    assert decided["pentanomial"] == [0, 0, 1, 0, 0] and decided["sprt_model"] == "logistic"
    assert decided["llr"] is not None and decided["llr_high"] is not None
    assert decided["llr"] > decided["llr_high"] > 0.84


def test_match_concurrency_gives_the_same_records() -> None:
    def last_move(position: rr.Position) -> str:
        return str(position.moves()[-1])

    one = rr.match(first_move, last_move, games=6)
    two = rr.match(first_move, last_move, games=6, concurrency=2)
    assert [str(g) for g in one["records"]] == [str(g) for g in two["records"]]
    assert one["games"] == two["games"] and one["pentanomial"] == two["pentanomial"]
    for bad in (0, 257):
        with pytest.raises(ValueError, match="concurrency"):
            rr.match(first_move, last_move, games=2, concurrency=bad)


def perfect_near_the_end(empties: int, before: Callable[[rr.Position], str]) -> Callable[[rr.Position], str]:
    """``before``'s move until at most ``empties`` squares are empty, then a best move by exact solve."""

    def policy(position: rr.Position) -> str:
        black, white = position.score()
        if position.width * position.height - black - white <= empties:
            best = rr.solve(position)["best"]
            assert best is not None
            return best
        return before(position)

    return policy


def test_match_adjudicated_scores_as_played_out_perfectly(tmp_path: Path) -> None:
    def last_move(position: rr.Position) -> str:
        return position.moves()[-1]

    a, b = perfect_near_the_end(10, first_move), perfect_near_the_end(10, last_move)
    out = rr.match(a, b, games=8)
    told: list[dict[str, object]] = []
    cut = rr.match(a, b, games=8, adjudicate=10, progress=told.append)
    wdl = ("wins", "draws", "losses")
    assert [cut["games"][k] for k in wdl] == [out["games"][k] for k in wdl]  # type: ignore[literal-required]
    adjudicated = [str(t["termination"]) for t in told if t["termination"] is not None]
    assert adjudicated
    assert all(t.startswith("adjudicated at 10 empties by exact solve: ") for t in adjudicated)
    for played, ended in zip(out["records"], cut["records"]):
        # The same game up to the adjudication, and the same winner.
        assert played.moves[: len(ended.moves)] == ended.moves
        assert played.plies()[-1][2].outcome == ended_outcome(ended)
    # The records say so.
    rr.write(cut["records"], tmp_path / "cut.ggf")
    text = (tmp_path / "cut.ggf").read_text()
    assert text.count("Termination[adjudicated at 10 empties") == len(adjudicated)
    for bad in (0, 31, 1000):
        with pytest.raises(ValueError, match="adjudicate: expected 1 to 30 empty squares"):
            rr.match(first_move, last_move, games=2, adjudicate=bad)


def ended_outcome(record: rr.Record) -> str:
    """The winner a record's result says."""
    result = record.result
    assert result is not None
    if "-" in result[1:]:
        black, white = (int(n) for n in result.split("-"))
        margin = black - white
    else:
        margin = int(float(result.split(":")[0]))
    return "black" if margin > 0 else "white" if margin < 0 else "draw"


def test_match_progress_bar() -> None:
    def last_move(position: rr.Position) -> str:
        return position.moves()[-1]

    # Without a callable: a tqdm bar where tqdm is installed (lines on stderr else).
    assert len(rr.match(first_move, last_move, games=2, progress=True)["records"]) == 2


SERVE = "import reversi_rules as rr; rr.{}(lambda p: p.moves()[-1])"


def test_serve_gtp_and_nboard() -> None:
    run = subprocess.run(
        [sys.executable, "-c", SERVE.format("serve_gtp")],
        input="name\nplay b f5\ngenmove w\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert run.stdout == "= <lambda>\n\n= \n\n= f6\n\n= \n\n"
    run = subprocess.run(
        [sys.executable, "-c", SERVE.format("serve_nboard")],
        input="nboard 2\nping 1\nmove f5\ngo\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert run.stdout == "set myname <lambda>\npong 1\nstatus thinking\n=== F6\nstatus\n"


def test_match_records_the_evaluations_an_engine_reports(tmp_path: Path) -> None:
    # The scripted NBoard engine reports its move request's number over 2:
    # the records carry them as GGF's move evaluations, as the CLI's do.
    with scripted("nboard", "eval") as engine:
        result = rr.match(engine, first_move, openings=[], games=2, time=10.0)
    rr.write(result["records"], tmp_path / "evals.ggf")
    text = (tmp_path / "evals.ggf").read_text()
    # Game 1: the engine is Black, its evaluations 0.5, 1, 1.5, ...
    assert text.split("Round[2]")[0].count("/0.5/") == 1 and "/1.5/" in text, text


def test_match_adjudicates_by_the_engines_evaluations(tmp_path: Path) -> None:
    # Black says it is 8 behind, White that it is 8 ahead (NBoard's
    # `=== MOVE/EVAL`): after three moves each, Black resigns.
    behind = ",".join(["-8"] * 30)
    ahead = ",".join(["8"] * 30)
    with scripted("nboard", f"say={behind}") as a, scripted("nboard", f"say={ahead}") as b:
        result = rr.match(a, b, openings=[], games=1, time=20.0, resign="3,6")
    (record,) = result["records"]
    assert len(record.moves) == 6
    assert record.result == "-8:r"
    assert (result["games"]["wins"], result["games"]["losses"]) == (0, 1)
    path = tmp_path / "games.pgn"
    rr.write(result["records"], path)
    text = path.read_text()
    assert '[Termination "adjudicated by evaluation: black resigns' in text
    assert '[TimeControl "20+0"]' in text
    assert '[Opening "the standard start"]' in text
    assert '[BlackEngine "nboard:' in text
    assert '[MatchResign "3,6"]' in text
    assert "{[%eval -8] [%emt " in text


def test_match_rules_never_fire_for_gtp_and_are_checked() -> None:
    ahead = ",".join(["8"] * 40)
    with scripted("gtp", "good") as a, scripted("nboard", f"say={ahead}") as b:
        result = rr.match(a, b, openings=[], games=1, time=20.0, resign="1,0.5", draw="0,1,100")
    (record,) = result["records"]
    # Played to its end: the GTP side's moves report no evaluation.
    assert record.plies()[-1][2].is_game_over()
    for keyword, value, message in [
        ("resign", "3", "resign: expected MOVES,SCORE"),
        ("resign", "0,6", "resign: expected 1 to 1000 moves a side, found 0"),
        ("draw", "40,4,-1", "draw: expected a score in discs, 0 to 1000, found -1"),
        ("max_plies", 0, "max_plies: expected a ply limit of at least 1, found 0"),
    ]:
        with pytest.raises(ValueError, match=message):
            rr.match(first_move, first_move, openings=[], games=1, **{keyword: value})  # type: ignore[arg-type]


def test_match_and_tournament_stop_games_at_max_plies() -> None:
    seen: list[dict[str, Any]] = []
    result = rr.match(first_move, first_move, openings=[], games=2, max_plies=10, progress=seen.append)
    assert [len(r.moves) for r in result["records"]] == [10, 10]
    assert all(r.result is None for r in result["records"])
    assert (result["games"]["games"], result["pairs"]) == (0, 0)
    # No result, no score: None, not 0.5.
    assert [(g["result"], g["first_score"]) for g in seen] == [("*", None), ("*", None)]

    def last_move(position: rr.Position) -> str:
        return position.moves()[-1]

    told: list[dict[str, Any]] = []
    table = rr.tournament([first_move, last_move], openings=[], games=2, max_plies=12, progress=told.append)
    assert [len(r.moves) for r in table["records"]] == [12, 12]
    assert [g["first_score"] for g in told] == [None, None]
    assert table["games"] == 0


def test_tournament_records_name_their_random_openings(tmp_path: Path) -> None:
    def last_move(position: rr.Position) -> str:
        return position.moves()[-1]

    table = rr.tournament([first_move, last_move], games=4, openings_random=6, seed=3, time=5.0)
    path = tmp_path / "games.pgn"
    rr.write(table["records"], path)
    text = path.read_text()
    for n in (1, 2):
        assert text.count(f'[Opening "random 6 plies seed 3 opening {n}"]') == 2
    assert text.count('[BlackEngine "python:first_move"]') == 2
    assert text.count('[TimeControl "5+0"]') == 4
