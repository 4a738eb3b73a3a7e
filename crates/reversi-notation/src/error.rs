//! The errors shared by the text formats, and the located-error helper.

use std::fmt;
use std::sync::Arc;

use crate::record::{Location, write_location};
use crate::wthor::WthorError;

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
    /// The byte offset of the error in the input.
    pub offset: usize,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        self.message(f)
    }
}

impl SyntaxError {
    /// The error at byte `at` of `text` (clamped to the text), quoting the
    /// token found there (at most 24 characters of it, whatever its length).
    /// Its line and column are left for the reader to count
    /// ([`Reader`](crate::Reader) counts them once, in order, as it reads:
    /// counting them here, from the start of the text held, made a file of
    /// many bad games cost the square of its length); a caller that parses a
    /// whole text itself locates the error with [`SyntaxError::located_in`].
    pub(crate) fn at(text: &str, at: usize, expected: impl Into<String>) -> SyntaxError {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let found = text[at..].trim_start().chars().take_while(|c| !c.is_whitespace()).take(24).collect();
        SyntaxError { line: 0, column: 0, expected: expected.into(), found, offset: at }
    }

    /// The error, its line and column counted from the start of `text`,
    /// where its offset is.
    pub(crate) fn located_in(mut self, text: &str) -> SyntaxError {
        let bytes = text.as_bytes();
        let at = self.offset.min(bytes.len());
        self.line = (0..at).filter(|&i| crate::lines::breaks_at(bytes, i)).count() + 1;
        let line_start = crate::lines::line_start(bytes, at).unwrap_or(0);
        self.column = text.get(line_start..at).map_or(0, |t| t.chars().count()) + 1;
        self
    }

    /// Where the error is.
    #[must_use]
    pub const fn location(&self) -> Location {
        Location::Text { line: self.line, column: self.column }
    }

    /// `expected X, found Y`: the error without its location.
    fn message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found ", self.expected)?;
        if self.found.is_empty() { f.write_str("the end of the input") } else { write!(f, "{:?}", self.found) }
    }
}

/// A game of a file that does not read, located as compilers locate errors:
/// `FILE:LINE:COL: game N: expected ..., found ...` (WTHOR: `FILE: byte B:
/// game N: ...`), given by [`Reader`](crate::Reader) and the readers built
/// on it.
///
/// The reader goes on after it at the next game the format can find (see
/// [`Reader`](crate::Reader)) unless it is [fatal](RecordError::is_fatal).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordError {
    /// The file, as the reader was told to name it.
    pub file: Option<Arc<str>>,
    /// The game's index in the file (0-based; games that did not read
    /// count), when the error is in a game.
    pub game: Option<usize>,
    /// What went wrong, where in the file.
    pub kind: ReadError,
}

impl RecordError {
    /// Whether the error ends the file: an I/O error, binary data in a text
    /// format ([`ReadError::Binary`]), no next game within
    /// [`ReadOptions::max_game_bytes`](crate::ReadOptions::max_game_bytes)
    /// after a bad one ([`ReadError::NoNextGame`]), or a structure that
    /// cannot be resumed (a WTHOR header or count that does not match the
    /// file). Any other error is one game's: the reader goes on at the next
    /// game.
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        self.kind.is_fatal()
    }

    /// Where the error is in the file.
    #[must_use]
    pub fn location(&self) -> Option<Location> {
        self.kind.location()
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_kind(&self.kind, f)
    }
}

impl RecordError {
    /// `kind` as this error says it: `FILE:LINE:COL: game N: ...` for the
    /// errors located in a text.
    fn write_kind(&self, kind: &ReadError, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let in_text = |f: &mut fmt::Formatter<'_>, line: usize, column: usize| {
            write_location(self.file.as_deref(), Some(Location::Text { line, column }), f)?;
            match self.game {
                Some(game) => write!(f, "game {}: ", game + 1),
                None => Ok(()),
            }
        };
        match kind {
            ReadError::Syntax(e) => {
                in_text(f, e.line, e.column)?;
                e.message(f)
            }
            ReadError::Utf8 { offset, line, column } => {
                in_text(f, *line, *column)?;
                write!(f, "{}", Utf8Message(*offset))
            }
            ReadError::Binary { offset, line, column } => {
                in_text(f, *line, *column)?;
                write!(f, "{}", BinaryMessage(*offset))
            }
            ReadError::NoNextGame { error, bytes } => {
                self.write_kind(error, f)?;
                write!(f, "{}", NoNextGameMessage(*bytes))
            }
            // WTHOR errors name their game and byte themselves.
            kind => {
                write_location(self.file.as_deref(), None, f)?;
                write!(f, "{kind}")
            }
        }
    }
}

