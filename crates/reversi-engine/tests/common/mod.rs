//! A side for the schedulers' tests (tests/schedule.rs, tests/tournament.rs):
//! it logs each game it is told of, so that a test sees which games started
//! and when.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reversi_engine::referee::{Clocks, GameState, Player, PolicyPlayer, TimeControl};
use reversi_engine::{BuiltinPolicy, Fault, Seeded, SplitMix64};
use reversi_variants::Move;

/// What happened, in order, over every thread.
pub(crate) type Log = Arc<Mutex<Vec<String>>>;

/// A player that logs each game it is told of (`start {index}`), and plays
/// the greedy policy's move after `delay`, or a pass (a forfeit: it has a
/// move) when `forfeits`.
struct Logged {
    log: Log,
    forfeits: bool,
    delay: Duration,
    policy: PolicyPlayer<Seeded>,
}

impl Player for Logged {
    fn name(&self) -> String {
        if self.forfeits { "forfeiter".into() } else { "greedy".into() }
    }
    fn note_game(&mut self, index: usize) {
        self.log.lock().unwrap().push(format!("start {index}"));
    }
    fn new_game(&mut self, game: &GameState, control: &TimeControl, deadline: Instant) -> Result<(), Fault> {
        self.policy.new_game(game, control, deadline)
    }
    fn go(&mut self, game: &GameState, clocks: &Clocks, deadline: Instant) -> Result<Move, Fault> {
        if self.forfeits {
            return Ok(Move::Pass);
        }
        std::thread::sleep(self.delay);
        self.policy.go(game, clocks, deadline)
    }
}

/// What starts a [`Logged`] side writing to `log`.
pub(crate) fn logged(
    log: &Log,
    forfeits: bool,
    delay: Duration,
) -> impl Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync + use<> {
    let log = log.clone();
    move |_| {
        let policy = PolicyPlayer(Seeded::new(BuiltinPolicy::Greedy, SplitMix64::new(1)));
        Ok(Box::new(Logged { log: log.clone(), forfeits, delay, policy }))
    }
}
