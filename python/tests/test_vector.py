"""The native Gymnasium vector environment: ``gymnasium.make_vec`` on every id."""

from __future__ import annotations

import numpy as np
import pytest

import reversi_rules as rr

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.wrappers import vector as vector_wrappers  # noqa: E402

from reversi_rules.gymnasium import ReversiVectorEnv, VectorEnv  # noqa: E402

IDS = {
    "reversi_rules/Othello-v0": {},
    "reversi_rules/Reversi-v0": {"board": "6x6", "holes": ["a1"]},
    "reversi_rules/Reversitacks-v0": {},
    "reversi_rules/Attacks-v0": {"board": "5x5"},
}


def legal_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action of each row of ``mask`` (0 where none)."""
    noise = rng.random(mask.shape) * mask.astype(bool)
    return noise.argmax(axis=1)


def winner_reward(scores: np.ndarray, learner_black: bool) -> np.ndarray:
    """+1, 0 or -1: the learner's result from the discs (Black, White)."""
    margin = scores[:, 0] - scores[:, 1]
    return np.sign(margin if learner_black else -margin).astype(np.float64)


@pytest.mark.parametrize(("env_id", "options"), IDS.items())
def test_make_vec_builds_the_native_class(env_id, options):
    envs = gymnasium.make_vec(env_id, num_envs=5, **options)
    assert isinstance(envs, ReversiVectorEnv) and VectorEnv is ReversiVectorEnv
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    single = gymnasium.make(env_id, **options)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space.shape == (5, *single.observation_space.shape)
    obs, infos = envs.reset(seed=3)
    assert obs.dtype == np.uint8 and obs in envs.observation_space
    assert infos["action_mask"].dtype == np.int8
    assert infos["action_mask"].shape == (5, single.action_space.n)
    assert infos["_action_mask"].all()


@pytest.mark.parametrize(("env_id", "options"), IDS.items())
def test_same_data_as_gymnasiums_own_vectorisation(env_id, options):
    # Self-play has no chance: the native class and SyncVectorEnv over the
    # single environment must give the same data, step for step, with the
    # action space's samples (mostly illegal, each ending an episode with -1)
    # and with legal play to the ends of the games.
    make = lambda mode: gymnasium.make_vec(  # noqa: E731
        env_id, num_envs=4, vectorization_mode=mode, opponent="self", **options
    )
    native, sync = make("vector_entry_point"), make("sync")
    native.action_space.seed(1)
    rng, ended = np.random.default_rng(0), 0
    for sampled in (True, False):
        (obs_a, info_a), (obs_b, info_b) = native.reset(seed=2), sync.reset(seed=2)
        for _ in range(40 if sampled else 400):
            np.testing.assert_array_equal(obs_a, obs_b)
            assert obs_a.dtype == obs_b.dtype
            np.testing.assert_array_equal(info_a["action_mask"], info_b["action_mask"])
            assert info_a["action_mask"].dtype == info_b["action_mask"].dtype
            np.testing.assert_array_equal(info_a.get("illegal_action"), info_b.get("illegal_action"))
            if sampled:
                actions = native.action_space.sample()
            else:
                actions = legal_actions(info_a["action_mask"], rng)
            obs_a, rew_a, term_a, trunc_a, info_a = native.step(actions)
            obs_b, rew_b, term_b, trunc_b, info_b = sync.step(actions)
            np.testing.assert_array_equal(rew_a, rew_b)
            np.testing.assert_array_equal(term_a, term_b)
            np.testing.assert_array_equal(trunc_a, trunc_b)
            assert rew_a.dtype == rew_b.dtype
            ended += int(term_a.sum())
    assert ended >= 8


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("color", ["black", "white"])
@pytest.mark.parametrize(("env_id", "options"), [*IDS.items()][::3])
def test_rewards_are_the_learners_result(env_id, options, opponent, color):
    envs = gymnasium.make_vec(env_id, num_envs=16, opponent=opponent, color=color, **options)
    obs, infos = envs.reset(seed=5)
    rng, seen = np.random.default_rng(1), 0
    learner, terminated = (0 if color == "black" else 1), np.zeros(16, bool)
    for _ in range(300):
        # The learner is to move in every episode that goes on.
        assert (envs._core.side_to_move()[~terminated] == learner).all()
        obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        assert not truncated.any()
        # NEXT_STEP: an ended game stays as it ended until its next step.
        if terminated.any():
            expected = winner_reward(envs.scores(), color == "black")
            np.testing.assert_array_equal(rewards[terminated], expected[terminated])
            seen += int(terminated.sum())
        assert (rewards[~terminated] == 0).all()
    assert seen >= 16


