//! Reversi game records: read, written and replayed, with pass entries.
//!
//! One [`Record`] type holds a game from any format: variant, board (holes
//! included), start and first mover, players, event, date, result, the moves
//! (passes included) with evaluation and time, and every other field kept for
//! writing back. [`replay`](fn@replay) checks every move against the rules and names the
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
//! | [`ggf`] | GGS games, archive and synchro lines, komi, random starts, the octagon; Reversi only | `PA` |
//! | [`wthor`] | `.wtb` databases (whole or streamed: [`wthor::Reader`]) and their `.JOU`/`.TRN` name files; 8x8 Othello | none stored |
//! | [`obf`] | Edax OBF positions with their annotations | - |
//! | [`oq`] | Othello Quest's JSON game lists (8x8 Othello) | left out, inferred |
//!
//! [`Format`] names them all (and RULES.md position lines) and dispatches to
//! each format's module, which is the format: its names and extensions, how
//! it is recognised, its parser and its writer.
//!
//! Beside them: [`paste()`] recognises a text a user pasted (a position in
//! the OBF, Edax, FFO or GGS spellings, a diagram, a move list in any
//! spacing, PlayOK's numbered form, a GGF or PGN game), with a located error
//! when it is nothing, and [`paste_position`] is what every front end's
//! position argument reads (RULES.md's text, else a paste's end); [`book`] reads, writes, looks up and converts Edax
//! opening books (`book.dat`); [`xot`] says which opening of a list (an XOT
//! list, read as a transcript) a game started from, under the 8 symmetries.
//!
//! # One way in
//!
//! [`open`] reads a file by its path (the format from its extension, else its
//! content; WTHOR's names from the `.JOU`/`.TRN` files beside it), and
//! [`Reader::new`] any [`BufRead`](std::io::BufRead) in a given format: both
//! are the one [`Reader`], which every other reading function is built on
//! ([`read()`] and the modules' `read` collect it over bytes in memory).
//! A caller that cannot block (a browser, a server, an async task) hands
//! the bytes in as they arrive to [`PushReader`], the same reader in its push
//! form, and takes the games out as it holds enough of them.
//! Games come one at a time in bounded memory (one game's text,
//! [`ReadOptions::max_game_bytes`]; WTHOR 68 bytes), each saying where it
//! was read ([`Record::origin`], [`Ply::at`]), so that every error prints as
//! compilers print theirs: `FILE:LINE:COL: game N, ply P: ...` (WTHOR: a byte
//! offset). A game that does not read (text that is not UTF-8 included) is
//! a [`RecordError`] and the reader goes on at the next game the format can
//! find; only an I/O error or a structure that leaves none to find ends the
//! input, and so do binary data in a text format (a NUL byte) and no next
//! game within twice [`ReadOptions::max_game_bytes`] after a bad one, each
//! with one located error: any input ends, in bounded time and memory.
//! A WTHOR name file that is not a regular file (a FIFO, a device) is
//! refused unopened. [`Reader::next_record`]
//! lends each game in one record whose buffers serve the next: with
//! [`plies`] the fast way through every position of a file, in any format.
//!
//! ```no_run
//! use reversi_notation::{Passes, open, replay};
//! for game in open("data/wthor/WTH_1980.wtb")? {
//!     match game.map(|g| replay(&g, Passes::Infer).map(|_| ())) {
//!         Ok(Ok(())) => {}
//!         Ok(Err(illegal)) => eprintln!("{illegal}"),  // FILE: byte B: game N, ply P: ...
//!         Err(unreadable) => eprintln!("{unreadable}"), // and the next game is read
//!     }
//! }
//! # Ok::<(), reversi_notation::RecordError>(())
//! ```
//!
//! Text formats report a [`SyntaxError`] with line, column, what was
//! expected and what was found; WTHOR a [`wthor::WthorError`] with byte
//! offset and game; a writer refuses a game it cannot hold with a
//! [`WriteError`] that says why, and [`write_report`] (or [`Encoder`], game
//! by game to any [`Write`](std::io::Write)) says what it wrote without
//! ([`Losses`]: evaluations, times, dates, kept fields dropped or renamed,
//! ...). A kept field whose name means something in the format written is
//! renamed, never copied as it is. No input makes a reader panic, loop or
//! allocate beyond a bound proportional to a game. [`Outputs`] writes files
//! all or nothing (temporary files renamed into place; links followed,
//! devices and FIFOs written through), as the CLI and the Python package do.
//!
//! # Conventions
//!
//! Moves and positions use the text of reversi-variants (the repository's `RULES.md`): squares `f5`
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

pub mod book;
mod encoder;
mod error;
mod format;
pub mod ggf;
mod lines;
mod losses;
pub mod obf;
pub mod oq;
mod paste;
pub mod pgn;
mod place;
mod position;
mod reader;
mod record;
mod replay;
#[cfg(feature = "serde")]
mod serde;
mod to_path;
pub mod transcript;
pub mod wthor;
pub mod xot;

pub use encoder::{Encoder, write, write_report};
pub use error::{EncodeError, ReadError, RecordError, SyntaxError, WriteError};
pub use format::registry::ParseFormatError;
pub use format::{Format, OutputFormatError, ReadOptions};
pub use losses::{FieldChange, Loss, Losses};
pub use paste::{MAX_PASTE_BYTES, PasteError, PasteForm, Pasted, PositionArgError, paste, paste_as, paste_position};
pub use place::Place;
pub use reader::open::{open, open_with, record_files, wthor_name_files};
pub use reader::push::{Pulled, PushReader};
pub use reader::{Reader, read};
pub use record::{GameResult, Location, Origin, ParseResultError, Ply, Record};
pub use replay::{
    Passes, Plies, RecordMoves, Replay, ReplayError, Step, StepRef, plies, position_with_empties, replay,
    replay_prefix, with_passes,
};
pub use reversi_variants::output::{OutputError, Outputs, TemporaryFiles, is_temporary};
#[cfg(feature = "serde")]
pub use serde::RecordStartError;
pub use to_path::{PathError, PathOptions, check_inputs, check_path, convert_record, output_files, write_path};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
