//! A transposition table for perft on any board.
//!
//! Keys are exact: the two piece sets (mover's, opponent's) and the remaining
//! depth are stored whole, so a hit is never a collision. The table is sized in
//! memory and replaces entries when two positions meet in one slot (the deeper
//! count stays). One table serves one thread at a time (`&mut`); threads use one
//! each.

use crate::bits::{BitSet, Wide};
use crate::{Geometry, Variant};

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

impl<B: BitSet> Table<B> {
    fn new(bytes: usize) -> Table<B> {
        let n = (bytes / core::mem::size_of::<Slot<B>>()).max(1);
        Table { slots: vec![Slot::default(); n] }
    }

    #[inline(always)]
    fn index(&self, p: B, o: B) -> usize {
        ((u128::from(p.hash64() ^ o.hash64().rotate_left(29)) * self.slots.len() as u128) >> 64) as usize
    }

    /// The stored count of `(p, o)` at `depth`, if any.
    #[inline(always)]
    pub(crate) fn probe(&self, p: B, o: B, depth: u32) -> Option<u64> {
        let slot = &self.slots[self.index(p, o)];
        (slot.depth == depth && slot.p == p && slot.o == o).then_some(slot.count)
    }

    /// Stores the count of `(p, o)` at `depth`, unless a deeper count holds the slot.
    #[inline(always)]
    pub(crate) fn store(&mut self, p: B, o: B, depth: u32, count: u64) {
        let i = self.index(p, o);
        let slot = &mut self.slots[i];
        if depth >= slot.depth {
            *slot = Slot { p, o, depth, count };
        }
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
                    cache.table = Some(AnyTable::$variant(Table::new(cache.bytes)));
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
/// given size, allocated on first use, and kept with its counts across calls
/// on the same variant and board (a call on another game starts it afresh).
///
/// ```
/// use reversi_variants::{Geometry, PerftCache, Position, Variant, perft, perft_hashed};
/// let pos = Position::start(Variant::Attacks, Geometry::new(7, 7)?)?;
/// let mut cache = PerftCache::new(16 << 20);
/// assert_eq!(perft_hashed(&pos, 5, &mut cache), perft(&pos, 5));
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
    /// until the first count.
    #[must_use]
    pub const fn new(bytes: usize) -> PerftCache {
        PerftCache { bytes, table: None, owner: None }
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
