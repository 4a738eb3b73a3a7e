//! The 8x8 solver against the reference twin on random endgames, on one
//! and two threads, and on bad input.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use reversi_core::{Move, Position, Square};
use reversi_solve::{Bound, Cancel, SolveError, SolveOptions, othello, reference};

/// The position after random moves from the start until `empties` squares
/// are empty (or the game ends), each move picked by the next choice.
fn random_position(empties: usize, choices: &[u8]) -> Position {
    let mut position = Position::start();
    let mut i = 0;
    while position.board().empty().len() > empties && !position.is_game_over() {
        let moves: Vec<Move> = position.moves().collect();
        let mv = moves[usize::from(choices[i % choices.len()]) % moves.len()];
        position.play_unchecked(mv);
        i += 1;
    }
    position
}

/// A game-over check of the principal variation: it plays out to the end
/// with the score.
fn check_pv(position: &Position, solution: &reversi_solve::Solution<Move>) {
    let mut end = *position;
    for &mv in &solution.pv {
        assert!(end.is_legal(mv), "pv move {mv} is illegal in\n{end}");
        end.play_unchecked(mv);
    }
    assert!(end.is_game_over(), "the pv stops before the end");
    let sign = if solution.pv.len().is_multiple_of(2) { 1 } else { -1 };
    assert_eq!(sign * reference::final_score(&end), solution.score);
    assert_eq!(solution.best, solution.pv.first().copied());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Score, best move and pv against alpha-beta, at 10 to 13 empties, on
    /// one thread and on two (a small table so that entries get replaced).
    #[test]
    fn solve_matches_the_reference(empties in 10usize..=13, choices in prop::collection::vec(any::<u8>(), 1..64)) {
        let position = random_position(empties, &choices);
        let want = reference::alpha_beta(&position, -65, 65);
        for threads in [1, 2] {
            let options = SolveOptions::new().threads(threads).hash_mib(1);
            let solution = othello::solve(&position, &options).unwrap();
            prop_assert_eq!(solution.score, want, "{} threads\n{}", threads, position);
            check_pv(&position, &solution);
            if let Some(best) = solution.best {
                let mut child = position;
                child.play_unchecked(best);
                prop_assert_eq!(-reference::alpha_beta(&child, -65, 65), want);
            }
        }
        // The window forms agree.
        for k in [want - 2, want, want + 1, want + 2] {
            prop_assert_eq!(othello::score_at_least(&position, k, &SolveOptions::new()).unwrap(), want >= k);
        }
        let window = othello::solve_window(&position, want - 3, want + 3, &SolveOptions::new()).unwrap();
        prop_assert_eq!((window.score, window.bound), (want, Bound::Exact));
        let window = othello::solve_window(&position, want + 1, want + 5, &SolveOptions::new()).unwrap();
        prop_assert_eq!(window.bound, Bound::AtMost);
        prop_assert!(window.score <= want + 1 && window.score >= want);
        let window = othello::solve_window(&position, want - 5, want - 1, &SolveOptions::new()).unwrap();
        prop_assert_eq!(window.bound, Bound::AtLeast);
        prop_assert!(window.score >= want - 1 && window.score <= want);
    }

    /// Every move's score against the negamax at 8 to 10 empties, with and
    /// without a table.
    #[test]
    fn solve_moves_matches_the_reference(empties in 6usize..=10, choices in prop::collection::vec(any::<u8>(), 1..64), mib in prop::sample::select(vec![0usize, 1])) {
        let position = random_position(empties, &choices);
        let mut want = reference::move_scores(&position);
        let mut got = othello::solve_moves(&position, &SolveOptions::new().hash_mib(mib)).unwrap().moves;
        // Best first.
        prop_assert!(got.windows(2).all(|w| w[0].1 >= w[1].1));
        want.sort();
        got.sort();
        prop_assert_eq!(got, want);
    }
}

/// A position where `empties` squares are empty, picked as FFO-like
/// endgames are, for the 1-vs-2-thread test.
#[test]
fn one_and_two_threads_give_the_same_scores() {
    for seed in 0..6u8 {
        let position = random_position(16, &[seed, 7, seed.wrapping_mul(3), 1, 5, seed, 2]);
        let one = othello::solve(&position, &SolveOptions::new()).unwrap();
        let two = othello::solve(&position, &SolveOptions::new().threads(2)).unwrap();
        assert_eq!(one.score, two.score, "{position}");
        check_pv(&position, &two);
        let moves_one = othello::solve_moves(&position, &SolveOptions::new()).unwrap().moves;
        let mut moves_two = othello::solve_moves(&position, &SolveOptions::new().threads(2)).unwrap().moves;
        let mut sorted_one = moves_one.clone();
        sorted_one.sort();
        moves_two.sort();
        assert_eq!(sorted_one, moves_two, "{position}");
        assert_eq!(moves_one[0].1, one.score);
    }
}

