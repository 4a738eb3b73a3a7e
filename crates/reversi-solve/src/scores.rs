//! Every legal move's exact score: the OBF answer list.

use std::time::Duration;

/// The exact score of every legal move of a position, best first (moves of
/// equal score in the order the position lists them), from the side to
/// move's view as [`Solution::score`](crate::Solution::score) counts it.
/// `M` is the move type of the position solved.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveScores<M> {
    /// Each legal move (a single pass when the side to move must pass;
    /// none when the game is over) with its exact score.
    pub moves: Vec<(M, i32)>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time of the solve.
    pub elapsed: Duration,
}

impl<M> MoveScores<M> {
    /// Scores from their parts, sorted best first (a stable sort: equal
    /// scores keep their order).
    #[must_use]
    pub fn new(mut moves: Vec<(M, i32)>, nodes: u64, elapsed: Duration) -> MoveScores<M> {
        moves.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        MoveScores { moves, nodes, elapsed }
    }

    /// The best score, if there is a move.
    #[must_use]
    pub fn best_score(&self) -> Option<i32> {
        self.moves.first().map(|&(_, score)| score)
    }

    /// The scores with every move mapped by `f` (8x8 moves to any-board
    /// moves, say).
    #[must_use]
    pub fn map<N>(self, f: impl FnMut(M) -> N) -> MoveScores<N> {
        let mut f = f;
        let moves = self.moves.into_iter().map(|(mv, score)| (f(mv), score)).collect();
        MoveScores { moves, nodes: self.nodes, elapsed: self.elapsed }
    }
}
