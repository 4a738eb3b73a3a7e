//! Moves of every variant.

use core::fmt;
use core::str::FromStr;

use crate::Square;
use crate::error::ParseMoveError;
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
    /// The destination, for all but a pass.
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Place(to) | Move::Jump { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

impl From<reversi_core::Move> for Move {
    fn from(mv: reversi_core::Move) -> Move {
        match mv {
            reversi_core::Move::Place(sq) => Move::Place(sq.into()),
            reversi_core::Move::Pass => Move::Pass,
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
