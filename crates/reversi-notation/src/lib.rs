//! Reversi game records: read, written and replayed, with pass entries.
//!
//! One [`Record`] type holds a game from any format: variant, board (holes
//! included), start and first mover, players, event, date, result, the moves
//! (passes included) with evaluation and time, and every other field kept for
//! writing back. [`replay`] checks every move against the rules and names the
//! game, ply, move, side and reason of the first illegal one; formats that
//! leave passes out are read by inserting each forced pass ([`Passes::Infer`]),
//! and [`with_passes`] writes them in.
//!
//! ```
//! use reversi_notation::{Format, Passes, ReadOptions, pgn, read, replay, write};
//!
//! let text = "[Black \"Ann\"]\n[White \"Bob\"]\n\n1. f5 d6 2. c3 d3 3. c4 *\n";
//! let games = pgn::read(text)?;
//! let done = replay(&games[0], Passes::Infer)?;
//! assert_eq!((done.plies, done.position.score().to_string().as_str()), (5, "6-3"));
//! // The same game as GGF, read back through the format-neutral door.
//! let ggf = write(Format::Ggf, &games)?;
//! assert!(String::from_utf8_lossy(&ggf).contains("PB[Ann]PW[Bob]"));
//! assert_eq!(read(Format::Ggf, &ggf, ReadOptions::default())?[0].moves, games[0].moves);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Formats
//!
//! | module | reads and writes | passes |
//! | --- | --- | --- |
//! | [`transcript`] | one game a line: compact 8x8 `f5d6c3`, spaced tokens `c3 a1c3 pass` for any variant | optional |
//! | [`pgn`] | PGN-style records for every variant (`Variant`, `Board`, `Holes`, `Position`, `First` tags), PlayOK's PGN | `pass`, PlayOK's `--` |
//! | [`ggf`] | GGS games, archive and synchro lines, komi, random starts, the octagon; Othello only | `PA` |
//! | [`wthor`] | `.wtb` databases (whole or streamed: [`wthor::Reader`]) and their `.JOU`/`.TRN` name files; 8x8 Othello | none stored |
//! | [`obf`] | Edax OBF positions with their annotations | - |
//!
//! [`Format`] names them all (and RULES.md position lines), guesses them from
//! an extension or the content, and [`read()`] / [`write()`] go through it. Text
//! formats report a [`SyntaxError`] with line, column, what was expected and
//! what was found; WTHOR a [`wthor::WthorError`] with byte offset and game; a
//! writer refuses a game it cannot hold with a [`WriteError`] that says why,
//! and [`write_report`] says what it wrote without ([`Losses`]: evaluations,
//! times, dates, kept fields dropped or renamed, ...). A kept field whose name
//! means something in the format written is renamed, never copied as it is.
//! No input makes a reader panic, loop or allocate beyond a bound proportional
//! to its size.
//!
//! [`games`] reads any [`BufRead`](std::io::BufRead) game by game, holding one
//! game's text at a time, with the same parsers, games and error locations as
//! [`read()`]; [`ReadOptions::max_game_bytes`] bounds a game (16 MiB by
//! default), and with it the memory of either. [`wthor::Reader`] reads a
//! `.wtb` database from any [`Read`](std::io::Read) the same way, a 68-byte
//! game at a time (as records with [`wthor::Reader::records`], names from the
//! `.JOU`/`.TRN` files read whole), and is what [`wthor::read_games`] runs
//! over a slice.
//!
//! [`RecordReader`] lends the games of a file in memory one at a time, in one record
//! whose buffers serve the next game (WTHOR reads without allocating per
//! game); with [`plies`] it is the fast way through every position of a file,
//! in any format.
//!
//! # Conventions
//!
//! Moves and positions use the text of reversi-variants ([RULES.md](https://github.com/reversi-rules/reversi/blob/main/RULES.md)): squares `f5`
//! (`a1` top left), jumps `a1c3`, passes `pass` (also `PA`, `pa`, `--`, `0000` on
//! input). A replay error names the game (when the reader knows it), the ply
//! (1-based, passes counted), the move, the side and the reason. 8x8 Othello
//! from the standard start replays on reversi-core without allocating.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` / `Deserialize` for [`Record`], [`Ply`] and
//!   [`GameResult`]; a record read this way is validated (its start must be a
//!   position of its variant and board).

#![cfg_attr(docsrs, feature(doc_cfg))]

mod error;
mod format;
pub mod ggf;
mod losses;
pub mod obf;
pub mod pgn;
mod reader;
mod record;
mod replay;
#[cfg(feature = "serde")]
mod serde;
mod stream;
pub mod transcript;
pub mod wthor;

pub use error::{EncodeError, SyntaxError, WriteError};
pub use format::{Encoder, Format, ParseFormatError, ReadError, ReadOptions, read, write, write_report};
pub use losses::{FieldChange, Loss, Losses};
pub use reader::RecordReader;
pub use record::{GameResult, Ply, Record};
pub use replay::{
    Passes, Plies, RecordMoves, Replay, ReplayError, Step, StepRef, plies, replay, replay_prefix, with_passes,
};
#[cfg(feature = "serde")]
pub use serde::RecordStartError;
pub use stream::{Games, games};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
