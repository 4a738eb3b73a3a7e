//! The GGF reader: any text either fails with a located error or gives
//! Othello games on GGF boards that GGF can write, and that read back as the
//! same records (fields, start, moves with their evaluations and times, the
//! net result, the fields it keeps as they are; a type that says no more than
//! the board is derived, not kept). Writing what was read back again gives the
//! same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Passes, ggf, replay};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(games) = ggf::read(&text) else { return };
    for game in &games {
        // GGF writes every pass: a game either replays as written or fails.
        let _ = replay(game, Passes::Explicit);
    }
    let written = ggf::write(&games).unwrap_or_else(|e| panic!("GGF read a game it cannot write: {e}"));
    let again = ggf::read(&written).unwrap_or_else(|e| panic!("written GGF does not read back: {e}\n{written}"));
    assert_eq!(again, games, "GGF written:\n{written}");
    assert_eq!(ggf::write(&again).as_ref(), Ok(&written));
});
