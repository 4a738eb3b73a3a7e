"""A PettingZoo AEC environment of Reversi, Reversitacks and Attacks on any board.

``reversi_rules.pettingzoo.env(**options)`` (needs ``pip install reversi-rules[pettingzoo]``)
returns the environment wrapped as PettingZoo's classic games are: an illegal action
ends the game with reward -1 for the agent that played it and 0 for the other
(``TerminateIllegalWrapper``), an action outside the action space raises
(``AssertOutOfBoundsWrapper``), calls out of order raise (``OrderEnforcingWrapper``).
``raw_env(**options)`` is the environment itself.

Options: ``variant`` (``"reversi"``, ``"reversitacks"``, ``"attacks"``), ``board``
(``"8x8"``, ``"6x10"``, ``"octagon"``, ...), ``holes`` (square names), ``first``
(``"black"`` or ``"white"``), ``render_mode`` (``"ansi"``: ``render()`` returns the
board as text; ``"human"``: prints it after every move).

Agents: ``"player_0"`` plays Black and ``"player_1"`` White (PettingZoo's naming;
``first="white"`` makes ``"player_1"`` move first). Observation: a dict, ``"observation"`` ``uint8
(H, W, 2)`` (channels last, as PettingZoo's classic games): plane 0 the observing
agent's pieces, plane 1 its opponent's; ``"action_mask"`` ``int8 (A,)``, the legal
actions of the agent to move (all 0 for the other agent). Actions are those of
``reversi_rules.Batch``: Reversi ``H * W + 1`` (square ``row * W + column``, ``a1`` = 0,
pass last); a forced pass is the pass action, the only one in the mask. Rewards:
+1 to the winner, -1 to the loser, 0 each on a draw, at the end only.

``parallel_env(**options)`` is the same game behind PettingZoo's parallel API
(``ReversiParallelEnv``), with the same options, agents, observations, actions and
rewards. The game stays turn-based: ``step`` takes an action for every live agent,
plays the one of the agent to move (``agent_to_move``) and ignores the other's,
whatever it is (its mask is all 0; ``0`` will do). An illegal action by the agent to
move ends the game: -1 to it, 0 to the other, ``info["illegal_action"] = True``;
an action outside the action space is illegal too. Both observations of a step come
from one ``Batch.observation`` call, the idle agent's planes the mover's swapped.
``infos[agent]["action_mask"]`` is the observation's mask (the same array) and
``infos[agent]["active_agent"]`` the agent to move. ``state()`` is the board as
``uint8 (H, W, 2)``, plane 0 Black's pieces, plane 1 White's (``state_space``).
Truncations are always ``False``.

Self-play without SuperSuit: one policy acts for both agents at once, the masks
doing the turn-taking (the idle agent's row is all illegal, its choice ignored)::

    import numpy as np
    from reversi_rules import pettingzoo

    env = pettingzoo.parallel_env(board="8x8")
    observations, infos = env.reset(seed=0)
    while env.agents:
        agents = env.agents
        planes = np.stack([observations[a]["observation"] for a in agents])  # (2, H, W, 2)
        masks = np.stack([observations[a]["action_mask"] for a in agents]).astype(bool)
        logits = np.random.randn(len(agents), masks.shape[1])  # policy(planes): your network here
        logits[~masks] = -np.inf
        actions = dict(zip(agents, logits.argmax(axis=1).tolist()))  # the idle agent's: 0, ignored
        observations, rewards, terminations, truncations, infos = env.step(actions)
    # rewards: +1/-1 (0 each on a draw) for the last step's agents

Only the mover's transition is a sample to learn from: ``agent_to_move`` (or
``infos[a]["active_agent"]``) before the step names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ._native import Batch, Position
from ._text import RENDER_MODES, checked_render_mode, render

__all__ = ["ReversiParallelEnv", "env", "parallel_env", "raw_env"]

# Black's agent, then White's: the index is Batch.side_to_move()'s colour.
AGENTS = ("player_0", "player_1")

# The parallel API's dicts, by agent.
Observations = dict[str, dict[str, np.ndarray]]
Infos = dict[str, dict[str, Any]]


def env(**options: Any) -> AECEnv:
    """The environment with PettingZoo's classic wrappers (illegal action: -1 and the end)."""
    wrapped: AECEnv = raw_env(**options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def observation_space(height: int, width: int, actions: int) -> spaces.Dict:
    """An agent's observation space: its view of the board and its action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 1, (height, width, 2), np.uint8),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """Two agents, ``"player_0"`` (Black) and ``"player_1"`` (White), on one game of a ``Batch`` of 1."""

    metadata = {"render_modes": RENDER_MODES, "name": "reversi_rules_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: str = "reversi",
        board: str = "8x8",
        holes: Sequence[str] = (),
        first: str = "black",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.render_mode = checked_render_mode(render_mode)
        self._batch = Batch(1, variant, board=board, holes=list(holes), auto_reset=False, first=first)
        height, width, actions = self._batch.height, self._batch.width, self._batch.num_actions
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {agent: observation_space(height, width, actions) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in AGENTS}
        self._reset_state()

    def _reset_state(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[int(self._batch.side_to_move()[0])]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same for both)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same for both)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s view: planes (its pieces, the other's) and its mask (zeros off its turn)."""
        planes = self._batch.observation()[0]  # (2, H, W): mover, opponent
        mover = AGENTS[int(self._batch.side_to_move()[0])]
        if agent != mover:
            planes = planes[::-1]
        mask = np.zeros(self._batch.num_actions, np.int8)
        if agent == mover and not self.terminations.get(agent, True):
            mask[self._batch.legal_mask()[0]] = 1
        return {"observation": np.ascontiguousarray(planes.transpose(1, 2, 0)), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """The game from its start; ``seed`` seeds the batch's streams (the game itself has no chance)."""
        # The game has no chance: the seed only seeds the batch's streams.
        self._batch.reset(seed)
        self._reset_state()

    def step(self, action: int | None) -> None:
        """Plays the selected agent's ``action`` (``None`` for an agent already done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        rewards, terminated = self._batch.step(np.array([action], np.int64))
        self.rewards = dict.fromkeys(AGENTS, 0)
        if terminated[0]:
            other = AGENTS[1 - AGENTS.index(agent)]
            self.rewards[agent] = int(rewards[0])
            self.rewards[other] = -int(rewards[0])
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            self.agent_selection = AGENTS[int(self._batch.side_to_move()[0])]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``"ansi"``: the board as text; ``"human"``: printed."""
        return render(self._batch, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
        pass


def parallel_env(**options: Any) -> ReversiParallelEnv:
    """The game behind PettingZoo's parallel API: ``ReversiParallelEnv(**options)``."""
    return ReversiParallelEnv(**options)


class ReversiParallelEnv(ParallelEnv):
    """``"player_0"`` (Black) and ``"player_1"`` (White) acting together, one game of a ``Batch`` of 1.

    Every ``step`` takes an action per live agent and plays the one of ``agent_to_move``;
    the other agent's action is ignored (any value, e.g. 0). The options are ``raw_env``'s.
    """

    metadata = {"render_modes": RENDER_MODES, "name": "reversi_rules_v0"}  # the AEC env's: the same game

    def __init__(
        self,
        variant: str = "reversi",
        board: str = "8x8",
        holes: Sequence[str] = (),
        first: str = "black",
        render_mode: str | None = None,
    ) -> None:
        self.render_mode = checked_render_mode(render_mode)
        self._batch = Batch(1, variant, board=board, holes=list(holes), auto_reset=False, first=first)
        height, width, actions = self._batch.height, self._batch.width, self._batch.num_actions
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {agent: observation_space(height, width, actions) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in AGENTS}
        self.state_space = spaces.Box(0, 1, (height, width, 2), np.uint8)
        self._views = np.zeros((2, height, width, 2), np.uint8)  # Black's view, White's view
        self._legal = np.zeros(actions, bool)
        self._over = False
        self._reset_done = False  # a step before reset() is refused, as Gymnasium's envs refuse it
        self._observe(())

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object at every call)."""
        return self.action_spaces[agent]

    @property
    def agent_to_move(self) -> str | None:
        """The agent whose action the next ``step`` plays; ``None`` once the game is over."""
        return None if self._over else AGENTS[int(self._batch.side_to_move()[0])]

    def _observe(self, agents: Sequence[str]) -> tuple[Observations, Infos]:
        """``agents``' observations and infos, from one ``Batch.observation`` call."""
        mover = int(self._batch.side_to_move()[0])
        planes = self._batch.observation()[0].transpose(1, 2, 0)  # (H, W, 2): mover, opponent
        views = np.empty_like(self._views)  # new arrays: the caller may keep the last ones
        views[mover] = planes
        views[1 - mover] = planes[:, :, ::-1]
        self._views = views
        observations: Observations = {}
        infos: Infos = {}
        active = self.agent_to_move
        # The mover's legal actions, kept apart from the masks handed out (which may be written to).
        self._legal = self._batch.legal_mask()[0] if active is not None else np.zeros_like(self._legal)
        for agent in agents:
            mask = self._legal.astype(np.int8) if agent == active else np.zeros(self._legal.size, np.int8)
            observations[agent] = {"observation": views[AGENTS.index(agent)], "action_mask": mask}
            infos[agent] = {"action_mask": mask, "active_agent": active}
        return observations, infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, Infos]:
        """The start again: ``(observations, infos)``. The game has no chance: ``seed`` seeds the batch."""
        self._batch.reset(seed)
        self._over = False
        self._reset_done = True
        self.agents = list(AGENTS)
        if self.render_mode == "human":
            self.render()
        return self._observe(self.agents)

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[Observations, dict[str, int], dict[str, bool], dict[str, bool], Infos]:
        """Plays the action of the agent to move: observations, rewards, terminations, truncations, infos.

        Raises ``KeyError`` when ``actions`` has none for the agent to move, and
        Gymnasium's ``ResetNeeded`` before the first ``reset``. After the end (no
        agents left) it returns empty dicts.
        """
        if not self._reset_done:
            raise ResetNeeded("call reset() before step()")
        if not self.agents:
            return {}, {}, {}, {}, {}
        agents = self.agents
        mover = AGENTS[int(self._batch.side_to_move()[0])]
        if mover not in actions:
            raise KeyError(f"no action for {mover!r}, the agent to move")
        action = int(actions[mover])
        other = AGENTS[1 - AGENTS.index(mover)]
        rewards = dict.fromkeys(agents, 0)
        legal = 0 <= action < self._batch.num_actions and bool(self._legal[action])
        if legal:
            reward, terminated = self._batch.step(np.array([action], np.int64))
            self._over = bool(terminated[0])
            if self._over:
                rewards[mover] = int(reward[0])
                rewards[other] = -int(reward[0])
        else:
            self._over = True
            rewards[mover] = -1
        observations, infos = self._observe(agents)
        if not legal:
            infos[mover]["illegal_action"] = True
        terminations = dict.fromkeys(agents, self._over)
        truncations = dict.fromkeys(agents, False)
        if self._over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        """The board, ``uint8 (H, W, 2)``: plane 0 Black's pieces, plane 1 White's (a copy)."""
        state: np.ndarray = self._views[0].copy()
        return state

    def position(self) -> Position:
        """The game's position (a copy)."""
        return self._batch.position(0)

    def render(self) -> str | None:
        """The board as text (``"ansi"``), printed (``"human"``), or ``None``."""
        return render(self._batch, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
