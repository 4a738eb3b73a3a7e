//! The shape of the board the 8x8 search plays on: its squares, corners, X
//! squares and parity regions. The 8x8 board's are constants ([`FULL`]);
//! a smaller board or one with holes, set in the 8x8 bitboards, has its
//! own, found from its squares ([`Shape::of`]).

use super::bits::{CORNERS, QUADRANTS, X_SQUARES};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// What the search asks of the board's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The board's squares.
    pub(crate) mask: u64,
    /// How many there are.
    pub(crate) squares: i32,
    /// The corners: squares with no neighbour on the board on one side of
    /// each of the four lines through them (no run through them can be
    /// bracketed, so a disc there is never flipped).
    pub(crate) corners: u64,
    /// The squares diagonally next to a corner and off the board's edges
    /// (they give the corner away).
    pub(crate) x_squares: u64,
    /// Four regions for parity: the board's bounding box cut in half each
    /// way (the 8x8 board's 4x4 quadrants).
    pub(crate) quadrants: [u64; 4],
}

/// The 8x8 board.
pub(crate) const FULL: Shape =
    Shape { mask: !0, squares: 64, corners: CORNERS, x_squares: X_SQUARES, quadrants: QUADRANTS };

/// The squares next to one of `set` in the direction of the shift by
/// `shift` (positive: left shift), with the columns that wrap masked out.
fn neighbour(set: u64, shift: i32) -> u64 {
    let wrap = match shift.rem_euclid(8) {
        1 => !FILE_A,
        7 => !FILE_H,
        _ => !0,
    };
    let moved = if shift > 0 { set << shift } else { set >> -shift };
    moved & wrap
}

impl Shape {
    /// The shape of the board whose squares are `mask` (`!0`: [`FULL`]).
    pub(crate) fn of(mask: u64) -> Shape {
        // A square whose neighbour across `shift` is off the board, the
        // edge of the 8x8 board included.
        let open = |shift: i32| neighbour(mask, shift) & mask;
        let closed = |shift: i32| mask & !open(shift);
        // For each line, one side closed: (left or right), (down or up), the
        // two diagonals.
        let lines = [(1, -1), (8, -8), (9, -9), (7, -7)];
        let corners = lines.iter().fold(mask, |c, &(a, b)| c & (closed(a) | closed(b)));
        let edges = lines.iter().take(2).fold(0, |e, &(a, b)| e | closed(a) | closed(b));
        let diagonal = [9, -9, 7, -7].iter().fold(0, |x, &s| x | neighbour(corners, s));
        let x_squares = diagonal & mask & !edges & !corners;
        let columns = (0..8u32).filter(|c| mask & (FILE_A << c) != 0).max().map_or(0, |c| c + 1);
        let rows = (0..8u32).filter(|r| mask & (0xff << (8 * r)) != 0).max().map_or(0, |r| r + 1);
        let (half_c, half_r) = (columns.div_ceil(2), rows.div_ceil(2));
        let left = (0..half_c).fold(0u64, |m, c| m | FILE_A << c);
        let low = if half_r == 0 { 0 } else { u64::MAX >> (64 - 8 * half_r) };
        let quadrants = [left & low & mask, !left & low & mask, left & !low & mask, !left & !low & mask];
        Shape { mask, squares: mask.count_ones() as i32, corners, x_squares, quadrants }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 6x6 board at a1-f6.
    const SIX: u64 = 0x0000_3f3f_3f3f_3f3f;

    #[test]
    fn the_full_board_from_its_mask_is_the_constants() {
        let full = Shape::of(!0);
        assert_eq!(full, FULL);
        assert_eq!(full.corners, 0x8100_0000_0000_0081);
        assert_eq!(full.x_squares, 0x0042_0000_0000_4200); // b2, g2, b7, g7
    }

    #[test]
    fn six_by_six_corners_x_squares_and_quadrants() {
        let shape = Shape::of(SIX);
        assert_eq!(shape.squares, 36);
        // a1, f1, a6, f6.
        assert_eq!(shape.corners, 1 | 1 << 5 | 1 << 40 | 1 << 45);
        // b2, e2, b5, e5.
        assert_eq!(shape.x_squares, 1 << 9 | 1 << 12 | 1 << 33 | 1 << 36);
        // Four 3x3 regions covering the board.
        assert!(shape.quadrants.iter().all(|q| q.count_ones() == 9));
        assert_eq!(shape.quadrants.iter().fold(0, |a, q| a | q), SIX);
        assert_eq!(shape.quadrants[0], 0x07_0707);
    }

    #[test]
    fn a_hole_makes_corners_of_its_neighbours_only_where_every_line_is_closed() {
        // 8x8 without a1: b1 and a2 become corners? b1's column runs up
        // from it (b2) and down off the board: closed; its row has c1 on
        // one side and the hole on the other: closed; both diagonals have
        // the board's edge below: closed. So b1 is a corner, and so is a2.
        let shape = Shape::of(!1);
        assert_eq!(shape.corners & 0b10, 0b10);
        assert_eq!(shape.corners & 1 << 8, 1 << 8);
        assert_eq!(shape.corners & 1, 0);
        assert_eq!(shape.squares, 63);
    }
}
