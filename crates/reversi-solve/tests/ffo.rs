//! The FFO endgame suite (data/ffo): every position's score and a best move
//! against the published answers. #1-39 run in the test command; #40-59 in
//! `cargo test -p reversi-solve --test ffo -- --ignored` (minutes), with
//! the ordering benchmark of 60 WTHOR positions, `data/solve/bench-20-22.obf`.

use reversi_core::{Move, Position};
use reversi_solve::{Backend, SolveOptions, othello};

/// One OBF line: the position and its answers, best first.
struct Problem {
    number: usize,
    position: Position,
    answers: Vec<(Move, i32)>,
}

/// The problems of `data/<file>`, numbered from `first`.
fn problems(file: &str, first: usize) -> Vec<Problem> {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let position: Position = line.parse().unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
            let answers = line
                .split(';')
                .skip(1)
                .filter_map(|answer| {
                    let (mv, score) = answer.split_once(':')?;
                    Some((mv.trim().to_lowercase().parse().ok()?, score.trim().parse().ok()?))
                })
                .collect::<Vec<(Move, i32)>>();
            assert!(!answers.is_empty(), "{path}:{}: no answers", i + 1);
            Problem { number: first + i, position, answers }
        })
        .collect()
}

/// Solves each problem and checks the score and, if `all_best` (the
/// answers list every best move), that the best move is one of them.
fn check(problems: &[Problem], options: &SolveOptions, all_best: bool) {
    for problem in problems {
        let solution = othello::solve(&problem.position, options).unwrap();
        let best_score = problem.answers[0].1;
        assert_eq!(solution.score, best_score, "FFO #{}: score", problem.number);
        let best = solution.best.expect("a best move");
        let best_moves: Vec<Move> = problem.answers.iter().filter(|a| a.1 == best_score).map(|a| a.0).collect();
        assert!(!all_best || best_moves.contains(&best), "FFO #{}: {best} is not among {best_moves:?}", problem.number);
        // The principal variation plays out to the end with that score.
        let mut end = problem.position;
        for &mv in &solution.pv {
            assert!(end.is_legal(mv), "FFO #{}: pv move {mv} is illegal", problem.number);
            end.play_unchecked(mv);
        }
        assert!(end.is_game_over(), "FFO #{}: the pv stops before the end", problem.number);
        let sign = if solution.pv.len().is_multiple_of(2) { 1 } else { -1 };
        assert_eq!(
            sign * reversi_solve::reference::final_score(&end),
            solution.score,
            "FFO #{}: pv score",
            problem.number
        );
    }
}

#[test]
fn ffo_1_to_19_scores_and_best_moves() {
    check(&problems("ffo/fforum-1-19.obf", 1), &SolveOptions::new(), true);
}

#[test]
fn ffo_20_to_39_scores_and_best_moves() {
    check(&problems("ffo/fforum-20-39.obf", 20), &SolveOptions::new(), true);
}

/// On two threads (the moves of null-window nodes of 12 empties and more
/// shared out between them; #20-39 have 6-26 empties): the same scores,
/// and best moves among the best.
#[test]
fn ffo_20_to_39_on_two_threads() {
    check(&problems("ffo/fforum-20-39.obf", 20), &SolveOptions::new().threads(2), true);
}

/// Every move-generator build this CPU runs searches the same tree: the
/// same score, principal variation and nodes on one thread, and each
/// answer checked as above.
#[test]
fn every_backend_searches_the_same_tree() {
    let problems: Vec<Problem> = problems("ffo/fforum-1-19.obf", 1).into_iter().step_by(4).collect();
    let backends: Vec<Backend> = Backend::ALL.into_iter().filter(|b| b.is_available()).collect();
    assert!(backends.contains(&Backend::Portable));
    let mut runs = Vec::new();
    for &backend in &backends {
        let options = SolveOptions::new().backend(backend);
        assert_eq!(options.get_backend(), backend);
        check(&problems, &options, true);
        let run: Vec<_> = problems
            .iter()
            .map(|p| {
                let s = othello::solve(&p.position, &options).unwrap();
                (s.score, s.pv, s.nodes)
            })
            .collect();
        runs.push(run);
    }
    assert!(runs.iter().all(|r| *r == runs[0]), "{backends:?}");
}

/// Every move's score of the FFO #1-19 problems (14-16 empties), as the
/// OBF lines list them.
#[test]
fn ffo_1_to_19_every_move() {
    for problem in problems("ffo/fforum-1-19.obf", 1).iter().step_by(3) {
        let mut got = othello::solve_moves(&problem.position, &SolveOptions::new()).unwrap().moves;
        let mut want = problem.answers.clone();
        got.sort();
        want.sort();
        assert_eq!(got, want, "FFO #{}", problem.number);
    }
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn ffo_40_to_59_scores_and_best_moves() {
    check(&problems("ffo/fforum-40-59.obf", 40), &SolveOptions::new().threads(2).hash_mib(256), true);
}

/// The ordering benchmark (`examples/bench_positions.rs`): 60 positions of
/// 20-22 empties from WTHOR games with their exact scores (one best move
/// each, not every one: the score is checked, and the principal variation).
#[test]
#[ignore = "a minute or more: run with --ignored"]
fn bench_20_to_22_scores() {
    check(&problems("solve/bench-20-22.obf", 1), &SolveOptions::new().threads(2), false);
}
