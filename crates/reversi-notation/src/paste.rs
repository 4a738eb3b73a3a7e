//! What a user pasted: [`paste`] recognises a position, a move list or a
//! game in any of the forms people copy from other programs and sites, and
//! reads it through the readers the formats already have (reversi-core's
//! position tokenizer, the transcript, PGN and GGF parsers): no second
//! parser of any of them.
//!
//! The forms and their order are [`paste`]'s docs. [`paste_position`] is
//! THE reading of a position argument in every front end.

use reversi_variants::{Geometry, Position, Variant};

use crate::{GameResult, Location, Passes, Record, ReplayError, SyntaxError, replay};

/// The longest text [`paste`] reads: 1 MiB, far more than any game or
/// position; a longer one is refused at once ([`PasteError::TooLong`]).
pub const MAX_PASTE_BYTES: usize = 1 << 20;

/// What a pasted text was.
///
/// `#[non_exhaustive]`: more forms may be recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PasteForm {
    /// A position on one line: 64 squares or rows joined by `/`, with or
    /// without the side to move.
    Board,
    /// GGS's bracketed board, `[8 ... *]`.
    GgsBoard,
    /// A board of one line a row (with or without coordinates).
    Diagram,
    /// A move list.
    Moves,
    /// A move list numbered as PlayOK and PGN number moves (`1. F5 f4`).
    Numbered,
    /// A GGF game.
    Ggf,
    /// A PGN game.
    Pgn,
}

/// A recognised paste: its form and the game it holds (a position is a game
/// from that start without moves).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Pasted {
    /// What the text was.
    pub form: PasteForm,
    /// The game: a position's start, or the moves (with players and result
    /// when a GGF or PGN game says them).
    pub record: Record,
}

impl Pasted {
    /// The position the paste ends in: the position itself, or the one after
    /// the moves.
    ///
    /// # Errors
    /// [`ReplayError`]: cannot happen for what [`paste`] returns (it
    /// replays every game it reads), only for a record changed since.
    pub fn position(&self) -> Result<Position, ReplayError> {
        replay(&self.record, Passes::Infer).map(|done| done.position)
    }
}

/// Why a pasted text is nothing [`paste`] knows.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PasteError {
    /// Text of no form, located at the first place no form reads.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A move list or game with a move the rules do not allow.
    #[error(transparent)]
    Illegal(#[from] ReplayError),
    /// More than [`MAX_PASTE_BYTES`].
    #[error("a pasted text of {len} bytes: expected at most {max} bytes", max = MAX_PASTE_BYTES)]
    TooLong {
        /// The text's length in bytes.
        len: usize,
    },
}

/// What no form reads, as an error says it.
const EXPECTED: &str = "a position (64 squares, rows joined by / or on lines of their own, with or without the \
                        side to move), a move list (f5d6c3, 1. F5 f4) or a game (GGF, PGN)";

/// Recognises a pasted 8x8 Othello text ([`paste_as`] for standard Reversi).
///
/// The forms, tried in this order:
///
/// 1. a GGF game (`(;GM[Othello]...;)`), or a PGN game (a first line `[Tag ...]`);
/// 2. GGS's bracketed board, `[8 ... *]` (also `BO[8 ... *]`, as GGF writes it);
/// 3. a position as reversi-core reads one: the 64 squares in one token
///    (`X`/`O`/`-`, `*`/`O`/`-`, `b`/`w`/`.`; OBF, Edax, FFO and GGS boards),
///    rows joined by `/`, or rows on lines of their own (an 8-line diagram),
///    with or without the side to move (`X`, `O`, `*`, `black`, FFO's
///    `Black to move`);
/// 4. a diagram with coordinates: rows of squares, spaces allowed between
///    them, with row numbers before or after and a line of column letters;
/// 5. a move list in any spacing and case (`f5d6c3`, `F5 D6 C3`, `f5,d6`),
///    passes as `PA`, `pass` or `--`, optionally numbered as PlayOK writes it
///    (`1. F5 f4 2. E3 f6`) and ended by a result (`*`, `33-31`).
///
/// A move list is replayed: an illegal move is a [`PasteError::Illegal`]
/// naming the ply, its line and column. Text of none of the forms is a
/// [`PasteError::Syntax`] at the first place no form reads.
///
/// ```
/// use reversi_notation::{PasteForm, paste};
/// let board = paste("---------------------------OX------XO--------------------------- X")?;
/// assert_eq!(board.form, PasteForm::Board);
/// let game = paste("1. F5 f4 2. E3 f6 3. D3")?;
/// assert_eq!((game.form, game.record.moves.len()), (PasteForm::Numbered, 5));
/// let after = paste("f5D6c3")?.position()?;
/// assert_eq!(after.to_string(), "--------/--------/--X-----/---XX---/---OXX--/---O----/--------/-------- O");
/// let error = paste("f5 d6 z9").unwrap_err();
/// assert_eq!(error.to_string(), "line 1, column 7: expected a position (64 squares, rows joined by / or on \
///     lines of their own, with or without the side to move), a move list (f5d6c3, 1. F5 f4) or a game \
///     (GGF, PGN), found \"z9\"");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PasteError`]: no form reads the text (located), a move is illegal, or
/// the text is longer than [`MAX_PASTE_BYTES`].
pub fn paste(text: &str) -> Result<Pasted, PasteError> {
    paste_as(Variant::Reversi, text)
}

