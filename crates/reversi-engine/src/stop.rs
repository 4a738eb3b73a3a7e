//! Waits for engines that another thread can stop: [`stoppable`] runs work
//! during which every wait of the calling thread for an engine's answer
//! ([`Process::recv`](crate::process::Process::recv), so every client's
//! command and the referee's moves) looks at a stop hook every [`SLICE`] and
//! ends with [`Fault::Stopped`](crate::Fault::Stopped) once it says so.
//!
//! A front end that waits for engines on a thread of its own (Python's
//! `Engine.move` and `match`, whose calling thread looks for Ctrl-C) stops
//! that thread promptly this way, however long the engine's clock.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a stoppable wait looks at its hook.
pub const SLICE: Duration = Duration::from_millis(20);

/// The hook of a stoppable thread's waits.
type Hook = Rc<dyn Fn() -> bool>;

thread_local! {
    /// The hook of [`stoppable`]'s work on this thread, if any.
    static HOOK: RefCell<Option<Hook>> = const { RefCell::new(None) };
}

/// Runs `work` with every engine wait it makes on this thread stopped
/// (as [`Fault::Stopped`](crate::Fault::Stopped)) within [`SLICE`] once
/// `stop()` is true; the thread's previous hook, if any, is restored after.
///
/// ```
/// use std::time::{Duration, Instant};
/// use reversi_engine::{Fault, process::Process, stoppable};
///
/// # #[cfg(unix)] {
/// // An engine that never answers: the wait stops at once, not at its deadline.
/// let mut silent = Process::spawn(&["sleep".into(), "30".into()], None)?;
/// let began = Instant::now();
/// let answer = stoppable(|| true, || silent.recv(Instant::now() + Duration::from_secs(30)));
/// assert_eq!(answer, Err(Fault::Stopped));
/// assert!(began.elapsed() < Duration::from_secs(30));
/// # }
/// # Ok::<(), Fault>(())
/// ```
pub fn stoppable<T>(stop: impl Fn() -> bool + 'static, work: impl FnOnce() -> T) -> T {
    /// Puts the previous hook back, also when `work` panics.
    struct Restore(Option<Hook>);
    impl Drop for Restore {
        fn drop(&mut self) {
            HOOK.with(|hook| *hook.borrow_mut() = self.0.take());
        }
    }
    let _restore = Restore(HOOK.with(|hook| hook.borrow_mut().replace(Rc::new(stop))));
    work()
}

/// What a wait gives: the value, a timeout, a closed channel, or a stop.
pub(crate) enum Waited<T> {
    /// A value arrived.
    Value(T),
    /// The deadline passed or the sender went.
    Failed(RecvTimeoutError),
    /// The thread's hook said stop.
    Stopped,
}

/// `rx`'s next value before `deadline`, the wait cut in [`SLICE`]s when
/// this thread's waits are [`stoppable`].
pub(crate) fn recv_until<T>(rx: &Receiver<T>, deadline: Instant) -> Waited<T> {
    let Some(hook) = HOOK.with(|hook| hook.borrow().clone()) else {
        return match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(value) => Waited::Value(value),
            Err(e) => Waited::Failed(e),
        };
    };
    loop {
        if hook() {
            return Waited::Stopped;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left.min(SLICE)) {
            Ok(value) => return Waited::Value(value),
            Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
            Err(e) => return Waited::Failed(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    #[test]
    fn a_stopped_wait_ends_before_its_deadline_and_the_hook_is_restored() {
        let (_tx, rx) = sync_channel::<u8>(1);
        let far = Instant::now() + Duration::from_secs(3600);
        let stopped = stoppable(|| true, || recv_until(&rx, far));
        assert!(matches!(stopped, Waited::Stopped));
        // Outside the work, the wait is the channel's own (a deadline now).
        assert!(matches!(recv_until(&rx, Instant::now()), Waited::Failed(RecvTimeoutError::Timeout)));
    }

    #[test]
    fn a_hook_not_set_lets_values_and_deadlines_through() {
        let (tx, rx) = sync_channel::<u8>(1);
        tx.send(7).unwrap();
        let got = stoppable(|| false, || recv_until(&rx, Instant::now() + Duration::from_secs(1)));
        assert!(matches!(got, Waited::Value(7)));
        let late = stoppable(|| false, || recv_until(&rx, Instant::now() + Duration::from_millis(30)));
        assert!(matches!(late, Waited::Failed(RecvTimeoutError::Timeout)));
    }
}