def test_next_step_ignores_the_action_and_restarts():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2, opponent="greedy", color="white")
    start, infos = envs.reset(seed=0)
    assert start.sum() == 2 * 5  # Black's first move played by the opponent
    rng = np.random.default_rng(2)
    while True:
        obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        if terminated[0]:
            break
    # An illegal action for the ended game: ignored by the reset step.
    actions = legal_actions(infos["action_mask"], rng)
    actions[0] = 9999
    obs, rewards, terminated, truncated, infos = envs.step(actions)
    assert rewards[0] == 0 and not terminated[0] and "illegal_action" not in infos
    assert obs[0].sum() == 5


def test_same_step_gives_the_final_observation():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=8, autoreset_mode=AutoresetMode.SAME_STEP)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=0)
    rng, seen = np.random.default_rng(3), 0
    for _ in range(200):
        obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        if terminated.any():
            assert (infos["_final_obs"] == terminated).all()
            for i in np.flatnonzero(terminated):
                final = infos["final_obs"][i]
                assert final.shape == (2, 8, 8) and final.sum() > 4
                assert obs[i].sum() == 4  # started again in the same step
                seen += 1
        else:
            assert "final_obs" not in infos
    assert seen >= 8


def test_disabled_waits_for_a_masked_reset():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=4, autoreset_mode="disabled")
    obs, infos = envs.reset(seed=0)
    rng = np.random.default_rng(4)
    ended = np.zeros(4, bool)
    while not ended.any():
        obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        ended = terminated | truncated
    assert not infos["action_mask"][ended].any()
    with pytest.raises(ValueError, match="reset"):
        envs.step(legal_actions(infos["action_mask"], rng))
    before = envs.scores()
    # With a seed too: the streams are seeded again, the unmasked games stay.
    obs, infos = envs.reset(seed=1, options={"reset_mask": ended})
    after = envs.scores()
    np.testing.assert_array_equal(after[~ended], before[~ended])
    assert (after[ended] == 2).all()
    envs.step(legal_actions(infos["action_mask"], rng))
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(options={"reset_mask": [1, 0, 0, 0]})


def test_illegal_actions_lose_or_raise():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=3, opponent="random")
    obs, infos = envs.reset(seed=0)
    actions = legal_actions(infos["action_mask"], np.random.default_rng(0))
    actions[1] = 0  # a1: never legal at the start
    obs2, rewards, terminated, truncated, infos = envs.step(actions)
    assert rewards.tolist() == [0.0, -1.0, 0.0] and terminated.tolist() == [False, True, False]
    assert infos["illegal_action"].tolist() == [False, True, False]
    np.testing.assert_array_equal(obs2[1], obs[1])
    strict = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=3, illegal="raise")
    obs, infos = strict.reset(seed=0)
    with pytest.raises(rr.IllegalMoveError, match="environment 1"):
        strict.step(actions)
    np.testing.assert_array_equal(strict.reset(seed=0)[0], obs)
    with pytest.raises(ValueError, match="2 actions for 3"):
        strict.step([19, 19])


@pytest.mark.parametrize("threads", [1, 2])
def test_a_large_batch_refuses_its_first_illegal_action_on_any_threads(threads):
    # From 2,048 episodes the check runs on the threads: the first bad one is named.
    n = 5000
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=n, illegal="raise", threads=threads)
    obs, infos = envs.reset(seed=0)
    actions = legal_actions(infos["action_mask"], np.random.default_rng(0))
    actions[[4321, 2500, 4999]] = 0  # a1: never legal at the start
    with pytest.raises(rr.IllegalMoveError, match="environment 2500: action 0 is not legal"):
        envs.step(actions)
    start = str(rr.Position())
    assert all(str(envs.position(i)) == start for i in (0, 2499, 2500, 4999))  # nothing played


