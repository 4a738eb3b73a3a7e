"""The PettingZoo AEC environment and the Gymnasium environments, through their own checkers."""

import subprocess
import sys

import numpy as np
import pytest

import reversi_rules as rr

pettingzoo_test = pytest.importorskip("pettingzoo.test")
gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import reversi_rules.gymnasium  # noqa: E402, F401  (registers the ids)

OPTIONS = [
    {},
    {"board": "6x6", "first": "white"},
    {"board": "8x8", "holes": ["a1", "h8"]},
    {"variant": "attacks", "board": "5x5"},
    {"variant": "reversitacks", "board": "7x7"},
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("options", OPTIONS)
def test_pettingzoo_api_and_seed(options):
    pettingzoo_test.api_test(rr.pettingzoo.env(**options), num_cycles=60)
    pettingzoo_test.seed_test(lambda **kw: rr.pettingzoo.env(**options, **kw), num_cycles=30)


def play_out(env, seed):
    """Random legal play to the end: the agents' total rewards and the final position."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_pettingzoo_observations_and_rewards():
    env = rr.pettingzoo.env()
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1"] and env.agent_selection == "player_0"
    mine, theirs = env.observe("player_0"), env.observe("player_1")
    assert mine["observation"].shape == (8, 8, 2) and mine["observation"].dtype == np.uint8
    assert (mine["observation"] == theirs["observation"][:, :, ::-1]).all()
    assert mine["action_mask"].dtype == np.int8 and mine["action_mask"].sum() == 4
    assert theirs["action_mask"].sum() == 0
    assert mine["observation"][4, 3, 0] == 1  # d5 is Black's (rows from rank 1)
    env.step(rr.Batch(1).action_of("f5"))
    assert env.agent_selection == "player_1"
    assert env.observe("player_0")["observation"][:, :, 0].sum() == 4
    for seed in range(5):
        totals = play_out(env, seed)
        assert sorted(totals.values()) in ([-1, 1], [0, 0])
        # The winner is the side with more discs at the end.
        final = env.unwrapped._batch.position(0)
        black, white = final.score()
        assert totals["player_0"] == np.sign(black - white)


def test_pettingzoo_illegal_action_loses_and_render():
    env = rr.pettingzoo.env(render_mode="ansi")
    env.reset()
    env.step(0)  # a1: not legal at the start
    assert env.rewards == {"player_0": -1, "player_1": 0}
    assert all(env.terminations.values())
    assert "a b c d e f g h" in env.render()
    with pytest.raises(ValueError):
        rr.pettingzoo.env(render_mode="rgb_array")


IDS = [
    "reversi_rules/Othello-v0",
    "reversi_rules/Reversi-v0",
    "reversi_rules/Reversitacks-v0",
    "reversi_rules/Attacks-v0",
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_check_env(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    obs, info = env.reset(seed=0)
    assert obs in env.observation_space and info["action_mask"].dtype == np.int8
    assert info["action_mask"].shape == (env.action_space.n,)


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("color", ["black", "white"])
def test_gymnasium_episodes(opponent, color):
    env = gymnasium.make("reversi_rules/Reversi-v0", board="6x6", color=color, opponent=opponent)
    rng = np.random.default_rng(0)
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        start = env.unwrapped.position()
        assert start.side_to_move == color
        if color == "white":
            assert sum(start.score()) == 5  # the opponent has moved
        me = 0 if color == "black" else 1
        terminated, reward = False, 0.0
        while not terminated:
            assert obs[0].sum() == env.unwrapped.position().score()[me]
            assert obs[1].sum() == env.unwrapped.position().score()[1 - me]
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            assert not truncated and (terminated or reward == 0)
            if not terminated:
                assert env.unwrapped.position().side_to_move == color
        black, white = env.unwrapped.position().score()
        margin = black - white if color == "black" else white - black
        assert reward == np.sign(margin)


def test_gymnasium_seeds_repeat():
    def episode(seed):
        env = gymnasium.make("reversi_rules/Othello-v0", opponent="random")
        obs, info = env.reset(seed=seed)
        trace = [obs]
        terminated = False
        while not terminated:
            action = int(np.flatnonzero(info["action_mask"])[0])
            obs, _, terminated, _, info = env.step(action)
            trace.append(obs)
        return np.stack(trace)

    a, b = episode(3), episode(3)
    assert a.shape == b.shape and (a == b).all()


def test_gymnasium_illegal_actions():
    env = gymnasium.make("reversi_rules/Othello-v0")
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(0)
    assert reward == -1.0 and terminated and info["illegal_action"]
    strict = gymnasium.make("reversi_rules/Othello-v0", illegal="raise")
    strict.reset(seed=0)
    before = strict.unwrapped.position()
    with pytest.raises(rr.IllegalMoveError):
        strict.step(0)
    assert strict.unwrapped.position() == before
    with pytest.raises(ValueError):
        gymnasium.make("reversi_rules/Othello-v0", opponent="minimax")
    with pytest.raises(ValueError):
        gymnasium.make("reversi_rules/Othello-v0", color="red")


def test_render_modes():
    env = gymnasium.make("reversi_rules/Othello-v0", render_mode="ansi")
    env.reset(seed=0)
    assert "X" in env.render()


def test_base_package_imports_without_the_extras():
    code = (
        "import sys\n"
        "sys.modules['gymnasium'] = None\n"
        "sys.modules['pettingzoo'] = None\n"
        "import reversi_rules as rr\n"
        "assert rr.Batch(2).rollout().shape == (2, 2)\n"
        "for name in ('pettingzoo', 'gymnasium'):\n"
        "    try:\n"
        "        getattr(rr, name)\n"
        "    except ImportError:\n"
        "        pass\n"
        "    else:\n"
        "        raise SystemExit(name + ' imported without its package')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