/// Recognises a pasted text of `variant`: positions of any board (rows
/// joined by `/`, or on lines of their own), move lists from the variant's
/// default 8x8 start; GGF and PGN games say their own variant and board.
///
/// # Errors
/// As [`paste`].
pub fn paste_as(variant: Variant, text: &str) -> Result<Pasted, PasteError> {
    if text.len() > MAX_PASTE_BYTES {
        return Err(PasteError::TooLong { len: text.len() });
    }
    let body = text.strip_prefix("\u{feff}").unwrap_or(text);
    let skipped = text.len() - body.len();
    let trimmed = body.trim_start();
    let lead = skipped + body.len() - trimmed.len();
    let pasted = if trimmed.starts_with("(;") {
        game(text, crate::ggf::read(text), PasteForm::Ggf)?
    } else if let Some(board) = ggs_board(trimmed) {
        let at = lead + (trimmed.len() - board.len());
        position(variant, text, board, at, PasteForm::GgsBoard).map_err(|e| e.located_in(text))?
    } else if trimmed.starts_with('[') {
        game(text, crate::pgn::read(text), PasteForm::Pgn)?
    } else {
        // A board on one line (64 squares, or rows joined by `/`), else one
        // line a row.
        let first = trimmed.split([';', ' ', '\t', '\n', '\r']).next().unwrap_or_default();
        let multiline = first.len() != 64 && !first.contains('/');
        let board_form = if multiline { PasteForm::Diagram } else { PasteForm::Board };
        match position(variant, text, without_to_move(body), skipped, board_form) {
            Ok(pasted) => pasted,
            Err(board_error) => match diagram(variant, body) {
                Some(pasted) => pasted,
                None => moves(variant, text, skipped).map_err(|moves_error| {
                    // The error of the form the text looks most like: the one
                    // that read further.
                    let error = if board_error.offset > moves_error.offset { board_error } else { moves_error };
                    SyntaxError { expected: EXPECTED.into(), ..error }.located_in(text)
                })?,
            },
        }
    };
    replay(&pasted.record, Passes::Infer)?;
    Ok(pasted)
}

/// Why a position argument reads as no position: [`paste_position`]'s error.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionArgError {
    /// No form reads the text: the error of RULES.md's position text, the
    /// form a position argument is documented by.
    #[error(transparent)]
    Position(#[from] reversi_variants::ParsePositionError),
    /// A form reads the text, but its game does not replay (an illegal
    /// move, located), or the text is longer than [`MAX_PASTE_BYTES`].
    #[error(transparent)]
    Paste(PasteError),
}

