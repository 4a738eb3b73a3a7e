//! A match: games between two engines from a list of openings, each opening
//! played twice with colours swapped, on worker threads, each finished game
//! handed to the caller as it ends.
//!
//! Game `i` (0-based) plays opening `i / 2` (the list repeated as needed;
//! without a list, this project's default openings, [`default_openings`](super::default_openings));
//! the first engine has Black in even games, White in odd ones. The record
//! of game `i` says `Round[i + 1]`, so that an interrupted match resumes
//! with the games its records lack ([`resumed`]). An engine that fails
//! (crash, hang, garbage, illegal move, time) loses the game, and is started
//! again for its next game. A game may end early by the match's
//! adjudication ([`Adjudication`]: exact solve at few empties, the
//! engines' evaluations, a ply limit).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_notation::{GameResult, Passes, Ply, Record, ReplayError, plies};
use reversi_variants::{Position, Variant};

use super::adjudicate::{final_position, termination_text};
use super::evaluation;
use super::game::{FinishedGame, play_or_forfeit};
use super::gsprt::EloModel;
use super::openings::{OpeningSource, defaults};
use super::pentanomial::PairTally;
use super::rules::{Adjudication, DrawRule, ResignRule};
use super::stats::Sprt;
use super::termination::Termination;
use crate::gtp::StartError;
use crate::player::{GameState, Player, TimeControl};
use crate::process::Fault;

/// The protocol an engine speaks.
///
/// `#[non_exhaustive]`: protocols may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Protocol {
    /// GTP ([`crate::gtp::Client`]).
    Gtp,
    /// NBoard ([`crate::nboard::Client`]).
    Nboard,
}

impl Protocol {
    /// Whether the protocol's move answer carries the engine's evaluation
    /// (NBoard's `=== MOVE/EVAL`; GTP's `genmove` answers a move alone):
    /// the resign and draw rules ([`MatchOptions::resign`],
    /// [`MatchOptions::draw`]) count only such engines' moves.
    ///
    /// ```
    /// use reversi_engine::referee::Protocol;
    /// assert!(Protocol::Nboard.reports_evaluations() && !Protocol::Gtp.reports_evaluations());
    /// ```
    #[must_use]
    pub const fn reports_evaluations(self) -> bool {
        matches!(self, Protocol::Nboard)
    }
}

/// An engine to start: its protocol, command, working directory and (for
/// NBoard) search depth.
///
/// ```
/// use reversi_engine::referee::{EngineSpec, Protocol};
/// let spec: EngineSpec = "gtp:edax -gtp -l '4'".parse()?;
/// let spec = spec.dir("/opt/edax");
/// assert_eq!(spec.protocol(), Protocol::Gtp);
/// assert_eq!(spec.argv(), ["edax", "-gtp", "-l", "4"]);
/// # Ok::<(), reversi_engine::referee::ParseEngineError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    protocol: Protocol,
    argv: Vec<String>,
    /// The command as the user wrote it, when it was read from text.
    text: Option<String>,
    dir: Option<PathBuf>,
    depth: Option<u32>,
    log: Option<crate::process::ExchangeLog>,
}

impl EngineSpec {
    /// The program `argv[0]` with the other words as its arguments, speaking
    /// `protocol`, in the referee's directory.
    #[must_use]
    pub fn new(protocol: Protocol, argv: Vec<String>) -> EngineSpec {
        EngineSpec { protocol, argv, text: None, dir: None, depth: None, log: None }
    }

    /// The engine run in `dir`.
    #[must_use]
    pub fn dir(mut self, dir: impl Into<PathBuf>) -> EngineSpec {
        self.dir = Some(dir.into());
        self
    }

    /// The engine told `set depth N` (NBoard engines; GTP has no such
    /// command).
    #[must_use]
    pub fn depth(mut self, depth: Option<u32>) -> EngineSpec {
        self.depth = depth;
        self
    }

