"""Test vectors for reversi-engine's pentanomial statistics (src/referee/pentanomial.rs).

An independent computation, in numpy, of the figures the Rust module computes:
the generalised SPRT's log-likelihood ratio (GSPRT) on trinomial and
pentanomial counts, logistic and normalised Elo models, as fastchess and
fishtest define it (Michel Van den Bergh, "Comments on Normalized Elo" and
"Support of the MLE of a multinomial"), and the Elo and normalised Elo with
their 95% intervals. The Rust tests hold its output as expected values.

    target/py/bin/python scripts/gsprt-vectors.py

Definitions (outcomes a_i = i / (n - 1), empirical frequencies p^_i, a zero
count replaced by 1e-3 as fastchess and fishtest do, N the regularised total):

- logistic: s(elo) = 1 / (1 + 10^(-elo/400)); the MLE p of the outcomes with
  mean s is p_i = p^_i / (1 + theta (a_i - s)), theta the root of
  sum p^_i (a_i - s) / (1 + theta (a_i - s)) = 0;
- normalised: t = nelo / (800 / ln 10), times sqrt(2) for pairs; the MLE with
  (mu - 1/2) / sigma = t is the fixed point of p_i = p^_i / (1 + theta phi_i),
  phi_i = a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2, mu and sigma
  those of the previous p, theta the root of sum p^_i phi_i / (1 + theta phi_i) = 0;
- LLR = N sum p^_i (ln p1_i - ln p0_i).
"""

import math

import numpy as np

NELO = 800.0 / math.log(10.0)


def root(phi: np.ndarray, phat: np.ndarray) -> float:
    """The root of sum phat phi / (1 + x phi) = 0 by bisection (decreasing in x)."""
    lo, hi = -1.0 / phi.max(), -1.0 / phi.min()
    for _ in range(400):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if float(np.sum(phat * phi / (1.0 + mid * phi))) > 0.0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def pdf(counts: list[int]) -> tuple[float, np.ndarray, np.ndarray]:
    c = np.array([x if x > 0 else 1e-3 for x in counts], dtype=float)
    n = c.sum()
    return n, np.linspace(0.0, 1.0, len(c)), c / n


def mle_mean(a: np.ndarray, phat: np.ndarray, s: float) -> np.ndarray:
    theta = root(a - s, phat)
    return phat / (1.0 + theta * (a - s))


def mle_t(a: np.ndarray, phat: np.ndarray, t: float) -> np.ndarray:
    p = np.full(len(a), 1.0 / len(a))
    for _ in range(1000):
        mu = float(np.sum(a * p))
        sigma = math.sqrt(float(np.sum(p * (a - mu) ** 2)))
        phi = a - 0.5 - t * sigma * (1.0 + ((a - mu) / sigma) ** 2) / 2.0
        theta = root(phi, phat)
        new = phat / (1.0 + theta * phi)
        done = float(np.max(np.abs(new - p))) < 1e-14
        p = new
        if done:
            break
    return p


def llr(counts: list[int], elo0: float, elo1: float, model: str) -> float:
    n, a, phat = pdf(counts)
    if model == "logistic":
        p0, p1 = (mle_mean(a, phat, 1.0 / (1.0 + 10.0 ** (-e / 400.0))) for e in (elo0, elo1))
    else:
        scale = math.sqrt(2.0) if len(counts) == 5 else 1.0
        p0, p1 = (mle_t(a, phat, scale * e / NELO) for e in (elo0, elo1))
    return n * float(np.sum(phat * (np.log(p1) - np.log(p0))))


def elo(counts: list[int]) -> tuple[float, float, float, float]:
    """Elo, its half interval, normalised Elo, its half interval (per pair for 5 counts)."""
    c = np.array(counts, dtype=float)
    n = c.sum()
    a = np.linspace(0.0, 1.0, len(c))
    s = float(np.sum(a * c) / n)
    var = float(np.sum(c * (a - s) ** 2) / n)
    margin = 1.959963984540054 * math.sqrt(var / n)
    spread = math.sqrt(2.0 * var) if len(c) == 5 else math.sqrt(var)

    def e(x: float) -> float:
        return -400.0 * math.log10(1.0 / x - 1.0)

    def ne(x: float) -> float:
        return (x - 0.5) / spread * NELO

    return (
        e(s),
        (e(s + margin) - e(s - margin)) / 2.0,
        ne(s),
        (ne(s + margin) - ne(s - margin)) / 2.0,
    )


# Counts in the Rust module's order: trinomial [L, D, W], pentanomial pairs
# scored [0, 0.5, 1, 1.5, 2] ([LL, LD, WL + DD, WD, WW]).
CASES = [
    # fastchess's own tests (sprt_test.cpp), to two decimals there.
    ([36027, 68692, 36433], 0.0, 2.0, "normalized"),
    ([10650, 20431, 10871], -1.75, 0.25, "normalized"),
    ([0, 16700, 0], 0.0, 5.0, "normalized"),
    ([21184, 40708, 21404], 0.5, 2.5, "logistic"),
    ([57030, 106593, 57433], 0.0, 2.0, "logistic"),
    ([365, 16618, 36229, 16974, 390], 0.0, 2.0, "normalized"),
    ([127, 4883, 10712, 5150, 104], -1.75, 0.25, "normalized"),
    ([0, 0, 0, 0, 104], 0.0, 5.0, "normalized"),
    ([223, 9863, 21279, 10037, 246], 0.5, 2.5, "logistic"),
    ([871, 26175, 55983, 26678, 821], 0.0, 2.0, "logistic"),
    # Small matches, as an Othello test sees them.
    ([3, 10, 25, 12, 6], 0.0, 10.0, "logistic"),
    ([3, 10, 25, 12, 6], 0.0, 10.0, "normalized"),
    ([0, 2, 5, 9, 4], -5.0, 5.0, "logistic"),
    ([0, 2, 5, 9, 4], -5.0, 5.0, "normalized"),
]

if __name__ == "__main__":
    for counts, e0, e1, model in CASES:
        print(f"llr {counts} [{e0}, {e1}] {model}: {llr(counts, e0, e1, model)!r}")
    # The second and third: fastchess's Elo tests (elo_test.cpp).
    elos = ([3, 10, 25, 12, 6], [34, 54, 31 + 32, 64, 75], [332, 433, 457 + 41, 333, 334], [12, 30, 58])
    for counts in elos:
        print(f"elo {counts}: {elo(counts)!r}")
