//! The distributed count's library (`reversi_variants::shards`): a plan
//! counted in shards and merged gives plain perft's count on every game; the
//! plan is the same byte for byte; bad plans and results are typed errors
//! naming the file.

#![cfg(feature = "shards")]

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use reversi_variants::shards::{
    Destination, DestinationError, MAX_PLAN_POSITIONS, MAX_SHARDS, MergeError, MergeInput, ParseShardError, Plan,
    PlanError, Shard, ShardError, ShardOptions, ShardResult, count_shard, merge, read_plan, read_plan_header,
    read_result, write_plan,
};
use reversi_variants::split::DeepOptions;
use reversi_variants::{Geometry, MAX_PERFT_DEPTH, PerftError, Position, Variant, perft};

/// A directory of its own under cargo's temporary directory, removed at the
/// end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("split-{}-{name}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes the plan of `game` at `depth` split at `split` to `dir`, counts
/// each of its `shards` shards (at most the plan's positions) with `options`
/// into a result file, and gives the files.
fn shards(dir: &TempDir, game: &Position, depth: u32, split: u32, n: u32, options: DeepOptions) -> Vec<PathBuf> {
    let plan_file = dir.path("plan.txt");
    let plan = write_plan(game, depth, split, &Destination::new(&plan_file)).unwrap();
    let n = n.min(plan.header().max_shards());
    (0..n)
        .map(|i| {
            let shard = Shard::new(i, n).unwrap();
            assert_eq!(read_plan(&plan_file, shard).unwrap().digest(), plan.digest());
            let file = dir.path(&format!("r{i}-{n}.json"));
            let output = Destination::new(&file);
            let result =
                count_shard(&plan_file, shard, ShardOptions::new(options).depth(depth), Some(&output)).unwrap();
            assert_eq!((result.plan(), result.shard()), (plan.digest(), shard));
            assert_eq!(read_result(&file).unwrap(), result);
            file
        })
        .collect()
}

#[test]
fn shards_merged_equal_plain_perft() {
    let dir = TempDir::new("equal");
    let games: [(Variant, Geometry, u32, u32); 6] = [
        (Variant::Reversi, Geometry::standard(), 8, 3),
        (Variant::Reversi, Geometry::new(4, 4).unwrap(), 14, 9),
        (Variant::Reversi, Geometry::octagon(), 5, 2),
        (Variant::Attacks, Geometry::new(5, 5).unwrap(), 4, 2),
        (Variant::Reversitacks, Geometry::new(6, 6).unwrap(), 3, 1),
        (Variant::Reversi, Geometry::new(6, 6).unwrap(), 7, 7),
    ];
    for (variant, geometry, depth, split) in games {
        let game = Position::start(variant, geometry).unwrap();
        let expected = perft(&game, depth).unwrap();
        for (n, options) in [(1, DeepOptions::new()), (5, DeepOptions::new().threads(2).hash_mib(2))] {
            let files = shards(&dir, &game, depth, split, n, options);
            let merged = merge(&files).unwrap();
            assert_eq!((merged.leaves(), merged.depth()), (expected, depth), "{game} {n}");
            assert_eq!(merged.shards() as usize, files.len(), "{game} {n}");
            assert!(merged.balance() >= 1.0 || merged.seconds() == 0.0);
        }
    }
}

#[test]
fn games_ending_before_the_split_are_counted_once() {
    let game = Position::start(Variant::Reversi, Geometry::new(4, 4).unwrap()).unwrap();
    let plan = Plan::new(&game, 12, 12).unwrap();
    let header = plan.header();
    assert!(header.finished > 0);
    assert_eq!(header.paths + header.finished, perft(&game, 12).unwrap());
}

