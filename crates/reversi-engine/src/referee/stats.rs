//! A match's score: wins, draws and losses, the Elo difference with its 95%
//! interval, and the sequential probability ratio test (SPRT).

use std::fmt;

/// Wins, draws and losses of the first engine of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
}

/// The Elo difference of a score (a fraction of the points, 0 to 1).
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The normal quantile of a two-sided 95% interval.
pub(super) const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference of score `s` and the bounds of its interval `s ±
/// margin`, an end at or past 0 or 1 infinite (the Elo of a score there
/// has no bound): the trinomial [`Tally::elo_interval`]'s and the pairs'
/// [`Pentanomial::elo_interval`](super::Pentanomial::elo_interval).
pub(super) fn elo_bounds(s: f64, margin: f64) -> (f64, f64, f64) {
    let bound = |x: f64| {
        if x <= 0.0 {
            f64::NEG_INFINITY
        } else if x >= 1.0 {
            f64::INFINITY
        } else {
            elo_of(x)
        }
    };
    (elo_of(s), bound(s - margin), bound(s + margin))
}

/// The score expected at an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Adds a game scored `score` (1, 0.5 or 0) for the first engine.
    pub fn add(&mut self, score: f64) {
        if score > 0.5 {
            self.wins += 1;
        } else if score < 0.5 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The number of games.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's points over the games (0 to 1; 0.5 with no game).
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2) + self.draws as f64 * (0.5 - s).powi(2) + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference and the half width of its 95% interval (normal
    /// approximation of the score, mapped through the logistic curve): `None`
    /// until both engines have scored and neither has every point. The half
    /// width is infinite when the interval of the score reaches 0 or 1.
    #[must_use]
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (elo, lo, hi) = self.elo_interval()?;
        Some((elo, (hi - lo) / 2.0))
    }

    /// The Elo difference and the bounds of its 95% interval (infinite
    /// where the interval of the score reaches 0 or 1): `None` as for
    /// [`elo`](Tally::elo).
    #[must_use]
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let s = self.score();
        if self.games() == 0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        Some(elo_bounds(s, Z95 * (self.variance() / self.games() as f64).sqrt()))
    }

    /// The log-likelihood ratio of `sprt`'s two hypotheses (trinomial,
    /// logistic Elo, the normal approximation fishtest and fastchess use);
    /// 0 until the games have a spread.
    #[must_use]
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        let var = self.variance();
        if self.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(sprt.elo0), score_of(sprt.elo1));
        (s1 - s0) * (2.0 * self.score() - s0 - s1) * self.games() as f64 / (2.0 * var)
    }
}

impl fmt::Display for Tally {
    /// As its [`Standing`] without an SPRT: `W 12 D 3 L 9, score 55.6%,
    /// Elo +39 ± 112`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.standing(None).fmt(f)
    }
}

/// A match's result so far, the same fields whatever shows it (the CLI's
/// lines and `--json`, Python's `match`): counts, score, the Elo difference
/// and its 95% interval, the SPRT's LLR, bounds and verdict.
///
/// A value that does not exist is `None` (JSON `null`, Python `None`): the
/// Elo before both engines have scored and while one has every point, an
/// end of the interval that is open (the interval of the score reaches 0
/// or 1), the SPRT's fields without an SPRT. The text says the same in words.
///
/// ```
/// use reversi_engine::referee::{Sprt, Tally};
/// let tally = Tally { wins: 17, draws: 0, losses: 3 };
/// let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
/// let standing = tally.standing(Some(&sprt));
/// assert_eq!((standing.elo_high, standing.games), (None, 20));
/// assert!(standing.to_string().starts_with("W 17 D 0 L 3, score 85.0%, Elo +301 (95%: +"));
/// assert!(standing.to_string().contains(" to no bound), LLR "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Standing {
    /// Games scored.
    pub games: u64,
    /// Games the first engine won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
    /// The first engine's points over the games (0 to 1).
    pub score: f64,
    /// The Elo difference (first engine minus second).
    pub elo: Option<f64>,
    /// The lower end of its 95% interval (`None`: open).
    pub elo_low: Option<f64>,
    /// The upper end of its 95% interval (`None`: open).
    pub elo_high: Option<f64>,
    /// The SPRT's log-likelihood ratio.
    pub llr: Option<f64>,
    /// The SPRT's lower bound (H0 below it).
    pub llr_low: Option<f64>,
    /// The SPRT's upper bound (H1 above it).
    pub llr_high: Option<f64>,
    /// The SPRT's verdict, once the LLR crossed a bound (`sprt` in JSON).
    #[cfg_attr(feature = "serde", serde(rename = "sprt"))]
    pub verdict: Option<Verdict>,
}

impl Tally {
    /// The standing of the match: its result with `sprt`'s fields if given.
    #[must_use]
    pub fn standing(&self, sprt: Option<&Sprt>) -> Standing {
        let interval = self.elo_interval();
        let finite = |x: f64| x.is_finite().then_some(x);
        let bounds = sprt.map(Sprt::bounds);
        Standing {
            games: self.games(),
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            score: self.score(),
            elo: interval.map(|e| e.0),
            elo_low: interval.and_then(|e| finite(e.1)),
            elo_high: interval.and_then(|e| finite(e.2)),
            llr: sprt.map(|s| self.llr(s)),
            llr_low: bounds.map(|b| b.0),
            llr_high: bounds.map(|b| b.1),
            verdict: sprt.and_then(|s| s.verdict(self)),
        }
    }
}

