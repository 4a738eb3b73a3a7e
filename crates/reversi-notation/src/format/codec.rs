//! The seam every format plugs into: [`Codec`], what a format is (its
//! names, how it is recognised, how it writes passes), how its games are
//! read one step at a time ([`Parser`]) and how they are written
//! ([`GameWriter`]). [`Format`](crate::Format) dispatches to the one
//! `Codec` of each format; the reader ([`Reader`](crate::Reader)) and the
//! writer ([`Encoder`](crate::Encoder)) drive them without knowing which.

use std::fmt::Debug;

use crate::{Losses, Passes, ReadError, ReadOptions, Record, SyntaxError, WriteError};

/// A record format.
pub(crate) trait Codec: Sync {
    /// The name `Format`'s `FromStr` reads (`pgn`).
    fn name(&self) -> &'static str;
    /// How messages name the format (`PGN`, `a transcript`).
    fn label(&self) -> &'static str;
    /// The file extensions that name it, lower case, the usual one first.
    fn extensions(&self) -> &'static [&'static str];
    /// How the format writes passes.
    fn passes(&self) -> Passes {
        Passes::Infer
    }
    /// How sure the format is that a file starting with `head` is its own:
    /// `None` for not at all; the format with the highest rank is guessed.
    fn sniff(&self, head: &Head<'_>) -> Option<u8>;
    /// How many bytes at the start of an input every game needs read before
    /// it, to be read again alone ([`Place::head`](crate::Place::head)):
    /// WTHOR's header; none for a text format.
    fn head_bytes(&self) -> u64 {
        0
    }
    /// A parser for one input.
    fn parser(&self, options: &ReadOptions) -> Parser;
    /// A writer for one output.
    fn writer(&self) -> Box<dyn GameWriter>;
}

/// How much of an input is looked at to guess its format.
pub(crate) const SNIFF_BYTES: usize = 64 * 1024;

/// What sniffing looks at: the first bytes of a file.
pub(crate) struct Head<'a> {
    /// The first line that is neither blank nor a `#` or `%` comment, when the
    /// bytes are text (UTF-8, no NUL).
    pub(crate) line: Option<&'a str>,
    /// The bytes, as read: the whole input when fewer than [`SNIFF_BYTES`].
    pub(crate) bytes: &'a [u8],
}

impl<'a> Head<'a> {
    /// The head of `bytes` (a character cut at their end does not make them
    /// binary).
    pub(crate) fn new(bytes: &'a [u8]) -> Head<'a> {
        let raw = bytes;
        let bytes = bytes.strip_prefix(crate::lines::BOM).unwrap_or(bytes);
        let valid = match std::str::from_utf8(bytes) {
            Ok(_) => bytes.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => return Head { line: None, bytes: raw },
        };
        let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        if text.contains('\0') {
            return Head { line: None, bytes: raw };
        }
        let line = text.split(['\n', '\r']).map(str::trim).find(|l| !l.is_empty() && !l.starts_with(['#', '%']));
        Head { line: Some(line.unwrap_or("")), bytes: raw }
    }

    /// Whether the bytes are text.
    pub(crate) const fn is_text(&self) -> bool {
        self.line.is_some()
    }
}

/// The parser of one input: a text format's, over validated text, or a
/// binary format's, over bytes.
pub(crate) enum Parser {
    /// A text format.
    Text(Box<dyn TextParser>),
    /// A binary format.
    Bytes(Box<dyn ByteParser>),
}

/// What a parser step found at its position (not a replay's [`Step`](crate::Step)).
#[allow(clippy::large_enum_variant, reason = "returned and matched at once, never stored")]
pub(crate) enum Found {
    /// A game (`None`: read into the record the step was given), and the
    /// byte after it.
    Game(Option<Record>, usize),
    /// No game up to this byte (space, comments, a count): pass over it.
    Skip(usize),
    /// The text ends before the next game does (never at the end of input).
    More,
    /// The end of the input, no game left.
    End,
}

/// Where to go on after a game that does not read.
pub(crate) enum Resync {
    /// The next game may start at this byte.
    At(usize),
    /// No boundary before the end of the text: the text before this byte
    /// may be dropped, then more is needed (never at the end of input).
    More(usize),
    /// No game left before the end of the input.
    End,
}

/// A text format's parser: steps over a text, `at` a byte offset in it,
/// `eof` whether the text ends the input (only then may a step take the
/// end of the text as the end of a game). Errors are located in the text
/// ([`SyntaxError::at`]); plies carry the byte offset of their token in the
/// text ([`Ply::read_at`](crate::Ply)), which the reader makes a line and
/// column. A step that fails leaves the parser as it was.
pub(crate) trait TextParser: Send {
    /// One step at `at`.
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError>;
    /// After a game that does not read, the error at byte `from`: where the
    /// format's next game may start, after `from`. `head` is the first byte
    /// other than space of the line `text` starts in when `text` does not
    /// start that line (the reader dropped its beginning).
    fn resync(&mut self, text: &str, from: usize, eof: bool, head: Option<u8>) -> Resync;
}

/// A binary format's parser, as [`TextParser`] over bytes.
pub(crate) trait ByteParser: Send {
    /// One step at `at`, a game read into `record`; `offset` is the input's
    /// offset of `bytes[0]`.
    fn step(
        &mut self,
        bytes: &[u8],
        at: usize,
        eof: bool,
        offset: u64,
        record: &mut Record,
    ) -> Result<Found, ReadError>;
    /// After a game that does not read, starting at `start`: where the next
    /// game may start.
    fn resync(&mut self, bytes: &[u8], start: usize, eof: bool) -> Resync;
    /// Names to look the games' numbers up in (WTHOR's players and
    /// tournaments).
    fn set_names(&mut self, players: Vec<String>, tournaments: Vec<String>);
}

/// Why a step stops short: more text is needed, or the text is wrong.
pub(crate) enum Halt {
    /// The text ends before the game does (never at the end of input).
    More,
    /// The text does not read.
    Syntax(SyntaxError),
}

impl From<SyntaxError> for Halt {
    fn from(e: SyntaxError) -> Halt {
        Halt::Syntax(e)
    }
}

/// A step's result from a [`Halt`]-returning game parser.
pub(crate) fn game_step(found: Result<(Record, usize), Halt>) -> Result<Found, SyntaxError> {
    match found {
        Ok((record, end)) => Ok(Found::Game(Some(record), end)),
        Err(Halt::More) => Ok(Found::More),
        Err(Halt::Syntax(e)) => Err(e),
    }
}

/// A format's writer: games appended as bytes, as they come.
pub(crate) trait GameWriter: Send + Debug {
    /// Appends game `index` (or holds it, to write with the next), noting
    /// what the format cannot keep.
    ///
    /// # Errors
    /// A game the format cannot hold; nothing of it is appended.
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError>;

