//! `reversi`: the rules of Reversi (Othello) and its relatives, in one dependency.
//!
//! This facade re-exports the workspace's crates so that a program can depend on
//! `reversi` alone:
//!
//! - [`core`]: the 8x8 game on `u64` bitboards (`no_std`, no allocation), the
//!   fastest part of the workspace;
//! - [`variants`]: Reversi, Reversitacks and Attacks on any board up to 26x26,
//!   with obstructed squares;
//! - [`notation`]: game records (transcripts, WTHOR so far), replayed with passes.
//!
//! ```
//! use reversi::core::{Position, perft};
//! assert_eq!(perft(&Position::start(), 5), 1396);
//! ```
//!
//! For a `no_std` build, depend on `reversi-core` alone.
//!
//! # Feature flags
//!
//! - `std` (default): run-time CPU dispatch in [`core`].
//! - `serde`: `Serialize`/`Deserialize` for the vocabulary types.

#[doc(inline)]
pub use reversi_core as core;
#[doc(inline)]
pub use reversi_notation as notation;
#[doc(inline)]
pub use reversi_variants as variants;

/// The rules contract: every rule and convention the crates implement, word for
/// word the repository's `RULES.md`. The crate docs repeat it and the tests check it.
///
/// The original rule documents it settles are in the repository's `rules/sources/`.
pub mod rules {
    #![doc = include_str!("../RULES.md")]
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