    /// Each process it starts writes its exchange with the referee to `log`
    /// ([`ExchangeLog`](crate::process::ExchangeLog): every line, marked
    /// with the game's index); not part of its identity.
    #[must_use]
    pub fn log(mut self, log: Option<crate::process::ExchangeLog>) -> EngineSpec {
        self.log = log;
        self
    }

    /// The protocol.
    #[must_use]
    pub const fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The program and its arguments.
    #[must_use]
    pub fn argv(&self) -> &[String] {
        &self.argv
    }

    /// The command as the user gave it (the text after `gtp:` or
    /// `nboard:`), else its words quoted as a shell reads them
    /// ([`crate::words::quote`]): for messages that name the engine.
    ///
    /// ```
    /// use reversi_engine::referee::EngineSpec;
    /// let spec: EngineSpec = "gtp:sh -c 'echo hi; exit 3'".parse()?;
    /// assert_eq!(spec.command(), "sh -c 'echo hi; exit 3'");
    /// # Ok::<(), reversi_engine::referee::ParseEngineError>(())
    /// ```
    #[must_use]
    pub fn command(&self) -> String {
        self.text.clone().unwrap_or_else(|| crate::words::quote(&self.argv))
    }

    /// The working directory, if given.
    #[must_use]
    pub fn working_dir(&self) -> Option<&std::path::Path> {
        self.dir.as_deref()
    }

    /// The search depth told to an NBoard engine, if given.
    #[must_use]
    pub const fn depth_of(&self) -> Option<u32> {
        self.depth
    }

    /// What identifies the engine in a match's definition
    /// ([`MatchDefinition`](super::MatchDefinition)): protocol and command as
    /// given, and its directory and depth when given.
    #[must_use]
    pub fn identity(&self) -> String {
        let protocol = match self.protocol {
            Protocol::Gtp => "gtp",
            Protocol::Nboard => "nboard",
        };
        let mut text = format!("{protocol}:{}", self.command());
        if let Some(dir) = &self.dir {
            text.push_str(&format!(" (in {})", dir.display()));
        }
        if let (Protocol::Nboard, Some(depth)) = (self.protocol, self.depth) {
            text.push_str(&format!(" (depth {depth})"));
        }
        text
    }
}

/// An engine text that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseEngineError {
    /// No `gtp:` or `nboard:` before the command.
    #[error("expected gtp:COMMAND or nboard:COMMAND, found {0:?}")]
    Protocol(String),
    /// The command does not split into words.
    #[error("{0}")]
    Words(#[from] crate::words::WordsError),
    /// An empty command.
    #[error("an empty command after {0:?}")]
    Empty(String),
}

impl std::str::FromStr for EngineSpec {
    type Err = ParseEngineError;

    /// `gtp:COMMAND` or `nboard:COMMAND`, the command split into words as
    /// a POSIX shell splits them ([`crate::words::split`]).
    ///
    /// # Errors
    /// [`ParseEngineError`] naming what is wrong.
    fn from_str(s: &str) -> Result<EngineSpec, ParseEngineError> {
        let (protocol, command) = if let Some(c) = s.strip_prefix("gtp:") {
            (Protocol::Gtp, c)
        } else if let Some(c) = s.strip_prefix("nboard:") {
            (Protocol::Nboard, c)
        } else {
            return Err(ParseEngineError::Protocol(s.into()));
        };
        let argv = crate::words::split(command)?;
        if argv.is_empty() {
            return Err(ParseEngineError::Empty(s[..s.len() - command.len()].into()));
        }
        let mut spec = EngineSpec::new(protocol, argv);
        spec.text = Some(command.trim().to_string());
        Ok(spec)
    }
}

impl EngineSpec {
    /// Checks what can be checked before the engine starts: its working
    /// directory (a match checks both engines' before starting either).
    ///
    /// # Errors
    /// [`Fault::Spawn`] naming the directory.
    pub fn check(&self) -> Result<(), Fault> {
        match &self.dir {
            Some(dir) => crate::process::check_dir(self.argv.first().map_or("", String::as_str), dir),
            None => Ok(()),
        }
    }

