//! The bindings in a real browser: `wasm-pack`-free, run by
//! `wasm-bindgen-test-runner` in headless Chromium (scripts/web-test.sh sets
//! `CHROMEDRIVER`). On the host this file compiles to nothing.
#![cfg(target_arch = "wasm32")]

use js_sys::{Error, Uint8Array};
use reversi_wasm::{Position, Record, RecordStream, read_records};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The message JS sees of a thrown error.
fn message(e: JsValue) -> String {
    Error::from(e).message().into()
}

/// A JS string.
fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A JS number.
fn n(x: usize) -> JsValue {
    JsValue::from_f64(x as f64)
}

/// A `Uint8Array` of `bytes`.
fn b(bytes: &[u8]) -> JsValue {
    Uint8Array::from(bytes).into()
}

/// A JS array of strings.
fn strings(items: &[&str]) -> JsValue {
    items.iter().map(|i| JsValue::from_str(i)).collect::<js_sys::Array>().into()
}

#[wasm_bindgen_test]
fn every_game_and_board_plays_from_its_start() {
    let mut pos = Position::new(None, None, None, None).unwrap();
    assert_eq!(pos.moves(), ["d3", "c4", "f5", "e6"]);
    pos.play(s("f5")).unwrap();
    assert_eq!(pos.score(), [4, 1]);
    assert_eq!(pos.side_to_move(), "white");
    let holes = strings(&["c3", "d4"]);
    let attacks = Position::new(Some(s("attacks")), Some(s("6x6")), Some(holes), Some(s("white"))).unwrap();
    assert_eq!((attacks.width(), attacks.height(), attacks.side_to_move().as_str()), (6, 6, "white"));
    assert_eq!((attacks.cells()[2 * 6 + 2], attacks.cells()[0]), (3, 1));
    // `reversi perft 2 --variant attacks --board 6x6 --holes c3,d4 --first white`.
    assert_eq!(attacks.perft(n(2)).unwrap(), 224);
    let tacks = Position::new(Some(s("reversitacks")), None, None, None).unwrap();
    assert_eq!(tacks.perft(n(2)).unwrap(), 2858);
    assert_eq!(Position::new(Some(s("attacks")), Some(s("7x7")), None, None).unwrap().perft(n(3)).unwrap(), 6460);
    // perft(4) of the start is 244, each first move alike: 61 below f5.
    assert_eq!(pos.copy().perft(n(3)).unwrap(), 61);
}

#[wasm_bindgen_test]
fn errors_are_exceptions_with_the_library_message() {
    // The start builder's words, naming the argument (as the CLI's and Python's).
    let chess = reversi_variants::StartBuilder::new().parse_variant("chess").unwrap_err().to_string();
    assert!(chess.starts_with("variant \"chess\": expected a variant: reversi, "), "{chess}");
    assert_eq!(message(Position::new(Some(s("chess")), None, None, None).unwrap_err()), chess);
    let mut pos = Position::new(None, None, None, None).unwrap();
    assert!(message(pos.play(s("a1")).unwrap_err()).contains("a1"));
    assert!(!pos.is_legal(s("a1")).unwrap() && pos.is_legal(s("f5")).unwrap() && !pos.is_legal(s("zz")).unwrap());
    // The library's messages, as they are.
    let mut lib =
        reversi_variants::Position::start(reversi_variants::Variant::Reversi, "8x8".parse().unwrap()).unwrap();
    assert_eq!(message(pos.pass().unwrap_err()), lib.pass().unwrap_err().to_string());
    let bad = reversi_variants::Position::from_text(reversi_variants::Variant::Reversi, "XQ X").unwrap_err();
    assert_eq!(message(Position::from_text(s("XQ X"), None).unwrap_err()), bad.to_string());
}

/// The texts of the CLI's `position_takes_what_a_user_pastes` (tests/cli.rs),
/// read as `--position` reads them: through notation's `paste_position`.
#[wasm_bindgen_test]
fn position_arguments_take_what_a_user_pastes() {
    let board = "--------/--------/--X-----/---XX---/---OXX--/---O----/--------/-------- O";
    let expected = Position::from_text(s(board), None).unwrap().text();
    for text in ["f5d6c3", "1. F5 d6 2. C3", "f5 D6 c3"] {
        assert_eq!(Position::from_text(s(text), None).unwrap().text(), expected, "{text}");
        // Every position argument: a record's start too.
        let record = Record::from_moves(s(text), strings(&["d3"])).unwrap();
        assert_eq!(record.replay().unwrap().position(n(0)).unwrap().unwrap().text(), expected, "{text}");
    }
    let illegal = message(Position::from_text(s("f5 f5"), None).unwrap_err());
    assert!(illegal.contains("line 1, column 4: ply 2: f5 is not legal"), "{illegal}");
    let bad = message(Position::from_text(s("--------/--------- X"), None).unwrap_err());
    assert!(bad.starts_with("bad position at byte"), "{bad}");
}

