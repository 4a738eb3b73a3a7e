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