    /// Whether the engine can start a game at `start`: its protocol's
    /// start rule (GTP sets up only the default start of an N x N board,
    /// [`gtp::check_start`](crate::gtp::check_start); NBoard is told any
    /// position). A match checks its openings with it before any engine
    /// starts ([`MatchOptions::check_engine`]), a session before asking the
    /// engine ([`Session::go`](crate::Session::go)).
    ///
    /// # Errors
    /// [`StartError`] for a start the protocol cannot set up.
    pub fn check_start(&self, start: &Position) -> Result<(), StartError> {
        match self.protocol {
            Protocol::Gtp => crate::gtp::check_start(start),
            Protocol::Nboard => Ok(()),
        }
    }

    /// Starts the engine, ready before `deadline`.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that does not start or answer.
    pub fn start(&self, deadline: Instant) -> Result<Box<dyn Player + Send>, Fault> {
        let dir = self.dir.as_deref();
        Ok(match self.protocol {
            Protocol::Gtp => Box::new(crate::gtp::Client::start_logged(&self.argv, dir, deadline, self.log.clone())?),
            Protocol::Nboard => {
                Box::new(crate::nboard::Client::start_logged(&self.argv, dir, self.depth, deadline, self.log.clone())?)
            }
        })
    }
}

/// An opening that cannot be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpeningError {
    /// The record breaks the rules.
    #[error("{0}")]
    Illegal(#[from] ReplayError),
    /// The game is over after the opening's moves.
    #[error("the game is over after the opening")]
    Finished,
    /// A game other than Reversi.
    #[error("the match plays Reversi, not {0}")]
    Variant(Variant),
}

/// The opening of a record: its start and its moves, passes written.
///
/// # Errors
/// [`OpeningError`]: an illegal record, a finished game, another variant.
pub fn opening(record: &Record) -> Result<GameState, OpeningError> {
    if record.variant != Variant::Reversi {
        return Err(OpeningError::Variant(record.variant));
    }
    let mut steps = plies(record, Passes::Infer)?;
    let mut game = GameState::new(*steps.position());
    while let Some(step) = steps.next_ply() {
        game.moves.push(step.map_err(|e| e.in_record(record))?.mv);
    }
    game.position = *steps.position();
    if game.position.is_game_over() {
        return Err(OpeningError::Finished);
    }
    Ok(game)
}

/// A match's settings: how many games, from which openings, under which
/// clock, how many at once.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::referee::{MatchOptions, TimeControl};
/// let options = MatchOptions::new(100)
///     .control(TimeControl { time: Duration::from_secs(10), increment: Duration::from_millis(100) })
///     .concurrency(2);
/// assert_eq!((options.games(), options.concurrency_of()), (100, 2));
/// ```
#[derive(Clone, Debug)]
pub struct MatchOptions {
    openings: Vec<GameState>,
    games: usize,
    control: TimeControl,
    concurrency: usize,
    setup: Duration,
    adjudication: Adjudication,
    source: OpeningSource,
    done: BTreeSet<usize>,
    sprt: Option<(Sprt, EloModel)>,
}

impl MatchOptions {
    /// `games` games from the default openings
    /// ([`default_openings`](super::default_openings)`(`[`DEFAULT_PLIES`](super::DEFAULT_PLIES)`)`),
    /// 60 seconds a side, one at a time, [`DEFAULT_SETUP`] for an engine to
    /// start or get ready, each game played to its end (no adjudication,
    /// the default ply limit).
    #[must_use]
    pub fn new(games: usize) -> MatchOptions {
        let (source, openings) = defaults();
        MatchOptions {
            openings,
            games,
            control: TimeControl { time: Duration::from_secs(60), increment: Duration::ZERO },
            concurrency: 1,
            setup: DEFAULT_SETUP,
            adjudication: Adjudication::new(),
            source,
            done: BTreeSet::new(),
            sprt: None,
        }
    }

