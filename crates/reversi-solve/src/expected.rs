//! Expected scores (an OBF line's `G8:+18; H1:+12`) checked against a solve.

use core::fmt;

use crate::MoveScores;

/// An expected score that a solve contradicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Mismatch<M> {
    /// The move whose score was expected; `None` for the position's score
    /// (the best of the expected ones).
    pub mv: Option<M>,
    /// The score expected.
    pub expected: i32,
    /// The score the solve found; `None` for a move that is not legal.
    pub found: Option<i32>,
}

impl<M: fmt::Display> fmt::Display for Mismatch<M> {
    /// `score: expected +18, found +16`, `g8: expected +18, found +16` or
    /// `g8: expected +18, not a legal move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.mv {
            Some(mv) => write!(f, "{mv}: ")?,
            None => f.write_str("score: ")?,
        }
        match self.found {
            Some(found) => write!(f, "expected {:+}, found {found:+}", self.expected),
            None => write!(f, "expected {:+}, not a legal move", self.expected),
        }
    }
}

/// The expected scores `expected` that the solve contradicts: the best of
/// them against `score`, the position's exact score, and, when every move
/// was scored (`moves`), each expected move's score against its own. Empty
/// when everything agrees (or nothing was expected).
///
/// ```
/// use reversi_solve::{Mismatch, MoveScores, check_expected};
/// use std::time::Duration;
/// let expected = [("g8", 18), ("h1", 12)];
/// assert!(check_expected(&expected, 18, None).is_empty());
/// let moves = MoveScores::new(vec![("g8", 18), ("h1", 10)], 0, Duration::ZERO);
/// let found = check_expected(&expected, 18, Some(&moves));
/// assert_eq!(found[0].to_string(), "h1: expected +12, found +10");
/// ```
#[must_use]
pub fn check_expected<M: PartialEq + Copy>(
    expected: &[(M, i32)],
    score: i32,
    moves: Option<&MoveScores<M>>,
) -> Vec<Mismatch<M>> {
    let mut found = Vec::new();
    if let Some(best) = expected.iter().map(|&(_, s)| s).max()
        && best != score
    {
        found.push(Mismatch { mv: None, expected: best, found: Some(score) });
    }
    if let Some(moves) = moves {
        for &(mv, s) in expected {
            let got = moves.moves.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
            if got != Some(s) {
                found.push(Mismatch { mv: Some(mv), expected: s, found: got });
            }
        }
    }
    found
}
