//! A small learned evaluation of 8x8 positions, for move ordering only: the
//! search stays exact whatever it says.
//!
//! Patterns of squares, each square empty, the side to move's or the
//! other's, read as a base-3 number that indexes a table of weights; the
//! value is the sum of the weights of every pattern in each of the board's
//! 8 symmetric images, plus a bias, in 1/[`UNIT`] of a disc (a guess of the
//! final disc difference for the side to move). The patterns (on the image
//! where they touch a1):
//!
//! | pattern | squares | weights |
//! | --- | --- | --- |
//! | edge and X squares | a1-h1, b2, g2 | 3^10 |
//! | second row | a2-h2 | 3^8 |
//! | third row | a3-h3 | 3^8 |
//! | fourth row | a4-h4 | 3^8 |
//! | corner 3x3 | a1-c3 | 3^9 |
//! | main diagonal | a1-h8 | 3^8 |
//! | diagonals of 7, 6, 5, 4 | b1-h7, c1-h6, d1-h5, e1-h4 | 3^7 + 3^6 + 3^5 + 3^4 |
//!
//! Each of [`STAGES`] stages of the game (by empty squares: up to 13, 14-15,
//! 16-17, 18-20, 21-23, 24-27, 28 and more; [`stage`]) has its own weights ([`WEIGHTS`],
//! 108,217 a stage; 1,515,038 bytes of `i16` little endian in `eval.bin`),
//! learnt by `examples/train_eval.rs` from the WTHOR games in `data/wthor/`
//! and the exactly scored positions of the `data/train/wthor-labels*.obf`
//! files (`crates/reversi-solve/train/README.md`: the data, the labels, the
//! command that writes the file again bit for bit). No allocation, no
//! state: [`evaluate`] reads the weights where the binary holds them.
//!
//! ```
//! use reversi_core::Position;
//! use reversi_solve::othello::eval::{UNIT, evaluate};
//!
//! // Black holds three corners and most edges: a large lead.
//! let position: Position = "XXXXXXXXX------XX--O---XX--OX--XX--XO--XX------XX-----OXXXXXXX-O X".parse()?;
//! assert!(evaluate(position.player().0, position.opponent().0) > 10 * UNIT);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`evaluate`] reads a table folded by each pattern's symmetries
//! (`patterns.rs`) in the board's 4 rotations, the main diagonal in 2: 38
//! reads, not 80, the same sum as [`features`]' weights of the stage
//! (which training reads): FFO #20-39, the same 188,803,207 nodes in 0.930
//! of the CPU time (median of 5 pairs of runs).
//!
//! Measured on FFO #20-39, one thread (nodes, deterministic; PERFORMANCE.md
//! has the CPU times): 514.7 M nodes without it; 323.6 M as used (the
//! child's evaluation from 14 empties, the opponent's best reply by it from
//! 16, a disc worth an eighth of an opponent move), and on #40-44 379.1 M
//! without, 334.4 M with. Tried and dropped: the child's evaluation alone,
//! without the reply (386 M on #20-39, weights learnt from the games'
//! scores alone); the reply from 14 (287 M against 292 M from 16 with those
//! weights, but more CPU time: each reply evaluates every grandchild), from
//! 18 (326.7 M and 342.3 M on #40-44); the evaluation from 12 (318 M, more
//! CPU time) or from 16 or 18 (a disc at a quarter of a move: on #40-44
//! 351 M and 365 M); a disc worth a
//! quarter of a move (322.5 M, but 359.0 M on #40-44), half a move (331 M,
//! 436.9 M on #40-44), a whole move (492.9 M on #40-44), two moves without
//! the reply (656 M). Labels from exact solves at 18 empties and fewer
//! took the positions of #20-39 other than #38 from 183 M to 162 M; #38
//! (24 empties, most of the nodes) moves by itself between 108 M and 161 M
//! with small changes of the ordering.
//!
//! Stages and more exact labels (2026-12-06, with the guesses of
//! `guess.rs`; one weight set learnt from the games and their exact scores
//! at 18 empties and fewer before): FFO #20-44, 413.6 M nodes before,
//! 398.0 M after, the geometric mean of the positions' ratios 0.893; #45
//! 720.8 M to 577.6 M, #46 178.3 M to 71.6 M. One weight set from the new
//! labels: 441.9 M on #20-44 (mean ratio 0.974); stages learning from
//! only their own empties (no margin): 419.8 M; a stage's 12 passes pulled
//! ten times harder toward the shared weights: 410.2 M (0.929); 48 passes:
//! 398.4 M (1.048). Single positions move by up to half with small
//! changes (#38: 57.2 M before, 51.1-98.9 M with the variants), so only
//! large differences over many positions count.
//!
//! The games' own positions of 19 and 20 empties scored exactly
//! (`wthor-labels-19-20.obf`, 4,261 positions, which had the game's final
//! score; 2026-12-07, one thread, nodes and the geometric mean of the
//! positions' ratios): FFO #20-39 186.4 M to 182.3 M (0.983), #40-44
//! 208.8 M to 195.5 M (0.962), #45-52 5,454.6 M to 5,206.2 M (0.940), the
//! 20-22 empties benchmark (whose 60 games the labels leave out) 1,041.1 M
//! to 1,018.7 M (0.999). Then those of 21 and 22 empties
//! (`wthor-labels-21-22.obf`, 4,260 positions), against the above: FFO
//! #20-39 184.3 M (1.000), #40-44 209.2 M (1.045), the benchmark 1,058.4 M
//! (1.012), but the large positions, where the time is: #45-52 4,258.1 M
//! against 5,206.2 M (0.907; 160.1 s against 194.3 s), #53 4.53 G against
//! 5.07 G, #54 7.19 G against 7.32 G (#45-54, 0.913). Kept for those.
//!
//! The stage of 21 and more empties split in three, 21-23, 24-27 and 28
//! and more (2026-12-07, later; against the above, nodes, one thread, the
//! geometric mean of the positions' ratios): #45-52 4,258.1 M to 3,825.1 M
//! (0.921), #53-54 11.72 G to 11.82 G (0.992), the others unchanged (the
//! positions of 20-22 empties meet few nodes of 21 and more). Split in two
//! at 25, #45-52 0.956; in four at 23, 25 and 28, #45-52 0.918 but #53-54
//! 1.050; in three with each stage learning from 2 more or fewer empties,
//! #45-52 0.929. With the games' positions of 23 empties scored exactly
//! (`wthor-labels-23.obf`, 2,131) and positions off the games' lines at 21
//! and 22 empties (`wthor-labels-wander-21-22.obf`, 4,265), as used: FFO
//! #20-39 170.6 M (1.019), #40-44 193.7 M (0.932), the benchmark 1,034.0 M
//! (0.984), #45-52 3,693.5 M (0.913), #53 4.54 G, #54 7.93 G (1.051); the
//! 95 positions' mean ratio 0.984, #45-54's 0.939 (with the 23 alone
//! 0.988 and 0.951; the split alone 0.993 and 0.935). Single positions
//! still move by 10% both ways between these variants.