    /// The openings ([`opening`]) instead of the default ones, each played
    /// twice with colours swapped (the list repeated as the games need); the
    /// standard start if empty. Their source is [`OpeningSource::Given`]
    /// ([`openings_from`](MatchOptions::openings_from) says another).
    #[must_use]
    pub fn openings(self, openings: Vec<GameState>) -> MatchOptions {
        self.openings_from(OpeningSource::Given, openings)
    }

    /// The openings, as [`openings`](MatchOptions::openings), from
    /// `source` (which each game's record names with the opening's number,
    /// [`OpeningSource::describe`]).
    #[must_use]
    pub fn openings_from(mut self, source: OpeningSource, openings: Vec<GameState>) -> MatchOptions {
        self.openings = openings;
        self.source = source;
        self
    }

    /// Each side's clock.
    #[must_use]
    pub const fn control(mut self, control: TimeControl) -> MatchOptions {
        self.control = control;
        self
    }

    /// How many games at once (at least 1; the front ends refuse more than
    /// [`MAX_CONCURRENCY`]).
    #[must_use]
    pub fn concurrency(mut self, games: usize) -> MatchOptions {
        self.concurrency = games.max(1);
        self
    }

    /// How long an engine has to start, and to get ready for a game.
    #[must_use]
    pub const fn setup(mut self, setup: Duration) -> MatchOptions {
        self.setup = setup;
        self
    }

    /// Ends each game by exact solve once at most `empties` squares are
    /// empty, with the result of perfect play ([`Termination::Adjudicated`];
    /// [`play_game`](super::play_game) says how); `None` plays every game
    /// to its end. The front ends accept 1 to
    /// [`MAX_ADJUDICATE`](super::MAX_ADJUDICATE)
    /// ([`check_adjudicate`](super::check_adjudicate)).
    #[must_use]
    pub const fn adjudicate(mut self, empties: Option<u8>) -> MatchOptions {
        self.adjudication = self.adjudication.exact(empties);
        self
    }

    /// Ends a game lost for a side once the engines' own evaluations agree
    /// it is behind ([`ResignRule`]; RULES.md, "Adjudication"); `None`: never.
    #[must_use]
    pub const fn resign(mut self, rule: Option<ResignRule>) -> MatchOptions {
        self.adjudication = self.adjudication.resign(rule);
        self
    }

    /// Ends a game drawn once the engines' own evaluations agree it is
    /// even ([`DrawRule`]; RULES.md, "Adjudication"); `None`: never.
    #[must_use]
    pub const fn draw(mut self, rule: Option<DrawRule>) -> MatchOptions {
        self.adjudication = self.adjudication.draw(rule);
        self
    }

    /// Stops a game that reaches `plies` plies without ending
    /// ([`Adjudication::max_plies`]; `None`: the board's default,
    /// [`default_max_plies`](crate::default_max_plies)).
    #[must_use]
    pub const fn max_plies(mut self, plies: Option<usize>) -> MatchOptions {
        self.adjudication = self.adjudication.max_plies(plies);
        self
    }

    /// The games already played (their indices, [`resumed`]), not to play
    /// again.
    #[must_use]
    pub fn done(mut self, done: BTreeSet<usize>) -> MatchOptions {
        self.done = done;
        self
    }

    /// A generalised SPRT on the match's game pairs under an Elo model
    /// ([`gsprt_llr`](super::gsprt_llr) on their [`Pentanomial`](super::Pentanomial)
    /// counts): the match ends at its verdict, no game started after it
    /// ([`run_match`](super::run_match)); a tournament's pairing likewise
    /// ([`TournamentOptions::sprt`](super::TournamentOptions::sprt)).
    #[must_use]
    pub const fn sprt(mut self, sprt: Option<(Sprt, EloModel)>) -> MatchOptions {
        self.sprt = sprt;
        self
    }

