//! The guess of a first move by searches of the evaluation (`probe.rs`):
//! [`Searcher::guess`] picks the first move of a node of the exact search
//! that has none in the table, from 19 empties (14 on a smaller or holed
//! board): principal-variation searches of the evaluation deeper and
//! deeper, up to 10 plies and to the empties less 12 (11 on a smaller or
//! holed board), every other depth down from the deepest (4, 6, 8, 10;
//! every depth from 3 on a smaller or holed board), with the table's
//! hints and the solver's ordering less the evaluation, the best move of each of their nodes stored in the table
//! as a hint (no bounds, [`Table::hint`](super::table::Table::hint)) for the next
//! iteration and for the exact search below. Each interior node of these
//! searches counts as a node of the solve (their leaves, evaluations, do
//! not, as the ordering's do not).
//!
//! The values these searches find go to a table of their own
//! ([`GuessTable`](super::guess_table::GuessTable)): a node searched
//! before as deep or deeper, by an earlier iteration, a transposition or
//! the guess of a node above, answers from it when its bounds decide the
//! window. A guess then mostly re-reads what the guess above it searched:
//! its shallower iterations come nearly free. One thread, against the
//! solver without it (2026-12-08; nodes, then CPU seconds of two runs side
//! by side on the 2 cores): FFO #56 1,095.3 M to 1,095.0 M nodes, 72.5 s
//! to 67.5 s; #45-52 3,518.2 M to 3,372.1 M (the geometric mean of the
//! positions' ratios 0.970), 117.2 s to 111.8 s; #20-39 0.989 and #40-44
//! 0.997 of the nodes, the 20-22 empties benchmark 1.008 (1.046 of its
//! total); FFO #20-44 together 0.980 of the CPU time (`farm-bench`, medians
//! of 5). The 6x6 position of 28 empties below: 212.3 M to 202.6 M nodes,
//! 15.8 s to 15.0 s. With the table, guesses up to 12 plies (#45-52
//! 3,695.5 M nodes, 129.5 s), from 17 or 18 empties (3,450.0 M and
//! 3,397.4 M, 120.6 s and 116.6 s) or of every depth (3,474.7 M, 122.4 s)
//! did not pay (each beside another of these, so a few per cent slow).
//!
//! Measured on one thread (nodes, deterministic; from 323,577,256 on FFO
//! #20-39 and 334,428,602 on #40-44 without guesses): at the root alone, up
//! to 6 plies 272.8 M and 327.6 M, up to 10 plies 260.5 M and 272.8 M, up to
//! 12 250.8 M and 277.8 M (more CPU time), 14 242.4 M and 302.8 M (four
//! times the CPU time); at every node of 20 empties and more, up to 8
//! plies (empties less 12) 212.8 M and 247.5 M, up to 10 185.8 M and
//! 267.4 M; with null windows after the first move (kept) 185.6 M and
//! 264.3 M; from 18 empties (kept) 176.1 M and 263.0 M; from 18, the
//! empties less 11: 178.7 M and 251.0 M. The guesses' own nodes ordered
//! with the evaluation's probes, as the exact search's: a sixth of the
//! CPU time went to evaluations; ordered without them at nodes of 3-4
//! plies 194.4 M and 275.3 M, below 5 plies 175.0 M and 259.4 M, never
//! (kept) 170.1 M and 255.8 M and less CPU time. Then from 16 empties:
//! 180.9 M and 256.4 M; up to 12 plies, the empties less 11: 178.0 M and
//! 231.8 M (more CPU time on #20-39); the last 3 depths alone: 173.8 M
//! and 266.0 M with the probes (206.5 M and 271.7 M without); up to the
//! empties less 13: 236.2 M and 291.1 M, less 11: 170.6 M and 247.6 M,
//! less 10: 166.8 M and 237.8 M but about 10% more CPU time than less 12
//! (kept), run alternately. The exact search's ordering with the
//! evaluation weighed twice as much (a disc a quarter of an opponent
//! move): 198.0 M and 280.2 M; half as much: 176.4 M and 248.6 M. Guessing
//! after the enhanced transposition cutoffs, not before: 170.09 M and
//! 255.83 M, no change. FFO #45 (24 empties): 0.98 G nodes before the
//! guesses, 0.66 G with them. No guess at a null-window node whose
//! evaluation is more than 4 discs below the window (kept): 169.4 M and
//! 244.2 M; 0 discs 170.7 M and 247.7 M, 8 discs 169.2 M and 246.8 M, 16
//! discs 169.2 M and 248.4 M.

