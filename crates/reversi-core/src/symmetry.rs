//! The eight symmetries of the square board.

use crate::Square;

/// One of the eight symmetries of a square board (the dihedral group of the square).
///
/// Rotations turn clockwise as the board is printed (row `1` at the top).
///
/// What it applies to:
/// - **Here, the 8x8 board:** every symmetry maps [`Square`]s,
///   [`Move`](crate::Move)s, [`Bitboard`](crate::Bitboard)s, boards and
///   positions (`transform`), and raw `u64` sets ([`Symmetry::apply_u64`]);
///   Reversi's rules commute with all of them, which the tests check.
/// - **reversi-variants, any board** (the same type, re-exported): on a square
///   board of any size all eight apply, about the board's centre. On a board
///   that is not square only the four that map a rectangle onto itself do
///   ([`Identity`](Symmetry::Identity), [`Rotate180`](Symmetry::Rotate180),
///   [`FlipVertical`](Symmetry::FlipVertical), [`FlipHorizontal`](Symmetry::FlipHorizontal)):
///   the quarter turns and the diagonal mirrors give `None` there
///   (`Geometry::map`, `Position::transform`). Obstructed squares can rule
///   out more; `Geometry::symmetries` lists the ones a board keeps, and
///   `Position::canonical` uses only those.
///
/// ```
/// use reversi_core::{Square, Symmetry};
/// assert_eq!(Square::A1.transform(Symmetry::Rotate90), Square::H1);
/// assert_eq!(Square::B1.transform(Symmetry::FlipDiagonal), Square::A2);
/// for s in Symmetry::ALL {
///     assert_eq!(Square::C2.transform(s).transform(s.inverse()), Square::C2);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Symmetry {
    /// Leaves every square in place.
    #[default]
    Identity,
    /// Quarter turn clockwise: `a1` to `h1`.
    Rotate90,
    /// Half turn: `a1` to `h8`.
    Rotate180,
    /// Quarter turn anticlockwise: `a1` to `a8`.
    Rotate270,
    /// Mirror top to bottom: row `1` swaps with row `8`.
    FlipVertical,
    /// Mirror left to right: column `a` swaps with column `h`.
    FlipHorizontal,
    /// Mirror in the `a1`-`h8` diagonal: `b1` to `a2`.
    FlipDiagonal,
    /// Mirror in the `h1`-`a8` diagonal: `a1` to `h8`, `b1` to `h7`.
    FlipAntiDiagonal,
}

/// Mirror in the a1-h8 diagonal: (column, row) to (row, column).
const fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// Mirror left to right: reverse the bits of each row byte.
const fn mirror(x: u64) -> u64 {
    x.reverse_bits().swap_bytes()
}

impl Symmetry {
    /// All eight, [`Symmetry::Identity`] first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipVertical,
        Symmetry::FlipHorizontal,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
    ];

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// Where the square at 0-based `(column, row)` of the 8x8 board goes.
    #[must_use]
    pub const fn apply_coords(self, column: u8, row: u8) -> (u8, u8) {
        let (c, r) = (column, row);
        match self {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate90 => (7 - r, c),
            Symmetry::Rotate180 => (7 - c, 7 - r),
            Symmetry::Rotate270 => (r, 7 - c),
            Symmetry::FlipVertical => (c, 7 - r),
            Symmetry::FlipHorizontal => (7 - c, r),
            Symmetry::FlipDiagonal => (r, c),
            Symmetry::FlipAntiDiagonal => (7 - r, 7 - c),
        }
    }

    /// The image of a set of squares given as a raw `u64`.
    #[must_use]
    pub const fn apply_u64(self, x: u64) -> u64 {
        match self {
            Symmetry::Identity => x,
            Symmetry::Rotate90 => mirror(transpose(x)),
            Symmetry::Rotate180 => x.reverse_bits(),
            Symmetry::Rotate270 => transpose(x).swap_bytes(),
            Symmetry::FlipVertical => x.swap_bytes(),
            Symmetry::FlipHorizontal => mirror(x),
            Symmetry::FlipDiagonal => transpose(x),
            Symmetry::FlipAntiDiagonal => transpose(x).reverse_bits(),
        }
    }
}

/// Of the eight images of the pair of sets `(a, b)`, the least `(a, b)`
/// pair, with the symmetry giving it (the first in [`Symmetry::ALL`] on a
/// tie): THE canonical form, of [`Position::canonical`](crate::Position::canonical),
/// [`raw::canonical`](crate::raw::canonical) and the perft table.
#[inline(always)]
pub(crate) fn least_image(a: u64, b: u64) -> (u64, u64, Symmetry) {
    let mut best = (a, b, Symmetry::Identity);
    let mut i = 1;
    while i < 8 {
        let s = Symmetry::ALL[i];
        let image = (s.apply_u64(a), s.apply_u64(b));
        if image < (best.0, best.1) {
            best = (image.0, image.1, s);
        }
        i += 1;
    }
    best
}

impl Square {
    /// The image of this square under a symmetry.
    #[must_use]
    pub const fn transform(self, symmetry: Symmetry) -> Square {
        let (c, r) = symmetry.apply_coords(self.column(), self.row());
        match Square::new(c, r) {
            Some(sq) => sq,
            None => self, // unreachable: symmetries map the board onto itself
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_transforms_agree_with_square_transforms() {
        for s in Symmetry::ALL {
            for sq in Square::all() {
                assert_eq!(s.apply_u64(1 << sq.index()), 1 << sq.transform(s).index(), "{s:?} {sq}");
                assert_eq!(sq.transform(s).transform(s.inverse()), sq);
            }
        }
    }

    #[test]
    fn the_eight_are_distinct() {
        let x = Square::B1.bitboard().0 | Square::A3.bitboard().0;
        for (i, a) in Symmetry::ALL.into_iter().enumerate() {
            for b in &Symmetry::ALL[i + 1..] {
                assert_ne!(a.apply_u64(x), b.apply_u64(x), "{a:?} {b:?}");
            }
        }
    }
}
