//! How a game ends: [`Termination`], the referee's typed ending (a game
//! finished, forfeited, adjudicated by exact solve or stopped), made a
//! record's `Termination` field only when the record is written.

use reversi_core::Color;
use reversi_variants::Move;

use crate::process::Fault;

/// How a game ended: typed, written as a record's `Termination`
/// field only when the record is written
/// ([`GameReport::termination_text`](super::GameReport::termination_text)).
///
/// `#[non_exhaustive]`: endings may be told apart further.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The game was stopped before its end: the match was interrupted, or
    /// the game went on past ten plies per playable square.
    Stopped,
}
