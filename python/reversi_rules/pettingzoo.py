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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._native import Batch
from ._text import RENDER_MODES, checked_render_mode, render

__all__ = ["env", "raw_env"]

# Black's agent, then White's: the index is Batch.side_to_move()'s colour.
AGENTS = ("player_0", "player_1")


def env(**options: Any) -> AECEnv:
    """The environment with PettingZoo's classic wrappers (illegal action: -1 and the end)."""
    wrapped: AECEnv = raw_env(**options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


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
        self._batch = Batch(1, variant, board, list(holes), auto_reset=False, first=first)
        height, width, actions = self._batch.height, self._batch.width, self._batch.num_actions
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (height, width, 2), np.uint8),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in AGENTS}
        self._reset_state()

    def _reset_state(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[int(self._batch.side_to_move()[0])]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        planes = self._batch.observation()[0]  # (2, H, W): mover, opponent
        mover = AGENTS[int(self._batch.side_to_move()[0])]
        if agent != mover:
            planes = planes[::-1]
        mask = np.zeros(self._batch.num_actions, np.int8)
        if agent == mover and not self.terminations.get(agent, True):
            mask[self._batch.legal_mask()[0]] = 1
        return {"observation": np.ascontiguousarray(planes.transpose(1, 2, 0)), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # The game has no chance: the seed only seeds the batch's streams.
        self._batch.reset(seed)
        self._reset_state()

    def step(self, action: int | None) -> None:
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
        return render(self._batch, self.render_mode)

    def close(self) -> None:
        pass
