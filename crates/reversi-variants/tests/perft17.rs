//! perft(17) of 8x8 Othello, counted twice through the split path
//! (`data/perft/17/`, `scripts/perft17.sh`): every committed shard result is
//! checked against its plan and its count's key seed, a finished count is
//! merged again (no recount), and two finished counts must agree, with each
//! other and with the value published in `data/perft/reversi.perft`.

#![cfg(feature = "shards")]

use std::path::{Path, PathBuf};

use reversi_variants::shards::{merge, read_plan_header, read_result};
use reversi_variants::{Geometry, Position, Variant};

#[path = "../../../tests/support/perft_table.rs"]
mod perft_table;

const SHARDS: u32 = 40;

/// Each count: its folder, split ply and table key seed (scripts/perft17.sh).
const COUNTS: [(&str, u32, u64); 2] = [("a", 7, 1), ("b", 6, 2)];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/perft/17")
}

/// The count of data/perft/reversi.perft for the start at `depth`, if
/// published.
fn published(depth: u32) -> Option<u64> {
    let path = dir().join("../reversi.perft");
    let start = Position::start(Variant::Reversi, Geometry::new(8, 8).unwrap()).unwrap();
    perft_table::read_perft_table(path.to_str().unwrap())
        .into_iter()
        .find(|l| l.depth == depth && Position::from_text(Variant::Reversi, &l.position).ok() == Some(start))
        .map(|l| l.leaves)
}

#[test]
fn committed_shards_are_of_their_plans_and_finished_counts_agree() {
    let start = Position::start(Variant::Reversi, Geometry::new(8, 8).unwrap()).unwrap();
    let mut totals = Vec::new();
    for (name, split, seed) in COUNTS {
        let folder = dir().join(name);
        let (header, digest) = read_plan_header(&dir().join(format!("{name}.plan"))).unwrap();
        assert_eq!((header.depth, header.split, header.start), (17, split, start), "count {name}");
        let mut files = Vec::new();
        // A count with no shard done yet has no folder (git keeps none empty).
        for entry in std::fs::read_dir(&folder).into_iter().flatten() {
            let path = entry.unwrap().path();
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let result = read_result(&path).unwrap();
            let expected = format!("shard-{}-of-{}.json", result.shard().index(), result.shard().count());
            assert_eq!(file, expected, "count {name}: a file that is not a result of its shard");
            assert_eq!((result.plan(), result.depth(), result.split()), (digest.as_str(), 17, split), "{file}");
            assert_eq!((result.shard().count(), result.hash_seed()), (SHARDS, seed), "count {name}: {file}");
            files.push(path);
        }
        if files.len() == SHARDS as usize {
            let merged = merge(&files).unwrap();
            assert_eq!(merged.plan(), digest);
            totals.push(merged.leaves());
        }
    }
    if let [a, b] = totals[..] {
        assert_eq!(a, b, "the two counts of perft(17) disagree");
    }
    assert_eq!(published(16), Some(20_301_186_039_128), "the table's start line is found");
    // Both counts are committed complete and the value is published (2026-12-05).
    assert_eq!(totals.len(), 2, "both counts of perft(17) are complete in data/perft/17/");
    let value = published(17).expect("perft(17) is published in data/perft/reversi.perft");
    assert!(totals.iter().all(|&t| t == value), "perft(17): published {value}, counted {totals:?}");
}
