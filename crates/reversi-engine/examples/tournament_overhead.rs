//! A tournament's own work per ply (the referee's, the schedule's, the
//! crosstable's and the records'), without processes or pipes: four random
//! players in this process, a round robin of about GAMES games (default
//! 1,000) on two threads.
//!
//! ```text
//! cargo run --release -p reversi-engine --example tournament_overhead [GAMES]
//! ```

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi_engine::referee::{Entrant, Format, MatchOptions, PolicyPlayer, Tournament, TournamentOptions};
use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let entrants: Vec<Entrant<'static>> = (0..4u64)
        .map(|seed| {
            Entrant::new(format!("random {seed}"), format!("policy:random:{seed}"), move |_| {
                Ok(Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(seed)))))
            })
        })
        .collect();
    // Six pairings.
    let options = TournamentOptions::new(Format::RoundRobin, MatchOptions::new(games.div_ceil(6)).concurrency(2));
    let mut tournament = Tournament::new(entrants, options).expect("four entrants");
    let (mut plies, mut bytes, mut played) = (0, 0, 0);
    let began = Instant::now();
    tournament.run(&AtomicBool::new(false), &mut |game, _table| {
        played += 1;
        plies += game.record.moves.len();
        bytes += reversi_notation::write(reversi_notation::Format::Ggf, std::slice::from_ref(&game.record))
            .map_or(0, |b| b.len());
        true
    });
    let took = began.elapsed().as_secs_f64();
    println!(
        "{played} games, {plies} plies, {bytes} bytes of GGF in {took:.3} s on 2 threads: {:.2} us a ply (players' choices included)",
        1e6 * took / plies as f64
    );
    println!("{}", tournament.crosstable());
}
