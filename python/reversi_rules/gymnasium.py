"""Gymnasium single-agent environments: one side against a built-in opponent played in Rust.

Importing this module (needs ``pip install reversi-rules[gymnasium]``) registers:

- ``reversi_rules/Othello-v0``: 8x8 Reversi;
- ``reversi_rules/Reversi-v0``: the same game, meant for other boards
  (``gymnasium.make("reversi_rules/Reversi-v0", board="10x10", holes=["e5"])``);
- ``reversi_rules/Reversitacks-v0`` and ``reversi_rules/Attacks-v0``: the games
  that move pieces (7x7 unless ``board=`` says otherwise).

Every id takes the options of ``ReversiEnv``: ``variant``, ``board``, ``holes``,
``first``, ``color`` (the agent's side, ``"black"`` or ``"white"``), ``opponent``
(``"random"`` or ``"greedy"``: the policies of ``Batch.rollout``; ``"self"``: the agent
plays both sides, the reward from the view of the side that moved), ``illegal``,
``render_mode`` (``"ansi"`` or ``"human"``) and ``start`` (``Batch``'s: a ``Position``
or any text ``Position(text)`` reads, such as an opening ``"f5d6c3d3c4f4f6f3"``, each
episode starting there; it gives the board and the side to move).

``gymnasium.make_vec(id, num_envs=N, ...)`` builds ``ReversiVectorEnv`` (the ids'
``vector_entry_point``; ``VectorEnv``, its first name, is the same class): every
episode stepped in one Rust call, the same options and more (autoreset modes,
threads, ``step_async``); its docs say which.

Observation: ``uint8 (2, H, W)``, ``Batch.observation``'s layout (plane 0 the
agent's pieces, plane 1 the opponent's). Action: ``Discrete(A)``, ``Batch``'s
encoding (Reversi: ``row * W + column``, pass last; a forced pass is the pass
action). ``info["action_mask"]``: ``int8 (A,)``, the legal actions. The opponent's
moves (its passes included) are played inside ``step``. Reward: +1, 0 or -1 at the
end, from the agent's view; 0 before.

An illegal action, by default (``illegal="lose"``, the usual choice of
reinforcement-learning board games), ends the episode with reward -1 and
``info["illegal_action"] = True``; with ``illegal="raise"`` it raises
``reversi_rules.IllegalMoveError`` and the game is left as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ._native import Batch, IllegalMoveError, Position
from ._text import RENDER_MODES, checked_render_mode, render
from ._vector import ReversiVectorEnv, VectorEnv

__all__ = ["ReversiEnv", "ReversiVectorEnv", "VectorEnv"]

SIDES = ("black", "white")
# The opponents Batch plays (checked by Batch.policy_actions).
BuiltinPolicy = Literal["random", "greedy"]


class ReversiEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One game of a ``Batch`` of 1: the agent plays ``color``, ``opponent`` the other side."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(
        self,
        variant: str = "reversi",
        board: str = "8x8",
        holes: Sequence[str] = (),
        first: str = "black",
        color: str = "black",
        opponent: str = "random",
        illegal: str = "lose",
        render_mode: str | None = None,
        start: Position | str | None = None,
    ) -> None:
        if color not in SIDES:
            raise ValueError(f"color must be 'black' or 'white', not {color!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self._batch = Batch(
            1, variant, board=board, holes=list(holes), auto_reset=False, first=first, start=start
        )
        if opponent != "self":
            # The name checked now, not at its first move.
            self._batch.policy_actions(cast(BuiltinPolicy, opponent))
        self._me = SIDES.index(color)
        self._opponent = opponent
        self._illegal = illegal
        self.render_mode = checked_render_mode(render_mode)
        height, width = self._batch.height, self._batch.width
        self.observation_space = spaces.Box(0, 1, (2, height, width), np.uint8)
        self.action_space = spaces.Discrete(self._batch.num_actions)

    def _opponent_moves(self) -> float:
        """Plays the opponent until the agent is to move or the game is over: the agent's reward."""
        if self._opponent == "self":
            return 0.0
        while self._batch.side_to_move()[0] != self._me and not self._batch.is_over()[0]:
            actions = self._batch.policy_actions(cast(BuiltinPolicy, self._opponent))
            rewards, terminated = self._batch.step(actions)
            if terminated[0]:
                return -float(rewards[0])
        return 0.0

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        mask = self._batch.legal_mask()[0].astype(np.int8)
        return self._batch.observation()[0], {"action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """The game from its start, the opponent's first moves played: observation and info."""
        super().reset(seed=seed)
        # The opponent's stream, from the environment's seeded generator.
        self._batch.reset(int(self.np_random.integers(2**63)))
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays ``action``, then the opponent's replies: observation, reward, terminated, truncated, info."""
        a = int(action)
        if not (0 <= a < self._batch.num_actions and self._batch.legal_mask()[0, a]):
            if self._illegal == "raise":
                legal = np.flatnonzero(self._batch.legal_mask()[0]).tolist()
                raise IllegalMoveError(f"action {a} is not legal here (legal actions: {legal})")
            obs, info = self._observe()
            return obs, -1.0, True, False, {**info, "illegal_action": True}
        rewards, terminated = self._batch.step(np.array([a], np.int64))
        reward = float(rewards[0]) if terminated[0] else self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe()
        return obs, reward, bool(self._batch.is_over()[0]), False, info

    def position(self) -> Position:
        """The game's position (a copy)."""
        return self._batch.position(0)

    def render(self) -> str | None:
        """``"ansi"``: the board as text; ``"human"``: printed."""
        return render(self._batch, self.render_mode)


def _register() -> None:
    entry = f"{__name__}:ReversiEnv"
    vector_entry = f"{__name__}:ReversiVectorEnv"
    ids = {
        "reversi_rules/Othello-v0": {},
        "reversi_rules/Reversi-v0": {},
        "reversi_rules/Reversitacks-v0": {"variant": "reversitacks", "board": "7x7"},
        "reversi_rules/Attacks-v0": {"variant": "attacks", "board": "7x7"},
    }
    for env_id, kwargs in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry, vector_entry_point=vector_entry, kwargs=kwargs)


_register()
