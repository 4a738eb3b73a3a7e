//! Exact play for Reversi (Othello): the endgame solver.
//!
//! A solve gives the exact score of a position under perfect play by both
//! sides, from the side to move's view, as OBF files and Edax count it: the
//! final disc difference with the empty squares given to the winner. With it
//! come a best move, the principal variation, and the work done (nodes, time).
//!
//! - [`othello`]: 8x8 Reversi on reversi-core's `u64` bitboards, the fast
//!   path: [`othello::solve`], [`othello::solve_moves`] (every move's score),
//!   [`othello::solve_window`] and [`othello::score_at_least`] (a bound, a
//!   win/draw/loss answer: [`WindowScore`], [`Bound`]).
//! - [`board`]: Reversi on any board reversi-variants holds (1x1 to 26x26,
//!   holes), exact with a generic search.
//! - [`SolveOptions`]: threads, table size, a deadline, a [`Cancel`] token
//!   (Ctrl-C in the front ends) and a progress callback.
//!
//! ```
//! use reversi_core::Position;
//! use reversi_solve::{Bound, SolveOptions, othello};
//!
//! // FFO #20: 6 empties, Black to move wins by 6 with h5.
//! let position: Position = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X".parse()?;
//! let options = SolveOptions::new().threads(2).hash_mib(16);
//! let solution = othello::solve(&position, &options)?;
//! assert_eq!(solution.score, 6);
//! assert_eq!(solution.best.map(|m| m.to_string()).as_deref(), Some("h5"));
//! println!("{} nodes, pv {:?}", solution.nodes, solution.pv);
//!
//! // Every move's exact score, best first (an OBF answer list).
//! let scores = othello::solve_moves(&position, &options)?;
//! assert_eq!(scores[0].1, 6);
//! // A window: is the score above 4? (Cheaper than the exact score.)
//! let bound = othello::solve_window(&position, 3, 5, &options)?;
//! assert_eq!(bound.bound, Bound::AtLeast);
//! assert!(othello::score_at_least(&position, 1, &options)?); // a win
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
