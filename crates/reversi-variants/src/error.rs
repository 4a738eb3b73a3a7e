//! Error types.

use crate::{Move, Square, Variant};

/// A square that is not a column `a`-`z` followed by a row `1`-`26`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a square from a1 to z26")]
pub struct ParseSquareError;

/// A move that is not a square, two squares (a jump) or a pass token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a move: a square (c3), two squares for a jump (a1c3), or pass")]
pub struct ParseMoveError;

/// A variant name other than `reversi`, `reversitacks` or `attacks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a variant: reversi, reversitacks or attacks (also othello, ataxx)")]
pub struct ParseVariantError;

/// A board that cannot exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// Width or height outside 1..=26.
    #[error("board size {width}x{height} is out of range: width and height go from 1 to 26")]
    SizeOutOfRange {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// An obstructed square that is not on the board.
    #[error("obstructed square {0} is off the {1}x{2} board")]
    HoleOffBoard(Square, u8, u8),
    /// Text that is neither `WxH` nor a named board.
    #[error("expected a board size WxH (e.g. 8x8, 10x6) or octagon")]
    BadText,
}

/// A default start that does not fit the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// The board is too small to hold the start (Reversi's centre block needs
    /// 2x2; the Attacks corners need two columns and two rows).
    #[error("the {variant} start does not fit a {width}x{height} board")]
    DoesNotFit {
        /// The variant.
        variant: Variant,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// A start square is obstructed.
    #[error("start square {0} is obstructed")]
    Obstructed(Square),
    /// Two start pieces fall on one square (the centre block meets a corner).
    #[error("start squares overlap at {0}")]
    Overlap(Square),
}

/// Why a position text was rejected, and where: reversi-core's
/// [`ParsePositionError`](reversi_core::ParsePositionError) (the byte offset and
/// what was wrong) over this crate's [`PositionErrorKind`].
pub type ParsePositionError = reversi_core::ParsePositionError<PositionErrorKind>;

/// What was wrong with a position text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// A character that is not a square (`X`, `O`, `-`, `#` and the other
    /// spellings of [`reversi_core::text::Cell`]) or `/`.
    #[error("expected X, O, -, # or /, found {0:?}")]
    UnexpectedChar(char),
    /// A row whose length differs from the first row's.
    #[error("row {row} has {found} squares, the first row {expected}")]
    RowLength {
        /// The 1-based row.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// More than 26 rows or columns, or none.
    #[error("a board has 1 to 26 rows and columns, found {found}")]
    Size {
        /// The count of rows or columns found (counting stops past 26).
        found: usize,
    },
    /// A board size written before the board (GGS) that is not the board's:
    /// `n` stands for `n` rows of `n` squares.
    #[error("the board size {stated} does not match the {width}x{height} board")]
    SizeMismatch {
        /// The size written.
        stated: usize,
        /// The squares in a row.
        width: usize,
        /// The rows.
        height: usize,
    },
    /// Something that is not a side where the side should be.
    #[error("expected the side to move: X or O (also *, B, W, black, white)")]
    BadSide,
    /// More text after the side to move.
    #[error("expected the end of the position after the side to move")]
    TrailingText,
}

/// Why a count ([`perft`](crate::perft()), [`perft_hashed`](crate::perft_hashed),
/// [`divide`](crate::divide())) was refused before it started, or why a split
/// count (`split::Counter`) stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PerftError {
    /// A depth past [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH): the count
    /// recurses once per ply, and Attacks and Reversitacks games need not end,
    /// so such a depth could exhaust a thread's stack.
    #[error("perft depth {depth} is past the deepest count, {max} plies")]
    TooDeep {
        /// The depth asked for.
        depth: u32,
        /// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH), or the split
        /// count's `split::MAX_DEPTH`.
        max: u32,
    },
    /// A split count whose `split::Cancel` token was set
    /// before it finished: what it had counted is dropped.
    #[error("the count was cancelled before it finished")]
    Cancelled,
}

/// Why a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A square that is not on the board.
    #[error("{0} is off the board")]
    OffBoard(Square),
    /// An obstructed square.
    #[error("{0} is obstructed")]
    Obstructed(Square),
    /// The destination already holds a piece.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A Reversi placement that flips nothing.
    #[error("{0} flips nothing")]
    NoFlips(Square),
    /// A clone with none of the mover's pieces next to the square.
    #[error("no piece of the side to move is next to {0}")]
    NothingToClone(Square),
    /// A jump whose origin is not the mover's piece.
    #[error("{0} does not hold a piece of the side to move")]
    NotOwnPiece(Square),
    /// A jump that is not exactly two squares (Chebyshev) long.
    #[error("{from}{to} is not a jump: the squares must be exactly 2 apart")]
    NotAJump {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A jump in Reversi.
    #[error("reversi has no jumps")]
    JumpInReversi,
    /// A pass while the side to move has a move.
    #[error("cannot pass: a move exists")]
    PassWithMoves,
    /// Any move once the game is over.
    #[error("the game is over")]
    GameOver,
}

/// A position that reversi-core cannot hold: not 8x8 Reversi without holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("reversi-core holds 8x8 Reversi without obstructed squares, not {variant} on {width}x{height}")]
#[non_exhaustive]
pub struct NotOthelloError {
    /// The variant.
    pub variant: Variant,
    /// The board's width.
    pub width: u8,
    /// The board's height.
    pub height: u8,
}

/// A square off reversi-core's 8x8 board: column `i` or beyond, or row `9`
/// or beyond (`TryFrom<Square> for reversi_core::Square`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{square} is off reversi-core's 8x8 board")]
#[non_exhaustive]
pub struct NotOthelloSquareError {
    /// The square.
    pub square: Square,
}

/// A move that reversi-core's 8x8 `Move` cannot hold (`TryFrom<Move> for
/// reversi_core::Move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotOthelloMoveError {
    /// A placement off the 8x8 board.
    #[error("{0} is off reversi-core's 8x8 board")]
    OffBoard(Square),
    /// A jump: reversi-core's moves are placements and passes.
    #[error("{0} is a jump: reversi-core's moves are placements and passes")]
    Jump(Move),
}

/// A [`PerftCache`](crate::PerftCache) of this size cannot be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a perft table of {bytes} bytes")]
#[non_exhaustive]
pub struct CacheAllocError {
    /// The size asked for, in bytes.
    pub bytes: usize,
}
