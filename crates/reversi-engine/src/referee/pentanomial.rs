//! A pairing's score by game pairs: an opening played with both colours is
//! a pair, scored 0, ½, 1, 1½ or 2 points for the first engine
//! ([`Pentanomial`]); the Elo and normalised Elo with their 95% intervals
//! and the generalised SPRT on those counts, as fastchess computes them;
//! the disc difference, the Othello measure ([`Discs`]); and
//! [`PairTally`], which gathers games as they end (in any order) into
//! pairs, beside the trinomial [`Tally`] of the games.
//!
//! Pairs are what makes a small difference measurable: the two games of an
//! opening share its bias, so the variance of a pair's score is smaller
//! than twice a game's, and the interval narrower than the trinomial one.
//!
//! - Score: `s = sum a_k c_k / P` over the `P` pairs, `a_k = k / 4` (the
//!   pair's points over 2), `c_k` the counts.
//! - Its variance per pair: `v = sum c_k (a_k - s)^2 / P`; the 95% interval
//!   of the score `s ± 1.96 sqrt(v / P)`.
//! - Elo: `-400 log10(1 / s - 1)`, its interval the Elo of the score's
//!   interval's ends; normalised Elo: `(s - 1/2) / sqrt(2 v) * 800 / ln 10`
//!   (a game's standard deviation is `sqrt(2 v)`), its interval likewise.
//! - The SPRT: [`gsprt_llr`] on the five counts.

use std::collections::BTreeMap;
use std::fmt;

use super::gsprt::{EloModel, NELO_PER_T, gsprt_llr};
use super::stats::{Sprt, Standing, Tally, Verdict, Z95, elo_bounds};

/// Pairs of games by the first engine's points: `counts[k]` pairs scored
/// `k / 2` (0: lost both, LL; ½: LD; 1: WL or DD; 1½: WD; 2: WW).
///
/// ```
/// use reversi_engine::referee::Pentanomial;
/// let mut pairs = Pentanomial::default();
/// pairs.add(1.0, 0.0);
/// pairs.add(1.0, 0.5);
/// assert_eq!(pairs.counts, [0, 0, 1, 1, 0]);
/// assert_eq!(pairs.score(), 0.625);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pentanomial {
    /// Pairs scored 0, ½, 1, 1½ and 2 points by the first engine.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds the pair of two games the first engine scored `first` and
    /// `second` (1, ½ or 0 each; anything else counts as the nearest).
    pub fn add(&mut self, first: f64, second: f64) {
        let half = |s: f64| {
            if s > 0.5 {
                2
            } else if s < 0.5 {
                0
            } else {
                1
            }
        };
        self.counts[half(first) + half(second)] += 1;
    }

    /// The number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The first engine's points over the games of the pairs (0 to 1; ½
    /// without a pair).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        self.counts.iter().enumerate().map(|(k, &c)| k as f64 / 4.0 * c as f64).sum::<f64>() / n as f64
    }

    /// The variance of a pair's score (its points over 2).
    fn variance(&self) -> f64 {
        let n = self.pairs() as f64;
        let s = self.score();
        self.counts.iter().enumerate().map(|(k, &c)| c as f64 * (k as f64 / 4.0 - s).powi(2)).sum::<f64>() / n
    }

    /// The score and the margin of its 95% interval, while an Elo exists.
    fn score_margin(&self) -> Option<(f64, f64)> {
        let s = self.score();
        (self.pairs() > 0 && s > 0.0 && s < 1.0).then(|| (s, Z95 * (self.variance() / self.pairs() as f64).sqrt()))
    }

    /// The Elo difference and the bounds of its 95% interval (infinite
    /// where the score's interval reaches 0 or 1): `None` without a pair
    /// and while one engine has every point.
    #[must_use]
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let (s, margin) = self.score_margin()?;
        Some(elo_bounds(s, margin))
    }

    /// The normalised Elo difference and the bounds of its 95% interval:
    /// `None` as for [`elo_interval`](Pentanomial::elo_interval) and while
    /// every pair has the same score (no spread).
    #[must_use]
    pub fn nelo_interval(&self) -> Option<(f64, f64, f64)> {
        let (s, margin) = self.score_margin()?;
        let sd = (2.0 * self.variance()).sqrt();
        if sd <= 0.0 {
            return None;
        }
        let nelo = |x: f64| (x - 0.5) / sd * NELO_PER_T;
        Some((nelo(s), nelo(s - margin), nelo(s + margin)))
    }

    /// The generalised SPRT's log-likelihood ratio on the pairs
    /// ([`gsprt_llr`]).
    #[must_use]
    pub fn llr(&self, sprt: &Sprt, model: EloModel) -> f64 {
        gsprt_llr(&self.counts, sprt, model)
    }
}

