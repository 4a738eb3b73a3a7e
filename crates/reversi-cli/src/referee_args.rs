//! The options `reversi match` and `reversi tournament` share (one
//! `#[command(flatten)]` struct): openings, clock, concurrency, start-up
//! time, depth, exchange logs, the records file, JSON and adjudication (exact
//! solve, the engines' evaluations, a ply limit), and how each becomes
//! reversi-engine's `MatchOptions`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use reversi_engine::process::ExchangeLog;
use reversi_engine::referee::{
    DEFAULT_SETUP, DrawRule, EngineSpec, GameState, MAX_CONCURRENCY, MatchOptions, OpeningChoice, OpeningChoiceError,
    OpeningSource, ResignRule, TimeControl, check_adjudicate, check_max_plies, symmetric_duplicates,
};
use reversi_notation::{Format, ReadOptions};

use crate::Failure;
use crate::files::{FormatChoice, open_source, parse_format};
use crate::output::one_line;

/// Pairs of openings (earlier, later; numbered from 0) that are the same
/// position up to symmetry.
pub(crate) type Duplicates = Vec<(usize, usize)>;

/// The options of refereed games, shared by `match` and `tournament`.
#[derive(Args, Debug)]
pub(crate) struct RefereeArgs {
    /// Openings: every game of a record file (any format read), each played
    /// twice (in every pairing), colours swapped (default: every position
    /// after 4 plies, one per symmetry class: 60 openings). Openings that
    /// are the same position up to the board's 8 symmetries are warned of.
    #[arg(long, value_name = "FILE", conflicts_with = "openings_random")]
    pub(crate) openings: Option<PathBuf>,
    /// Random openings of PLIES plies instead, drawn from --seed: as many as
    /// the games need (half of --games, else 60), no two the same up to
    /// symmetry, each kept only if its game goes on.
    #[arg(long, value_name = "PLIES")]
    pub(crate) openings_random: Option<usize>,
    /// The seed of --openings-random: one seed, one list.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "openings_random")]
    pub(crate) seed: u64,
    /// Keep only random openings whose value lies within M discs of even
    /// (exact solve at 20 empties or fewer, else a 6-ply search).
    #[arg(long, value_name = "M", requires = "openings_random")]
    pub(crate) margin: Option<i32>,
    /// How many games (of each pairing; default: two per opening; with
    /// --resume, the number its records were played for).
    #[arg(long, value_name = "N")]
    pub(crate) games: Option<usize>,
    /// Each side's time for a game, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    pub(crate) time: f64,
    /// Seconds added to a side's clock after each of its moves.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = parse_seconds)]
    pub(crate) increment: f64,
    /// How many games at once, 1 to 256.
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_CONCURRENCY as i64))]
    pub(crate) concurrency: u16,
    /// Seconds an engine has to start and to get ready for a game.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SETUP.as_secs_f64(), value_parser = parse_seconds)]
    pub(crate) setup: f64,
    /// The search depth told to NBoard engines (set depth N).
    #[arg(long, value_name = "N")]
    pub(crate) depth: Option<u32>,
    /// Write each engine's exchange with the referee to DIR/engine-N.log
    /// (N its number from 1; appended): every line sent (GAME > LINE) and
    /// received (GAME < LINE), GAME the game's number (a dash while the
    /// engine starts). DIR is created if missing.
    #[arg(long, value_name = "DIR")]
    pub(crate) log: Option<PathBuf>,
    /// Where each finished game is appended.
    #[arg(short = 'o', long = "output", value_name = "RECORDS")]
    pub(crate) output: PathBuf,
    /// The records' format (else from the extension, else GGF).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub(crate) to: Option<Format>,
    /// Go on with the match or tournament RECORDS holds: play only the
    /// games it lacks (refused when its records say other engines, openings
    /// or clock).
    #[arg(long)]
    pub(crate) resume: bool,
    /// Print a JSON object per game and one at the end instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// End each game by exact solve once at most EMPTIES squares are empty
    /// (1 to 30), with the result of perfect play; the record says so.
    #[arg(long, value_name = "EMPTIES", value_parser = parse_adjudicate)]
    pub(crate) adjudicate: Option<u8>,
    /// Resign rule: a side loses once, for MOVES consecutive moves of each
    /// side, both engines' reported evaluations (NBoard's; never GTP's) say
    /// it is SCORE discs behind or more, e.g. 3,6 (RULES.md, Adjudication).
    #[arg(long, value_name = "MOVES,SCORE", value_parser = parse_resign)]
    pub(crate) resign: Option<ResignRule>,
    /// Draw rule: a draw once, after the first FROM plies, for MOVES
    /// consecutive moves of each side, both engines' reported evaluations
    /// are within SCORE discs of 0, e.g. 40,4,0.5.
    #[arg(long, value_name = "FROM,MOVES,SCORE", value_parser = parse_draw)]
    pub(crate) draw: Option<DrawRule>,
    /// Stop a game that reaches N plies (opening and passes included)
    /// without ending: no result, not scored (default: ten plies per
    /// playable square).
    #[arg(long, value_name = "N", value_parser = parse_max_plies)]
    pub(crate) max_plies: Option<usize>,
}

impl RefereeArgs {
    /// The clock: `--time` and `--increment`.
    pub(crate) fn control(&self) -> TimeControl {
        TimeControl { time: Duration::from_secs_f64(self.time), increment: Duration::from_secs_f64(self.increment) }
    }

