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

    /// The buffered writer itself, for a writer that takes an [`io::Write`]
    /// (the encoders of `convert` and `play`): its errors go through [`Failure::stdout`].
    pub(crate) fn writer(&mut self) -> &mut impl Write {
        &mut self.inner
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

/// `text` with every control character (a newline, a carriage return, an
/// escape, ...) written as its Rust escape (`\n`, `\r`, `\u{1b}`), so that a
/// message stays one line whatever the file names and values it quotes hold.
/// Every message and report line the CLI prints passes through it.
pub(crate) fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            escaped.extend(c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    std::borrow::Cow::Owned(escaped)
}

/// A count as the commands print it for people: thousands separators from
/// five digits on (`2214`, `130,000`). `--json` writes plain digits.
pub(crate) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    if n < 10_000 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{grouped, one_line};

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(one_line("a.pgn: no such file"), "a.pgn: no such file");
        assert_eq!(one_line("a\nb.pgn\r: \u{1b}[31m\t"), "a\\nb.pgn\\r: \\u{1b}[31m\\t");
        assert_eq!(one_line("é ünï"), "é ünï");
    }

    #[test]
    fn counts_are_grouped_from_five_digits() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(2214), "2214");
        assert_eq!(grouped(130_000), "130,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
