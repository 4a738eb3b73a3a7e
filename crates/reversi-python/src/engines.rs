//! `reversi_rules.Engine`, `match`, `serve_gtp`, `serve_nboard`: engines over
//! GTP and NBoard through reversi-engine, and Python policies as engines.

use std::cell::RefCell;
use std::io::{BufReader, stdin, stdout};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use reversi_core::Color;
use reversi_engine::Fault;
use reversi_engine::referee::{
    Clocks, End, EngineSpec, Game, Protocol, Report, Side, Tally, TimeControl, opening, play_game,
};
use reversi_variants::{Move, Position};

use crate::position::{PyPosition, parse_move};
use crate::records::PyRecord;

/// Registers the classes and functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(serve_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(serve_nboard, m)?)?;
    Ok(())
}

fn engine_error(what: impl std::fmt::Display) -> PyErr {
    crate::errors::error(crate::errors::Kind::Engine, what)
}

fn seconds(s: f64, what: &str) -> PyResult<Duration> {
    Duration::try_from_secs_f64(s).map_err(|_| PyValueError::new_err(format!("{what}: expected seconds, found {s}")))
}

/// An engine process (GTP or NBoard), started again after it fails.
#[pyclass(module = "reversi_rules", unsendable)]
pub(crate) struct Engine {
    spec: EngineSpec,
    setup: Duration,
    side: Option<Box<dyn Side + Send>>,
    /// The game the engine has been told, if any.
    game: Option<Game>,
}

impl Engine {
    /// The running engine, started if it is not.
    fn side(&mut self) -> Result<&mut Box<dyn Side + Send>, Fault> {
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
                let game = Game::new(pos);
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
            return Err(Fault::Illegal(mv.to_string()));
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
fn continuation(game: &Game, pos: Position) -> Option<Vec<Move>> {
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
        command: &str,
        protocol: &str,
        dir: Option<std::path::PathBuf>,
        depth: Option<u32>,
        setup: f64,
    ) -> PyResult<Engine> {
        let mut spec: EngineSpec = format!("{protocol}:{command}")
            .parse()
            .map_err(|e: reversi_engine::referee::ParseEngineError| PyValueError::new_err(e.to_string()))?;
        spec = spec.depth(depth);
        if let Some(dir) = dir {
            spec = spec.dir(dir);
        }
        let mut engine = Engine { spec, setup: seconds(setup, "setup")?, side: None, game: None };
        engine.side().map_err(engine_error)?;
        Ok(engine)
    }

    /// The engine's name (its `name` answer or `set myname`).
    #[getter]
    fn name(&mut self) -> PyResult<String> {
        Ok(self.side().map_err(engine_error)?.name())
    }

    /// The engine's move (`"f5"`) in `position`, answered within `time`
    /// seconds. Raises `EngineError` when the engine fails (it is started
    /// again at the next call).
    #[pyo3(name = "move", signature = (position, time=60.0))]
    fn py_move(&mut self, py: Python<'_>, position: &PyPosition, time: f64) -> PyResult<String> {
        let time = seconds(time, "time")?;
        let pos = position.pos;
        if pos.is_game_over() || pos.must_pass() {
            return Err(PyValueError::new_err(format!("no move to choose: {pos}")));
        }
        let result = py.detach(|| self.go(pos, time));
        match result {
            Ok(mv) => Ok(mv.to_string()),
            Err(fault) => {
                self.side = None;
                self.game = None;
                Err(engine_error(fault))
            }
        }
    }

    /// Forgets the game: the next `move` starts a new one.
    fn new_game(&mut self) {
        self.game = None;
    }

    /// Ends the engine process and starts it again.
    fn restart(&mut self) -> PyResult<()> {
        self.close();
        self.side().map(|_| ()).map_err(engine_error)
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

/// A Python callable `policy(position) -> move` as a referee's side or an
/// engine's policy. Its first exception is kept to raise afterwards.
struct PyPolicy<'py> {
    policy: Bound<'py, PyAny>,
    name: String,
    error: RefCell<Option<PyErr>>,
}

impl<'py> PyPolicy<'py> {
    fn new(policy: Bound<'py, PyAny>) -> PyPolicy<'py> {
        let name = policy.getattr("__name__").and_then(|n| n.extract::<String>()).unwrap_or_else(|_| "python".into());
        PyPolicy { policy, name, error: RefCell::new(None) }
    }

    fn call(&self, pos: &Position) -> Result<Move, String> {
        let answer = self.policy.call1((PyPosition::new(*pos),)).and_then(|m| m.extract::<String>());
        match answer.and_then(|text| parse_move(&text)) {
            Ok(mv) => Ok(mv),
            Err(e) => {
                let text = e.to_string();
                self.error.borrow_mut().get_or_insert(e);
                Err(text)
            }
        }
    }
}

impl reversi_engine::Policy for PyPolicy<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position) -> Move {
        // A failed call answers a pass, which the servers refuse as illegal.
        self.call(pos).unwrap_or(Move::Pass)
    }
}

impl Side for PyPolicy<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _game: &Game, _control: &TimeControl, _deadline: Instant) -> Result<(), Fault> {
        Ok(())
    }

    fn go(&mut self, game: &Game, _clocks: &Clocks, _deadline: Instant) -> Result<Move, Fault> {
        self.call(&game.position).map_err(Fault::Garbage)
    }
}

