//! Reversi and its relatives on any board: from 1x1 to 26x26, rectangular, with
//! obstructed squares. Three games share one engine:
//!
//! - **Reversi** (Othello rules), with the first-mover option;
//! - **Reversitacks**: a piece clones to an adjacent square or jumps two squares,
//!   then Reversi lines from the destination flip, then the adjacent opposing
//!   pieces convert;
//! - **Attacks** (Ataxx): the same without the Reversi flips.
//!
//! ```
//! use reversi_variants::{Geometry, Move, Position, Variant, perft};
//!
//! let board = Geometry::new(10, 10)?;
//! let mut pos = Position::start(Variant::Reversitacks, board)?;
//! pos.play("a1c3".parse()?)?;                 // a jump: a1 empties
//! assert_eq!(pos.get("a1".parse()?), None);
//! pos.play("i2".parse()?)?;                   // a clone from j1: j1 stays
//! assert!(pos.get("j1".parse()?).is_some());
//! assert!(pos.play("b2".parse()?).is_ok());   // Black clones next to c3
//!
//! let octagon = Position::start(Variant::Reversi, Geometry::octagon())?;
//! assert_eq!(perft(&octagon, 4)?, 244);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Conventions
//!
//! These repeat the project's `RULES.md` (at the repository's root), the contract the tests check
//! (it is also in the facade crate's docs as `reversi_rules::rules`).
//!
//! - **Coordinates.** Columns `a`..`z` left to right, rows `1`..`26` top to bottom;
//!   `a1` is the top-left corner. Square text is the column letter and the row
//!   number (`j10`), any case on input.
//! - **Obstructed squares** never hold a piece, are never a move target, break a
//!   Reversi line as an empty square does and are never an adjacent piece; pieces
//!   may jump over them.
//! - **Starts.** Reversi: the 2x2 centre block (columns `W/2-1`, `W/2`, rows
//!   `H/2-1`, `H/2`, 0-based), top-left and bottom-right White. Attacks: Black on the
//!   top-left and bottom-right corners, White on the other two. Reversitacks: both.
//!   A start that does not fit, overlaps or is obstructed is an error
//!   ([`StartError`]). Black moves first unless the first-mover option says White.
//!   [`StartBuilder`] makes a start from its parts, typed or as the words a user
//!   types (variant, board, holes, first mover), refusing each bad one by name
//!   ([`StartBuilderError`]).
//! - **Moves.** A Reversi placement must flip a line. A clone (distance 1) keeps its
//!   origin and is identified by its destination alone: clones from different
//!   origins to one square are one move. A jump (distance 2) empties its origin
//!   first. A side with no move passes, and may pass only then; a pass is a move.
//! - **End.** Reversi: neither side can move. Reversitacks and Attacks: neither side
//!   can move or a side has no pieces. Most pieces wins.
//! - **Perft.** A pass is a ply; a finished game reached early is one leaf.
//! - **Text.** Moves `c3`, `a1c3`, `pass` (also `PA`, `pa`, `--`, `0000` on input);
//!   positions as rows joined by `/` with `X`, `O`, `-`, `#`, a space and the side to
//!   move; the board size is read from the rows. On input, the spellings of
//!   reversi-core, read by its tokenizer ([`reversi_core::text`]): `x` `B` `b` `*`
//!   Black, `o` `W` `w` White, `.` empty, rows separated by whitespace, a leading GGS
//!   size, the 64-character Edax/OBF form (8x8), no side (Black to move). `Display`
//!   of squares, moves, variants, geometries and scores honours width, fill and
//!   alignment.
//! - **Counts.** Piece and square counts are `usize`; margins ([`Position::margin`],
//!   from the mover's view, and [`Score::margin`]) are `i32`. A [`Score`] and an
//!   [`Outcome`] are written `38-26`, Black first.
//!
//! # Engine
//!
//! One engine ([`engine`](crate) internals), generic over the bit-set type: `u64` for
//! boards up to 64 squares, `u128` up to 128 and a 704-bit set beyond, chosen at
//! run time from the board. Move generation, flipping, the Attacks steps, perft and
//! play are written once for every variant and size.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`Move`] and [`Variant`]
//!   as text, [`Geometry`] as `{width, height, holes}` and [`Position`] as
//!   `{variant, position}`; input is validated by the same constructors.
//! - `split` (default): the `split` module, the split count, perft on a thread pool with one
//!   shared table (rayon).
//! - `shards` (default, with `split`): the `shards` module, the distributed
//!   count's files: plans, shard results (one line of JSON: serde_json) and
//!   their merge, for counts past one process or machine.

#![cfg_attr(docsrs, feature(doc_cfg))]

mod bits;
mod cursor;
mod dispatch;
mod engine;
mod error;
mod geometry;
mod legal;
mod moves;
mod node;
pub mod output;
mod perft;
mod position;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "shards")]
#[cfg_attr(docsrs, doc(cfg(feature = "shards")))]
pub mod shards;
mod simd;
#[cfg(feature = "split")]
#[cfg_attr(docsrs, doc(cfg(feature = "split")))]
pub mod split;
mod square;
mod squareset;
mod start;
mod table;
mod text;
mod variant;
mod visit;
mod words;
mod zobrist;

pub use cursor::{Cursor, Played};
pub use error::CacheAllocError;
pub use error::{
    GeometryError, NotOthelloError, NotOthelloMoveError, NotOthelloSquareError, ParseMoveError, ParsePositionError,
    ParseSquareError, ParseVariantError, PerftError, PlayError, PositionErrorKind, StartError,
};
pub use geometry::Geometry;
pub use legal::Moves;
pub use moves::Move;
pub use perft::{Divide, MAX_COUNT_DEPTH, MAX_PERFT_DEPTH, divide, perft, perft_hashed, perft_hashed_with, perft_with};
pub use position::Position;
pub use reversi_core::{Backend, Color, Outcome, Score, Symmetry};
pub use square::Square;
pub use squareset::SquareSet;
pub use start::{StartBuilder, StartBuilderError};
pub use table::PerftCache;
pub use text::Pretty;
pub use variant::Variant;

/// Not public API: exempt from semver, may change or go in any release. The
/// hooks that the workspace's CLI, tests and fuzz targets reach this one
/// through, in one place (reversi-notation uses none: it replays through
/// [`Cursor`]).
#[doc(hidden)]
pub mod internal {
    use crate::Position;

    /// [`Position`]'s hooks for the workspace's other crates: `use
    /// reversi_variants::internal::PositionHooks as _;` to call them as methods.
    pub trait PositionHooks {
        /// The same position on this crate's generic engine even when it is
        /// standard 8x8 Reversi: for the tests that compare the two engines
        /// and the CLI's `--engine generic`.
        #[must_use]
        fn on_generic_engine(self) -> Self;
        /// Makes `self` a copy of `source`, as `*self = *source` does, copying
        /// only the words that can differ between two 8x8 Reversi positions.
        fn copy_from(&mut self, source: &Self);
    }

    impl PositionHooks for Position {
        #[inline(always)]
        fn on_generic_engine(self) -> Position {
            Position::on_generic_engine(self)
        }
        #[inline(always)]
        fn copy_from(&mut self, source: &Position) {
            Position::copy_from(self, source);
        }
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
