//! The referee against scripted engines (tests/engines/scripted.py): each
//! failure scored and recorded exactly.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_engine::referee::{
    Adjudication, Clocks, EngineSpec, GameReport, GameState, MatchOptions, Player, PolicyPlayer, Protocol, Termination,
    TimeControl, play_game, run_match,
};
use reversi_engine::{BuiltinPolicy, Fault, Seeded, SplitMix64};
use reversi_notation::{GameResult, Passes, replay};
use reversi_variants::{Geometry, Move, Position, Variant};

fn script() -> String {
    format!("{}/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"))
}

fn spec(protocol: Protocol, mode: &str) -> EngineSpec {
    let name = if protocol == Protocol::Gtp { "gtp" } else { "nboard" };
    EngineSpec::new(protocol, vec!["python3".into(), script(), name.into(), mode.into()])
}

fn random() -> PolicyPlayer<Seeded> {
    PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(3)))
}

fn opening() -> GameState {
    GameState::new(Position::from(reversi_core::Position::start()))
}

const SECOND: TimeControl = TimeControl { time: Duration::from_millis(1500), increment: Duration::ZERO };

/// Plays the scripted engine `mode` as Black against the random player.
fn black_game(protocol: Protocol, mode: &str, control: TimeControl) -> (GameReport, Duration) {
    let began = Instant::now();
    let mut engine = spec(protocol, mode).start(Instant::now() + Duration::from_secs(10)).unwrap();
    let mut white = random();
    let played = play_game(
        &mut *engine,
        &mut white,
        &opening(),
        control,
        Duration::from_secs(10),
        &Adjudication::new(),
        &|| false,
    );
    let names = [engine.name(), white.name()];
    (GameReport { index: 0, first_is_black: true, names, played }, began.elapsed())
}

#[test]
fn every_failure_loses_the_game_and_is_recorded() {
    type Check = fn(&Fault) -> bool;
    let cases: [(&str, Check); 5] = [
        ("crash:3", |f| matches!(f, Fault::Crash(_))),
        ("hang:3", |f| *f == Fault::Timeout),
        ("illegal:3", |f| matches!(f, Fault::Illegal(m) if m.to_string().len() == 2)),
        ("garbage:3", |f| matches!(f, Fault::Garbage(g) if g.to_lowercase().contains("banana"))),
        ("flood:3", |f| matches!(f, Fault::Garbage(g) if g.contains("longer than"))),
    ];
    for protocol in [Protocol::Gtp, Protocol::Nboard] {
        for (mode, check) in cases {
            let (report, took) = black_game(protocol, mode, SECOND);
            let played = &report.played;
            let Termination::Forfeit { loser, fault } = &played.termination else {
                panic!("{protocol:?} {mode}: {:?}", played.termination)
            };
            assert_eq!(*loser, Color::Black, "{protocol:?} {mode}");
            assert!(check(fault), "{protocol:?} {mode}: {fault:?}");
            // Two moves each, then the third request fails.
            assert_eq!(played.game.moves.len(), 4, "{protocol:?} {mode}");
            assert_eq!(report.first_score(), Some(0.0));
            let record = report.record();
            let suffix = if *fault == Fault::Timeout { "t" } else { "r" };
            assert_eq!(record.result, Some(GameResult::Net { margin: -64.0, how: Some(suffix.into()) }));
            let termination = record.get("Termination").unwrap();
            assert_eq!(termination, format!("black (scripted-{}) forfeits: {fault}", &mode[..mode.len() - 2]));
            assert_eq!(record.get("Round"), Some("1"));
            replay(&record, Passes::Infer).unwrap();
            assert!(took < Duration::from_secs(5), "{protocol:?} {mode}: {took:?}");
        }
    }
    let (report, _) = black_game(Protocol::Gtp, "resign:2", SECOND);
    assert_eq!(report.played.termination, Termination::Forfeit { loser: Color::Black, fault: Fault::Resigned });
}

