//! The clock a solve reads: the time it reports, its deadline, its progress.
//!
//! By default the system's monotonic clock (`std::time::Instant`). On
//! WebAssembly without an operating system (`wasm32-unknown-unknown`: the
//! browser, Node) std has no clock (`Instant::now` panics) and no threads,
//! so there the default is no clock at all: a solve reports zero time, calls
//! no progress callback, and refuses a time limit
//! ([`SolveError::NoClock`]) unless the caller gives a clock
//! ([`SolveOptions::clock`](crate::SolveOptions::clock): in a browser,
//! `performance.now()`). [`Stopwatch`] is the one place a solve reads it.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::SolveError;

/// A clock the caller gives a solve: the time since an origin of its
/// choosing (the page's load, the epoch), which must never go back.
pub type ClockFn = Arc<dyn Fn() -> Duration + Send + Sync>;

/// Whether this target has std's clock and threads: every target but
/// WebAssembly without an operating system.
pub(crate) const HAS_CLOCK_AND_THREADS: bool = !cfg!(all(target_family = "wasm", target_os = "unknown"));

/// The clock a solve reads.
#[derive(Clone)]
pub(crate) enum Clock {
    /// std's monotonic clock (not on WebAssembly without an OS).
    System,
    /// The caller's.
    Given(ClockFn),
    /// None: the default on WebAssembly without an OS.
    Absent,
}

impl Clock {
    /// The default of this target: the system's, or none where std has none.
    pub(crate) fn default_for_target() -> Clock {
        if HAS_CLOCK_AND_THREADS { Clock::System } else { Clock::Absent }
    }

    /// The time now, since the clock's origin; `None` without a clock.
    pub(crate) fn read(&self) -> Option<Duration> {
        match self {
            Clock::System => Some(system_now()),
            Clock::Given(clock) => Some(clock()),
            Clock::Absent => None,
        }
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Clock::System => "System",
            Clock::Given(_) => "Given",
            Clock::Absent => "Absent",
        })
    }
}

/// The system clock's time since the first reading of the process.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn system_now() -> Duration {
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed()
}

/// No system clock here: [`Clock::System`] is never made on this target.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn system_now() -> Duration {
    Duration::ZERO
}

/// When a solve must stop, as [`SolveOptions`](crate::SolveOptions) keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deadline {
    /// An instant of the system clock (`SolveOptions::deadline`).
    At(Instant),
    /// A reading of the given clock.
    Reading(Duration),
    /// A time limit given with no clock to measure it: refused by `check`.
    Unmeasured(Duration),
}

impl Deadline {
    /// The deadline `limit` after now on `clock`.
    pub(crate) fn after(limit: Duration, clock: &Clock) -> Option<Deadline> {
        match clock {
            Clock::System => Instant::now().checked_add(limit).map(Deadline::At),
            Clock::Given(clock) => clock().checked_add(limit).map(Deadline::Reading),
            Clock::Absent => Some(Deadline::Unmeasured(limit)),
        }
    }

    /// Refuses a deadline no clock measures.
    pub(crate) fn check(self) -> Result<(), SolveError> {
        match self {
            Deadline::Unmeasured(limit) => Err(SolveError::NoClock { limit }),
            _ => Ok(()),
        }
    }

    /// The instant of the system clock, if the deadline is one.
    pub(crate) fn instant(self) -> Option<Instant> {
        match self {
            Deadline::At(instant) => Some(instant),
            _ => None,
        }
    }
}

/// A solve's time: its clock, when it started on it, and when it must stop.
pub(crate) struct Stopwatch {
    clock: Clock,
    /// The clock's reading at the start (`None`: no clock).
    start: Option<Duration>,
    /// The reading at which the solve stops.
    deadline: Option<Duration>,
}

impl Stopwatch {
    /// Started now on `clock`, to stop at `deadline`.
    pub(crate) fn start(clock: &Clock, deadline: Option<Deadline>) -> Stopwatch {
        let clock = clock.clone();
        let start = clock.read();
        let deadline = match (deadline, start) {
            (Some(Deadline::Reading(reading)), _) => Some(reading),
            (Some(Deadline::At(instant)), Some(start)) => Some(start + until(instant)),
            _ => None,
        };
        Stopwatch { clock, start, deadline }
    }

    /// The time since the start (`None` without a clock).
    pub(crate) fn now(&self) -> Option<Duration> {
        Some(self.clock.read()?.saturating_sub(self.start?))
    }

    /// The time since the start (zero without a clock).
    pub(crate) fn elapsed(&self) -> Duration {
        self.now().unwrap_or_default()
    }

    /// Whether `now` (a time since the start, as [`now`](Self::now) gives
    /// it) is at or past the deadline.
    pub(crate) fn is_past_deadline(&self, now: Option<Duration>) -> bool {
        match (self.deadline, self.start, now) {
            (Some(deadline), Some(start), Some(now)) => start + now >= deadline,
            _ => false,
        }
    }
}

/// The time from now to `instant` of the system clock (zero once passed).
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn until(instant: Instant) -> Duration {
    instant.saturating_duration_since(Instant::now())
}

/// No system clock here, so no instant of it can have been made.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn until(_: Instant) -> Duration {
    Duration::ZERO
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    /// A clock the test moves by hand, in milliseconds.
    fn manual() -> (Arc<AtomicU64>, Clock) {
        let ms = Arc::new(AtomicU64::new(1000));
        let read = Arc::clone(&ms);
        (ms, Clock::Given(Arc::new(move || Duration::from_millis(read.load(Relaxed)))))
    }

    #[test]
    fn a_given_clock_measures_the_time_and_the_deadline() {
        let (ms, clock) = manual();
        let deadline = Deadline::after(Duration::from_millis(50), &clock);
        assert_eq!(deadline, Some(Deadline::Reading(Duration::from_millis(1050))));
        ms.store(1020, Relaxed);
        let watch = Stopwatch::start(&clock, deadline);
        ms.store(1049, Relaxed);
        assert_eq!(watch.now(), Some(Duration::from_millis(29)));
        assert!(!watch.is_past_deadline(watch.now()));
        ms.store(1050, Relaxed);
        assert!(watch.is_past_deadline(watch.now()));
        // A clock that goes back reads as no time spent, never a panic.
        ms.store(0, Relaxed);
        assert_eq!(watch.elapsed(), Duration::ZERO);
    }

    #[test]
    fn without_a_clock_no_time_passes_and_a_limit_is_refused() {
        let watch = Stopwatch::start(&Clock::Absent, None);
        assert_eq!((watch.now(), watch.elapsed()), (None, Duration::ZERO));
        assert!(!watch.is_past_deadline(watch.now()));
        let limit = Duration::from_secs(3);
        let unmeasured = Deadline::after(limit, &Clock::Absent).unwrap();
        assert_eq!(unmeasured.check(), Err(SolveError::NoClock { limit }));
    }

    #[test]
    fn a_system_instant_is_measured_on_a_given_clock_from_the_start() {
        let (ms, clock) = manual();
        let at = Instant::now() + Duration::from_secs(3600);
        let watch = Stopwatch::start(&clock, Some(Deadline::At(at)));
        assert!(!watch.is_past_deadline(watch.now()));
        ms.store(1000 + 3_600_000, Relaxed);
        assert!(watch.is_past_deadline(watch.now()));
        let passed = Stopwatch::start(&Clock::System, Some(Deadline::At(Instant::now())));
        assert!(passed.is_past_deadline(passed.now()));
    }
}
