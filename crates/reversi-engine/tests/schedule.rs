//! A match's schedule with an SPRT on game pairs: the match ends at the
//! verdict, no game started after it, none beyond the verdict's pair
//! reported; the pairs' standing handed over with each game.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use reversi_engine::Fault;
use reversi_engine::referee::{
    EloModel, MatchOptions, PairTally, Player, Sprt, TimeControl, Verdict, gsprt_llr, resumed_tally, run_match,
    run_scored_match,
};

mod common;

use common::{Log, logged};

fn side(log: &Log, forfeits: bool) -> impl Fn(Instant) -> Result<Box<dyn Player + Send>, Fault> + Sync + use<> {
    logged(log, forfeits, Duration::ZERO)
}

const CLOCK: TimeControl = TimeControl { time: Duration::from_secs(10), increment: Duration::ZERO };

/// An SPRT that one pair won twice decides (H1) and that one game does not.
fn quick_sprt() -> Sprt {
    let sprt: Sprt = "-400,-200,0.3,0.3".parse().unwrap();
    let (_, upper) = sprt.bounds();
    assert!(gsprt_llr(&[0, 0, 0, 0, 1], &sprt, EloModel::Logistic) >= upper);
    sprt
}

#[test]
fn no_game_starts_after_the_verdict_and_none_beyond_its_pair_is_reported() {
    for concurrency in [1, 2, 4] {
        let log: Log = Arc::default();
        let (first, second) = (side(&log, false), side(&log, true));
        let options = MatchOptions::new(40)
            .openings(vec![])
            .control(CLOCK)
            .concurrency(concurrency)
            .sprt(Some((quick_sprt(), EloModel::Logistic)));
        let mut tally = PairTally::default();
        let mut reported = Vec::new();
        run_scored_match(&first, &second, &options, &mut tally, &AtomicBool::new(false), &mut |report, standing| {
            reported.push(report.index);
            if standing.verdict.is_some() {
                log.lock().unwrap().push("verdict".into());
                // Time for a worker to start a game, were it free to.
                std::thread::sleep(Duration::from_millis(50));
            }
            true
        });
        reported.sort_unstable();
        assert_eq!(reported, [0, 1], "concurrency {concurrency}");
        let log = log.lock().unwrap();
        let verdict = log.iter().position(|l| l == "verdict").expect("a verdict");
        assert!(log[verdict + 1..].iter().all(|l| !l.starts_with("start")), "concurrency {concurrency}: {log:?}");
        let started: Vec<&String> = log.iter().filter(|l| l.starts_with("start")).collect();
        // Each game tells both players: games 0 and 1 only.
        assert!(started.iter().all(|l| *l == "start 0" || *l == "start 1"), "concurrency {concurrency}: {log:?}");
        let standing = tally.standing(Some((&quick_sprt(), EloModel::Logistic)));
        assert_eq!((standing.pentanomial, standing.verdict), ([0, 0, 0, 0, 1], Some(Verdict::H1)));
        // The trinomial figures beside the pairs': two games won.
        assert_eq!((standing.games.wins, standing.games.games), (2, 2));
    }
}

#[test]
fn without_a_verdict_every_game_is_played_and_scored_by_pairs() {
    let log: Log = Arc::default();
    let (first, second) = (side(&log, false), side(&log, false));
    // An SPRT no 6 games of a draw-prone pairing decide.
    let sprt: Sprt = "-5,5,0.05,0.05".parse().unwrap();
    let options = MatchOptions::new(6).control(CLOCK).concurrency(3).sprt(Some((sprt, EloModel::Normalized)));
    let mut tally = PairTally::default();
    let mut last = None;
    run_scored_match(&first, &second, &options, &mut tally, &AtomicBool::new(false), &mut |_, standing| {
        last = Some(*standing);
        true
    });
    let last = last.unwrap();
    assert_eq!((last.games.games, last.pairs, last.model), (6, 3, Some(EloModel::Normalized)));
    assert_eq!(tally.pairs().pairs(), 3);
    // run_match plays the same games.
    let mut games = 0;
    run_match(&first, &second, &options, &AtomicBool::new(false), &mut |_| {
        games += 1;
        true
    });
    assert_eq!(games, 6);
}

#[test]
fn a_resumed_tally_counts_the_records_games_by_pairs() {
    let log: Log = Arc::default();
    let (first, second) = (side(&log, false), side(&log, true));
    let options = MatchOptions::new(4).openings(vec![]).control(CLOCK);
    let mut records = Vec::new();
    run_match(&first, &second, &options, &AtomicBool::new(false), &mut |report| {
        records.push(report.record());
        true
    });
    let (tally, done) = resumed_tally(&records, 3);
    assert_eq!(done.into_iter().collect::<Vec<_>>(), [0, 1, 2]);
    // Games 0 and 1 a pair won twice; game 2 waits for its partner.
    assert_eq!((tally.pairs().counts, tally.tally().games()), ([0, 0, 0, 0, 1], 3));
}

#[test]
fn a_match_played_to_its_end_leaves_the_stop_as_it_was() {
    let log: Log = Arc::default();
    let (first, second) = (side(&log, false), side(&log, true));
    let options = MatchOptions::new(2).openings(vec![]).control(CLOCK).concurrency(2);
    let stop = AtomicBool::new(false);
    let mut games = 0;
    run_match(&first, &second, &options, &stop, &mut |_| {
        games += 1;
        true
    });
    assert_eq!((games, stop.load(std::sync::atomic::Ordering::Relaxed)), (2, false));
}

#[test]
fn a_panic_of_the_callback_ends_the_match_instead_of_hanging() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let log: Log = Arc::default();
        let (first, second) = (side(&log, false), side(&log, true));
        // Workers wait for counts here: a verdict is possible from the
        // first pair on.
        let options = MatchOptions::new(40)
            .openings(vec![])
            .control(CLOCK)
            .concurrency(4)
            .sprt(Some((quick_sprt(), EloModel::Logistic)));
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_match(&first, &second, &options, &AtomicBool::new(false), &mut |_| panic!("the callback fails"));
        }));
        let _ = done.send(played.is_err());
    });
    // A regression hangs: a minute is far more than the match needs.
    assert_eq!(finished.recv_timeout(Duration::from_secs(60)), Ok(true));
}

/// The verdict's stop wakes a worker that looked at the stop just before it
/// was set (a lost wake-up hung a match now and then): many matches that
/// the SPRT stops after one pair, each bounded in time.
#[test]
fn matches_stopped_by_the_verdict_always_end() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for round in 0..20_000 {
            let log: Log = Arc::default();
            let (first, second) = (side(&log, false), side(&log, true));
            let options = MatchOptions::new(40)
                .openings(vec![])
                .control(CLOCK)
                .concurrency(1 + round % 2)
                .sprt(Some((quick_sprt(), EloModel::Logistic)));
            let mut tally = PairTally::default();
            run_scored_match(&first, &second, &options, &mut tally, &AtomicBool::new(false), &mut |_, _| true);
            assert_eq!(tally.pairs().counts, [0, 0, 0, 0, 1], "round {round}");
        }
        let _ = done.send(());
    });
    // A regression hangs: three minutes are far more than 20,000 matches of two games need (a few seconds).
    assert_eq!(finished.recv_timeout(Duration::from_secs(180)), Ok(()));
}
