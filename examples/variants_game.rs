//! Plays a game of Reversitacks (or any variant) on a 10x10 board (or any
//! board), a greedy player against a random one, and draws the board after
//! every move.
//!
//! ```text
//! cargo run --example variants_game [VARIANT] [BOARD] [SEED]
//! cargo run --example variants_game attacks 7x7 1
//! ```

use std::error::Error;

use reversi_rules::variants::{Color, Geometry, Move, Position, Variant};

/// A small xorshift generator: reproducible from the seed, no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let variant: Variant = args.next().as_deref().unwrap_or("reversitacks").parse()?;
    let board: Geometry = args.next().as_deref().unwrap_or("10x10").parse()?;
    let seed: u64 = args.next().map_or(Ok(2026), |s| s.parse())?;
    let mut rng = Rng(seed | 1);
    let mut pos = Position::start(variant, board)?;
    println!("{variant} on {board}\n{}\n", pos.pretty());
    // Attacks and Reversitacks games need not end: stop after a while.
    for _ in 0..10 * board.playable_count() {
        if pos.is_game_over() {
            break;
        }
        let mover = pos.side_to_move();
        let mv = if mover == Color::Black { greedy(&pos) } else { random(&pos, &mut rng) };
        let converted = pos.play(mv)?;
        println!("{mover} plays {mv}, converting {}\n{}\n", converted.len(), pos.pretty());
    }
    match pos.outcome() {
        Some(outcome) => println!("final score {outcome}"),
        None => println!("stopped at {}", pos.score()),
    }
    Ok(())
}

/// The move that leaves the mover the most pieces (the first of equals).
fn greedy(pos: &Position) -> Move {
    let me = pos.side_to_move();
    let after = |mv: Move| {
        let mut child = *pos;
        child.play_unchecked(mv);
        child.count(me)
    };
    pos.moves().max_by_key(|&mv| after(mv)).expect("the game is not over")
}

/// Any legal move.
fn random(pos: &Position, rng: &mut Rng) -> Move {
    let mut moves = pos.moves();
    let n = moves.len();
    moves.nth(rng.below(n)).expect("the game is not over")
}