/// The position a position argument names: THE reading of every front end's
/// position argument (the CLI's `--position`, Python's `Position(text)`,
/// `solve`, `perft`, a `Batch`'s start, the browser's `Position.fromText`
/// and its position arguments), so that they all take the same texts.
///
/// RULES.md's position text of `variant` first (any board, holes
/// included), else whatever [`paste_as`] recognises (a 64-square board with
/// or without the side to move, GGS's `[8 ...]`, a diagram, a move list, a
/// numbered PlayOK list, a GGF or PGN game): the position it ends in.
///
/// ```
/// use reversi_notation::paste_position;
/// use reversi_variants::Variant;
/// let after = paste_position(Variant::Reversi, "1. F5 d6 2. C3")?;
/// assert_eq!(after, paste_position(Variant::Reversi, "--------/--------/--X-----/---XX---/---OXX--/---O----/--------/-------- O")?);
/// assert!(paste_position(Variant::Reversi, "f5 f5").unwrap_err().to_string().contains("ply 2: f5 is not legal"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PositionArgError::Position`]: no form reads the text (the position
/// text's own error, located by byte); [`PositionArgError::Paste`]: a move
/// list or game with an illegal move, or a text longer than
/// [`MAX_PASTE_BYTES`].
pub fn paste_position(variant: Variant, text: &str) -> Result<Position, PositionArgError> {
    if text.len() > MAX_PASTE_BYTES {
        return Err(PositionArgError::Paste(PasteError::TooLong { len: text.len() }));
    }
    let not_position = match Position::from_text(variant, text) {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    match paste_as(variant, text) {
        Ok(pasted) => pasted.position().map_err(|e| PositionArgError::Paste(e.into())),
        Err(PasteError::Syntax(_)) => Err(PositionArgError::Position(not_position)),
        Err(other) => Err(PositionArgError::Paste(other)),
    }
}

/// The first game of a GGF or PGN paste.
fn game(text: &str, games: Result<Vec<Record>, SyntaxError>, form: PasteForm) -> Result<Pasted, PasteError> {
    let record = games?.into_iter().next().ok_or_else(|| SyntaxError::at(text, text.len(), EXPECTED))?;
    Ok(Pasted { form, record })
}

/// The inside of GGS's `[8 ...]` board (or GGF's `BO[8 ...]`), when the text
/// is one.
fn ggs_board(trimmed: &str) -> Option<&str> {
    let inner = trimmed.strip_prefix("BO").unwrap_or(trimmed).strip_prefix('[')?;
    let inner = inner.trim_end().strip_suffix(']')?;
    inner.trim_start().starts_with(|c: char| c.is_ascii_digit()).then_some(inner)
}

/// The text without FFO's ` to move` after the side (`Black to move`), the
/// rest as it was (the same length, so that offsets hold).
fn without_to_move(text: &str) -> std::borrow::Cow<'_, str> {
    let end = text.trim_end_matches(|c: char| c.is_whitespace() || c == '.');
    match end.len().checked_sub(" to move".len()).filter(|&at| end.is_char_boundary(at)) {
        Some(at) if end[at..].eq_ignore_ascii_case(" to move") => {
            let mut owned = text.to_owned();
            owned.replace_range(at..end.len(), &" ".repeat(end.len() - at));
            if let Some(dot) = owned[at..].find('.') {
                owned.replace_range(at + dot..at + dot + 1, " ");
            }
            owned.into()
        }
        _ => text.into(),
    }
}

/// `board` (at byte `at` of `text`) read as a position of `variant`.
fn position(
    variant: Variant,
    text: &str,
    board: impl AsRef<str>,
    at: usize,
    form: PasteForm,
) -> Result<Pasted, SyntaxError> {
    let board = board.as_ref();
    let pos = Position::from_text(variant, board)
        .map_err(|e| SyntaxError::at(text, at + e.offset, format!("a position ({})", e.kind)))?;
    let mut record = Record::of(variant, *pos.geometry());
    record.set_start(pos);
    Ok(Pasted { form, record })
}

/// A diagram with coordinates: lines of column letters dropped, row numbers
/// and spaces taken out of the rows; the rows must then all be of one
/// length, with the side to move after them if it is written.
fn diagram(variant: Variant, text: &str) -> Option<Pasted> {
    let mut rows: Vec<String> = Vec::new();
    let mut side = None;
    for line in crate::lines::split(text).map(str::trim).filter(|l| !l.is_empty()) {
        if is_column_letters(line) {
            continue;
        }
        if side.is_some() {
            return None;
        }
        let row: String = line.chars().filter(|c| !c.is_ascii_digit() && !c.is_whitespace() && *c != '|').collect();
        if !rows.is_empty() && row.len() != rows[0].len() && is_side(without_to_move(line).trim()) {
            side = Some(without_to_move(line).trim().to_owned());
            continue;
        }
        rows.push(row);
    }
    // A diagram is rows on lines of their own: one line is no diagram (a
    // move list such as `b3` would read as a row of Black discs).
    if rows.len() < 2 {
        return None;
    }
    let board = format!("{} {}", rows.join("/"), side.unwrap_or_default());
    let pos = Position::from_text(variant, &board).ok()?;
    let mut record = Record::of(variant, *pos.geometry());
    record.set_start(pos);
    Some(Pasted { form: PasteForm::Diagram, record })
}

/// Whether `line` is a diagram's column letters: `a b c ...` or `ABC...`, in
/// order from `a`.
fn is_column_letters(line: &str) -> bool {
    let letters = line.chars().filter(|c| !c.is_whitespace());
    let mut count = 0;
    for (i, c) in letters.enumerate() {
        if !c.is_ascii_alphabetic() || usize::from(c.to_ascii_lowercase() as u8 - b'a') != i {
            return false;
        }
        count += 1;
    }
    count > 1
}

