//! Reading positions from text.

use core::str::FromStr;

use crate::error::{ParsePositionError, PositionErrorKind};
use crate::{Board, Color, Position, Square};

fn err(offset: usize, kind: PositionErrorKind) -> ParsePositionError {
    ParsePositionError { offset, kind }
}

/// The disc on a square character: `Ok(None)` for empty.
fn square_at(c: char, offset: usize) -> Result<Option<Color>, ParsePositionError> {
    match c {
        '-' | '.' => Ok(None),
        '#' => Err(err(offset, PositionErrorKind::Obstructed)),
        _ => Color::from_char(c).map(Some).ok_or(err(offset, PositionErrorKind::UnexpectedChar(c))),
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position in the RULES.md form,
    /// `--------/--------/--------/---OX---/---XO---/--------/--------/-------- X`,
    /// or the 64-character Edax/OBF form without `/`.
    ///
    /// Squares: `X`, `x` or `*` Black; `O` or `o` White; `-` or `.` empty. After the
    /// board, whitespace, then the side to move: `X`, `O`, `*`, `black` or `white`
    /// (any case). A `;` may follow, and whatever comes after it (OBF annotations)
    /// is ignored. Leading and trailing whitespace is ignored.
    ///
    /// ```
    /// use reversi_core::{Color, Position};
    /// let a: Position = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X".parse()?;
    /// let b: Position = "---------------------------OX------XO--------------------------- X;".parse()?;
    /// assert_eq!(a, b);
    /// assert_eq!(a, Position::start());
    /// let err = "--------/--------/--------/---OX---/---XQ---/--------/--------/-------- X"
    ///     .parse::<Position>()
    ///     .unwrap_err();
    /// assert_eq!(err.to_string(), "bad position at byte 40: expected X, O, - or /, found 'Q'");
    /// # Ok::<(), reversi_core::ParsePositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParsePositionError`] with the byte offset and what was wrong: an unknown or
    /// obstructed square, a wrong number of rows or squares, a missing or unknown
    /// side to move, or text after it.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let body_end = text.find(';').unwrap_or(text.len());
        let body = &text[..body_end];
        let start = body.len() - body.trim_start().len();
        let board_end = body[start..].find(char::is_whitespace).map_or(body.len(), |i| start + i);
        let board = parse_board(&body[start..board_end], start)?;

        let rest = &body[board_end..];
        let side_start = board_end + (rest.len() - rest.trim_start().len());
        let side_text = body[side_start..].trim_end();
        if side_text.is_empty() {
            return Err(err(side_start, PositionErrorKind::MissingSide));
        }
        let side_end = side_text.find(char::is_whitespace).unwrap_or(side_text.len());
        if side_end < side_text.len() {
            return Err(err(side_start + side_end, PositionErrorKind::TrailingText));
        }
        let side = side_text.parse::<Color>().map_err(|_| err(side_start, PositionErrorKind::BadSide))?;
        Ok(Position::new(board, side))
    }
}

/// Reads the board token starting at byte `base` of the whole text.
fn parse_board(token: &str, base: usize) -> Result<Board, ParsePositionError> {
    let mut board = Board::EMPTY;
    if token.contains('/') {
        let mut rows = 0;
        let mut row_start = base;
        for (r, row) in token.split('/').enumerate() {
            rows += 1;
            if r >= 8 {
                return Err(err(
                    row_start.saturating_sub(1),
                    PositionErrorKind::RowCount { found: token.split('/').count() },
                ));
            }
            let mut found = 0;
            for (i, c) in row.char_indices() {
                let color = square_at(c, row_start + i)?;
                if found < 8 {
                    let sq = Square::from_coords(found as u8, r as u8).unwrap_or(Square::A1);
                    board = board.with(sq, color);
                }
                found += 1;
            }
            if found != 8 {
                return Err(err(row_start, PositionErrorKind::RowLength { row: r + 1, found }));
            }
            row_start += row.len() + 1;
        }
        if rows != 8 {
            return Err(err(base + token.len(), PositionErrorKind::RowCount { found: rows }));
        }
    } else {
        let mut found = 0;
        for (i, c) in token.char_indices() {
            let color = square_at(c, base + i)?;
            if let Some(sq) = Square::new(found as u8).filter(|_| found < 64) {
                board = board.with(sq, color);
            }
            found += 1;
        }
        if found != 64 {
            return Err(err(base, PositionErrorKind::SquareCount { found }));
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::prelude::rust_2024::*;

    fn kind(text: &str) -> (usize, PositionErrorKind) {
        let e = text.parse::<Position>().unwrap_err();
        (e.offset, e.kind)
    }

    const START: &str = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";

    #[test]
    fn round_trips_the_start() {
        assert_eq!(Position::start().to_string(), START);
        assert_eq!(START.parse::<Position>(), Ok(Position::start()));
        let white_first = START.replace(" X", " O").parse::<Position>().unwrap();
        assert_eq!(white_first, Position::start_with_first(Color::White));
    }

    #[test]
    fn accepts_the_edax_forms() {
        let edax = "---------------------------O*------*O--------------------------- black";
        assert_eq!(edax.parse::<Position>(), Ok(Position::start()));
        let obf = "  ---------------------------OX------XO---------------------------  x ; c4:+0; d3:+0\n";
        assert_eq!(obf.parse::<Position>(), Ok(Position::start()));
    }

    #[test]
    fn reports_what_and_where() {
        use PositionErrorKind::*;
        assert_eq!(kind(""), (0, SquareCount { found: 0 }));
        assert_eq!(
            kind("--------/--------/--------/---OX---/---XO---/--------/-------- X"),
            (62, RowCount { found: 7 })
        );
        assert_eq!(kind(&START.replace("---OX---", "---OX--#")), (34, Obstructed));
        assert_eq!(kind(&START.replace("---OX---", "---OX----")), (27, RowLength { row: 4, found: 9 }));
        assert_eq!(kind(&START.replace(" X", "")), (71, MissingSide));
        assert_eq!(kind(&START.replace(" X", " Z")), (72, BadSide));
        assert_eq!(kind(&START.replace(" X", " X X")), (73, TrailingText));
        assert_eq!(kind(&format!("{}/-------- X", &START[..71])), (71, RowCount { found: 9 }));
        assert_eq!(kind(&"-".repeat(65)), (0, SquareCount { found: 65 }));
        assert_eq!(
            kind("--------/--------/--------/---OX---/---XO---/--------/--------/-------é X"),
            (70, UnexpectedChar('é'))
        );
    }
}
