"""Batch's built-in policies: greedy maximises the mover's discs, rollouts repeat and match stepping."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reversi_rules as rr

BOARDS = [
    ("reversi", "8x8", ()),
    ("reversi", "6x6", ()),
    ("reversi", "8x8", ("a1",)),
    ("reversitacks", "7x7", ()),
    ("attacks", "5x6", ("c3",)),
]
PAIRS = [("random", "random"), ("greedy", "greedy"), ("greedy", "random"), ("random", "greedy")]


def mover_count(pos: rr.Position, mv: str) -> int:
    black, white = pos.played(mv).score()
    return black if pos.side_to_move == "black" else white


@settings(max_examples=15)
@given(st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_greedy_takes_a_move_with_the_most_discs(seed, plies):
    for variant, board, holes in BOARDS:
        batch = rr.Batch(6, variant=variant, board=board, holes=list(holes), seed=seed, auto_reset=False)
        for _ in range(plies):
            if batch.is_over().any():
                break
            batch.step(batch.random_actions())
        if batch.is_over().any():
            continue
        actions = batch.policy_actions("greedy")
        mask = batch.legal_mask()
        assert mask[np.arange(6), actions].all()
        for i, action in enumerate(actions):
            pos = batch.position(i)
            best = max(mover_count(pos, mv) for mv in pos.moves())
            assert mover_count(pos, batch.move_of(int(action))) == best


@settings(max_examples=10)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PAIRS))
def test_rollout_is_the_players_stepped(seed, policies):
    for variant, board, holes in BOARDS:
        rolled = rr.Batch(1, variant=variant, board=board, holes=list(holes), auto_reset=False)
        scores = rolled.rollout(policies, seed=seed)
        assert rolled.is_over().all() and (scores == rolled.scores()).all()
        stepped = rr.Batch(1, variant=variant, board=board, holes=list(holes), auto_reset=False)
        stepped.reset(seed=seed)
        while not stepped.is_over()[0]:
            policy = policies[int(stepped.side_to_move()[0])]
            stepped.step(stepped.policy_actions(policy))
        assert (stepped.scores() == scores).all()
        assert stepped.position(0) == rolled.position(0)


@pytest.mark.parametrize("policies", PAIRS)
def test_rollout_repeats_whatever_the_batch_size_and_threads(policies):
    # 5000 games run on rayon's threads, 7 on one: game i's stream is the same.
    big = rr.Batch(5000, auto_reset=False).rollout(policies, seed=11)
    small = rr.Batch(7, auto_reset=False).rollout(policies, seed=11)
    assert (big[:7] == small).all()
    assert (big.sum(axis=1) <= 64).all() and big.min() >= 0
    again = rr.Batch(5000, auto_reset=False).rollout(list(policies), seed=11)
    assert (again == big).all()


def test_rollout_writes_out_and_resets():
    batch = rr.Batch(16, seed=4)
    out = np.full((16, 2), -7, dtype=np.int32)
    assert batch.rollout("greedy", seed=2, out=out) is out
    assert (out == rr.Batch(16).rollout(("greedy", "greedy"), seed=2)).all()
    assert not batch.is_over().any()  # auto_reset: back at the start
    assert (batch.scores() == 2).all()
    assert (batch.rollout(seed=2) == batch.rollout(None, 2)).all()


def test_greedy_differs_from_random():
    random = rr.Batch(64, auto_reset=False).rollout("random", seed=1)
    greedy = rr.Batch(64, auto_reset=False).rollout("greedy", seed=1)
    assert not (random == greedy).all()


def test_bad_policies_raise():
    batch = rr.Batch(4)
    with pytest.raises(ValueError, match="unknown policy"):
        batch.rollout("minimax")
    with pytest.raises(ValueError, match="unknown policy"):
        batch.policy_actions("alphazero")
    with pytest.raises(ValueError, match="two"):
        batch.rollout(("random", "greedy", "random"))
    with pytest.raises(ValueError, match="shape"):
        batch.rollout(out=np.zeros((4, 3), dtype=np.int32))
    with pytest.raises(ValueError, match="shape"):
        batch.policy_actions("greedy", out=np.zeros(5, dtype=np.int64))
    with pytest.raises(TypeError):
        batch.rollout(out=np.zeros((4, 2), dtype=np.int64))
