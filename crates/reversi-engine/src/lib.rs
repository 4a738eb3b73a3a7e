//! Reversi (Othello) engines: the GTP and NBoard protocols, both sides of
//! each, and a referee for matches between engines.
//!
//! - [`Policy`]: a function from a position to a move; [`BuiltinPolicy`]'s
//!   `random` and `greedy` are the simple ones ([`Seeded`] with their
//!   random stream); [`self_play`] plays a game between two of them from a
//!   seed's stream, as `reversi play` and Python's `Batch.rollout` do.
//! - Server side: [`gtp::serve`] and [`nboard::serve`] answer a protocol's
//!   commands with a policy over any `BufRead` and `Write` (the CLI's
//!   `reversi gtp` and `reversi nboard` over standard input and output).
//! - Client side: [`gtp::Client`] and [`nboard::Client`] drive an engine
//!   process over pipes ([`process::Process`]: a reader thread and a
//!   bounded channel, so every read has a deadline and a flooding engine
//!   uses bounded memory; a process group of its own, ended whole; the last
//!   lines of its standard error with its faults).
//! - `env` (feature `env`): batches of games stepped together over slices,
//!   and a vector environment's step (Python's `Batch` and Gymnasium
//!   environments).
//! - [`referee`]: [`play_game`](referee::play_game) between two
//!   [`Player`](referee::Player)s with a clock per side, any failure a forfeit
//!   ([`Fault`]), how it ended typed ([`referee::Termination`]), ended by
//!   reversi-solve's exact solve near the end when asked
//!   ([`referee::MatchOptions::adjudicate`]);
//!   [`run_match`](referee::run_match) over openings, colours swapped, on
//!   several threads (this project's default openings without
//!   a list, [`referee::default_openings`]; which openings a front end asks
//!   for, [`referee::OpeningChoice`]; what defines the match for a
//!   resume, [`referee::MatchDefinition`]); the score, Elo and SPRT
//!   ([`referee::Tally`], [`referee::Standing`]; by game pairs,
//!   [`referee::PairStanding`], with [`run_scored_match`](referee::run_scored_match)
//!   ending a match at the generalised SPRT's verdict).
//! - [`Session`]: one engine's game outside a match (Python's
//!   `Engine.move`): the game told to it continued or started anew, each
//!   answer checked as the referee checks it.
//! - [`stoppable`]: work whose waits for engines another thread can stop
//!   (Python's engine calls, which answer Ctrl-C).
//!
//! ```
//! use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64, gtp};
//! use reversi_variants::Position;
//!
//! let start = Position::from(reversi_core::Position::start());
//! let mut out = Vec::new();
//! let input = "boardsize 8\nplay b f5\n7 genmove w\nquit\n".as_bytes();
//! gtp::serve(Seeded::new(BuiltinPolicy::Greedy, SplitMix64::new(1)), start, input, &mut out)?;
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with("= \n\n= \n\n=7 "));
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Feature flags
//!
//! - `env`: the `env` module, batches of games stepped together (8x8 on
//!   reversi-core's `raw::Game`) and a vector environment's step with
//!   Gymnasium's autoreset modes, split between rayon's threads (rayon).
//! - `serde`: `Serialize` for the referee's results ([`referee::Standing`],
//!   [`referee::PairStanding`], [`referee::GameSummary`],
//!   [`referee::CrosstableSummary`]), the named fields of `reversi match
//!   --json` and `reversi tournament --json`.

#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "env")]
#[cfg_attr(docsrs, doc(cfg(feature = "env")))]
pub mod env;
pub mod gtp;
mod lines;
pub mod nboard;
mod player;
mod policy;
pub mod process;
pub mod referee;
mod selfplay;
mod session;
mod stop;
pub mod words;

pub use policy::{BuiltinPolicy, ParsePolicyError, Policy, Seeded, SplitMix64};
pub use process::Fault;
pub use selfplay::{default_max_plies, self_play};
pub use session::{Session, SessionError};
pub use stop::{SLICE, stoppable};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
