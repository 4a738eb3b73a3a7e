//! Reversi game records: read, written and replayed, with pass entries.
//!
//! So far: transcripts (compact 8x8 and spaced tokens for any variant) and WTHOR
//! databases (`.wtb` games, `.JOU`/`.TRN` names). Every record replays against the
//! rules ([`replay`]); formats that leave passes out are read by inserting each
//! forced pass ([`Passes::Infer`]).
//!
//! ```
//! use reversi_notation::{Passes, replay, transcript};
//! use reversi_variants::{Geometry, Variant};
//!
//! let games = transcript::read("# two games\nf5d6c3d3c4\nf5 f6 e6 f4\n", Variant::Reversi, Geometry::standard())?;
//! assert_eq!(games.len(), 2);
//! let done = replay(&games[0], Passes::Infer)?;
//! assert_eq!(done.plies, 5);
//! assert_eq!(transcript::write(&games[1]), "f5f6e6f4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Conventions
//!
//! Moves and positions use the text of reversi-variants (RULES.md): squares `f5`,
//! jumps `a1c3`, passes `pass` (also `PA`, `pa`, `--`, `0000` on input). A replay
//! error names the game (when the reader knows it), the ply (1-based, passes
//! counted), the move, the side and the reason.
//!
//! # Feature flags
//!
//! None yet.

mod error;
mod format;
pub mod ggf;
pub mod obf;
pub mod pgn;
mod record;
mod replay;
pub mod transcript;
pub mod wthor;

pub use error::{SyntaxError, WriteError};
pub use format::{Format, ParseFormatError, ReadError, ReadOptions, read, write};
pub use record::{GameResult, Ply, Record};
pub use replay::{FinalPosition, Passes, Replay, ReplayError, replay, with_passes};
