//! How a solve runs: threads, table, move generator, clock and deadline,
//! stop token, progress.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi_core::Backend;
use reversi_variants::split::Cancel;

use crate::SolveError;
use crate::clock::{Clock, ClockFn, Deadline, HAS_CLOCK_AND_THREADS, Stopwatch};

/// What a progress callback is told, now and then during a long solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
}

/// A progress callback: called from the solving threads now and then (at
/// most a few times a second, as the solve's clock says: never without
/// one), never inside the innermost search.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// How a solve runs. A builder: `SolveOptions::new().threads(2).hash_mib(64)`.
///
/// On WebAssembly without an operating system (`wasm32-unknown-unknown`:
/// the browser, Node), where std has neither threads nor a clock: at most
/// one thread ([`MAX_THREADS`](Self::MAX_THREADS) is 1 there, more is
/// [`SolveError::Threads`]), and no clock unless [`clock`](Self::clock)
/// gives one (without it a solve reports zero time and calls no progress
/// callback, and a time limit is [`SolveError::NoClock`]).
#[derive(Clone)]
pub struct SolveOptions {
    threads: usize,
    hash_mib: usize,
    backend: Backend,
    clock: Clock,
    deadline: Option<Deadline>,
    cancel: Option<Cancel>,
    progress: Option<ProgressFn>,
}

impl SolveOptions {
    /// The most threads a solve may use: 1024, and 1 on WebAssembly without
    /// an operating system (`wasm32-unknown-unknown`), which has no threads.
    pub const MAX_THREADS: usize = if HAS_CLOCK_AND_THREADS { 1024 } else { 1 };
    /// The largest transposition table, in MiB (16 GiB).
    pub const MAX_HASH_MIB: usize = 16 << 10;
    /// The table size when none is given, in MiB.
    pub const DEFAULT_HASH_MIB: usize = 64;

    /// One thread, a table of [`DEFAULT_HASH_MIB`](Self::DEFAULT_HASH_MIB),
    /// the fastest move generator this CPU runs ([`Backend::detect`]),
    /// the system's clock (none on `wasm32-unknown-unknown`), no deadline,
    /// no token, no progress.
    #[must_use]
    pub fn new() -> SolveOptions {
        SolveOptions {
            threads: 1,
            hash_mib: Self::DEFAULT_HASH_MIB,
            backend: Backend::detect(),
            clock: Clock::default_for_target(),
            deadline: None,
            cancel: None,
            progress: None,
        }
    }

    /// Threads to search on. The score does not depend on it.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> SolveOptions {
        self.threads = threads;
        self
    }

    /// The transposition table's size in MiB (0: no table): the most it
    /// takes. A position of few empties gets a smaller table on boards up
    /// to 8x8 (at most `2^(empties + 1)` entries of 24 bytes), since a fresh
    /// table costs its size to clear.
    ///
    /// On boards up to 8x8 a thread keeps the memory of its last solve's
    /// table (the largest it needed, at most this size) for its next solve,
    /// which then pays no page faults and no clearing; the answers are those
    /// of a fresh table. The memory is given back when the thread ends (the
    /// threads of [`solve_many`](crate::solve_many) end with the batch).
    #[must_use]
    pub fn hash_mib(mut self, mib: usize) -> SolveOptions {
        self.hash_mib = mib;
        self
    }

    /// The move generator's build for the search of boards up to 8x8 (the
    /// full board, and smaller boards or boards with holes set in its
    /// bitboards), as reversi-variants' `DeepOptions::backend` for counts:
    /// to measure one build against another, say the AVX2 build
    /// ([`Backend::X86_64V3`]) on a CPU with AVX-512. One this CPU cannot
    /// run falls back to [`Backend::Portable`] ([`Backend::is_available`]
    /// tells beforehand). The score, the moves and the nodes are the same
    /// on every build; larger boards have their own move generator.
    #[must_use]
    pub fn backend(mut self, backend: Backend) -> SolveOptions {
        self.backend = backend;
        self
    }

    /// The clock the solve reads for its time, its deadline and its
    /// progress, instead of the system's: `clock()` is the time since an
    /// origin of the caller's choosing and never goes back. On
    /// `wasm32-unknown-unknown`, which has no system clock, this is the only
    /// way to a time limit (in a browser: `performance.now()`).
    #[must_use]
    pub fn clock(mut self, clock: impl Fn() -> Duration + Send + Sync + 'static) -> SolveOptions {
        let clock: ClockFn = Arc::new(clock);
        // A limit given before the clock is measured from now on it.
        if let Some(Deadline::Unmeasured(limit)) = self.deadline {
            self.deadline = Deadline::after(limit, &Clock::Given(Arc::clone(&clock)));
        }
        self.clock = Clock::Given(clock);
        self
    }

    /// Stop with [`SolveError::DeadlineReached`] at this instant of the
    /// system clock (none on `wasm32-unknown-unknown`: there, see
    /// [`clock`](Self::clock) and [`time_limit`](Self::time_limit)).
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> SolveOptions {
        self.deadline = Some(Deadline::At(deadline));
        self
    }

    /// Stop with [`SolveError::DeadlineReached`] this long after now, as the
    /// solve's clock measures it (the system's, or [`clock`](Self::clock)'s;
    /// with no clock, [`check`](Self::check) refuses it).
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> SolveOptions {
        if let Some(deadline) = Deadline::after(limit, &self.clock) {
            self.deadline = Some(deadline);
        }
        self
    }

    /// Stop with [`SolveError::Cancelled`] when this token is set.
    #[must_use]
    pub fn cancel(mut self, cancel: Cancel) -> SolveOptions {
        self.cancel = Some(cancel);
        self
    }

    /// Call `progress` now and then during the solve.
    #[must_use]
    pub fn progress(mut self, progress: impl Fn(&Progress) + Send + Sync + 'static) -> SolveOptions {
        self.progress = Some(Arc::new(progress));
        self
    }

    /// The thread count.
    #[must_use]
    pub fn get_threads(&self) -> usize {
        self.threads
    }

    /// The table size in MiB.
    #[must_use]
    pub fn get_hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// The move generator's build asked for ([`backend`](Self::backend)).
    #[must_use]
    pub fn get_backend(&self) -> Backend {
        self.backend
    }

    /// The deadline as an instant of the system clock, if it is one (a time
    /// limit on a [`clock`](Self::clock) given is not).
    #[must_use]
    pub fn get_deadline(&self) -> Option<Instant> {
        self.deadline.and_then(Deadline::instant)
    }

    /// A solve's clock, started now.
    pub(crate) fn stopwatch(&self) -> Stopwatch {
        Stopwatch::start(&self.clock, self.deadline)
    }

    /// The stop token, if any.
    #[must_use]
    pub fn get_cancel(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }

    /// The progress callback, if any.
    #[must_use]
    pub fn get_progress(&self) -> Option<&ProgressFn> {
        self.progress.as_ref()
    }

    /// The options of one position of a batch: one thread, no progress
    /// callback (the batch reports its own), the rest as given.
    pub(crate) fn one_of_many(&self) -> SolveOptions {
        SolveOptions { threads: 1, progress: None, ..self.clone() }
    }

    /// Checks the thread count and table size against the limits, and that
    /// a time limit has a clock.
    ///
    /// # Errors
    ///
    /// [`SolveError::Threads`] for 0 or more than
    /// [`MAX_THREADS`](Self::MAX_THREADS) threads,
    /// [`SolveError::TableTooLarge`] past [`MAX_HASH_MIB`](Self::MAX_HASH_MIB),
    /// [`SolveError::NoClock`] for a time limit with no clock to measure it
    /// (`wasm32-unknown-unknown` without [`clock`](Self::clock)).
    pub fn check(&self) -> Result<(), SolveError> {
        self.deadline.map_or(Ok(()), Deadline::check)?;
        if self.threads == 0 || self.threads > Self::MAX_THREADS {
            return Err(SolveError::Threads { requested: self.threads, max: Self::MAX_THREADS });
        }
        if self.hash_mib > Self::MAX_HASH_MIB {
            return Err(SolveError::TableTooLarge { requested: self.hash_mib, max: Self::MAX_HASH_MIB });
        }
        Ok(())
    }
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions::new()
    }
}

