"""Learn to beat the random Othello player with NumPy only: a policy gradient on ``make_vec``.

    python examples/python/learn_othello.py                 # about two and a half minutes, one core
    python examples/python/learn_othello.py --quick         # a few seconds (the tests' run)
    python examples/python/learn_othello.py --opponent both --updates 400 --seconds 60

The environments are ``gymnasium.make_vec("reversi_rules/Othello-v0",
num_envs=N, opponent=...)``: the learner plays Black, the opponent's replies
(``"random"`` or ``"greedy"``, played in Rust) happen inside ``step``.
Observations ``uint8 (N, 2, 8, 8)`` (plane 0 the learner's discs, plane 1
the opponent's), ``infos["action_mask"]`` ``int8 (N, 65)``, reward +1/0/-1
at the end; finished episodes restart at the next step (Gymnasium's
``NEXT_STEP`` autoreset: that step's action is ignored, its reward is 0).

The policy: a softmax over the 65 actions (a1=0 .. h8=63, pass 64) of a
small tanh network of the 128 input planes (``--hidden 0``: linear), the
illegal actions masked out. Training: REINFORCE with a learned linear
baseline (the game's result as the return of every move, advantage = result
- baseline), an entropy bonus, Adam; every update plays one game in each of
the N environments. At the end the trained policy and the untrained one
(the same network before training: all but uniform over the legal moves)
play ``--games`` games as Black against the random player (moves sampled
from the policy, and the policy's most likely move), and the win rates are
printed with their 95% Wilson intervals (a draw is not a win).

Seeded: the same ``--seed`` and ``--updates`` give the same result (a
``--seconds`` limit stops by the clock, so the number of updates can vary).
NumPy and Gymnasium only: from a checkout of the repository, ``pip install ".[gymnasium]"``
(the package is not on PyPI yet).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np

import reversi_rules.gymnasium  # noqa: F401  (registers reversi_rules/Othello-v0)

ENV_ID = "reversi_rules/Othello-v0"
INPUTS = 2 * 8 * 8
ACTIONS = 8 * 8 + 1


def make_envs(num_envs: int, opponent: str) -> Any:
    """``num_envs`` games against ``opponent``, in ``make_vec``'s default vectorization mode."""
    return gymnasium.make_vec(ENV_ID, num_envs=num_envs, opponent=opponent)


