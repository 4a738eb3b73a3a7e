//! Reading positions from text: the tokenizer that reversi-core and
//! reversi-variants share, so that both read the same spellings, and core's
//! [`FromStr`] for [`Position`]. Writing is `Display` beside each type.
//!
//! A position text is, in order (RULES.md):
//!
//! 1. optionally a board size, a number, as GGS writes it (`8`): the board is
//!    then that many rows of that many squares;
//! 2. the board: its rows top to bottom, joined by `/` (the form written) or
//!    separated by whitespace (GGS), or the 64 squares of an 8x8 board in one
//!    token (Edax/OBF). Squares are read by [`Cell::from_char`]: `X` `x` `B` `b`
//!    `*` Black, `O` `o` `W` `w` White, `-` `.` empty, `#` obstructed;
//! 3. optionally the side to move, as [`Color`]'s `FromStr` reads it (`X`, `O`,
//!    `*`, `B`, `W`, `black`, `white`, any case). Without it Black moves.
//!
//! Everything from the first `;` on (OBF annotations) is ignored, as is
//! whitespace around the parts.
//!
//! With rows separated by whitespace, the side is the token after the board: a
//! token that names a side ends the rows when its length differs from the first
//! row's or, without a board size, when it is the last token. So `X O` is a 1x1
//! board with White to move; a one-column board written with spaces and without
//! a side reads its last row as the side (write it with `/`: `X/O`).
//!
//! ```
//! use reversi_core::text::{Cell, PositionText};
//! use reversi_core::Color;
//! let text = PositionText::parse("4 ---- -OX- -XO- ---- *")?;
//! assert_eq!(text.size(), Some((4, 0)));
//! assert_eq!(text.side_to_move(), Color::Black);
//! let rows: Vec<&str> = text.rows().map(|row| row.text()).collect();
//! assert_eq!(rows, ["----", "-OX-", "-XO-", "----"]);
//! let second = text.rows().nth(1).unwrap();
//! assert_eq!(second.offset(), 7);
//! assert_eq!(second.cells().nth(1), Some((8, Cell::Disc(Color::White))));
//! # Ok::<(), reversi_core::ParsePositionError>(())
//! ```

use core::iter::FusedIterator;
use core::str::FromStr;

use crate::error::{ParsePositionError, PositionErrorKind};
use crate::{Board, Color, Position, Square};

fn err(offset: usize, kind: PositionErrorKind) -> ParsePositionError {
    ParsePositionError { offset, kind }
}

/// What one square character of a position text stands for.
///
/// ```
/// use reversi_core::{Color, text::Cell};
/// assert_eq!(Cell::from_char('*'), Some(Cell::Disc(Color::Black)));
/// assert_eq!(Cell::from_char('.'), Some(Cell::Empty));
/// assert_eq!(Cell::from_char('/'), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `-` or `.`: an empty square.
    Empty,
    /// A disc: `X`, `x`, `B`, `b`, `*` Black; `O`, `o`, `W`, `w` White
    /// ([`Color::from_char`]).
    Disc(Color),
    /// `#`: an obstructed square (reversi-variants boards; the 8x8 core board
    /// has none).
    Obstructed,
}

impl Cell {
    /// The square a character stands for, if it is a square character.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Cell> {
        match c {
            '-' | '.' => Some(Cell::Empty),
            '#' => Some(Cell::Obstructed),
            _ => match Color::from_char(c) {
                Some(color) => Some(Cell::Disc(color)),
                None => None,
            },
        }
    }
}

/// How the board of a position text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// One token, rows joined by `/`.
    Slashed,
    /// Rows as whitespace-separated tokens (one token: a single row).
    Spaced,
    /// One token of 64 squares: eight rows of eight.
    Edax,
}

/// The whitespace-separated tokens of a text, with their byte offsets.
#[derive(Clone, Debug)]
struct Tokens<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = &self.text[self.at..];
        let start = self.at + rest.find(|c: char| !c.is_whitespace())?;
        let len = self.text[start..].find(char::is_whitespace).unwrap_or(self.text.len() - start);
        self.at = start + len;
        Some((start, &self.text[start..start + len]))
    }
}

