//! `reversi_rules.Batch`: `n` games stepped together from NumPy arrays,
//! over reversi-engine's `env::Batch` (the games, the action encoding, the
//! policies, the loops): this module reads the arguments, lends the arrays,
//! releases the GIL, installs the thread pool and maps the errors.

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use reversi_engine::BuiltinPolicy;
use reversi_engine::env::{self, BatchError, BatchOptions, Rollout, StepError};
use reversi_variants::Color;

use crate::args::Unsigned;
use crate::arrays::out_array;
use crate::errors::illegal;
use crate::interrupt::interruptible;
use crate::position::{PyPosition, start};
use crate::threads::Threads;

/// What `step` returns: rewards and terminated flags.
type Outcomes<'py> = (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<bool>>);

/// `n` games of one variant and board, stepped together.
#[pyclass(module = "reversi_rules")]
pub(crate) struct Batch {
    pub(crate) batch: env::Batch,
    pub(crate) threads: Threads,
}

impl Batch {
    fn len(&self) -> usize {
        self.batch.len()
    }

    fn parallel(&self) -> bool {
        self.batch.parallel()
    }

    /// `policy`'s action in each game into `out` (or a new array).
    fn actions_of<'py>(
        &mut self,
        py: Python<'py>,
        policy: BuiltinPolicy,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let array = out_array(py, out.as_ref(), [self.len()], "actions out", "int64")?;
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            let (batch, threads) = (&mut self.batch, &self.threads);
            py.detach(|| threads.install(batch.parallel(), || batch.actions(policy, out)));
        }
        Ok(array)
    }

    fn check_index(&self, i: usize) -> PyResult<()> {
        if i >= self.len() {
            return Err(PyIndexError::new_err(format!("game {i} of a batch of {}", self.len())));
        }
        Ok(())
    }
}

/// Game `i`'s position (`IndexError` past the end).
pub(crate) fn position_of(batch: &env::Batch, i: usize) -> PyResult<PyPosition> {
    match batch.position(i) {
        Some(pos) => Ok(PyPosition::new(pos)),
        None => Err(PyIndexError::new_err(format!("game {i} of a batch of {}", batch.len()))),
    }
}

/// `bool (H, W)`: the obstructed squares of the board.
pub(crate) fn holes_of<'py>(py: Python<'py>, batch: &env::Batch) -> Bound<'py, PyArray2<bool>> {
    let enc = batch.encoding();
    let (w, h) = (enc.width(), enc.height());
    let mut holes = vec![false; w * h];
    for sq in batch.start().geometry().holes() {
        holes[usize::from(sq.row()) * w + usize::from(sq.column())] = true;
    }
    PyArray1::from_vec(py, holes).reshape([h, w]).expect("H * W elements")
}

/// `int32 (n, 2)`: each game's pieces, Black then White.
pub(crate) fn scores_of<'py>(py: Python<'py>, batch: &env::Batch) -> Bound<'py, PyArray2<i32>> {
    let flat: Vec<i32> = batch.scores().into_iter().flat_map(|s| [s.black as i32, s.white as i32]).collect();
    PyArray1::from_vec(py, flat).reshape([batch.len(), 2]).expect("n * 2 elements")
}

/// `uint8 (n,)`: each game's side to move, 0 Black, 1 White.
pub(crate) fn sides_of<'py>(py: Python<'py>, batch: &env::Batch) -> Bound<'py, PyArray1<u8>> {
    let sides = batch.sides_to_move().into_iter().map(|c| u8::from(c == Color::White)).collect();
    PyArray1::from_vec(py, sides)
}

/// The built-in policy named `name`.
pub(crate) fn parse_policy(name: &str) -> PyResult<BuiltinPolicy> {
    // reversi-engine's policies, by their exact names.
    match name.parse::<BuiltinPolicy>() {
        Ok(policy) if policy.name() == name => Ok(policy),
        _ => {
            let names: Vec<&str> = BuiltinPolicy::ALL.iter().map(|p| p.name()).collect();
            Err(PyValueError::new_err(format!("unknown policy {name:?}: expected one of {names:?}")))
        }
    }
}

