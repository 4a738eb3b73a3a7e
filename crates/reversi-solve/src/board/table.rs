//! The transposition table of the any-board search: bounds on a position's
//! exact score and the move that gave them, keyed by the position's Zobrist
//! hash.

use crate::SolveError;

/// No best move stored.
pub(super) const NO_MOVE: u16 = u16::MAX;

/// One slot: the full 64-bit key (checked on every probe), the bounds, the
/// best move's square index and the empties the bounds were found at (0: an
/// empty slot; the search stores positions with at least one empty square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    best: u16,
    empties: u16,
}

/// What a probe finds: the bounds (`lower <= score <= upper`) and the best
/// move's square index ([`NO_MOVE`] for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hit {
    pub(super) lower: i32,
    pub(super) upper: i32,
    pub(super) best: u16,
}

/// A table of `2^k` slots, one per index (always replaced, except that an
/// entry found with more empties than the new one keeps its slot half of
/// the time: the one with the lower key bit).
#[derive(Debug)]
pub(super) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

/// Bytes per slot.
const SLOT_BYTES: usize = size_of::<Entry>();

impl Table {
    /// A table of at most `mib` MiB, and of no more slots than `cap` (a
    /// position with few empties needs few); no slots for `mib == 0`.
    ///
    /// # Errors
    /// [`SolveError::TableAlloc`] when the memory cannot be had.
    pub(super) fn new(mib: usize, cap: usize) -> Result<Table, SolveError> {
        // Saturating: on a 32-bit target 4 GiB and more is an error, not a wrapped size.
        let wanted = mib.saturating_mul(1 << 20) / SLOT_BYTES;
        let slots = wanted.min(cap.max(1));
        if mib == 0 || slots == 0 {
            return Ok(Table { slots: Vec::new(), mask: 0 });
        }
        // The largest power of two that fits.
        let slots = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        let mut table = Vec::new();
        table.try_reserve_exact(slots).map_err(|_| SolveError::TableAlloc { mib })?;
        table.resize(slots, Entry::default());
        Ok(Table { slots: table, mask: slots - 1 })
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Hit> {
        let slot = self.slots.get(key as usize & self.mask)?;
        (slot.empties != 0 && slot.key == key).then(|| Hit {
            lower: i32::from(slot.lower),
            upper: i32::from(slot.upper),
            best: slot.best,
        })
    }

    /// Stores the bounds found for `key` at `empties` empty squares.
    #[inline]
    pub(super) fn store(&mut self, key: u64, empties: u32, lower: i32, upper: i32, best: u16) {
        let Some(slot) = self.slots.get_mut(key as usize & self.mask) else { return };
        let empties = empties.clamp(1, u32::from(u16::MAX)) as u16;
        if slot.empties > empties && slot.key != key && key >> 63 == 1 {
            return;
        }
        // Scores are at most the board's 676 squares in size: they fit.
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        *slot = Entry { key, lower: clamp(lower), upper: clamp(upper), best, empties };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let mut table = Table::new(1, usize::MAX).unwrap();
        assert_eq!(table.slots.len(), (1 << 20) / SLOT_BYTES);
        assert_eq!(table.probe(42), None);
        table.store(42, 10, -4, 6, 7);
        assert_eq!(table.probe(42), Some(Hit { lower: -4, upper: 6, best: 7 }));
        // Another key in the same slot is not a hit.
        assert_eq!(table.probe(42 + (1 << 40)), None);
    }

    #[test]
    fn no_table_stores_nothing() {
        let mut table = Table::new(0, usize::MAX).unwrap();
        table.store(1, 3, 0, 0, NO_MOVE);
        assert_eq!(table.probe(1), None);
        let small = Table::new(64, 100).unwrap();
        assert_eq!(small.slots.len(), 64);
    }
}
