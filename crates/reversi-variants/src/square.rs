//! Squares of boards up to 26x26.

use core::fmt;
use core::str::FromStr;

use crate::error::{NotOthelloSquareError, ParseSquareError};

/// A square of a board up to 26x26: a column `a`..`z` (left to right) and a row
/// `1`..`26` (top to bottom), as in RULES.md. `a1` is the top-left corner; on a
/// 10x10 board the last square is `j10`.
///
/// A square knows nothing of a board: [`Geometry::contains`](crate::Geometry::contains)
/// says whether it is on one.
///
/// ```
/// use reversi_variants::Square;
/// let sq: Square = "J10".parse()?;
/// assert_eq!((sq.column(), sq.row()), (9, 9));
/// assert_eq!(sq.to_string(), "j10");
/// # Ok::<(), reversi_variants::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    row: u8,
    column: u8,
}

impl Square {
    /// The square at 0-based `column` and `row`, both below 26 (the
    /// arguments of reversi-core's `Square::new`, whose board stops at 8).
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < 26 && row < 26 { Some(Square { row, column }) } else { None }
    }

    /// The 0-based column: 0 is `a`.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The 0-based row: 0 is row `1`, the top row.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The Chebyshev distance to `other` (the number of king steps).
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        let dc = self.column.abs_diff(other.column);
        let dr = self.row.abs_diff(other.row);
        if dc > dr { dc } else { dr }
    }
}

impl From<reversi_core::Square> for Square {
    /// The same column and row.
    fn from(sq: reversi_core::Square) -> Square {
        Square { row: sq.row(), column: sq.column() }
    }
}

impl TryFrom<Square> for reversi_core::Square {
    type Error = NotOthelloSquareError;

    /// The same column and row on reversi-core's 8x8 board.
    ///
    /// ```
    /// use reversi_variants::Square;
    /// let f5: Square = "f5".parse()?;
    /// assert_eq!(reversi_core::Square::try_from(f5), Ok(reversi_core::Square::F5));
    /// assert!(reversi_core::Square::try_from("i1".parse::<Square>()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`NotOthelloSquareError`] for a square past column `h` or row `8`.
    fn try_from(square: Square) -> Result<reversi_core::Square, NotOthelloSquareError> {
        reversi_core::Square::new(square.column, square.row).ok_or(NotOthelloSquareError { square })
    }
}

impl fmt::Display for Square {
    /// `j10`: the column letter and the row number; width, fill and alignment
    /// apply (`format!("{:>5}", sq)` is `"  j10"`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        reversi_core::internal::pad_display(
            f,
            format_args!("{}{}", (b'a' + self.column) as char, u32::from(self.row) + 1),
        )
    }
}

/// Reads the square at the start of `s`: its column letter and row digits, and
/// how many bytes it took. Used by the move parser for `a1c3`.
pub(crate) fn parse_prefix(s: &str) -> Option<(Square, usize)> {
    let bytes = s.as_bytes();
    let column = bytes.first()?.to_ascii_lowercase().checked_sub(b'a').filter(|c| *c < 26)?;
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || bytes[1] == b'0' {
        return None;
    }
    let row: u8 = s[1..1 + digits].parse().ok()?;
    Some((Square::new(column, row.checked_sub(1)?)?, 1 + digits))
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `a1`..`z26`, any case.
    ///
    /// # Errors
    /// [`ParseSquareError`] when the text is not a column letter followed by a row
    /// number from 1 to 26.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match parse_prefix(s) {
            Some((sq, len)) if len == s.len() => Ok(sq),
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_to_and_from_core_squares() {
        for core in reversi_core::Square::all() {
            let sq = Square::from(core);
            assert_eq!((sq.column(), sq.row()), (core.column(), core.row()));
            assert_eq!(Square::new(core.column(), core.row()), Some(sq));
            assert_eq!(reversi_core::Square::try_from(sq), Ok(core));
        }
        for (column, row) in [(8, 0), (0, 8), (25, 25)] {
            let square = Square::new(column, row).unwrap();
            assert_eq!(reversi_core::Square::try_from(square), Err(NotOthelloSquareError { square }));
        }
    }

    #[test]
    fn text_round_trips() {
        for column in 0..26 {
            for row in 0..26 {
                let sq = Square::new(column, row).unwrap();
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
                assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
            }
        }
    }

    #[test]
    fn display_pads() {
        let j10: Square = "j10".parse().unwrap();
        assert_eq!(format!("[{j10:>5}]"), "[  j10]");
        assert_eq!(format!("[{j10:<4}]"), "[j10 ]");
        assert_eq!(format!("[{j10:^7}]"), "[  j10  ]");
        assert_eq!(format!("[{j10:.>6}]"), "[...j10]");
        assert_eq!(format!("[{j10}]"), "[j10]");
    }

    #[test]
    fn rejects_bad_squares() {
        for bad in ["", "a", "a0", "a27", "a01", "1a", "a1x", "a100", "{1", "é1"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
        }
    }
}
