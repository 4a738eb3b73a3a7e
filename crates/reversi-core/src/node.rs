//! The perft node: one step of the count, written once with the recursion
//! and the move-generation [`PerftSteps`] left to the caller, so that each build in
//! [`dispatch`](crate::arch::dispatch) compiles it with its own instructions (the
//! AVX2 ones batched by [`batch`](crate::batch)); the convention is
//! [`perft`](crate::perft())'s.

use crate::kernel::{self, count, flips};
use crate::table::{PerftTable, canonical};

/// The move-generation steps of one perft build, as closures so that each
/// CPU-specific build supplies its own, compiled with its target features.
/// Every build computes the same results as the portable one ([`PORTABLE`]).
#[derive(Clone, Copy)]
pub(crate) struct PerftSteps<M, L, T, F> {
    /// `moves(p, o)`: the legal moves of `p` against `o` ([`kernel::moves`]).
    pub(crate) moves: M,
    /// `leaves(p, o, m)`, for legal moves `m` not empty: the count of the node at
    /// depth 2, the sum over its children of their number of moves, at least 1
    /// each (a child with none passes or ends the game: one leaf either way).
    pub(crate) leaves: L,
    /// `depth3(p, o, m)`, for legal moves `m` not empty: the count of the node
    /// at depth 3, the sum over its children of their depth-2 counts (`leaves`,
    /// or [`passed_depth2`] for a child with no move).
    pub(crate) depth3: T,
    /// `depth4(p, o, m)`, for legal moves `m` not empty: the count of the node
    /// at depth 4, the sum over its children of their depth-3 counts (`depth3`,
    /// or [`passed_depth3`] for a child with no move), so that a build can
    /// stream the grandchildren of all its children together.
    pub(crate) depth4: F,
}

/// The portable steps, on the kernel's scalar functions.
pub(crate) const PORTABLE: PortablePerftSteps =
    PerftSteps { moves: kernel::moves, leaves: leaves_portable, depth3: depth3_portable, depth4: depth4_portable };

/// The type of [`PORTABLE`].
type PortablePerftSteps =
    PerftSteps<fn(u64, u64) -> u64, fn(u64, u64, u64) -> u64, fn(u64, u64, u64) -> u64, fn(u64, u64, u64) -> u64>;

/// The child after `p` plays on `sq` (legal) against `o`, as (side to move, other side).
#[inline(always)]
pub(crate) fn child(p: u64, o: u64, sq: usize) -> (u64, u64) {
    kernel::place(p, o, sq, flips(p, o, sq))
}

/// The sum of `count(child_p, child_o, child_moves)` over the children of
/// `(p, o)` after its moves `m`: the portable steps' loop (no overflow below
/// depth 4: at most 64 children of at most 64 * 64 leaves each).
#[inline(always)]
fn sum_children(p: u64, o: u64, mut m: u64, count: impl Fn(u64, u64, u64) -> u64) -> u64 {
    let mut total = 0;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let (child_p, child_o) = child(p, o, sq);
        total += count(child_p, child_o, kernel::moves(child_p, child_o));
    }
    total
}

/// [`PerftSteps::leaves`] on the kernel's scalar functions.
#[inline(always)]
fn leaves_portable(p: u64, o: u64, m: u64) -> u64 {
    sum_children(p, o, m, |_, _, child_m| count(child_m).max(1))
}

/// [`PerftSteps::depth3`] on the kernel's scalar functions.
#[inline(always)]
fn depth3_portable(p: u64, o: u64, m: u64) -> u64 {
    sum_children(p, o, m, |child_p, child_o, child_m| match child_m {
        0 => passed_depth2(child_p, child_o, kernel::moves),
        _ => leaves_portable(child_p, child_o, child_m),
    })
}

/// [`PerftSteps::depth4`] on the kernel's scalar functions.
#[inline(always)]
fn depth4_portable(p: u64, o: u64, m: u64) -> u64 {
    sum_children(p, o, m, |child_p, child_o, child_m| match child_m {
        0 => passed_depth3(child_p, child_o, kernel::moves, leaves_portable),
        _ => depth3_portable(child_p, child_o, child_m),
    })
}

