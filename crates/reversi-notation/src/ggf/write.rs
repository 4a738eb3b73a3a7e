//! Writing GGF: games one a line, synchro pairs two a line, kept fields
//! under names that read back as kept fields.

use std::fmt::Write as _;

use reversi_core::Color;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

use super::parse::{default_type, type_flags, type_size};
use crate::format::codec::{Finished, GameWriter};
use crate::losses::FieldNames;
use crate::{Format, GameResult, Loss, Losses, Record, WriteError};

/// How messages name the format.
pub(super) const LABEL: &str = "GGF";

/// The writer of [`Format::Ggf`].
pub(super) fn writer() -> Box<dyn GameWriter> {
    Box::new(Writer { losses: Losses::new(Format::Ggf, LABEL), lines: Lines::default(), text: String::new() })
}

/// Games written one a line, synchro pairs two a line.
#[derive(Debug)]
struct Writer {
    losses: Losses,
    lines: Lines,
    text: String,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        self.text.clear();
        self.lines.push(record, index, &mut self.text, &mut self.losses)?;
        out.extend_from_slice(self.text.as_bytes());
        Ok(())
    }

    fn finish(mut self: Box<Self>, out: &mut Vec<u8>) -> Result<Finished, WriteError> {
        self.text.clear();
        std::mem::take(&mut self.lines).finish(&mut self.text, &mut self.losses)?;
        out.extend_from_slice(self.text.as_bytes());
        Ok(Finished { losses: self.losses, header: None })
    }
}

/// The fields the reader gives a meaning: a kept field ([`Record::extra`]) of
/// one of these names is written as `X` and the name (`XPB`). `TY` is kept in
/// `extra` and written as the game's type when it is one for the board (the
/// first such field only).
pub const RESERVED_FIELDS: [&str; 10] = ["GM", "PB", "PW", "DT", "EV", "RE", "BO", "TY", "B", "W"];

/// GGF's names of kept fields: ASCII letters and digits, as the reader takes
/// them; other characters are left out.
pub(crate) const FIELD_NAMES: FieldNames = FieldNames {
    reserved: &RESERVED_FIELDS,
    valid: |c| c.is_ascii_alphanumeric(),
    prefix: "X",
    replacement: None,
    meaningful: &["KM"],
};

/// Writes games as a GGF file: one game a line, a synchro pair as one
/// `2 (;...;)(;...;)` line.
///
/// GGF writes every pass (`B[PA]`, `W[PA]`): the forced passes a record
/// leaves out (read from WTHOR or a transcript) are written in, up to its
/// first illegal move, so that every move is labelled with its side and the
/// game reads back as it replays.
///
/// Kept fields whose names mean something in GGF or cannot be spelled in it
/// are renamed or dropped, and results, evaluations and times that do not
/// read back are left out; [`write_report`](crate::write_report) says which.
///
/// # Errors
/// [`WriteError`] for a record GGF cannot hold: a variant other than Reversi,
/// a board other than a square of 4 to 14 without holes or the octagon, a jump,
/// a move off the board.
pub fn write(records: &[Record]) -> Result<String, WriteError> {
    write_with(records, &mut Losses::new(Format::Ggf, LABEL))
}

/// [`write`](fn@write), noting what is lost.
pub(crate) fn write_with(records: &[Record], losses: &mut Losses) -> Result<String, WriteError> {
    let mut out = String::new();
    let mut lines = Lines::default();
    for (i, record) in records.iter().enumerate() {
        lines.push(record, i, &mut out, losses)?;
    }
    lines.finish(&mut out, losses)?;
    Ok(out)
}

/// Games written one a line as they come, two consecutive synchro games of
/// one start and date as one `2 (;...;)(;...;)` line: a synchro game waits
/// for the next.
#[derive(Debug, Default)]
struct Lines {
    held: Option<(Record, usize)>,
}

