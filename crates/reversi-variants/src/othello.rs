//! Standard 8x8 Reversi on reversi-core: the moves and flips of the one board
//! every Othello program plays, on reversi-core's kernel.
//!
//! On the 8x8 board a square's index here (`row * 8 + column`) is its index in
//! reversi-core, so a set of squares is the first word of a [`Wide`](crate::bits::Wide)
//! set and reversi-core's `u64` alike.

use reversi_core::{Bitboard, Board, Color, Square};

/// The squares where `p` may place a disc against `o` (disjoint sets).
#[inline]
pub(crate) fn moves(p: u64, o: u64) -> u64 {
    Board::new(Bitboard(p), Bitboard(o)).map_or(0, |b| b.legal_moves(Color::Black).0)
}

/// The discs of `o` that a disc of `p` on the empty square `at` flips.
#[inline]
pub(crate) fn flips(p: u64, o: u64, at: usize) -> u64 {
    match (Board::new(Bitboard(p), Bitboard(o)), Square::new(at)) {
        (Ok(b), Some(sq)) => b.flips(Color::Black, sq).0,
        _ => 0,
    }
}