/// The first engine's disc difference, averaged over each pair's two games
/// (a forfeit counts every square to the winner, an adjudicated game
/// perfect play's difference): the mean over pairs, and its 95% interval
/// from their spread.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Discs {
    pairs: u64,
    mean: f64,
    /// The sum of squared deviations from the mean (Welford).
    squares: f64,
}

impl Discs {
    /// Adds a pair whose games ended `first` and `second` discs ahead (for
    /// the first engine; negative when behind).
    pub fn add(&mut self, first: f64, second: f64) {
        let x = 0.5 * (first + second);
        self.pairs += 1;
        let delta = x - self.mean;
        self.mean += delta / self.pairs as f64;
        self.squares += delta * (x - self.mean);
    }

    /// The number of pairs.
    #[must_use]
    pub const fn pairs(&self) -> u64 {
        self.pairs
    }

    /// The mean disc difference a game: `None` without a pair.
    #[must_use]
    pub fn mean(&self) -> Option<f64> {
        (self.pairs > 0).then_some(self.mean)
    }

    /// The mean and the half width of its 95% interval (normal
    /// approximation, the pairs' sample variance): `None` before two pairs.
    #[must_use]
    pub fn interval(&self) -> Option<(f64, f64)> {
        (self.pairs > 1).then(|| {
            let n = self.pairs as f64;
            (self.mean, Z95 * (self.squares / (n - 1.0) / n).sqrt())
        })
    }
}

/// A pairing's games gathered as they end: the [`Tally`] of every game,
/// and the [`Pentanomial`] counts and [`Discs`] of the pairs complete
/// (game `2k` and `2k + 1` form pair `k`; a game waits for its partner).
///
/// ```
/// use reversi_engine::referee::PairTally;
/// let mut tally = PairTally::default();
/// tally.add(1, 0.0, -4.0); // game 1 ends first: pair 0 waits for game 0
/// assert_eq!((tally.tally().games(), tally.pairs().pairs()), (1, 0));
/// tally.add(0, 1.0, 10.0);
/// assert_eq!(tally.pairs().counts, [0, 0, 1, 0, 0]);
/// assert_eq!(tally.discs().mean(), Some(3.0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct PairTally {
    tally: Tally,
    pairs: Pentanomial,
    discs: Discs,
    /// Games whose partner has not ended: pair index to score and discs.
    waiting: BTreeMap<usize, (f64, f64)>,
}

impl PairTally {
    /// Adds game `index` of the pairing, scored `score` (1, ½, 0) for the
    /// first engine, which ended `discs` discs ahead.
    pub fn add(&mut self, index: usize, score: f64, discs: f64) {
        self.tally.add(score);
        match self.waiting.remove(&(index / 2)) {
            Some((s, d)) => {
                self.pairs.add(s, score);
                self.discs.add(d, discs);
            }
            None => {
                self.waiting.insert(index / 2, (score, discs));
            }
        }
    }

    /// The score of pair `pair`'s game that waits for its partner, if one
    /// does.
    pub(super) fn waiting(&self, pair: usize) -> Option<f64> {
        self.waiting.get(&pair).map(|w| w.0)
    }

    /// Every game's wins, draws and losses.
    #[must_use]
    pub const fn tally(&self) -> Tally {
        self.tally
    }

    /// The pairs complete.
    #[must_use]
    pub const fn pairs(&self) -> Pentanomial {
        self.pairs
    }

    /// The disc difference of the pairs complete.
    #[must_use]
    pub const fn discs(&self) -> Discs {
        self.discs
    }