/// A batch that cannot be made, as Python's error.
fn batch_error(e: BatchError) -> PyErr {
    match e {
        BatchError::TooLarge { .. } => PyMemoryError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(
        signature = (n, variant="reversi", *, board="8x8", holes=Vec::new(), seed=Unsigned(0), auto_reset=true, first="black", threads=None),
        text_signature = "(n, variant='reversi', *, board='8x8', holes=..., seed=0, auto_reset=True, first='black', threads=None)"
    )]
    #[allow(clippy::too_many_arguments)] // Python's keywords
    pub(crate) fn py_new(
        n: Unsigned<usize>,
        variant: &str,
        board: &str,
        holes: Vec<String>,
        seed: Unsigned<u64>,
        auto_reset: bool,
        first: &str,
        threads: Option<Unsigned<usize>>,
    ) -> PyResult<Batch> {
        let n = n.get();
        let seed = seed.get();
        let threads = threads.map(Unsigned::get);
        if n == 0 {
            return Err(batch_error(BatchError::Empty));
        }
        let pos = start(variant, board, &holes, first)?;
        let threads = Threads::new(threads)?;
        let options = BatchOptions::new(n).seed(seed).auto_reset(auto_reset).parallel_from(threads.parallel_from());
        let batch = env::Batch::new(pos, &options).map_err(batch_error)?;
        Ok(Batch { batch, threads })
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    fn __repr__(&self) -> String {
        let enc = self.batch.encoding();
        format!(
            "Batch({}, variant={:?}, board=\"{}x{}\", auto_reset={})",
            self.len(),
            self.batch.variant().name(),
            enc.width(),
            enc.height(),
            if self.batch.auto_reset() { "True" } else { "False" }
        )
    }

    /// The number of actions, `width * height * k + 1`: `k` = 1 in Reversi
    /// (a square each), 25 in the games that move pieces (a destination and
    /// one of 25 origins around it), then the pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.batch.encoding().count()
    }

    /// The action that passes.
    #[getter]
    fn pass_action(&self) -> usize {
        self.batch.encoding().pass()
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.batch.encoding().width()
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.batch.encoding().height()
    }

    /// The game: `"reversi"`, `"reversitacks"` or `"attacks"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.batch.variant().name()
    }

    /// Whether a game that ends starts again at once (in `step` and `rollout`).
    #[getter]
    fn auto_reset(&self) -> bool {
        self.batch.auto_reset()
    }

    /// Every game back to the start; with `seed`, the random streams too.
    #[pyo3(signature = (seed=None))]
    pub(crate) fn reset(&mut self, seed: Option<Unsigned<u64>>) {
        self.batch.reset(seed.map(Unsigned::get));
    }

    /// Game `i` back to the start.
    fn reset_game(&mut self, i: Unsigned<usize>) -> PyResult<()> {
        let i = i.get();
        self.check_index(i)?;
        self.batch.reset_game(i);
        Ok(())
    }

    /// Game `i`'s position.
    fn position(&self, i: Unsigned<usize>) -> PyResult<PyPosition> {
        position_of(&self.batch, i.get())
    }

    /// The action of `mv` (text) on this board.
    fn action_of(&self, mv: &str) -> PyResult<usize> {
        let mv = crate::position::parse_move(mv)?;
        self.batch.encoding().action_of(mv).map_err(illegal)
    }

    /// The move (text) of `action`.
    fn move_of(&self, action: i64) -> PyResult<String> {
        let enc = self.batch.encoding();
        match enc.move_of(action) {
            Some(mv) => Ok(mv.to_string()),
            None => Err(PyValueError::new_err(format!("{action} is not an action of this board (0..{})", enc.count()))),
        }
    }

    /// `bool (H, W)`: the obstructed squares (in no plane of the observation).
    fn holes_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        holes_of(py, &self.batch)
    }

    /// `uint8 (n, 2, H, W)`: plane 0 the side to move's pieces, plane 1 the opponent's.
    #[pyo3(signature = (out=None))]
    fn observation<'py>(&self, py: Python<'py>, out: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyArray4<u8>>> {
        let enc = self.batch.encoding();
        let shape = [self.len(), 2, enc.height(), enc.width()];
        let array = out_array(py, out.as_ref(), shape, "observation out", "uint8")?;
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            py.detach(|| self.threads.install(self.parallel(), || self.batch.observe(out)));
        }
        Ok(array)
    }

    /// `bool (n, A)`: the legal actions of each game (none once a game is over).
    #[pyo3(signature = (out=None))]
    fn legal_mask<'py>(&self, py: Python<'py>, out: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let shape = [self.len(), self.batch.encoding().count()];
        let array = out_array(py, out.as_ref(), shape, "legal_mask out", "bool")?;
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            py.detach(|| self.threads.install(self.parallel(), || self.batch.legal_mask(out)));
        }
        Ok(array)
    }

    /// Plays `actions[i]` in game `i` (an int array of `n`): returns `rewards`
    /// (`float64 (n,)`, as the vector env's: +1, 0 or -1 for the mover when its move ends the game,
    /// else 0) and `terminated` (`bool (n,)`). With `auto_reset`, an ended game
    /// starts again at once. An illegal action raises `IllegalMoveError` (a
    /// `ValueError`) naming the game, before any game is played. `rewards=`
    /// and `terminated=` take arrays to write into (as `out=` does).
    #[pyo3(signature = (actions, *, rewards=None, terminated=None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        rewards: Option<Bound<'py, PyAny>>,
        terminated: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Outcomes<'py>> {
        // A contiguous int64 array is read in place; anything else (a list,
        // another integer type, a strided view) is copied.
        let typed = actions.cast::<PyArray1<i64>>().ok().map(|a| a.try_readonly()).transpose()?;
        let owned;
        let actions: &[i64] = match typed.as_ref().map(|t| t.as_slice()) {
            Some(Ok(slice)) => slice,
            _ => {
                owned = actions.extract::<Vec<i64>>()?;
                &owned
            }
        };
        let n = self.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(StepError::Length { expected: n, found: actions.len() }.to_string()));
        }
        let rewards = out_array::<f64, _>(py, rewards.as_ref(), [n], "rewards", "float64")?;
        let terminated = out_array::<bool, _>(py, terminated.as_ref(), [n], "terminated", "bool")?;
        {
            let mut r_view = rewards.try_readwrite()?;
            let mut t_view = terminated.try_readwrite()?;
            let (r_out, t_out) = (r_view.as_slice_mut()?, t_view.as_slice_mut()?);
            let (batch, threads) = (&mut self.batch, &self.threads);
            py.detach(|| threads.install(batch.parallel(), || batch.step(actions, r_out, t_out))).map_err(
                |e| match e {
                    StepError::Illegal { .. } => illegal(e),
                    _ => PyValueError::new_err(e.to_string()),
                },
            )?;
        }
        Ok((rewards, terminated))
    }

    /// `int64 (n,)`: a uniformly random legal action of each game, from the
    /// batch's seeded streams (-1 for a game that is over):
    /// `policy_actions("random", out)`.
    #[pyo3(signature = (out=None))]
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.actions_of(py, BuiltinPolicy::Random, out)
    }

    /// `int64 (n,)`: the action of the built-in `policy` (`"random"` or
    /// `"greedy"`) in each game, from the batch's seeded streams (-1 for a
    /// game that is over).
    #[pyo3(signature = (policy="random", out=None))]
    fn policy_actions<'py>(
        &mut self,
        py: Python<'py>,
        policy: &str,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.actions_of(py, parse_policy(policy)?, out)
    }

    /// Plays every game to its end, Black's moves by `policies[0]` and White's
    /// by `policies[1]` (`"random"` or `"greedy"`; one name for both), from
    /// the batch's streams, and returns the final discs, `int32 (n, 2)`:
    /// Black, White (written into `out` when given). A game still going after
    /// `max_plies` plies of this call (default ten per playable square, as
    /// the CLI's `play`: Reversitacks and Attacks games can go on for ever)
    /// stops there, its discs counted as they stand. The games are then at
    /// their ends (or where they stopped), or started again with
    /// `auto_reset`. With `seed`, the streams are seeded again first: the
    /// same seed plays the same games, whatever the number of threads, and
    /// the games `reversi play --seed` writes (the same policies, the same
    /// stream for game `i`: reversi-engine's `self_play`).
    /// Ctrl-C stops the rollout (`KeyboardInterrupt`), the games left where
    /// they were.
    #[pyo3(signature = (policies=None, seed=None, out=None, *, max_plies=None))]
    fn rollout<'py>(
        &mut self,
        py: Python<'py>,
        policies: Option<&Bound<'py, PyAny>>,
        seed: Option<Unsigned<u64>>,
        out: Option<Bound<'py, PyAny>>,
        max_plies: Option<Unsigned<usize>>,
    ) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let seed = seed.map(Unsigned::get);
        let max_plies = max_plies.map(Unsigned::get);
        let policies = match policies {
            None => [BuiltinPolicy::Random; 2],
            Some(p) => match p.extract::<String>() {
                Ok(one) => [parse_policy(&one)?; 2],
                Err(_) => {
                    let two: Vec<String> = p.extract()?;
                    let [b, w] = two.as_slice() else {
                        return Err(PyValueError::new_err(format!(
                            "policies: one name or two (Black's, White's), not {}",
                            two.len()
                        )));
                    };
                    [parse_policy(b)?, parse_policy(w)?]
                }
            },
        };
        let array = out_array(py, out.as_ref(), [self.len(), 2], "rollout out", "int32")?;
        if let Some(seed) = seed {
            self.batch.seed(seed);
        }
        {
            let mut view = array.try_readwrite()?;
            let out = view.as_slice_mut()?;
            let (batch, threads) = (&mut self.batch, &self.threads);
            interruptible(py, |cancel| {
                let cancelled = || cancel.is_cancelled();
                let mut rollout = Rollout::new(policies).cancelled(&cancelled);
                if let Some(plies) = max_plies {
                    rollout = rollout.max_plies(plies);
                }
                threads.install(batch.parallel(), || batch.rollout(&rollout, out));
            })?;
        }
        Ok(array)
    }

    /// `int32 (n, 2)`: each game's discs (pieces), Black then White.
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        scores_of(py, &self.batch)
    }

    /// `bool (n,)`: the games that are over (only with `auto_reset=False`).
    fn is_over<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        PyArray1::from_vec(py, self.batch.over())
    }

    /// `uint8 (n,)`: the side to move of each game, 0 Black, 1 White.
    fn side_to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        sides_of(py, &self.batch)
    }
}
