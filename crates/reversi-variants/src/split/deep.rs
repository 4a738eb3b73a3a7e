//! The deep count: every count that is not plain one-thread perft, for every
//! game, with the counts per root move when asked.
//!
//! The tree is expanded a few plies below each root move (or below the root);
//! with a table or several threads the positions reached are merged (by
//! canonical form over the board's symmetries), each with how many paths
//! reach it from each root move; one thread without a table counts each path
//! as plain perft does. The distinct positions are the work units, counted
//! once each on one thread pool with one [`PerftCache`] shared by the threads
//! (for 8x8 Reversi it keeps reversi-core's table), and each count is
//! credited to the root moves by their paths. Games that end during the
//! expansion count one leaf each, as in plain perft.
//!
//! Asking for the counts per root move or for progress changes nothing of
//! this: the same units, tables and pool count the same tree, and progress
//! (work units done, leaves, elapsed time) comes from shared counters.
//!
//! A counter given a [`Cancel`] token ([`Counter::with_cancel`]) looks at it
//! before each unit and, inside a unit, before each count of
//! [`checked_depth`] plies (a fraction of a second on one thread), expanding
//! the plies above that itself: set from another thread, the count stops
//! within about that time with [`PerftError::Cancelled`]. Without a token
//! nothing of this runs.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::error::CounterError;
use crate::{Backend, Move, PerftCache, PerftError, Position, Variant};

/// The most threads a [`Counter`] runs.
pub const MAX_THREADS: usize = 1024;

/// The deepest split count ([`Counter::count`], [`Counter::count_each`]):
/// [`MAX_COUNT_DEPTH`](crate::MAX_COUNT_DEPTH), 60 plies, the bound every
/// front end (the CLI, Python, the browser) refuses a deeper count with.
pub const MAX_DEPTH: u32 = crate::MAX_COUNT_DEPTH;

/// Refuses a split count deeper than [`MAX_DEPTH`].
const fn check_split_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_DEPTH { Err(PerftError::TooDeep { depth, max: MAX_DEPTH }) } else { Ok(()) }
}

/// A token that stops a [`Counter`]'s counts from another thread
/// ([`Counter::with_cancel`]); its clones share one flag, which stays set.
///
/// ```
/// use reversi_variants::split::{Cancel, Counter, DeepOptions};
/// use reversi_variants::{Geometry, PerftError, Position, Variant};
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let cancel = Cancel::new();
/// let counter = Counter::new(&start, DeepOptions::new().threads(2))?.with_cancel(cancel.clone());
/// assert_eq!(counter.count(&start, 7, false)?.total, 55_092);
/// cancel.cancel();
/// assert_eq!(counter.count(&start, 7, false), Err(PerftError::Cancelled));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not set.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Sets the token: every count that looks at it stops.
    pub fn cancel(&self) {
        self.0.store(true, Relaxed);
    }

    /// Whether the token is set.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Relaxed)
    }
}

/// The depth of the counts a cancellable count makes between two looks at
/// its token: about 2^26 leaves at the board's usual branching (a quarter of
/// its squares for Reversi, at least 16; twice its squares for the games that
/// move pieces, clones and jumps), a fraction of a second on one thread. 8x8
/// Reversi: 6 plies; Attacks 7x7: 4.
fn checked_depth(game: &Position) -> u32 {
    let squares = game.geometry().square_count();
    let branching = if game.variant().moves_pieces() { 2 * squares } else { squares / 4 }.max(16);
    (26 / branching.ilog2()).max(1)
}

/// How a [`Counter`] counts: threads, table, move-generator build, engine.
///
/// ```
/// use reversi_variants::split::DeepOptions;
/// let options = DeepOptions::new().threads(2).hash_mib(64);
/// # let _ = options;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepOptions {
    threads: usize,
    hash_mib: usize,
    hash_seed: u64,
    backend: Backend,
    generic: bool,
}

impl Default for DeepOptions {
    fn default() -> DeepOptions {
        DeepOptions::new()
    }
}

impl DeepOptions {
    /// One thread, no table, the fastest build this CPU runs, reversi-core's
    /// engine for standard 8x8 Reversi.
    #[must_use]
    pub fn new() -> DeepOptions {
        DeepOptions { threads: 1, hash_mib: 0, hash_seed: 0, backend: Backend::detect(), generic: false }
    }

