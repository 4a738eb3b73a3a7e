//! The batched perft steps of the AVX2 builds: the [`PerftSteps`](crate::node::PerftSteps)
//! that [`dispatch`](crate::arch::dispatch)'s x86-64 builds give
//! [`perft_node`](crate::node::perft_node).
//!
//! Positions are made four at a time, one per 64-bit lane (flips of each move
//! spread over the lanes, merged in one step), and their moves found and
//! counted in the lanes. The depth-3 step makes its children so, then streams
//! all its grandchildren, whatever their parent, four at a time through
//! [`Leaves`]: only the last four of a depth-3 node can have empty lanes. The
//! depth-3 and depth-4 steps make each batch of children (or each child) one
//! step ahead of the pushes of the one before, so that the vector work of the
//! next overlaps the pushes' branches and stores (measured: the depth-4 step
//! in 0.97-0.99x the time on x86-64-v3, for 1.9% more instructions). The
//! results equal the portable steps' (tested in `dispatch`).
//!
//! The steps are written once, in [`batched_steps!`], and stamped out by
//! `dispatch` inside each x86-64 build, under that build's target features:
//! a `#[target_feature]` function cannot be `#[inline(always)]`, and LLVM
//! leaves these large ones out of line, so a single AVX2 copy would run with
//! AVX2 code under the x86-64-v4 build too (measured: 20% more instructions in
//! the depth-3 step than the same source built with `target-cpu=native`, which
//! fuses the masks with `vpternlogq`).
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{__m256i, _mm256_set1_epi64x, _mm256_setzero_si256};

use crate::arch::avx2::Boards;

/// The depth-2 count of a stream of positions: their children, taken four at a
/// time in the lanes whatever their parent, each counted by its number of
/// moves (at least 1). Behind the public [`raw::Leaves`](crate::raw::Leaves)
/// too (through [`dispatch`](crate::arch::dispatch)).
#[derive(Clone, Copy)]
pub(crate) struct Leaves {
    /// The children waiting for a batch, each in a slot of its own: kept
    /// apart rather than as three arrays, so that a batch reads each word
    /// back as it was stored. Stored one at a time and read as one 32-byte
    /// vector, an array of moves made the load wait for the stores to retire
    /// (a failed store-to-load forward): 2.4% of perft's time in the plain
    /// build, whose generic tuning made that load. The first four make a
    /// batch; the last two hold what a push writes past them.
    pub(crate) waiting: [Waiting; 6],
    /// How many are waiting (below 4).
    pub(crate) len: usize,
    /// The last batch, made but not counted yet (counted after the next one
    /// is made, so that the two overlap); at first four boards with no moves.
    pub(crate) pending: Boards,
    /// The counts so far, per lane.
    pub(crate) counts: __m256i,
}

impl Leaves {
    /// No child yet.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn new() -> Leaves {
        let full = Boards { p: _mm256_setzero_si256(), o: _mm256_set1_epi64x(-1) };
        Leaves { waiting: [Waiting::default(); 6], len: 0, pending: full, counts: _mm256_setzero_si256() }
    }
}

/// A child waiting in [`Leaves`] for a batch: its parent and the move.
#[derive(Clone, Copy, Default)]
pub(crate) struct Waiting {
    /// The parent's side to move.
    pub(crate) player: u64,
    /// The parent's other side.
    pub(crate) opponent: u64,
    /// The move (one bit; none in an empty slot of the last batch).
    pub(crate) placed: u64,
}

/// `push!(leaves, p, o, m)`: adds to `leaves` (a `&mut` [`Leaves`]) the
/// children of `(p, o)` after its legal moves `m`: four at a time straight
/// from the parent while four are left, the rest through the waiting slots,
/// four making a batch ([`flush!`]). A macro so that it is inlined in each
/// step (the reason given on [`simd::children!`](crate::arch::avx2::children));
/// expanded inside [`batched_steps!`], whose `count_pending` it calls.
macro_rules! push {
    ($leaves:expr, $p:expr, $o:expr, $m:expr) => {{
        let leaves: &mut $crate::batch::Leaves = $leaves;
        let (p, o, mut m): (u64, u64, u64) = ($p, $o, $m);
        if m.count_ones() >= 4 {
            let parent = $crate::arch::avx2::Parent::new(p, o);
            while m.count_ones() >= 4 {
                let boards = $crate::arch::avx2::children!(parent, &mut m, gains);
                count_pending(leaves);
                leaves.pending = boards;
            }
        }
        // At most three left: written to three slots whatever their number
        // (a slot past them is rewritten before it is read), with no loop
        // whose end the branch predictor would have to guess.
        let first = m & m.wrapping_neg();
        let rest = m ^ first;
        let second = rest & rest.wrapping_neg();
        let len = leaves.len & 3;
        for (i, placed) in [first, second, rest ^ second].into_iter().enumerate() {
            leaves.waiting[len + i] = $crate::batch::Waiting { player: p, opponent: o, placed };
        }
        let len = len + m.count_ones() as usize;
        leaves.len = len;
        if len >= 4 {
            $crate::batch::flush!(leaves);
            leaves.waiting[0] = leaves.waiting[4];
            leaves.waiting[1] = leaves.waiting[5];
            leaves.len = len - 4;
        }
    }};
}
pub(crate) use push;