@dataclass
class Policy:
    """Masked softmax policy: 128 planes -> tanh hidden layer (or none) -> 65 logits; a linear baseline."""

    params: dict[str, np.ndarray]
    hidden: int

    @classmethod
    def new(cls, hidden: int, rng: np.random.Generator) -> Policy:
        """A fresh policy: small random weights, so all but uniform over the legal actions."""
        params: dict[str, np.ndarray] = {"v": np.zeros(INPUTS), "c": np.zeros(1)}
        if hidden > 0:
            params["w1"] = rng.normal(0.0, 1.0 / math.sqrt(INPUTS), (INPUTS, hidden))
            params["b1"] = np.zeros(hidden)
            params["w2"] = rng.normal(0.0, 0.01, (hidden, ACTIONS))
        else:
            params["w2"] = rng.normal(0.0, 0.01, (INPUTS, ACTIONS))
        params["b2"] = np.zeros(ACTIONS)
        return cls(params, hidden)

    def copy(self) -> Policy:
        """An independent copy (the untrained policy is kept to compare with)."""
        return Policy({k: v.copy() for k, v in self.params.items()}, self.hidden)

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """The action probabilities of ``x`` (m, 128) under ``mask`` (m, 65), and the hidden layer."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"]) if self.hidden > 0 else None
        logits = (h if h is not None else x) @ p["w2"] + p["b2"]
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        return probs, h

    def act(
        self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, sample: bool = True
    ) -> np.ndarray:
        """One action per game: sampled from the policy, or its most likely one (``sample=False``)."""
        probs, _ = self.forward(features(obs), legal(mask))
        if not sample:
            return probs.argmax(axis=1)
        # Inverse-CDF sampling, one uniform draw per row.
        u = rng.random((len(probs), 1))
        return np.minimum((probs.cumsum(axis=1) < u).sum(axis=1), ACTIONS - 1)

    def gradients(
        self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray, returns: np.ndarray, entropy: float
    ) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """Gradients of the loss (policy gradient, entropy bonus, baseline MSE) and a few statistics."""
        p = self.params
        m = len(x)
        baseline = x @ p["v"] + p["c"][0]
        advantage = returns - baseline
        probs, h = self.forward(x, mask)
        logp = np.log(np.where(mask, probs, 1.0))
        ent = -(probs * logp).sum(axis=1)
        # d(-advantage * log pi(a)) / d logits = advantage * (pi - onehot(a)).
        onehot = np.zeros_like(probs)
        onehot[np.arange(m), actions] = 1.0
        dlogits = advantage[:, None] * (probs - onehot)
        # d(-entropy) / d logits = pi * (log pi + entropy).
        dlogits += entropy * probs * (logp + ent[:, None])
        dlogits /= m
        grads: dict[str, np.ndarray] = {"b2": dlogits.sum(axis=0)}
        if h is not None:
            grads["w2"] = h.T @ dlogits
            dpre = (dlogits @ p["w2"].T) * (1.0 - h * h)
            grads["w1"] = x.T @ dpre
            grads["b1"] = dpre.sum(axis=0)
        else:
            grads["w2"] = x.T @ dlogits
        dvalue = -advantage / m  # d(0.5 * mean(advantage^2)) / d baseline
        grads["v"] = x.T @ dvalue
        grads["c"] = np.array([dvalue.sum()])
        stats = {"entropy": float(ent.mean()), "baseline_mse": float((advantage**2).mean())}
        return grads, stats


@dataclass
class Adam:
    """Adam on a dict of arrays, in place."""

    lr: float
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    t: int = 0
    m: dict[str, np.ndarray] = field(default_factory=dict)
    v: dict[str, np.ndarray] = field(default_factory=dict)

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        """One update of ``params`` along ``grads``."""
        self.t += 1
        for k, g in grads.items():
            m = self.m.setdefault(k, np.zeros_like(g))
            v = self.v.setdefault(k, np.zeros_like(g))
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            mhat = m / (1 - self.beta1**self.t)
            vhat = v / (1 - self.beta2**self.t)
            params[k] -= self.lr * mhat / (np.sqrt(vhat) + self.eps)


def features(obs: np.ndarray) -> np.ndarray:
    """The 128 input planes of each game as floats (m, 128)."""
    return obs.reshape(len(obs), INPUTS).astype(np.float64)


def legal(mask: np.ndarray) -> np.ndarray:
    """``mask`` as booleans; a finished game's empty row gets the pass (its action is ignored)."""
    legal = mask.astype(bool)
    legal[~legal.any(axis=1), ACTIONS - 1] = True
    return legal