    /// Threads counting at once, 1 to [`MAX_THREADS`] (checked by
    /// [`Counter::new`]).
    #[must_use]
    pub const fn threads(mut self, threads: usize) -> DeepOptions {
        self.threads = threads;
        self
    }

    /// A transposition table of this many MiB shared by the threads; 0 for
    /// none. The count is the same with any size.
    #[must_use]
    pub const fn hash_mib(mut self, mib: usize) -> DeepOptions {
        self.hash_mib = mib;
        self
    }

    /// The key seed of the table ([`PerftCache::with_seed`]), 0 unless set:
    /// the same counts under any seed, by other paths through the table, so
    /// that two counts of one tree under two seeds are independent checks.
    #[must_use]
    pub const fn hash_seed(mut self, seed: u64) -> DeepOptions {
        self.hash_seed = seed;
        self
    }

    /// The table's key seed ([`DeepOptions::hash_seed`]).
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.hash_seed
    }

    /// The move-generator build, for every game (an unavailable one falls
    /// back to [`Backend::Portable`]).
    #[must_use]
    pub const fn backend(mut self, backend: Backend) -> DeepOptions {
        self.backend = backend;
        self
    }

    /// Counts standard 8x8 Reversi on this crate's generic engine, as every
    /// other board is, instead of reversi-core's (to compare the two: the
    /// counts are the same).
    #[must_use]
    pub const fn generic_engine(mut self, generic: bool) -> DeepOptions {
        self.generic = generic;
        self
    }

    /// Whether equal positions of the frontier are merged and counted once:
    /// with a table or several threads. One thread without a table counts
    /// every path, as plain perft does, so that its speed is the move
    /// generator's alone.
    const fn merge(&self) -> bool {
        self.threads > 1 || self.hash_mib > 0
    }
}

/// The result of [`Counter::count`]: the total, and per root move when asked
/// (in the order of the legal moves).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Split {
    /// The leaves; `u64::MAX` when the count saturated (does not fit).
    pub total: u64,
    /// Each root move's leaves, in the order of [`Position::moves`]; empty
    /// unless asked for.
    pub per_move: Vec<(Move, u64)>,
}

/// A count in progress, as [`Counter::with_progress`]'s callback sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Work units (distinct positions of the frontier) counted.
    pub done: usize,
    /// Work units in all.
    pub units: usize,
    /// Leaves counted so far.
    pub leaves: u64,
    /// Time since the units began to be counted.
    pub elapsed: Duration,
}

impl Progress {
    /// Leaves a second so far (0 before any time has passed).
    #[must_use]
    pub fn rate(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 { self.leaves as f64 / seconds } else { 0.0 }
    }

    /// Seconds left at the pace so far, by units (0 before the first one).
    #[must_use]
    pub fn seconds_left(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if self.done > 0 { seconds * (self.units - self.done) as f64 / self.done as f64 } else { 0.0 }
    }
}

/// Plies expanded below the roots before the split: enough distinct positions
/// to keep the threads busy and the progress fine-grained, few enough to merge
/// quickly (Attacks and Reversitacks branch far more than Reversi).
fn split_plies(game: &Position, depth: u32) -> u32 {
    match game.variant() {
        Variant::Reversi => depth.saturating_sub(5).min(6),
        _ => depth.saturating_sub(3).min(2),
    }
}

/// The most paths an expansion below the roots may hold (each a position, a
/// few hundred bytes): far more units than threads, a few MiB.
const MAX_PATHS: u64 = 1 << 16;

/// `plies`, or fewer when the paths that many plies below `roots` would be
/// more than [`MAX_PATHS`] (a wide position, thousands of roots): the most
/// plies within the bound, found by counting each ply in turn (at most about
/// `MAX_PATHS` times the branching factor of work, a trifle beside the count).
fn bounded_plies(roots: &[Position], plies: u32, backend: Backend) -> u32 {
    for p in 1..=plies {
        let mut paths = 0u64;
        for root in roots {
            paths = paths.saturating_add(crate::perft_with(backend, root, p).unwrap_or(u64::MAX));
            if paths > MAX_PATHS {
                return p - 1;
            }
        }
    }
    plies
}

