//! Long calls that answer Ctrl-C: [`interruptible`] runs the work on a thread
//! of its own with the GIL released, while the calling thread looks for
//! signals every [`POLL`] (`py.check_signals()`, which runs Python's handlers:
//! Ctrl-C raises `KeyboardInterrupt`). When a handler raises, the work's
//! [`Cancel`] token is set, the work stops at its next look at the token
//! (split counts, rollouts and datasets look at least every fraction of a
//! second), its thread is joined, and the exception is raised: no work goes
//! on behind the caller's back.
//!
//! Every call of the package that may run for more than a moment goes
//! through it: `perft`, `shards.count_shard`, `Batch.rollout`, the chunks of
//! `dataset`, `match` and `tournament` (whose referee's stop the token sets
//! through [`stopping`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{RecvTimeoutError, sync_channel};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
pub(crate) use reversi_variants::split::Cancel;

/// How often the calling thread looks for signals.
const POLL: Duration = Duration::from_millis(50);

/// How often [`stopping`]'s watcher looks at the token.
const STOP_POLL: Duration = Duration::from_millis(20);

/// The stack of the work's thread: as much as a Python main thread has.
const STACK: usize = 8 << 20;

/// Runs `work` on a thread of its own with the GIL released, its [`Cancel`]
/// token set when a signal handler raises (Ctrl-C: `KeyboardInterrupt`);
/// gives the work's result, or the handler's exception once the work has
/// stopped. A panic of the work is raised as Python's `PanicException`. If
/// no thread can be started the work runs on the caller's thread, without
/// looking for signals.
pub(crate) fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(&Cancel) -> T + Send) -> PyResult<T> {
    let cancel = Cancel::new();
    let job = Mutex::new(Some(work));
    let take = || job.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    let (done, result) = sync_channel(1);
    // A `Receiver` is not `Sync`: the wait borrows it through a lock.
    let result = Mutex::new(result);
    std::thread::scope(|s| {
        let spawned =
            std::thread::Builder::new().name("reversi-work".to_string()).stack_size(STACK).spawn_scoped(s, || {
                if let Some(work) = take() {
                    // The receiver waits for this until the thread is joined.
                    let _ = done.send(work(&cancel));
                }
            });
        let Ok(worker) = spawned else {
            let work = take().expect("the work runs once");
            return Ok(py.detach(|| work(&cancel)));
        };
        let join = |worker: std::thread::ScopedJoinHandle<'_, ()>| {
            py.detach(|| worker.join()).unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        };
        loop {
            match py.detach(|| result.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv_timeout(POLL)) {
                Ok(value) => {
                    join(worker);
                    return Ok(value);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        cancel.cancel();
                        join(worker);
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The work panicked: its panic is raised.
                    join(worker);
                    return Err(PyRuntimeError::new_err("the work stopped without a result"));
                }
            }
        }
    })
}

/// Runs `work` with a stop flag (the referee's `stop`: a match's or a
/// tournament's) that is set when `cancel` is (Ctrl-C), by a watcher thread
/// that looks at the token every [`STOP_POLL`] until the work returns: the
/// games in progress stop between moves, an adjudication's solve at once.
pub(crate) fn stopping<T>(cancel: &Cancel, work: impl FnOnce(&AtomicBool) -> T) -> T {
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Relaxed) {
                if cancel.is_cancelled() {
                    stop.store(true, Relaxed);
                    return;
                }
                std::thread::sleep(STOP_POLL);
            }
        });
        let result = work(&stop);
        finished.store(true, Relaxed);
        result
    })
}