/// A thread reuses its last table's memory for the next solve: each
/// answer (score, move, nodes) is the one a fresh thread gives, after
/// solves of other positions and other table sizes, with the stale entries
/// of those in the memory.
#[test]
fn a_solve_answers_the_same_after_other_solves() {
    let positions: Vec<(Position, SolveOptions)> = (0..8u8)
        .map(|seed| {
            let position = random_position(14 + usize::from(seed % 3), &[seed, 3, seed.wrapping_mul(5), 2, 9, seed, 4]);
            (position, SolveOptions::new().hash_mib(1 + usize::from(seed % 2)))
        })
        .collect();
    let fresh: Vec<_> = positions
        .iter()
        .map(|(position, options)| {
            let (position, options) = (*position, options.clone());
            std::thread::spawn(move || othello::solve(&position, &options).unwrap()).join().unwrap()
        })
        .collect();
    for (round, (position, options)) in positions.iter().chain(positions.iter().rev()).enumerate() {
        let at = if round < positions.len() { round } else { 2 * positions.len() - 1 - round };
        let again = othello::solve(position, options).unwrap();
        assert_eq!(
            (again.score, again.best, again.nodes, &again.pv),
            (fresh[at].score, fresh[at].best, fresh[at].nodes, &fresh[at].pv),
            "{position}"
        );
    }
}

#[test]
fn a_finished_game_has_its_score_and_no_best_move() {
    // A full board: 40 Black, 24 White, Black to move.
    let black = (0..40).fold(0u64, |b, i| b | 1 << i);
    let position = Position::from_discs(black.into(), (!black).into(), reversi_core::Color::Black).unwrap();
    let solution = othello::solve(&position, &SolveOptions::new()).unwrap();
    assert_eq!((solution.score, solution.best, solution.pv.len()), (16, None, 0));
    assert!(othello::solve_moves(&position, &SolveOptions::new()).unwrap().moves.is_empty());
    // Neither side can move with empties left: they go to the winner.
    let position: Position =
        "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXX-- O".parse().unwrap();
    let solution = othello::solve(&position, &SolveOptions::new()).unwrap();
    assert_eq!((solution.score, solution.best), (-64, None));
}

#[test]
fn a_forced_pass_is_the_best_move() {
    // White to move has no move; Black then takes the last square.
    let position: Position =
        "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXOO/XXXXXXO- O".parse().unwrap();
    assert!(position.must_pass());
    let solution = othello::solve(&position, &SolveOptions::new()).unwrap();
    assert_eq!(solution.best, Some(Move::Pass));
    assert_eq!(solution.pv, vec![Move::Pass, Move::Place(Square::H8)]);
    assert_eq!(solution.score, reference::negamax(&position));
    assert_eq!(
        othello::solve_moves(&position, &SolveOptions::new()).unwrap().moves,
        vec![(Move::Pass, solution.score)]
    );
}

/// FFO #40: 20 empties, long enough that a stop is seen.
fn a_long_solve() -> Position {
    "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X".parse().unwrap()
}

#[test]
fn a_set_cancel_token_stops_the_solve() {
    let cancel = Cancel::new();
    cancel.cancel();
    let options = SolveOptions::new().cancel(cancel.clone());
    assert!(matches!(othello::solve(&a_long_solve(), &options), Err(SolveError::Cancelled { .. })));
    assert!(matches!(
        othello::solve_moves(&a_long_solve(), &options.clone().threads(2)),
        Err(SolveError::Cancelled { .. })
    ));
    assert!(matches!(othello::score_at_least(&a_long_solve(), 0, &options), Err(SolveError::Cancelled { .. })));
}

/// A token set while two threads search (from the progress callback,
/// after a million nodes: the split points are shared out by then) stops
/// every thread; a thread that missed it would run for hours, so the solve
/// runs beside a timeout.
#[test]
fn a_cancel_during_a_two_thread_solve_stops_every_thread() {
    let position = random_position(36, &[3, 1, 4, 1, 5, 9, 2, 6]);
    let cancel = Cancel::new();
    let token = cancel.clone();
    let options = SolveOptions::new().threads(2).hash_mib(16).cancel(cancel).progress(move |p| {
        if p.nodes > 1_000_000 {
            token.cancel();
        }
    });
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(othello::solve(&position, &options)));
    let result = receive.recv_timeout(Duration::from_secs(600)).expect("the solve did not stop");
    assert!(matches!(result, Err(SolveError::Cancelled { nodes, .. }) if nodes > 1_000_000), "{result:?}");
}

#[test]
fn a_past_deadline_stops_the_solve() {
    let options = SolveOptions::new().deadline(Instant::now() - Duration::from_millis(1)).threads(2);
    let error = othello::solve(&a_long_solve(), &options).unwrap_err();
    assert!(matches!(error, SolveError::DeadlineReached { .. }), "{error}");
    assert!(error.to_string().contains("deadline"));
}

#[test]
fn bad_options_are_refused() {
    let position = Position::start();
    let too_large = SolveOptions::new().hash_mib(SolveOptions::MAX_HASH_MIB + 1);
    assert!(matches!(othello::solve(&position, &too_large), Err(SolveError::TableTooLarge { .. })));
    assert!(matches!(othello::solve(&position, &SolveOptions::new().threads(0)), Err(SolveError::Threads { .. })));
    assert_eq!(
        othello::solve_window(&position, 3, 3, &SolveOptions::new()),
        Err(SolveError::Window { alpha: 3, beta: 3 })
    );
}

#[test]
fn progress_is_reported_on_a_long_solve() {
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = calls.clone();
    let cancel = Cancel::new();
    let stop = cancel.clone();
    // The first report cancels the solve: the test takes a quarter second.
    let options = SolveOptions::new().cancel(cancel).progress(move |_| {
        seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        stop.cancel();
    });
    let result = othello::solve(
        &"--------/--------/--------/---OX---/---XO---/--------/--------/-------- X".parse().unwrap(),
        &options,
    );
    assert!(matches!(result, Err(SolveError::Cancelled { .. })));
    assert!(calls.load(std::sync::atomic::Ordering::Relaxed) >= 1);
}
