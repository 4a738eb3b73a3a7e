//! Exact play for Reversi (Othello): the endgame solver.
//!
//! A solve gives the exact score of a position under perfect play by both
//! sides, from the side to move's view, as OBF files and Edax count it: the
//! final disc difference with the empty squares given to the winner. With it
//! come a best move, the principal variation, and the work done (nodes, time).
//!
//! - [`othello`]: 8x8 Reversi on reversi-core's `u64` bitboards, the fast path.
//! - [`board`]: Reversi on any board reversi-variants holds (1x1 to 26x26,
//!   holes), exact with a generic search.
//! - [`SolveOptions`]: threads, table size, a deadline, a [`Cancel`] token
//!   (Ctrl-C in the front ends) and a progress callback.
//!
//! # Feature flags
//!
//! None: the crate has no optional parts.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod board;
mod error;
mod options;
pub mod othello;
#[doc(hidden)]
pub mod reference;
mod solution;
mod window;

pub use error::SolveError;
pub use options::{Progress, ProgressFn, SolveOptions};
pub use reversi_variants::split::Cancel;
pub use solution::Solution;
pub use window::{Bound, WindowScore};
