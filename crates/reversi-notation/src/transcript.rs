//! Transcripts: a game as its moves on one line.
//!
//! Two forms: the compact 8x8 form, squares run together (`f5d6c3d3c4`, any case;
//! `PA`, `pa`, `--` or `pass` for a pass), and tokens separated by spaces for any
//! variant and board (`c3 a1c3 pass d5`; pass tokens per RULES.md). A transcript
//! file holds one game per line; blank lines and lines starting with `#` are
//! skipped. A game without moves would be a blank line, which is no game: the
//! writer refuses it with a [`WriteError`] (write it in another format: PGN
//! `*`, GGF, or a position line holds it).

use reversi_variants::{Geometry, Move, Variant};

use crate::format::codec::{Codec, Finished, GameWriter, Head, Lines, Parser};
use crate::{Format, Losses, Ply, ReadOptions, Record, SyntaxError, WriteError};

/// What a transcript reader expects where it fails.
const EXPECTED_MOVE: &str = "a move (a square such as f5, a jump such as a1c3, or pass)";

fn error(line: usize, text: &str, byte: usize) -> SyntaxError {
    SyntaxError { line, ..SyntaxError::at(text, byte, EXPECTED_MOVE).located_in(text) }
}

/// The moves of one transcript line (`line_no` for errors). With `compact`
/// (8x8 Othello), a line without spaces is read as squares run together;
/// otherwise tokens are separated by spaces (`a1c3` is then one jump).
///
/// # Errors
/// [`SyntaxError`] at the first token that is not a move.
pub fn parse_moves(text: &str, line_no: usize, compact: bool) -> Result<Vec<Move>, SyntaxError> {
    Ok(moves(text, compact, 0).map_err(|byte| error(line_no, text, byte))?.into_iter().map(|p| p.mv).collect())
}

/// [`parse_moves`] as plies read at their byte in `text` plus `at`, the
/// error as the byte of the bad token in `text`.
pub(crate) fn moves(text: &str, compact: bool, at: usize) -> Result<Vec<Ply>, usize> {
    let trimmed = text.trim();
    let base = text.len() - text.trim_start().len();
    let mut moves = Vec::new();
    if compact && !trimmed.contains(char::is_whitespace) {
        // Compact: two-character squares, or pass tokens, run together.
        let bytes = trimmed.as_bytes();
        moves.reserve_exact(bytes.len() / 2);
        let mut i = 0;
        while i < bytes.len() {
            let rest = &trimmed[i..];
            let pass_len = ["pass", "0000", "pa", "--"]
                .iter()
                .find(|t| rest.get(..t.len()).is_some_and(|r| r.eq_ignore_ascii_case(t)))
                .map(|t| t.len());
            let (mv, len) = match pass_len {
                Some(len) => (Some(Move::Pass), len),
                None => (rest.get(..2).and_then(|t| t.parse::<reversi_core::Move>().ok()).map(Move::from), 2),
            };
            match mv {
                Some(mv) if !(len == 2 && rest.len() > 2 && rest.as_bytes()[2].is_ascii_digit()) => {
                    moves.push(Ply::read_at(mv, at + base + i));
                }
                _ => return Err(base + i),
            }
            i += len;
        }
        return Ok(moves);
    }
    let mut offset = base;
    for token in trimmed.split_whitespace() {
        let start = offset + text[offset..].find(token).unwrap_or(0);
        moves.push(Ply::read_at(token.parse().map_err(|_| start)?, at + start));
        offset = start + token.len();
    }
    Ok(moves)
}

/// The game of the transcript line `line` (its line break included), which
/// starts at byte `at` of `text`; `None` for a blank or comment line.
pub(crate) fn record_line(
    text: &str,
    line: &str,
    at: usize,
    variant: Variant,
    geometry: Geometry,
) -> Result<Option<Record>, SyntaxError> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let compact = variant == Variant::Reversi && geometry == Geometry::standard();
    let moves = moves(line, compact, at).map_err(|byte| SyntaxError::at(text, at + byte, EXPECTED_MOVE))?;
    let mut record = Record::of(variant, geometry);
    record.moves = moves;
    Ok(Some(record))
}

/// Reads a transcript file: one record per game line, of `variant` on `geometry`
/// (Black first, default start).
///
/// # Errors
/// [`SyntaxError`] with the line and column of the first bad token, or at a
/// line longer than [`ReadOptions::DEFAULT_MAX_GAME_BYTES`](crate::ReadOptions::DEFAULT_MAX_GAME_BYTES).
pub fn read(text: &str, variant: Variant, geometry: Geometry) -> Result<Vec<Record>, SyntaxError> {
    let options = ReadOptions::new().variant(variant).geometry(geometry);
    crate::reader::read_text(Format::Transcript, &CODEC, text, options)
}

/// The transcript format's codec.
pub(crate) struct Transcript;

/// What [`Format::Transcript`] dispatches to.
pub(crate) const CODEC: Transcript = Transcript;