impl fmt::Debug for SolveOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolveOptions")
            .field("threads", &self.threads)
            .field("hash_mib", &self.hash_mib)
            .field("backend", &self.backend)
            .field("clock", &self.clock)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel.as_ref().map(Cancel::is_cancelled))
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    /// FFO #1 (14 empties): a fraction of a second, so a limit not kept
    /// fails the test rather than hangs it.
    fn ffo_1() -> reversi_core::Position {
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse().unwrap()
    }

    /// A clock that moves `step` seconds at each reading.
    fn stepping(step: u64) -> impl Fn() -> Duration + Send + Sync + 'static {
        let readings = AtomicU64::new(0);
        move || Duration::from_secs(step * readings.fetch_add(1, Relaxed))
    }

    #[test]
    fn a_given_clock_measures_the_solve_and_its_limit() {
        let solution = crate::othello::solve(&ffo_1(), &SolveOptions::new().clock(stepping(1))).unwrap();
        assert_eq!(solution.score, 18);
        assert!(solution.elapsed >= Duration::from_secs(1), "{:?}", solution.elapsed);
        // An hour a reading: the limit of a minute is past at the first look,
        // given in either order (before the clock, an instant of the system
        // clock, measured from the solve's start on the clock given).
        let limit = Duration::from_secs(60);
        let after = SolveOptions::new().clock(stepping(3600)).time_limit(limit);
        assert!(after.get_deadline().is_none());
        for options in [after, SolveOptions::new().time_limit(limit).clock(stepping(3600))] {
            let err = crate::othello::solve(&ffo_1(), &options).unwrap_err();
            assert!(matches!(err, SolveError::DeadlineReached { .. }), "{err}");
            let text = "--XXXXX-/-OOOXX-O/-OOOXXOX/-OXOXOXX/OXXXOXXX/--XOXOXX/-XXXOOO-/-OOOOO-- X";
            let variants = reversi_variants::Position::from_text(reversi_variants::Variant::Reversi, text).unwrap();
            let err = crate::board::solve_moves(&variants, &options).unwrap_err();
            assert!(matches!(err, SolveError::DeadlineReached { .. }), "{err}");
        }
    }

    #[test]
    fn the_system_clock_is_the_default_here() {
        assert_eq!(SolveOptions::MAX_THREADS, 1024);
        let options = SolveOptions::new().time_limit(Duration::from_secs(3600));
        assert!(options.get_deadline().is_some() && options.check().is_ok());
        assert_eq!(crate::othello::solve(&ffo_1(), &options).unwrap().score, 18);
    }
}
