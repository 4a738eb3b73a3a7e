//! A game that does not read hides none after it: each format's boundary
//! (PGN: the next tag section; GGF: the next `(;`; transcripts, position
//! lines and OBF: the next line; WTHOR: the next 68-byte game), and every
//! game and move located where it was read.

use reversi_notation::{Format, Location, Passes, ReadError, ReadOptions, Reader, Record, RecordError, replay, wthor};
use reversi_variants::Variant;

/// Every item of `text` read as `format` from a reader named `f`, games as
/// the black player's name (or the move count), errors as their message.
fn items(format: Format, bytes: &[u8], options: ReadOptions) -> Vec<Result<Record, RecordError>> {
    let streamed: Vec<_> = Reader::new(format, bytes, options).named("f").collect();
    // Through a reader that gives a byte at a time: the same items.
    let trickled: Vec<_> =
        Reader::new(format, std::io::BufReader::with_capacity(1, bytes), options).named("f").collect();
    assert_eq!(streamed, trickled, "{format}");
    streamed
}

fn messages(items: &[Result<Record, RecordError>]) -> Vec<String> {
    items
        .iter()
        .map(|item| match item {
            Ok(game) => format!("ok {}", game.moves.len()),
            Err(e) => e.to_string(),
        })
        .collect()
}

#[test]
fn pgn_goes_on_at_the_next_tag_section() {
    let text = "[Black \"A\"]\n\n1. f5 d6 *\n\n\
                [Black \"B\"]\n[Variant \"Chess\"]\n[White \"X\"]\n\n1. f5 *\n\n\
                [Black \"C\"]\n\n1. f5 {never closed\n2. d6\n\n\
                [Black \"D\"]\n\n1. f5 d6 c3 *\n";
    let read = items(Format::Pgn, text.as_bytes(), ReadOptions::new());
    assert_eq!(
        messages(&read),
        [
            "ok 2",
            "f:6:11: game 2: expected a variant: Reversi, Reversitacks or Attacks, found \"Chess\\\"]\"",
            "f:13:7: game 3: expected a comment closed by }, found \"{never\"",
            "ok 3",
        ]
    );
    let last = read[3].as_ref().unwrap();
    assert_eq!((last.black.as_deref(), last.origin.as_ref().unwrap().game), (Some("D"), 3));
    assert_eq!(last.origin.as_ref().unwrap().at, Location::Text { line: 16, column: 1 });
    assert_eq!(last.moves[2].at, Some(Location::Text { line: 18, column: 10 }));
    // The first error is what `read` reports.
    let first = reversi_notation::read(Format::Pgn, text.as_bytes(), ReadOptions::new()).unwrap_err();
    assert_eq!(Err::<(), _>(&first), read[1].as_ref().map(|_| ()).map_err(|e| &e.kind));
}

#[test]
fn ggf_goes_on_at_the_next_game() {
    let good = "(;GM[Othello]PB[a]B[f5]W[d6];)";
    let text = format!("{good}\n(;GM[Othello]B[zz9];)(;GM[Othello]B[f5];)\n2 (;GM[Chess];){good}\n{good}");
    let read = items(Format::Ggf, text.as_bytes(), ReadOptions::new());
    assert_eq!(
        messages(&read),
        [
            "ok 2",
            "f:2:16: game 2: expected a move: a square, PA or pass, then /eval/time, found \"zz9];)(;GM[Othello]B[f5]\"",
            "ok 1",
            "f:3:8: game 4: expected Othello: GGF games other than Othello are not read, found \"Chess];)(;GM[Othello]PB[\"",
            "ok 2",
            "ok 2",
        ]
    );
    let fifth = read[4].as_ref().unwrap();
    assert_eq!(fifth.origin.as_ref().unwrap().at, Location::Text { line: 3, column: 16 });
    assert_eq!(fifth.moves[1].at, Location::Text { line: 3, column: 41 }.into());
}

