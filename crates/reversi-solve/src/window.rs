//! What a window solve answers: a bound of the exact score.

use std::time::Duration;

/// How a window solve's score relates to the exact score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Bound {
    /// The score is exact (it lies inside the window).
    Exact,
    /// The exact score is at least the score (it is at or above the
    /// window's top).
    AtLeast,
    /// The exact score is at most the score (it is at or below the window's
    /// bottom).
    AtMost,
}

/// The answer of a window solve: the exact score when it lies strictly
/// inside the window `(alpha, beta)`, a bound otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WindowScore {
    /// The score, or the bound (see [`bound`](Self::bound)).
    pub score: i32,
    /// What `score` is.
    pub bound: Bound,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time of the solve.
    pub elapsed: Duration,
}

impl WindowScore {
    /// A window answer from its parts.
    #[must_use]
    pub fn new(score: i32, bound: Bound, nodes: u64, elapsed: Duration) -> WindowScore {
        WindowScore { score, bound, nodes, elapsed }
    }

    /// The answer of a fail-soft search of `(alpha, beta)` that returned
    /// `score`.
    #[must_use]
    pub fn classify(score: i32, alpha: i32, beta: i32, nodes: u64, elapsed: Duration) -> WindowScore {
        let bound = if score <= alpha {
            Bound::AtMost
        } else if score >= beta {
            Bound::AtLeast
        } else {
            Bound::Exact
        };
        WindowScore { score, bound, nodes, elapsed }
    }
}
