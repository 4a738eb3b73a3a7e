//! What AVX-512 adds to the batched perft steps of the x86-64-v4 backend:
//! the flips of a move with `vplzcntq` for the rays towards lower bits.
//!
//! Each function computes exactly what its [`simd`](crate::simd) counterpart
//! does (and so what the [`kernel`](crate::kernel) does), and is compared
//! against both by the tests below; [`dispatch`](crate::dispatch) calls it
//! only from its x86-64-v4 build, on a CPU that has the features. No
//! `unsafe`: the intrinsics are safe inside functions that enable them.
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{
    __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_lzcnt_epi64, _mm256_or_si256,
    _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_srlv_epi64, _mm256_sub_epi64,
};

use crate::simd::{PLACED, Parent, rays};

/// [`Parent::gains`]: what the side to move gains by a move on `sq` (an empty
/// square, or 64 for none), spread over the lanes the same way. The rays towards higher bits as
/// AVX2 does them; towards lower bits, the first square that is not the
/// opponent's is found by `vplzcntq` (where AVX2 smears the player's discs
/// down the ray in three steps).
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
#[inline]
pub(crate) fn gains(parent: &Parent, sq: u32) -> __m256i {
    let [up, down] = rays(sq);
    // The highest square of the ray that is not the opponent's, as one bit
    // (none when the ray is all opponent discs: `vpsrlvq` by 64 gives 0); the
    // run above it flips when it is the player's. The run is the ray above
    // that bit: the ray less the bits up to it, `-(2 * bit)` (no overflow:
    // the rays towards lower bits hold no bit 63).
    let stops = _mm256_andnot_si256(parent.o, down);
    let first = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(stops));
    let outflank = _mm256_and_si256(first, parent.p);
    let above = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_add_epi64(outflank, outflank));
    let placed = _mm256_set1_epi64x(PLACED[sq as usize] as i64);
    _mm256_or_si256(_mm256_or_si256(parent.flips_up(up), _mm256_and_si256(above, down)), placed)
}

#[cfg(test)]
mod tests {
    use core::arch::x86_64::__m256i;

    use crate::kernel;
    use crate::simd::Parent;

    /// The union of the lanes.
    fn union(v: __m256i) -> u64 {
        // SAFETY: `__m256i` is 32 bytes of plain data, as is `[u64; 4]`.
        let lanes: [u64; 4] = unsafe { core::mem::transmute(v) };
        lanes.iter().fold(0, |all, lane| all | lane)
    }

    /// Whether this CPU runs the functions here.
    fn has_avx512() -> bool {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512cd")
    }

    /// Both flips of `(p, o)` on `sq`, lane by lane, if this CPU runs them.
    fn both(p: u64, o: u64, sq: u32) -> Option<(__m256i, __m256i)> {
        if !has_avx512() {
            return None;
        }
        // SAFETY: `has_avx512` has confirmed every feature the functions enable.
        unsafe {
            let parent = Parent::new(p, o);
            Some((super::gains(&parent, sq), parent.gains(sq)))
        }
    }

    proptest::proptest! {
        #[test]
        fn gains_match_the_avx2_and_kernel_flips(a: u64, b: u64, sparse: u64, sq in 0u32..65) {
            // Dense and sparse positions, every square, and 64 (no move).
            for (p, o) in [(a & !b, b), (a & sparse & !b, b & !sparse)] {
                let empty = sq == 64 || (p | o) >> sq & 1 == 0;
                if let (true, Some((lzcnt, avx2))) = (empty, both(p, o, sq)) {
                    let lanes = |v: __m256i| -> [u64; 4] {
                        // SAFETY: `__m256i` is 32 bytes of plain data, as is `[u64; 4]`.
                        unsafe { core::mem::transmute(v) }
                    };
                    proptest::prop_assert_eq!(lanes(lzcnt), lanes(avx2));
                    let expected = if sq == 64 { u64::MAX } else { kernel::flips(p, o, sq as usize) | 1 << sq };
                    proptest::prop_assert_eq!(union(lzcnt), expected);
                }
            }
        }
    }
}
