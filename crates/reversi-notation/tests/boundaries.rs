//! Where games start and end: a comment outside any game is no game, and a
//! game without moves is written so that it reads back, or refused.

use reversi_notation::{Format, ReadOptions, Record, read, write};

#[test]
fn pgn_comments_outside_games_are_no_games() {
    let text = "; a file comment\n{a block comment}\n\n[Black \"Ann\"]\n\n1. f5 d6 *\n\n; between\n{ and }\n\n1. f5 f6 *\n; the end\n{ last }\n";
    let games = read(Format::Pgn, text.as_bytes(), ReadOptions::new()).unwrap();
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0].black.as_deref(), Some("Ann"));
    assert_eq!(games[1].moves.len(), 2);
    // Only a comment: no game at all.
    assert_eq!(read(Format::Pgn, b"; nothing\n{ here }\n", ReadOptions::new()).unwrap(), []);
    // A comment that never closes is still an error.
    assert!(read(Format::Pgn, b"{ open\n", ReadOptions::new()).is_err());
}

#[test]
fn empty_games_read_back_or_are_refused() {
    let empty = Record::new();
    for format in Format::ALL {
        match write(format, std::slice::from_ref(&empty)) {
            Ok(bytes) => {
                let back = read(format, &bytes, ReadOptions::new()).unwrap();
                assert_eq!(back.len(), 1, "{format}: {:?}", String::from_utf8_lossy(&bytes));
                assert!(back[0].moves.is_empty(), "{format}");
            }
            Err(e) => {
                assert_eq!(format, Format::Transcript, "{e}");
                assert!(e.to_string().contains("without moves"), "{e}");
            }
        }
    }
}

#[test]
fn a_pgn_tag_given_twice_is_read_from_its_first_and_the_other_kept() {
    let text = "[Black \"Ann\"]\n[Event \"Club\"]\n[Black \"Bob\"]\n[Board \"6x6\"]\n[Board \"8x8\"]\n[Result \"20-16\"]\n[Result \"*\"]\n[Event \"Cup\"]\n\n1. c4 *\n";
    let games = read(Format::Pgn, text.as_bytes(), ReadOptions::new()).unwrap();
    let game = &games[0];
    assert_eq!((game.black.as_deref(), game.event.as_deref()), (Some("Ann"), Some("Club")));
    assert_eq!(game.geometry.to_string(), "6x6");
    assert_eq!(game.result.as_ref().map(ToString::to_string).as_deref(), Some("20-16"));
    let kept: Vec<(&str, &str)> = game.extra.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    assert_eq!(kept, [("X_Black", "Bob"), ("X_Board", "8x8"), ("X_Result", "*"), ("X_Event", "Cup")]);
    // Written and read again: the same record.
    let written = reversi_notation::write(Format::Pgn, &games).unwrap();
    assert_eq!(read(Format::Pgn, &written, ReadOptions::new()).unwrap(), games);
}

#[test]
fn a_game_longer_than_the_readers_take_is_refused_when_written() {
    let mut record = Record::new();
    record.moves.push(reversi_notation::Ply::new("f5".parse().unwrap()));
    record.extra.push(("Note".into(), "x".repeat(ReadOptions::DEFAULT_MAX_GAME_BYTES)));
    for format in [Format::Pgn, Format::Ggf] {
        let e = write(format, std::slice::from_ref(&record)).unwrap_err();
        assert!(e.to_string().contains("DEFAULT_MAX_GAME_BYTES"), "{format}: {e}");
    }
    // Just under the bound: written, and read back.
    record.extra[0].1.truncate(ReadOptions::DEFAULT_MAX_GAME_BYTES - 100);
    let bytes = write(Format::Pgn, std::slice::from_ref(&record)).unwrap();
    assert_eq!(read(Format::Pgn, &bytes, ReadOptions::new()).unwrap().len(), 1);
}
