//! `solve` and `solve_moves`: reversi-solve's one entry point (8x8 on the
//! bitboard search, any other Reversi board on the generic one), with the
//! GIL released and Ctrl-C honoured (the work's `Cancel` token is the
//! solve's). The result has the fields of `reversi solve --json`.

use pyo3::exceptions::{PyMemoryError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reversi_solve::wthor::{TheoreticalOptions, check_theoretical};
use reversi_solve::{Cancel, SolveError, SolveOptions};

use crate::args::Unsigned;
use crate::engines::seconds;
use crate::interrupt::interruptible;
use crate::position::PyPosition;

/// Registers the functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_moves, m)?)?;
    m.add_function(wrap_pyfunction!(check_wthor, m)?)?;
    Ok(())
}

/// The options of a call, checked as the CLI's `--threads`, `--hash` and
/// `--time-limit` are.
fn options(threads: usize, hash_mib: usize, time_limit: Option<f64>) -> PyResult<SolveOptions> {
    let mut options = SolveOptions::new().threads(threads).hash_mib(hash_mib);
    if let Some(limit) = time_limit {
        options = options.time_limit(seconds(limit, "time_limit")?);
    }
    options.check().map_err(solve_error)?;
    Ok(options)
}

/// A solver's error as Python's: a refused position or option is a
/// `ValueError`, the deadline a `TimeoutError`, a table that cannot be had a
/// `MemoryError`. A stop by Ctrl-C never reaches here: the handler's
/// `KeyboardInterrupt` is raised instead.
fn solve_error(error: SolveError) -> PyErr {
    match error {
        SolveError::DeadlineReached { .. } => PyTimeoutError::new_err(error.to_string()),
        SolveError::TableAlloc { .. } => PyMemoryError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// The exact value of `position`: `score` (the disc difference for the side
/// to move, empty squares to the winner), `best` (a move, `"pass"` when the
/// side to move must pass, `None` when the game is over), `pv`, `nodes` and
/// `seconds`, as `reversi solve --json` writes them.
#[pyfunction]
#[pyo3(
    signature = (position, *, threads=Unsigned(1), hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None),
    text_signature = "(position, *, threads=1, hash_mib=64, time_limit=None)"
)]
fn solve<'py>(
    py: Python<'py>,
    position: &PyPosition,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(threads.get(), hash_mib.get(), time_limit)?;
    let pos = position.pos;
    let solution =
        interruptible(py, |cancel: &Cancel| reversi_solve::solve(&pos, &options.clone().cancel(cancel.clone())))?
            .map_err(solve_error)?;
    let dict = PyDict::new(py);
    dict.set_item("score", solution.score)?;
    dict.set_item("best", solution.best.map(|mv| mv.to_string()))?;
    dict.set_item("pv", solution.pv.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    dict.set_item("nodes", solution.nodes)?;
    dict.set_item("seconds", solution.elapsed.as_secs_f64())?;
    Ok(dict)
}

/// Every legal move of `position` with its exact score, best first: a list
/// of `(move, score)` (a single `("pass", score)` when the side to move must
/// pass, empty when the game is over), the answer list of an OBF line.
#[pyfunction]
#[pyo3(
    signature = (position, *, threads=Unsigned(1), hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None),
    text_signature = "(position, *, threads=1, hash_mib=64, time_limit=None)"
)]
fn solve_moves(
    py: Python<'_>,
    position: &PyPosition,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
) -> PyResult<Vec<(String, i32)>> {
    let options = options(threads.get(), hash_mib.get(), time_limit)?;
    let pos = position.pos;
    let scores =
        interruptible(py, |cancel: &Cancel| reversi_solve::solve_moves(&pos, &options.clone().cancel(cancel.clone())))?
            .map_err(solve_error)?;
    Ok(scores.moves.into_iter().map(|(mv, score)| (mv.to_string(), score)).collect())
}

/// WTHOR's theoretical scores checked by the solver, as `reversi solve
/// --wthor-check --json` checks them (reversi-solve's `wthor` module): one
/// dict a game of `source` (a path, or a binary file object), with `game`
/// (from 1), `black`, `white`, `depth`, `stated`, `computed` (Black's
/// discs; `None` without one), `agrees`, `disagrees`, `nodes`, `seconds`,
/// and `empties` (of the position solved) or `unscored` (why there is no
/// score). `depth` replaces each game's own (else 24); `threads` games are
/// solved at once.
#[pyfunction]
#[pyo3(
    signature = (source, *, depth=None, threads=Unsigned(1), hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None),
    text_signature = "(source, *, depth=None, threads=1, hash_mib=64, time_limit=None)"
)]
fn check_wthor<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    depth: Option<Unsigned<usize>>,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut checking = TheoreticalOptions::new().solve(options(threads.get(), hash_mib.get(), time_limit)?);
    if let Some(depth) = depth.map(Unsigned::get) {
        let max = reversi_solve::wthor::MAX_DEPTH;
        match u8::try_from(depth) {
            Ok(d) if d <= max => checking = checking.depth(d),
            _ => return Err(PyValueError::new_err(format!("depth {depth}: expected 0 to {max} empty squares"))),
        }
    }
    let records = crate::records::open_source(source)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| crate::errors::read_error(&e))?;
    let checks = interruptible(py, |cancel: &Cancel| {
        let solve = checking.get_solve().clone().cancel(cancel.clone());
        check_theoretical(&records, &checking.clone().solve(solve))
    })?
    .map_err(solve_error)?;
    checks
        .iter()
        .map(|check| {
            let record = &records[check.game];
            let dict = PyDict::new(py);
            dict.set_item("game", check.game + 1)?;
            dict.set_item("black", record.black.as_deref())?;
            dict.set_item("white", record.white.as_deref())?;
            dict.set_item("depth", check.depth)?;
            dict.set_item("stated", check.stated)?;
            dict.set_item("computed", check.computed_score())?;
            dict.set_item("agrees", check.agrees())?;
            dict.set_item("disagrees", check.disagrees())?;
            let (nodes, seconds) = check.computed.as_ref().map_or((0, 0.0), |c| (c.nodes, c.elapsed.as_secs_f64()));
            dict.set_item("nodes", nodes)?;
            dict.set_item("seconds", seconds)?;
            match &check.computed {
                Ok(c) => dict.set_item("empties", c.empties)?,
                Err(why) => dict.set_item("unscored", why.to_string())?,
            }
            Ok(dict)
        })
        .collect()
}