/// `flush!(leaves)`: makes the four children waiting in `leaves` (a `&mut`
/// [`Leaves`]; a slot with no move gives a board with no moves) and counts
/// the batch before. A macro, as [`push!`] is: as functions, LLVM left the
/// slot filling or the batch out of line in the plain build but not in a
/// `target-cpu=native` one (measured: the plain build 4% slower, then level
/// once both are macros); expanded inside [`batched_steps!`], whose
/// `count_pending` it calls.
macro_rules! flush {
    ($leaves:expr) => {{
        let leaves: &mut $crate::batch::Leaves = $leaves;
        let waiting: [$crate::batch::Waiting; 4] = core::array::from_fn(|i| leaves.waiting[i]);
        let parents: [$crate::arch::avx2::Parent; 4] =
            waiting.map(|w| $crate::arch::avx2::Parent::new(w.player, w.opponent));
        let gained = core::array::from_fn(|i| gains(&parents[i], waiting[i].placed.trailing_zeros()));
        let p = $crate::arch::avx2::diagonal(parents.map(|parent| parent.p));
        let o = $crate::arch::avx2::diagonal(parents.map(|parent| parent.o));
        let made = $crate::arch::avx2::boards(p, o, gained);
        count_pending(leaves);
        leaves.pending = made;
        leaves.len = 0;
    }};
}
pub(crate) use flush;

/// `push_depth3!(leaves, p, o, m)`: adds to `leaves` (a [`Leaves`]) the
/// grandchildren of `(p, o)`, a node at depth 3 with legal moves `m` (not
/// empty): its children made four at a time, each child's children pushed.
/// Gives the count of the children with no move
/// ([`passed_depth2`](crate::node::passed_depth2), not pushed). A macro so
/// that the loop and the pushes are inlined in each step; expanded inside
/// [`batched_steps!`].
macro_rules! push_depth3 {
    ($leaves:expr, $p:expr, $o:expr, $m:expr, $($moves:ident)::+) => {{
        let leaves: &mut $crate::batch::Leaves = $leaves;
        let parent = $crate::arch::avx2::Parent::new($p, $o);
        let mut m: u64 = $m;
        // At most 64 children of at most 64 leaves.
        let mut passed = 0;
        // Each batch of children is made (and its moves found) one step ahead
        // of the pushes of the batch before, so that the two overlap.
        let mut len = m.count_ones().min(4) as usize;
        let mut boards = $crate::arch::avx2::children!(parent, &mut m, gains);
        let mut moves = $($moves)::+!(boards);
        loop {
            let (player, opponent, found) =
                ($crate::arch::avx2::lanes(boards.p), $crate::arch::avx2::lanes(boards.o), $crate::arch::avx2::lanes(moves));
            let this = len;
            let more = m != 0;
            if more {
                len = m.count_ones().min(4) as usize;
                boards = $crate::arch::avx2::children!(parent, &mut m, gains);
                moves = $($moves)::+!(boards);
            }
            for i in 0..this {
                match found[i] {
                    0 => {
                        passed +=
                            $crate::node::passed_depth2(player[i], opponent[i], |p, o| $crate::arch::avx2::moves_avx2(p, o))
                    }
                    child_m => $crate::batch::push!(leaves, player[i], opponent[i], child_m),
                }
            }
            if !more {
                break;
            }
        }
        passed
    }};
}
pub(crate) use push_depth3;

