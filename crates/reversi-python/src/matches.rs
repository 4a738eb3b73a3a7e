//! `reversi_rules.match`: reversi-engine's [`run_match`] between engines and
//! Python policies, as the CLI's `reversi match` plays it (an engine that
//! fails, or cannot be started again, forfeits that game and the match goes
//! on), on a thread of its own with the GIL released: Ctrl-C stops the
//! engines' waits at once and is raised. Each game is handed to a progress
//! callback (or a tqdm bar), and the result has the fields of the CLI's
//! `--json` summary, from reversi-engine's [`Tally`] and [`Sprt`].

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// How often a match looks at Ctrl-C to pass it to the referee's stop.
pub(crate) const STOP_POLL: Duration = Duration::from_millis(20);

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reversi_engine::Fault;
use reversi_engine::referee::{
    Clocks, DrawRule, EngineSpec, GameReport, GameState, MAX_CONCURRENCY, MatchDefinition, MatchOptions, OpeningSource,
    Player, ResignRule, Sprt, Tally, TimeControl, Verdict, check_adjudicate, check_max_plies, opening, run_match,
};
use reversi_notation::Record;
use reversi_variants::Move;

use crate::args::Unsigned;
use crate::engines::{Engine, hook, seconds};
use crate::interrupt::{Cancel, interruptible};
use crate::py_policy::PyPolicy;
use crate::records::PyRecord;

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

    /// Tells `report`'s game (`record` its record, `tally` the score with
    /// it) out of `games`.
    fn tell(
        &self,
        py: Python<'_>,
        report: &GameReport,
        record: &Record,
        (tally, sprt, games): (&Tally, Option<&Sprt>, usize),
    ) -> PyResult<()> {
        match self {
            Progress::Silent => Ok(()),
            Progress::Callback(callback) => {
                let game = PyDict::new(py);
                game.set_item("game", report.index + 1)?;
                game.set_item("black", &report.names[0])?;
                game.set_item("white", &report.names[1])?;
                game.set_item("result", record.result.as_ref().map_or_else(|| "*".into(), ToString::to_string))?;
                game.set_item("termination", report.termination_text())?;
                game.set_item("first_score", report.first_score())?;
                score_fields(&game, tally, sprt)?;
                callback.bind(py).call1((game,)).map(drop)
            }
            Progress::Bar(bar) => {
                bar.bind(py).call_method1("set_postfix_str", (tally.to_string(),))?;
                bar.bind(py).call_method1("update", (1,)).map(drop)
            }
            Progress::Lines => {
                let line = format!("game {}/{games}: {tally}\n", report.index + 1);
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

/// The score's fields of the CLI's `--json` lines, from reversi-engine's
/// `Standing` (the one set of result fields): `wins`, `draws`, `losses`,
/// `score`, `elo` with `elo_low` and `elo_high` (`None` at an open end, as
/// JSON's `null`), and `llr` with `llr_low`, `llr_high` and `sprt` (the
/// verdict, `"H0"` or `"H1"`; all `None` without an SPRT).
fn score_fields(dict: &Bound<'_, PyDict>, tally: &Tally, sprt: Option<&Sprt>) -> PyResult<()> {
    let standing = tally.standing(sprt);
    dict.set_item("wins", standing.wins)?;
    dict.set_item("draws", standing.draws)?;
    dict.set_item("losses", standing.losses)?;
    dict.set_item("score", standing.score)?;
    dict.set_item("elo", standing.elo)?;
    dict.set_item("elo_low", standing.elo_low)?;
    dict.set_item("elo_high", standing.elo_high)?;
    dict.set_item("llr", standing.llr)?;
    dict.set_item("llr_low", standing.llr_low)?;
    dict.set_item("llr_high", standing.llr_high)?;
    dict.set_item("sprt", standing.verdict.map(Verdict::name))
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
/// carries the match's definition and names its engines, clock and opening.
#[pyfunction(name = "match")]
#[pyo3(
    signature = (a, b, *, openings=None, games=None, time=60.0, increment=0.0, sprt=None, progress=None, concurrency=Unsigned(1), adjudicate=None, resign=None, draw=None, max_plies=None),
    text_signature = "(a, b, *, openings=None, games=None, time=60.0, increment=0.0, sprt=None, progress=None, concurrency=1, adjudicate=None, resign=None, draw=None, max_plies=None)"
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
    progress: Option<&Bound<'py, PyAny>>,
    concurrency: Unsigned<usize>,
    adjudicate: Option<Unsigned<u64>>,
    resign: Option<&str>,
    draw: Option<&str>,
    max_plies: Option<Unsigned<u64>>,
) -> PyResult<Bound<'py, PyDict>> {
    let games = games.map(Unsigned::get);
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
    // Without openings: the library's default openings, as the CLI's match.
    let (source, starts) = match &openings {
        Some(list) => (
            OpeningSource::Given,
            list.iter()
                .enumerate()
                .map(|(i, game)| {
                    opening(game.record()).map_err(|e| PyValueError::new_err(format!("opening {}: {e}", i + 1)))
                })
                .collect::<PyResult<Vec<_>>>()?,
        ),
        None => {
            let defaults = MatchOptions::new(0);
            (defaults.opening_source_of().clone(), defaults.openings_of().to_vec())
        }
    };
    let games = games.unwrap_or(2 * starts.len().max(1));
    let progress = Progress::of(py, progress, games)?;
    let (first, setup_a) = PlayerSpec::of(a)?;
    let (second, setup_b) = PlayerSpec::of(b)?;
    let setup = setup_a.max(setup_b).unwrap_or(SETUP);
    let options = MatchOptions::new(games)
        .openings_from(source, starts)
        .control(control)
        .setup(setup)
        .concurrency(concurrency)
        .adjudicate(adjudicate);
    let options = with_rules(options, resign, draw, max_plies)?;
    first.check_openings(&options, "a")?;
    second.check_openings(&options, "b")?;
    let definition = MatchDefinition::of(&first.identity(), &second.identity(), &options);
    let players = [first, second];
    let mut tally = Tally::default();
    let mut verdict = None;
    let mut records = Vec::new();
    let mut raised = None;
    interruptible(py, |cancel| {
        let stop = AtomicBool::new(false);
        let f1 = |deadline| players[0].start(deadline, cancel);
        let f2 = |deadline| players[1].start(deadline, cancel);
        let finished = AtomicBool::new(false);
        std::thread::scope(|scope| {
            // Ctrl-C is the referee's stop too: it ends an adjudication's solve
            // (the engines' waits stop through `Stopping`).
            scope.spawn(|| {
                while !finished.load(Relaxed) {
                    if cancel.is_cancelled() {
                        stop.store(true, Relaxed);
                        return;
                    }
                    std::thread::sleep(STOP_POLL);
                }
            });
            run_match(&f1, &f2, &options, &stop, &mut |report| {
                if cancel.is_cancelled() {
                    return false;
                }
                let mut record = report.record();
                definition.mark(&mut record, report.index);
                // A game stopped at the ply limit has no result: not scored.
                if report.played.black_score().is_some() {
                    tally.add(report.first_score());
                }
                verdict = sprt.and_then(|s| s.verdict(&tally));
                let told = Python::attach(|py| progress.tell(py, report, &record, (&tally, sprt.as_ref(), games)));
                records.push((report.index, record));
                let policy_error = players.iter().find_map(|p| match p {
                    PlayerSpec::Policy(policy) => policy.take_error(),
                    PlayerSpec::Engine { .. } => None,
                });
                raised = policy_error.or(told.err());
                raised.is_none() && verdict.is_none()
            });
            finished.store(true, Relaxed);
        });
    })?;
    progress.close(py)?;
    if let Some(e) = raised {
        return Err(e);
    }
    records.sort_by_key(|(index, _)| *index);
    let result = PyDict::new(py);
    score_fields(&result, &tally, sprt.as_ref())?;
    let records: Vec<PyRecord> = records.into_iter().map(|(_, r)| PyRecord::from_record(r)).collect();
    result.set_item("games", records)?;
    Ok(result)
}
