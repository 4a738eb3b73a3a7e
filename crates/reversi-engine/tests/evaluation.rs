//! Adjudication by the engines' own evaluations, the ply limit and what a
//! match's records say, against scripted engines (tests/engines/scripted.py,
//! mode `say=E1,E2,...`: the evaluations each NBoard engine reports).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use reversi_core::Color;
use reversi_engine::referee::{
    Adjudication, EngineSpec, EvalVerdict, GameReport, GameState, GameSummary, MatchDefinition, MatchOptions,
    OpeningSource, PairTally, Player, PolicyPlayer, Protocol, Termination, TimeControl, play_game, run_match,
    run_scored_match,
};
use reversi_engine::{BuiltinPolicy, Seeded, SplitMix64};
use reversi_notation::{Format, GameResult, Passes, Record, replay};
use reversi_variants::Position;

fn script() -> String {
    format!("{}/tests/engines/scripted.py", env!("CARGO_MANIFEST_DIR"))
}

fn spec(protocol: Protocol, mode: &str) -> EngineSpec {
    let name = if protocol == Protocol::Gtp { "gtp" } else { "nboard" };
    EngineSpec::new(protocol, vec!["python3".into(), script(), name.into(), mode.into()])
}

fn start() -> GameState {
    GameState::new(Position::from(reversi_core::Position::start()))
}

const CLOCK: TimeControl = TimeControl { time: Duration::from_secs(20), increment: Duration::ZERO };

/// `n` copies of `eval`, comma-separated.
fn say(evals: &[&str]) -> String {
    format!("say={}", evals.join(","))
}

fn repeat(eval: &str, n: usize) -> Vec<&str> {
    vec![eval; n]
}

/// A game from the standard start between the engines `black` and `white`
/// under `rules`.
fn game(black: EngineSpec, white: EngineSpec, rules: &Adjudication) -> GameReport {
    let ready = || Instant::now() + Duration::from_secs(10);
    let (mut b, mut w) = (black.start(ready()).unwrap(), white.start(ready()).unwrap());
    let played = play_game(&mut *b, &mut *w, &start(), CLOCK, Duration::from_secs(10), rules, &|| false);
    GameReport { index: 0, first_is_black: true, names: [b.name(), w.name()], played }
}

fn resign(text: &str) -> Adjudication {
    Adjudication::new().resign(Some(text.parse().unwrap()))
}

fn draw(text: &str) -> Adjudication {
    Adjudication::new().draw(Some(text.parse().unwrap()))
}

#[test]
fn resign_fires_at_exactly_the_nth_move_of_each_side() {
    // Black says it is 8 behind, White that it is 8 ahead: both agree.
    let black = spec(Protocol::Nboard, &say(&repeat("-8", 30)));
    let white = spec(Protocol::Nboard, &say(&repeat("8", 30)));
    let report = game(black.clone(), white.clone(), &resign("3,6"));
    let played = &report.played;
    // Black's 3rd move is ply 5, White's 3rd ply 6: the game ends there.
    assert_eq!(played.game.moves.len(), 6);
    let Termination::Evaluated { verdict: EvalVerdict::Resign { loser, rule }, evals } = &played.termination else {
        panic!("{:?}", played.termination)
    };
    assert_eq!((*loser, rule.moves()), (Color::Black, 3));
    assert_eq!(*evals, [(0, -8.0), (1, 8.0), (2, -8.0), (3, 8.0), (4, -8.0), (5, 8.0)]);
    assert_eq!(played.black_score(), Some(0.0));
    assert_eq!(report.first_score(), Some(0.0));
    let record = report.record();
    assert_eq!(record.result, Some(GameResult::Net { margin: -8.0, how: Some("r".into()) }));
    assert_eq!(
        record.get("Termination"),
        Some(
            "adjudicated by evaluation: black resigns (the engines' evaluations had black behind by 6 discs or more \
             for 3 moves each, plies 1 to 6: -8 +8 -8 +8 -8 +8, each its mover's view)"
        )
    );
    assert_eq!(record.moves[4].eval, Some(-8.0));
    replay(&record, Passes::Infer).unwrap();
    // One move more a side asked: one move more played.
    assert_eq!(game(black, white, &resign("4,6")).played.game.moves.len(), 8);
}

