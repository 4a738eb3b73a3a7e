//! PGN-style records for every variant, and PlayOK's PGN.
//!
//! A game is tag pairs, then numbered movetext, then a result:
//!
//! ```text
//! [Event "Club night"]
//! [Black "Ann"]
//! [White "Bob"]
//! [Result "33-31"]
//! [Variant "Reversitacks"]
//! [Board "10x8"]
//! [Holes "e4 f5"]
//!
//! 1. c3 {[%eval +2] [%emt 1.5]} a1c3 2. pass d5 33-31
//! ```
//!
//! Tags read into the record: `Variant` (default Reversi), `Board` (`WxH` or
//! `octagon`, default 8x8), `Holes` (squares, space- or comma-separated),
//! `Position` (RULES.md text; its board must agree with `Board` and `Holes`),
//! `First` (`Black` or `White`), `Black`, `White`, `Date`, `Event`, `Result`
//! (discs `33-31`, a net result `+8.5` or `*`). Other tags are kept in
//! [`Record::extra`] in their order. A tag given twice is read from its first
//! occurrence; the others are kept in [`Record::extra`] too, named as the
//! writer writes such a field (`X_Black`), so that they read back the same.
//!
//! Movetext: move numbers (`29.`, `29...`) are read and not checked; moves per
//! RULES.md; passes as `pass`, `PA` or PlayOK's `--` (which takes its own slot:
//! `29. -- g8`); comments in braces (`[%eval X]` and `[%emt S]` in them become
//! the ply's evaluation and seconds; other comment text is not kept) or after
//! `;` to the end of the line; the result at the end (`38-26`, `+8.5`, `*`). A
//! game ends at its result, at the next tag or at the end of the file; games
//! without a `Result` tag take the result from the movetext. A comment
//! outside any game (before a game's tags or movetext, after its result) is
//! no game: it is passed over.
//!
//! The writer writes the tags above that are set (`Variant`, `Board` only when
//! not 8x8 Reversi), then the extra tags, then the moves numbered from the
//! side to move at the start (`1... f5` when White starts), passes as `pass`,
//! eighty columns a line. Values escape `"` and `\` with `\` (line breaks are
//! read and written as they are).
//!
//! Kept fields ([`Record::extra`], from GGF for example) are written as tags
//! under a name that reads back as a kept field, never as one the reader
//! interprets:
//!
//! | kept field name | written as |
//! | --- | --- |
//! | letters, digits, `_`, not in [`RESERVED_TAGS`] | itself (`Site`, `KM`, `X_Variant`) |
//! | other characters (`Time Control`, `é`) | each one as `_` (`Time_Control`), then as below |
//! | in [`RESERVED_TAGS`] (`Variant`, `Black`, `Result`, ...) | `X_` and the name: `X_Variant` |
//! | empty | dropped |
//!
//! A net result that is not finite is written `*`, a result suffix other than
//! ASCII letters and digits is left out, and so are evaluations and times that
//! are not finite; [`write_report`](crate::write_report) reports all of these
//! and every renamed or dropped field ([`Losses`](crate::Losses)).

mod parse;
mod tags;
mod write;

use crate::format::codec::{Codec, GameWriter, Head, Parser};
use crate::{Format, ReadOptions, Record, SyntaxError};

pub use tags::RESERVED_TAGS;
pub use write::{write, write_record};

/// Reads every game of a PGN file.
///
/// ```
/// let text = "[Black \"Ann\"]\n[Result \"38-26\"]\n\n1. f5 d6 2. c3 -- 3. d3 38-26\n";
/// let games = reversi_notation::pgn::read(text)?;
/// assert_eq!(games[0].black.as_deref(), Some("Ann"));
/// assert_eq!(games[0].moves.len(), 5);
/// assert_eq!(games[0].moves[3].mv, reversi_variants::Move::Pass);
/// # Ok::<(), reversi_notation::SyntaxError>(())
/// ```
///
/// # Errors
/// [`SyntaxError`] with line and column: a tag or comment that never closes, an
/// unknown variant, a board or hole list that does not read, a position that
/// does not fit the board, a token that is neither a move, a move number nor a
/// result.
pub fn read(text: &str) -> Result<Vec<Record>, SyntaxError> {
    crate::reader::read_text(Format::Pgn, &CODEC, text, ReadOptions::new())
}

/// The PGN codec.
pub(crate) struct Pgn;

/// What [`Format::Pgn`] dispatches to.
pub(crate) const CODEC: Pgn = Pgn;

