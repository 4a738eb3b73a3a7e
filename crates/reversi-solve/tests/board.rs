//! The any-board solver against a plain negamax over reversi-variants (the
//! reference twin), on small boards, holes and random positions; 6x6 in a
//! deep test.

use std::cmp::Ordering;
use std::time::Duration;

use proptest::prelude::*;
use reversi_solve::{Cancel, SolveError, SolveOptions, board, compare_score, solve, solve_moves};
use reversi_variants::{Color, Geometry, Move, Position, Variant};

/// The reference twin: plain negamax over reversi-variants' `Position`, no
/// pruning, no table, no ordering; the exact score for the side to move,
/// empties (not holes) to the winner.
fn negamax(pos: &Position) -> i32 {
    if pos.is_game_over() {
        let empties = (pos.geometry().playable_count() - pos.count(Color::Black) - pos.count(Color::White)) as i32;
        let margin = pos.margin();
        return margin + margin.signum() * empties;
    }
    pos.moves()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            -negamax(&child)
        })
        .max()
        .unwrap_or(i32::MIN)
}

/// `pos` after `plies` random legal moves from `seed` (stopping at the end).
fn random_walk(mut pos: Position, plies: usize, mut seed: u64) -> Position {
    for _ in 0..plies {
        let moves: Vec<Move> = pos.moves().collect();
        if moves.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
    }
    pos
}

/// Every check of one position against the twin: score, best move, PV,
/// every move's score, the window form; by the top-level calls (boards up
/// to 8x8 on the 8x8 bitboards) and by `board`'s search of any board.
fn check_against_reference(pos: &Position, options: &SolveOptions) {
    let expected = negamax(pos);
    assert_eq!(board::solve(pos, options).unwrap().score, expected, "board::solve {pos}");
    let every = board::solve_moves(pos, options).unwrap();
    for &(mv, score) in &every.moves {
        let mut child = *pos;
        child.play(mv).unwrap();
        assert_eq!(score, -negamax(&child), "board::solve_moves {pos} {mv}");
    }
    assert_eq!(board::compare_score(pos, expected + 1, options).unwrap(), Ordering::Less, "{pos}");
    let solution = solve(pos, options).unwrap();
    assert_eq!(solution.score, expected, "{pos}");
    // The PV plays out to the end of the game at the score.
    let mut end = *pos;
    for &mv in &solution.pv {
        end.play(mv).unwrap();
    }
    assert!(end.is_game_over(), "{pos}: the PV stops before the end");
    let sign = if end.side_to_move() == pos.side_to_move() { 1 } else { -1 };
    assert_eq!(sign * board::final_value(&end).unwrap(), expected, "{pos}: the PV's end");
    assert_eq!(solution.best, solution.pv.first().copied());
    // Every move's score.
    let every = solve_moves(pos, options).unwrap();
    for &(mv, score) in &every.moves {
        let mut child = *pos;
        child.play(mv).unwrap();
        assert_eq!(score, -negamax(&child), "{pos} {mv}");
    }
    assert_eq!(every.moves.len(), pos.moves().len());
    assert_eq!(every.best_score().unwrap_or(expected), expected);
    for k in [expected - 2, expected - 1, expected, expected + 1, expected + 2] {
        assert_eq!(compare_score(pos, k, options).unwrap(), expected.cmp(&k), "{pos} against {k}");
    }
}

#[test]
fn four_by_four_both_starts_and_both_colours_first() {
    let geometry = Geometry::new(4, 4).unwrap();
    for first in [Color::Black, Color::White] {
        let start = Position::start_with_first(Variant::Reversi, geometry, first).unwrap();
        check_against_reference(&start, &SolveOptions::new());
    }
    // 4x4 is a White win, 11-3 with 2 empties: -10 for Black to move.
    let start = Position::start(Variant::Reversi, geometry).unwrap();
    assert_eq!(solve(&start, &SolveOptions::new()).unwrap().score, -10);
    // The crossed centre.
    let crossed = Position::from_text(Variant::Reversi, "----/-XO-/-OX-/---- X").unwrap();
    check_against_reference(&crossed, &SolveOptions::new());
}

