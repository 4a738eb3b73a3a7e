//! Standard output, the one way every command writes to it.
//!
//! Rust ignores `SIGPIPE`, so a write to a pipe whose reader has gone (`reversi
//! replay dir --json | head -1`) fails with [`io::ErrorKind::BrokenPipe`], and
//! `println!` would panic on it. The commands write through [`Stdout`]
//! instead: its writes return a [`Failure`] already classified by
//! [`Failure::stdout`], where a closed pipe ends the command quietly with
//! status 0 (as ripgrep and cargo do) and any other error is a one-line
//! message with status 2. `writeln!(out, ...)` works on it and gives that
//! `Result`, so a call site needs nothing but `?`.

use std::fmt;
use std::io::{self, BufWriter, Write};

use crate::Failure;

/// Buffered standard output whose every error is a [`Failure`]. Nothing
/// written is lost on success: [`Stdout::flush`] it before the process ends
/// (`main` does).
#[derive(Debug)]
pub(crate) struct Stdout {
    inner: BufWriter<io::Stdout>,
}

impl Stdout {
    /// Standard output, buffered. It is not locked, so that a thread writing
    /// with `print!` could not dead-lock on it (none does).
    pub(crate) fn new() -> Stdout {
        Stdout { inner: BufWriter::new(io::stdout()) }
    }

    /// Writes formatted text: what `write!` and `writeln!` call.
    ///
    /// # Errors
    /// [`Failure::stdout`] of the write error.
    pub(crate) fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Failure> {
        self.inner.write_fmt(args).map_err(Failure::stdout)
    }

    /// Writes these bytes.
    ///
    /// # Errors
    /// [`Failure::stdout`] of the write error.
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.inner.write_all(bytes).map_err(Failure::stdout)
    }

    /// Writes out everything buffered (before a message on stderr, so that
    /// the two come in order, and at the end).
    ///
    /// # Errors
    /// [`Failure::stdout`] of the write error.
    pub(crate) fn flush(&mut self) -> Result<(), Failure> {
        self.inner.flush().map_err(Failure::stdout)
    }
}
