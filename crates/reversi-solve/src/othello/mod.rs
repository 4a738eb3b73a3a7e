//! 8x8 Reversi on reversi-core's bitboards: the fast path.
//!
//! [`solve`] gives the exact score with a best move and the principal
//! variation; [`solve_moves`] every legal move's exact score (an OBF answer
//! list); [`solve_window`] a bound of the score in a window, and
//! [`score_at_least`] whether the score reaches a value (a win:
//! `score_at_least(p, 1)`, at least a draw: `score_at_least(p, 0)`).
//!
//! The search works on reversi-core's [`raw`](reversi_core::raw) `u64`
//! pairs: an aspiration window at the root, principal-variation search
//! over null-window searches, a
//! transposition table shared by the threads (lock-free entries holding
//! bounds), enhanced transposition cutoffs high in the tree, stability
//! cutoffs, fastest-first move ordering (opponent mobility and potential
//! mobility, corners, parity, the table's move; at 14 empties and more a
//! small learned pattern evaluation, [`eval`], of each child and from 15
//! of the opponent's best reply; from 19 empties, at a node with no move
//! in the table, the first move guessed by deeper and deeper searches of
//! that evaluation, `probe.rs`, their best moves kept in the table as hints
//! that are never bounds; on a board smaller than 8x8 or with holes, from
//! 14 empties by searches of a rough evaluation of mobility, potential
//! mobility and corners, to which the centred 6x6 board adds its own
//! learned pattern evaluation, [`eval6`], that also orders its moves from
//! 14 empties), and code for the last
//! 7 empties that generates no move list (parity order, the last four
//! unrolled, the last move's flips counted from a table per line, no board
//! made). On two or more threads the moves of a node of 12 empties or more
//! are shared out once its elders have not cut off: the first move, or the
//! first two at a node expected to cut off (young brothers wait,
//! `split.rs`); the score does not depend on the thread count (the best
//! move may, among moves of equal score).
//!
//! ```
//! use reversi_core::{Move, Position, Square};
//! use reversi_solve::{SolveOptions, othello};
//!
//! // FFO #1 has 14 empties; Black (to move) wins by 18 with g8.
//! let position: Position = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse()?;
//! let solution = othello::solve(&position, &SolveOptions::new())?;
//! assert_eq!(solution.score, 18);
//! assert_eq!(solution.best, Some(Move::Place(Square::G8)));
//! assert_eq!(solution.pv.len(), 14);
//! assert!(othello::score_at_least(&position, 18, &SolveOptions::new())?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod entries;
pub mod eval;
pub mod eval6;
mod guess;
mod guess_table;
mod last;
mod last_flip;
mod ordering;
mod patterns;
mod probe;
mod search;
mod shape;
mod shared;
mod split;
mod split_point;
mod table;
mod words;

use reversi_core::{Move, Position, Square};

use crate::{MoveScores, Solution, SolveError, SolveOptions, WindowScore};
use search::{MAX_SCORE, MIN_SCORE, Searcher};
use shared::Shared;
use table::NO_MOVE;

/// The exact value of an 8x8 position: the score for the side to move
/// (final disc difference, empty squares to the winner), a best move (a
/// pass when the side to move must pass, `None` when the game is over), the
/// principal variation to the end of the game (passes included), and the
/// nodes and time spent.
///
/// # Errors
///
/// As [`SolveOptions::check`]; [`SolveError::TableAlloc`] when the table
/// cannot be allocated; [`SolveError::Cancelled`] or
/// [`SolveError::DeadlineReached`] when the search is stopped.
pub fn solve(position: &Position, options: &SolveOptions) -> Result<Solution<Move>, SolveError> {
    Bits::of(position).solve(options)
}

/// Every legal move's exact score, best first (moves of equal score in
/// square order): the answer list of an OBF line. A single [`Move::Pass`]
/// when the side to move must pass; empty when the game is over.
///
/// # Errors
///
/// As [`solve`].
pub fn solve_moves(position: &Position, options: &SolveOptions) -> Result<MoveScores<Move>, SolveError> {
    Bits::of(position).solve_moves(options)
}

/// A bound of the score from a search of the window `(alpha, beta)`: the
/// exact score when it lies strictly inside, else a score at or below
/// `alpha` that the exact score does not exceed ([`Bound::AtMost`](crate::Bound::AtMost)) or one at or
/// above `beta` that it reaches ([`Bound::AtLeast`](crate::Bound::AtLeast)). Narrow windows are
/// faster; `(-65, 65)` is [`solve`]'s score.
///
/// # Errors
///
/// [`SolveError::Window`] unless `alpha < beta`; otherwise as [`solve`].
pub fn solve_window(
    position: &Position,
    alpha: i32,
    beta: i32,
    options: &SolveOptions,
) -> Result<WindowScore, SolveError> {
    Bits::of(position).solve_window(alpha, beta, options)
}

