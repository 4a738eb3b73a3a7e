//! 8x8 Reversi on reversi-core's bitboards: the fast path.
//!
//! (Skeleton: the search here is being written; until then `solve` is the
//! reference negamax with the options checked.)

use std::time::Instant;

use reversi_core::{Move, Position};

use crate::{Solution, SolveError, SolveOptions, reference};

/// The exact value of an 8x8 position.
///
/// # Errors
///
/// As [`SolveOptions::check`]; [`SolveError::Cancelled`] or
/// [`SolveError::DeadlineReached`] when the search is stopped.
pub fn solve(position: &Position, options: &SolveOptions) -> Result<Solution<Move>, SolveError> {
    options.check()?;
    let start = Instant::now();
    let scores = reference::move_scores(position);
    let best = scores.iter().max_by_key(|(_, score)| *score).copied();
    let score = best.map_or_else(|| reference::final_score(position), |(_, score)| score);
    Ok(Solution::new(score, best.map(|(mv, _)| mv), Vec::new(), 0, start.elapsed()))
}
