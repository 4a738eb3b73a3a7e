"""The PettingZoo parallel environment: PettingZoo's checkers, and the same games as the AEC env."""

import textwrap

import numpy as np
import pytest

import reversi_rules as rr

pettingzoo_test = pytest.importorskip("pettingzoo.test")
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec, turn_based_aec_to_parallel  # noqa: E402

from reversi_rules import pettingzoo  # noqa: E402

OPTIONS = [
    {},
    {"board": "6x6", "holes": ["a1", "f6", "c5"], "first": "white"},
    {"variant": "reversitacks", "board": "7x7"},
    {"variant": "attacks", "board": "7x7"},
]


@pytest.mark.filterwarnings("error::UserWarning")
@pytest.mark.parametrize("options", OPTIONS)
def test_parallel_api_and_seed(options):
    pettingzoo_test.parallel_api_test(pettingzoo.parallel_env(**options), num_cycles=400)
    pettingzoo_test.parallel_seed_test(lambda: pettingzoo.parallel_env(**options), num_cycles=100)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_parallel_to_aec_passes_the_aec_api_test():
    pettingzoo_test.api_test(parallel_to_aec(pettingzoo.parallel_env(board="6x6")), num_cycles=60)


def without(options, key):
    """``options`` less ``key``."""
    return {k: v for k, v in options.items() if k != key}


def random_legal(rng):
    """A policy for both agents: a random legal action for the mover, 0 for the idle agent."""

    def choose(observations, agents):
        actions = {}
        for agent in agents:
            legal = np.flatnonzero(observations[agent]["action_mask"])
            actions[agent] = int(rng.choice(legal)) if legal.size else 0
        return actions

    return choose


def play(env, seed, max_steps=1000):
    """Random legal play: the movers' actions, every step's outputs, the final step's rewards."""
    policy = random_legal(np.random.default_rng(seed))
    observations, infos = env.reset(seed=seed)
    moves, trace, rewards = [], [(observations, infos)], {}
    for _ in range(max_steps):
        if not env.agents:
            break
        actions = policy(observations, env.agents)
        mover = env.agent_to_move
        assert infos[mover]["active_agent"] == mover
        moves.append(actions[mover])
        observations, rewards, terminations, truncations, infos = env.step(actions)
        trace.append((observations, rewards, terminations, truncations))
        assert not any(truncations.values())
    return moves, trace, rewards


@pytest.mark.parametrize("options", OPTIONS[:2] + [{"variant": "attacks", "board": "5x5"}])
def test_games_match_the_position_and_the_aec_env(options):
    for seed in range(4):
        env = pettingzoo.parallel_env(**options)
        moves, trace, rewards = play(env, seed)
        assert not env.agents, "the game ends"
        # The same moves on a Position: the same end, and the rewards of its score.
        pos = rr.Position(variant=options.get("variant", "reversi"), **without(options, "variant"))
        for action in moves:
            mv = env._batch.move_of(action)
            assert pos.moves() == ["pass"] if mv == "pass" else pos.is_legal(mv)
            pos.pass_() if mv == "pass" else pos.play(mv)
        assert pos.is_game_over() and pos == env.position()
        black, white = pos.score()
        assert rewards == {"player_0": np.sign(black - white), "player_1": np.sign(white - black)}
        # The same moves on the AEC env, through PettingZoo's turn-based wrapper.
        aec = turn_based_aec_to_parallel(pettingzoo.raw_env(**options))
        observations, _ = aec.reset(seed=seed)
        assert data_equivalence(observations, trace[0][0])
        for action, (obs, rew, term, trunc) in zip(moves, trace[1:]):
            out = aec.step({agent: action for agent in aec.agents})
            assert data_equivalence((out[0], out[1], out[2], out[3]), (obs, rew, term, trunc))
        assert not aec.agents


def test_observations_views_and_state():
    env = pettingzoo.parallel_env()
    observations, infos = env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"] and env.agent_to_move == "player_0"
    mine, theirs = observations["player_0"], observations["player_1"]
    assert mine["observation"].shape == (8, 8, 2) and mine["observation"].dtype == np.uint8
    assert (mine["observation"] == theirs["observation"][:, :, ::-1]).all()
    assert mine["action_mask"].dtype == np.int8 and mine["action_mask"].sum() == 4
    assert theirs["action_mask"].sum() == 0
    assert infos["player_0"]["action_mask"] is mine["action_mask"]
    assert mine["observation"][4, 3, 0] == 1  # d5 is Black's (rows from rank 1)
    for agent in env.agents:
        assert observations[agent] in env.observation_space(agent)
    assert env.state() in env.state_space and (env.state() == mine["observation"]).all()
    kept = {agent: obs["observation"].copy() for agent, obs in observations.items()}
    observations, rewards, terminations, _, infos = env.step({"player_0": rr.Batch(1).action_of("f5")})
    assert rewards == {"player_0": 0, "player_1": 0} and not any(terminations.values())
    assert env.agent_to_move == "player_1" and infos["player_0"]["active_agent"] == "player_1"
    # White to move: White's view first-hand, the state still Black then White.
    state = env.state()
    assert state[:, :, 0].sum() == 4 and state[:, :, 1].sum() == 1
    assert (observations["player_1"]["observation"] == state[:, :, ::-1]).all()
    assert observations["player_1"]["action_mask"].sum() == 3
    # The last step's arrays were new ones, not overwritten.
    assert all((mine_before == kept[agent]).all() for agent, mine_before in kept.items())
    # Writing to a handed-out mask changes nothing in the game.
    observations["player_1"]["action_mask"][:] = 1
    _, rewards, terminations, _, infos = env.step({"player_1": 0, "player_0": 0})  # a1: illegal
    assert rewards == {"player_0": 0, "player_1": -1} and infos["player_1"]["illegal_action"]


