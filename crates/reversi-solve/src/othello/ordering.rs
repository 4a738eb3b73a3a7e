//! Move ordering above the last empties: the table's move first, then the
//! moves that leave the opponent least mobility (fastest first), weighted
//! with corners, the discs they make stable, the opponent's potential
//! mobility and parity; on the 8x8
//! board from [`LEARNED_EMPTIES`] up, with the learned evaluation
//! ([`super::eval`]) of the child, and from [`REPLY_EMPTIES`] up of the
//! opponent's best reply by it (the figures there). (A shallow search of
//! each child by mobility two plies on, from 14 or 18 empties up, cost
//! nodes and time on FFO #20-37: measured and dropped. Deeper searches of
//! the evaluation for each child, [`probe`] two plies from 20 or 18
//! empties, three from 23, took FFO #20-39 from 323.6 M nodes to 329.2 M,
//! 323.8 M and 370.8 M and left #40-44 at 333-334 M: dropped; what
//! helped is a guess of the first move alone, deeper, `probe.rs`.)
//!
//! Re-measured with the staged evaluation (2026-12-06; one thread, nodes
//! on the ordering benchmark `data/solve/bench-20-22.obf`, 60 WTHOR
//! positions of 20-22 empties, FFO #20-39 and FFO #40-44 together, every
//! score exact: 1,458.6 M as used, of which 1,060.6 M, 188.8 M and
//! 209.2 M; `g` is the geometric mean of the 85 positions' ratios to
//! that): each child probed two plies deep from 18, 20 or 22 empties
//! 1,488.1 M (g 0.993), 1,488.1 M (1.000) and 1,479.4 M (1.002); two plies
//! from 20 and three from 23, 1,487.9 M (1.000); two plies from 20 with a
//! disc weighed twice as much there (a quarter of an opponent move, as
//! Edax weighs its deeper sorting searches more), 1,480.7 M (0.998). Dropped again: the
//! probes cost little (on FFO #38, 24 empties, the nodes of 16 empties and
//! more are 3 in 10,000 of the solve's 63 M: most are at the last 9
//! empties) but order no better than the reply.

use reversi_core::raw::{Child, Kernel};

use super::bits::{frontier, odd_quadrants};
use super::eval6;
use super::probe::{INFINITY, probe, probe_on};
use super::shape::Shape;
use super::table::NO_MOVE;

/// The learned evaluation ([`evaluate`](super::eval::evaluate)) orders the moves from this many
/// empties up: of its child, the mover's side. (Re-measured on the sets
/// of the module's figures: from 13, 1,451.1 M nodes against 1,458.6 M
/// (g 0.993), but 1.020 on FFO #40-44 and more evaluations at nodes of 13
/// empties, which are many.)
const LEARNED_EMPTIES: u32 = 14;

/// From this many empties up, a move is valued by the opponent's best
/// reply by the evaluation (a one-ply search of the child), not by the
/// child's evaluation. (Re-measured on the sets of the module's figures:
/// from 15, 1,449.1 M nodes (g 0.992), from 18 1,452.7 M (0.998) against
/// 1,458.6 M from 16; from 15 with the guesses from 17 empties
/// (`guess.rs`), 1,432.5 M (0.993; kept: less CPU time too,
/// PERFORMANCE.md); with enhanced transposition cutoffs from 10 empties
/// (`search.rs`) too, 1,401.5 M (0.973) but more CPU time.)
const REPLY_EMPTIES: u32 = 15;

/// The evaluation's weight beside the others: a disc (32 units) counts
/// 512, an eighth of an opponent move (a quarter: 4% more nodes on FFO
/// #20-39 and #40-44 together; a half: more still). Re-measured on the
/// sets of the module's figures: 12 (a disc a tenth of a move) 1,475.2 M
/// nodes (g 1.002), 24 1,448.1 M (0.999); the child's evaluation alone (14
/// and 15 empties) at 8, 1,477.0 M (1.005).
const EVAL_WEIGHT: i32 = 16;

