//! Position text: reading positions of any size, through reversi-core's
//! position tokenizer ([`reversi_core::text`]), so that both crates read the
//! same spellings; writing them (`Display`, the RULES.md form) and drawing
//! them ([`Pretty`]).

use core::fmt;

use reversi_core::Color;
use reversi_core::text::{Cell, PositionText};

use crate::error::{ParsePositionError, PositionErrorKind};
use crate::{Geometry, Position, Square, Variant};

fn err(offset: usize, kind: PositionErrorKind) -> ParsePositionError {
    ParsePositionError::new(offset, kind)
}

impl From<reversi_core::PositionErrorKind> for PositionErrorKind {
    /// The tokenizer's kinds ([`PositionText::parse`]) as this crate's.
    fn from(kind: reversi_core::PositionErrorKind) -> PositionErrorKind {
        match kind {
            reversi_core::PositionErrorKind::UnexpectedChar(c) => PositionErrorKind::UnexpectedChar(c),
            reversi_core::PositionErrorKind::TrailingText => PositionErrorKind::TrailingText,
            // The tokenizer gives only these three kinds.
            _ => PositionErrorKind::BadSide,
        }
    }
}

impl Position {
    /// Reads a position of `variant` in the RULES.md form: rows top to bottom
    /// joined by `/`, each left to right with `X` Black, `O` White, `-` empty, `#`
    /// obstructed; a space; the side to move. The board size is read from the
    /// rows, the holes from the `#`s.
    ///
    /// The input forms are reversi-core's ([`reversi_core::text`]), read by the
    /// same tokenizer: Black also `x` `B` `b` `*`, White `o` `W` `w`, empty `.`;
    /// rows separated by whitespace; a leading GGS board size (`n` for an `n` x
    /// `n` board); the 64-character Edax/OBF form as an 8x8 board; the side to
    /// move optional (Black when absent); anything from a `;` on ignored.
    ///
    /// ```
    /// use reversi_variants::{Position, Variant};
    /// let pos = Position::from_text(Variant::Attacks, "X-#-O/-----/O---X O")?;
    /// assert_eq!((pos.geometry().width(), pos.geometry().height()), (5, 3));
    /// assert_eq!(pos.geometry().holes().count(), 1);
    /// assert_eq!(pos.to_string(), "X-#-O/-----/O---X O");
    /// let ggs = Position::from_text(Variant::Attacks, "3 *-O --- O-* O")?;
    /// assert_eq!(ggs, Position::from_text(Variant::Attacks, "X-O/---/O-X O")?);
    /// # Ok::<(), reversi_variants::ParsePositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParsePositionError`] with the byte offset: an unknown character, rows of
    /// different lengths, more than 26 rows or columns, a board size that does
    /// not match the rows, an unknown side to move, or text after it.
    pub fn from_text(variant: Variant, text: &str) -> Result<Position, ParsePositionError> {
        let parsed = PositionText::parse(text).map_err(|e| e.map_kind(PositionErrorKind::from))?;

        // The shape: 1 to 26 rows of 1 to 26 squares, all of one length.
        let mut width = 0;
        for (r, row) in parsed.rows().enumerate() {
            if r >= 26 {
                return Err(err(row.offset(), PositionErrorKind::Size { found: r + 1 }));
            }
            if r == 0 {
                if row.is_empty() || row.len() > 26 {
                    return Err(err(row.offset(), PositionErrorKind::Size { found: row.len() }));
                }
                width = row.len();
            } else if row.len() != width {
                let found = row.len();
                return Err(err(row.offset(), PositionErrorKind::RowLength { row: r + 1, expected: width, found }));
            }
        }
        let height = parsed.rows().len();
        if let Some((stated, at)) = parsed.size()
            && (stated != width || stated != height)
        {
            return Err(err(at, PositionErrorKind::SizeMismatch { stated, width, height }));
        }
        let bad_size =
            |_| err(parsed.rows().next().map_or(0, |row| row.offset()), PositionErrorKind::Size { found: 0 });
        let geometry = Geometry::new(width, height).map_err(bad_size)?;

        let cells = || {
            parsed.rows().enumerate().flat_map(|(r, row)| {
                row.cells().enumerate().map(move |(c, (_, cell))| (Square::new(c as u8, r as u8), cell))
            })
        };
        let holes = cells().filter(|&(_, cell)| cell == Cell::Obstructed).filter_map(|(sq, _)| sq);
        let geometry = geometry.with_holes(holes).map_err(bad_size)?;
        let mut pos = Position::empty(variant, geometry, parsed.side_to_move());
        for (sq, cell) in cells() {
            if let (Some(sq), Cell::Disc(color)) = (sq, cell) {
                pos = pos.with_piece(sq, Some(color));
            }
        }
        Ok(pos)
    }
}