use super::eval::UNIT;
use super::guess_table::{Bounds, NONE_ABOVE, NONE_BELOW};
use super::probe::{INFINITY, probe_on, value};
use super::search::Searcher;
use super::table::NO_MOVE;

/// A node of the exact search with no move in the table guesses one by
/// searches of the evaluation ([`Searcher::guess`]) from this many empties
/// up. (Re-measured with the staged evaluation on the ordering benchmark
/// `data/solve/bench-20-22.obf`, FFO #20-39 and #40-44 together, one
/// thread, 2026-12-06: 1,458.6 M nodes as used (1,060.6 M, 188.8 M and
/// 209.2 M from 18); from 17, 1,439.3 M, the geometric mean of the 85
/// positions' ratios 0.999; from 17 with the reply of the ordering from 15
/// empties (`ordering.rs`), 1,432.5 M (0.993; kept: less CPU time too,
/// PERFORMANCE.md). From 17 with the reply from 15 and the searches to the
/// empties less 11, 1,429.0 M (0.997).) From 19 with [`GUESS_STEP`]
/// (2026-12-07): the large positions spent most of their time in the
/// guesses' evaluations (a third of FFO #56's in `evaluate` alone, at 11 M
/// nodes a second against 37 M on #54); see [`GUESS_STEP`] for the figures.
const GUESS_EMPTIES: u32 = 19;

/// A guess searches every other depth, down from its deepest: 4, 6, 8 and
/// 10 plies, not 3 to 10 (on the full board; every depth on a smaller or
/// holed one, not measured there). Each search orders the next through the
/// table's hints, and one of two depths orders it nearly as well. FFO
/// positions, one thread, two runs side by side on the 2 cores (CPU
/// seconds; the solver before at the left, guessing from 17 with every
/// depth):
///
/// | guesses | #56 (29 empties) | #45-52 (24-27) |
/// | --- | --- | --- |
/// | from 17, every depth | 1,185.6 M nodes, 102.7 s | 3,693.5 M, 126.1 s |
/// | from 17, every other depth | 1,165.8 M, 84.5 s | |
/// | from 17, every third depth | 1,161.3 M, 81.7 s | |
/// | from 18, every depth | 1,153.2 M, 88.5 s | |
/// | from 19, every depth | 1,211.1 M, 85.0 s | |
/// | from 18, every other depth | 1,213.4 M, 77.9 s | |
/// | from 19, every other depth (kept) | 1,209.9 M, 74.5 s | 3,751.6 M, 115.7 s |
/// | from 20, every other depth | 1,308.4 M, 72.1 s | |
///
/// FFO #57-58 (30 empties): 461.5 s of CPU before (alone on an idle
/// machine), 353.0 s from 17 and 328.9 s from 19 with every other depth
/// (side by side). The smaller positions, where guesses are few, keep
/// their nodes within 2% (FFO #20-39 0.992, #40-44 1.004, the 20-22
/// empties benchmark 1.022, geometric means of the positions' ratios).
const GUESS_STEP: u32 = 2;