#[test]
fn the_plan_is_the_same_byte_for_byte() {
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let bytes = |plan: &Plan| {
        let mut out = Vec::new();
        plan.write(&mut out).unwrap();
        out
    };
    let a = bytes(&Plan::new(&game, 10, 5).unwrap());
    assert_eq!(a, bytes(&Plan::new(&game, 10, 5).unwrap()));
    // Its file holds the same bytes.
    let dir = TempDir::new("bytes");
    let file = dir.path("plan.txt");
    assert_eq!(bytes(&write_plan(&game, 10, 5, &Destination::new(&file)).unwrap()), a);
    assert_eq!(std::fs::read(&file).unwrap(), a);
    // A temporary file's name is refused before the expansion.
    let temporary = Destination::new(dir.path(".plan.txt.tmp-4242"));
    let error = write_plan(&game, 30, 20, &temporary).unwrap_err();
    assert!(matches!(error, PlanError::Destination(DestinationError::Temporary { .. })), "{error}");
    let text = String::from_utf8(a).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "reversi-perft-plan 1");
    assert_eq!(&lines[1..4], ["variant reversi", "board 8x8", "holes -"]);
    // The distinct canonical forms at ply 5, found here by brute force.
    let mut distinct = std::collections::HashSet::new();
    let mut frontier = vec![game];
    for _ in 0..5 {
        frontier = frontier
            .iter()
            .flat_map(|p| {
                p.moves().map(move |mv| {
                    let mut child = *p;
                    child.play(mv).unwrap();
                    child
                })
            })
            .collect();
    }
    distinct.extend(frontier.iter().map(|p| p.canonical().0));
    assert_eq!(frontier.len(), 1396);
    let positions = format!("positions {}", distinct.len());
    assert_eq!(lines[5..9], ["depth 10", "split 5", positions.as_str(), "paths 1396"]);
    assert_eq!(lines.len(), 11 + distinct.len());
    // Sorted by cost, costliest first.
    let costs: Vec<u64> = lines[11..]
        .iter()
        .map(|l| perft(&Position::from_text(Variant::Reversi, l.rsplit_once(' ').unwrap().0).unwrap(), 2).unwrap())
        .collect();
    assert!(costs.windows(2).all(|w| w[0] >= w[1]), "{costs:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// Every line of a plan belongs to exactly one shard, and each shard's
    /// lines come one per round of the snake.
    #[test]
    fn every_line_has_one_shard(n in 1u32..200, lines in 0u64..2000) {
        let owners: Vec<u32> = (0..n).filter(|&i| Shard::new(i, n).unwrap().owns(lines)).collect();
        prop_assert_eq!(owners.len(), 1);
        let shard = Shard::new(owners[0], n).unwrap();
        let round = lines / u64::from(n);
        prop_assert_eq!((round * u64::from(n)..(round + 1) * u64::from(n)).filter(|&l| shard.owns(l)).count(), 1);
        prop_assert_eq!(shard.to_string().parse::<Shard>().unwrap(), shard);
    }
}

#[test]
fn shards_out_of_range_are_refused() {
    assert_eq!(Shard::new(2, 2), Err(ParseShardError::OutOfRange { index: 2, count: 2 }));
    assert_eq!(Shard::new(0, 0), Err(ParseShardError::NoShards));
    assert_eq!("1".parse::<Shard>(), Err(ParseShardError::NoSlash));
    assert!(matches!("x/2".parse::<Shard>(), Err(ParseShardError::Number { which: "I", .. })));
    assert_eq!(Shard::new(2, 2).unwrap_err().to_string(), "shard 2 is out of range: 2 shards are numbered 0 to 1");
}

#[test]
fn bad_plans_are_typed_errors() {
    let dir = TempDir::new("bad-plans");
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    assert!(matches!(Plan::new(&game, 6, 7), Err(PlanError::SplitPastDepth { split: 7, depth: 6 })));
    let too_deep = Plan::new(&game, MAX_PERFT_DEPTH + 1, 1).unwrap_err();
    assert!(matches!(too_deep, PlanError::Perft(PerftError::TooDeep { .. })), "{too_deep}");
    let plan = dir.path("plan.txt");
    Plan::new(&game, 6, 3).unwrap().write(&mut std::fs::File::create(&plan).unwrap()).unwrap();
    let text = std::fs::read_to_string(&plan).unwrap();
    let (header, digest) = read_plan_header(&plan).unwrap();
    assert_eq!((header.depth, header.split, header.start), (6, 3, game));
    let shard = Shard::new(0, 2).unwrap();
    let edited = dir.path("edited.txt");
    let read_edited = |contents: &str| {
        std::fs::write(&edited, contents).unwrap();
        read_plan(&edited, shard).unwrap_err()
    };
    // Truncated: a line fewer, or the last newline gone.
    let last = text.trim_end().rsplit_once('\n').unwrap().0;
    assert!(matches!(read_edited(&format!("{last}\n")), PlanError::Count { .. }));
    let error = read_edited(&text[..text.len() - 1]);
    assert!(matches!(&error, PlanError::Digest { expected, .. } if *expected == digest), "{error}");
    // Edited: a count, the variant, the board.
    assert!(matches!(read_edited(&format!("{}0\n", text.trim_end())), PlanError::Digest { .. }));
    assert!(matches!(read_edited(&text.replace("variant reversi", "variant attacks")), PlanError::Digest { .. }));
    let error = read_edited(&text.replace("board 8x8", "board 6x6"));
    assert!(matches!(&error, PlanError::Line { line: 3, .. }), "{error}");
    assert!(error.to_string().contains("edited.txt: line 3: expected board 8x8"), "{error}");
    let error = read_edited(&text.replace("depth 6\n", &format!("depth {}\n", MAX_PERFT_DEPTH + 1)));
    assert!(matches!(&error, PlanError::Line { line: 6, .. }), "{error}");
    // Not a plan at all, a line with no end, a file that is not there.
    assert!(matches!(read_edited("{\"format\":1}\n"), PlanError::Line { line: 1, .. }));
    assert!(matches!(read_edited(&"-".repeat(200_000)), PlanError::Line { line: 1, .. }));
    let error = read_plan(&dir.path("none.txt"), shard).unwrap_err();
    assert!(matches!(&error, PlanError::Io { .. }) && error.to_string().contains("none.txt"), "{error}");
}