    /// The standing, with `sprt`'s fields (and its model for the pairs'
    /// LLR) if given.
    #[must_use]
    pub fn standing(&self, sprt: Option<(&Sprt, EloModel)>) -> PairStanding {
        let finite = |x: f64| x.is_finite().then_some(x);
        let elo = self.pairs.elo_interval();
        let nelo = self.pairs.nelo_interval();
        let bounds = sprt.map(|(s, _)| s.bounds());
        let llr = sprt.map(|(s, m)| self.pairs.llr(s, m));
        let verdict = match (llr, bounds) {
            (Some(llr), Some((_, hi))) if llr >= hi => Some(Verdict::H1),
            (Some(llr), Some((lo, _))) if llr <= lo => Some(Verdict::H0),
            _ => None,
        };
        PairStanding {
            games: self.tally.standing(sprt.map(|(s, _)| s)),
            pentanomial: self.pairs.counts,
            pairs: self.pairs.pairs(),
            pair_score: self.pairs.score(),
            elo: elo.map(|e| e.0),
            elo_low: elo.and_then(|e| finite(e.1)),
            elo_high: elo.and_then(|e| finite(e.2)),
            nelo: nelo.map(|e| e.0),
            nelo_low: nelo.map(|e| e.1),
            nelo_high: nelo.map(|e| e.2),
            llr,
            llr_low: bounds.map(|b| b.0),
            llr_high: bounds.map(|b| b.1),
            model: sprt.map(|(_, m)| m),
            verdict,
            discs: self.discs.mean(),
            discs_margin: self.discs.interval().map(|i| i.1),
        }
    }
}

/// A pairing's result so far, the same fields whatever shows it (the CLI's
/// lines and `--json`, Python): the games' trinomial [`Standing`], and the
/// pairs' figures beside it. A value that does not exist is `None` (as in
/// [`Standing`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct PairStanding {
    /// Every game's figures (trinomial: wins, draws, losses, Elo, and the
    /// SPRT's normal approximation).
    pub games: Standing,
    /// Pairs scored 0, ½, 1, 1½ and 2 points by the first engine.
    pub pentanomial: [u64; 5],
    /// Pairs complete.
    pub pairs: u64,
    /// The first engine's points over the pairs' games (0 to 1).
    pub pair_score: f64,
    /// The Elo difference from the pairs.
    pub elo: Option<f64>,
    /// The lower end of its 95% interval (`None`: open).
    pub elo_low: Option<f64>,
    /// The upper end of its 95% interval (`None`: open).
    pub elo_high: Option<f64>,
    /// The normalised Elo difference from the pairs.
    pub nelo: Option<f64>,
    /// The lower end of its 95% interval.
    pub nelo_low: Option<f64>,
    /// The upper end of its 95% interval.
    pub nelo_high: Option<f64>,
    /// The generalised SPRT's log-likelihood ratio on the pairs.
    pub llr: Option<f64>,
    /// The SPRT's lower bound (H0 at or below it).
    pub llr_low: Option<f64>,
    /// The SPRT's upper bound (H1 at or above it).
    pub llr_high: Option<f64>,
    /// The SPRT's Elo model (`sprt_model` in JSON).
    #[cfg_attr(feature = "serde", serde(rename = "sprt_model"))]
    pub model: Option<EloModel>,
    /// The SPRT's verdict on the pairs, once the LLR crossed a bound
    /// (`sprt` in JSON).
    #[cfg_attr(feature = "serde", serde(rename = "sprt"))]
    pub verdict: Option<Verdict>,
    /// The first engine's mean disc difference a game, over the pairs.
    pub discs: Option<f64>,
    /// The half width of its 95% interval.
    pub discs_margin: Option<f64>,
}

