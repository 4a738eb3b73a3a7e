//! Edax OBF positions: one 8x8 position a line, its annotations kept.
//!
//! A line is the 64 squares (`X` Black, `O` White, `-` empty; reversi-core's
//! position reader also takes `*` and `.`), a space, the side to move, then
//! `;`-separated annotations, usually best moves with scores (`G8:+18`). Blank
//! lines and lines starting with `%` or `#` are skipped.
//!
//! ```
//! use reversi_notation::obf;
//! let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
//! let positions = obf::read(line)?;
//! assert_eq!(positions[0].annotations, ["G8:+18", "H1:+12"]);
//! let best: Vec<_> = positions[0].scored_moves().collect();
//! assert_eq!(best[0], Some(("g8".parse()?, 18)));
//! assert_eq!(obf::write(&positions), format!("{line}\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use reversi_core::{Color, Move, Position, Square};

use crate::format::codec::{Codec, Finished, GameWriter, Head, Lines, Parser};
use crate::position::{final_position, moves_lost};
use crate::{Format, Loss, Losses, ReadOptions, Record, SyntaxError, WriteError};

/// A position and the annotations written after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfPosition {
    /// The position.
    pub position: Position,
    /// The `;`-separated fields after the side to move, trimmed, empty ones
    /// dropped. Written back as they are: an annotation holding `;` or a line
    /// break does not read back as one.
    pub annotations: Vec<String>,
}

impl ObfPosition {
    /// Each annotation read as a move and a score (`G8:+18`, `PS:-4` for a
    /// pass), `None` for one that is not.
    pub fn scored_moves(&self) -> impl Iterator<Item = Option<(Move, i32)>> + '_ {
        self.annotations.iter().map(|a| scored_move(a))
    }
}

/// An annotation read as a move and a score (`G8:+18`).
fn scored_move(annotation: &str) -> Option<(Move, i32)> {
    let (mv, score) = annotation.split_once(':')?;
    Some((mv.trim().parse().ok()?, score.trim().parse().ok()?))
}

/// The scores an OBF position read as a game expects (its annotations kept
/// under the `OBF` field): each annotation that reads as a move and a score
/// (`G8:+18`), in the file's order; none for a record not read from OBF.
/// What `reversi solve` checks a solve against.
///
/// ```
/// use reversi_notation::{Format, ReadOptions, obf, read};
/// let text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; note;";
/// let games = read(Format::Obf, text.as_bytes(), ReadOptions::default())?;
/// let expected = obf::expected_scores(&games[0]);
/// assert_eq!(expected, [("g8".parse()?, 18), ("h1".parse()?, 12)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn expected_scores(record: &Record) -> Vec<(reversi_variants::Move, i32)> {
    let Some(annotations) = record.get("OBF") else { return Vec::new() };
    annotations
        .split(';')
        .filter_map(scored_move)
        .map(|(mv, score)| (reversi_variants::Move::from(mv), score))
        .collect()
}

impl fmt::Display for ObfPosition {
    /// The OBF line: squares, side, then `; annotation` each and a final `;`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.position.board();
        for sq in Square::all() {
            let c = match board.get(sq) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '-',
            };
            fmt::Write::write_char(f, c)?;
        }
        write!(f, " {};", self.position.side_to_move())?;
        for a in &self.annotations {
            write!(f, " {a};")?;
        }
        Ok(())
    }
}

/// Reads every position of an OBF file.
///
/// # Errors
/// [`SyntaxError`] with the line and column where the position stops reading.
pub fn read(text: &str) -> Result<Vec<ObfPosition>, SyntaxError> {
    let mut positions = Vec::new();
    let mut line_start = 0;
    for line in crate::lines::split(text) {
        let at = line_start;
        line_start += line.len();
        positions.extend(parse_line(text, line, at).map_err(|e| e.located_in(text))?);
    }
    Ok(positions)
}

/// The position of the OBF line `line` (its line break included), which
/// starts at byte `at` of `text`; `None` for a blank or comment line.
fn parse_line(text: &str, line: &str, at: usize) -> Result<Option<ObfPosition>, SyntaxError> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with(['%', '#']) {
        return Ok(None);
    }
    let body_end = line.find(';').unwrap_or(line.len());
    let position: Position = line[..body_end].parse().map_err(|e: reversi_core::ParsePositionError| {
        SyntaxError::at(text, at + e.offset, format!("an OBF position: 64 squares and the side to move ({})", e.kind))
    })?;
    let annotations = line[body_end..].split(';').map(str::trim).filter(|a| !a.is_empty()).map(String::from).collect();
    Ok(Some(ObfPosition { position, annotations }))
}