#[test]
fn bad_results_are_typed_errors_naming_the_file() {
    let dir = TempDir::new("bad-results");
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let files = shards(&dir, &game, 6, 3, 2, DeepOptions::new());
    assert_eq!(merge(&files).unwrap().leaves(), 8200);
    let named = |error: MergeError, name: &str| {
        assert!(error.to_string().contains(name), "{error}");
        error
    };
    assert!(matches!(merge(Vec::<PathBuf>::new()), Err(MergeError::NoResults)));
    // The same merge of results held, nothing read again, named by their
    // shard; and of results held and files together.
    let held: Vec<ShardResult> = files.iter().map(|f| read_result(f).unwrap()).collect();
    let merged = merge(held.clone()).unwrap();
    assert_eq!((merged.leaves(), merged.plan(), merged.shards()), (8200, merge(&files).unwrap().plan(), 2));
    let mixed = [MergeInput::Held(held[1].clone()), MergeInput::File(files[0].clone())];
    assert_eq!(merge(mixed).unwrap(), merged);
    let twice = [held[0].clone(), held[1].clone(), held[1].clone()];
    let error = named(merge(twice).unwrap_err(), "<result of shard 1/2>");
    assert!(matches!(error, MergeError::Duplicate { shard: 1, .. }), "{error}");
    let twice = [MergeInput::File(files[1].clone()), MergeInput::Held(held[1].clone())];
    assert!(matches!(named(merge(twice).unwrap_err(), "r1-2.json"), MergeError::Duplicate { shard: 1, .. }));
    let error = merge(&files[..1]).unwrap_err();
    assert!(matches!(&error, MergeError::Missing { missing: 1, shards: 2, list } if list == "1"), "{error}");
    let twice = [files[0].clone(), files[1].clone(), files[1].clone()];
    assert!(matches!(named(merge(&twice).unwrap_err(), "r1-2.json"), MergeError::Duplicate { shard: 1, .. }));
    // Mixed: a result of another plan, or of the plan in another shard count.
    let other_dir = TempDir::new("other");
    let other = shards(&other_dir, &game, 6, 2, 2, DeepOptions::new());
    let mixed = [files[0].clone(), other[1].clone()];
    assert!(matches!(named(merge(&mixed).unwrap_err(), "r1-2.json"), MergeError::Foreign { .. }));
    let three = shards(&other_dir, &game, 6, 3, 3, DeepOptions::new());
    let mixed = [files[0].clone(), three[1].clone()];
    assert!(matches!(named(merge(&mixed).unwrap_err(), "r1-3.json"), MergeError::Foreign { shards: 3, .. }));
    // Not a result.
    let bad = dir.path("bad.json");
    let digest = read_result(&files[0]).unwrap().plan().to_string();
    let result = |rest: &str| format!("{{\"format\":\"reversi-perft-shard 1\",\"plan\":\"{digest}\",{rest}}}");
    let texts = [
        String::new(),
        "{}".to_string(),
        "not json".to_string(),
        "{\"format\":\"reversi-perft-shard 1\",\"plan\":\"x\",\"depth\":6,\"shard\":0,\"shards\":2,\"leaves\":1}"
            .to_string(),
        result("\"depth\":6,\"shard\":2,\"shards\":2,\"leaves\":1"),
        result("\"depth\":6,\"split\":7,\"shard\":1,\"shards\":2,\"leaves\":1"),
        result("\"depth\":6,\"shard\":1,\"shards\":2,\"leaves\":1,\"seconds\":-1"),
        result("\"depth\":6,\"shard\":1,\"shards\":2,\"leaves\":1,\"variant\":\"chess\""),
    ];
    for text in texts {
        std::fs::write(&bad, &text).unwrap();
        let error = merge(&[files[0].clone(), bad.clone()]).unwrap_err();
        assert!(matches!(named(error, "bad.json"), MergeError::Field { .. }), "{text}");
    }
    let error = merge(&[files[0].clone(), dir.path("gone.json")]).unwrap_err();
    assert!(matches!(named(error, "gone.json"), MergeError::Io { .. }));
    // A result read back is the result written.
    let result = read_result(&files[1]).unwrap();
    let again = ShardResult::from_json(&result.to_json(), Path::new("x")).unwrap();
    assert_eq!(again, result);
}

