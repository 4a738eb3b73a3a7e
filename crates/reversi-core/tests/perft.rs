//! The perft table of `data/perft/reversi.perft`, read line by line.
//!
//! The 8x8 lines up to `FAST_LEAVES` leaves run on every test run, on every
//! backend; the deeper ones are `#[ignore]`d (see CONTRIBUTING.md for the command),
//! up to `REVERSI_PERFT_MAX_LEAVES` leaves (default: depth 13). Lines for other
//! board sizes belong to reversi-variants and are skipped here.

#[path = "../../../tests/support/backends.rs"]
mod backends;

use reversi_core::{Backend, PerftTable, Position, TableEntry, perft_hashed_with, perft_with};

#[path = "../../../tests/support/perft_table.rs"]
mod perft_table;

/// Up to depth 11 from the start: about a second in the optimised test profile.
const FAST_LEAVES: u64 = 250_000_000;

struct Case {
    line: usize,
    position: Position,
    depth: u32,
    leaves: u64,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft/reversi.perft");
    let cases: Vec<Case> = perft_table::read_perft_table(path)
        .into_iter()
        .filter(|l| {
            assert_eq!(l.variant, "reversi", "{path}:{}", l.line);
            // Another board size: reversi-variants runs it.
            let rows = l.position.split_whitespace().next().unwrap_or("");
            rows.split('/').count() == 8 && rows.split('/').all(|r| r.len() == 8)
        })
        .map(|l| Case {
            line: l.line,
            position: l.position.parse().unwrap_or_else(|e| panic!("{path}:{}: {e}", l.line)),
            depth: l.depth,
            leaves: l.leaves,
        })
        .collect();
    assert!(cases.len() >= 14, "expected the 8x8 lines of {path}");
    cases
}

fn check(case: &Case, backend: Backend) {
    assert_eq!(
        perft_with(backend, &case.position, case.depth),
        case.leaves,
        "line {}: perft({}) of {} on {}",
        case.line,
        case.depth,
        case.position,
        backend.name()
    );
}

#[test]
fn perft_table_on_every_backend() {
    let mut ran = 0;
    for case in cases().iter().filter(|c| c.leaves <= FAST_LEAVES) {
        for backend in backends::available() {
            check(case, backend);
        }
        ran += 1;
    }
    assert!(ran >= 11);
}

fn table(slots: usize) -> Vec<TableEntry> {
    (0..slots).map(|_| TableEntry::default()).collect()
}

#[test]
fn hashed_perft_table_on_every_backend() {
    // A small table, so that slots are replaced all the time, and a larger one.
    for slots in [1 << 12, 1 << 20] {
        let slots = table(slots);
        let table = PerftTable::new(&slots);
        for case in cases().iter().filter(|c| c.leaves <= FAST_LEAVES) {
            for backend in backends::available() {
                assert_eq!(
                    perft_hashed_with(backend, &case.position, case.depth, &table),
                    case.leaves,
                    "line {}",
                    case.line
                );
            }
        }
    }
}

#[test]
fn every_key_seed_gives_the_table_counts() {
    // A small table (slots replaced all the time) under seeds whose slots and
    // checks differ; the last is left holding the previous seed's entries,
    // which its own checks must not take.
    let slots = table(1 << 12);
    for seed in [0, 1, 17, 0x5eed_0f17, u64::MAX] {
        let table = PerftTable::with_seed(&slots, seed);
        assert_eq!(table.seed(), seed);
        for case in cases().iter().filter(|c| c.leaves <= FAST_LEAVES) {
            assert_eq!(
                perft_hashed_with(Backend::detect(), &case.position, case.depth, &table),
                case.leaves,
                "line {}, seed {seed}",
                case.line
            );
        }
    }
}

#[test]
fn one_table_shared_by_threads() {
    let slots = table(1 << 14);
    let table = PerftTable::new(&slots);
    let start = Position::start();
    std::thread::scope(|s| {
        let workers: Vec<_> =
            (0..4).map(|i| s.spawn(move || perft_hashed_with(Backend::detect(), &start, 9 + i % 2, &table))).collect();
        for (i, w) in workers.into_iter().enumerate() {
            assert_eq!(w.join().unwrap(), [3_005_288, 24_571_284][i % 2]);
        }
    });
}

#[test]
fn an_empty_table_still_counts() {
    assert_eq!(perft_hashed_with(Backend::detect(), &Position::start(), 8, &PerftTable::new(&[])), 390_216);
}

#[test]
#[ignore = "minutes: run with --ignored in a release build (CONTRIBUTING.md, Checks: the deep perft lines)"]
fn perft_table_deep() {
    let max: u64 = std::env::var("REVERSI_PERFT_MAX_LEAVES")
        .ok()
        .map_or(20_000_000_000, |v| v.parse().expect("REVERSI_PERFT_MAX_LEAVES: a number"));
    for case in cases().iter().filter(|c| c.leaves > FAST_LEAVES && c.leaves <= max) {
        let start = std::time::Instant::now();
        check(case, Backend::detect());
        eprintln!("line {}: depth {} ok in {:.2?}", case.line, case.depth, start.elapsed());
    }
}
