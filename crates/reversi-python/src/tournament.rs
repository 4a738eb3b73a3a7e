//! `reversi_rules.tournament`: reversi-engine's [`Tournament`] between
//! engines and Python policies, as the CLI's `reversi tournament` plays it,
//! on a thread of its own with the GIL released (Ctrl-C stops it and is
//! raised). Each game is handed to a progress callback; the result holds the
//! crosstable's fields (those of the CLI's `--json` summary) and the records.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use reversi_engine::referee::{
    Crosstable, EloModel, Entrant, MAX_CONCURRENCY, MatchOptions, OpeningSource, PairStanding, Schedule, Sprt,
    Standing, TimeControl, Tournament, TournamentGame, TournamentOptions, Verdict, check_adjudicate, distinct_names,
    opening, random_openings, symmetric_duplicates,
};
use reversi_notation::Record;

use crate::args::Unsigned;
use crate::engines::{Engine, seconds};
use crate::interrupt::interruptible;
use crate::matches::{PlayerSpec, SETUP, STOP_POLL};
use crate::records::PyRecord;

/// Registers the function.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    Ok(())
}

/// A tournament between `engines` (each an `Engine` or a callable
/// `policy(position) -> move`), in `format` (`"roundrobin"` or
/// `"gauntlet"`), each pairing `games` games over the same `openings`
/// (reversi-engine's default openings if none, as the CLI's), `concurrency`
/// games at once, `sprt` on each pairing's pairs under `sprt_model`; or
/// `openings_random` plies of seeded random openings (`seed`, `margin`);
/// games adjudicated as `match` does them (`adjudicate`, `resign`, `draw`,
/// `max_plies`).
#[pyfunction]
#[pyo3(
    signature = (engines, *, format="roundrobin", openings=None, games=None, time=60.0, increment=0.0, sprt=None, sprt_model="logistic", progress=None, concurrency=Unsigned(1), adjudicate=None, openings_random=None, seed=Unsigned(0), margin=None, resign=None, draw=None, max_plies=None),
    text_signature = "(engines, *, format='roundrobin', openings=None, games=None, time=60.0, increment=0.0, sprt=None, sprt_model='logistic', progress=None, concurrency=1, adjudicate=None, openings_random=None, seed=0, margin=None, resign=None, draw=None, max_plies=None)"
)]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments.
fn tournament<'py>(
    py: Python<'py>,
    engines: Vec<Bound<'py, PyAny>>,
    format: &str,
    openings: Option<Vec<PyRef<'_, PyRecord>>>,
    games: Option<Unsigned<usize>>,
    time: f64,
    increment: f64,
    sprt: Option<&str>,
    sprt_model: &str,
    progress: Option<Bound<'py, PyAny>>,
    concurrency: Unsigned<usize>,
    adjudicate: Option<Unsigned<u64>>,
    openings_random: Option<Unsigned<usize>>,
    seed: Unsigned<u64>,
    margin: Option<i32>,
    resign: Option<&str>,
    draw: Option<&str>,
    max_plies: Option<Unsigned<u64>>,
) -> PyResult<Bound<'py, PyDict>> {
    let format: Schedule = format.parse().map_err(|e| PyValueError::new_err(format!("format: {e}")))?;
    let model: EloModel = sprt_model.parse().map_err(|e| PyValueError::new_err(format!("sprt_model: {e}")))?;
    let sprt = sprt.map(|s| s.parse::<Sprt>().map_err(|e| PyValueError::new_err(format!("sprt: {e}")))).transpose()?;
    let concurrency = concurrency.get();
    if !(1..=MAX_CONCURRENCY).contains(&concurrency) {
        return Err(PyValueError::new_err(format!(
            "concurrency: expected 1 to {MAX_CONCURRENCY} games at once, found {concurrency}"
        )));
    }
    let adjudicate = adjudicate
        .map(|n| check_adjudicate(n.get()).map_err(|e| PyValueError::new_err(format!("adjudicate: {e}"))))
        .transpose()?;
    if progress.as_ref().is_some_and(|p| !p.is_callable()) {
        return Err(PyValueError::new_err("progress: expected a callable"));
    }
    let progress: Option<Py<PyAny>> = progress.map(Bound::unbind);
    let control = TimeControl { time: seconds(time, "time")?, increment: seconds(increment, "increment")? };
    if openings.is_some() && openings_random.is_some() {
        return Err(PyValueError::new_err("openings_random: not with openings"));
    }
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
        None => match openings_random {
            // As the CLI's --openings-random: half of `games`, else 60.
            Some(plies) => {
                let count = games.map_or(60, |g| g.get().div_ceil(2)).max(1);
                let source = OpeningSource::Random { plies: plies.get(), seed: seed.get(), margin };
                let starts = random_openings(plies.get(), count, seed.get(), margin)
                    .map_err(|e| PyValueError::new_err(format!("openings_random: {e}")))?;
                (source, starts)
            }
            None => {
                let defaults = MatchOptions::new(0);
                (defaults.opening_source_of().clone(), defaults.openings_of().to_vec())
            }
        },
    };
    let duplicates: Vec<(usize, usize)> =
        symmetric_duplicates(&starts).into_iter().map(|(a, b)| (a + 1, b + 1)).collect();
    let games = games.map_or(2 * starts.len().max(1), Unsigned::get);
    let mut players = Vec::new();
    let mut setup = None;
    for engine in &engines {
        // An engine is started now, as the CLI's probe starts it: a command
        // that cannot run raises before any game, and the crosstable names
        // it as it names itself.
        if engine.cast::<Engine>().is_ok() {
            engine.getattr("name")?;
        }
        let (player, engine_setup) = PlayerSpec::of(engine)?;
        setup = setup.max(engine_setup);
        players.push(player);
    }
    let matches = MatchOptions::new(games)
        .openings_from(source, starts)
        .control(control)
        .setup(setup.unwrap_or(SETUP))
        .concurrency(concurrency)
        .adjudicate(adjudicate);
    let matches = crate::matches::with_rules(matches, resign, draw, max_plies)?;
    for (i, player) in players.iter().enumerate() {
        player.check_openings(&matches, &format!("engines[{i}]"))?;
    }
    let options = TournamentOptions::new(format, matches).sprt(sprt.map(|s| (s, model)));
    let names = distinct_names(players.iter().map(PlayerSpec::name).collect());
    let mut records: Vec<(usize, Record)> = Vec::new();
    let mut raised = None;
    let table = interruptible(py, |cancel| {
        let entrants = players
            .iter()
            .zip(names)
            .map(|(player, name)| Entrant::new(name, player.identity(), move |deadline| player.start(deadline, cancel)))
            .collect();
        let mut tournament = Tournament::new(entrants, options).map_err(|e| e.to_string())?;
        let stop = AtomicBool::new(false);
        let finished = AtomicBool::new(false);
        std::thread::scope(|scope| {
            // Ctrl-C is the referee's stop too (an adjudication's solve).
            scope.spawn(|| {
                while !finished.load(Relaxed) {
                    if cancel.is_cancelled() {
                        stop.store(true, Relaxed);
                        return;
                    }
                    std::thread::sleep(STOP_POLL);
                }
            });
            tournament.run(&stop, &mut |game, table| {
                if cancel.is_cancelled() {
                    return false;
                }
                records.push((game.index, game.record.clone()));
                let told = progress.as_ref().map_or(Ok(()), |callback| {
                    Python::attach(|py| callback.bind(py).call1((game_dict(py, game, table)?,)).map(drop))
                });
                let policy_error = players.iter().find_map(|p| match p {
                    PlayerSpec::Policy(policy) => policy.take_error(),
                    PlayerSpec::Engine { .. } => None,
                });
                raised = policy_error.or(told.err());
                raised.is_none()
            });
            finished.store(true, Relaxed);
        });
        Ok::<Crosstable, String>(tournament.crosstable().clone())
    })?
    .map_err(PyValueError::new_err)?;
    if let Some(e) = raised {
        return Err(e);
    }
    records.sort_by_key(|(index, _)| *index);
    let result = table_dict(py, &table)?;
    let records: Vec<PyRecord> = records.into_iter().map(|(_, r)| PyRecord::from_record(r)).collect();
    result.set_item("records", records)?;
    result.set_item("duplicate_openings", duplicates)?;
    Ok(result)
}

