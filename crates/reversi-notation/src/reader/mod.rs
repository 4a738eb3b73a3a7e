//! [`Reader`], the one way in: the games of any input in any format, one at
//! a time, in bounded memory, each located, a game that does not read
//! reported and passed over. Every way to make one is here: its
//! constructors ([`Reader::new`], [`Reader::sniffed`], [`Reader::detected`]), [`open`](crate::open)
//! (`open.rs`), and [`read`] and the modules' `read`, which collect one.

mod input;
pub(crate) mod open;
pub(crate) mod push;

use std::io::{BufRead, Read as _};
use std::path::PathBuf;
use std::sync::Arc;

use self::input::{BadText, Input};
use crate::format::codec::{Codec, Found, Parser, Resync};
use crate::{Format, Location, Origin, Place, ReadError, ReadOptions, Record, RecordError, SyntaxError};

/// The games of an input, read one at a time, in any format: THE reader,
/// which [`open`](crate::open), [`read()`](crate::read), the modules' `read` functions
/// and the command line all read through.
///
/// Memory is bounded by the largest game, not by the input: only the text of
/// the game being read is held (and what was read ahead with it, 64 KiB or as
/// much again as the game), and [`ReadOptions::max_game_bytes`] bounds a
/// game; a WTHOR file is read 68 bytes at a time, its names (given with
/// [`Reader::wthor_names`], or found beside the file by [`open`](crate::open)) held.
///
/// Every game says where it was read ([`Record::origin`]: the file as
/// [named](Reader::named), the game's number, where it starts), and so does
/// every move ([`Ply::at`](crate::Ply::at): line and column, or byte offset
/// for WTHOR), so that a replay error names them ([`replay`](fn@crate::replay)).
///
/// A game that does not read is an error ([`RecordError`], located as
/// compilers locate errors) and the reader goes on at the next game the
/// format can find: in PGN the next tag section (a `[` line after a line
/// that is not a tag), in GGF the next `(;`, in transcripts, OBF and position
/// files the next line, in WTHOR the next 68-byte game. A game whose text
/// (or the blank lines and comments before it) is not UTF-8 is such an error
/// ([`ReadError::Utf8`], at its first such byte). Only an error that leaves
/// no next game to find ends the input ([`RecordError::is_fatal`]): an I/O
/// error, a WTHOR header that does not match the file, and, so that any
/// input ends in bounded time and memory with one error:
/// - binary data in a text format ([`ReadError::Binary`]): a NUL byte, as
///   `grep` calls a file binary; in the head [`Format::detect`] reads
///   ([`Format::DETECT_BYTES`]) it makes the whole
///   input binary (nothing of it is read), later it ends the input after the
///   games before it;
/// - no next game within twice [`ReadOptions::max_game_bytes`] after a game
///   that does not read ([`ReadError::NoNextGame`], that game's error): the
///   text is not of the format, or endless. The reader looks for the next
///   game before it reports the error.
///
/// Lines and columns are counted once, in order, as the games are read: the
/// errors of a million bad games cost time in proportion to the input.
///
/// ```
/// use reversi_notation::{Format, ReadOptions, Reader};
/// let text = "1. f5 d6 *\n\n[Black \"Ann\"]\n\n1. f5 d6?? *\n\n[Black \"Bob\"]\n\n1. f5 f6 *\n";
/// let mut games = Reader::new(Format::Pgn, text.as_bytes(), ReadOptions::new()).named("club.pgn");
/// assert_eq!(games.next().unwrap()?.moves.len(), 2);
/// let error = games.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "club.pgn:5:7: game 2: expected a move, a move number or a result, found \"d6??\"");
/// let third = games.next().unwrap()?; // the reader went on
/// assert_eq!((third.black.as_deref(), third.origin.as_ref().unwrap().game), (Some("Bob"), 2));
/// assert!(games.next().is_none());
/// # Ok::<(), reversi_notation::RecordError>(())
/// ```
///
/// [`Reader::next_record`] lends each game in one [`Record`] that the next
/// game reuses (WTHOR fills it in place, reusing its strings and moves): with
/// [`plies`](crate::plies()) the fast way through every position of a file.
pub struct Reader<R> {
    format: Format,
    parser: Parser,
    input: Input<R>,
    max: usize,
    file: Option<Arc<str>>,
    /// Games given so far, the unreadable ones included.
    game: usize,
    record: Record,
    done: bool,
    /// The files read, when [`open`](crate::open) made the reader.
    files: Vec<PathBuf>,
    /// The bytes every game needs read before it (the codec's `head_bytes`).
    head: u64,
    /// Where the last game given lies.
    place: Option<Place>,
}

