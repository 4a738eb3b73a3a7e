"""The native Gymnasium vector environment: ``gymnasium.make_vec(id, num_envs=N)``.

``reversi_rules.gymnasium`` registers it as every id's ``vector_entry_point``
(as Gymnasium's CartPole does), so ``make_vec`` builds this class, not N
copies of ``ReversiEnv``: one Rust call steps every episode with the GIL
released, the opponent's moves included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ._native import Position, VectorCore

__all__ = ["ReversiVectorEnv", "VectorEnv"]

# What a step returns: observations, rewards, terminations, truncations, infos.
Outcome = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]

# The arrays a step writes: observations, masks, rewards, terminations,
# truncations, illegal actions.
Arrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]

OPPONENTS = ("random", "greedy", "self")
ILLEGAL = ("lose", "raise")


def _autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    """The mode of ``mode``: the enum, its value (``"NextStep"``) or its name (``"next_step"``)."""
    if isinstance(mode, AutoresetMode):
        return mode
    for m in AutoresetMode:
        if mode in (m.value, m.name, m.name.lower()):
            return m
    names = [m.name.lower() for m in AutoresetMode]
    raise ValueError(f"autoreset_mode must be an AutoresetMode or one of {names}, not {mode!r}")


class ReversiVectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` episodes of one game, stepped together in Rust.

    Options (keywords, as ``gymnasium.make_vec`` passes them): ``variant``,
    ``board``, ``holes``, ``first`` (as ``Batch``); ``opponent``: ``"random"``
    or ``"greedy"`` (the policies of ``Batch.rollout``, played in Rust inside
    ``step``, their passes included), or ``"self"`` (self-play: the learner
    plays both sides, each step one move of the side to move); ``color``: the
    learner's side against an opponent (``"black"`` or ``"white"``);
    ``autoreset_mode``: Gymnasium's ``AutoresetMode`` (or its value),
    ``NEXT_STEP`` by default; ``illegal``: ``"lose"`` (an illegal action ends
    the episode with reward -1 and ``infos["illegal_action"]``) or ``"raise"``
    (``IllegalMoveError``, nothing played); ``max_episode_steps``: plies (both
    sides' moves and passes) after which an episode is truncated (default ten
    per playable square: only Reversitacks and Attacks get there);
    ``threads``: ``None`` (every core on large batches), 1, or a pool of that
    many threads of its own (at most 1024, as ``perft``); ``copy``: ``False`` returns the same arrays at
    every step, overwritten by the next (no allocation).

    Observation ``uint8 (2, H, W)`` per episode, from the view of the side to
    move (plane 0 its pieces): the learner's, against an opponent. Action
    ``Discrete(A)``, ``Batch``'s encoding. Reward +1, 0 or -1 at the end, from
    the learner's view (self-play: the view of the side that moved).
    ``infos["action_mask"]`` ``int8 (num_envs, A)`` (with ``"_action_mask"``,
    as ``SyncVectorEnv`` gives it), ``infos["illegal_action"]`` when one was
    played; ``SAME_STEP`` adds ``"final_obs"`` and ``"final_info"``.

    With ``NEXT_STEP``, the step after an episode ends hands its final
    observation with an all-zero ``action_mask`` (the game is over): the action
    given for it at the next step is ignored, as the episode restarts. A
    sampler that draws among the legal actions must give such a row an action
    anyway; ``SAME_STEP`` never has an empty mask.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi"]}

    def __init__(
        self,
        num_envs: int = 1,
        variant: str = "reversi",
        board: str = "8x8",
        holes: Sequence[str] = (),
        first: str = "black",
        color: str = "black",
        opponent: str = "random",
        *,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal: str = "lose",
        max_episode_steps: int | None = None,
        threads: int | None = None,
        copy: bool = True,
        render_mode: str | None = None,
        seed: int = 0,
    ) -> None:
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {OPPONENTS}, not {opponent!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        mode = _autoreset_mode(autoreset_mode)
        self._core = VectorCore(
            num_envs,
            variant,
            board,
            list(holes),
            first,
            seed,
            opponent,
            color,
            mode.name.lower(),
            max_episode_steps,
            threads,
            illegal,
        )
        self.num_envs = num_envs
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self.render_mode = render_mode
        self._mode, self._copy, self._opponent = mode, copy, opponent
        height, width, actions = self._core.shape
        self.single_observation_space = spaces.Box(0, 1, (2, height, width), np.uint8)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, 2, height, width), np.uint8)
        self._mask = np.zeros((num_envs, actions), bool)
        self._outcomes = self._new_outcomes()
        self._final_obs = np.zeros_like(self._obs) if mode == AutoresetMode.SAME_STEP else None
        self._all = np.ones(num_envs, bool)
        self._reset_done = False

    def _new_outcomes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        n = self.num_envs
        return np.zeros(n, np.float64), np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool)

    def _arrays(self) -> Arrays:
        """The arrays the next step writes into: new ones with ``copy`` (kept
        by ``_keep`` once the step is done, so that a refused call changes
        nothing)."""
        if self._copy:
            n = self.num_envs
            outcomes = (np.zeros(n, np.float64), np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool))
            return (np.zeros_like(self._obs), np.zeros_like(self._mask), *outcomes)
        return (self._obs, self._mask, *self._outcomes)

    def _keep(self, arrays: Arrays) -> None:
        """``arrays`` (a step's or a reset's, written) are the environment's now."""
        self._obs, self._mask = arrays[0], arrays[1]
        self._outcomes = (arrays[2], arrays[3], arrays[4], arrays[5])

    def _infos(self) -> dict[str, Any]:
        infos: dict[str, Any] = {"action_mask": self._mask.view(np.int8), "_action_mask": self._all}
        illegal = self._outcomes[3]
        if illegal.any():
            infos["illegal_action"] = infos["_illegal_action"] = illegal.copy()
        return infos

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Every episode back to its start (``options={"reset_mask": m}``: those where ``m``)."""
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seed: one int for every episode, not {type(seed).__name__}")
        mask = None if options is None else options.get("reset_mask")
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                wanted = f"a bool array of shape ({self.num_envs},)"
                raise ValueError(f"reset_mask: {wanted}, not {mask.dtype} {mask.shape}")
        self._open()
        arrays = self._arrays()
        obs, legal, *_ = arrays
        self._core.reset(obs, legal, None if seed is None else int(seed), mask)
        arrays[5].fill(False)
        self._keep(arrays)
        self._reset_done = True
        return obs, self._infos()

    def step(self, actions: Any) -> Outcome:
        """One move of every episode (the opponent's replies included)."""
        actions = self._checked(actions)
        arrays = self._arrays()
        obs, legal, rewards, terminated, truncated, illegal = arrays
        self._core.step(actions, obs, legal, rewards, terminated, truncated, illegal, self._final_obs)
        self._keep(arrays)
        return self._outcome(arrays)

    def step_async(self, actions: Any) -> None:
        """Starts a step on a Rust thread and returns at once (``step_wait`` ends it).

        The step runs with the GIL released while Python goes on (a network
        computing the next actions, say). Refused at once, nothing started,
        as ``step`` refuses it. Until ``step_wait``, the environment takes no
        other call.
        """
        self._core.step_async(self._checked(actions))

    def step_wait(self, **kwargs: Any) -> Outcome:
        """The outcome of the step ``step_async`` started, as ``step`` gives it."""
        arrays = self._arrays()
        obs, legal, rewards, terminated, truncated, illegal = arrays
        self._core.step_wait(obs, legal, rewards, terminated, truncated, illegal, self._final_obs)
        self._keep(arrays)
        return self._outcome(arrays)

    def _open(self) -> None:
        if self.closed:
            raise gymnasium.error.ClosedEnvironmentError("the environment is closed")

    def _checked(self, actions: Any) -> np.ndarray:
        """``actions`` as int64, refused (as ``Batch.step`` refuses them) when
        they are not integers: a float action is not truncated to a move."""
        self._open()
        if not self._reset_done:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        array: np.ndarray = np.asarray(actions)
        if array.dtype.kind not in "iu":
            raise TypeError(f"actions: expected integers, found {array.dtype}")
        return array if array.dtype == np.int64 else array.astype(np.int64)

    def _outcome(self, arrays: Arrays) -> Outcome:
        obs, _, rewards, terminated, truncated, _ = arrays
        infos = self._infos()
        if self._final_obs is not None:
            ended = terminated | truncated
            if ended.any():
                finals = np.full(self.num_envs, None, dtype=object)
                for i in np.flatnonzero(ended):
                    finals[i] = self._final_obs[i].copy()
                infos["final_obs"], infos["_final_obs"] = finals, ended
                infos["final_info"], infos["_final_info"] = {}, ended
        return obs, rewards, terminated, truncated, infos

    def position(self, i: int) -> Position:
        """Episode ``i``'s position (a copy)."""
        return self._core.position(i)

    def scores(self) -> np.ndarray:
        """``int32 (num_envs, 2)``: each episode's discs, Black then White."""
        return self._core.scores()

    def render(self) -> tuple[str, ...] | None:
        """``"ansi"``: each episode's board as text."""
        if self.render_mode != "ansi":
            return None
        return tuple(str(self._core.position(i)) for i in range(self.num_envs))

    def close_extras(self, **kwargs: Any) -> None:
        """Ends a step still under way (``step_async`` without ``step_wait``)."""
        if self._core.waiting:
            self.step_wait()


# The class's first name, Gymnasium's base class's: kept for code that imports it.
VectorEnv = ReversiVectorEnv
