//! Perft: counting the leaves of the game tree, to check and time move generation.
//!
//! The convention is RULES.md's, that of the published 8x8 table:
//! `perft(p, 0) = 1`; at depth `d > 0`, a finished game counts 1 (a game over
//! early is one leaf), a side with no move passes (`perft(pass(p), d - 1)`: a pass
//! is a ply), and otherwise the counts of the children after each legal move add up.
//! A count that does not fit a `u64` saturates at `u64::MAX` rather than wrap.

use crate::dispatch::{self, Backend};
use crate::kernel::{count, flips};
use crate::table::{PerftTable, canonical};
use crate::{Move, Position};

/// One node of the count, with the recursion left to the caller so that each
/// CPU-specific build recurses into itself. Depth must be at least 1.
///
/// Bulk counting: at depth 1 the answer is the number of moves (1 for a pass or a
/// finished game), so depth 2 counts each child's moves without visiting them.
///
/// `moves` is the move generator to use: [`kernel::moves`](crate::kernel::moves)
/// or a SIMD version of it.
#[inline(always)]
pub(crate) fn perft_node(
    p: u64,
    o: u64,
    depth: u32,
    moves: impl Fn(u64, u64) -> u64 + Copy,
    recurse: &mut impl FnMut(u64, u64, u32) -> u64,
) -> u64 {
    let mut m = moves(p, o);
    if m == 0 {
        let passed = moves(o, p);
        return match (passed, depth) {
            (0, _) | (_, 1) => 1,
            (_, 2) => count(passed),
            _ => recurse(o, p, depth - 1),
        };
    }
    if depth == 1 {
        return count(m);
    }
    let mut total = 0;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = flips(p, o, sq);
        let (child_p, child_o) = (o & !f, p | f | 1 << sq);
        if depth == 2 {
            // At most 64 children of at most 64 moves: no overflow.
            total += count(moves(child_p, child_o)).max(1);
        } else {
            // Saturating: a count past u64::MAX stays there instead of
            // wrapping (only above depth 2: the hot loop keeps its plain add).
            total = u64::saturating_add(total, recurse(child_p, child_o, depth - 1));
        }
    }
    total
}

/// Depths below this are counted without the table: storing them costs more
/// than recounting.
const MIN_HASHED_DEPTH: u32 = 4;

/// One node of the hashed count: look the canonical board up, else count with
/// `perft_node` (recursing through `hashed`, or `plain` near the leaves) and store.
#[inline(always)]
pub(crate) fn hashed_node(
    p: u64,
    o: u64,
    depth: u32,
    table: &PerftTable<'_>,
    moves: impl Fn(u64, u64) -> u64 + Copy,
    plain: &mut impl FnMut(u64, u64, u32) -> u64,
    hashed: &mut impl FnMut(u64, u64, u32) -> u64,
) -> u64 {
    if depth < MIN_HASHED_DEPTH {
        return plain(p, o, depth);
    }
    let (cp, co) = canonical(p, o);
    if let Some(n) = table.probe(cp, co, depth) {
        return n;
    }
    let n = perft_node(p, o, depth, moves, hashed);
    table.store(cp, co, depth, n);
    n
}

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

/// The count below each legal move of `pos`: see [`divide`].
#[derive(Clone, Debug)]
pub struct Divide {
    pos: Position,
    moves: crate::position::Moves,
    depth: u32,
    backend: Backend,
}

impl Divide {
    /// The same counts computed on `backend` (the fastest available by default;
    /// an unavailable one falls back to [`Backend::Portable`]).
    #[must_use]
    pub fn on(self, backend: Backend) -> Divide {
        Divide { backend, ..self }
    }
}

impl Iterator for Divide {
    type Item = (Move, u64);

    fn next(&mut self) -> Option<(Move, u64)> {
        let mv = self.moves.next()?;
        let mut child = self.pos;
        child.play_unchecked(mv);
        Some((mv, perft_with(self.backend, &child, self.depth - 1)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for Divide {}

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
    let moves = if depth == 0 { crate::position::Moves::none() } else { pos.moves() };
    Divide { pos: *pos, moves, depth, backend: Backend::detect() }
}
