//! Criterion benchmarks of reversi-notation: reading and replaying the WTHOR
//! databases of ../shared/data/wthor (passes inferred, every move checked).

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi::notation::wthor;

fn databases() -> Vec<Vec<u8>> {
    (1977..=1985)
        .map(|year| {
            let path = format!("{}/../shared/data/wthor/WTH_{year}.wtb", env!("CARGO_MANIFEST_DIR"));
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
    group.throughput(Throughput::Elements(moves));
    group.bench_function("replay (moves)", |b| {
        b.iter(|| dbs.iter().flat_map(|db| &db.games).map(|g| g.replay().expect("legal").plies).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, wthor_replay);
criterion_main!(benches);
