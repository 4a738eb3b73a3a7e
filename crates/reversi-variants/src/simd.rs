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
    let [m0, m1, m2, m3] = axes.inner[0].map(|x| x as i64);
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
    (_mm_cvtsi128_si64(moves) as u64) & (axes.playable as u64) & !(p | o)
}

/// The same for boards of 65 to 128 squares: each axis's 128-bit set is split
/// over two registers (low and high words), and a 128-bit shift by `k` (any
/// count below 128) is three 64-bit shifts: counts of 64 or more give zero in
/// `vpsllvq`/`vpsrlvq`, and so do the wrapped negative ones.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn reversi_moves_avx2_128(axes: &PackedAxes, p: u128, o: u128) -> u128 {
    use core::arch::x86_64::{
        __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
        _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x,
        _mm256_sllv_epi64, _mm256_srlv_epi64, _mm256_sub_epi64,
    };

    /// A 128-bit set per lane: low words and high words.
    #[derive(Clone, Copy)]
    struct Wide {
        lo: __m256i,
        hi: __m256i,
    }

    /// Shift counts `k`, `64 - k` and `k - 64` per lane.
    #[derive(Clone, Copy)]
    struct Count {
        k: __m256i,
        rest: __m256i,
        over: __m256i,
    }

    #[target_feature(enable = "avx2")]
    fn count(k: __m256i) -> Count {
        let sixty_four = _mm256_set1_epi64x(64);
        Count { k, rest: _mm256_sub_epi64(sixty_four, k), over: _mm256_sub_epi64(k, sixty_four) }
    }
    #[target_feature(enable = "avx2")]
    fn shl(x: Wide, c: Count) -> Wide {
        let carry = _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.rest), _mm256_sllv_epi64(x.lo, c.over));
        Wide { lo: _mm256_sllv_epi64(x.lo, c.k), hi: _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.k), carry) }
    }
    #[target_feature(enable = "avx2")]
    fn shr(x: Wide, c: Count) -> Wide {
        let carry = _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.rest), _mm256_srlv_epi64(x.hi, c.over));
        Wide { lo: _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.k), carry), hi: _mm256_srlv_epi64(x.hi, c.k) }
    }
    #[target_feature(enable = "avx2")]
    fn and(a: Wide, b: Wide) -> Wide {
        Wide { lo: _mm256_and_si256(a.lo, b.lo), hi: _mm256_and_si256(a.hi, b.hi) }
    }
    #[target_feature(enable = "avx2")]
    fn or(a: Wide, b: Wide) -> Wide {
        Wide { lo: _mm256_or_si256(a.lo, b.lo), hi: _mm256_or_si256(a.hi, b.hi) }
    }
    #[target_feature(enable = "avx2")]
    fn fold(x: __m256i) -> u64 {
        let half = _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
        _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
    }

    let [s0, s1, s2, s3] = axes.shifts.map(|x| x as i64);
    let lanes = |w: [u64; 4]| _mm256_set_epi64x(w[3] as i64, w[2] as i64, w[1] as i64, w[0] as i64);
    let broadcast =
        |x: u128| Wide { lo: _mm256_set1_epi64x(x as u64 as i64), hi: _mm256_set1_epi64x((x >> 64) as i64) };
    let step = count(_mm256_set_epi64x(s3, s2, s1, s0));
    let pro = and(broadcast(o), Wide { lo: lanes(axes.inner[0]), hi: lanes(axes.inner[1]) });
    let pp = broadcast(p);
    let mut up = and(pro, shl(pp, step));
    let mut down = and(pro, shr(pp, step));
    let (mut pro_up, mut pro_down, mut k) = (pro, pro, step);
    for round in 0..axes.rounds {
        up = or(up, and(pro_up, shl(up, k)));
        down = or(down, and(pro_down, shr(down, k)));
        if round + 1 < axes.rounds {
            pro_up = and(pro_up, shl(pro_up, k));
            pro_down = and(pro_down, shr(pro_down, k));
            k = count(_mm256_add_epi64(k.k, k.k));
        }
    }
    let all = or(shl(up, step), shr(down, step));
    let moves = u128::from(fold(all.lo)) | (u128::from(fold(all.hi)) << 64);
    moves & axes.playable & !(p | o)
}
