//! `reversi gtp`, `reversi nboard` and `reversi match`: this project as an
//! engine, matches against itself through both protocols, and against the
//! scripted engine of reversi-engine's tests.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::{TempDir, reversi, stderr, stdout};

const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");

fn scripted(protocol: &str, mode: &str) -> String {
    let script = format!("{}/../reversi-engine/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    format!("{protocol}:python3 '{script}' {protocol} {mode}")
}

/// Runs `reversi` with `input` on its standard input.
fn with_input(args: &[&str], input: &str) -> std::process::Output {
    let mut child =
        Command::new(REVERSI).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The games of a record file, replayed: (status, stdout).
fn replay(file: &str) -> (Option<i32>, String) {
    let out = reversi(&["replay", file]);
    (out.status.code(), stdout(&out))
}

#[test]
fn gtp_and_nboard_serve_on_standard_io() {
    // --player: the old name of --policy, still taken.
    let out = with_input(&["gtp", "--player", "greedy"], "name\nboardsize 8\nplay b f5\nfinal_score\nquit\nname\n");
    assert_eq!(stdout(&out), "= greedy\n\n= \n\n= \n\n= B+3\n\n= \n\n");
    assert!(out.status.success());
    let out = with_input(&["nboard"], "nboard 2\nping 1\nunknown line\nquit\n");
    assert_eq!(stdout(&out), "set myname random\npong 1\n");
    // Any board GTP can say: 6x6 Othello.
    let out = with_input(&["gtp"], "boardsize 6\nplay b c2\ngenmove w\n");
    let text = stdout(&out);
    assert!(text.starts_with("= \n\n= \n\n= ") && text.lines().count() == 6, "{text}");
}

#[test]
fn self_matches_through_both_protocols_replay_legal() {
    let dir = TempDir::new("self-match");
    let openings = dir.path("openings.txt");
    std::fs::write(&openings, "f5d6c3\nf5f6\n").unwrap();
    let records = dir.path("games.ggf");
    let gtp = format!("gtp:{REVERSI} gtp --policy greedy");
    let nboard = format!("nboard:{REVERSI} nboard --seed 4");
    let args = ["match", &gtp, &nboard, "--openings", &openings, "--concurrency", "2", "-o", &records];
    let out = reversi(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[4].starts_with("4 games: W "), "{text}");
    let (status, report) = replay(&records);
    assert_eq!(status, Some(0), "{report}");
    assert!(report.contains("4 games, 4 legal"), "{report}");
    let games = reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap();
    let mut rounds: Vec<usize> = games.iter().map(|g| g.get("Round").unwrap().parse().unwrap()).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2, 3, 4]);
    for g in &games {
        let round: usize = g.get("Round").unwrap().parse().unwrap();
        let opening = if round <= 2 { ["f5", "d6", "c3"].as_slice() } else { ["f5", "f6"].as_slice() };
        let moves: Vec<String> = g.moves.iter().take(opening.len()).map(|p| p.mv.to_string()).collect();
        assert_eq!(moves, opening);
        let (black, white) = if round % 2 == 1 { ("greedy", "random") } else { ("random", "greedy") };
        assert_eq!((g.black.as_deref(), g.white.as_deref()), (Some(black), Some(white)));
        assert!(g.get("Termination").is_none());
    }
}