    /// The SPRT and its Elo model, if any.
    #[must_use]
    pub const fn sprt_of(&self) -> Option<(Sprt, EloModel)> {
        self.sprt
    }

    /// Whether game `index` was played already ([`MatchOptions::done`]).
    pub(super) fn is_done(&self, index: usize) -> bool {
        self.done.contains(&index)
    }

    /// Each side's clock.
    #[must_use]
    pub const fn control_of(&self) -> TimeControl {
        self.control
    }

    /// The openings played.
    #[must_use]
    pub fn openings_of(&self) -> &[GameState] {
        &self.openings
    }

    /// How many games.
    #[must_use]
    pub const fn games(&self) -> usize {
        self.games
    }

    /// How many games at once.
    #[must_use]
    pub const fn concurrency_of(&self) -> usize {
        self.concurrency
    }

    /// Checks that `engine` can set up the start of every opening (the
    /// standard start without any): [`EngineSpec::check_start`], before
    /// the match starts the engine.
    ///
    /// # Errors
    /// [`StartError`] for the first start it cannot set up.
    pub fn check_engine(&self, engine: &EngineSpec) -> Result<(), StartError> {
        if self.openings.is_empty() {
            return engine.check_start(&Position::from(reversi_core::Position::start()));
        }
        self.openings.iter().try_for_each(|opening| engine.check_start(&opening.start))
    }

    /// The adjudication limit: games end by exact solve at this many
    /// empty squares or fewer.
    #[must_use]
    pub const fn adjudicate_of(&self) -> Option<u8> {
        self.adjudication.exact_of()
    }

    /// Every rule by which the referee ends a game early.
    #[must_use]
    pub const fn adjudication_of(&self) -> &Adjudication {
        &self.adjudication
    }

    /// Where the openings come from.
    #[must_use]
    pub const fn opening_source_of(&self) -> &OpeningSource {
        &self.source
    }
}

/// A game finished (or forfeited).
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's index in the match (0-based).
    pub index: usize,
    /// Whether the first engine had Black.
    pub first_is_black: bool,
    /// The names of Black and White.
    pub names: [String; 2],
    /// The game.
    pub played: FinishedGame,
}

impl GameReport {
    /// The first engine's score: 1, 0.5 or 0; `None` for a game without a
    /// result (stopped at the ply limit), which is not scored.
    #[must_use]
    pub fn first_score(&self) -> Option<f64> {
        let black = self.played.black_score()?;
        Some(if self.first_is_black { black } else { 1.0 - black })
    }

    /// What the record's `Termination` field says: who failed and how for
    /// a forfeit, the empties and perfect play's result for a game
    /// adjudicated by exact solve, the rule and the evaluations for one
    /// ended by evaluations, the limit for one stopped at the ply limit;
    /// `None` for a game played to its end (or stopped by the match).
    #[must_use]
    pub fn termination_text(&self) -> Option<String> {
        match &self.played.termination {
            Termination::Forfeit { loser, fault } => {
                let name = &self.names[loser.index()];
                Some(format!("{} ({name}) forfeits: {fault}", loser.name()))
            }
            Termination::Adjudicated { empties, score, .. } => Some(termination_text(*empties, *score)),
            Termination::Evaluated { verdict, evals } => Some(evaluation::termination_text(verdict, evals)),
            Termination::PlyLimit { plies } => Some(format!("stopped at the ply limit: {plies} plies, no result")),
            Termination::Finished | Termination::Stopped => None,
        }
    }

