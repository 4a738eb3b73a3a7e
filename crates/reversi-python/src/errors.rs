//! The Python exceptions: one class per kind of error, each carrying the Rust
//! error's message.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    reversi_rules,
    ParseError,
    PyValueError,
    "Text that does not read: a position, move, variant, board or colour."
);
pyo3::create_exception!(reversi_rules, IllegalMoveError, PyValueError, "A move the position does not allow.");
pyo3::create_exception!(
    reversi_rules,
    RecordError,
    PyValueError,
    "A game record that does not read or replay; the message says where."
);

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}

/// A [`ParseError`] with `what`'s message.
pub(crate) fn parse_error(what: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(what.to_string())
}

/// An [`IllegalMoveError`] with `what`'s message.
pub(crate) fn illegal(what: impl std::fmt::Display) -> PyErr {
    IllegalMoveError::new_err(what.to_string())
}

/// A [`RecordError`] with `what`'s message.
pub(crate) fn record_error(what: impl std::fmt::Display) -> PyErr {
    RecordError::new_err(what.to_string())
}
