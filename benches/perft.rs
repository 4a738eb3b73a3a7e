//! Criterion benchmarks of perft from the 8x8 start, depths 6 to 9, on every
//! backend this CPU runs.

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use reversi::core::{Backend, Position, perft_with};

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

criterion_group!(benches, perft_from_start);
criterion_main!(benches);
