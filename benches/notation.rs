//! Criterion benchmarks of reversi-notation: reading and replaying the WTHOR
//! databases of data/wthor (passes inferred, every move checked), and
//! reading the GGF and PGN files of data.

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_rules::notation::{Format, Passes, ReadOptions, Reader, ggf, pgn, plies, wthor};

fn databases() -> Vec<Vec<u8>> {
    (1977..=1985)
        .map(|year| {
            let path = format!("{}/data/wthor/WTH_{year}.wtb", env!("CARGO_MANIFEST_DIR"));
            std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        })
        .collect()
}

fn wthor_replay(c: &mut Criterion) {
    let files = databases();
    let dbs: Vec<wthor::Database> = files.iter().map(|b| wthor::read_games(b).expect("a valid file")).collect();
    let games: u64 = dbs.iter().map(|db| db.games.len() as u64).sum();
    let moves: u64 = dbs.iter().flat_map(|db| &db.games).map(|g| g.moves().count() as u64).sum();
    let mut group = c.benchmark_group("wthor-1977-1985");
    group.throughput(Throughput::Elements(games));
    group.bench_function("replay (games)", |b| {
        b.iter(|| dbs.iter().flat_map(|db| &db.games).map(|g| g.replay().expect("legal").plies).sum::<usize>())
    });
    group.bench_function("read and replay (games)", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|bytes| {
                    let db = wthor::read_games(std::hint::black_box(bytes)).expect("a valid file");
                    db.games.iter().map(|g| g.replay().expect("legal").plies).sum::<usize>()
                })
                .sum::<usize>()
        })
    });
    // The format-neutral path: records lent by the one `Reader` (any format), walked
    // position by position (issue 10's bar: within 1.5x of the fast path
    // above).
    group.bench_function("read and walk every position (games)", |b| {
        b.iter(|| {
            let mut hashes = 0u64;
            for bytes in &files {
                let options = ReadOptions::default();
                let mut reader = Reader::new(Format::Wthor, &std::hint::black_box(bytes)[..], options);
                while let Some(record) = reader.next_record() {
                    let mut steps = plies(record.expect("valid"), Passes::Infer).expect("a start");
                    while let Some(step) = steps.next_ply() {
                        hashes ^= step.expect("legal").after.hash();
                    }
                }
            }
            hashes
        })
    });
    group.throughput(Throughput::Elements(moves));
    group.bench_function("replay (moves)", |b| {
        b.iter(|| dbs.iter().flat_map(|db| &db.games).map(|g| g.replay().expect("legal").plies).sum::<usize>())
    });
    group.finish();
}

/// The GGF and PGN files of the repository's data (paths from its root: `data/`,
/// and `data-illegal/` for the GGF file with hand-edited illegal games, which
/// reads like any other), repeated to about a megabyte.
fn text_files(paths: &[&str]) -> String {
    let one: String = paths
        .iter()
        .map(|relative| {
            let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        })
        .collect::<Vec<_>>()
        .join("\n");
    one.repeat((1 << 20) / one.len() + 1)
}

fn text_readers(c: &mut Criterion) {
    let ggf = text_files(&[
        "data/ggf/gg-4x4-and-komi-random.ggf",
        "data/ggf/gg-8x8-saio.ggf",
        "data/ggf/gg-archive-2003.ggf",
        "data-illegal/ggf/gg-synchro-komi-mixed.ggf",
    ]);
    let pgn = text_files(&["data/pgn/playok.pgn"]);
    let mut group = c.benchmark_group("readers");
    group.throughput(Throughput::Bytes(ggf.len() as u64));
    group.bench_function("ggf (bytes)", |b| b.iter(|| ggf::read(std::hint::black_box(&ggf)).expect("valid").len()));
    group.throughput(Throughput::Bytes(pgn.len() as u64));
    group.bench_function("pgn (bytes)", |b| b.iter(|| pgn::read(std::hint::black_box(&pgn)).expect("valid").len()));
    group.finish();
}

criterion_group!(benches, wthor_replay, text_readers);
criterion_main!(benches);
