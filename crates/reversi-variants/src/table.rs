//! A transposition table for perft on any board, shared by any number of
//! threads.
//!
//! Keys are exact: the two piece sets (mover's, opponent's) and the remaining
//! depth are stored whole, so a hit is never a collision. The slot is chosen by
//! a hash of all three, so one position keeps a count for every depth it is
//! met at (Attacks and Reversitacks meet the same position at many depths: a
//! small board's table saturates). Each key has two slots: one keeps the
//! deeper count, the other always takes the newest.
//!
//! Slots are words of atomics guarded by a sequence number (a seqlock): a
//! writer takes a slot by making its number odd, or skips the store when
//! another writer holds it; a reader keeps what it read only if the number was
//! even and unchanged around the read. So threads share one table without
//! locks and a torn slot is never used. Standard 8x8 Reversi is counted by
//! reversi-core's own table instead (canonical boards, the eight symmetries
//! merged), in the same memory budget.

use std::collections::TryReserveError;
use std::marker::PhantomData;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicU64, fence};
use std::sync::{PoisonError, RwLock, RwLockReadGuard};

use reversi_core::{PerftTable, TableEntry};

use crate::bits::BitSet;
use crate::error::CacheAllocError;
use crate::{Geometry, Position, Variant};

// SplitMix64's finaliser, to spread the depth over the index.
use reversi_core::internal::mix64 as mix;

/// Words of a slot before its keys: the sequence number (low half) with the
/// remaining depth (high half; 0: empty), then the count.
const HEAD: usize = 2;

/// The slots of one game over shared words, typed by the bit set of its board.
#[derive(Clone, Copy)]
pub(crate) struct Table<'a, B> {
    words: &'a [AtomicU64],
    slots: usize,
    seed: u64,
    set: PhantomData<B>,
}

impl<'a, B: BitSet> Table<'a, B> {
    const STRIDE: usize = HEAD + 2 * B::WORDS;

    fn over(words: &'a [AtomicU64], seed: u64) -> Table<'a, B> {
        Table { words, slots: words.len() / Self::STRIDE, seed, set: PhantomData }
    }

    /// The two slots of a key: the depth-preferred one and its neighbour
    /// (none in a table without slots).
    #[inline(always)]
    fn pair(&self, p: B, o: B, depth: u32) -> Option<(&'a [AtomicU64], &'a [AtomicU64])> {
        if self.slots == 0 {
            return None;
        }
        let h = p.hash64() ^ o.hash64().rotate_left(29) ^ mix(u64::from(depth) ^ self.seed);
        let i = ((u128::from(h) * self.slots as u128) >> 64) as usize;
        let slot = |i: usize| &self.words[i * Self::STRIDE..(i + 1) * Self::STRIDE];
        Some((slot(i), slot((i + 1) % self.slots)))
    }

    /// The count `slot` holds for `(p, o)` at `depth`, if it holds one, read
    /// consistently: the sequence number even and unchanged around the read.
    #[inline(always)]
    fn read(slot: &[AtomicU64], p: B, o: B, depth: u32) -> Option<u64> {
        let head = slot[0].load(Acquire);
        let found = head >> 32 == u64::from(depth)
            && (0..B::WORDS).all(|w| slot[HEAD + w].load(Relaxed) == p.word(w))
            && (0..B::WORDS).all(|w| slot[HEAD + B::WORDS + w].load(Relaxed) == o.word(w));
        let count = slot[1].load(Relaxed);
        fence(Acquire);
        (found && head & 1 == 0 && slot[0].load(Relaxed) == head).then_some(count)
    }

    /// The stored count of `(p, o)` at `depth`, if any.
    #[inline(always)]
    pub(crate) fn probe(&self, p: B, o: B, depth: u32) -> Option<u64> {
        let (a, b) = self.pair(p, o, depth)?;
        Self::read(a, p, o, depth).or_else(|| Self::read(b, p, o, depth))
    }

    /// Stores the count of `(p, o)` at `depth`: in the first slot unless a
    /// deeper count holds it, else in the second; skipped when another thread
    /// is writing that slot.
    #[inline(always)]
    pub(crate) fn store(&self, p: B, o: B, depth: u32, count: u64) {
        let Some((a, b)) = self.pair(p, o, depth) else {
            return;
        };
        let depth = u64::from(depth);
        let slot = if depth >= a[0].load(Relaxed) >> 32 { a } else { b };
        let head = slot[0].load(Relaxed);
        let seq = head & 0xffff_ffff;
        if seq & 1 == 1 || slot[0].compare_exchange(head, head | 1, Relaxed, Relaxed).is_err() {
            return;
        }
        fence(Release);
        slot[1].store(count, Relaxed);
        for w in 0..B::WORDS {
            slot[HEAD + w].store(p.word(w), Relaxed);
            slot[HEAD + B::WORDS + w].store(o.word(w), Relaxed);
        }
        slot[0].store(depth << 32 | ((seq + 2) & 0xffff_ffff), Release);
    }
}

/// The memory of a cache, once made: reversi-core's entries for standard 8x8
/// Reversi, words for every other game.
enum Storage {
    Core(Box<[TableEntry]>),
    Words(Box<[AtomicU64]>),
}

impl Storage {
    /// About `bytes` bytes of the kind `othello` needs.
    ///
    /// # Errors
    /// When that much memory cannot be reserved.
    fn try_new(othello: bool, bytes: usize) -> Result<Storage, TryReserveError> {
        Ok(if othello {
            let mut slots = Vec::new();
            let n = (bytes / TableEntry::SIZE).max(1);
            slots.try_reserve_exact(n)?;
            slots.resize_with(n, TableEntry::default);
            Storage::Core(slots.into_boxed_slice())
        } else {
            let mut words = Vec::new();
            let n = bytes / 8;
            words.try_reserve_exact(n)?;
            words.resize_with(n, AtomicU64::default);
            Storage::Words(words.into_boxed_slice())
        })
    }

