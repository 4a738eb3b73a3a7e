//! The guesses' table: bounds on the values of the evaluation's searches
//! (`guess.rs`), by position and depth, so that a guess cuts off where an
//! earlier one already searched the position as deep.
//!
//! These values are searches of the evaluation, not scores: they order
//! moves and never bound the exact search, so they live apart from the
//! solver's table ([`Table`](super::table::Table)), whose every bound is a
//! true bound of a score. Its entries are the solver's table's kind
//! (`entries.rs`: lock-free, xor-checked), `data` never 0 in a used one.

use super::entries::{BUCKET_WORDS, bucket_at, find, write};
use super::words::Words;

/// What an earlier search of the evaluation found at a position: its value
/// `depth` plies deep lies in `lower..=upper` (in 1/[`UNIT`](super::eval::UNIT)
/// of a disc), and its best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// A lower bound of the value ([`NONE_BELOW`] for none).
    pub(crate) lower: i32,
    /// An upper bound of the value ([`NONE_ABOVE`] for none).
    pub(crate) upper: i32,
    /// The plies searched.
    pub(crate) depth: u32,
    /// The best move found (a square), or [`NO_MOVE`](super::table::NO_MOVE).
    pub(crate) best: u8,
}

/// No lower bound.
pub(crate) const NONE_BELOW: i32 = i16::MIN as i32;
/// No upper bound.
pub(crate) const NONE_ABOVE: i32 = i16::MAX as i32;

/// The table: buckets of two entries, the shallower replaced first.
pub(crate) struct GuessTable {
    words: Words,
    buckets: u64,
}

impl GuessTable {
    /// A table of `2 * buckets` entries (none when `buckets` is 0 or the
    /// memory cannot be had: every read then misses).
    pub(crate) fn new(buckets: usize) -> GuessTable {
        match Words::plain(buckets * BUCKET_WORDS) {
            Some(words) if buckets > 0 => GuessTable { words, buckets: buckets as u64 },
            _ => GuessTable { words: Words::EMPTY, buckets: 0 },
        }
    }

    /// The first word of the bucket of `(p, o)`.
    #[inline]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0xc2b2_ae3d_27d4_eb4f) ^ o.rotate_left(23).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = h ^ (h >> 29);
        bucket_at(h, self.buckets)
    }

    /// The bounds stored for `(p, o)`, if any.
    #[inline]
    pub(crate) fn get(&self, p: u64, o: u64) -> Option<Bounds> {
        if self.buckets == 0 {
            return None;
        }
        find(&self.words, self.bucket(p, o), p, o, |d| d != 0, |_| 0).ok().map(|(_, data)| unpack(data))
    }

    /// Stores `bounds` for `(p, o)`, over the position's entry if it has
    /// one, else over the shallower of its bucket's two.
    #[inline]
    pub(crate) fn put(&self, p: u64, o: u64, bounds: Bounds) {
        if self.buckets == 0 {
            return;
        }
        let slot =
            find(&self.words, self.bucket(p, o), p, o, |d| d != 0, |d| unpack(d).depth).map_or_else(|e| e, |(e, _)| e);
        write(&self.words, slot, p, o, pack(bounds));
    }
}

/// `data`: bits 0-15 the lower bound, 16-31 the upper bound (each an
/// `i16`, clamped to a weaker bound or none), 32-39 the move, 40-47 the
/// depth plus one (so that a used entry is never 0).
#[inline]
fn pack(bounds: Bounds) -> u64 {
    // Past an i16: no bound below, or the highest lower bound it holds
    // (weaker, still true); the same above.
    let lower = if bounds.lower < NONE_BELOW { NONE_BELOW } else { bounds.lower.min(NONE_ABOVE - 1) };
    let upper = if bounds.upper > NONE_ABOVE { NONE_ABOVE } else { bounds.upper.max(NONE_BELOW + 1) };
    u64::from(lower as i16 as u16)
        | u64::from(upper as i16 as u16) << 16
        | u64::from(bounds.best) << 32
        | u64::from((bounds.depth + 1).min(0xff)) << 40
}

#[inline]
fn unpack(data: u64) -> Bounds {
    Bounds {
        lower: i32::from(data as u16 as i16),
        upper: i32::from((data >> 16) as u16 as i16),
        best: (data >> 32 & 0xff) as u8,
        depth: (data >> 40 & 0xff) as u32 - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reads_back_what_was_stored_and_others_miss() {
        let table = GuessTable::new(1 << 8);
        let bounds = Bounds { lower: -300, upper: 412, depth: 6, best: 19 };
        table.put(1, 2, bounds);
        assert_eq!(table.get(1, 2), Some(bounds));
        assert_eq!(table.get(2, 1), None);
        let deeper = Bounds { lower: 5, upper: 5, depth: 8, best: 3 };
        table.put(1, 2, deeper);
        assert_eq!(table.get(1, 2), Some(deeper));
    }

    #[test]
    fn bounds_past_an_i16_stay_true() {
        let table = GuessTable::new(1);
        table.put(7, 9, Bounds { lower: -1 << 20, upper: 1 << 20, depth: 3, best: 0 });
        let read = table.get(7, 9).unwrap();
        assert_eq!((read.lower, read.upper), (NONE_BELOW, NONE_ABOVE));
        table.put(7, 9, Bounds { lower: 1 << 20, upper: -(1 << 20), depth: 3, best: 0 });
        let read = table.get(7, 9).unwrap();
        assert!(read.lower <= 1 << 20 && read.lower > NONE_BELOW);
        assert!(read.upper >= -(1 << 20) && read.upper < NONE_ABOVE);
    }

    #[test]
    fn an_empty_table_misses() {
        let table = GuessTable::new(0);
        table.put(1, 2, Bounds { lower: 0, upper: 0, depth: 4, best: 1 });
        assert_eq!(table.get(1, 2), None);
    }
}
