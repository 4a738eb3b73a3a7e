//! Adjudication: the referee ends a game by exact solve once at most a
//! chosen number of squares are empty, with the result of perfect play
//! (reversi-solve's [`solve`](reversi_solve::solve), which takes any
//! Reversi board).
//!
//! The bound every front end checks ([`check_adjudicate`]), the solve
//! itself (one thread, a bounded table, stopped with the game), and the
//! words a record says of it.

use std::sync::mpsc;
use std::time::Duration;

use reversi_core::Color;
use reversi_solve::{Cancel, SolveError, SolveOptions};
use reversi_variants::Position;

use super::termination::Termination;

/// The most empty squares at which a match adjudicates (the CLI's
/// `--adjudicate`, Python's `match(adjudicate=)`): a one-thread solve of 30
/// empties takes from seconds to minutes, each one more about twice that.
pub const MAX_ADJUDICATE: u8 = 30;

/// The transposition table of an adjudication's solve, in MiB, at most: a
/// solve of few empties uses less (reversi-solve sizes it to the empties),
/// and a match of `J` games at once holds at most `J` of them.
pub const ADJUDICATION_TABLE_MIB: usize = 16;

/// How often a running adjudication looks at the game's stop.
const STOP_POLL: Duration = Duration::from_millis(20);

/// An adjudication limit out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected 1 to {MAX_ADJUDICATE} empty squares, found {found}")]
pub struct AdjudicateError {
    /// The number given.
    pub found: u64,
}

/// `empties` as a match's adjudication limit: from 1 (a game whose board
/// is full is over anyway) to [`MAX_ADJUDICATE`].
///
/// ```
/// use reversi_engine::referee::check_adjudicate;
/// assert_eq!(check_adjudicate(14), Ok(14));
/// assert_eq!(check_adjudicate(31).unwrap_err().to_string(), "expected 1 to 30 empty squares, found 31");
/// assert!(check_adjudicate(0).is_err());
/// ```
///
/// # Errors
/// [`AdjudicateError`] for 0 or more than [`MAX_ADJUDICATE`].
pub fn check_adjudicate(empties: u64) -> Result<u8, AdjudicateError> {
    match u8::try_from(empties) {
        Ok(n) if (1..=MAX_ADJUDICATE).contains(&n) => Ok(n),
        _ => Err(AdjudicateError { found: empties }),
    }
}

/// The empty playable squares of `position`.
pub(super) fn empties(position: &Position) -> usize {
    position.empties()
}

/// What an adjudication's solve gave.
pub(super) enum Adjudged {
    /// The game ends so ([`Termination::Adjudicated`]).
    Ended(Termination),
    /// The game's `stop` was set during the solve.
    Stopped,
    /// The solver refused the position (a game that need not end) or its
    /// table: the game is played on.
    Refused,
}

/// Solves `position` (a game not over) exactly on one thread, on a thread
/// of its own so that `stop`, read every [`STOP_POLL`], stops it.
pub(super) fn solved(position: &Position, stop: &dyn Fn() -> bool) -> Adjudged {
    let cancel = Cancel::new();
    let options = SolveOptions::new().threads(1).hash_mib(ADJUDICATION_TABLE_MIB).cancel(cancel.clone());
    let (tx, rx) = mpsc::channel();
    let answer = std::thread::scope(|scope| {
        scope.spawn(move || {
            let _ = tx.send(reversi_solve::solve(position, &options));
        });
        loop {
            match rx.recv_timeout(STOP_POLL) {
                Ok(answer) => return Some(answer),
                Err(mpsc::RecvTimeoutError::Timeout) if stop() => cancel.cancel(),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        }
    });
    match answer {
        Some(Ok(solution)) => {
            let score = if position.side_to_move() == Color::Black { solution.score } else { -solution.score };
            let empties = u8::try_from(empties(position)).unwrap_or(u8::MAX);
            Adjudged::Ended(Termination::Adjudicated { empties, score, pv: solution.pv })
        }
        Some(Err(SolveError::Cancelled { .. })) => Adjudged::Stopped,
        Some(Err(_)) | None => Adjudged::Refused,
    }
}

/// The end of `pv` played from `position`, if it ends the game (the final
/// position of perfect play, for the record's result).
pub(super) fn final_position(position: &Position, pv: &[reversi_variants::Move]) -> Option<Position> {
    let mut end = *position;
    for &mv in pv {
        end.play(mv).ok()?;
    }
    end.is_game_over().then_some(end)
}

/// What a record's `Termination` says of an adjudicated game.
pub(super) fn termination_text(empties: u8, score: i32) -> String {
    let outcome = match score {
        0 => "a draw".to_string(),
        s if s > 0 => format!("black wins by {s}"),
        s => format!("white wins by {}", -s),
    };
    format!("adjudicated at {empties} empties by exact solve: {outcome} with perfect play")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_checked_at_both_ends() {
        assert_eq!(check_adjudicate(1), Ok(1));
        assert_eq!(check_adjudicate(u64::from(MAX_ADJUDICATE)), Ok(MAX_ADJUDICATE));
        for bad in [0, u64::from(MAX_ADJUDICATE) + 1, 256, u64::MAX] {
            assert_eq!(check_adjudicate(bad), Err(AdjudicateError { found: bad }));
        }
    }

    #[test]
    fn a_solve_gives_blacks_score_and_a_line_to_the_end() {
        // FFO #20 (6 empties): Black to move wins by 6.
        let core: reversi_core::Position =
            "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X".parse().unwrap();
        let position = Position::from(core);
        let Adjudged::Ended(Termination::Adjudicated { empties: e, score, pv }) = solved(&position, &|| false) else {
            panic!("not adjudicated")
        };
        assert_eq!((e, score), (6, 6));
        let end = final_position(&position, &pv).unwrap();
        assert_eq!(end.score_empties_to_winner().margin(Color::Black), 6);
        assert_eq!(
            termination_text(e, score),
            "adjudicated at 6 empties by exact solve: black wins by 6 with perfect play"
        );
    }

    #[test]
    fn a_stop_during_the_solve_stops_it_and_a_refused_game_plays_on() {
        // 60 empties: no solve ends before the stop is seen.
        let start = Position::from(reversi_core::Position::start());
        assert!(matches!(solved(&start, &|| true), Adjudged::Stopped));
        let attacks = Position::start(reversi_variants::Variant::Attacks, *start.geometry()).unwrap();
        assert!(matches!(solved(&attacks, &|| false), Adjudged::Refused));
    }
}
