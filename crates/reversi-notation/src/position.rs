//! RULES.md position lines: one position a line, any variant and board, read
//! as games without moves from that start; a game writes as its final
//! position (its moves, players and result reported lost).

use reversi_variants::{Position, Variant};

use crate::format::codec::{Codec, Finished, GameWriter, Head, Lines, Parser};
use crate::{Format, Loss, Losses, Passes, ReadOptions, Record, SyntaxError, WriteError, replay};

/// The position-lines codec.
pub(crate) struct PositionLines;

/// What [`Format::Position`] dispatches to.
pub(crate) const CODEC: PositionLines = PositionLines;

impl Codec for PositionLines {
    fn name(&self) -> &'static str {
        "position"
    }

    fn label(&self) -> &'static str {
        "position lines"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pos", "position", "positions"]
    }

    /// A first line of rows joined by `/`.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        let line = head.line?;
        let square = |c: u8| matches!(c, b'X' | b'O' | b'-' | b'*' | b'x' | b'o' | b'.' | b'#' | b'/');
        (line.contains('/') && line.split_whitespace().next().is_some_and(|b| b.bytes().all(square))).then_some(1)
    }

    fn parser(&self, options: &ReadOptions) -> Parser {
        let variant = options.get_variant();
        Parser::Text(Box::new(Lines(move |text: &str, line: &str, at| position_line(text, line, at, variant))))
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        Box::new(Writer { losses: Losses::new(Format::Position, PositionLines.label()) })
    }
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

/// Games written as their final positions, one a line.
#[derive(Debug)]
struct Writer {
    losses: Losses,
}

impl GameWriter for Writer {
    fn push(&mut self, record: &Record, index: usize, out: &mut Vec<u8>) -> Result<(), WriteError> {
        let position = final_position(record, index, PositionLines.label())?;
        out.extend_from_slice(position.to_string().as_bytes());
        out.push(b'\n');
        self.losses.fields_but(index, record, &[]);
        moves_lost(&mut self.losses, index, record);
        Ok(())
    }

    fn finish(self: Box<Self>, _: &mut Vec<u8>) -> Result<Finished, WriteError> {
        Ok(Finished { losses: self.losses, header: None })
    }
}

/// The final position of game `index`, for a format (`label`) that writes
/// games as their final positions.
pub(crate) fn final_position(record: &Record, index: usize, label: &'static str) -> Result<Position, WriteError> {
    replay(record, Passes::Infer).map(|done| done.position).map_err(|e| WriteError {
        format: label,
        game: index,
        what: format!("its final position: {e}"),
    })
}

/// What a format that writes final positions drops: the moves, the players,
/// event, date, result, evaluations and times.
pub(crate) fn moves_lost(losses: &mut Losses, index: usize, record: &Record) {
    if !record.moves.is_empty() {
        losses.note(index, Loss::Moves);
    }
    losses.metadata_of(index, record);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read, write};

    #[test]
    fn position_lines_of_holes_are_no_comments() {
        // Found by fuzzing: a 1x1 board whose square is a hole writes as
        // `# X`, which the reader took for a comment.
        let pos = Position::from_text(Variant::Attacks, "# X").unwrap();
        let mut record = Record::of(Variant::Attacks, *pos.geometry());
        record.set_start(pos);
        let bytes = write(Format::Position, std::slice::from_ref(&record)).unwrap();
        assert_eq!(bytes, b"# X\n");
        let options = ReadOptions::new().variant(Variant::Attacks);
        assert_eq!(read(Format::Position, &bytes, options).unwrap(), [record]);
        // Comments stay comments.
        assert_eq!(read(Format::Position, b"# a comment\n#\n", options).unwrap(), []);
    }
}
