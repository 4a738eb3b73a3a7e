//! Standard 8x8 Reversi on reversi-core: the moves and flips of the one board
//! every Othello program plays, on reversi-core's raw kernel (the fastest
//! backend the CPU has).
//!
//! On the 8x8 board a square's index here (`row * 8 + column`) is its index in
//! reversi-core, so a set of squares is the first word of a [`Wide`](crate::bits::Wide)
//! set and reversi-core's `u64` alike.

/// The squares where `p` may place a disc against `o` (disjoint sets).
#[inline]
pub(crate) fn moves(p: u64, o: u64) -> u64 {
    reversi_core::raw::moves(p, o)
}

/// The discs of `o` that a disc of `p` on the empty square `at` flips.
#[inline]
pub(crate) fn flips(p: u64, o: u64, at: usize) -> u64 {
    reversi_core::raw::flips(p, o, at)
}
