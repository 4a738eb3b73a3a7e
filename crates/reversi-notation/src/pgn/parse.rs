//! Reading PGN: one game a step (tags, then movetext to the result), comments
//! outside games passed over, the resync to the next tag section.

use reversi_variants::Move;

use super::tags::{Tag, record_from_tags};
use crate::format::codec::{Found, Halt, Resync, TextParser, game_step};
use crate::{GameResult, Ply, Record, SyntaxError};

/// PGN's parser: no state from game to game, but where a resync is.
#[derive(Default)]
pub(super) struct PgnParser {
    /// While a resync looks for the next tag section: whether the last whole
    /// line was a tag line, and what the line being read is so far.
    resync: Option<(bool, Line)>,
}

/// A line as far as it is read: nothing but space yet, a tag line (its first
/// character `[`) or another.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    Blank,
    Tag,
    Other,
}

impl TextParser for PgnParser {
    fn step(&mut self, text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError> {
        step(text, at, eof)
    }

    /// The next tag section: a line starting with `[` after a line that does
    /// not (the tags after the error's line, in its own section, are passed
    /// over with it). Called again after more text, it goes on where it
    /// stopped, holding nothing of the text it passed.
    fn resync(&mut self, text: &str, from: usize, eof: bool, head: Option<u8>) -> Resync {
        let from = from.min(text.len());
        let (mut tag_before, mut line) = self.resync.take().unwrap_or_else(|| {
            let tag = match crate::lines::line_start(text.as_bytes(), from) {
                Some(start) => text[start..].trim_start().starts_with('['),
                // The line started before the text held.
                None => head.map_or_else(|| text.trim_start().starts_with('['), |b| b == b'['),
            };
            (false, if tag { Line::Tag } else { Line::Other })
        });
        let bytes = text.as_bytes();
        for (i, &b) in bytes[from..].iter().enumerate() {
            match b {
                // A `\r` at the end of the text held may be the first half of
                // a `\r\n`: kept, to be looked at with the byte after it (else
                // the pair would count two line breaks, a blank line that is
                // not there).
                b'\r' if !eof && from + i + 1 == bytes.len() => {
                    self.resync = Some((tag_before, line));
                    return Resync::More(from + i);
                }
                _ if crate::lines::breaks_at(bytes, from + i) => (tag_before, line) = (line == Line::Tag, Line::Blank),
                _ if line != Line::Blank || b.is_ascii_whitespace() => {}
                b'[' if !tag_before => return Resync::At(from + i),
                b'[' => line = Line::Tag,
                _ => line = Line::Other,
            }
        }
        if eof {
            return Resync::End;
        }
        self.resync = Some((tag_before, line));
        Resync::More(text.len())
    }
}

/// The parser step at `at`: space passed over, a comment outside any game
/// passed over (it is no game), or a game.
fn step(text: &str, at: usize, eof: bool) -> Result<Found, SyntaxError> {
    let mut reader = Scanner { text, at, eof };
    reader.skip_space();
    if let Some(open @ (b';' | b'{')) = reader.peek() {
        let start = reader.at;
        if open == b';' {
            return Ok(crate::lines::line_end(text, start, eof).map_or(Found::More, Found::Skip));
        }
        return match text[start..].find('}') {
            Some(i) => Ok(Found::Skip(start + i + 1)),
            None if !eof => Ok(Found::More),
            None => Err(SyntaxError::at(text, start, "a comment closed by }")),
        };
    }
    if reader.at == text.len() {
        return Ok(match (eof, reader.at > at) {
            (true, _) => Found::End,
            (false, true) => Found::Skip(reader.at),
            (false, false) => Found::More,
        });
    }
    game_step(reader.game().map(|record| (record, reader.at)))
}

struct Scanner<'a> {
    text: &'a str,
    at: usize,
    /// Whether the text ends the input: else a game that reaches its end
    /// needs more.
    eof: bool,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn error(&self, at: usize, expected: &str) -> SyntaxError {
        SyntaxError::at(self.text, at, expected)
    }

