//! Explicit SIMD versions of kernel functions, for the x86-64-v3 backend.
//!
//! Each computes exactly what its [`kernel`](crate::kernel) counterpart does and
//! is compared against it by the tests; [`dispatch`](crate::arch::dispatch) calls them
//! only where the CPU has the features they enable. No `unsafe`: the intrinsics
//! are safe inside functions that enable AVX2.
//!
//! Two layouts: [`moves_avx2`] puts the four direction pairs of one board in the
//! four 64-bit lanes; [`Boards`] puts four boards in the lanes, one each, for
//! the batched perft steps of [`batch`](crate::batch).
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{
    __m256i, _mm_add_epi64, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi8, _mm256_add_epi64,
    _mm256_and_si256, _mm256_andnot_si256, _mm256_blend_epi32, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
    _mm256_cmpgt_epi64, _mm256_extract_epi64, _mm256_extracti128_si256, _mm256_or_si256, _mm256_permute2x128_si256,
    _mm256_sad_epu8, _mm256_set_epi64x, _mm256_set1_epi8, _mm256_set1_epi64x, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_slli_epi64, _mm256_sllv_epi64, _mm256_srli_epi64, _mm256_srlv_epi64, _mm256_sub_epi64,
    _mm256_unpackhi_epi64, _mm256_unpacklo_epi64, _mm256_xor_si256,
};

use crate::kernel::RAYS;

/// Columns b to g (the kernel's `INNER_COLUMNS`), as a lane value.
const INNER: i64 = 0x7e7e_7e7e_7e7e_7e7e;

/// [`kernel::moves`](crate::kernel::moves) with the four direction pairs in the
/// four 64-bit lanes of an AVX2 register: the same parallel-prefix fill, one
/// shift per step for all directions at once.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn moves_avx2(p: u64, o: u64) -> u64 {
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
    (or_lanes(all) as u64) & !(p | o)
}

/// The union of the four lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(v: __m256i) -> i64 {
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)))
}

/// The sum of the four lanes.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn sum_lanes(v: __m256i) -> u64 {
    let half = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// One position, `(player, opponent)`, in every lane, with its empty squares:
/// the parent of children made in the lanes.
#[derive(Clone, Copy)]
pub(crate) struct Parent {
    /// The side to move, in every lane.
    pub(crate) p: __m256i,
    /// The other side, in every lane.
    pub(crate) o: __m256i,
    empty: __m256i,
}

