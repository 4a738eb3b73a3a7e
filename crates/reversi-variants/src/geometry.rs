//! Board geometries: a size and a set of obstructed squares.

use core::fmt;
use core::str::FromStr;

use reversi_core::Symmetry;

use crate::Square;
use crate::bits::{BitSet, Wide};
use crate::error::GeometryError;

/// A board: `width` columns by `height` rows (each 1 to 26) and a set of
/// obstructed squares ("holes").
///
/// An obstructed square never holds a piece, is never a move target, breaks a
/// Reversi line as an empty square does and is never an adjacent piece; pieces may
/// jump over it (RULES.md). Text (`Display`, `FromStr`) is the size, `8x8`; the
/// holes are listed separately (see [`Geometry::holes`]).
///
/// ```
/// use reversi_variants::{Geometry, Square};
/// let g = Geometry::new(10, 6)?.with_holes(["e3".parse()?, "f4".parse()?])?;
/// assert_eq!((g.width(), g.height(), g.playable_count()), (10, 6, 58));
/// assert!(g.is_hole("e3".parse()?));
/// assert_eq!(Geometry::octagon().holes().count(), 12);
/// assert!(Geometry::new(27, 8).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde::GeometryRepr", into = "crate::serde::GeometryRepr")
)]
pub struct Geometry {
    width: u8,
    height: u8,
    holes: Wide,
}

impl Default for Geometry {
    /// The standard 8x8 board.
    fn default() -> Geometry {
        Geometry::standard()
    }
}

impl Geometry {
    /// The standard 8x8 board with no holes.
    #[must_use]
    pub const fn standard() -> Geometry {
        Geometry { width: 8, height: 8, holes: Wide::EMPTY }
    }

    /// A `width` x `height` board with no holes.
    ///
    /// # Errors
    /// [`GeometryError::SizeOutOfRange`] unless both are from 1 to 26.
    pub fn new(width: usize, height: usize) -> Result<Geometry, GeometryError> {
        if !(1..=26).contains(&width) || !(1..=26).contains(&height) {
            return Err(GeometryError::SizeOutOfRange { width, height });
        }
        Ok(Geometry { width: width as u8, height: height as u8, holes: Wide::EMPTY })
    }

    /// The GGS "88" octagon: 10x10 with the three squares of each corner removed
    /// (`a1 b1 a2`, `i1 j1 j2`, `a9 a10 b10`, `j9 i10 j10`).
    #[must_use]
    pub fn octagon() -> Geometry {
        let mut g = Geometry { width: 10, height: 10, holes: Wide::EMPTY };
        for (c, r) in [(0, 0), (1, 0), (0, 1)] {
            for (c, r) in [(c, r), (9 - c, r), (c, 9 - r), (9 - c, 9 - r)] {
                g.holes |= Wide::bit(r * 10 + c);
            }
        }
        g
    }

    /// The same board with these squares obstructed as well.
    ///
    /// # Errors
    /// [`GeometryError::HoleOffBoard`] for a square outside the board.
    pub fn with_holes(mut self, holes: impl IntoIterator<Item = Square>) -> Result<Geometry, GeometryError> {
        for sq in holes {
            let i = self.index(sq).ok_or(GeometryError::HoleOffBoard(sq, self.width, self.height))?;
            self.holes |= Wide::bit(i);
        }
        Ok(self)
    }

    /// Columns, 1 to 26.
    #[must_use]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Rows, 1 to 26.
    #[must_use]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// All squares, holes included.
    #[must_use]
    pub const fn square_count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The squares that are not holes.
    #[must_use]
    pub fn playable_count(&self) -> usize {
        self.square_count() - self.holes.count() as usize
    }

    /// Whether `sq` is on the board (a hole is on the board).
    #[must_use]
    pub const fn contains(&self, sq: Square) -> bool {
        sq.column() < self.width && sq.row() < self.height
    }

    /// Whether `sq` is an obstructed square of this board.
    #[must_use]
    pub fn is_hole(&self, sq: Square) -> bool {
        self.index(sq).is_some_and(|i| self.holes.has(i))
    }

    /// Whether `sq` is on the board and not obstructed.
    #[must_use]
    pub fn is_playable(&self, sq: Square) -> bool {
        self.index(sq).is_some_and(|i| !self.holes.has(i))
    }

    /// The playable squares as a set, bit `row * width + column`.
    pub(crate) fn playable_set(&self) -> Wide {
        let mut set = Wide::EMPTY;
        let n = self.square_count();
        for (w, word) in set.0.iter_mut().enumerate() {
            let below = n.saturating_sub(64 * w).min(64);
            *word = if below == 64 { u64::MAX } else { (1u64 << below) - 1 };
        }
        set & !self.holes
    }