    /// [`Storage::try_new`], or a table without slots when that size cannot be
    /// reserved (the counts stay exact; only the speed-up is lost). Halving
    /// until an allocation succeeds would be no kinder: on a system that
    /// overcommits, the first size it grants may be most of the memory.
    fn new_or_least(othello: bool, bytes: usize) -> Storage {
        Storage::try_new(othello, bytes).unwrap_or_else(|_| match othello {
            true => Storage::Core(Box::new([])),
            false => Storage::Words(Box::new([])),
        })
    }
}

/// A game: the keys are only the pieces, so counts of one game never serve
/// another. `othello`: counted by reversi-core.
type Owner = (Variant, Geometry, bool);

/// What a cache holds once it has counted: the game its counts belong to and
/// their memory.
type State = Option<(Owner, Storage)>;

/// Memory for [`perft_hashed`](crate::perft_hashed): a transposition table of a
/// given size, shared by any number of threads (`&PerftCache`, no lock taken
/// per position), kept with its counts across calls on the same variant and
/// board (a call on another game starts it afresh, once the calls counting
/// the former game have returned).
///
/// Standard 8x8 Reversi is counted with reversi-core's table
/// ([`reversi_core::PerftTable`]: boards in canonical form, so the eight
/// symmetries share entries), every other game with exact keys (both piece
/// sets and the depth) in two slots per key, one keeping the deeper count.
///
/// [`PerftCache::new`] allocates on first use; when the size asked for cannot
/// be reserved it makes do without a table (exact counts, no speed-up):
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
/// let cache = PerftCache::new(16 << 20);
/// assert_eq!(perft_hashed(&pos, 5, &cache)?, perft(&pos, 5)?);
///
/// // Threads share one cache.
/// let counts = std::thread::scope(|s| {
///     let threads: Vec<_> = (0..2).map(|_| s.spawn(|| perft_hashed(&pos, 5, &cache))).collect();
///     threads.into_iter().map(|t| t.join().expect("no panic")).collect::<Result<Vec<u64>, _>>()
/// })?;
/// assert_eq!(counts, [perft(&pos, 5)?; 2]);
///
/// // Asking for more than the machine has is an error, not an abort...
/// assert!(PerftCache::try_for(&pos, usize::MAX).is_err());
/// // ...or, allocated lazily, no table: still the exact count.
/// assert_eq!(perft_hashed(&pos, 4, &PerftCache::new(usize::MAX))?, 155_888);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PerftCache {
    bytes: usize,
    seed: u64,
    state: RwLock<State>,
}