impl<R> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader")
            .field("format", &self.format)
            .field("file", &self.file)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader of `reader`'s games in `format`, with `options` (the game
    /// and board of transcripts and position files, the longest game).
    ///
    /// Nothing is read until the first game is asked for. A file:
    /// `Reader::new(format, BufReader::new(File::open(path)?), options)`, or
    /// [`open`](crate::open), which also finds the format and WTHOR's names.
    #[must_use]
    pub fn new(format: Format, reader: R, options: ReadOptions) -> Reader<R> {
        Reader::with_codec(format, format.codec(), reader, options)
    }

    /// A reader of `reader`'s games in the format its head looks like
    /// ([`Format::detect`] of an input not named, its first
    /// [`Format::DETECT_BYTES`]).
    ///
    /// # Errors
    /// [`RecordError`] when the input cannot be read, or is of no known
    /// format ([`ReadError::UnknownFormat`]).
    pub fn sniffed(reader: R, options: ReadOptions) -> Result<Reader<R>, RecordError> {
        Reader::detected(reader, None, options)
    }

    /// A reader of the games of `reader`, the file `file` (its name, for
    /// its extension), in the format [`Format::detect`] finds from the name
    /// and the head ([`Format::DETECT_BYTES`]); not named in errors (see [`Reader::named`]).
    ///
    /// # Errors
    /// [`RecordError`] when the input cannot be read, or is of no known
    /// format ([`ReadError::UnknownFormat`]).
    pub fn detected(mut reader: R, file: Option<&str>, options: ReadOptions) -> Result<Reader<R>, RecordError> {
        let mut head = Vec::new();
        let failed = |kind| RecordError { file: None, game: None, kind };
        std::io::Read::by_ref(&mut reader)
            .take(SNIFF_BYTES as u64)
            .read_to_end(&mut head)
            .map_err(|e| failed(ReadError::io(&e)))?;
        let format = Format::detect(file, &head).map_err(failed)?;
        Ok(Reader::with_codec(format, format.codec(), reader, options).unread(head))
    }

    /// A reader of `reader`'s games in `format`, which `codec` is.
    pub(crate) fn with_codec(format: Format, codec: &dyn Codec, reader: R, options: ReadOptions) -> Reader<R> {
        let parser = codec.parser(&options);
        let text = matches!(parser, Parser::Text(_));
        Reader {
            format,
            parser,
            input: Input::new(reader, text),
            max: options.get_max_game_bytes(),
            file: None,
            game: 0,
            record: Record::new(),
            done: false,
            files: Vec::new(),
            head: codec.head_bytes(),
            place: None,
        }
    }

    /// The same reader, reading `head` (read from the reader already) first.
    pub(crate) fn unread(mut self, head: Vec<u8>) -> Reader<R> {
        self.input.unread(head);
        self
    }

    /// The same reader, naming its input `file` in errors and origins.
    #[must_use]
    pub fn named(mut self, file: impl Into<Arc<str>>) -> Reader<R> {
        self.file = Some(file.into());
        self
    }

    /// The same reader, looking WTHOR's player and tournament numbers up in
    /// these names (read with [`wthor::read_names`](crate::wthor::read_names));
    /// without them, a name is its number (`#12`). Other formats name their
    /// players themselves: for them this does nothing.
    #[must_use]
    pub fn wthor_names(mut self, players: Vec<String>, tournaments: Vec<String>) -> Reader<R> {
        if let Parser::Bytes(parser) = &mut self.parser {
            parser.set_names(players, tournaments);
        }
        self
    }

    /// Where the last game given lies in the input, to read it again alone
    /// ([`Reader::at_place`]); `None` before the first game and after a game
    /// that does not read.
    #[must_use]
    pub fn place(&self) -> Option<&Place> {
        self.place.as_ref()
    }

    /// The same reader, its input the bytes of `place.head` then those of
    /// `place.bytes`, read from the input the place was found in (with the
    /// same format, options and names): the game it reads is the one found
    /// there, located as it was (game number, lines and columns, offsets).
    #[must_use]
    pub fn at_place(mut self, place: &Place) -> Reader<R> {
        let head = place.head.end - place.head.start;
        self.input.resume(place.bytes.start.saturating_sub(head), place.line, place.column);
        self.game = place.game;
        self
    }

    /// The format read.
    #[must_use]
    pub const fn format(&self) -> Format {
        self.format
    }

    /// The files [`open`](crate::open) reads: the file and, for WTHOR, the name files
    /// whose names it looks up (none for a reader made otherwise).
    #[must_use]
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// The file's name, as [named](Reader::named).
    #[must_use]
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// The next game, lent until the next call: `None` after the last game
    /// or after an error that ends the input.
    ///
    /// # Errors
    /// [`RecordError`]: a game that does not read (the next call goes on
    /// with the next game), or an error that ends the input.
    pub fn next_record(&mut self) -> Option<Result<&Record, RecordError>> {
        match self.advance()? {
            Ok(()) => Some(Ok(&self.record)),
            Err(e) => Some(Err(e)),
        }
    }

    /// Reads the next game into `self.record`.
    fn advance(&mut self) -> Option<Result<(), RecordError>> {
        let mut retried = false;
        while !self.done {
            let at = self.input.at;
            let step = match &mut self.parser {
                Parser::Text(parser) => bounded_step(&mut **parser, &self.input.string, at, self.input.eof, self.max)
                    .map_err(|e| {
                        let from = e.offset;
                        (ReadError::Syntax(e), from)
                    }),
                Parser::Bytes(parser) => {
                    let offset = self.input.offset(0);
                    parser.step(&self.input.bytes, at, self.input.eof, offset, &mut self.record).map_err(|e| (e, at))
                }
            };
            match step {
                Ok(Found::Game(record, end)) => {
                    self.input.at = end;
                    // Text that is not UTF-8 in the game or before it: the
                    // game is reported, whatever its parser made of it.
                    if let Some(bad) = self.input.take_bad(end) {
                        return Some(Err(self.error(bad.error())));
                    }
                    if let Some(record) = record {
                        self.record = record;
                    }
                    self.place = Some(self.place_of(at, end));
                    self.locate_game(at, end);
                    self.game += 1;
                    return Some(Ok(()));
                }
                Ok(Found::Skip(end)) => {
                    self.input.pass(end);
                    self.input.at = end;
                }
                Ok(Found::End) => {
                    self.done = true;
                    if let Some(bad) = self.input.take_bad(self.input.len()) {
                        return Some(Err(self.error(bad.error())));
                    }
                }
                Ok(Found::More) => {
                    self.input.compact();
                    if let Some(e) = self.input.take_failure() {
                        self.done = true;
                        return Some(Err(self.error(e)));
                    }
                    // At least as much again as the game so far, so that a
                    // long game is parsed a few times, not once a line.
                    let len = self.input.len();
                    let target = len.saturating_mul(2).max(self.input.chunk).min(self.max.saturating_add(1));
                    self.input.fill(target.max(len + 1));
                }
                // The token an error quotes may run past what is read: read a
                // little more and parse again (a failed step leaves the
                // parser as it was).
                Err((ReadError::Syntax(_), _))
                    if !self.input.eof
                        && self.input.failed.is_none()
                        && !retried
                        && !self.input.string.ends_with('\n') =>
                {
                    retried = true;
                    let len = self.input.len();
                    self.input.fill(len + 128);
                }
                Err((kind, from)) => {
                    self.place = None;
                    return Some(Err(self.bad_game(kind, from)));
                }
            }
        }
        None
    }

    /// The error of a game that does not read, `kind` at byte `from` held,
    /// the input passed over to the next game the format finds (or made the
    /// last error, when no next game starts within twice
    /// [`ReadOptions::max_game_bytes`] after it).
    fn bad_game(&mut self, kind: ReadError, from: usize) -> RecordError {
        let mut kind = match kind {
            ReadError::Syntax(e) => ReadError::Syntax(self.input.locate(e)),
            kind => kind,
        };
        let mut found = true;
        if kind.is_fatal() {
            self.done = true;
        } else {
            let bad;
            (found, bad) = self.skip_bad_game(from);
            // Bytes that are not UTF-8 in the game passed over (or before
            // it) are the news: what the parser made of them is not.
            if let Some(bad) = bad {
                kind = bad.error();
            }
        }
        if !found {
            kind = ReadError::NoNextGame { error: Box::new(kind), bytes: self.resync_bound() };
            self.done = true;
        }
        self.error(kind)
    }

    /// How far after a game that does not read the next one is looked for.
    fn resync_bound(&self) -> usize {
        self.max.saturating_mul(2)
    }

    /// Passes over a game that does not read, the error at byte `from`
    /// held: on to the next game the format finds (its `resync`), reading
    /// as much as that takes. Gives `false` when none starts (nor the input
    /// ends) within [`Reader::resync_bound`] bytes after the error, whatever
    /// the reads (a stretch that long holds the rest of a game and the blank
    /// lines and comments before the next one, each at most
    /// [`ReadOptions::max_game_bytes`]): the input is read no further. And
    /// the first bytes that are not UTF-8 of the text passed over.
    fn skip_bad_game(&mut self, mut from: usize) -> (bool, Option<BadText>) {
        let origin = self.input.offset(from);
        let bound = self.resync_bound() as u64;
        let mut bad = None;
        loop {
            let found = match &mut self.parser {
                Parser::Text(parser) => parser.resync(&self.input.string, from, self.input.eof, self.input.line_head),
                Parser::Bytes(parser) => parser.resync(&self.input.bytes, from, self.input.eof),
            };
            let (at, found) = match found {
                Resync::At(at) => (at, Some(self.input.offset(at) - origin <= bound)),
                Resync::End => {
                    self.done = true;
                    (self.input.len(), Some(self.input.offset(self.input.len()) - origin <= bound))
                }
                // The next game, if any, is after `keep`.
                Resync::More(keep) => (keep, (self.input.offset(keep) - origin > bound).then_some(false)),
            };
            self.input.at = at;
            bad = bad.or(self.input.take_bad(if found == Some(false) { self.input.len() } else { at }));
            if let Some(found) = found {
                return (found, bad);
            }
            self.input.compact();
            if self.input.failed.is_some() {
                // What follows is lost anyway; the failure is the news.
                return (true, bad);
            }
            let len = self.input.len();
            self.input.fill(len.saturating_add(self.input.chunk));
            from = self.input.at;
        }
    }

    /// Where the game read from `start` to `end` lies (before its location:
    /// locations are asked in order).
    fn place_of(&mut self, start: usize, end: usize) -> Place {
        let (line, column) = match self.parser {
            Parser::Text(_) => self.input.line_column(start),
            Parser::Bytes(_) => (1, 1),
        };
        let bytes = self.input.offset(start)..self.input.offset(end);
        Place { bytes, head: 0..self.head, game: self.game, line, column }
    }

    /// The record of the game read from `start` to `end`: its origin, and
    /// its plies' offsets made lines and columns.
    fn locate_game(&mut self, start: usize, end: usize) {
        let binary = matches!(self.parser, Parser::Bytes(_));
        let first = match binary {
            true => start,
            false => {
                let text = &self.input.string[start..end];
                start + (text.len() - text.trim_start().len())
            }
        };
        let at = self.input.location(first);
        self.record.origin = Some(Origin::new(self.file.clone(), self.game, at).with_passes(self.format.passes()));
        if binary {
            return;
        }
        for ply in &mut self.record.moves {
            if let Some(Location::Byte(offset)) = ply.at {
                ply.at = Some(self.input.location(offset as usize));
            }
        }
    }

    /// The error of the next game (counted).
    fn error(&mut self, kind: ReadError) -> RecordError {
        let game = self.game;
        self.game += 1;
        RecordError { file: self.file.clone(), game: Some(game), kind }
    }
}