impl Position {
    /// A display adapter drawing the board as a grid with coordinates, as
    /// reversi-core's [`pretty`](reversi_core::Position::pretty).
    ///
    /// ```
    /// use reversi_variants::{Geometry, Position, Variant};
    /// let pos = Position::start(Variant::Attacks, Geometry::new(3, 3)?.with_holes(["b2".parse()?])?)?;
    /// assert_eq!(pos.pretty().to_string(), "  a b c\n1 X - O\n2 - # -\n3 O - X\nX 2 O 2, X to move");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }
}

/// Draws a position as a grid: see [`Position::pretty`].
#[derive(Clone, Copy, Debug)]
pub struct Pretty<'a>(&'a Position);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        let g = pos.geometry();
        let cell = |c, r| match Square::new(c, r) {
            Some(sq) if g.is_hole(sq) => '#',
            Some(sq) => pos.get(sq).map_or('-', Color::char),
            None => '-',
        };
        let to_move = (!pos.is_game_over()).then_some(pos.side_to_move());
        reversi_core::internal::write_grid(f, (g.width(), g.height()), cell, pos.score(), to_move)
    }
}

impl fmt::Display for Position {
    /// The RULES.md form: rows top to bottom joined by `/` (`X`, `O`, `-`, `#`),
    /// a space, the side to move. Width, fill and alignment apply to the whole
    /// line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_some() || f.precision().is_some() {
            return f.pad(&Unpadded(self).to_string());
        }
        Unpadded(self).fmt(f)
    }
}

/// A position's text without padding: what its `Display` pads.
struct Unpadded<'a>(&'a Position);

