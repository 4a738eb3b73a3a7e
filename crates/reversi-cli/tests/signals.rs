//! Ctrl-C, SIGTERM and SIGHUP while `play` or `convert` writes: the
//! temporary file goes, the destination stays as it was, and the process
//! ends by the signal (before, the temporary file `.<name>.tmp-<pid>` stayed
//! beside the destination).
#![cfg(unix)]

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{TempDir, command, listing, reversi};

/// Starts `reversi ARGS` in `dir` (with `input` on its standard input, kept
/// open), waits until its temporary output has at least `bytes` in it,
/// sends `signal` and gives the signal that ended it.
fn interrupted(dir: &TempDir, args: &[&str], input: &str, bytes: u64, signal: &str) -> Option<i32> {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    let temporary = format!(".out.txt.tmp-{}", child.id());
    let started = Instant::now();
    while !std::fs::metadata(dir.0.join(&temporary)).is_ok_and(|m| m.len() >= bytes) {
        assert!(started.elapsed() < Duration::from_secs(60), "no temporary file {temporary}: {:?}", listing(dir));
        assert!(child.try_wait().unwrap().is_none(), "ended before it was interrupted");
        std::thread::sleep(Duration::from_millis(5));
    }
    let sent = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let status = child.wait().unwrap();
    drop(stdin);
    status.signal()
}

#[test]
fn a_signal_removes_the_temporary_output_and_keeps_the_destination() {
    for (signal, number) in [("-INT", 2), ("-TERM", 15), ("-HUP", 1)] {
        let dir = TempDir::new("signals");
        let out = dir.path("out.txt");
        std::fs::write(&out, "the file before\n").unwrap();
        // Far more games than the test waits for: interrupted mid-write.
        let play = ["play", "--games", "4000000000", "-o", out.as_str()];
        assert_eq!(interrupted(&dir, &play, "", 1, signal), Some(number), "play {signal}");
        assert_eq!(listing(&dir), ["out.txt"], "play {signal}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "the file before\n");
        // convert, reading standard input that stays open: it has created
        // its temporary file and waits for more games.
        let convert = ["convert", "-", "--from", "transcript", "-o", out.as_str(), "--to", "pgn"];
        assert_eq!(interrupted(&dir, &convert, "f5d6c3\n", 0, signal), Some(number), "convert {signal}");
        assert_eq!(listing(&dir), ["out.txt"], "convert {signal}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "the file before\n");
    }
}

#[test]
fn a_write_killed_outright_leaves_a_temporary_file_the_next_write_removes() {
    let dir = TempDir::new("killed");
    let out = dir.path("out.txt");
    std::fs::write(&out, "the file before\n").unwrap();
    let play = ["play", "--games", "4000000000", "-o", out.as_str()];
    assert_eq!(interrupted(&dir, &play, "", 1, "-KILL"), Some(9));
    let names = listing(&dir);
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[0].starts_with(".out.txt.tmp-") && names[1] == "out.txt", "{names:?}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the file before\n");
    // The next write of the destination finds it locked by no one: removed.
    let out = reversi(&["play", "--games", "1", "-o", &out]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(listing(&dir), ["out.txt"]);
}
