//! The search above the last empties: null-window search with the table,
//! enhanced transposition cutoffs, stability cutoffs and move ordering, and
//! the principal-variation search that answers a window.
//!
//! Every function is fail-soft: a result inside `(alpha, beta)` is exact,
//! one at or below `alpha` an upper bound, one at or above `beta` a lower
//! bound. The null-window searches answer `(alpha, alpha + 1)`.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use reversi_core::raw::{Child, Kernel};

use super::bits::{final_score, parity, stability_bound};
use super::ordering::{MoveList, order};
use super::shape::{FULL, Shape};
use super::shared::Shared;
use super::split_point::SplitPoint;
use super::table::{Entry, NO_MOVE};

/// The most empties searched by the last-empties code (`last.rs`, no move
/// lists); above, [`Searcher::nws_mid`] with move lists, the table and move
/// ordering. Here, beside the search that hands over, so that `last.rs`
/// depends on this module and not both ways.
pub(crate) const SHALLOW: u32 = 7;

/// Nodes between two looks at the stop flags.
const POLL_NODES: u64 = 1 << 12;

/// Enhanced transposition cutoffs (each child looked up in the table before
/// any is searched) from this many empties up. (2026-12-06, one thread,
/// nodes on the ordering benchmark `data/solve/bench-20-22.obf`, FFO
/// #20-39 and #40-44 together: from 12, 1,458.6 M; from 15, 1,502.0 M (the
/// geometric mean of the 85 positions' ratios 1.029); from 11 on the
/// benchmark alone 1,045.4 M against 1,060.6 M; from 10, 1,425.1 M
/// (0.979), and with the ordering's reply from 15 and the guesses from 17,
/// 1,401.5 M (0.973) against 1,432.5 M without, but more CPU time on FFO
/// #20-39 and #40-44 (pairs of runs taken alternately against the solver
/// before both, medians of 4: 1.020 with, 0.987 without): a table read for each child
/// of the many nodes of 10 and 11 empties costs more than the nodes it
/// saves.)
const ETC_EMPTIES: u32 = 12;

/// On a board smaller than 8x8 or with holes (where the start and the
/// positions near it are symmetric), a move that a symmetry of the position
/// maps onto another is searched once, from this many empties up.
const SYMMETRY_EMPTIES: u32 = 14;

/// The lowest score: below every final score.
pub(crate) const MIN_SCORE: i32 = -64;
/// The highest score.
pub(crate) const MAX_SCORE: i32 = 64;

/// One thread's search: the kernel, the state shared with the other
/// threads, and its own node count. `MASKED` searches a board smaller than
/// 8x8 or with holes, embedded in the 8x8 bitboards: its squares are
/// `shared.mask`, the others are never played (a separate instance, so that
/// the full board's search pays nothing for it).
pub(crate) struct Searcher<'a, const MASKED: bool = false> {
    /// The move generator.
    pub(crate) k: Kernel,
    /// Table, stop flag, node total.
    pub(crate) shared: &'a Shared<'a>,
    /// Nodes searched by this thread.
    pub(crate) nodes: u64,
    /// Nodes already added to the shared total.
    flushed: u64,
    /// The node count of the next poll.
    next_poll: u64,
    /// The split point this searcher works for (`None`: the solve's own
    /// searcher), whose cutoff stops it.
    split: Option<Arc<SplitPoint>>,
    /// The board's shape ([`FULL`] unless `MASKED`).
    shape: Shape,
    /// Bit `e`: whether the null-window node of `e` empties searched next
    /// is expected to cut off ([`expect`](Self::expect); `split.rs` says
    /// why the split asks).
    cut_nodes: u64,
}

