//! The split count: perft past one thread, exactly, for every game and
//! board. Every `reversi perft` and the Python package's `perft` count
//! through it.
//!
//! [`Counter`] ([`deep`](self) count): every count that is not plain
//! one-thread perft. The tree is expanded a few plies below the roots, the
//! positions reached are merged by canonical form over the board's
//! symmetries and counted once each on one thread pool with one shared
//! [`PerftCache`](crate::PerftCache), each count credited to the root moves
//! by its paths; [`Progress`] comes from shared counters; a [`Cancel`] token
//! stops a count from another thread.
//!
//! Counts past one process or machine (a plan's shards, their result files
//! and merge) are the [`shards`](crate::shards) module's, which counts each
//! shard with a [`Counter`].
//!
//! ```
//! use reversi_variants::split::{Counter, DeepOptions};
//! use reversi_variants::{Geometry, Position, Variant, perft};
//!
//! let start = Position::start(Variant::Reversi, Geometry::new(6, 6)?)?;
//! let counter = Counter::new(&start, DeepOptions::new().threads(2).hash_mib(1))?;
//! assert_eq!(counter.count(&start, 7, false)?.total, perft(&start, 7)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod deep;
mod error;

pub use deep::{Cancel, Counter, DeepOptions, MAX_DEPTH, MAX_THREADS, Progress, Split};
pub use error::CounterError;
