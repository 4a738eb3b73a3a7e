//! Moves: a placement or a pass.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseMoveError;
use crate::{Square, Symmetry};

/// A move: a disc placed on a square, or a pass.
///
/// A pass is a move (RULES.md): it is a ply in records and in [`perft`](crate::perft()),
/// and it is legal exactly when the side to move has no placement while the game is
/// not over. Text: the square (`f5`) or `pass`; on input `pass`, `PA`, `pa`, `--`
/// and `0000` all read as a pass.
///
/// ```
/// use reversi_core::{Move, Square};
/// assert_eq!("PA".parse::<Move>(), Ok(Move::Pass));
/// assert_eq!("F5".parse::<Move>(), Ok(Move::Place(Square::F5)));
/// assert_eq!(Move::Pass.to_string(), "pass");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Place a disc of the side to move on this square.
    Place(Square),
    /// Hand the turn to the other side.
    Pass,
}

impl Move {
    /// The square the move puts a disc on; `None` for a pass. The name is
    /// reversi-variants' `Move::to`, the destination of every move there.
    ///
    /// ```
    /// use reversi_core::{Move, Square};
    /// assert_eq!(Move::Place(Square::F5).to(), Some(Square::F5));
    /// assert_eq!(Move::Pass.to(), None);
    /// ```
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Place(sq) => Some(sq),
            Move::Pass => None,
        }
    }

    /// Whether this is a pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }

    /// The image of the move under a symmetry (a pass stays a pass).
    #[must_use]
    pub const fn transform(self, symmetry: Symmetry) -> Move {
        match self {
            Move::Place(sq) => Move::Place(sq.transform(symmetry)),
            Move::Pass => Move::Pass,
        }
    }
}

impl From<Square> for Move {
    fn from(sq: Square) -> Move {
        Move::Place(sq)
    }
}

impl fmt::Display for Move {
    /// The square (`f5`) or `pass`; width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Pass => f.pad("pass"),
        }
    }
}

/// Whether `s` is one of the pass tokens of RULES.md: `pass` (any case), `PA`,
/// `pa`, `--` or `0000`.
#[must_use]
pub fn is_pass_token(s: &str) -> bool {
    s.eq_ignore_ascii_case("pass") || s.eq_ignore_ascii_case("pa") || s == "--" || s == "0000"
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a square (any case) or a pass token.
    ///
    /// # Errors
    /// [`ParseMoveError`] for anything else.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        if is_pass_token(s) {
            return Ok(Move::Pass);
        }
        s.parse().map(Move::Place).map_err(|_| ParseMoveError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn pass_tokens() {
        for t in ["pass", "PASS", "Pass", "PA", "pa", "--", "0000"] {
            assert_eq!(t.parse::<Move>(), Ok(Move::Pass), "{t}");
        }
        for t in ["", "-", "000", "passe", "p", "i9", "a0"] {
            assert_eq!(t.parse::<Move>(), Err(ParseMoveError), "{t}");
        }
    }

    #[test]
    fn display_pads() {
        use std::format;
        assert_eq!(format!("[{:<6}]", Move::Pass), "[pass  ]");
        assert_eq!(format!("[{:^7}]", Move::Place(Square::F5)), "[  f5   ]");
        assert_eq!(format!("[{:>6}]", Move::Pass), "[  pass]");
        assert_eq!(format!("[{:-^8}]", Move::Pass), "[--pass--]");
    }

    #[test]
    fn text_round_trips() {
        for m in Square::all().map(Move::Place).chain([Move::Pass]) {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }
}
