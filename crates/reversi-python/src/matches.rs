//! `reversi_rules.match`: reversi-engine's [`run_scored_match`] between engines and
//! Python policies, as the CLI's `reversi match` plays it (an engine that
//! fails, or cannot be started again, forfeits that game and the match goes
//! on), on a thread of its own with the GIL released: Ctrl-C stops the
//! engines' waits at once and is raised. Each game is handed to a progress
//! callback (or a tqdm bar) as the CLI's `--json` line says it
//! ([`GameSummary`]), and the result has the fields of its summary (the
//! match's [`PairStanding`]: by games and by pairs, with the generalised
//! SPRT on the pairs) and the records.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reversi_engine::Fault;
use reversi_engine::process::ExchangeLog;
use reversi_engine::referee::{
    Clocks, DrawRule, EloModel, EngineSpec, GameReport, GameState, GameSummary, MAX_CONCURRENCY, MatchDefinition,
    MatchOptions, OpeningChoice, OpeningChoiceError, OpeningSource, PairStanding, PairTally, Player, ResignRule, Sprt,
    TimeControl, check_adjudicate, check_max_plies, resumed_tally, run_scored_match,
};
use reversi_notation::Record;
use reversi_variants::Move;

use crate::args::Unsigned;
use crate::engines::{Engine, hook, seconds};
use crate::errors::os_error;
use crate::interrupt::{Cancel, interruptible, stopping};
use crate::py_policy::PyPolicy;
use crate::records::PyRecord;
use crate::records_file::{records_file, records_file_error};
use crate::standings::{game_dict, pair_standing_dict};

/// Registers the function.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    Ok(())
}

/// How long an engine has to start or get ready when no `Engine` says.
pub(crate) const SETUP: Duration = reversi_engine::referee::DEFAULT_SETUP;

/// `options` with the rules of the `resign`, `draw` and `max_plies`
/// keywords (as the CLI's `--resign MOVES,SCORE`, `--draw FROM,MOVES,SCORE`
/// and `--max-plies N`, read by the library).
pub(crate) fn with_rules(
    options: MatchOptions,
    resign: Option<&str>,
    draw: Option<&str>,
    max_plies: Option<Unsigned<u64>>,
) -> PyResult<MatchOptions> {
    let error =
        |name: &'static str| move |e: reversi_engine::referee::RuleError| PyValueError::new_err(format!("{name}: {e}"));
    let resign = resign.map(|s| s.parse::<ResignRule>().map_err(error("resign"))).transpose()?;
    let draw = draw.map(|s| s.parse::<DrawRule>().map_err(error("draw"))).transpose()?;
    let max_plies = max_plies.map(|n| check_max_plies(n.get()).map_err(error("max_plies"))).transpose()?;
    Ok(options.resign(resign).draw(draw).max_plies(max_plies))
}

/// One side of a match: an engine (its running process, taken for the
/// match's first game, and how to start it again) or a policy.
pub(crate) enum PlayerSpec {
    Engine { spec: EngineSpec, running: Mutex<Option<Box<dyn Player + Send>>> },
    Policy(PyPolicy),
}

impl PlayerSpec {
    pub(crate) fn of(side: &Bound<'_, PyAny>) -> PyResult<(PlayerSpec, Option<Duration>)> {
        if let Ok(engine) = side.cast::<Engine>() {
            let (spec, setup, running) = engine
                .try_borrow_mut()
                .map_err(|_| PyValueError::new_err("an engine in use elsewhere cannot play a match"))?
                .for_match()?;
            return Ok((PlayerSpec::Engine { spec, running: Mutex::new(running) }, Some(setup)));
        }
        if side.is_callable() {
            return Ok((PlayerSpec::Policy(PyPolicy::new(side)), None));
        }
        Err(PyValueError::new_err("a side is an Engine or a callable policy(position) -> move"))
    }

    /// Its name: a running engine's own, else its command; a policy's
    /// `__name__`.
    pub(crate) fn name(&self) -> String {
        match self {
            PlayerSpec::Engine { spec, running } => running
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .as_ref()
                .map_or_else(|| spec.command(), |side| side.name()),
            PlayerSpec::Policy(policy) => Player::name(policy),
        }
    }

    /// What identifies it in a tournament's records: an engine's
    /// `EngineSpec::identity`, a policy's `python:` name.
    pub(crate) fn identity(&self) -> String {
        match self {
            PlayerSpec::Engine { spec, .. } => spec.identity(),
            PlayerSpec::Policy(policy) => format!("python:{}", Player::name(policy)),
        }
    }

