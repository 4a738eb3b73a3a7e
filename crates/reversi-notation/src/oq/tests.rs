use super::*;
use crate::{Reader, read, replay, write_report};

const LIST: &str = r#"{"user": {"name": "ann", "games": 3}, "games": [
 {"id": "g1", "created": "2026-05-25T10:00:00Z", "finalStatus": "SCORE", "length": 3,
  "players": [{"id": "ann", "name": "Ann", "oldR": 1500.5, "newR": 1510, "newD": 3}, {"id": "bob", "oldR": 1490}],
  "position": {"startPos": "", "moves": [{"m": "F5", "t": 3}, {"m": "d6"}, {"m": "C3"}, {"m": "", "s": "LOSE:RESIGN"}]}},
 {"id": 2, "players": [{"name": "Cy"}, {"name": "Di"}], "position": {"moves": [{"m": "Z9"}]}},
 {"id": "g3", "players": [{"name": "Ed"}, {"name": "Flo"}], "finalStatus": "TIMEUP",
  "position": {"startPos": "f5d6c3d3c4f4c5b3", "moves": [{"m": "C2"}]}},
 {"id": "g4", "created": "2026-05-26", "players": [{"name": "Gus"}, {"name": "Hal"}]}
]}"#;

#[test]
fn a_list_reads_game_by_game_a_bad_one_reported() {
    let games: Vec<_> = Reader::new(Format::OthelloQuest, LIST.as_bytes(), ReadOptions::new()).collect();
    assert_eq!(games.len(), 4);
    let first = games[0].as_ref().unwrap();
    assert_eq!((first.black.as_deref(), first.white.as_deref()), (Some("Ann"), Some("bob")));
    assert_eq!(first.date.as_deref(), Some("2026-05-25T10:00:00Z"));
    assert_eq!(first.get("BlackRating"), Some("1510"));
    assert_eq!(first.get("WhiteRating"), Some("1490"));
    assert_eq!(first.get("BlackRank"), Some("3"));
    assert_eq!(first.get("Status"), Some("LOSE:RESIGN"));
    // White is to move after f5 d6 c3, and lost.
    assert_eq!(first.result, Some(GameResult::Discs { black: 64, white: 0 }));
    assert_eq!(first.moves.iter().map(|p| p.mv.to_string()).collect::<Vec<_>>(), ["f5", "d6", "c3"]);
    let error = games[1].as_ref().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 5, column 86: game 2: expected a move (a square such as F5, or pass), found \"\\\"Z9\\\"}]}},\""
    );
    let xot = games[2].as_ref().unwrap();
    assert_eq!(xot.moves.len(), 9);
    assert_eq!(xot.result, None);
    let summary = games[3].as_ref().unwrap();
    assert!(summary.moves.is_empty());
    assert_eq!(replay(xot, Passes::Infer).unwrap().plies, 9);
}

#[test]
fn bare_lists_single_games_and_bad_json() {
    let game = r#"{"players": [{"name": "a"}, {"name": "b"}], "position": {"moves": [{"m": "f5"}]}}"#;
    for text in [game.to_owned(), format!("[{game}, {game}]"), format!("[{game}]\n\n")] {
        let games = read(Format::OthelloQuest, text.as_bytes(), ReadOptions::new()).unwrap();
        assert!(!games.is_empty() && games.iter().all(|g| g.moves.len() == 1), "{text}");
        assert_eq!(Format::sniff(text.as_bytes()), Format::OthelloQuest, "{text}");
    }
    // Unbalanced: one located error, the input ends.
    let games: Vec<_> =
        Reader::new(Format::OthelloQuest, format!("[{game}, {{\"players\": [").as_bytes(), ReadOptions::new())
            .collect();
    assert_eq!(games.len(), 2);
    assert!(games[1].as_ref().unwrap_err().to_string().contains("expected the rest of the game's JSON object"));
    for bad in ["[1, 2]", "{\"games\": 3", "[{\"players\": 3}]", "x"] {
        assert!(read(Format::OthelloQuest, bad.as_bytes(), ReadOptions::new()).is_err(), "{bad}");
    }
}

#[test]
fn written_lists_read_back() {
    let games = read(Format::OthelloQuest, LIST.as_bytes(), ReadOptions::new()).unwrap_err();
    let _ = games;
    let good: Vec<Record> =
        Reader::new(Format::OthelloQuest, LIST.as_bytes(), ReadOptions::new()).filter_map(Result::ok).collect();
    let (bytes, losses) = write_report(Format::OthelloQuest, &good).unwrap();
    assert!(losses.is_empty(), "{:?}", losses.warnings());
    let back = read(Format::OthelloQuest, &bytes, ReadOptions::new()).unwrap();
    assert_eq!(back, good, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(write_report(Format::OthelloQuest, &[]).unwrap().0, b"{\"games\": []}\n");
    assert!(read(Format::OthelloQuest, b"{\"games\": []}\n", ReadOptions::new()).unwrap().is_empty());
    let attacks = Record::of(reversi_variants::Variant::Attacks, reversi_variants::Geometry::standard());
    assert!(write_report(Format::OthelloQuest, &[attacks]).is_err());
}

proptest::proptest! {
    /// Any bytes (a list with bytes changed, cut or repeated) read game by
    /// game through a tiny buffer: at most an item a byte, only the last may
    /// end the input, the first error `read`'s, and what reads writes back
    /// as the same number of games.
    #[test]
    fn any_bytes_read_in_bounded_steps(
        edits in proptest::collection::vec((0..LIST.len(), proptest::prelude::any::<u8>()), 0..6),
        cut in 0..LIST.len() + 1,
    ) {
        let mut bytes = LIST.as_bytes()[..cut].to_vec();
        for (at, b) in edits {
            if at < bytes.len() {
                bytes[at] = b;
            }
        }
        let options = ReadOptions::new();
        let streamed: Vec<_> = Reader::new(Format::OthelloQuest, std::io::BufReader::with_capacity(7, bytes.as_slice()), options).collect();
        proptest::prop_assert!(streamed.len() <= bytes.len() + 1);
        if let Some(i) = streamed.iter().position(Result::is_err) {
            let Err(e) = &streamed[i] else { unreachable!() };
            proptest::prop_assert_eq!(read(Format::OthelloQuest, &bytes, options).err(), Some(e.kind.clone()));
        }
        let games: Vec<Record> = streamed.into_iter().filter_map(Result::ok).collect();
        let written = crate::write(Format::OthelloQuest, &games).expect("read games write");
        proptest::prop_assert_eq!(read(Format::OthelloQuest, &written, options).expect("written reads").len(), games.len());
    }
}
