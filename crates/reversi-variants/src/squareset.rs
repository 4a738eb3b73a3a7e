//! Sets of squares of one board.

use core::fmt;

use crate::bits::{BitSet, Wide};
use crate::{Geometry, Square};

/// A set of squares of one board, as a bit set (bit `row * width + column`):
/// what [`Position::destinations`](crate::Position::destinations) returns, the
/// legal moves of Reversi as a bitboard.
///
/// ```
/// use reversi_variants::{Geometry, Position, Variant};
/// let pos = Position::start(Variant::Reversi, Geometry::new(6, 6)?)?;
/// let moves = pos.destinations();
/// assert_eq!(moves.len(), 4);
/// assert!(moves.contains("c2".parse()?));
/// assert_eq!(moves.to_string(), "c2 b3 e4 d5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareSet {
    geometry: Geometry,
    bits: Wide,
}

impl SquareSet {
    pub(crate) const fn new(geometry: Geometry, bits: Wide) -> SquareSet {
        SquareSet { geometry, bits }
    }

    /// Whether `sq` is in the set (false for a square off the board).
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        self.geometry.index(sq).is_some_and(|i| self.bits.has(i))
    }

    /// The number of squares.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bits.count() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// The squares, row by row.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.bits.indices().map(|i| self.geometry.square(i))
    }

    /// The bits, `row * width + column`, eleven 64-bit words, lowest first.
    #[must_use]
    pub const fn words(&self) -> [u64; 11] {
        self.bits.0
    }
}

impl fmt::Display for SquareSet {
    /// The squares, row by row, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            sq.fmt(f)?;
        }
        Ok(())
    }
}
