//! Explicit SIMD builds of engine functions, for the x86-64-v3 backend.
//!
//! Each computes exactly what its portable counterpart in
//! [`engine`](crate::engine) does, and the tests compare them;
//! [`dispatch`](crate::dispatch) calls them only on CPUs with the features they
//! enable.

use crate::engine::{PackedAxes, PackedRays};

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

/// 128-bit sets in the four 64-bit lanes of two AVX2 registers.
#[cfg(target_arch = "x86_64")]
pub(crate) mod wide {
    use core::arch::x86_64::{
        __m256i, _mm_cvtsi128_si64, _mm_extract_epi64, _mm_or_si128, _mm256_add_epi64, _mm256_and_si256,
        _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_or_si256,
        _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_slli_epi64, _mm256_sllv_epi64,
        _mm256_srli_epi64, _mm256_srlv_epi64, _mm256_sub_epi64, _mm256_unpackhi_epi64, _mm256_unpacklo_epi64,
        _mm256_xor_si256,
    };

    /// A 128-bit set per lane: low words and high words.
    #[derive(Clone, Copy)]
    pub(crate) struct Wide {
        pub(crate) lo: __m256i,
        pub(crate) hi: __m256i,
    }

    /// Shift counts `k`, `64 - k` and `k - 64` per lane.
    #[derive(Clone, Copy)]
    pub(crate) struct Count {
        pub(crate) k: __m256i,
        rest: __m256i,
        over: __m256i,
    }

