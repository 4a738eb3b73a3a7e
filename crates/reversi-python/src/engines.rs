//! `reversi_rules.Engine`: an engine process over GTP or NBoard through
//! reversi-engine. Every wait for the engine runs with the GIL released and
//! answers Ctrl-C ([`waiting`]).

use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use reversi_engine::Fault;
use reversi_engine::referee::{Clocks, EngineSpec, GameState, Player, TimeControl};
use reversi_variants::{Move, Position};

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

/// An engine process (GTP or NBoard), started again after it fails.
#[pyclass(module = "reversi_rules", unsendable)]
pub(crate) struct Engine {
    spec: EngineSpec,
    setup: Duration,
    side: Option<Box<dyn Player + Send>>,
    /// The game the engine has been told, if any.
    game: Option<GameState>,
}

impl Engine {
    /// What a match plays this engine with: its spec, its setup time, and
    /// its running process, taken (the engine starts again at its next use).
    pub(crate) fn for_match(&mut self) -> (EngineSpec, Duration, Option<Box<dyn Player + Send>>) {
        self.game = None;
        (self.spec.clone(), self.setup, self.side.take())
    }

    /// The running engine, started if it is not.
    fn side(&mut self) -> Result<&mut Box<dyn Player + Send>, Fault> {
        if self.side.is_none() {
            self.game = None;
            self.side = Some(self.spec.start(Instant::now() + self.setup)?);
        }
        Ok(self.side.as_mut().expect("started"))
    }

    /// The engine's move in `pos` within `time`: the game it knows goes on
    /// when `pos` follows from it by a move (and a forced pass), else a new
    /// game starts at `pos`.
    fn go(&mut self, pos: Position, time: Duration) -> Result<Move, Fault> {
        let known = self.game.as_ref().and_then(|g| continuation(g, pos));
        let setup = self.setup;
        let told = self.game.take();
        let side = self.side()?;
        let game = match (known, told) {
            (Some(moves), Some(mut game)) => {
                for mv in moves {
                    game.position.play_unchecked(mv);
                    game.moves.push(mv);
                }
                game
            }
            _ => {
                let game = GameState::new(pos);
                side.new_game(&game, &TimeControl { time, increment: Duration::ZERO }, Instant::now() + setup)?;
                game
            }
        };
        let clocks: Clocks = [time; 2];
        let began = Instant::now();
        let mv = side.go(&game, &clocks, began + time)?;
        if began.elapsed() > time {
            return Err(Fault::Timeout);
        }
        if mv.is_pass() || !pos.is_legal(mv) {
            return Err(Fault::Illegal(mv));
        }
        let mut game = game;
        game.position.play_unchecked(mv);
        game.moves.push(mv);
        self.game = Some(game);
        Ok(mv)
    }
}

/// The moves that lead from `game`'s position to `pos`: none, a move, a
/// move and a forced pass, or a forced pass and a move.
fn continuation(game: &GameState, pos: Position) -> Option<Vec<Move>> {
    let from = game.position;
    if from == pos {
        return Some(Vec::new());
    }
    let step = |p: Position| -> Vec<(Vec<Move>, Position)> {
        p.moves()
            .map(|mv| {
                let mut c = p;
                c.play_unchecked(mv);
                (vec![mv], c)
            })
            .collect()
    };
    for (mut moves, child) in step(from) {
        if child == pos {
            return Some(moves);
        }
        if child.must_pass() {
            let mut after = child;
            after.play_unchecked(Move::Pass);
            if after == pos {
                moves.push(Move::Pass);
                return Some(moves);
            }
        }
    }
    None
}

#[pymethods]
impl Engine {
    /// Starts `command` (split into words as a shell would, no shell
    /// started), speaking `protocol` (`"gtp"` or `"nboard"`).
    #[new]
    #[pyo3(signature = (command, protocol="gtp", *, dir=None, depth=None, setup=10.0))]
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
        let mut engine = Engine { spec, setup: seconds(setup, "setup")?, side: None, game: None };
        waiting(py, || engine.side().map(|_| ()))?.map_err(engine_error)?;
        Ok(engine)
    }

    /// The engine's name (its `name` answer or `set myname`).
    #[getter]
    fn name(&mut self, py: Python<'_>) -> PyResult<String> {
        waiting(py, || self.side().map(|side| side.name()))?.map_err(engine_error)
    }

    /// The engine's move (`"f5"`) in `position`, answered within `time`
    /// seconds, waited for with the GIL released. Raises `EngineError` when
    /// the engine fails, and Ctrl-C's `KeyboardInterrupt` at once (the engine
    /// is started again at the next call).
    #[pyo3(name = "move", signature = (position, time=60.0))]
    fn py_move(&mut self, py: Python<'_>, position: PositionArg<'_>, time: f64) -> PyResult<String> {
        let time = seconds(time, "time")?;
        let pos = position.get()?;
        if pos.is_game_over() || pos.must_pass() {
            return Err(PyValueError::new_err(format!("no move to choose: {pos}")));
        }
        match waiting(py, || self.go(pos, time)) {
            Ok(Ok(mv)) => Ok(mv.to_string()),
            // The engine failed, or is in the middle of a search: ended.
            Ok(Err(fault)) => {
                self.close();
                Err(engine_error(fault))
            }
            Err(interrupted) => {
                self.close();
                Err(interrupted)
            }
        }
    }

    /// Forgets the game: the next `move` starts a new one.
    fn new_game(&mut self) {
        self.game = None;
    }

    /// Ends the engine process and starts it again.
    fn restart(&mut self, py: Python<'_>) -> PyResult<()> {
        self.close();
        waiting(py, || self.side().map(|_| ()))?.map_err(engine_error)
    }

    /// Ends the engine process (`quit`).
    fn close(&mut self) {
        self.side = None;
        self.game = None;
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, pyo3::types::PyTuple>) {
        self.close();
    }
}
