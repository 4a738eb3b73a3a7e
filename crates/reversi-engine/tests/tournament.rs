//! Tournaments between in-process policies and scripted engines
//! (tests/engines/scripted.py): schedules, crosstables that add up, records
//! that replay legal, resumes, and the SPRT's early end of a pairing.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use reversi_engine::referee::{
    Clocks, Crosstable, EloModel, EngineSpec, Entrant, GameState, MatchOptions, Player, PolicyPlayer, Protocol,
    Schedule, Sprt, TimeControl, Tournament, TournamentError, TournamentOptions, Verdict, gsprt_llr,
};
use reversi_engine::{BuiltinPolicy, Fault, Seeded, SplitMix64};
use reversi_notation::{Passes, Record, replay};
use reversi_variants::Move;

mod common;

use common::Log;

fn policy(p: BuiltinPolicy, name: &str, seed: u64) -> Entrant<'static> {
    Entrant::new(name, format!("policy:{name}"), move |_| {
        Ok(Box::new(PolicyPlayer(Seeded::new(p, SplitMix64::new(seed)))))
    })
}

/// A side that answers every move request with a pass: it forfeits each
/// game at its first move.
struct Passer;

impl Player for Passer {
    fn name(&self) -> String {
        "passer".into()
    }

    fn new_game(&mut self, _: &GameState, _: &TimeControl, _: Instant) -> Result<(), Fault> {
        Ok(())
    }

    fn go(&mut self, _: &GameState, _: &Clocks, _: Instant) -> Result<Move, Fault> {
        Ok(Move::Pass)
    }
}

fn three() -> Vec<Entrant<'static>> {
    vec![
        policy(BuiltinPolicy::Greedy, "greedy", 1),
        policy(BuiltinPolicy::Random, "random", 2),
        Entrant::new("passer", "test:passer", |_| Ok(Box::new(Passer))),
    ]
}

/// Runs `tournament` to its end, its records in the order they ended.
fn run(tournament: &mut Tournament<'_>) -> Vec<Record> {
    let mut records = Vec::new();
    tournament.run(&AtomicBool::new(false), &mut |game, _| {
        assert_eq!(game.record.get("Round"), Some((game.index + 1).to_string().as_str()));
        records.push(game.record.clone());
        true
    });
    records
}

/// Every figure of the crosstable adds up: each engine's games are its
/// cells' games, the points of a cell pair sum to their games, wins equal
/// losses over the field, and the points sum to the games.
fn check_adds_up(table: &Crosstable, games: u64) {
    let rows = table.rows();
    let n = table.names().len();
    assert_eq!(table.games(), games);
    let points: f64 = rows.iter().map(|r| r.points).sum();
    assert_eq!(points, games as f64);
    let (wins, losses): (u64, u64) =
        rows.iter().fold((0, 0), |(w, l), r| (w + r.standing.games.wins, l + r.standing.games.losses));
    assert_eq!(wins, losses);
    for row in &rows {
        let cells: u64 = (0..n).filter_map(|c| table.cell(row.engine, c)).map(|c| c.1).sum();
        assert_eq!(row.standing.games.games, cells, "{}", row.name);
        let s = &row.standing.games;
        assert_eq!(s.wins + s.draws + s.losses, s.games);
        for other in 0..n {
            if let (Some(a), Some(b)) = (table.cell(row.engine, other), table.cell(other, row.engine)) {
                assert_eq!((a.0 + b.0, a.1), (a.1 as f64, b.1));
            }
        }
    }
    for w in rows.windows(2) {
        assert!(w[0].points >= w[1].points);
    }
}

