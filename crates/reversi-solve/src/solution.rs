//! What a solve answers.

use std::time::Duration;

/// The exact value of a position, with a best move and the principal
/// variation. `M` is the move type of the position solved (reversi-core's
/// `Move` on the 8x8 path, reversi-variants' `Move` on any board).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solution<M> {
    /// The exact final disc difference for the side to move, empty squares
    /// given to the winner (as OBF and Edax count): positive wins, 0 draws.
    pub score: i32,
    /// A move that reaches `score` (a pass when the side to move must pass);
    /// `None` when the game is over.
    pub best: Option<M>,
    /// The principal variation from the position, passes included, to the end
    /// of the game.
    pub pv: Vec<M>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time of the solve.
    pub elapsed: Duration,
}

impl<M> Solution<M> {
    /// A solution from its parts.
    #[must_use]
    pub fn new(score: i32, best: Option<M>, pv: Vec<M>, nodes: u64, elapsed: Duration) -> Solution<M> {
        Solution { score, best, pv, nodes, elapsed }
    }

    /// Nodes per second of wall time (0 when no time was measured).
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 { self.nodes as f64 / seconds } else { 0.0 }
    }
}
