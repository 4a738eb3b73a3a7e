//! Criterion benchmarks of search code a user writes on the public API, beside
//! the library's own `perft`: depth-10 perft from the start on the raw kernel
//! (`raw::Kernel`, one handle per backend this CPU runs: child by child with
//! `play`, four at a time with `children`, and with the last two plies
//! counted by a `raw::Leaves`; and the free functions) and on
//! `Position` (`moves` and `play_unchecked`, hash kept), and
//! a depth-11 alpha-beta on the disc margin. Each count is checked against
//! `perft` before it is timed.

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use reversi_rules::othello::raw::{self, Kernel};
use reversi_rules::othello::{Backend, Move, Position, perft, perft_with};
use std::hint::black_box;

const DEPTH: u32 = 10;

/// The raw kernel as the searches below use it: a `Kernel` handle, or the free
/// functions of `raw` (the cached detected backend, read at every call).
trait Ops: Copy {
    fn moves(self, p: u64, o: u64) -> u64;
    fn mobility(self, p: u64, o: u64) -> u32;
    fn play(self, p: u64, o: u64, sq: usize) -> (u64, u64);
}

impl Ops for Kernel {
    fn moves(self, p: u64, o: u64) -> u64 {
        Kernel::moves(self, p, o)
    }
    fn mobility(self, p: u64, o: u64) -> u32 {
        Kernel::mobility(self, p, o)
    }
    fn play(self, p: u64, o: u64, sq: usize) -> (u64, u64) {
        Kernel::play(self, p, o, sq)
    }
}

#[derive(Clone, Copy)]
struct Free;

impl Ops for Free {
    fn moves(self, p: u64, o: u64) -> u64 {
        raw::moves(p, o)
    }
    fn mobility(self, p: u64, o: u64) -> u32 {
        raw::mobility(p, o)
    }
    fn play(self, p: u64, o: u64, sq: usize) -> (u64, u64) {
        raw::play(p, o, sq)
    }
}

/// Perft on the raw kernel (a pass is a ply, a finished game one leaf), with
/// bulk counting at the last ply: with `IN_PARENT` the children's mobility is
/// counted in the parent's loop, as the library's perft does; without it
/// each depth-1 node is a call that counts its moves.
fn perft_raw<const IN_PARENT: bool>(k: impl Ops, p: u64, o: u64, depth: u32) -> u64 {
    let mut moves = k.moves(p, o);
    if moves == 0 {
        return if depth == 1 || k.moves(o, p) == 0 { 1 } else { perft_raw::<IN_PARENT>(k, o, p, depth - 1) };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    while moves != 0 {
        let sq = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let (child_p, child_o) = k.play(p, o, sq);
        total += if IN_PARENT && depth == 2 {
            u64::from(k.mobility(child_p, child_o).max(1))
        } else {
            perft_raw::<IN_PARENT>(k, child_p, child_o, depth - 1)
        };
    }
    total
}

/// Perft on [`Kernel::children`] (children made four at a time with their
/// moves), each node given its legal moves by its parent; the nodes at depth
/// 2 are counted by `depth2(p, o, moves)`. `depth` is at least 1.
fn perft_children(
    k: Kernel,
    p: u64,
    o: u64,
    moves: u64,
    depth: u32,
    depth2: &mut impl FnMut(u64, u64, u64) -> u64,
) -> u64 {
    if moves == 0 {
        let replies = k.moves(o, p);
        return if depth == 1 || replies == 0 { 1 } else { perft_children(k, o, p, replies, depth - 1, depth2) };
    }
    match depth {
        1 => u64::from(moves.count_ones()),
        2 => depth2(p, o, moves),
        _ => k.children(p, o, moves).map(|c| perft_children(k, c.player, c.opponent, c.moves, depth - 1, depth2)).sum(),
    }
}

/// [`perft_children`] with the last ply counted from each child's mobility.
fn perft_mobility(k: Kernel, p: u64, o: u64, depth: u32) -> u64 {
    let mut depth2 = |p, o, moves| k.children(p, o, moves).map(|c| u64::from(c.mobility.max(1))).sum();
    perft_children(k, p, o, k.moves(p, o), depth, &mut depth2)
}

/// [`perft_children`] with the last two plies counted in bulk by a
/// [`Leaves`](raw::Leaves) counter, as the library's perft counts them: the
/// nodes at depth 2 are pushed, and the counter's total added at the end.
fn perft_bulk(k: Kernel, p: u64, o: u64, depth: u32) -> u64 {
    let mut leaves = k.leaves();
    let mut depth2 = |p, o, moves| {
        leaves.push(p, o, moves);
        0
    };
    let rest = perft_children(k, p, o, k.moves(p, o), depth, &mut depth2);
    rest + leaves.total()
}

/// The same on `Position`: `moves()` (a pass is one of them) and
/// `play_unchecked`, which keeps the hash.
fn perft_position(pos: &Position, depth: u32) -> u64 {
    let moves = pos.moves();
    if depth == 1 || moves.len() == 0 {
        return moves.len().max(1) as u64;
    }
    moves
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            perft_position(&child, depth - 1)
        })
        .sum()
}