/// Whether the exact score is at least `k`, from one null-window search:
/// `k = 1` asks for a win, `k = 0` for at least a draw.
///
/// # Errors
///
/// As [`solve`].
pub fn score_at_least(position: &Position, k: i32, options: &SolveOptions) -> Result<bool, SolveError> {
    let k = k.clamp(MIN_SCORE - 1, MAX_SCORE + 1);
    Ok(solve_window(position, k - 1, k, options)?.score >= k)
}

/// A Reversi position in the 8x8 bitboards: the discs of the side to move
/// and of the other side, and the board's squares: `!0` for the 8x8 board;
/// a board of at most 8 columns and 8 rows, holes left out, is the squares
/// it has (column `c` and row `r` at bit `8 * r + c`). The squares off the
/// board are never played: their rays end there as at an empty square, so
/// the 8x8 move generator plays the smaller board's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bits {
    /// The side to move's discs.
    pub(crate) p: u64,
    /// The other side's discs.
    pub(crate) o: u64,
    /// The board's squares.
    pub(crate) mask: u64,
}

impl Bits {
    /// An 8x8 position.
    fn of(position: &Position) -> Bits {
        Bits { p: position.player().0, o: position.opponent().0, mask: !0 }
    }

    /// The empty squares.
    fn empties(self) -> u32 {
        (!(self.p | self.o) & self.mask).count_ones()
    }

    /// As [`solve`], on this board.
    pub(crate) fn solve(self, options: &SolveOptions) -> Result<Solution<Move>, SolveError> {
        if self.mask == !0 { solve_on::<false>(self, options) } else { solve_on::<true>(self, options) }
    }

    /// As [`solve_moves`], on this board.
    pub(crate) fn solve_moves(self, options: &SolveOptions) -> Result<MoveScores<Move>, SolveError> {
        if self.mask == !0 { solve_moves_on::<false>(self, options) } else { solve_moves_on::<true>(self, options) }
    }

    /// As [`solve_window`], on this board.
    pub(crate) fn solve_window(self, alpha: i32, beta: i32, options: &SolveOptions) -> Result<WindowScore, SolveError> {
        if self.mask == !0 {
            solve_window_on::<false>(self, alpha, beta, options)
        } else {
            solve_window_on::<true>(self, alpha, beta, options)
        }
    }
}

fn solve_on<const M: bool>(b: Bits, options: &SolveOptions) -> Result<Solution<Move>, SolveError> {
    let start = options.stopwatch();
    options.check()?;
    let (p, o) = (b.p, b.o);
    let shared = Shared::new(options, b.mask, b.empties(), start)?;
    let (score, pv) = split::run::<M, _>(&shared, || {
        let mut searcher = Searcher::<M>::new(&shared);
        let (score, best) = aspiration(&mut searcher, p, o);
        let pv = if searcher.stopped() { Vec::new() } else { principal_variation(&mut searcher, p, o, score, best) };
        searcher.flush();
        (score, pv)
    });
    if let Some(error) = shared.stop_error() {
        return Err(error);
    }
    let nodes = shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
    Ok(Solution::new(score, pv.first().copied(), pv, nodes, shared.elapsed()))
}

fn solve_moves_on<const M: bool>(b: Bits, options: &SolveOptions) -> Result<MoveScores<Move>, SolveError> {
    let start = options.stopwatch();
    options.check()?;
    let (p, o) = (b.p, b.o);
    let n = b.empties();
    let shared = Shared::new(options, b.mask, n, start)?;
    let scores = split::run::<M, _>(&shared, || {
        let mut searcher = Searcher::<M>::new(&shared);
        let moves = searcher.moves(p, o);
        let mut scores = Vec::new();
        if moves == 0 {
            if searcher.moves(o, p) != 0 {
                scores.push((Move::Pass, -searcher.pvs(o, p, MIN_SCORE - 1, MAX_SCORE + 1, n)));
            }
        } else {
            for child in searcher.k.children(p, o, moves) {
                let score = -searcher.pvs(child.player, child.opponent, MIN_SCORE - 1, MAX_SCORE + 1, n - 1);
                scores.push((place(child.square as u8), score));
            }
        }
        searcher.flush();
        scores
    });
    if let Some(error) = shared.stop_error() {
        return Err(error);
    }
    let nodes = shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
    Ok(MoveScores::new(scores, nodes, shared.elapsed()))
}

