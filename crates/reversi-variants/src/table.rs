//! A transposition table for perft on any board.
//!
//! Keys are exact: the two piece sets (mover's, opponent's) and the remaining
//! depth are stored whole, so a hit is never a collision. The slot is chosen by
//! a hash of all three, so one position keeps a count for every depth it is
//! met at (Attacks and Reversitacks meet the same position at many depths: a
//! small board's table saturates). Each key has two slots: one keeps the
//! deeper count, the other always takes the newest. One table serves one
//! thread at a time (`&mut`); threads use one each.

use std::collections::TryReserveError;

use crate::bits::{BitSet, Wide};
use crate::error::CacheAllocError;
use crate::{Geometry, Position, Variant};

/// One slot: the position from the mover's side, its remaining depth (0: empty)
/// and its count.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot<B> {
    p: B,
    o: B,
    depth: u32,
    count: u64,
}

/// The slots for one bit-set type.
#[derive(Clone, Debug)]
pub(crate) struct Table<B> {
    slots: Vec<Slot<B>>,
}

// SplitMix64's finaliser, to spread the depth over the index.
use reversi_core::mix64 as mix;

impl<B: BitSet> Table<B> {
    /// A table of about `bytes` bytes (at least one slot).
    ///
    /// # Errors
    /// When that much memory cannot be reserved.
    fn try_new(bytes: usize) -> Result<Table<B>, TryReserveError> {
        let n = (bytes / core::mem::size_of::<Slot<B>>()).max(1);
        let mut slots = Vec::new();
        slots.try_reserve_exact(n)?;
        slots.resize(n, Slot::default());
        Ok(Table { slots })
    }

    /// A table of about `bytes` bytes, or of one slot when that cannot be
    /// reserved (the counts stay exact; only the speed-up is lost). Halving
    /// until an allocation succeeds would be no kinder: on a system that
    /// overcommits, the first size it grants may be most of the memory.
    fn new_or_least(bytes: usize) -> Table<B> {
        Table::try_new(bytes).unwrap_or_else(|_| Table { slots: vec![Slot::default()] })
    }

    #[inline(always)]
    fn index(&self, p: B, o: B, depth: u32) -> usize {
        let h = p.hash64() ^ o.hash64().rotate_left(29) ^ mix(u64::from(depth));
        ((u128::from(h) * self.slots.len() as u128) >> 64) as usize
    }

    /// The two slots of a key: the depth-preferred one and its neighbour.
    #[inline(always)]
    fn pair(&self, p: B, o: B, depth: u32) -> (usize, usize) {
        let i = self.index(p, o, depth);
        (i, (i + 1) % self.slots.len())
    }

    /// The stored count of `(p, o)` at `depth`, if any.
    #[inline(always)]
    pub(crate) fn probe(&self, p: B, o: B, depth: u32) -> Option<u64> {
        let (a, b) = self.pair(p, o, depth);
        [a, b].into_iter().map(|i| &self.slots[i]).find(|s| s.depth == depth && s.p == p && s.o == o).map(|s| s.count)
    }

    /// Stores the count of `(p, o)` at `depth`: in the first slot unless a
    /// deeper count holds it, else in the second.
    #[inline(always)]
    pub(crate) fn store(&mut self, p: B, o: B, depth: u32, count: u64) {
        let (a, b) = self.pair(p, o, depth);
        let i = if depth >= self.slots[a].depth { a } else { b };
        self.slots[i] = Slot { p, o, depth, count };
    }
}

/// A table for one of the three bit-set types.
#[derive(Clone, Debug)]
pub(crate) enum AnyTable {
    Small(Table<u64>),
    Medium(Table<u128>),
    Large(Table<Wide>),
}

/// A bit-set type whose table a [`PerftCache`] can hold.
pub(crate) trait Tabled: BitSet {
    /// The table of this type in `cache`, made (or remade, replacing one of
    /// another type) on first use.
    fn table(cache: &mut PerftCache) -> &mut Table<Self>;
}

