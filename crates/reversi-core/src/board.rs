//! The discs on the board, without the side to move.

use core::fmt;

use crate::arch::dispatch::Runnable;
use crate::error::OverlapError;
use crate::{Bitboard, Color, Square, Symmetry};

/// The discs on the 8x8 board: a set of Black squares and a disjoint set of White
/// squares.
///
/// The two sets never overlap; every constructor keeps it so. Text (`Display`) is
/// the rows part of the RULES.md position form: eight rows top to bottom joined by
/// `/`, `X` Black, `O` White, `-` empty.
///
/// ```
/// use reversi_core::{Board, Color, Square};
/// let board = Board::start();
/// assert_eq!(board.get(Square::D4), Some(Color::White));
/// assert_eq!(board.count(Color::Black), 2);
/// assert_eq!(board.legal_moves(Color::Black).len(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    black: Bitboard,
    white: Bitboard,
}

impl Board {
    /// The board with no disc.
    pub const EMPTY: Board = Board { black: Bitboard::EMPTY, white: Bitboard::EMPTY };

    /// The standard start: White on `d4` and `e5`, Black on `e4` and `d5`.
    #[must_use]
    pub const fn start() -> Board {
        Board {
            black: Bitboard(Square::E4.bitboard().0 | Square::D5.bitboard().0),
            white: Bitboard(Square::D4.bitboard().0 | Square::E5.bitboard().0),
        }
    }

    /// A board from its Black and White discs.
    ///
    /// # Errors
    /// [`OverlapError`] with the shared squares when the sets overlap.
    pub const fn new(black: Bitboard, white: Bitboard) -> Result<Board, OverlapError> {
        if black.0 & white.0 != 0 {
            return Err(OverlapError(Bitboard(black.0 & white.0)));
        }
        Ok(Board { black, white })
    }

    /// The discs of one colour.
    #[must_use]
    pub const fn discs(&self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Every disc of either colour.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.black.0 | self.white.0)
    }

    /// The empty squares.
    #[must_use]
    pub const fn empty(&self) -> Bitboard {
        Bitboard(!(self.black.0 | self.white.0))
    }

    /// The number of discs of one colour.
    #[must_use]
    pub const fn count(&self, color: Color) -> usize {
        self.discs(color).len()
    }

    /// The colour of the disc on `sq`, if any.
    #[must_use]
    pub const fn get(&self, sq: Square) -> Option<Color> {
        if self.black.contains(sq) {
            Some(Color::Black)
        } else if self.white.contains(sq) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The board with `sq` set to a disc of `color`, or emptied for `None`.
    #[must_use]
    pub const fn with(self, sq: Square, color: Option<Color>) -> Board {
        let (mut black, mut white) = (self.black.without(sq), self.white.without(sq));
        match color {
            Some(Color::Black) => black = black.with(sq),
            Some(Color::White) => white = white.with(sq),
            None => {}
        }
        Board { black, white }
    }

    /// The squares where `color` may place a disc.
    #[must_use]
    pub fn legal_moves(&self, color: Color) -> Bitboard {
        let (p, o) = self.sides(color);
        Bitboard(Runnable::fastest().moves(p, o))
    }

    /// The opponent discs that a disc of `color` on `sq` would flip; empty when
    /// `sq` is occupied or the placement brackets nothing.
    #[must_use]
    pub fn flips(&self, color: Color, sq: Square) -> Bitboard {
        let (p, o) = self.sides(color);
        if self.occupied().contains(sq) {
            return Bitboard::EMPTY;
        }
        Bitboard(Runnable::fastest().flips(p, o, sq.index()))
    }

    /// The image of the board under a symmetry.
    #[must_use]
    pub const fn transform(&self, symmetry: Symmetry) -> Board {
        Board { black: self.black.transform(symmetry), white: self.white.transform(symmetry) }
    }

    /// `(mover, opponent)` as raw bits for the side `color`.
    pub(crate) const fn sides(&self, color: Color) -> (u64, u64) {
        match color {
            Color::Black => (self.black.0, self.white.0),
            Color::White => (self.white.0, self.black.0),
        }
    }

    /// The board from raw `(mover, opponent)` bits for the side `color`; the sets
    /// must be disjoint.
    pub(crate) const fn from_sides(color: Color, p: u64, o: u64) -> Board {
        debug_assert!(p & o == 0);
        match color {
            Color::Black => Board { black: Bitboard(p), white: Bitboard(o) },
            Color::White => Board { black: Bitboard(o), white: Bitboard(p) },
        }
    }

    /// The character of a square in the RULES.md text: `X`, `O` or `-`.
    pub(crate) const fn square_char(&self, sq: Square) -> char {
        match self.get(sq) {
            Some(c) => c.char(),
            None => '-',
        }
    }
}

/// The rows of a board, unpadded: what [`Board`]'s `Display` pads.
struct Rows<'a>(&'a Board);

impl fmt::Display for Rows<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for sq in Square::all() {
            if sq.column() == 0 && sq.row() > 0 {
                f.write_str("/")?;
            }
            fmt::Write::write_char(f, self.0.square_char(sq))?;
        }
        Ok(())
    }
}

impl fmt::Display for Board {
    /// The eight rows joined by `/`; width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_display(f, format_args!("{}", Rows(self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn start_board_text() {
        assert_eq!(
            Board::start().to_string(),
            "--------/--------/--------/---OX---/---XO---/--------/--------/--------"
        );
    }

    #[test]
    fn overlap_is_rejected() {
        let err = Board::new(Bitboard(0b11), Bitboard(0b10)).unwrap_err();
        assert_eq!(err, OverlapError(Bitboard(0b10)));
        assert_eq!(err.to_string(), "1 square(s) hold both colours, the first b1");
    }

    #[test]
    fn with_replaces_the_square() {
        let b = Board::start().with(Square::D4, Some(Color::Black));
        assert_eq!(b.get(Square::D4), Some(Color::Black));
        assert_eq!(b.count(Color::White), 1);
        assert_eq!(b.with(Square::D4, None).get(Square::D4), None);
    }

    #[test]
    fn flips_of_an_occupied_square_are_empty() {
        assert_eq!(Board::start().flips(Color::Black, Square::D4), Bitboard::EMPTY);
        assert_eq!(Board::start().flips(Color::Black, Square::D3), Square::D4.bitboard());
    }
}
