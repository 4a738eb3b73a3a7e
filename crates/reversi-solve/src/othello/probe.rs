//! Shallow searches of the learned evaluation ([`super::eval`]; on the
//! centred 6x6 board the learned [`super::eval6`] plus [`Shape::evaluate`];
//! on another board smaller than 8x8 or with holes, [`Shape::evaluate`]): a
//! negamax of a few plies whose leaves are [`evaluate`]d, for move
//! ordering only. Their values are guesses, never bounds of a score: the
//! exact search stays exact whatever they say.
//!
//! [`probe`] values each child in the move ordering (`ordering.rs`); the
//! guesses of a first move (`guess.rs`) search with [`probe_on`] at their
//! last two plies.

use reversi_core::raw::Kernel;

use super::bits::final_score;
use super::eval::{UNIT, evaluate};
use super::eval6;
use super::shape::{FULL, Shape};

/// Above every value of [`probe`] (the evaluation stays far below).
pub(crate) const INFINITY: i32 = 1 << 20;

/// The evaluation searched `depth` plies from `(p, o)` (`moves`: the legal
/// moves of `p`), in 1/[`UNIT`] of a disc from `p`'s side: alpha-beta,
/// fail-soft, in the window `(alpha, beta)`. A pass costs no ply; a
/// finished game is its final score.
pub(crate) fn probe(k: Kernel, p: u64, o: u64, moves: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
    probe_on::<false>(k, &FULL, p, o, moves, depth, alpha, beta)
}

/// The evaluation of `(p, o)` on `shape`: the learned one on the full
/// board; on the centred 6x6 board its learned one ([`eval6`]) plus
/// [`Shape::evaluate`]; else [`Shape::evaluate`]. (On the 6x6 positions of
/// 24 and 26 empties of `guess.rs`'s figures, in the guesses alone: 21.2 M
/// and 55.3 M nodes with [`Shape::evaluate`], 25.8 M and 54.9 M with
/// [`eval6`] alone, 20.3 M and 46.6 M with the sum; [`eval6`] with weights
/// for each side's mobility and potential mobility beside its patterns,
/// learnt on the same data, alone 21.0 M and 79.0 M, plus
/// [`Shape::evaluate`] 19.0 M and 72.6 M.)
#[inline(always)]
pub(crate) fn value<const MASKED: bool>(k: Kernel, shape: &Shape, p: u64, o: u64) -> i32 {
    if !MASKED {
        evaluate(p, o)
    } else if shape.mask == eval6::MASK {
        eval6::evaluate(p, o) + shape.evaluate(k, p, o)
    } else {
        shape.evaluate(k, p, o)
    }
}

/// As [`probe`] on the board `shape` (`MASKED`: not the full board, its
/// evaluation as [`value`] picks it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn probe_on<const MASKED: bool>(
    k: Kernel,
    shape: &Shape,
    p: u64,
    o: u64,
    moves: u64,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    let mask = if MASKED { shape.mask } else { !0 };
    if depth == 0 {
        return value::<MASKED>(k, shape, p, o);
    }
    if moves == 0 {
        let replies = k.moves(o, p) & mask;
        if replies == 0 {
            return final_score(p, o, shape.squares) * UNIT;
        }
        return -probe_on::<MASKED>(k, shape, o, p, replies, depth, -beta, -alpha);
    }
    let mut best = -INFINITY;
    let mut alpha = alpha;
    if depth == 1 {
        let mut m = moves;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            let (cp, co) = k.play(p, o, x);
            let v = -value::<MASKED>(k, shape, cp, co);
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
            }
        }
        return best;
    }
    for child in k.children(p, o, moves) {
        let v =
            -probe_on::<MASKED>(k, shape, child.player, child.opponent, child.moves & mask, depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v >= beta {
                break;
            }
            alpha = alpha.max(v);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax of the evaluation, no window: the twin.
    fn negamax(k: Kernel, p: u64, o: u64, depth: u32) -> i32 {
        let moves = k.moves(p, o);
        if depth == 0 {
            return evaluate(p, o);
        }
        if moves == 0 {
            if k.moves(o, p) == 0 {
                return final_score(p, o, 64) * UNIT;
            }
            return -negamax(k, o, p, depth);
        }
        k.children(p, o, moves).map(|c| -negamax(k, c.player, c.opponent, depth - 1)).max().unwrap_or(0)
    }

    #[test]
    fn alpha_beta_gives_the_negamax_value_inside_the_window() {
        let k = Kernel::detect();
        // The start and a few plies on.
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        for ply in 0..8 {
            let moves = k.moves(p, o);
            for depth in 0..4 {
                let exact = negamax(k, p, o, depth);
                assert_eq!(probe(k, p, o, moves, depth, -INFINITY, INFINITY), exact, "ply {ply} depth {depth}");
                // A null window around the value answers on the right side.
                assert!(probe(k, p, o, moves, depth, exact - 1, exact) >= exact);
                assert!(probe(k, p, o, moves, depth, exact, exact + 1) <= exact);
            }
            let x = moves.trailing_zeros() as usize;
            (p, o) = k.play(p, o, x);
        }
    }
}