/// The paths from the roots to one unit of the frontier: `(root, paths)`
/// pairs in the order of the roots (the expansion goes root by root, so a
/// root's paths are added to its last pair). Sparse, so that thousands of
/// roots (a shard of a plan) cost nothing per unit they do not reach.
type Paths = Vec<(usize, u64)>;

/// The frontier of the expansion: the positions to count (merged, or one per
/// path) with their paths from each root; and the leaves of games that ended
/// on the way, per root.
struct Frontier {
    merge: bool,
    index: HashMap<Position, usize>,
    units: Vec<(Position, Paths)>,
    finished: Vec<u64>,
}

impl Frontier {
    /// An empty frontier below `roots` roots.
    fn new(merge: bool, roots: usize) -> Frontier {
        Frontier { merge, index: HashMap::new(), units: Vec::new(), finished: vec![0; roots] }
    }

    /// Expands `plies` plies below `game`, crediting root `root`.
    fn expand(&mut self, game: &Position, plies: u32, root: usize) {
        if plies == 0 {
            let i = if self.merge {
                // The key equal positions share: the canonical form.
                let unit = game.canonical().0;
                *self.index.entry(unit).or_insert_with(|| {
                    self.units.push((unit, Vec::new()));
                    self.units.len() - 1
                })
            } else {
                self.units.push((*game, Vec::new()));
                self.units.len() - 1
            };
            let paths = &mut self.units[i].1;
            match paths.last_mut() {
                Some((r, n)) if *r == root => *n = n.saturating_add(1),
                _ => paths.push((root, 1)),
            }
            return;
        }
        if game.is_game_over() {
            self.finished[root] = self.finished[root].saturating_add(1);
            return;
        }
        for mv in game.moves() {
            let mut child = *game;
            child.play_unchecked(mv);
            self.expand(&child, plies - 1, root);
        }
    }
}

/// The table the units are counted with, shared by the threads: for 8x8
/// Reversi it keeps reversi-core's (canonical boards).
struct Tables(Option<PerftCache>);

impl Tables {
    /// A table of `hash_mib` MiB for `game`, allocated now (before the count
    /// is timed, and so that a size the machine cannot give is an error here,
    /// not an abort later).
    fn new(game: &Position, hash_mib: usize, seed: u64) -> Result<Tables, CounterError> {
        let bytes = hash_mib.saturating_mul(1 << 20);
        if bytes == 0 {
            return Ok(Tables(None));
        }
        PerftCache::try_for(game, bytes)
            .map(|t| Tables(Some(t.with_seed(seed))))
            .map_err(|source| CounterError::Table { mib: hash_mib, source })
    }

    /// The count of one unit, `depth` at most the depth [`Counter::count_each`]
    /// checked against [`MAX_DEPTH`] before anything was counted.
    fn count(&self, unit: &Position, depth: u32, backend: Backend) -> u64 {
        let count = match &self.0 {
            Some(cache) => crate::perft_hashed_with(backend, unit, depth, cache),
            None => crate::perft_with(backend, unit, depth),
        };
        count.expect("count_each checks the depth against MAX_DEPTH first")
    }

    /// [`Tables::count`], or with a `cancel` token the same count made of
    /// counts of at most `leaf` plies (the plies above expanded here, as
    /// perft does), the token looked at before each: `None` once it is set.
    /// The table still catches a transposition at the root of each count.
    fn count_checked(
        &self,
        unit: &Position,
        depth: u32,
        backend: Backend,
        cancel: Option<&Cancel>,
        leaf: u32,
    ) -> Option<u64> {
        let Some(cancel) = cancel else { return Some(self.count(unit, depth, backend)) };
        if cancel.is_cancelled() {
            return None;
        }
        if depth <= leaf {
            return Some(self.count(unit, depth, backend));
        }
        if unit.is_game_over() {
            return Some(1);
        }
        let mut total = 0u64;
        for mv in unit.moves() {
            let mut child = *unit;
            child.play_unchecked(mv);
            total = total.saturating_add(self.count_checked(&child, depth - 1, backend, Some(cancel), leaf)?);
        }
        Some(total)
    }
}

