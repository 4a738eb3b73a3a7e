//! The session against in-process players and the scripted test engines
//! (tests/engines/scripted.py).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reversi_variants::{Move, Position};

use super::{Session, SessionError, continuation};
use crate::player::{Clocks, GameState, Player, TimeControl};
use crate::process::Fault;
use crate::referee::{EngineSpec, PolicyPlayer, Protocol};
use crate::{BuiltinPolicy, Seeded, SplitMix64};

fn standard() -> Position {
    Position::from(reversi_core::Position::start())
}

/// What a test player saw: how many times it was started, told a new game
/// and asked for a move, and the game of its last move request.
#[derive(Default)]
struct Seen {
    starts: AtomicUsize,
    games: AtomicUsize,
    asked: AtomicUsize,
    last: std::sync::Mutex<Option<GameState>>,
}

/// A player that answers `answer(position)` (after `delay`) and counts.
struct Probe {
    seen: Arc<Seen>,
    answer: fn(&Position) -> Move,
    delay: Duration,
}

impl Player for Probe {
    fn name(&self) -> String {
        "probe".into()
    }

    fn new_game(&mut self, _game: &GameState, _control: &TimeControl, _deadline: Instant) -> Result<(), Fault> {
        self.seen.games.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    fn go(&mut self, game: &GameState, _clocks: &Clocks, _deadline: Instant) -> Result<Move, Fault> {
        self.seen.asked.fetch_add(1, Ordering::SeqCst);
        *self.seen.last.lock().unwrap() = Some(game.clone());
        std::thread::sleep(self.delay);
        Ok((self.answer)(&game.position))
    }
}

fn first(pos: &Position) -> Move {
    pos.moves().next().unwrap()
}

fn probe(answer: fn(&Position) -> Move, delay: Duration) -> (Session, Arc<Seen>) {
    let seen = Arc::new(Seen::default());
    let for_starter = Arc::clone(&seen);
    let session = Session::with_starter(
        move |_| {
            for_starter.starts.fetch_add(1, Ordering::SeqCst);
            Ok(Box::new(Probe { seen: Arc::clone(&for_starter), answer, delay }))
        },
        Duration::from_secs(5),
    );
    (session, seen)
}

const TIME: Duration = Duration::from_secs(5);

#[test]
fn a_position_that_follows_continues_the_game_and_another_starts_one() {
    let (mut session, seen) = probe(first, Duration::ZERO);
    let mut pos = standard();
    for ply in 0..6 {
        let mv = session.go(pos, TIME).unwrap();
        assert_eq!(mv, first(&pos));
        pos.play(mv).unwrap();
        let reply = pos.moves().last().unwrap();
        pos.play(reply).unwrap();
        // One game told, its moves all there: the engine's and the replies.
        let last = seen.last.lock().unwrap().clone().unwrap();
        assert_eq!(last.moves.len(), 2 * ply, "{last:?}");
    }
    assert_eq!(seen.games.load(Ordering::SeqCst), 1);
    // A position that does not follow: a new game at it.
    session.go(standard(), TIME).unwrap();
    assert_eq!(seen.games.load(Ordering::SeqCst), 2);
    assert!(seen.last.lock().unwrap().as_ref().unwrap().moves.is_empty());
    // `new_game` forgets the game even when the position follows.
    let mut next = standard();
    next.play(first(&next)).unwrap();
    next.play(next.moves().next().unwrap()).unwrap();
    session.new_game();
    session.go(next, TIME).unwrap();
    assert_eq!(seen.games.load(Ordering::SeqCst), 3);
    assert_eq!(seen.starts.load(Ordering::SeqCst), 1);
}

#[test]
fn a_forced_pass_after_the_engine_move_continues_the_game() {
    // Find, by greedy self-play, a move after which the other side must pass.
    let mut policy = Seeded::new(BuiltinPolicy::Random, SplitMix64::new(7));
    let (before, mv) = 'search: loop {
        let mut pos = standard();
        while !pos.is_game_over() {
            if pos.must_pass() {
                pos.play(Move::Pass).unwrap();
                continue;
            }
            for mv in pos.moves() {
                let mut child = pos;
                child.play_unchecked(mv);
                if child.must_pass() && !child.is_game_over() {
                    break 'search (pos, mv);
                }
            }
            let mv = crate::Policy::choose(&mut policy, &pos);
            pos.play(mv).unwrap();
        }
    };
    let game = GameState::new(before);
    let mut after = before;
    after.play(mv).unwrap();
    after.play(Move::Pass).unwrap();
    assert_eq!(continuation(&game, after), Some(vec![mv, Move::Pass]));
    let mut child = before;
    child.play(mv).unwrap();
    assert_eq!(continuation(&game, child), Some(vec![mv]));
    assert_eq!(continuation(&game, before), Some(vec![]));
    assert_eq!(continuation(&game, standard()), None);
}