impl Parent {
    /// `(p, o)` in every lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn new(p: u64, o: u64) -> Parent {
        let (p, o) = (_mm256_set1_epi64x(p as i64), _mm256_set1_epi64x(o as i64));
        Parent { p, o, empty: _mm256_xor_si256(_mm256_or_si256(p, o), _mm256_set1_epi64x(-1)) }
    }

    /// What the side to move gains by a move on `sq` (an empty square), spread
    /// over the lanes: the union of the lanes is the square and what
    /// [`kernel::flips`](crate::kernel::flips) gives. Lane `i` holds the flips
    /// along ray `i` of the kernel's rays (towards higher bits) and along ray
    /// `i + 4` (towards lower bits), and every lane the square's bit
    /// ([`PLACED`]). For 64, no move, every lane is all squares: the child
    /// made of it has no empty square, so no moves.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn gains(&self, sq: u32) -> __m256i {
        let [up, down] = rays(sq);
        let placed = _mm256_set1_epi64x(PLACED[sq as usize] as i64);
        _mm256_or_si256(_mm256_or_si256(self.flips_up(up), self.flips_down(down)), placed)
    }

    /// The flips along the four rays `up` (towards higher bits) of a move.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn flips_up(&self, up: __m256i) -> __m256i {
        // `stops ^ (stops - 1)` is every bit up to the first square that is
        // not the opponent's (all bits when there is none); on the ray, the
        // run and that square. The run flips when that square is the
        // player's, i.e. when removing the player's discs changes the set.
        let stops = _mm256_andnot_si256(self.o, up);
        let reach = _mm256_and_si256(_mm256_xor_si256(stops, _mm256_add_epi64(stops, _mm256_set1_epi64x(-1))), up);
        let run = _mm256_andnot_si256(self.p, reach);
        _mm256_andnot_si256(_mm256_cmpeq_epi64(run, reach), run)
    }

    /// The flips along the four rays `down` (towards lower bits) of a move,
    /// with AVX2 alone.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn flips_down(&self, down: __m256i) -> __m256i {
        // The first square that is not the opponent's is the highest one on
        // the ray: the player's exactly when the player's discs on the ray, as
        // a number, exceed the empty squares on it (the rays hold no bit 63,
        // so the signed compare is exact). The flips are then the ray's
        // squares above the player's highest disc there: the ray less that
        // disc's shadow, smeared down the ray by 1, 2 and 4 steps.
        let shift = _mm256_set_epi64x(7, 9, 8, 1);
        let mine = _mm256_and_si256(self.p, down);
        let closed = _mm256_cmpgt_epi64(mine, _mm256_and_si256(self.empty, down));
        let mut shadow = _mm256_or_si256(mine, _mm256_srlv_epi64(mine, shift));
        shadow = _mm256_or_si256(shadow, _mm256_srlv_epi64(shadow, _mm256_add_epi64(shift, shift)));
        shadow = _mm256_or_si256(shadow, _mm256_srlv_epi64(shadow, _mm256_slli_epi64::<2>(shift)));
        _mm256_and_si256(_mm256_andnot_si256(shadow, down), closed)
    }
}

/// The bit of each square, and for 64 (no move) all squares: what a move adds
/// to the mover's side besides its flips ([`Parent::gains`]).
pub(crate) static PLACED: [u64; 65] = {
    let mut bits = [u64::MAX; 65];
    let mut sq = 0;
    while sq < 64 {
        bits[sq] = 1 << sq;
        sq += 1;
    }
    bits
};

/// The kernel's rays from `sq` (64 for none: no rays), as vectors: the four
/// towards higher bits, then the four towards lower bits.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn rays(sq: u32) -> [__m256i; 2] {
    let rays = &RAYS[sq as usize];
    let up = _mm256_set_epi64x(rays[3] as i64, rays[2] as i64, rays[1] as i64, rays[0] as i64);
    let down = _mm256_set_epi64x(rays[7] as i64, rays[6] as i64, rays[5] as i64, rays[4] as i64);
    [up, down]
}

/// Lane `i` of the `i`-th vector.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn diagonal(v: [__m256i; 4]) -> __m256i {
    let low = _mm256_blend_epi32::<0x0c>(v[0], v[1]);
    let high = _mm256_blend_epi32::<0xc0>(v[2], v[3]);
    _mm256_blend_epi32::<0xf0>(low, high)
}

/// The children of four positions (lane by lane: `p` to move against `o`)
/// after a move each, given what the move gains ([`Parent::gains`], spread
/// over its lanes). A lane with no move holds a board with no empty square
/// (so no moves).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn boards(p: __m256i, o: __m256i, gains: [__m256i; 4]) -> Boards {
    let [f0, f1, f2, f3] = gains;
    // Lane i: the union of f_i's lanes (two unpacks, then the 128-bit halves).
    let a = _mm256_or_si256(_mm256_unpacklo_epi64(f0, f1), _mm256_unpackhi_epi64(f0, f1));
    let b = _mm256_or_si256(_mm256_unpacklo_epi64(f2, f3), _mm256_unpackhi_epi64(f2, f3));
    let flipped = _mm256_or_si256(_mm256_permute2x128_si256::<0x21>(a, b), _mm256_blend_epi32::<0xf0>(a, b));
    Boards { p: _mm256_andnot_si256(flipped, o), o: _mm256_or_si256(p, flipped) }
}

