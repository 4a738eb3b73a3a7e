//! The shape of the board the 8x8 search plays on: its squares, corners, X
//! squares and parity regions. The 8x8 board's are constants ([`FULL`]);
//! a smaller board or one with holes, set in the 8x8 bitboards, has its
//! own, found from its squares ([`Shape::of`]).

use reversi_core::Symmetry;

use super::bits::{C_SQUARES, CORNERS, QUADRANTS, X_SQUARES, frontier};

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
    /// The squares next to a corner along a line of the board, not corners
    /// (they give an empty corner away too).
    pub(crate) c_squares: u64,
    /// Four regions for parity: the board's bounding box cut in half each
    /// way (the 8x8 board's 4x4 quadrants).
    pub(crate) quadrants: [u64; 4],
    /// The bit of each square's quadrant in a [`parity`](super::bits::parity)
    /// (0 off the board).
    pub(crate) quadrant_bit: [u8; 64],
    /// For each [`parity`](super::bits::parity), the squares of the
    /// quadrants it holds odd: `parity_squares[parity] & empty` is the
    /// empties in odd quadrants.
    pub(crate) parity_squares: [u64; 16],
    /// Whether the board's squares on each line of the 8x8 board (row,
    /// column, diagonal) are contiguous, no square off the board between
    /// two of them: then a line's squares off the board lie past its ends
    /// and the last move's flips can be counted as on the full board
    /// (`last_flip.rs`). True of rectangles, false of most boards with holes.
    pub(crate) straight_lines: bool,
    /// The symmetries of the 8x8 board that map the board onto itself (the
    /// first `symmetry_count`; the identity first).
    symmetries: [Symmetry; 8],
    symmetry_count: usize,
}

/// The 8x8 board.
pub(crate) const FULL: Shape = Shape {
    mask: !0,
    squares: 64,
    corners: CORNERS,
    x_squares: X_SQUARES,
    c_squares: C_SQUARES,
    quadrants: QUADRANTS,
    quadrant_bit: quadrant_bits(&QUADRANTS),
    parity_squares: parity_squares(&QUADRANTS),
    straight_lines: true,
    symmetries: Symmetry::ALL,
    symmetry_count: 8,
};

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

/// [`Shape::quadrant_bit`] of the regions `quadrants`.
const fn quadrant_bits(quadrants: &[u64; 4]) -> [u8; 64] {
    let mut bits = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut q = 0;
        while q < 4 {
            if quadrants[q] >> sq & 1 == 1 {
                bits[sq] = 1 << q;
            }
            q += 1;
        }
        sq += 1;
    }
    bits
}

/// [`Shape::parity_squares`] of the regions `quadrants`.
const fn parity_squares(quadrants: &[u64; 4]) -> [u64; 16] {
    let mut squares = [0u64; 16];
    let mut parity = 0;
    while parity < 16 {
        let mut q = 0;
        while q < 4 {
            if parity >> q & 1 == 1 {
                squares[parity] |= quadrants[q];
            }
            q += 1;
        }
        parity += 1;
    }
    squares
}

