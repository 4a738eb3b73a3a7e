//! Many positions solved side by side: [`solve_many`] and
//! [`solve_moves_many`], on a bounded number of threads, each position its
//! own answer or its own error, in the order given.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use reversi_variants::{Move, Position};

use crate::clock::Stopwatch;
use crate::{MoveScores, Progress, Solution, SolveError, SolveOptions, solve, solve_moves};

/// The stack of a batch's threads: as much as a main thread has (the 8x8
/// search runs on them; the generic one starts a thread of its own sized to
/// the position).
const STACK: usize = 8 << 20;

/// The most often the progress callback is called.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The exact value of each of `positions` ([`solve`] of each), solved side
/// by side: the answers in the order of `positions`, each a [`Solution`] or
/// the position's own error (a position the solver refuses does not stop
/// the others).
///
/// `options` are read as follows: `threads` is how many positions are
/// solved at once, each on one thread with a table of its own of `hash_mib`
/// (memory: at most `threads` tables; for many small solves, side by side
/// beats one search shared by the threads); the [`Cancel`](crate::Cancel)
/// token and the deadline stop the whole batch (the positions under way stop
/// within a fraction of a second, those not begun are not started, each then
/// answers [`SolveError::Cancelled`] or [`SolveError::DeadlineReached`]); the
/// progress callback is told the nodes of the positions finished so far.
/// Each position is solved as [`solve`] solves it alone with one thread, so
/// the answers (scores, moves, nodes) do not depend on the thread count.
///
/// ```
/// use reversi_solve::{SolveError, SolveOptions, solve_many};
/// use reversi_variants::{Geometry, Position, Variant};
///
/// let four = Position::start(Variant::Reversi, Geometry::new(4, 4)?)?;
/// let attacks = Position::start(Variant::Attacks, Geometry::new(5, 5)?)?;
/// let answers = solve_many(&[four, attacks, four], &SolveOptions::new().threads(2))?;
/// assert_eq!(answers[0].as_ref().map(|s| s.score), Ok(-10));
/// assert!(matches!(answers[1], Err(SolveError::Unsupported { .. })));
/// assert_eq!(answers[2].as_ref().map(|s| s.score), Ok(-10));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`SolveOptions::check`], for the whole batch (before any position is
/// solved). Each position's own error is in its place in the answer:
/// [`SolveError::Unsupported`], [`SolveError::TableAlloc`],
/// [`SolveError::Cancelled`], [`SolveError::DeadlineReached`].
pub fn solve_many(
    positions: &[Position],
    options: &SolveOptions,
) -> Result<Vec<Result<Solution<Move>, SolveError>>, SolveError> {
    each(positions, options, solve, |s| s.nodes)
}

/// Every legal move's exact score of each of `positions` ([`solve_moves`]
/// of each), side by side as [`solve_many`] solves them: in the order of
/// `positions`, each its scores or its own error.
///
/// # Errors
///
/// As [`solve_many`].
pub fn solve_moves_many(
    positions: &[Position],
    options: &SolveOptions,
) -> Result<Vec<Result<MoveScores<Move>, SolveError>>, SolveError> {
    each(positions, options, solve_moves, |s| s.nodes)
}

