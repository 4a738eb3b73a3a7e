//! `reversi_rules._native.VectorCore`: the Rust half of the Gymnasium vector
//! environment (`python/reversi_rules/_vector.py`), over reversi-engine's
//! `env::VectorEnv` (which plays the steps): this module checks the
//! caller's arrays, releases the GIL and runs a step on a thread of its own
//! for `step_async` / `step_wait`.

use std::thread::JoinHandle;

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use reversi_core::Color;
use reversi_engine::BuiltinPolicy;
use reversi_engine::env::{Autoreset, EpisodeRules, Refusal, StepBuffers, StepSlices, VectorEnv};

use crate::args::Unsigned;
use crate::arrays::out_array;
use crate::batch::{Batch, parse_policy};
use crate::errors::illegal;
use crate::position::PyPosition;
use crate::threads::Threads;

/// The episodes and the outputs of `step_async`, reused.
struct Inner {
    env: VectorEnv,
    buffers: StepBuffers,
}

impl Inner {
    /// The first game a step with `actions` must refuse (under strict rules:
    /// an illegal action too), as an error.
    /// The check runs on `threads` (GIL released) as the step does.
    fn check(&self, py: Python<'_>, threads: &Threads, actions: &[i64]) -> PyResult<()> {
        let n = self.env.batch().len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!("{} actions for {n} environments", actions.len())));
        }
        if !self.env.may_refuse() {
            return Ok(()); // no hand-over to the threads for nothing
        }
        let parallel = self.env.batch().parallel();
        match py.detach(|| threads.install(parallel, || self.env.refused(actions))) {
            Some((i, Refusal::NotLegal)) => {
                Err(illegal(format!("environment {i}: action {} is not legal", actions[i])))
            }
            Some((i, why)) => {
                Err(PyValueError::new_err(format!("environment {i}: {why} (options={{\"reset_mask\": ...}})")))
            }
            None => Ok(()),
        }
    }
}

/// A step under way on its own thread.
type Pending = JoinHandle<Box<Inner>>;

/// The Rust half of `reversi_rules.gymnasium.VectorEnv`: `n` episodes.
#[pyclass(module = "reversi_rules._native")]
pub(crate) struct VectorCore {
    /// `None` while a `step_async` runs.
    inner: Option<Box<Inner>>,
    pending: Option<Pending>,
    autoreset: Autoreset,
    threads: Threads,
    n: usize,
    /// The board's height and width.
    hw: [usize; 2],
    actions: usize,
}

/// The autoreset mode named `name`.
fn parse_autoreset(name: &str) -> PyResult<Autoreset> {
    match name {
        "next_step" => Ok(Autoreset::NextStep),
        "same_step" => Ok(Autoreset::SameStep),
        "disabled" => Ok(Autoreset::Disabled),
        _ => Err(PyValueError::new_err(format!(
            "autoreset_mode {name:?}: expected \"next_step\", \"same_step\" or \"disabled\""
        ))),
    }
}

/// A contiguous slice of `array` (1-D, the caller's) read as `T`s.
fn read_slice<'py, T>(array: &Bound<'py, PyAny>, n: usize, what: &str) -> PyResult<Vec<T>>
where
    T: numpy::Element + Copy + pyo3::conversion::FromPyObjectOwned<'py>,
{
    let values: Vec<T> = match array.cast::<PyArray1<T>>() {
        Ok(a) => a.to_vec()?,
        Err(_) => array.extract()?,
    };
    if values.len() != n {
        return Err(PyValueError::new_err(format!("{what}: {} values for {n} environments", values.len())));
    }
    Ok(values)
}

impl VectorCore {
    fn inner(&mut self) -> PyResult<&mut Inner> {
        self.inner
            .as_deref_mut()
            .ok_or_else(|| PyRuntimeError::new_err("a step_async is under way: call step_wait first"))
    }
}

