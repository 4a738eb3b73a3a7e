//! `reversi gtp`, `reversi nboard` and `reversi match`: this project as an
//! engine, matches against itself through both protocols, and against the
//! scripted engine of reversi-engine's tests.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::{TempDir, command, reversi, stderr, stdout, wait_at_most_a_minute, with_stdin};

/// The binary, as an engine command line names it.
const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");

fn scripted(protocol: &str, mode: &str) -> String {
    let script = format!("{}/../reversi-engine/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    format!("{protocol}:python3 '{script}' {protocol} {mode}")
}

/// The games of a record file, replayed: (status, stdout).
fn replay(file: &str) -> (Option<i32>, String) {
    let out = reversi(&["replay", file]);
    (out.status.code(), stdout(&out))
}

#[test]
fn gtp_and_nboard_serve_on_standard_io() {
    // --player: the old name of --policy, still taken.
    let out = with_stdin(
        &["gtp", "--player", "greedy"],
        "name\nboardsize 8\nplay b f5\nfinal_score\nquit\nname\n".as_bytes(),
    );
    assert_eq!(stdout(&out), "= greedy\n\n= \n\n= \n\n= B+3\n\n= \n\n");
    assert!(out.status.success());
    let out = with_stdin(&["nboard"], "nboard 2\nping 1\nunknown line\nquit\n".as_bytes());
    assert_eq!(stdout(&out), "set myname random\npong 1\n");
    // Any board GTP can say: 6x6 Othello.
    let out = with_stdin(&["gtp"], "boardsize 6\nplay b c2\ngenmove w\n".as_bytes());
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
    let games = &objects[4]["games"];
    assert_eq!((games["games"].as_u64(), games["losses"].as_u64()), (Some(4), Some(4)));
    assert_eq!(objects[4]["pentanomial"], serde_json::json!([2, 0, 0, 0, 0]));
    // Every game lost: no Elo, spelled null in every field that lacks it.
    for field in ["elo", "elo_low", "elo_high", "nelo", "llr", "sprt"] {
        assert!(objects[4][field].is_null(), "{field}: {}", objects[4]);
        assert!(games.get(field).is_none_or(serde_json::Value::is_null), "games {field}: {}", objects[4]);
    }
    // Each game's line says the standing after it, by pairs.
    assert_eq!(objects[3]["standing"], objects[4]);
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
fn adjudicated_games_say_so_and_resume() {
    let dir = TempDir::new("adjudicate");
    let records = dir.path("games.ggf");
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("gtp:{REVERSI} gtp");
    let out = reversi(&["match", &a, &b, "--games", "4", "--adjudicate", "12", "--json", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let objects: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let adjudicated = objects[..4]
        .iter()
        .filter(|o| {
            o["termination"].as_str().is_some_and(|t| t.starts_with("adjudicated at 12 empties by exact solve"))
        })
        .count();
    assert!(adjudicated > 0, "{text}");
    let games = reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap();
    for (g, o) in games.iter().zip(&objects) {
        assert_eq!(g.get("Termination"), o["termination"].as_str());
        assert_eq!(g.get("MatchAdjudicate"), Some("12"));
    }
    let (status, report) = replay(&records);
    assert_eq!(status, Some(0), "{report}");
    // Resumed with the same limit; another limit, or none, is another match.
    for (other, expected) in [(None, "adjudication (empties): 12 there, none now"), (Some("14"), "12 there, 14 now")] {
        let mut args = vec!["match", &a, &b, "--games", "6", "--resume", "-o", &records];
        args.extend(other.map(|k| ["--adjudicate", k]).iter().flatten());
        let out = reversi(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(expected), "{}", stderr(&out));
    }
    let out = reversi(&["match", &a, &b, "--games", "6", "--adjudicate", "12", "--resume", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 3);
    // Out of range: refused, naming the flag.
    for bad in ["0", "31", "300", "x"] {
        let out = reversi(&["match", &a, &b, "--adjudicate", bad, "-o", &dir.path("other.ggf")]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&out).contains(&format!("invalid value '{bad}' for '--adjudicate <EMPTIES>'")),
            "{}",
            stderr(&out)
        );
    }
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
    // The LLR on every game's line, with the bounds.
    for line in text.lines() {
        assert!(line.contains(", LLR ") && line.contains(" [-2.20, 2.20]"), "{line}");
    }
    assert_eq!(reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap().len(), games);
}

#[test]
fn sprt_on_pairs_under_either_model_in_json() {
    let dir = TempDir::new("sprt-json");
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("gtp:{REVERSI} gtp");
    let records = dir.path("games.ggf");
    let args = ["match", &a, &b, "--games", "2000", "--sprt", "-100,100,0.1,0.1", "--sprt-model", "normalized"];
    let out = reversi(&[&args[..], &["--json", "-o", &records]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let objects: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let (summary, lines) = objects.split_last().unwrap();
    assert_eq!(
        (summary["sprt_model"].as_str(), lines.len() as u64),
        (Some("normalized"), summary["games"]["games"].as_u64().unwrap())
    );
    // The verdict comes with a pair: an even number of games, none after it.
    assert!(summary["sprt"].is_string() && lines.len() % 2 == 0, "{summary}");
    assert_eq!(lines.last().unwrap()["standing"], *summary);
    let pairs: u64 = summary["pentanomial"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(2 * pairs, lines.len() as u64);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["game"].as_u64(), Some(i as u64 + 1), "{line}");
        assert!(line.get("pairing").is_none() && line["standing"]["llr"].is_number(), "{line}");
    }
    let out = reversi(&["match", &a, &b, "--sprt-model", "gaussian", "-o", &dir.path("other.ggf")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected an Elo model, logistic or normalized"), "{}", stderr(&out));
}

#[test]
fn bad_engines_openings_and_outputs_are_clear_errors() {
    let dir = TempDir::new("bad");
    let records = dir.path("games.ggf");
    let us = format!("gtp:{REVERSI} gtp");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["gtp:/nonexistent/edax  -gtp".into(), us.clone()],
            "engine 1 (/nonexistent/edax  -gtp): cannot start /nonexistent/edax",
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
    let mut child =
        command(&["match", &a, &b, "--games", "1000000", "-o", &records]).stdout(Stdio::piped()).spawn().unwrap();
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

#[cfg(unix)]
#[test]
fn an_engine_that_fails_is_explained_and_no_records_file_is_left() {
    let dir = TempDir::new("explained");
    let records = dir.path("games.ggf");
    let us = format!("gtp:{REVERSI} gtp");
    let failing = "gtp:sh -c 'echo I-AM-STDERR >&2; exit 3'";
    let out = reversi(&["match", failing, &us, "-o", &records]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    // The command as given, the exit status, and what the engine said.
    assert!(err.contains("engine 1 (sh -c 'echo I-AM-STDERR >&2; exit 3'): crashed ("), "{err}");
    assert!(err.contains("exit status: 3") && err.contains("its standard error ended: I-AM-STDERR"), "{err}");
    assert!(!std::path::Path::new(&records).exists(), "an empty records file was left");
    // A missing working directory is named, before any engine starts.
    // (even when engine 1 would fail to start: the directories come first).
    let out = reversi(&["match", failing, &us, "--dir2", "/nonexistent/engine-dir", "-o", &records]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("engine 2 ("), "{}", stderr(&out));
    assert!(stderr(&out).contains("the working directory /nonexistent/engine-dir"), "{}", stderr(&out));
    assert!(!std::path::Path::new(&records).exists());
}

#[cfg(unix)]
#[test]
fn a_fifo_output_is_refused_before_anything_starts() {
    let dir = TempDir::new("fifo");
    let fifo = dir.path("games.ggf");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let us = format!("gtp:{REVERSI} gtp");
    let mut child =
        command(&["match", &us, &us, "-o", &fifo]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let status = wait_at_most_a_minute(&mut child);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("a FIFO, not a file"), "{err}");
}

#[test]
fn resume_refuses_another_match_and_repeated_games_are_told() {
    let dir = TempDir::new("resume-other");
    let records = dir.path("games.ggf");
    let openings = dir.path("openings.txt");
    std::fs::write(&openings, "f5d6c3\n").unwrap();
    let other = dir.path("other.txt");
    std::fs::write(&other, "f5f6\n").unwrap();
    // Deterministic engines: the first legal move, always.
    let (a, b) = (scripted("gtp", "good"), scripted("gtp", "noclock"));
    // Deterministic engines of one mind, one opening played four times:
    // every game repeats the first.
    let out = reversi(&["match", &a, &b, "--openings", &openings, "--games", "4", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("warning: game 3 repeats game 1 move for move"), "{err}");
    assert!(err.contains("warning: game 4 repeats game 1 move for move"), "{err}");
    let before = std::fs::read_to_string(&records).unwrap();
    let refusals = [
        (vec!["--openings", &other], "the openings: 1 digest "),
        (vec!["--openings", &openings, "--time", "30"], "the clock: 60+0 s there, 30+0 s now"),
    ];
    for (extra, expected) in refusals {
        let mut args = vec!["match", &a, &b, "--resume", "--games", "6", "-o", &records];
        args.extend(extra);
        let out = reversi(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("the records hold another match: "), "{}", stderr(&out));
        assert!(stderr(&out).contains(expected), "{}", stderr(&out));
    }
    let out = reversi(&["match", &b, &a, "--openings", &openings, "--resume", "-o", &records]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&format!("the first engine: {a} there, {b} now")), "{err}");
    assert_eq!(std::fs::read_to_string(&records).unwrap(), before);
    // The same match goes on, to more games.
    let out = reversi(&["match", &a, &b, "--openings", &openings, "--resume", "--games", "6", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The games its records hold count: game 5 repeats game 1.
    assert!(stderr(&out).contains("warning: game 5 repeats game 1 move for move"), "{}", stderr(&out));
    let count = || reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap().len();
    assert_eq!(count(), 6);
    // Without --games, to the number its records say: nothing left to play.
    let out = reversi(&["match", &a, &b, "--openings", &openings, "--resume", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("6 games: "), "{}", stdout(&out));
    assert_eq!(count(), 6);
    // Five repeats are told one by one, the others counted at the end.
    let out = reversi(&["match", &a, &b, "--openings", &openings, "--resume", "--games", "12", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.matches(" repeats game 1 move for move").count(), 5, "{err}");
    assert!(err.ends_with("reversi: warning: 1 more games repeat an earlier game move for move\n"), "{err}");
    assert_eq!(count(), 12);
}

#[test]
fn without_openings_the_default_set_gives_distinct_games() {
    let dir = TempDir::new("default-openings");
    let records = dir.path("games.ggf");
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("gtp:{REVERSI} gtp --policy greedy");
    let out = reversi(&["match", &a, &b, "--games", "6", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("repeats"), "{}", stderr(&out));
    let games = reversi_notation::ggf::read(&std::fs::read_to_string(&records).unwrap()).unwrap();
    let lines: std::collections::BTreeSet<String> =
        games.iter().map(|g| g.moves.iter().map(|p| p.mv.to_string()).collect()).collect();
    assert_eq!(lines.len(), 6);
}

#[cfg(unix)]
#[test]
fn engines_end_with_an_interrupted_match() {
    let dir = TempDir::new("interrupt-groups");
    let records = dir.path("games.ggf");
    let wrapper = format!("{}/../reversi-engine/tests/engines/wrapper.sh", env!("CARGO_MANIFEST_DIR"));
    let pids = dir.path("pids");
    let engine = format!("gtp:'{wrapper}' '{pids}' gtp good");
    let us = format!("gtp:{REVERSI} gtp");
    for signal in ["-TERM", "-INT"] {
        let _ = std::fs::remove_file(&pids);
        let mut child = command(&["match", &engine, &us, "--games", "1000", "-o", &records, "--resume"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        lines.next().unwrap().unwrap();
        let ids: Vec<u32> =
            std::fs::read_to_string(&pids).unwrap().split_whitespace().map(|w| w.parse().unwrap()).collect();
        assert!(Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success());
        assert!(!wait_at_most_a_minute(&mut child).success());
        let began = std::time::Instant::now();
        loop {
            let left: Vec<u32> = ids.iter().copied().filter(|&id| running(id)).collect();
            if left.is_empty() {
                break;
            }
            assert!(began.elapsed().as_secs() < 10, "{signal}: the engine's processes {left:?} outlived the match");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// Whether process `id` runs (a zombie does not).
#[cfg(unix)]
fn running(id: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{id}/stat"))
        .is_ok_and(|stat| stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')))
}

#[test]
fn match_takes_random_openings_and_logs_as_a_tournament_does() {
    let dir = TempDir::new("match-random-log");
    let (records, logs) = (dir.path("games.ggf"), dir.path("logs"));
    let gtp = format!("gtp:{REVERSI} gtp --policy greedy");
    let nboard = format!("nboard:{REVERSI} nboard --seed 4");
    let random = ["--openings-random", "6", "--seed", "5", "--games", "4"];
    let out = reversi(&[&["match", &gtp, &nboard], &random[..], &["--log", &logs, "-o", &records]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    // The openings are the tournament's for the same seed: one library draw.
    let tournament = dir.path("tournament.ggf");
    let out = reversi(&[&["tournament", &gtp, &nboard], &random[..], &["-o", &tournament]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let openings = |file: &str| -> Vec<String> {
        let games = reversi_notation::ggf::read(&std::fs::read_to_string(file).unwrap()).unwrap();
        games.iter().map(|g| g.moves.iter().take(6).map(|p| p.mv.to_string()).collect()).collect()
    };
    let played = openings(&records);
    assert_eq!(played, openings(&tournament));
    assert!(played[0] == played[1] && played[2] == played[3] && played[0] != played[2], "{played:?}");
    // Each engine's exchange, every game's lines numbered.
    let read = |n: usize| std::fs::read_to_string(format!("{logs}/engine-{n}.log")).unwrap();
    let (first, second) = (read(1), read(2));
    assert!(first.starts_with("- > name\n"), "{first}");
    assert!(second.starts_with("- > nboard 2\n"), "{second}");
    for game in 1..=4 {
        assert!(first.contains(&format!("\n{game} > ")) && second.contains(&format!("\n{game} > ")), "game {game}");
    }
    // --seed without --openings-random is refused.
    let bad = reversi(&["match", &gtp, &nboard, "--seed", "3", "-o", &dir.path("x.ggf")]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn match_and_tournament_adjudicate_by_evaluation_and_stop_at_max_plies() {
    let dir = TempDir::new("evaluations");
    let behind = scripted("nboard", &format!("say={}", vec!["-8"; 30].join(",")));
    let ahead = scripted("nboard", &format!("say={}", vec!["8"; 30].join(",")));
    let records = dir.path("games.pgn");
    // The first engine says it is behind in every game: it loses each one
    // after 3 moves a side from the 4-ply openings.
    let out = reversi(&["match", &behind, &ahead, "--games", "2", "--resign", "3,6", "--json", "-o", &records]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let every = &last["games"];
    assert_eq!((every["wins"].as_u64(), every["losses"].as_u64()), (Some(0), Some(2)), "{text}");
    let games = reversi_notation::pgn::read(&std::fs::read_to_string(&records).unwrap()).unwrap();
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.moves.len(), 4 + 6);
        let loser = if i == 0 { "black" } else { "white" };
        let termination = g.get("Termination").unwrap();
        assert!(termination.starts_with(&format!("adjudicated by evaluation: {loser} resigns")), "{termination}");
        assert_eq!(g.get("MatchResign"), Some("3,6"));
        assert_eq!(g.get("TimeControl"), Some("60+0"));
        assert_eq!(g.get("Opening"), Some("default 4 plies opening 1"));
        let first = format!("nboard:{}", &behind["nboard:".len()..]);
        assert_eq!(g.get(if i == 0 { "BlackEngine" } else { "WhiteEngine" }), Some(first.as_str()));
    }
    let (status, report) = replay(&records);
    assert_eq!(status, Some(0), "{report}");
    // Resumed under another rule: another match.
    let out = reversi(&["match", &behind, &ahead, "--games", "4", "--resume", "-o", &records]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the resign rule (moves,score): 3,6 there, none now"), "{}", stderr(&out));

    // A tournament stops its games at --max-plies: no result, not scored.
    let a = format!("gtp:{REVERSI} gtp --policy greedy");
    let b = format!("gtp:{REVERSI} gtp");
    let stopped = dir.path("stopped.ggf");
    let out = reversi(&["tournament", &a, &b, "--games", "2", "--max-plies", "10", "--json", "-o", &stopped]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Each game's line: no result, no score (null, not ½).
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let games: Vec<&serde_json::Value> = lines.iter().filter(|l| l.get("game").is_some()).collect();
    assert_eq!(games.len(), 2, "{lines:?}");
    assert!(games.iter().all(|g| g["first_score"].is_null() && g["result"] == "*"), "{games:?}");
    let games = reversi_notation::ggf::read(&std::fs::read_to_string(&stopped).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!((g.moves.len(), g.result.as_ref()), (10, None));
        assert_eq!(g.get("Termination"), Some("stopped at the ply limit: 10 plies, no result"));
        assert_eq!(g.get("MatchMaxPlies"), Some("10"));
    }
    // Played and not scored: a resume plays them no more.
    let before = std::fs::read_to_string(&stopped).unwrap();
    let out = reversi(&["tournament", &a, &b, "--games", "2", "--max-plies", "10", "--resume", "-o", &stopped]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&stopped).unwrap(), before);
    let out = reversi(&["match", &a, &b, "--games", "2", "--max-plies", "10", "-o", &dir.path("m.ggf")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("(stopped at the ply limit: 10 plies, no result); W 0 D 0 L 0"), "{}", stdout(&out));
    let summary = "0 games: W 0 D 0 L 0, score 50.0%, Elo not yet measurable; pairs [0, 0, 0, 0, 0]\n";
    assert!(stdout(&out).ends_with(summary), "{}", stdout(&out));
    let out = reversi(&["match", &a, &b, "--games", "2", "--max-plies", "10", "--resume", "-o", &dir.path("m.ggf")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(reversi_notation::ggf::read(&std::fs::read_to_string(dir.path("m.ggf")).unwrap()).unwrap().len(), 2);
    let out = reversi(&["match", &a, &b, "--games", "2", "--max-plies", "10", "--json", "-o", &dir.path("j.ggf")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    for game in &lines[..2] {
        assert!(game["first_score"].is_null() && game["result"] == "*", "{game}");
        assert_eq!(game["standing"]["games"]["games"], 0, "{game}");
    }
    // GTP engines report no evaluation: the rules are said to be idle.
    let out = reversi(&["match", &a, &b, "--games", "2", "--draw", "0,1,64", "-o", &dir.path("gtp.ggf")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out).matches("speaks GTP, whose answers carry no evaluation").count(), 2, "{}", stderr(&out));
    for (flag, bad, message) in [
        ("--resign", "3", "expected MOVES,SCORE"),
        ("--draw", "40,0,1", "expected 1 to 1000 moves a side, found 0"),
        ("--max-plies", "0", "expected a ply limit of at least 1, found 0"),
    ] {
        let out = reversi(&["match", &a, &b, flag, bad, "-o", &dir.path("other.ggf")]);
        assert_eq!(out.status.code(), Some(2), "{flag} {bad}");
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
}
