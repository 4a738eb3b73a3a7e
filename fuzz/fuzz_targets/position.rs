//! The position parser: any input either fails with an error or gives a
//! position whose text reads back to the same position, and whose moves and
//! perft behave.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_core::{Position, perft};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = text.parse::<Position>() else { return };
    let again: Position = pos.to_string().parse().expect("a written position reads back");
    assert_eq!(again, pos);
    assert_eq!(pos.hash(), Position::new(*pos.board(), pos.side_to_move()).hash());
    let moves = pos.moves().count() as u64;
    assert_eq!(perft(&pos, 1), moves.max(1));
    for mv in pos.moves() {
        let mut child = pos;
        child.play(mv).expect("a listed move is legal");
    }
});