/// One node of the count, with the recursion left to the caller so that each
/// CPU-specific build recurses into itself. Depth must be at least 1.
///
/// Bulk counting: at depth 1 the answer is the number of moves (1 for a pass or a
/// finished game), so depth 2 counts each child's moves without visiting them
/// ([`PerftSteps::leaves`]); depth 3 is a step of its own ([`PerftSteps::depth3`]) so
/// that a build can batch its grandchildren.
#[inline(always)]
pub(crate) fn perft_node<M, L, T, F>(
    p: u64,
    o: u64,
    depth: u32,
    steps: PerftSteps<M, L, T, F>,
    recurse: &mut impl FnMut(u64, u64, u32) -> u64,
) -> u64
where
    M: Fn(u64, u64) -> u64 + Copy,
    L: Fn(u64, u64, u64) -> u64 + Copy,
    T: Fn(u64, u64, u64) -> u64 + Copy,
    F: Fn(u64, u64, u64) -> u64 + Copy,
{
    let mut m = (steps.moves)(p, o);
    if m == 0 {
        return match depth {
            1 => 1,
            2 => passed_depth2(p, o, steps.moves),
            _ if (steps.moves)(o, p) == 0 => 1,
            _ => recurse(o, p, depth - 1),
        };
    }
    match depth {
        1 => count(m),
        2 => (steps.leaves)(p, o, m),
        3 => (steps.depth3)(p, o, m),
        4 => (steps.depth4)(p, o, m),
        _ => {
            let mut total = 0;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let (child_p, child_o) = child(p, o, sq);
                // Saturating: a count past u64::MAX stays there instead of
                // wrapping (only above depth 3: the hot loops keep their plain add).
                total = u64::saturating_add(total, recurse(child_p, child_o, depth - 1));
            }
            total
        }
    }
}

/// The count of a node at depth 2 whose side to move has no move: 1 for a
/// finished game; otherwise the side passes (a ply) and the opponent's moves
/// are the leaves.
#[inline(always)]
pub(crate) fn passed_depth2(p: u64, o: u64, moves: impl Fn(u64, u64) -> u64) -> u64 {
    count(moves(o, p)).max(1)
}

/// The count of a node at depth 3 whose side to move has no move: 1 for a
/// finished game; otherwise the side passes (a ply) and the opponent's node
/// at depth 2 is counted by `leaves`.
#[inline(always)]
pub(crate) fn passed_depth3(
    p: u64,
    o: u64,
    moves: impl Fn(u64, u64) -> u64,
    leaves: impl FnOnce(u64, u64, u64) -> u64,
) -> u64 {
    match moves(o, p) {
        0 => 1,
        m => leaves(o, p, m),
    }
}

/// Depths below this are counted without the table: storing them costs more
/// than recounting.
const MIN_HASHED_DEPTH: u32 = 4;

/// One node of the hashed count: look the canonical board up, else count with
/// `perft_node` (recursing through `hashed`, or `plain` near the leaves) and store.
#[inline(always)]
pub(crate) fn hashed_node<M, L, T, F>(
    p: u64,
    o: u64,
    depth: u32,
    table: &PerftTable<'_>,
    steps: PerftSteps<M, L, T, F>,
    plain: &mut impl FnMut(u64, u64, u32) -> u64,
    hashed: &mut impl FnMut(u64, u64, u32) -> u64,
) -> u64
where
    M: Fn(u64, u64) -> u64 + Copy,
    L: Fn(u64, u64, u64) -> u64 + Copy,
    T: Fn(u64, u64, u64) -> u64 + Copy,
    F: Fn(u64, u64, u64) -> u64 + Copy,
{
    if depth < MIN_HASHED_DEPTH {
        return plain(p, o, depth);
    }
    let (cp, co) = canonical(p, o);
    if let Some(n) = table.probe(cp, co, depth) {
        return n;
    }
    let n = perft_node(p, o, depth, steps, hashed);
    table.store(cp, co, depth, n);
    n
}