impl fmt::Display for PairStanding {
    /// The games' [`Standing`] without its LLR, then `; pairs [0, 2, 5, 9,
    /// 4], Elo +57 ± 28, nElo +58 ± 28, discs +3.1 ± 1.2`, and with an SPRT
    /// `, LLR 1.23 [-2.94, 2.94] (logistic)` and `: H1 accepted` once
    /// decided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = Standing { llr: None, llr_low: None, llr_high: None, verdict: None, ..self.games };
        write!(f, "{games}; pairs {:?}", self.pentanomial)?;
        let end = |x: Option<f64>| x.map_or_else(|| "no bound".to_string(), |x| format!("{:+.0}", x + 0.0));
        match (self.elo, self.elo_low, self.elo_high) {
            (Some(elo), Some(lo), Some(hi)) => write!(f, ", Elo {:+.0} ± {:.0}", elo + 0.0, (hi - lo) / 2.0)?,
            (Some(elo), lo, hi) => write!(f, ", Elo {:+.0} (95%: {} to {})", elo + 0.0, end(lo), end(hi))?,
            (None, ..) => {}
        }
        if let (Some(nelo), Some(lo), Some(hi)) = (self.nelo, self.nelo_low, self.nelo_high) {
            write!(f, ", nElo {:+.0} ± {:.0}", nelo + 0.0, (hi - lo) / 2.0)?;
        }
        match (self.discs, self.discs_margin) {
            (Some(d), Some(m)) => write!(f, ", discs {:+.1} ± {m:.1}", d + 0.0)?,
            (Some(d), None) => write!(f, ", discs {:+.1}", d + 0.0)?,
            _ => {}
        }
        if let (Some(llr), Some(lo), Some(hi), Some(model)) = (self.llr, self.llr_low, self.llr_high, self.model) {
            write!(f, ", LLR {llr:.2} [{lo:.2}, {hi:.2}] ({model})")?;
            if let Some(verdict) = self.verdict {
                write!(f, ": {verdict} accepted")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    /// `scripts/gsprt-vectors.py`'s `elo` lines (the second and third are
    /// fastchess's own Elo tests, to two decimals there).
    #[test]
    fn elo_and_normalised_elo_equal_the_independent_computation() {
        let cases = [
            (
                [3, 10, 25, 12, 6],
                [24.859_162_699_537_78, 46.357_996_681_564_07, 34.830_744_532_636_935, 64.344_788_541_168_8],
            ),
            (
                [34, 54, 63, 64, 75],
                [55.579_780_420_445_88, 27.653_429_506_393_45, 57.935_599_938_124_33, 28.275_376_243_408_672],
            ),
            (
                [332, 433, 498, 333, 334],
                [-8.642_667_267_969_01, 10.334_194_424_393_056, -9.172_914_270_047_176, 10.960_458_877_511_156],
            ),
        ];
        for (counts, [elo, elo_half, nelo, nelo_half]) in cases {
            let p = Pentanomial { counts };
            let (e, lo, hi) = p.elo_interval().unwrap();
            let (n, nlo, nhi) = p.nelo_interval().unwrap();
            assert!(close(e, elo) && close((hi - lo) / 2.0, elo_half), "{counts:?}: {e} {lo} {hi}");
            assert!(close(n, nelo) && close((nhi - nlo) / 2.0, nelo_half), "{counts:?}: {n} {nlo} {nhi}");
        }
    }

    #[test]
    fn no_elo_without_a_spread_of_points() {
        assert_eq!(Pentanomial::default().elo_interval(), None);
        assert_eq!(Pentanomial { counts: [0, 0, 0, 0, 7] }.elo_interval(), None);
        // Every pair drawn: Elo 0 with no interval width, no normalised Elo.
        let even = Pentanomial { counts: [0, 0, 5, 0, 0] };
        assert_eq!(even.elo_interval(), Some((0.0, 0.0, 0.0)));
        assert_eq!(even.nelo_interval(), None);
    }

    #[test]
    fn games_pair_up_in_any_order_and_the_standing_says_so() {
        let mut t = PairTally::default();
        // Pairs: (W, L) = 1, (W, W) = 2, (D, L) = 0.5; game 7 waits.
        for (i, s, d) in [
            (3, 1.0, 20.0),
            (0, 1.0, 10.0),
            (7, 0.0, -2.0),
            (2, 1.0, 6.0),
            (1, 0.0, -4.0),
            (4, 0.5, 0.0),
            (5, 0.0, -8.0),
        ] {
            t.add(i, s, d);
        }
        assert_eq!(t.tally(), Tally { wins: 3, draws: 1, losses: 3 });
        assert_eq!(t.pairs().counts, [0, 1, 1, 0, 1]);
        let (mean, margin) = t.discs().interval().unwrap();
        // Pair means 3, 13 and -4.
        assert!(close(mean, 4.0));
        let sd = ((1.0f64 + 81.0 + 64.0) / 2.0).sqrt();
        assert!(close(margin, Z95 * sd / 3f64.sqrt()));
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let standing = t.standing(Some((&sprt, EloModel::Normalized)));
        assert_eq!((standing.pairs, standing.games.games, standing.pentanomial), (3, 7, [0, 1, 1, 0, 1]));
        assert_eq!(standing.llr, Some(gsprt_llr(&[0, 1, 1, 0, 1], &sprt, EloModel::Normalized)));
        assert_eq!(standing.model, Some(EloModel::Normalized));
        let text = standing.to_string();
        assert!(text.starts_with("W 3 D 1 L 3, score 50.0%, Elo "), "{text}");
        assert!(text.contains("; pairs [0, 1, 1, 0, 1], Elo ") && text.contains(", discs +4.0 ± "), "{text}");
        assert!(text.contains(" (normalized)"), "{text}");
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn score() -> impl Strategy<Value = f64> {
            prop_oneof![Just(0.0), Just(0.5), Just(1.0)]
        }

        proptest! {
            /// The pairs' score is the games' score over the games paired,
            /// and the pairs and games always add up.
            #[test]
            fn pairs_and_games_add_up(games in proptest::collection::vec((score(), -64i32..=64), 0..60)) {
                let mut t = PairTally::default();
                for (i, &(s, d)) in games.iter().enumerate() {
                    t.add(i, s, f64::from(d));
                }
                let pairs = t.pairs();
                prop_assert_eq!(pairs.pairs() as usize, games.len() / 2);
                prop_assert_eq!(t.tally().games() as usize, games.len());
                let paired: f64 = games[..2 * (games.len() / 2)].iter().map(|g| g.0).sum();
                if pairs.pairs() > 0 {
                    prop_assert!((pairs.score() - paired / (2 * pairs.pairs()) as f64).abs() < 1e-12);
                }
            }

            /// Swapping the engines mirrors every figure: the counts reverse,
            /// the Elo and normalised Elo change sign, and the LLR of a
            /// hypothesis equals that of its mirror.
            #[test]
            fn swapping_the_engines_mirrors_the_figures(counts in proptest::array::uniform5(0u64..200), e0 in -20.0f64..0.0, width in 0.5f64..20.0) {
                let p = Pentanomial { counts };
                let mut reversed = counts;
                reversed.reverse();
                let q = Pentanomial { counts: reversed };
                if let (Some(a), Some(b)) = (p.elo_interval(), q.elo_interval()) {
                    prop_assert!((a.0 + b.0).abs() < 1e-9 && (a.1 + b.2).abs() < 1e-6);
                }
                let sprt = Sprt { elo0: e0, elo1: e0 + width, alpha: 0.05, beta: 0.05 };
                let mirror = Sprt { elo0: -(e0 + width), elo1: -e0, alpha: 0.05, beta: 0.05 };
                for model in [EloModel::Logistic, EloModel::Normalized] {
                    let (a, b) = (p.llr(&sprt, model), q.llr(&mirror, model));
                    prop_assert!((a + b).abs() < 1e-6 * a.abs().max(1.0), "{} {} {}", model, a, b);
                }
            }

            /// The LLR grows with the evidence for H1: moving a pair from the
            /// lowest to the highest score never lowers it.
            #[test]
            fn better_pairs_never_lower_the_llr(counts in proptest::array::uniform5(1u64..100)) {
                let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
                let mut better = counts;
                better[0] -= 1;
                better[4] += 1;
                let (a, b) = (Pentanomial { counts }.llr(&sprt, EloModel::Logistic), Pentanomial { counts: better }.llr(&sprt, EloModel::Logistic));
                prop_assert!(b >= a - 1e-9, "{} {}", a, b);
            }
        }
    }
}
