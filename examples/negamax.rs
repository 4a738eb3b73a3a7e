//! An engine's inner loop on the raw kernel: a fail-hard alpha-beta search
//! on the disc margin, children made four at a time with their mobility by
//! `raw::Kernel::children` and tried fewest replies first. Prints the best
//! move of a position and its score.
//!
//! ```text
//! cargo run --release --example negamax [DEPTH] [POSITION]
//! ```
//!
//! `POSITION` is any position text reversi-core reads (default: the start).

use std::time::Instant;

use reversi_rules::othello::raw::Kernel;
use reversi_rules::othello::{Position, Square};

/// A finished game scores its final margin times 100, beyond any margin.
const WIN: i32 = 100;

/// The score of `(p, o)` for `p`, `depth` plies deep, within `(alpha, beta)`.
fn negamax(k: Kernel, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let margin = p.count_ones() as i32 - o.count_ones() as i32;
    let moves = k.moves(p, o);
    if moves == 0 {
        return if k.moves(o, p) == 0 {
            margin * WIN
        } else if depth == 0 {
            margin
        } else {
            -negamax(k, o, p, depth - 1, -beta, -alpha, nodes)
        };
    }
    if depth == 0 {
        return margin;
    }
    // A side has at most 33 legal moves; keep them on the stack.
    let mut children = [(0u32, 0u64, 0u64); 40];
    let mut n = 0;
    for child in k.children(p, o, moves) {
        children[n] = (child.mobility, child.player, child.opponent);
        n += 1;
    }
    children[..n].sort_unstable_by_key(|c| c.0);
    for &(_, cp, co) in &children[..n] {
        let score = -negamax(k, cp, co, depth - 1, -beta, -alpha, nodes);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(10).max(1);
    let pos: Position = match args.next() {
        Some(text) => text.parse()?,
        None => Position::start(),
    };
    let k = Kernel::detect();
    let (p, o) = (pos.player().0, pos.opponent().0);
    let moves = k.moves(p, o);
    if moves == 0 {
        println!("{} has no move: it passes, or the game is over", pos.side_to_move());
        return Ok(());
    }
    let (start, mut nodes) = (Instant::now(), 0);
    let (mut best, mut alpha) = (None, -64 * WIN - 1);
    for child in k.children(p, o, moves) {
        let score = -negamax(k, child.player, child.opponent, depth - 1, -64 * WIN - 1, -alpha, &mut nodes);
        if score > alpha {
            (best, alpha) = (Square::from_index(child.square), score);
        }
    }
    let best = best.ok_or("no square")?;
    println!(
        "{} plays {best}, score {alpha} at depth {depth} ({nodes} nodes in {:.3?}, {})",
        pos.side_to_move(),
        start.elapsed(),
        k.backend().name()
    );
    Ok(())
}
