//! A transposition table for hashed perft, in memory the caller provides.
//!
//! Positions are stored under their canonical form over the eight symmetries
//! (from the mover's point of view, so the colour to move does not matter) with
//! the remaining depth. Each slot holds the full canonical board, so a hit is an
//! exact match, never a hash collision. The slots are atomics: one table can be
//! shared by threads. A slot written by two threads at once is recognised as torn
//! by a 56-bit check over its words and ignored.

use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::symmetry::least_image;

/// One slot of a [`PerftTable`]: 32 bytes.
#[derive(Debug, Default)]
pub struct TableEntry {
    player: AtomicU64,
    opponent: AtomicU64,
    count: AtomicU64,
    /// Remaining depth in the low byte, a check over the other words above it.
    tag: AtomicU64,
}

impl TableEntry {
    /// The size of one entry in bytes, to size a table from a memory budget.
    pub const SIZE: usize = core::mem::size_of::<TableEntry>();
}

/// The depth a count is stored under: the remaining depth, with every depth
/// past 255 stored as 255. That keeps it in a byte and is exact: a game ends
/// within 120 plies of any position (at most 60 placements, each preceded by
/// at most one pass), so perft gives the same count at every depth from 120 on.
#[inline(always)]
fn depth_key(depth: u32) -> u64 {
    u64::from(depth.min(0xff))
}

/// A check over an entry's words, in the bits above the depth byte, under a
/// table's key seed.
#[inline(always)]
fn check(p: u64, o: u64, count: u64, seed: u64) -> u64 {
    mix(p ^ o.rotate_left(23) ^ count.rotate_left(41) ^ seed) & !0xff
}

use crate::mix::mix64 as mix;

/// The canonical form of `(p, o)`: the least pair over the eight symmetries.
#[inline(always)]
pub(crate) fn canonical(p: u64, o: u64) -> (u64, u64) {
    let (p, o, _) = least_image(p, o);
    (p, o)
}

/// A perft transposition table over a slice of [`TableEntry`] that the caller
/// allocates (reversi-core allocates nothing); any length works, more is better.
///
/// ```
/// use reversi_core::{PerftTable, Position, TableEntry, perft, perft_hashed};
/// let slots: Vec<TableEntry> = (0..1 << 16).map(|_| TableEntry::default()).collect();
/// let table = PerftTable::new(&slots);
/// assert_eq!(perft_hashed(&Position::start(), 9, &table), perft(&Position::start(), 9));
///
/// // Another key seed puts the boards in other slots under other checks: the
/// // same counts by another path through the table.
/// let seeded = PerftTable::with_seed(&slots, 17);
/// assert_eq!(perft_hashed(&Position::start(), 9, &seeded), 3_005_288);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PerftTable<'a> {
    entries: &'a [TableEntry],
    seed: u64,
}

impl<'a> PerftTable<'a> {
    /// A table over these slots (which may already hold counts from earlier
    /// searches: they stay valid), with key seed 0.
    #[must_use]
    pub const fn new(entries: &'a [TableEntry]) -> PerftTable<'a> {
        PerftTable::with_seed(entries, 0)
    }

    /// A table over these slots whose slot index and entry check are keyed by
    /// `seed`: each seed places the boards in other slots, so other boards
    /// share a slot and replace each other, and checks each entry with
    /// another function. A hit is an exact match of the whole canonical
    /// board whatever the seed, so every seed gives the same counts; two
    /// counts of one tree under two seeds share no accident of the table (an
    /// independent second count, as a published perft value wants). Entries
    /// stored under one seed fail the check of another and are not used.
    #[must_use]
    pub const fn with_seed(entries: &'a [TableEntry], seed: u64) -> PerftTable<'a> {
        PerftTable { entries, seed }
    }

    /// The key seed ([`PerftTable::with_seed`]).
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Two slots for a canonical board: a depth-preferred one and its neighbour,
    /// which is always replaced.
    #[inline(always)]
    fn slots(&self, p: u64, o: u64) -> Option<(&TableEntry, &TableEntry)> {
        let len = self.entries.len();
        if len == 0 {
            return None;
        }
        let i = ((u128::from(mix(p ^ mix(o ^ self.seed))) * len as u128) >> 64) as usize;
        Some((&self.entries[i], &self.entries[(i + 1) % len]))
    }

    /// The stored count of the canonical board `(p, o)` at `depth`, if any.
    #[inline(always)]
    pub(crate) fn probe(&self, p: u64, o: u64, depth: u32) -> Option<u64> {
        let (a, b) = self.slots(p, o)?;
        for e in [a, b] {
            let tag = e.tag.load(Relaxed);
            if tag & 0xff == depth_key(depth) && e.player.load(Relaxed) == p && e.opponent.load(Relaxed) == o {
                let count = e.count.load(Relaxed);
                if tag & !0xff == check(p, o, count, self.seed) {
                    return Some(count);
                }
            }
        }
        None
    }

    /// Stores the count of the canonical board `(p, o)` at `depth`.
    #[inline(always)]
    pub(crate) fn store(&self, p: u64, o: u64, depth: u32, count: u64) {
        let Some((a, b)) = self.slots(p, o) else {
            return;
        };
        let depth = depth_key(depth);
        let slot = if depth >= a.tag.load(Relaxed) & 0xff { a } else { b };
        slot.tag.store(0, Relaxed);
        slot.player.store(p, Relaxed);
        slot.opponent.store(o, Relaxed);
        slot.count.store(count, Relaxed);
        slot.tag.store(check(p, o, count, self.seed) | depth, Relaxed);
    }
}
