//! How a game ends: [`Termination`], the referee's typed ending (a game
//! finished, forfeited, adjudicated by exact solve or by the engines'
//! evaluations, stopped at the ply limit or stopped), made a record's
//! `Termination` field only when the record is written.

use reversi_core::Color;
use reversi_variants::Move;

use super::rules::{DrawRule, ResignRule};
use crate::process::Fault;

/// How a game ended: typed, written as a record's `Termination`
/// field only when the record is written
/// ([`GameReport::termination_text`](super::GameReport::termination_text)).
///
/// `#[non_exhaustive]`: endings may be told apart further.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Termination {
    /// Neither side can move: the final position is `game.position`.
    Finished,
    /// `loser` failed: it loses the game.
    Forfeit {
        /// The side at fault.
        loser: Color,
        /// What it did.
        fault: Fault,
    },
    /// The referee solved `game.position` exactly (at most the match's
    /// adjudication limit of empty squares) and ended the game with the
    /// result of perfect play by both sides.
    Adjudicated {
        /// The empty squares of the position solved.
        empties: u8,
        /// Black's final disc difference under perfect play, empty squares
        /// to the winner (as the solver, OBF and Edax count).
        score: i32,
        /// A perfect line from the position to the game's end, passes
        /// included (not played: the record keeps the moves played).
        pv: Vec<Move>,
    },
    /// The engines' own evaluations ended the game by the match's resign
    /// or draw rule ([`Adjudication`](super::Adjudication)).
    Evaluated {
        /// The rule that fired, and for a resignation the side that lost.
        verdict: EvalVerdict,
        /// The evaluations that made it fire, in order: each the index of
        /// its move in the game (opening included, from 0) and the
        /// evaluation as its mover reported it (its own view, in discs).
        evals: Vec<(usize, f64)>,
    },
    /// The game reached the match's ply limit (opening and passes
    /// included) without ending
    /// ([`Adjudication::max_plies`](super::Adjudication::max_plies)): it
    /// has no result.
    PlyLimit {
        /// The limit.
        plies: usize,
    },
    /// The game was stopped before its end: the match was interrupted.
    Stopped,
}

/// Which evaluation rule ended a game ([`Termination::Evaluated`]).
///
/// `#[non_exhaustive]`: rules may be added.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum EvalVerdict {
    /// The resign rule: `loser` lost.
    Resign {
        /// The side the evaluations had behind.
        loser: Color,
        /// The rule.
        rule: ResignRule,
    },
    /// The draw rule: a draw.
    Draw(DrawRule),
}