/// `work` on each of `positions` on `options`' threads, the answers in
/// order; `nodes` reads an answer's nodes for the progress callback.
fn each<T: Send>(
    positions: &[Position],
    options: &SolveOptions,
    work: impl Fn(&Position, &SolveOptions) -> Result<T, SolveError> + Sync,
    nodes: impl Fn(&T) -> u64 + Sync,
) -> Result<Vec<Result<T, SolveError>>, SolveError> {
    options.check()?;
    // The options' clock (none on wasm32 unless given): the batch's
    // deadline and progress read the time as each solve does.
    let watch = options.stopwatch();
    let one = options.one_of_many();
    let next = AtomicUsize::new(0);
    let done_nodes = AtomicU64::new(0);
    // `None`: not reported yet (the first finished position is).
    let last_progress = Mutex::new(None);
    // Takes positions in order until none is left: (index, answer) pairs.
    let worker = || {
        let mut answers = Vec::new();
        loop {
            let i = next.fetch_add(1, Relaxed);
            let Some(position) = positions.get(i) else { return answers };
            let answer = match stopped(options, &watch) {
                Some(error) => Err(error),
                None => work(position, &one),
            };
            if let Ok(answer) = &answer {
                done_nodes.fetch_add(nodes(answer), Relaxed);
            }
            report(options, &watch, &done_nodes, &last_progress);
            answers.push((i, answer));
        }
    };
    let workers = options.get_threads().min(positions.len()).max(1);
    let mut pairs = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..workers)
            .filter_map(|i| {
                std::thread::Builder::new()
                    .name(format!("reversi-solve-batch-{i}"))
                    .stack_size(STACK)
                    .spawn_scoped(scope, worker)
                    .ok()
            })
            .collect();
        let mut pairs = worker();
        for helper in helpers {
            // A panic of a solve is a bug: it is passed on.
            pairs.extend(helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        pairs
    });
    // Every index was taken once, by one worker.
    pairs.sort_unstable_by_key(|&(i, _)| i);
    Ok(pairs.into_iter().map(|(_, answer)| answer).collect())
}

/// The error of a position not begun because the batch was stopped.
fn stopped(options: &SolveOptions, watch: &Stopwatch) -> Option<SolveError> {
    if options.get_cancel().is_some_and(|c| c.is_cancelled()) {
        return Some(SolveError::Cancelled { nodes: 0, elapsed: Duration::ZERO });
    }
    if watch.is_past_deadline(watch.now()) {
        return Some(SolveError::DeadlineReached { nodes: 0, elapsed: Duration::ZERO });
    }
    None
}