#[test]
fn small_boards_holes_and_rectangles() {
    let cases = [
        (Geometry::new(2, 2).unwrap(), vec![]),
        (Geometry::new(3, 4).unwrap(), vec![]),
        (Geometry::new(4, 4).unwrap(), vec!["a1", "d4"]),
        (Geometry::new(5, 3).unwrap(), vec!["e3"]),
        (Geometry::new(3, 5).unwrap(), vec!["a1", "c5"]),
        (Geometry::new(6, 3).unwrap(), vec!["a2", "f2", "c3", "a1"]),
    ];
    for (geometry, holes) in cases {
        let geometry = geometry.with_holes(holes.iter().map(|s| s.parse().unwrap())).unwrap();
        let start = Position::start(Variant::Reversi, geometry).unwrap();
        check_against_reference(&start, &SolveOptions::new());
        check_against_reference(&start, &SolveOptions::new().hash_mib(0));
    }
}

#[test]
fn finished_games_and_forced_passes() {
    // A full board: the margin, no move.
    let full = Position::from_text(Variant::Reversi, "XX/XO X").unwrap();
    let solution = solve(&full, &SolveOptions::new()).unwrap();
    assert_eq!((solution.score, solution.best, solution.pv.len()), (2, None, 0));
    // Neither side can move, empties left: they go to the winner.
    let stuck = Position::from_text(Variant::Reversi, "X--/---/--- O").unwrap();
    assert_eq!(solve(&stuck, &SolveOptions::new()).unwrap().score, -9);
    assert!(solve_moves(&stuck, &SolveOptions::new()).unwrap().moves.is_empty());
    // White must pass: a pass is the best move and starts the PV.
    let pass = Position::from_text(Variant::Reversi, "XO--/---- O").unwrap();
    assert!(pass.must_pass());
    let solution = solve(&pass, &SolveOptions::new()).unwrap();
    assert_eq!(solution.best, Some(Move::Pass));
    assert_eq!(
        solution.score,
        -negamax(&{
            let mut p = pass;
            p.play(Move::Pass).unwrap();
            p
        })
    );
    check_against_reference(&pass, &SolveOptions::new());
}

#[test]
fn jumping_games_are_refused_with_the_reason() {
    for variant in [Variant::Reversitacks, Variant::Attacks] {
        let start = Position::start(variant, Geometry::new(5, 5).unwrap()).unwrap();
        let err = solve(&start, &SolveOptions::new()).unwrap_err();
        assert!(matches!(err, SolveError::Unsupported { .. }), "{err}");
        assert!(err.to_string().contains("need not end"), "{err}");
    }
}

#[test]
fn bad_options_are_errors() {
    let start = Position::start(Variant::Reversi, Geometry::new(4, 4).unwrap()).unwrap();
    let too_big = SolveOptions::new().hash_mib(SolveOptions::MAX_HASH_MIB + 1);
    assert!(matches!(solve(&start, &too_big), Err(SolveError::TableTooLarge { .. })));
    assert!(matches!(solve_moves(&start, &SolveOptions::new().threads(0)), Err(SolveError::Threads { .. })));
}

#[test]
fn a_big_board_stops_at_the_token_and_the_deadline() {
    // 26x26: 672 empties, no hope of an answer; it must stop, not hang.
    let big = Position::start(Variant::Reversi, Geometry::new(26, 26).unwrap()).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let err = solve(&big, &SolveOptions::new().cancel(cancel)).unwrap_err();
    assert!(matches!(err, SolveError::Cancelled { .. }), "{err}");
    let err = solve_moves(&big, &SolveOptions::new().time_limit(Duration::from_millis(50)).threads(2)).unwrap_err();
    assert!(matches!(err, SolveError::DeadlineReached { nodes, .. } if nodes > 0), "{err}");
    let progressed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen = std::sync::Arc::clone(&progressed);
    let options = SolveOptions::new()
        .time_limit(Duration::from_millis(600))
        .progress(move |p| seen.store(p.nodes > 0, std::sync::atomic::Ordering::Relaxed));
    assert!(matches!(compare_score(&big, 0, &options), Err(SolveError::DeadlineReached { .. })));
    assert!(progressed.load(std::sync::atomic::Ordering::Relaxed));
}