macro_rules! tabled {
    ($t:ty, $variant:ident) => {
        impl Tabled for $t {
            fn table(cache: &mut PerftCache) -> &mut Table<$t> {
                if !matches!(cache.table, Some(AnyTable::$variant(_))) {
                    cache.table = Some(AnyTable::$variant(Table::new_or_least(cache.bytes)));
                }
                match &mut cache.table {
                    Some(AnyTable::$variant(table)) => table,
                    _ => unreachable!("made just above"),
                }
            }
        }
    };
}
tabled!(u64, Small);
tabled!(u128, Medium);
tabled!(Wide, Large);

/// Memory for [`perft_hashed`](crate::perft_hashed): a transposition table of a
/// given size, kept with its counts across calls on the same variant and board
/// (a call on another game starts it afresh).
///
/// [`PerftCache::new`] allocates on first use; when the size asked for cannot
/// be reserved it makes do with a one-slot table (exact counts, no speed-up):
/// never a panic, never an abort for a size too large. [`PerftCache::try_for`]
/// allocates at once for a given game and reports a size that cannot be
/// reserved: use it to tell the user.
///
/// The table keeps one count per position and remaining depth. Attacks and
/// Reversitacks games need not end (a jump can undo a jump), so their trees
/// grow without bound with the depth; on a small board the positions are few
/// and, once the table holds them all at every depth, each further ply costs
/// about as much as one more depth of distinct positions: perft 60 of Attacks
/// on 3x3 is immediate.
///
/// ```
/// use reversi_variants::{Geometry, PerftCache, Position, Variant, perft, perft_hashed};
/// let pos = Position::start(Variant::Attacks, Geometry::new(7, 7)?)?;
/// let mut cache = PerftCache::new(16 << 20);
/// assert_eq!(perft_hashed(&pos, 5, &mut cache), perft(&pos, 5));
///
/// // Asking for more than the machine has is an error, not an abort...
/// assert!(PerftCache::try_for(&pos, usize::MAX).is_err());
/// // ...or, allocated lazily, a table of one entry: still the exact count.
/// assert_eq!(perft_hashed(&pos, 4, &mut PerftCache::new(usize::MAX)), 155_888);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PerftCache {
    bytes: usize,
    table: Option<AnyTable>,
    /// The game the counts belong to: the keys are only the pieces.
    owner: Option<(Variant, Geometry)>,
}

impl PerftCache {
    /// A cache of about `bytes` bytes (at least one entry); nothing is allocated
    /// until the first count, and a size that cannot be reserved then gives a
    /// one-entry table.
    #[must_use]
    pub const fn new(bytes: usize) -> PerftCache {
        PerftCache { bytes, table: None, owner: None }
    }

    /// A cache of about `bytes` bytes for the game of `pos` (its variant and
    /// board), allocated now: counting then allocates nothing.
    ///
    /// # Errors
    /// [`CacheAllocError`] when that much memory cannot be reserved.
    pub fn try_for(pos: &Position, bytes: usize) -> Result<PerftCache, CacheAllocError> {
        let failed = |_| CacheAllocError { bytes };
        let table = match pos.geometry().square_count() {
            0..=64 => AnyTable::Small(Table::try_new(bytes).map_err(failed)?),
            65..=128 => AnyTable::Medium(Table::try_new(bytes).map_err(failed)?),
            _ => AnyTable::Large(Table::try_new(bytes).map_err(failed)?),
        };
        Ok(PerftCache { bytes, table: Some(table), owner: Some((pos.variant(), *pos.geometry())) })
    }

    /// Makes the cache hold counts of `variant` on `geometry`, forgetting the
    /// counts of any other game (the same pieces count differently there).
    pub(crate) fn claim(&mut self, variant: Variant, geometry: Geometry) {
        if self.owner != Some((variant, geometry)) {
            self.table = None;
            self.owner = Some((variant, geometry));
        }
    }

    /// The size asked for, in bytes.
    #[must_use]
    pub const fn bytes(&self) -> usize {
        self.bytes
    }
}