impl<'a, const MASKED: bool> Searcher<'a, MASKED> {
    /// A searcher on `shared`.
    pub(crate) fn new(shared: &'a Shared<'a>) -> Searcher<'a, MASKED> {
        Searcher {
            k: shared.kernel,
            shared,
            nodes: 0,
            flushed: 0,
            next_poll: POLL_NODES,
            split: None,
            shape: if MASKED { Shape::of(shared.mask) } else { FULL },
            cut_nodes: !0,
        }
    }

    /// A searcher on `shared` working for the split point `split`.
    pub(crate) fn helper(shared: &'a Shared<'a>, split: Arc<SplitPoint>) -> Searcher<'a, MASKED> {
        Searcher { split: Some(split), ..Searcher::new(shared) }
    }

    /// The split point this searcher works for.
    #[inline]
    pub(crate) fn split_point(&self) -> Option<Arc<SplitPoint>> {
        self.split.clone()
    }

    /// The board's shape: constants on the full board.
    #[inline(always)]
    pub(crate) fn shape(&self) -> &Shape {
        if MASKED { &self.shape } else { &FULL }
    }

    /// The board's squares.
    #[inline(always)]
    pub(crate) fn mask(&self) -> u64 {
        self.shape().mask
    }

    /// The squares off the board (none on the full board).
    #[inline(always)]
    pub(crate) fn off(&self) -> u64 {
        !self.mask()
    }

    /// How many squares the board has.
    #[inline(always)]
    pub(crate) fn squares(&self) -> i32 {
        self.shape().squares
    }

    /// The empty squares of the board.
    #[inline(always)]
    pub(crate) fn empty(&self, p: u64, o: u64) -> u64 {
        !(p | o) & self.mask()
    }

    /// The legal moves of `p`.
    #[inline(always)]
    pub(crate) fn moves(&self, p: u64, o: u64) -> u64 {
        self.k.moves(p, o) & self.mask()
    }

    /// The final score of a finished game for `p`.
    #[inline(always)]
    pub(crate) fn final_score(&self, p: u64, o: u64) -> i32 {
        final_score(p, o, self.squares())
    }

    /// The children of `(p, o)` after `moves`, their replies counted on the
    /// board.
    #[inline]
    pub(crate) fn move_list(&self, p: u64, o: u64, moves: u64) -> MoveList {
        MoveList::new(self.k, p, o, moves, self.mask())
    }

    /// The children of `(p, o)` after `moves` as [`move_list`](Self::move_list),
    /// less the twins of other moves under a symmetry of the position on a
    /// small board high in the tree (see [`SYMMETRY_EMPTIES`]).
    #[inline]
    fn distinct_moves(&self, p: u64, o: u64, moves: u64, empties: u32) -> MoveList {
        // (The list made at once, not made whole and then cut: returning a
        // list changed after it was made copied its 1.7 kB.)
        let twins = if MASKED && empties >= SYMMETRY_EMPTIES { self.shape().twins(p, o, moves) } else { 0 };
        self.move_list(p, o, moves & !twins)
    }

    /// Orders `list`, the children of `(p, o)`, the table's move `best` first.
    #[inline]
    pub(crate) fn order(&self, list: &mut MoveList, p: u64, o: u64, best: u8) {
        order(list, self.k, self.empty(p, o), best, self.shape(), true);
    }

    /// As [`order`](Self::order) without the learned evaluation: the
    /// ordering of the evaluation's own searches (`probe.rs`).
    #[inline]
    pub(crate) fn order_plain(&self, list: &mut MoveList, p: u64, o: u64, best: u8) {
        order(list, self.k, self.empty(p, o), best, self.shape(), false);
    }

    /// The stability bound of `(p, o)`.
    #[inline]
    pub(crate) fn stability_bound(&self, p: u64, o: u64) -> i32 {
        stability_bound(p, o, self.squares(), self.off())
    }

    /// Whether the search must stop: the solve was stopped, or a split
    /// point this searcher works for was cut off (the result of a stopped
    /// search is meaningless and never stored).
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.shared.is_stopped() || self.split.as_deref().is_some_and(SplitPoint::aborted)
    }

    /// Adds this thread's nodes to the shared total and looks at the stop
    /// conditions.
    #[cold]
    fn poll(&mut self) {
        self.next_poll = self.nodes + POLL_NODES;
        self.flush();
        self.shared.poll();
    }

    /// Counts a node; looks at the stop conditions when they are due.
    #[inline]
    pub(crate) fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
    }

    /// Adds the nodes not yet counted to the shared total.
    pub(crate) fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
    }

    /// Marks the null-window node of `empties` searched next as expected
    /// to cut off (`cut`) or to fail low: the callers of [`nws`](Self::nws)
    /// say what they expect of the node, and [`nws_mid`](Self::nws_mid)
    /// expects the opposite of its children (and of itself after a pass).
    /// Only the split asks; the search is the same either way.
    #[inline(always)]
    pub(crate) fn expect(&mut self, empties: u32, cut: bool) {
        let bit = 1u64 << (empties & 63);
        self.cut_nodes = if cut { self.cut_nodes | bit } else { self.cut_nodes & !bit };
    }

    /// Null-window search: is the score above `alpha`? (`empties` empty
    /// squares.)
    #[inline]
    pub(crate) fn nws(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        if empties > SHALLOW {
            self.nws_mid(p, o, alpha, empties)
        } else {
            let parity = parity(self.empty(p, o), &self.shape().quadrants);
            if empties > 4 {
                self.nws_shallow(p, o, alpha, empties, parity)
            } else {
                self.solve_small(p, o, alpha, parity)
            }
        }
    }

    /// Null-window search above [`SHALLOW`] empties; from
    /// [`SPLIT_EMPTIES`](super::split_point::SPLIT_EMPTIES) up on two threads or
    /// more, the moves after the first (the first two at a node expected to
    /// cut off: [`expect`](Self::expect)) shared out when they do not cut off.
    pub(crate) fn nws_mid(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        self.count_node();
        if self.stopped() {
            return 0;
        }
        let expect_cut = self.cut_nodes >> (empties & 63) & 1 != 0;
        let moves = self.moves(p, o);
        if moves == 0 {
            if self.moves(o, p) == 0 {
                return self.final_score(p, o);
            }
            self.expect(empties, !expect_cut);
            return -self.nws_mid(o, p, -alpha - 1, empties);
        }
        if alpha >= self.squares() - 2 * o.count_ones() as i32 {
            let bound = self.stability_bound(p, o);
            if bound <= alpha {
                return bound;
            }
        }
        let table = &self.shared.table;
        let mut best_move = NO_MOVE;
        if let Some(entry) = table.get(p, o) {
            if entry.lower > alpha {
                return entry.lower;
            }
            if entry.upper <= alpha {
                return entry.upper;
            }
            best_move = entry.best;
        }
        if best_move == NO_MOVE {
            best_move = self.guess(p, o, empties, alpha);
        }
        let mut list = self.distinct_moves(p, o, moves, empties);
        if empties > SHALLOW + 1 {
            // The children read the table first thing: ask for their
            // buckets now, while the moves are ordered.
            for child in list.children() {
                table.prefetch(child.player, child.opponent);
            }
        }
        if empties >= ETC_EMPTIES {
            // A child whose upper bound is low enough cuts off at once.
            for child in list.children() {
                if let Some(entry) = table.get(child.player, child.opponent)
                    && -entry.upper > alpha
                {
                    let score = -entry.upper;
                    table.put(p, o, empties, Entry { lower: score, upper: MAX_SCORE, best: child.square as u8 });
                    return score;
                }
            }
        }
        let mut best = MIN_SCORE - 1;
        let count = list.children().count();
        // The table's (or the guess's) move first, before the others are
        // ordered: when it cuts off, as it mostly does, they never are.
        // The order and the nodes are those of ordering them all first.
        // (Searched before the move list is made, the children's prefetch
        // and the enhanced transposition cutoffs after it: 2.4% fewer
        // nodes on FFO #20-39 but more on most positions, the geometric
        // mean of the ratios 1.014, and on FFO #40-44 1.060, the 20-22
        // empties benchmark 1.040: dropped.)
        let first = list.children().find(|c| c.square as u8 == best_move).copied();
        if let Some(child) = first {
            self.expect(empties - 1, !expect_cut);
            best = -self.nws(child.player, child.opponent, -alpha - 1, empties - 1);
            if self.stopped() {
                return 0;
            }
        }
        if best <= alpha {
            self.order(&mut list, p, o, best_move);
            let mut sorted = list.sorted();
            if first.is_some() {
                // The move searched above, ordered first.
                sorted.next();
            }
            let mut searched = usize::from(first.is_some());
            // Young brothers wait: for the first move, or at a node
            // expected to cut off, the first two (`split.rs`).
            let elders = if expect_cut { 2 } else { 1 };
            loop {
                if searched == elders && self.may_split(count - elders, empties) {
                    let (v, sq) = self.split(sorted.collect(), alpha, empties, expect_cut);
                    if self.stopped() {
                        return 0;
                    }
                    if v > best {
                        (best, best_move) = (v, sq);
                    }
                    break;
                }
                let Some(child) = sorted.next() else { break };
                searched += 1;
                self.expect(empties - 1, !expect_cut);
                let v = -self.nws(child.player, child.opponent, -alpha - 1, empties - 1);
                if self.stopped() {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = child.square as u8;
                    if v > alpha {
                        break;
                    }
                }
            }
        }
        let entry = if best > alpha {
            Entry { lower: best, upper: MAX_SCORE, best: best_move }
        } else {
            Entry { lower: MIN_SCORE, upper: best, best: best_move }
        };
        table.put(p, o, empties, entry);
        best
    }

    /// Principal-variation search of the window `(alpha, beta)`.
    #[inline]
    pub(crate) fn pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        self.pvs_node(p, o, alpha, beta, empties).0
    }

    /// Principal-variation search of the window `(alpha, beta)`, with the
    /// move that gave the result ([`NO_MOVE`] for a pass, the end of the
    /// game or a table hit): the first move with the whole window, the others
    /// with a null window first (on two threads or more, shared out below:
    /// see [`split`](super::split)).
    pub(crate) fn pvs_node(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, empties: u32) -> (i32, u8) {
        if beta <= alpha + 1 {
            self.expect(empties, true);
            return (self.nws(p, o, alpha, empties), NO_MOVE);
        }
        self.nodes += 1;
        if self.stopped() {
            return (0, NO_MOVE);
        }
        let moves = self.moves(p, o);
        if moves == 0 {
            if self.moves(o, p) == 0 {
                return (self.final_score(p, o), NO_MOVE);
            }
            return (-self.pvs(o, p, -beta, -alpha, empties), NO_MOVE);
        }
        let table = &self.shared.table;
        let mut best_move = NO_MOVE;
        if let Some(entry) = table.get(p, o) {
            if entry.lower >= beta || entry.lower == entry.upper {
                return (entry.lower, entry.best);
            }
            if entry.upper <= alpha {
                return (entry.upper, entry.best);
            }
            best_move = entry.best;
        }
        if best_move == NO_MOVE {
            best_move = self.guess(p, o, empties, MIN_SCORE - 1);
        }
        let alpha0 = alpha;
        let mut list = self.distinct_moves(p, o, moves, empties);
        self.order(&mut list, p, o, best_move);
        let children: Vec<Child> = list.sorted().collect();
        let first = children[0];
        let mut best = -self.pvs(first.player, first.opponent, -beta, -alpha, empties - 1);
        best_move = first.square as u8;
        if self.stopped() {
            return (0, NO_MOVE);
        }
        alpha = alpha.max(best);
        if best < beta {
            let rest = &children[1..];
            let (v, sq) = self.siblings(rest, alpha, beta, empties);
            if self.stopped() {
                return (0, NO_MOVE);
            }
            if v > best {
                (best, best_move) = (v, sq);
            }
        }
        let entry = if best >= beta {
            Entry { lower: best, upper: MAX_SCORE, best: best_move }
        } else if best > alpha0 {
            Entry { lower: best, upper: best, best: best_move }
        } else {
            Entry { lower: MIN_SCORE, upper: best, best: best_move }
        };
        table.put(p, o, empties, entry);
        (best, best_move)
    }

    /// The best of the moves after the first at a node of `empties`
    /// searched with the window `(alpha, beta)`, on this thread: each with
    /// a null window at the best score so far, re-searched when it beats it.
    pub(crate) fn siblings(&mut self, rest: &[Child], mut alpha: i32, beta: i32, empties: u32) -> (i32, u8) {
        let mut best = (MIN_SCORE - 1, NO_MOVE);
        for child in rest {
            let (cp, co) = (child.player, child.opponent);
            self.expect(empties - 1, true);
            let mut v = -self.nws(cp, co, -alpha - 1, empties - 1);
            if v > alpha && v < beta && !self.stopped() {
                // `v` is a lower bound: the window just below it cannot
                // fail low, so the answer is exact or at least `beta`.
                v = -self.pvs(cp, co, -beta, -(v - 1), empties - 1);
            }
            if self.stopped() {
                break;
            }
            if v > best.0 {
                best = (v, child.square as u8);
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }
}