/// Fail-hard alpha-beta to a fixed depth on the disc margin (the final margin
/// of a finished game, beyond any heuristic margin), with move ordering by the
/// opponent's mobility: what an engine's inner loop does with the kernel. With
/// `BATCHED` the children and their moves come from `Kernel::children` (four
/// at a time), otherwise from `play` and `mobility` child by child.
fn alpha_beta<const BATCHED: bool>(k: Kernel, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let margin = p.count_ones() as i32 - o.count_ones() as i32;
    let mut moves = k.moves(p, o);
    if moves == 0 {
        return if k.moves(o, p) == 0 {
            margin * 100
        } else if depth == 0 {
            margin
        } else {
            -alpha_beta::<BATCHED>(k, o, p, depth - 1, -beta, -alpha)
        };
    }
    if depth == 0 {
        return margin;
    }
    // Children by fewest replies first, at most 32 of them.
    let mut children = [(0u32, 0u64, 0u64); 32];
    let mut n = 0;
    if BATCHED {
        for child in k.children(p, o, moves).take(children.len()) {
            children[n] = (child.mobility, child.player, child.opponent);
            n += 1;
        }
    } else {
        while moves != 0 && n < children.len() {
            let sq = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (cp, co) = k.play(p, o, sq);
            children[n] = (k.mobility(cp, co), cp, co);
            n += 1;
        }
    }
    children[..n].sort_unstable_by_key(|c| c.0);
    for &(_, cp, co) in &children[..n] {
        let score = -alpha_beta::<BATCHED>(k, cp, co, depth - 1, -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The same search on `Position` (`moves()`, `play_unchecked`, hash kept).
fn alpha_beta_position(pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if pos.is_game_over() {
        return pos.margin() * 100;
    }
    if depth == 0 {
        return pos.margin();
    }
    let mut children = [(0usize, *pos); 32];
    let mut n = 0;
    for mv in pos.moves().take(children.len()) {
        let mut child = *pos;
        child.play_unchecked(mv);
        children[n] = (child.legal_moves().len(), child);
        n += 1;
    }
    children[..n].sort_unstable_by_key(|c| c.0);
    for (_, child) in &children[..n] {
        let score = -alpha_beta_position(child, depth - 1, -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

fn perft_on_the_public_api(c: &mut Criterion) {
    let start = Position::start();
    let (p, o) = (start.player().0, start.opponent().0);
    let expected = perft(&start, DEPTH);
    let mut group = c.benchmark_group("public-api-perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(expected));
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        let k = Kernel::new(backend);
        assert_eq!(perft_raw::<true>(k, p, o, DEPTH), expected, "{}", backend.name());
        group.bench_function(BenchmarkId::new("library", backend.name()), |b| {
            b.iter(|| perft_with(backend, black_box(&start), DEPTH))
        });
        group.bench_function(BenchmarkId::new("kernel", backend.name()), |b| {
            b.iter(|| perft_raw::<true>(k, black_box(p), black_box(o), DEPTH))
        });
        assert_eq!(perft_mobility(k, p, o, DEPTH), expected, "{}", backend.name());
        group.bench_function(BenchmarkId::new("children", backend.name()), |b| {
            b.iter(|| perft_mobility(k, black_box(p), black_box(o), DEPTH))
        });
        assert_eq!(perft_bulk(k, p, o, DEPTH), expected, "{}", backend.name());
        group.bench_function(BenchmarkId::new("leaves", backend.name()), |b| {
            b.iter(|| perft_bulk(k, black_box(p), black_box(o), DEPTH))
        });
    }
    let k = Kernel::detect();
    assert_eq!(perft_raw::<false>(k, p, o, DEPTH), expected);
    group.bench_function("kernel-call-per-leaf", |b| {
        b.iter(|| perft_raw::<false>(k, black_box(p), black_box(o), DEPTH))
    });
    assert_eq!(perft_raw::<true>(Free, p, o, DEPTH), expected);
    group.bench_function("raw-functions", |b| b.iter(|| perft_raw::<true>(Free, black_box(p), black_box(o), DEPTH)));
    assert_eq!(perft_position(&start, DEPTH), expected);
    group.bench_function("position", |b| b.iter(|| perft_position(black_box(&start), DEPTH)));
    group.finish();
}
fn search_on_the_public_api(c: &mut Criterion) {
    const SEARCH_DEPTH: u32 = 11;
    let mut start = Position::start();
    start.play(Move::Place(reversi_rules::othello::Square::F5)).expect("f5 is legal");
    let (p, o) = (start.player().0, start.opponent().0);
    let expected = alpha_beta_position(&start, SEARCH_DEPTH, -10_000, 10_000);
    let mut group = c.benchmark_group("public-api-alpha-beta");
    group.sample_size(10);
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        let k = Kernel::new(backend);
        assert_eq!(alpha_beta::<false>(k, p, o, SEARCH_DEPTH, -10_000, 10_000), expected, "{}", backend.name());
        group.bench_function(BenchmarkId::new("kernel", backend.name()), |b| {
            b.iter(|| alpha_beta::<false>(k, black_box(p), black_box(o), SEARCH_DEPTH, -10_000, 10_000))
        });
        assert_eq!(alpha_beta::<true>(k, p, o, SEARCH_DEPTH, -10_000, 10_000), expected, "{}", backend.name());
        group.bench_function(BenchmarkId::new("children", backend.name()), |b| {
            b.iter(|| alpha_beta::<true>(k, black_box(p), black_box(o), SEARCH_DEPTH, -10_000, 10_000))
        });
    }
    group.bench_function("position", |b| {
        b.iter(|| alpha_beta_position(black_box(&start), SEARCH_DEPTH, -10_000, 10_000))
    });
    group.finish();
}

criterion_group!(benches, perft_on_the_public_api, search_on_the_public_api);
criterion_main!(benches);
