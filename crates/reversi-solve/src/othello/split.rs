//! The parallel search: young brothers wait. At a null-window node of
//! enough empties the first move (the eldest brother) is searched alone;
//! when it does not
//! cut off, the moves after it are shared out: the node becomes a
//! [`SplitPoint`] on the solve's [`Board`], and the thread that owns it and
//! every idle thread take its moves one at a time until none is left or
//! one of them cuts off. Splits nest: a thread searching a shared move
//! splits again below it, and an owner that has run out of moves helps at
//! the split points below its own until its helpers are done (so no thread
//! waits while there is work under its node).
//!
//! The threads are the caller's and `threads - 1` helpers started by
//! [`run`] for the solve (`std::thread::scope`: joined when it ends). An
//! idle helper spins briefly, then yields, then sleeps until a split point
//! is published (a woken thread would arrive after the owner had searched
//! most of a small split's moves).
//!
//! A cutoff at a split point stops the searches still running below it: a
//! searcher working for a split point looks at the chain of split points
//! above it (its [`stopped`](super::search::Searcher::stopped)), and the
//! result of a stopped search is thrown away, never stored, as when the
//! whole solve is stopped (cancel token, deadline: every thread polls them).
//! Every value the threads find is exact or a true bound whichever thread
//! found it and in whatever order, so the score does not depend on the
//! thread count; among moves of equal score the first in move order is
//! kept.
//!
//! The nodes of the principal variation do not split: their moves after
//! the first are searched in order, each a null-window search that splits
//! below. Splitting them too (each move searched with the best score so
//! far, re-searched when it beats it) took FFO #38 on two threads from
//! 324 M nodes to 357 M (one thread: 313 M), 347 M when the root and its
//! children were left out: a thread searches a move against the score of
//! before the other thread's last raise.
//!
//! Tried and dropped: a split only at the nodes of the principal variation,
//! on threads spawned at each split (two threads searched 13-19% more nodes
//! than one on FFO #20-39 and gained little time: the null-window searches
//! that are most of the tree ran on one thread); the young-brothers split
//! on a rayon pool (`scope` and `spawn` at each split point): the idle
//! worker took part in 157 of 28,214 splits on FFO #36, 5 of 115 when
//! splitting from 18 empties, on the shared 2-core machine (a woken thread
//! arrived after the owner had searched the moves).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use reversi_core::raw::Child;

use super::search::{MIN_SCORE, Searcher};
use super::shared::Shared;
use super::table::NO_MOVE;

/// The moves after the first are shared out at a null-window node from
/// this many empties up. On FFO #38 (24 empties, two threads) 10, 11, 12
/// and 13 searched about as many nodes (322-328 M, one thread 313 M); the
/// helper thread was busy about 90% of the time at each.
pub(crate) const SPLIT_EMPTIES: u32 = 12;

/// Busy-waits of an idle thread before it yields.
const SPINS: u32 = 64;
/// Yields of an idle thread before it sleeps.
const YIELDS: u32 = 256;
/// The longest sleep of an idle thread between looks at the board.
const NAP: Duration = Duration::from_millis(1);

/// A node whose moves after the first are shared out between threads.
pub(crate) struct SplitPoint {
    /// The split point above, whose cutoff stops this one too.
    parent: Option<Arc<SplitPoint>>,
    /// The moves to share out, in move order.
    rest: Vec<Child>,
    /// The node's null window is `(alpha, alpha + 1)`.
    alpha: i32,
    /// The node's empties.
    empties: u32,
    /// A move cut off: stop.
    cut: AtomicBool,
    /// The index of the next move to take.
    next: AtomicUsize,
    /// Helpers working on it (the owner not counted).
    workers: AtomicUsize,
    /// The best score found, the index of its move, the move.
    best: Mutex<(i32, usize, u8)>,
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
    fn open(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.rest.len() && !self.aborted()
    }

    /// Whether `ancestor` is above this split point.
    fn below(&self, ancestor: &SplitPoint) -> bool {
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
    fn record(&self, v: i32, index: usize) {
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
    open: Mutex<Vec<Arc<SplitPoint>>>,
    /// How many split points are on the board (read without the lock).
    count: AtomicUsize,
    /// Threads asleep on `wake`.
    sleepers: AtomicUsize,
    wake: Condvar,
    /// The solve is over: the helpers return.
    done: AtomicBool,
}

impl Board {
    fn lock(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn publish(&self, sp: &Arc<SplitPoint>) {
        {
            let mut open = self.lock();
            open.push(Arc::clone(sp));
            self.count.store(open.len(), Ordering::Relaxed);
        }
        if self.sleepers.load(Ordering::Relaxed) > 0 {
            self.wake.notify_all();
        }
    }

    fn remove(&self, sp: &Arc<SplitPoint>) {
        let mut open = self.lock();
        open.retain(|x| !Arc::ptr_eq(x, sp));
        self.count.store(open.len(), Ordering::Relaxed);
    }

    /// An open split point (below `under`, if given), its workers counted
    /// one more.
    fn take(&self, under: Option<&SplitPoint>) -> Option<Arc<SplitPoint>> {
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
struct Working(Arc<SplitPoint>);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.workers.fetch_sub(1, Ordering::Release);
    }
}

/// Ends the helpers' loops when the search ends, even by a panic.
struct Done<'s>(&'s Board);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Relaxed);
        let _guard = self.0.lock();
        self.0.wake.notify_all();
    }
}

