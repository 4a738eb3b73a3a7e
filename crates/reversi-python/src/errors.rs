//! The Python exceptions, in one place: `ReversiError` the base of every
//! error the package raises for what it was given (catch it to catch them
//! all), and below it one class per kind, each also under the built-in class
//! code written before the hierarchy catches (`ValueError` for bad input,
//! `RuntimeError` for a failed engine). Each carries the Rust error's
//! message. Files that cannot be read or written raise `OSError`'s classes
//! (`FileNotFoundError`, ...) with the path, as Python's own `open` does.

use std::path::Path;

use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use reversi_notation::wthor::TargetError;
use reversi_notation::{EncodeError, OutputError, PathError};
use reversi_variants::shards::DestinationError;

pyo3::create_exception!(
    reversi_rules,
    ReversiError,
    PyException,
    "The base of every error reversi_rules raises for what it was given: catch it to catch them all."
);

/// A kind of error, with its class below [`ReversiError`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// Text that does not read.
    Parse,
    /// A move the position does not allow.
    IllegalMove,
    /// A game record that does not read or replay.
    Record,
    /// A plan that cannot be made or read.
    Plan,
    /// Shard results that do not make one count.
    Merge,
    /// An engine that fails.
    Engine,
}

/// Each kind's class: name, module, whether it is a `RuntimeError` (else a
/// `ValueError`), docstring.
const CLASSES: [(&str, &str, bool, &str); 6] = [
    ("ParseError", "reversi_rules", false, "Text that does not read: a position, move, variant, board or colour."),
    ("IllegalMoveError", "reversi_rules", false, "A move (or batch action) the position does not allow."),
    ("RecordError", "reversi_rules", false, "A game record that does not read or replay; the message says where."),
    (
        "PlanError",
        "reversi_rules.shards",
        false,
        "A plan that cannot be made or read: a split past the depth, a split whose plan would pass 2**20 \
         positions at some ply (the message gives its estimated size and the deepest split that fits), a file \
         that is no plan, a truncated or edited plan (digest mismatch), a plan of another game or depth, a shard \
         out of range, more shards than the plan has positions (or than 2**20).",
    ),
    (
        "MergeError",
        "reversi_rules.shards",
        false,
        "Shard results that do not make one count: a result missing, twice, of another plan or shard count, or \
         no result at all; the message names the file.",
    ),
    (
        "EngineError",
        "reversi_rules",
        true,
        "An engine that does not start, fails the protocol, runs out of time or answers an illegal move.",
    ),
];

/// The classes of [`CLASSES`], made once.
static TYPES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// The classes, made on first use: `type(name, (ReversiError, builtin), ...)`.
fn types(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    TYPES.get_or_try_init(py, || {
        let base = py.get_type::<ReversiError>();
        CLASSES
            .iter()
            .map(|&(name, module, runtime, doc)| {
                let builtin = if runtime { py.get_type::<PyRuntimeError>() } else { py.get_type::<PyValueError>() };
                let bases = PyTuple::new(py, [base.clone(), builtin])?;
                let dict = PyDict::new(py);
                dict.set_item("__doc__", doc)?;
                dict.set_item("__module__", module)?;
                let class = py.get_type::<PyType>().call1((name, bases, dict))?;
                Ok(class.cast_into::<PyType>()?.unbind())
            })
            .collect()
    })
}

/// `kind`'s class.
pub(crate) fn class(py: Python<'_>, kind: Kind) -> PyResult<Bound<'_, PyType>> {
    Ok(types(py)?[kind as usize].bind(py).clone())
}

/// Adds `ReversiError` and the classes of the top-level module to it (the
/// shards' are added by `shards::register`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ReversiError", py.get_type::<ReversiError>())?;
    for kind in [Kind::Parse, Kind::IllegalMove, Kind::Record, Kind::Plan, Kind::Merge, Kind::Engine] {
        m.add(CLASSES[kind as usize].0, class(py, kind)?)?;
    }
    Ok(())
}