/// An OBF position as a game: that start, no moves, the annotations kept.
fn obf_record(p: ObfPosition) -> Record {
    let mut record = Record::new();
    record.set_start(reversi_variants::Position::from(p.position));
    if !p.annotations.is_empty() {
        record.extra.push(("OBF".into(), p.annotations.join("; ")));
    }
    record
}

/// The OBF codec: positions read as games without moves, games written as
/// their final positions.
pub(crate) struct Obf;

/// What [`Format::Obf`] dispatches to.
pub(crate) const CODEC: Obf = Obf;

impl Codec for Obf {
    fn name(&self) -> &'static str {
        "obf"
    }

    fn label(&self) -> &'static str {
        "OBF"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["obf"]
    }

    /// A first line of 64 squares.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        let square = |b: &u8| matches!(b, b'X' | b'O' | b'-' | b'*' | b'x' | b'o' | b'.' | b'#');
        head.line.filter(|l| l.len() >= 64 && l.as_bytes()[..64].iter().all(square)).map(|_| 2)
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Text(Box::new(Lines(|text: &str, line: &str, at| Ok(parse_line(text, line, at)?.map(obf_record)))))
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Writer { losses: Losses::new(Format::Obf, Obf.label()) })
    }
}

/// Games written as OBF lines of their final positions.
#[derive(Debug)]
struct Writer {
    losses: Losses,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        let fail = |what: &str| WriteError { format: Obf.label(), game: index, what: what.into() };
        let position = final_position(record, index, Obf.label())?;
        let core =
            reversi_core::Position::try_from(position).map_err(|_| fail("OBF holds 8x8 Othello positions only"))?;
        // A lone CR ends a line for every reader, as LF does.
        if record.get("OBF").is_some_and(|a| a.contains(['\n', '\r'])) {
            return Err(fail("an OBF annotation holds a line break"));
        }
        let kept = record.extra.iter().position(|(n, _)| n == "OBF");
        let annotations = kept.map_or_else(Vec::new, |k| {
            let a = &record.extra[k].1;
            a.split(';').map(str::trim).filter(|a| !a.is_empty()).map(String::from).collect::<Vec<_>>()
        });
        // Annotations read back joined by "; ", and none as no field.
        if kept.is_some_and(|k| record.extra[k].1 != annotations.join("; ")) {
            self.losses.note(index, Loss::Annotations);
        }
        let kept = kept.filter(|_| !annotations.is_empty());
        self.losses.fields_but(index, record, kept.as_slice());
        out.extend_from_slice(ObfPosition { position: core, annotations }.to_string().as_bytes());
        out.push(b'\n');
        moves_lost(&mut self.losses, index, record);
        Ok(())
    }

    fn finish(self: Box<Self>, _: &mut Vec<u8>) -> Result<Finished, WriteError> {
        Ok(Finished { losses: self.losses, header: None })
    }
}

/// Writes positions as OBF lines.
#[must_use]
pub fn write(positions: &[ObfPosition]) -> String {
    positions.iter().map(|p| format!("{p}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line() {
        let e = read("% comment\n\n--------Q------------------OX------XO--------------------------- X;\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 9));
        assert!(read("--- X;").is_err());
    }

    #[test]
    fn annotations_holding_a_line_break_are_refused_when_written() {
        // A lone CR ends a line as LF does: the annotation after it would
        // read back as a position of its own (found by the roundtrip fuzz
        // target).
        for annotation in ["a\rb", "a\nb", "a\r\nb", "\r"] {
            let mut record = Record::new();
            record.extra.push(("OBF".into(), annotation.into()));
            let e = crate::write_report(Format::Obf, std::slice::from_ref(&record)).unwrap_err();
            assert!(e.to_string().contains("an OBF annotation holds a line break"), "{annotation:?}: {e}");
        }
        let mut record = Record::new();
        record.extra.push(("OBF".into(), "a; b".into()));
        let (bytes, _) = crate::write_report(Format::Obf, std::slice::from_ref(&record)).unwrap();
        assert_eq!(read(std::str::from_utf8(&bytes).unwrap()).unwrap()[0].annotations, ["a", "b"]);
    }
}