    /// The obstructed squares, row by row.
    pub fn holes(&self) -> impl Iterator<Item = Square> + '_ {
        self.holes.indices().map(|i| self.square(i))
    }

    /// Every square of the board, row by row, holes included.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.square_count()).map(|i| self.square(i))
    }

    /// The squares that are not holes, row by row.
    pub fn playable_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares().filter(|&sq| self.is_playable(sq))
    }

    /// The bit index of `sq` (`row * width + column`), if it is on the board.
    #[must_use]
    pub const fn index(&self, sq: Square) -> Option<usize> {
        if self.contains(sq) { Some(sq.row() as usize * self.width as usize + sq.column() as usize) } else { None }
    }

    /// The square of a bit index below [`square_count`](Geometry::square_count).
    pub(crate) fn square(&self, index: usize) -> Square {
        let w = usize::from(self.width);
        Square::new((index % w) as u8, (index / w) as u8)
            .unwrap_or_else(|| unreachable!("index {index} is on the board"))
    }

    /// Where `symmetry` takes `sq`; rotations and diagonal mirrors need a square
    /// board, so on a rectangle they give `None`.
    #[must_use]
    pub fn map(&self, symmetry: Symmetry, sq: Square) -> Option<Square> {
        let (w, h) = (self.width - 1, self.height - 1);
        let (c, r) = (sq.column(), sq.row());
        if !self.contains(sq) {
            return None;
        }
        let square_board = self.width == self.height;
        let (c, r) = match symmetry {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate180 => (w - c, h - r),
            Symmetry::FlipVertical => (c, h - r),
            Symmetry::FlipHorizontal => (w - c, r),
            Symmetry::Rotate90 if square_board => (h - r, c),
            Symmetry::Rotate270 if square_board => (r, w - c),
            Symmetry::FlipDiagonal if square_board => (r, c),
            Symmetry::FlipAntiDiagonal if square_board => (h - r, w - c),
            _ => return None,
        };
        Square::new(c, r)
    }

    /// The symmetries of the board: those that map it, holes included, onto
    /// itself (8 on a plain square board, 4 on a plain rectangle, fewer with
    /// holes). [`Symmetry::Identity`] is always first.
    pub fn symmetries(&self) -> impl Iterator<Item = Symmetry> + '_ {
        Symmetry::ALL.into_iter().filter(|&s| {
            self.squares().all(|sq| self.map(s, sq).is_some_and(|image| self.is_hole(image) == self.is_hole(sq)))
        })
    }
}

impl fmt::Display for Geometry {
    /// `WxH`, e.g. `8x8`, or `octagon` for [`Geometry::octagon`] (what
    /// [`FromStr`] reads back); other holes are not part of the text. Width,
    /// fill and alignment apply.
    ///
    /// ```
    /// use reversi_variants::Geometry;
    /// assert_eq!(Geometry::new(10, 6)?.to_string(), "10x6");
    /// assert_eq!(Geometry::octagon().to_string(), "octagon");
    /// assert_eq!("octagon".parse::<Geometry>()?, Geometry::octagon());
    /// # Ok::<(), reversi_variants::GeometryError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Geometry::octagon() {
            return f.pad("octagon");
        }
        reversi_core::internal::pad_display(f, format_args!("{}x{}", self.width, self.height))
    }
}

impl FromStr for Geometry {
    type Err = GeometryError;

    /// Reads `WxH` (e.g. `8x8`, `10x6`; `x` in any case) or `octagon` / `88`.
    ///
    /// # Errors
    /// [`GeometryError::BadText`] for other text, [`GeometryError::SizeOutOfRange`]
    /// for a size outside 1..=26.
    fn from_str(s: &str) -> Result<Geometry, GeometryError> {
        if s.eq_ignore_ascii_case("octagon") || s == "88" {
            return Ok(Geometry::octagon());
        }
        let (w, h) = s.split_once(['x', 'X']).ok_or(GeometryError::BadText)?;
        let number = |t: &str| {
            if t.is_empty() || t.len() > 4 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(GeometryError::BadText);
            }
            t.parse::<usize>().map_err(|_| GeometryError::BadText)
        };
        Geometry::new(number(w)?, number(h)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!("10x6".parse::<Geometry>().map(|g| (g.width(), g.height())), Ok((10, 6)));
        assert_eq!("27x8".parse::<Geometry>(), Err(GeometryError::SizeOutOfRange { width: 27, height: 8 }));
        assert_eq!("0x8".parse::<Geometry>(), Err(GeometryError::SizeOutOfRange { width: 0, height: 8 }));
        for bad in ["", "8", "8x", "x8", "8x8x8", "-1x8", "99999x8"] {
            assert_eq!(bad.parse::<Geometry>(), Err(GeometryError::BadText), "{bad}");
        }
        assert_eq!("octagon".parse::<Geometry>(), Ok(Geometry::octagon()));
    }

    #[test]
    fn display_pads() {
        let g = Geometry::new(10, 6).unwrap();
        assert_eq!(format!("[{g:>6}]"), "[  10x6]");
        assert_eq!(format!("[{g:^8}]"), "[  10x6  ]");
        assert_eq!(format!("[{:<9}]", crate::Variant::Attacks), "[attacks  ]");
        assert_eq!(format!("[{:>7}]", crate::Variant::Reversi), "[reversi]");
    }

    #[test]
    fn symmetries_respect_shape_and_holes() {
        assert_eq!(Geometry::standard().symmetries().count(), 8);
        assert_eq!(Geometry::new(8, 6).unwrap().symmetries().count(), 4);
        assert_eq!(Geometry::octagon().symmetries().count(), 8);
        let one_hole = Geometry::standard().with_holes(["a1".parse().unwrap()]).unwrap();
        let kept: Vec<Symmetry> = one_hole.symmetries().collect();
        assert_eq!(kept, [Symmetry::Identity, Symmetry::FlipDiagonal]);
    }

    #[test]
    fn holes_must_be_on_the_board() {
        let err = Geometry::new(5, 7).unwrap().with_holes(["f1".parse().unwrap()]).unwrap_err();
        assert_eq!(err.to_string(), "obstructed square f1 is off the 5x7 board");
    }
}
