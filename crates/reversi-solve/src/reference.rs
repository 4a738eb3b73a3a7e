//! The reference twin: a plain negamax over reversi-core's checked
//! `Position`, no pruning, no table, no ordering, and the same with plain
//! alpha-beta pruning. Exact and slow (negamax up to about 10 empties,
//! alpha-beta up to about 14); the tests compare every solver with them.
//! Not API.

use reversi_core::{Move, Position};

/// The exact score for the side to move (empties to the winner).
#[must_use]
pub fn negamax(position: &Position) -> i32 {
    if position.is_game_over() {
        return final_score(position);
    }
    let mut best = i32::MIN;
    for mv in position.moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        best = best.max(-negamax(&child));
    }
    best
}

/// The exact score for the side to move, by alpha-beta: the negamax with
/// the moves that cannot change the result skipped. Fail-hard: the result
/// is clamped to `[alpha, beta]`, and exact when strictly inside.
#[must_use]
pub fn alpha_beta(position: &Position, mut alpha: i32, beta: i32) -> i32 {
    if position.is_game_over() {
        return final_score(position).clamp(alpha, beta);
    }
    for mv in position.moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let score = -alpha_beta(&child, -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Every legal move's exact score, in the order of `Position::moves`.
#[must_use]
pub fn move_scores(position: &Position) -> Vec<(Move, i32)> {
    position
        .moves()
        .map(|mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            (mv, -negamax(&child))
        })
        .collect()
}

/// The final score of a finished game for the side to move, empties to the
/// winner.
#[must_use]
pub fn final_score(position: &Position) -> i32 {
    let mine = position.player().len() as i32;
    let theirs = position.opponent().len() as i32;
    let empties = 64 - mine - theirs;
    let diff = mine - theirs;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}