/// As [`LEARNED_EMPTIES`] on the centred 6x6 board, whose evaluation is
/// the learned [`eval6`] plus [`Shape::evaluate`] (`probe.rs`'s `value`).
/// (Nodes, one thread, on the 6x6 positions of 24, 26 and 28 empties of
/// `guess.rs`'s figures, with that evaluation in the guesses: 20.3 M,
/// 46.6 M and 256.0 M without it in the ordering; from 14, the reply from
/// 16, a disc worth an eighth of an opponent move (as on 8x8): 23.9 M and
/// 50.5 M with the learned evaluation alone in both; with the sum, half a
/// move 17.1 M and 44.0 M and 226.5 M; a move (kept) 16.9 M, 43.6 M and
/// 219.7 M; two moves 16.9 M, 43.8 M and 226.8 M; from 16, the reply from
/// 18: 17.7 M and 44.6 M; the reply from 14: 16.8 M and 43.6 M. On 28
/// empties, CPU seconds of one run each: the reply from 16 (kept) 219.7 M
/// nodes and 24.1 s, from 18 220.8 M and 24.4 s, never 261.0 M and
/// 26.7 s. Again with the folded pattern tables, which halved the
/// evaluation's reads (one run each, at a busy hour): from 14 (kept)
/// 43.6 M nodes at 26 empties and 219.7 M in 20.6 s at 28; from 13
/// 43.3 M; from 12 41.3 M and 216.7 M in 22.5 s; from 11 39.8 M and
/// 229.0 M in 23.3 s.)
const LEARNED_EMPTIES_SIX: u32 = 14;

/// As [`REPLY_EMPTIES`] on the centred 6x6 board. (With the folded
/// pattern tables, at 26 empties: from 15 43.5 M nodes, from 14 43.6 M,
/// from 16 (kept) 43.6 M.)
const REPLY_EMPTIES_SIX: u32 = 16;

/// As [`EVAL_WEIGHT`] on the centred 6x6 board: a disc (32 units) counts
/// 4,096, an opponent move.
const EVAL_WEIGHT_SIX: i32 = 128;

/// The most legal moves of a position (33 is the known record; room to spare).
const MAX_MOVES: usize = 40;

/// The children of a node with their ordering scores.
pub(crate) struct MoveList {
    children: [Child; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// No children.
    const EMPTY: MoveList = MoveList {
        children: [Child { square: 0, player: 0, opponent: 0, moves: 0, mobility: 0 }; MAX_MOVES],
        scores: [0; MAX_MOVES],
        len: 0,
    };

    /// The children after `moves` (legal moves of `p`, not empty) on the
    /// board `mask` (`!0`: the full board; else the replies of each child
    /// are counted on the board alone).
    #[inline]
    pub(crate) fn new(k: Kernel, p: u64, o: u64, moves: u64, mask: u64) -> MoveList {
        let mut list = MoveList::EMPTY;
        for mut child in k.children(p, o, moves) {
            if mask != !0 {
                child.moves &= mask;
                child.mobility = child.moves.count_ones();
            }
            if list.len < MAX_MOVES {
                list.children[list.len] = child;
                list.len += 1;
            }
        }
        list
    }

    /// The children in square order.
    pub(crate) fn children(&self) -> impl Iterator<Item = &Child> {
        self.children[..self.len].iter()
    }

    /// The children, best score first (a selection sort as they are taken:
    /// most nodes cut off after one or two).
    pub(crate) fn sorted(&mut self) -> Sorted<'_> {
        Sorted { list: self, next: 0 }
    }
}

/// The iterator of [`MoveList::sorted`].
pub(crate) struct Sorted<'a> {
    list: &'a mut MoveList,
    next: usize,
}

impl Iterator for Sorted<'_> {
    type Item = Child;

    #[inline]
    fn next(&mut self) -> Option<Child> {
        let list = &mut *self.list;
        let i = self.next;
        if i >= list.len {
            return None;
        }
        let mut best = i;
        for j in i + 1..list.len {
            if list.scores[j] > list.scores[best] {
                best = j;
            }
        }
        list.children.swap(i, best);
        list.scores.swap(i, best);
        self.next += 1;
        Some(list.children[i])
    }
}

