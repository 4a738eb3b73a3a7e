//! A small learned evaluation of 6x6 positions, for move ordering only:
//! the search stays exact whatever it says. The 6x6 board is the one the
//! 8x8 search plays with the board as a mask, centred on b2-g7 of the 8x8
//! bitboards ([`MASK`]), so that every symmetry of the 8x8 board maps it
//! onto itself.
//!
//! The same design as [`super::eval`]: patterns of squares read as base-3
//! numbers (empty, the side to move's, the other's) that index a table of
//! weights; the value is the sum of the weights of every pattern in each of
//! the board's 8 symmetric images, plus a bias, in 1/[`UNIT`] of a disc (a
//! guess of the final disc difference for the side to move). The patterns,
//! in 8x8 squares (on the image where they touch b2, the 6x6 board's
//! corner):
//!
//! | pattern | squares | weights |
//! | --- | --- | --- |
//! | edge and X squares | b2-g2, c3, f3 | 3^8 |
//! | second row | b3-g3 | 3^6 |
//! | third row | b4-g4 | 3^6 |
//! | corner 3x3 | b2-d4 | 3^9 |
//! | main diagonal | b2-g7 | 3^6 |
//! | diagonals of 5 and 4 | c2-g6, d2-g5 | 3^5 + 3^4 |
//!
//! The weights ([`WEIGHTS`], 28,756 of them, `i16` little endian in
//! `eval6.bin`) are learnt by `examples/train_eval6.rs` from 6x6 positions
//! of random and greedy play labelled with their exact scores by this
//! crate's solver (`crates/reversi-solve/train/README.md`: the data, the
//! labels, the command that writes the file again bit for bit).
//!
//! [`evaluate`] reads a table folded by each pattern's symmetries
//! (`patterns.rs`) in the board's 4 rotations, the main diagonal in 2: 26
//! reads, not 56, the same sum as [`features`]' weights (which training
//! reads). On the 6x6 position of 26 empties of `guess.rs`'s figures, the
//! same 43,642,675 nodes in 0.880 of the CPU time (median of 7 pairs of
//! runs; `perf`: 19.6% of the time in this function before, 11.6% after).
//!
//! The search orders with it plus the rough evaluation of mobility,
//! potential mobility and corners every smaller board has (`probe.rs`'s
//! `value`): in the guessed first moves from 14 empties and, of each child
//! and from 16 empties of the opponent's best reply, in the ordering from
//! 14 empties (`ordering.rs`). Measured on one thread (nodes,
//! deterministic) on the 6x6 start's principal variation at 24, 26 and 28
//! empties: 21.2 M, 55.3 M and 335.4 M nodes with the rough evaluation
//! alone, 16.9 M, 43.6 M and 219.7 M as used (the figures of the
//! variants tried are in `probe.rs` and `ordering.rs`).
//!
//! ```
//! use reversi_solve::othello::eval6::{MASK, evaluate};
//!
//! // The 6x6 start (d4, e5 White; e4, d5 Black, Black to move): the side
//! // that also holds a corner of the 6x6 board (b2) is better off, and a
//! // position and its mirror image evaluate the same.
//! let (black, white) = (1u64 << 28 | 1 << 35, 1u64 << 27 | 1 << 36);
//! assert!(evaluate(black | 1 << 9, white) > evaluate(black, white));
//! assert!(evaluate(black, white | 1 << 9) < evaluate(black, white));
//! let mirror = |x: u64| x.swap_bytes();
//! assert_eq!(evaluate(mirror(black | 1 << 9), mirror(white)), evaluate(black | 1 << 9, white));
//! assert_eq!(MASK.count_ones(), 36);
//! ```

use std::sync::LazyLock;

pub use super::eval::UNIT;
use super::patterns::{Folding, TERNARY, folded_sum, images};

/// The 6x6 board's squares in the 8x8 bitboards: b2-g7.
pub const MASK: u64 = 0x007e_7e7e_7e7e_7e00;

