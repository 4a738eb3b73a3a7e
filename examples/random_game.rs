//! Plays a random game from the start and prints it move by move.
//!
//! ```text
//! cargo run --example random_game [SEED]
//! ```

use reversi_rules::othello::{Move, Position};

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

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let mut rng = Rng(seed | 1);
    let mut pos = Position::start();
    let mut record = Vec::new();
    while !pos.is_game_over() {
        let moves: Vec<Move> = pos.moves().collect();
        let mv = moves[rng.below(moves.len())];
        pos.play(mv).expect("a move from the legal list is legal");
        record.push(mv.to_string());
    }
    println!("{}", record.join(" "));
    println!("{}", pos.pretty());
    let outcome = pos.outcome().expect("the loop ends when the game does");
    match outcome.winner {
        Some(winner) => println!("{} wins {}-{}", winner.name(), outcome.score.black, outcome.score.white),
        None => println!("draw {}-{}", outcome.score.black, outcome.score.white),
    }
}