    /// The game as a record: names, `Round[index + 1]`, the moves with the
    /// time each took, the result (discs; for an adjudicated game, those of
    /// the end of a perfect line from the last position; for a forfeit, all
    /// the squares to the winner with GGS's `:t` for time or `:r`; for a
    /// resignation by evaluation, the lead the evaluations agree on with
    /// `:r`; for a draw by evaluation, `0:s`, GGS's agreed score; none for a
    /// game stopped at the ply limit), and a `Termination` field for a
    /// forfeit or an adjudicated or stopped game
    /// ([`termination_text`](GameReport::termination_text)).
    #[must_use]
    pub fn record(&self) -> Record {
        let game = &self.played.game;
        let mut record = Record::of(game.start.variant(), *game.start.geometry());
        record.set_start(game.start);
        record.event = Some("reversi match".into());
        record.black = Some(self.names[0].clone());
        record.white = Some(self.names[1].clone());
        record.moves = game
            .moves
            .iter()
            .zip(&self.played.seconds)
            .zip(self.played.evals.iter().chain(std::iter::repeat(&None)))
            .map(|((&mv, &s), &eval)| {
                let mut ply = Ply::from(mv);
                ply.seconds = s.map(|s| (s * 1000.0).round() / 1000.0);
                ply.eval = eval;
                ply
            })
            .collect();
        record.extra.push(("Round".into(), (self.index + 1).to_string()));
        let discs = |end: &reversi_variants::Position| {
            let count = |c| u16::try_from(end.count(c)).unwrap_or(u16::MAX);
            GameResult::Discs { black: count(Color::Black), white: count(Color::White) }
        };
        record.result = match &self.played.termination {
            Termination::Finished => Some(discs(&game.position)),
            Termination::Adjudicated { score, pv, .. } => Some(match final_position(&game.position, pv) {
                Some(end) => discs(&end),
                // A line short of the end (never seen): the score alone.
                None => GameResult::Net { margin: f64::from(*score), how: None },
            }),
            Termination::Forfeit { loser, fault } => {
                let all = game.start.geometry().playable_count() as f64;
                let margin = if *loser == Color::Black { -all } else { all };
                Some(GameResult::Net { margin, how: Some(fault.suffix().into()) })
            }
            Termination::Evaluated { verdict, evals } => {
                let how = if matches!(verdict, super::EvalVerdict::Draw(_)) { "s" } else { "r" };
                Some(GameResult::Net { margin: evaluation::black_margin(verdict, evals), how: Some(how.into()) })
            }
            Termination::PlyLimit { .. } | Termination::Stopped => None,
        };
        if let Some(text) = self.termination_text() {
            record.extra.push(("Termination".into(), text));
        }
        record
    }
}

/// The games of a match's records: game index to the first engine's score,
/// from each record's `Round` and result (records without either are
/// skipped).
#[must_use]
pub fn resumed(records: &[Record]) -> BTreeMap<usize, f64> {
    rounds(records).into_iter().map(|(index, discs)| (index, score_of(discs))).collect()
}

/// The games of a match's records below `games` scored by pairs (as
/// [`resumed`] reads them, with the first engine's disc difference), and
/// their indices with those of [`resumed_unscored`]: what [`run_scored_match`](super::run_scored_match) goes
/// on from, and the games not to play again ([`MatchOptions::done`]).
#[must_use]
pub fn resumed_tally(records: &[Record], games: usize) -> (PairTally, BTreeSet<usize>) {
    let mut tally = PairTally::default();
    let mut done = BTreeSet::new();
    for (index, discs) in rounds(records).into_iter().filter(|&(index, _)| index < games) {
        tally.add(index, score_of(discs), discs);
        done.insert(index);
    }
    // Games stopped at the ply limit: played, not scored.
    done.extend(resumed_unscored(records).into_iter().filter(|&i| i < games));
    (tally, done)
}

/// A score from a disc difference: 1, 0.5 or 0.
fn score_of(discs: f64) -> f64 {
    match discs {
        m if m > 0.0 => 1.0,
        m if m < 0.0 => 0.0,
        _ => 0.5,
    }
}

