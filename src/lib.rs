//! `reversi-rules`: the rules of Reversi (Othello) and its relatives, in one dependency.
//!
//! This facade re-exports the workspace's crates so that a program can depend on
//! `reversi-rules` alone:
//!
//! - [`othello`]: the 8x8 game on `u64` bitboards (`no_std`, no allocation), the
//!   fastest part of the workspace: the crate `reversi-core` (named for the
//!   game it plays, so that `use reversi_rules::othello;` shadows nothing, as a
//!   module named `core` would shadow the language's `core`);
//! - [`variants`]: Reversi, Reversitacks and Attacks on any board up to 26x26,
//!   with obstructed squares;
//! - [`notation`]: game records (transcripts, PGN-style and PlayOK, GGF, WTHOR,
//!   OBF), read, written and replayed with passes.
//!
//! The rules they implement are the [`rules`] module, word for word.
//!
//! ```
//! use reversi_rules::othello::{Position, perft};
//! assert_eq!(perft(&Position::start(), 5), 1396);
//! ```
//!
//! ```
//! # #[cfg(feature = "variants")] {
//! use reversi_rules::variants::{Geometry, Position, Variant, perft};
//! let attacks = Position::start(Variant::Attacks, Geometry::new(7, 7).unwrap()).unwrap();
//! assert_eq!(perft(&attacks, 3).unwrap(), 6_460);
//! # }
//! ```
//!
//! Records come in one way, whatever the format ([`notation::open`] for a
//! path, [`notation::Reader`] for any reader), game by game, every error
//! located as `FILE:LINE:COL: game N, ply P: ...`:
//!
//! ```
//! # #[cfg(feature = "notation")] {
//! use reversi_rules::notation::{Format, Passes, ReadOptions, Reader, replay};
//! let text = "f5d6c3\nf5k9\nf5f6e6f4\n";
//! let mut legal = 0;
//! for game in Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).named("games.txt") {
//!     match game {
//!         Ok(game) => legal += usize::from(replay(&game, Passes::Infer).is_ok()),
//!         Err(e) => assert!(e.to_string().starts_with("games.txt:2:3: game 2: expected a move")),
//!     }
//! }
//! assert_eq!(legal, 2);
//! # }
//! ```
//!
//! # Feature flags
//!
//! - `std` (default): run-time CPU dispatch in [`othello`] and std error traits.
//! - `variants` (default, needs `std`): re-exports [`variants`].
//! - `notation` (default, needs `variants`): re-exports [`notation`].
//! - `serde`: `Serialize`/`Deserialize` for the vocabulary types of every
//!   re-exported crate.
//!
//! With `default-features = false` the facade is [`othello`] alone and `no_std`
//! (the same as depending on `reversi-core` with `default-features = false`).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[doc(inline)]
pub use reversi_core as othello;
#[cfg(feature = "notation")]
#[doc(inline)]
pub use reversi_notation as notation;
#[cfg(feature = "variants")]
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
#[cfg(all(doctest, feature = "notation"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
