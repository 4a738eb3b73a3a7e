//! Game by game: the one per-game parser of every text format ([`Parser`]),
//! driven over a whole text ([`Records`], what [`read`](crate::read) and the
//! modules' `read` use) or over a [`BufRead`] ([`Games`], [`games`]) that
//! buffers a game's text only until the game ends.
//!
//! A parser step looks at `text[at..]` and says what comes next: a game and
//! where it ends, text with no game in it (blank lines, comments, a GGF
//! archive count) to pass over, the end, or that the text stops before the
//! game does and more is needed. The step is told whether the text is the end
//! of the input (`eof`); only then may it take the end of the text as the
//! end of a game. Errors are located in `text` ([`SyntaxError::at`]); the
//! streaming driver keeps the line and column of its buffer's first byte and
//! adds them, so an error reads the same from a file as from its bytes.

use std::io::{BufRead, Read};

use reversi_variants::{Geometry, Position, Variant};

use crate::format::obf_record;
use crate::{Format, ReadError, ReadOptions, Record, SyntaxError, ggf, obf, pgn, transcript, wthor};

/// What a parser step found at its position.
#[allow(clippy::large_enum_variant, reason = "returned and matched at once, never stored")]
pub(crate) enum Step {
    /// A game, and the byte after it.
    Game(Record, usize),
    /// No game up to this byte (space, comments, a count): pass over it.
    Skip(usize),
    /// The text ends before the next game does (never at the end of input).
    More,
    /// The end of the input, no game left.
    End,
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
pub(crate) fn game_step(found: Result<(Record, usize), Halt>) -> Result<Step, SyntaxError> {
    match found {
        Ok((record, end)) => Ok(Step::Game(record, end)),
        Err(Halt::More) => Ok(Step::More),
        Err(Halt::Syntax(e)) => Err(e),
    }
}

/// The per-game parser of a text format, with what it keeps from game to
/// game (GGF: the archive count, the last board read).
pub(crate) enum Parser {
    Transcript { variant: Variant, geometry: Geometry },
    Pgn,
    Ggf(Box<ggf::State>),
    Obf,
    Position(Variant),
}

impl Parser {
    /// The parser of a text format (`None` for WTHOR).
    pub(crate) fn new(format: Format, options: &ReadOptions) -> Option<Parser> {
        Some(match format {
            Format::Transcript => {
                Parser::Transcript { variant: options.get_variant(), geometry: *options.get_geometry() }
            }
            Format::Pgn => Parser::Pgn,
            Format::Ggf => Parser::Ggf(Box::default()),
            Format::Obf => Parser::Obf,
            Format::Position => Parser::Position(options.get_variant()),
            Format::Wthor => return None,
        })
    }

    /// One step at `at` in `text` (`eof`: the text ends the input).
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Step, SyntaxError> {
        match self {
            Parser::Transcript { variant, geometry } => {
                line_step(text, at, eof, |line, at| transcript::record_line(text, line, at, *variant, *geometry))
            }
            Parser::Pgn => pgn::step(text, at, eof),
            Parser::Ggf(state) => state.step(text, at, eof),
            Parser::Obf => line_step(text, at, eof, |line, at| Ok(obf::parse_line(text, line, at)?.map(obf_record))),
            Parser::Position(variant) => line_step(text, at, eof, |line, at| position_line(text, line, at, *variant)),
        }
    }

    /// [`Parser::step`] on at most `max` bytes of the game at `at`: a game
    /// that does not end within them is an error at its first token.
    fn bounded_step(&mut self, text: &str, at: usize, eof: bool, max: usize) -> Result<Step, SyntaxError> {
        let mut end = at.saturating_add(max).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let truncated = end < text.len();
        match self.step(&text[..end], at, eof && !truncated)? {
            Step::More if truncated || end - at >= max => Err(too_long(text, at, max)),
            step => Ok(step),
        }
    }
}

/// The error of a game longer than `max` bytes, at its first token.
fn too_long(text: &str, at: usize, max: usize) -> SyntaxError {
    let start = at + text[at..].len() - text[at..].trim_start().len();
    SyntaxError::at(text, start, format!("a game of at most {max} bytes (ReadOptions::max_game_bytes)"))
}

/// A step of a format with one item a line: `parse` reads the line (with its
/// line break) that starts at byte `at`, `None` for a line without a game.
fn line_step(
    text: &str,
    at: usize,
    eof: bool,
    parse: impl FnOnce(&str, usize) -> Result<Option<Record>, SyntaxError>,
) -> Result<Step, SyntaxError> {
    if at == text.len() {
        return Ok(if eof { Step::End } else { Step::More });
    }
    let end = match text[at..].find('\n') {
        Some(i) => at + i + 1,
        None if eof => text.len(),
        None => return Ok(Step::More),
    };
    Ok(match parse(&text[at..end], at)? {
        Some(record) => Step::Game(record, end),
        None => Step::Skip(end),
    })
}

/// A RULES.md position line (starting at byte `at` of `text`) as a game
/// without moves; `None` for a blank or comment line.
fn position_line(text: &str, line: &str, at: usize, variant: Variant) -> Result<Option<Record>, SyntaxError> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    let parsed = Position::from_text(variant, line.trim_end());
    // A `#` line without rows is a comment, unless it is a position with its
    // side to move, as the writer writes one whose rows are holes (`# X`: a
    // 1x1 board with its square obstructed). `#` alone is a comment.
    let position_like = parsed.is_ok() && trimmed.contains(char::is_whitespace);
    if trimmed.starts_with('#') && !trimmed.contains('/') && !position_like {
        return Ok(None);
    }
    let pos = parsed
        .map_err(|e| SyntaxError::at(text, at + e.offset, format!("a position in the RULES.md form ({})", e.kind)))?;
    let mut record = Record::of(variant, *pos.geometry());
    record.set_start(pos);
    Ok(Some(record))
}