#[wasm_bindgen_test]
fn wthor_games_carry_the_names_of_the_name_files() {
    let wtb = include_bytes!("../../../data/wthor/WTH_1980.wtb");
    let players = b(include_bytes!("../../../data/wthor/WTHOR.JOU"));
    let tournaments = b(include_bytes!("../../../data/wthor/WTHOR.TRN"));
    let games = read_records(b(wtb), Some(s("WTH_1980.wtb")), None, Some(players), Some(tournaments)).unwrap();
    assert_eq!((games.format().as_str(), games.length()), ("wthor", (wtb.len() - 16) / 68));
    // The first game's players, read from the bytes here: its entry (after
    // the 16-byte header) holds each player's number at bytes 2 and 4, the
    // name file a 20-byte NUL-padded name for each after its own header.
    let jou = include_bytes!("../../../data/wthor/WTHOR.JOU");
    let number = |at: usize| usize::from(u16::from_le_bytes([wtb[16 + at], wtb[17 + at]]));
    let name = |i: usize| -> String {
        jou[16 + 20 * i..16 + 20 * (i + 1)].iter().take_while(|&&c| c != 0).map(|&c| char::from(c)).collect()
    };
    let first = games.get(n(0)).unwrap().unwrap();
    assert_eq!((first.black(), first.white()), (Some(name(number(2))), Some(name(number(4)))));
    let numbered = read_records(b(wtb), Some(s("WTH_1980.wtb")), None, None, None).unwrap();
    assert_eq!(numbered.get(n(0)).unwrap().unwrap().black(), Some(format!("#{}", number(2))));
    // Every game replays to its end: the final position's pieces add up to
    // the squares filled.
    for i in 0..games.length() {
        let replay = games.get(n(i)).unwrap().unwrap().replay().unwrap();
        assert_eq!(replay.error(), None);
        let last = replay.position(n(replay.length())).unwrap().unwrap();
        let [black, white] = last.score()[..] else { panic!() };
        assert_eq!(last.cells().iter().filter(|&&c| c == 1 || c == 2).count() as u32, black + white);
    }
}

#[wasm_bindgen_test]
fn pgn_passes_are_plies_and_scores_match_the_cli() {
    // `reversi replay --json data/pgn/playok.pgn`: 61 plies, 1 pass, 38-26; 62, 2, 37-27.
    let games =
        read_records(b(include_bytes!("../../../data/pgn/playok.pgn")), Some(s("playok.pgn")), None, None, None)
            .unwrap();
    let expected = [(61, 1, [38, 26]), (62, 2, [37, 27])];
    assert_eq!(games.length(), expected.len());
    for (i, (plies, passes, score)) in expected.into_iter().enumerate() {
        let replay = games.get(n(i)).unwrap().unwrap().replay().unwrap();
        assert_eq!(replay.length(), plies);
        assert_eq!((1..=plies).filter(|&p| replay.move_at(n(p)).unwrap().as_deref() == Some("pass")).count(), passes);
        assert_eq!(replay.position(n(plies)).unwrap().unwrap().score(), score);
        assert!(replay.position(n(plies + 1)).unwrap().is_none() && replay.move_at(n(0)).unwrap().is_none());
    }
}

#[wasm_bindgen_test]
fn an_illegal_ggf_game_stops_at_its_ply_with_the_located_message() {
    let bytes = include_bytes!("../../../data-illegal/ggf/gg-synchro-komi-mixed.ggf");
    let name = "data-illegal/ggf/gg-synchro-komi-mixed.ggf";
    let games = read_records(b(bytes), Some(s(name)), None, None, None).unwrap();
    assert_eq!(games.length(), 6);
    let replay = games.get(n(3)).unwrap().unwrap().replay().unwrap();
    assert_eq!(replay.length(), 37);
    assert_eq!(replay.position(n(37)).unwrap().unwrap().score(), [27, 28]);
    assert_eq!(
        replay.error().unwrap(),
        format!("{name}:3:1544: game 4, ply 38: h2 is not legal for White: h2 flips nothing")
    );
    assert_eq!(games.get(n(4)).unwrap().unwrap().replay().unwrap().error(), None);
}

