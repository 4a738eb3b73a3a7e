//! Deep perft: a shared transposition table and a parallel split.
//!
//! The tree is first expanded a few plies from the root; the positions reached
//! are merged by canonical form (the eight symmetries, from the mover's point of
//! view), each with how many paths reach it. The distinct positions are then
//! counted on `threads` threads with one shared [`PerftTable`], and each count is
//! multiplied by its number of paths. Games that end during the expansion count
//! one leaf each, as in plain perft.

use std::collections::HashMap;
use std::sync::Mutex;

use rayon::prelude::*;
use reversi_core::{Backend, Bitboard, Color, PerftTable, Position, TableEntry, perft_hashed_with, perft_with};
use reversi_variants::PerftCache;

/// How a deep count runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeepOptions {
    /// Threads counting at once (at least 1).
    pub(crate) threads: usize,
    /// Transposition-table size in MiB; 0 for none.
    pub(crate) hash_mib: usize,
    /// The move-generator build.
    pub(crate) backend: Backend,
}

/// Plies expanded before the split: enough distinct positions to keep the
/// threads busy, few enough to merge quickly.
fn split_plies(depth: u32) -> u32 {
    depth.saturating_sub(5).min(6)
}

/// The position with the side to move as Black, so that equal boards from the
/// mover's point of view compare equal whatever the colour.
fn mover_view(pos: &Position) -> Position {
    Position::from_discs(pos.player(), pos.opponent(), Color::Black).expect("the two sides of a position are disjoint")
}

/// Expands `plies` plies below `pos`: distinct canonical positions with their
/// path counts, and the leaves of games that ended on the way.
fn expand(pos: &Position, plies: u32, frontier: &mut HashMap<(Bitboard, Bitboard), u64>, finished: &mut u64) {
    if plies == 0 {
        let (canonical, _) = mover_view(pos).canonical();
        *frontier.entry((canonical.player(), canonical.opponent())).or_default() += 1;
        return;
    }
    if pos.is_game_over() {
        *finished += 1;
        return;
    }
    for mv in pos.moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        expand(&child, plies - 1, frontier, finished);
    }
}

/// The perft count of `pos` at `depth`, on several threads and with a table.
///
/// # Errors
/// A message when the thread pool cannot be built or the table cannot be
/// allocated.
pub(crate) fn perft_deep(pos: &Position, depth: u32, options: DeepOptions) -> Result<u64, String> {
    let entries = options.hash_mib.saturating_mul(1 << 20) / TableEntry::SIZE;
    let mut slots: Vec<TableEntry> = Vec::new();
    slots.try_reserve_exact(entries).map_err(|e| format!("--hash {}: {e}", options.hash_mib))?;
    slots.resize_with(entries, TableEntry::default);
    let table = PerftTable::new(&slots);

    let plies = split_plies(depth);
    let mut frontier = HashMap::new();
    let mut finished = 0;
    expand(pos, plies, &mut frontier, &mut finished);
    let mut work: Vec<((Bitboard, Bitboard), u64)> = frontier.into_iter().collect();
    work.sort_unstable();

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| format!("--threads {}: {e}", options.threads))?;
    let remaining = depth - plies;
    let counted: u64 = pool.install(|| {
        work.par_iter()
            .map(|&((p, o), paths)| {
                let pos = Position::from_discs(p, o, Color::Black).expect("disjoint");
                let n = if entries == 0 {
                    perft_with(options.backend, &pos, remaining)
                } else {
                    perft_hashed_with(options.backend, &pos, remaining, &table)
                };
                n.saturating_mul(paths)
            })
            .reduce(|| 0, u64::saturating_add)
    });
    Ok(counted.saturating_add(finished))
}

/// The perft count of a variants position on `threads` threads, with
/// transposition tables of `hash_mib` MiB in all (one per thread: see
/// [`PerftCache`]): the tree is expanded two plies, equal positions are merged
/// with their number of paths, and the distinct ones are counted in parallel.
///
/// # Errors
/// A message when the thread pool cannot be built or the tables cannot be
/// allocated.
pub(crate) fn perft_split(
    pos: &reversi_variants::Position,
    depth: u32,
    threads: usize,
    hash_mib: usize,
) -> Result<u64, String> {
    let plies = depth.min(2);
    let mut finished = 0;
    let mut layer = HashMap::from([(*pos, 1u64)]);
    for _ in 0..plies {
        let mut next = HashMap::new();
        for (p, paths) in layer {
            let moves = p.legal_moves();
            if moves.is_empty() {
                finished = u64::saturating_add(finished, paths);
            }
            for mv in moves {
                let mut child = p;
                child.play_unchecked(mv);
                let merged = next.entry(child).or_default();
                *merged = u64::saturating_add(*merged, paths);
            }
        }
        layer = next;
    }
    let work: Vec<(reversi_variants::Position, u64)> = layer.into_iter().collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("--threads {threads}: {e}"))?;
    // One cache per thread, allocated before counting (a size the machine
    // cannot give is an error here, not an abort later); a task takes one and
    // puts it back.
    let bytes = hash_mib.saturating_mul(1 << 20) / threads;
    let caches = if bytes == 0 {
        Vec::new()
    } else {
        (0..threads)
            .map(|_| PerftCache::try_for(pos, bytes))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("--hash {hash_mib}: {e}"))?
    };
    let caches = Mutex::new(caches);
    let counted: u64 = pool.install(|| {
        work.par_iter()
            .map(|(p, paths)| {
                let n = if bytes == 0 {
                    reversi_variants::perft(p, depth - plies)
                } else {
                    let taken = caches.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop();
                    let mut cache = taken.unwrap_or_else(|| PerftCache::new(bytes));
                    let n = reversi_variants::perft_hashed(p, depth - plies, &mut cache);
                    caches.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(cache);
                    n
                };
                n.saturating_mul(*paths)
            })
            .reduce(|| 0, u64::saturating_add)
    });
    Ok(counted.saturating_add(finished))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_variant_counts_equal_plain_counts() {
        use reversi_variants::{Geometry, Variant};
        for variant in Variant::ALL {
            let pos = reversi_variants::Position::start(variant, Geometry::new(6, 5).unwrap()).unwrap();
            for depth in 0..5 {
                for (threads, hash) in [(1, 1), (2, 0), (2, 4)] {
                    let expected = reversi_variants::perft(&pos, depth);
                    assert_eq!(perft_split(&pos, depth, threads, hash), Ok(expected), "{variant} {depth}");
                }
            }
        }
        let over = reversi_variants::Position::from_text(Variant::Attacks, "XX/-- O").unwrap();
        assert_eq!(perft_split(&over, 3, 2, 1), Ok(1));
    }

    #[test]
    fn deep_counts_equal_plain_counts() {
        let positions = [
            Position::start(),
            "X-O-----/-O------/OOXX----/---XX---/---XXX--/--------/--------/-------- X".parse().unwrap(),
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse().unwrap(),
        ];
        for pos in positions {
            for depth in [1, 5, 7, 9] {
                let plain = perft_with(Backend::Portable, &pos, depth);
                for (threads, hash_mib) in [(1, 0), (2, 0), (1, 4), (2, 4)] {
                    let options = DeepOptions { threads, hash_mib, backend: Backend::detect() };
                    assert_eq!(perft_deep(&pos, depth, options), Ok(plain), "{pos} depth {depth} {options:?}");
                }
            }
        }
    }
}