impl fmt::Display for Standing {
    /// `W 12 D 3 L 9, score 55.6%, Elo +39 ± 112`; an open end: `Elo +301
    /// (95%: +144 to no bound)`; no Elo yet: `Elo not yet measurable`; with
    /// an SPRT: `, LLR 1.23 [-2.94, 2.94]` and `: H1 accepted` once decided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "W {} D {} L {}, score {:.1}%", self.wins, self.draws, self.losses, 100.0 * self.score)?;
        let end = |x: Option<f64>| x.map_or_else(|| "no bound".to_string(), |x| format!("{:+.0}", x + 0.0));
        match (self.elo, self.elo_low, self.elo_high) {
            (Some(elo), Some(lo), Some(hi)) => write!(f, ", Elo {:+.0} ± {:.0}", elo + 0.0, (hi - lo) / 2.0)?,
            (Some(elo), lo, hi) => write!(f, ", Elo {:+.0} (95%: {} to {})", elo + 0.0, end(lo), end(hi))?,
            (None, ..) => write!(f, ", Elo not yet measurable")?,
        }
        if let (Some(llr), Some(lo), Some(hi)) = (self.llr, self.llr_low, self.llr_high) {
            write!(f, ", LLR {llr:.2} [{lo:.2}, {hi:.2}]")?;
            if let Some(verdict) = self.verdict {
                write!(f, ": {verdict} accepted")?;
            }
        }
        Ok(())
    }
}

/// An SPRT: H0 "the first engine is `elo0` stronger", H1 "`elo1`
/// stronger", with error rates `alpha` (accepting H1 wrongly) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// An SPRT that does not read: `elo0,elo1,alpha,beta` with `elo0 < elo1` and
/// both rates strictly between 0 and 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected an SPRT elo0,elo1,alpha,beta (elo0 < elo1, rates between 0 and 1), found {0:?}")]
pub struct ParseSprtError(pub String);

impl std::str::FromStr for Sprt {
    type Err = ParseSprtError;

    /// `0,5,0.05,0.05`.
    ///
    /// # Errors
    /// [`ParseSprtError`] for anything else.
    fn from_str(s: &str) -> Result<Sprt, ParseSprtError> {
        let numbers: Vec<f64> = s
            .split(',')
            .map(|w| w.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| ParseSprtError(s.into()))?;
        match numbers[..] {
            [elo0, elo1, alpha, beta]
                if elo0 < elo1
                    && elo0.is_finite()
                    && elo1.is_finite()
                    && (0.0..1.0).contains(&alpha)
                    && alpha > 0.0
                    && beta > 0.0
                    && beta < 1.0 =>
            {
                Ok(Sprt { elo0, elo1, alpha, beta })
            }
            _ => Err(ParseSprtError(s.into())),
        }
    }
}

/// What an SPRT concludes (`"H0"` or `"H1"` in JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Verdict {
    /// The LLR crossed the upper bound: H1.
    H1,
    /// The LLR crossed the lower bound: H0.
    H0,
}

impl Verdict {
    /// `H0` or `H1`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Sprt {
    /// The lower and upper bounds of the LLR: `ln(beta / (1 - alpha))` and
    /// `ln((1 - beta) / alpha)`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict of `tally`, if the LLR crossed a bound.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Option<Verdict> {
        let llr = tally.llr(self);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_interval() {
        let t = Tally { wins: 60, draws: 0, losses: 40 };
        let (elo, margin) = t.elo().unwrap();
        // 60%: 400 log10(1.5) = 70.4; sd of the score sqrt(0.24 / 100).
        assert!((elo - 70.44).abs() < 0.01, "{elo}");
        let (lo, hi) = (0.6 - 1.96 * 0.049, 0.6 + 1.96 * 0.049);
        assert!((margin - (elo_of(hi) - elo_of(lo)) / 2.0).abs() < 0.5, "{margin}");
        assert_eq!(Tally { wins: 3, draws: 0, losses: 0 }.elo(), None);
        // 85% of 20: the score's interval passes 1.
        let high = Tally { wins: 17, draws: 0, losses: 3 };
        let (_, lo, hi) = high.elo_interval().unwrap();
        assert!(lo.is_finite() && hi == f64::INFINITY);
        assert_eq!(high.to_string(), format!("W 17 D 0 L 3, score 85.0%, Elo +301 (95%: {lo:+.0} to no bound)"));
        let standing = high.standing(None);
        assert_eq!((standing.elo_low, standing.elo_high), (Some(lo), None));
        // No Elo yet: the same None, the same words, whatever the reason.
        for none in [Tally::default(), Tally { wins: 3, draws: 0, losses: 0 }] {
            assert_eq!((none.standing(None).elo, none.standing(None).elo_low), (None, None));
            assert!(none.to_string().ends_with(", Elo not yet measurable"), "{none}");
        }
        assert_eq!(t.to_string(), format!("W 60 D 0 L 40, score 60.0%, Elo +70 ± {margin:.0}"));
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let (lo, hi) = sprt.bounds();
        assert!((hi - 2.944).abs() < 1e-3 && (lo + 2.944).abs() < 1e-3);
        assert_eq!(sprt.verdict(&Tally { wins: 700, draws: 0, losses: 300 }), Some(Verdict::H1));
        assert_eq!(sprt.verdict(&Tally { wins: 300, draws: 0, losses: 700 }), Some(Verdict::H0));
        assert_eq!(sprt.verdict(&Tally { wins: 5, draws: 0, losses: 5 }), None);
        for bad in ["0,10,0.05", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.05,1", "a,b,c,d"] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }
}