/// Checks that every character of a board token is a square (or, where
/// `slashes`, a `/`).
fn check_squares(token: &str, offset: usize, slashes: bool) -> Result<(), ParsePositionError> {
    match token.char_indices().find(|&(_, c)| Cell::from_char(c).is_none() && !(slashes && c == '/')) {
        Some((i, c)) => Err(err(offset + i, PositionErrorKind::UnexpectedChar(c))),
        None => Ok(()),
    }
}

/// A position text split into its parts (see the [module docs](self)): the
/// optional board size, the rows, the optional side to move. Every board
/// character is checked to be a square character; the shape (how many rows,
/// how long) is for the caller to check, since the crates allow different
/// boards.
#[derive(Clone, Copy, Debug)]
pub struct PositionText<'a> {
    text: &'a str,
    size: Option<(usize, usize)>,
    board: (usize, usize),
    layout: Layout,
    rows: usize,
    side: Option<(Color, usize)>,
}

impl<'a> PositionText<'a> {
    /// Splits a position text into its parts.
    ///
    /// # Errors
    /// [`ParsePositionError`] with the byte offset and one of three kinds:
    /// [`PositionErrorKind::UnexpectedChar`] for a board character that is not
    /// a square, [`PositionErrorKind::BadSide`] for a token after the board that
    /// is not a side, [`PositionErrorKind::TrailingText`] for anything after the
    /// side.
    pub fn parse(text: &'a str) -> Result<PositionText<'a>, ParsePositionError> {
        let body = &text[..text.find(';').unwrap_or(text.len())];
        let mut tokens = Tokens { text: body, at: 0 };
        let mut next = tokens.next();
        let mut size = None;
        if let Some((at, token)) = next
            && token.bytes().all(|b| b.is_ascii_digit())
        {
            let n = token.bytes().fold(0usize, |n, b| n.saturating_mul(10).saturating_add(usize::from(b - b'0')));
            size = Some((n, at));
            next = tokens.next();
        }
        let Some((board_at, first)) = next else {
            // No board: a single empty row where it would be.
            let at = body.trim_end().len();
            return Ok(PositionText { text, size, board: (at, at), layout: Layout::Spaced, rows: 1, side: None });
        };
        check_squares(first, board_at, true)?;
        let mut board_end = board_at + first.len();
        let (layout, rows) = if first.contains('/') {
            (Layout::Slashed, first.matches('/').count() + 1)
        } else if first.len() == 64 {
            (Layout::Edax, 8)
        } else {
            let width = first.len();
            let mut rows = 1;
            loop {
                if size.is_some_and(|(n, _)| rows >= n) {
                    break;
                }
                let mut ahead = tokens.clone();
                let Some((at, token)) = ahead.next() else { break };
                if token.parse::<Color>().is_ok() && (token.len() != width || size.is_none() && ahead.next().is_none())
                {
                    break;
                }
                check_squares(token, at, false)?;
                tokens.next();
                rows += 1;
                board_end = at + token.len();
            }
            (Layout::Spaced, rows)
        };
        let side = match tokens.next() {
            Some((at, token)) => Some((token.parse::<Color>().map_err(|_| err(at, PositionErrorKind::BadSide))?, at)),
            None => None,
        };
        if let Some((at, _)) = tokens.next() {
            return Err(err(at, PositionErrorKind::TrailingText));
        }
        Ok(PositionText { text, size, board: (board_at, board_end), layout, rows, side })
    }

    /// The board size written before the board (GGS), with its byte offset.
    /// It is not checked against the rows: that is for the caller.
    #[must_use]
    pub const fn size(&self) -> Option<(usize, usize)> {
        self.size
    }

    /// The rows, top to bottom. A text without a board has one empty row; the
    /// 64-square form gives eight rows of eight.
    #[must_use]
    pub fn rows(&self) -> Rows<'a> {
        Rows { text: self.text, at: self.board.0, end: self.board.1, layout: self.layout, left: self.rows }
    }

    /// The byte offset just after the board.
    #[must_use]
    pub const fn board_end(&self) -> usize {
        self.board.1
    }

    /// The side to move as written, with its byte offset; `None` when the text
    /// does not say.
    #[must_use]
    pub const fn side(&self) -> Option<(Color, usize)> {
        self.side
    }

    /// The side to move: as written, Black when the text does not say.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        match self.side {
            Some((color, _)) => color,
            None => Color::Black,
        }
    }
}