/// As [`GUESS_EMPTIES`] on a board smaller than 8x8 or with holes, whose
/// evaluation is [`Shape::evaluate`](super::shape::Shape::evaluate) (plus
/// [`eval6`](super::eval6) on the centred 6x6 board: `probe.rs`). (6x6 positions of the 6x6 start's
/// principal variation, 24 and 26 empties, one thread: 53.1 M and
/// 140.5 M nodes with no guesses, from 16 empties 23.7 M and 67.9 M; with
/// a quarter of a disc a potential move, from 16: 110.7 M on the second,
/// from 18: 117.1 M, from 20: 127.1 M; with the searches to the empties
/// less 11, on 24, 26 and 28 empties: from 16 21.9 M, 57.8 M and 362.0 M
/// (32.7 s and 34.5 s of CPU on the last), from 15 21.4 M and 57.6 M,
/// from 14 21.2 M, 55.3 M and 335.4 M (31.2 s and 27.9 s), from 17
/// 23.3 M and 58.3 M. With [`eval6`](super::eval6) in the evaluation and
/// the ordering, on 24, 26 and 28 empties: from 14 16.9 M, 43.6 M and
/// 219.7 M (24.1 s of CPU on the last), from 15 220.4 M (23.5 s) on the
/// last, from 16 17.1 M, 41.9 M and 224.8 M (23.3 s). With the folded
/// pattern tables, on 26 empties, one run each: from 14 (kept) 43.6 M
/// nodes in 3.4 s, from 15 43.8 M, from 13 to the empties less 10 43.0 M
/// in 4.3 s; no guess more than 2 or 8 discs below the window (not 4):
/// 43.6 M, 44.3 M.)
const GUESS_EMPTIES_MASKED: u32 = 14;

/// The deepest search of a guess, in plies. (It binds from 23 empties up.
/// FFO #45-52, 24-27 empties, one thread, 2026-12-07: 10 (kept)
/// 5,454.6 M nodes; 12, 4,819.0 M; 14, 4,760.1 M; single positions move
/// both ways, #49 1,126 M to 601 M and 545 M, #50 2,267 M to 2,569 M and
/// 2,633 M. The deeper guesses cost more per node: 12 against 10 took a
/// median 192.4 s against 196.0 s of CPU, 2 alternate pairs at 0.959 and
/// 1.005, no gain shown.)
const GUESS_DEPTH: u32 = 10;

/// A guess searches at most the empties less this many plies. (On the sets
/// of [`GUESS_EMPTIES`]: less 11, 1,431.2 M nodes, the geometric mean 1.003:
/// fewer on the largest positions, more on most; with the reply of the
/// ordering from 15 empties, 1,440.1 M (0.998).)
const GUESS_RESERVE: u32 = 12;

/// As [`GUESS_RESERVE`] on a board smaller than 8x8 or with holes. (The
/// 6x6 positions of [`GUESS_EMPTIES_MASKED`], 24, 26 and 28 empties, with
/// guesses from 16: less 12 plies 23.7 M, 67.9 M and 406.5 M nodes (37 s),
/// less 11 21.9 M, 57.8 M and 362.0 M (29 s), less 10 20.4 M and 59.7 M
/// with more CPU time; up to 8 plies 29.3 M and 126.3 M, up to 12 24.1 M
/// and 73.0 M. With [`eval6`](super::eval6) in the evaluation and the
/// ordering, on 28 empties: less 11 219.7 M, less 10 220.4 M with more CPU
/// time.)
const GUESS_RESERVE_MASKED: u32 = 11;

/// A node whose evaluation is this many discs below its window guesses
/// nothing. (On the sets of [`GUESS_EMPTIES`]: 2 discs 1,468.1 M nodes,
/// the geometric mean 1.003; 8 discs 1,453.7 M, 0.998.)
const GUESS_MARGIN: i32 = 4;

const _: () =
    assert!(GUESS_EMPTIES > GUESS_RESERVE + 2 && GUESS_EMPTIES_MASKED > GUESS_RESERVE_MASKED + 2 && GUESS_STEP >= 1);