def test_seeds_repeat_and_differ():
    def run(seed):
        envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=6, opponent="random")
        obs, infos = envs.reset(seed=seed)
        rng, out = np.random.default_rng(0), []
        for _ in range(80):
            obs, rewards, *_, infos = envs.step(legal_actions(infos["action_mask"], rng))
            out.append(obs.copy())
        return np.stack(out)

    assert (run(7) == run(7)).all()
    assert (run(7) != run(8)).any()


def test_step_async_is_step():
    a = gymnasium.make_vec("reversi_rules/Reversi-v0", num_envs=64, opponent="greedy", board="6x6")
    b = gymnasium.make_vec("reversi_rules/Reversi-v0", num_envs=64, opponent="greedy", board="6x6")
    (_, info_a), (_, info_b) = a.reset(seed=1), b.reset(seed=1)
    rng = np.random.default_rng(5)
    for _ in range(100):
        actions = legal_actions(info_a["action_mask"], rng)
        b.step_async(actions)
        with pytest.raises(RuntimeError, match="step_wait"):
            b.scores()
        out_a = a.step(actions)
        out_b = b.step_wait()
        for x, y in zip(out_a[:4], out_b[:4]):
            np.testing.assert_array_equal(x, y)
        info_a, info_b = out_a[4], out_b[4]
        np.testing.assert_array_equal(info_a["action_mask"], info_b["action_mask"])
    with pytest.raises(RuntimeError, match="step_async"):
        b.step_wait()
    b.step_async(legal_actions(info_b["action_mask"], rng))
    b.close()  # waits for the step under way


def test_threads_give_the_same_games():
    outs = []
    for threads in (1, 2, None):
        envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=9000, threads=threads)
        obs, infos = envs.reset(seed=4)
        rng = np.random.default_rng(6)
        for _ in range(30):
            obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        outs.append((obs, envs.scores()))
    for obs, scores in outs[1:]:
        np.testing.assert_array_equal(obs, outs[0][0])
        np.testing.assert_array_equal(scores, outs[0][1])
    with pytest.raises(ValueError, match="threads"):
        gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2, threads=0)


def test_copy_or_reuse_the_arrays():
    fresh = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2)
    reused = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2, copy=False)
    for envs, same in ((fresh, False), (reused, True)):
        obs, infos = envs.reset(seed=0)
        obs2, *_ = envs.step(legal_actions(infos["action_mask"], np.random.default_rng(0)))
        assert (obs2 is obs) == same


def test_truncation_after_max_episode_steps():
    envs = gymnasium.make_vec("reversi_rules/Attacks-v0", num_envs=4, max_episode_steps=6, opponent="random")
    obs, infos = envs.reset(seed=0)
    rng, truncations = np.random.default_rng(0), []
    for _ in range(4):
        obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        truncations.append(truncated.copy())
        assert not (terminated & truncated).any()
    # Three plies of each side: the learner's third step ends every episode.
    assert [t.all() for t in truncations] == [False, False, True, False]


def test_bad_options_are_refused():
    make = lambda **kw: gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2, **kw)  # noqa: E731
    for kw, match in [
        ({"opponent": "minimax"}, "opponent"),
        ({"color": "red"}, "color"),
        ({"autoreset_mode": "sometimes"}, "autoreset_mode"),
        ({"illegal": "ignore"}, "illegal"),
        ({"max_episode_steps": 0}, "max_episode_steps"),
    ]:
        with pytest.raises(ValueError, match=match):
            make(**kw)
    envs = make()
    with pytest.raises(gymnasium.error.ResetNeeded):
        envs.step([19, 19])
    with pytest.raises(TypeError, match="seed"):
        envs.reset(seed=[1, 2])