#[test]
fn thread_counts_give_the_same_scores() {
    let start = Position::start(Variant::Reversi, Geometry::new(4, 5).unwrap()).unwrap();
    let one = solve_moves(&start, &SolveOptions::new()).unwrap();
    for threads in [2, 3] {
        let many = solve_moves(&start, &SolveOptions::new().threads(threads)).unwrap();
        assert_eq!(many.moves, one.moves);
        assert_eq!(solve(&start, &SolveOptions::new().threads(threads)).unwrap().score, one.best_score().unwrap());
    }
}

#[test]
fn wins_draws_and_losses() {
    let start = Position::start(Variant::Reversi, Geometry::new(4, 4).unwrap()).unwrap();
    assert_eq!(compare_score(&start, 0, &SolveOptions::new()).unwrap(), Ordering::Less);
}

/// Symmetric positions with 14 or more empties (where the 8x8 search plays
/// a move once for all its twins under a symmetry of the position) against
/// the any-board search: a 6x6 board cut to 20 squares that a quarter turn
/// maps onto themselves (b2-e5 and c1, f3, d6, a4), both diagonal starts,
/// either colour first, and every position one ply on.
#[test]
fn symmetric_positions_agree_with_the_any_board_search() {
    let kept = ["c1", "f3", "d6", "a4"];
    let six = Geometry::new(6, 6).unwrap();
    let holes = six.squares().filter(|sq| {
        let inner = (1..=4).contains(&sq.column()) && (1..=4).contains(&sq.row());
        !inner && !kept.contains(&sq.to_string().as_str())
    });
    let geometry = six.with_holes(holes.collect::<Vec<_>>()).unwrap();
    assert_eq!(geometry.playable_count(), 20);
    let square = |s: &str| s.parse().unwrap();
    let mut starts = Vec::new();
    for first in [Color::Black, Color::White] {
        let start = Position::start_with_first(Variant::Reversi, geometry, first).unwrap();
        let crossed = Position::empty(Variant::Reversi, geometry, first)
            .with_piece(square("c3"), start.get(square("d3")))
            .with_piece(square("d4"), start.get(square("c4")))
            .with_piece(square("d3"), start.get(square("c3")))
            .with_piece(square("c4"), start.get(square("d4")));
        starts.extend([start, crossed]);
    }
    let options = SolveOptions::new().hash_mib(8);
    for start in starts {
        let mut positions = vec![start];
        for mv in start.moves() {
            let mut child = start;
            child.play(mv).unwrap();
            positions.push(child);
        }
        for pos in positions {
            let expected = board::solve(&pos, &options).unwrap().score;
            let solution = solve(&pos, &options).unwrap();
            assert_eq!(solution.score, expected, "{pos}");
            let mut end = pos;
            for &mv in &solution.pv {
                end.play(mv).unwrap();
            }
            let sign = if end.side_to_move() == pos.side_to_move() { 1 } else { -1 };
            assert_eq!(sign * board::final_value(&end).unwrap(), expected, "{pos}: the PV's end");
        }
        let every = solve_moves(&start, &options).unwrap();
        let reference = board::solve_moves(&start, &options).unwrap();
        assert_eq!(every.moves, reference.moves, "{start}");
    }
}

