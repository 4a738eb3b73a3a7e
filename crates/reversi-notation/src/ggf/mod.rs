//! GGF, the Generic Game Format of the Generic Game Server (GGS), for Othello.
//!
//! A game is `(;` fields `;)`, a field a name and a bracketed value (`]` and
//! `\` escaped with `\`). A file holds games one after another: single games,
//! archive lines with a count (`1 (;...;)`) and synchro pairs
//! (`2 (;...;)(;...;)`).
//!
//! | field | in the [`Record`] |
//! | --- | --- |
//! | `GM` | must be `Othello` (any case); always written |
//! | `PB`, `PW`, `DT` | `black`, `white`, `date` (verbatim: GGS writes Unix times and dates) |
//! | `RE` | `result` as [`GameResult::Net`](crate::GameResult::Net) (`33-31` is no `RE`; `RE[?]`, an unfinished game as NBoard and GGS write it, is no result): net discs for Black, minus the komi in komi games, with `:r`/`:t`/`:s` kept; a disc result is written as its net |
//! | `BO` | the start: size, the rows (`-` empty, `*` Black, `O` White, `#` obstructed), side to move (`*` or `O`); the default start becomes `first` |
//! | `TY` | one a game, checked against `BO` (sizes 4 to 14, `88` the octagon); flags `s` synchro, `k` komi, `a` anti, `rN` random start; kept in `extra` in the writer's form (`s8r18`), unless it is just the size (and `k` with a `KM` field), which the writer derives |
//! | `B`, `W` | the moves: `move/eval/time`, eval and time optional (`d3//0.01`); a pass is `PA` (any token starting with `P` is read as one) |
//! | `EV` | `event` (not a GGS field: written only for records that have an event) |
//! | `PC`, `RB`, `RW`, `TI`, `KB`, `KW`, `KM`, `CO`, any other | `extra`, under the GGF name, in the order read |
//!
//! Moves must alternate from the side to move in `BO` (passes are written in
//! GGF). The writer writes single games one a line and two consecutive synchro
//! games of one start and date as one `2 (;...;)(;...;)` line; numbers are
//! written in their shortest form (`2` for `2.00`); results are read only when
//! finite (`RE[+999...9]` beyond an `f64` is a [`SyntaxError`]). It refuses
//! moves off the board.
//!
//! Kept fields ([`Record::extra`], from PGN for example) are written under a
//! name that reads back as a kept field, never as one the reader interprets:
//!
//! | kept field name | written as |
//! | --- | --- |
//! | ASCII letters and digits, not in [`RESERVED_FIELDS`] | itself (`PC`, `KM`, `Variant`) |
//! | `TY`, the first one that is a type of the board in the reader's form | itself, as the game's type (one that just says the board is dropped: the writer derives it) |
//! | other characters (`Time_Control`, `K M`) | left out (`TimeControl`); when that is reserved or `KM`, as below |
//! | in [`RESERVED_FIELDS`] (`PB`, `B`, other `TY`s, ...) | `X` and the name: `XPB`, `XB`, `XTY` |
//! | no letter or digit | dropped |
//!
//! A net result that is not finite is not written, a result suffix other than
//! ASCII letters and digits is left out, a disc result is written as its net
//! result, and evaluations and times that are not finite are left out;
//! [`write_report`](crate::write_report) reports all of these and every
//! renamed or dropped field ([`Losses`](crate::Losses)).

mod parse;
mod write;

use crate::format::codec::{Codec, GameWriter, Head, Parser};
use crate::{Format, ReadOptions, Record, SyntaxError};

pub use write::{RESERVED_FIELDS, write};

/// Reads every game of a GGF file.
///
/// ```
/// let text = "1 (;GM[Othello]PB[ann]PW[bob]TY[8]RE[+2.000]BO[8 -------- -------- -------- ---O*--- \
///             ---*O--- -------- -------- -------- *]B[d3//0.01]W[c5/-1.5/2.4]B[PA];)";
/// let games = reversi_notation::ggf::read(text)?;
/// let g = &games[0];
/// assert_eq!((g.black.as_deref(), g.moves.len(), g.start), (Some("ann"), 3, None));
/// assert_eq!((g.moves[1].eval, g.moves[1].seconds), (Some(-1.5), Some(2.4)));
/// assert_eq!(g.moves[2].mv, reversi_variants::Move::Pass);
/// # Ok::<(), reversi_notation::SyntaxError>(())
/// ```
///
/// # Errors
/// [`SyntaxError`] with line and column: a game or field that never closes, a
/// game other than Othello, a board that does not read or does not match `TY`,
/// a move that is no square, moves that do not alternate, a count that does
/// not match the games on its line.
pub fn read(text: &str) -> Result<Vec<Record>, SyntaxError> {
    crate::reader::read_text(Format::Ggf, &CODEC, text, ReadOptions::new())
}

/// The GGF codec.
pub(crate) struct Ggf;

/// What [`Format::Ggf`] dispatches to.
pub(crate) const CODEC: Ggf = Ggf;

impl Codec for Ggf {
    fn name(&self) -> &'static str {
        "ggf"
    }

    fn label(&self) -> &'static str {
        write::LABEL
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["ggf"]
    }

    /// GGF writes every pass: its moves carry their colour.
    fn passes(&self) -> crate::Passes {
        crate::Passes::Explicit
    }

    /// A first line that opens a game.
    fn sniff(&self, head: &Head<'_>) -> Option<u8> {
        head.line.filter(|l| l.contains("(;")).map(|_| 3)
    }

    fn parser(&self, _: &ReadOptions) -> Parser {
        Parser::Text(Box::<parse::State>::default())
    }

    fn writer(&self) -> Box<dyn GameWriter> {
        write::writer()
    }
}
