//! Explicit SIMD builds of engine functions, for the x86-64-v3 backend.
//!
//! Each computes exactly what its portable counterpart in
//! [`engine`](crate::engine) does, and the tests compare them;
//! [`dispatch`](crate::dispatch) calls them only on CPUs with the features they
//! enable.

use crate::engine::PackedAxes;

/// [`Engine::reversi_moves`](crate::engine::Engine::reversi_moves) for boards of
/// up to 64 squares, the four axes in the four 64-bit lanes of an AVX2 register:
/// the same Kogge-Stone fill, every axis doing the most rounds any axis needs
/// (extra rounds add nothing, and shifts of 64 or more give zero).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn reversi_moves_avx2(axes: &PackedAxes, p: u64, o: u64) -> u64 {
    use core::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
        _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x,
        _mm256_sllv_epi64, _mm256_srlv_epi64,
    };
    let [s0, s1, s2, s3] = axes.shifts.map(|x| x as i64);
    let [m0, m1, m2, m3] = axes.inner.map(|x| x as i64);
    let step = _mm256_set_epi64x(s3, s2, s1, s0);
    let pro = _mm256_and_si256(_mm256_set1_epi64x(o as i64), _mm256_set_epi64x(m3, m2, m1, m0));
    let pp = _mm256_set1_epi64x(p as i64);
    let mut up = _mm256_and_si256(pro, _mm256_sllv_epi64(pp, step));
    let mut down = _mm256_and_si256(pro, _mm256_srlv_epi64(pp, step));
    let (mut pro_up, mut pro_down, mut k) = (pro, pro, step);
    for round in 0..axes.rounds {
        up = _mm256_or_si256(up, _mm256_and_si256(pro_up, _mm256_sllv_epi64(up, k)));
        down = _mm256_or_si256(down, _mm256_and_si256(pro_down, _mm256_srlv_epi64(down, k)));
        if round + 1 < axes.rounds {
            pro_up = _mm256_and_si256(pro_up, _mm256_sllv_epi64(pro_up, k));
            pro_down = _mm256_and_si256(pro_down, _mm256_srlv_epi64(pro_down, k));
            k = _mm256_add_epi64(k, k);
        }
    }
    let all = _mm256_or_si256(_mm256_sllv_epi64(up, step), _mm256_srlv_epi64(down, step));
    let half = _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256::<1>(all));
    let moves = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    (_mm_cvtsi128_si64(moves) as u64) & axes.playable & !(p | o)
}