/// The lowest four set bits of `m`, one each (0 past the last), cleared from `m`.
#[inline(always)]
pub(crate) fn lowest_four(m: &mut u64) -> [u64; 4] {
    let mut next = || {
        let bit = *m & m.wrapping_neg();
        *m ^= bit;
        bit
    };
    [next(), next(), next(), next()]
}

/// `children!(parent, m, gains)`: the children of `parent` (a [`Parent`])
/// after the lowest four moves of `m` (a `&mut u64` of its legal moves, which
/// loses them), as [`Boards`]; lanes past the last move hold boards with no
/// moves. `gains` is [`Parent::gains`] or a build's own equal of it
/// (`avx512::gains`).
///
/// A macro, not a function, so that it is always inlined (a `#[target_feature]`
/// function cannot be `#[inline(always)]`, and this one is too large for
/// LLVM to inline at more than one site); the caller must enable AVX2.
macro_rules! children {
    ($parent:expr, $m:expr, $gains:path) => {{
        let parent: &$crate::arch::avx2::Parent = &$parent;
        let placed = $crate::arch::avx2::lowest_four($m);
        let gains = [
            $gains(parent, placed[0].trailing_zeros()),
            $gains(parent, placed[1].trailing_zeros()),
            $gains(parent, placed[2].trailing_zeros()),
            $gains(parent, placed[3].trailing_zeros()),
        ];
        $crate::arch::avx2::boards(parent.p, parent.o, gains)
    }};
}
pub(crate) use children;

/// Four positions, one per lane: the side to move's discs and the other side's.
#[derive(Clone, Copy)]
pub(crate) struct Boards {
    /// The side to move, lane by lane.
    pub(crate) p: __m256i,
    /// The other side, lane by lane.
    pub(crate) o: __m256i,
}

/// `moves!(boards)`: [`kernel::moves`](crate::kernel::moves) of each lane of
/// `boards` (a [`Boards`], sides disjoint), as an `__m256i`. A macro for the
/// reason given on [`children!`]; the caller must enable AVX2.
macro_rules! moves {
    ($boards:expr) => {{
        let boards: $crate::arch::avx2::Boards = $boards;
        let inner = $crate::arch::avx2::inner(boards.o);
        let m = $crate::arch::avx2::east(boards.p, inner);
        let m = $crate::arch::avx2::or(m, $crate::arch::avx2::west(boards.p, inner));
        let m = $crate::arch::avx2::or(m, $crate::arch::avx2::fill_pair::<8, 16>(boards.p, boards.o));
        let m = $crate::arch::avx2::or(m, $crate::arch::avx2::fill_pair::<9, 18>(boards.p, inner));
        let m = $crate::arch::avx2::or(m, $crate::arch::avx2::fill_pair::<7, 14>(boards.p, inner));
        $crate::arch::avx2::empty_of(boards, m)
    }};
}
pub(crate) use moves;

/// The opponent discs in columns b to g, lane by lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn inner(o: __m256i) -> __m256i {
    _mm256_and_si256(o, _mm256_set1_epi64x(INNER))
}

/// `a | b`.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

/// The squares of `m` that are empty on `boards`, lane by lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn empty_of(boards: Boards, m: __m256i) -> __m256i {
    _mm256_andnot_si256(_mm256_or_si256(boards.p, boards.o), m)
}

/// Moves along a row towards higher bits (before removing occupied squares):
/// the player's neighbour in a run of opponent discs (`inner`: columns b-g),
/// added to the run, carries out onto the square past it, inside the row.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn east(p: __m256i, inner: __m256i) -> __m256i {
    _mm256_add_epi64(inner, _mm256_and_si256(inner, _mm256_slli_epi64::<1>(p)))
}

/// Moves along a row towards lower bits (before removing occupied squares).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn west(p: __m256i, inner: __m256i) -> __m256i {
    fill_down::<1, 2>(p, inner, _mm256_and_si256(inner, _mm256_srli_epi64::<1>(inner)))
}

