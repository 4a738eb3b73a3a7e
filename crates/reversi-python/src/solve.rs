//! `solve` and `solve_moves`: reversi-solve's one entry point (8x8 on the
//! bitboard search, any other Reversi board on the generic one), with the
//! GIL released and Ctrl-C honoured (the work's `Cancel` token is the
//! solve's). The result has the fields of `reversi solve --json`.

use pyo3::exceptions::{PyMemoryError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reversi_solve::{Cancel, SolveError, SolveOptions};

use crate::args::Unsigned;
use crate::engines::seconds;
use crate::interrupt::interruptible;
use crate::position::PositionArg;

/// Registers the functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_moves, m)?)?;
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
    position: PositionArg<'_>,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(threads.get(), hash_mib.get(), time_limit)?;
    let pos = position.get()?;
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
    position: PositionArg<'_>,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
) -> PyResult<Vec<(String, i32)>> {
    let options = options(threads.get(), hash_mib.get(), time_limit)?;
    let pos = position.get()?;
    let scores =
        interruptible(py, |cancel: &Cancel| reversi_solve::solve_moves(&pos, &options.clone().cancel(cancel.clone())))?
            .map_err(solve_error)?;
    Ok(scores.moves.into_iter().map(|(mv, score)| (mv.to_string(), score)).collect())
}
