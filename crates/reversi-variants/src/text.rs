//! Reading positions of any size from the RULES.md text.

use reversi_core::Color;

use crate::error::{ParsePositionError, PositionErrorKind};
use crate::{Geometry, Position, Square, Variant};

fn err(offset: usize, kind: PositionErrorKind) -> ParsePositionError {
    ParsePositionError { offset, kind }
}

impl Position {
    /// Reads a position of `variant` in the RULES.md form: rows top to bottom
    /// joined by `/`, each left to right with `X` Black, `O` White, `-` empty, `#`
    /// obstructed (lower case `x`/`o` and `.` for empty also read); a space; the
    /// side to move. The board size is read from the rows, the holes from the `#`s.
    ///
    /// ```
    /// use reversi_variants::{Position, Variant};
    /// let pos = Position::from_text(Variant::Attacks, "X-#-O/-----/O---X O")?;
    /// assert_eq!((pos.geometry().width(), pos.geometry().height()), (5, 3));
    /// assert_eq!(pos.geometry().holes().count(), 1);
    /// assert_eq!(pos.to_string(), "X-#-O/-----/O---X O");
    /// # Ok::<(), reversi_variants::ParsePositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParsePositionError`] with the byte offset: an unknown character, rows of
    /// different lengths, more than 26 rows or columns, a missing or unknown side
    /// to move, or text after it.
    pub fn from_text(variant: Variant, text: &str) -> Result<Position, ParsePositionError> {
        let start = text.len() - text.trim_start().len();
        let board_end = text[start..].find(char::is_whitespace).map_or(text.len(), |i| start + i);
        let board = &text[start..board_end];

        // First pass: the shape, and every character checked.
        let mut width = None;
        let mut rows = 0;
        let mut row_start = start;
        for row in board.split('/') {
            rows += 1;
            if rows > 26 {
                return Err(err(row_start, PositionErrorKind::Size { found: rows }));
            }
            let mut len = 0;
            for (i, c) in row.char_indices() {
                if !matches!(c, 'X' | 'x' | '*' | 'O' | 'o' | '-' | '.' | '#') {
                    return Err(err(row_start + i, PositionErrorKind::UnexpectedChar(c)));
                }
                len += 1;
            }
            match width {
                None if len == 0 || len > 26 => {
                    return Err(err(row_start, PositionErrorKind::Size { found: len }));
                }
                None => width = Some(len),
                Some(expected) if expected != len => {
                    return Err(err(row_start, PositionErrorKind::RowLength { row: rows, expected, found: len }));
                }
                Some(_) => {}
            }
            row_start += row.len() + 1;
        }
        let width = width.unwrap_or(0);
        let geometry = Geometry::new(width, rows).map_err(|_| err(start, PositionErrorKind::Size { found: 0 }))?;

        // Second pass: holes, then pieces.
        let cells = || {
            board
                .split('/')
                .enumerate()
                .flat_map(|(r, row)| row.chars().enumerate().map(move |(c, ch)| (Square::new(c as u8, r as u8), ch)))
        };
        let holes = cells().filter(|&(_, ch)| ch == '#').filter_map(|(sq, _)| sq);
        let geometry = geometry.with_holes(holes).map_err(|_| err(start, PositionErrorKind::Size { found: 0 }))?;

        let rest = &text[board_end..];
        let side_start = board_end + (rest.len() - rest.trim_start().len());
        let side_text = text[side_start..].trim_end();
        if side_text.is_empty() {
            return Err(err(side_start, PositionErrorKind::MissingSide));
        }
        let side_end = side_text.find(char::is_whitespace).unwrap_or(side_text.len());
        if side_end < side_text.len() {
            return Err(err(side_start + side_end, PositionErrorKind::TrailingText));
        }
        let side = side_text.parse::<Color>().map_err(|_| err(side_start, PositionErrorKind::BadSide))?;

        let mut pos = Position::empty(variant, geometry, side);
        for (sq, ch) in cells() {
            if let (Some(sq), Some(color)) = (sq, Color::from_char(ch)) {
                pos = pos.with_piece(sq, Some(color));
            }
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, PositionErrorKind) {
        let e = Position::from_text(Variant::Reversi, text).unwrap_err();
        (e.offset, e.kind)
    }

    #[test]
    fn reports_what_and_where() {
        use PositionErrorKind::*;
        assert_eq!(error("--/--- X"), (3, RowLength { row: 2, expected: 2, found: 3 }));
        assert_eq!(error("--/-q X"), (4, UnexpectedChar('q')));
        assert_eq!(error(&format!("{} X", "-".repeat(27))), (0, Size { found: 27 }));
        assert_eq!(error(&format!("{} X", vec!["-"; 27].join("/"))), (52, Size { found: 27 }));
        assert_eq!(error("--/--"), (5, MissingSide));
        assert_eq!(error("--/-- Y"), (6, BadSide));
        assert_eq!(error("--/-- X O"), (7, TrailingText));
        assert_eq!(error("/ X"), (0, Size { found: 0 }));
    }

    #[test]
    fn reads_every_size() {
        for (w, h) in [(1, 1), (26, 26), (5, 7), (26, 1)] {
            let text = format!("{} O", vec!["-".repeat(w); h].join("/"));
            let pos = Position::from_text(Variant::Attacks, &text).unwrap();
            assert_eq!((usize::from(pos.geometry().width()), usize::from(pos.geometry().height())), (w, h));
            assert_eq!(pos.to_string(), text);
        }
    }
}
