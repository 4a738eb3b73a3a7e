//! The split points of the parallel search ([`split`](super::split)): a
//! node whose moves after its elders are shared out ([`SplitPoint`]), the
//! board where idle threads find them ([`Board`]), and the guards that
//! count a helper off and end the helpers' loops. Data and its locking
//! only: the search that uses them is `split.rs`'s, so that the searcher,
//! the solve's shared state and the split code import this without a
//! circle.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use reversi_core::raw::Child;

/// The moves after the elders (one move, or two at a node expected to cut
/// off) are shared out at a null-window node from this many empties up. On
/// FFO #38 (24 empties, two threads) 10, 11, 12 and 13 searched about as
/// many nodes (322-328 M, one thread 313 M); the helper thread was busy
/// about 90% of the time at each.
pub(crate) const SPLIT_EMPTIES: u32 = 12;

/// A node whose moves after its elders are shared out between threads.
pub(crate) struct SplitPoint {
    /// The split point above, whose cutoff stops this one too.
    pub(super) parent: Option<Arc<SplitPoint>>,
    /// The moves to share out, in move order.
    pub(super) rest: Vec<Child>,
    /// The node's null window is `(alpha, alpha + 1)`.
    pub(super) alpha: i32,
    /// The node's empties.
    pub(super) empties: u32,
    /// Whether the node was expected to cut off.
    pub(super) expect_cut: bool,
    /// A move cut off: stop.
    pub(super) cut: AtomicBool,
    /// The index of the next move to take.
    pub(super) next: AtomicUsize,
    /// Helpers working on it (the owner not counted).
    pub(super) workers: AtomicUsize,
    /// The best score found, the index of its move, the move.
    pub(super) best: Mutex<(i32, usize, u8)>,
}

impl SplitPoint {
    /// Whether this split point or one above it was cut off: a search
    /// working for it must stop.
    #[inline]
    pub(crate) fn aborted(&self) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if sp.cut.load(Ordering::Relaxed) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }

    /// Whether a thread may still join: moves left, no cutoff.
    pub(super) fn open(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.rest.len() && !self.aborted()
    }

    /// Whether `ancestor` is above this split point.
    pub(super) fn below(&self, ancestor: &SplitPoint) -> bool {
        let mut at = self.parent.as_deref();
        while let Some(sp) = at {
            if std::ptr::eq(sp, ancestor) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }

    /// Records the exact score or bound `v` of move `index`.
    pub(super) fn record(&self, v: i32, index: usize) {
        {
            let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
            if v > best.0 || (v == best.0 && index < best.1) {
                *best = (v, index, self.rest[index].square as u8);
            }
        }
        if v > self.alpha {
            self.cut.store(true, Ordering::Relaxed);
        }
    }
}

/// The split points of a solve open to idle threads, and the idle threads'
/// bed.
#[derive(Default)]
pub(crate) struct Board {
    pub(super) open: Mutex<Vec<Arc<SplitPoint>>>,
    /// How many split points are on the board (read without the lock).
    pub(super) count: AtomicUsize,
    /// Threads asleep on `wake`.
    pub(super) sleepers: AtomicUsize,
    pub(super) wake: Condvar,
    /// The solve is over: the helpers return.
    pub(super) done: AtomicBool,
}

impl Board {
    pub(super) fn lock(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn publish(&self, sp: &Arc<SplitPoint>) {
        {
            let mut open = self.lock();
            open.push(Arc::clone(sp));
            self.count.store(open.len(), Ordering::Relaxed);
        }
        if self.sleepers.load(Ordering::Relaxed) > 0 {
            self.wake.notify_all();
        }
    }

    pub(super) fn remove(&self, sp: &Arc<SplitPoint>) {
        let mut open = self.lock();
        open.retain(|x| !Arc::ptr_eq(x, sp));
        self.count.store(open.len(), Ordering::Relaxed);
    }

    /// An open split point (below `under`, if given), its workers counted
    /// one more.
    pub(super) fn take(&self, under: Option<&SplitPoint>) -> Option<Arc<SplitPoint>> {
        if self.count.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let open = self.lock();
        // The oldest first: the highest in the tree, the most work.
        let sp = open.iter().find(|sp| sp.open() && under.is_none_or(|u| sp.below(u)))?;
        sp.workers.fetch_add(1, Ordering::Acquire);
        Some(Arc::clone(sp))
    }
}

/// Counts a helper off its split point when its work ends, even by a panic
/// (the owner waits for the count to reach 0).
pub(super) struct Working(pub(super) Arc<SplitPoint>);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.workers.fetch_sub(1, Ordering::Release);
    }
}

/// Ends the helpers' loops when the search ends, even by a panic.
pub(super) struct Done<'s>(pub(super) &'s Board);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Relaxed);
        let _guard = self.0.lock();
        self.0.wake.notify_all();
    }
}