impl fmt::Display for Unpadded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        for sq in pos.geometry().squares() {
            if sq.column() == 0 && sq.row() > 0 {
                f.write_str("/")?;
            }
            let c = match pos.get(sq) {
                Some(color) => color.char(),
                None if pos.geometry().is_hole(sq) => '#',
                None => '-',
            };
            fmt::Write::write_char(f, c)?;
        }
        write!(f, " {}", pos.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use reversi_core::Color;

    use super::*;

    fn error(text: &str) -> (usize, PositionErrorKind) {
        let e = Position::from_text(Variant::Reversi, text).unwrap_err();
        (e.offset, e.kind)
    }

    fn read(text: &str) -> Position {
        Position::from_text(Variant::Reversi, text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    const START: &str = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";

    #[test]
    fn reports_what_and_where() {
        use PositionErrorKind::*;
        assert_eq!(error("--/--- X"), (3, RowLength { row: 2, expected: 2, found: 3 }));
        assert_eq!(error("--/-q X"), (4, UnexpectedChar('q')));
        assert_eq!(error(&format!("{} X", "-".repeat(27))), (0, Size { found: 27 }));
        assert_eq!(error(&format!("{} X", vec!["-"; 27].join("/"))), (52, Size { found: 27 }));
        assert_eq!(error("--/-- Y"), (6, BadSide));
        assert_eq!(error("--/-- X O"), (8, TrailingText));
        assert_eq!(error("/ X"), (0, Size { found: 0 }));
        assert_eq!(error(""), (0, Size { found: 0 }));
        // Spaced rows and GGS sizes.
        assert_eq!(error("-- --- X"), (3, RowLength { row: 2, expected: 2, found: 3 }));
        assert_eq!(error("-- -- X O"), (8, TrailingText));
        assert_eq!(error("3 -- -- X"), (0, SizeMismatch { stated: 3, width: 2, height: 2 }));
        assert_eq!(error("3 --- --- X"), (0, SizeMismatch { stated: 3, width: 3, height: 2 }));
        assert_eq!(error("2 --/-- --"), (8, BadSide));
        assert_eq!(error(&format!("8 {START} X")), (76, TrailingText));
    }

    #[test]
    fn the_side_is_optional() {
        assert_eq!(read("--/--"), read("--/-- X"));
        assert_eq!(read("X"), read("X X"));
        assert_eq!(read("X O").side_to_move(), Color::White);
        assert_eq!(read("X O").geometry().square_count(), 1);
        assert_eq!(read("X/O").geometry().square_count(), 2);
        assert_eq!((read("X O X").geometry().square_count(), read("X O X").side_to_move()), (2, Color::Black));
        assert_eq!(read("1 X O"), read("X O"));
    }

    #[test]
    fn every_spelling_reads_the_same_position() {
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        let board = &START[..71];
        let spaced = board.replace('/', " ");
        let edax = board.replace('/', "");
        for text in [
            START.to_string(),
            board.to_string(),
            spaced.clone(),
            format!("{spaced} X"),
            format!("8 {spaced} *"),
            format!("8 {board}"),
            format!("{edax} X"),
            edax.clone(),
            format!("{edax} black; c4:+0"),
            board.replace('X', "b").replace('O', "w").replace('-', "."),
            board.replace('X', "*").replace('O', "o") + " B",
            "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *".to_string(),
        ] {
            assert_eq!(read(&text), start, "{text}");
            // The same spellings as reversi-core, to the same position.
            let core: reversi_core::Position = text.parse().unwrap();
            assert_eq!(Position::from(core), start, "{text}");
        }
        let white = Position::start_with_first(Variant::Reversi, Geometry::standard(), Color::White).unwrap();
        for side in ["O", "o", "W", "w", "white", "WHITE"] {
            assert_eq!(read(&format!("{spaced} {side}")), white, "{side}");
            assert_eq!(read(&format!("{edax} {side}")), white, "{side}");
        }
    }

    #[test]
    fn reads_the_edax_form_as_8x8_with_holes() {
        let text = format!("#{}", &"-".repeat(63));
        let pos = Position::from_text(Variant::Attacks, &text).unwrap();
        assert_eq!(pos.geometry().holes().map(|sq| sq.to_string()).collect::<Vec<_>>(), ["a1"]);
        assert_eq!((pos.geometry().width(), pos.geometry().height()), (8, 8));
    }

    #[test]
    fn reads_every_size() {
        for (w, h) in [(1, 1), (26, 26), (5, 7), (26, 1), (1, 3)] {
            let text = format!("{} O", vec!["-".repeat(w); h].join("/"));
            let pos = Position::from_text(Variant::Attacks, &text).unwrap();
            assert_eq!((usize::from(pos.geometry().width()), usize::from(pos.geometry().height())), (w, h));
            assert_eq!(pos.to_string(), text);
            assert_eq!(Position::from_text(Variant::Attacks, &text.replace('/', " ")), Ok(pos), "{text}");
        }
    }

    #[test]
    fn display_pads_the_line() {
        let pos = read("X-/-O O");
        assert_eq!(format!("[{pos:>9}]"), "[  X-/-O O]");
        assert_eq!(format!("[{pos:<8}]"), "[X-/-O O ]");
        assert_eq!(format!("[{pos}]"), "[X-/-O O]");
    }
}
