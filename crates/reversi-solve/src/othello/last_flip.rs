//! The flips of the last move on the full 8x8 board: with one empty square
//! every other square is a disc, so the opponent's discs are the player's
//! complement and a move's flips are a count read from a small table for
//! each of the four lines through the square, no flipped board made (the
//! last ply is a quarter of the solver's nodes). The same count holds on a
//! smaller board whose lines are straight (no hole between two of a line's
//! squares, [`Shape::straight_lines`](super::shape::Shape)): a line's
//! squares off the board are then past its ends, read as the opponent's
//! and never bracketed.
//!
//! Each line's discs of the player are gathered into a byte (a row by a
//! shift, a column and the two diagonals by a multiplication) and
//! [`LINE_FLIPS`] gives, for the square's place on the line, how many of the
//! opponent's discs lie between it and the player's nearest disc on each
//! side. A diagonal shorter than 8 leaves the bytes of its missing squares
//! clear, read as the opponent's: a run towards the line's end flips
//! nothing there, as on the board.

use super::bits::{DIAGONALS, FILE_A};

/// `LINE_FLIPS[at][line]`: the flips on a line of 8 squares whose set bits
/// are the player's discs and whose clear bits (except `at`, the empty
/// square) are the opponent's, when the player plays `at`.
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut line = 0;
        while line < 256 {
            let mut flips = 0;
            // Towards higher bits, then towards lower bits.
            let mut i = at + 1;
            while i < 8 && line >> i & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                flips += i - at - 1;
            }
            let mut i = at as i32 - 1;
            while i >= 0 && line >> i & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                flips += at - i as usize - 1;
            }
            table[at][line] = flips as u8;
            line += 1;
        }
        at += 1;
    }
    table
}

/// How many discs a move of `p` on `x` flips when `x` is the board's one
/// empty square (the opponent holds every other square of the board, the
/// full board or one with straight lines): 0 when it is not a legal move.
#[inline(always)]
pub(crate) fn last_flips(p: u64, x: usize) -> u32 {
    let (c, r) = (x & 7, x >> 3);
    let row = (p >> (x & 56)) & 0xff;
    // Column `c` down to file a, then its row `k` to bit `k` of the top byte.
    let column = ((p >> c) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    // Each row holds at most one square of a diagonal: summing the rows
    // into the top byte keeps every column apart.
    let diagonal = (p & DIAGONALS[7 + c - r]).wrapping_mul(FILE_A) >> 56;
    let anti = (p & DIAGONALS[15 + c + r]).wrapping_mul(FILE_A) >> 56;
    u32::from(LINE_FLIPS[c][row as usize])
        + u32::from(LINE_FLIPS[r][column as usize])
        + u32::from(LINE_FLIPS[c][diagonal as usize])
        + u32::from(LINE_FLIPS[c][anti as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use reversi_core::raw::Kernel;

    proptest! {
        /// The plain twin: the kernel's flips with the opponent on every
        /// other square.
        #[test]
        fn counts_what_the_kernel_flips(p in any::<u64>(), x in 0usize..64) {
            let p = p & !(1 << x);
            let o = !p & !(1 << x);
            let k = Kernel::detect();
            prop_assert_eq!(last_flips(p, x), k.flips(p, o, x).count_ones());
            prop_assert_eq!(last_flips(o, x), k.flips(o, p, x).count_ones());
        }
    }

    #[test]
    fn every_square_of_sparse_boards() {
        // Few discs of the player: long runs, the lines' ends reached.
        let k = Kernel::detect();
        for x in 0..64 {
            for p in [0u64, 1, 1 << 63, 0x8100_0000_0000_0081, 0x0000_0018_1800_0000, 0xff00_0000_0000_00ff] {
                let p = p & !(1 << x);
                let o = !p & !(1 << x);
                assert_eq!(last_flips(p, x), k.flips(p, o, x).count_ones(), "square {x}, player {p:#x}");
            }
        }
    }

    proptest! {
        /// On any rectangle of the 8x8 board (straight lines), squares
        /// off the board in neither side's discs.
        #[test]
        fn counts_the_same_on_a_smaller_rectangle(
            p in any::<u64>(),
            (xc, xr) in (0u32..8, 0u32..8),
            (c0, c1) in (0u32..8, 0u32..8),
            (r0, r1) in (0u32..8, 0u32..8),
        ) {
            let (c0, c1, r0, r1) = (c0.min(c1), c0.max(c1), r0.min(r1), r0.max(r1));
            let row = (0xffu64 >> (7 - (c1 - c0))) << c0;
            let board = (r0..=r1).fold(0u64, |b, r| b | row << (8 * r));
            // A square of the rectangle.
            let x = ((r0 + xr % (r1 - r0 + 1)) * 8 + c0 + xc % (c1 - c0 + 1)) as usize;
            let p = p & board & !(1 << x);
            let o = board & !p & !(1 << x);
            let k = Kernel::detect();
            prop_assert_eq!(last_flips(p, x), k.flips(p, o, x).count_ones());
            prop_assert_eq!(last_flips(o, x), k.flips(o, p, x).count_ones());
        }
    }
}
