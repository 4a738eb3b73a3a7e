//! Why a solve gives no answer.

use std::time::Duration;

/// Why a solve stopped without an exact answer, or refused to start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The [`Cancel`](crate::Cancel) token was set (Ctrl-C in the front ends).
    #[error("solve cancelled after {nodes} nodes ({elapsed:.1?})")]
    Cancelled {
        /// Nodes searched before the stop.
        nodes: u64,
        /// Time spent before the stop.
        elapsed: Duration,
    },
    /// The deadline passed before the search finished.
    #[error("solve stopped at its deadline after {nodes} nodes ({elapsed:.1?}): no exact answer")]
    DeadlineReached {
        /// Nodes searched before the stop.
        nodes: u64,
        /// Time spent before the stop.
        elapsed: Duration,
    },
    /// The transposition table asked for is larger than the solver allows.
    #[error("table size {requested} MiB is too large: at most {max} MiB")]
    TableTooLarge {
        /// The size asked for, in MiB.
        requested: usize,
        /// The largest size allowed, in MiB.
        max: usize,
    },
    /// The thread count asked for is out of range.
    #[error("{requested} threads: expected 1 to {max}")]
    Threads {
        /// The count asked for.
        requested: usize,
        /// The largest count allowed.
        max: usize,
    },
    /// The table could not be allocated.
    #[error("cannot allocate a table of {mib} MiB")]
    TableAlloc {
        /// The size asked for, in MiB.
        mib: usize,
    },
    /// A window solve was asked for an empty window.
    #[error("window ({alpha}, {beta}): expected alpha < beta")]
    Window {
        /// The window's bottom.
        alpha: i32,
        /// The window's top.
        beta: i32,
    },
    /// A time limit was given with no clock to measure it: on
    /// `wasm32-unknown-unknown`, which has no system clock, unless
    /// [`SolveOptions::clock`](crate::SolveOptions::clock) gives one.
    #[error("a time limit of {limit:?} needs a clock, and this target has none: give one with SolveOptions::clock")]
    NoClock {
        /// The limit asked for.
        limit: Duration,
    },
    /// A number of empty squares past the 8x8 board's 60 (the depth of
    /// WTHOR's theoretical scores).
    #[error("depth {requested}: expected 0 to {max} empty squares")]
    Depth {
        /// The depth asked for.
        requested: usize,
        /// The most empty squares a position has.
        max: usize,
    },
    /// The position is of a game or board the solver does not solve.
    #[error("cannot solve this position: {reason}")]
    Unsupported {
        /// What the solver refuses and why.
        reason: String,
    },
}