#[pymethods]
impl VectorCore {
    #[new]
    #[pyo3(signature = (n, variant, board, holes, first, seed, opponent, color, autoreset, max_plies, threads, illegal))]
    #[allow(clippy::too_many_arguments)] // the keywords of the Python class, checked there
    fn py_new(
        n: Unsigned<usize>,
        variant: &str,
        board: &str,
        holes: Vec<String>,
        first: &str,
        seed: Unsigned<u64>,
        opponent: &str,
        color: &str,
        autoreset: &str,
        max_plies: Option<Unsigned<u32>>,
        threads: Option<Unsigned<usize>>,
        illegal: &str,
    ) -> PyResult<VectorCore> {
        let n = n.get();
        let seed = seed.get();
        let max_plies = max_plies.map(Unsigned::get);
        let Batch { batch, threads } =
            Batch::py_new(Unsigned(n), variant, board, holes, Unsigned(seed), false, first, threads, None)?;
        let opponent: Option<BuiltinPolicy> = if opponent == "self" { None } else { Some(parse_policy(opponent)?) };
        let learner_black =
            color.parse::<Color>().map_err(|e| PyValueError::new_err(format!("color {color:?}: {e}")))? == Color::Black;
        let strict = match illegal {
            "lose" => false,
            "raise" => true,
            _ => return Err(PyValueError::new_err(format!("illegal {illegal:?}: expected \"lose\" or \"raise\""))),
        };
        let mut rules = EpisodeRules::new(opponent)
            .learner_black(learner_black)
            .autoreset(parse_autoreset(autoreset)?)
            .strict(strict);
        match max_plies {
            Some(0) => return Err(PyValueError::new_err("max_episode_steps: at least 1")),
            Some(plies) => rules = rules.max_plies(plies),
            None => {} // the board's: reversi-engine's default_max_plies
        }
        let enc = batch.encoding();
        let (hw, actions) = ([enc.height(), enc.width()], enc.count());
        let inner = Inner { env: VectorEnv::new(batch, rules), buffers: StepBuffers::default() };
        let autoreset = rules.autoreset_mode();
        Ok(VectorCore { inner: Some(Box::new(inner)), pending: None, autoreset, threads, n, hw, actions })
    }