#[test]
fn a_slow_engine_loses_on_time() {
    // 0.4 s a move against 0.6 s: the second move runs out.
    let control = TimeControl { time: Duration::from_millis(600), increment: Duration::ZERO };
    for protocol in [Protocol::Gtp, Protocol::Nboard] {
        let (report, took) = black_game(protocol, "slow", control);
        assert_eq!(report.played.termination, Termination::Forfeit { loser: Color::Black, fault: Fault::Timeout });
        assert_eq!(report.played.game.moves.len(), 2, "{protocol:?}");
        assert!(report.played.seconds[0].is_some_and(|s| (0.35..0.6).contains(&s)), "{:?}", report.played.seconds);
        assert!(took < Duration::from_secs(3));
        // With an increment the clock holds.
        let control = TimeControl { time: Duration::from_millis(600), increment: Duration::from_millis(500) };
        let (report, _) = black_game(protocol, "slow:25", control);
        assert_eq!(report.played.termination, Termination::Finished, "{protocol:?}");
    }
}

#[test]
fn good_engines_finish_legal_games() {
    let cases = [
        (Protocol::Gtp, "good"),
        (Protocol::Nboard, "good"),
        (Protocol::Gtp, "noisy"),
        (Protocol::Gtp, "noname"),
        (Protocol::Gtp, "noclock"),
    ];
    for (protocol, mode) in cases {
        let (report, _) = black_game(protocol, mode, SECOND);
        assert_eq!(report.played.termination, Termination::Finished);
        let record = report.record();
        let done = replay(&record, Passes::Infer).unwrap();
        assert!(done.position.is_game_over());
        let score = done.position.score();
        let discs = |n: usize| u16::try_from(n).unwrap();
        assert_eq!(record.result, Some(GameResult::Discs { black: discs(score.black), white: discs(score.white) }));
        let name = if mode == "noname" { "python3".to_string() } else { format!("scripted-{mode}") };
        assert_eq!(record.black.as_deref(), Some(name.as_str()));
    }
}

#[test]
fn a_match_restarts_crashed_engines_and_hands_over_every_game() {
    for protocol in [Protocol::Gtp, Protocol::Nboard] {
        let crasher = spec(protocol, "crash:3");
        let first = |deadline| crasher.start(deadline);
        let second = |_| -> Result<Box<dyn Player + Send>, Fault> { Ok(Box::new(random())) };
        let options = MatchOptions::new(6)
            .openings(vec![opening()])
            .control(TimeControl { time: Duration::from_secs(5), increment: Duration::ZERO })
            .concurrency(2)
            .done([4].into());
        let mut reports = Vec::new();
        run_match(&first, &second, &options, &AtomicBool::new(false), &mut |r| {
            reports.push(r.clone());
            true
        });
        reports.sort_by_key(|r| r.index);
        assert_eq!(reports.iter().map(|r| r.index).collect::<Vec<_>>(), [0, 1, 2, 3, 5]);
        for r in &reports {
            // The engine is started again after each crash: it fails at its
            // third move every game (Black: ply 4; White: ply 5).
            let loser = if r.first_is_black { Color::Black } else { Color::White };
            assert!(
                matches!(&r.played.termination, Termination::Forfeit { loser: l, fault: Fault::Crash(_) } if *l == loser),
                "{r:?}"
            );
            assert_eq!(r.played.game.moves.len(), if r.first_is_black { 4 } else { 5 });
            assert_eq!(r.first_score(), Some(0.0));
        }
    }
}

#[test]
fn an_engine_that_does_not_start_forfeits_with_the_reason() {
    let dead = spec(Protocol::Gtp, "dead");
    let Err(err) = dead.start(Instant::now() + Duration::from_secs(5)) else { panic!("started") };
    assert!(matches!(err, Fault::Crash(_)), "{err:?}");
    let missing = EngineSpec::new(Protocol::Gtp, vec!["/nonexistent/edax".into()]);
    let Err(err) = missing.start(Instant::now() + Duration::from_secs(5)) else { panic!("started") };
    assert!(matches!(err, Fault::Spawn { .. }), "{err:?}");
    let first = |deadline| missing.start(deadline);
    let second = |_| -> Result<Box<dyn Player + Send>, Fault> { Ok(Box::new(random())) };
    let options = MatchOptions::new(2).control(SECOND).setup(Duration::from_secs(1));
    let mut reports = Vec::new();
    run_match(&first, &second, &options, &AtomicBool::new(false), &mut |r| {
        reports.push(r.clone());
        true
    });
    assert_eq!(reports.len(), 2);
    for r in &reports {
        assert!(matches!(&r.played.termination, Termination::Forfeit { fault: Fault::Spawn { .. }, .. }), "{r:?}");
        assert!(r.record().get("Termination").unwrap().contains("cannot start /nonexistent/edax"));
        // The engine that did not start is named by its place; the other by its name.
        let names = if r.first_is_black { ["engine 1", "random"] } else { ["random", "engine 1"] };
        assert_eq!(r.names, names);
    }
}

