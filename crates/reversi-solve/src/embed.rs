//! Boards of at most 8 columns and 8 rows, holes or not, on the 8x8 path:
//! the position set in the 8x8 bitboards with the board's squares as a
//! mask (see [`Bits`]), so that 6x6, 8x8 with holes and every smaller
//! Reversi board are searched at the speed of the 8x8 solver.

use reversi_variants::{Move, Position, Square, Variant};

use crate::othello::Bits;

/// The position in the 8x8 bitboards, when its board fits: Reversi, at most
/// 8 columns and 8 rows (square at column `c`, row `r` on bit `8 * r + c`).
pub(crate) fn embed(position: &Position) -> Option<Bits> {
    let geometry = position.geometry();
    if position.variant() != Variant::Reversi || geometry.width() > 8 || geometry.height() > 8 {
        return None;
    }
    let bits = |squares: &mut dyn Iterator<Item = Square>| {
        squares.fold(0u64, |b, sq| b | 1 << (8 * u32::from(sq.row()) + u32::from(sq.column())))
    };
    let side = position.side_to_move();
    Some(Bits {
        p: bits(&mut position.pieces(side)),
        o: bits(&mut position.pieces(side.other())),
        mask: bits(&mut geometry.playable_squares()),
    })
}

/// A move of the 8x8 path as a move of the embedded board (the same column
/// and row).
pub(crate) fn unembed(mv: reversi_core::Move) -> Move {
    Move::from(mv)
}
