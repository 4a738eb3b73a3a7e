//! Writing PGN: tags, then movetext numbered from the side to move, eighty
//! columns a line; games one after another, each followed by a blank line (the export format).

use std::fmt::Write as _;

use reversi_core::Color;
use reversi_variants::{Geometry, Variant};

use super::tags::TAG_NAMES;
use crate::format::codec::{Finished, GameWriter};
use crate::{Format, GameResult, Loss, Losses, Record, WriteError};

/// The format's name in messages.
pub(super) const LABEL: &str = "PGN";

/// Games written one after another, each followed by a blank line.
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

/// The writer of [`Format::Pgn`]'s codec.
pub(super) fn writer() -> Box<dyn GameWriter> {
    Box::new(Writer { losses: Losses::new(Format::Pgn, LABEL), text: String::new() })
}

/// Writes games as a PGN file, each game followed by a blank line.
///
/// Kept fields whose names mean something in PGN or cannot be spelled in it
/// are renamed, and results, evaluations and times that do not read back are
/// left out; [`write_report`](crate::write_report) says which.
#[must_use]
pub fn write(records: &[Record]) -> String {
    write_with(records, &mut Losses::new(Format::Pgn, LABEL))
}

/// [`write`](fn@write), noting what is lost.
fn write_with(records: &[Record], losses: &mut Losses) -> String {
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        write_nth(record, i, &mut out, losses);
    }
    out
}

/// Appends game `index` of a file: the game, then a blank line, as PGN's
/// export format ends every game, so that games appended to a file one at a
/// time (a match's records) or files concatenated stay apart.
fn write_nth(record: &Record, index: usize, out: &mut String, losses: &mut Losses) {
    write_game(record, index, out, losses);
    out.push('\n');
}

/// Appends one game: tags, a blank line, the movetext and the result.
pub fn write_record(record: &Record, out: &mut String) {
    write_game(record, 0, out, &mut Losses::new(Format::Pgn, LABEL));
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
