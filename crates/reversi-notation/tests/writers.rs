//! The writers never give a kept field's name a meaning, write back every
//! result they read, refuse what their format cannot hold, and report what
//! they leave out.

mod common;

use reversi_notation::{
    Format, GameResult, Loss, Passes, Ply, ReadOptions, Record, SyntaxError, ggf, pgn, read, replay, write,
    write_report, wthor,
};
use reversi_variants::{Geometry, Move, Variant};

const START: &str = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

#[test]
fn ggf_fields_named_like_pgn_tags_do_not_change_the_game() {
    let games = ggf::read(&format!("(;GM[Othello]PB[Ann]PW[Bob]Variant[Attacks]{START}B[f5]W[d6];)")).unwrap();
    assert_eq!(games[0].get("Variant"), Some("Attacks"));
    let (bytes, losses) = write_report(Format::Pgn, &games).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.contains("[X_Variant \"Attacks\"]") && !text.contains("[Variant "), "{text}");
    let back = pgn::read(&text).unwrap();
    assert_eq!(back[0].variant, Variant::Reversi);
    replay(&back[0], Passes::Infer).unwrap();
    assert_eq!(back[0], common::expected(&games[0], 0, &losses));
    assert_eq!(losses.warnings(), ["PGN: kept field names changed in 1 game: Variant as X_Variant"]);
}

#[test]
fn pgn_tags_named_like_ggf_fields_do_not_change_the_game() {
    let text = "[Black \"Ann\"]\n[PB \"Mallory\"]\n[B \"x\"]\n[Time_Control \"5+3\"]\n[TY \"8q\"]\n[K_M \"6\"]\n\n1. f5 d6 *\n";
    let games = pgn::read(text).unwrap();
    let (bytes, losses) = write_report(Format::Ggf, &games).unwrap();
    let written = String::from_utf8(bytes).unwrap();
    let back = ggf::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(back[0].black.as_deref(), Some("Ann"), "{written}");
    let renamed: Vec<(&str, Option<&str>)> =
        losses.fields().iter().map(|c| (c.name.as_str(), c.renamed.as_deref())).collect();
    assert_eq!(
        renamed,
        [
            ("PB", Some("XPB")),
            ("B", Some("XB")),
            ("Time_Control", Some("TimeControl")),
            ("TY", Some("XTY")),
            ("K_M", Some("XKM"))
        ]
    );
    assert_eq!(back[0], common::expected(&games[0], 0, &losses), "{written}");
    assert_eq!(back[0].get("KM"), None, "a respelled name that means komi is prefixed");
}

#[test]
fn names_no_reader_takes_are_dropped_and_reported() {
    let mut record = Record::new();
    record.extra = vec![("".into(), "a".into()), ("_".into(), "b".into()), ("é".into(), "c".into())];
    let (bytes, losses) = write_report(Format::Ggf, std::slice::from_ref(&record)).unwrap();
    assert_eq!(ggf::read(std::str::from_utf8(&bytes).unwrap()).unwrap()[0].extra, []);
    assert_eq!(losses.games(Loss::Fields), 1);
    assert_eq!(losses.fields().len(), 3);
    // PGN respells them with `_`, except the empty name.
    let (bytes, losses) = write_report(Format::Pgn, std::slice::from_ref(&record)).unwrap();
    let back = pgn::read(std::str::from_utf8(&bytes).unwrap()).unwrap();
    assert_eq!(back[0].extra, [("_".to_string(), "b".to_string()), ("_".to_string(), "c".to_string())]);
    assert_eq!(back[0], common::expected(&record, 0, &losses));
}

#[test]
fn values_with_quotes_brackets_and_line_breaks_read_back() {
    let mut record = Record::new();
    record.black = Some("a \"b\" \\ ] [ c\nd".into());
    record.extra.push(("CO".into(), "]\\\"\n;)".into()));
    for format in [Format::Pgn, Format::Ggf] {
        let (bytes, losses) = write_report(format, std::slice::from_ref(&record)).unwrap();
        assert!(losses.is_empty(), "{format}: {:?}", losses.warnings());
        assert_eq!(read(format, &bytes, ReadOptions::new()).unwrap(), [record.clone()], "{format}");
    }
}

