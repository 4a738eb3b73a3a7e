//! Criterion benchmarks of the generic engine of reversi-variants: perft of each
//! variant, and the same counts through reversi-core for the per-leaf ratios
//! (throughput is in leaves, so criterion's elements/s compare directly).

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use reversi_rules::variants::{Geometry, PerftCache, Position, Variant, perft, perft_hashed};

fn start(variant: Variant, w: usize, h: usize) -> Position {
    Position::start(variant, Geometry::new(w, h).expect("a valid size")).expect("the start fits")
}

fn bench(c: &mut Criterion, group: &str, name: &str, depth: u32, count: impl Fn() -> u64) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.throughput(Throughput::Elements(count()));
    g.bench_function(BenchmarkId::new(name, depth), |b| b.iter(&count));
    g.finish();
}

/// Every depth here is far below `MAX_PERFT_DEPTH`.
const SHALLOW: &str = "a depth within MAX_PERFT_DEPTH";

fn variants(c: &mut Criterion) {
    let core_start = reversi_rules::othello::Position::start();
    bench(c, "reversi-8x8", "core", 8, || reversi_rules::othello::perft(std::hint::black_box(&core_start), 8));
    let generic = start(Variant::Reversi, 8, 8);
    bench(c, "reversi-8x8", "generic", 8, || perft(std::hint::black_box(&generic), 8).expect(SHALLOW));
    let ten = start(Variant::Reversi, 10, 10);
    bench(c, "reversi-10x10", "generic", 8, || perft(std::hint::black_box(&ten), 8).expect(SHALLOW));
    let big = start(Variant::Reversi, 26, 26);
    bench(c, "reversi-26x26", "generic", 7, || perft(std::hint::black_box(&big), 7).expect(SHALLOW));
    let attacks7 = start(Variant::Attacks, 7, 7);
    bench(c, "attacks-7x7", "generic", 5, || perft(std::hint::black_box(&attacks7), 5).expect(SHALLOW));
    let attacks8 = start(Variant::Attacks, 8, 8);
    bench(c, "attacks-8x8", "generic", 4, || perft(std::hint::black_box(&attacks8), 4).expect(SHALLOW));
    let tacks8 = start(Variant::Reversitacks, 8, 8);
    bench(c, "reversitacks-8x8", "generic", 4, || perft(std::hint::black_box(&tacks8), 4).expect(SHALLOW));
    let octagon = Position::start(Variant::Reversi, Geometry::octagon()).expect("the octagon start fits");
    bench(c, "reversi-octagon", "generic", 8, || perft(std::hint::black_box(&octagon), 8).expect(SHALLOW));
    // Hashed: a fresh 16 MiB cache per iteration (its allocation is timed too),
    // so no count is reused.
    bench(c, "attacks-7x7-hashed", "16MiB", 6, || {
        perft_hashed(std::hint::black_box(&attacks7), 6, &PerftCache::new(16 << 20)).expect(SHALLOW)
    });
}

criterion_group!(benches, variants);
criterion_main!(benches);