#[test]
fn a_cycling_game_is_stopped() {
    // Black jumps a1a3, a3a1, ... and White e1e3, e3e1, ... on 5x5 Attacks:
    // the game never ends, and is stopped after ten plies a square.
    struct Cycle([&'static str; 2], usize);
    impl Player for Cycle {
        fn name(&self) -> String {
            "cycle".into()
        }
        fn new_game(&mut self, _: &GameState, _: &TimeControl, _: Instant) -> Result<(), Fault> {
            Ok(())
        }
        fn go(&mut self, _: &GameState, _: &Clocks, _: Instant) -> Result<Move, Fault> {
            self.1 += 1;
            Ok(self.0[(self.1 - 1) % 2].parse().unwrap())
        }
    }
    let start = Position::start(Variant::Attacks, Geometry::new(5, 5).unwrap()).unwrap();
    let (mut black, mut white) = (Cycle(["a1a3", "a3a1"], 0), Cycle(["e1e3", "e3e1"], 0));
    let played = play_game(
        &mut black,
        &mut white,
        &GameState::new(start),
        SECOND,
        Duration::from_secs(1),
        &Adjudication::new(),
        &|| false,
    );
    assert_eq!(played.termination, Termination::PlyLimit { plies: 250 });
    assert_eq!(played.game.moves.len(), 250);
    assert_eq!(played.black_score(), None);
}

#[test]
fn a_failed_restart_is_that_games_forfeit_and_the_match_keeps_every_game() {
    use reversi_engine::referee::play_or_forfeit;
    // Started once; every restart after its crash fails.
    let crasher = spec(Protocol::Gtp, "crash:2");
    let starts = std::sync::atomic::AtomicUsize::new(0);
    let first = |deadline| {
        if starts.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 0 {
            crasher.start(deadline)
        } else {
            Err(Fault::Spawn { command: "scripted".into(), reason: "gone".into() })
        }
    };
    let second = |_| -> Result<Box<dyn Player + Send>, Fault> { Ok(Box::new(random())) };
    let options = MatchOptions::new(4).openings(vec![opening()]).control(SECOND);
    let mut reports = Vec::new();
    run_match(&first, &second, &options, &AtomicBool::new(false), &mut |r| {
        reports.push(r.clone());
        true
    });
    assert_eq!(reports.iter().map(|r| r.index).collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert!(matches!(
        reports[0].played.termination,
        Termination::Forfeit { loser: Color::Black, fault: Fault::Crash(_) }
    ));
    for r in &reports[1..] {
        let loser = if r.first_is_black { Color::Black } else { Color::White };
        assert!(
            matches!(&r.played.termination, Termination::Forfeit { loser: l, fault: Fault::Spawn { .. } } if *l == loser),
            "{r:?}"
        );
        assert_eq!(r.first_score(), Some(0.0));
    }
    // The rule itself, for a caller with its own loop (Python's match).
    let mut white = random();
    let fault = || Fault::Spawn { command: "x".into(), reason: "gone".into() };
    let played = play_or_forfeit(
        Err(fault()),
        Ok(&mut white),
        &opening(),
        SECOND,
        Duration::from_secs(1),
        &Adjudication::new(),
        &|| false,
    );
    assert!(matches!(played.termination, Termination::Forfeit { loser: Color::Black, .. }));
    let mut black = random();
    let played = play_or_forfeit(
        Ok(&mut black),
        Err(fault()),
        &opening(),
        SECOND,
        Duration::from_secs(1),
        &Adjudication::new(),
        &|| false,
    );
    assert!(matches!(played.termination, Termination::Forfeit { loser: Color::White, .. }));
    let played = play_or_forfeit(
        Err(fault()),
        Err(fault()),
        &opening(),
        SECOND,
        Duration::from_secs(1),
        &Adjudication::new(),
        &|| false,
    );
    assert!(matches!(played.termination, Termination::Forfeit { loser: Color::Black, .. }));
}
