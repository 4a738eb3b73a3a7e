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