#[test]
fn a_round_robin_of_three_adds_up_and_its_records_replay_legal() {
    let options = TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(6).concurrency(3));
    let mut tournament = Tournament::new(three(), options).unwrap();
    assert_eq!(tournament.games(), 18);
    let records = run(&mut tournament);
    assert_eq!(records.len(), 18);
    let rounds: BTreeSet<usize> = records.iter().map(|r| r.get("Round").unwrap().parse().unwrap()).collect();
    assert_eq!(rounds, (1..=18).collect());
    for record in &records {
        replay(record, Passes::Infer).unwrap();
        assert_eq!(record.get("Tournament"), Some("roundrobin of 3"));
        assert!(record.get("MatchEngine1").is_some_and(|e| e.starts_with("policy:") || e == "test:passer"));
    }
    let table = tournament.crosstable();
    check_adds_up(table, 18);
    // The passer loses every game: 12 games, no point; each pairing 6 games,
    // 3 pairs.
    let passer = table.rows().into_iter().find(|r| r.name == "passer").unwrap();
    assert_eq!((passer.standing.games.games, passer.points, passer.standing.pentanomial), (12, 0.0, [6, 0, 0, 0, 0]));
    for p in 0..3 {
        let s = table.pairing(p).unwrap();
        assert_eq!((s.games.games, s.pairs), (6, 3));
    }
    // Each pairing plays the same openings: game 2k and 2k + 1 of every
    // pairing start from opening k, with colours swapped.
    let text = table.to_string();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().nth(3).unwrap().contains("passer"), "{text}");
}

#[test]
fn a_gauntlet_plays_the_first_engine_against_each_other() {
    let options = TournamentOptions::new(Schedule::Gauntlet, MatchOptions::new(5).concurrency(2));
    let mut tournament = Tournament::new(three(), options).unwrap();
    let records = run(&mut tournament);
    // Five games a pairing: the odd last game of each has no partner.
    assert_eq!((tournament.games(), records.len()), (10, 10));
    let table = tournament.crosstable();
    check_adds_up(table, 10);
    assert_eq!(table.cell(1, 2), Some((0.0, 0)));
    assert_eq!(table.cell(0, 2), Some((5.0, 5)));
    assert_eq!(table.pairing(0).unwrap().pairs, 2);
    for record in &records {
        replay(record, Passes::Infer).unwrap();
        assert_eq!(record.get("MatchEngine1"), Some("policy:greedy"));
    }
}

#[test]
fn a_stopped_tournament_resumes_from_its_records_and_refuses_anothers() {
    let options = || TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(4).concurrency(1));
    let mut first = Tournament::new(three(), options()).unwrap();
    let mut records = Vec::new();
    first.run(&AtomicBool::new(false), &mut |game, _| {
        records.push(game.record.clone());
        records.len() < 5
    });
    assert_eq!(records.len(), 5);
    let mut second = Tournament::new(three(), options()).unwrap();
    assert_eq!(second.resume(&records).unwrap(), 5);
    // The same records twice count once.
    assert_eq!(second.resume(&records).unwrap(), 0);
    let rest = run(&mut second);
    assert_eq!(rest.len(), 7);
    let rounds: BTreeSet<&str> = records.iter().chain(&rest).map(|r| r.get("Round").unwrap()).collect();
    assert_eq!(rounds.len(), 12);
    check_adds_up(second.crosstable(), 12);

    // Another format, other engines, another clock: refused.
    let mut gauntlet =
        Tournament::new(three(), TournamentOptions::new(Schedule::Gauntlet, MatchOptions::new(4))).unwrap();
    let error = gauntlet.resume(&records).unwrap_err();
    assert!(matches!(error, TournamentError::Mismatch(_)), "{error}");
    let mut swapped = three();
    swapped.swap(0, 1);
    let error = Tournament::new(swapped, options()).unwrap().resume(&records).unwrap_err();
    assert!(error.to_string().contains("the first engine: policy:greedy there, policy:random now"), "{error}");
    let mut shorter =
        Tournament::new(three(), TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(1))).unwrap();
    assert!(matches!(shorter.resume(&records), Err(TournamentError::Round { .. })));
}

