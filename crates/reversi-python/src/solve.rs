//! `solve`, `solve_moves` and `solve_many`: reversi-solve's one entry point
//! (8x8 on the bitboard search, any other Reversi board on the generic one)
//! and its batch, with the GIL released and Ctrl-C honoured (the work's
//! `Cancel` token is the solve's). `solve`'s dict is reversi-solve's
//! `Summary`, the fields of `reversi solve --json`.

use numpy::PyArray1;
use pyo3::exceptions::{PyMemoryError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use reversi_engine::env::Encoding;
use reversi_solve::wthor::{CheckReport, TheoreticalOptions, check_theoretical, checked_depth};
use reversi_solve::{Cancel, SolveError, SolveOptions, Summary};
use reversi_variants::Position;

use crate::args::{BackendArg, Unsigned};
use crate::engines::seconds;
use crate::interrupt::interruptible;
use crate::position::PositionArg;
use crate::records::parse_errors;

/// Registers the functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_moves, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(check_wthor, m)?)?;
    Ok(())
}

/// `threads=None`: every core (at most the solver's limit).
pub(crate) fn threads_or_cores(threads: Option<Unsigned<usize>>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from).min(SolveOptions::MAX_THREADS),
        Unsigned::get,
    )
}

/// The options of a call, checked as the CLI's `--threads`, `--hash`,
/// `--time-limit` and `--backend` are.
pub(crate) fn options(
    threads: usize,
    hash_mib: usize,
    time_limit: Option<f64>,
    backend: BackendArg,
) -> PyResult<SolveOptions> {
    let mut options = SolveOptions::new().threads(threads).hash_mib(hash_mib).backend(backend.get());
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
pub(crate) fn solve_error(error: SolveError) -> PyErr {
    solve_error_at(error, "")
}

/// [`solve_error`] with `at` (`"position 3: "`) before the message.
fn solve_error_at(error: SolveError, at: &str) -> PyErr {
    let message = format!("{at}{error}");
    match error {
        SolveError::DeadlineReached { .. } => PyTimeoutError::new_err(message),
        SolveError::TableAlloc { .. } => PyMemoryError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// The exact value of `position`: reversi-solve's [`Summary`] as a dict,
/// the fields of a `reversi solve --json` line (`moves=True`: with every
/// move's score, as `--all`).
#[pyfunction]
#[pyo3(
    signature = (position, *, threads=Unsigned(1), hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None, moves=false, backend=BackendArg::auto()),
    text_signature = "(position, *, threads=1, hash_mib=64, time_limit=None, moves=False, backend='auto')"
)]
fn solve<'py>(
    py: Python<'py>,
    position: PositionArg<'_>,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
    moves: bool,
    backend: BackendArg,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(threads.get(), hash_mib.get(), time_limit, backend)?;
    let pos = position.get()?;
    let summary = interruptible(py, |cancel: &Cancel| {
        let options = options.clone().cancel(cancel.clone());
        let solution = reversi_solve::solve(&pos, &options)?;
        let scores = if moves { Some(reversi_solve::solve_moves(&pos, &options)?) } else { None };
        Ok(Summary::new(&solution, scores.as_ref()))
    })?
    .map_err(solve_error)?;
    summary_dict(py, summary)
}

/// A [`Summary`] as a dict, each field under its name (`moves` only when
/// it was asked for: a list of `(move, score)` as `solve_moves` gives).
fn summary_dict(py: Python<'_>, summary: Summary) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("score", summary.score)?;
    dict.set_item("best", summary.best)?;
    dict.set_item("pv", summary.pv)?;
    dict.set_item("nodes", summary.nodes)?;
    dict.set_item("seconds", summary.seconds)?;
    dict.set_item("nodes_per_second", summary.nodes_per_second)?;
    if let Some(moves) = summary.moves {
        let moves: Vec<(String, i32)> = moves.into_iter().map(|m| (m.mv, m.score)).collect();
        dict.set_item("moves", moves)?;
    }
    Ok(dict)
}

/// Every legal move of `position` with its exact score, best first: a list
/// of `(move, score)` (a single `("pass", score)` when the side to move must
/// pass, empty when the game is over), the answer list of an OBF line.
#[pyfunction]
#[pyo3(
    signature = (position, *, threads=Unsigned(1), hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None, backend=BackendArg::auto()),
    text_signature = "(position, *, threads=1, hash_mib=64, time_limit=None, backend='auto')"
)]
fn solve_moves(
    py: Python<'_>,
    position: PositionArg<'_>,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
    backend: BackendArg,
) -> PyResult<Vec<(String, i32)>> {
    let options = options(threads.get(), hash_mib.get(), time_limit, backend)?;
    let pos = position.get()?;
    let scores =
        interruptible(py, |cancel: &Cancel| reversi_solve::solve_moves(&pos, &options.clone().cancel(cancel.clone())))?
            .map_err(solve_error)?;
    Ok(scores.moves.into_iter().map(|(mv, score)| (mv.to_string(), score)).collect())
}