/// 6x6 at 18 empties, on the published principal variation: the 8x8
/// search with the board as a mask guesses each node's first move from 14
/// empties with the board's own evaluation (an ordering, never a bound):
/// every move's score as the any-board search gives it.
#[test]
fn six_by_six_at_eighteen_empties_agrees_with_the_any_board_search() {
    let mut pos = Position::start(Variant::Reversi, Geometry::new(6, 6).unwrap()).unwrap();
    for mv in ["c2", "b4", "c5", "d2", "e4", "e3", "d1", "c1", "b1", "d5", "d6", "f4", "b3", "b2"] {
        pos.play(Move::Place(mv.parse().unwrap())).unwrap();
    }
    assert_eq!(pos.geometry().playable_count() - pos.count(Color::Black) - pos.count(Color::White), 18);
    let options = SolveOptions::new().hash_mib(16);
    let every = solve_moves(&pos, &options).unwrap();
    let reference = board::solve_moves(&pos, &options).unwrap();
    assert_eq!(every.moves, reference.moves, "{pos}");
    assert_eq!(solve(&pos, &options).unwrap().score, reference.moves[0].1, "{pos}");
}

/// Random 6x6 positions of 15-17 empties, where the 8x8 search orders and
/// guesses first moves by the learned 6x6 evaluation (`othello::eval6`, an
/// ordering, never a bound): every move's score and the best as the
/// any-board search gives them.
#[test]
fn random_six_by_six_positions_agree_with_the_any_board_search() {
    let start = Position::start(Variant::Reversi, Geometry::new(6, 6).unwrap()).unwrap();
    let options = SolveOptions::new().hash_mib(8);
    for (seed, plies) in [(1u64, 15), (2, 16), (3, 17), (4, 16), (5, 15), (6, 17)] {
        let pos = random_walk(start, plies, seed);
        if pos.is_game_over() {
            continue;
        }
        let every = solve_moves(&pos, &options).unwrap();
        let reference = board::solve_moves(&pos, &options).unwrap();
        let sorted = |mut m: Vec<(Move, i32)>| {
            m.sort_by_key(|&(mv, _)| mv.to_string());
            m
        };
        assert_eq!(sorted(every.moves), sorted(reference.moves.clone()), "{pos}");
        assert_eq!(solve(&pos, &options).unwrap().score, reference.moves[0].1, "{pos}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random positions with few empties on random small boards with random
    /// holes, either colour first: the solver agrees with the twin.
    #[test]
    fn random_positions_agree_with_the_reference(
        width in 3usize..=8,
        height in 3usize..=8,
        holes in proptest::collection::vec((0u8..8, 0u8..8), 0..6),
        white_first in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let geometry = Geometry::new(width, height).unwrap();
        let holes = holes.into_iter().filter_map(|(c, r)| reversi_variants::Square::new(c % width as u8, r % height as u8));
        let geometry = geometry.with_holes(holes).unwrap();
        let first = if white_first { Color::White } else { Color::Black };
        let Ok(start) = Position::start_with_first(Variant::Reversi, geometry, first) else { return Ok(()) };
        // Down to at most 9 empties, so the twin stays quick.
        let plies = geometry.playable_count().saturating_sub(4 + 9);
        let pos = random_walk(start, plies, seed);
        check_against_reference(&pos, &SolveOptions::new().hash_mib(1));
    }
}

/// 6x6 from the standard start: White wins 16-20 (Feinstein, 1993), -4 for
/// Black to move. Deep: `cargo test -p reversi-solve --release --test board -- --ignored`.
#[test]
#[ignore = "deep: many minutes in release (data/solve/README.md)"]
fn six_by_six_standard_start_is_a_white_win_by_four() {
    let start = Position::start(Variant::Reversi, Geometry::new(6, 6).unwrap()).unwrap();
    let solution = solve(&start, &SolveOptions::new().hash_mib(256)).unwrap();
    eprintln!("6x6: {} {:?} nodes {} in {:?}", solution.score, solution.pv, solution.nodes, solution.elapsed);
    assert_eq!(solution.score, -4);
    let mut end = start;
    for &mv in &solution.pv {
        end.play(mv).unwrap();
    }
    assert_eq!(end.score().to_string(), "16-20");
}