impl Lines {
    /// Writes game `index` to `out`, or holds it; with a held game, the two
    /// as a pair or the held one alone first.
    pub(crate) fn push(
        &mut self,
        record: &Record,
        index: usize,
        out: &mut String,
        losses: &mut Losses,
    ) -> Result<(), WriteError> {
        if let Some((held, at)) = self.held.take() {
            if synchro_pair(&held, record) {
                out.push_str("2 ");
                write_game(&held, at, out, losses)?;
                write_game(record, index, out, losses)?;
                out.push('\n');
                return Ok(());
            }
            write_game(&held, at, out, losses)?;
            out.push('\n');
        }
        if synchro(record) {
            self.held = Some((record.clone(), index));
        } else {
            write_game(record, index, out, losses)?;
            out.push('\n');
        }
        Ok(())
    }

    /// Writes the game held, if any.
    pub(crate) fn finish(self, out: &mut String, losses: &mut Losses) -> Result<(), WriteError> {
        if let Some((held, at)) = self.held {
            write_game(&held, at, out, losses)?;
            out.push('\n');
        }
        Ok(())
    }
}

/// Whether the record's type says synchro.
fn synchro(record: &Record) -> bool {
    game_type(record).is_some_and(|i| type_flags(&record.extra[i].1).0)
}

fn synchro_pair(a: &Record, b: &Record) -> bool {
    synchro(a) && synchro(b) && a.start == b.start && a.first == b.first && a.date == b.date
}

/// The index in `extra` of the record's type: the first `TY` field that is a
/// type of the record's board in the form the reader keeps (`s8r18`).
fn game_type(record: &Record) -> Option<usize> {
    let size = ggf_size(&record.start.map_or(record.geometry, |p| *p.geometry()))?;
    record.extra.iter().position(|(name, value)| {
        let (synchro, flags) = type_flags(value);
        name == "TY"
            && type_size(value) == Some(size)
            && *value == format!("{}{size}{flags}", if synchro { "s" } else { "" })
    })
}

/// The size GGF writes for a geometry, if it has one.
fn ggf_size(geometry: &Geometry) -> Option<u8> {
    if *geometry == Geometry::octagon() {
        return Some(88);
    }
    let n = geometry.width();
    (n == geometry.height() && (4..=14).contains(&n) && geometry.holes().next().is_none()).then_some(n)
}