#[test]
fn forfeits_are_recorded_and_the_match_goes_on() {
    let dir = TempDir::new("forfeits");
    let records = dir.path("games.pgn");
    let crasher = scripted("gtp", "crash:2");
    let us = format!("nboard:{REVERSI} nboard");
    let out = reversi(&["match", &crasher, &us, "--games", "4", "--json", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let objects: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(objects.len(), 5);
    for o in &objects[..4] {
        assert_eq!(o["first_score"], 0.0, "{o}");
        assert!(o["termination"].as_str().unwrap().contains("forfeits: crashed"), "{o}");
    }
    assert_eq!((objects[4]["games"].as_u64(), objects[4]["losses"].as_u64()), (Some(4), Some(4)));
    let (status, report) = replay(&records);
    assert_eq!(status, Some(0), "{report}");
    let pgn = std::fs::read_to_string(&records).unwrap();
    assert_eq!(pgn.matches("[Termination \"").count(), 4, "{pgn}");
    assert_eq!(pgn.matches("[Result \"").count(), 4, "{pgn}");
}

#[test]
fn resume_plays_only_the_missing_games() {
    let dir = TempDir::new("resume");
    let records = dir.path("games.ggf");
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("gtp:{REVERSI} gtp");
    let out = reversi(&["match", &a, &b, "--games", "2", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let before = std::fs::read_to_string(&records).unwrap();
    // The file exists: only --resume goes on with it.
    let out = reversi(&["match", &a, &b, "--games", "5", "-o", &records]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the file exists: give --resume"), "{}", stderr(&out));
    let out = reversi(&["match", &a, &b, "--games", "5", "--resume", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().last().unwrap().starts_with("5 games: "), "{text}");
    let after = std::fs::read_to_string(&records).unwrap();
    assert!(after.starts_with(&before));
    let games = reversi_notation::ggf::read(&after).unwrap();
    let rounds: Vec<&str> = games.iter().map(|g| g.get("Round").unwrap()).collect();
    assert_eq!(rounds, ["1", "2", "3", "4", "5"]);
}

#[test]
fn sprt_stops_the_match() {
    let dir = TempDir::new("sprt");
    let records = dir.path("games.ggf");
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("gtp:{REVERSI} gtp");
    let out = reversi(&["match", &a, &b, "--games", "2000", "--sprt", "-100,100,0.1,0.1", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let summary = text.lines().last().unwrap();
    assert!(summary.contains(": H1 accepted") || summary.contains(": H0 accepted"), "{summary}");
    let games: usize = summary.split(' ').next().unwrap().parse().unwrap();
    assert!(games < 2000, "{summary}");
    assert_eq!(reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap().len(), games);
}

#[test]
fn bad_engines_openings_and_outputs_are_clear_errors() {
    let dir = TempDir::new("bad");
    let records = dir.path("games.ggf");
    let us = format!("gtp:{REVERSI} gtp");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["gtp:/nonexistent/edax -gtp".into(), us.clone()],
            "engine 1 (/nonexistent/edax -gtp): cannot start /nonexistent/edax",
        ),
        (vec![us.clone(), scripted("gtp", "dead")], "engine 2"),
        (vec!["edax".into(), us.clone()], "expected gtp:COMMAND or nboard:COMMAND"),
        (vec!["gtp:edax 'x".into(), us.clone()], "unclosed ' quote"),
    ];
    for (engines, expected) in cases {
        let out = reversi(&["match", &engines[0], &engines[1], "-o", &records]);
        assert_eq!(out.status.code(), Some(2), "{engines:?}");
        assert!(stderr(&out).contains(expected), "{engines:?}: {}", stderr(&out));
    }
    let illegal = dir.path("illegal.txt");
    std::fs::write(&illegal, "f5d6\nf5a1\n").unwrap();
    let finished = dir.path("finished.pos");
    std::fs::write(&finished, "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX X\n").unwrap();
    let position = dir.path("position.pos");
    std::fs::write(&position, "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O\n").unwrap();
    let cases = [
        (illegal.as_str(), "game 2"),
        (finished.as_str(), "the game is over after the opening"),
        (position.as_str(), "GTP, which sets up only the standard start"),
    ];
    for (openings, expected) in cases {
        let out = reversi(&["match", &us, &us, "--openings", openings, "-o", &records]);
        assert_eq!(out.status.code(), Some(2), "{openings}");
        assert!(stderr(&out).contains(expected), "{openings}: {}", stderr(&out));
    }
    // A position opening is fine for NBoard engines.
    let nb = format!("nboard:{REVERSI} nboard");
    let out = reversi(&["match", &nb, &nb, "--openings", &position, "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(replay(&records).0, Some(0));
    let outputs = [("/nonexistent/dir/games.ggf", "/nonexistent/dir/games.ggf: "), ("x.wtb", "WTHOR"), ("-", "-o -: ")];
    let out = reversi(&["match", &us, &us, "--resume", "-o", &dir.path("games.txt")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("do not keep each game's Round"), "{}", stderr(&out));
    for (output, expected) in outputs {
        let out = reversi(&["match", &us, &us, "-o", output]);
        assert_eq!(out.status.code(), Some(2), "{output}");
        assert!(stderr(&out).contains(expected), "{output}: {}", stderr(&out));
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_mid_match_keeps_the_finished_games() {
    let dir = TempDir::new("interrupt");
    let records = dir.path("games.ggf");
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("nboard:{REVERSI} nboard");
    let mut child = Command::new(REVERSI)
        .args(["match", &a, &b, "--games", "1000000", "-o", &records])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..3 {
        lines.next().unwrap().unwrap();
    }
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    assert!(!status.success());
    // Every game appended before the signal is whole and legal.
    let text = std::fs::read_to_string(&records).unwrap();
    let games = reversi_notation::ggf::read(&text).unwrap();
    assert!(games.len() >= 3, "{}", games.len());
    assert_eq!(replay(&records).0, Some(0));
    // And --resume goes on from there.
    let out = reversi(&["match", &a, &b, "--games", &(games.len() + 2).to_string(), "--resume", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap().len(),
        games.len() + 2
    );
}