#[test]
fn a_shard_is_refused_before_it_is_counted() {
    let dir = TempDir::new("refused");
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let plan_file = dir.path("plan.txt");
    Plan::new(&game, 6, 3).unwrap().write(&mut std::fs::File::create(&plan_file).unwrap()).unwrap();
    let shard = Shard::new(0, 2).unwrap();
    // The plan as its own result file: refused, the plan untouched.
    let before = std::fs::read(&plan_file).unwrap();
    let output = Destination::new(&plan_file);
    let error = count_shard(&plan_file, shard, ShardOptions::default(), Some(&output)).unwrap_err();
    assert!(matches!(&error, ShardError::OutputIsPlan { file } if *file == plan_file), "{error}");
    assert_eq!(std::fs::read(&plan_file).unwrap(), before);
    // A path that names no file, or a temporary file's name: refused, nothing written.
    for (name, temporary) in [("..", false), (".r.json.tmp-4242", true)] {
        let output = Destination::new(dir.path(name));
        let error = count_shard(&plan_file, shard, ShardOptions::default(), Some(&output)).unwrap_err();
        let refused = match error {
            ShardError::Destination(DestinationError::Temporary { .. }) => true,
            ShardError::Destination(DestinationError::NotAFile { .. }) => false,
            e => panic!("{name}: {e}"),
        };
        assert_eq!(refused, temporary, "{name}");
    }
    assert!(!dir.path(".r.json.tmp-4242").exists());
    // Another depth than the plan's.
    let error = count_shard(&plan_file, shard, ShardOptions::default().depth(7), None).unwrap_err();
    assert!(matches!(error, ShardError::Depth { expected: 7, found: 6, .. }), "{error}");
    // A table the machine cannot give.
    let options = ShardOptions::new(DeepOptions::new().hash_mib(usize::MAX));
    assert!(matches!(count_shard(&plan_file, shard, options, None), Err(ShardError::Counter(_))));
    // Without an output, the result alone; with one, its line, the bytes of
    // `to_json` and a newline, and no temporary file left beside it.
    let result = count_shard(&plan_file, shard, ShardOptions::default(), None).unwrap();
    let file = dir.path("r.json");
    let written = count_shard(&plan_file, shard, ShardOptions::default(), Some(&Destination::new(&file))).unwrap();
    let line = std::fs::read_to_string(&file).unwrap();
    assert_eq!(line, format!("{}\n", written.to_json()));
    assert_eq!(ShardResult::from_json(&line, &file).unwrap().leaves(), result.leaves());
    assert_eq!(std::fs::read_dir(dir.path("")).unwrap().count(), 2, "plan.txt and r.json only");
    assert!(line.ends_with("}\n") && line.lines().count() == 1, "{line}");
}