/// Patterns read in each symmetric image.
const PATTERNS: usize = 7;

/// The number of weights of each pattern, in the order of [`pattern_bits`].
const SIZES: [usize; PATTERNS] = [6561, 729, 729, 19683, 729, 243, 81];

/// Where each pattern's weights begin.
const OFFSETS: [usize; PATTERNS] = {
    let mut offsets = [0; PATTERNS];
    let mut i = 1;
    while i < PATTERNS {
        offsets[i] = offsets[i - 1] + SIZES[i - 1];
        i += 1;
    }
    offsets
};

/// The bias: the last weight, in every position's features.
pub const BIAS: usize = OFFSETS[PATTERNS - 1] + SIZES[PATTERNS - 1];

/// How many weights there are (the patterns' and the bias).
pub const WEIGHTS: usize = BIAS + 1;

/// How many weights a position sums: every pattern in 8 images, and the bias.
pub const FEATURES: usize = 8 * PATTERNS + 1;

/// The weights, `i16` little endian, written by `examples/train_eval6.rs`.
static TABLE: [u8; 2 * WEIGHTS] = *include_bytes!("eval6.bin");

/// How many of the 4 rotations (`patterns.rs`) [`evaluate`] reads each pattern in:
/// each pattern is mapped onto itself by a reflection (the rows and the
/// edge by the mirror, the corner block by the main diagonal's, the short
/// diagonals by the other diagonal's), which pairs the 8 images; the main
/// diagonal also by the half turn, which pairs the rotations too.
const READS: [usize; PATTERNS] = [4, 4, 4, 4, 2, 4, 4];

/// The weights folded by each pattern's symmetries (`patterns.rs`): read
/// in [`READS`] rotations, the same sum as [`TABLE`]'s in the 8 images.
static FOLDED: LazyLock<Vec<i16>> =
    LazyLock::new(|| Folding::new(pattern_bits, &OFFSETS).fold(&(0..WEIGHTS).map(weight).collect::<Vec<_>>()));

/// The bits of each pattern of `x` (a side's discs in one image), the
/// squares in pattern order.
#[inline(always)]
fn pattern_bits(x: u64) -> [usize; PATTERNS] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // A diagonal's squares, one per column, gathered in the top byte by
    // column (no two share a column, so nothing carries).
    let diagonal = |mask: u64, shift: u32| ((x & mask).wrapping_mul(ONES) >> shift) as usize;
    [
        (x >> 9 & 0x3f | (x >> 18 & 1) << 6 | (x >> 21 & 1) << 7) as usize,
        (x >> 17 & 0x3f) as usize,
        (x >> 25 & 0x3f) as usize,
        (x >> 9 & 7 | x >> 14 & 0x38 | x >> 19 & 0x1c0) as usize,
        diagonal(0x0040_2010_0804_0200, 57),
        diagonal(0x0000_4020_1008_0400, 58),
        diagonal(0x0000_0040_2010_0800, 59),
    ]
}

/// The weights summed for the 6x6 position where `player` (the side to
/// move) and `opponent` hold these discs (within [`MASK`]): indices below
/// [`WEIGHTS`], the bias last.
#[must_use]
pub fn features(player: u64, opponent: u64) -> [u32; FEATURES] {
    let mut out = [0u32; FEATURES];
    let (ps, os) = (images(player), images(opponent));
    for i in 0..8 {
        let (pb, ob) = (pattern_bits(ps[i]), pattern_bits(os[i]));
        for j in 0..PATTERNS {
            let index = OFFSETS[j] + usize::from(TERNARY[pb[j]]) + 2 * usize::from(TERNARY[ob[j]]);
            out[i * PATTERNS + j] = index as u32;
        }
    }
    out[FEATURES - 1] = BIAS as u32;
    out
}

/// The weight at `index` (below [`WEIGHTS`]).
#[inline(always)]
fn weight(index: usize) -> i32 {
    i32::from(i16::from_le_bytes([TABLE[2 * index], TABLE[2 * index + 1]]))
}