/// An error of `kind` with `what`'s message.
pub(crate) fn error(kind: Kind, what: impl std::fmt::Display) -> PyErr {
    let message = what.to_string();
    Python::attach(|py| match class(py, kind) {
        Ok(class) => PyErr::from_type(class, message),
        Err(e) => e,
    })
}

/// A `ParseError` with `what`'s message.
pub(crate) fn parse_error(what: impl std::fmt::Display) -> PyErr {
    error(Kind::Parse, what)
}

/// An `IllegalMoveError` with `what`'s message.
pub(crate) fn illegal(what: impl std::fmt::Display) -> PyErr {
    error(Kind::IllegalMove, what)
}

/// A `RecordError` with `what`'s message.
pub(crate) fn record_error(what: impl std::fmt::Display) -> PyErr {
    error(Kind::Record, what)
}

/// Whether `e` is of `kind`.
pub(crate) fn is(py: Python<'_>, e: &PyErr, kind: Kind) -> bool {
    class(py, kind).is_ok_and(|class| e.is_instance(py, &class))
}

/// A record reader's error: a file that is missing or may not be read as
/// Python's `open` says it (`FileNotFoundError`, `PermissionError`), the
/// message naming the file; anything else a `RecordError`.
pub(crate) fn read_error(e: &reversi_notation::RecordError) -> PyErr {
    use std::io::ErrorKind::{NotFound, PermissionDenied};
    match &e.kind {
        reversi_notation::ReadError::Io { kind: kind @ (NotFound | PermissionDenied), .. } => {
            std::io::Error::new(*kind, e.to_string()).into()
        }
        _ => record_error(e),
    }
}

/// A file that cannot be read or written: the `OSError` of its kind
/// (`FileNotFoundError`, `PermissionError`, ...), the message naming it.
pub(crate) fn os_error(file: &Path, error: &std::io::Error) -> PyErr {
    std::io::Error::new(error.kind(), format!("{}: {error}", file.display())).into()
}

/// The one mapping of an output that fails, for every writer (records,
/// `.npz` files, plans and shard results): a directory is a `ValueError`
/// (a path that names no file), anything else [`os_error`].
pub(crate) fn output_error(e: OutputError) -> PyErr {
    not_written(&e.path, &e.source)
}

/// [`output_error`] of `file`.
fn not_written(file: &Path, error: &std::io::Error) -> PyErr {
    match error.kind() {
        std::io::ErrorKind::IsADirectory => PyValueError::new_err(format!("{}: {error}", file.display())),
        _ => os_error(file, error),
    }
}

/// A plan's or shard result's destination error: a path refused
/// (`ValueError`, the library's sentence), else [`output_error`].
pub(crate) fn destination_error(e: &DestinationError) -> PyErr {
    match e {
        DestinationError::Io { file, source } => not_written(file, source),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// The error of writing records to `path` ([`PathError`]): a refusal is a
/// `ValueError` naming the path in the library's words (with the argument
/// that lifts it), a game the format cannot hold a `RecordError`, an output
/// that fails [`output_error`], the records' own passed on.
pub(crate) fn path_error(path: &Path, e: PathError<PyErr>) -> PyErr {
    match e.narrow() {
        Err(e) => e,
        Ok(PathError::Write(e)) => record_error(e),
        Ok(PathError::Output(e)) => output_error(e),
        Ok(e) => {
            let hint = match e {
                PathError::Wthor(TargetError::SharedNames { .. }) => {
                    ": pass replace_names=True to replace them, or give the games another name"
                }
                _ => "",
            };
            PyValueError::new_err(format!("{}: {e}{hint}", path.display()))
        }
    }
}

/// The error of an encoder writing to a stream: a game the format cannot
/// hold is a `RecordError`, a failed output an `OSError`.
pub(crate) fn encode_error(e: EncodeError) -> PyErr {
    match e {
        EncodeError::Io(e) => e.into(),
        e => record_error(e),
    }
}