/// Calls the progress callback with the nodes of the positions finished,
/// when it is due (the first position finished, then at most every
/// [`PROGRESS_EVERY`]).
fn report(options: &SolveOptions, watch: &Stopwatch, nodes: &AtomicU64, last: &Mutex<Option<Duration>>) {
    let Some(progress) = options.get_progress() else { return };
    // No clock, no progress (as a solve's).
    let Some(now) = watch.now() else { return };
    let due = match last.try_lock() {
        Ok(mut last) if last.is_none_or(|at| now.saturating_sub(at) >= PROGRESS_EVERY) => {
            *last = Some(now);
            true
        }
        _ => false,
    };
    if due {
        progress(&Progress { nodes: nodes.load(Relaxed), elapsed: now });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Instant;

    use reversi_variants::{Color, Geometry, Variant};

    use super::*;
    use crate::Cancel;

    /// Positions of `empties` empties on 8x8 from seeded random games.
    fn late(count: usize, empties: usize, seed: u64) -> Vec<Position> {
        let mut state = seed;
        let mut out = Vec::new();
        while out.len() < count {
            let mut p = Position::start(Variant::Reversi, Geometry::new(8, 8).unwrap()).unwrap();
            let empty = |p: &Position| 64 - p.count(Color::Black) - p.count(Color::White);
            while !p.is_game_over() && empty(&p) > empties {
                let moves: Vec<Move> = p.moves().collect();
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                p.play(moves[(state >> 33) as usize % moves.len()]).unwrap();
            }
            if empty(&p) == empties && !p.is_game_over() {
                out.push(p);
            }
        }
        out
    }

    fn without_time(s: Solution<Move>) -> (i32, Option<Move>, Vec<Move>, u64) {
        (s.score, s.best, s.pv, s.nodes)
    }

    #[test]
    fn answers_in_order_the_same_as_one_by_one_on_any_thread_count() {
        let positions = late(12, 10, 7);
        let options = SolveOptions::new().hash_mib(4);
        let alone: Vec<_> = positions.iter().map(|p| without_time(solve(p, &options).unwrap())).collect();
        for threads in [1, 2, 3, 20] {
            let many = solve_many(&positions, &options.clone().threads(threads)).unwrap();
            let many: Vec<_> = many.into_iter().map(|a| without_time(a.unwrap())).collect();
            assert_eq!(many, alone, "{threads} threads");
        }
        let moves = solve_moves_many(&positions, &options.clone().threads(2)).unwrap();
        for (scores, p) in moves.iter().zip(&positions) {
            assert_eq!(scores.as_ref().unwrap().moves, solve_moves(p, &options).unwrap().moves);
        }
    }

    #[test]
    fn each_position_its_own_error() {
        let four = Position::start(Variant::Reversi, Geometry::new(4, 4).unwrap()).unwrap();
        let attacks = Position::start(Variant::Attacks, Geometry::new(5, 5).unwrap()).unwrap();
        let answers = solve_many(&[attacks, four, attacks, four], &SolveOptions::new().threads(2)).unwrap();
        assert!(matches!(answers[0], Err(SolveError::Unsupported { .. })));
        assert!(matches!(answers[2], Err(SolveError::Unsupported { .. })));
        assert_eq!(answers[1].as_ref().map(|s| s.score), Ok(-10));
        assert_eq!(answers[3].as_ref().map(|s| s.score), Ok(-10));
        assert_eq!(solve_many(&[], &SolveOptions::new()), Ok(vec![]));
        // Options are refused for the whole batch, before any solve.
        let refused = solve_many(&[four], &SolveOptions::new().threads(0));
        assert!(matches!(refused, Err(SolveError::Threads { .. })));
        let refused = solve_many(&[four], &SolveOptions::new().hash_mib(SolveOptions::MAX_HASH_MIB + 1));
        assert!(matches!(refused, Err(SolveError::TableTooLarge { .. })));
    }

    #[test]
    fn a_cancelled_batch_starts_nothing_more() {
        let cancel = Cancel::new();
        cancel.cancel();
        let positions = late(6, 12, 3);
        let answers = solve_many(&positions, &SolveOptions::new().threads(2).cancel(cancel)).unwrap();
        assert_eq!(answers.len(), 6);
        assert!(answers.iter().all(|a| matches!(a, Err(SolveError::Cancelled { .. }))));
    }

    #[test]
    fn cancel_stops_the_solves_under_way() {
        // 8x8 from the start (60 empties): hours each, until a thread of the
        // test sets the token.
        let start = Position::start(Variant::Reversi, Geometry::new(8, 8).unwrap()).unwrap();
        let cancel = Cancel::new();
        let token = cancel.clone();
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            token.cancel();
        });
        let answers = solve_many(&[start; 5], &SolveOptions::new().threads(2).hash_mib(1).cancel(cancel)).unwrap();
        setter.join().unwrap();
        assert!(answers.iter().all(|a| matches!(a, Err(SolveError::Cancelled { .. }))));
        // The one or two under way had searched; the rest never began.
        let begun = answers.iter().filter(|a| matches!(a, Err(SolveError::Cancelled { nodes, .. }) if *nodes > 0));
        assert!((1..=2).contains(&begun.count()));
    }

    #[test]
    fn a_passed_deadline_answers_each_position() {
        let positions = late(3, 10, 5);
        let options = SolveOptions::new().deadline(Instant::now());
        let answers = solve_many(&positions, &options).unwrap();
        assert!(answers.iter().all(|a| matches!(a, Err(SolveError::DeadlineReached { .. }))));
    }

    #[test]
    fn progress_counts_the_nodes_of_finished_positions() {
        let positions = late(40, 12, 11);
        let seen = Arc::new(AtomicU64::new(0));
        let record = Arc::clone(&seen);
        let options = SolveOptions::new().threads(2).hash_mib(4).progress(move |p| {
            record.fetch_max(p.nodes, Relaxed);
        });
        let answers = solve_many(&positions, &options).unwrap();
        let total: u64 = answers.iter().map(|a| a.as_ref().map_or(0, |s| s.nodes)).sum();
        // Told at least once (the first position finished), never more than was done.
        assert!((1..=total).contains(&seen.load(Relaxed)));
    }
}
