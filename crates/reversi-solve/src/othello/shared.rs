//! What the threads of one solve share: the table, the stop flag and why it
//! was raised, the node total, the progress clock, and the board of split
//! points idle threads join ([`split`](super::split)).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use super::split_point::{Board, SPLIT_EMPTIES};
use super::table::Table;
use crate::clock::Stopwatch;
use crate::{Progress, SolveError, SolveOptions};

/// No stop asked for.
const RUNNING: u8 = 0;
/// The cancel token was set.
const CANCELLED: u8 = 1;
/// The deadline passed.
const DEADLINE: u8 = 2;

/// The most often the progress callback is called.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The state of one solve shared by its threads.
pub(crate) struct Shared<'a> {
    /// The transposition table.
    pub(crate) table: Table,
    /// Nodes flushed by the threads.
    pub(crate) nodes: AtomicU64,
    /// Threads to search on.
    pub(crate) threads: usize,
    /// The board's squares in the 8x8 bitboards (`!0`: the full board).
    pub(crate) mask: u64,
    /// Whether the search splits: two threads or more, and enough empties.
    parallel: bool,
    /// The split points open to idle threads.
    pub(crate) board: Board,
    stop: AtomicBool,
    reason: AtomicU8,
    options: &'a SolveOptions,
    start: Stopwatch,
    /// When the progress callback was last called, since the start.
    last_progress: Mutex<Duration>,
}

impl<'a> Shared<'a> {
    /// The shared state of a solve on the board `mask` of a position with
    /// `empties` empties under `options` (already checked), its clock
    /// started at `start`.
    ///
    /// # Errors
    ///
    /// [`SolveError::TableAlloc`] when the table cannot be allocated.
    pub(crate) fn new(
        options: &'a SolveOptions,
        mask: u64,
        empties: u32,
        start: Stopwatch,
    ) -> Result<Shared<'a>, SolveError> {
        // A solve of n empties stores well under 4^(n/2 + 3) positions.
        // (Past usize's bits, on 32-bit targets: no bound but the size.)
        let max_entries = 1usize.checked_shl((empties + 6).clamp(10, 40)).unwrap_or(usize::MAX);
        let table = Table::new(options.get_hash_mib(), max_entries)?;
        let threads = options.get_threads();
        let shared = Shared {
            table,
            nodes: AtomicU64::new(0),
            threads,
            mask,
            parallel: threads > 1 && empties > SPLIT_EMPTIES,
            board: Board::default(),
            stop: AtomicBool::new(false),
            reason: AtomicU8::new(RUNNING),
            options,
            start,
            last_progress: Mutex::new(Duration::ZERO),
        };
        shared.poll();
        Ok(shared)
    }

    /// Whether the search splits onto other threads (in [`run`](super::split::run)).
    #[inline]
    pub(crate) fn parallel(&self) -> bool {
        self.parallel
    }

    /// Whether the threads must stop.
    #[inline]
    pub(crate) fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Raises the stop flag if the token is set or the deadline passed;
    /// calls the progress callback when it is due.
    pub(crate) fn poll(&self) {
        if self.options.get_cancel().is_some_and(|c| c.is_cancelled()) {
            self.halt(CANCELLED);
        }
        let now = self.start.now();
        if self.start.is_past_deadline(now) {
            self.halt(DEADLINE);
        }
        if let (Some(progress), Some(now)) = (self.options.get_progress(), now) {
            let due = match self.last_progress.try_lock() {
                Ok(mut last) if now.saturating_sub(*last) >= PROGRESS_EVERY => {
                    *last = now;
                    true
                }
                _ => false,
            };
            if due {
                progress(&Progress { nodes: self.nodes.load(Relaxed), elapsed: now });
            }
        }
    }

    fn halt(&self, reason: u8) {
        let _ = self.reason.compare_exchange(RUNNING, reason, Relaxed, Relaxed);
        self.stop.store(true, Relaxed);
    }

    /// The error of a stopped solve, `None` when it was not stopped.
    pub(crate) fn stop_error(&self) -> Option<SolveError> {
        let nodes = self.nodes.load(Relaxed);
        let elapsed = self.elapsed();
        match self.reason.load(Relaxed) {
            CANCELLED => Some(SolveError::Cancelled { nodes, elapsed }),
            DEADLINE => Some(SolveError::DeadlineReached { nodes, elapsed }),
            _ => None,
        }
    }

    /// The time since the solve started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
