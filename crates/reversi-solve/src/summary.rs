//! A solve's answer as named fields: what `reversi solve --json` writes for
//! a position and what Python's `solve` returns, defined once.

use std::fmt::Display;

use crate::{MoveScores, Solution};

/// A solve's answer with each field named and in text form: the fields of a
/// `reversi solve --json` line and of Python's `solve` dict. The field names
/// are the keys (with the `serde` feature, `Serialize` writes them in this
/// order, `moves` only when it was asked for).
///
/// ```
/// use reversi_solve::{SolveOptions, Summary, solve, solve_moves};
/// use reversi_variants::{Geometry, Position, Variant};
///
/// let start = Position::start(Variant::Reversi, Geometry::new(4, 4)?)?;
/// let options = SolveOptions::new();
/// let summary = Summary::new(&solve(&start, &options)?, Some(&solve_moves(&start, &options)?));
/// assert_eq!((summary.score, summary.best.as_deref()), (-10, Some("d3")));
/// assert_eq!(summary.moves.map(|m| m.len()), Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Summary {
    /// [`Solution::score`].
    pub score: i32,
    /// [`Solution::best`] in text (`"pass"` when forced), `None` when the
    /// game is over.
    pub best: Option<String>,
    /// [`Solution::pv`] in text, passes included.
    pub pv: Vec<String>,
    /// [`Solution::nodes`].
    pub nodes: u64,
    /// [`Solution::elapsed`] in seconds, to the microsecond.
    pub seconds: f64,
    /// [`Solution::nodes_per_second`], to the unit.
    pub nodes_per_second: f64,
    /// Every legal move's score, best first ([`MoveScores::moves`]), when
    /// they were asked for.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub moves: Option<Vec<MoveScore>>,
}

/// One move's exact score in a [`Summary`]: `{"move": "g8", "score": 18}` in
/// JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct MoveScore {
    /// The move in text (`"pass"` for a forced pass).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: String,
    /// Its exact score, from the side to move's view.
    pub score: i32,
}

impl Summary {
    /// The named fields of `solution`, with `moves`' scores when given (the
    /// solve's own nodes and time only: `moves`' work is its own).
    #[must_use]
    pub fn new<M: Display>(solution: &Solution<M>, moves: Option<&MoveScores<M>>) -> Summary {
        Summary {
            score: solution.score,
            best: solution.best.as_ref().map(ToString::to_string),
            pv: solution.pv.iter().map(ToString::to_string).collect(),
            nodes: solution.nodes,
            seconds: (solution.elapsed.as_secs_f64() * 1e6).round() / 1e6,
            nodes_per_second: solution.nodes_per_second().round(),
            moves: moves.map(MoveScore::all),
        }
    }
}

impl MoveScore {
    /// Each of `scores`' moves in text with its score, in its order (best
    /// first): [`Summary::moves`], and the browser's `solveMoves` list.
    #[must_use]
    pub fn all<M: Display>(scores: &MoveScores<M>) -> Vec<MoveScore> {
        scores.moves.iter().map(|(mv, score)| MoveScore { mv: mv.to_string(), score: *score }).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn fields_in_text_and_rounded() {
        let solution = Solution::new(6, Some("h5"), vec!["h5", "pass", "g6"], 300, Duration::from_nanos(1_234_567));
        let moves = MoveScores::new(vec![("g6", 2), ("h5", 6)], 40, Duration::ZERO);
        let summary = Summary::new(&solution, Some(&moves));
        assert_eq!(summary.best.as_deref(), Some("h5"));
        assert_eq!(summary.pv, ["h5", "pass", "g6"]);
        assert_eq!((summary.nodes, summary.seconds), (300, 0.001235));
        assert_eq!(summary.nodes_per_second, (300.0 / 0.001_234_567_f64).round());
        let moves = summary.moves.unwrap_or_default();
        assert_eq!((moves[0].mv.as_str(), moves[0].score), ("h5", 6));
        let over = Summary::new(&Solution::<&str>::new(0, None, vec![], 1, Duration::ZERO), None);
        assert_eq!((over.best, over.moves, over.nodes_per_second), (None, None, 0.0));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serialises_as_the_json_line() {
        let solution = Solution::new(-2, Some("a1"), vec!["a1"], 7, Duration::from_micros(2));
        let line = serde_json::to_string(&Summary::new(&solution, None)).unwrap_or_default();
        assert_eq!(
            line,
            r#"{"score":-2,"best":"a1","pv":["a1"],"nodes":7,"seconds":2e-6,"nodes_per_second":3500000.0}"#
        );
        let moves = MoveScores::new(vec![("a1", -2)], 7, Duration::ZERO);
        let line = serde_json::to_string(&Summary::new(&solution, Some(&moves))).unwrap_or_default();
        assert!(line.ends_with(r#""moves":[{"move":"a1","score":-2}]}"#), "{line}");
    }
}
