//! Sets of squares.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::{Square, Symmetry};

/// A set of squares as a `u64`: bit `n` is the square with index `n`
/// (`a1` = bit 0, `h1` = bit 7, `h8` = bit 63; see [`Square`]).
///
/// The inner `u64` is public: every `u64` is a valid set.
///
/// ```
/// use reversi_core::{Bitboard, Square, Symmetry};
/// let corners: Bitboard = [Square::A1, Square::H1, Square::A8, Square::H8].into_iter().collect();
/// assert_eq!(corners.len(), 4);
/// assert!(corners.contains(Square::H8));
/// assert_eq!(corners.transform(Symmetry::Rotate90), corners);
/// assert_eq!(corners.iter().next(), Some(Square::A1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(u64::MAX);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The number of squares in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no square.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The square with the lowest index, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        Square::from_index(self.0.trailing_zeros() as usize)
    }

    /// The squares in index order (`a1`, `b1`, .. `h8`).
    #[must_use]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// The image of the set under a symmetry of the board.
    #[must_use]
    pub const fn transform(self, symmetry: Symmetry) -> Bitboard {
        Bitboard(symmetry.apply_u64(self.0))
    }
}

/// The squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = Square::from_index(self.0.trailing_zeros() as usize)?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Squares {
    fn next_back(&mut self) -> Option<Square> {
        let sq = Square::from_index(63u32.checked_sub(self.0.leading_zeros())? as usize)?;
        self.0 &= !sq.bitboard().0;
        Some(sq)
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        sq.bitboard()
    }
}

impl From<u64> for Bitboard {
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Bitboard) {
        self.0 &= !rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Eight rows of `x` (in the set) and `.` (not), top row first.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8u8 {
            for column in 0..8u8 {
                let sq = Square::new(column, row).unwrap_or(Square::A1);
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            if row < 7 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_both_ways() {
        let b = Bitboard(0x8000_0000_0000_0011);
        let forward: [Square; 3] = [Square::A1, Square::E1, Square::H8];
        assert!(b.iter().eq(forward));
        assert!(b.iter().rev().eq(forward.into_iter().rev()));
        assert_eq!(b.iter().len(), 3);
        assert_eq!(Bitboard::EMPTY.iter().next(), None);
        assert_eq!(Bitboard::EMPTY.iter().next_back(), None);
        assert_eq!(b.first(), Some(Square::A1));
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn set_operations() {
        let a = Bitboard(0b1100);
        let b = Bitboard(0b1010);
        assert_eq!(a & b, Bitboard(0b1000));
        assert_eq!(a | b, Bitboard(0b1110));
        assert_eq!(a ^ b, Bitboard(0b0110));
        assert_eq!(a - b, Bitboard(0b0100));
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
    }
}
