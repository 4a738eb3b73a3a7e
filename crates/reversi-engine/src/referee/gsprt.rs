//! The generalised sequential probability ratio test (GSPRT) on trinomial
//! game counts or pentanomial pair counts, with the logistic and the
//! normalised Elo models, as fastchess and fishtest compute it (Michel Van
//! den Bergh, "Comments on Normalized Elo" and "Support of the MLE of a
//! multinomial", the notes both cite).
//!
//! # The formulas
//!
//! The `n` outcomes (3: a game lost, drawn, won; 5: a pair scored 0, ½, 1,
//! 1½, 2 points) score `a_i = i / (n - 1)`. Their counts, a zero count
//! replaced by `0.001` (the regularisation both tools use), total `N` and
//! give the empirical frequencies `p̂_i`.
//!
//! - The hypotheses: with the logistic model, the expected score `s(elo) =
//!   1 / (1 + 10^(-elo / 400))`; with the normalised model, the t-value
//!   `t = (mu - 1/2) / sigma = nelo / (800 / ln 10)`, times `sqrt 2` for
//!   pairs (a pair's sigma is per pair, normalised Elo per game).
//! - The maximum-likelihood distribution with expected score `s`:
//!   `p_i = p̂_i / (1 + theta (a_i - s))`, `theta` the root of
//!   `sum p̂_i (a_i - s) / (1 + theta (a_i - s)) = 0` between
//!   `-1 / (a_max - s)` and `-1 / (a_min - s)` (the left side falls
//!   strictly there).
//! - With t-value `t`: the fixed point of the same step with
//!   `phi_i = a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2` in place of
//!   `a_i - s`, `mu` and `sigma` those of the previous distribution, from
//!   the uniform one.
//! - `LLR = N sum p̂_i (ln p1_i - ln p0_i)`, `p0` and `p1` the distributions
//!   of H0 and H1.
//!
//! The roots are found by bisection to the last bit (fastchess stops its
//! root finder at a tolerance of 1e-3 or 1e-7, fishtest's Brent method near
//! 1e-12): the figures agree with fastchess's own test vectors to their two
//! decimals, except where every pair has one outcome, where the root lies
//! at a pole and fastchess's coarser root gives another value
//! (all 104 pairs won, 0 to 5 normalised Elo: 2.94 there, 2.09 exactly).
//! The tests' expected values come from an independent numpy computation,
//! `scripts/gsprt-vectors.py`.

use std::fmt;

use super::stats::Sprt;

/// How Elo differences are measured by an SPRT (its [`name`](EloModel::name)
/// in JSON).
///
/// `#[non_exhaustive]`: models may be added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum EloModel {
    /// Logistic Elo: the expected score of a difference, `1 / (1 +
    /// 10^(-elo / 400))`.
    #[default]
    Logistic,
    /// Normalised Elo: the score's distance from ½ in standard deviations
    /// (of a game), times `800 / ln 10`; independent of the draw rate.
    Normalized,
}

impl EloModel {
    /// `logistic` or `normalized`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        }
    }
}

impl fmt::Display for EloModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An Elo model that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected an Elo model, logistic or normalized, found {0:?}")]
pub struct ParseEloModelError(pub String);

impl std::str::FromStr for EloModel {
    type Err = ParseEloModelError;

    /// `logistic` or `normalized` (also `normalised`).
    ///
    /// # Errors
    /// [`ParseEloModelError`] for anything else.
    fn from_str(s: &str) -> Result<EloModel, ParseEloModelError> {
        match s {
            "logistic" => Ok(EloModel::Logistic),
            "normalized" | "normalised" => Ok(EloModel::Normalized),
            _ => Err(ParseEloModelError(s.into())),
        }
    }
}

/// `800 / ln 10`: normalised Elo per unit of t-value.
pub(super) const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The most steps of the normalised model's fixed point (it converges in a
/// handful; a hypothesis no distribution on the outcomes can meet would
/// not).
const MAX_STEPS: usize = 1000;

/// The generalised log-likelihood ratio of `sprt`'s hypotheses (H1 over
/// H0) on `counts`: 3 counts of games lost, drawn and won, or 5 of pairs
/// scored 0, ½, 1, 1½ and 2 points, by the first engine, under `model`
/// (see the module's documentation). 0 without counts, or with fewer than
/// 2 or more than 5 outcomes, or when a hypothesis has no distribution
/// (a normalised Elo no distribution of these outcomes reaches).
///
/// ```
/// use reversi_engine::referee::{EloModel, Sprt, gsprt_llr};
/// let sprt: Sprt = "0,2,0.05,0.05".parse().unwrap();
/// // fastchess's test: pairs LL, LD, WL+DD, WD, WW.
/// let llr = gsprt_llr(&[871, 26175, 55983, 26678, 821], &sprt, EloModel::Logistic);
/// assert!((llr + 4.98).abs() < 0.01);
/// ```
#[must_use]
pub fn gsprt_llr(counts: &[u64], sprt: &Sprt, model: EloModel) -> f64 {
    let n = counts.len();
    if !(2..=5).contains(&n) || counts.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let mut freq = [0.0; 5];
    let mut scores = [0.0; 5];
    for (i, &c) in counts.iter().enumerate() {
        freq[i] = if c == 0 { 1e-3 } else { c as f64 };
        scores[i] = i as f64 / (n - 1) as f64;
    }
    let total: f64 = freq[..n].iter().sum();
    for f in &mut freq[..n] {
        *f /= total;
    }
    let (freq, scores) = (&freq[..n], &scores[..n]);
    let mle = |elo: f64| match model {
        EloModel::Logistic => {
            let s = 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
            let shifted: Vec<f64> = scores.iter().map(|a| a - s).collect();
            tilted(freq, &shifted)
        }
        EloModel::Normalized => {
            let t = elo / NELO_PER_T * if n == 5 { std::f64::consts::SQRT_2 } else { 1.0 };
            with_t_value(freq, scores, t)
        }
    };
    let (Some(p0), Some(p1)) = (mle(sprt.elo0), mle(sprt.elo1)) else { return 0.0 };
    total * freq.iter().zip(p0.iter().zip(&p1)).map(|(f, (q0, q1))| f * (q1.ln() - q0.ln())).sum::<f64>()
}