/// The evaluation of the 6x6 position where `player` (the side to move)
/// and `opponent` hold these discs (within [`MASK`]), in 1/[`UNIT`] of a
/// disc: a guess of the final disc difference for the side to move,
/// learnt from exactly solved positions. Only move ordering uses it. (The
/// sum of the weights of [`features`], read from the folded table in half
/// as many images: 26 reads, not 56.)
#[must_use]
#[inline]
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    i32::from(FOLDED[BIAS]) + folded_sum(&FOLDED, pattern_bits, &OFFSETS, &READS, player, opponent)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The plain twin of [`evaluate`]: the unfolded weights of every
    /// feature, in the 8 images.
    fn evaluate_unfolded(player: u64, opponent: u64) -> i32 {
        features(player, opponent).iter().map(|&i| weight(i as usize)).sum()
    }

    #[test]
    fn the_rotations_read_each_instance_once() {
        let folding = Folding::new(pattern_bits, &OFFSETS);
        for (j, reads) in READS.iter().enumerate() {
            assert_eq!(folding.stabilizer_len(j) * reads, 8, "pattern {j}");
        }
        // The folded sums fit i16.
        let most = (0..WEIGHTS).map(|i| weight(i).abs()).max().unwrap();
        assert!(4 * most <= i32::from(i16::MAX));
        assert!((0..WEIGHTS).any(|i| i32::from(FOLDED[i]) != weight(i)));
    }

    proptest! {
        #[test]
        fn folded_evaluation_is_the_unfolded_sum(a: u64, b: u64, c: u64, dense: bool) {
            // About half the board filled, or three quarters.
            let filled = if dense { b | c } else { b ^ c };
            let (p, o) = (a & filled & MASK, !a & filled & MASK);
            prop_assert_eq!(evaluate(p, o), evaluate_unfolded(p, o));
            prop_assert_eq!(evaluate(o, p), evaluate_unfolded(o, p));
        }
    }

    #[test]
    fn every_image_maps_the_board_onto_itself() {
        assert!(images(MASK).iter().all(|&m| m == MASK));
    }

    #[test]
    fn features_index_the_weights_and_evaluate_sums_them() {
        let (p, o) = (1u64 << 28 | 1 << 35 | 1 << 9, 1u64 << 27 | 1 << 36 | 1 << 19);
        let f = features(p, o);
        assert!(f.iter().all(|&i| (i as usize) < WEIGHTS));
        assert_eq!(evaluate(p, o), evaluate_unfolded(p, o));
        // Every symmetric image of a position evaluates the same.
        let (pi, oi) = (images(p), images(o));
        for i in 0..8 {
            assert_eq!(evaluate(pi[i], oi[i]), evaluate(p, o), "image {i}");
            let mut a = features(pi[i], oi[i]);
            let mut b = f;
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "image {i}");
        }
    }

    #[test]
    fn each_pattern_reads_its_squares() {
        // Every square of every pattern sets one bit, the bits in range,
        // and only the 6x6 board's squares are read.
        for (j, size) in SIZES.iter().enumerate() {
            let mut all = 0usize;
            for sq in 0..64 {
                let bits = pattern_bits(1 << sq)[j];
                assert!(bits.count_ones() <= 1);
                assert!(bits == 0 || MASK >> sq & 1 != 0, "pattern {j} reads square {sq}");
                all |= bits;
            }
            assert_eq!(3usize.pow(all.count_ones()), *size, "pattern {j}");
            assert_eq!(all + 1, 1 << all.count_ones());
        }
        // The images cover the board: every square is read.
        let mut seen = 0u64;
        for sq in 0..64 {
            let x = 1u64 << sq;
            if images(x).iter().any(|&y| pattern_bits(y).iter().any(|&b| b != 0)) {
                seen |= x;
            }
        }
        assert_eq!(seen, MASK);
    }
}
