//! Explicit SIMD builds of engine functions, for the x86-64-v3 backend.
//!
//! Each computes exactly what its portable counterpart in
//! [`engine`](crate::engine) does, and the tests compare them;
//! [`dispatch`](crate::dispatch) calls them only on CPUs with the features they
//! enable.

#[cfg(target_arch = "x86_64")]
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
pub(crate) mod lanes128 {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_and_si128, _mm_cvtsi128_si64, _mm_extract_epi64, _mm_or_si128, _mm_set_epi64x,
        _mm_set1_epi8, _mm_setr_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm_unpackhi_epi64, _mm256_add_epi64,
        _mm256_and_si256, _mm256_andnot_si256, _mm256_broadcastq_epi64, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
        _mm256_extracti128_si256, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256,
        _mm256_sllv_epi64, _mm256_srlv_epi64, _mm256_sub_epi64, _mm256_unpackhi_epi64, _mm256_unpacklo_epi64,
        _mm256_xor_si256,
    };

    /// A 128-bit set per lane: low words and high words.
    #[derive(Clone, Copy)]
    pub(crate) struct Lanes128 {
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
    pub(crate) fn broadcast(x: u128) -> Lanes128 {
        Lanes128 { lo: _mm256_set1_epi64x(x as u64 as i64), hi: _mm256_set1_epi64x((x >> 64) as i64) }
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
    pub(crate) fn shl(x: Lanes128, c: Count) -> Lanes128 {
        let carry = _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.rest), _mm256_sllv_epi64(x.lo, c.over));
        Lanes128 { lo: _mm256_sllv_epi64(x.lo, c.k), hi: _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.k), carry) }
    }

    /// `x >> k` per lane, any `k` below 128.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shr(x: Lanes128, c: Count) -> Lanes128 {
        let carry = _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.rest), _mm256_srlv_epi64(x.hi, c.over));
        Lanes128 { lo: _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.k), carry), hi: _mm256_srlv_epi64(x.hi, c.k) }
    }

    /// `x << k` per lane for `k` below 64 (one shift fewer).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shl_short(x: Lanes128, c: Count) -> Lanes128 {
        let carry = _mm256_srlv_epi64(x.lo, c.rest);
        Lanes128 { lo: _mm256_sllv_epi64(x.lo, c.k), hi: _mm256_or_si256(_mm256_sllv_epi64(x.hi, c.k), carry) }
    }

    /// `x >> k` per lane for `k` below 64.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn shr_short(x: Lanes128, c: Count) -> Lanes128 {
        let carry = _mm256_sllv_epi64(x.hi, c.rest);
        Lanes128 { lo: _mm256_or_si256(_mm256_srlv_epi64(x.lo, c.k), carry), hi: _mm256_srlv_epi64(x.hi, c.k) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn and(a: Lanes128, b: Lanes128) -> Lanes128 {
        Lanes128 { lo: _mm256_and_si256(a.lo, b.lo), hi: _mm256_and_si256(a.hi, b.hi) }
    }

    /// `b & !a`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn andnot(a: Lanes128, b: Lanes128) -> Lanes128 {
        Lanes128 { lo: _mm256_andnot_si256(a.lo, b.lo), hi: _mm256_andnot_si256(a.hi, b.hi) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn or(a: Lanes128, b: Lanes128) -> Lanes128 {
        Lanes128 { lo: _mm256_or_si256(a.lo, b.lo), hi: _mm256_or_si256(a.hi, b.hi) }
    }

    /// `x ^ (x - 1)` per lane: the bits up to the lowest one, all of them for 0.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn up_to_lowest(x: Lanes128) -> Lanes128 {
        let ones = _mm256_set1_epi64x(-1);
        let borrow = _mm256_cmpeq_epi64(x.lo, _mm256_setzero_si256());
        let lo = _mm256_add_epi64(x.lo, ones);
        let hi = _mm256_add_epi64(x.hi, borrow);
        Lanes128 { lo: _mm256_xor_si256(x.lo, lo), hi: _mm256_xor_si256(x.hi, hi) }
    }

    /// A 128-bit set as one register, `[low word, high word]`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn pair(x: u128) -> __m128i {
        _mm_set_epi64x((x >> 64) as i64, x as u64 as i64)
    }

    /// The 128-bit set of a register, `[low word, high word]`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn unpair(x: __m128i) -> u128 {
        u128::from(_mm_cvtsi128_si64(x) as u64) | (u128::from(_mm_extract_epi64::<1>(x) as u64) << 64)
    }

    /// A 128-bit set in every lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn broadcast_pair(x: __m128i) -> Lanes128 {
        Lanes128 { lo: _mm256_broadcastq_epi64(x), hi: _mm256_broadcastq_epi64(_mm_unpackhi_epi64(x, x)) }
    }

    /// A 128-bit set bit-reversed (index `i` to `127 - i`): the bytes
    /// reversed, then the bits of each byte, a nibble table lookup each way.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn reverse(x: __m128i) -> __m128i {
        let bytes = _mm_shuffle_epi8(x, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
        let nibble = _mm_set1_epi8(0x0f);
        // `rev4(n) << 4` for the low nibble, `rev4(n)` for the high one.
        let to_high = _mm_setr_epi8(0, -128, 64, -64, 32, -96, 96, -32, 16, -112, 80, -48, 48, -80, 112, -16);
        let to_low = _mm_setr_epi8(0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15);
        let low = _mm_shuffle_epi8(to_high, _mm_and_si128(bytes, nibble));
        let high = _mm_shuffle_epi8(to_low, _mm_and_si128(_mm_srli_epi16::<4>(bytes), nibble));
        _mm_or_si128(low, high)
    }

    /// All ones in the lanes where `x` is 0, else 0.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn is_empty(x: Lanes128) -> __m256i {
        _mm256_cmpeq_epi64(_mm256_or_si256(x.lo, x.hi), _mm256_setzero_si256())
    }

    /// The union of the four lanes as a [`pair`]: the low and high words
    /// paired in each 128-bit half, the pairs merged, then the halves.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn fold_pair(x: Lanes128) -> __m128i {
        let pairs = _mm256_or_si256(_mm256_unpacklo_epi64(x.lo, x.hi), _mm256_unpackhi_epi64(x.lo, x.hi));
        _mm_or_si128(_mm256_castsi256_si128(pairs), _mm256_extracti128_si256::<1>(pairs))
    }

    /// The union of the four lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn fold(x: Lanes128) -> u128 {
        unpair(fold_pair(x))
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
        use $crate::simd::lanes128::{and, broadcast, count, double, fold, lanes, or, shl, shl_short, shr, shr_short};
        let (axes, p, o): (&$crate::engine::PackedAxes, u128, u128) = ($axes, $p, $o);

        let [s0, s1, s2, s3] = axes.shifts.map(|x| x as i64);
        let step = count(_mm256_set_epi64x(s3, s2, s1, s0));
        let pro =
            and(broadcast(o), $crate::simd::lanes128::Lanes128 { lo: lanes(axes.inner[0]), hi: lanes(axes.inner[1]) });
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
/// not an opponent disc, and `x ^ (x - 1)` keeps the squares up to it; the
/// opponent discs before the stop flip when the stop is the mover's. The down
/// rays are taken as up rays of the bit-reversed board (their masks stored
/// reversed), and their flips reversed back: AVX2 has no leading-zero count,
/// and a reversal costs less than finding the highest bit.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn reversi_flips_avx2_128(rays: &PackedRays, p: u128, o: u128) -> u128 {
    use core::arch::x86_64::_mm_or_si128;
    use lanes128::{Lanes128, broadcast, broadcast_pair, fold_pair, lanes, pair, reverse, unpair};

    let up = Lanes128 { lo: lanes(rays[0]), hi: lanes(rays[1]) };
    let down = Lanes128 { lo: lanes(rays[2]), hi: lanes(rays[3]) };
    let up_flips = up_ray_flips(broadcast(p), broadcast(o), up);
    let (rp, ro) = (broadcast_pair(reverse(pair(p))), broadcast_pair(reverse(pair(o))));
    let down_flips = up_ray_flips(rp, ro, down);
    unpair(_mm_or_si128(fold_pair(up_flips), reverse(fold_pair(down_flips))))
}

/// The flips of four up rays in lanes, `pp` and `oo` the mover's and the
/// opponent's discs in every lane: `before` holds each ray's squares up to
/// the stop, which is the mover's when the mover has a disc among them (the
/// rest are the opponent's).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn up_ray_flips(pp: lanes128::Lanes128, oo: lanes128::Lanes128, rays: lanes128::Lanes128) -> lanes128::Lanes128 {
    use core::arch::x86_64::_mm256_andnot_si256;
    use lanes128::{Lanes128, and, andnot, is_empty, up_to_lowest};

    let before = up_to_lowest(andnot(oo, rays));
    let flips = and(and(oo, rays), before);
    let bad = is_empty(and(and(pp, rays), before));
    Lanes128 { lo: _mm256_andnot_si256(bad, flips.lo), hi: _mm256_andnot_si256(bad, flips.hi) }
}
