//! Adjudication: a match whose games end by exact solve scores as the same
//! match played out when both sides play perfectly near the end, and its
//! records say so and resume.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reversi_core::Color;
use reversi_engine::referee::{
    Adjudication, GameReport, GameState, MatchDefinition, MatchOptions, Player, PolicyPlayer, Termination, TimeControl,
    play_game, resumed, run_match,
};
use reversi_engine::{BuiltinPolicy, Fault, Policy, Seeded, SplitMix64};
use reversi_notation::{Format, GameResult, Passes, ReadOptions, replay};
use reversi_solve::SolveOptions;
use reversi_variants::{Geometry, Move, Position, Variant};

/// Random moves until `perfect` or fewer squares are empty, then a best move
/// by exact solve: perfect play in the game's last plies.
struct Perfect {
    perfect: usize,
    random: Seeded,
}

fn empties(pos: &Position) -> usize {
    pos.geometry().playable_count() - pos.count(Color::Black) - pos.count(Color::White)
}

impl Policy for Perfect {
    fn name(&self) -> String {
        format!("perfect-{}", self.perfect)
    }

    fn choose(&mut self, pos: &Position) -> Move {
        if empties(pos) <= self.perfect {
            reversi_solve::solve(pos, &SolveOptions::new()).unwrap().best.unwrap()
        } else {
            self.random.choose(pos)
        }
    }
}