def play_games(
    envs: Any, policy: Policy, rng: np.random.Generator, sample: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One game in each environment, from a reset. The learner's moves (planes, masks, actions, and
    the return of each: its game's result, no discount) and the results of the games. The
    environments that finish first keep stepping (their next games, not recorded) until the last
    one ends."""
    n = envs.num_envs
    obs, info = envs.reset()
    xs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[np.ndarray] = []
    games: list[np.ndarray] = []
    results = np.zeros(n)
    playing = np.ones(n, dtype=bool)
    while playing.any():
        mask = legal(info["action_mask"])
        action = policy.act(obs, mask, rng, sample)
        rows = np.flatnonzero(playing)
        xs.append(features(obs[rows]))
        masks.append(mask[rows])
        actions.append(action[rows])
        games.append(rows)
        obs, reward, terminated, truncated, info = envs.step(action)
        ended = playing & (terminated | truncated)
        results[ended] = reward[ended]
        playing &= ~ended
    returns = results[np.concatenate(games)]
    return np.concatenate(xs), np.concatenate(masks), np.concatenate(actions), returns, results


def train(
    policy: Policy, opponents: Sequence[str], num_envs: int, updates: int, seconds: float, lr: float,
    entropy: float, seed: int, log_every: int,
) -> int:  # fmt: skip
    """Trains ``policy`` in place for ``updates`` updates (or until ``seconds`` pass): the updates done."""
    rng = np.random.default_rng(seed)
    pools = [make_envs(num_envs, opponent) for opponent in opponents]
    for i, envs in enumerate(pools):
        envs.reset(seed=seed + 1000 * (i + 1))
    adam = Adam(lr)
    start = time.perf_counter()
    recent: list[float] = []
    done = 0
    try:
        while done < updates and time.perf_counter() - start < seconds:
            envs = pools[done % len(pools)]
            x, mask, action, returns, results = play_games(envs, policy, rng)
            grads, stats = policy.gradients(x, mask, action, returns, entropy)
            adam.step(policy.params, grads)
            done += 1
            recent.append(float((results > 0).mean()))
            if log_every and done % log_every == 0:
                wins = np.mean(recent[-log_every:])
                print(
                    f"update {done:5d}  {time.perf_counter() - start:6.1f} s  wins in training {wins:.3f}  "
                    f"entropy {stats['entropy']:.3f}  baseline mse {stats['baseline_mse']:.3f}"
                )
    finally:
        for envs in pools:
            envs.close()
    return done


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(
    policy: Policy, games: int, num_envs: int, seed: int, sample: bool = True
) -> tuple[int, int, int]:
    """Wins, draws and losses of ``policy`` (Black) in ``games`` games against the random player."""
    rng = np.random.default_rng(seed)
    envs = make_envs(num_envs, "random")
    envs.reset(seed=seed)
    wins = draws = losses = 0
    try:
        while games > 0:
            results = play_games(envs, policy, rng, sample)[-1]
            results = results[:games]
            wins += int((results > 0).sum())
            draws += int((results == 0).sum())
            losses += int((results < 0).sum())
            games -= len(results)
    finally:
        envs.close()
    return wins, draws, losses


def report(name: str, wdl: tuple[int, int, int]) -> None:
    """Prints a line of ``evaluate``'s result: the win rate and its 95% interval."""
    wins, draws, losses = wdl
    games = wins + draws + losses
    low, high = wilson(wins, games)
    print(
        f"{name:<34} win rate {wins / games:.3f}  95% CI [{low:.3f}, {high:.3f}]  "
        f"({wins} wins, {draws} draws, {losses} losses)"
    )


def run(argv: Sequence[str] | None = None) -> dict[str, tuple[int, int, int]]:
    """The command line: trains, evaluates, prints; returns the wins, draws and losses of the
    untrained and trained policies (keys ``"untrained sampled"``, ``"trained most likely"``, ...)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--opponent", choices=["random", "greedy", "both"], default="random")
    parser.add_argument("--num-envs", type=int, default=128, help="games per update (default 128)")
    parser.add_argument("--updates", type=int, default=3000, help="policy updates (default 3000)")
    parser.add_argument("--seconds", type=float, default=math.inf, help="stop training after this long")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units (0: a linear policy)")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--games", type=int, default=2000, help="evaluation games against random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--quick", action="store_true", help="a few seconds: 64 games x 40 updates, 500 games"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.num_envs, args.updates, args.games = 64, 40, 500
    opponents = ["random", "greedy"] if args.opponent == "both" else [args.opponent]
    policy = Policy.new(args.hidden, np.random.default_rng(args.seed))
    untrained = policy.copy()
    start = time.perf_counter()
    log_every = max(1, args.updates // 10)
    done = train(
        policy,
        opponents,
        args.num_envs,
        args.updates,
        args.seconds,
        args.lr,
        args.entropy,
        args.seed,
        log_every,
    )
    took = time.perf_counter() - start
    print(f"trained: {done} updates of {args.num_envs} games against {args.opponent} in {took:.1f} s")
    eval_envs = min(args.games, 250)
    results: dict[str, tuple[int, int, int]] = {}
    for name, p in (("untrained", untrained), ("trained", policy)):
        for sample, how in ((True, "sampled"), (False, "most likely")):
            results[f"{name} {how}"] = wdl = evaluate(p, args.games, eval_envs, args.seed + 10**6, sample)
            report(f"{name} policy, {how} move, vs random", wdl)
    print(f"total {time.perf_counter() - start:.1f} s")
    return results


if __name__ == "__main__":
    run()
