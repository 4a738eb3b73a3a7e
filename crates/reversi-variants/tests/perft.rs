//! The perft tables of `data/perft/` and this crate's own
//! `tests/data/*.perft`, all read by one driver.
//!
//! Lines up to `FAST_LEAVES` leaves run on every test run; the rest are ignored
//! tests (see CONTRIBUTING.md, "Checks").

mod common;

#[path = "../../../tests/support/backends.rs"]
mod backends;

use reversi_variants::{Backend, PerftCache, perft_hashed, perft_hashed_with, perft_with};

const FAST_LEAVES: u64 = 60_000_000;

/// The perft lines of the repository's `data/perft/NAME.perft`.
fn perft_lines(name: &str) -> Vec<(usize, reversi_variants::Variant, reversi_variants::Position, u32, u64)> {
    common::parse_perft_file(&format!("{}/../../data/perft/{name}.perft", env!("CARGO_MANIFEST_DIR")))
}

/// The perft lines of this crate's `tests/data/NAME.perft`.
fn crate_perft_lines(name: &str) -> Vec<(usize, reversi_variants::Variant, reversi_variants::Position, u32, u64)> {
    common::parse_perft_file(&format!("{}/tests/data/{name}.perft", env!("CARGO_MANIFEST_DIR")))
}

fn run(name: &str, path_in_crate: bool, deep: bool) {
    let lines = if path_in_crate { crate_perft_lines(name) } else { perft_lines(name) };
    assert!(!lines.is_empty(), "{name}: no lines");
    for (line, _, pos, depth, leaves) in lines {
        if (leaves > FAST_LEAVES) != deep {
            continue;
        }
        // The 8x8 Reversi lines past depth 11 are reversi-core's job.
        if deep && leaves > 3_000_000_000 {
            continue;
        }
        for backend in backends::available() {
            if backend != Backend::detect() && leaves > 5_000_000 {
                continue; // the slower builds on the smaller lines only
            }
            assert_eq!(
                perft_with(backend, &pos, depth).unwrap(),
                leaves,
                "{name} line {line}: perft({depth}) of {pos} on {backend:?}"
            );
        }
    }
}

#[test]
fn shared_reversi_table() {
    run("reversi", false, false);
}

#[test]
fn shared_attacks_table() {
    run("attacks", false, false);
}

#[test]
fn shared_reversitacks_table() {
    run("reversitacks", false, false);
}

#[test]
fn hashed_counts_match_the_tables() {
    // One small cache for every line: slots are replaced all the time, and the
    // cache moves between board size classes.
    let cache = PerftCache::new(1 << 16);
    for name in ["reversi", "attacks", "reversitacks"] {
        for (line, _, pos, depth, leaves) in perft_lines(name) {
            if leaves <= 5_000_000 {
                assert_eq!(perft_hashed(&pos, depth, &cache).unwrap(), leaves, "{name} line {line}");
            }
        }
    }
    for name in ["reversi-boards", "reversitacks-boards", "attacks-boards"] {
        for (line, _, pos, depth, leaves) in crate_perft_lines(name) {
            if leaves <= 5_000_000 {
                for backend in backends::available() {
                    assert_eq!(
                        perft_hashed_with(backend, &pos, depth, &cache).unwrap(),
                        leaves,
                        "{name} line {line} {backend:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_key_seed_gives_the_table_counts() {
    // Small caches (slots replaced all the time) under other seeds: the same
    // counts by other paths through the table, 8x8 Reversi (reversi-core's
    // table) and the other games (this crate's) alike.
    for seed in [1, 0x5eed_0f17, u64::MAX] {
        let cache = PerftCache::new(1 << 16).with_seed(seed);
        assert_eq!(cache.seed(), seed);
        for name in ["reversi", "attacks", "reversitacks"] {
            for (line, _, pos, depth, leaves) in perft_lines(name) {
                if leaves <= 5_000_000 {
                    assert_eq!(perft_hashed(&pos, depth, &cache).unwrap(), leaves, "{name} line {line} seed {seed}");
                }
            }
        }
    }
}

#[test]
fn computed_tables() {
    for name in ["reversi-boards", "reversitacks-boards", "attacks-boards"] {
        run(name, true, false);
    }
}

#[test]
#[ignore = "slow: run with --ignored in a release build"]
fn deep_lines() {
    for name in ["reversi", "attacks", "reversitacks"] {
        run(name, false, true);
    }
    for name in ["reversi-boards", "reversitacks-boards", "attacks-boards"] {
        run(name, true, true);
    }
}