fn perfect(perfect: usize, seed: u64) -> impl Fn(std::time::Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync {
    move |_| {
        let random = Seeded::new(BuiltinPolicy::Random, SplitMix64::new(seed));
        Ok(Box::new(PolicyPlayer(Perfect { perfect, random })) as Box<dyn Player + Send>)
    }
}

const CLOCK: TimeControl = TimeControl { time: Duration::from_secs(600), increment: Duration::ZERO };

/// The reports of a match of `games` between two `Perfect` players (perfect
/// at 10 empties), adjudicated at `adjudicate`.
fn play(games: usize, adjudicate: Option<u8>) -> Vec<GameReport> {
    let options = MatchOptions::new(games).control(CLOCK).adjudicate(adjudicate);
    let mut reports = Vec::new();
    run_match(&perfect(10, 1), &perfect(10, 2), &options, &AtomicBool::new(false), &mut |r| {
        reports.push(r.clone());
        true
    });
    reports.sort_by_key(|r| r.index);
    reports
}

/// Black's final disc difference, empty squares to the winner (the
/// solver's count).
fn exact_margin(end: &Position) -> i32 {
    let raw = end.score().margin(Color::Black);
    let empties = i32::try_from(empties(end)).unwrap();
    raw + raw.signum() * empties
}

#[test]
fn adjudicated_games_score_as_the_games_played_out_perfectly() {
    let games = 12;
    let out = play(games, None);
    let cut = play(games, Some(10));
    assert_eq!((out.len(), cut.len()), (games, games));
    let mut adjudicated = 0;
    for (o, c) in out.iter().zip(&cut) {
        assert_eq!(o.played.termination, Termination::Finished, "game {}", o.index);
        let played = &o.played.game;
        // The same game up to the adjudication, which is where 10 squares
        // are empty (or the game's end, if it ends sooner).
        let moves = &c.played.game.moves;
        assert_eq!(moves[..], played.moves[..moves.len()], "game {}", o.index);
        let Termination::Adjudicated { empties: e, score, pv } = &c.played.termination else {
            assert_eq!(c.played.termination, Termination::Finished, "game {}", o.index);
            assert_eq!(c.played.game, *played);
            continue;
        };
        adjudicated += 1;
        assert!(*e <= 10 && usize::from(*e) == empties(&c.played.game.position), "game {}: {e}", o.index);
        assert_eq!(*score, exact_margin(&played.position), "game {}", o.index);
        assert_eq!(c.first_score(), o.first_score(), "game {}", o.index);
        // The perfect line ends the game at that score.
        let mut end = c.played.game.position;
        for &mv in pv {
            end.play(mv).unwrap();
        }
        assert!(end.is_game_over());
        assert_eq!(exact_margin(&end), *score);
        // Every adjudicated game stopped at 10 empties, not before.
        assert_eq!(*e, 10, "game {}", o.index);
    }
    assert!(adjudicated >= games / 2, "{adjudicated} of {games} adjudicated");
}

#[test]
fn the_record_says_adjudicated_and_resumes() {
    let reports = play(4, Some(12));
    let records: Vec<_> = reports.iter().map(GameReport::record).collect();
    for (report, record) in reports.iter().zip(&records) {
        let Termination::Adjudicated { empties, score, .. } = report.played.termination else {
            panic!("game {}: {:?}", report.index, report.played.termination)
        };
        let text = record.get("Termination").unwrap();
        assert!(text.starts_with(&format!("adjudicated at {empties} empties by exact solve: ")), "{text}");
        let outcome = match score {
            0 => "a draw".to_string(),
            s if s > 0 => format!("black wins by {s}"),
            s => format!("white wins by {}", -s),
        };
        assert!(text.ends_with(&format!("{outcome} with perfect play")), "{text}");
        assert_eq!(report.termination_text().as_deref(), Some(text));
        // The moves played, not the perfect line; the result that line's.
        assert_eq!(record.moves.len(), report.played.game.moves.len());
        let Some(GameResult::Discs { black, white }) = record.result else { panic!("{:?}", record.result) };
        assert_eq!((i32::from(black) - i32::from(white)).signum(), score.signum());
        let last = replay(record, Passes::Infer).unwrap();
        assert!(!last.position.is_game_over());
    }
    // Written and read back, the games resume with their scores.
    for format in [Format::Ggf, Format::Pgn] {
        let bytes = reversi_notation::write(format, &records).unwrap();
        let read = reversi_notation::read(format, &bytes, ReadOptions::default()).unwrap();
        assert_eq!(read.len(), 4);
        assert!(read.iter().all(|r| r.get("Termination").is_some_and(|t| t.starts_with("adjudicated at 12 empties"))));
        let done = resumed(&read);
        let scores: Vec<Option<f64>> = reports.iter().map(GameReport::first_score).collect();
        assert_eq!(done.values().copied().map(Some).collect::<Vec<_>>(), scores, "{format}");
    }
}

#[test]
fn a_resume_with_another_adjudication_is_refused() {
    let a = "gtp:a".parse().unwrap();
    let b = "gtp:b".parse().unwrap();
    let mut record = reversi_notation::Record::default();
    MatchDefinition::new(&a, &b, &MatchOptions::new(2).adjudicate(Some(14))).mark(&mut record, 0);
    assert_eq!(record.get("MatchAdjudicate"), Some("14"));
    let same = MatchDefinition::new(&a, &b, &MatchOptions::new(4).adjudicate(Some(14)));
    assert_eq!(same.check_resume(std::slice::from_ref(&record)), Ok(()));
    for (other, now) in [(None, "none"), (Some(12), "12")] {
        let other = MatchDefinition::new(&a, &b, &MatchOptions::new(2).adjudicate(other));
        let refused = other.check_resume(std::slice::from_ref(&record)).unwrap_err();
        assert_eq!(refused.differences, [format!("adjudication (empties): 14 there, {now} now")]);
    }
}

#[test]
fn adjudication_solves_other_reversi_boards() {
    // 6x6 Reversi: played randomly, adjudicated at 12 empties; the score
    // is the one the solver gives the position.
    let start = Position::start(Variant::Reversi, Geometry::new(6, 6).unwrap()).unwrap();
    let random = |seed| PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(seed)));
    for seed in 0..4 {
        let (mut black, mut white) = (random(seed), random(seed + 100));
        let played = play_game(
            &mut black,
            &mut white,
            &GameState::new(start),
            CLOCK,
            Duration::from_secs(1),
            &Adjudication::new().exact(Some(12)),
            &|| false,
        );
        let Termination::Adjudicated { empties: e, score, .. } = played.termination else {
            assert_eq!(played.termination, Termination::Finished);
            continue;
        };
        assert_eq!(usize::from(e), empties(&played.game.position));
        let solved = reversi_solve::solve(&played.game.position, &SolveOptions::new()).unwrap().score;
        let black_view = if played.game.position.side_to_move() == Color::Black { solved } else { -solved };
        assert_eq!(score, black_view);
    }
}

#[test]
fn a_stop_during_an_adjudication_stops_the_game() {
    // Adjudicated at 30 empties from a position with 30: the stop, set
    // after the referee's own look at it (so during the solve), ends the
    // solve long before its end.
    let mut pos = Position::from(reversi_core::Position::start());
    let mut policy = Seeded::new(BuiltinPolicy::Random, SplitMix64::new(5));
    while empties(&pos) > 30 {
        let mv = if pos.must_pass() { Move::Pass } else { policy.choose(&pos) };
        pos.play(mv).unwrap();
    }
    let mut game = GameState::new(Position::from(reversi_core::Position::start()));
    game.position = pos;
    let (mut black, mut white) = (PolicyPlayer(policy.clone()), PolicyPlayer(policy));
    let looks = std::sync::atomic::AtomicUsize::new(0);
    let stop = || looks.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 0;
    let played = play_game(
        &mut black,
        &mut white,
        &game,
        CLOCK,
        Duration::from_secs(1),
        &Adjudication::new().exact(Some(30)),
        &stop,
    );
    assert_eq!(played.termination, Termination::Stopped);
    assert_eq!(played.game.moves.len(), 0);
}