/// The distribution `freq_i / (1 + theta phi_i)` whose `theta` solves
/// `sum freq_i phi_i / (1 + theta phi_i) = 0` (the MLE with `sum p_i phi_i
/// = 0`); `None` unless `phi` has both signs.
fn tilted(freq: &[f64], phi: &[f64]) -> Option<Vec<f64>> {
    let (lo, hi) = phi.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)));
    if !(lo < 0.0 && hi > 0.0) {
        return None;
    }
    let f = |x: f64| freq.iter().zip(phi).map(|(p, a)| p * a / (1.0 + x * a)).sum::<f64>();
    // f falls strictly from +inf to -inf on (-1 / hi, -1 / lo).
    let (mut a, mut b) = (-1.0 / hi, -1.0 / lo);
    loop {
        let mid = 0.5 * (a + b);
        if mid <= a || mid >= b {
            break;
        }
        if f(mid) > 0.0 {
            a = mid;
        } else {
            b = mid;
        }
    }
    let theta = 0.5 * (a + b);
    Some(freq.iter().zip(phi).map(|(p, x)| p / (1.0 + theta * x)).collect())
}

/// The MLE of the outcomes' distribution with t-value `(mu - 1/2) / sigma =
/// t`, by Van den Bergh's fixed point from the uniform distribution.
fn with_t_value(freq: &[f64], scores: &[f64], t: f64) -> Option<Vec<f64>> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..MAX_STEPS {
        let mu: f64 = p.iter().zip(scores).map(|(p, a)| p * a).sum();
        let sigma = p.iter().zip(scores).map(|(p, a)| p * (a - mu).powi(2)).sum::<f64>().sqrt();
        if sigma <= 0.0 || !sigma.is_finite() {
            return None;
        }
        let phi: Vec<f64> =
            scores.iter().map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2))).collect();
        let next = tilted(freq, &phi)?;
        let change = next.iter().zip(&p).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-13 {
            return Some(p);
        }
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }
    }

    /// `scripts/gsprt-vectors.py`'s figures (the first ten are fastchess's
    /// own test cases, where its expected values agree to two decimals).
    #[test]
    fn the_llr_equals_the_independent_computation() {
        use EloModel::{Logistic, Normalized};
        let cases: [(&[u64], f64, f64, EloModel, f64); 13] = [
            (&[36027, 68692, 36433], 0.0, 2.0, Normalized, 0.923_293_450_953_997_6),
            (&[10650, 20431, 10871], -1.75, 0.25, Normalized, 2.297_500_407_108_457_5),
            (&[21184, 40708, 21404], 0.5, 2.5, Logistic, -1.571_888_792_699_034_1),
            (&[57030, 106593, 57433], 0.0, 2.0, Logistic, -2.593_024_163_528_565_6),
            (&[365, 16618, 36229, 16974, 390], 0.0, 2.0, Normalized, 2.250_367_703_551_081),
            (&[127, 4883, 10712, 5150, 104], -1.75, 0.25, Normalized, 3.010_154_196_604_921),
            (&[0, 0, 0, 0, 104], 0.0, 5.0, Normalized, 2.094_954_527_648_198),
            (&[223, 9863, 21279, 10037, 246], 0.5, 2.5, Logistic, -3.074_126_439_586_767),
            (&[871, 26175, 55983, 26678, 821], 0.0, 2.0, Logistic, -4.978_672_863_451_178_5),
            (&[3, 10, 25, 12, 6], 0.0, 10.0, Logistic, 0.359_350_138_516_405_6),
            (&[3, 10, 25, 12, 6], 0.0, 10.0, Normalized, 0.275_205_720_880_813_1),
            (&[0, 2, 5, 9, 4], -5.0, 5.0, Logistic, 0.575_482_898_502_398_4),
            (&[0, 2, 5, 9, 4], -5.0, 5.0, Normalized, 0.498_427_797_087_316_4),
        ];
        for (counts, elo0, elo1, model, expected) in cases {
            let llr = gsprt_llr(counts, &sprt(elo0, elo1), model);
            assert!((llr - expected).abs() < 1e-9 * expected.abs().max(1.0), "{counts:?} {model}: {llr} != {expected}");
        }
    }

    #[test]
    fn degenerate_inputs_give_no_evidence() {
        let s = sprt(0.0, 5.0);
        assert_eq!(gsprt_llr(&[], &s, EloModel::Logistic), 0.0);
        assert_eq!(gsprt_llr(&[0; 5], &s, EloModel::Logistic), 0.0);
        assert_eq!(gsprt_llr(&[1; 6], &s, EloModel::Logistic), 0.0);
        // A normalised Elo of 3,000 on pairs: no distribution on [0, 1] has that
        // t-value with these frequencies' support; finite whatever happens.
        assert!(gsprt_llr(&[1, 2, 3, 2, 1], &sprt(0.0, 3000.0), EloModel::Normalized).is_finite());
    }

    #[test]
    fn models_read_and_print() {
        for m in [EloModel::Logistic, EloModel::Normalized] {
            assert_eq!(m.name().parse::<EloModel>(), Ok(m));
        }
        assert_eq!("normalised".parse::<EloModel>(), Ok(EloModel::Normalized));
        assert!("bayesian".parse::<EloModel>().is_err());
    }
}
