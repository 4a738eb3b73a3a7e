//! PGN-style records for every variant, and PlayOK's PGN.
//!
//! A game is tag pairs, then numbered movetext, then a result:
//!
//! ```text
//! [Event "Club night"]
//! [Black "Ann"]
//! [White "Bob"]
//! [Result "33-31"]
//! [Variant "Reversitacks"]
//! [Board "10x8"]
//! [Holes "e4 f5"]
//!
//! 1. c3 {[%eval +2] [%emt 1.5]} a1c3 2. pass d5 33-31
//! ```
//!
//! Tags read into the record: `Variant` (default Reversi), `Board` (`WxH` or
//! `octagon`, default 8x8), `Holes` (squares, space- or comma-separated),
//! `Position` (RULES.md text; its board must agree with `Board` and `Holes`),
//! `First` (`Black` or `White`), `Black`, `White`, `Date`, `Event`, `Result`
//! (discs `33-31`, a net result `+8.5` or `*`). Other tags are kept in
//! [`Record::extra`] in their order. A tag given twice is read from its first
//! occurrence; the others are kept in [`Record::extra`] too, named as the
//! writer writes such a field (`X_Black`), so that they read back the same.
//!
//! Movetext: move numbers (`29.`, `29...`) are read and not checked; moves per
//! RULES.md; passes as `pass`, `PA` or PlayOK's `--` (which takes its own slot:
//! `29. -- g8`); comments in braces (`[%eval X]` and `[%emt S]` in them become
//! the ply's evaluation and seconds; other comment text is not kept) or after
//! `;` to the end of the line; the result at the end (`38-26`, `+8.5`, `*`). A
//! game ends at its result, at the next tag or at the end of the file; games
//! without a `Result` tag take the result from the movetext. A comment
//! outside any game (before a game's tags or movetext, after its result) is
//! no game: it is passed over.
//!
//! The writer writes the tags above that are set (`Variant`, `Board` only when
//! not 8x8 Reversi), then the extra tags, then the moves numbered from the
//! side to move at the start (`1... f5` when White starts), passes as `pass`,
//! eighty columns a line. Values escape `"` and `\` with `\` (line breaks are
//! read and written as they are).
//!
//! Kept fields ([`Record::extra`], from GGF for example) are written as tags
//! under a name that reads back as a kept field, never as one the reader
//! interprets:
//!
//! | kept field name | written as |
//! | --- | --- |
//! | letters, digits, `_`, not in [`RESERVED_TAGS`] | itself (`Site`, `KM`, `X_Variant`) |
//! | other characters (`Time Control`, `é`) | each one as `_` (`Time_Control`), then as below |
//! | in [`RESERVED_TAGS`] (`Variant`, `Black`, `Result`, ...) | `X_` and the name: `X_Variant` |
//! | empty | dropped |
//!
//! A net result that is not finite is written `*`, a result suffix other than
//! ASCII letters and digits is left out, and so are evaluations and times that
//! are not finite; [`write_report`](crate::write_report) reports all of these
//! and every renamed or dropped field ([`Losses`]).

use std::fmt::Write as _;

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

use crate::format::codec::{Codec, Finished, Found, GameWriter, Halt, Head, Parser, Resync, TextParser, game_step};
use crate::losses::FieldNames;
use crate::{Format, GameResult, Ply, ReadOptions, Record, SyntaxError, WriteError};
use crate::{Loss, Losses};

/// Reads every game of a PGN file.
///
/// ```
/// let text = "[Black \"Ann\"]\n[Result \"38-26\"]\n\n1. f5 d6 2. c3 -- 3. d3 38-26\n";
/// let games = reversi_notation::pgn::read(text)?;
/// assert_eq!(games[0].black.as_deref(), Some("Ann"));
/// assert_eq!(games[0].moves.len(), 5);
/// assert_eq!(games[0].moves[3].mv, reversi_variants::Move::Pass);
/// # Ok::<(), reversi_notation::SyntaxError>(())
/// ```
///
/// # Errors
/// [`SyntaxError`] with line and column: a tag or comment that never closes, an
/// unknown variant, a board or hole list that does not read, a position that
/// does not fit the board, a token that is neither a move, a move number nor a
/// result.
pub fn read(text: &str) -> Result<Vec<Record>, SyntaxError> {
    crate::reader::read_text(Format::Pgn, &CODEC, text, ReadOptions::new())
}