    /// Four words as lanes, the first in lane 0.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn lanes(w: [u64; 4]) -> __m256i {
        _mm256_set_epi64x(w[3] as i64, w[2] as i64, w[1] as i64, w[0] as i64)
    }

    /// `x` in every lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn broadcast(x: u128) -> Wide {
        Wide { lo: _mm256_set1_epi64x(x as u64 as i64), hi: _mm256_set1_epi64x((x >> 64) as i64) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn count(k: __m256i) -> Count {
        let sixty_four = _mm256_set1_epi64x(64);
        Count { k, rest: _mm256_sub_epi64(sixty_four, k), over: _mm256_sub_epi64(k, sixty_four) }
    }

    /// The count doubled.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn double(c: Count) -> Count {
        count(_mm256_add_epi64(c.k, c.k))
    }

    /// `x << k` per lane, any `k` below 128: counts of 64 or more give zero in
    /// `vpsllvq`/`vpsrlvq`, and so do the wrapped negative ones.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shl(x: Wide, c: Count) -> Wide {
        let carry = _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.rest), _mm256_sllv_epi64(x.lo, c.over));
        Wide { lo: _mm256_sllv_epi64(x.lo, c.k), hi: _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.k), carry) }
    }

    /// `x >> k` per lane, any `k` below 128.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shr(x: Wide, c: Count) -> Wide {
        let carry = _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.rest), _mm256_srlv_epi64(x.hi, c.over));
        Wide { lo: _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.k), carry), hi: _mm256_srlv_epi64(x.hi, c.k) }
    }

    /// `x << k` per lane for `k` below 64 (one shift fewer).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shl_short(x: Wide, c: Count) -> Wide {
        let carry = _mm256_srlv_epi64(x.lo, c.rest);
        Wide { lo: _mm256_sllv_epi64(x.lo, c.k), hi: _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.k), carry) }
    }

    /// `x >> k` per lane for `k` below 64.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shr_short(x: Wide, c: Count) -> Wide {
        let carry = _mm256_sllv_epi64(x.hi, c.rest);
        Wide { lo: _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.k), carry), hi: _mm256_srlv_epi64(x.hi, c.k) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn and(a: Wide, b: Wide) -> Wide {
        Wide { lo: _mm256_and_si256(a.lo, b.lo), hi: _mm256_and_si256(a.hi, b.hi) }
    }

    /// `b & !a`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn andnot(a: Wide, b: Wide) -> Wide {
        Wide { lo: _mm256_andnot_si256(a.lo, b.lo), hi: _mm256_andnot_si256(a.hi, b.hi) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn or(a: Wide, b: Wide) -> Wide {
        Wide { lo: _mm256_or_si256(a.lo, b.lo), hi: _mm256_or_si256(a.hi, b.hi) }
    }

    /// `x ^ (x - 1)` per lane: the bits up to the lowest one, all of them for 0.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn up_to_lowest(x: Wide) -> Wide {
        let ones = _mm256_set1_epi64x(-1);
        let borrow = _mm256_cmpeq_epi64(x.lo, _mm256_setzero_si256());
        let lo = _mm256_add_epi64(x.lo, ones);
        let hi = _mm256_add_epi64(x.hi, borrow);
        Wide { lo: _mm256_xor_si256(x.lo, lo), hi: _mm256_xor_si256(x.hi, hi) }
    }

    /// The bits up to the highest one per lane (none for 0): each word smeared
    /// down, then the low word filled when the high one has a bit.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn up_to_highest(x: Wide) -> Wide {
        let smear = |mut w: __m256i| {
            w = _mm256_or_si256(w, _mm256_srli_epi64::<1>(w));
            w = _mm256_or_si256(w, _mm256_srli_epi64::<2>(w));
            w = _mm256_or_si256(w, _mm256_srli_epi64::<4>(w));
            w = _mm256_or_si256(w, _mm256_srli_epi64::<8>(w));
            w = _mm256_or_si256(w, _mm256_srli_epi64::<16>(w));
            _mm256_or_si256(w, _mm256_srli_epi64::<32>(w))
        };
        let (lo, hi) = (smear(x.lo), smear(x.hi));
        let hi_empty = _mm256_cmpeq_epi64(hi, _mm256_setzero_si256());
        Wide { lo: _mm256_or_si256(lo, _mm256_xor_si256(hi_empty, _mm256_set1_epi64x(-1))), hi }
    }

    /// `x >> 1` per lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shr1(x: Wide) -> Wide {
        let carry = _mm256_slli_epi64::<63>(x.hi);
        Wide { lo: _mm256_or_si256(_mm256_srli_epi64::<1>(x.lo), carry), hi: _mm256_srli_epi64::<1>(x.hi) }
    }

    /// All ones in the lanes where `x` is 0, else 0.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn is_empty(x: Wide) -> __m256i {
        _mm256_cmpeq_epi64(_mm256_or_si256(x.lo, x.hi), _mm256_setzero_si256())
    }

    /// The union of the four lanes: the low and high words paired in each
    /// 128-bit half (`[lo, hi]`), the pairs merged, then the halves.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn fold(x: Wide) -> u128 {
        let pairs = _mm256_or_si256(_mm256_unpacklo_epi64(x.lo, x.hi), _mm256_unpackhi_epi64(x.lo, x.hi));
        let both = _mm_or_si128(_mm256_castsi256_si128(pairs), _mm256_extracti128_si256::<1>(pairs));
        u128::from(_mm_cvtsi128_si64(both) as u64) | (u128::from(_mm_extract_epi64::<1>(both) as u64) << 64)
    }
}