impl<const MASKED: bool> Searcher<'_, MASKED> {
    /// A guess of the best move of `(p, o)` (`empties` empty squares, no
    /// move in the table) for the exact search of a window above `alpha`
    /// to try first: from [`GUESS_EMPTIES`] up ([`GUESS_EMPTIES_MASKED`]
    /// on a smaller or holed board), searches
    /// of the evaluation deeper and deeper ([`GUESS_DEPTH`],
    /// [`GUESS_RESERVE`], [`GUESS_STEP`]), each node's best move a hint in the table for
    /// the next; [`NO_MOVE`] below, or when the position's evaluation is
    /// more than [`GUESS_MARGIN`] discs below `alpha` (every move will
    /// likely be searched: the order matters little).
    pub(crate) fn guess(&mut self, p: u64, o: u64, empties: u32, alpha: i32) -> u8 {
        let from = if MASKED { GUESS_EMPTIES_MASKED } else { GUESS_EMPTIES };
        if empties < from || value::<MASKED>(self.k, self.shape(), p, o) < (alpha - GUESS_MARGIN) * UNIT {
            return NO_MOVE;
        }
        let deepest = GUESS_DEPTH.min(empties - if MASKED { GUESS_RESERVE_MASKED } else { GUESS_RESERVE });
        let step = if MASKED { 1 } else { GUESS_STEP };
        // The shallowest depth of the same parity as the deepest, from 3.
        let first = 3 + (deepest - 3) % step;
        for depth in (first..=deepest).step_by(step as usize) {
            self.eval_pvs(p, o, depth, -INFINITY, INFINITY);
            if self.stopped() {
                return NO_MOVE;
            }
        }
        self.shared.table.get(p, o).map_or(NO_MOVE, |e| e.best)
    }

    /// The evaluation searched `depth` plies from `(p, o)` as [`probe`](super::probe::probe)
    /// does (the same value in the window), by principal-variation search
    /// with the table's hints and the solver's move ordering less the
    /// evaluation (its probes cost more than they saved); the best move
    /// of each node of 3 plies or more goes to the table as a hint, its
    /// bounds to the [`GuessTable`](super::guess_table::GuessTable), which
    /// answers for a node searched before at least as deep. Each such node
    /// counts as a node of the solve.
    fn eval_pvs(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        let moves = self.moves(p, o);
        if depth <= 2 {
            return probe_on::<MASKED>(self.k, self.shape(), p, o, moves, depth, alpha, beta);
        }
        self.count_node();
        if self.stopped() {
            return 0;
        }
        if moves == 0 {
            if self.moves(o, p) == 0 {
                return self.final_score(p, o) * UNIT;
            }
            return -self.eval_pvs(o, p, depth, -beta, -alpha);
        }
        let known = self.shared.guesses().get(p, o);
        if let Some(b) = known
            && b.depth >= depth
            && (b.lower >= beta || b.upper <= alpha || b.lower == b.upper)
        {
            return if b.upper <= alpha { b.upper } else { b.lower };
        }
        let mut hint = self.shared.table.get(p, o).map_or(NO_MOVE, |e| e.best);
        if hint == NO_MOVE {
            hint = known.map_or(NO_MOVE, |b| b.best);
        }
        let mut list = self.move_list(p, o, moves);
        self.order_plain(&mut list, p, o, hint);
        let alpha0 = alpha;
        let (mut best, mut best_move, mut alpha) = (-INFINITY, NO_MOVE, alpha);
        for child in list.sorted() {
            let (cp, co) = (child.player, child.opponent);
            let mut v;
            if best_move == NO_MOVE {
                v = -self.eval_pvs(cp, co, depth - 1, -beta, -alpha);
            } else {
                v = -self.eval_pvs(cp, co, depth - 1, -alpha - 1, -alpha);
                if v > alpha && v < beta {
                    v = -self.eval_pvs(cp, co, depth - 1, -beta, -v);
                }
            }
            if v > best {
                (best, best_move) = (v, child.square as u8);
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        self.shared.table.hint(p, o, best_move);
        if !self.stopped() {
            let lower = if best > alpha0 { best } else { NONE_BELOW };
            let upper = if best < beta { best } else { NONE_ABOVE };
            self.shared.guesses().put(p, o, Bounds { lower, upper, depth, best: best_move });
        }
        best
    }
}