/// A game as the CLI's `--json` line says it.
fn game_dict<'py>(py: Python<'py>, game: &TournamentGame, table: &Crosstable) -> PyResult<Bound<'py, PyDict>> {
    let names = table.names();
    let report = &game.report;
    let dict = PyDict::new(py);
    dict.set_item("game", game.index + 1)?;
    dict.set_item("pairing", game.pairing + 1)?;
    dict.set_item("first", &names[game.engines.0])?;
    dict.set_item("second", &names[game.engines.1])?;
    dict.set_item("black", &report.names[0])?;
    dict.set_item("white", &report.names[1])?;
    dict.set_item("result", game.record.result.as_ref().map_or_else(|| "*".into(), ToString::to_string))?;
    dict.set_item("termination", report.termination_text())?;
    dict.set_item("first_score", report.first_score())?;
    let standing = table.pairing(game.pairing).map(|s| pair_standing_dict(py, &s)).transpose()?;
    dict.set_item("standing", standing)?;
    Ok(dict)
}

/// reversi-engine's `Standing`, as the CLI's `--json` says it.
fn standing_dict<'py>(py: Python<'py>, s: &Standing) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("games", s.games)?;
    dict.set_item("wins", s.wins)?;
    dict.set_item("draws", s.draws)?;
    dict.set_item("losses", s.losses)?;
    dict.set_item("score", s.score)?;
    dict.set_item("elo", s.elo)?;
    dict.set_item("elo_low", s.elo_low)?;
    dict.set_item("elo_high", s.elo_high)?;
    dict.set_item("llr", s.llr)?;
    dict.set_item("llr_low", s.llr_low)?;
    dict.set_item("llr_high", s.llr_high)?;
    dict.set_item("sprt", s.verdict.map(Verdict::name))?;
    Ok(dict)
}