/// The same for boards of 65 to 128 squares: each axis's 128-bit set is split
/// over two registers (low and high words). When three rounds do and their
/// shifts stay below 64 (`short`: boards up to 10 wide and high, and narrow ones),
/// the rounds are unrolled with two-word shifts of one shift fewer; otherwise
/// they loop with shifts of any count below 128.
///
/// A macro, `reversi_moves_avx2_128!(axes, p, o)`, expanded in the caller's
/// `#[target_feature]` function: a `#[target_feature]` function cannot be
/// `#[inline(always)]`, and LLVM kept this one out of line.
#[cfg(target_arch = "x86_64")]
macro_rules! reversi_moves_avx2_128 {
    ($axes:expr, $p:expr, $o:expr) => {{
        use core::arch::x86_64::_mm256_set_epi64x;
        use $crate::simd::wide::{and, broadcast, count, double, fold, lanes, or, shl, shl_short, shr, shr_short};
        let (axes, p, o): (&$crate::engine::PackedAxes, u128, u128) = ($axes, $p, $o);

        let [s0, s1, s2, s3] = axes.shifts.map(|x| x as i64);
        let step = count(_mm256_set_epi64x(s3, s2, s1, s0));
        let pro = and(broadcast(o), $crate::simd::wide::Wide { lo: lanes(axes.inner[0]), hi: lanes(axes.inner[1]) });
        let pp = broadcast(p);
        let all = if axes.short {
            let mut up = and(pro, shl_short(pp, step));
            let mut down = and(pro, shr_short(pp, step));
            let (mut pro_up, mut pro_down, mut k) = (pro, pro, step);
            for _ in 0..2 {
                up = or(up, and(pro_up, shl_short(up, k)));
                down = or(down, and(pro_down, shr_short(down, k)));
                pro_up = and(pro_up, shl_short(pro_up, k));
                pro_down = and(pro_down, shr_short(pro_down, k));
                k = double(k);
            }
            up = or(up, and(pro_up, shl_short(up, k)));
            down = or(down, and(pro_down, shr_short(down, k)));
            or(shl_short(up, step), shr_short(down, step))
        } else {
            let mut up = and(pro, shl(pp, step));
            let mut down = and(pro, shr(pp, step));
            let (mut pro_up, mut pro_down, mut k) = (pro, pro, step);
            for round in 0..axes.rounds {
                up = or(up, and(pro_up, shl(up, k)));
                down = or(down, and(pro_down, shr(down, k)));
                if round + 1 < axes.rounds {
                    pro_up = and(pro_up, shl(pro_up, k));
                    pro_down = and(pro_down, shr(pro_down, k));
                    k = double(k);
                }
            }
            or(shl(up, step), shr(down, step))
        };
        fold(all) & axes.playable & !(p | o)
    }};
}
#[cfg(target_arch = "x86_64")]
pub(crate) use reversi_moves_avx2_128;

/// [`Engine::reversi_flips`](crate::engine::Engine::reversi_flips) for boards
/// of up to 128 squares, the four up rays in the lanes of one register pair and
/// the four down rays in another. Up a ray the stop is its lowest square that is
/// not an opponent disc, and `x ^ (x - 1)` keeps the squares up to it; down a
/// ray the highest, and a smear keeps the squares up to it. The opponent discs
/// before the stop flip when the stop is the mover's.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn reversi_flips_avx2_128(rays: &PackedRays, p: u128, o: u128) -> u128 {
    use core::arch::x86_64::{__m256i, _mm256_andnot_si256};
    use wide::{Wide, and, andnot, broadcast, fold, is_empty, lanes, or, shr1, up_to_highest, up_to_lowest};

    let (pp, oo) = (broadcast(p), broadcast(o));
    let up = Wide { lo: lanes(rays[0]), hi: lanes(rays[1]) };
    let down = Wide { lo: lanes(rays[2]), hi: lanes(rays[3]) };
    let keep = |flips: Wide, bad: __m256i| Wide {
        lo: _mm256_andnot_si256(bad, flips.lo),
        hi: _mm256_andnot_si256(bad, flips.hi),
    };
    // Up: `before` holds the ray's squares up to the stop; the stop is the
    // mover's when the mover has a disc among them (the rest are opponent's).
    let before = up_to_lowest(andnot(oo, up));
    let up_flips = keep(and(and(oo, up), before), is_empty(and(and(pp, up), before)));
    // Down: `after` holds the squares up to the stop (below it on the ray
    // direction), `after >> 1` those strictly below the stop.
    let after = up_to_highest(andnot(oo, down));
    let down_flips = keep(andnot(after, and(oo, down)), is_empty(andnot(shr1(after), and(pp, down))));
    fold(or(up_flips, down_flips))
}
