//! Criterion benchmarks of move generation and flipping over the positions of
//! `data/obf/fforum-1-19.obf` (the public API, portable build).

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_rules::othello::{Bitboard, Position};

fn positions() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/obf/fforum-1-19.obf");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('%'))
        .map(|l| l.parse().unwrap_or_else(|e| panic!("{path}: {l}: {e}")))
        .collect()
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let moves: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    let mut group = c.benchmark_group("fforum-1-19");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| positions.iter().fold(Bitboard::EMPTY, |acc, p| acc ^ std::hint::black_box(p).legal_moves()))
    });
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("flips", |b| {
        b.iter(|| {
            positions.iter().fold(Bitboard::EMPTY, |acc, p| {
                let p = std::hint::black_box(p);
                p.legal_moves().into_iter().fold(acc, |acc, sq| acc ^ p.flips(sq))
            })
        })
    });
    group.bench_function("play", |b| {
        b.iter(|| {
            positions.iter().fold(0u64, |acc, p| {
                p.moves().fold(acc, |acc, mv| {
                    let mut child = *std::hint::black_box(p);
                    child.play_unchecked(mv);
                    acc ^ child.hash()
                })
            })
        })
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
