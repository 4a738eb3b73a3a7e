//! `reversi_rules.Engine`: an engine process over GTP or NBoard through
//! reversi-engine. Every wait for the engine runs with the GIL released and
//! answers Ctrl-C ([`waiting`]).

use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use reversi_engine::referee::{EngineSpec, Player};
use reversi_engine::{Session, SessionError};

use crate::args::Unsigned;
use crate::interrupt::{Cancel, interruptible};
use crate::position::PositionArg;

/// Registers the `Engine` class (lib.rs registers `match` and the servers
/// beside it: they use this module, not the other way round).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    Ok(())
}

/// An `EngineError` with `what`'s message.
pub(crate) fn engine_error(what: impl std::fmt::Display) -> PyErr {
    crate::errors::error(crate::errors::Kind::Engine, what)
}

/// `s` seconds as a duration; a `ValueError` naming `what` for a negative,
/// infinite or NaN `s`.
pub(crate) fn seconds(s: f64, what: &str) -> PyResult<Duration> {
    Duration::try_from_secs_f64(s).map_err(|_| PyValueError::new_err(format!("{what}: expected seconds, found {s}")))
}

/// The hook of `cancel` for [`reversi_engine::stoppable`]: the engine waits
/// of the work stop once the token is set.
pub(crate) fn hook(cancel: &Cancel) -> impl Fn() -> bool + 'static {
    let cancel = cancel.clone();
    move || cancel.is_cancelled()
}

/// Runs `work`, which waits for engines, with the GIL released: Ctrl-C (a
/// signal handler that raises) stops its waits within a few tens of
/// milliseconds and is raised.
fn waiting<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    interruptible(py, |cancel| reversi_engine::stoppable(hook(cancel), work))
}

/// What a match takes of an `Engine`: its spec, its setup time and its
/// running player, if any.
pub(crate) type ForMatch = (EngineSpec, Duration, Option<Box<dyn Player + Send>>);

/// An engine process (GTP or NBoard), started again after it fails:
/// reversi-engine's [`Session`] (the game told to it, the one-move checks,
/// GTP's start rule), its arguments and errors mapped.
#[pyclass(module = "reversi_rules", unsendable)]
pub(crate) struct Engine {
    session: Session,
}

impl Engine {
    /// What a match plays this engine with: its spec, its setup time, and
    /// its running process, taken (the engine starts again at its next use).
    pub(crate) fn for_match(&mut self) -> PyResult<ForMatch> {
        let spec = self.session.spec().cloned().ok_or_else(|| PyValueError::new_err("an engine without a command"))?;
        Ok((spec, self.session.setup(), self.session.take_player()))
    }
}

#[pymethods]
impl Engine {
    /// Starts `command` (split into words as a shell would, no shell
    /// started), speaking `protocol` (`"gtp"` or `"nboard"`).
    #[new]
    // `setup`'s default is reversi-engine's `DEFAULT_SETUP`; the text
    // signature says its value, which stubtest checks against the stub.
    #[pyo3(
        signature = (command, protocol="gtp", *, dir=None, depth=None, setup=reversi_engine::referee::DEFAULT_SETUP.as_secs_f64()),
        text_signature = "(command, protocol='gtp', *, dir=None, depth=None, setup=10.0)"
    )]
    fn py_new(
        py: Python<'_>,
        command: &str,
        protocol: &str,
        dir: Option<std::path::PathBuf>,
        depth: Option<Unsigned<u32>>,
        setup: f64,
    ) -> PyResult<Engine> {
        let depth = depth.map(Unsigned::get);
        let mut spec: EngineSpec = format!("{protocol}:{command}")
            .parse()
            .map_err(|e: reversi_engine::referee::ParseEngineError| PyValueError::new_err(e.to_string()))?;
        spec = spec.depth(depth);
        if let Some(dir) = dir {
            spec = spec.dir(dir);
        }
        let mut session = Session::new(spec, seconds(setup, "setup")?);
        waiting(py, || session.start())?.map_err(engine_error)?;
        Ok(Engine { session })
    }

    /// The engine's name (its `name` answer or `set myname`).
    #[getter]
    fn name(&mut self, py: Python<'_>) -> PyResult<String> {
        waiting(py, || self.session.name())?.map_err(engine_error)
    }

    /// The engine's move (`"f5"`) in `position`, answered within `time`
    /// seconds, waited for with the GIL released. Raises `ValueError` for a
    /// position without a move or a GTP engine asked for a new game at a
    /// start GTP cannot set up (nothing asked), `EngineError` when the
    /// engine fails (it is ended, and started again at the next call), and
    /// Ctrl-C's `KeyboardInterrupt` at once (the engine likewise).
    #[pyo3(name = "move", signature = (position, time=60.0))]
    fn py_move(&mut self, py: Python<'_>, position: PositionArg<'_>, time: f64) -> PyResult<String> {
        let time = seconds(time, "time")?;
        let pos = position.get()?;
        match waiting(py, || self.session.go(pos, time)) {
            Ok(Ok(mv)) => Ok(mv.to_string()),
            Ok(Err(SessionError::Fault(fault))) => Err(engine_error(fault)),
            Ok(Err(e)) => Err(PyValueError::new_err(e.to_string())),
            // In the middle of a search: ended.
            Err(interrupted) => {
                self.close();
                Err(interrupted)
            }
        }
    }

    /// Forgets the game: the next `move` starts a new one.
    fn new_game(&mut self) {
        self.session.new_game();
    }

    /// Ends the engine process and starts it again.
    fn restart(&mut self, py: Python<'_>) -> PyResult<()> {
        self.session.close();
        waiting(py, || self.session.start())?.map_err(engine_error)
    }

    /// Ends the engine process (`quit`).
    fn close(&mut self) {
        self.session.close();
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, pyo3::types::PyTuple>) {
        self.close();
    }
}
