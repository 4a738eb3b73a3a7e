//! Error types.

use crate::Square;

/// A colour that is not `X`/`O`/`*`/`B`/`W`/`black`/`white`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a colour: X or O (also *, B, W, black, white)")]
pub struct ParseColorError;

/// A square index of 64 or more: see [`Square::try_from`](crate::Square#impl-TryFrom%3Cusize%3E-for-Square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("square index {0} is off the board: indices go from 0 to 63")]
#[non_exhaustive]
pub struct SquareIndexError(pub usize);

/// A square that is not a column `a`-`h` followed by a row `1`-`8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a square from a1 to h8")]
pub struct ParseSquareError;

/// A move that is neither a square nor a pass token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a move: a square from a1 to h8, or pass (also PA, --, 0000)")]
pub struct ParseMoveError;

/// A backend named by [`Backend::from_name`](crate::Backend::from_name) that
/// cannot be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BackendError {
    /// The name is none of `auto`, `portable`, `x86-64-v3`, `x86-64-v4`.
    #[error("expected a backend: auto, portable, x86-64-v3 or x86-64-v4")]
    Unknown,
    /// This CPU lacks the backend's instructions.
    #[error("this CPU cannot run the {} build", .0.name())]
    Unavailable(crate::Backend),
}

/// Two colours claimed the same squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} square(s) hold both colours, the first {}", .0.len(), .0.first().unwrap_or(Square::A1))]
#[non_exhaustive]
pub struct OverlapError(pub crate::Bitboard);

/// Why a position text was rejected, and where: the byte offset and what was
/// wrong. The kind is reversi-core's [`PositionErrorKind`] by default;
/// reversi-variants' `ParsePositionError` is this type over its own kinds (holes,
/// board sizes), so both crates report a bad position the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position at byte {offset}: {kind}")]
#[non_exhaustive]
pub struct ParsePositionError<K = PositionErrorKind> {
    /// Byte offset into the text where the problem was found.
    pub offset: usize,
    /// What was wrong.
    pub kind: K,
}

impl<K> ParsePositionError<K> {
    /// The error of `kind` at byte `offset`.
    #[must_use]
    pub const fn new(offset: usize, kind: K) -> ParsePositionError<K> {
        ParsePositionError { offset, kind }
    }

    /// The same error with its kind converted by `f` (the offset kept).
    #[must_use]
    pub fn map_kind<L>(self, f: impl FnOnce(K) -> L) -> ParsePositionError<L> {
        ParsePositionError { offset: self.offset, kind: f(self.kind) }
    }
}

/// What was wrong with a position text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// A character that is not a square (`X`, `O`, `-` and the other spellings
    /// of [`Cell`](crate::text::Cell)) or a row separator.
    #[error("expected X, O, - or /, found {0:?}")]
    UnexpectedChar(char),
    /// An obstructed square, which the 8x8 core board does not have.
    #[error("found an obstructed square '#': the 8x8 board has none (reversi-variants has them)")]
    Obstructed,
    /// The rows form had a number of rows other than 8, or a leading board size
    /// (GGS) said so.
    #[error("expected 8 rows, found {found}")]
    RowCount {
        /// How many rows there were, or the size written before the board.
        found: usize,
    },
    /// A row with a number of squares other than 8.
    #[error("expected 8 squares in row {row}, found {found}")]
    RowLength {
        /// The 1-based row number.
        row: usize,
        /// How many squares it had.
        found: usize,
    },
    /// A board of one row (the 64-square form) had another number of squares.
    #[error("expected 64 squares, found {found}")]
    SquareCount {
        /// How many squares there were.
        found: usize,
    },
    /// Something that is not a side where the side should be.
    #[error("expected the side to move: X or O (also *, B, W, black, white)")]
    BadSide,
    /// More text after the side to move.
    #[error("expected the end of the position (or ';') after the side to move")]
    TrailingText,
}

/// Why a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The square already holds a disc.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A disc on the square would flip nothing.
    #[error("{0} flips nothing")]
    NoFlips(Square),
    /// A pass while the side to move has a legal move.
    #[error("cannot pass: a move exists")]
    PassWithMoves,
    /// Any move once neither side can move.
    #[error("the game is over")]
    GameOver,
}

/// A placement that [`Position::play_placements`](crate::Position::play_placements)
/// could not play, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("placement {} of the list: {reason}", .index + 1)]
#[non_exhaustive]
pub struct PlacementError {
    /// Its index in the list (0-based).
    pub index: usize,
    /// Why: [`PlayError::Occupied`], [`PlayError::NoFlips`] or [`PlayError::GameOver`].
    pub reason: PlayError,
}
