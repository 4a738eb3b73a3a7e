//! Running the binary, shared by the integration tests.

#![allow(dead_code)] // each test binary uses part of this

use std::process::{Command, Output};

/// Runs `reversi` with these arguments.
pub(crate) fn reversi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi")).args(args).output().expect("the binary runs")
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
