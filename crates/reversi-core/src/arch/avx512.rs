//! What AVX-512 adds to the x86-64-v4 backend's batched perft steps and
//! children four at a time: the flips of a move with `vplzcntq` for the rays
//! towards lower bits; and for CPUs that also have GFNI and VPOPCNTDQ (the
//! `v4_gfni` build of [`dispatch`](crate::arch::dispatch)), the moves along rows
//! and columns by carries on mirrored and turned boards, and the leaf counts
//! by `vpopcntq`.
//!
//! Each function computes exactly what its [`avx2`] counterpart
//! does (and so what the [`kernel`](crate::kernel) does), and is compared
//! against both by the tests below; [`dispatch`](crate::arch::dispatch) calls them
//! only from the builds that enable their features, on a CPU that has them. No
//! `unsafe`: the intrinsics are safe inside functions that enable them.
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{
    __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_gf2p8affine_epi64_epi8,
    _mm256_lzcnt_epi64, _mm256_max_epu64, _mm256_or_si256, _mm256_popcnt_epi64, _mm256_set1_epi64x, _mm256_setr_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srlv_epi64, _mm256_sub_epi64,
};

use crate::arch::avx2::{self, PLACED, Parent, rays};

/// [`Parent::gains`]: what the side to move gains by a move on `sq` (an empty
/// square, or 64 for none), spread over the lanes the same way. The rays
/// towards higher bits as AVX2 does them; towards lower bits, the first
/// square that is not the opponent's is found by `vplzcntq` (where AVX2
/// smears the player's discs down the ray in three steps).
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

/// [`kernel::children4`](crate::kernel::children4) in the lanes, as
/// [`avx2::children4_avx2`] makes them but with [`gains`]: what
/// `raw::Kernel::children` runs on x86-64-v4. (Not with GFNI's moves: one
/// call's children are used at once, and the board turns lengthen the
/// chain of dependent instructions; measured slower.)
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512cd")]
#[inline]
pub(crate) fn children4(p: u64, o: u64, m: u64, four: &mut crate::kernel::Four) {
    avx2::children4!(p, o, m, four, gains);
}

/// The matrix of `vgf2p8affineqb` that mirrors each byte (column `c` to
/// `7 - c`), and as the other operand the one that makes a board's columns
/// rows ([`rotate`]).
const MIRROR: u64 = 0x8040_2010_0804_0201;

/// As the operand of `vgf2p8affineqb` that is not the matrix, with a
/// byte-swapped board as the matrix: undoes [`rotate`].
const UNROTATE: u64 = 0x0102_0408_1020_4080;

/// Each lane mirrored: column `c` to `7 - c` (its own inverse).
#[target_feature(enable = "avx2,gfni")]
#[inline]
fn mirror(b: __m256i) -> __m256i {
    _mm256_gf2p8affine_epi64_epi8::<0>(b, _mm256_set1_epi64x(MIRROR as i64))
}

/// Each lane turned a quarter: bit `(row i, column j)` of the result is bit
/// `(row 7 - j, column i)` of `b`, so that its columns are rows.
#[target_feature(enable = "avx2,gfni")]
#[inline]
fn rotate(b: __m256i) -> __m256i {
    _mm256_gf2p8affine_epi64_epi8::<0>(_mm256_set1_epi64x(MIRROR as i64), b)
}

/// The inverse of [`rotate`]: bit `(i, j)` of the result is bit `(j, 7 - i)`
/// of `b` (the rows of each lane swapped end for end, then used as the matrix).
#[target_feature(enable = "avx2,gfni")]
#[inline]
fn unrotate(b: __m256i) -> __m256i {
    let reverse = _mm256_setr_epi8(
        7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
    );
    _mm256_gf2p8affine_epi64_epi8::<0>(_mm256_set1_epi64x(UNROTATE as i64), _mm256_shuffle_epi8(b, reverse))
}

/// The moves along rows towards higher bits, before removing occupied squares
/// ([`avx2::east`]) of `p` against `o`, and towards lower bits the same on
/// the boards mirrored, mirrored back.
#[target_feature(enable = "avx2,gfni")]
#[inline]
fn both_ways(p: __m256i, o: __m256i) -> __m256i {
    let inner = avx2::inner(o);
    let east = avx2::east(p, inner);
    let west = mirror(avx2::east(mirror(p), avx2::inner(mirror(o))));
    _mm256_or_si256(east, west)
}