/// A callback of [`Counter::with_progress`].
type Report = Box<dyn Fn(&Progress) + Send + Sync>;

/// Progress from shared counters, reported at most four times a second by
/// whichever thread finishes a unit, and once more after the last.
struct Counters<'a> {
    report: Option<&'a (dyn Fn(&Progress) + Send + Sync)>,
    start: Instant,
    units: usize,
    done: AtomicUsize,
    leaves: AtomicU64,
    last: Mutex<Instant>,
}

impl Counters<'_> {
    fn unit_done(&self, leaves: u64) {
        let done = self.done.fetch_add(1, Relaxed) + 1;
        let leaves = self.leaves.fetch_add(leaves, Relaxed).saturating_add(leaves);
        let Some(report) = self.report else { return };
        let now = Instant::now();
        {
            let Ok(mut last) = self.last.try_lock() else { return };
            if now.duration_since(*last) < Duration::from_millis(250) && done < self.units {
                return;
            }
            *last = now;
        }
        report(&Progress { done, units: self.units, leaves, elapsed: now.duration_since(self.start) });
    }
}

/// What a count needs before it starts: the tables (allocated and zeroed)
/// and the thread pool, made outside the timed count as other perft programs
/// do; then any number of counts of the game it was made for.
///
/// ```
/// use reversi_variants::split::{Counter, DeepOptions};
/// use reversi_variants::{Position, Variant, Geometry};
/// let start = Position::start(Variant::Reversi, Geometry::standard())?;
/// let counter = Counter::new(&start, DeepOptions::new().threads(2).hash_mib(16))?;
/// let split = counter.count(&start, 8, true)?;
/// assert_eq!(split.total, 390_216);
/// assert_eq!(split.per_move.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Counter {
    options: DeepOptions,
    tables: Tables,
    pool: rayon::ThreadPool,
    report: Option<Report>,
    cancel: Option<Cancel>,
}

impl std::fmt::Debug for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counter")
            .field("options", &self.options)
            .field("cache", &self.tables.0)
            .field("progress", &self.report.is_some())
            .field("cancel", &self.cancel)
            .finish_non_exhaustive()
    }
}

impl Counter {
    /// A table of `options`' size for `game`'s kind (its variant and board)
    /// and a pool of `options`' threads.
    ///
    /// # Errors
    /// [`CounterError`]: threads outside 1 to [`MAX_THREADS`], a thread pool
    /// that cannot be built, a table that cannot be allocated.
    pub fn new(game: &Position, options: DeepOptions) -> Result<Counter, CounterError> {
        if !(1..=MAX_THREADS).contains(&options.threads) {
            return Err(CounterError::Threads { threads: options.threads });
        }
        let game = if options.generic { game.on_generic_engine() } else { *game };
        let tables = Tables::new(&game, options.hash_mib, options.hash_seed)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .build()
            .map_err(|e| CounterError::Pool { threads: options.threads, message: e.to_string() })?;
        Ok(Counter { options, tables, pool, report: None, cancel: None })
    }

    /// The options it was made with.
    #[must_use]
    pub const fn options(&self) -> DeepOptions {
        self.options
    }

    /// The counter, calling `report` with the progress of each count at most
    /// four times a second (from the counting threads), and once after its
    /// last unit.
    #[must_use]
    pub fn with_progress(mut self, report: impl Fn(&Progress) + Send + Sync + 'static) -> Counter {
        self.report = Some(Box::new(report));
        self
    }

    /// The counter, its counts stopping with [`PerftError::Cancelled`] within
    /// a fraction of a second of `cancel` being set (from another thread: a
    /// Ctrl-C handler, a Python caller's signal check). A count that had
    /// finished every unit when the token was set gives its result.
    #[must_use]
    pub fn with_cancel(mut self, cancel: Cancel) -> Counter {
        self.cancel = Some(cancel);
        self
    }

