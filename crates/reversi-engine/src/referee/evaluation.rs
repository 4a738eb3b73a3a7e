//! The resign and draw rules at work: the referee's count of the
//! evaluations the players report with their moves ([`EvalJudge`]), and
//! the words and result a record says of a game they ended.
//!
//! The rules are stated in [`rules`](super::rules) and RULES.md
//! ("Adjudication").

use reversi_core::Color;

use super::rules::{Adjudication, DrawRule, ResignRule};
use super::termination::{EvalVerdict, Termination};

/// A run of moves that keep a rule going: how many moves of each side,
/// and their evaluations (ply, as reported).
#[derive(Debug, Default)]
struct Run {
    counts: [u32; 2],
    evals: Vec<(usize, f64)>,
}

impl Run {
    fn clear(&mut self) {
        self.counts = [0; 2];
        self.evals.clear();
    }

    /// Adds a move of `mover`; whether each side has `moves` moves in it.
    fn push(&mut self, ply: usize, mover: Color, eval: f64, moves: u32) -> bool {
        self.counts[mover.index()] += 1;
        self.evals.push((ply, eval));
        self.counts.iter().all(|&n| n >= moves)
    }
}

/// The referee's count of the evaluations reported in one game, for the
/// match's resign and draw rules.
#[derive(Debug)]
pub(super) struct EvalJudge {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// The resign rule's run, and the side it has behind.
    behind: Option<Color>,
    resign_run: Run,
    draw_run: Run,
}

impl EvalJudge {
    /// A count for a game under `rules` (its exact-solve limit and ply
    /// limit are not the judge's).
    pub(super) fn new(rules: &Adjudication) -> EvalJudge {
        EvalJudge {
            resign: rules.resign_of(),
            draw: rules.draw_of(),
            behind: None,
            resign_run: Run::default(),
            draw_run: Run::default(),
        }
    }

    /// Notes the move at index `ply` of the game, made by `mover` (a
    /// player, not the referee) with the evaluation `eval` it reported
    /// (its own view, in discs): the game's end if a rule fires with it
    /// (the resign rule first).
    pub(super) fn note(&mut self, ply: usize, mover: Color, eval: Option<f64>) -> Option<Termination> {
        let eval = eval.filter(|e| e.is_finite());
        if let Some(rule) = self.resign {
            // Black's view: whom the mover's evaluation has behind.
            let behind = eval.and_then(|e| {
                let black = if mover == Color::Black { e } else { -e };
                if black <= -rule.score() {
                    Some(Color::Black)
                } else if black >= rule.score() {
                    Some(Color::White)
                } else {
                    None
                }
            });
            if behind.is_none() || behind != self.behind {
                self.resign_run.clear();
            }
            self.behind = behind;
            if let (Some(loser), Some(e)) = (behind, eval)
                && self.resign_run.push(ply, mover, e, rule.moves())
            {
                let evals = std::mem::take(&mut self.resign_run.evals);
                return Some(Termination::Evaluated { verdict: EvalVerdict::Resign { loser, rule }, evals });
            }
        }
        if let Some(rule) = self.draw {
            match eval {
                Some(e) if ply >= rule.from() && e.abs() <= rule.score() => {
                    if self.draw_run.push(ply, mover, e, rule.moves()) {
                        let evals = std::mem::take(&mut self.draw_run.evals);
                        return Some(Termination::Evaluated { verdict: EvalVerdict::Draw(rule), evals });
                    }
                }
                _ => self.draw_run.clear(),
            }
        }
        None
    }
}

/// Black's net discs in the record of a game the evaluations ended: 0 for
/// a draw; for a resignation, the lead the run's last two evaluations agree
/// on (the smaller of their sizes: one of each side, but after a pass the
/// referee played), rounded to whole discs, at least 1, to the side ahead.
pub(super) fn black_margin(verdict: &EvalVerdict, evals: &[(usize, f64)]) -> f64 {
    match verdict {
        EvalVerdict::Resign { loser, rule } => {
            let lead = evals.iter().rev().take(2).map(|(_, e)| e.abs()).fold(f64::INFINITY, f64::min);
            let lead = if lead.is_finite() { lead } else { rule.score() };
            let lead = lead.round().max(1.0);
            if *loser == Color::Black { -lead } else { lead }
        }
        EvalVerdict::Draw(_) => 0.0,
    }
}

