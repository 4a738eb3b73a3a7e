//! Explicit SIMD versions of kernel functions, for the x86-64-v3 backend.
//!
//! Each computes exactly what its [`kernel`](crate::kernel) counterpart does and
//! is compared against it by the tests; [`dispatch`](crate::dispatch) calls them
//! only where the CPU has the features they enable.

/// [`kernel::moves`](crate::kernel::moves) with the four direction pairs in the
/// four 64-bit lanes of an AVX2 register: the same parallel-prefix fill, one
/// shift per step for all directions at once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn moves_avx2(p: u64, o: u64) -> u64 {
    use core::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
        _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x,
        _mm256_sllv_epi64, _mm256_srlv_epi64,
    };
    const INNER: i64 = 0x7e7e_7e7e_7e7e_7e7e;
    // Lanes, low to high: horizontal (1), vertical (8), diagonals (9, 7); the
    // directions that cross columns see only the opponent discs of columns b-g.
    let shift1 = _mm256_set_epi64x(7, 9, 8, 1);
    let shift2 = _mm256_add_epi64(shift1, shift1);
    let pp = _mm256_set1_epi64x(p as i64);
    let mm = _mm256_and_si256(_mm256_set1_epi64x(o as i64), _mm256_set_epi64x(INNER, INNER, -1, INNER));
    let mut up = _mm256_and_si256(mm, _mm256_sllv_epi64(pp, shift1));
    let mut down = _mm256_and_si256(mm, _mm256_srlv_epi64(pp, shift1));
    up = _mm256_or_si256(up, _mm256_and_si256(mm, _mm256_sllv_epi64(up, shift1)));
    down = _mm256_or_si256(down, _mm256_and_si256(mm, _mm256_srlv_epi64(down, shift1)));
    let pair_up = _mm256_and_si256(mm, _mm256_sllv_epi64(mm, shift1));
    let pair_down = _mm256_srlv_epi64(pair_up, shift1);
    up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(down, _mm256_and_si256(pair_down, _mm256_srlv_epi64(down, shift2)));
    up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(down, _mm256_and_si256(pair_down, _mm256_srlv_epi64(down, shift2)));
    let all = _mm256_or_si256(_mm256_sllv_epi64(up, shift1), _mm256_srlv_epi64(down, shift1));
    let half = _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256::<1>(all));
    let moves = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    (_mm_cvtsi128_si64(moves) as u64) & !(p | o)
}