/// The games of a whole text, one parser step after another.
pub(crate) struct Records<'a> {
    parser: Parser,
    text: &'a str,
    at: usize,
    max: usize,
    done: bool,
}

impl<'a> Records<'a> {
    pub(crate) fn new(parser: Parser, text: &'a str, max: usize) -> Records<'a> {
        Records { parser, text, at: 0, max, done: false }
    }
}

impl Iterator for Records<'_> {
    type Item = Result<Record, SyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.parser.bounded_step(self.text, self.at, true, self.max) {
                Ok(Step::Game(record, end)) => {
                    self.at = end;
                    return Some(Ok(record));
                }
                Ok(Step::Skip(end)) => self.at = end,
                // `More` is never the answer at the end of the input.
                Ok(Step::End | Step::More) => self.done = true,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}

/// How much a streaming reader asks of its source at once, at least.
const CHUNK: usize = 64 * 1024;

/// The games of a [`BufRead`], read one at a time: made by [`games`].
///
/// Only the text of the game being read is held (and what was read ahead
/// with it, 64 KiB or as much again as the game), so memory is bounded by the
/// largest game, which [`ReadOptions::max_game_bytes`] bounds. Each item is a
/// game or the error that ends the input: a [`SyntaxError`] located in the
/// whole input (line and column as [`read`](crate::read) gives them), text
/// that is not UTF-8 (its byte offset in the input) or an I/O error
/// ([`ReadError::Io`]); after an error the iterator ends. The games before an
/// error are given first. [`read`](crate::read) checks that the whole text is
/// UTF-8 before it parses, so of a syntax error and a byte that is not UTF-8
/// after it, `read` reports the byte and `games` the syntax error; otherwise
/// the two give the same games and the same error.
///
/// WTHOR files are read whole on the first call (they are small: 68 bytes a
/// game), without their name files.
pub struct Games<R> {
    source: Source,
    input: Input<R>,
}

/// What a [`Games`] reads with.
enum Source {
    Text(Parser),
    /// WTHOR: not read yet, then its records.
    Wthor(Option<std::vec::IntoIter<Record>>),
    /// After an error.
    Done,
}

/// A streaming reader's input and what it holds of it.
struct Input<R> {
    reader: R,
    max: usize,
    /// How much is asked of the reader at once, at least ([`CHUNK`]; less
    /// in tests, to cut lines, tokens and characters).
    chunk: usize,
    /// The text read and not yet consumed up to `at`; it starts at line
    /// `line`, column `column` (1-based) of the input.
    buf: String,
    at: usize,
    line: usize,
    column: usize,
    /// Bytes read that do not make a whole character yet (a read ended
    /// within one).
    partial: Vec<u8>,
    /// Bytes of the input moved into `buf` so far.
    offset: usize,
    eof: bool,
    /// Why the input stopped short (an I/O error, bytes that are not
    /// UTF-8): reported once the games before it are read.
    failed: Option<ReadError>,
}

impl<R> std::fmt::Debug for Games<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let input = &self.input;
        f.debug_struct("Games").field("line", &input.line).field("buffered", &(input.buf.len() - input.at)).finish()
    }
}

/// Reads the games of `reader` in `format` one at a time ([`Games`]): memory
/// is bounded by the largest game, not by the input. [`read`](crate::read)
/// reads with the same parsers, and gives the same games and errors (see
/// [`Games`] for the one difference).
///
/// ```
/// use reversi_notation::{Format, ReadOptions, games};
/// let text = "[Black \"Ann\"]\n\n1. f5 d6 *\n\n1. f5 f6 *\n1. f5 z0 *\n";
/// let mut games = games(Format::Pgn, text.as_bytes(), ReadOptions::new());
/// assert_eq!(games.next().unwrap()?.black.as_deref(), Some("Ann"));
/// assert_eq!(games.next().unwrap()?.moves.len(), 2);
/// let error = games.next().unwrap().unwrap_err();
/// assert!(error.to_string().starts_with("line 6, column 7: expected a move"));
/// assert!(games.next().is_none());
/// # Ok::<(), reversi_notation::ReadError>(())
/// ```
///
/// A file: `games(format, std::io::BufReader::new(File::open(path)?), options)`.
pub fn games<R: BufRead>(format: Format, reader: R, options: ReadOptions) -> Games<R> {
    let source = Parser::new(format, &options).map_or(Source::Wthor(None), Source::Text);
    let input = Input {
        reader,
        max: options.get_max_game_bytes(),
        chunk: CHUNK,
        buf: String::new(),
        at: 0,
        line: 1,
        column: 1,
        partial: Vec::new(),
        offset: 0,
        eof: false,
        failed: None,
    };
    Games { source, input }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let next = match &mut self.source {
            Source::Text(parser) => self.input.next_game(parser),
            Source::Wthor(None) => {
                let mut bytes = Vec::new();
                match self.input.reader.read_to_end(&mut bytes) {
                    Ok(_) => match wthor::read_records(&bytes, None, None) {
                        Ok(records) => {
                            let mut records = records.into_iter();
                            let first = records.next();
                            self.source = Source::Wthor(Some(records));
                            return first.map(Ok);
                        }
                        Err(e) => Some(Err(e.into())),
                    },
                    Err(e) => Some(Err(ReadError::io(&e))),
                }
            }
            Source::Wthor(Some(records)) => return records.next().map(Ok),
            Source::Done => return None,
        };
        if !matches!(next, Some(Ok(_))) {
            self.source = Source::Done;
        }
        next
    }
}

