"""Position: construction, moves, errors, symmetries, text, pickling."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversi_rules as rr

START = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"


def test_start():
    pos = rr.Position()
    assert str(pos) == START
    assert pos.side_to_move == "black"
    assert sorted(pos.moves()) == ["c4", "d3", "e6", "f5"]
    assert pos.score() == (2, 2)
    assert pos.outcome is None
    assert not pos.is_game_over()
    assert (pos.width, pos.height, pos.variant, pos.holes) == (8, 8, "reversi", [])
    assert pos == rr.Position(START) == rr.Position(variant="reversi", board="8x8", first="black")
    assert rr.Position(first="white").side_to_move == "white"


def test_play_and_errors():
    pos = rr.Position()
    pos.play("f5")
    assert pos.side_to_move == "white"
    assert pos.score() == (4, 1)
    before = pos.copy()
    with pytest.raises(rr.IllegalMoveError, match="a1"):
        pos.play("a1")
    with pytest.raises(ValueError):
        pos.play("e5")  # occupied: IllegalMoveError is a ValueError
    with pytest.raises(rr.ParseError):
        pos.play("z9z")
    with pytest.raises(rr.IllegalMoveError):
        pos.pass_()
    with pytest.raises(rr.IllegalMoveError):
        pos.play("pass")
    assert pos == before
    assert pos.played("d6") != pos


def test_forced_pass_and_game_over():
    # White has no move; Black has one (a3 flips a2).
    pos = rr.Position("X--/O--/--- O")
    assert pos.must_pass()
    assert pos.moves() == ["pass"]
    pos.play("pass")
    assert pos.side_to_move == "black"
    pos.play("a3")
    assert pos.is_game_over()
    assert pos.outcome == "black"
    assert pos.moves() == []
    with pytest.raises(rr.IllegalMoveError, match="over"):
        pos.pass_()


def test_variants_and_holes():
    pos = rr.Position(variant="attacks", board="7x7")
    assert pos.variant == "attacks"
    assert len(pos.moves()) == 16
    pos.play("a1c3")
    assert pos.get("a1") is None and pos.get("c3") == "black"
    holes = rr.Position(variant="reversitacks", board="10x8", holes=["e3"])
    assert holes.holes == ["e3"] and holes.get("e3") == "hole"
    assert rr.Position("X-#-O/-----/O---X O", "attacks").holes == ["c1"]
    with pytest.raises(rr.ParseError):
        rr.Position(variant="chess")
    with pytest.raises(rr.ParseError):
        rr.Position(board="27x8")
    with pytest.raises(rr.ParseError):
        rr.Position(holes=["zz"])
    with pytest.raises(rr.ParseError):
        rr.Position(first="red")


def test_text_pickle_copy_hash():
    for pos in [
        rr.Position(),
        rr.Position(variant="attacks", board="7x7", holes=["d4"]),
        rr.Position(variant="reversitacks", board="5x9"),
    ]:
        pos.play(pos.moves()[0])
        assert rr.Position(str(pos), pos.variant) == pos
        assert pickle.loads(pickle.dumps(pos)) == pos
        assert copy.copy(pos) == pos and copy.deepcopy(pos) == pos
        assert eval(repr(pos), {"Position": rr.Position}) == pos
        assert hash(pos) == hash(pickle.loads(pickle.dumps(pos)))
        assert pos.hash() == rr.Position(str(pos), pos.variant).hash()
        assert "to move" in pos.pretty()
    assert len({rr.Position(), rr.Position(), rr.Position().played("f5")}) == 2


def test_symmetries():
    square = rr.Position()
    assert len(square.symmetries()) == 8
    assert rr.Position(board="10x8").symmetries() == [
        "identity",
        "rotate180",
        "flip_vertical",
        "flip_horizontal",
    ]
    assert rr.Position(board="10x8").transform("rotate90") is None
    with pytest.raises(rr.ParseError):
        square.transform("spin")


@st.composite
def games(draw, variant="reversi", board="8x8"):
    """A position reached by random legal moves."""
    pos = rr.Position(variant=variant, board=board)
    for _ in range(draw(st.integers(0, 40))):
        moves = pos.moves()
        if not moves:
            break
        pos.play(moves[draw(st.integers(0, len(moves) - 1))])
    return pos


@given(games())
def test_symmetric_images_share_canonical(pos):
    canonical, _ = pos.canonical()
    for name in pos.symmetries():
        image = pos.transform(name)
        assert image is not None
        assert image.canonical()[0] == canonical
        assert image.score() == pos.score()
        assert len(image.moves()) == len(pos.moves())


@given(games(variant="attacks", board="6x6"))
def test_attacks_play_keeps_pieces(pos):
    black, white = pos.score()
    for mv in pos.moves():
        after = pos.played(mv)
        total = sum(after.score())
        if mv == "pass":
            assert total == black + white
        elif len(mv) == 2:  # a clone adds a piece
            assert total == black + white + 1
        else:  # a jump moves one
            assert total == black + white


@given(st.text(max_size=80))
def test_bad_text_raises_never_crashes(text):
    try:
        pos = rr.Position(text)
    except rr.ParseError:
        return
    assert rr.Position(str(pos)) == pos


@given(games(), st.text(max_size=8))
def test_bad_moves_raise(pos, mv):
    before = pos.copy()
    try:
        pos.play(mv)
    except (rr.ParseError, rr.IllegalMoveError):
        assert pos == before


def test_one_exception_hierarchy():
    from reversi_rules.shards import MergeError, PlanError

    for cls, builtin in [
        (rr.ParseError, ValueError),
        (rr.IllegalMoveError, ValueError),
        (rr.RecordError, ValueError),
        (PlanError, ValueError),
        (MergeError, ValueError),
        (rr.EngineError, RuntimeError),
    ]:
        assert issubclass(cls, rr.ReversiError) and issubclass(cls, builtin), cls
        assert cls.__doc__
    with pytest.raises(rr.ReversiError, match="expected"):
        rr.Position("not a position")
    with pytest.raises(rr.ReversiError):
        rr.Position().play("a1")
    assert not issubclass(rr.ReversiError, ValueError)
