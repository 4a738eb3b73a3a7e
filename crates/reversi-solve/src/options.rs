//! How a solve runs: threads, table, deadline, stop token, progress.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi_variants::split::Cancel;

use crate::SolveError;

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
/// most a few times a second), never inside the innermost search.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// How a solve runs. A builder: `SolveOptions::new().threads(2).hash_mib(64)`.
#[derive(Clone)]
pub struct SolveOptions {
    threads: usize,
    hash_mib: usize,
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    progress: Option<ProgressFn>,
}

impl SolveOptions {
    /// The most threads a solve may use.
    pub const MAX_THREADS: usize = 1024;
    /// The largest transposition table, in MiB (16 GiB).
    pub const MAX_HASH_MIB: usize = 16 << 10;
    /// The table size when none is given, in MiB.
    pub const DEFAULT_HASH_MIB: usize = 64;

    /// One thread, a table of [`DEFAULT_HASH_MIB`](Self::DEFAULT_HASH_MIB),
    /// no deadline, no token, no progress.
    #[must_use]
    pub fn new() -> SolveOptions {
        SolveOptions { threads: 1, hash_mib: Self::DEFAULT_HASH_MIB, deadline: None, cancel: None, progress: None }
    }

    /// Threads to search on. The score does not depend on it.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> SolveOptions {
        self.threads = threads;
        self
    }

    /// The transposition table's size in MiB (0: no table).
    #[must_use]
    pub fn hash_mib(mut self, mib: usize) -> SolveOptions {
        self.hash_mib = mib;
        self
    }

    /// Stop with [`SolveError::DeadlineReached`] at this instant.
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> SolveOptions {
        self.deadline = Some(deadline);
        self
    }

    /// Stop with [`SolveError::DeadlineReached`] this long after now.
    #[must_use]
    pub fn time_limit(self, limit: Duration) -> SolveOptions {
        match Instant::now().checked_add(limit) {
            Some(deadline) => self.deadline(deadline),
            None => self,
        }
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

    /// The deadline, if any.
    #[must_use]
    pub fn get_deadline(&self) -> Option<Instant> {
        self.deadline
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

    /// Checks the thread count and table size against the limits.
    ///
    /// # Errors
    ///
    /// [`SolveError::Threads`] for 0 or more than
    /// [`MAX_THREADS`](Self::MAX_THREADS) threads,
    /// [`SolveError::TableTooLarge`] past [`MAX_HASH_MIB`](Self::MAX_HASH_MIB).
    pub fn check(&self) -> Result<(), SolveError> {
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
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel.as_ref().map(Cancel::is_cancelled))
            .field("progress", &self.progress.is_some())
            .finish()
    }
}
