//! The split count: every count that is not plain one-thread perft, for every
//! game, with the counts per root move when asked.
//!
//! The tree is expanded a few plies below each root move (or below the root);
//! with a table or several threads the positions reached are merged (by
//! canonical form over the board's symmetries), each with how many paths
//! reach it from each root move; one thread without a table counts each path
//! as plain perft does. The
//! distinct positions are the work units, counted once each on one thread
//! pool with one [`PerftCache`] shared by the threads (for 8x8 Reversi it
//! keeps reversi-core's table), and each count is
//! credited to the root moves by their paths. Games that end during the
//! expansion count one leaf each, as in plain perft.
//!
//! Asking for the counts per root move or for progress changes nothing of
//! this: the same units, tables and pool count the same tree, and progress
//! (work units done, leaves, rate, elapsed time, estimate) comes from shared
//! counters.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use reversi_core::Backend;
use reversi_variants::{Move, PerftCache, Position, Variant};

/// How a split count runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeepOptions {
    /// Threads counting at once (at least 1).
    pub(crate) threads: usize,
    /// Transposition-table size in MiB; 0 for none.
    pub(crate) hash_mib: usize,
    /// The move-generator build, for every game.
    pub(crate) backend: Backend,
    /// Progress lines on stderr while counting.
    pub(crate) progress: bool,
}

impl DeepOptions {
    /// Whether equal positions of the frontier are merged and counted once:
    /// with a table or several threads. One thread without a table counts
    /// every path, as plain perft does, so that its speed is the move
    /// generator's alone.
    fn merge(&self) -> bool {
        self.threads > 1 || self.hash_mib > 0
    }
}

/// The result of a split count: the total, and per root move when asked
/// (in the order of the legal moves).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Split {
    pub(crate) total: u64,
    pub(crate) per_move: Vec<(String, u64)>,
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

/// The position to count for `game` and the key equal ones share: its
/// canonical form over the board's symmetries.
fn key(game: &Position) -> Position {
    game.canonical().0
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
                let unit = key(game);
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

/// The distinct positions `plies` plies below `game`, each as its canonical
/// form over the board's symmetries with the number of paths that reach it,
/// in the order they are first reached (moves in the order
/// [`Position::moves`] gives them, so the same on every run and machine); and
/// the games that end before, one leaf per path, as plain perft counts them.
/// The expansion and merge of every split count, for `perft --split`'s plan.
pub(crate) fn frontier(game: &Position, plies: u32) -> (Vec<(Position, u64)>, u64) {
    let mut frontier = Frontier::new(true, 1);
    frontier.expand(game, plies, 0);
    drop(frontier.index);
    let units = frontier.units.into_iter().map(|(unit, paths)| (unit, paths.iter().map(|&(_, n)| n).sum())).collect();
    (units, frontier.finished[0])
}

/// Why no count here can be refused: the command line bounds DEPTH at
/// 60 (`perft::MAX_DEPTH`), far within the library's bound.
pub(crate) const WITHIN_BOUND: &str = "DEPTH is at most 60, within reversi_variants::MAX_PERFT_DEPTH";

/// The table the units are counted with, shared by the threads: for 8x8
/// Reversi reversi-variants keeps reversi-core's (canonical boards).
struct Tables(Option<PerftCache>);

impl Tables {
    /// A table of `hash_mib` MiB for `game`, allocated now (before the count
    /// is timed, and so that a size the machine cannot give is an error here,
    /// not an abort later).
    fn new(game: &Position, hash_mib: usize) -> Result<Tables, String> {
        let bytes = hash_mib.saturating_mul(1 << 20);
        if bytes == 0 {
            return Ok(Tables(None));
        }
        PerftCache::try_for(game, bytes).map(|t| Tables(Some(t))).map_err(|e| format!("--hash {hash_mib}: {e}"))
    }

    /// The count of one unit.
    fn count(&self, unit: &Position, depth: u32, backend: Backend) -> u64 {
        let count = match &self.0 {
            Some(cache) => reversi_variants::perft_hashed_with(backend, unit, depth, cache),
            None => reversi_variants::perft_with(backend, unit, depth),
        };
        count.expect(WITHIN_BOUND)
    }
}

/// Progress from shared counters, printed on stderr at most a few times a
/// second by whichever thread finishes a unit.
struct Progress {
    enabled: bool,
    start: Instant,
    units: usize,
    done: AtomicUsize,
    leaves: AtomicU64,
    last: Mutex<Instant>,
}

impl Progress {
    fn unit_done(&self, leaves: u64) {
        let done = self.done.fetch_add(1, Relaxed) + 1;
        let leaves = self.leaves.fetch_add(leaves, Relaxed).saturating_add(leaves);
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        {
            let Ok(mut last) = self.last.try_lock() else { return };
            if now.duration_since(*last) < Duration::from_millis(250) && done < self.units {
                return;
            }
            *last = now;
        }
        let elapsed = now.duration_since(self.start).as_secs_f64();
        let rate = if elapsed > 0.0 { leaves as f64 / elapsed } else { 0.0 };
        let left = if done > 0 { elapsed * (self.units - done) as f64 / done as f64 } else { 0.0 };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{done}/{} units, {:.1} G leaves, {:.1} M leaves/s, {elapsed:.1} s, about {left:.0} s left   ",
            self.units,
            leaves as f64 / 1e9,
            rate / 1e6,
        );
        let _ = err.flush();
    }

    fn clear(&self) {
        if self.enabled {
            eprint!("\r{:80}\r", "");
        }
    }
}