pub(crate) use crate::format::codec::SNIFF_BYTES;

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Result<Record, RecordError>> {
        Some(match self.advance()? {
            Ok(()) => Ok(std::mem::take(&mut self.record)),
            Err(e) => Err(e),
        })
    }
}

impl<R: BufRead> std::iter::FusedIterator for Reader<R> {}

/// A text parser's step on at most `max` bytes of the game at `at`: a game
/// that does not end within them is an error at its first token.
fn bounded_step(
    parser: &mut dyn crate::format::codec::TextParser,
    text: &str,
    at: usize,
    eof: bool,
    max: usize,
) -> Result<Found, SyntaxError> {
    let mut end = at.saturating_add(max).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let truncated = end < text.len();
    match parser.step(&text[..end], at, eof && !truncated)? {
        Found::More if truncated || end - at >= max => Err(too_long(text, at, max)),
        step => Ok(step),
    }
}

/// The error of a game longer than `max` bytes, at its first token.
fn too_long(text: &str, at: usize, max: usize) -> SyntaxError {
    let start = at + text[at..].len() - text[at..].trim_start().len();
    SyntaxError::at(text, start, format!("a game of at most {max} bytes (ReadOptions::max_game_bytes)"))
}

/// Reads the games of a file in memory: [`Reader`] over the bytes, its
/// games collected up to the first error. WTHOR names are numbers (`#12`):
/// [`Reader::wthor_names`] or [`open`](crate::open) look them up.
///
/// # Errors
/// [`ReadError`] of the first game that does not read: the format's syntax
/// error (a game longer than [`ReadOptions::max_game_bytes`] included), a
/// WTHOR file that does not read, text that is not UTF-8.
pub fn read(format: Format, bytes: &[u8], options: ReadOptions) -> Result<Vec<Record>, ReadError> {
    Reader::new(format, bytes, options).map(|game| game.map_err(|e| e.kind)).collect()
}