/// The PGN codec.
pub(crate) struct Pgn;

/// What [`Format::Pgn`] dispatches to.
pub(crate) const CODEC: Pgn = Pgn;

impl Codec for Pgn {
    fn name(&self) -> &'static str {
        "pgn"
    }

    fn label(&self) -> &'static str {
        "PGN"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pgn"]
    }

    /// A first line that opens a tag.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        // Tags; or, less sure, movetext without them: a move number (`1.
        // f5`), a result (`*`, `33-31`), a comment (`{`, `;`).
        let line = head.line?;
        let token = line.split_whitespace().next().unwrap_or_default();
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b'/');
        let numbered = token.split_once('.').is_some_and(|(n, _)| digits(n));
        let result = token == "*" || token.split_once('-').is_some_and(|(a, b)| digits(a) && digits(b));
        let movetext = numbered || result || line.starts_with(['{', ';']);
        if line.starts_with('[') { Some(4) } else { movetext.then_some(1) }
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Text(Box::<PgnParser>::default())
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Writer { losses: Losses::new(Format::Pgn, Pgn.label()), text: String::new() })
    }
}

/// PGN's parser: no state from game to game, but where a resync is.
#[derive(Default)]
struct PgnParser {
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

/// Games written one after another, a blank line between them.
#[derive(Debug)]
struct Writer {
    losses: Losses,
    text: String,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        self.text.clear();
        write_nth(record, index, &mut self.text, &mut self.losses);
        out.extend_from_slice(self.text.as_bytes());
        Ok(())
    }

    fn finish(self: Box<Self>, _: &mut Vec<u8>) -> Result<Finished, WriteError> {
        Ok(Finished { losses: self.losses, header: None })
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

/// A tag as read: name, value, and where the value starts.
struct Tag {
    name: String,
    value: String,
    at: usize,
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

fn record_from_tags(text: &str, tags: &[Tag]) -> Result<Record, SyntaxError> {
    let find = |name: &str| tags.iter().find(|t| t.name == name);
    let error = |tag: &Tag, expected: &str| SyntaxError::at(text, tag.at, expected);
    let mut record = Record::new();
    if let Some(tag) = find("Variant") {
        record.variant = tag.value.parse().map_err(|_| error(tag, "a variant: Reversi, Reversitacks or Attacks"))?;
    }
    if let Some(tag) = find("Board") {
        record.geometry =
            tag.value.parse().map_err(|_| error(tag, "a board: WxH with sides from 1 to 26, or octagon"))?;
    }
    if let Some(tag) = find("Holes") {
        let squares: Result<Vec<Square>, _> =
            tag.value.split([' ', ',']).filter(|s| !s.is_empty()).map(str::parse).collect();
        let expected = "the obstructed squares on the board, e.g. \"d4 e5\"";
        record.geometry = squares
            .ok()
            .and_then(|squares| record.geometry.with_holes(squares).ok())
            .ok_or_else(|| error(tag, expected))?;
    }
    if let Some(tag) = find("First") {
        record.first = parse_color(&tag.value).ok_or_else(|| error(tag, "the first mover: Black or White"))?;
    }
    if let Some(tag) = find("Position") {
        let pos = Position::from_text(record.variant, &tag.value)
            .map_err(|e| error(tag, &format!("a position in the RULES.md form ({e})")))?;
        let board_given = find("Board").is_some() || find("Holes").is_some();
        if board_given && *pos.geometry() != record.geometry {
            return Err(error(
                tag,
                &format!("a position on the {} board of the Board and Holes tags", record.geometry),
            ));
        }
        record.set_start(pos);
    }
    for (i, tag) in tags.iter().enumerate() {
        let value = || Some(tag.value.clone());
        // A tag the reader interprets is read from its first occurrence;
        // another of the same name is kept as a field of its own, under the
        // name the writer gives such a field (`X_White`), so that what is
        // written reads back the same.
        if RESERVED_TAGS.contains(&tag.name.as_str()) && tags[..i].iter().any(|t| t.name == tag.name) {
            let name = TAG_NAMES.name(&tag.name).map_or_else(|| tag.name.clone(), |n| n.into_owned());
            record.extra.push((name, tag.value.clone()));
            continue;
        }
        match tag.name.as_str() {
            "Variant" | "Board" | "Holes" | "First" | "Position" => {}
            "Black" => record.black = value(),
            "White" => record.white = value(),
            "Event" => record.event = value(),
            "Date" => record.date = value(),
            "Result" if matches!(tag.value.as_str(), "*" | "?" | "") => record.result = None,
            "Result" => {
                record.result = Some(
                    GameResult::parse(&tag.value)
                        .ok_or_else(|| error(tag, "a result: discs such as 33-31, a net result such as +8.5, or *"))?,
                );
            }
            _ => record.extra.push((tag.name.clone(), tag.value.clone())),
        }
    }
    Ok(record)
}

fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "black" | "x" | "b" => Some(Color::Black),
        "white" | "o" | "w" => Some(Color::White),
        _ => None,
    }
}

/// The tags the reader gives a meaning: a kept field ([`Record::extra`]) of
/// one of these names is written as `X_` and the name (`X_Variant`).
pub const RESERVED_TAGS: [&str; 10] =
    ["Variant", "Board", "Holes", "Position", "First", "Black", "White", "Event", "Date", "Result"];

/// PGN's names of kept fields: letters, digits and `_`, as the reader takes
/// them; other characters become `_`.
pub(crate) const TAG_NAMES: FieldNames = FieldNames {
    reserved: &RESERVED_TAGS,
    valid: |c| c.is_ascii_alphanumeric() || c == '_',
    prefix: "X_",
    replacement: Some('_'),
    meaningful: &[],
};

/// Writes games as a PGN file, a blank line between games.
///
/// Kept fields whose names mean something in PGN or cannot be spelled in it
/// are renamed, and results, evaluations and times that do not read back are
/// left out; [`write_report`](crate::write_report) says which.
#[must_use]
pub fn write(records: &[Record]) -> String {
    write_with(records, &mut Losses::new(Format::Pgn, Pgn.label()))
}

/// [`write`], noting what is lost.
pub(crate) fn write_with(records: &[Record], losses: &mut Losses) -> String {
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        write_nth(record, i, &mut out, losses);
    }
    out
}

