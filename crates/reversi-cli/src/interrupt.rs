//! Ctrl-C, SIGTERM and SIGHUP while outputs are written or engines run: the
//! temporary files in flight ([`crate::files::Outputs`], through
//! [`TEMPORARY_FILES`]) are removed and the engines' process groups killed
//! (reversi-engine's `process::end_all`), then the process ends by the signal, as it would have without
//! the handler (a shell sees status 130 for Ctrl-C, 143 for SIGTERM). The
//! destinations stay as they were: a temporary file is renamed over its
//! destination only at the end.
//!
//! The handler is a thread of `signal-hook`'s (no work in the signal handler
//! itself), started with the first temporary file or engine ([`watch`]); a
//! command that does neither never starts it. A temporary file is listed from its creation until
//! it is renamed or removed, and the rename happens under the list's lock, so
//! a signal during a rename waits for it: the file is then in place, whole,
//! and only the others are removed.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

use reversi_notation::TemporaryFiles;

/// Temporary files being written.
struct Pending(Mutex<Vec<PathBuf>>);

/// The process's temporary files in flight.
static PENDING: Pending = Pending(Mutex::new(Vec::new()));

impl Pending {
    /// The list, even after a panic elsewhere poisoned its lock (the paths
    /// stay valid).
    fn list(&self) -> MutexGuard<'_, Vec<PathBuf>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn track(&self, temporary: &Path) {
        self.list().push(temporary.to_path_buf());
    }

    fn finish<T>(&self, temporary: &Path, finish: impl FnOnce() -> T) -> T {
        let mut list = self.list();
        let done = finish();
        list.retain(|p| p != temporary);
        done
    }

    /// Removes every temporary file listed; the ones it removed.
    fn remove_all(&self) -> Vec<PathBuf> {
        self.list().drain(..).filter(|p| std::fs::remove_file(p).is_ok()).collect()
    }
}

/// The process's temporary files in flight, as reversi-notation's
/// [`Outputs`](reversi_notation::Outputs) reports them.
pub(crate) static TEMPORARY_FILES: Tracker = Tracker;

/// Lists each temporary file in [`PENDING`] (the handler started with the
/// first), and renames or removes it under the list's lock.
pub(crate) struct Tracker;

/// Starts the handler (once): for a command that starts engines, whose
/// process groups the handler ends.
pub(crate) fn watch() {
    static HANDLER: Once = Once::new();
    HANDLER.call_once(start_handler);
}

impl TemporaryFiles for Tracker {
    fn track(&self, temporary: &Path) {
        watch();
        PENDING.track(temporary);
    }

    fn finish(&self, temporary: &Path, finish: &mut dyn FnMut() -> std::io::Result<()>) -> std::io::Result<()> {
        PENDING.finish(temporary, finish)
    }
}

#[cfg(unix)]
fn start_handler() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    // Without the handler (it cannot be registered) the temporary files of
    // an interrupted run stay, as before: nothing else changes.
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
    let started = std::thread::Builder::new().name("signals".to_string()).spawn(move || {
        if let Some(signal) = signals.forever().next() {
            PENDING.remove_all();
            // Engines deaf to the end of their input, and their helpers,
            // would outlive the referee.
            reversi_engine::process::end_all();
            // Ends the process by the signal: the default action, restored.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
    drop(started);
}

#[cfg(not(unix))]
fn start_handler() {}

/// Ctrl-C, SIGTERM and SIGHUP during a solve set `cancel`: the solver stops
/// at its next look at the token and the command says so (`reversi solve`
/// writes no file, so nothing is left to remove). A second signal ends the
/// process at once, by the signal.
#[cfg(unix)]
pub(crate) fn cancel_on_signal(cancel: &reversi_solve::Cancel) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
    let cancel = cancel.clone();
    let started = std::thread::Builder::new().name("signals".to_string()).spawn(move || {
        let mut received = signals.forever();
        if received.next().is_some() {
            cancel.cancel();
        }
        if let Some(signal) = received.next() {
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
    drop(started);
}

/// Without signals to catch, nothing to do.
#[cfg(not(unix))]
pub(crate) fn cancel_on_signal(_: &reversi_solve::Cancel) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracked_files_are_removed_and_finished_ones_forgotten() {
        let dir = std::env::temp_dir().join(format!("reversi-interrupt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.tmp"), dir.join("b.tmp"));
        let pending = Pending(Mutex::new(Vec::new()));
        for path in [&a, &b] {
            std::fs::write(path, "partial").unwrap();
            pending.track(path);
        }
        let renamed = dir.join("b.txt");
        pending.finish(&b, || std::fs::rename(&b, &renamed)).unwrap();
        assert_eq!(pending.remove_all(), std::slice::from_ref(&a));
        assert!(!a.exists() && renamed.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