/// One side of a match: an engine or a policy.
enum Player<'a, 'py> {
    Engine(PyRefMut<'a, Engine>),
    Policy(PyPolicy<'py>),
}

impl<'py> Player<'_, 'py> {
    fn of<'a>(side: &'a Bound<'py, PyAny>) -> PyResult<Player<'a, 'py>> {
        if let Ok(engine) = side.cast::<Engine>() {
            return Ok(Player::Engine(
                engine
                    .try_borrow_mut()
                    .map_err(|_| PyValueError::new_err("an engine cannot play both sides: start two"))?,
            ));
        }
        if side.is_callable() {
            return Ok(Player::Policy(PyPolicy::new(side.clone())));
        }
        Err(PyValueError::new_err("a side is an Engine or a callable policy(position) -> move"))
    }
}

/// Plays a match between `a` and `b` (each an `Engine` or a callable
/// `policy(position) -> move`) from `openings` (`Record`s, each played twice
/// with colours swapped; the standard start if none), one game at a time.
#[pyfunction(name = "match")]
#[pyo3(signature = (a, b, *, openings=None, games=None, time=60.0, increment=0.0))]
fn play_match<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    openings: Option<Vec<PyRef<'_, PyRecord>>>,
    games: Option<usize>,
    time: f64,
    increment: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let control = TimeControl { time: seconds(time, "time")?, increment: seconds(increment, "increment")? };
    let mut starts = Vec::new();
    for (i, game) in openings.iter().flatten().enumerate() {
        starts.push(opening(game.record()).map_err(|e| PyValueError::new_err(format!("opening {}: {e}", i + 1)))?);
    }
    if starts.is_empty() {
        starts.push(Game::new(Position::from(reversi_core::Position::start())));
    }
    let games = games.unwrap_or(2 * starts.len());
    let mut players = [Player::of(a)?, Player::of(b)?];
    let mut tally = Tally::default();
    let mut records = Vec::new();
    for index in 0..games {
        let first_is_black = index.is_multiple_of(2);
        let opening = &starts[(index / 2) % starts.len()];
        let [pa, pb] = &mut players;
        let mut sides: Vec<&mut dyn Side> = Vec::new();
        for player in [&mut *pa, &mut *pb] {
            match player {
                Player::Engine(engine) => {
                    let engine = &mut **engine;
                    engine.game = None;
                    sides.push(&mut **engine.side().map_err(engine_error)?);
                }
                Player::Policy(policy) => sides.push(policy),
            }
        }
        let [sa, sb]: [&mut dyn Side; 2] = sides.try_into().map_err(|_| PyValueError::new_err("two sides"))?;
        let (black, white) = if first_is_black { (sa, sb) } else { (sb, sa) };
        let names = [black.name(), white.name()];
        let played = play_game(black, white, opening, control, Duration::from_secs(10), &|| false);
        for player in &mut players {
            if let Player::Policy(policy) = player
                && let Some(e) = policy.error.borrow_mut().take()
            {
                return Err(e);
            }
        }
        if let End::Forfeit { loser, .. } = &played.end {
            let loser_is_a = (*loser == Color::Black) == first_is_black;
            if let Player::Engine(engine) = &mut players[usize::from(!loser_is_a)] {
                engine.close();
            }
        }
        let report = Report { index, first_is_black, names, played };
        tally.add(report.first_score());
        records.push(PyRecord::from_record(report.record()));
        py.check_signals()?;
    }
    let result = PyDict::new(py);
    result.set_item("wins", tally.wins)?;
    result.set_item("draws", tally.draws)?;
    result.set_item("losses", tally.losses)?;
    result.set_item("score", tally.score())?;
    let elo = tally.elo_interval();
    result.set_item("elo", elo.map(|e| e.0))?;
    result.set_item("elo_low", elo.map(|e| e.1))?;
    result.set_item("elo_high", elo.map(|e| e.2))?;
    result.set_item("games", records)?;
    Ok(result)
}

/// Serves `policy(position) -> move` as an engine on the process's standard
/// input and output until `quit` or the end of the input.
fn serve(policy: &Bound<'_, PyAny>, protocol: Protocol) -> PyResult<()> {
    let policy = PyPolicy::new(policy.clone());
    let error = std::rc::Rc::new(RefCell::new(None));
    let start = Position::from(reversi_core::Position::start());
    let input = BufReader::new(stdin().lock());
    let output = stdout().lock();
    struct Keep<'py>(PyPolicy<'py>, std::rc::Rc<RefCell<Option<PyErr>>>);
    impl reversi_engine::Policy for Keep<'_> {
        fn name(&self) -> String {
            self.0.name.clone()
        }
        fn choose(&mut self, pos: &Position) -> Move {
            let mv = reversi_engine::Policy::choose(&mut self.0, pos);
            if let Some(e) = self.0.error.borrow_mut().take() {
                self.1.borrow_mut().get_or_insert(e);
            }
            mv
        }
    }
    let keep = Keep(policy, error.clone());
    let served = match protocol {
        Protocol::Gtp => reversi_engine::gtp::serve(keep, start, input, output),
        _ => reversi_engine::nboard::serve(keep, start, input, output),
    };
    if let Some(e) = error.borrow_mut().take() {
        return Err(e);
    }
    served.map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))
}

/// Serves `policy(position) -> move` as a GTP engine on standard input and
/// output.
#[pyfunction]
fn serve_gtp(policy: &Bound<'_, PyAny>) -> PyResult<()> {
    serve(policy, Protocol::Gtp)
}

/// Serves `policy(position) -> move` as an NBoard engine on standard input
/// and output.
#[pyfunction]
fn serve_nboard(policy: &Bound<'_, PyAny>) -> PyResult<()> {
    serve(policy, Protocol::Nboard)
}
