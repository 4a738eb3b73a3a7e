//! What the threads of one solve share: the table, the stop flag and why it
//! was raised, the node total, the progress clock, and the board of split
//! points idle threads join ([`split`](super::split)).

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use reversi_core::raw::Kernel;

use super::guess_table::GuessTable;
use super::split_point::{Board, SPLIT_EMPTIES};
use super::table::Table;
use crate::clock::Stopwatch;
use crate::{Progress, SolveError, SolveOptions};

/// A solve of `n` empties gets a table of at most `2^(n + this)` entries
/// (and at most the options' size; 64 MiB by default, 2.8 M entries, from
/// 21 empties up). A fresh table costs its size in page faults and
/// clearing, which many small solves paid over and over: `reversi solve` of
/// WTHOR 1980's 158-160 games at 14, 16 and 18 empties took 0.47 s, 2.41 s
/// and 6.65 s of wall time with `2^(n + 6)` entries (1.5 s of system time
/// at 16 and 18), 0.23 s, 1.35 s and 5.28 s with this (medians of 3
/// alternate pairs, 2026-12-07), the nodes within 1% (at 18 empties
/// 181.2 M before, 179.9 M with `2^n`). On one thread, nodes with `2^n`,
/// `2^(n + 1)` (kept) and `2^(n + 2)` entries against `2^(n + 6)`
/// (geometric mean of the positions' ratios): FFO #20-39 1.009, 1.001,
/// 0.998; the ordering benchmark (60 positions of 20-22 empties)
/// 1,041.2 M and 1,041.1 M nodes against 1,041.4 M; FFO #40-44 1.030 and
/// 1.024, all of it on #40 (20 empties: 29.6 M nodes, 34.2 M with `2^n`).
const TABLE_ENTRIES_SHIFT: u32 = 1;

/// The guesses' table has twice this many entries (3 MiB), made by a
/// solve's first guess (`guess.rs`). (FFO #56, one thread, run
/// side by side: 2^14 buckets 1,094.7 M nodes in 67.5 s, 2^18 1,107.8 M in
/// 68.9 s; 2^16, 1,095.0 M, 67.5 s in another pair.)
const GUESS_BUCKETS: usize = 1 << 16;

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
    /// The bounds of the guesses' searches of the evaluation, made by the
    /// first guess (a solve of too few empties to guess has none).
    guesses: OnceLock<GuessTable>,
    /// Nodes flushed by the threads.
    pub(crate) nodes: AtomicU64,
    /// Threads to search on.
    pub(crate) threads: usize,
    /// The move generator of every thread ([`SolveOptions::backend`]).
    pub(crate) kernel: Kernel,
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
        // At most 2^(n + 1) entries for a solve of n empties (at least
        // 2^10): a fresh table costs its size to clear, and a small solve
        // needs no large one (see `TABLE_ENTRIES_SHIFT`).
        // (Past usize's bits, on 32-bit targets: no bound but the size.)
        let max_entries = 1usize.checked_shl((empties + TABLE_ENTRIES_SHIFT).clamp(10, 40)).unwrap_or(usize::MAX);
        let table = Table::new(options.get_hash_mib(), max_entries)?;
        let threads = options.get_threads();
        let shared = Shared {
            table,
            guesses: OnceLock::new(),
            nodes: AtomicU64::new(0),
            threads,
            kernel: Kernel::new(options.get_backend()),
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

    /// The guesses' table, made on first use.
    #[inline]
    pub(crate) fn guesses(&self) -> &GuessTable {
        self.guesses.get_or_init(|| GuessTable::new(GUESS_BUCKETS))
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
