//! The referee: games between [`Player`]s under a clock ([`play_game`]),
//! ended early when asked ([`Adjudication`]: by exact solve near the end,
//! by the engines' own evaluations, at a ply limit),
//! matches between engines ([`run_match`]) and their score ([`Tally`],
//! [`Sprt`]; by game pairs, as fastchess scores them: [`PairTally`],
//! [`Pentanomial`], [`gsprt_llr`]), their openings as a front end asks for
//! them ([`OpeningChoice`]), the records file their games are appended to
//! and resumed from ([`RecordsFile`]), named fields as the front ends write
//! and return them ([`GameSummary`], [`CrosstableSummary`]).

mod adjudicate;
mod choice;
mod definition;
mod evaluation;
mod game;
mod gsprt;
mod matches;
mod openings;
mod pentanomial;
mod records_file;
mod rules;
mod schedule;
mod stats;
mod summary;
mod termination;
mod tournament;

pub use crate::gtp::StartError;
pub use crate::player::{Clocks, GameState, Player, TimeControl};
pub use adjudicate::{ADJUDICATION_TABLE_MIB, AdjudicateError, MAX_ADJUDICATE, check_adjudicate};
pub use choice::{OpeningChoice, OpeningChoiceError};
pub use definition::{
    DEFINITION_FIELDS, GAME_FIELDS, MatchDefinition, RecordsFormatError, ResumeMismatch, check_records_format,
};
pub(crate) use game::ask_move;
pub use game::{FinishedGame, PolicyPlayer, play_game, play_or_forfeit};
pub use gsprt::{EloModel, ParseEloModelError, gsprt_llr};
pub use matches::{
    DEFAULT_SETUP, EngineSpec, GameReport, MAX_CONCURRENCY, MatchOptions, OpeningError, ParseEngineError, Protocol,
    opening, resumed, resumed_tally, resumed_unscored,
};
pub use openings::{
    DEFAULT_PLIES, MAX_PLIES, OpeningSource, Repeats, default_openings, random_opening_count, random_openings,
    symmetric_duplicates,
};
pub use pentanomial::{Discs, PairStanding, PairTally, Pentanomial};
pub use records_file::{RecordsFile, RecordsFileError};
pub use rules::{Adjudication, DrawRule, MAX_RULE_MOVES, ResignRule, RuleError, check_max_plies};
pub use schedule::{run_match, run_scored_match};
pub use stats::{ParseSprtError, Sprt, Standing, Tally, Verdict};
pub use summary::{Against, CrosstableSummary, GameSummary, PairingSummary, RowSummary};
pub use termination::{EvalVerdict, Termination};
pub use tournament::{
    Crosstable, Entrant, ParseScheduleError, Row, Schedule, TOURNAMENT_FIELD, Tournament, TournamentError,
    TournamentGame, TournamentOptions, distinct_names,
};
