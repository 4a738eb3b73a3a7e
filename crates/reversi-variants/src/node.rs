//! The perft node of every variant and board: one step of the count, written
//! once over the rules and the bit-set type with the recursion and the
//! engine's operations left to the caller, so that each build in
//! [`dispatch`](crate::dispatch) compiles it with its own instructions; the
//! convention is [`perft`](crate::perft())'s.

use crate::bits::BitSet;
use crate::engine::{Engine, ReversiOps};
use crate::table::Table;
use crate::variant::Rules;

/// One node of the count, `depth >= 1`, with the recursion left to the caller
/// so that each CPU-specific build recurses into itself.
///
/// Bulk counting: a node at depth 1 counts its moves (1 for a pass or a finished
/// game), so depth 2 counts each child's moves without visiting them.
#[inline(always)]
pub(crate) fn perft_node<R: Rules, B: BitSet>(
    e: &Engine<B>,
    p: B,
    o: B,
    depth: u32,
    kernel: impl ReversiOps<B>,
    recurse: &mut impl FnMut(B, B, u32) -> u64,
) -> u64 {
    if R::wiped_out(p, o) {
        return 1;
    }
    if depth == 1 {
        // A pass or a finished game is one leaf.
        return R::count_moves(e, p, o, kernel).max(1);
    }
    // The moves are generated once: none seen means a pass or the end.
    let mut total = 0;
    let any = if depth == 2 {
        // The children at depth 1, in a loop of their own without a call: each
        // counts its moves, or 1 for a pass or a finished game. A plain sum: a
        // node has fewer than 2^32 moves, so its children's counts cannot overflow.
        for_each_child::<R, B>(
            e,
            p,
            o,
            kernel,
            #[inline(always)]
            |np, no| total += if R::wiped_out(no, np) { 1 } else { R::count_moves(e, no, np, kernel).max(1) },
        )
    } else {
        for_each_child::<R, B>(
            e,
            p,
            o,
            kernel,
            // Saturating: a count past u64::MAX stays there instead of wrapping.
            #[inline(always)]
            |np, no| total = u64::saturating_add(total, recurse(no, np, depth - 1)),
        )
    };
    if !any {
        return if R::count_moves(e, o, p, kernel) == 0 { 1 } else { recurse(o, p, depth - 1) };
    }
    total
}

/// Calls `child` with `(p, o)` after each move of `p` (the mover's pieces,
/// then the opponent's); whether there was one.
#[inline(always)]
fn for_each_child<R: Rules, B: BitSet>(
    e: &Engine<B>,
    p: B,
    o: B,
    kernel: impl ReversiOps<B>,
    mut child: impl FnMut(B, B),
) -> bool {
    let mut any = false;
    R::for_each_move(
        e,
        p,
        o,
        kernel,
        #[inline(always)]
        |mv, to| {
            any = true;
            let (np, no) = R::play_to(e, p, o, mv, to, kernel);
            child(np, no);
        },
    );
    any
}

/// Depths below this are counted without the table: storing them costs more
/// than recounting.
const MIN_HASHED_DEPTH: u32 = 3;

/// One node of the hashed count: look `(p, o)` up, else count with `perft_node`
/// (recursing through `hashed`, or `plain` near the leaves) and store.
#[inline(always)]
#[expect(
    clippy::too_many_arguments,
    reason = "the hot path: the node, the table and the three builds it recurses through"
)]
pub(crate) fn hashed_node<R: Rules, B: BitSet>(
    e: &Engine<B>,
    p: B,
    o: B,
    depth: u32,
    table: &Table<'_, B>,
    kernel: impl ReversiOps<B>,
    plain: &mut impl FnMut(B, B, u32) -> u64,
    hashed: &mut impl FnMut(&Table<'_, B>, B, B, u32) -> u64,
) -> u64 {
    if depth < MIN_HASHED_DEPTH {
        return plain(p, o, depth);
    }
    if let Some(n) = table.probe(p, o, depth) {
        return n;
    }
    let n = perft_node::<R, B>(e, p, o, depth, kernel, &mut |p, o, d| hashed(table, p, o, d));
    table.store(p, o, depth, n);
    n
}