def test_standard_vector_wrappers():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=8, opponent="random")
    envs = vector_wrappers.RecordEpisodeStatistics(envs)
    envs = vector_wrappers.DtypeObservation(envs, np.float32)
    envs = vector_wrappers.FlattenObservation(envs)
    obs, infos = envs.reset(seed=0)
    assert obs.shape == (8, 128) and obs.dtype == np.float32
    rng, episodes = np.random.default_rng(0), []
    for _ in range(200):
        obs, rewards, terminated, truncated, infos = envs.step(legal_actions(infos["action_mask"], rng))
        if "episode" in infos:
            done = infos["_episode"]
            assert set(infos["episode"]["r"][done]) <= {-1.0, 0.0, 1.0}
            assert (infos["episode"]["l"][done] >= 30).all()
            episodes += infos["episode"]["r"][done].tolist()
    assert len(episodes) >= 8


def test_a_cleanrl_style_ppo_rollout():
    # The storage and the loop of CleanRL's ppo.py (numpy in place of torch):
    # fixed-size buffers filled step by step, the masks read from infos,
    # `next_done` from terminations | truncations, returns from a value stand-in.
    num_envs, num_steps = 32, 64
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=num_envs, opponent="greedy")
    envs = vector_wrappers.RecordEpisodeStatistics(envs)
    obs_buf = np.zeros((num_steps, num_envs, *envs.single_observation_space.shape), np.float32)
    mask_buf = np.zeros((num_steps, num_envs, envs.single_action_space.n), bool)
    actions_buf = np.zeros((num_steps, num_envs), np.int64)
    rewards_buf = np.zeros((num_steps, num_envs), np.float32)
    dones_buf = np.zeros((num_steps, num_envs), np.float32)
    next_obs, infos = envs.reset(seed=1)
    next_done = np.zeros(num_envs, np.float32)
    rng, returns = np.random.default_rng(7), []
    weights = rng.normal(size=(128, 65)).astype(np.float32) * 0.1
    for step in range(num_steps):
        obs_buf[step], dones_buf[step] = next_obs, next_done
        mask = infos["action_mask"].astype(bool)
        mask_buf[step] = mask
        logits = next_obs.reshape(num_envs, -1).astype(np.float32) @ weights
        logits[~mask] = -np.inf
        gumbel = -np.log(-np.log(rng.random(logits.shape)))
        action = np.where(mask.any(axis=1), (logits + gumbel).argmax(axis=1), 0)
        actions_buf[step] = action
        next_obs, reward, terminations, truncations, infos = envs.step(action)
        rewards_buf[step] = reward
        next_done = (terminations | truncations).astype(np.float32)
        if "episode" in infos:
            returns += infos["episode"]["r"][infos["_episode"]].tolist()
    # Every action stored was legal in the position it was stored with, but
    # on the reset steps of NEXT_STEP (after a done: the action is ignored).
    chosen = mask_buf[np.arange(num_steps)[:, None], np.arange(num_envs), actions_buf]
    assert chosen[dones_buf == 0].all() and (dones_buf == 1).any()
    # A reward comes only on the step that ends an episode.
    ends = np.roll(dones_buf, -1, axis=0)[:-1]
    assert ((rewards_buf[:-1] != 0) <= (ends == 1)).all()
    assert len(returns) >= num_envs and set(returns) <= {-1.0, 0.0, 1.0}


def test_batch_out_takes_buffers_and_dlpack():
    batch = rr.Batch(4, seed=0)
    raw = bytearray(4 * 2 * 8 * 8)
    view = memoryview(raw).cast("B", (4, 2, 8, 8))
    written = batch.observation(out=view)
    assert np.shares_memory(written, np.frombuffer(raw, np.uint8))
    assert sum(raw) == 4 * 4

    class Exported:
        """An array seen only through DLPack, as a CPU torch tensor is."""

        def __init__(self, array):
            self.array = array

        def __dlpack__(self, **kwargs):
            return self.array.__dlpack__(**kwargs)

        def __dlpack_device__(self):
            return self.array.__dlpack_device__()

    mask = np.zeros((4, 65), bool)
    batch.legal_mask(out=Exported(mask))
    assert mask.sum() == 4 * 4
    rewards, terminated = np.full(4, 7, np.float64), np.ones(4, bool)
    r, t = batch.step(batch.random_actions(), rewards=rewards, terminated=Exported(terminated))
    assert r is rewards and (rewards == 0).all() and not terminated.any()
    with pytest.raises(ValueError, match="read-only"):
        batch.observation(out=memoryview(bytes(512)).cast("B", (4, 2, 8, 8)))
    with pytest.raises(TypeError, match="list"):
        batch.observation(out=[0] * 512)
    with pytest.raises(ValueError, match="shape"):
        batch.step(batch.random_actions(), rewards=np.zeros(3, np.float64))


