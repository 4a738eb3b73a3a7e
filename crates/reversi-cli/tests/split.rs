//! `reversi perft --split/--shard/--merge` through the binary: plan, shards
//! and merge give plain perft's count, the plan is the same byte for byte on
//! every run, and every kind of bad input is refused with status 2.

mod common;

use common::{TempDir, refused, succeeded};
use serde_json::Value;

/// The plain count of `perft DEPTH GAME...`.
fn plain(depth: &str, game: &[&str]) -> u64 {
    let args: Vec<&str> = ["perft", depth].iter().chain(game).copied().chain(["--json"]).collect();
    serde_json::from_str::<Value>(&succeeded(&args)).unwrap()["leaves"].as_u64().unwrap()
}

/// Writes the plan of `perft DEPTH GAME` split at `split` into `dir`, counts
/// its `shards` shards (at most its positions, with `extra` options) and
/// merges them: the total.
fn split_count(dir: &TempDir, depth: &str, split: &str, game: &[&str], shards: u32, extra: &[&str]) -> u64 {
    let plan = dir.path("plan.txt");
    let args: Vec<&str> =
        ["perft", depth].iter().chain(game).copied().chain(["--split", split, "--plan", &plan, "--json"]).collect();
    let summary: Value = serde_json::from_str(&succeeded(&args)).unwrap();
    let positions = u32::try_from(summary["positions"].as_u64().unwrap()).unwrap();
    let shards = shards.min(positions.max(1));
    let mut results = Vec::new();
    for i in 0..shards {
        let result = dir.path(&format!("shard-{i}-of-{shards}.json"));
        let shard = format!("{i}/{shards}");
        let args: Vec<&str> =
            ["perft", "--plan", &plan, "--shard", &shard, "-o", &result].iter().chain(extra).copied().collect();
        succeeded(&args);
        results.push(result);
    }
    let args: Vec<&str> =
        ["perft", "--json", "--merge"].into_iter().chain(results.iter().map(String::as_str)).collect();
    let merged: Value = serde_json::from_str(&succeeded(&args)).unwrap();
    assert_eq!(merged["shards"], shards, "{merged}");
    merged["leaves"].as_u64().unwrap()
}

#[test]
fn plan_shards_and_merge_equal_plain_perft() {
    let dir = TempDir::new("split");
    let expected = plain("9", &[]);
    assert_eq!(expected, 3_005_288);
    for shards in [4, 7] {
        assert_eq!(split_count(&dir, "9", "3", &[], shards, &["--threads", "2", "--hash", "16"]), expected, "{shards}");
    }
    assert_eq!(split_count(&dir, "9", "5", &[], 3, &[]), expected);
    // Shards of hundreds of positions with a table: the positions are the
    // units, not expanded further.
    assert_eq!(split_count(&dir, "9", "5", &[], 3, &["--hash", "16"]), expected);
    assert_eq!(split_count(&dir, "9", "6", &[], 1, &["--hash", "16", "--threads", "2"]), expected);
    assert_eq!(split_count(&dir, "7", "7", &[], 2, &[]), plain("7", &[]));
    assert_eq!(split_count(&dir, "7", "0", &[], 2, &[]), plain("7", &[]));
    let games: [(&str, &str, &[&str]); 6] = [
        // Games end before the split ply: they are the plan's `finished`.
        ("20", "12", &["--board", "4x4"]),
        ("20", "8", &["--board", "4x4", "--first", "white"]),
        ("9", "5", &["--board", "6x6"]),
        ("4", "2", &["--variant", "attacks", "--board", "5x5"]),
        ("3", "1", &["--variant", "reversitacks", "--board", "6x6"]),
        ("5", "2", &["--board", "octagon"]),
    ];
    for (depth, split, game) in games {
        let expected = plain(depth, game);
        assert_eq!(split_count(&dir, depth, split, game, 5, &["--threads", "2", "--hash", "4"]), expected, "{game:?}");
        assert_eq!(split_count(&dir, depth, split, game, 1, &[]), expected, "{game:?}");
    }
}

#[test]
fn every_hash_seed_gives_the_same_count_and_is_recorded() {
    let dir = TempDir::new("split-seed");
    let expected = plain("10", &[]);
    for seed in ["0", "1", "18446744073709551615"] {
        let args = ["perft", "10", "--threads", "2", "--hash", "1", "--hash-seed", seed, "--json"];
        let leaves = serde_json::from_str::<Value>(&succeeded(&args)).unwrap()["leaves"].as_u64().unwrap();
        assert_eq!(leaves, expected, "seed {seed}");
        let extra = ["--hash", "1", "--hash-seed", seed];
        assert_eq!(split_count(&dir, "10", "4", &[], 3, &extra), expected, "seed {seed}");
        let result: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path("shard-1-of-3.json")).unwrap()).unwrap();
        assert_eq!(result["hash_seed"].to_string(), seed, "{result}");
        let game = ["--variant", "attacks", "--board", "5x5"];
        assert_eq!(split_count(&dir, "5", "2", &game, 2, &extra), plain("5", &game), "seed {seed}");
    }
    refused(&["perft", "5", "--hash-seed", "3"], "--hash");
    refused(&["perft", "5", "--hash", "1", "--hash-seed", "-1"], "'-1'");
    refused(&["perft", "5", "--hash", "1", "--hash-seed", "18446744073709551616"], "--hash-seed");
}

