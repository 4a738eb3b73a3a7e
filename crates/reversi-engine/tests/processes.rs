//! Engine processes end whole: a forfeited engine behind a shell wrapper
//! leaves nothing running (its process group is killed), and what an engine
//! says on its standard error comes with its fault.
#![cfg(unix)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use reversi_engine::Fault;
use reversi_engine::referee::{
    Adjudication, EngineSpec, GameState, PolicyPlayer, Protocol, Termination, TimeControl, play_game,
};
use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};
use reversi_variants::Position;

/// `end_all` ends every engine of the process: its test runs alone (write),
/// the others beside each other (read).
static END_ALL: std::sync::RwLock<()> = std::sync::RwLock::new(());

fn engines() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines")
}

/// A file for the wrapper's process ids, unique to the test.
fn pid_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("reversi-engine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The wrapper's and its helper's ids, once it has written them.
fn read_pids(path: &PathBuf) -> Vec<u32> {
    let began = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && text.ends_with('\n')
        {
            return text.split_whitespace().map(|w| w.parse().unwrap()).collect();
        }
        assert!(began.elapsed() < Duration::from_secs(30), "the wrapper wrote no ids to {}", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The live (not zombie) processes whose group is `pgid`, or whose id is
/// one of `pids`.
fn alive(pgid: u32, pids: &[u32]) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // pid (comm) state ppid pgrp ...: after the last ')'.
        let Some((_, rest)) = stat.rsplit_once(')') else { continue };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let (state, group) = (fields[0], fields[2].parse::<u32>().unwrap_or(0));
        if state != "Z" && (group == pgid || pids.contains(&pid)) {
            found.push(pid);
        }
    }
    found
}

/// Waits (up to 10 s) until nothing of the wrapper is left running.
fn assert_all_ended(pids: &[u32]) {
    let began = Instant::now();
    loop {
        let left = alive(pids[0], pids);
        if left.is_empty() {
            return;
        }
        assert!(began.elapsed() < Duration::from_secs(10), "still running after the engine ended: {left:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_forfeited_engine_behind_a_wrapper_leaves_nothing_running() {
    let _beside = END_ALL.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    for protocol in [Protocol::Gtp, Protocol::Nboard] {
        let pids = pid_file(&format!("wrapper-{protocol:?}"));
        let name = if protocol == Protocol::Gtp { "gtp" } else { "nboard" };
        let wrapper = engines().join("wrapper.sh").display().to_string();
        let argv = vec![wrapper, pids.display().to_string(), name.into(), "illegal:2".into()];
        let mut engine = EngineSpec::new(protocol, argv).start(Instant::now() + Duration::from_secs(10)).unwrap();
        let ids = read_pids(&pids);
        let mut white = PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(3)));
        let start = GameState::new(Position::from(reversi_core::Position::start()));
        let control = TimeControl { time: Duration::from_secs(10), increment: Duration::ZERO };
        let played = play_game(
            &mut *engine,
            &mut white,
            &start,
            control,
            Duration::from_secs(10),
            &Adjudication::new(),
            &|| false,
        );
        assert!(
            matches!(played.termination, Termination::Forfeit { fault: Fault::Illegal(_), .. }),
            "{:?}",
            played.termination
        );
        assert!(!alive(ids[0], &ids).is_empty(), "the wrapper ended before the test could see it");
        drop(engine);
        assert_all_ended(&ids);
        let _ = std::fs::remove_file(&pids);
    }
}

#[test]
fn end_all_kills_every_engine_group() {
    let _alone = END_ALL.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    let pids = pid_file("end-all");
    let wrapper = engines().join("wrapper.sh").display().to_string();
    let argv = vec![wrapper, pids.display().to_string(), "gtp".into(), "good".into()];
    let engine = EngineSpec::new(Protocol::Gtp, argv).start(Instant::now() + Duration::from_secs(10)).unwrap();
    let ids = read_pids(&pids);
    assert!(reversi_engine::process::end_all() >= 1);
    // Ended before the engine is dropped: as a signal handler would.
    assert_all_ended(&ids);
    drop(engine);
    let _ = std::fs::remove_file(&pids);
}

#[test]
fn an_engine_that_fails_at_start_is_heard_on_its_standard_error() {
    let _beside = END_ALL.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    let argv: Vec<String> = ["sh", "-c", "echo I-AM-STDERR >&2; exit 3"].map(String::from).into();
    for protocol in [Protocol::Gtp, Protocol::Nboard] {
        let spec = EngineSpec::new(protocol, argv.clone());
        let Err(fault) = spec.start(Instant::now() + Duration::from_secs(10)) else { panic!("started") };
        assert_eq!(fault.stderr(), Some("I-AM-STDERR"), "{fault}");
        assert!(matches!(fault.cause(), Fault::Crash(why) if why.contains("exit status: 3")), "{fault:?}");
        assert!(fault.to_string().ends_with("; its standard error ended: I-AM-STDERR"), "{fault}");
    }
}

#[test]
fn only_the_last_lines_of_standard_error_are_kept() {
    let _beside = END_ALL.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    let script = "i=0; while [ $i -lt 5000 ]; do echo line-$i >&2; i=$((i+1)); done; exit 1";
    let argv: Vec<String> = ["sh", "-c", script].map(String::from).into();
    let Err(fault) = EngineSpec::new(Protocol::Gtp, argv).start(Instant::now() + Duration::from_secs(30)) else {
        panic!("started")
    };
    let stderr = fault.stderr().unwrap();
    let lines: Vec<&str> = stderr.split(" | ").collect();
    assert_eq!(lines.len(), reversi_engine::process::STDERR_LINES, "{stderr}");
    assert_eq!(lines.last(), Some(&"line-4999"));
}

#[test]
fn a_missing_working_directory_is_named_before_the_engine_starts() {
    let _beside = END_ALL.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    let spec = EngineSpec::new(Protocol::Gtp, vec!["sh".into()]).dir("/nonexistent/engine-dir");
    let Err(fault) = spec.start(Instant::now() + Duration::from_secs(10)) else { panic!("started") };
    let text = fault.to_string();
    assert!(matches!(fault, Fault::Spawn { .. }), "{fault:?}");
    assert!(text.contains("the working directory /nonexistent/engine-dir"), "{text}");
}