/// What a count needs before it starts: the tables (allocated and zeroed)
/// and the thread pool, made outside the timed count as other perft programs
/// do.
pub(crate) struct Counter {
    options: DeepOptions,
    tables: Tables,
    pool: rayon::ThreadPool,
}

impl Counter {
    /// Tables of `options.hash_mib` MiB for `game`'s kind and a pool of
    /// `options.threads` threads.
    ///
    /// # Errors
    /// A message when the thread pool cannot be built or the tables cannot be
    /// allocated.
    pub(crate) fn new(game: &Position, options: DeepOptions) -> Result<Counter, String> {
        let tables = Tables::new(game, options.hash_mib)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .build()
            .map_err(|e| format!("--threads {}: {e}", options.threads))?;
        Ok(Counter { options, tables, pool })
    }

    /// The count of `game` (of the kind the counter was made for) at
    /// `depth`, and the count below each root move when `divide`.
    pub(crate) fn count(&self, game: &Position, depth: u32, divide: bool) -> Split {
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
        let totals = self.count_each(&roots, remaining);
        // A total at u64::MAX has saturated somewhere: it is reported, not shown.
        let total = totals.iter().try_fold(0u64, |sum, &n| sum.checked_add(n)).unwrap_or(u64::MAX);
        let per_move = if divide {
            moves.iter().zip(&totals).filter_map(|(mv, &n)| mv.map(|mv| (mv.to_string(), n))).collect()
        } else {
            Vec::new()
        };
        Split { total, per_move }
    }