impl<R: BufRead> std::iter::FusedIterator for Games<R> {}

impl<R: BufRead> Input<R> {
    /// The error located in the input: `buf`'s lines and columns shifted to
    /// where `buf` starts.
    fn locate(&self, mut e: SyntaxError) -> SyntaxError {
        if e.line == 1 {
            e.column += self.column - 1;
        }
        e.line += self.line - 1;
        e
    }

    /// Drops the text before `at`, keeping where the rest starts.
    fn compact(&mut self) {
        let gone = &self.buf[..self.at];
        match gone.rfind('\n') {
            Some(last) => {
                self.line += gone.bytes().filter(|&b| b == b'\n').count();
                self.column = gone[last + 1..].chars().count() + 1;
            }
            None => self.column += gone.chars().count(),
        }
        self.buf.drain(..self.at);
        self.at = 0;
    }

    /// Reads until `buf` holds at least `target` bytes, or to the end of the
    /// input, or to an error (then kept in `failed`; what was read before it
    /// stays in `buf`).
    fn fill(&mut self, target: usize) {
        while self.buf.len() < target && !self.eof && self.failed.is_none() {
            let want = (target - self.buf.len()).clamp(1, self.chunk) as u64;
            let read = match Read::by_ref(&mut self.reader).take(want).read_until(b'\n', &mut self.partial) {
                Ok(read) => read,
                Err(e) => {
                    self.failed = Some(ReadError::io(&e));
                    0
                }
            };
            self.eof = read == 0 && self.failed.is_none();
            let (valid, error) = match std::str::from_utf8(&self.partial) {
                Ok(_) => (self.partial.len(), None),
                // A character cut by the end of the read: the rest comes next.
                Err(e) if e.error_len().is_none() && !self.eof => (e.valid_up_to(), None),
                Err(e) => (e.valid_up_to(), Some(ReadError::Utf8 { offset: self.offset + e.valid_up_to() })),
            };
            self.buf.push_str(std::str::from_utf8(&self.partial[..valid]).unwrap_or_default());
            self.offset += valid;
            self.partial.drain(..valid);
            if let Some(error) = error {
                self.failed.get_or_insert(error);
            }
        }
    }

    fn next_game(&mut self, parser: &mut Parser) -> Option<Result<Record, ReadError>> {
        let mut retried = false;
        loop {
            match parser.bounded_step(&self.buf, self.at, self.eof, self.max) {
                Ok(Step::Game(record, end)) => {
                    self.at = end;
                    return Some(Ok(record));
                }
                Ok(Step::Skip(end)) => self.at = end,
                Ok(Step::End) => return None,
                Ok(Step::More) => {
                    self.compact();
                    // At least as much again as the game so far, so that a
                    // long game is parsed a few times, not once a line.
                    if let Some(e) = self.failed.take() {
                        return Some(Err(e));
                    }
                    let target = self.buf.len().saturating_mul(2).max(self.chunk).min(self.max.saturating_add(1));
                    self.fill(target.max(self.buf.len() + 1));
                }
                // The token an error quotes may run past what is read: read a
                // little more and parse again (a failed step leaves the
                // parser's state as it was).
                Err(_) if !self.eof && self.failed.is_none() && !retried && !self.buf.ends_with('\n') => {
                    retried = true;
                    self.fill(self.buf.len() + 128);
                }
                Err(e) => return Some(Err(ReadError::Syntax(self.locate(e)))),
            }
        }
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

    proptest! {
        /// Streamed with reads cut anywhere, every text gives the games and
        /// the error that the whole text gives.
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
            let parser = Parser::new(format, &options).unwrap();
            let whole: Vec<_> = Records::new(parser, &text, max).map(|r| r.map_err(ReadError::Syntax)).collect();
            let mut streamed = games(format, text.as_bytes(), options);
            streamed.input.chunk = chunk;
            let streamed: Vec<_> = streamed.collect();
            prop_assert_eq!(streamed, whole);
        }
    }
}
