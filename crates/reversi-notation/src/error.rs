//! The errors shared by the text formats, and the located-error helper.

use std::fmt;

/// A text record that does not read: where, what was expected, what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct SyntaxError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What the reader expected there.
    pub expected: String,
    /// The text found there (at most 24 characters; empty at the end of input).
    pub found: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: expected {}, found ", self.line, self.column, self.expected)?;
        if self.found.is_empty() { f.write_str("the end of the input") } else { write!(f, "{:?}", self.found) }
    }
}

impl SyntaxError {
    /// The error at byte `at` of `text` (clamped to the text), quoting the
    /// token found there. Line and column are counted only here, on the error
    /// path.
    pub(crate) fn at(text: &str, at: usize, expected: impl Into<String>) -> SyntaxError {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = text[line_start..at].chars().count() + 1;
        let found = text[at..].split_whitespace().next().unwrap_or("").chars().take(24).collect();
        SyntaxError { line, column, expected: expected.into(), found }
    }
}

/// A record that a format cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{format} cannot hold game {}: {what}", .game + 1)]
#[non_exhaustive]
pub struct WriteError {
    /// The format.
    pub format: &'static str,
    /// The record's index (0-based) among those written.
    pub game: usize,
    /// What it cannot express.
    pub what: String,
}

/// Why a streaming writer ([`Encoder`](crate::Encoder), [`wthor::Writer`](crate::wthor::Writer))
/// stopped: a game the format cannot hold, or the output failing. What it
/// wrote before is a prefix of the output, to be discarded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// A game the format cannot hold.
    #[error(transparent)]
    Game(#[from] WriteError),
    /// The output could not be written (or, to patch a WTHOR header, sought).
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// [`Encoder::finish_unseekable`](crate::Encoder::finish_unseekable) on
    /// WTHOR, whose header, written first, counts the games: the header that
    /// belongs at the start of what was written, for a caller that can put it
    /// there by other means ([`Encoder::finish`](crate::Encoder::finish) seeks
    /// back and does).
    #[error("a WTHOR header counts its games and comes first: the output must seek to be finished")]
    Unseekable {
        /// The header, its counts final.
        header: [u8; crate::wthor::HEADER_LEN],
    },
}

impl EncodeError {
    /// The [`WriteError`] of a write to memory, which takes every byte and
    /// seeks only within what it holds: nothing else can fail there.
    pub(crate) fn in_memory(self) -> WriteError {
        match self {
            EncodeError::Game(e) => e,
            e => unreachable!("a write to memory failed: {e}"),
        }
    }
}