#[test]
fn each_fault_ends_the_player_and_the_next_go_starts_it_again() {
    // The answer, its delay, the time given, the fault.
    type Case = (fn(&Position) -> Move, Duration, Duration, Fault);
    let cases: [Case; 3] = [
        (|_| Move::Pass, Duration::ZERO, TIME, Fault::Illegal(Move::Pass)),
        (|_| "a1".parse().unwrap(), Duration::ZERO, TIME, Fault::Illegal("a1".parse().unwrap())),
        (first, Duration::from_millis(50), Duration::from_millis(1), Fault::Timeout),
    ];
    for (answer, delay, time, fault) in cases {
        let (mut session, seen) = probe(answer, delay);
        assert_eq!(session.go(standard(), time), Err(SessionError::Fault(fault.clone())), "{fault:?}");
        assert_eq!(seen.starts.load(Ordering::SeqCst), 1);
        let _ = session.go(standard(), time);
        assert_eq!(seen.starts.load(Ordering::SeqCst), 2, "{fault:?}: started again");
    }
}

#[test]
fn a_position_without_a_move_asks_nothing() {
    let (mut session, seen) = probe(first, Duration::ZERO);
    let over: reversi_core::Position =
        "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX X".parse().unwrap();
    let over = Position::from(over);
    assert_eq!(session.go(over, TIME), Err(SessionError::NoMove(Box::new(over))));
    assert_eq!(seen.starts.load(Ordering::SeqCst), 0);
}

#[test]
fn a_policy_player_plays_legal_moves() {
    let mut session = Session::with_starter(
        |_| Ok(Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(5))))),
        TIME,
    );
    let mut pos = standard();
    while !pos.is_game_over() {
        if pos.must_pass() {
            pos.play(Move::Pass).unwrap();
            continue;
        }
        let mv = session.go(pos, TIME).unwrap();
        pos.play(mv).unwrap();
    }
    assert_eq!(session.name().unwrap(), "random");
}

fn scripted(protocol: Protocol, mode: &str) -> EngineSpec {
    let script = format!("{}/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    let name = if protocol == Protocol::Gtp { "gtp" } else { "nboard" };
    EngineSpec::new(protocol, vec!["python3".into(), script, name.into(), mode.into()])
}

#[test]
fn scripted_engines_follow_the_game_and_fail_as_faults() {
    for protocol in [Protocol::Gtp, Protocol::Nboard] {
        let mut session = Session::new(scripted(protocol, "good"), TIME);
        let mut pos = standard();
        for _ in 0..4 {
            // The scripted engine plays the first legal move.
            let mv = session.go(pos, TIME).unwrap();
            assert_eq!(mv, first(&pos), "{protocol:?}");
            pos.play(mv).unwrap();
            pos.play(pos.moves().last().unwrap()).unwrap();
        }
        let mut session = Session::new(scripted(protocol, "illegal"), TIME);
        assert!(
            matches!(session.go(standard(), TIME), Err(SessionError::Fault(f)) if matches!(f.cause(), Fault::Illegal(_))),
            "{protocol:?}"
        );
    }
}

#[test]
fn a_gtp_engine_is_not_asked_to_set_up_another_start() {
    let other: reversi_core::Position =
        "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O".parse().unwrap();
    let other = Position::from(other);
    // A program that cannot start: the check comes before any start.
    let spec = EngineSpec::new(Protocol::Gtp, vec!["/nonexistent/engine".into()]);
    let mut session = Session::new(spec, TIME);
    assert!(matches!(session.go(other, TIME), Err(SessionError::Start(_))));
    // NBoard is told any position (the scripted engine reads only moves:
    // its answer is not checked here, only that it was asked).
    let mut session = Session::new(scripted(Protocol::Nboard, "good"), TIME);
    assert!(!matches!(session.go(other, TIME), Err(SessionError::Start(_))));
    // GTP from the standard start on, and a position its game reaches.
    let mut session = Session::new(scripted(Protocol::Gtp, "good"), TIME);
    let mut pos = standard();
    let mv = session.go(pos, TIME).unwrap();
    pos.play(mv).unwrap();
    pos.play(pos.moves().next().unwrap()).unwrap();
    assert_eq!(session.go(pos, TIME).unwrap(), first(&pos));
}
