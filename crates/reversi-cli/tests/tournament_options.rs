//! `reversi tournament`'s options: openings (an XOT-style list from a
//! user's file, symmetric duplicates warned of, seeded random openings),
//! `--log` and an engine that crashes restarted.

mod common;

use common::{TempDir, reversi, stderr, stdout};
use serde_json::Value;

const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");

fn engines() -> [String; 2] {
    [format!("gtp:{REVERSI} gtp --policy greedy"), format!("nboard:{REVERSI} nboard --seed 4")]
}

/// Runs a tournament with `--json`: its stderr, per-game objects and summary.
fn tournament(args: &[&str]) -> (String, Vec<Value>, Value) {
    let engines = engines();
    tournament_of(&[engines[0].as_str(), engines[1].as_str()], args)
}

/// A tournament between `engines`, with `--json`.
fn tournament_of(engines: &[&str], args: &[&str]) -> (String, Vec<Value>, Value) {
    let out = reversi(&[&["tournament", "--json"], engines, args].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let mut lines: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary = lines.pop().unwrap();
    (stderr(&out), lines, summary)
}

/// The moves of each game of a records file, as `reversi convert --to transcript`
/// writes them (one transcript a line).
fn transcripts(file: &str) -> Vec<String> {
    let out = format!("{file}.txt");
    let run = reversi(&["convert", file, "--to", "transcript", "-o", &out]);
    assert!(run.status.success(), "{}", stderr(&run));
    std::fs::read_to_string(&out).unwrap().lines().map(|l| l.to_lowercase().replace(' ', "")).collect()
}

#[test]
fn an_xot_list_is_read_and_its_symmetric_duplicates_are_warned_of() {
    let dir = TempDir::new("tournament-xot");
    let openings = dir.path("xot.txt");
    // Lines as the XOT list writes them (8 moves each); the third is the
    // first reflected in the a1-h8 diagonal (f5 -> e6, d6 -> f4, ...).
    std::fs::write(&openings, "f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4d3\ne6f4c3c4d3d6f6c6\n").unwrap();
    let records = dir.path("games.ggf");
    let (warnings, games, summary) = tournament(&["--openings", &openings, "--games", "6", "-o", &records]);
    assert_eq!(games.len(), 6);
    assert_eq!(summary["duplicate_openings"], serde_json::json!([[1, 3]]));
    assert_eq!(warnings.matches("reversi: warning: --openings: opening 3 is opening 1 up to symmetry").count(), 1);
    assert_eq!(warnings.lines().count(), 1, "{warnings}");
    let played = transcripts(&records);
    assert_eq!(played.len(), 6);
    for (i, game) in played.iter().enumerate() {
        let opening = ["f5d6c3d3c4f4f6f3", "f5f6e6f4e3c5c4d3", "e6f4c3c4d3d6f6c6"][i / 2];
        assert!(game.starts_with(opening), "game {}: {game}", i + 1);
    }
}

#[test]
fn random_openings_are_seeded_and_distinct() {
    let dir = TempDir::new("tournament-random");
    let (a, b) = (dir.path("a.ggf"), dir.path("b.ggf"));
    let run = |out: &str, seed: &str| {
        let (warnings, games, summary) =
            tournament(&["--openings-random", "6", "--seed", seed, "--margin", "8", "--games", "6", "-o", out]);
        assert_eq!((warnings.as_str(), games.len()), ("", 6));
        assert_eq!(summary["duplicate_openings"], serde_json::json!([]));
        transcripts(out)
    };
    let first = run(&a, "5");
    let openings: Vec<String> = first.iter().map(|g| g[..12].to_string()).collect();
    // Each opening twice (colours swapped), three different openings.
    assert!(openings.chunks(2).all(|pair| pair[0] == pair[1]), "{openings:?}");
    assert!(openings[0] != openings[2] && openings[2] != openings[4] && openings[0] != openings[4]);
    assert_eq!(first, run(&b, "5"));
    // Another seed, other openings (and without a margin, any opening).
    let other = dir.path("c.ggf");
    tournament(&["--openings-random", "6", "--seed", "6", "--games", "2", "-o", &other]);
    assert_ne!(transcripts(&other)[0][..12], openings[0]);
    // A margin out of range and a seed without random openings are refused.
    let engines = engines();
    let bad = reversi(&["tournament", &engines[0], &engines[1], "--openings-random", "6", "--margin", "65", "-o", &a]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("margin: expected 0 to 64, found 65"), "{}", stderr(&bad));
    let bad = reversi(&["tournament", &engines[0], &engines[1], "--seed", "3", "-o", &a]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn log_writes_each_engines_exchange_with_its_games() {
    let dir = TempDir::new("tournament-log");
    let records = dir.path("games.ggf");
    let logs = dir.path("logs");
    let (_, games, _) = tournament(&["--games", "4", "--log", &logs, "-o", &records]);
    assert_eq!(games.len(), 4);
    let read = |n: usize| std::fs::read_to_string(format!("{logs}/engine-{n}.log")).unwrap();
    let (gtp, nboard) = (read(1), read(2));
    // The start (the probe's and each game's), then every game's lines.
    assert!(gtp.starts_with("- > name\n- < = greedy\n"), "{gtp}");
    assert!(nboard.starts_with("- > nboard 2\n"), "{nboard}");
    for game in 1..=4 {
        let black = if game % 2 == 1 { &gtp } else { &nboard };
        assert!(gtp.contains(&format!("\n{game} > ")) && nboard.contains(&format!("\n{game} > ")), "game {game}");
        let asked = if game % 2 == 1 { format!("{game} > genmove b") } else { format!("{game} > go") };
        assert!(black.contains(&asked), "game {game}: {black}");
    }
    assert!(nboard.lines().any(|l| l.starts_with("2 < === ")), "{nboard}");
    assert!(gtp.lines().all(|l| l.starts_with(['-', '1', '2', '3', '4'])), "{gtp}");
}

#[test]
fn an_engine_that_crashes_is_started_afresh_and_the_tournament_goes_on() {
    let dir = TempDir::new("tournament-recover");
    let records = dir.path("games.ggf");
    let logs = dir.path("logs");
    let script = format!("{}/../reversi-engine/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    // Crashes at its second move of every game.
    let crasher = format!("gtp:python3 '{script}' gtp crash:2");
    let greedy = &engines()[0];
    let (_, games, summary) = tournament_of(&[greedy, &crasher], &["--games", "4", "--log", &logs, "-o", &records]);
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g["first_score"] == 1.0), "{games:?}");
    assert_eq!(summary["rows"][0]["points"], 4.0);
    let log = std::fs::read_to_string(format!("{logs}/engine-2.log")).unwrap();
    // Started for the names, then afresh for each game after its crash.
    assert_eq!(log.lines().filter(|l| *l == "- > name").count(), 5, "{log}");
    for game in 1..=4 {
        assert!(log.contains(&format!("\n{game} > genmove")), "game {game}: {log}");
    }
}

#[test]
fn an_nboard_engines_evaluations_are_kept_in_the_records() {
    let dir = TempDir::new("tournament-eval");
    let records = dir.path("games.ggf");
    let script = format!("{}/../reversi-engine/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    let evaluator = format!("nboard:python3 '{script}' nboard eval");
    let greedy = &engines()[0];
    let (_, games, _) = tournament_of(&[greedy, &evaluator], &["--games", "2", "-o", &records]);
    assert_eq!(games.len(), 2);
    let text = std::fs::read_to_string(&records).unwrap();
    let games: Vec<&str> = text.split("(;").filter(|g| !g.trim().is_empty()).collect();
    assert_eq!(games.len(), 2);
    // Game 2: the evaluator is Black; its moves after the opening carry
    // its evaluations (one more half each move, its requests counted over
    // its process), the greedy engine's moves a time alone.
    let game = games[1];
    let moves = |tag: &str| -> Vec<String> {
        game.split(tag).skip(1).map(|m| m.split(']').next().unwrap().to_string()).filter(|m| m != "PA").collect()
    };
    let opening = 2; // the default openings: 4 plies, 2 of them Black's
    let evals: Vec<f64> =
        moves("]B[")[opening..].iter().map(|m| m.split('/').nth(1).unwrap().parse().unwrap()).collect();
    assert!(evals.len() > 5, "{game}");
    assert!(evals.windows(2).all(|w| w[1] - w[0] == 0.5), "{evals:?}");
    assert!(moves("]W[")[opening..].iter().all(|m| m.contains("//")), "{game}");
    assert!(moves("]B[")[..opening].iter().all(|m| !m.contains('/')), "{game}");
}

#[test]
fn xot_generate_lists_are_read_and_equal_the_random_openings_of_its_seed() {
    let dir = TempDir::new("tournament-xot-generate");
    let list = dir.path("xot.txt");
    let out = reversi(&["xot", "generate", "--count", "2", "--seed", "9", "-o", &list]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (from_file, random) = (dir.path("a.ggf"), dir.path("b.ggf"));
    tournament(&["--openings", &list, "--games", "4", "-o", &from_file]);
    tournament(&["--openings-random", "8", "--seed", "9", "--margin", "2", "--games", "4", "-o", &random]);
    let openings = |file: &str| transcripts(file).iter().map(|g| g[..16].to_string()).collect::<Vec<_>>();
    let lines: Vec<String> = std::fs::read_to_string(&list).unwrap().lines().map(str::to_lowercase).collect();
    assert_eq!(openings(&from_file), [lines[0].as_str(), &lines[0], &lines[1], &lines[1]]);
    assert_eq!(openings(&random), openings(&from_file));
}