class CountingBatch:
    """A Batch that counts the calls of each method."""

    def __init__(self, batch):
        self.batch, self.calls = batch, {}

    def __getattr__(self, name):
        attribute = getattr(self.batch, name)
        if not callable(attribute):
            return attribute

        def counted(*args, **kwargs):
            self.calls[name] = self.calls.get(name, 0) + 1
            return attribute(*args, **kwargs)

        return counted


def test_one_batch_observation_call_per_step():
    env = pettingzoo.parallel_env(board="6x6")
    counting = CountingBatch(env._batch)
    env._batch = counting
    observations, _ = env.reset(seed=0)
    policy = random_legal(np.random.default_rng(0))
    steps = 0
    while env.agents:
        observations, *_ = env.step(policy(observations, env.agents))
        steps += 1
    assert counting.calls["observation"] == steps + 1  # the reset's and one a step
    assert counting.calls["legal_mask"] <= steps + 1


def test_illegal_actions_end_the_game():
    env = pettingzoo.parallel_env()
    env.reset(seed=0)
    observations, rewards, terminations, truncations, infos = env.step({"player_0": 0, "player_1": 19})
    assert rewards == {"player_0": -1, "player_1": 0}
    assert terminations == {"player_0": True, "player_1": True}
    assert truncations == {"player_0": False, "player_1": False}
    assert infos["player_0"]["illegal_action"] and "illegal_action" not in infos["player_1"]
    assert env.agents == [] and env.agent_to_move is None
    assert all(obs["action_mask"].sum() == 0 for obs in observations.values())
    assert env.position() == rr.Position()  # not played
    assert env.step({"player_0": 19}) == ({}, {}, {}, {}, {})
    for action in (-1, 65, 10**6):  # outside the action space: illegal too
        env.reset()
        assert env.step({"player_0": action})[1] == {"player_0": -1, "player_1": 0}
    env.reset()
    with pytest.raises(KeyError, match="player_0"):
        env.step({"player_1": 19})
    # The idle agent's action is ignored, whatever it is.
    for idle in (0, None, -5, 10**6):
        env.reset()
        _, rewards, terminations, _, _ = env.step({"player_0": 19, "player_1": idle})
        assert rewards == {"player_0": 0, "player_1": 0} and not any(terminations.values())
        assert env.agent_to_move == "player_1"


def test_a_forced_pass_is_the_only_action():
    env = pettingzoo.parallel_env(board="6x6", holes=["c2", "d5"])
    passes = 0
    for seed in range(40):
        observations, _ = env.reset(seed=seed)
        policy = random_legal(np.random.default_rng(seed))
        while env.agents:
            mover = env.agent_to_move
            mask = observations[mover]["action_mask"]
            if mask[env._batch.pass_action]:
                assert mask.sum() == 1 and env.position().must_pass()
                passes += 1
            else:
                assert not env.position().must_pass()
            observations, *_ = env.step(policy(observations, env.agents))
    assert passes > 0


def test_seeds_repeat():
    def episode(seed):
        env = pettingzoo.parallel_env(variant="attacks", board="5x5")
        moves, trace, rewards = play(env, seed, max_steps=200)
        return moves, [obs for obs, *_ in trace], rewards

    first, again, other = episode(5), episode(5), episode(6)
    assert first[0] == again[0] and data_equivalence(first, again)
    assert first[0] != other[0]


def test_the_docstring_self_play_loop_runs():
    doc = pettingzoo.__doc__
    code = textwrap.dedent(doc[doc.index("::\n") + 3 : doc.index("Only the mover")])
    scope = {}
    exec(compile(code, "<pettingzoo docstring>", "exec"), scope)  # noqa: S102
    env, rewards = scope["env"], scope["rewards"]
    assert env.agents == [] and sorted(rewards.values()) in ([-1, 1], [0, 0])
    final = env.position()
    black, white = final.score()
    assert final.is_game_over() and rewards["player_0"] == np.sign(black - white)


def test_render_modes(capsys):
    env = pettingzoo.parallel_env(render_mode="ansi")
    env.reset()
    assert "a b c d e f g h" in env.render()
    human = pettingzoo.parallel_env(render_mode="human", board="4x4")
    observations, _ = human.reset()
    human.step({"player_0": int(np.flatnonzero(observations["player_0"]["action_mask"])[0]), "player_1": 0})
    assert capsys.readouterr().out.count("a b c d") == 2
    assert pettingzoo.parallel_env().render() is None
    with pytest.raises(ValueError):
        pettingzoo.parallel_env(render_mode="rgb_array")


def test_a_step_before_reset_is_refused():
    from gymnasium.error import ResetNeeded

    env = pettingzoo.parallel_env()
    with pytest.raises(ResetNeeded):
        env.step({"player_0": 19, "player_1": 0})
    env.reset(seed=0)
    assert env.step({"player_0": 19, "player_1": 0})[1] == {"player_0": 0, "player_1": 0}