def test_float_actions_are_refused_not_truncated():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=3, illegal="raise")
    _, infos = envs.reset(seed=0)
    # 19.7 is no move: Batch.step refuses it too.
    for bad in (np.array([19.7, 19.2, 19.0]), [19.0, 19.0, 19.0], np.array([True, False, True])):
        with pytest.raises(TypeError, match="actions: expected integers"):
            envs.step(bad)
        with pytest.raises(TypeError, match="actions: expected integers"):
            envs.step_async(bad)
    with pytest.raises(TypeError):
        rr.Batch(3).step([19.7, 19.2, 19.0])
    # Nothing was played: integers step as ever.
    actions = legal_actions(infos["action_mask"], np.random.default_rng(0))
    assert envs.step(actions.astype(np.uint8))[1].shape == (3,)


def test_a_closed_env_refuses_to_step_or_reset():
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=2)
    _, infos = envs.reset(seed=0)
    actions = legal_actions(infos["action_mask"], np.random.default_rng(0))
    envs.close()
    for call in (lambda: envs.step(actions), lambda: envs.step_async(actions), lambda: envs.reset()):
        with pytest.raises(gymnasium.error.ClosedEnvironmentError):
            call()


@pytest.mark.parametrize("copy", [True, False])
def test_a_refused_call_during_step_async_changes_nothing(copy):
    a = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=4, opponent="self", copy=copy)
    b = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=4, opponent="self", copy=copy)
    (obs, infos), _ = a.reset(seed=3), b.reset(seed=3)
    before = (obs.copy(), infos["action_mask"].copy())
    actions = legal_actions(infos["action_mask"], np.random.default_rng(1))
    a.step_async(actions)
    for refused in (lambda: a.step(actions), lambda: a.reset(seed=3)):
        with pytest.raises(RuntimeError, match="step_wait"):
            refused()
    # The arrays the last reset handed out are as they were, and the
    # environment's own (a step's infos are made from them) too.
    np.testing.assert_array_equal(obs, before[0])
    np.testing.assert_array_equal(a._obs, before[0])
    np.testing.assert_array_equal(a._mask.view(np.int8), before[1])
    out_a, out_b = a.step_wait(), b.step(actions)
    for x, y in zip(out_a[:4], out_b[:4]):
        np.testing.assert_array_equal(x, y)
    np.testing.assert_array_equal(out_a[4]["action_mask"], out_b[4]["action_mask"])


def sample_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """python/README.md's sampler: a uniform legal action per row; a row
    without one (NEXT_STEP's finished episode, whose action is ignored) gets 0."""
    scores = rng.random(mask.shape)
    scores[mask == 0] = -1.0
    return scores.argmax(axis=1)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_the_readme_sampler_handles_both_autoreset_modes(mode):
    envs = gymnasium.make_vec("reversi_rules/Othello-v0", num_envs=8, opponent="self", autoreset_mode=mode)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    empty = 0
    for _ in range(200):
        mask = infos["action_mask"]
        empty += int((~mask.any(axis=1)).sum())
        actions = sample_legal(mask, rng)
        assert all(mask[i, a] for i, a in enumerate(actions) if mask[i].any())
        _, _, terminated, _, infos = envs.step(actions)
        assert not infos.get("illegal_action", np.zeros(8, bool)).any()
    # NEXT_STEP hands finished episodes with empty masks (a masked
    # rng.choice(np.flatnonzero(mask)) fails on them); SAME_STEP never does.
    assert (empty > 0) == (mode == AutoresetMode.NEXT_STEP)
