//! Exact play for Reversi (Othello): the endgame solver.
//!
//! A solve gives the exact score of a position under perfect play by both
//! sides, from the side to move's view, as OBF files and Edax count it: the
//! final disc difference with the empty squares given to the winner (holes
//! are not empty squares). With it come a best move, the principal
//! variation, and the work done (nodes, time).
//!
//! [`solve`], [`solve_moves`] and [`compare_score`] are the one entry point
//! of every front end (the CLI's `reversi solve`, the engine, Python, wasm):
//! they take any reversi-variants [`Position`]
//! and send standard 8x8 Reversi to the bitboard search ([`othello`]), every
//! other board to the generic one ([`board`]).
//!
//! ```
//! use reversi_solve::{SolveOptions, solve, solve_moves};
//! use reversi_variants::{Geometry, Position, Variant};
//!
//! let start = Position::start(Variant::Reversi, Geometry::new(4, 4)?)?;
//! let solution = solve(&start, &SolveOptions::new())?;
//! assert_eq!(solution.score, -10); // White wins 4x4 Reversi 11-3: 13-3 with the 2 empties
//! assert_eq!(solution.best, Some("d3".parse()?)); // one of 4 symmetric moves, as the search orders them
//! let every = solve_moves(&start, &SolveOptions::new())?;
//! assert!(every.moves.iter().all(|&(_, score)| score == -10)); // the 4 moves are symmetric
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`othello`]: 8x8 Reversi on reversi-core's `u64` bitboards, the fast
//!   path: [`othello::solve`], [`othello::solve_moves`] (every move's score),
//!   [`othello::solve_window`] and [`othello::score_at_least`] (a bound, a
//!   win/draw/loss answer: [`WindowScore`], [`Bound`]).
//! - [`board`]: Reversi on any board reversi-variants holds (1x1 to 26x26,
//!   holes, either colour first), exact with a generic search. Reversitacks
//!   and Attacks are refused ([`SolveError::Unsupported`]): their games need
//!   not end.
//! - [`SolveOptions`]: threads, table size, a deadline (on the system clock
//!   or one the caller gives: [`ClockFn`]), a [`Cancel`] token (Ctrl-C in
//!   the front ends) and a progress callback.
//! - [`solve_many`], [`solve_moves_many`]: many positions side by side on
//!   a bounded number of threads, each its answer or its own error, in
//!   order (a dataset's labels, a batch from Python).
//! - [`Summary`]: a solve's answer as named fields, the one definition of
//!   `reversi solve --json`'s line and Python's `solve` dict.
//! - `wthor` (the module, with the feature `wthor`): WTHOR's theoretical scores checked and
//!   filled by the solver, as Edax's `-wtest` checks them.
//! - [`check_expected`]: expected scores (an OBF line's) against a solve.
//! - [`xot`]: balanced openings (the equivalent of the XOT list) generated
//!   from a seed, valued by the solver where it reaches, else by a
//!   documented shallow search, deduplicated under the 8 symmetries.
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
//! assert_eq!(scores.moves[0].1, 6);
//! // A window: is the score above 4? (Cheaper than the exact score.)
//! let bound = othello::solve_window(&position, 3, 5, &options)?;
//! assert_eq!(bound.bound, Bound::AtLeast);
//! assert!(othello::score_at_least(&position, 1, &options)?); // a win
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` for [`Summary`] (and [`MoveScore`]; `wthor::CheckReport` with `wthor`), written with
//!   the field names as keys.
//! - `wthor`: the `wthor` module, over reversi-notation's records (not
//!   linked here, so that the docs build without the feature).
//!
//! # WebAssembly
//!
//! The crate builds for `wasm32-unknown-unknown` (the npm package's
//! `solve`), where std has no threads and no clock: there a solve runs on
//! one thread ([`SolveOptions::MAX_THREADS`] is 1, more is
//! [`SolveError::Threads`]) and reads no clock unless
//! [`SolveOptions::clock`] gives one (a time limit without one is
//! [`SolveError::NoClock`]).

#![cfg_attr(docsrs, feature(doc_cfg))]

mod batch;
pub mod board;
mod clock;
mod embed;
mod error;
mod expected;
mod options;
pub mod othello;
#[doc(hidden)]
pub mod reference;
mod scores;
mod solution;
mod summary;
mod window;
#[cfg(feature = "wthor")]
#[cfg_attr(docsrs, doc(cfg(feature = "wthor")))]
pub mod wthor;
pub mod xot;

use std::cmp::Ordering;

pub use batch::{solve_many, solve_moves_many};
pub use clock::ClockFn;
pub use error::SolveError;
pub use expected::{Mismatch, check_expected};
pub use options::{Progress, ProgressFn, SolveOptions};
pub use reversi_core::Backend;
pub use reversi_variants::split::Cancel;
pub use scores::MoveScores;
pub use solution::Solution;
pub use summary::{MoveScore, Summary};
pub use window::{Bound, WindowScore};

use embed::embed;
use reversi_variants::{Move, Position};

/// The exact value of `position`, any game reversi-variants holds: Reversi
/// on a board of at most 8 columns and 8 rows (holes or not) by the 8x8
/// bitboard search of [`othello::solve`], the board's squares as a mask;
/// larger Reversi boards by [`board::solve`].
///
/// # Errors
/// As [`SolveOptions::check`]; [`SolveError::Unsupported`] for Reversitacks
/// and Attacks; [`SolveError::TableAlloc`]; [`SolveError::Cancelled`] or
/// [`SolveError::DeadlineReached`] when the search is stopped.
pub fn solve(position: &Position, options: &SolveOptions) -> Result<Solution<Move>, SolveError> {
    match embed(position) {
        Some(board) => {
            let s = board.bits.solve(options)?;
            let pv = s.pv.into_iter().map(|mv| board.unembed(mv)).collect();
            Ok(Solution::new(s.score, s.best.map(|mv| board.unembed(mv)), pv, s.nodes, s.elapsed))
        }
        None => board::solve(position, options),
    }
}

/// The exact score of every legal move of `position`, best first (a single
/// pass when the side to move must pass, none when the game is over).
///
/// # Errors
/// As [`solve`].
pub fn solve_moves(position: &Position, options: &SolveOptions) -> Result<MoveScores<Move>, SolveError> {
    match embed(position) {
        Some(board) => Ok(board.bits.solve_moves(options)?.map(|mv| board.unembed(mv))),
        None => board::solve_moves(position, options),
    }
}

/// Whether the exact score of `position` is below, at or above `k`:
/// `compare_score(p, 0)` is the win (`Greater`), draw (`Equal`) or loss
/// (`Less`) of the side to move: a search of the window around `k`, narrower
/// than [`solve`]'s ([`othello::solve_window`]'s search on boards up to
/// 8x8, [`board::compare_score`] on larger boards).
///
/// # Errors
/// As [`solve`].
pub fn compare_score(position: &Position, k: i32, options: &SolveOptions) -> Result<Ordering, SolveError> {
    match embed(position) {
        Some(board) => {
            let window = board.bits.solve_window(k.saturating_sub(1), k.saturating_add(1), options)?;
            Ok(match window.bound {
                Bound::AtMost => Ordering::Less,
                Bound::AtLeast => Ordering::Greater,
                _ => window.score.cmp(&k),
            })
        }
        None => board::compare_score(position, k, options),
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