/// Whether `token` names a side to move.
fn is_side(token: &str) -> bool {
    token.parse::<reversi_core::Color>().is_ok()
}

/// A move list (numbered or not, a result at its end allowed), from the
/// default start of `variant` on the 8x8 board; the error at the byte of
/// the first token that is no move.
fn moves(variant: Variant, text: &str, skipped: usize) -> Result<Pasted, SyntaxError> {
    // Tokens between separators, each with its byte offset. One test of a
    // separator for both ends of a token: a byte test beside a char test
    // disagreed on a vertical tab (Unicode whitespace, not ASCII's) and
    // pushed empty tokens without end (found by the fuzz target).
    let separator = |c: char| c.is_whitespace() || c == ',';
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in text[skipped..].char_indices() {
        let i = i + skipped;
        if separator(c) {
            if let Some(s) = start.take() {
                tokens.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        tokens.push((s, &text[s..]));
    }
    let mut record = Record::of(variant, Geometry::standard());
    let mut numbered = false;
    let compact = variant == Variant::Reversi;
    for (i, &(at, token)) in tokens.iter().enumerate() {
        // A move number, alone (`1.`, `1...`) or before the move (`1.f5`).
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
        let (at, token) = if digits > 0 && dots > 0 {
            numbered = true;
            (at + digits + dots, &token[digits + dots..])
        } else {
            (at, token)
        };
        if token.is_empty() {
            continue;
        }
        if i + 1 == tokens.len() && !record.moves.is_empty() {
            if token == "*" {
                continue;
            }
            if let Ok(result) = token.parse::<GameResult>()
                && token.contains('-')
                && !token.starts_with('-')
            {
                record.result = Some(result);
                continue;
            }
        }
        let plies =
            crate::transcript::moves(token, compact, at).map_err(|byte| SyntaxError::at(text, at + byte, EXPECTED))?;
        record.moves.extend(plies);
    }
    if record.moves.is_empty() {
        return Err(SyntaxError::at(text, tokens.first().map_or(text.len(), |t| t.0), EXPECTED));
    }
    locate(text, &mut record);
    Ok(Pasted { form: if numbered { PasteForm::Numbered } else { PasteForm::Moves }, record })
}

/// Makes the plies' byte offsets lines and columns (counted once, in order).
fn locate(text: &str, record: &mut Record) {
    let (mut line, mut line_start, mut scanned) = (1, 0, 0);
    let bytes = text.as_bytes();
    for ply in &mut record.moves {
        let Some(Location::Byte(offset)) = ply.at else { continue };
        let offset = usize::try_from(offset).unwrap_or(usize::MAX).min(text.len());
        while scanned < offset {
            if crate::lines::breaks_at(bytes, scanned) {
                line += 1;
                line_start = scanned + 1;
            }
            scanned += 1;
        }
        let column = text.get(line_start..offset).map_or(0, |t| t.chars().count()) + 1;
        ply.at = Some(Location::Text { line, column });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------OX------XO---------------------------";

    #[test]
    fn a_vertical_tab_separates_moves_and_ends() {
        // Unicode whitespace that ASCII's test does not count: it pushed
        // empty tokens without end (found by the fuzz target).
        assert_eq!(paste("f5\u{b}d6").unwrap().record.moves.len(), 2);
        assert!(paste("--------------\u{b}\u{fffd}\u{fffd}").is_err());
    }

    fn form(text: &str) -> PasteForm {
        paste(text).unwrap_or_else(|e| panic!("{text:?}: {e}")).form
    }

    #[test]
    fn boards_in_every_spelling() {
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        let white = start.with_side_to_move(reversi_core::Color::White);
        let swap = |t: &str, a: char, b: char| t.replace('X', &a.to_string()).replace('O', &b.to_string());
        let cases = [
            (START.to_owned(), &start, PasteForm::Board),
            (format!("{START} X"), &start, PasteForm::Board),
            (format!("{START} O"), &white, PasteForm::Board),
            (format!("{} O", swap(START, '*', 'O')), &white, PasteForm::Board),
            (format!("{};", swap(START, 'b', 'w').replace('-', ".")), &start, PasteForm::Board),
            (format!("{START}\nWhite to move\n"), &white, PasteForm::Board),
            (format!("  {START}\nBlack to move.  "), &start, PasteForm::Board),
            (
                "[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O]".to_owned(),
                &white,
                PasteForm::GgsBoard,
            ),
            (
                "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]".to_owned(),
                &start,
                PasteForm::GgsBoard,
            ),
            (
                START.as_bytes().chunks(8).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect(),
                &start,
                PasteForm::Diagram,
            ),
            (
                "  a b c d e f g h\n1 - - - - - - - - 1\n2 - - - - - - - -\n3 - - - - - - - -\n4 - - - O X - - -\n\
                 5 - - - X O - - -\n6 - - - - - - - -\n7 - - - - - - - -\n8 - - - - - - - -\n  a b c d e f g h\nO\n"
                    .to_owned(),
                &white,
                PasteForm::Diagram,
            ),
        ];
        for (text, expected, form) in cases {
            let pasted = paste(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!((pasted.form, &pasted.position().unwrap()), (form, expected), "{text:?}");
        }
    }

    #[test]
    fn move_lists_in_any_spacing_case_and_numbering() {
        let expected: Vec<String> = ["f5", "f4", "e3", "f6", "d3"].map(String::from).to_vec();
        for (text, form) in [
            ("f5f4e3f6d3", PasteForm::Moves),
            ("F5F4E3F6D3\n", PasteForm::Moves),
            (" f5 F4  e3\tf6\nd3 ", PasteForm::Moves),
            ("f5, f4, e3, f6, d3", PasteForm::Moves),
            ("1. F5 f4 2. E3 f6 3. D3", PasteForm::Numbered),
            ("1.f5 f4 2.e3 f6 3.d3 *", PasteForm::Numbered),
        ] {
            let pasted = paste(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            let moves: Vec<String> = pasted.record.moves.iter().map(|p| p.mv.to_string()).collect();
            assert_eq!((pasted.form, moves), (form, expected.clone()), "{text:?}");
        }
        // Passes and a result.
        let game = "d3c5e6d2c6d6b5f5e7f6f4f3g4d7g3g5h6h5h4e8c7h3c3h7e3b6g6f7d8c2d1c4b4a5f8f2e2a4a3b3f1g7b7c8a6a7c1b2a8b8a2e1h8g8h2g1h1g2PAa1b1\n";
        let pasted = paste(game).unwrap();
        assert_eq!(pasted.record.moves.iter().filter(|p| p.mv == reversi_variants::Move::Pass).count(), 1);
        assert_eq!(form("f5 d6 c3 d3 c4 33-31"), PasteForm::Moves);
    }

    #[test]
    fn games() {
        assert_eq!(
            form(
                "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6];)"
            ),
            PasteForm::Ggf
        );
        let pgn = paste("[Black \"Ann\"]\n\n1. f5 d6 *\n").unwrap();
        assert_eq!((pgn.form, pgn.record.black.as_deref()), (PasteForm::Pgn, Some("Ann")));
    }

    #[test]
    fn errors_are_located() {
        let e = paste("f5 d6\nc3 q9").unwrap_err();
        let PasteError::Syntax(e) = e else { panic!("{e}") };
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 4, "q9"));
        // A board with a bad square is reported as a board.
        let PasteError::Syntax(e) = paste(&START.replace("OX", "OQ")).unwrap_err() else { panic!() };
        assert_eq!(e.column, 29);
        // An illegal move names its ply, line and column.
        let e = paste("f5 f5").unwrap_err();
        assert!(matches!(e, PasteError::Illegal(_)), "{e}");
        assert!(e.to_string().starts_with("line 1, column 4: ply 2: f5 is not legal"), "{e}");
        // Moves of a Black-disc letter are moves, not a board's rows.
        for moves in ["b3", "b1 b2"] {
            assert!(matches!(paste(moves), Err(PasteError::Illegal(_))), "{moves:?}");
        }
        for nothing in ["", "  \n", "hello world"] {
            assert!(matches!(paste(nothing), Err(PasteError::Syntax(_))), "{nothing:?}");
        }
        let long = "f5".repeat(MAX_PASTE_BYTES);
        assert_eq!(paste(&long), Err(PasteError::TooLong { len: long.len() }));
    }

    proptest::proptest! {
        /// Any text of the characters pastes are made of is recognised (and
        /// replays) or refused, never a panic.
        #[test]
        fn any_text_is_recognised_or_refused(text in "[a-hA-HxXoObBwW.*#/\\[\\](;1-9 \n\t,-]{0,90}") {
            if let Ok(pasted) = paste(&text) {
                proptest::prop_assert!(pasted.position().is_ok());
            }
        }
    }
}