    /// The count of each of `roots` (positions of the kind the counter was
    /// made for) at `depth`, in their order: one expansion below all of them
    /// (merged across roots when [`DeepOptions::merge`]), its units counted
    /// once each on the pool and credited to the roots by their paths. A
    /// count at `u64::MAX` has saturated.
    pub(crate) fn count_each(&self, roots: &[Position], depth: u32) -> Vec<u64> {
        let Counter { options, tables, pool } = self;
        let options = *options;
        let Some(first) = roots.first() else { return Vec::new() };
        // Roots enough to keep every thread busy (a shard of a plan: distinct
        // positions already) are the units themselves; the table catches the
        // transpositions below them that a merge would.
        let plies =
            if roots.len() >= 64 * options.threads && tables.0.is_some() { 0 } else { split_plies(first, depth) };
        let mut frontier = Frontier::new(options.merge(), roots.len());
        for (i, root) in roots.iter().enumerate() {
            frontier.expand(root, plies, i);
        }
        drop(frontier.index);
        let units = frontier.units;

        let progress = Progress {
            enabled: options.progress,
            start: Instant::now(),
            units: units.len(),
            done: AtomicUsize::new(0),
            leaves: AtomicU64::new(0),
            last: Mutex::new(Instant::now()),
        };
        let totals = Mutex::new(frontier.finished);
        pool.install(|| {
            units.par_iter().for_each(|(unit, paths)| {
                let n = tables.count(unit, depth - plies, options.backend);
                let mut credited = 0u64;
                {
                    let mut totals = totals.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    for &(root, p) in paths {
                        let share = n.saturating_mul(p);
                        totals[root] = totals[root].saturating_add(share);
                        credited = credited.saturating_add(share);
                    }
                }
                progress.unit_done(credited);
            });
        });
        progress.clear();
        totals.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Counter::new`], then [`Counter::count`].
    fn split_count(game: &Position, depth: u32, divide: bool, options: DeepOptions) -> Result<Split, String> {
        Ok(Counter::new(game, options)?.count(game, depth, divide))
    }

    fn options(threads: usize, hash_mib: usize) -> DeepOptions {
        DeepOptions { threads, hash_mib, backend: Backend::detect(), progress: false }
    }

    #[test]
    fn split_variant_counts_equal_plain_counts() {
        use reversi_variants::{Geometry, Variant};
        for variant in Variant::ALL {
            let pos = Position::start(variant, Geometry::new(6, 5).unwrap()).unwrap();
            let game = pos;
            for depth in 0..6 {
                let expected = reversi_variants::perft(&pos, depth).unwrap();
                for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
                    let options = DeepOptions { backend, ..options(2, 1) };
                    let split = split_count(&game, depth, true, options).unwrap();
                    assert_eq!(split.total, reversi_variants::perft_with(backend, &pos, depth).unwrap(), "{backend:?}");
                }
                for (threads, hash) in [(1, 0), (1, 1), (2, 0), (2, 4)] {
                    let split = split_count(&game, depth, false, options(threads, hash)).unwrap();
                    assert_eq!(split.total, expected, "{variant} {depth}");
                    let divided = split_count(&game, depth, true, options(threads, hash)).unwrap();
                    assert_eq!(divided.total, expected, "{variant} {depth} divided");
                    let plain: Vec<(String, u64)> =
                        reversi_variants::divide(&pos, depth).unwrap().map(|(mv, n)| (mv.to_string(), n)).collect();
                    assert_eq!(divided.per_move, plain, "{variant} {depth}");
                }
            }
        }
        let game = Position::from_text(Variant::Attacks, "XX/-- O").unwrap();
        assert_eq!(split_count(&game, 3, false, options(2, 1)).unwrap().total, 1);
        assert_eq!(split_count(&game, 3, true, options(2, 1)).unwrap(), Split { total: 1, per_move: Vec::new() });
    }

    #[test]
    fn deep_counts_equal_plain_counts() {
        use reversi_core::{Position, perft_with};
        let positions: [Position; 3] = [
            Position::start(),
            "X-O-----/-O------/OOXX----/---XX---/---XXX--/--------/--------/-------- X".parse().unwrap(),
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse().unwrap(),
        ];
        for pos in positions {
            for depth in [1, 5, 7, 9] {
                let plain = perft_with(Backend::Portable, &pos, depth);
                let divide: Vec<(String, u64)> =
                    reversi_core::divide(&pos, depth).map(|(mv, n)| (mv.to_string(), n)).collect();
                for (threads, hash_mib) in [(1, 0), (2, 0), (1, 4), (2, 4)] {
                    let options = options(threads, hash_mib);
                    let game = reversi_variants::Position::from(pos);
                    let split = split_count(&game, depth, false, options).unwrap();
                    assert_eq!(split.total, plain, "{pos} depth {depth} {options:?}");
                    let divided = split_count(&game, depth, true, options).unwrap();
                    assert_eq!((divided.total, &divided.per_move), (plain, &divide), "{pos} depth {depth} {options:?}");
                }
            }
        }
    }
}