#[test]
fn a_second_ggf_type_is_renamed_not_written_twice() {
    let mut record = Record::new();
    record.extra = vec![("TY".into(), "s8".into()), ("TY".into(), "s8r5".into())];
    let (bytes, losses) = write_report(Format::Ggf, std::slice::from_ref(&record)).unwrap();
    let back = ggf::read(std::str::from_utf8(&bytes).unwrap()).unwrap();
    assert_eq!(back[0].extra, [("TY".to_string(), "s8".to_string()), ("XTY".to_string(), "s8r5".to_string())]);
    assert_eq!(back[0], common::expected(&record, 0, &losses));
}

#[test]
fn results_too_large_for_f64_are_syntax_errors() {
    let nines = "9".repeat(400);
    let e: SyntaxError = pgn::read(&format!("[Result \"{nines}-0\"]\n*")).unwrap_err();
    assert!(e.expected.starts_with("a result"), "{e}");
    let e = pgn::read(&format!("[Result \"+{nines}\"]\n*")).unwrap_err();
    assert!(e.expected.starts_with("a result"), "{e}");
    assert!(pgn::read(&format!("1. f5 +{nines}")).is_err());
    let e = ggf::read(&format!("(;GM[Othello]RE[+{nines}];)")).unwrap_err();
    assert!(e.expected.starts_with("a result"), "{e}");
    // The largest finite result writes back as itself.
    let big = format!("{}", f64::MAX);
    let g = &ggf::read(&format!("(;GM[Othello]RE[-{big}:r];)")).unwrap()[0];
    assert_eq!(ggf::read(&ggf::write(std::slice::from_ref(g)).unwrap()).unwrap()[0], *g);
    assert_eq!(pgn::read(&pgn::write(std::slice::from_ref(g))).unwrap()[0], *g);
}

#[test]
fn results_and_numbers_no_reader_takes_are_left_out_and_reported() {
    let mut record = Record::new();
    let mut ply = Ply::new("f5".parse().unwrap());
    (ply.eval, ply.seconds) = (Some(f64::INFINITY), Some(f64::NAN));
    record.moves.push(ply);
    for (result, kept) in [
        (GameResult::Net { margin: f64::INFINITY, how: None }, None),
        (GameResult::Net { margin: 2.0, how: Some("a b".into()) }, Some(GameResult::Net { margin: 2.0, how: None })),
    ] {
        record.result = Some(result);
        for format in [Format::Pgn, Format::Ggf] {
            let (bytes, losses) = write_report(format, std::slice::from_ref(&record)).unwrap();
            let back = read(format, &bytes, ReadOptions::new()).unwrap_or_else(|e| panic!("{format}: {e}"));
            assert_eq!(back[0].result, kept, "{format}");
            assert_eq!((back[0].moves[0].eval, back[0].moves[0].seconds), (None, None));
            assert_eq!(losses.kinds().collect::<Vec<_>>(), [Loss::Evaluations, Loss::Times, Loss::Result]);
        }
    }
}

#[test]
fn ggf_refuses_moves_off_the_board() {
    let mut record = Record::of(Variant::Reversi, Geometry::new(6, 6).unwrap());
    record.moves.push(Ply::new("g7".parse().unwrap()));
    let e = ggf::write(&[record]).unwrap_err();
    assert_eq!(e.to_string(), "GGF cannot hold game 1: move 1, g7, is off the 6x6 board");
}

#[test]
fn wthor_real_scores_above_64_do_not_read() {
    let mut bytes = vec![0u8; wthor::HEADER_LEN + wthor::GAME_LEN];
    (bytes[4], bytes[12]) = (1, 8);
    bytes[wthor::HEADER_LEN + 6] = 65;
    let e = wthor::read_games(&bytes).unwrap_err();
    assert_eq!(e, wthor::WthorError::Score { game: 0, offset: 22, score: 65 });
    assert_eq!(e.to_string(), "game 1, byte 22: the real score 65 is more than 64 discs");
    bytes[wthor::HEADER_LEN + 6] = 64;
    let records = wthor::read_records(&bytes, None, None).unwrap();
    assert_eq!(wthor::read_records(&write(Format::Wthor, &records).unwrap(), None, None).unwrap(), records);
}

/// Games between `names` players, two a game (the last alone if odd).
fn tournament(names: usize) -> Vec<Record> {
    (0..names.div_ceil(2))
        .map(|i| {
            let mut record = Record::new();
            record.black = Some(format!("p{}", 2 * i));
            record.white = (2 * i + 1 < names).then(|| format!("p{}", 2 * i + 1));
            record.result = Some(GameResult::Discs { black: 32, white: 32 });
            record.event = Some("open".into());
            record
        })
        .collect()
}