    /// The count of `game` (of the kind the counter was made for) at
    /// `depth`, and the count below each root move when `divide` (none at a
    /// finished game or at depth 0). A total at `u64::MAX` has saturated.
    ///
    /// # Errors
    /// [`PerftError::TooDeep`] for a depth past [`MAX_DEPTH`], before
    /// anything is counted; [`PerftError::Cancelled`] when the token of
    /// [`Counter::with_cancel`] was set before the count finished.
    pub fn count(&self, game: &Position, depth: u32, divide: bool) -> Result<Split, PerftError> {
        check_split_depth(depth)?;
        let (moves, roots): (Vec<Option<Move>>, Vec<Position>) = if divide && depth > 0 && !game.is_game_over() {
            let child = |mv| {
                let mut child = *game;
                child.play_unchecked(mv);
                child
            };
            game.moves().map(|mv| (Some(mv), child(mv))).unzip()
        } else {
            (vec![None], vec![*game])
        };
        let remaining = if moves[0].is_some() { depth - 1 } else { depth };
        let totals = self.count_each(&roots, remaining)?;
        let total = totals.iter().try_fold(0u64, |sum, &n| sum.checked_add(n)).unwrap_or(u64::MAX);
        let per_move = moves.iter().zip(&totals).filter_map(|(mv, &n)| mv.map(|mv| (mv, n))).collect();
        Ok(Split { total, per_move })
    }

    /// The count of each of `roots` (positions of the kind the counter was
    /// made for) at `depth`, in their order: one expansion below all of them
    /// (merged across roots with a table or several threads), its units
    /// counted once each on the pool and credited to the roots by their
    /// paths. A count at `u64::MAX` has saturated.
    ///
    /// # Errors
    /// [`PerftError::TooDeep`] for a depth past [`MAX_DEPTH`], before
    /// anything is counted; [`PerftError::Cancelled`] when the token of
    /// [`Counter::with_cancel`] was set before the count finished.
    pub fn count_each(&self, roots: &[Position], depth: u32) -> Result<Vec<u64>, PerftError> {
        check_split_depth(depth)?;
        let Counter { options, tables, pool, report, cancel } = self;
        let cancel = cancel.as_ref();
        if cancel.is_some_and(Cancel::is_cancelled) {
            return Err(PerftError::Cancelled);
        }
        let options = *options;
        let generic: Vec<Position>;
        let roots = if options.generic {
            generic = roots.iter().map(|root| root.on_generic_engine()).collect();
            &generic
        } else {
            roots
        };
        let Some(first) = roots.first() else { return Ok(Vec::new()) };
        // Roots enough to keep every thread busy (a shard of a plan: distinct
        // positions already) are the units themselves; the table catches the
        // transpositions below them that a merge would.
        let plies = if roots.len() >= 64 * options.threads && tables.0.is_some() {
            0
        } else {
            bounded_plies(roots, split_plies(first, depth), options.backend)
        };
        let mut frontier = Frontier::new(options.merge(), roots.len());
        for (i, root) in roots.iter().enumerate() {
            frontier.expand(root, plies, i);
        }
        drop(frontier.index);
        let units = frontier.units;

        let counters = Counters {
            report: report.as_deref(),
            start: Instant::now(),
            units: units.len(),
            done: AtomicUsize::new(0),
            leaves: AtomicU64::new(0),
            last: Mutex::new(Instant::now()),
        };
        let totals = Mutex::new(frontier.finished);
        let leaf = checked_depth(first);
        let stopped = AtomicBool::new(false);
        pool.install(|| {
            units.par_iter().for_each(|(unit, paths)| {
                let Some(n) = tables.count_checked(unit, depth - plies, options.backend, cancel, leaf) else {
                    stopped.store(true, Relaxed);
                    return;
                };
                let mut credited = 0u64;
                {
                    let mut totals = totals.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    for &(root, p) in paths {
                        let share = n.saturating_mul(p);
                        totals[root] = totals[root].saturating_add(share);
                        credited = credited.saturating_add(share);
                    }
                }
                counters.unit_done(credited);
            });
        });
        if stopped.into_inner() {
            return Err(PerftError::Cancelled);
        }
        Ok(totals.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Geometry;
    use crate::MAX_PERFT_DEPTH;

    fn split_count(game: &Position, depth: u32, divide: bool, options: DeepOptions) -> Split {
        Counter::new(game, options).unwrap().count(game, depth, divide).unwrap()
    }

    fn options(threads: usize, hash_mib: usize) -> DeepOptions {
        DeepOptions::new().threads(threads).hash_mib(hash_mib)
    }

    #[test]
    fn split_variant_counts_equal_plain_counts() {
        for variant in Variant::ALL {
            let pos = Position::start(variant, Geometry::new(6, 5).unwrap()).unwrap();
            for depth in 0..6 {
                let expected = crate::perft(&pos, depth).unwrap();
                for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
                    let split = split_count(&pos, depth, true, options(2, 1).backend(backend));
                    assert_eq!(split.total, crate::perft_with(backend, &pos, depth).unwrap(), "{backend:?}");
                }
                for (threads, hash) in [(1, 0), (1, 1), (2, 0), (2, 4)] {
                    let split = split_count(&pos, depth, false, options(threads, hash));
                    assert_eq!(split.total, expected, "{variant} {depth}");
                    let divided = split_count(&pos, depth, true, options(threads, hash));
                    assert_eq!(divided.total, expected, "{variant} {depth} divided");
                    let plain: Vec<(Move, u64)> = crate::divide(&pos, depth).unwrap().collect();
                    assert_eq!(divided.per_move, plain, "{variant} {depth}");
                }
            }
        }
        let game = Position::from_text(Variant::Attacks, "XX/-- O").unwrap();
        assert_eq!(split_count(&game, 3, false, options(2, 1)).total, 1);
        assert_eq!(split_count(&game, 3, true, options(2, 1)), Split { total: 1, per_move: Vec::new() });
    }

    #[test]
    fn both_engines_count_the_same() {
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        for (threads, hash) in [(1, 0), (2, 4)] {
            let generic = split_count(&start, 8, true, options(threads, hash).generic_engine(true));
            assert_eq!(generic, split_count(&start, 8, true, options(threads, hash)));
            assert_eq!(generic.total, 390_216);
        }
    }

    #[test]
    fn progress_reaches_every_unit_and_leaf() {
        use std::sync::Arc;
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        let last = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&last);
        let counter =
            Counter::new(&start, options(2, 4)).unwrap().with_progress(move |p| *seen.lock().unwrap() = Some(*p));
        let total = counter.count(&start, 9, false).unwrap().total;
        let last = last.lock().unwrap().expect("a report after the last unit");
        assert_eq!((last.done, last.leaves), (last.units, total));
        assert!(last.units > 1 && last.seconds_left() == 0.0 && last.rate() >= 0.0, "{last:?}");
    }

