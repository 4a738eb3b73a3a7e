//! The PGN reader: any text either fails with a located error or gives games
//! that replay or fail with a typed error, and that PGN writes back to text
//! reading exactly the same records (tags, start, moves with their evaluations
//! and times, result, the tags it keeps as they are). Writing what was read
//! back again gives the same text. Comments before the games add none.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Passes, pgn, replay, with_passes};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(games) = pgn::read(&text) else { return };
    for game in &games {
        let _ = replay(game, Passes::Infer);
        let _ = with_passes(game, Passes::Infer);
    }
    let written = pgn::write(&games);
    let again = pgn::read(&written).unwrap_or_else(|e| panic!("written PGN does not read back: {e}\n{written}"));
    assert_eq!(again, games, "PGN written:\n{written}");
    assert_eq!(pgn::write(&again), written);
    // Comments outside any game are no games: before the first, the same
    // games are read.
    let moves = |games: &[reversi_notation::Record]| games.iter().map(|g| g.moves.len()).collect::<Vec<_>>();
    // (A byte-order mark is one only at the start: after the comments it
    // would be a character.)
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let commented = pgn::read(&format!("; a comment\n{{ and another }}\n{body}")).expect("comments before games");
    assert_eq!(moves(&commented), moves(&games));
});
