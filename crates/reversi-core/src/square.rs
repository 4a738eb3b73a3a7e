//! Squares of the 8x8 board.

use core::fmt;
use core::str::FromStr;

use crate::Bitboard;
use crate::error::{ParseSquareError, SquareIndexError};

/// A square of the 8x8 board.
///
/// Columns `a`..`h` run left to right, rows `1`..`8` top to bottom (RULES.md, the
/// Othello convention): `a1` is the top-left corner and index 0, `h8` the
/// bottom-right corner and index 63; the index is `8 * row + column`, 0-based.
/// Text is the column letter then the row number, lower case on output and any
/// case on input.
///
/// ```
/// use reversi_core::Square;
/// let sq: Square = "F5".parse()?;
/// assert_eq!(sq, Square::F5);
/// assert_eq!((sq.column(), sq.row(), sq.index()), (5, 4, 37));
/// assert_eq!(sq.to_string(), "f5");
/// # Ok::<(), reversi_core::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square `a1`.
    pub const A1: Square = Square(0);
    /// The square `b1`.
    pub const B1: Square = Square(1);
    /// The square `c1`.
    pub const C1: Square = Square(2);
    /// The square `d1`.
    pub const D1: Square = Square(3);
    /// The square `e1`.
    pub const E1: Square = Square(4);
    /// The square `f1`.
    pub const F1: Square = Square(5);
    /// The square `g1`.
    pub const G1: Square = Square(6);
    /// The square `h1`.
    pub const H1: Square = Square(7);
    /// The square `a2`.
    pub const A2: Square = Square(8);
    /// The square `b2`.
    pub const B2: Square = Square(9);
    /// The square `c2`.
    pub const C2: Square = Square(10);
    /// The square `d2`.
    pub const D2: Square = Square(11);
    /// The square `e2`.
    pub const E2: Square = Square(12);
    /// The square `f2`.
    pub const F2: Square = Square(13);
    /// The square `g2`.
    pub const G2: Square = Square(14);
    /// The square `h2`.
    pub const H2: Square = Square(15);
    /// The square `a3`.
    pub const A3: Square = Square(16);
    /// The square `b3`.
    pub const B3: Square = Square(17);
    /// The square `c3`.
    pub const C3: Square = Square(18);
    /// The square `d3`.
    pub const D3: Square = Square(19);
    /// The square `e3`.
    pub const E3: Square = Square(20);
    /// The square `f3`.
    pub const F3: Square = Square(21);
    /// The square `g3`.
    pub const G3: Square = Square(22);
    /// The square `h3`.
    pub const H3: Square = Square(23);
    /// The square `a4`.
    pub const A4: Square = Square(24);
    /// The square `b4`.
    pub const B4: Square = Square(25);
    /// The square `c4`.
    pub const C4: Square = Square(26);
    /// The square `d4`.
    pub const D4: Square = Square(27);
    /// The square `e4`.
    pub const E4: Square = Square(28);
    /// The square `f4`.
    pub const F4: Square = Square(29);
    /// The square `g4`.
    pub const G4: Square = Square(30);
    /// The square `h4`.
    pub const H4: Square = Square(31);
    /// The square `a5`.
    pub const A5: Square = Square(32);
    /// The square `b5`.
    pub const B5: Square = Square(33);
    /// The square `c5`.
    pub const C5: Square = Square(34);
    /// The square `d5`.
    pub const D5: Square = Square(35);
    /// The square `e5`.
    pub const E5: Square = Square(36);
    /// The square `f5`.
    pub const F5: Square = Square(37);
    /// The square `g5`.
    pub const G5: Square = Square(38);
    /// The square `h5`.
    pub const H5: Square = Square(39);
    /// The square `a6`.
    pub const A6: Square = Square(40);
    /// The square `b6`.
    pub const B6: Square = Square(41);
    /// The square `c6`.
    pub const C6: Square = Square(42);
    /// The square `d6`.
    pub const D6: Square = Square(43);
    /// The square `e6`.
    pub const E6: Square = Square(44);
    /// The square `f6`.
    pub const F6: Square = Square(45);
    /// The square `g6`.
    pub const G6: Square = Square(46);
    /// The square `h6`.
    pub const H6: Square = Square(47);
    /// The square `a7`.
    pub const A7: Square = Square(48);
    /// The square `b7`.
    pub const B7: Square = Square(49);
    /// The square `c7`.
    pub const C7: Square = Square(50);
    /// The square `d7`.
    pub const D7: Square = Square(51);
    /// The square `e7`.
    pub const E7: Square = Square(52);
    /// The square `f7`.
    pub const F7: Square = Square(53);
    /// The square `g7`.
    pub const G7: Square = Square(54);
    /// The square `h7`.
    pub const H7: Square = Square(55);
    /// The square `a8`.
    pub const A8: Square = Square(56);
    /// The square `b8`.
    pub const B8: Square = Square(57);
    /// The square `c8`.
    pub const C8: Square = Square(58);
    /// The square `d8`.
    pub const D8: Square = Square(59);
    /// The square `e8`.
    pub const E8: Square = Square(60);
    /// The square `f8`.
    pub const F8: Square = Square(61);
    /// The square `g8`.
    pub const G8: Square = Square(62);
    /// The square `h8`.
    pub const H8: Square = Square(63);

    /// The square with this index (`8 * row + column`), if it is below 64.
    ///
    /// ```
    /// use reversi_core::Square;
    /// assert_eq!(Square::from_index(37), Some(Square::F5));
    /// assert_eq!(Square::from_index(64), None);
    /// assert_eq!(Square::try_from(63), Ok(Square::H8));
    /// ```
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 { Some(Square(index as u8)) } else { None }
    }

    /// The square at this 0-based column and row, if both are below 8: the
    /// arguments of reversi-variants' `Square::new`, whose boards go to 26.
    ///
    /// ```
    /// use reversi_core::Square;
    /// assert_eq!(Square::new(5, 4), Some(Square::F5));
    /// assert_eq!(Square::new(8, 0), None);
    /// ```
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 { Some(Square(row * 8 + column)) } else { None }
    }

    /// The index, `8 * row + column`, in `0..64`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based column: 0 is `a`.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// The 0-based row: 0 is row `1`, the top row.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The set holding just this square.
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// Every square, `a1`, `b1`, .. `h8`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..64).map(Square)
    }

    /// The column letter, `a`..`h`.
    #[must_use]
    pub const fn column_char(self) -> char {
        (b'a' + self.column()) as char
    }
}

