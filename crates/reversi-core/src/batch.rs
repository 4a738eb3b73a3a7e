//! The batched perft steps of the AVX2 builds: the [`PerftSteps`](crate::node::PerftSteps)
//! that [`dispatch`](crate::dispatch)'s x86-64 builds give
//! [`perft_node`](crate::node::perft_node).
//!
//! Positions are made four at a time, one per 64-bit lane (flips of each move
//! spread over the lanes, merged in one step), and their moves found and
//! counted in the lanes. The depth-3 step makes its children so, then streams
//! all its grandchildren, whatever their parent, four at a time through
//! [`Leaves`]: only the last four of a depth-3 node can have empty lanes. The
//! results equal the portable steps' (tested in `dispatch`).
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{__m256i, _mm256_add_epi64, _mm256_set1_epi64x, _mm256_setzero_si256};

use crate::node::{child, passed_depth2, passed_depth3};
use crate::simd::{self, Boards, Parent, moves_avx2};

/// The depth-2 count of a stream of positions: their children, taken four at a
/// time in the lanes whatever their parent, each counted by its number of
/// moves (at least 1). Behind the public [`raw::Leaves`](crate::raw::Leaves)
/// too (through [`dispatch`](crate::dispatch)).
#[derive(Clone, Copy)]
pub(crate) struct Leaves {
    /// The parents of the children waiting for a batch: side to move...
    player: [u64; 4],
    /// ... the other side ...
    opponent: [u64; 4],
    /// ... and the move (one bit).
    placed: [u64; 4],
    /// How many are waiting (below 4).
    len: usize,
    /// The last batch, made but not counted yet (counted after the next one
    /// is made, so that the two overlap); at first four boards with no moves.
    pending: Boards,
    /// The counts so far, per lane.
    counts: __m256i,
}

impl Leaves {
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn new() -> Leaves {
        let full = Boards { p: _mm256_setzero_si256(), o: _mm256_set1_epi64x(-1) };
        Leaves {
            player: [0; 4],
            opponent: [0; 4],
            placed: [0; 4],
            len: 0,
            pending: full,
            counts: _mm256_setzero_si256(),
        }
    }

    /// Adds the children of `(p, o)` after its legal moves `m` (fewer than
    /// four, or any number: they wait in the slots, four making a batch).
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline]
    fn wait(&mut self, p: u64, o: u64, mut m: u64) {
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m ^= bit;
            let i = self.len & 3;
            (self.player[i], self.opponent[i], self.placed[i]) = (p, o, bit);
            self.len += 1;
            if self.len == 4 {
                self.flush();
            }
        }
    }

    /// Makes the four waiting children (a slot with no move: a board with no
    /// moves) and counts the batch before.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline]
    fn flush(&mut self) {
        let parents: [Parent; 4] = core::array::from_fn(|i| Parent::new(self.player[i], self.opponent[i]));
        let flips = core::array::from_fn(|i| parents[i].flips(self.placed[i].trailing_zeros()));
        let p = simd::diagonal(parents.map(|parent| parent.p));
        let o = simd::diagonal(parents.map(|parent| parent.o));
        let boards = simd::boards(p, o, self.placed, flips);
        self.count_pending();
        self.pending = boards;
        self.len = 0;
    }

    /// Adds the pending batch's counts (each board's number of moves, at least 1).
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline]
    fn count_pending(&mut self) {
        let moves = simd::moves!(self.pending);
        self.counts = _mm256_add_epi64(self.counts, simd::leaf_counts(moves));
    }

    /// The count of every child pushed.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline]
    fn total(mut self) -> u64 {
        // The empty slots of the last batch and the four boards pending at
        // first count 1 each: taken off.
        let missing = 4 + ((4 - self.len as u64) & 3);
        if self.len != 0 {
            self.placed[self.len..].fill(0);
            self.flush();
        }
        self.count_pending();
        simd::sum_lanes(self.counts) - missing
    }
}

