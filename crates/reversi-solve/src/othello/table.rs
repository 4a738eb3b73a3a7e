//! The transposition table: bounds on exact scores, shared by the threads.
//!
//! An endgame search is exact, so every bound stored is a true bound of the
//! position's score whatever search found it: two bounds of one position
//! merge (the higher lower bound, the lower upper bound) and an entry is
//! replaced by one of more empties (a larger subtree). A move hint
//! ([`Table::hint`], from a search of the evaluation) is stored with the
//! bounds every score has, `-64 <= score <= 64`: it orders, never cuts off.
//!
//! Each entry is three `AtomicU64`s, `player ^ data`, `opponent ^ data` and
//! `data`, written and read without locks (`entries.rs`): a read whose
//! three words come from different writes fails the check, so a torn
//! entry reads as a miss, never as a wrong bound.
//!
//! A thread keeps the memory of its last table for its next solve
//! ([`SPARE`]): `data` carries the table's generation, and an entry of an
//! earlier generation reads and is replaced as an empty one, so a reused
//! table answers as a fresh one (the same nodes, the same moves) and costs
//! nothing to clear. A fresh table costs its size in page faults and
//! clearing, which a file of many small solves paid each time: `reversi
//! solve` of WTHOR 1980's games at 16 and 18 empties, 0.919 and 0.952 of
//! the wall time, the system time from 0.24 s to 0.01 s at 18 (FFO #20-39,
//! 20 solves of a few seconds: 1.012, noise; PERFORMANCE.md).
//!
//! Measured 2026-12-06 (one thread, nodes on the ordering benchmark
//! `data/solve/bench-20-22.obf`, FFO #20-39 and #40-44 together: 1,458.6 M
//! with 64 MiB; `g` the geometric mean of the 85 positions' ratios): a
//! 32 MiB table 1,414.1 M (g 0.988), 256 MiB 1,521.8 M (1.018), so more
//! room keeps entries that order worse than a fresh guess would; a
//! null-window node that ignores the move of an entry holding only an
//! upper bound (a fail-low's; from 18 empties it guesses instead)
//! 1,413.7 M (1.002: fewer on the largest positions, 1.132 on FFO #20-39
//! alone); such entries stored with no move 1,458.3 M (0.996). None kept.

use std::cell::Cell;
use std::sync::atomic::AtomicU64;

use super::entries::{BUCKET_WORDS, bucket_at, find, write};
use super::words::Words;
use crate::SolveError;

/// What the table knows of a position: `lower <= score <= upper`, and the
/// move that was best or cut off there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// A lower bound of the score.
    pub(crate) lower: i32,
    /// An upper bound of the score.
    pub(crate) upper: i32,
    /// The best move found (a square), or [`NO_MOVE`].
    pub(crate) best: u8,
}

/// No move stored.
pub(crate) const NO_MOVE: u8 = 64;

/// Bytes per entry.
const ENTRY_BYTES: usize = 24;

/// The table: buckets of two entries.
pub(crate) struct Table {
    words: Words,
    buckets: u64,
    /// The generation of this table's entries (1 to 255): entries of
    /// another are empty.
    generation: u64,
}

thread_local! {
    /// The memory of the last table this thread dropped, and the
    /// generation of its entries: the next table made on the thread uses
    /// it (its first words, when it needs fewer) with the next generation.
    /// At most one table's memory a thread, given back when the thread
    /// ends.
    static SPARE: Cell<Option<(Words, u64)>> = const { Cell::new(None) };
}

/// The last generation: the memory is then cleared (mapped again) before it
/// is used once more.
const LAST_GENERATION: u64 = 0xff;

impl Table {
    /// A table of at most `mib` MiB and at most `max_entries` entries (a
    /// small solve needs no large table, and a fresh one costs its size to
    /// clear); a table of no entries when `mib` is 0.
    ///
    /// # Errors
    ///
    /// [`SolveError::TableAlloc`] when the memory cannot be had.
    pub(crate) fn new(mib: usize, max_entries: usize) -> Result<Table, SolveError> {
        // Saturating: on a 32-bit target 4 GiB and more is an error, not a wrapped size.
        let entries = mib.saturating_mul(1 << 20) / ENTRY_BYTES;
        let buckets = entries.min(max_entries) / 2;
        let n = buckets * BUCKET_WORDS;
        if n == 0 {
            return Ok(Table { words: Words::EMPTY, buckets: 0, generation: 1 });
        }
        let spare = SPARE.try_with(Cell::take).ok().flatten();
        let (words, generation) = match spare {
            Some((words, last)) if words.len() >= n && last < LAST_GENERATION => (words, last + 1),
            spare => {
                // Too small, or every generation used: given back before
                // the new memory is had, so that at most one is held.
                drop(spare);
                (Words::zeroed(n).ok_or(SolveError::TableAlloc { mib })?, 1)
            }
        };
        Ok(Table { words, buckets: buckets as u64, generation })
    }

