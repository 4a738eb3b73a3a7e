//! The threads of a `Batch` or a vector environment (`threads=`): rayon's
//! global pool (every core) by default, none (`threads=1`), or a pool of its
//! own. Either way the work splits onto threads only from [`PARALLEL`] games
//! on: below that, one thread is faster (BENCHMARKS.md, "Threads and the
//! vector env", has the crossover: about 0.7x at 1,024 games, 1.2x at 2,048,
//! 1.4x at 4,096 on two cores).

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use reversi_variants::split::MAX_THREADS;

/// From this many games on, the loops run on the threads.
pub(crate) const PARALLEL: usize = 2048;

/// Where a batch's loops run.
#[derive(Clone)]
pub(crate) struct Threads {
    /// A pool of the batch's own; `None`: rayon's global pool.
    pool: Option<Arc<ThreadPool>>,
    /// `threads=1`: never on threads.
    serial: bool,
}

impl Threads {
    /// The threads of `threads=`: `None` every core, 1 none, more a pool
    /// (at most perft's [`MAX_THREADS`], refused before any starts).
    ///
    /// # Errors
    ///
    /// `ValueError` for 0 or more than [`MAX_THREADS`]; `RuntimeError` when
    /// the pool cannot start.
    pub(crate) fn new(threads: Option<usize>) -> PyResult<Threads> {
        match threads {
            None => Ok(Threads { pool: None, serial: false }),
            Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(PyValueError::new_err(format!(
                "threads: expected 1 to {MAX_THREADS} (None: every core), found {t}"
            ))),
            Some(1) => Ok(Threads { pool: None, serial: true }),
            Some(t) => {
                let pool = ThreadPoolBuilder::new()
                    .num_threads(t)
                    .thread_name(|i| format!("reversi-batch-{i}"))
                    .build()
                    .map_err(|e| PyRuntimeError::new_err(format!("threads: {e}")))?;
                Ok(Threads { pool: Some(Arc::new(pool)), serial: false })
            }
        }
    }

    /// The smallest number of games that split (`usize::MAX`: never): the
    /// batch's one thread switch (reversi-engine's
    /// `BatchOptions::parallel_from`).
    pub(crate) const fn parallel_from(&self) -> usize {
        if self.serial { usize::MAX } else { PARALLEL }
    }

    /// Runs `f` on the batch's pool when its games split onto threads
    /// (`parallel`: the batch's `parallel()`); on the calling thread
    /// otherwise (a hand-over to a pool's thread costs more than a small
    /// batch's step).
    pub(crate) fn install<T: Send>(&self, parallel: bool, f: impl FnOnce() -> T + Send) -> T {
        match &self.pool {
            Some(pool) if parallel => pool.install(f),
            _ => f(),
        }
    }
}