/// `push!(leaves, p, o, m)`: adds to `leaves` (a `&mut` [`Leaves`]) the
/// children of `(p, o)` after its legal moves `m`: four at a time straight
/// from the parent while four are left, the rest through the waiting slots
/// ([`Leaves::wait`]). A macro so that it is inlined in each step (the reason
/// given on [`simd::children!`]); the caller must enable AVX2.
macro_rules! push {
    ($leaves:expr, $p:expr, $o:expr, $m:expr) => {{
        let leaves: &mut Leaves = $leaves;
        let (p, o, mut m): (u64, u64, u64) = ($p, $o, $m);
        if m.count_ones() >= 4 {
            let parent = Parent::new(p, o);
            while m.count_ones() >= 4 {
                let boards = simd::children!(parent, &mut m);
                leaves.count_pending();
                leaves.pending = boards;
            }
        }
        leaves.wait(p, o, m);
    }};
}

/// [`PerftSteps::leaves`](crate::node::PerftSteps::leaves): for legal moves `m` (not
/// empty) of `(p, o)`, the sum over the children of their number of moves, at
/// least 1 each.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(crate) fn leaves_avx2(p: u64, o: u64, m: u64) -> u64 {
    let mut leaves = Leaves::new();
    push!(&mut leaves, p, o, m);
    leaves.total()
}

/// `push_depth3!(leaves, p, o, m)`: adds to `leaves` (a [`Leaves`]) the
/// grandchildren of `(p, o)`, a node at depth 3 with legal moves `m` (not
/// empty): its children made four at a time, each child's children pushed.
/// Gives the count of the children with no move ([`passed_depth2`], not
/// pushed). A macro so that the loop and the pushes are inlined in each step
/// (the reason given on [`simd::children!`]); the caller must enable AVX2.
macro_rules! push_depth3 {
    ($leaves:expr, $p:expr, $o:expr, $m:expr) => {{
        let leaves: &mut Leaves = $leaves;
        let parent = Parent::new($p, $o);
        let mut m: u64 = $m;
        // At most 64 children of at most 64 leaves.
        let mut passed = 0;
        while m != 0 {
            let len = m.count_ones().min(4) as usize;
            let boards = simd::children!(parent, &mut m);
            let moves = simd::lanes(simd::moves!(boards));
            let (player, opponent) = (simd::lanes(boards.p), simd::lanes(boards.o));
            for i in 0..len {
                match moves[i] {
                    0 => passed += passed_depth2(player[i], opponent[i], |p, o| moves_avx2(p, o)),
                    child_m => push!(leaves, player[i], opponent[i], child_m),
                }
            }
        }
        passed
    }};
}

/// [`PerftSteps::depth3`](crate::node::PerftSteps::depth3): for legal moves `m` (not
/// empty) of `(p, o)`, the sum of the children's depth-2 counts.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(crate) fn depth3_avx2(p: u64, o: u64, m: u64) -> u64 {
    let mut leaves = Leaves::new();
    let passed = push_depth3!(&mut leaves, p, o, m);
    passed + leaves.total()
}

/// [`PerftSteps::depth4`](crate::node::PerftSteps::depth4): for legal moves `m` (not
/// empty) of `(p, o)`, the sum of the children's depth-3 counts, the
/// grandchildren of every child streamed through one [`Leaves`] (so only the
/// node's last batch can have empty lanes, not each child's).
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(crate) fn depth4_avx2(p: u64, o: u64, mut m: u64) -> u64 {
    let mut leaves = Leaves::new();
    // At most 64 children of at most 64 * 64 * 64 leaves: no overflow.
    let mut other = 0;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let (child_p, child_o) = child(p, o, sq);
        match moves_avx2(child_p, child_o) {
            // Rare: counted apart, so that the pushes keep one call site.
            0 => other += passed_depth3(child_p, child_o, |p, o| moves_avx2(p, o), |p, o, m| leaves_avx2(p, o, m)),
            child_m => other += push_depth3!(&mut leaves, child_p, child_o, child_m),
        }
    }
    other + leaves.total()
}

/// [`raw::Leaves::push`](crate::raw::Leaves::push): adds the children of
/// `(p, o)` after its moves `m` to `leaves`.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) fn push_avx2(leaves: &mut Leaves, p: u64, o: u64, m: u64) {
    push!(leaves, p, o, m);
}

/// [`raw::Leaves::total`](crate::raw::Leaves::total): the count of every
/// child pushed.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) fn total_avx2(leaves: Leaves) -> u64 {
    leaves.total()
}
