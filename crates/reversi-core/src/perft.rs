//! Perft: counting the leaves of the game tree, to check and time move generation.
//!
//! The convention is RULES.md's, that of the published 8x8 table:
//! `perft(p, 0) = 1`; at depth `d > 0`, a finished game counts 1 (a game over
//! early is one leaf), a side with no move passes (`perft(pass(p), d - 1)`: a pass
//! is a ply), and otherwise the counts of the children after each legal move add up.
//! A count that does not fit a `u64` saturates at `u64::MAX` rather than wrap.

use crate::arch::dispatch::{self, Backend};
use crate::table::PerftTable;
use crate::{Divide, Position};

/// [`perft`] with a transposition table: the same count, much faster at depth
/// (positions that recur, or that are symmetric images of each other, are counted
/// once). The table may be shared by threads, each counting part of the tree.
///
/// ```
/// use reversi_core::{PerftTable, Position, TableEntry, perft_hashed};
/// let slots: Vec<TableEntry> = (0..1 << 20).map(|_| TableEntry::default()).collect();
/// assert_eq!(perft_hashed(&Position::start(), 11, &PerftTable::new(&slots)), 212_258_800);
/// ```
#[must_use]
pub fn perft_hashed(pos: &Position, depth: u32, table: &PerftTable<'_>) -> u64 {
    perft_hashed_with(Backend::detect(), pos, depth, table)
}

/// [`perft_hashed`] on a chosen [`Backend`] (an unavailable one falls back to
/// [`Backend::Portable`]).
#[must_use]
pub fn perft_hashed_with(backend: Backend, pos: &Position, depth: u32, table: &PerftTable<'_>) -> u64 {
    if depth == 0 {
        return 1;
    }
    dispatch::perft_hashed(backend, pos.player().0, pos.opponent().0, depth, table)
}

/// The number of leaves `depth` plies below `pos` (see the module docs for the
/// convention), using the fastest [`Backend`] this CPU has.
///
/// ```
/// use reversi_core::{Position, perft};
/// let counts: Vec<u64> = (0..=6).map(|d| perft(&Position::start(), d)).collect();
/// assert_eq!(counts, [1, 4, 12, 56, 244, 1396, 8200]);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with(Backend::detect(), pos, depth)
}

/// [`perft`] on a chosen [`Backend`]; an unavailable one falls back to
/// [`Backend::Portable`]. Every backend gives the same counts.
#[must_use]
pub fn perft_with(backend: Backend, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (p, o) = (pos.player().0, pos.opponent().0);
    dispatch::perft(backend, p, o, depth)
}

/// The count below each legal move of `pos` (a pass when the side to move has
/// none), in square order, computed lazily.
///
/// For `depth >= 1` the counts add up to [`perft`]`(pos, depth)`, except that a
/// finished game has no moves, so nothing is listed, where perft counts 1. At
/// depth 0 nothing is listed.
///
/// ```
/// use reversi_core::{Move, Position, Square, divide};
/// let mut counts = divide(&Position::start(), 3);
/// assert_eq!(counts.next(), Some((Move::Place(Square::D3), 14)));
/// assert_eq!(counts.map(|(_, n)| n).sum::<u64>(), 56 - 14);
/// ```
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Divide {
    Divide::new(*pos, depth)
}
