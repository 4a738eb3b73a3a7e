//! The referee: games between [`Side`]s under a clock ([`play_game`]),
//! matches between engines ([`run_match`]) and their score ([`Tally`],
//! [`Sprt`]).

mod game;
mod matches;
mod stats;

pub use crate::side::{Clocks, Game, Side, TimeControl};
pub use game::{End, Played, PolicySide, play_game};
pub use matches::{
    EngineSpec, MatchOptions, OpeningError, ParseEngineError, Protocol, Report, opening, resumed, run_match,
};
pub use stats::{ParseSprtError, Sprt, Tally, Verdict};