/// Appends game `index` of a file: a blank line after the one before, the
/// game.
pub(crate) fn write_nth(record: &Record, index: usize, out: &mut String, losses: &mut Losses) {
    if index > 0 {
        out.push('\n');
    }
    write_game(record, index, out, losses);
}

/// Appends one game: tags, a blank line, the movetext and the result.
pub fn write_record(record: &Record, out: &mut String) {
    write_game(record, 0, out, &mut Losses::new(Format::Pgn, Pgn.label()));
}

/// A number of a comment command, if it reads back (finite).
fn finite(value: Option<f64>, game: usize, kind: Loss, losses: &mut Losses) -> Option<f64> {
    let value = value?;
    if value.is_finite() {
        Some(value)
    } else {
        losses.note(game, kind);
        None
    }
}

fn write_game(record: &Record, game: usize, out: &mut String, losses: &mut Losses) {
    let mut tag = |name: &str, value: &str| {
        // The reader takes any character after `\`; line breaks are read as
        // they are.
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    };
    let (result, changed) = record.result.as_ref().map_or((None, false), GameResult::writable);
    if changed {
        losses.note(game, Loss::Result);
    }
    let result = result.as_ref().map_or_else(|| "*".to_string(), ToString::to_string);
    for (name, value) in
        [("Event", &record.event), ("Date", &record.date), ("Black", &record.black), ("White", &record.white)]
    {
        if let Some(value) = value {
            tag(name, value);
        }
    }
    tag("Result", &result);
    if record.variant != Variant::Reversi {
        tag("Variant", record.variant.name());
    }
    let geometry = record.start.map_or(record.geometry, |p| *p.geometry());
    if geometry != Geometry::standard() {
        // The size, then the holes (the octagon's too): `WxH` whatever the
        // board, so that any reader of the Board tag takes it.
        tag("Board", &format!("{}x{}", geometry.width(), geometry.height()));
        let holes: Vec<String> = geometry.holes().map(|s| s.to_string()).collect();
        if !holes.is_empty() {
            tag("Holes", &holes.join(" "));
        }
    }
    match record.start {
        Some(pos) => tag("Position", &pos.to_string()),
        None if record.first == Color::White => tag("First", "White"),
        None => {}
    }
    for (_, name, value) in TAG_NAMES.kept(record, game, losses, |_| false) {
        tag(&name, value);
    }
    out.push('\n');

    let mut line = String::new();
    let mut push = |token: &str, out: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    let mut side = record.first_to_move();
    let mut number = 1;
    if side == Color::White {
        push("1...", out);
    }
    for ply in &record.moves {
        if side == Color::Black {
            push(&format!("{number}."), out);
        }
        push(&ply.mv.to_string(), out);
        let eval = finite(ply.eval, game, Loss::Evaluations, losses);
        let seconds = finite(ply.seconds, game, Loss::Times, losses);
        if eval.is_some() || seconds.is_some() {
            let mut comment = String::from("{");
            if let Some(eval) = eval {
                let _ = write!(comment, "[%eval {eval}]");
            }
            if let Some(seconds) = seconds {
                let _ = write!(comment, "{}[%emt {seconds}]", if eval.is_some() { " " } else { "" });
            }
            comment.push('}');
            push(&comment, out);
        }
        if side == Color::White {
            number += 1;
        }
        side = !side;
    }
    push(&result, out);
    out.push_str(&line);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playok_passes_take_their_slot() {
        let text = "[Event \"?\"]\n[Result \"38-26\"]\n\n1. f5 d6 2. c3 f3\n3. -- g8 38-26\n";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 1);
        let moves: Vec<String> = games[0].moves.iter().map(|p| p.mv.to_string()).collect();
        assert_eq!(moves, ["f5", "d6", "c3", "f3", "pass", "g8"]);
        assert_eq!(games[0].result, Some(GameResult::Discs { black: 38, white: 26 }));
        assert_eq!(games[0].event.as_deref(), Some("?"));
    }

    #[test]
    fn variants_boards_and_starts() {
        let text = "[Variant \"Attacks\"]\n[Board \"7x7\"]\n[Holes \"d4\"]\n[First \"White\"]\n\n1... a7b5 2. b2 *";
        let g = &read(text).unwrap()[0];
        assert_eq!((g.variant, g.geometry.to_string(), g.first), (Variant::Attacks, "7x7".into(), Color::White));
        assert_eq!(g.geometry.holes().count(), 1);
        assert_eq!(g.moves.len(), 2);
        assert_eq!(read(&write(std::slice::from_ref(g))).unwrap(), std::slice::from_ref(g));
        let written = write(std::slice::from_ref(g));
        assert!(written.contains("1... a7b5 2. b2 *"), "{written}");
    }

    #[test]
    fn evaluations_and_times_ride_in_comments() {
        let g = &read("1. f5 {[%eval -2.5] [%emt 0.25] nice} d6 {just text} *").unwrap()[0];
        assert_eq!((g.moves[0].eval, g.moves[0].seconds), (Some(-2.5), Some(0.25)));
        assert_eq!((g.moves[1].eval, g.moves[1].seconds), (None, None));
        assert_eq!(read(&write(std::slice::from_ref(g))).unwrap(), std::slice::from_ref(g));
    }

    #[test]
    fn errors_are_located() {
        let e = read("[Black \"Ann\"]\n\n1. f5 d6 2. z0 *").unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (3, 13, "z0"));
        assert_eq!(e.to_string(), "line 3, column 13: expected a move, a move number or a result, found \"z0\"");
        let e = read("[Black \"Ann").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = read("1. f5 {never closed").unwrap_err();
        assert_eq!((e.column, e.expected.as_str()), (7, "a comment closed by }"));
        let e = read("[Board \"27x27\"]\n*").unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
        let e = read("[Variant \"chess\"]\n*").unwrap_err();
        assert!(e.expected.starts_with("a variant"));
        let e = read("[Board \"6x6\"]\n[Position \"--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\"]\n*")
            .unwrap_err();
        assert_eq!(e.line, 2);
        let e = read("12 f5").unwrap_err();
        assert_eq!(e.column, 1);
        // A result's suffix is letters and digits: anything else would not
        // survive the movetext (found by fuzzing).
        assert!(read("[Result \"+1:r f5\"]\n*").unwrap_err().expected.starts_with("a result"));
    }

    #[test]
    fn several_games_with_and_without_terminators() {
        let games = read("1. f5 d6\n[Black \"B\"]\n1. f5 33-31\n\n1. d3 *\n").unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[1].result, Some(GameResult::Discs { black: 33, white: 31 }));
        assert_eq!(games[2].result, None);
    }
}