    /// Refuses `options`' openings that this side's protocol cannot set up
    /// (GTP: only the standard start; reversi-engine's
    /// `MatchOptions::check_engine`), naming the side `name`.
    pub(crate) fn check_openings(&self, options: &MatchOptions, name: &str) -> PyResult<()> {
        match self {
            PlayerSpec::Engine { spec, .. } => options
                .check_engine(spec)
                .map_err(|e| PyValueError::new_err(format!("{name}: engine {e}: give openings as moves from it"))),
            PlayerSpec::Policy(_) => Ok(()),
        }
    }

    /// The side for a worker of the match: the running engine if it has not
    /// been taken, else one started now (its waits stopped by `cancel`).
    pub(crate) fn start(&self, deadline: Instant, cancel: &Cancel) -> Result<Box<dyn Player + Send>, Fault> {
        match self {
            PlayerSpec::Engine { spec, running } => {
                let taken = running.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
                let side = match taken {
                    Some(side) => side,
                    None => reversi_engine::stoppable(hook(cancel), || spec.start(deadline))?,
                };
                Ok(Box::new(Stopping { side, cancel: cancel.clone() }))
            }
            PlayerSpec::Policy(policy) => Ok(Box::new(policy.clone())),
        }
    }
}

/// The openings of a match or tournament and where they come from (for the
/// records), as the CLI's `--openings` and `--openings-random` give them
/// (reversi-engine's `OpeningChoice`): `openings` (records), else
/// `openings_random` plies of random openings drawn from `seed` (within
/// `margin` discs of even if given; as many as `games` needs), else the
/// library's default openings.
pub(crate) fn match_openings(
    openings: Option<&[PyRef<'_, PyRecord>]>,
    (random, seed, margin): (Option<usize>, u64, Option<i32>),
    games: Option<usize>,
) -> PyResult<(OpeningSource, Vec<GameState>)> {
    let choice = match (openings, random) {
        (Some(_), Some(_)) => return Err(PyValueError::new_err("openings_random: not with openings")),
        (Some(list), None) => OpeningChoice::Given(list.iter().map(|game| game.record().clone()).collect()),
        (None, Some(plies)) => OpeningChoice::Random { plies, seed, margin },
        (None, None) => OpeningChoice::Default,
    };
    choice.resolve(games).map_err(|e| match e {
        OpeningChoiceError::Random { .. } => PyValueError::new_err(format!("openings_random: {e}")),
        e => PyValueError::new_err(e.to_string()),
    })
}

/// With `log` (a directory, created if missing), each engine's exchange
/// with the referee written to `log/engine-N.log`, N its place among
/// `players` from 1, as the CLI's `--log DIR` (a policy has no exchange).
/// A running engine process is not reused: it was started without the log.
pub(crate) fn log_to(players: &mut [PlayerSpec], log: Option<&Path>) -> PyResult<()> {
    let Some(dir) = log else { return Ok(()) };
    std::fs::create_dir_all(dir).map_err(|e| os_error(dir, &e))?;
    for (i, player) in players.iter_mut().enumerate() {
        if let PlayerSpec::Engine { spec, running } = player {
            let path = ExchangeLog::path_in(dir, i + 1);
            let log = ExchangeLog::create(&path).map_err(|e| os_error(&path, &e))?;
            *spec = spec.clone().log(Some(log));
            *running = Mutex::new(None);
        }
    }
    Ok(())
}

/// An engine whose waits stop when the match is interrupted.
struct Stopping {
    side: Box<dyn Player + Send>,
    cancel: Cancel,
}

impl Player for Stopping {
    fn name(&self) -> String {
        self.side.name()
    }

    fn last_eval(&self) -> Option<f64> {
        self.side.last_eval()
    }

    fn note_game(&mut self, index: usize) {
        self.side.note_game(index);
    }

    fn new_game(&mut self, game: &GameState, control: &TimeControl, deadline: Instant) -> Result<(), Fault> {
        reversi_engine::stoppable(hook(&self.cancel), || self.side.new_game(game, control, deadline))
    }

    fn go(&mut self, game: &GameState, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault> {
        reversi_engine::stoppable(hook(&self.cancel), || self.side.go(game, clocks, deadline))
    }

    fn game_over(&mut self, game: &GameState) {
        reversi_engine::stoppable(hook(&self.cancel), || self.side.game_over(game));
    }
}

/// Where each game is told: nowhere, a callable, a tqdm bar, or lines on
/// `sys.stderr` (`progress=True` without tqdm).
enum Progress {
    Silent,
    Callback(Py<PyAny>),
    Bar(Py<PyAny>),
    Lines,
}

impl Progress {
    fn of(py: Python<'_>, progress: Option<&Bound<'_, PyAny>>, games: usize) -> PyResult<Progress> {
        let Some(progress) = progress else { return Ok(Progress::Silent) };
        if progress.is_callable() {
            return Ok(Progress::Callback(progress.clone().unbind()));
        }
        if !progress.extract::<bool>().map_err(|_| {
            PyValueError::new_err("progress: expected a callable, True or False (a tqdm bar, or lines on stderr)")
        })? {
            return Ok(Progress::Silent);
        }
        Ok(match py.import("tqdm") {
            Ok(tqdm) => {
                let options = PyDict::new(py);
                options.set_item("total", games)?;
                options.set_item("unit", "game")?;
                Progress::Bar(tqdm.getattr("tqdm")?.call((), Some(&options))?.unbind())
            }
            Err(_) => Progress::Lines,
        })
    }

    /// Tells `report`'s game (`record` its record, `standing` the match's
    /// after it) out of `games`.
    fn tell(
        &self,
        py: Python<'_>,
        report: &GameReport,
        record: &Record,
        (standing, games): (&PairStanding, usize),
    ) -> PyResult<()> {
        match self {
            Progress::Silent => Ok(()),
            Progress::Callback(callback) => {
                let game = game_dict(py, &GameSummary::of_match(report, record, *standing))?;
                callback.bind(py).call1((game,)).map(drop)
            }
            Progress::Bar(bar) => {
                bar.bind(py).call_method1("set_postfix_str", (standing.games.to_string(),))?;
                bar.bind(py).call_method1("update", (1,)).map(drop)
            }
            Progress::Lines => {
                let line = format!("game {}/{games}: {standing}\n", report.index + 1);
                py.import("sys")?.getattr("stderr")?.call_method1("write", (line,)).map(drop)
            }
        }
    }

    fn close(&self, py: Python<'_>) -> PyResult<()> {
        if let Progress::Bar(bar) = self {
            bar.bind(py).call_method0("close")?;
        }
        Ok(())
    }
}

/// Plays a match between `a` and `b` (each an `Engine` or a callable
/// `policy(position) -> move`) from `openings` (`Record`s, each played twice
/// with colours swapped; reversi-engine's default openings if none, as the
/// CLI's `match`), `concurrency` games
/// at once (1 to reversi-engine's `MAX_CONCURRENCY`, as the CLI's
/// `--concurrency`), each game ended by exact solve at `adjudicate` empty
/// squares (1 to reversi-engine's `MAX_ADJUDICATE`, as `--adjudicate`), by
/// the engines' evaluations under `resign` (`"MOVES,SCORE"`) and `draw`
/// (`"FROM,MOVES,SCORE"`), or stopped at `max_plies` (as `--resign`,
/// `--draw` and `--max-plies`; RULES.md, "Adjudication"). Each record
/// carries the match's definition and names its engines, clock and opening;
/// with `output` it is appended to that records file as it ends (`-o`,
/// `--to` as `output_format`, `--resume` as `resume`: reversi-engine's
/// `RecordsFile`).
#[pyfunction(name = "match")]
#[pyo3(
    signature = (a, b, *, openings=None, games=None, time=60.0, increment=0.0, sprt=None, sprt_model="logistic", progress=None, concurrency=Unsigned(1), adjudicate=None, resign=None, draw=None, max_plies=None, openings_random=None, seed=Unsigned(0), margin=None, log=None, output=None, output_format=None, resume=false),
    text_signature = "(a, b, *, openings=None, games=None, time=60.0, increment=0.0, sprt=None, sprt_model='logistic', progress=None, concurrency=1, adjudicate=None, resign=None, draw=None, max_plies=None, openings_random=None, seed=0, margin=None, log=None, output=None, output_format=None, resume=False)"
)]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments.
fn play_match<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    openings: Option<Vec<PyRef<'_, PyRecord>>>,
    games: Option<Unsigned<usize>>,
    time: f64,
    increment: f64,
    sprt: Option<&str>,
    sprt_model: &str,
    progress: Option<&Bound<'py, PyAny>>,
    concurrency: Unsigned<usize>,
    adjudicate: Option<Unsigned<u64>>,
    resign: Option<&str>,
    draw: Option<&str>,
    max_plies: Option<Unsigned<u64>>,
    openings_random: Option<Unsigned<usize>>,
    seed: Unsigned<u64>,
    margin: Option<i32>,
    log: Option<PathBuf>,
    output: Option<PathBuf>,
    output_format: Option<&str>,
    resume: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let given_games = games.map(Unsigned::get);
    let concurrency = concurrency.get();
    if !(1..=MAX_CONCURRENCY).contains(&concurrency) {
        return Err(PyValueError::new_err(format!(
            "concurrency: expected 1 to {MAX_CONCURRENCY} games at once, found {concurrency}"
        )));
    }
    let adjudicate = adjudicate
        .map(|n| check_adjudicate(n.get()).map_err(|e| PyValueError::new_err(format!("adjudicate: {e}"))))
        .transpose()?;
    let control = TimeControl { time: seconds(time, "time")?, increment: seconds(increment, "increment")? };
    let sprt = sprt.map(|s| s.parse::<Sprt>().map_err(|e| PyValueError::new_err(format!("sprt: {e}")))).transpose()?;
    let model: EloModel = sprt_model.parse().map_err(|e| PyValueError::new_err(format!("sprt_model: {e}")))?;
    // Without openings: the library's default openings, as the CLI's match.
    let random = (openings_random.map(Unsigned::get), seed.get(), margin);
    let (source, starts) = match_openings(openings.as_deref(), random, given_games)?;
    let (mut file, done) = records_file(output, output_format, resume)?;
    // A resume plays the number of games its records say unless told.
    let games = given_games.or_else(|| MatchDefinition::recorded_games(&done)).unwrap_or(2 * starts.len().max(1));
    let progress = Progress::of(py, progress, games)?;
    let (first, setup_a) = PlayerSpec::of(a)?;
    let (second, setup_b) = PlayerSpec::of(b)?;
    let setup = setup_a.max(setup_b).unwrap_or(SETUP);
    let options = MatchOptions::new(games)
        .openings_from(source, starts)
        .control(control)
        .setup(setup)
        .concurrency(concurrency)
        .adjudicate(adjudicate)
        .sprt(sprt.map(|s| (s, model)));
    let options = with_rules(options, resign, draw, max_plies)?;
    first.check_openings(&options, "a")?;
    second.check_openings(&options, "b")?;
    let definition = MatchDefinition::of(&first.identity(), &second.identity(), &options);
    let (mut tally, options) = match &file {
        Some(file) if resume => {
            definition
                .check_resume(&done)
                .map_err(|e| PyValueError::new_err(format!("resume: {}: {e}", file.path().display())))?;
            let (tally, done) = resumed_tally(&done, games);
            (tally, options.done(done))
        }
        Some(file) => {
            file.check_unused().map_err(records_file_error)?;
            (PairTally::default(), options)
        }
        None => (PairTally::default(), options),
    };
    let mut players = [first, second];
    log_to(&mut players, log.as_deref())?;
    let mut records = Vec::new();
    let mut raised = None;
    interruptible(py, |cancel| {
        let f1 = |deadline| players[0].start(deadline, cancel);
        let f2 = |deadline| players[1].start(deadline, cancel);
        // Ctrl-C is the referee's stop too: it ends an adjudication's solve
        // (the engines' waits stop through `Stopping`).
        stopping(cancel, |stop| {
            run_scored_match(&f1, &f2, &options, &mut tally, stop, &mut |report, standing| {
                if cancel.is_cancelled() {
                    return false;
                }
                let mut record = report.record();
                definition.mark(&mut record, report.index);
                if let Some(Err(e)) = file.as_mut().map(|file| file.append(&record)) {
                    raised = Some(records_file_error(e));
                    return false;
                }
                let told = Python::attach(|py| progress.tell(py, report, &record, (standing, games)));
                records.push((report.index, record));
                let policy_error = players.iter().find_map(|p| match p {
                    PlayerSpec::Policy(policy) => policy.take_error(),
                    PlayerSpec::Engine { .. } => None,
                });
                raised = policy_error.or(told.err());
                raised.is_none()
            });
        });
    })?;
    progress.close(py)?;
    if let Some(e) = raised {
        return Err(e);
    }
    records.sort_by_key(|(index, _)| *index);
    let sprt = options.sprt_of();
    let result = pair_standing_dict(py, &tally.standing(sprt.as_ref().map(|(s, m)| (s, *m))))?;
    let records: Vec<PyRecord> = records.into_iter().map(|(_, r)| PyRecord::from_record(r)).collect();
    result.set_item("records", records)?;
    Ok(result)
}
