//! The error of the split count: a [`Counter`](super::Counter) that cannot
//! be made.

use crate::CacheAllocError;

/// A [`Counter`](super::Counter) that cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CounterError {
    /// Threads outside 1 to [`MAX_THREADS`](super::MAX_THREADS).
    #[error("expected 1 to {max} threads, found {threads}", max = super::MAX_THREADS)]
    Threads {
        /// The threads asked for.
        threads: usize,
    },
    /// The system would not start the threads.
    #[error("a pool of {threads} threads: {message}")]
    Pool {
        /// The threads asked for.
        threads: usize,
        /// The system's reason.
        message: String,
    },
    /// The table cannot be allocated.
    #[error("a table of {mib} MiB: {source}")]
    Table {
        /// The size asked for, in MiB.
        mib: usize,
        /// The allocation's failure.
        source: CacheAllocError,
    },
}
