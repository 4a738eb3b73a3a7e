//! The batched perft steps of the AVX2 builds: the [`Steps`](crate::perft::Steps)
//! that [`dispatch`](crate::dispatch)'s x86-64 builds give
//! [`perft_node`](crate::perft::perft_node).
//!
//! Children are made four at a time, one per 64-bit lane ([`simd::Parent::children`]:
//! four flips merged in one step), and their moves found and counted in the
//! lanes too, so the depth-2 step never moves a board between the vector and
//! the scalar registers. The results equal the portable steps' (tested in
//! `dispatch`).
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{
    _mm256_add_epi8, _mm256_add_epi64, _mm256_cmpeq_epi64, _mm256_setzero_si256, _mm256_sub_epi64,
};

use crate::perft::Children;
use crate::simd::{self, Parent};

/// [`Steps::leaves`](crate::perft::Steps::leaves): for legal moves `m` (not
/// empty) of `(p, o)`, the sum over the children of their number of moves, at
/// least 1 each.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(crate) fn leaves_avx2(p: u64, o: u64, mut m: u64) -> u64 {
    let parent = Parent::new(p, o);
    let zero = _mm256_setzero_si256();
    // Missing children in the last four have no moves, so they count 1 each
    // below: taken off at the end.
    let missing = u64::from(m.count_ones().wrapping_neg() & 3);
    // Per-byte counts: at most 8 per batch and 16 batches, no overflow.
    let mut bytes = zero;
    // Minus the number of children with no move, per lane.
    let mut stuck = zero;
    while m != 0 {
        let moves = simd::moves!(simd::children!(parent, &mut m));
        bytes = _mm256_add_epi8(bytes, simd::count_bytes(moves));
        stuck = _mm256_add_epi64(stuck, _mm256_cmpeq_epi64(moves, zero));
    }
    simd::sum_lanes(_mm256_sub_epi64(simd::sum_bytes(bytes), stuck)) - missing
}

/// [`Steps::children`](crate::perft::Steps::children): the children after the
/// lowest four moves of `m`, with their moves.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(crate) fn children_avx2(p: u64, o: u64, m: &mut u64) -> Children {
    let len = m.count_ones().min(4) as usize;
    let boards = simd::children!(Parent::new(p, o), m);
    let moves = simd::moves!(boards);
    Children { player: simd::lanes(boards.p), opponent: simd::lanes(boards.o), moves: simd::lanes(moves), len }
}