    /// The start-up time: `--setup`.
    pub(crate) fn setup(&self) -> Duration {
        Duration::from_secs_f64(self.setup)
    }

    /// The openings: `--openings FILE` (`-`: standard input),
    /// `--openings-random PLIES` or reversi-engine's default ones (its
    /// `OpeningChoice`), where they come from (as each record names its
    /// opening), and the pairs that are the same position up to symmetry
    /// (each warned of).
    pub(crate) fn openings(&self) -> Result<(OpeningSource, Vec<GameState>, Duplicates), Failure> {
        let choice = if let Some(path) = &self.openings {
            let source = open_source(path, FormatChoice::Auto, ReadOptions::default()).map_err(Failure::usage)?;
            OpeningChoice::File {
                name: one_line(&path.display().to_string()).into_owned(),
                records: Box::new(source.into_reader()),
            }
        } else if let Some(plies) = self.openings_random {
            OpeningChoice::Random { plies, seed: self.seed, margin: self.margin }
        } else {
            OpeningChoice::Default
        };
        let (source, openings) = choice.resolve(self.games).map_err(|e| match &e {
            OpeningChoiceError::Random { plies, .. } => Failure::usage(format!("--openings-random {plies}: {e}")),
            OpeningChoiceError::Read(_) => Failure::usage(format!("--openings: {e}")),
            _ => Failure::usage(format!("--openings {e}")),
        })?;
        let duplicates = symmetric_duplicates(&openings);
        for (earlier, later) in &duplicates {
            crate::warn(&format!(
                "--openings: opening {} is opening {} up to symmetry (the same position): its games repeat a test",
                later + 1,
                earlier + 1
            ));
        }
        Ok((source, openings, duplicates))
    }

    /// `specs` with `--depth` told and, with `--log DIR`, each engine's
    /// exchange written to DIR/engine-N.log (DIR created if missing).
    /// A GTP engine with `--resign` or `--draw` is warned of: its answers
    /// carry no evaluation, so the rules never fire in its games.
    pub(crate) fn engines(&self, specs: &[EngineSpec]) -> Result<Vec<EngineSpec>, Failure> {
        let mut specs: Vec<EngineSpec> = specs.iter().map(|s| s.clone().depth(self.depth)).collect();
        if self.resign.is_some() || self.draw.is_some() {
            for (i, spec) in specs.iter().enumerate().filter(|(_, s)| !s.protocol().reports_evaluations()) {
                crate::warn(&format!(
                    "engine {} ({}) speaks GTP, whose answers carry no evaluation: --resign and --draw never end its games",
                    i + 1,
                    one_line(&spec.command())
                ));
            }
        }
        if let Some(dir) = &self.log {
            let shown = dir.display().to_string();
            let shown = one_line(&shown);
            std::fs::create_dir_all(dir).map_err(|e| Failure::usage(format!("--log {shown}: {e}")))?;
            for (i, spec) in specs.iter_mut().enumerate() {
                let path = ExchangeLog::path_in(dir, i + 1);
                let log = exchange_log(&path).map_err(|e| Failure::usage(format!("--log {shown}: {e}")))?;
                *spec = spec.clone().log(Some(log));
            }
        }
        Ok(specs)
    }

    /// The options of `games` games from `openings` (from `source`, as
    /// [`openings`](RefereeArgs::openings) gives them) under the clock,
    /// start-up time, concurrency and adjudication given.
    pub(crate) fn match_options(&self, source: OpeningSource, openings: Vec<GameState>, games: usize) -> MatchOptions {
        MatchOptions::new(games)
            .openings_from(source, openings)
            .control(self.control())
            .concurrency(self.concurrency.into())
            .setup(self.setup())
            .adjudicate(self.adjudicate)
            .resign(self.resign)
            .draw(self.draw)
            .max_plies(self.max_plies)
    }
}

/// The exchange log at `path`, its error naming the file.
fn exchange_log(path: &Path) -> Result<ExchangeLog, String> {
    ExchangeLog::create(path).map_err(|e| format!("{}: {e}", one_line(&path.display().to_string())))
}

/// Reads `--adjudicate`: a number of empty squares reversi-engine accepts.
fn parse_adjudicate(s: &str) -> Result<u8, String> {
    let n: u64 = s.parse().map_err(|_| format!("expected a number of empty squares, found {s:?}"))?;
    check_adjudicate(n).map_err(|e| e.to_string())
}

/// Reads `--resign MOVES,SCORE` as reversi-engine reads it.
fn parse_resign(s: &str) -> Result<ResignRule, String> {
    s.parse().map_err(|e: reversi_engine::referee::RuleError| e.to_string())
}

/// Reads `--draw FROM,MOVES,SCORE` as reversi-engine reads it.
fn parse_draw(s: &str) -> Result<DrawRule, String> {
    s.parse().map_err(|e: reversi_engine::referee::RuleError| e.to_string())
}

/// Reads `--max-plies N`: a ply limit reversi-engine accepts.
fn parse_max_plies(s: &str) -> Result<usize, String> {
    let n: u64 = s.parse().map_err(|_| format!("expected a number of plies, found {s:?}"))?;
    check_max_plies(n).map_err(|e| e.to_string())
}

/// Reads a number of seconds from 0 to 10,000,000.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=1e7).contains(&x) => Ok(x),
        _ => Err(format!("expected seconds from 0 to 10000000, found {s:?}")),
    }
}
