//! The variants position and move parsers: any input either fails with an
//! error or gives a position (of each variant) whose text reads back the same,
//! whose legal moves all play, and whose moves' text reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_variants::internal::PositionHooks as _;
use reversi_variants::{Move, Position, Variant, perft};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = text.parse::<Move>();
    for variant in Variant::ALL {
        let Ok(pos) = Position::from_text(variant, text) else { continue };
        let again = Position::from_text(variant, &pos.to_string()).expect("a written position reads back");
        assert_eq!(again, pos);
        let moves: Vec<Move> = pos.moves().collect();
        assert_eq!(perft(&pos, 1).unwrap(), (moves.len() as u64).max(1));
        assert_eq!(pos.moves().len(), moves.len());
        // The generic engine agrees with reversi-core's on the 8x8 board.
        let generic = pos.on_generic_engine();
        assert_eq!(generic.moves().collect::<Vec<_>>(), moves);
        for mv in moves {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            assert!(pos.is_legal(mv));
            let mut child = pos;
            let converted = child.play(mv).expect("a listed move is legal");
            let mut other = generic;
            assert_eq!(other.play(mv).expect("legal on both engines"), converted);
            assert_eq!((other, other.hash()), (child, child.hash()));
        }
    }
});