    /// Appends what is still held, and says what was lost and, for a format
    /// whose header counts the games, the header to write over the first
    /// bytes written.
    ///
    /// # Errors
    /// A held game the format cannot hold.
    fn finish(self: Box<Self>, out: &mut Vec<u8>) -> Result<Finished, WriteError>;
}

/// What a writer says at the end.
pub(crate) struct Finished {
    /// What the format could not hold.
    pub(crate) losses: Losses,
    /// The header that belongs over the first bytes written, if the format
    /// has one that counts the games.
    pub(crate) header: Option<Vec<u8>>,
}

/// A text format's step for one game a line: `parse` reads the line (with
/// its line break) that starts at byte `at`, `None` for a line without a
/// game.
pub(crate) fn line_step(
    text: &str,
    at: usize,
    eof: bool,
    parse: impl FnOnce(&str, usize) -> Result<Option<Record>, SyntaxError>,
) -> Result<Found, SyntaxError> {
    if at == text.len() {
        return Ok(if eof { Found::End } else { Found::More });
    }
    let Some(end) = crate::lines::line_end(text, at, eof) else { return Ok(Found::More) };
    Ok(match parse(&text[at..end], at)? {
        Some(record) => Found::Game(Some(record), end),
        None => Found::Skip(end),
    })
}

/// The resync of a format with one game a line: the next line after the
/// error's.
pub(crate) fn next_line(text: &str, from: usize, eof: bool) -> Resync {
    let from = from.min(text.len());
    match crate::lines::line_end(text, from, eof) {
        Some(end) if end < text.len() || !eof => Resync::At(end),
        Some(_) => Resync::End,
        // No line break yet: the text passed holds no game (a `\r` at the
        // end is kept, for the `\n` that may follow it).
        None => Resync::More(text[from..].strip_suffix('\r').map_or(text.len(), |_| text.len() - 1)),
    }
}

/// A text parser for a format with one game a line, the line read by `F`.
pub(crate) struct Lines<F>(pub(crate) F);

impl<F> TextParser for Lines<F>
where
    F: FnMut(&str, &str, usize) -> Result<Option<Record>, SyntaxError> + Send,
{
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError> {
        line_step(text, at, eof, |line, at| (self.0)(text, line, at))
    }

    fn resync(&mut self, text: &str, from: usize, eof: bool, _: Option<u8>) -> Resync {
        next_line(text, from, eof)
    }
}