/// `batched_steps!("features", gains, counts, moves)`: the batched steps, as
/// functions compiled with those target features (which must include AVX2,
/// BMI1, BMI2, LZCNT and POPCNT), the build's own equals of three helpers
/// plugged in, each needing no feature the build lacks: `gains`, what each
/// move gains ([`Parent::gains`](crate::arch::avx2::Parent::gains); the macros
/// above call it by the name `gains`, as they call `count_pending`),
/// `counts`, the leaf counts of a batch
/// ([`simd::leaf_counts`](crate::arch::avx2::leaf_counts)), and `moves`, the path
/// of a macro finding a batch's moves ([`simd::moves!`](crate::arch::avx2::moves)):
/// `leaves`, `depth3` and `depth4` (the
/// [`PerftSteps`](crate::node::PerftSteps) of the build), `push` and `total`
/// (behind [`raw::Leaves`](crate::raw::Leaves)). Expanded by `dispatch` in
/// the module of each x86-64 build, so that each runs with its own
/// instructions (the AVX2 helpers of [`simd`](crate::arch::avx2) inline into any
/// of them).
macro_rules! batched_steps {
    ($features:literal, $gains:path, $counts:path, $($moves:ident)::+) => {
        /// What the mover of `parent` gains by a move on `sq`, spread over the
        /// lanes ([`Parent::gains`](crate::arch::avx2::Parent::gains)): this build's.
        #[target_feature(enable = $features)]
        #[inline]
        fn gains(parent: &$crate::arch::avx2::Parent, sq: u32) -> core::arch::x86_64::__m256i {
            $gains(parent, sq)
        }

        /// Adds the pending batch's counts (each board's number of moves, at
        /// least 1).
        #[target_feature(enable = $features)]
        #[inline]
        fn count_pending(leaves: &mut $crate::batch::Leaves) {
            let moves = $($moves)::+!(leaves.pending);
            leaves.counts = core::arch::x86_64::_mm256_add_epi64(leaves.counts, $counts(moves));
        }

        /// The count of every child pushed.
        #[target_feature(enable = $features)]
        #[inline]
        pub(crate) fn total(mut leaves: $crate::batch::Leaves) -> u64 {
            // The empty slots of the last batch and the four boards pending
            // at first count 1 each: taken off.
            let missing = 4 + ((4 - leaves.len as u64) & 3);
            if leaves.len != 0 {
                for slot in &mut leaves.waiting[leaves.len..4] {
                    slot.placed = 0;
                }
                $crate::batch::flush!(&mut leaves);
            }
            count_pending(&mut leaves);
            $crate::arch::avx2::sum_lanes(leaves.counts) - missing
        }

        /// [`PerftSteps::leaves`](crate::node::PerftSteps::leaves): for
        /// legal moves `m` (not empty) of `(p, o)`, the sum over the children
        /// of their number of moves, at least 1 each.
        #[target_feature(enable = $features)]
        #[inline]
        pub(crate) fn leaves(p: u64, o: u64, m: u64) -> u64 {
            let mut stream = $crate::batch::Leaves::new();
            $crate::batch::push!(&mut stream, p, o, m);
            total(stream)
        }

        /// [`PerftSteps::depth3`](crate::node::PerftSteps::depth3): for
        /// legal moves `m` (not empty) of `(p, o)`, the sum of the children's
        /// depth-2 counts.
        #[target_feature(enable = $features)]
        #[inline]
        pub(crate) fn depth3(p: u64, o: u64, m: u64) -> u64 {
            let mut stream = $crate::batch::Leaves::new();
            let passed = $crate::batch::push_depth3!(&mut stream, p, o, m, $($moves)::+);
            passed + total(stream)
        }

        /// [`PerftSteps::depth4`](crate::node::PerftSteps::depth4): for
        /// legal moves `m` (not empty) of `(p, o)`, the sum of the children's
        /// depth-3 counts, the grandchildren of every child streamed through
        /// one `Leaves` (so only the node's last batch can have empty lanes,
        /// not each child's).
        #[target_feature(enable = $features)]
        #[inline]
        pub(crate) fn depth4(p: u64, o: u64, mut m: u64) -> u64 {
            use $crate::arch::avx2::moves_avx2;
            let mut stream = $crate::batch::Leaves::new();
            // At most 64 children of at most 64 * 64 * 64 leaves: no overflow.
            let mut other = 0;
            // Each child is made (and its moves found) one step ahead of the
            // pushes of the child before, so that the two overlap.
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let (mut child_p, mut child_o) = $crate::node::child(p, o, sq);
            let mut child_m = moves_avx2(child_p, child_o);
            loop {
                let (this_p, this_o, this_m) = (child_p, child_o, child_m);
                let more = m != 0;
                if more {
                    let sq = m.trailing_zeros() as usize;
                    m &= m - 1;
                    (child_p, child_o) = $crate::node::child(p, o, sq);
                    child_m = moves_avx2(child_p, child_o);
                }
                match this_m {
                    // Rare: counted apart, so that the pushes keep one call site.
                    0 => {
                        other += $crate::node::passed_depth3(
                            this_p,
                            this_o,
                            |p, o| moves_avx2(p, o),
                            |p, o, m| leaves(p, o, m),
                        )
                    }
                    this_m => other += $crate::batch::push_depth3!(&mut stream, this_p, this_o, this_m, $($moves)::+),
                }
                if !more {
                    break;
                }
            }
            other + total(stream)
        }

        /// [`raw::Leaves::push`](crate::raw::Leaves::push): adds the
        /// children of `(p, o)` after its moves `m` to `leaves`.
        #[target_feature(enable = $features)]
        pub(crate) fn push(leaves: &mut $crate::batch::Leaves, p: u64, o: u64, m: u64) {
            $crate::batch::push!(leaves, p, o, m);
        }
    };
}
pub(crate) use batched_steps;