#[wasm_bindgen_test]
fn bad_bytes_are_listed_errors_not_panics() {
    let binary: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let games = read_records(b(&binary), Some(s("noise.pgn")), None, None, None).unwrap();
    assert!(games.errors().iter().all(|e| e.starts_with("noise.pgn")), "{:?}", games.errors());
    // As the library reads them: the same games, each error the same.
    let options = reversi_notation::ReadOptions::new();
    let library: Vec<_> =
        reversi_notation::Reader::new(reversi_notation::Format::Pgn, &binary[..], options).named("noise.pgn").collect();
    assert_eq!(games.length(), library.len());
    for (i, game) in library.iter().enumerate() {
        let expected = game.as_ref().err().map(ToString::to_string);
        assert_eq!(games.get(n(i)).unwrap().unwrap().error(), expected, "game {i}");
    }
    assert!(games.get(n(0)).unwrap().unwrap().error().is_some());
    assert!(message(games.get(n(0)).unwrap().unwrap().replay().unwrap_err()).starts_with("noise.pgn"));
    let unknown = message(read_records(b(&binary), Some(s("noise.bin")), None, None, None).unwrap_err());
    assert!(unknown.starts_with("noise.bin: unknown format: expected a record file ("), "{unknown}");
    assert!(unknown.ends_with("found a .bin file of binary data"), "{unknown}");
    let wtb = include_bytes!("../../../data/wthor/WTH_1980.wtb");
    let cut = read_records(b(&wtb[..wtb.len() - 30]), Some(s("cut.wtb")), None, None, None).unwrap();
    // The games before the cut, then the library's located error (as
    // `reversi replay` prints it).
    assert_eq!(cut.length(), 160);
    assert_eq!(
        cut.errors(),
        ["cut.wtb: game 160, byte 10828: the file ends 38 bytes into the game (a game has 68; the header claims 160)"]
    );
    assert!(
        message(read_records(b(b"f5"), None, Some(s("sgf")), None, None).unwrap_err()).starts_with("unknown format")
    );
}

#[wasm_bindgen_test]
fn an_analysis_line_is_written_as_text() {
    let mut start = Position::new(None, None, None, None).unwrap();
    start.play(s("f5")).unwrap();
    let game = Record::from_moves(start.copy().into(), strings(&["d6", "c3"])).unwrap();
    assert_eq!(game.replay().unwrap().length(), 2);
    let text = game.to_text(Some(s("ggf"))).unwrap();
    assert!(text.contains("D6") || text.contains("d6"), "{text}");
    // The library's refusal: WTHOR holds games from the standard start only.
    let refused = message(game.to_text(Some(s("wthor"))).unwrap_err());
    assert!(
        refused.starts_with("WTHOR cannot hold game 1: WTHOR holds 8x8 Reversi from the standard start"),
        "{refused}"
    );
    assert!(message(Record::from_moves(start.copy().into(), strings(&["q"])).unwrap_err()).contains("\"q\""));
}

#[wasm_bindgen_test]
fn a_stream_in_batches_reads_what_read_games_reads() {
    let wtb = include_bytes!("../../../data/wthor/WTH_1985.wtb");
    let whole = read_records(b(wtb), Some(s("WTH_1985.wtb")), None, None, None).unwrap();
    let mut stream = RecordStream::new(n(wtb.len()), Some(s("WTH_1985.wtb")), None, None, None).unwrap();
    // Nothing is read before the first bytes that show the format.
    assert_eq!(stream.wants(), reversi_notation::Format::DETECT_BYTES as f64);
    for chunk in wtb.chunks(10_000) {
        stream.push(b(chunk)).unwrap();
    }
    assert_eq!(stream.wants(), 0.0);
    let mut batches = 1;
    while !stream.read(n(100)).unwrap() {
        batches += 1;
        assert!(stream.progress() > 0.0 && stream.progress() <= 1.0);
    }
    assert_eq!(stream.progress(), 1.0);
    let games = stream.finish();
    assert_eq!(
        (games.length(), batches),
        (whole.length(), whole.length().div_ceil(100) + usize::from(whole.length().is_multiple_of(100)))
    );
    // A game of a stream is read again from the bytes of its place.
    let last = games.length() - 1;
    let place: Vec<usize> = games.place(n(last)).unwrap().unwrap().iter().map(|&b| b as usize).collect();
    assert_eq!(place, [0, 16, wtb.len() - 68, wtb.len()]);
    let game = games.read(n(last), b(&wtb[..16]), b(&wtb[wtb.len() - 68..])).unwrap();
    assert_eq!(game.moves(), whole.get(n(last)).unwrap().unwrap().moves());
    assert!(message(games.get(n(last)).unwrap_err()).contains("RecordList.read"));
    assert!(
        message(games.read(n(last), b(&wtb[..16]), b(&wtb[..10])).unwrap_err())
            .contains("26 bytes given, its place holds 84")
    );
}

