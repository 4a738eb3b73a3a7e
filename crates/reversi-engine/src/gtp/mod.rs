//! GTP, the Go Text Protocol (version 2), as Othello engines speak it.
//!
//! A command is a line: an optional numeric id, a command name, arguments;
//! `#` starts a comment, control characters but tab and line feed are
//! dropped, tabs are spaces, empty lines are skipped. An answer is `=` (or
//! `?` for an error), the id if the command had one, a space and the text,
//! then an empty line: `= f5\n\n`, `? illegal move\n\n`.
//!
//! Othello engines (Edax, Egaroucid, neural-reversi) use Othello's squares
//! (`a1` top left, no column skipped), `b`/`black` and `w`/`white`, `pass`,
//! and `boardsize 8`. Commands of both sides here:
//!
//! | command | answer |
//! | --- | --- |
//! | `protocol_version` | `2` |
//! | `name`, `version` | the engine's name and version |
//! | `known_command C`, `list_commands` | `true`/`false`; one command a line |
//! | `quit` | empty, then the engine ends |
//! | `boardsize N` | empty, or `? unacceptable size` |
//! | `clear_board` | empty: the start position, Black to move |
//! | `komi K` | empty (ignored) |
//! | `play b\|w MOVE` | empty, or `? illegal move` |
//! | `genmove b\|w` | the move played (`pass` when it must) |
//! | `undo` | empty, or `? cannot undo` |
//! | `showboard` | the board drawn over several lines |
//! | `final_score` | `B+12`, `W+2` or `0` (empties to the winner when over) |
//! | `time_settings M B S`, `time_left C T S` | empty |
//!
//! `play` or `genmove` for the colour not to move, when the side to move
//! must pass, plays the pass first (as Edax does), so a referee need not
//! send passes.

mod client;
mod server;

pub use client::Client;
pub(crate) use client::program_name;
pub use server::{MAX_COMMAND, MAX_UNDO, Server, serve};

use reversi_core::Color;
use reversi_variants::{Position, Variant};

/// A start GTP cannot set up: the protocol's only setup commands are
/// `boardsize N` and `clear_board`, the default start of N x N Reversi
/// with Black to move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// `start` is not the default start of an N x N Reversi board.
    #[error("speaks GTP, which sets up only the standard start (boardsize N, clear_board), not {start}")]
    NotStandard {
        /// The start asked for (boxed: a variants position is large).
        start: Box<Position>,
    },
}

/// THE start rule of GTP: `start` must be the default start of an N x N
/// Reversi board (the only start `boardsize N` and `clear_board` set up).
/// The client applies it when a game starts; a match
/// ([`EngineSpec::check_start`](crate::referee::EngineSpec::check_start))
/// and a session ([`Session::go`](crate::Session::go)) check it before
/// asking the engine.
///
/// ```
/// use reversi_engine::gtp;
/// use reversi_variants::Position;
/// let standard = Position::from(reversi_core::Position::start());
/// assert!(gtp::check_start(&standard).is_ok());
/// let other: reversi_core::Position = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O".parse()?;
/// assert!(gtp::check_start(&Position::from(other)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`StartError::NotStandard`] for any other start.
pub fn check_start(start: &Position) -> Result<(), StartError> {
    let g = start.geometry();
    let default = Position::start(Variant::Reversi, *g).ok();
    if g.width() == g.height() && default == Some(*start) {
        Ok(())
    } else {
        Err(StartError::NotStandard { start: Box::new(*start) })
    }
}

/// Reads `b`, `black`, `w`, `white` (any case).
fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// `b` or `w`.
const fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'b',
        Color::White => 'w',
    }
}