    /// Whether `data` is an entry of this table's generation (an empty
    /// word, 0, is of none).
    #[inline(always)]
    fn live(&self, data: u64) -> bool {
        data >> GENERATION_SHIFT == self.generation
    }

    /// The first word of the bucket of `(p, o)`.
    #[inline]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ o.rotate_left(29).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        let h = h ^ (h >> 31);
        bucket_at(h, self.buckets)
    }

    /// Asks the processor to bring the bucket of `(p, o)` into the cache,
    /// for a [`get`](Self::get) or [`put`](Self::put) soon after: a hint,
    /// which changes no value.
    #[inline]
    pub(crate) fn prefetch(&self, p: u64, o: u64) {
        if self.buckets == 0 {
            return;
        }
        let word: *const AtomicU64 = &self.words[self.bucket(p, o)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and faults on nothing; the
        // address is of a word of the table.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(word.cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = word;
    }

    /// The bounds stored for `(p, o)`, if any.
    #[inline]
    pub(crate) fn get(&self, p: u64, o: u64) -> Option<Entry> {
        if self.buckets == 0 {
            return None;
        }
        let found = find(&self.words, self.bucket(p, o), p, o, |d| self.live(d), |_| 0);
        found.ok().map(|(_, data)| unpack(data).0)
    }

    /// Stores `lower <= score <= upper` for `(p, o)` at `empties`, with its
    /// best move, merged with what the table knows of the position.
    #[inline]
    pub(crate) fn put(&self, p: u64, o: u64, empties: u32, entry: Entry) {
        if self.buckets == 0 {
            return;
        }
        let mut merged = entry;
        let slot = match find(&self.words, self.bucket(p, o), p, o, |d| self.live(d), |d| unpack(d).1) {
            Ok((slot, data)) => {
                let (old, _) = unpack(data);
                merged.lower = merged.lower.max(old.lower);
                merged.upper = merged.upper.min(old.upper);
                if merged.best == NO_MOVE {
                    merged.best = old.best;
                }
                slot
            }
            Err(slot) => slot,
        };
        write(&self.words, slot, p, o, pack(merged, empties, self.generation));
    }
}

impl Table {
    /// Stores `best` as a move hint for `(p, o)`: a guess (of a search of
    /// the evaluation), no bound, tried first by the exact search. A
    /// position whose entry holds bounds keeps its own move; a new entry
    /// is the first replaced.
    pub(crate) fn hint(&self, p: u64, o: u64, best: u8) {
        if self.buckets == 0 {
            return;
        }
        let slot = match find(&self.words, self.bucket(p, o), p, o, |d| self.live(d), |d| unpack(d).1) {
            Ok((slot, data)) => {
                let (old, _) = unpack(data);
                if old.lower > MIN_BOUND || old.upper < MAX_BOUND {
                    return;
                }
                slot
            }
            Err(slot) => slot,
        };
        write(
            &self.words,
            slot,
            p,
            o,
            pack(Entry { lower: MIN_BOUND, upper: MAX_BOUND, best }, HINT_DEPTH, self.generation),
        );
    }
}

/// The bounds of a hint: every score.
const MIN_BOUND: i32 = -64;
const MAX_BOUND: i32 = 64;
/// The depth a hint is stored at: below every search's (replaced first).
const HINT_DEPTH: u32 = 0;

/// Where `data` holds the generation.
const GENERATION_SHIFT: u32 = 32;

/// `data`: bits 0-7 lower + 64, 8-15 upper + 64, 16-23 move, 24-31 empties,
/// 32-39 the table's generation (never 0, so that a used entry is never 0).
#[inline]
fn pack(entry: Entry, empties: u32, generation: u64) -> u64 {
    let lower = (entry.lower + 64) as u64 & 0xff;
    let upper = (entry.upper + 64) as u64 & 0xff;
    lower | upper << 8 | u64::from(entry.best) << 16 | u64::from(empties & 0xff) << 24 | generation << GENERATION_SHIFT
}

impl Drop for Table {
    /// The memory goes to the thread's [`SPARE`] (the one there before is
    /// freed), unless the thread is ending.
    fn drop(&mut self) {
        if self.buckets == 0 {
            return;
        }
        let words = std::mem::replace(&mut self.words, Words::EMPTY);
        let _ = SPARE.try_with(|spare| spare.set(Some((words, self.generation))));
    }
}

