//! The referee's own work per ply (legality, clock, the record), without
//! processes or pipes: games between two random players in this process.
//!
//! ```text
//! cargo run --release -p reversi-engine --example referee_overhead [GAMES]
//! ```

use std::time::{Duration, Instant};

use reversi_engine::referee::{Adjudication, GameReport, GameState, PolicyPlayer, TimeControl, play_game};
use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};
use reversi_variants::Position;

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let control = TimeControl { time: Duration::from_secs(60), increment: Duration::ZERO };
    let opening = GameState::new(Position::from(reversi_core::Position::start()));
    let mut black = PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(1)));
    let mut white = PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(2)));
    let (mut plies, mut bytes) = (0, 0);
    let began = Instant::now();
    for index in 0..games {
        let played =
            play_game(&mut black, &mut white, &opening, control, Duration::from_secs(1), &Adjudication::new(), &|| {
                false
            });
        plies += played.game.moves.len();
        let report = GameReport { index, first_is_black: true, names: ["a".into(), "b".into()], played };
        bytes += reversi_notation::write(reversi_notation::Format::Ggf, &[report.record()]).map_or(0, |b| b.len());
    }
    let took = began.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {bytes} bytes of GGF in {took:.3} s: {:.2} us a ply (players' choices included)",
        1e6 * took / plies as f64
    );
}