/// Runs `search` on this thread with `shared.threads - 1` helpers that
/// join its split points, joined before this returns.
pub(crate) fn run<const MASKED: bool, R>(shared: &Shared<'_>, search: impl FnOnce() -> R) -> R {
    if !shared.parallel() {
        return search();
    }
    std::thread::scope(|scope| {
        for _ in 1..shared.threads {
            scope.spawn(|| helper_loop::<MASKED>(shared));
        }
        let _done = Done(&shared.board);
        search()
    })
}

/// An idle helper: joins open split points until the solve is over (once
/// asleep, it sleeps until woken or a split point is open).
fn helper_loop<const MASKED: bool>(shared: &Shared<'_>) {
    let board = &shared.board;
    let mut idle = 0u32;
    while !board.done.load(Ordering::Relaxed) {
        if let Some(sp) = board.take(None) {
            work::<MASKED>(shared, sp);
            idle = 0;
        } else if idle < SPINS {
            std::hint::spin_loop();
            idle += 1;
        } else if idle < SPINS + YIELDS {
            std::thread::yield_now();
            idle += 1;
        } else {
            let open = board.lock();
            if open.is_empty() && !board.done.load(Ordering::Relaxed) {
                board.sleepers.fetch_add(1, Ordering::Relaxed);
                let (open, _) = board.wake.wait_timeout(open, NAP).unwrap_or_else(PoisonError::into_inner);
                board.sleepers.fetch_sub(1, Ordering::Relaxed);
                drop(open);
            } else {
                idle = 0;
            }
        }
    }
}

/// Searches moves of `sp` (its workers already counted) on a searcher of
/// its own.
fn work<const MASKED: bool>(shared: &Shared<'_>, sp: Arc<SplitPoint>) {
    let working = Working(sp);
    let mut helper = Searcher::<MASKED>::helper(shared, Arc::clone(&working.0));
    helper.share(&working.0);
    helper.flush();
}

impl<const MASKED: bool> Searcher<'_, MASKED> {
    /// Whether a null-window node of `empties` with `rest` moves left after
    /// the first shares them out: on two threads or more, from
    /// [`SPLIT_EMPTIES`] up, two moves or more.
    #[inline]
    pub(crate) fn may_split(&self, rest: usize, empties: u32) -> bool {
        empties >= SPLIT_EMPTIES && rest > 1 && self.shared.parallel()
    }

    /// The best of `rest`, the moves after the first at a node of
    /// `empties` searched with the null window `(alpha, alpha + 1)`, shared
    /// out between this thread and the idle ones until one is above
    /// `alpha`. The score and the move (the first in `rest`'s order among
    /// equal scores); meaningless when this searcher is stopped.
    pub(crate) fn split(&mut self, rest: Vec<Child>, alpha: i32, empties: u32) -> (i32, u8) {
        let shared = self.shared;
        let sp = Arc::new(SplitPoint {
            parent: self.split_point(),
            rest,
            alpha,
            empties,
            cut: AtomicBool::new(false),
            next: AtomicUsize::new(0),
            workers: AtomicUsize::new(0),
            best: Mutex::new((MIN_SCORE - 1, usize::MAX, NO_MOVE)),
        });
        shared.board.publish(&sp);
        let mut owner = Searcher::<MASKED>::helper(shared, Arc::clone(&sp));
        owner.share(&sp);
        owner.flush();
        shared.board.remove(&sp);
        // Help below this node until the helpers are done.
        let mut idle = 0u32;
        while sp.workers.load(Ordering::Acquire) > 0 {
            if let Some(below) = shared.board.take(Some(&sp)) {
                work::<MASKED>(shared, below);
                idle = 0;
            } else if idle < SPINS {
                std::hint::spin_loop();
                idle += 1;
            } else {
                std::thread::yield_now();
            }
        }
        let best = *sp.best.lock().unwrap_or_else(PoisonError::into_inner);
        (best.0, best.2)
    }

    /// Takes moves of `sp` and searches them until none is left, one cuts
    /// off or the search stops.
    fn share(&mut self, sp: &SplitPoint) {
        while !self.stopped() {
            let index = sp.next.fetch_add(1, Ordering::Relaxed);
            let Some(child) = sp.rest.get(index) else { break };
            let v = -self.nws(child.player, child.opponent, -sp.alpha - 1, sp.empties - 1);
            if self.stopped() {
                break;
            }
            sp.record(v, index);
        }
    }
}