    #[test]
    fn bad_threads_and_tables_are_errors() {
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        for threads in [0, MAX_THREADS + 1] {
            let error = Counter::new(&start, options(threads, 0)).unwrap_err();
            assert!(matches!(error, CounterError::Threads { threads: t } if t == threads), "{error}");
        }
        let error = Counter::new(&start, options(1, usize::MAX)).unwrap_err();
        assert!(matches!(error, CounterError::Table { mib: usize::MAX, .. }), "{error}");
        assert!(Counter::new(&start, options(1, 0)).unwrap().count_each(&[], 5).unwrap().is_empty());
    }

    #[test]
    fn the_frontier_stays_within_its_bound() {
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        let backend = Backend::detect();
        // The start's 8,200 paths at ply 6 fit; 20,000 starts do not fit one ply.
        assert_eq!(bounded_plies(&[start], 6, backend), 6);
        assert_eq!(bounded_plies(&vec![start; 20_000], 6, backend), 0);
        // A wide position: the deepest ply within the bound.
        let text = "X-O-----/-O------/OOXX----/---XX---/---XXX--/--------/--------/-------- X";
        let wide = Position::from_text(Variant::Reversi, text).unwrap();
        let plies = bounded_plies(&[wide], 6, backend);
        let paths = |p| crate::perft(&wide, p).unwrap();
        assert!(paths(plies) <= MAX_PATHS && (plies == 6 || paths(plies + 1) > MAX_PATHS), "{plies}");
        let roots = vec![Position::start(Variant::Attacks, Geometry::new(26, 26).unwrap()).unwrap(); 3];
        let plies = bounded_plies(&roots, 2, backend);
        assert!(plies <= 2 && 3 * crate::perft(&roots[0], plies).unwrap() <= MAX_PATHS);
    }