#[test]
fn a_tournament_stopped_with_games_in_flight_ends() {
    // Three threads of instant games: games end after the stop; their
    // threads are answered and end (a regression would hang: timed out).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let options = TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(40).concurrency(3));
        let mut tournament = Tournament::new(three(), options).unwrap();
        let mut seen = 0;
        tournament.run(&AtomicBool::new(false), &mut |_, _| {
            // Slow: the other threads' games end meanwhile and wait.
            std::thread::sleep(std::time::Duration::from_millis(50));
            seen += 1;
            seen < 2
        });
        tx.send((seen, tournament.crosstable().games())).unwrap();
    });
    let (seen, counted) = rx.recv_timeout(std::time::Duration::from_secs(60)).expect("the tournament did not end");
    assert_eq!((seen, counted), (2, 2));
}

#[test]
fn a_pairing_decided_by_its_sprt_plays_no_more_games() {
    // Greedy against a side that forfeits every game, 0 to 10 Elo: every
    // pair won, the regularised GSPRT's LLR is 0.02837 a pair (fastchess's
    // formula: 2.94 at 104 pairs), so H1 at the 104th pair, game 208 of
    // 240; greedy against random plays on.
    let sprt = "0,10,0.05,0.05".parse().unwrap();
    let options = TournamentOptions::new(Schedule::Gauntlet, MatchOptions::new(240).concurrency(1))
        .sprt(Some((sprt, EloModel::Logistic)));
    let entrants = vec![
        policy(BuiltinPolicy::Greedy, "greedy", 1),
        policy(BuiltinPolicy::Random, "random", 2),
        Entrant::new("passer", "test:passer", |_| Ok(Box::new(Passer))),
    ];
    let mut tournament = Tournament::new(entrants, options).unwrap();
    let records = run(&mut tournament);
    let decided = tournament.crosstable().pairing(1).unwrap();
    assert_eq!(
        (decided.verdict, decided.games.games, decided.pentanomial),
        (Some(Verdict::H1), 208, [0, 0, 0, 0, 104])
    );
    let other = tournament.crosstable().pairing(0).unwrap().games.games;
    assert_eq!(records.len() as u64, other + 208);
}

fn logged(log: &Log, name: &str, forfeits: bool, delay: Duration) -> Entrant<'static> {
    Entrant::new(name, format!("test:{name}"), common::logged(log, forfeits, delay))
}

/// An SPRT that one pair won (or lost) twice decides, and that pairs won
/// once each never do.
fn symmetric_sprt() -> Sprt {
    let sprt: Sprt = "-200,200,0.3,0.3".parse().unwrap();
    let (lower, upper) = sprt.bounds();
    let llr = |counts: &[u64]| gsprt_llr(counts, &sprt, EloModel::Logistic);
    assert!(llr(&[0, 0, 0, 0, 1]) >= upper && llr(&[1, 0, 0, 0, 0]) <= lower);
    assert!((lower..upper).contains(&llr(&[0, 0, 8, 0, 0])));
    sprt
}