/// The score of a position `solve_many` could not solve.
const NO_SCORE: i16 = i16::MIN;

/// The exact value of each of `positions`, solved side by side on `threads`
/// threads by reversi-solve's `solve_many` (see the stubs): a dict of
/// arrays, one row a position in order.
#[pyfunction]
#[pyo3(
    signature = (positions, *, threads=None, hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None, errors="raise", backend=BackendArg::auto()),
    text_signature = "(positions, *, threads=None, hash_mib=64, time_limit=None, errors='raise', backend='auto')"
)]
fn solve_many<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    threads: Option<Unsigned<usize>>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
    errors: &str,
    backend: BackendArg,
) -> PyResult<Bound<'py, PyDict>> {
    let skip = parse_errors(errors)?;
    let options = options(threads_or_cores(threads), hash_mib.get(), time_limit, backend)?;
    let positions: Vec<Position> =
        positions.try_iter()?.map(|p| p?.extract::<PositionArg<'_>>()?.get()).collect::<PyResult<_>>()?;
    let answers = interruptible(py, |cancel: &Cancel| {
        reversi_solve::solve_many(&positions, &options.clone().cancel(cancel.clone()))
    })?
    .map_err(solve_error)?;
    let n = answers.len();
    let (mut score, mut best, mut nodes) = (vec![NO_SCORE; n], vec![-1i32; n], vec![0u64; n]);
    let (mut seconds, mut solved, mut messages) = (vec![0f64; n], vec![false; n], Vec::new());
    for (i, (answer, position)) in answers.into_iter().zip(&positions).enumerate() {
        match answer {
            Ok(s) => {
                let encoding = Encoding::new(position.variant(), position.geometry());
                score[i] = i16::try_from(s.score).unwrap_or(NO_SCORE);
                best[i] = s.best.map_or(-1, |mv| i32::try_from(encoding.encode(mv)).unwrap_or(-1));
                (nodes[i], seconds[i], solved[i]) = (s.nodes, s.elapsed.as_secs_f64(), true);
            }
            Err(e) if !skip => return Err(solve_error_at(e, &format!("position {i}: "))),
            Err(e) => messages.push(format!("position {i}: {e}")),
        }
    }
    let dict = PyDict::new(py);
    dict.set_item("score", PyArray1::from_vec(py, score))?;
    dict.set_item("best", PyArray1::from_vec(py, best))?;
    dict.set_item("nodes", PyArray1::from_vec(py, nodes))?;
    dict.set_item("seconds", PyArray1::from_vec(py, seconds))?;
    dict.set_item("solved", PyArray1::from_vec(py, solved))?;
    dict.set_item("errors", PyList::new(py, messages)?)?;
    Ok(dict)
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
    signature = (source, *, depth=None, threads=Unsigned(1), hash_mib=Unsigned(SolveOptions::DEFAULT_HASH_MIB), time_limit=None, backend=BackendArg::auto()),
    text_signature = "(source, *, depth=None, threads=1, hash_mib=64, time_limit=None, backend='auto')"
)]
fn check_wthor<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    depth: Option<Unsigned<usize>>,
    threads: Unsigned<usize>,
    hash_mib: Unsigned<usize>,
    time_limit: Option<f64>,
    backend: BackendArg,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut checking = TheoreticalOptions::new().solve(options(threads.get(), hash_mib.get(), time_limit, backend)?);
    if let Some(depth) = depth.map(Unsigned::get) {
        checking = checking.depth(checked_depth(depth).map_err(solve_error)?);
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
            let row = CheckReport::new(check, &records);
            let dict = PyDict::new(py);
            dict.set_item("game", row.game)?;
            dict.set_item("black", row.black)?;
            dict.set_item("white", row.white)?;
            dict.set_item("depth", row.depth)?;
            dict.set_item("stated", row.stated)?;
            dict.set_item("computed", row.computed)?;
            dict.set_item("agrees", row.agrees)?;
            dict.set_item("disagrees", row.disagrees)?;
            dict.set_item("nodes", row.nodes)?;
            dict.set_item("seconds", row.seconds)?;
            if let Some(empties) = row.empties {
                dict.set_item("empties", empties)?;
            }
            if let Some(why) = row.unscored {
                dict.set_item("unscored", why)?;
            }
            Ok(dict)
        })
        .collect()
}