impl Codec for Pgn {
    fn name(&self) -> &'static str {
        "pgn"
    }

    fn label(&self) -> &'static str {
        write::LABEL
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pgn"]
    }

    /// A first line that opens a tag (sure), or that starts movetext (less sure).
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        // Tags; or, less sure, movetext without them: a move number (`1.
        // f5`), a result (`*`, `33-31`), a comment (`{`, `;`).
        let line = head.line?;
        let token = line.split_whitespace().next().unwrap_or_default();
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b'/');
        let numbered = token.split_once('.').is_some_and(|(n, _)| digits(n));
        let result = token == "*" || token.split_once('-').is_some_and(|(a, b)| digits(a) && digits(b));
        let movetext = numbered || result || line.starts_with(['{', ';']);
        if line.starts_with('[') { Some(4) } else { movetext.then_some(1) }
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Text(Box::<parse::PgnParser>::default())
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        write::writer()
    }
}

#[cfg(test)]
mod tests {
    use reversi_core::Color;
    use reversi_variants::Variant;

    use super::*;
    use crate::GameResult;

    #[test]
    fn playok_passes_take_their_slot() {
        let text = "[Event \"?\"]\n[Result \"38-26\"]\n\n1. f5 d6 2. c3 f3\n3. -- g8 38-26\n";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 1);
        let moves: Vec<String> = games[0].moves.iter().map(|p| p.mv.to_string()).collect();
        assert_eq!(moves, ["f5", "d6", "c3", "f3", "pass", "g8"]);
        assert_eq!(games[0].result, Some(GameResult::Discs { black: 38, white: 26 }));
        assert_eq!(games[0].event.as_deref(), Some("?"));
    }

    #[test]
    fn each_game_ends_with_a_blank_line_so_appended_games_stay_apart() {
        // A match appends each game as it ends, one `write` per game: the
        // file must be the same as the games written at once, a blank line
        // between games (the export format ends every game with one).
        let games = read("[Black \"A\"]\n\n1. f5 d6 *\n\n[Black \"B\"]\n\n1. f5 f6 *\n").unwrap();
        let appended: String = games.iter().map(|g| write(std::slice::from_ref(g))).collect();
        assert_eq!(appended, write(&games));
        assert!(appended.contains("d6 *\n\n[Black \"B\"]"), "{appended}");
        assert!(appended.ends_with("f6 *\n\n"), "{appended}");
        assert_eq!(read(&appended).unwrap(), games);
    }

    #[test]
    fn variants_boards_and_starts() {
        let text = "[Variant \"Attacks\"]\n[Board \"7x7\"]\n[Holes \"d4\"]\n[First \"White\"]\n\n1... a7b5 2. b2 *";
        let g = &read(text).unwrap()[0];
        assert_eq!((g.variant, g.geometry.to_string(), g.first), (Variant::Attacks, "7x7".into(), Color::White));
        assert_eq!(g.geometry.holes().count(), 1);
        assert_eq!(g.moves.len(), 2);
        assert_eq!(read(&write(std::slice::from_ref(g))).unwrap(), std::slice::from_ref(g));
        let written = write(std::slice::from_ref(g));
        assert!(written.contains("1... a7b5 2. b2 *"), "{written}");
    }

    #[test]
    fn evaluations_and_times_ride_in_comments() {
        let g = &read("1. f5 {[%eval -2.5] [%emt 0.25] nice} d6 {just text} *").unwrap()[0];
        assert_eq!((g.moves[0].eval, g.moves[0].seconds), (Some(-2.5), Some(0.25)));
        assert_eq!((g.moves[1].eval, g.moves[1].seconds), (None, None));
        assert_eq!(read(&write(std::slice::from_ref(g))).unwrap(), std::slice::from_ref(g));
    }

    #[test]
    fn errors_are_located() {
        let e = read("[Black \"Ann\"]\n\n1. f5 d6 2. z0 *").unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (3, 13, "z0"));
        assert_eq!(e.to_string(), "line 3, column 13: expected a move, a move number or a result, found \"z0\"");
        let e = read("[Black \"Ann").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = read("1. f5 {never closed").unwrap_err();
        assert_eq!((e.column, e.expected.as_str()), (7, "a comment closed by }"));
        let e = read("[Board \"27x27\"]\n*").unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
        let e = read("[Variant \"chess\"]\n*").unwrap_err();
        assert!(e.expected.starts_with("a variant"));
        let e = read("[Board \"6x6\"]\n[Position \"--------/--------/--------/---OX---/---XO---/--------/--------/-------- X\"]\n*")
            .unwrap_err();
        assert_eq!(e.line, 2);
        let e = read("12 f5").unwrap_err();
        assert_eq!(e.column, 1);
        // A result's suffix is letters and digits: anything else would not
        // survive the movetext (found by fuzzing).
        assert!(read("[Result \"+1:r f5\"]\n*").unwrap_err().expected.starts_with("a result"));
    }

    #[test]
    fn several_games_with_and_without_terminators() {
        let games = read("1. f5 d6\n[Black \"B\"]\n1. f5 33-31\n\n1. d3 *\n").unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[1].result, Some(GameResult::Discs { black: 33, white: 31 }));
        assert_eq!(games[2].result, None);
    }
}