use std::sync::LazyLock;

use super::patterns::{Folding, TERNARY, folded_sum, images};

/// Weights are in 1/`UNIT` of a disc.
pub const UNIT: i32 = 32;

/// Patterns read in each symmetric image.
const PATTERNS: usize = 10;

/// The number of weights of each pattern, in the order of [`pattern_bits`].
const SIZES: [usize; PATTERNS] = [59049, 6561, 6561, 6561, 19683, 6561, 2187, 729, 243, 81];

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

/// The stages of the game, each with its own [`WEIGHTS`] weights: a
/// position's stage is its number of empty squares read by [`stage`].
pub const STAGES: usize = STAGE_BOUNDS.len() + 1;

/// The fewest empties of stages 1, 2, ...: stage 0 is below the first.
const STAGE_BOUNDS: [u32; 6] = [14, 16, 18, 21, 24, 28];

/// The stage of a position with `empties` empty squares, below [`STAGES`].
#[must_use]
pub const fn stage(empties: u32) -> usize {
    let mut s = 0;
    while s < STAGE_BOUNDS.len() && empties >= STAGE_BOUNDS[s] {
        s += 1;
    }
    s
}

/// `STAGE_OF[e]`: the stage of `e` empties.
static STAGE_OF: [u8; 65] = {
    let mut t = [0u8; 65];
    let mut e = 0;
    while e < 65 {
        t[e] = stage(e as u32) as u8;
        e += 1;
    }
    t
};

/// The weights, `i16` little endian, stage after stage, written by
/// `examples/train_eval.rs`.
static TABLE: [u8; 2 * STAGES * WEIGHTS] = *include_bytes!("eval.bin");

/// How many of the 4 rotations (`patterns.rs`) [`evaluate`] reads each pattern in:
/// each pattern is mapped onto itself by a reflection (the rows and the
/// edge by the mirror, the corner block by the main diagonal's, the other
/// diagonals by the other diagonal's), which pairs the 8 images; the main
/// diagonal also by the half turn, which pairs the rotations too.
const READS: [usize; PATTERNS] = [4, 4, 4, 4, 4, 2, 4, 4, 4, 4];

/// The weights of each stage folded by each pattern's symmetries
/// (`patterns.rs`): read in [`READS`] rotations, the same sum as
/// [`TABLE`]'s in the 8 images.
static FOLDED: LazyLock<Vec<i16>> = LazyLock::new(|| {
    let folding = Folding::new(pattern_bits, &OFFSETS);
    (0..STAGES).flat_map(|s| folding.fold(&(0..WEIGHTS).map(|i| weight(s * WEIGHTS, i)).collect::<Vec<_>>())).collect()
});