#[test]
fn early_endings_are_in_the_header() {
    let dir = TempDir::new("split-finished");
    let plan = dir.path("plan.txt");
    let line = succeeded(&["perft", "20", "--board", "4x4", "--split", "12", "--plan", &plan, "--json"]);
    let summary: Value = serde_json::from_str(&line).unwrap();
    let (paths, finished) = (summary["paths"].as_u64().unwrap(), summary["finished"].as_u64().unwrap());
    assert!(finished > 0, "{summary}");
    assert_eq!(paths + finished, plain("12", &["--board", "4x4"]));
    let text = std::fs::read_to_string(&plan).unwrap();
    assert!(text.contains(&format!("\nfinished {finished}\n")), "{text}");
}

#[test]
fn the_plan_is_the_same_byte_for_byte() {
    let dir = TempDir::new("split-bytes");
    let (a, b) = (dir.path("a.txt"), dir.path("b.txt"));
    succeeded(&["perft", "10", "--split", "5", "--plan", &a]);
    succeeded(&["perft", "10", "--split", "5", "--plan", &b, "--threads", "2", "--hash", "8"]);
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(a, b);
    let text = String::from_utf8(a).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "reversi-perft-plan 1");
    assert_eq!(&lines[1..4], ["variant reversi", "board 8x8", "holes -"]);
    assert_eq!(lines[5..7], ["depth 10", "split 5"]);
    let positions: usize = lines[7].strip_prefix("positions ").unwrap().parse().unwrap();
    assert_eq!(lines.len(), 11 + positions);
    let paths: u64 = lines[11..].iter().map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(paths, 1396);
    assert_eq!(lines[8], "paths 1396");
}

#[test]
fn bad_plans_shards_and_results_are_refused() {
    let dir = TempDir::new("split-bad");
    let plan = dir.path("plan.txt");
    succeeded(&["perft", "6", "--split", "3", "--plan", &plan]);
    let result = |name: &str, plan: &str, shard: &str| {
        let path = dir.path(name);
        succeeded(&["perft", "--plan", plan, "--shard", shard, "-o", &path]);
        path
    };
    let (r0, r1) = (result("r0.json", &plan, "0/2"), result("r1.json", &plan, "1/2"));
    succeeded(&["perft", "--merge", &r0, &r1]);

    // The shard index out of range, or not I/N.
    refused(&["perft", "--plan", &plan, "--shard", "2/2", "-o", &r0], "shard 2 is out of range");
    refused(&["perft", "--plan", &plan, "--shard", "1", "-o", &r0], "expected I/N");
    refused(&["perft", "--plan", &plan, "--shard", "0/0", "-o", &r0], "N is 0");
    // The game comes from the plan alone.
    refused(&["perft", "--plan", &plan, "--shard", "0/2", "-o", &r0, "--variant", "attacks"], "cannot be used with");
    refused(&["perft", "--plan", &plan, "--shard", "0/2", "-o", &r0, "--board", "6x6"], "cannot be used with");
    refused(&["perft", "7", "--plan", &plan, "--shard", "0/2", "-o", &r0], "counts depth 6");
    refused(&["perft", "--plan", &plan, "--shard", "0/2", "-o", &plan], "this is the plan");
    refused(&["perft", "6", "--plan", &plan], "give --split K");
    refused(&["perft", "6", "--split", "7", "--plan", &dir.path("x.txt")], "at most DEPTH");

    // A truncated plan, an edited one, something else.
    let text = std::fs::read_to_string(&plan).unwrap();
    let edited = dir.path("edited.txt");
    let last = text.trim_end().rsplit_once('\n').unwrap().0;
    std::fs::write(&edited, format!("{last}\n")).unwrap();
    refused(&["perft", "--plan", &edited, "--shard", "0/2", "-o", &r0], "the plan is truncated or edited");
    std::fs::write(&edited, &text[..text.len() - 1]).unwrap();
    refused(&["perft", "--plan", &edited, "--shard", "0/2", "-o", &r0], "the plan is edited or damaged");
    std::fs::write(&edited, format!("{}0\n", text.trim_end())).unwrap();
    refused(&["perft", "--plan", &edited, "--shard", "0/2", "-o", &r0], "the plan is edited or damaged");
    std::fs::write(&edited, text.replace("variant reversi", "variant attacks")).unwrap();
    refused(&["perft", "--plan", &edited, "--shard", "0/2", "-o", &r0], "the plan is edited or damaged");
    std::fs::write(&edited, text.replace("board 8x8", "board 6x6")).unwrap();
    refused(&["perft", "--plan", &edited, "--shard", "0/2", "-o", &r0], "line 3: expected board 8x8");
    refused(
        &["perft", "--plan", &r0, "--shard", "0/2", "-o", &dir.path("x.json")],
        "expected \"reversi-perft-plan 1\"",
    );
    refused(&["perft", "--plan", &dir.path("none.txt"), "--shard", "0/2", "-o", &r0], "none.txt");
    // A refused shard writes nothing.
    assert!(!std::path::Path::new(&dir.path("x.json")).exists());

    // Results: one missing, twice, of another plan or shard count, not one.
    refused(&["perft", "--merge", &r0], "1 of 2 shards missing: 1");
    refused(&["perft", "--merge", &r0, &r1, &r1], "r1.json: shard 1 is also");
    let other = dir.path("other.txt");
    succeeded(&["perft", "6", "--split", "2", "--plan", &other]);
    let foreign = result("foreign.json", &other, "1/2");
    refused(&["perft", "--merge", &r0, &foreign], "foreign.json: shard 1/2 of plan");
    let three = result("three.json", &plan, "1/3");
    refused(&["perft", "--merge", &r0, &three], "three.json: shard 1/3 of plan");
    refused(&["perft", "--merge", &r0, &plan], "plan.txt: expected a result");
    refused(&["perft", "--merge", &r0, &dir.path("gone.json")], "gone.json");
    refused(&["perft", "7", "--merge", &r0, &r1], "the results count depth 6");
    refused(&["perft", "--merge", &r0, &r1, "--threads", "2"], "cannot be used with");
}

