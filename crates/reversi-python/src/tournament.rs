//! `reversi_rules.tournament`: reversi-engine's [`Tournament`] between
//! engines and Python policies, as the CLI's `reversi tournament` plays it,
//! on a thread of its own with the GIL released (Ctrl-C stops it and is
//! raised). Each game is handed to a progress callback; the result holds the
//! crosstable's fields (those of the CLI's `--json` summary) and the records.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reversi_engine::referee::{
    Crosstable, EloModel, Entrant, MAX_CONCURRENCY, MatchDefinition, MatchOptions, Schedule, Sprt, TimeControl,
    Tournament, TournamentOptions, check_adjudicate, distinct_names, symmetric_duplicates,
};
use reversi_notation::Record;

use crate::args::Unsigned;
use crate::engines::{Engine, seconds};
use crate::interrupt::{interruptible, stopping};
use crate::matches::{PlayerSpec, SETUP, log_to, match_openings};
use crate::records::PyRecord;
use crate::records_file::{records_file, records_file_error};
use crate::standings::{game_dict, table_dict};

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
/// `max_plies`); each game appended to `output` as it ends, or the
/// tournament resumed from it (`resume`), as `match` does.
#[pyfunction]
#[pyo3(
    signature = (engines, *, format="roundrobin", openings=None, games=None, time=60.0, increment=0.0, sprt=None, sprt_model="logistic", progress=None, concurrency=Unsigned(1), adjudicate=None, openings_random=None, seed=Unsigned(0), margin=None, resign=None, draw=None, max_plies=None, log=None, output=None, output_format=None, resume=false),
    text_signature = "(engines, *, format='roundrobin', openings=None, games=None, time=60.0, increment=0.0, sprt=None, sprt_model='logistic', progress=None, concurrency=1, adjudicate=None, openings_random=None, seed=0, margin=None, resign=None, draw=None, max_plies=None, log=None, output=None, output_format=None, resume=False)"
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
    log: Option<std::path::PathBuf>,
    output: Option<std::path::PathBuf>,
    output_format: Option<&str>,
    resume: bool,
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
    let random = (openings_random.map(Unsigned::get), seed.get(), margin);
    let (source, starts) = match_openings(openings.as_deref(), random, games.map(Unsigned::get))?;
    let duplicates: Vec<(usize, usize)> =
        symmetric_duplicates(&starts).into_iter().map(|(a, b)| (a + 1, b + 1)).collect();
    let (mut file, done) = records_file(output, output_format, resume)?;
    // A resume plays the number of games its records say unless told.
    let games =
        games.map(Unsigned::get).or_else(|| MatchDefinition::recorded_games(&done)).unwrap_or(2 * starts.len().max(1));
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
    // After the names: an engine's running process, which named it, is
    // not reused with a log.
    log_to(&mut players, log.as_deref())?;
    let mut records: Vec<(usize, Record)> = Vec::new();
    let mut raised = None;
    let table = interruptible(py, |cancel| {
        let entrants = players
            .iter()
            .zip(names)
            .map(|(player, name)| Entrant::new(name, player.identity(), move |deadline| player.start(deadline, cancel)))
            .collect();
        let mut tournament = Tournament::new(entrants, options).map_err(|e| PyValueError::new_err(e.to_string()))?;
        match &file {
            Some(file) if resume => {
                tournament
                    .resume(&done)
                    .map_err(|e| PyValueError::new_err(format!("resume: {}: {e}", file.path().display())))?;
            }
            Some(file) => file.check_unused().map_err(records_file_error)?,
            None => {}
        }
        // Ctrl-C is the referee's stop too (an adjudication's solve).
        stopping(cancel, |stop| {
            tournament.run(stop, &mut |game, table| {
                if cancel.is_cancelled() {
                    return false;
                }
                if let Some(Err(e)) = file.as_mut().map(|file| file.append(&game.record)) {
                    raised = Some(records_file_error(e));
                    return false;
                }
                records.push((game.index, game.record.clone()));
                let told = progress.as_ref().map_or(Ok(()), |callback| {
                    Python::attach(|py| callback.bind(py).call1((game_dict(py, &game.summary(table))?,)).map(drop))
                });
                let policy_error = players.iter().find_map(|p| match p {
                    PlayerSpec::Policy(policy) => policy.take_error(),
                    PlayerSpec::Engine { .. } => None,
                });
                raised = policy_error.or(told.err());
                raised.is_none()
            });
        });
        Ok::<Crosstable, PyErr>(tournament.crosstable().clone())
    })??;
    if let Some(e) = raised {
        return Err(e);
    }
    records.sort_by_key(|(index, _)| *index);
    let result = table_dict(py, &table.summary())?;
    let records: Vec<PyRecord> = records.into_iter().map(|(_, r)| PyRecord::from_record(r)).collect();
    result.set_item("records", records)?;
    result.set_item("duplicate_openings", duplicates)?;
    Ok(result)
}
