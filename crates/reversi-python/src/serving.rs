//! `reversi_rules.serve_gtp`, `serve_nboard`: a Python policy served as an
//! engine on the process's standard input and output, through
//! reversi-engine's servers, with the GIL released while the input is read.
//!
//! Python installs its signal handlers without `SA_RESTART`, so a signal
//! interrupts the read (`EINTR`): the read then runs Python's handlers
//! ([`SignalAware`]) and goes on, unless a handler raised (Ctrl-C's
//! `KeyboardInterrupt`), which ends the session and is raised.

use std::io::{self, BufReader, Read, stdin, stdout};
use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;
use reversi_engine::referee::Protocol;
use reversi_variants::Position;

use crate::py_policy::PyPolicy;

/// Registers the functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(serve_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(serve_nboard, m)?)?;
    Ok(())
}

/// A reader that runs Python's signal handlers before each read and after
/// an interrupted one, retrying it; the first exception a handler raises is
/// kept in `raised` and ends the input with an error.
struct SignalAware<R> {
    inner: R,
    raised: Arc<Mutex<Option<PyErr>>>,
}

impl<R: Read> SignalAware<R> {
    /// Python's handlers run; an error when one raised.
    fn check(&self) -> io::Result<()> {
        Python::attach(|py| py.check_signals()).map_err(|e| {
            self.raised.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(e);
            io::Error::other("a Python signal handler raised")
        })
    }
}

impl<R: Read> Read for SignalAware<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            self.check()?;
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                done => return done,
            }
        }
    }
}

/// Serves `policy(position) -> move` as an engine on the process's standard
/// input and output until `quit` or the end of the input.
fn serve(py: Python<'_>, policy: &Bound<'_, PyAny>, protocol: Protocol) -> PyResult<()> {
    let policy = PyPolicy::new(policy);
    let kept = policy.clone();
    let raised = Arc::new(Mutex::new(None));
    let served = py.detach(|| {
        let start = Position::from(reversi_core::Position::start());
        let input = BufReader::new(SignalAware { inner: stdin().lock(), raised: raised.clone() });
        let output = stdout().lock();
        match protocol {
            Protocol::Gtp => reversi_engine::gtp::serve(policy, start, input, output),
            _ => reversi_engine::nboard::serve(policy, start, input, output),
        }
    });
    if let Some(e) = raised.lock().unwrap_or_else(PoisonError::into_inner).take() {
        return Err(e);
    }
    if let Some(e) = kept.take_error() {
        return Err(e);
    }
    served.map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))
}

/// Serves `policy(position) -> move` as a GTP engine on standard input and
/// output.
#[pyfunction]
fn serve_gtp(py: Python<'_>, policy: &Bound<'_, PyAny>) -> PyResult<()> {
    serve(py, policy, Protocol::Gtp)
}

/// Serves `policy(position) -> move` as an NBoard engine on standard input
/// and output.
#[pyfunction]
fn serve_nboard(py: Python<'_>, policy: &Bound<'_, PyAny>) -> PyResult<()> {
    serve(py, policy, Protocol::Nboard)
}
