//! Reversi on any board reversi-variants holds: 1x1 to 26x26, with holes,
//! either colour first.
//!
//! The search (`search.rs`) is negamax alpha-beta, fail-soft, with
//! principal-variation null windows, a transposition table keyed by
//! [`Position::hash`] (sized by [`SolveOptions::hash_mib`], never larger than
//! the position can fill) and move ordering: the table's move, then the
//! opponent's fewest replies and static square values where corners and
//! edges are read from the board and its holes (`order.rs`). Every move is
//! played by reversi-variants: the rules are that crate's.
//!
//! Limits: none on the board. A position with many empties is solved as any
//! other: it runs, reporting progress, until it finishes or the
//! [`Cancel`](crate::Cancel) token or the deadline stops it. The search runs
//! on a thread of its own with a stack sized to the empties (a game of 676
//! squares recurses 1,352 plies deep at most). Threads: [`solve_moves`]
//! scores the root moves on up to `threads` threads (each with its share of
//! the table); [`solve`] and [`compare_score`] search on one. The scores never
//! depend on the thread count.
//!
//! Reversitacks and Attacks are refused ([`SolveError::Unsupported`]): a
//! jump moves a piece without adding one, so positions repeat and no rule of
//! those games makes them end; an exact value of a game that need not end is
//! not defined without a repetition rule the rules do not have.

mod order;
mod search;
mod table;

use std::cmp::Ordering;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};

use reversi_variants::{Move, Position, Variant};

use crate::clock::HAS_CLOCK_AND_THREADS;
use crate::{MoveScores, Solution, SolveError, SolveOptions};
use search::{INF, Search, empties, final_score};

/// Stack of a search thread: a base, and more per empty square (two plies
/// each at most, a pass and a move).
fn stack_size(empties: u32) -> usize {
    (8 << 20) + 32 * 1024 * empties as usize
}

/// Refuses what the solver does not solve.
fn check(position: &Position, options: &SolveOptions) -> Result<(), SolveError> {
    options.check()?;
    if position.variant() != Variant::Reversi {
        return Err(SolveError::Unsupported {
            reason: format!(
                "{} games need not end (a jump moves a piece without adding one, so positions repeat and no \
                 rule bounds a game): only Reversi has an exact value",
                position.variant()
            ),
        });
    }
    Ok(())
}

/// Runs `work` on a thread with a stack for `position`'s depth (here, when
/// no thread can be had, and on WebAssembly without an OS, which has none).
fn on_search_thread<T: Send>(position: &Position, work: impl FnOnce() -> T + Send) -> T {
    if !HAS_CLOCK_AND_THREADS {
        return work();
    }
    let work = Mutex::new(Some(work));
    let ran = std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("reversi-solve".to_string())
            .stack_size(stack_size(empties(position)))
            .spawn_scoped(scope, || lock(&work).take().map(|work| work()))
            .ok()?;
        handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    match (ran, work.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)) {
        (Some(done), _) => done,
        (None, Some(work)) => work(),
        (None, None) => unreachable!("the search thread took the work and gave its result"),
    }
}

/// The exact value of `position` (Reversi on any board): score, best move,
/// principal variation, nodes and time.
///
/// ```
/// use reversi_solve::{SolveOptions, board};
/// use reversi_variants::{Geometry, Position, Variant};
/// let start = Position::start(Variant::Reversi, Geometry::new(4, 4)?)?;
/// let solution = board::solve(&start, &SolveOptions::new())?;
/// assert_eq!(solution.score, -10); // 4x4: White wins 11-3, 13-3 with the 2 empties
/// let mut end = start;
/// for &mv in &solution.pv {
///     end.play(mv)?;
/// }
/// assert!(end.is_game_over());
/// assert_eq!(end.score().to_string(), "3-11"); // and the 2 empty squares
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`SolveOptions::check`]; [`SolveError::Unsupported`] for Reversitacks
/// and Attacks; [`SolveError::TableAlloc`]; [`SolveError::Cancelled`] or
/// [`SolveError::DeadlineReached`] when the search is stopped.
pub fn solve(position: &Position, options: &SolveOptions) -> Result<Solution<Move>, SolveError> {
    check(position, options)?;
    let start = options.stopwatch();
    on_search_thread(position, || {
        let mut search = Search::new(position, options, options.get_hash_mib(), &start)?;
        let empties = empties(position);
        let found = search.exact(position, empties).and_then(|score| Ok((score, search.pv(position, score, empties)?)));
        let (score, pv) = found.map_err(|stop| stop.error(search.nodes, &start))?;
        Ok(Solution::new(score, pv.first().copied(), pv, search.nodes, start.elapsed()))
    })
}