#[test]
fn a_disagreeing_evaluation_starts_the_count_again() {
    // Black's 3rd move says only -2: the run starts again at White's 3rd
    // (ply 6), and needs Black's moves at plies 7, 9 and 11.
    let mut said = repeat("-8", 30);
    said[2] = "-2";
    let black = spec(Protocol::Nboard, &say(&said));
    let white = spec(Protocol::Nboard, &say(&repeat("8", 30)));
    let played = game(black.clone(), white.clone(), &resign("3,6")).played;
    assert_eq!(played.game.moves.len(), 11, "{:?} {:?}", played.termination, played.evals);
    let Termination::Evaluated { evals, .. } = &played.termination else { panic!("{:?}", played.termination) };
    assert_eq!(evals.first(), Some(&(5, 8.0)));
    // No evaluation at all breaks the run as well (Edax's form reads too).
    said[2] = "-";
    said[3] = "-9s";
    let black = spec(Protocol::Nboard, &say(&said));
    let played = game(black, white, &resign("3,6")).played;
    assert_eq!(played.game.moves.len(), 11);
    assert_eq!(played.evals[6], Some(-9.0));
}

#[test]
fn the_rules_never_fire_for_a_gtp_engine() {
    // GTP reports no evaluation: neither rule can count its moves, even
    // with a rule that any evaluation would satisfy.
    let rules = resign("1,0.001").draw(Some("0,1,1000".parse().unwrap()));
    let white = spec(Protocol::Nboard, &say(&repeat("8", 40)));
    let report = game(spec(Protocol::Gtp, "good"), white, &rules);
    assert_eq!(report.played.termination, Termination::Finished);
    assert!(report.played.game.position.is_game_over());
    assert!(report.played.evals.iter().step_by(2).all(Option::is_none));
}

#[test]
fn a_draw_counts_after_its_ply() {
    let level = spec(Protocol::Nboard, &say(&repeat("0.25", 40)));
    let report = game(level.clone(), level, &draw("10,2,0.5"));
    let played = &report.played;
    // Moves at plies 11 to 14 (indices 10 to 13): two a side.
    assert_eq!(played.game.moves.len(), 14);
    let Termination::Evaluated { verdict: EvalVerdict::Draw(rule), evals } = &played.termination else {
        panic!("{:?}", played.termination)
    };
    assert_eq!((rule.from(), evals.len()), (10, 4));
    assert_eq!(played.black_score(), Some(0.5));
    let record = report.record();
    assert_eq!(record.result, Some(GameResult::Net { margin: 0.0, how: Some("s".into()) }));
    assert!(record.get("Termination").unwrap().starts_with("adjudicated by evaluation: a draw"));
}

fn random(seed: u64) -> Box<dyn Player + Send> {
    Box::new(PolicyPlayer(Seeded::new(BuiltinPolicy::Random, SplitMix64::new(seed))))
}

