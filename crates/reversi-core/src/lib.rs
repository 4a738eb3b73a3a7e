//! The 8x8 game of Reversi (Othello) on `u64` bitboards: squares, moves (a pass is
//! a move), legal moves, flips, passes and the end of the game, scores, Zobrist
//! hashing, the eight symmetries and perft.
//!
//! `#![no_std]`, and nothing here allocates.
//!
//! ```
//! use reversi_core::{Move, Position, Square, perft};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 4);
//! pos.play(Move::Place(Square::F5))?;                   // checked: errors leave `pos` as it was
//! assert_eq!(pos.to_string(), "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O");
//! assert_eq!(perft(&Position::start(), 8), 390_216);
//!
//! let pos: Position = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- O".parse()?;
//! assert_eq!(pos, Position::start_with_first(reversi_core::Color::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Conventions
//!
//! These repeat the project's `RULES.md` (at the repository's root), which is the contract the tests check
//! (it is also in the facade crate's docs as `reversi_rules::rules`).
//!
//! - **Coordinates.** Columns `a`..`h` left to right, rows `1`..`8` top to bottom:
//!   `a1` is the top-left corner. A [`Square`]'s index is `8 * row + column` and is its
//!   bit in a [`Bitboard`]: `a1` is bit 0, `h8` bit 63.
//! - **Start.** White on `d4` and `e5`, Black on `e4` and `d5`. Black moves first by
//!   default; [`Position::start_with_first`] is the rule option for White first (the
//!   Fundex rule sheet).
//! - **Moves.** A placement must flip at least one line; every bracketed line in the
//!   8 directions flips, nothing else. A side with no placement must pass, and may
//!   pass only then: a pass is a [`Move`]. The game is over when neither side can
//!   place a disc.
//! - **Scores.** [`Position::score`] counts the discs; [`Position::score_empties_to_winner`]
//!   gives the empty squares to the winner (WOF/GGS). Counts and indices are `usize`;
//!   margins ([`Position::margin`], from the mover's view, and [`Score::margin`]) are
//!   `i32`. A [`Score`] and an [`Outcome`] are written `38-26`, Black first.
//! - **Perft.** A pass is a ply; a game that ends before full depth counts one leaf
//!   (see [`perft()`]).
//! - **Text.** Square `f5` (any case on input); move `f5` or `pass` (on input also
//!   `PA`, `pa`, `--`, `0000`); position: rows top to bottom joined by `/`, `X` Black,
//!   `O` White, `-` empty, a space and the side to move, e.g. the start
//!   `--------/--------/--------/---OX---/---XO---/--------/--------/-------- X`. On
//!   input also `x` `B` `b` `*` for Black, `o` `W` `w` for White, `.` for empty, rows
//!   separated by whitespace, a leading GGS board size (`8`), the 64-character
//!   Edax/OBF form, and no side (Black to move): the [`text`] module, which
//!   reversi-variants shares. `Display` of the short tokens honours width, fill and
//!   alignment (`format!("{:>4}", Square::F5)` is `"  f5"`).
//! - **Hashing.** [`Position::hash`] is Zobrist hashing with fixed keys, kept up to date
//!   by every move; its values are stable across versions.
//!
//! # Speed
//!
//! Everything runs on the fastest [`Backend`] this CPU has (x86-64-v3 or v4
//! builds of the same kernel, else the portable one), detected once and cached
//! under `std`: [`perft()`] and its relatives, every [`Position`] and [`Board`]
//! method, and the [`raw`] kernel. [`perft_with`] and [`raw::Kernel::new`] pin a
//! backend. An engine's search works best on [`raw`]: `(player, opponent)`
//! `u64` pairs, no hash to update, a [`raw::Kernel`] handle held in a local,
//! children made four at a time with their moves by [`raw::Kernel::children`],
//! the last two plies of a count in bulk by [`raw::Leaves`] (a perft written
//! that way runs within 1.3 times the library's; see its docs).
//! [`Position`] keeps its Zobrist hash up to date on every move.
//!
//! # Feature flags
//!
//! - `std` (default): picks the fastest [`Backend`] at run time from the CPU's
//!   features (once, cached). Without it the choice is made at compile time
//!   (`-C target-cpu`).
//! - `serde`: `Serialize`/`Deserialize` for [`Color`], [`Square`], [`Move`] and
//!   [`Position`] through their text forms (validated when read), and [`Bitboard`]
//!   as its `u64`.

#![no_std]
#![forbid(unsafe_op_in_unsafe_fn)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(test)]
extern crate std;

mod arch;
mod batch;
mod bitboard;
mod board;
mod color;
mod divide;
mod error;
mod forced_pass;
mod game;
mod grid;
mod kernel;
mod mix;
mod moves;
mod node;
mod pad;
mod perft;
mod position;
pub mod raw;
mod score;
#[cfg(feature = "serde")]
mod serde;
mod square;
mod symmetry;
mod table;
pub mod text;
mod zobrist;

pub use arch::dispatch::Backend;
pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::Color;
pub use divide::Divide;
pub use error::{
    BackendError, OverlapError, ParseColorError, ParseMoveError, ParsePositionError, ParseSquareError, PlacementError,
    PlayError, PositionErrorKind, SquareIndexError,
};
pub use moves::{Move, is_pass_token};
pub use perft::{divide, perft, perft_hashed, perft_hashed_with, perft_with};
pub use position::{Moves, Position, Pretty};
pub use score::{Outcome, Score};
pub use square::Square;
pub use symmetry::Symmetry;
pub use table::{PerftTable, TableEntry};

/// Not public API: exempt from semver, may change or go in any release. The
/// hooks that the workspace's other crates (reversi-variants,
/// reversi-notation, the CLI, the fuzz targets) share with this one, in one
/// place; the `text_serde!` macro is the one hook outside it (a macro is
/// exported at the crate root).
#[doc(hidden)]
pub mod internal {
    pub use crate::divide::{DividePosition, new_divide};
    pub use crate::forced_pass::{Played, ReplayPosition, play_or_pass};
    pub use crate::grid::write_grid;
    pub use crate::kernel::{place, placement_flips};
    pub use crate::mix::mix64;
    pub use crate::pad::pad_display;
    #[cfg(feature = "serde")]
    pub use crate::serde::deserialize_text;
    /// A colour change's hash delta, for reversi-variants' 8x8 fast path.
    pub use crate::zobrist::flip_delta as zobrist_flip_delta;
    /// The Zobrist key stream, for reversi-variants' keys.
    pub use crate::zobrist::key as zobrist_key;
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