impl From<Square> for usize {
    /// The index, `8 * row + column`: [`Square::index`].
    fn from(sq: Square) -> usize {
        sq.index()
    }
}

impl TryFrom<usize> for Square {
    type Error = SquareIndexError;

    /// The square with this index: [`Square::from_index`].
    ///
    /// # Errors
    /// [`SquareIndexError`] for an index of 64 or more.
    fn try_from(index: usize) -> Result<Square, SquareIndexError> {
        Square::from_index(index).ok_or(SquareIndexError(index))
    }
}

impl fmt::Display for Square {
    /// `f5`: the column letter and the row number; width, fill and alignment
    /// apply (`format!("{:>4}", Square::F5)` is `"  f5"`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_display(f, format_args!("{}{}", self.column_char(), self.row() + 1))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `a1`..`h8`, any case.
    ///
    /// # Errors
    /// [`ParseSquareError`] when the text is not a column letter `a`-`h` followed by a
    /// row number `1`-`8`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [c, r] => {
                let column = c.to_ascii_lowercase().wrapping_sub(b'a');
                let row = r.wrapping_sub(b'1');
                Square::new(column, row).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn text_round_trips_for_every_square() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::A1.to_string(), "a1");
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::D4.bitboard().0, 1 << 27);
    }

    #[test]
    fn rejects_squares_off_the_board() {
        for bad in ["", "a", "a0", "a9", "i1", "a10", "1a", "aa", "é1"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
        }
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::try_from(64), Err(SquareIndexError(64)));
        assert_eq!(Square::new(8, 0), None);
    }

    #[test]
    fn indices_are_usize_both_ways() {
        for sq in Square::all() {
            assert_eq!(Square::try_from(usize::from(sq)), Ok(sq));
            assert_eq!(Square::from_index(sq.index()), Some(sq));
        }
    }

    #[test]
    fn display_pads() {
        use std::format;
        assert_eq!(format!("[{:>5}]", Square::F5), "[   f5]");
        assert_eq!(format!("[{:<4}]", Square::A1), "[a1  ]");
        assert_eq!(format!("[{:^6}]", Square::H8), "[  h8  ]");
        assert_eq!(format!("[{:*>4}]", Square::C3), "[**c3]");
        assert_eq!(format!("[{:.1}]", Square::C3), "[c]");
        assert_eq!(format!("[{}]", Square::C3), "[c3]");
    }
}