    #[test]
    fn a_depth_past_the_bound_is_refused_before_counting() {
        // An Attacks game that never ends: a count this deep would never
        // finish, so the refusal must come first.
        let game = Position::start(Variant::Attacks, Geometry::new(3, 3).unwrap()).unwrap();
        let counter = Counter::new(&game, options(2, 1)).unwrap();
        for depth in [MAX_DEPTH + 1, MAX_PERFT_DEPTH + 1] {
            let too_deep = PerftError::TooDeep { depth, max: MAX_DEPTH };
            assert_eq!(counter.count(&game, depth, true), Err(too_deep));
        }
        assert_eq!(
            counter.count_each(&[game], u32::MAX).unwrap_err(),
            PerftError::TooDeep { depth: u32::MAX, max: MAX_DEPTH }
        );
    }

    #[test]
    fn a_checked_count_equals_the_plain_count() {
        let tables = |mib| Tables::new(&Position::start(Variant::Reversi, Geometry::standard()).unwrap(), mib, 7);
        let text = "X-O-----/-O------/OOXX----/---XX---/---XXX--/--------/--------/-------- X";
        let games = [
            Position::from_text(Variant::Reversi, text).unwrap(),
            Position::start(Variant::Attacks, Geometry::new(5, 6).unwrap()).unwrap(),
            Position::from_text(Variant::Attacks, "XX/-- O").unwrap(),
        ];
        let cancel = Cancel::new();
        for game in games {
            let tables = if game.variant() == Variant::Reversi { tables(1).unwrap() } else { Tables(None) };
            for depth in 0..5 {
                let plain = crate::perft(&game, depth).unwrap();
                for leaf in [1, 2, 6] {
                    let checked = tables.count_checked(&game, depth, Backend::detect(), Some(&cancel), leaf);
                    assert_eq!(checked, Some(plain), "{game} {depth} {leaf}");
                }
            }
        }
        cancel.cancel();
        let game = games[0];
        assert_eq!(Tables(None).count_checked(&game, 3, Backend::detect(), Some(&cancel), 1), None);
        assert_eq!(checked_depth(&game), 6);
        assert_eq!(checked_depth(&Position::start(Variant::Attacks, Geometry::new(7, 7).unwrap()).unwrap()), 4);
        assert!(checked_depth(&Position::start(Variant::Attacks, Geometry::new(26, 26).unwrap()).unwrap()) <= 3);
    }

    #[test]
    fn a_cancelled_count_stops_within_a_fraction_of_a_second() {
        // Perft 15 of the start takes hours: set the token after 100 ms.
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        let cancel = Cancel::new();
        let counter = Counter::new(&start, options(2, 4)).unwrap().with_cancel(cancel.clone());
        let clock = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                cancel.cancel();
            });
            assert_eq!(counter.count(&start, 15, true), Err(PerftError::Cancelled));
        });
        assert!(clock.elapsed() < Duration::from_secs(3), "{:?}", clock.elapsed());
        // A set token stops the next count at once; without one the count is whole.
        assert_eq!(counter.count_each(&[start], 5), Err(PerftError::Cancelled));
        assert_eq!(split_count(&start, 9, true, options(2, 4)).total, 3_005_288);
    }

    #[test]
    fn deep_counts_equal_plain_counts() {
        let positions = [
            "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X",
            "X-O-----/-O------/OOXX----/---XX---/---XXX--/--------/--------/-------- X",
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        ];
        for text in positions {
            let pos = Position::from_text(Variant::Reversi, text).unwrap();
            for depth in [1, 5, 7, 9] {
                let plain = crate::perft_with(Backend::Portable, &pos, depth).unwrap();
                let divide: Vec<(Move, u64)> = crate::divide(&pos, depth).unwrap().collect();
                for (threads, hash_mib) in [(1, 0), (2, 0), (1, 4), (2, 4)] {
                    let options = options(threads, hash_mib);
                    assert_eq!(split_count(&pos, depth, false, options).total, plain, "{pos} {depth} {options:?}");
                    let divided = split_count(&pos, depth, true, options);
                    assert_eq!((divided.total, &divided.per_move), (plain, &divide), "{pos} {depth} {options:?}");
                }
            }
        }
    }
}