/// The squares past a run of `mask` discs next to a disc of `p`, both ways
/// along shift `D` (`D2 = 2 * D`), by parallel prefix as in the kernel.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn fill_pair<const D: i32, const D2: i32>(p: __m256i, mask: __m256i) -> __m256i {
    let pair_up = _mm256_and_si256(mask, _mm256_slli_epi64::<D>(mask));
    let mut up = _mm256_and_si256(mask, _mm256_slli_epi64::<D>(p));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_slli_epi64::<D>(up)));
    up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_slli_epi64::<D2>(up)));
    up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_slli_epi64::<D2>(up)));
    let down = fill_down::<D, D2>(p, mask, _mm256_srli_epi64::<D>(pair_up));
    _mm256_or_si256(_mm256_slli_epi64::<D>(up), down)
}

/// The towards-lower-bits half of [`fill_pair`]; `pair` is `mask & (mask >> D)`.
#[target_feature(enable = "avx2")]
#[inline]
fn fill_down<const D: i32, const D2: i32>(p: __m256i, mask: __m256i, pair: __m256i) -> __m256i {
    let mut down = _mm256_and_si256(mask, _mm256_srli_epi64::<D>(p));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srli_epi64::<D>(down)));
    down = _mm256_or_si256(down, _mm256_and_si256(pair, _mm256_srli_epi64::<D2>(down)));
    down = _mm256_or_si256(down, _mm256_and_si256(pair, _mm256_srli_epi64::<D2>(down)));
    _mm256_srli_epi64::<D>(down)
}

/// The number of set bits of each byte of `v` (a nibble table lookup).
#[target_feature(enable = "avx2")]
#[inline]
fn count_bytes(v: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let lo = _mm256_shuffle_epi8(table, _mm256_and_si256(v, low));
    let hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi64::<4>(v), low));
    _mm256_add_epi8(lo, hi)
}

/// The number of set bits of each lane, at least 1 (a position with no move
/// is one leaf at depth 1, as [`passed_depth2`](crate::node::passed_depth2)
/// counts it).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn leaf_counts(moves: __m256i) -> __m256i {
    _mm256_sub_epi64(popcounts(moves), _mm256_cmpeq_epi64(moves, _mm256_setzero_si256()))
}

/// The four lanes, lowest first.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn lanes(v: __m256i) -> [u64; 4] {
    [
        _mm256_extract_epi64::<0>(v) as u64,
        _mm256_extract_epi64::<1>(v) as u64,
        _mm256_extract_epi64::<2>(v) as u64,
        _mm256_extract_epi64::<3>(v) as u64,
    ]
}

/// The number of set bits of each lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn popcounts(v: __m256i) -> __m256i {
    _mm256_sad_epu8(count_bytes(v), _mm256_setzero_si256())
}

/// `children4!(p, o, m, four, gains)`: [`kernel::children4`](crate::kernel::children4)
/// in the lanes, the four children made (their flips by `gains`, as in
/// [`children!`]) and their moves found and counted together, written to
/// `four` (a `&mut Four`). A macro so that each build's copy inlines its own
/// `gains`; the caller must enable AVX2.
macro_rules! children4 {
    ($p:expr, $o:expr, $m:expr, $four:expr, $gains:path) => {{
        let mut m: u64 = $m;
        let boards = $crate::arch::avx2::children!($crate::arch::avx2::Parent::new($p, $o), &mut m, $gains);
        let moves = $crate::arch::avx2::moves!(boards);
        *$four = $crate::kernel::Four {
            player: $crate::arch::avx2::lanes(boards.p),
            opponent: $crate::arch::avx2::lanes(boards.o),
            moves: $crate::arch::avx2::lanes(moves),
            mobility: $crate::arch::avx2::lanes($crate::arch::avx2::popcounts(moves)),
        };
    }};
}
pub(crate) use children4;

/// [`kernel::children4`](crate::kernel::children4) in the lanes
/// ([`children4!`] with [`Parent::gains`]).
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(crate) fn children4_avx2(p: u64, o: u64, m: u64, four: &mut crate::kernel::Four) {
    children4!(p, o, m, four, Parent::gains);
}