#[test]
fn line_formats_go_on_at_the_next_line() {
    let read = items(Format::Transcript, b"f5d6\nf5k9d6\n# comment\nf5 f6 e6\n", ReadOptions::new());
    assert_eq!(
        messages(&read),
        [
            "ok 2",
            "f:2:3: game 2: expected a move (a square such as f5, a jump such as a1c3, or pass), found \"k9d6\"",
            "ok 3"
        ]
    );
    assert_eq!(read[2].as_ref().unwrap().moves[2].at, Some(Location::Text { line: 4, column: 7 }));

    let start = "--------/--------/--------/---OX---/---XO---/--------/--------/--------";
    let text = format!("{start} X\n--X-/--- X\n-/- X\n");
    let read = items(Format::Position, text.as_bytes(), ReadOptions::new().variant(Variant::Attacks));
    assert!(read[0].is_ok() && read[1].is_err() && read[2].is_ok(), "{:?}", messages(&read));
    assert!(messages(&read)[1].starts_with("f:2:"), "{:?}", messages(&read));

    let obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";
    let text = format!("{obf}\n--------Q------------------OX------XO--------------------------- X;\n{obf}\n");
    let read = items(Format::Obf, text.as_bytes(), ReadOptions::new());
    assert!(read[0].is_ok() && read[1].is_err() && read[2].is_ok(), "{:?}", messages(&read));
    assert!(messages(&read)[1].starts_with("f:2:9: game 2: expected an OBF position"), "{:?}", messages(&read));
}

#[test]
fn wthor_goes_on_at_the_next_game_and_stops_at_a_lie() {
    let mut record = Record::new();
    record.moves = ["f5", "d6", "c3"].map(|m| m.parse::<reversi_variants::Move>().unwrap().into()).into();
    let mut bytes = wthor::write_records(&[record.clone(), record.clone(), record]).unwrap().games;
    let second = wthor::HEADER_LEN + wthor::GAME_LEN;
    bytes[second + 9] = 99; // its second move byte is no square
    let read = items(Format::Wthor, &bytes, ReadOptions::new());
    assert_eq!(messages(&read), ["ok 3", "f: game 2, byte 93: move byte 99 is not a square (11 to 88)", "ok 3"]);
    let third = read[2].as_ref().unwrap();
    let offset = (wthor::HEADER_LEN + 2 * wthor::GAME_LEN) as u64;
    assert_eq!(third.origin.as_ref().unwrap().at, Location::Byte(offset));
    assert_eq!(third.moves[1].at, Some(Location::Byte(offset + 9)));
    assert_eq!(read[1].as_ref().unwrap_err().location(), Some(Location::Byte(93)));
    // A header that claims more games than the file holds ends the file.
    bytes[4] = 5;
    let read = items(Format::Wthor, &bytes, ReadOptions::new());
    assert_eq!(read.len(), 4);
    let last = read[3].as_ref().unwrap_err();
    assert!(last.is_fatal() && matches!(last.kind, ReadError::Wthor(wthor::WthorError::Truncated { .. })));
}

#[test]
fn illegal_moves_are_located_in_their_file() {
    let text = "f5d6\n\nf5 d6 c3 c3\n";
    let mut reader = Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).named("games.txt");
    reader.next().unwrap().unwrap();
    let game = reader.next().unwrap().unwrap();
    let e = replay(&game, Passes::Infer).unwrap_err();
    assert_eq!(e.to_string(), "games.txt:3:10: game 2, ply 4: c3 is not legal for White: c3 is occupied");
    // A pass inferred before the illegal move does not shift it.
    let text = "d3 c3 b3 b2 f5 a3 a1 c1 h8\n";
    let game =
        Reader::new(Format::Transcript, text.as_bytes(), ReadOptions::new()).named("p.txt").next().unwrap().unwrap();
    let e = replay(&game, Passes::Infer).unwrap_err();
    assert_eq!(e.to_string(), "p.txt:1:25: game 1, ply 10: h8 is not legal for White: h8 flips nothing");
}

#[test]
fn equality_ignores_where_a_game_was_read() {
    let a = Reader::new(Format::Transcript, &b"f5d6"[..], ReadOptions::new()).next().unwrap().unwrap();
    let b = Reader::new(Format::Transcript, &b"\n\n  f5 d6"[..], ReadOptions::new()).next().unwrap().unwrap();
    assert_ne!(a.origin, b.origin);
    assert_eq!(a, b);
}