#[test]
fn a_plan_past_the_bound_is_refused_with_its_size() {
    // Split at ply 14, 8x8 Reversi would be about 10^9 positions: refused
    // once the expansion passes the bound (at ply 10), not allocated.
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let clock = std::time::Instant::now();
    let error = Plan::new(&game, 30, 14).unwrap_err();
    assert!(clock.elapsed() < std::time::Duration::from_secs(20), "{:?}", clock.elapsed());
    let PlanError::TooLarge { split, ply, max, estimate, bytes, fits, fits_positions } = error else {
        panic!("{error}");
    };
    assert_eq!((split, ply, max, fits, fits_positions), (14, 10, MAX_PLAN_POSITIONS, 9, 434_021));
    assert!(estimate > 1e8 && bytes > estimate * 60.0, "{estimate} {bytes}");
    let message = error.to_string();
    assert!(message.contains("split at ply 9 or less (ply 9 holds 434021 positions)"), "{message}");
    assert!(message.contains(&format!("past the {MAX_PLAN_POSITIONS} a plan may hold")), "{message}");
}

#[test]
fn shard_counts_past_what_a_plan_can_use_are_refused() {
    // The bound of every shard count, and of a result's.
    let error = Shard::new(0, MAX_SHARDS + 1).unwrap_err();
    assert_eq!(
        error,
        ParseShardError::TooMany { count: u64::from(MAX_SHARDS) + 1, max: MAX_SHARDS.into(), positions: None }
    );
    let error = "0/4294967296".parse::<Shard>().unwrap_err();
    assert!(matches!(error, ParseShardError::TooMany { count: 4_294_967_296, .. }), "{error}");
    assert!(error.to_string().contains(&format!("at most {MAX_SHARDS} shards")), "{error}");
    assert!(Shard::new(MAX_SHARDS - 1, MAX_SHARDS).is_ok());
    let result = format!(
        "{{\"format\":\"reversi-perft-shard 1\",\"plan\":\"{}\",\"depth\":6,\"shard\":0,\"shards\":{},\"leaves\":1}}",
        "0".repeat(32),
        u64::from(MAX_SHARDS) + 1
    );
    let error = ShardResult::from_json(&result, Path::new("r.json")).unwrap_err();
    assert!(matches!(&error, MergeError::Field { expected, .. } if expected.starts_with("\"shard\"")), "{error}");
    // A plan of 14 positions: 14 shards at most, refused on reading the
    // header (before the body).
    let dir = TempDir::new("many-shards");
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let plan_file = dir.path("plan.txt");
    let plan = Plan::new(&game, 6, 3).unwrap();
    plan.write(&mut std::fs::File::create(&plan_file).unwrap()).unwrap();
    let header = plan.header();
    assert_eq!((header.positions, header.max_shards()), (14, 14));
    assert_eq!(header.check_shards(14), Ok(14));
    assert_eq!(header.check_shards(0), Err(ParseShardError::NoShards));
    let error = header.check_shards(1 << 32).unwrap_err();
    assert_eq!(error, ParseShardError::TooMany { count: 1 << 32, max: 14, positions: Some(14) });
    assert!(read_plan(&plan_file, Shard::new(13, 14).unwrap()).is_ok());
    let error = read_plan(&plan_file, Shard::new(0, 15).unwrap()).unwrap_err();
    assert!(matches!(&error, PlanError::Shards { source: ParseShardError::TooMany { count: 15, max: 14, .. }, .. }));
    assert!(error.to_string().contains("plan.txt: expected at most 14 shards for a plan of 14 positions"), "{error}");
    // A plan without positions (every game over before the split) is one shard.
    let over = Position::from_text(
        Variant::Reversi,
        "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXX- O",
    )
    .unwrap();
    let plan = Plan::new(&over, 3, 2).unwrap();
    assert_eq!((plan.header().positions, plan.header().max_shards()), (0, 1));
}

#[test]
fn a_temporary_file_is_never_merged() {
    let dir = TempDir::new("temporary");
    let game = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let files = shards(&dir, &game, 5, 2, 2, DeepOptions::new());
    // A whole result under a temporary name (its writer killed before the
    // rename): refused by its name, unread.
    let temporary = dir.path(".r1-2.json.tmp-999999");
    std::fs::copy(&files[1], &temporary).unwrap();
    let error = merge([&files[0], &temporary]).unwrap_err();
    assert!(matches!(&error, MergeError::Temporary { file } if *file == temporary), "{error}");
    assert!(error.to_string().contains(".r1-2.json.tmp-999999: a temporary file"), "{error}");
    assert_eq!(merge(&files).unwrap().leaves(), perft(&game, 5).unwrap());
}
