"""Batch: shapes, encodings, agreement with Position, conservation, errors."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversi_rules as rr
from conftest import ENDLESS_HOLES

BOARDS = [
    ("reversi", "8x8", ()),
    ("reversi", "6x6", ()),
    ("reversi", "8x8", ("a1",)),
    ("reversi", "5x7", ()),
    ("reversitacks", "7x7", ()),
    ("attacks", "7x7", ("d4",)),
    ("attacks", "5x6", ()),
]


def test_shapes_and_start():
    batch = rr.Batch(3)
    assert len(batch) == 3 and batch.num_actions == 65 and batch.pass_action == 64
    obs = batch.observation()
    assert obs.shape == (3, 2, 8, 8) and obs.dtype == np.uint8
    # Black to move: d5 and e4 are Black's (rows from rank 1), d4 and e5 White's.
    assert obs[0, 0, 4, 3] == 1 and obs[0, 0, 3, 4] == 1
    assert obs[0, 1, 3, 3] == 1 and obs[0, 1, 4, 4] == 1
    mask = batch.legal_mask()
    assert mask.shape == (3, 65) and mask.dtype == np.bool_
    assert sorted(batch.move_of(int(a)) for a in np.flatnonzero(mask[0])) == ["c4", "d3", "e6", "f5"]
    assert batch.action_of("f5") == 8 * 4 + 5 and batch.move_of(64) == "pass"
    attacks = rr.Batch(2, variant="attacks", board="7x7")
    assert attacks.num_actions == 7 * 7 * 25 + 1
    assert attacks.move_of(attacks.action_of("a1c3")) == "a1c3"
    assert attacks.move_of(attacks.action_of("b2")) == "b2"
    assert attacks.legal_mask()[0].sum() == 16


def test_holes_mask():
    batch = rr.Batch(2, variant="attacks", board="7x5", holes=["d3", "b1"])
    holes = batch.holes_mask()
    assert holes.shape == (5, 7)
    assert sorted(zip(*np.nonzero(holes))) == [(0, 1), (2, 3)]
    assert not (batch.observation()[:, :, holes]).any()
    assert not rr.Batch(1).holes_mask().any()


def test_out_arrays_are_written():
    batch = rr.Batch(4, seed=3)
    obs = np.full((4, 2, 8, 8), 7, dtype=np.uint8)
    mask = np.zeros((4, 65), dtype=bool)
    acts = np.zeros(4, dtype=np.int64)
    assert batch.observation(out=obs) is obs and (obs <= 1).all()
    assert batch.legal_mask(out=mask) is mask and mask.sum() == 16
    assert batch.random_actions(out=acts) is acts and mask[np.arange(4), acts].all()
    with pytest.raises(ValueError):
        batch.observation(out=np.zeros((4, 2, 8, 7), dtype=np.uint8))


@pytest.mark.parametrize(("variant", "board", "holes"), BOARDS)
def test_batch_agrees_with_position(variant, board, holes):
    n = 5
    batch = rr.Batch(n, variant=variant, board=board, holes=list(holes), seed=7)
    mirror = [rr.Position(variant=variant, board=board, holes=list(holes)) for _ in range(n)]
    ends = 0
    for _ in range(300):
        mask = batch.legal_mask()
        obs = batch.observation()
        for i, pos in enumerate(mirror):
            assert sorted(batch.move_of(int(a)) for a in np.flatnonzero(mask[i])) == sorted(pos.moves())
            assert batch.position(i) == pos
            me = pos.side_to_move
            for r in range(pos.height):
                for c in range(pos.width):
                    sq = f"{chr(97 + c)}{r + 1}"
                    piece = pos.get(sq)
                    assert obs[i, 0, r, c] == (piece == me)
                    assert obs[i, 1, r, c] == (piece not in (me, None, "hole"))
        acts = batch.random_actions()
        assert mask[np.arange(n), acts].all()
        rewards, terminated = batch.step(acts)
        for i, pos in enumerate(mirror):
            mover = pos.side_to_move
            pos.play(batch.move_of(int(acts[i])))
            assert terminated[i] == pos.is_game_over()
            if pos.is_game_over():
                ends += 1
                expected = {mover: 1.0, "draw": 0.0}.get(pos.outcome, -1.0)
                assert rewards[i] == expected
                mirror[i] = rr.Position(variant=variant, board=board, holes=list(holes))
            else:
                assert rewards[i] == 0.0
    if board != "8x8" or variant != "reversi":
        assert ends > 0


@given(st.integers(0, 2**64 - 1), st.sampled_from(BOARDS))
def test_pieces_are_conserved(seed, game):
    variant, board, holes = game
    batch = rr.Batch(16, variant=variant, board=board, holes=list(holes), seed=seed, auto_reset=False)
    for _ in range(40):
        over = batch.is_over()
        if over.all():
            break
        before = batch.scores().sum(axis=1)
        acts = batch.random_actions()
        assert (acts[over] == -1).all()
        live = ~over
        acts[over] = 0
        if over.any():
            # A finished game takes no action: step only the live ones.
            with pytest.raises(rr.IllegalMoveError, match=f"game {int(np.flatnonzero(over)[0])}"):
                batch.step(acts)
            break
        batch.step(acts)
        after = batch.scores().sum(axis=1)
        moves = [batch.move_of(int(a)) for a in acts]
        for i in np.flatnonzero(live):
            if moves[i] == "pass":
                assert after[i] == before[i]
            elif variant == "reversi" or len(moves[i]) == 2:
                assert after[i] == before[i] + 1
            else:
                assert after[i] == before[i]


@given(st.integers(0, 2**32 - 1))
def test_rollout_ends_games(seed):
    for variant, board, holes in BOARDS:
        batch = rr.Batch(8, variant=variant, board=board, holes=list(holes), seed=seed, auto_reset=False)
        scores = batch.rollout()
        assert batch.is_over().all()
        assert (scores == batch.scores()).all()
        batch.reset()
        assert not batch.is_over().any()


def test_auto_reset_and_rewards():
    batch = rr.Batch(64, seed=1)
    wins = 0
    for _ in range(70):
        rewards, terminated = batch.step(batch.random_actions())
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
        assert (rewards[~terminated] == 0).all()
        wins += int(terminated.sum())
    assert wins > 0
    assert not batch.is_over().any()


def test_seeded_streams_repeat():
    a, b = rr.Batch(32, seed=5), rr.Batch(32, seed=5)
    assert (a.rollout() == b.rollout()).all()
    assert (a.rollout(seed=3) == b.rollout(seed=3)).all()
    assert repr(a) == 'Batch(32, variant="reversi", board="8x8", auto_reset=True)'
    a.reset(seed=9)
    b.reset(seed=9)
    assert (a.random_actions() == b.random_actions()).all()


def test_large_batch_runs_in_parallel_paths():
    batch = rr.Batch(5000, seed=2)
    for _ in range(10):
        mask = batch.legal_mask()
        acts = batch.random_actions()
        assert mask[np.arange(5000), acts].all()
        batch.step(acts)
    assert batch.observation().sum(axis=(1, 2, 3)).min() >= 4
    assert batch.rollout().sum(axis=1).max() <= 64


def test_invalid_actions_raise():
    batch = rr.Batch(3)
    with pytest.raises(rr.IllegalMoveError, match="game 1"):
        batch.step(np.array([19, 0, 19]))
    with pytest.raises(ValueError, match="game 2"):
        batch.step([19, 19, 65])
    with pytest.raises(ValueError, match="game 0"):
        batch.step([-1, 19, 19])
    with pytest.raises(ValueError):
        batch.step([19, 19])
    with pytest.raises(IndexError):
        batch.position(3)
    with pytest.raises(ValueError):
        rr.Batch(0)
    # Nothing was played: every game is still at the start.
    assert (batch.scores() == 2).all()
    batch.step(np.array([19, 26, 37], dtype=np.int32))
    # A strided view is read as well as a contiguous array.
    strided = np.stack([batch.random_actions(), np.zeros(3, dtype=np.int64)], axis=1)[:, 0]
    assert not strided.flags.c_contiguous
    batch.step(strided)
    assert (batch.scores().sum(axis=1) == 6).all()
    attacks = rr.Batch(1, variant="attacks", board="7x7")
    with pytest.raises(ValueError):
        attacks.move_of(13)  # an offset one square away: not an action


@given(st.lists(st.integers(-(2**63), 2**63 - 1), min_size=4, max_size=4), st.sampled_from(BOARDS))
def test_random_actions_never_crash(actions, game):
    variant, board, holes = game
    batch = rr.Batch(4, variant=variant, board=board, holes=list(holes))
    try:
        batch.step(np.array(actions, dtype=np.int64))
    except rr.IllegalMoveError:
        pass


def test_a_rollout_of_games_that_never_end_stops_at_max_plies():
    batch = rr.Batch(4, variant="attacks", board="5x6", holes=ENDLESS_HOLES, auto_reset=False)
    # Ten plies per playable square (17) by default, as the CLI's play.
    scores = batch.rollout(seed=0)
    assert scores.shape == (4, 2) and not batch.is_over().any()
    assert (scores == batch.scores()).all()
    # A bound of its own: three plies from the start leave three moves' pieces.
    batch.reset()
    batch.rollout(seed=0, max_plies=3)
    assert batch.side_to_move().tolist() == [1] * 4 and not batch.is_over().any()
    batch.reset()
    assert (batch.rollout(seed=0, max_plies=0) == [[2, 2]] * 4).all()
    # Games that end are unchanged by a bound they do not reach.
    a, b = rr.Batch(64, seed=5), rr.Batch(64, seed=5)
    assert (a.rollout(max_plies=1000) == b.rollout()).all()


@pytest.mark.parametrize(
    ("n", "options"),
    [(2**40, {}), (2**30, {"variant": "attacks", "board": "26x26"}), (2**62, {}), (2**64 - 1, {})],
)
def test_a_batch_too_large_is_a_memory_error(n, options):
    with pytest.raises(MemoryError, match=f"a batch of {n} games"):
        rr.Batch(n, **options)


def out_cases(batch):
    """The ``out=`` methods with the dtype and shape of their arrays."""
    n, a = len(batch), batch.num_actions
    return [
        (batch.observation, np.uint8, (n, 2, batch.height, batch.width)),
        (batch.legal_mask, np.bool_, (n, a)),
        (batch.random_actions, np.int64, (n,)),
        (lambda out: batch.rollout(seed=1, out=out), np.int32, (n, 2)),
    ]


@pytest.mark.parametrize(("variant", "board"), [("reversi", "8x8"), ("attacks", "5x6")])
def test_out_arrays_are_refused_unless_as_new_ones(variant, board):
    batch = rr.Batch(3, variant=variant, board=board, seed=2, auto_reset=False)
    for method, dtype, shape in out_cases(batch):
        if len(shape) > 1:
            fortran = np.zeros(shape, dtype=dtype, order="F")
            with pytest.raises(ValueError, match="C-contiguous"):
                method(out=fortran)
            wide = np.zeros((*shape[:-1], 2 * shape[-1]), dtype=dtype)[..., ::2]
            with pytest.raises(ValueError, match="C-contiguous"):
                method(out=wide)
        read_only = np.zeros(shape, dtype=dtype)
        read_only.flags.writeable = False
        with pytest.raises(ValueError, match="read-only"):
            method(out=read_only)
        with pytest.raises(ValueError, match=r"shape \[.*found shape"):
            method(out=np.zeros((*shape, 1), dtype=dtype).reshape(*shape[:-1], -1)[:1])
        wrong = np.float64 if dtype != np.float64 else np.int8
        with pytest.raises(TypeError, match=f"{np.dtype(dtype).name} array of shape .*found a float64 array"):
            method(out=np.zeros(shape, dtype=wrong))
        with pytest.raises(TypeError, match="found list"):
            method(out=[0] * shape[0])
        assert not read_only.any()
    # An array as a new one would be is written in place.
    batch.reset(seed=2)
    expected = [method(out=None).copy() for method, _, _ in out_cases(batch)]
    batch.reset(seed=2)
    for (method, dtype, shape), want in zip(out_cases(batch), expected):
        out = np.full(shape, 7, dtype=dtype)
        assert method(out=out) is out and (out == want).all()


def test_threads_play_the_same_games():
    results = []
    for threads in (1, 2, None):
        batch = rr.Batch(9000, seed=3, threads=threads)
        for _ in range(20):
            batch.step(batch.policy_actions("greedy"))
        obs, mask = batch.observation(), batch.legal_mask()
        results.append((obs, mask, batch.rollout(("random", "greedy"), seed=5)))
    for got in results[1:]:
        for a, b in zip(got, results[0]):
            np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="threads"):
        rr.Batch(2, threads=0)
