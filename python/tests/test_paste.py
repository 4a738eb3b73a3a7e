"""Position arguments take the texts the CLI's ``--position`` takes.

The texts are those of the CLI's ``position_takes_what_a_user_pastes``
(crates/reversi-cli/tests/cli.rs), read through the one library function
(reversi-notation's ``paste_position``).
"""

import pytest

import reversi_rules as rr

AFTER = "--------/--------/--X-----/---XX---/---OXX--/---O----/--------/-------- O"
PASTED = ["f5d6c3", "1. F5 d6 2. C3", "f5 D6 c3"]


@pytest.mark.parametrize("text", PASTED)
def test_every_position_argument_reads_a_paste(text: str) -> None:
    expected = rr.Position(AFTER)
    assert rr.Position(text) == expected
    assert rr.perft(text, 3) == rr.perft(expected, 3)
    # The solver reads one too: a random game to 8 empties, solved as its board.
    end = "d3c5c6c3b5e3f3a5c2c1a4c7b3f5a6g2d1b2c4b1e6d7g3b4e7e1g4f2c8f4h1f6a2d6a1h3g5h5e2b8a8f1f7h2h4e8g1b7d8"
    assert rr.solve_moves(end) == rr.solve_moves(rr.Position(end))
    many = rr.solve_many([end, rr.Position(end)], threads=1)
    assert many["score"][0] == many["score"][1] == rr.solve(end)["score"]
    assert rr.Record(["d3"], start=text).start() == expected
    assert rr.Batch(2, start=text).position(1) == expected
    assert rr.Batch(1, start=expected).position(0) == expected


def test_an_env_starts_from_a_pasted_opening() -> None:
    pytest.importorskip("gymnasium")
    from reversi_rules.gymnasium import ReversiEnv

    env = ReversiEnv(start="f5d6c3d3c4f4f6f3", opponent="self")
    obs, info = env.reset(seed=1)
    # Black to move after 8 plies: plane 0 Black's discs, plane 1 White's.
    after = rr.Position("f5d6c3d3c4f4f6f3")
    assert (int(obs[0].sum()), int(obs[1].sum())) == after.score()
    assert sorted(info["action_mask"].nonzero()[0].tolist()) == sorted(
        8 * (int(m[1]) - 1) + ord(m[0]) - ord("a") for m in after.moves()
    )


def test_boards_as_other_programs_write_them() -> None:
    start = rr.Position()
    edax = "---------------------------OX------XO--------------------------- X"
    ggs = "[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
    assert rr.Position(edax) == rr.Position(ggs) == start
    assert rr.Position("\n".join(edax[i : i + 8] for i in range(0, 64, 8))) == start


def test_errors_as_the_cli_words_them() -> None:
    with pytest.raises(rr.IllegalMoveError, match="line 1, column 4: ply 2: f5 is not legal"):
        rr.Position("f5 f5")
    with pytest.raises(rr.ParseError, match="bad position at byte"):
        rr.Position("--------/--------- X")
    with pytest.raises(rr.ParseError, match="bad position at byte"):
        rr.solve("--------/--------- X")
    with pytest.raises(ValueError, match="start gives the board"):
        rr.Batch(1, board="6x6", start="f5")
    with pytest.raises(TypeError):
        rr.solve(42)  # type: ignore[arg-type]