#[test]
fn a_match_stops_games_at_its_ply_limit_and_reports_them() {
    let options = MatchOptions::new(4).control(CLOCK).max_plies(Some(10));
    let mut reports = Vec::new();
    let mut tally = PairTally::default();
    let (first, second) = (|_| Ok(random(1)), |_| Ok(random(2)));
    run_scored_match(&first, &second, &options, &mut tally, &AtomicBool::new(false), &mut |r, standing| {
        // No result: no score, in the game's line too (JSON null, not ½).
        assert_eq!(r.first_score(), None);
        let line = GameSummary::of_match(r, &r.record(), *standing);
        assert_eq!((line.first_score, line.result.as_str(), standing.games.games), (None, "*", 0));
        reports.push(r.clone());
        true
    });
    assert_eq!((reports.len(), tally.tally().games()), (4, 0));
    // Played, not scored: a resume does not play them again.
    let records: Vec<Record> = reports.iter().map(GameReport::record).collect();
    assert!(reversi_engine::referee::resumed(&records).is_empty());
    assert_eq!(reversi_engine::referee::resumed_unscored(&records).into_iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
    for report in &reports {
        assert_eq!(report.played.termination, Termination::PlyLimit { plies: 10 });
        assert_eq!(report.played.game.moves.len(), 10);
        assert_eq!(report.played.black_score(), None);
        let record = report.record();
        assert_eq!(record.result, None);
        assert_eq!(record.get("Termination"), Some("stopped at the ply limit: 10 plies, no result"));
    }
}

/// Writes `records` in `format` and reads them back.
fn round_trip(format: Format, records: &[Record]) -> Vec<Record> {
    let bytes = reversi_notation::write(format, records).unwrap();
    reversi_notation::read(format, &bytes, reversi_notation::ReadOptions::new()).unwrap()
}

#[test]
fn a_matchs_records_say_engines_clock_opening_and_moves_and_read_back() {
    let first = spec(Protocol::Nboard, &say(&["1.5", "-", "2.25s", "-3"])).depth(Some(5));
    let second = spec(Protocol::Gtp, "good");
    let control = TimeControl { time: Duration::from_secs(30), increment: Duration::from_millis(500) };
    let source = OpeningSource::File { name: "xot.ggf".into() };
    let openings = reversi_engine::referee::default_openings(2);
    let options =
        MatchOptions::new(4).control(control).openings_from(source, openings).resign(Some("3,6".parse().unwrap()));
    let definition = MatchDefinition::new(&first, &second, &options);
    let mut records = Vec::new();
    let (a, b) = (first.clone(), second.clone());
    run_match(&move |d| a.start(d), &move |d| b.start(d), &options, &AtomicBool::new(false), &mut |report| {
        let mut record = report.record();
        definition.mark(&mut record, report.index);
        records.push((report.index, record));
        true
    });
    records.sort_by_key(|(i, _)| *i);
    let records: Vec<Record> = records.into_iter().map(|(_, r)| r).collect();
    assert_eq!(records.len(), 4);
    let nboard = first.identity();
    assert_eq!(nboard, format!("nboard:python3 {} nboard say=1.5,-,2.25s,-3 (depth 5)", script()));
    for (i, record) in records.iter().enumerate() {
        let (black, white) = if i % 2 == 0 { (&nboard, &second.identity()) } else { (&second.identity(), &nboard) };
        assert_eq!(record.get("BlackEngine"), Some(black.as_str()), "game {i}");
        assert_eq!(record.get("WhiteEngine"), Some(white.as_str()));
        assert_eq!(record.get("TimeControl"), Some("30+0.5"));
        assert_eq!(record.get("Opening"), Some(format!("xot.ggf game {}", i / 2 + 1).as_str()));
        assert_eq!(record.get("MatchResign"), Some("3,6"));
        // The opening's moves have no time; every move played has one.
        let opening = 2;
        assert!(record.moves[..opening].iter().all(|p| p.seconds.is_none()));
        assert!(record.moves[opening..].iter().all(|p| p.seconds.is_some() || p.mv.is_pass()));
        // The NBoard engine's evaluations, on its own moves.
        let nboard_moves: Vec<Option<f64>> =
            record.moves[opening..].iter().skip(i % 2).step_by(2).take(4).map(|p| p.eval).collect();
        assert_eq!(nboard_moves, [Some(1.5), None, Some(2.25), Some(-3.0)], "game {i}");
    }
    for format in [Format::Ggf, Format::Pgn] {
        let back = round_trip(format, &records);
        for (back, record) in back.iter().zip(&records) {
            assert_eq!((&back.black, &back.white, &back.extra), (&record.black, &record.white, &record.extra));
            assert_eq!(back.moves, record.moves, "{format:?}");
            // GGF writes a disc count as its net result.
            assert_eq!(back.result.as_ref().map(GameResult::margin), record.result.as_ref().map(GameResult::margin));
        }
        assert_eq!(definition.check_resume(&back), Ok(()));
        assert_eq!(reversi_engine::referee::resumed(&back).len(), 4);
    }
}

#[test]
fn records_written_before_the_rules_resume_and_other_rules_are_refused() {
    let (a, b): (EngineSpec, EngineSpec) = ("nboard:a".parse().unwrap(), "nboard:b".parse().unwrap());
    // A record of a match before the rules existed: its definition lacks
    // their fields.
    let old = "(;GM[Othello]PB[a]PW[b]TY[8]RE[+2]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- \
               -------- -------- *]B[f5]Round[1]MatchEngine1[nboard:a]MatchEngine2[nboard:b]\
               MatchOpenings[60 digest 0000000000000000]MatchClock[60+0 s]MatchGames[2];)";
    let old = reversi_notation::ggf::read(old).unwrap();
    let plain = MatchOptions::new(2).openings(Vec::new());
    let digest = |options: &MatchOptions| {
        let mut record = Record::default();
        MatchDefinition::new(&a, &b, options).mark(&mut record, 0);
        record.get("MatchOpenings").unwrap().to_string()
    };
    let mut old = old;
    for (name, value) in &mut old[0].extra {
        if name == "MatchOpenings" {
            *value = digest(&plain);
        }
    }
    assert_eq!(MatchDefinition::new(&a, &b, &plain).check_resume(&old), Ok(()));
    let with =
        |options: MatchOptions| MatchDefinition::new(&a, &b, &options).check_resume(&old).unwrap_err().to_string();
    assert_eq!(
        with(plain.clone().resign(Some("3,6".parse().unwrap()))),
        "the records hold another match: the resign rule (moves,score): none there, 3,6 now"
    );
    assert_eq!(
        with(plain.clone().draw(Some("40,4,0.5".parse().unwrap()))),
        "the records hold another match: the draw rule (from,moves,score): none there, 40,4,0.5 now"
    );
    assert_eq!(with(plain.max_plies(Some(80))), "the records hold another match: the ply limit: none there, 80 now");
}