/// Scores the moves of `list` (children of a position whose empty squares
/// are `empty`) for [`MoveList::sorted`]: the table's move `best` first,
/// then fewest opponent moves (corners count twice), fewest empties next to
/// the mover's discs (the opponent's potential moves), corners taken, the
/// mover's discs made stable by corners ([`corner_stability`]), X
/// squares avoided and C squares next to an empty corner, parity (by
/// `shape`'s corners, X and C squares and regions),
/// and on the full board at many empties, if `learned`, the learned
/// evaluation (by `k`'s moves at [`REPLY_EMPTIES`] and more). The weights:
/// an opponent move 4,096, a potential move 64, a corner 512, a disc
/// stable by a corner 1,024, an X square -512, a C square by an empty
/// corner -512, odd parity 128 (on the sets
/// of the module's figures, a potential move at 16: 1,458.0 M nodes (g
/// 1.000), at 256: 1,468.5 M (1.025); parity at 0: 1,465.7 M (1.005), at
/// 512: 1,468.1 M (1.006)).
///
/// The corner stability (2026-12-07; one thread, nodes against the
/// ordering without it, the geometric mean of the positions' ratios in
/// brackets): at 1,024, FFO #20-39 177,699,541 against 179,074,427
/// (0.989), #40-44 188,358,476 against 198,667,153 (0.945), the 20-22
/// empties benchmark 1,018,959,750 against 1,045,599,586 (0.969), #45-52
/// 3,578,419,090 against 3,751,567,335 (0.930); CPU time on #20-44 A/B
/// 0.978 (`farm-bench -n 5`). At 512 0.986, 0.957 and 0.974 on the first
/// three, at 768 0.987, 0.959 and 0.971, at 2,048 1.029, 1.057 and 0.999;
/// at 1,024 without the corner's own 512, 0.988, 0.953 and 0.970. The
/// centred 6x6 board: 16.5 M and 43.65 M nodes at 24 and 26 empties
/// (16.9 M and 43.64 M without).
///
/// The C squares next to an empty corner, against the corner stability
/// alone (the same sets; every C square at -256 instead: 0.989, 0.970 and
/// 0.997): at -512, FFO #20-39 174,770,016 (0.973), #40-44 178,394,515
/// (0.959), the benchmark 1,012,229,788 (0.981), #45-52 3,518,157,265
/// against 3,578,419,090 (0.960, every position but one fewer); at -768
/// 0.974, 0.968 and 0.992, at -1,024 0.971, 0.965 and 0.989. The X square's
/// penalty kept only by an empty corner too: no change (0.977, 0.957 and
/// 0.985). Edge squares away from the corners at +256: 0.993, 1.019 and
/// 0.998.
#[inline]
pub(crate) fn order(list: &mut MoveList, k: Kernel, empty: u64, best: u8, shape: &Shape, learned: bool) {
    let odd = odd_quadrants(empty, &shape.quadrants);
    let empties = empty.count_ones();
    // The learned evaluations know the 8x8 board and the centred 6x6.
    let six = shape.mask == eval6::MASK;
    let learned = learned && (shape.mask == !0 && empties >= LEARNED_EMPTIES || six && empties >= LEARNED_EMPTIES_SIX);
    for i in 0..list.len {
        let child = list.children[i];
        let sq = child.square;
        if sq as u8 == best && best != NO_MOVE {
            list.scores[i] = 1 << 30;
            continue;
        }
        let bit = 1u64 << sq;
        let after = empty & !bit;
        let mobility = child.mobility + (child.moves & shape.corners).count_ones();
        let potential = frontier(child.opponent, after).count_ones();
        let mut score = -(mobility as i32) * (1 << 12) - (potential as i32) * (1 << 6);
        if bit & shape.corners != 0 {
            score += 1 << 9;
        }
        score += corner_stability(child.opponent, shape) * (1 << 10);
        if bit & shape.x_squares != 0 {
            score -= 1 << 9;
        }
        if bit & shape.c_squares != 0 && beside(bit) & shape.corners & after != 0 {
            score -= 1 << 9;
        }
        if bit & odd != 0 {
            score += 1 << 7;
        }
        if learned {
            // From REPLY_EMPTIES (_SIX): the opponent's best reply by the
            // evaluation.
            if six {
                let depth = u32::from(empties >= REPLY_EMPTIES_SIX);
                let value =
                    -probe_on::<true>(k, shape, child.player, child.opponent, child.moves, depth, -INFINITY, INFINITY);
                score += value * EVAL_WEIGHT_SIX;
            } else {
                let depth = u32::from(empties >= REPLY_EMPTIES);
                let value = -probe(k, child.player, child.opponent, child.moves, depth, -INFINITY, INFINITY);
                score += value * EVAL_WEIGHT;
            }
        }
        list.scores[i] = score;
    }
}

/// The discs of `mine` that corners make stable: each corner of `shape`
/// held, and its neighbours along the edges held too (the corner stability
/// Edax orders moves by; a cheap part of [`stability_bound`]'s count).
///
/// [`stability_bound`]: super::search::Searcher::stability_bound
#[inline]
fn corner_stability(mine: u64, shape: &Shape) -> i32 {
    let held = mine & shape.corners;
    ((held | beside(held)) & mine).count_ones() as i32
}

/// The squares next to one of `set` along a row or a column.
#[inline]
fn beside(set: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (set << 1 & NOT_A) | (set >> 1 & NOT_H) | set << 8 | set >> 8
}