#[test]
fn no_game_of_a_pairing_starts_once_its_games_under_way_could_bring_its_verdict() {
    for concurrency in [1, 2, 4] {
        // A gauntlet: forfeiter against forfeiter (each pair won once each
        // side: no verdict, 8 games) and against greedy (lost twice: H0 at
        // its first pair, tournament games 2 and 3). Greedy is slow to
        // move (its one move of game 3): were threads free to, they would
        // start the pairing's next game, 6, meanwhile.
        let log: Log = Arc::default();
        let entrants = vec![
            logged(&log, "forfeiter", true, Duration::ZERO),
            logged(&log, "forfeiter2", true, Duration::ZERO),
            logged(&log, "greedy", false, Duration::from_millis(100)),
        ];
        let matches = MatchOptions::new(8).openings(vec![]).concurrency(concurrency);
        let options =
            TournamentOptions::new(Schedule::Gauntlet, matches).sprt(Some((symmetric_sprt(), EloModel::Logistic)));
        let mut tournament = Tournament::new(entrants, options).unwrap();
        let mut records = 0;
        tournament.run(&AtomicBool::new(false), &mut |game, table| {
            records += 1;
            if table.pairing(game.pairing).is_some_and(|s| s.verdict.is_some()) {
                log.lock().unwrap().push(format!("verdict {}", game.pairing));
                // Time for a thread to start a game, were it free to.
                std::thread::sleep(Duration::from_millis(50));
            }
            true
        });
        let table = tournament.crosstable();
        let decided = table.pairing(1).unwrap();
        assert_eq!(
            (decided.verdict, decided.games.games, decided.pentanomial),
            (Some(Verdict::H0), 2, [1, 0, 0, 0, 0]),
            "concurrency {concurrency}"
        );
        let other = table.pairing(0).unwrap();
        assert_eq!((other.verdict, other.games.games, other.pairs), (None, 8, 4), "concurrency {concurrency}");
        assert_eq!(records, 10);
        check_adds_up(table, 10);
        let log = log.lock().unwrap();
        let pairing = |line: &String| {
            let index = line.strip_prefix("start ")?.parse().ok()?;
            tournament.slot(index).map(|(pairing, _)| pairing)
        };
        let verdict = log.iter().position(|l| l == "verdict 1").expect("a verdict");
        assert!(log[verdict + 1..].iter().all(|l| pairing(l) != Some(1)), "concurrency {concurrency}: {log:?}");
        // Each game tells both sides: the decided pairing's games 2 and 3
        // only.
        let started: BTreeSet<&str> = log.iter().filter(|l| pairing(l) == Some(1)).map(String::as_str).collect();
        assert_eq!(started, BTreeSet::from(["start 2", "start 3"]), "concurrency {concurrency}: {log:?}");
    }
}

#[test]
fn a_panic_of_the_callback_ends_the_tournament_instead_of_hanging() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let log: Log = Arc::default();
        let entrants = vec![
            logged(&log, "forfeiter", true, Duration::ZERO),
            logged(&log, "forfeiter2", true, Duration::ZERO),
            logged(&log, "greedy", false, Duration::ZERO),
        ];
        // Threads wait for counts here: a verdict is possible from each
        // pairing's first pair on.
        let matches = MatchOptions::new(40).openings(vec![]).concurrency(4);
        let options =
            TournamentOptions::new(Schedule::Gauntlet, matches).sprt(Some((symmetric_sprt(), EloModel::Logistic)));
        let mut tournament = Tournament::new(entrants, options).unwrap();
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            tournament.run(&AtomicBool::new(false), &mut |_, _| panic!("the callback fails"));
        }));
        let _ = done.send(played.is_err());
    });
    // A regression hangs: a minute is far more than the tournament needs.
    assert_eq!(finished.recv_timeout(Duration::from_secs(60)), Ok(true));
}

#[test]
fn scripted_engines_over_both_protocols_play_a_round_robin() {
    let script = format!("{}/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"));
    let spec = |protocol: Protocol, mode: &str| {
        let name = if protocol == Protocol::Gtp { "gtp" } else { "nboard" };
        EngineSpec::new(protocol, vec!["python3".into(), script.clone(), name.into(), mode.into()])
    };
    let entrants = vec![
        Entrant::engine(spec(Protocol::Gtp, "good")).named("gtp"),
        Entrant::engine(spec(Protocol::Nboard, "good")).named("nboard"),
        // Crashes at its third move of each game: started again each game.
        Entrant::engine(spec(Protocol::Gtp, "crash:3")).named("crasher"),
    ];
    let options = TournamentOptions::new(Schedule::RoundRobin, MatchOptions::new(2).concurrency(2));
    let mut tournament = Tournament::new(entrants, options).unwrap();
    let records = run(&mut tournament);
    assert_eq!(records.len(), 6);
    for record in &records {
        replay(record, Passes::Infer).unwrap();
    }
    let table = tournament.crosstable();
    check_adds_up(table, 6);
    let crasher = table.rows().into_iter().find(|r| r.name == "crasher").unwrap();
    assert_eq!((crasher.standing.games.games, crasher.points), (4, 0.0));
}