#[test]
fn a_plan_too_large_is_refused_at_once_with_its_size() {
    let dir = TempDir::new("split-large");
    let plan = dir.path("p");
    let clock = std::time::Instant::now();
    refused(&["perft", "30", "--split", "14", "--plan", &plan], "--split 14: a plan split at ply 14 would hold about");
    refused(
        &["perft", "30", "--split", "14", "--plan", &plan],
        "split at ply 9 or less (ply 9 holds 434021 positions)",
    );
    assert!(clock.elapsed() < std::time::Duration::from_secs(30), "{:?}", clock.elapsed());
    assert!(!std::path::Path::new(&plan).exists());
}

#[test]
fn shard_counts_past_the_plans_positions_are_refused() {
    let dir = TempDir::new("split-shards");
    let plan = dir.path("plan.txt");
    let summary: Value =
        serde_json::from_str(&succeeded(&["perft", "6", "--split", "3", "--plan", &plan, "--json"])).unwrap();
    assert_eq!(summary["positions"], 14);
    let r = dir.path("r.json");
    succeeded(&["perft", "--plan", &plan, "--shard", "13/14", "-o", &r]);
    refused(
        &["perft", "--plan", &plan, "--shard", "0/15", "-o", &r],
        "expected at most 14 shards for a plan of 14 positions",
    );
    refused(&["perft", "--plan", &plan, "--shard", "0/4294967296", "-o", &r], "expected at most 1048576 shards");
    refused(&["perft", "--plan", &plan, "--shard", "0/2000000", "-o", &r], "expected at most 1048576 shards");
}

#[test]
fn stale_temporary_results_are_removed_and_never_merged() {
    let dir = TempDir::new("split-stale");
    let plan = dir.path("plan.txt");
    succeeded(&["perft", "6", "--split", "3", "--plan", &plan]);
    // What a shard killed outright (SIGKILL) while writing leaves: its
    // temporary file, locked by no process any more.
    let stale = dir.path(".r0.json.tmp-999999");
    std::fs::write(&stale, "{\"format\":\"reversi-perft-shard 1\",\"pl").unwrap();
    refused(&["perft", "--merge", &stale], ".r0.json.tmp-999999: a temporary file");
    let (r0, r1) = (dir.path("r0.json"), dir.path("r1.json"));
    succeeded(&["perft", "--plan", &plan, "--shard", "0/2", "-o", &r0]);
    succeeded(&["perft", "--plan", &plan, "--shard", "1/2", "-o", &r1]);
    // The run over the same result removed it.
    assert_eq!(common::listing(&dir), ["plan.txt", "r0.json", "r1.json"]);
    succeeded(&["perft", "--merge", &r0, &r1]);
}