fn solve_window_on<const M: bool>(
    b: Bits,
    alpha: i32,
    beta: i32,
    options: &SolveOptions,
) -> Result<WindowScore, SolveError> {
    let start = options.stopwatch();
    if alpha >= beta {
        return Err(SolveError::Window { alpha, beta });
    }
    options.check()?;
    let shared = Shared::new(options, b.mask, b.empties(), start)?;
    // Scores lie in [-64, 64]: a wider window answers the same.
    let (a, z) = (alpha.clamp(MIN_SCORE - 1, MAX_SCORE), beta.clamp(MIN_SCORE, MAX_SCORE + 1));
    let score = split::run::<M, _>(&shared, || {
        let mut searcher = Searcher::<M>::new(&shared);
        let (score, _) = root(&mut searcher, b.p, b.o, a, z);
        searcher.flush();
        score
    });
    if let Some(error) = shared.stop_error() {
        return Err(error);
    }
    let nodes = shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
    Ok(WindowScore::classify(score, alpha, beta, nodes, shared.elapsed()))
}

/// The move placing on square `sq` (below 64).
fn place(sq: u8) -> Move {
    Square::from_index(usize::from(sq)).map_or(Move::Pass, Move::Place)
}

/// The root's search of `(alpha, beta)`: the score and the best square
/// ([`NO_MOVE`] when there is no placement or the table answered).
fn root<const M: bool>(searcher: &mut Searcher<'_, M>, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
    searcher.pvs_node(p, o, alpha, beta, searcher.empty(p, o).count_ones())
}

/// The first window of [`aspiration`]: `(-3, 3)`, exact for a draw or a
/// two-disc result. On FFO #20-37 (one thread) it took 250 M nodes to
/// 171 M against the whole window; `(-1, 1)` gave 170 M, `(-5, 5)` 187 M,
/// `(-9, 9)` 219 M. Centred on the evaluation's guess instead of 0 (the
/// evaluation searched 6, 8 or 10 plies at the root as `guess.rs` does,
/// rounded to an even score; 2026-12-06, one thread, on the ordering
/// benchmark `data/solve/bench-20-22.obf`, FFO #20-39 and #40-44 together,
/// 1,458.6 M nodes as it is): 1,660.9 M, 1,569.9 M and 1,477.2 M, the
/// geometric means of the 85 positions' ratios 1.044, 1.019 and 0.990 (on
/// FFO #20-39 alone 1.198, 1.089 and 1.074): a guess off by more than the
/// window costs a second search that the window at 0 often spares.
const ASPIRATION: i32 = 3;

/// The exact score by aspiration: a narrow window first, widened on the
/// side it fails on; the table keeps what each search learnt.
fn aspiration<const M: bool>(searcher: &mut Searcher<'_, M>, p: u64, o: u64) -> (i32, u8) {
    let (mut alpha, mut beta) = (-ASPIRATION, ASPIRATION);
    loop {
        let (score, best) = root(searcher, p, o, alpha.max(MIN_SCORE - 1), beta.min(MAX_SCORE + 1));
        if searcher.stopped() || (score > alpha && score < beta) || (alpha < MIN_SCORE && beta > MAX_SCORE) {
            return (score, best);
        }
        if score <= alpha {
            (alpha, beta) = (MIN_SCORE - 1, score + 1);
        } else {
            (alpha, beta) = (score - 1, MAX_SCORE + 1);
        }
    }
}

/// The principal variation from `(p, o)` of exact score `score`, `first`
/// tried first: at each ply a move whose child has the opposite score,
/// found by a null-window search of each child (the table makes them
/// cheap). Meaningless when the search is stopped.
fn principal_variation<const M: bool>(
    searcher: &mut Searcher<'_, M>,
    mut p: u64,
    mut o: u64,
    mut score: i32,
    first: u8,
) -> Vec<Move> {
    let mut pv = Vec::new();
    let mut hint = first;
    loop {
        let n = searcher.empty(p, o).count_ones();
        let moves = searcher.moves(p, o);
        if moves == 0 {
            if searcher.moves(o, p) == 0 {
                debug_assert!(searcher.stopped() || score == searcher.final_score(p, o));
                return pv;
            }
            pv.push(Move::Pass);
            (p, o, score) = (o, p, -score);
            continue;
        }
        if hint == NO_MOVE {
            hint = searcher.shared.table.get(p, o).map_or(NO_MOVE, |e| e.best);
        }
        let mut list = searcher.move_list(p, o, moves);
        searcher.order(&mut list, p, o, hint);
        let mut found = None;
        if searcher.stopped() {
            return pv;
        }
        for child in list.sorted() {
            // The child's score is at least -score; is it at most?
            searcher.expect(n - 1, true);
            if list_is_single(moves) || searcher.nws(child.player, child.opponent, -score, n - 1) <= -score {
                found = Some(child);
                break;
            }
            if searcher.stopped() {
                return pv;
            }
        }
        let Some(child) = found else { return pv };
        pv.push(place(child.square as u8));
        (p, o, score) = (child.player, child.opponent, -score);
        hint = NO_MOVE;
    }
}

/// Whether `moves` holds one move (then it is the principal variation's).
fn list_is_single(moves: u64) -> bool {
    moves & (moves - 1) == 0
}
