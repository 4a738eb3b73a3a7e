//! The variants position and move parsers: any input either fails with an
//! error or gives a position (of each variant) whose text reads back the same,
//! whose legal moves all play, and whose moves' text reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_variants::{Move, Position, Variant, perft};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = text.parse::<Move>();
    for variant in Variant::ALL {
        let Ok(pos) = Position::from_text(variant, text) else { continue };
        let again = Position::from_text(variant, &pos.to_string()).expect("a written position reads back");
        assert_eq!(again, pos);
        let moves = pos.legal_moves();
        assert_eq!(perft(&pos, 1), (moves.len() as u64).max(1));
        for mv in moves {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            let mut child = pos;
            child.play(mv).expect("a listed move is legal");
        }
    }
});