impl Codec for Transcript {
    fn name(&self) -> &'static str {
        "transcript"
    }

    fn label(&self) -> &'static str {
        "transcript"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["txt", "transcript", "trs"]
    }

    /// Any text: the format of last resort.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        // A first token that starts with a move: a square, or pass tokens
        // then a square or nothing.
        let token = head.line?.split_whitespace().next().unwrap_or_default();
        let mut rest = token;
        while let Some(after) = ["pass", "0000", "pa", "--"]
            .iter()
            .find_map(|t| rest.get(..t.len()).filter(|r| r.eq_ignore_ascii_case(t)).map(|_| &rest[t.len()..]))
        {
            rest = after;
        }
        let square = matches!(rest.as_bytes(), [c, d, ..] if c.is_ascii_alphabetic() && d.is_ascii_digit());
        (token.is_empty() || rest.is_empty() || square).then_some(0)
    }

    fn parser(&self, options: &ReadOptions) -> Parser {
        let (variant, geometry) = (options.get_variant(), *options.get_geometry());
        Parser::Text(Box::new(Lines(move |text: &str, line: &str, at| record_line(text, line, at, variant, geometry))))
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Writer { losses: Losses::new(Format::Transcript, Transcript.label()) })
    }
}

/// Games written one a line.
#[derive(Debug)]
struct Writer {
    losses: Losses,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        if record.start.is_some() || record.first != reversi_core::Color::Black {
            return Err(WriteError {
                format: Transcript.label(),
                game: index,
                what: "a transcript starts from the default start with Black to move".into(),
            });
        }
        if record.moves.is_empty() {
            // A line without moves is blank, and a blank line is no game.
            return Err(WriteError {
                format: Transcript.label(),
                game: index,
                what: "a game without moves (a transcript line without moves reads back as no game)".into(),
            });
        }
        out.extend_from_slice(write(record).as_bytes());
        out.push(b'\n');
        self.losses.metadata_of(index, record);
        self.losses.fields_but(index, record, &[]);
        Ok(())
    }

    fn finish(self: Box<Self>, _: &mut Vec<u8>) -> Result<Finished, WriteError> {
        Ok(Finished { losses: self.losses, header: None })
    }
}

/// Writes a record's moves as one line: the compact form for 8x8 Othello (a
/// pass as `PA`), space-separated tokens otherwise (a pass as `pass`), also for
/// an 8x8 record holding a move the compact form cannot (off the board, a jump).
#[must_use]
pub fn write(record: &Record) -> String {
    let compact_move = |mv: Move| match mv {
        Move::Pass => true,
        Move::Place(sq) => sq.column() < 8 && sq.row() < 8,
        Move::Jump { .. } => false,
    };
    if record.is_standard_othello() && record.moves.iter().all(|p| compact_move(p.mv)) {
        return record
            .moves
            .iter()
            .map(|p| if p.mv == Move::Pass { "PA".to_string() } else { p.mv.to_string() })
            .collect();
    }
    record.moves.iter().map(|p| p.mv.to_string()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(moves: &[Move]) -> Vec<String> {
        moves.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn compact_and_spaced() {
        assert_eq!(texts(&parse_moves("F5d6C3", 1, true).unwrap()), ["f5", "d6", "c3"]);
        assert_eq!(texts(&parse_moves("f5PAd6--c3pass", 1, true).unwrap()), ["f5", "pass", "d6", "pass", "c3", "pass"]);
        assert_eq!(
            texts(&parse_moves("  c3 a1c3 pass j10 PA ", 1, false).unwrap()),
            ["c3", "a1c3", "pass", "j10", "pass"]
        );
        assert_eq!(parse_moves("", 1, true).unwrap(), []);
        assert_eq!(texts(&parse_moves("a1c3", 1, false).unwrap()), ["a1c3"]);
        assert_eq!(texts(&parse_moves("a1c3", 1, true).unwrap()), ["a1", "c3"]);
        // An 8x8 record with a move off the board is written spaced, so it reads back.
        let mut record = Record::new();
        record.moves = ["f5", "z6"].iter().map(|m| Ply::from(m.parse::<Move>().unwrap())).collect();
        assert_eq!(write(&record), "f5 z6");
    }

    #[test]
    fn errors_name_line_column_and_token() {
        let e = parse_moves("f5d6z9c3", 7, true).unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (7, 5, "z9c3"));
        let e = parse_moves("f5 d6 k0 c3", 2, true).unwrap_err();
        assert_eq!((e.column, e.found.as_str()), (7, "k0"));
        assert_eq!(
            e.to_string(),
            "line 2, column 7: expected a move (a square such as f5, a jump such as a1c3, or pass), found \"k0\""
        );
        // A compact transcript has one-digit rows: j10 must be spaced.
        assert_eq!(parse_moves("f5j10", 1, true).unwrap_err().column, 3);
    }
}