/// Each record's game (from its `Round`) and the first engine's disc
/// difference there (from its result; the first engine Black in even
/// games); records without either are skipped, a later record of a round
/// replaces an earlier one.
fn rounds(records: &[Record]) -> BTreeMap<usize, f64> {
    let mut done = BTreeMap::new();
    for r in records {
        let Some(round) = r.get("Round").and_then(|s| s.parse::<usize>().ok()).filter(|&n| n > 0) else { continue };
        let Some(result) = &r.result else { continue };
        let index = round - 1;
        let black = result.margin();
        done.insert(index, if index.is_multiple_of(2) { black } else { -black });
    }
    done
}

/// The games of a match's records that ended without a result, by index:
/// each record with a `Round`, a `Termination` field and no result (a game
/// stopped at the ply limit; a game stopped by an interruption is never
/// written). They were played and are not scored: a resume does not play
/// them again, as it does not play [`resumed`]'s.
#[must_use]
pub fn resumed_unscored(records: &[Record]) -> BTreeSet<usize> {
    records
        .iter()
        .filter(|r| r.result.is_none() && r.get("Termination").is_some())
        .filter_map(|r| r.get("Round")?.parse::<usize>().ok().filter(|&n| n > 0))
        .map(|round| round - 1)
        .collect()
}

/// The most games a match plays at once that the front ends accept (the
/// CLI's `--concurrency`, Python's `match(concurrency=)`): each game runs
/// two engine processes.
pub const MAX_CONCURRENCY: usize = 256;

/// How long an engine has to start or get ready for a game unless told
/// ([`MatchOptions::setup`]): the default of the CLI's `--setup` and of
/// Python's `setup=`.
pub const DEFAULT_SETUP: Duration = Duration::from_secs(10);

/// A started engine, or why it did not start.
fn started(engine: &mut Option<Box<dyn Player + Send>>, fault: Option<Fault>) -> Result<&mut dyn Player, Fault> {
    match (engine, fault) {
        (Some(engine), _) => Ok(engine.as_mut()),
        (None, fault) => Err(fault.unwrap_or_else(|| Fault::Crash("not started".into()))),
    }
}

/// What starts a player (an engine process or a policy) ready before a deadline.
pub(super) type Factory<'a> = &'a (dyn Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync);

/// One game of a worker: its engines started if they are not running, the
/// loser of a forfeit dropped (started again for the next game); also a
/// tournament's game.
pub(super) fn play_one(
    engines: &mut [Option<Box<dyn Player + Send>>; 2],
    factories: [Factory<'_>; 2],
    index: usize,
    opening: &GameState,
    first_is_black: bool,
    options: &MatchOptions,
    stop: &AtomicBool,
) -> ([String; 2], FinishedGame) {
    // Engine slots by colour: [black, white] as indices into `engines`.
    let slots = if first_is_black { [0, 1] } else { [1, 0] };
    let mut faults: [Option<Fault>; 2] = [None, None];
    for slot in slots {
        if engines[slot].is_none() {
            match factories[slot](Instant::now() + options.setup) {
                Ok(engine) => engines[slot] = Some(engine),
                Err(fault) => faults[slot] = Some(fault),
            }
        }
    }
    for engine in engines.iter_mut().flatten() {
        engine.note_game(index);
    }
    let name = |slot: usize| engines[slot].as_ref().map_or_else(|| format!("engine {}", slot + 1), |e| e.name());
    let names = [name(slots[0]), name(slots[1])];
    let [a, b] = engines;
    let [fa, fb] = faults;
    let (a, b) = (started(a, fa), started(b, fb));
    let (black, white) = if first_is_black { (a, b) } else { (b, a) };
    let stopped = || stop.load(Ordering::Relaxed);
    let played =
        play_or_forfeit(black, white, opening, options.control, options.setup, &options.adjudication, &stopped);
    if let Termination::Forfeit { loser, .. } = &played.termination {
        engines[slots[loser.index()]] = None;
    }
    (names, played)
}