/// The bits of each pattern of `x` (a side's discs in one image), the
/// squares in pattern order.
#[inline(always)]
fn pattern_bits(x: u64) -> [usize; PATTERNS] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let diagonal = |mask: u64, shift: u32| ((x & mask).wrapping_mul(ONES) >> shift) as usize;
    [
        (x & 0xff | (x >> 9 & 1) << 8 | (x >> 14 & 1) << 9) as usize,
        (x >> 8 & 0xff) as usize,
        (x >> 16 & 0xff) as usize,
        (x >> 24 & 0xff) as usize,
        (x & 7 | x >> 5 & 0x38 | x >> 10 & 0x1c0) as usize,
        diagonal(0x8040_2010_0804_0201, 56),
        diagonal(0x0080_4020_1008_0402, 57),
        diagonal(0x0000_8040_2010_0804, 58),
        diagonal(0x0000_0080_4020_1008, 59),
        diagonal(0x0000_0000_8040_2010, 60),
    ]
}

/// The weights summed for the position where `player` (the side to move)
/// and `opponent` hold these discs: indices below [`WEIGHTS`], the bias
/// last.
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

/// The weight at `index` (below [`WEIGHTS`]) of the stage whose weights
/// begin at `base` (a multiple of [`WEIGHTS`]).
#[inline(always)]
fn weight(base: usize, index: usize) -> i32 {
    let at = 2 * (base + index);
    i32::from(i16::from_le_bytes([TABLE[at], TABLE[at + 1]]))
}

/// The evaluation of the position where `player` (the side to move) and
/// `opponent` hold these discs, in 1/[`UNIT`] of a disc: a guess of the
/// final disc difference for the side to move, learnt from games. Meant for
/// full 8x8 positions; only move ordering uses it. (The sum of the weights
/// of [`features`] in the position's stage, read from the folded table in
/// half as many images: 38 reads, not 80.)
#[must_use]
#[inline]
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    let base = WEIGHTS * usize::from(STAGE_OF[(64 - (player | opponent).count_ones()) as usize]);
    let w = &FOLDED[base..base + WEIGHTS];
    i32::from(w[BIAS]) + folded_sum(w, pattern_bits, &OFFSETS, &READS, player, opponent)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The plain twin of [`evaluate`]: the unfolded weights of every
    /// feature, in the 8 images, of the position's stage.
    fn evaluate_unfolded(player: u64, opponent: u64) -> i32 {
        let base = WEIGHTS * stage(64 - (player | opponent).count_ones());
        features(player, opponent).iter().map(|&i| weight(base, i as usize)).sum()
    }

    #[test]
    fn the_rotations_read_each_instance_once() {
        let folding = Folding::new(pattern_bits, &OFFSETS);
        for (j, reads) in READS.iter().enumerate() {
            assert_eq!(folding.stabilizer_len(j) * reads, 8, "pattern {j}");
        }
        // The folded sums fit i16.
        let most = (0..STAGES * WEIGHTS).map(|i| weight(0, i).abs()).max().unwrap();
        assert!(4 * most <= i32::from(i16::MAX));
        assert_eq!(FOLDED.len(), STAGES * WEIGHTS);
    }

    proptest! {
        #[test]
        fn folded_evaluation_is_the_unfolded_sum(a: u64, b: u64, c: u64, d: u64) {
            // From a quarter of the board filled to all of it: every stage.
            let filled = match d % 4 { 0 => b & c, 1 => b ^ c, 2 => b | c, _ => b | c | d };
            let (p, o) = (a & filled, !a & filled);
            prop_assert_eq!(evaluate(p, o), evaluate_unfolded(p, o));
            prop_assert_eq!(evaluate(o, p), evaluate_unfolded(o, p));
        }
    }

    #[test]
    fn features_index_the_weights_and_evaluate_sums_them() {
        let (p, o) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        let f = features(p, o);
        assert!(f.iter().all(|&i| (i as usize) < WEIGHTS));
        assert_eq!(evaluate(p, o), evaluate_unfolded(p, o));
        // Symmetric images of a position evaluate the same.
        let (pi, oi) = (images(p), images(o));
        assert!((0..8).all(|i| evaluate(pi[i], oi[i]) == evaluate(p, o)));
    }

    #[test]
    fn stages_grow_with_the_empties() {
        assert_eq!(stage(0), 0);
        assert_eq!(stage(64), STAGES - 1);
        assert!((0..64).all(|e| stage(e) <= stage(e + 1) && stage(e + 1) <= stage(e) + 1));
        assert!((0..=64).all(|e| usize::from(STAGE_OF[e]) == stage(e as u32)));
    }

    #[test]
    fn each_pattern_reads_its_squares() {
        // Every square of every pattern sets one bit, the bits in range.
        for (j, size) in SIZES.iter().enumerate() {
            let mut all = 0usize;
            for sq in 0..64 {
                let bits = pattern_bits(1 << sq)[j];
                assert!(bits.count_ones() <= 1);
                all |= bits;
            }
            assert_eq!(3usize.pow(all.count_ones()), *size, "pattern {j}");
            assert_eq!(all + 1, 1 << all.count_ones());
        }
    }
}