impl std::fmt::Debug for PerftCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.state.read().unwrap_or_else(PoisonError::into_inner);
        f.debug_struct("PerftCache")
            .field("bytes", &self.bytes)
            .field("seed", &self.seed)
            .field("owner", &state.as_ref().map(|(owner, _)| owner))
            .finish()
    }
}

/// A cache's memory, typed for one count.
pub(crate) enum Slots<'a> {
    /// reversi-core's table (standard 8x8 Reversi).
    Core(PerftTable<'a>),
    /// Words for [`Table`], and the key seed.
    Words(&'a [AtomicU64], u64),
}

impl<'a> Slots<'a> {
    /// The words as the table of bit set `B` (empty for reversi-core's).
    pub(crate) fn table<B: BitSet>(&self) -> Table<'a, B> {
        match self {
            Slots::Words(words, seed) => Table::over(words, *seed),
            Slots::Core(_) => Table::over(&[], 0),
        }
    }
}

impl PerftCache {
    /// A cache of about `bytes` bytes; nothing is allocated until the first
    /// count, and a size that cannot be reserved then counts without a table.
    #[must_use]
    pub const fn new(bytes: usize) -> PerftCache {
        PerftCache { bytes, seed: 0, state: RwLock::new(None) }
    }

    /// The same cache with its slots keyed by `seed` (0 unless set): each seed
    /// puts the positions in other slots (for 8x8 Reversi, reversi-core's
    /// [`PerftTable::with_seed`]), so that two counts of one tree under two
    /// seeds share no accident of the table. Every seed gives the same counts
    /// (a hit is an exact match of the position and depth under any seed).
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> PerftCache {
        self.seed = seed;
        self
    }

    /// The key seed ([`PerftCache::with_seed`]).
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// A cache of about `bytes` bytes for the game of `pos` (its variant and
    /// board), allocated now: counting it then allocates nothing.
    ///
    /// # Errors
    /// [`CacheAllocError`] when that much memory cannot be reserved.
    pub fn try_for(pos: &Position, bytes: usize) -> Result<PerftCache, CacheAllocError> {
        let owner = owner(pos);
        let storage = Storage::try_new(owner.2, bytes).map_err(|_| CacheAllocError { bytes })?;
        Ok(PerftCache { bytes, seed: 0, state: RwLock::new(Some((owner, storage))) })
    }

    /// Runs `count` with the cache's memory for the game of `pos`: made on first
    /// use, emptied first when it held another game (waiting for the counts of
    /// that game to return).
    pub(crate) fn with<T>(&self, pos: &Position, count: impl FnOnce(Slots<'_>) -> T) -> T {
        let owner = owner(pos);
        let holds = |state: &State| state.as_ref().is_some_and(|(o, _)| *o == owner);
        let mut state = self.read();
        if !holds(&state) {
            drop(state);
            {
                let mut write = self.state.write().unwrap_or_else(PoisonError::into_inner);
                if !holds(&write) {
                    *write = None; // freed before the next is made
                    *write = Some((owner, Storage::new_or_least(owner.2, self.bytes)));
                }
            }
            state = self.read();
        }
        match state.as_ref() {
            Some((o, Storage::Core(entries))) if *o == owner => {
                count(Slots::Core(PerftTable::with_seed(entries, self.seed)))
            }
            Some((o, Storage::Words(words))) if *o == owner => count(Slots::Words(words, self.seed)),
            // Another thread took the cache for another game in between: count
            // without it rather than wait.
            _ => count(Slots::Words(&[], self.seed)),
        }
    }

    fn read(&self) -> RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The size asked for, in bytes.
    #[must_use]
    pub const fn bytes(&self) -> usize {
        self.bytes
    }
}

/// The game of `pos`, as a cache tells games apart.
fn owner(pos: &Position) -> Owner {
    (pos.variant(), *pos.geometry(), pos.to_othello().is_some())
}