/// Whether the exact score of `position` is below, at or above `k`, by one
/// search with the window `(k - 1, k + 1)`: `compare_score(p, 0)` is the
/// game's win, draw or loss for the side to move (`Greater`, `Equal`,
/// `Less`); `!= Less` says "the score is at least `k`".
///
/// # Errors
/// As [`solve`].
pub fn compare_score(position: &Position, k: i32, options: &SolveOptions) -> Result<Ordering, SolveError> {
    check(position, options)?;
    let start = options.stopwatch();
    on_search_thread(position, || {
        let mut search = Search::new(position, options, options.get_hash_mib(), &start)?;
        let k = k.clamp(-INF + 2, INF - 2);
        let v = search.negamax(position, k - 1, k + 1, empties(position)).map_err(|s| s.error(search.nodes, &start))?;
        Ok(v.cmp(&k))
    })
}

/// The exact score of every legal move of `position` (a single pass when the
/// side to move must pass, none when the game is over), best first, on up to
/// `threads` threads (a root move each at a time, the table shared out
/// between them).
///
/// # Errors
/// As [`solve`].
pub fn solve_moves(position: &Position, options: &SolveOptions) -> Result<MoveScores<Move>, SolveError> {
    check(position, options)?;
    let start = options.stopwatch();
    let moves: Vec<Move> = position.moves().collect();
    let threads = options.get_threads().min(moves.len()).max(1);
    let mib = options.get_hash_mib() / threads;
    let next = AtomicUsize::new(0);
    let scores = Mutex::new(Vec::with_capacity(moves.len()));
    let outcome: Mutex<(u64, Option<SolveError>)> = Mutex::new((0, None));
    let worker = || {
        let mut search = match Search::new(position, options, mib, &start) {
            Ok(search) => search,
            Err(e) => return lock(&outcome).1 = Some(e),
        };
        let mut stopped = None;
        loop {
            let i = next.fetch_add(1, AtomicOrdering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            if lock(&outcome).1.is_some() {
                break;
            }
            let mut child = *position;
            child.play_unchecked(mv);
            let empties = empties(&child);
            match search.exact(&child, empties) {
                Ok(v) => lock(&scores).push((i, mv, -v)),
                Err(stop) => {
                    stopped = Some(stop);
                    break;
                }
            }
        }
        let mut outcome = lock(&outcome);
        outcome.0 += search.nodes;
        if let (Some(stop), None) = (stopped, &outcome.1) {
            outcome.1 = Some(stop.error(0, &start));
        }
    };
    if HAS_CLOCK_AND_THREADS {
        std::thread::scope(|scope| {
            for i in 0..threads {
                let spawned = std::thread::Builder::new()
                    .name("reversi-solve".to_string())
                    .stack_size(stack_size(empties(position)))
                    .spawn_scoped(scope, worker);
                if spawned.is_err() && i == 0 {
                    // No thread to be had: the moves are scored here.
                    worker();
                    break;
                }
            }
        });
    } else {
        worker();
    }
    let (nodes, error) = outcome.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(error) = error {
        return Err(with_nodes(error, nodes));
    }
    let mut scores = scores.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    scores.sort_by_key(|&(i, ..)| i);
    Ok(MoveScores::new(scores.into_iter().map(|(_, mv, v)| (mv, v)).collect(), nodes, start.elapsed()))
}

/// The exact score of a finished game for the side to move (empties to the
/// winner); `None` while the game goes on. Also what [`solve`] answers for
/// a finished game, without a search.
#[must_use]
pub fn final_value(position: &Position) -> Option<i32> {
    position.is_game_over().then(|| final_score(position, empties(position)))
}

/// A stop's error with every thread's nodes.
fn with_nodes(error: SolveError, nodes: u64) -> SolveError {
    match error {
        SolveError::Cancelled { elapsed, .. } => SolveError::Cancelled { nodes, elapsed },
        SolveError::DeadlineReached { elapsed, .. } => SolveError::DeadlineReached { nodes, elapsed },
        other => other,
    }
}

/// A lock, even after a panic elsewhere poisoned it (the data stays valid).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
