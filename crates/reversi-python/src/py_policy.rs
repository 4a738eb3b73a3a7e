//! A Python callable `policy(position) -> move` as reversi-engine's
//! [`Policy`](reversi_engine::Policy) (served as an engine) and as a
//! referee's [`Player`] (a match's player), callable from any thread: each
//! call takes the GIL for itself. The first exception it raises is kept, to
//! be raised once the session or match stops.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use pyo3::prelude::*;
use reversi_engine::Fault;
use reversi_engine::referee::{Clocks, GameState, Player, TimeControl};
use reversi_variants::{Move, Position};

use crate::position::{PyPosition, parse_move};

/// A callable policy and the first exception it raised; clones share both.
#[derive(Clone)]
pub(crate) struct PyPolicy {
    policy: Arc<Py<PyAny>>,
    name: String,
    error: Arc<Mutex<Option<PyErr>>>,
}

impl PyPolicy {
    /// `policy`, named by its `__name__` (`"python"` if it has none).
    pub(crate) fn new(policy: &Bound<'_, PyAny>) -> PyPolicy {
        let name = policy.getattr("__name__").and_then(|n| n.extract::<String>()).unwrap_or_else(|_| "python".into());
        PyPolicy { policy: Arc::new(policy.clone().unbind()), name, error: Arc::new(Mutex::new(None)) }
    }

    /// The first exception raised by a call, taken.
    pub(crate) fn take_error(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(PoisonError::into_inner).take()
    }

    /// The policy's move in `pos`, or the message of what it raised (the
    /// exception kept).
    fn call(&self, pos: &Position) -> Result<Move, String> {
        Python::attach(|py| {
            let answer = self.policy.bind(py).call1((PyPosition::new(*pos),)).and_then(|m| m.extract::<String>());
            answer.and_then(|text| parse_move(&text)).map_err(|e| {
                let text = e.to_string();
                self.error.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(e);
                text
            })
        })
    }
}

impl reversi_engine::Policy for PyPolicy {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position) -> Move {
        // A failed call answers a pass, which the servers refuse as illegal.
        self.call(pos).unwrap_or(Move::Pass)
    }
}

impl Player for PyPolicy {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _game: &GameState, _control: &TimeControl, _deadline: Instant) -> Result<(), Fault> {
        Ok(())
    }

    fn go(&mut self, game: &GameState, _clocks: &Clocks, _deadline: Instant) -> Result<Move, Fault> {
        self.call(&game.position).map_err(Fault::Garbage)
    }
}