    /// Resets the episodes where `mask` is true (every one without a mask),
    /// with `seed` the streams first, and writes every observation and mask.
    #[pyo3(signature = (obs, legal, seed=None, mask=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        obs: Bound<'py, PyAny>,
        legal: Bound<'py, PyAny>,
        seed: Option<Unsigned<u64>>,
        mask: Option<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let seed = seed.map(Unsigned::get);
        let (n, [h, w], count) = (self.n, self.hw, self.actions);
        let which: Option<Vec<bool>> = mask.map(|m| read_slice::<bool>(&m, n, "reset_mask")).transpose()?;
        let obs = out_array::<u8, _>(py, Some(&obs), [n, 2, h, w], "observation", "uint8")?;
        let legal = out_array::<bool, _>(py, Some(&legal), [n, count], "action_mask", "bool")?;
        let (mut o, mut l) = (obs.try_readwrite()?, legal.try_readwrite()?);
        let (o, l) = (o.as_slice_mut()?, l.as_slice_mut()?);
        let threads = self.threads.clone();
        let inner = self.inner()?;
        if let Some(seed) = seed {
            inner.env.seed(seed);
        }
        let (mut w, mut t, mut u, mut i) = (vec![0.0; n], vec![false; n], vec![false; n], vec![false; n]);
        let out = StepSlices {
            obs: o,
            mask: l,
            rewards: &mut w,
            terminated: &mut t,
            truncated: &mut u,
            illegal: &mut i,
            final_obs: &mut [],
        };
        let parallel = inner.env.batch().parallel();
        py.detach(|| threads.install(parallel, || inner.env.reset(which.as_deref(), out)));
        Ok(())
    }

    /// One step of every episode with `actions`, the outputs written into
    /// the caller's arrays (flat: `obs` `n * 2 * H * W` bytes, `legal` `n * A`).
    #[pyo3(signature = (actions, obs, legal, rewards, terminated, truncated, illegal, final_obs=None))]
    #[allow(clippy::too_many_arguments)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        obs: Bound<'py, PyAny>,
        legal: Bound<'py, PyAny>,
        rewards: Bound<'py, PyAny>,
        terminated: Bound<'py, PyAny>,
        truncated: Bound<'py, PyAny>,
        illegal: Bound<'py, PyAny>,
        final_obs: Option<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let n = self.n;
        let typed = actions.cast::<PyArray1<i64>>().ok().map(|a| a.try_readonly()).transpose()?;
        let owned;
        let actions: &[i64] = match typed.as_ref().map(|t| t.as_slice()) {
            Some(Ok(slice)) => slice,
            _ => {
                owned = read_slice::<i64>(actions, n, "actions")?;
                &owned
            }
        };
        let a = Arrays::new(
            py,
            self.n,
            self.hw,
            self.actions,
            self.autoreset,
            [obs, legal, rewards, terminated, truncated, illegal],
            final_obs,
        )?;
        let mut views = a.views()?;
        let out = views.slices()?;
        let threads = self.threads.clone();
        let inner = self.inner()?;
        inner.check(py, &threads, actions)?;
        let parallel = inner.env.batch().parallel();
        py.detach(|| threads.install(parallel, || inner.env.step(actions, out)));
        Ok(())
    }

    /// Starts a step with `actions` on a thread of its own and returns at
    /// once; `step_wait` gives its outputs. Refused (before anything runs)
    /// as `step` would refuse it.
    fn step_async(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = actions.py();
        let n = self.n;
        let actions = read_slice::<i64>(actions, n, "actions")?;
        let threads = self.threads.clone();
        self.inner()?.check(py, &threads, &actions)?;
        let mut inner = self.inner.take().expect("checked above");
        let work = move || {
            let Inner { env, buffers } = &mut *inner;
            buffers.fit(env);
            threads.install(env.batch().parallel(), || env.step(&actions, buffers.slices()));
            inner
        };
        match std::thread::Builder::new().name("reversi-step".into()).spawn(work) {
            Ok(handle) => self.pending = Some(handle),
            Err(e) => return Err(PyRuntimeError::new_err(format!("no thread for step_async: {e}"))),
        }
        Ok(())
    }

    /// Waits for the step `step_async` started and copies its outputs into
    /// the caller's arrays (as `step` writes them).
    #[pyo3(signature = (obs, legal, rewards, terminated, truncated, illegal, final_obs=None))]
    #[allow(clippy::too_many_arguments)]
    fn step_wait<'py>(
        &mut self,
        py: Python<'py>,
        obs: Bound<'py, PyAny>,
        legal: Bound<'py, PyAny>,
        rewards: Bound<'py, PyAny>,
        terminated: Bound<'py, PyAny>,
        truncated: Bound<'py, PyAny>,
        illegal: Bound<'py, PyAny>,
        final_obs: Option<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let autoreset = self.autoreset;
        let a = Arrays::new(
            py,
            self.n,
            self.hw,
            self.actions,
            autoreset,
            [obs, legal, rewards, terminated, truncated, illegal],
            final_obs,
        )?;
        let handle = self.pending.take().ok_or_else(|| PyRuntimeError::new_err("step_wait without a step_async"))?;
        let joined = py.detach(|| handle.join());
        let inner = joined.map_err(|_| PyRuntimeError::new_err("the step's thread panicked"))?;
        let inner = self.inner.insert(inner);
        let mut views = a.views()?;
        inner.buffers.copy_into(views.slices()?);
        Ok(())
    }

    /// Whether a `step_async` waits for its `step_wait`.
    #[getter]
    fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Episode `i`'s position.
    fn position(&mut self, i: Unsigned<usize>) -> PyResult<PyPosition> {
        let i = i.get();
        crate::batch::position_of(self.inner()?.env.batch(), i)
    }

    /// `int32 (n, 2)`: each game's discs, Black then White.
    fn scores<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        Ok(crate::batch::scores_of(py, self.inner()?.env.batch()))
    }

    /// `uint8 (n,)`: the side to move, 0 Black, 1 White.
    fn side_to_move<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        Ok(crate::batch::sides_of(py, self.inner()?.env.batch()))
    }

    /// `(height, width, num_actions)`.
    #[getter]
    fn shape(&mut self) -> PyResult<(usize, usize, usize)> {
        let enc = self.inner()?.env.batch().encoding();
        Ok((enc.height(), enc.width(), enc.count()))
    }

    /// `bool (H, W)`: the obstructed squares.
    fn holes_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        Ok(crate::batch::holes_of(py, self.inner()?.env.batch()))
    }
}

