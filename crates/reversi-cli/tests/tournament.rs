//! `reversi tournament`: round robins and gauntlets between this project's
//! engines (both protocols) and reversi-engine's scripted engine, whose
//! records replay legal and whose crosstable adds up, and their resume.

mod common;

use common::tournament::{check_adds_up, replays_legal, tournament};
use common::{TempDir, reversi, stderr, stdout};

const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");

fn scripted(protocol: &str, mode: &str) -> String {
    let script = format!("{}/../reversi-engine/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    format!("{protocol}:python3 '{script}' {protocol} {mode}")
}

fn engines() -> Vec<String> {
    vec![
        format!("gtp:{REVERSI} gtp --policy greedy"),
        format!("nboard:{REVERSI} nboard --seed 4"),
        // Crashes at its second move of every game: loses them all.
        scripted("gtp", "crash:2"),
    ]
}

#[test]
fn a_round_robin_of_three_replays_legal_and_its_crosstable_adds_up() {
    let dir = TempDir::new("tournament-rr");
    let openings = dir.path("openings.txt");
    std::fs::write(&openings, "f5d6c3\nf5f6\n").unwrap();
    let records = dir.path("games.ggf");
    let engines = engines();
    let mut args: Vec<&str> = engines.iter().map(String::as_str).collect();
    // The crasher runs in a directory of its own (its script's path is absolute).
    let dir = format!("3={}", env!("CARGO_MANIFEST_DIR"));
    args.extend(["--openings", &openings, "--concurrency", "2", "--dir", &dir, "-o", &records]);
    let (games, summary) = tournament(&args);
    // Three pairings, two openings, both colours: 12 games.
    assert_eq!(games.len(), 12);
    let mut rounds: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, (1..=12).collect::<Vec<_>>());
    replays_legal(&records, 12);
    check_adds_up(&summary, 12);
    let crasher = summary["rows"].as_array().unwrap().iter().find(|r| r["engine"] == 3).unwrap();
    assert_eq!(
        (crasher["points"].as_f64(), &crasher["standing"]["pentanomial"]),
        (Some(0.0), &serde_json::json!([4, 0, 0, 0, 0]))
    );
    assert_eq!(summary["pairings"].as_array().unwrap().len(), 3);
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.matches("Tournament[roundrobin of 3]").count(), 12, "{text}");
}

#[test]
fn a_gauntlet_plays_the_first_engine_against_each_other_and_resumes() {
    let dir = TempDir::new("tournament-gauntlet");
    let records = dir.path("games.pgn");
    let engines = engines();
    let mut args: Vec<&str> = engines.iter().map(String::as_str).collect();
    args.extend(["--format", "gauntlet", "--games", "2", "-o", &records]);
    let (games, summary) = tournament(&args);
    assert_eq!(games.len(), 4);
    check_adds_up(&summary, 4);
    assert!(games.iter().all(|g| g["first"] == "greedy"), "{games:?}");
    // Two more games a pairing: only those are played.
    let more: Vec<&str> = args.iter().map(|a| if *a == "2" { "4" } else { a }).chain(["--resume"]).collect();
    let (games, summary) = tournament(&more);
    let mut played: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    played.sort_unstable();
    assert_eq!(played, [5, 6, 7, 8]);
    check_adds_up(&summary, 8);
    replays_legal(&records, 8);
    // Other engines: refused, nothing played.
    let other = [engines[0].as_str(), engines[2].as_str(), "--format", "gauntlet", "-o", &records, "--resume"];
    let out = reversi(&[&["tournament"], &other[..]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the records hold another match"), "{}", stderr(&out));
    // Without --resume, an existing file is refused.
    let out = reversi(&[&["tournament"], &args[..]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("give --resume"), "{}", stderr(&out));
}

#[test]
fn a_tournament_prints_its_crosstable_and_refuses_bad_arguments() {
    let dir = TempDir::new("tournament-text");
    let records = dir.path("games.ggf");
    let engines = engines();
    let args = [
        engines[0].as_str(),
        engines[1].as_str(),
        "--games",
        "4",
        "-o",
        &records,
        "--sprt",
        "0,10,0.05,0.05",
        "--sprt-model",
        "normalized",
    ];
    let out = reversi(&[&["tournament"], &args[..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Four game lines (the table after each round of openings but the last),
    // then the summary and the crosstable: header and two engines.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("game ") && lines[0].contains("greedy vs random"), "{text}");
    assert!(lines[0].contains("(normalized)"), "{text}");
    assert!(text.contains("\n4 games\n  # engine"), "{text}");
    assert_eq!(lines.len(), 4 + 3 + 4, "{text}");
    for bad in [
        vec!["tournament", engines[0].as_str(), "-o", &records],
        vec!["tournament", engines[0].as_str(), engines[1].as_str(), "--format", "swiss", "-o", &records],
        vec!["tournament", engines[0].as_str(), engines[1].as_str(), "--sprt-model", "bayesian", "-o", &records],
        vec!["tournament", engines[0].as_str(), engines[1].as_str(), "--dir", "3=/tmp", "-o", &records],
        vec!["tournament", engines[0].as_str(), engines[1].as_str(), "--dir", "0=/tmp", "-o", &records],
        vec!["tournament", engines[0].as_str(), engines[1].as_str(), "--dir", "1=/nonexistent-dir", "-o", &records],
    ] {
        let out = reversi(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