/// The rows of a [`PositionText`], top to bottom.
#[derive(Clone, Debug)]
pub struct Rows<'a> {
    text: &'a str,
    at: usize,
    end: usize,
    layout: Layout,
    left: usize,
}

impl<'a> Iterator for Rows<'a> {
    type Item = Row<'a>;

    fn next(&mut self) -> Option<Row<'a>> {
        self.left = self.left.checked_sub(1)?;
        let rest = &self.text[self.at..self.end];
        let (start, len) = match self.layout {
            Layout::Slashed => (self.at, rest.find('/').unwrap_or(rest.len())),
            Layout::Edax => (self.at, 8.min(rest.len())),
            Layout::Spaced => {
                let start = self.at + rest.find(|c: char| !c.is_whitespace()).unwrap_or(rest.len());
                (start, self.text[start..self.end].find(char::is_whitespace).unwrap_or(self.end - start))
            }
        };
        self.at = (start + len + usize::from(self.layout == Layout::Slashed)).min(self.end);
        Some(Row { offset: start, text: &self.text[start..start + len] })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Rows<'_> {}
impl FusedIterator for Rows<'_> {}

/// One row of a [`PositionText`]: square characters, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row<'a> {
    offset: usize,
    text: &'a str,
}

impl<'a> Row<'a> {
    /// The byte offset of the row in the whole text.
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The row's characters, each a square (so ASCII, one byte a square).
    #[must_use]
    pub const fn text(&self) -> &'a str {
        self.text
    }

    /// The number of squares.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the row has no square.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The squares, left to right, each with its byte offset in the whole text.
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = (usize, Cell)> + ExactSizeIterator + use<'a> {
        let offset = self.offset;
        self.text
            .bytes()
            .enumerate()
            .map(move |(i, b)| (offset + i, Cell::from_char(char::from(b)).unwrap_or(Cell::Empty)))
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position in the RULES.md form,
    /// `--------/--------/--------/---OX---/---XO---/--------/--------/-------- X`,
    /// and the other forms of the [`text`](crate::text) module: rows separated
    /// by whitespace, a leading GGS board size (`8`), the 64-character Edax/OBF
    /// form, any of the disc spellings (`X` `x` `B` `b` `*`, `O` `o` `W` `w`,
    /// `-` `.` empty), the side to move optional (Black when absent), and
    /// anything from a `;` on ignored.
    ///
    /// ```
    /// use reversi_core::{Color, Position};
    /// let a: Position = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X".parse()?;
    /// let b: Position = "---------------------------OX------XO--------------------------- X;".parse()?;
    /// let c: Position = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *".parse()?;
    /// let d: Position = "---------------------------wb------bw---------------------------".parse()?;
    /// assert_eq!([a, b, c, d], [Position::start(); 4]);
    /// let err = "--------/--------/--------/---OX---/---XQ---/--------/--------/-------- X"
    ///     .parse::<Position>()
    ///     .unwrap_err();
    /// assert_eq!(err.to_string(), "bad position at byte 40: expected X, O, - or /, found 'Q'");
    /// # Ok::<(), reversi_core::ParsePositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParsePositionError`] with the byte offset and what was wrong: an unknown
    /// or obstructed square, a wrong number of rows or squares (or a board size
    /// other than 8), an unknown side to move, or text after it.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let parsed = PositionText::parse(text)?;
        if let Some((size, at)) = parsed.size()
            && size != 8
        {
            return Err(err(at, PositionErrorKind::RowCount { found: size }));
        }
        let rows = parsed.rows();
        let count = rows.len();
        let mut board = Board::EMPTY;
        for (r, row) in rows.enumerate() {
            if count == 1 {
                return Err(err(row.offset(), PositionErrorKind::SquareCount { found: row.len() }));
            }
            if r >= 8 {
                return Err(err(row.offset().saturating_sub(1), PositionErrorKind::RowCount { found: count }));
            }
            for (column, (at, cell)) in row.cells().enumerate() {
                match cell {
                    Cell::Obstructed => return Err(err(at, PositionErrorKind::Obstructed)),
                    Cell::Disc(color) => {
                        if let Some(sq) = Square::new(column as u8, r as u8) {
                            board = board.with(sq, Some(color));
                        }
                    }
                    Cell::Empty => {}
                }
            }
            if row.len() != 8 {
                return Err(err(row.offset(), PositionErrorKind::RowLength { row: r + 1, found: row.len() }));
            }
        }
        if count < 8 {
            return Err(err(parsed.board_end(), PositionErrorKind::RowCount { found: count }));
        }
        Ok(Position::new(board, parsed.side_to_move()))
    }
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
        let no_side = "---------------------------OX------XO---------------------------";
        assert_eq!(no_side.parse::<Position>(), Ok(Position::start()));
        assert_eq!(format!("{no_side} O").parse::<Position>(), Ok(Position::start_with_first(Color::White)));
    }

    #[test]
    fn every_spelling_reads_the_same_position() {
        let white_first = Position::start_with_first(Color::White);
        for (black, white) in [('X', 'O'), ('x', 'o'), ('B', 'W'), ('b', 'w'), ('*', 'O'), ('*', 'o')] {
            let board =
                START[..71].replace('X', "\u{0}").replace('O', &white.to_string()).replace('\u{0}', &black.to_string());
            for empty in ['-', '.'] {
                let board = board.replace('-', &empty.to_string());
                let spaced = board.replace('/', " ");
                for side in ["X", "x", "*", "B", "b", "black", "BLACK"] {
                    for text in [format!("{board} {side}"), format!("{spaced} {side}"), format!("8 {spaced} {side}")] {
                        assert_eq!(text.parse::<Position>(), Ok(Position::start()), "{text}");
                    }
                }
                for side in ["O", "o", "W", "w", "white"] {
                    assert_eq!(format!("{board} {side}").parse::<Position>(), Ok(white_first), "{board} {side}");
                    assert_eq!(format!("{spaced} {side}").parse::<Position>(), Ok(white_first), "{spaced} {side}");
                }
                assert_eq!(board.parse::<Position>(), Ok(Position::start()), "{board}");
                assert_eq!(spaced.parse::<Position>(), Ok(Position::start()), "{spaced}");
            }
        }
    }

    #[test]
    fn reads_the_ggs_form() {
        let ggs = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *";
        assert_eq!(ggs.parse::<Position>(), Ok(Position::start()));
        let white = ggs.replace(" *", " O");
        assert_eq!(white.parse::<Position>(), Ok(Position::start_with_first(Color::White)));
        assert_eq!(format!("8 {START}").parse::<Position>(), Ok(Position::start()));
    }

    #[test]
    fn display_pads_the_line() {
        let text = format!("[{:>75}]", Position::start());
        assert_eq!(text, format!("[  {START}]"));
        assert_eq!(format!("{:.8}", Position::start()), "--------");
        assert_eq!(format!("{:<72}|", Position::start().board()), format!("{} |", &START[..71]));
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
        assert_eq!(kind(&START.replace(" X", " Z")), (72, BadSide));
        assert_eq!(kind(&START.replace(" X", " X X")), (74, TrailingText));
        assert_eq!(kind(&START.replace(" X", " X O")), (74, TrailingText));
        assert_eq!(kind(&format!("{}/-------- X", &START[..71])), (71, RowCount { found: 9 }));
        assert_eq!(kind(&"-".repeat(65)), (0, SquareCount { found: 65 }));
        assert_eq!(kind(&format!("{} X", "-".repeat(63))), (0, SquareCount { found: 63 }));
        assert_eq!(
            kind("--------/--------/--------/---OX---/---XO---/--------/--------/-------é X"),
            (70, UnexpectedChar('é'))
        );
        // Spaced rows: the same checks, the side after the board.
        let spaced = START.replace('/', " ");
        assert_eq!(kind(&spaced.replace(" X", " X O")), (74, TrailingText));
        assert_eq!(kind(&spaced.replace(" X", " Z")), (72, UnexpectedChar('Z')));
        assert_eq!(kind(&spaced.replace("---OX---", "---OX--")), (27, RowLength { row: 4, found: 7 }));
        assert_eq!(kind(&spaced.replace(" -------- X", " X")), (62, RowCount { found: 7 }));
        assert_eq!(kind(&format!("10 {spaced}")), (0, RowCount { found: 10 }));
        assert_eq!(kind(&format!("8 {}", &spaced[9..])), (64, RowCount { found: 7 }));
        assert_eq!(kind(&format!("8 {START} X")), (76, TrailingText));
    }
}