#[test]
fn wthor_holds_65535_names_and_refuses_more() {
    let started = std::time::Instant::now();
    let records = tournament(65_534);
    // One more game with a missing name: the empty name is the 65,535th.
    let mut records = records;
    records.push(Record::new());
    records.last_mut().unwrap().black = Some("p0".into());
    let files = wthor::write_records(&records).unwrap();
    let back = wthor::read_records(&files.games, Some(&files.players), Some(&files.tournaments)).unwrap();
    assert_eq!(back[32_766].white.as_deref(), Some("p65533"));
    assert_eq!(back[32_767].white.as_deref(), Some(""));
    assert_eq!(wthor::read_names(&files.players, wthor::Names::Players).unwrap().len(), 65_535);

    let e = wthor::write_records(&tournament(65_536)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "WTHOR cannot hold game 32768: more than 65535 player names (a WTHOR name file counts them in 16 bits)"
    );
    // Hashed: a quadratic lookup took seconds here.
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "{:?}", started.elapsed());
}

#[test]
fn write_report_says_what_each_format_drops() {
    let mut record = Record::new();
    record.black = Some("Ann".into());
    record.date = Some("1999-05-02".into());
    record.result = Some(GameResult::Discs { black: 40, white: 20 });
    let mut ply = Ply::new("f5".parse().unwrap());
    ply.eval = Some(1.0);
    record.moves = vec![ply, Ply::new("d6".parse().unwrap())];
    record.extra = vec![("Site".into(), "Paris".into()), ("OBF".into(), "a;b".into())];
    let kinds = |format| write_report(format, std::slice::from_ref(&record)).unwrap().1.kinds().collect::<Vec<_>>();
    assert_eq!(kinds(Format::Pgn), []);
    assert_eq!(kinds(Format::Ggf), [Loss::Result]);
    assert_eq!(kinds(Format::Transcript), [Loss::Evaluations, Loss::Players, Loss::Date, Loss::Result, Loss::Fields]);
    assert_eq!(kinds(Format::Wthor), [Loss::Evaluations, Loss::Players, Loss::Date, Loss::Result, Loss::Fields]);
    assert_eq!(
        kinds(Format::Obf),
        [Loss::Moves, Loss::Evaluations, Loss::Players, Loss::Date, Loss::Result, Loss::Fields, Loss::Annotations]
    );
    let (_, losses) = wthor::write_records_report(std::slice::from_ref(&record)).unwrap();
    assert_eq!(losses.kinds().collect::<Vec<_>>(), [Loss::Evaluations, Loss::Date, Loss::Result, Loss::Fields]);
    assert_eq!(
        losses.warnings(),
        [
            "WTHOR: move evaluations dropped in 1 game",
            "WTHOR: exact dates dropped in 1 game",
            "WTHOR: results as written dropped in 1 game",
            "WTHOR: kept fields dropped in 1 game: Site, OBF",
        ]
    );
    record.moves.push(Ply::new(Move::Pass));
    let (_, losses) = wthor::write_records_report(&[record.clone(), record]).unwrap();
    assert_eq!((losses.games(Loss::Passes), losses.first_game(Loss::Passes)), (2, Some(0)));
}

#[test]
fn wthor_streams_after_what_its_output_holds_and_counts_names_lost_once() {
    let mut records = tournament(3);
    records[1].black = Some("a name longer than nineteen letters".into());
    // The writer seeks back over its own bytes only: a prefix stays.
    let mut writer = wthor::Writer::new();
    let mut out = std::io::Cursor::new(b"prefix".to_vec());
    out.set_position(6);
    for record in &records {
        writer.push(record, &mut out).unwrap();
    }
    let (names, losses) = writer.finish(&mut out).unwrap();
    let files = wthor::write_records(&records).unwrap();
    assert_eq!(out.position(), out.get_ref().len() as u64);
    assert_eq!(out.into_inner(), [b"prefix".as_slice(), &files.games].concat());
    assert_eq!((names.players, names.tournaments), (files.players, files.tournaments));
    assert_eq!(losses.games(Loss::Players), 1);
    // Without the name files every game with a name loses it, once each
    // (game 1 also had its name cut).
    let (games, losses) = write_report(Format::Wthor, &records).unwrap();
    assert_eq!(games, files.games);
    assert_eq!((losses.games(Loss::Players), losses.first_game(Loss::Players)), (2, Some(0)));
}
