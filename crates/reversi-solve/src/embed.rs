//! Boards of at most 8 columns and 8 rows, holes or not, on the 8x8 path:
//! the position set in the 8x8 bitboards with the board's squares as a
//! mask (see [`Bits`]), so that 6x6, 8x8 with holes and every smaller
//! Reversi board are searched at the speed of the 8x8 solver.

use reversi_variants::{Move, Position, Square, Variant};

use crate::othello::Bits;

/// A board set in the 8x8 bitboards: its position, and where its first
/// column and row are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Embedded {
    /// The position.
    pub(crate) bits: Bits,
    /// The 8x8 column of the board's column 0.
    column: u8,
    /// The 8x8 row of the board's row 0.
    row: u8,
}

/// The position in the 8x8 bitboards, when its board fits: Reversi, at most
/// 8 columns and 8 rows, square at column `c`, row `r` on bit
/// `8 * (r + dr) + c + dc`, centred (`dc = (8 - width) / 2`) when the
/// margin is even, so that the board keeps the 8x8 board's symmetries
/// (the search uses them), else from column or row 0.
pub(crate) fn embed(position: &Position) -> Option<Embedded> {
    let geometry = position.geometry();
    if position.variant() != Variant::Reversi || geometry.width() > 8 || geometry.height() > 8 {
        return None;
    }
    let centre = |size: u8| if (8 - size).is_multiple_of(2) { (8 - size) / 2 } else { 0 };
    let (column, row) = (centre(geometry.width()), centre(geometry.height()));
    let bits = |squares: &mut dyn Iterator<Item = Square>| {
        squares.fold(0u64, |b, sq| b | 1 << (8 * u32::from(sq.row() + row) + u32::from(sq.column() + column)))
    };
    let side = position.side_to_move();
    let bits = Bits {
        p: bits(&mut position.pieces(side)),
        o: bits(&mut position.pieces(side.other())),
        mask: bits(&mut geometry.playable_squares()),
    };
    Some(Embedded { bits, column, row })
}

impl Embedded {
    /// A move of the 8x8 search as a move of the board.
    pub(crate) fn unembed(&self, mv: reversi_core::Move) -> Move {
        match mv {
            reversi_core::Move::Place(sq) => {
                Square::new(sq.column() - self.column, sq.row() - self.row).map_or(Move::Pass, Move::Place)
            }
            reversi_core::Move::Pass => Move::Pass,
        }
    }
}