/// What a record's `Termination` says of a game the evaluations ended.
pub(super) fn termination_text(verdict: &EvalVerdict, evals: &[(usize, f64)]) -> String {
    let plies = match (evals.first(), evals.last()) {
        (Some((a, _)), Some((b, _))) => format!("plies {} to {}", a + 1, b + 1),
        _ => "no ply".to_string(),
    };
    let listed: Vec<String> = evals.iter().map(|(_, e)| format!("{e:+}")).collect();
    let listed = listed.join(" ");
    match verdict {
        EvalVerdict::Resign { loser, rule } => format!(
            "adjudicated by evaluation: {} resigns (the engines' evaluations had {} behind by {} discs or more for {} moves each, {plies}: {listed}, each its mover's view)",
            loser.name(),
            loser.name(),
            rule.score(),
            rule.moves(),
        ),
        EvalVerdict::Draw(rule) => format!(
            "adjudicated by evaluation: a draw (the engines' evaluations were within {} discs of 0 for {} moves each after ply {}, {plies}: {listed}, each its mover's view)",
            rule.score(),
            rule.moves(),
            rule.from(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(resign: Option<&str>, draw: Option<&str>) -> EvalJudge {
        let rules =
            Adjudication::new().resign(resign.map(|r| r.parse().unwrap())).draw(draw.map(|d| d.parse().unwrap()));
        EvalJudge::new(&rules)
    }

    /// Feeds alternating moves from Black at ply `from` with `evals`; the
    /// index of the move that ended the game, and how.
    fn feed(judge: &mut EvalJudge, from: usize, evals: &[Option<f64>]) -> Option<(usize, Termination)> {
        evals.iter().enumerate().find_map(|(i, &e)| {
            let mover = if i % 2 == 0 { Color::Black } else { Color::White };
            judge.note(from + i, mover, e).map(|t| (i, t))
        })
    }

    #[test]
    fn resign_fires_at_the_nth_move_of_each_side() {
        // Black behind: Black says -6 or less, White +6 or more.
        let evals = [Some(-6.0), Some(7.0), Some(-8.0), Some(6.5), Some(-9.0), Some(10.0)];
        let (at, end) = feed(&mut judge(Some("3,6"), None), 20, &evals).unwrap();
        assert_eq!(at, 5);
        let Termination::Evaluated { verdict: EvalVerdict::Resign { loser, .. }, evals: got } = end else {
            panic!("{end:?}")
        };
        assert_eq!(loser, Color::Black);
        assert_eq!(got.len(), 6);
        assert_eq!(got[0], (20, -6.0));
        // One move short: nothing.
        assert!(feed(&mut judge(Some("3,6"), None), 20, &evals[..5]).is_none());
    }

    #[test]
    fn a_disagreeing_or_missing_eval_starts_the_count_again() {
        for breaker in [Some(-5.9), None, Some(f64::NAN), Some(6.0)] {
            // The breaker is Black's 2nd move: Black -5.9 is not behind
            // enough; no eval; Black +6 says White is behind.
            let evals = [Some(-6.0), Some(7.0), breaker, Some(6.5), Some(-9.0), Some(10.0), Some(-7.0), Some(8.0)];
            let fired = feed(&mut judge(Some("3,6"), None), 0, &evals);
            // The run restarts at White's 2nd move (index 3): 3 moves a
            // side from there end at index 8, past the list.
            assert!(fired.is_none(), "{breaker:?}: {fired:?}");
            let longer = [&evals[..], &[Some(-6.0)]].concat();
            let (at, _) = feed(&mut judge(Some("3,6"), None), 0, &longer).unwrap();
            assert_eq!(at, 8, "{breaker:?}");
        }
    }

    #[test]
    fn white_behind_is_seen_from_each_movers_view() {
        let evals = [Some(12.0), Some(-12.0), Some(10.0), Some(-11.0)];
        let (at, end) = feed(&mut judge(Some("2,9"), None), 4, &evals).unwrap();
        assert_eq!(at, 3);
        let Termination::Evaluated { verdict, evals } = end else { panic!() };
        assert!(matches!(verdict, EvalVerdict::Resign { loser: Color::White, .. }));
        assert_eq!(black_margin(&verdict, &evals), 10.0);
        assert_eq!(
            termination_text(&verdict, &evals),
            "adjudicated by evaluation: white resigns (the engines' evaluations had white behind by 9 discs or more \
             for 2 moves each, plies 5 to 8: +12 -12 +10 -11, each its mover's view)"
        );
    }

    #[test]
    fn draws_count_only_after_their_ply_and_near_zero() {
        let evals = [Some(0.0), Some(0.5), Some(-0.25), Some(0.1), Some(0.0), Some(-0.5)];
        // Plies 10..16, from ply 12: the first two do not count.
        let (at, end) = feed(&mut judge(None, Some("12,2,0.5")), 10, &evals).unwrap();
        assert_eq!(at, 5);
        let Termination::Evaluated { verdict, evals } = end else { panic!() };
        assert_eq!(verdict, EvalVerdict::Draw("12,2,0.5".parse().unwrap()));
        assert_eq!((black_margin(&verdict, &evals), evals.len()), (0.0, 4));
        // An eval beyond the score starts again.
        let broken = [Some(0.0), Some(0.6), Some(0.0), Some(0.0), Some(0.0)];
        assert_eq!(feed(&mut judge(None, Some("0,2,0.5")), 0, &broken).map(|(at, _)| at), None);
        let more = [&broken[..], &[Some(0.0)]].concat();
        assert_eq!(feed(&mut judge(None, Some("0,2,0.5")), 0, &more).map(|(at, _)| at), Some(5));
    }

    #[test]
    fn no_evaluations_never_fire() {
        let none = [None; 200];
        assert!(feed(&mut judge(Some("1,0.5"), Some("0,1,1000")), 0, &none).is_none());
    }
}
