//! Criterion benchmarks of perft from the 8x8 start: plain perft at depths 6 to
//! 9 on every backend this CPU runs, and hashed perft (a fresh table each
//! iteration, made outside the timing).

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use reversi_rules::othello::{Backend, PerftTable, Position, TableEntry, perft_hashed, perft_with};

fn perft_from_start(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        for depth in 6..=9 {
            group.throughput(Throughput::Elements(perft_with(backend, &start, depth)));
            group.bench_with_input(BenchmarkId::new(backend.name(), depth), &depth, |b, &depth| {
                b.iter(|| perft_with(backend, std::hint::black_box(&start), depth))
            });
        }
    }
    group.finish();
}

fn hashed_perft_from_start(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("perft-hashed");
    group.sample_size(10);
    for depth in [10, 11] {
        group.throughput(Throughput::Elements(perft_with(Backend::detect(), &start, depth)));
        group.bench_with_input(BenchmarkId::new("16MiB", depth), &depth, |b, &depth| {
            b.iter_batched(
                || (0..(16 << 20) / TableEntry::SIZE).map(|_| TableEntry::default()).collect::<Vec<_>>(),
                |slots| perft_hashed(std::hint::black_box(&start), depth, &PerftTable::new(&slots)),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, perft_from_start, hashed_perft_from_start);
criterion_main!(benches);