    /// The error, unless the text ends the game before the input does.
    fn short(&self, at: usize, expected: &str) -> Halt {
        if self.eof { Halt::Syntax(self.error(at, expected)) } else { Halt::More }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn game(&mut self) -> Result<Record, Halt> {
        let mut tags = Vec::new();
        while self.peek() == Some(b'[') {
            tags.push(self.tag()?);
            self.skip_space();
        }
        let mut record = record_from_tags(self.text, &tags)?;
        let has_result_tag = tags.iter().any(|t| t.name == "Result");
        loop {
            let Some(b) = self.peek() else {
                // The end of the text ends the game only at the end of input.
                return if self.eof { Ok(record) } else { Err(Halt::More) };
            };
            match b {
                b'[' => break,
                b'{' => {
                    let start = self.at;
                    let end = self.text[start..].find('}').ok_or_else(|| self.short(start, "a comment closed by }"))?;
                    let comment = &self.text[start + 1..start + end];
                    self.at = start + end + 1;
                    if let Some(ply) = record.moves.last_mut() {
                        annotate(ply, comment);
                    }
                }
                b';' => match crate::lines::line_end(self.text, self.at, self.eof) {
                    Some(end) => self.at = end,
                    None => return Err(Halt::More),
                },
                _ if b.is_ascii_whitespace() => self.at += 1,
                _ => {
                    let start = self.at;
                    let len = match self.text[start..]
                        .find(|c: char| c.is_ascii_whitespace() || matches!(c, '{' | '[' | ';'))
                    {
                        Some(len) => len,
                        None if self.eof => self.text.len() - start,
                        None => return Err(Halt::More),
                    };
                    self.at = start + len;
                    let token = &self.text[start..start + len];
                    if token == "*" || is_result(token) {
                        if !has_result_tag {
                            record.result = GameResult::parse(token);
                        }
                        break;
                    }
                    // A move number (`12.`, `12...`), possibly run into its move.
                    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
                    let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
                    if digits > 0 && dots == 0 {
                        return Err(self.error(start, "a move, a move number or a result").into());
                    }
                    let mv = &token[digits + dots..];
                    if !mv.is_empty() {
                        let mv = mv
                            .parse::<Move>()
                            .map_err(|_| self.error(start + digits + dots, "a move, a move number or a result"))?;
                        record.moves.push(Ply::read_at(mv, start + digits + dots));
                    }
                }
            }
        }
        Ok(record)
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<Tag, Halt> {
        let open = self.at;
        self.at += 1;
        self.skip_space();
        let name_start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
            self.at += 1;
        }
        if self.at == self.text.len() && !self.eof {
            return Err(Halt::More);
        }
        if self.at == name_start {
            return Err(self.error(self.at, "a tag name").into());
        }
        let name = self.text[name_start..self.at].to_string();
        self.skip_space();
        if self.peek().is_none() {
            return Err(self.short(self.at, "a quoted tag value"));
        }
        if self.peek() != Some(b'"') {
            return Err(self.error(self.at, "a quoted tag value").into());
        }
        self.at += 1;
        let at = self.at;
        let mut value = String::new();
        loop {
            let rest = &self.text[self.at..];
            let Some(i) = rest.find(['"', '\\']) else {
                return Err(self.short(open, "a tag closed by \"]"));
            };
            value.push_str(&rest[..i]);
            self.at += i + 1;
            if rest.as_bytes()[i] == b'"' {
                break;
            }
            match self.text[self.at..].chars().next() {
                Some(c) => {
                    value.push(c);
                    self.at += c.len_utf8();
                }
                None => return Err(self.short(open, "a tag closed by \"]")),
            }
        }
        self.skip_space();
        if self.peek().is_none() {
            return Err(self.short(self.at, "] closing the tag"));
        }
        if self.peek() != Some(b']') {
            return Err(self.error(self.at, "] closing the tag").into());
        }
        self.at += 1;
        Ok(Tag { name, value, at })
    }
}

/// A result token: discs (`38-26`) or a signed number (`+8.5`).
fn is_result(token: &str) -> bool {
    let signed = token.starts_with(['+', '-']) && token[1..].starts_with(|c: char| c.is_ascii_digit());
    (signed || token.contains('-') && token.starts_with(|c: char| c.is_ascii_digit()))
        && GameResult::parse(token).is_some()
}

/// Reads `[%eval X]` and `[%emt S]` from a comment into the ply.
fn annotate(ply: &mut Ply, comment: &str) {
    let command = |name: &str| {
        let rest = &comment[comment.find(name)? + name.len()..];
        rest[..rest.find(']')?].trim().parse::<f64>().ok().filter(|v| v.is_finite())
    };
    if let Some(eval) = command("[%eval ") {
        ply.eval = Some(eval);
    }
    if let Some(seconds) = command("[%emt ") {
        ply.seconds = Some(seconds);
    }
}
