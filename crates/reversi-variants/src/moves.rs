//! Moves of every variant.

use core::fmt;
use core::str::FromStr;

use crate::Square;
use crate::error::{NotOthelloMoveError, ParseMoveError};
use crate::square::parse_prefix;

/// A move in any variant.
///
/// - `Place(sq)`: a Reversi placement, or a Reversitacks/Attacks clone. A clone is
///   identified by its destination alone: clones from different origins to one
///   square give the same position and are ONE move (RULES.md).
/// - `Jump { from, to }`: a Reversitacks/Attacks jump (distance 2), by origin and
///   destination.
/// - `Pass`: legal exactly when the side to move has no other move and the game is
///   not over; a ply like any other.
///
/// Text: `c3`, `a1c3`, `pass` (on input also `PA`, `pa`, `--`, `0000`).
///
/// ```
/// use reversi_variants::{Move, Square};
/// let jump: Move = "a1c3".parse()?;
/// assert_eq!(jump, Move::Jump { from: "a1".parse()?, to: "c3".parse()? });
/// assert_eq!(jump.to_string(), "a1c3");
/// assert_eq!("j10".parse::<Move>()?, Move::Place("j10".parse()?));
/// assert_eq!("--".parse::<Move>()?, Move::Pass);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// A placement (Reversi) or a clone (Reversitacks, Attacks) onto this square.
    Place(Square),
    /// A jump of the piece on `from` to `to`, two squares away.
    Jump {
        /// Where the piece was.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// Hand the turn over.
    Pass,
}

impl Move {
    /// The destination, for all but a pass: the square the move puts a
    /// piece on (reversi-core's `Move::to` too).
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Place(to) | Move::Jump { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// Whether this is a pass (as reversi-core's `Move::is_pass`).
    #[must_use]
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }
}

impl From<reversi_core::Move> for Move {
    /// A placement on the same square, or a pass.
    fn from(mv: reversi_core::Move) -> Move {
        match mv {
            reversi_core::Move::Place(sq) => Move::Place(sq.into()),
            reversi_core::Move::Pass => Move::Pass,
        }
    }
}

impl TryFrom<Move> for reversi_core::Move {
    type Error = NotOthelloMoveError;

    /// A placement on the same square of reversi-core's 8x8 board, or a pass.
    ///
    /// ```
    /// use reversi_variants::Move;
    /// assert_eq!(reversi_core::Move::try_from("f5".parse::<Move>()?), Ok(reversi_core::Move::Place(reversi_core::Square::F5)));
    /// assert_eq!(reversi_core::Move::try_from(Move::Pass), Ok(reversi_core::Move::Pass));
    /// assert!(reversi_core::Move::try_from("a1c3".parse::<Move>()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`NotOthelloMoveError::Jump`] for a jump, [`NotOthelloMoveError::OffBoard`]
    /// for a placement past column `h` or row `8`.
    fn try_from(mv: Move) -> Result<reversi_core::Move, NotOthelloMoveError> {
        match mv {
            Move::Place(sq) => match reversi_core::Square::try_from(sq) {
                Ok(core) => Ok(reversi_core::Move::Place(core)),
                Err(_) => Err(NotOthelloMoveError::OffBoard(sq)),
            },
            Move::Jump { .. } => Err(NotOthelloMoveError::Jump(mv)),
            Move::Pass => Ok(reversi_core::Move::Pass),
        }
    }
}

impl fmt::Display for Move {
    /// `c3`, `a1c3` or `pass`; width, fill and alignment apply to the whole move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Jump { from, to } => reversi_core::internal::pad_display(f, format_args!("{from}{to}")),
            Move::Pass => f.pad("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `c3`, `a1c3` or a pass token, any case.
    ///
    /// # Errors
    /// [`ParseMoveError`] for anything else.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        if reversi_core::is_pass_token(s) {
            return Ok(Move::Pass);
        }
        let (first, len) = parse_prefix(s).ok_or(ParseMoveError)?;
        if len == s.len() {
            return Ok(Move::Place(first));
        }
        match parse_prefix(&s[len..]) {
            Some((to, rest)) if len + rest == s.len() => Ok(Move::Jump { from: first, to }),
            _ => Err(ParseMoveError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_to_and_from_core_moves() {
        let core_moves = reversi_core::Square::all().map(reversi_core::Move::Place).chain([reversi_core::Move::Pass]);
        for core in core_moves {
            let mv = Move::from(core);
            assert_eq!(mv.to().map(|sq| (sq.column(), sq.row())), core.to().map(|sq| (sq.column(), sq.row())));
            assert_eq!(mv.is_pass(), core.is_pass());
            assert_eq!(reversi_core::Move::try_from(mv), Ok(core));
        }
        let (i1, a1c3) = ("i1".parse().unwrap(), "a1c3".parse().unwrap());
        assert_eq!(reversi_core::Move::try_from(Move::Place(i1)), Err(NotOthelloMoveError::OffBoard(i1)));
        assert_eq!(reversi_core::Move::try_from(a1c3), Err(NotOthelloMoveError::Jump(a1c3)));
    }

    #[test]
    fn display_pads() {
        let jump: Move = "a1c3".parse().unwrap();
        assert_eq!(format!("[{jump:>6}]"), "[  a1c3]");
        assert_eq!(format!("[{jump:^8}]"), "[  a1c3  ]");
        assert_eq!(format!("[{:<6}]", Move::Pass), "[pass  ]");
        assert_eq!(format!("[{:>4}]", Move::Place("j10".parse().unwrap())), "[ j10]");
    }

    #[test]
    fn parses_every_form() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!("z26".parse(), Ok(Move::Place(sq("z26"))));
        assert_eq!("A1C3".parse(), Ok(Move::Jump { from: sq("a1"), to: sq("c3") }));
        assert_eq!("j10h8".parse(), Ok(Move::Jump { from: sq("j10"), to: sq("h8") }));
        for pass in ["pass", "PA", "pa", "--", "0000"] {
            assert_eq!(pass.parse(), Ok(Move::Pass));
        }
        for bad in ["", "a", "a1c", "a1c3d", "a1 c3", "a27", "000", "a1c3e5"] {
            assert_eq!(bad.parse::<Move>(), Err(ParseMoveError), "{bad}");
        }
    }
}
