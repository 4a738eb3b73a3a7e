//! The parallel search: young brothers wait. At a null-window node of
//! enough empties the first move (the eldest brother) is searched alone,
//! or the first two at a node expected to cut off (below); when they do
//! not cut off, the moves after them are shared out: the node becomes a
//! [`SplitPoint`] on the solve's [`Board`](super::split_point::Board), and the thread that owns it and
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
//! Which nodes are expected to cut off follows from the tree's shape: a
//! null-window child of a node of the principal variation is expected to
//! cut off, the children of a node expected to cut off to fail low, and
//! the children of a node expected to fail low to cut off (a pass turns
//! the expectation over). On FFO #45 (24 empties) 97-99% of the nodes of
//! odd empties cut off and 5-19% of those of even empties (the counts in
//! docs/solver-history.md). A node expected to fail low splits after its
//! first move: every move will be searched anyway. A node expected to cut
//! off whose first move did not is mostly one whose cutting move was
//! ordered second or later: moves shared out there are often searched for
//! nothing, so it waits for a second move first. On two threads, all of FFO
//! #40-59 took 1,012.1 s against 1,033.5 s with one elder everywhere,
//! #53 87.6 s against 96.3 s and #54 133.9 s against 147.5 s, 48.61 G
//! nodes against 50.35 G (one thread: 48.66 G; PERFORMANCE.md, "Two
//! elders at the nodes expected to cut off"). Two elders at every node
//! from 20 empties took 1,050.8 s (below).
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
//! arrived after the owner had searched the moves); waiting for two moves
//! before the split at every node of 20 empties and more, whatever it is
//! expected to do (2026-12-07): FFO #53 and #54 on two threads 96.3 s to
//! 86.0 s and 147.5 s to 132.9 s, but #55-58 716.3 s to 756.5 s (idle
//! time at the nodes that fail low), all of #40-59 1,050.8 s against
//! 1,033.5 s (docs/solver-history.md, "FFO #40-59 whole with one elder").

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use reversi_core::raw::Child;

use super::search::{MIN_SCORE, Searcher};
use super::shared::Shared;
use super::split_point::{Done, SPLIT_EMPTIES, SplitPoint, Working};
use super::table::NO_MOVE;

/// Busy-waits of an idle thread before it yields.
const SPINS: u32 = 64;
/// Yields of an idle thread before it sleeps.
const YIELDS: u32 = 256;
/// The longest sleep of an idle thread between looks at the board.
const NAP: Duration = Duration::from_millis(1);

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
    /// its elders (the first move, or the first two at a node expected to
    /// cut off) shares them out: on two threads or more, from
    /// [`SPLIT_EMPTIES`] up, two moves or more.
    #[inline]
    pub(crate) fn may_split(&self, rest: usize, empties: u32) -> bool {
        empties >= SPLIT_EMPTIES && rest > 1 && self.shared.parallel()
    }

    /// The best of `rest`, the moves after the elders at a node of
    /// `empties` searched with the null window `(alpha, alpha + 1)` (a node
    /// expected to cut off if `expect_cut`, so its children are expected to
    /// fail low), shared out between this thread and the idle ones until
    /// one is above `alpha`. The score and the move (the first in `rest`'s
    /// order among equal scores); meaningless when this searcher is stopped.
    pub(crate) fn split(&mut self, rest: Vec<Child>, alpha: i32, empties: u32, expect_cut: bool) -> (i32, u8) {
        let shared = self.shared;
        let sp = Arc::new(SplitPoint {
            parent: self.split_point(),
            rest,
            alpha,
            empties,
            expect_cut,
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
            self.expect(sp.empties - 1, !sp.expect_cut);
            let v = -self.nws(child.player, child.opponent, -sp.alpha - 1, sp.empties - 1);
            if self.stopped() {
                break;
            }
            sp.record(v, index);
        }
    }
}