#[inline]
fn unpack(data: u64) -> (Entry, u32) {
    let lower = (data & 0xff) as i32 - 64;
    let upper = (data >> 8 & 0xff) as i32 - 64;
    (Entry { lower, upper, best: (data >> 16 & 0xff) as u8 }, (data >> 24 & 0xff) as u32)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering::Relaxed;

    use super::*;

    #[test]
    fn bounds_merge_and_positions_stay_apart() {
        let table = Table::new(1, usize::MAX).unwrap();
        assert_eq!(table.get(1, 2), None);
        table.put(1, 2, 20, Entry { lower: -4, upper: 64, best: 3 });
        table.put(1, 2, 20, Entry { lower: -64, upper: 10, best: NO_MOVE });
        assert_eq!(table.get(1, 2), Some(Entry { lower: -4, upper: 10, best: 3 }));
        assert_eq!(table.get(2, 1), None);
        table.put(2, 1, 5, Entry { lower: -64, upper: -64, best: NO_MOVE });
        assert_eq!(table.get(2, 1), Some(Entry { lower: -64, upper: -64, best: NO_MOVE }));
    }

    #[test]
    fn hints_order_and_never_bound() {
        let table = Table::new(1, usize::MAX).unwrap();
        table.hint(1, 2, 7);
        assert_eq!(table.get(1, 2), Some(Entry { lower: -64, upper: 64, best: 7 }));
        // A newer hint replaces it; a bound found later keeps its own move.
        table.hint(1, 2, 9);
        assert_eq!(table.get(1, 2).map(|e| e.best), Some(9));
        table.put(1, 2, 20, Entry { lower: 4, upper: 64, best: 3 });
        table.hint(1, 2, 11);
        assert_eq!(table.get(1, 2), Some(Entry { lower: 4, upper: 64, best: 3 }));
        // A bound without a move keeps the hint's.
        table.hint(5, 6, 8);
        table.put(5, 6, 20, Entry { lower: -64, upper: 0, best: NO_MOVE });
        assert_eq!(table.get(5, 6), Some(Entry { lower: -64, upper: 0, best: 8 }));
    }

    /// A table made after another on the same thread uses its memory and
    /// knows nothing of its entries, through every generation; then the
    /// memory is mapped fresh.
    #[test]
    fn a_reused_table_is_as_fresh() {
        std::thread::spawn(|| {
            let first = Table::new(1, usize::MAX).unwrap();
            let at = first.words.as_ptr();
            first.put(1, 2, 20, Entry { lower: -4, upper: 64, best: 3 });
            drop(first);
            for round in 1..LAST_GENERATION {
                // Every other one half the entries: the first words of the same memory.
                let table = Table::new(1, if round % 2 == 0 { usize::MAX } else { 1 << 14 }).unwrap();
                assert_eq!((table.words.as_ptr(), table.generation), (at, round + 1), "the spare is used");
                for (p, o) in [(1, 2), (round - 1, 7), (round, 7)] {
                    assert_eq!(table.get(p, o), None, "round {round}: ({p}, {o})");
                }
                table.hint(round, 7, 5);
                table.put(round, 7, 30, Entry { lower: 2, upper: 2, best: 9 });
                assert_eq!(table.get(round, 7), Some(Entry { lower: 2, upper: 2, best: 9 }));
                // A new entry of another position replaces a stale one, not this one.
                table.put(round ^ 1 << 40, 7, 1, Entry { lower: 0, upper: 0, best: 1 });
                assert_eq!(table.get(round, 7).map(|e| e.lower), Some(2));
            }
            // Every generation used: the next table is mapped fresh.
            let fresh = Table::new(1, usize::MAX).unwrap();
            assert_eq!(fresh.generation, 1);
            assert!(fresh.words.iter().all(|w| w.load(Relaxed) == 0));
        })
        .join()
        .unwrap();
    }

    /// A table larger than the spare is mapped anew, and becomes the spare.
    #[test]
    fn a_larger_table_replaces_the_spare() {
        std::thread::spawn(|| {
            drop(Table::new(1, usize::MAX).unwrap());
            let large = Table::new(4, usize::MAX).unwrap();
            assert_eq!(large.generation, 1);
            let at = large.words.as_ptr();
            drop(large);
            let next = Table::new(2, usize::MAX).unwrap();
            assert_eq!((next.words.as_ptr(), next.generation), (at, 2));
        })
        .join()
        .unwrap();
    }

    #[test]
    fn an_empty_table_knows_nothing() {
        let table = Table::new(0, usize::MAX).unwrap();
        table.put(1, 2, 20, Entry { lower: 0, upper: 0, best: 0 });
        assert_eq!(table.get(1, 2), None);
    }
}