/// `name[value]`, `]` and `\` escaped (the reader takes any character after
/// `\`).
fn field(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push('[');
    for c in value.chars() {
        if matches!(c, ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

/// Writes game `index` as one `(;...;)`: checked first ([`checked`]), then
/// its header ([`header`]), result ([`result`]), start ([`board`]) and
/// moves ([`moves`]), in GGF's order.
fn write_game(record: &Record, index: usize, out: &mut String, losses: &mut Losses) -> Result<(), WriteError> {
    let (start, size) = checked(record, index)?;
    out.push_str("(;GM[Othello]");
    header(record, index, size, out, losses);
    result(record, index, out, losses);
    board(&start, size, out);
    moves(record, index, start.side_to_move(), out, losses);
    out.push_str(";)");
    Ok(())
}

/// The record's start and GGF size, when GGF can hold it: Reversi, a board
/// GGF has ([`ggf_size`]), every move a placement on it (or a pass).
fn checked(record: &Record, index: usize) -> Result<(Position, u8), WriteError> {
    let fail = |what: String| WriteError { format: "GGF", game: index, what };
    if record.variant != Variant::Reversi {
        return Err(fail(format!("GGF holds Reversi only, not {}", record.variant)));
    }
    let start = record.start_position().map_err(|e| fail(format!("the start: {e}")))?;
    let geometry = *start.geometry();
    let Some(size) = ggf_size(&geometry) else {
        return Err(fail(format!("GGF boards are squares of 4 to 14 or the octagon, not {geometry}")));
    };
    for (n, ply) in record.moves.iter().enumerate() {
        match ply.mv {
            Move::Jump { .. } => return Err(fail(format!("the jump {} is no Othello move", ply.mv))),
            Move::Place(sq) if sq.column() >= geometry.width() || sq.row() >= geometry.height() => {
                return Err(fail(format!("move {}, {}, is off the {geometry} board", n + 1, ply.mv)));
            }
            _ => {}
        }
    }
    Ok((start, size))
}

/// The players, date and event, then the kept fields in their order with
/// the game's type at its place (a type the reader derives noted as lost),
/// or the derived type when the record keeps none.
fn header(record: &Record, index: usize, size: u8, out: &mut String, losses: &mut Losses) {
    for (name, value) in [("PB", &record.black), ("PW", &record.white), ("DT", &record.date), ("EV", &record.event)] {
        if let Some(value) = value {
            field(out, name, value);
        }
    }
    let ty = game_type(record);
    let komi = record.get("KM").is_some();
    let kept = FIELD_NAMES.kept(record, index, losses, |i| Some(i) == ty);
    // In their order, the type at its place.
    let mut kept = kept.into_iter().peekable();
    for i in 0..record.extra.len() {
        if Some(i) == ty {
            let value = &record.extra[i].1;
            if *value == default_type(size, komi) {
                // The reader derives it and keeps nothing.
                losses.field(index, i, "TY", None);
            }
            field(out, "TY", value);
        }
        if let Some((_, name, value)) = kept.next_if(|(k, _, _)| *k == i) {
            field(out, &name, value);
        }
    }
    if ty.is_none() {
        field(out, "TY", &default_type(size, komi));
    }
}

/// `RE[...]`, the net score for Black (a disc count less the komi, noted as
/// changed), when the record has a result GGF can write.
fn result(record: &Record, index: usize, out: &mut String, losses: &mut Losses) {
    let (result, changed) = record.result.as_ref().map_or((None, false), GameResult::writable);
    if changed {
        losses.note(index, Loss::Result);
    }
    if let Some(result) = result {
        let net = match result {
            GameResult::Net { .. } => result.to_string(),
            GameResult::Discs { .. } => {
                losses.note(index, Loss::Result);
                let komi: f64 =
                    record.get("KM").and_then(|k| k.trim().parse().ok()).filter(|k: &f64| k.is_finite()).unwrap_or(0.0);
                format!("{:+}", result.margin() - komi)
            }
        };
        field(out, "RE", &net);
    }
}

/// `BO[...]`: the size, the start's squares row by row, the side to move.
fn board(start: &Position, size: u8, out: &mut String) {
    let geometry = start.geometry();
    out.push_str("BO[");
    let _ = write!(out, "{size}");
    for row in 0..geometry.height() {
        out.push(' ');
        for column in 0..geometry.width() {
            let sq = Square::new(column, row).expect("on the board");
            out.push(match start.get(sq) {
                Some(Color::Black) => '*',
                Some(Color::White) => 'O',
                None if geometry.is_hole(sq) => '#',
                None => '-',
            });
        }
    }
    out.push_str(if start.side_to_move() == Color::Black { " *]" } else { " O]" });
}

/// The moves from `side`, each `B[...]` or `W[...]` with its evaluation and
/// time when finite (others noted as lost). GGF writes every pass: those a
/// record leaves out (WTHOR, transcripts) are written in, so that each move
/// is labelled with its side.
fn moves(record: &Record, index: usize, mut side: Color, out: &mut String, losses: &mut Losses) {
    for ply in crate::replay::with_forced_passes(record) {
        let Some(ply) = ply else {
            out.push_str(if side == Color::Black { "B[PA]" } else { "W[PA]" });
            side = !side;
            continue;
        };
        out.push_str(if side == Color::Black { "B[" } else { "W[" });
        match ply.mv {
            Move::Pass => out.push_str("PA"),
            mv => {
                let _ = write!(out, "{mv}");
            }
        }
        // The reader refuses numbers that are not finite.
        let mut finite = |value: Option<f64>, kind: Loss| match value {
            Some(v) if !v.is_finite() => {
                losses.note(index, kind);
                None
            }
            value => value,
        };
        let (eval, seconds) = (finite(ply.eval, Loss::Evaluations), finite(ply.seconds, Loss::Times));
        if eval.is_some() || seconds.is_some() {
            out.push('/');
            if let Some(eval) = eval {
                let _ = write!(out, "{eval}");
            }
            if let Some(seconds) = seconds {
                let _ = write!(out, "/{seconds}");
            }
        }
        out.push(']');
        side = !side;
    }
}