#[wasm_bindgen_test]
fn the_solver_runs_on_one_thread_without_a_clock_unless_given_one() {
    use reversi_solve::{SolveError, SolveOptions};
    use std::time::Duration;
    // FFO #1 (14 empties): g8 wins by 18 (the published score).
    let text = "--XXXXX-/-OOOXX-O/-OOOXXOX/-OXOXOXX/OXXXOXXX/--XOXOXX/-XXXOOO-/-OOOOO-- X";
    let lib = reversi_variants::Position::from_text(reversi_variants::Variant::Reversi, text).unwrap();
    // No threads here: more than one is refused, never spawned.
    assert_eq!(SolveOptions::MAX_THREADS, 1);
    let two = SolveOptions::new().threads(2);
    assert_eq!(reversi_solve::solve(&lib, &two).unwrap_err(), SolveError::Threads { requested: 2, max: 1 });
    // No clock by default (std's Instant::now panics here): the solve runs, its time reads zero, and a
    // time limit without a clock to measure it is refused.
    let solution = reversi_solve::solve(&lib, &SolveOptions::new()).unwrap();
    assert_eq!((solution.score, solution.best.map(|m| m.to_string())), (18, Some("g8".to_owned())));
    assert_eq!(solution.elapsed, Duration::ZERO);
    let limit = Duration::from_secs(60);
    let unmeasured = SolveOptions::new().time_limit(limit);
    assert_eq!(reversi_solve::solve(&lib, &unmeasured).unwrap_err(), SolveError::NoClock { limit });
    // The page's clock, given before or after the limit, measures it.
    let clock = || Duration::from_secs_f64(js_sys::Date::now() / 1e3);
    for options in
        [SolveOptions::new().clock(clock).time_limit(limit), SolveOptions::new().time_limit(limit).clock(clock)]
    {
        assert_eq!(reversi_solve::solve(&lib, &options).unwrap().score, 18);
    }
    let passed = SolveOptions::new().clock(clock).time_limit(Duration::from_nanos(1));
    assert!(matches!(reversi_solve::solve(&lib, &passed), Err(SolveError::DeadlineReached { .. })));
    // The export: the same answer, every move's score best first.
    let pos = Position::from_text(s(text), None).unwrap();
    let moves = js_sys::Reflect::get(&reversi_wasm::solve_moves(pos.into(), None).unwrap(), &s("moves")).unwrap();
    let first = js_sys::Array::from(&moves).get(0);
    let field = |name: &str| js_sys::Reflect::get(&first, &s(name)).unwrap();
    assert_eq!((field("move").as_string(), field("score").as_f64()), (Some("g8".to_owned()), Some(18.0)));
}

#[wasm_bindgen_test]
fn a_deep_solve_sizes_its_table_within_32_bits() {
    use reversi_solve::{SolveError, SolveOptions};
    use std::time::Duration;
    // A limit past at the first look: only the table is made. 60 empties asked
    // 1 << 66 entries (a shift past usize's 32 bits: a panic), and 4096 MiB
    // wrapped to no table at all; now the bound is the size, and a size the
    // memory cannot hold is an error.
    let clock = || Duration::from_secs_f64(js_sys::Date::now() / 1e3);
    let passed = SolveOptions::new().clock(clock).time_limit(Duration::from_nanos(1));
    for board in ["8x8", "6x6"] {
        let start =
            reversi_variants::Position::start(reversi_variants::Variant::Reversi, board.parse().unwrap()).unwrap();
        assert!(matches!(reversi_solve::solve(&start, &passed), Err(SolveError::DeadlineReached { .. })), "{board}");
        let huge = passed.clone().hash_mib(4096);
        assert_eq!(reversi_solve::solve(&start, &huge).unwrap_err(), SolveError::TableAlloc { mib: 4096 }, "{board}");
    }
}
