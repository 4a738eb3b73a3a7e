//! The WTHOR readers: any bytes either fail with a typed error or give games
//! that replay or fail with a typed error, and that write back to bytes reading
//! the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::wthor::{self, Names};

fuzz_target!(|data: &[u8]| {
    if let Ok(db) = wthor::read_games(data) {
        for game in &db.games {
            let _ = game.replay();
        }
        assert_eq!(wthor::read_games(&wthor::write_games(&db)), Ok(db));
    }
    for kind in [Names::Players, Names::Tournaments] {
        let _ = wthor::read_names(data, kind);
    }
});