/// The games of a text in memory in `format` (which `codec` is) up to the
/// first error: the modules' `read`. A text read from a `str` only fails to
/// parse.
pub(crate) fn read_text(
    format: Format,
    codec: &dyn Codec,
    text: &str,
    options: ReadOptions,
) -> Result<Vec<Record>, SyntaxError> {
    Reader::with_codec(format, codec, text.as_bytes(), options).map(|game| game.map_err(|e| syntax(e.kind))).collect()
}

/// The syntax error a text in memory reports for `kind`.
fn syntax(kind: ReadError) -> SyntaxError {
    match kind {
        ReadError::Syntax(e) => e,
        ReadError::NoNextGame { error, .. } => syntax(*error),
        ReadError::Binary { offset, line, column } => SyntaxError {
            line,
            column,
            expected: "text (a NUL byte is binary data)".into(),
            found: "\0".into(),
            offset,
        },
        // Not from a `str` in memory: nothing else can fail there.
        other => SyntaxError { line: 1, column: 1, expected: other.to_string(), found: String::new(), offset: 0 },
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Texts made of pieces that open, close and break games, with
    /// multi-byte characters.
    fn text(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(pieces), 0..120).prop_map(|p| p.concat())
    }

    const PGN: &[&str] = &[
        "[Black \"é\"]",
        "[Result \"33-31\"]",
        "[Board \"6x6\"]",
        "1.",
        " ",
        "\n",
        "\n\n",
        "\r\n",
        "\r\n\r\n",
        "\r",
        "f5",
        "d6",
        "c3",
        "z0",
        "{c}",
        "{é",
        "}",
        "*",
        "33-31",
        ";x\n",
        "--",
        "[",
        "\"",
        "]",
        "pass",
        "12",
        "\\",
        // Whole games, more likely than the pieces that break them.
        "1. f5 d6 *\n",
        "1. f5 d6 *\n",
        "1. f5 d6 *\n",
        "1. f5 d6 *\n",
        "1. f5 d6 *\n",
        "1. f5 d6 *\n",
        "[Black \"é\"]\n\n1. f5 {é [%eval 1]} d6 33-31\n",
        "[Black \"é\"]\n\n1. f5 {é [%eval 1]} d6 33-31\n",
        "[Black \"é\"]\n\n1. f5 {é [%eval 1]} d6 33-31\n",
        "[Event \"x\"]\n1. f5\n",
        "[Event \"x\"]\n1. f5\n",
        "1. f5 -- 2. d6 ; é\n",
        "1. f5 -- 2. d6 ; é\n",
        "1. f5 -- 2. d6 ; é\n",
        "1. f5 -- 2. d6 ; é\n",
    ];
    const GGF: &[&str] = &[
        "(;",
        ";)",
        "(;GM[Othello]",
        "PB[é]",
        "B[d3]",
        "W[c5]",
        "B[z9]",
        "2 ",
        "1 ",
        " ",
        "\n",
        "]",
        "[",
        "\\",
        ";",
        "TY[8]",
        "RE[+2]",
        "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]",
        // Whole games, more likely than the pieces that break them.
        "(;GM[Othello]PB[é]B[d3];)\n",
        "(;GM[Othello]PB[é]B[d3];)\n",
        "(;GM[Othello]PB[é]B[d3];)\n",
        "(;GM[Othello]PB[é]B[d3];)\n",
        "(;GM[Othello]PB[é]B[d3];)\n",
        "(;GM[Othello]PB[é]B[d3];)\n",
        "2 (;GM[Othello];)(;GM[Othello]PC[a\\]b];)\n",
        "2 (;GM[Othello];)(;GM[Othello]PC[a\\]b];)\n",
        "2 (;GM[Othello];)(;GM[Othello]PC[a\\]b];)\n",
        "2 (;GM[Othello];)(;GM[Othello]PC[a\\]b];)\n",
        "(;GM[Othello]B[d3//1.5]W[c5];) ",
        "(;GM[Othello]B[d3//1.5]W[c5];) ",
        "(;GM[Othello]B[d3//1.5]W[c5];) ",
    ];
    const TRANSCRIPT: &[&str] = &[
        "f5", "d6", "c3", " ", "\n", "#", "é", "k0", "pass", "PA", "a1c3", "f5d6c3\n", "f5d6c3\n", "f5d6c3\n",
        "f5d6c3\n", "f5d6c3\n", "f5d6c3\n", "f5d6c3\n", "f5d6c3\n", "# é\n", "# é\n", "\n", "\n",
    ];

    /// A PGN with CRLF line ends whose second game fails in its tag section:
    /// the resync passes over the tag line after the error. Cut between the
    /// two bytes of a `\r\n`, the pair counted two line breaks: the error
    /// and the games after it were located a line too far.
    #[test]
    fn a_crlf_cut_in_two_is_one_line_break_to_the_pgn_resync() {
        let text = "[Black \"A\"]\r\n\r\n1. f5 d6 *\r\n\r\n\
                    [Black \"B\"]\r\n[Variant \"Chess\"]\r\n[White \"X\"]\r\n\r\n1. f5 *\r\n\r\n\
                    [Black \"D\"]\r\n\r\n1. f5 d6 c3 *\r\n";
        let whole: Vec<_> = Reader::new(Format::Pgn, text.as_bytes(), ReadOptions::new()).collect();
        assert_eq!(whole.iter().map(Result::is_ok).collect::<Vec<_>>(), [true, false, true]);
        for chunk in 1..text.len() {
            let mut streamed = Reader::new(Format::Pgn, text.as_bytes(), ReadOptions::new());
            streamed.input.chunk = chunk;
            let streamed: Vec<_> = streamed.collect();
            // Records compare without their locations: the messages show them.
            let messages = |items: &[Result<Record, RecordError>]| -> Vec<String> {
                let show = |r: &Result<Record, RecordError>| match r {
                    Ok(game) => format!("{:?} {:?}", game.black, game.origin),
                    Err(e) => e.to_string(),
                };
                items.iter().map(show).collect()
            };
            assert_eq!(messages(&streamed), messages(&whole), "chunk {chunk}");
            assert_eq!(streamed, whole, "chunk {chunk}");
        }
    }

    proptest! {
        /// Streamed with reads cut anywhere, every text gives the games and
        /// the errors (and the games after them) that the whole text gives.
        #[test]
        fn streaming_reads_as_the_whole_text_reads(
            (format, text) in prop_oneof![
                text(PGN).prop_map(|t| (Format::Pgn, t)),
                text(GGF).prop_map(|t| (Format::Ggf, t)),
                text(TRANSCRIPT).prop_map(|t| (Format::Transcript, t)),
            ],
            chunk in 1usize..40,
            max in prop_oneof![Just(usize::MAX), 100usize..300],
        ) {
            let options = ReadOptions::new().max_game_bytes(max);
            let whole: Vec<_> = Reader::new(format, text.as_bytes(), options).collect();
            prop_assert!(whole.len() <= text.len() + 1);
            let mut streamed = Reader::new(format, text.as_bytes(), options);
            streamed.input.chunk = chunk;
            let streamed: Vec<_> = streamed.collect();
            prop_assert_eq!(streamed, whole);
        }
    }
}
