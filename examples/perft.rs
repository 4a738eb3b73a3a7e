//! Counts perft from the start, depth by depth, with the time each takes.
//!
//! ```text
//! cargo run --release --example perft [MAX_DEPTH]
//! ```

use std::time::Instant;

use reversi_rules::othello::{Backend, Position, perft};

fn main() {
    let max: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    println!("backend: {}", Backend::detect().name());
    for depth in 0..=max {
        let start = Instant::now();
        let nodes = perft(&Position::start(), depth);
        println!("perft({depth:2}) = {nodes:>14} in {:.3?}", start.elapsed());
    }
}
