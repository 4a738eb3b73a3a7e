//! The match scheduler's own work per game: `run_match` between two random
//! players in this process (no processes or pipes), on 1 and 2 threads,
//! with and without an SPRT on the pairs (one that decides nothing in
//! these games, so that every game is played and the verdict's look-ahead
//! runs before each).
//!
//! ```text
//! cargo run --release -p reversi-engine --example match_overhead [GAMES]
//! ```

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use reversi_engine::referee::{
    EloModel, MatchOptions, PairTally, Player, PolicyPlayer, Sprt, TimeControl, run_scored_match,
};
use reversi_engine::{BuiltinPolicy, Fault, Seeded, SplitMix64};

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let control = TimeControl { time: Duration::from_secs(60), increment: Duration::ZERO };
    let random = |seed: u64| {
        move |_| -> Result<Box<dyn Player + Send>, Fault> {
            Ok(Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(seed)))))
        }
    };
    let (first, second) = (random(1), random(2));
    // Bounds no thousand games of two random players reach.
    let sprt = Sprt { elo0: -1.0, elo1: 1.0, alpha: 1e-12, beta: 1e-12 };
    for concurrency in [1, 2] {
        for test in [None, Some((sprt, EloModel::Logistic))] {
            let options =
                MatchOptions::new(games).openings(vec![]).control(control).concurrency(concurrency).sprt(test);
            let mut tally = PairTally::default();
            let mut plies = 0;
            let began = Instant::now();
            run_scored_match(&first, &second, &options, &mut tally, &AtomicBool::new(false), &mut |report, _| {
                plies += report.played.game.moves.len();
                true
            });
            let took = began.elapsed().as_secs_f64();
            println!(
                "{} games, {plies} plies, {concurrency} thread(s), SPRT {}: {took:.3} s, {:.1} us a game, {:.2} us a ply (players' choices included)",
                tally.tally().games(),
                if test.is_some() { "on" } else { "off" },
                1e6 * took / games as f64,
                1e6 * took / plies as f64
            );
        }
    }
}