/// What [`ReadError::Utf8`] says after its location.
struct Utf8Message(usize);

impl fmt::Display for Utf8Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the text is not UTF-8 (byte {})", self.0)
    }
}

/// What [`ReadError::Binary`] says after its location.
struct BinaryMessage(usize);

impl fmt::Display for BinaryMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a NUL byte (byte {}): binary data, not text; the input is read no further", self.0)
    }
}

/// What [`ReadError::NoNextGame`] adds to its error.
struct NoNextGameMessage(usize);

impl fmt::Display for NoNextGameMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "; and no next game within {} bytes after it (twice ReadOptions::max_game_bytes): the input is read no further",
            self.0
        )
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.kind)
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
/// Why a file does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A text format that does not parse.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A WTHOR file that does not parse.
    #[error(transparent)]
    Wthor(#[from] WthorError),
    /// Text that is not UTF-8 in a game (or in the blank lines and comments
    /// before it): the game is passed over, the reader goes on at the next
    /// one. The bytes that are not UTF-8 count one column each.
    #[error("line {line}, column {column}: {}", Utf8Message(*offset))]
    Utf8 {
        /// The input's first byte that is not.
        offset: usize,
        /// Its 1-based line.
        line: usize,
        /// Its 1-based column, in characters.
        column: usize,
    },
    /// A NUL byte in a text format: the input is binary data, not text (as
    /// `grep` calls a file binary), and reading stops there, with this one
    /// error. A NUL in the head format detection reads
    /// ([`Format::DETECT_BYTES`](crate::Format::DETECT_BYTES)) makes the whole input binary
    /// (nothing of it is read); a later one ends it after the games before.
    #[error("line {line}, column {column}: {}", BinaryMessage(*offset))]
    Binary {
        /// The input's byte offset of the first NUL.
        offset: usize,
        /// Its 1-based line.
        line: usize,
        /// Its 1-based column, in characters.
        column: usize,
    },
    /// A game that does not read (`error`), and no next game of the format
    /// (nor the end of the input) within `bytes`, twice
    /// [`ReadOptions::max_game_bytes`](crate::ReadOptions::max_game_bytes),
    /// after it: the input is no text of the format (or endless), and
    /// reading stops there, with this one error, in bounded time.
    #[error("{error}{}", NoNextGameMessage(*bytes))]
    NoNextGame {
        /// Why the game does not read.
        error: Box<ReadError>,
        /// How far the reader looked for the next game, in bytes.
        bytes: usize,
    },
    /// An input whose format is not known: neither its file's extension
    /// ([`Format::extensions`](crate::Format::extensions)) nor its content
    /// ([`Format::detect`](crate::Format::detect)) names one. Nothing of it
    /// is read.
    #[error("unknown format: expected {}, found {found}", crate::format::registry::known())]
    UnknownFormat {
        /// What the input is (`a .xyz file of binary data`, `text starting "Notes"`).
        found: String,
    },
    /// The input could not be read ([`Reader`](crate::Reader) from a
    /// [`BufRead`](std::io::BufRead)).
    #[error("{message}")]
    Io {
        /// The kind of the I/O error.
        kind: std::io::ErrorKind,
        /// Its message.
        message: String,
    },
}

impl ReadError {
    /// Whether the error ends the file (see [`RecordError::is_fatal`]):
    /// anything but a syntax error, text that is not UTF-8 or a WTHOR game
    /// that does not read.
    #[must_use]
    pub const fn is_fatal(&self) -> bool {
        match self {
            ReadError::Syntax(_) | ReadError::Utf8 { .. } => false,
            ReadError::Wthor(e) => !e.is_game_error(),
            ReadError::Binary { .. }
            | ReadError::NoNextGame { .. }
            | ReadError::UnknownFormat { .. }
            | ReadError::Io { .. } => true,
        }
    }

    /// Where the error is in the file.
    #[must_use]
    pub fn location(&self) -> Option<Location> {
        match self {
            ReadError::Syntax(e) => Some(e.location()),
            ReadError::Wthor(e) => e.offset().map(Location::Byte),
            ReadError::Utf8 { line, column, .. } | ReadError::Binary { line, column, .. } => {
                Some(Location::Text { line: *line, column: *column })
            }
            ReadError::NoNextGame { error, .. } => error.location(),
            ReadError::UnknownFormat { .. } | ReadError::Io { .. } => None,
        }
    }

    /// The error of an I/O error.
    pub(crate) fn io(e: &std::io::Error) -> ReadError {
        ReadError::Io { kind: e.kind(), message: e.to_string() }
    }
}