/// `moves_gfni!(boards)`: [`avx2::moves!`] with the rows and columns done by
/// carries. A carry runs along a row (the addition [`avx2::east`] does); with
/// GFNI's `vgf2p8affineqb` a board is mirrored, or turned so that its columns
/// are rows, in one instruction, so the moves along rows towards lower bits
/// and along columns both ways are carries too, instead of fills of four
/// shifts each way. The diagonals are filled as AVX2 does. A macro for the
/// reason given on [`avx2::children!`]; the caller must enable AVX2 and GFNI.
macro_rules! moves_gfni {
    ($boards:expr) => {{
        let boards: $crate::arch::avx2::Boards = $boards;
        let inner = $crate::arch::avx2::inner(boards.o);
        let m = $crate::arch::avx512::rows_and_columns(boards.p, boards.o);
        let m = $crate::arch::avx2::or(m, $crate::arch::avx2::fill_pair::<9, 18>(boards.p, inner));
        let m = $crate::arch::avx2::or(m, $crate::arch::avx2::fill_pair::<7, 14>(boards.p, inner));
        $crate::arch::avx2::empty_of(boards, m)
    }};
}
pub(crate) use moves_gfni;

/// The moves along rows and columns, both ways, before removing occupied
/// squares (part of [`moves_gfni!`]).
#[target_feature(enable = "avx2,gfni")]
#[inline]
pub(crate) fn rows_and_columns(p: __m256i, o: __m256i) -> __m256i {
    _mm256_or_si256(both_ways(p, o), unrotate(both_ways(rotate(p), rotate(o))))
}

/// [`avx2::leaf_counts`] by `vpopcntq`: the number of set bits of each lane,
/// at least 1.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vpopcntdq")]
#[inline]
pub(crate) fn leaf_counts(moves: __m256i) -> __m256i {
    _mm256_max_epu64(_mm256_popcnt_epi64(moves), _mm256_set1_epi64x(1))
}

#[cfg(test)]
mod tests {
    use core::arch::x86_64::__m256i;

    use crate::arch::avx2::Parent;
    use crate::kernel;

    /// Whether this CPU runs [`gains`](super::gains).
    fn has_avx512() -> bool {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512cd")
    }

    /// Whether this CPU runs the GFNI and VPOPCNTDQ functions too.
    fn has_gfni() -> bool {
        has_avx512() && std::is_x86_feature_detected!("gfni") && std::is_x86_feature_detected!("avx512vpopcntdq")
    }

    /// The lanes of `v`, lowest first.
    fn lanes(v: __m256i) -> [u64; 4] {
        // SAFETY: `__m256i` is 32 bytes of plain data, as is `[u64; 4]`.
        unsafe { core::mem::transmute(v) }
    }

    /// `moves_gfni!` and `leaf_counts` of four boards, and the three board
    /// turns of the first, lane by lane.
    #[target_feature(enable = "avx2,gfni,avx512f,avx512vl,avx512vpopcntdq")]
    fn gfni_results(p: [u64; 4], o: [u64; 4]) -> [[u64; 4]; 5] {
        use core::arch::x86_64::_mm256_set_epi64x;
        let vector = |v: [u64; 4]| _mm256_set_epi64x(v[3] as i64, v[2] as i64, v[1] as i64, v[0] as i64);
        let boards = crate::arch::avx2::Boards { p: vector(p), o: vector(o) };
        let moves = moves_gfni!(boards);
        let turns = [super::mirror(boards.p), super::rotate(boards.p), super::unrotate(boards.p)];
        [lanes(moves), lanes(super::leaf_counts(moves)), lanes(turns[0]), lanes(turns[1]), lanes(turns[2])]
    }

    /// Bit `(row, column)` of `b`.
    fn bit(b: u64, row: usize, column: usize) -> u64 {
        b >> (8 * row + column) & 1
    }

    proptest::proptest! {
        #[test]
        fn gfni_moves_and_counts_match_the_kernel(a: [u64; 4], b: [u64; 4], sparse: u64) {
            if has_gfni() {
                // Dense boards in two lanes, sparse ones in the others.
                let o: [u64; 4] = core::array::from_fn(|i| if i % 2 == 0 { b[i] } else { b[i] & sparse });
                let p: [u64; 4] = core::array::from_fn(|i| a[i] & !o[i]);
                // SAFETY: `has_gfni` has confirmed every feature the function enables.
                let [moves, counts, mirrored, rotated, unrotated] = unsafe { gfni_results(p, o) };
                for i in 0..4 {
                    let want = kernel::moves(p[i], o[i]);
                    proptest::prop_assert_eq!(moves[i], want);
                    proptest::prop_assert_eq!(counts[i], u64::from(want.count_ones().max(1)));
                    for (row, column) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
                        proptest::prop_assert_eq!(bit(mirrored[i], row, column), bit(p[i], row, 7 - column));
                        proptest::prop_assert_eq!(bit(rotated[i], row, column), bit(p[i], 7 - column, row));
                        proptest::prop_assert_eq!(bit(unrotated[i], row, column), bit(p[i], column, 7 - row));
                    }
                }
            }
        }
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
                    proptest::prop_assert_eq!(lanes(lzcnt), lanes(avx2));
                    let expected = if sq == 64 { u64::MAX } else { kernel::flips(p, o, sq as usize) | 1 << sq };
                    proptest::prop_assert_eq!(lanes(lzcnt).iter().fold(0, |all, lane| all | lane), expected);
                }
            }
        }
    }
}