/// Whether no square off the board `mask` lies between two of its squares
/// on a row, a column or a diagonal.
fn straight_lines(mask: u64) -> bool {
    let on = |c: i32, r: i32| (0..8).contains(&c) && (0..8).contains(&r) && mask >> (r * 8 + c) & 1 == 1;
    // Is there a square of the board from (c, r) on, stepping by (dc, dr)?
    let any_on = |(mut c, mut r): (i32, i32), (dc, dr): (i32, i32)| {
        while (0..8).contains(&c) && (0..8).contains(&r) {
            if on(c, r) {
                return true;
            }
            (c, r) = (c + dc, r + dr);
        }
        false
    };
    (0..64).filter(|sq| mask >> sq & 1 == 0).all(|sq| {
        let (c, r) = (sq % 8, sq / 8);
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .into_iter()
            .all(|(dc, dr)| !(any_on((c + dc, r + dr), (dc, dr)) && any_on((c - dc, r - dr), (-dc, -dr))))
    })
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
        let c_squares = [1, -1, 8, -8].iter().fold(0, |x, &s| x | neighbour(corners, s)) & mask & !corners;
        let columns = (0..8u32).filter(|c| mask & (FILE_A << c) != 0).max().map_or(0, |c| c + 1);
        let rows = (0..8u32).filter(|r| mask & (0xff << (8 * r)) != 0).max().map_or(0, |r| r + 1);
        let (half_c, half_r) = (columns.div_ceil(2), rows.div_ceil(2));
        let left = (0..half_c).fold(0u64, |m, c| m | FILE_A << c);
        let low = if half_r == 0 { 0 } else { u64::MAX >> (64 - 8 * half_r) };
        let quadrants = [left & low & mask, !left & low & mask, left & !low & mask, !left & !low & mask];
        let mut symmetries = [Symmetry::Identity; 8];
        let mut symmetry_count = 0;
        for s in Symmetry::ALL {
            if s.apply_u64(mask) == mask {
                symmetries[symmetry_count] = s;
                symmetry_count += 1;
            }
        }
        Shape {
            mask,
            squares: mask.count_ones() as i32,
            corners,
            x_squares,
            c_squares,
            quadrants,
            quadrant_bit: quadrant_bits(&quadrants),
            parity_squares: parity_squares(&quadrants),
            straight_lines: straight_lines(mask),
            symmetries,
            symmetry_count,
        }
    }

    /// A rough evaluation of `(p, o)` on this board for move ordering, in
    /// 1/[`UNIT`](super::eval::UNIT) of a disc from `p`'s side: mobility
    /// (a move a disc), corners held (four discs each), and the
    /// opponent's frontier less one's own (potential mobility, half a disc
    /// a square). The learned evaluations know the 8x8 board and the centred
    /// 6x6 (where this is added to the latter, `probe.rs`'s `value`). (On
    /// the 6x6 positions of 24 and 26 empties of `probe.rs`'s figures,
    /// for its guesses: a quarter of a disc a potential move 22.8 M and
    /// 110.7 M nodes, half 23.7 M and 67.9 M, one 25.8 M and 87.1 M;
    /// corners at two discs with half a disc 23.5 M and 93.5 M.)
    #[inline]
    pub(crate) fn evaluate(&self, k: reversi_core::raw::Kernel, p: u64, o: u64) -> i32 {
        let unit = super::eval::UNIT;
        let mobility =
            (k.moves(p, o) & self.mask).count_ones() as i32 - (k.moves(o, p) & self.mask).count_ones() as i32;
        let corners = (p & self.corners).count_ones() as i32 - (o & self.corners).count_ones() as i32;
        let empty = !(p | o) & self.mask;
        let potential = frontier(o, empty).count_ones() as i32 - frontier(p, empty).count_ones() as i32;
        mobility * unit + corners * 4 * unit + potential * unit / 2
    }

    /// The moves of `moves` that repeat another's value: the position
    /// `(p, o)` is unchanged by some of the board's symmetries, and each of
    /// those maps a move onto one of the same score. Of each set of moves
    /// the symmetries map onto one another, all but the lowest square.
    pub(crate) fn twins(&self, p: u64, o: u64, moves: u64) -> u64 {
        let mut twins = 0;
        // (The identity, first, repeats nothing.)
        for &s in &self.symmetries[1..self.symmetry_count] {
            if s.apply_u64(p) != p || s.apply_u64(o) != o {
                continue;
            }
            let mut m = moves;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                if s.apply_u64(bit) < bit {
                    twins |= bit;
                }
            }
        }
        twins
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
        assert_eq!(full.c_squares, 0x4281_0000_0000_8142); // b1, g1, a2, h2, a7, h7, b8, g8
    }

    #[test]
    fn six_by_six_corners_x_squares_and_quadrants() {
        let shape = Shape::of(SIX);
        assert_eq!(shape.squares, 36);
        // a1, f1, a6, f6.
        assert_eq!(shape.corners, 1 | 1 << 5 | 1 << 40 | 1 << 45);
        // b2, e2, b5, e5.
        assert_eq!(shape.x_squares, 1 << 9 | 1 << 12 | 1 << 33 | 1 << 36);
        // b1, e1, a2, f2, a5, f5, b6, e6.
        assert_eq!(shape.c_squares, 1 << 1 | 1 << 4 | 1 << 8 | 1 << 13 | 1 << 32 | 1 << 37 | 1 << 41 | 1 << 44);
        // Four 3x3 regions covering the board.
        assert!(shape.quadrants.iter().all(|q| q.count_ones() == 9));
        assert_eq!(shape.quadrants.iter().fold(0, |a, q| a | q), SIX);
        assert_eq!(shape.quadrants[0], 0x07_0707);
        // At a1-f6 no symmetry of the 8x8 board keeps it but the diagonal.
        assert_eq!(&shape.symmetries[..shape.symmetry_count], [Symmetry::Identity, Symmetry::FlipDiagonal]);
        // Centred at b2-g7, all eight.
        assert_eq!(Shape::of(SIX << 9).symmetry_count, 8);
    }

    #[test]
    fn twins_are_the_moves_a_symmetry_of_the_position_repeats() {
        // The 6x6 start centred at b2-g7: d4, e5 white; e4, d5 black.
        let shape = Shape::of(SIX << 9);
        let (black, white) = (1u64 << 28 | 1 << 35, 1u64 << 27 | 1 << 36);
        let k = reversi_core::raw::Kernel::detect();
        let moves = k.moves(black, white) & shape.mask;
        assert_eq!(moves.count_ones(), 4);
        // Four moves, one value: three are twins.
        let twins = shape.twins(black, white, moves);
        assert_eq!(twins.count_ones(), 3);
        assert_eq!(twins & moves, twins);
        // A position no symmetry keeps has none.
        let (np, no) = k.play(black, white, (moves & !twins).trailing_zeros() as usize);
        let after = shape.twins(np, no, k.moves(np, no) & shape.mask);
        // (After one move the start keeps one diagonal: its replies pair up.)
        assert!(after.count_ones() <= 1);
        assert_eq!(shape.twins(1 << 9, 1 << 10, 1 << 11), 0);
    }

    #[test]
    fn the_rough_evaluation_is_zero_sum_and_counts_the_board_alone() {
        let k = reversi_core::raw::Kernel::detect();
        let shape = Shape::of(SIX);
        // The 6x6 start at a1-f6 (c3, d4 white; d3, c4 black): even.
        let (black, white) = (1u64 << 19 | 1 << 26, 1u64 << 18 | 1 << 27);
        assert_eq!(shape.evaluate(k, black, white), 0);
        // Zero-sum: the same position from the other side.
        let unit = super::super::eval::UNIT;
        let (p, o) = (1u64 | 1 << 19 | 1 << 26, 1u64 << 18 | 1 << 27);
        assert_eq!(shape.evaluate(k, p, o), -shape.evaluate(k, o, p));
        // `p` on e1, `o` on f1, the 6x6 board's corner: `p` has no move
        // (g1 is off the board), `o` has d1; `o` holds a corner; `o`'s
        // frontier is e2, f2, `p`'s d1, d2, e2, f2: -1 - 4 - 1 discs.
        let (p, o) = (1u64 << 4, 1u64 << 5);
        assert_eq!(shape.evaluate(k, p, o), -6 * unit);
        // On the 8x8 board g1 is a move and f1 no corner: even.
        assert_eq!(Shape::of(!0).evaluate(k, p, o), 0);
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

    #[test]
    fn rectangles_have_straight_lines_and_inner_holes_do_not() {
        assert!(FULL.straight_lines && Shape::of(!0).straight_lines);
        assert!(Shape::of(SIX).straight_lines && Shape::of(SIX << 9).straight_lines);
        // A corner cut off: the lines through it end there.
        assert!(Shape::of(!1).straight_lines);
        // A hole at d4 lies between squares of its row.
        assert!(!Shape::of(!(1 << 27)).straight_lines);
        // Only diagonally between two squares: b2 between a1 and c3.
        assert!(!Shape::of(0b100 << 16 | 1).straight_lines);
        assert!(Shape::of(0b10 << 8 | 1).straight_lines);
    }

    #[test]
    fn parity_passed_down_is_parity_counted() {
        let k = reversi_core::raw::Kernel::detect();
        for shape in [FULL, Shape::of(SIX << 9), Shape::of(!(1 << 27 | 1))] {
            // Down a game, flipping the quadrant of each square played.
            let (mut p, mut o) = (1u64 << 28 | 1 << 35, 1u64 << 27 | 1 << 36);
            if shape.mask >> 27 & 1 == 0 {
                (p, o) = (1u64 << 28 | 1 << 35, 1u64 << 19 | 1 << 36);
            }
            let mut parity = super::super::bits::parity(!(p | o) & shape.mask, &shape.quadrants);
            loop {
                let empty = !(p | o) & shape.mask;
                assert_eq!(parity, super::super::bits::parity(empty, &shape.quadrants));
                assert_eq!(
                    shape.parity_squares[parity] & empty,
                    super::super::bits::odd_quadrants(empty, &shape.quadrants)
                );
                let moves = k.moves(p, o) & shape.mask;
                if moves == 0 {
                    if k.moves(o, p) & shape.mask == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    continue;
                }
                let x = (63 - moves.leading_zeros()) as usize;
                (p, o) = k.play(p, o, x);
                parity ^= usize::from(shape.quadrant_bit[x]);
            }
        }
    }
}