/// The caller's output arrays of a step, checked.
struct Arrays<'py> {
    obs: Bound<'py, PyArray4<u8>>,
    legal: Bound<'py, PyArray2<bool>>,
    rewards: Bound<'py, PyArray1<f64>>,
    terminated: Bound<'py, PyArray1<bool>>,
    truncated: Bound<'py, PyArray1<bool>>,
    illegal: Bound<'py, PyArray1<bool>>,
    final_obs: Option<Bound<'py, PyArray4<u8>>>,
}

/// Read-write views of [`Arrays`].
struct Views<'py> {
    obs: numpy::PyReadwriteArray4<'py, u8>,
    legal: numpy::PyReadwriteArray2<'py, bool>,
    rewards: numpy::PyReadwriteArray1<'py, f64>,
    terminated: numpy::PyReadwriteArray1<'py, bool>,
    truncated: numpy::PyReadwriteArray1<'py, bool>,
    illegal: numpy::PyReadwriteArray1<'py, bool>,
    final_obs: Option<numpy::PyReadwriteArray4<'py, u8>>,
}

impl<'py> Arrays<'py> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'py>,
        n: usize,
        [h, w]: [usize; 2],
        count: usize,
        autoreset: Autoreset,
        [obs, legal, rewards, terminated, truncated, illegal]: [Bound<'py, PyAny>; 6],
        final_obs: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Arrays<'py>> {
        let final_obs = match (autoreset, final_obs) {
            (Autoreset::SameStep, Some(f)) => Some(out_array(py, Some(&f), [n, 2, h, w], "final_obs", "uint8")?),
            (Autoreset::SameStep, None) => return Err(PyValueError::new_err("same_step: a final_obs array is needed")),
            _ => None,
        };
        Ok(Arrays {
            obs: out_array(py, Some(&obs), [n, 2, h, w], "observation", "uint8")?,
            legal: out_array(py, Some(&legal), [n, count], "action_mask", "bool")?,
            rewards: out_array(py, Some(&rewards), [n], "rewards", "float64")?,
            terminated: out_array(py, Some(&terminated), [n], "terminations", "bool")?,
            truncated: out_array(py, Some(&truncated), [n], "truncations", "bool")?,
            illegal: out_array(py, Some(&illegal), [n], "illegal", "bool")?,
            final_obs,
        })
    }

    fn views(&self) -> PyResult<Views<'py>> {
        Ok(Views {
            obs: self.obs.try_readwrite()?,
            legal: self.legal.try_readwrite()?,
            rewards: self.rewards.try_readwrite()?,
            terminated: self.terminated.try_readwrite()?,
            truncated: self.truncated.try_readwrite()?,
            illegal: self.illegal.try_readwrite()?,
            final_obs: self.final_obs.as_ref().map(|f| f.try_readwrite()).transpose()?,
        })
    }
}

impl Views<'_> {
    fn slices(&mut self) -> PyResult<StepSlices<'_>> {
        Ok(StepSlices {
            obs: self.obs.as_slice_mut()?,
            mask: self.legal.as_slice_mut()?,
            rewards: self.rewards.as_slice_mut()?,
            terminated: self.terminated.as_slice_mut()?,
            truncated: self.truncated.as_slice_mut()?,
            illegal: self.illegal.as_slice_mut()?,
            final_obs: match &mut self.final_obs {
                Some(f) => f.as_slice_mut()?,
                None => &mut [],
            },
        })
    }
}