/// reversi-engine's `PairStanding`, as the CLI's `--json` says it.
fn pair_standing_dict<'py>(py: Python<'py>, s: &PairStanding) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("games", standing_dict(py, &s.games)?)?;
    dict.set_item("pentanomial", s.pentanomial.to_vec())?;
    dict.set_item("pairs", s.pairs)?;
    dict.set_item("pair_score", s.pair_score)?;
    dict.set_item("elo", s.elo)?;
    dict.set_item("elo_low", s.elo_low)?;
    dict.set_item("elo_high", s.elo_high)?;
    dict.set_item("nelo", s.nelo)?;
    dict.set_item("nelo_low", s.nelo_low)?;
    dict.set_item("nelo_high", s.nelo_high)?;
    dict.set_item("llr", s.llr)?;
    dict.set_item("llr_low", s.llr_low)?;
    dict.set_item("llr_high", s.llr_high)?;
    dict.set_item("sprt_model", s.model.map(EloModel::name))?;
    dict.set_item("sprt", s.verdict.map(Verdict::name))?;
    dict.set_item("discs", s.discs)?;
    dict.set_item("discs_margin", s.discs_margin)?;
    Ok(dict)
}

/// The crosstable as the CLI's `--json` summary says it: `games`, `rows`
/// (by points) and `pairings`.
fn table_dict<'py>(py: Python<'py>, table: &Crosstable) -> PyResult<Bound<'py, PyDict>> {
    let names = table.names();
    let rows = PyList::empty(py);
    for row in table.rows() {
        let dict = PyDict::new(py);
        dict.set_item("engine", row.engine + 1)?;
        dict.set_item("name", &row.name)?;
        dict.set_item("points", row.points)?;
        dict.set_item("standing", pair_standing_dict(py, &row.standing)?)?;
        let against = PyDict::new(py);
        for (c, name) in names.iter().enumerate() {
            if let Some((points, games)) = table.cell(row.engine, c) {
                against.set_item(name, (points, games))?;
            }
        }
        dict.set_item("against", against)?;
        rows.append(dict)?;
    }
    let pairings = PyList::empty(py);
    for (p, &(a, b)) in table.pairings().iter().enumerate() {
        let dict = PyDict::new(py);
        dict.set_item("first", &names[a])?;
        dict.set_item("second", &names[b])?;
        dict.set_item("standing", table.pairing(p).map(|s| pair_standing_dict(py, &s)).transpose()?)?;
        pairings.append(dict)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("games", table.games())?;
    dict.set_item("rows", rows)?;
    dict.set_item("pairings", pairings)?;
    Ok(dict)
}
