//! Running the binary, shared by the integration tests.

#![allow(dead_code)] // each test binary uses part of this

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

pub(crate) mod tournament;

/// The command `reversi` with these arguments, to set its directory and
/// standard streams before it runs.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_reversi"));
    command.args(args);
    command
}

/// Runs `reversi` with these arguments.
pub(crate) fn reversi(args: &[&str]) -> Output {
    command(args).output().expect("the binary runs")
}

/// Runs `reversi` with these arguments, which must succeed; its standard
/// output.
pub(crate) fn succeeded(args: &[&str]) -> String {
    let out = reversi(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// Runs `reversi` with these arguments, which must fail with status 2, its
/// standard error holding `expected` and nothing on standard output; its
/// standard error.
pub(crate) fn refused(args: &[&str], expected: &str) -> String {
    let out = reversi(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}");
    err
}

/// [`refused`] with the command's own message: one line, `reversi: ...`.
pub(crate) fn refused_in_one_line(args: &[&str], expected: &str) {
    let err = refused(args, expected);
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("reversi: "), "{args:?}: {err}");
}

/// The JSON lines of a run's standard output.
pub(crate) fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

/// Waits (a minute at most) until `ready`: a regression that never gets
/// there fails, naming `what`.
pub(crate) fn eventually(what: &str, mut ready: impl FnMut() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < Duration::from_secs(60), "still not so after a minute: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits for `child` up to a minute: a regression that blocks fails (the
/// child killed).
pub(crate) fn wait_at_most_a_minute(child: &mut Child) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the child's status") {
            return status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("still running after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Starts `reversi` with these arguments, its standard input, output and
/// error piped.
pub(crate) fn piped(args: &[&str]) -> Child {
    command(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs")
}

/// Runs `reversi` with these arguments and `input` on its standard input.
pub(crate) fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = piped(args);
    child.stdin.take().expect("a pipe").write_all(input).expect("the input written");
    child.wait_with_output().expect("the binary ends")
}

/// Its standard output, as text.
pub(crate) fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Its standard error, as text.
pub(crate) fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts that `args` is refused by the parser: clap's whole message on
/// stderr (the error, its tips and usage if any, the pointer to `--help`),
/// nothing on stdout, status 2. Gives the message.
pub(crate) fn assert_parse_error(args: &[&str], expected: &str) -> String {
    let out = reversi(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = stderr(&out);
    assert!(err.starts_with("error: ") && err.contains(expected), "{args:?}: {err}");
    assert!(err.ends_with("\n\nFor more information, try '--help'.\n"), "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}");
    err
}

/// A directory of its own under the target directory's `tmp` (so that tests
/// stay inside the checkout), removed when dropped.
pub(crate) struct TempDir(pub(crate) PathBuf);

impl TempDir {
    pub(crate) fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("reversi-cli-{}-{name}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub(crate) fn path(&self, file: &str) -> String {
        self.0.join(file).to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The names in `dir`, sorted (temporary files included).
pub(crate) fn listing(dir: &TempDir) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

/// Runs `replay --json` with these arguments: its status, its game lines, its
/// summary object and its stderr.
pub(crate) fn replay_json(args: &[&str]) -> (Option<i32>, Vec<Value>, Value, String) {
    let mut all = vec!["replay", "--json"];
    all.extend_from_slice(args);
    let out = reversi(&all);
    let mut lines: Vec<Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect();
    let summary = lines.pop().expect("a summary line")["summary"].clone();
    assert!(summary.is_object(), "{all:?}");
    (out.status.code(), lines, summary, stderr(&out))
}

/// The games of `replay --json` without their `file`, to compare the games of
/// two files.
pub(crate) fn without_file(games: &[Value]) -> Vec<Value> {
    games
        .iter()
        .map(|g| {
            let mut g = g.clone();
            g.as_object_mut().unwrap().shift_remove("file");
            g
        })
        .collect()
}

/// Runs `convert`, which must succeed; gives its warnings (the only thing
/// it may print on stderr) without their `reversi: warning: `.
pub(crate) fn convert(args: &[&str]) -> Vec<String> {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    let out = reversi(&all);
    assert!(out.status.success(), "{all:?}: {}", stderr(&out));
    stderr(&out)
        .lines()
        .map(|l| l.strip_prefix("reversi: warning: ").unwrap_or_else(|| panic!("{all:?}: {l}")).to_string())
        .collect()
}
