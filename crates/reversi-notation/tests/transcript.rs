//! Transcripts: round trips over self-played games of every variant on random
//! boards, and replay errors that name the game and ply.

mod common;

use proptest::prelude::*;
use reversi_notation::{Passes, Plies, Record, ReplayError, replay, transcript};
use reversi_variants::internal::PositionHooks as _;
use reversi_variants::{Geometry, Move, Position, Square, Variant};

/// A self-played record of `variant` on a `w` x `h` board, if it has a start.
fn self_played(variant: Variant, w: usize, h: usize, choices: &[u16]) -> Option<Record> {
    Some(common::self_played(common::start(variant, w, h)?, choices))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn write_then_read_gives_the_same_moves(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        w in 2usize..=26,
        h in 2usize..=26,
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let Some(record) = self_played(variant, w, h, &choices) else { return Ok(()) };
        let line = transcript::write(&record);
        let read = transcript::read(&line, variant, record.geometry).unwrap();
        let expected: Vec<Record> = if record.moves.is_empty() { vec![] } else { vec![record.clone()] };
        prop_assert_eq!(&read, &expected, "{}", line);
        if let Some(back) = read.first() {
            prop_assert_eq!(replay(back, Passes::Explicit).unwrap(), replay(&record, Passes::Explicit).unwrap());
        }
    }

    #[test]
    fn passes_left_out_are_inferred(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        let mut record = self_played(Variant::Reversi, 8, 8, &choices).unwrap();
        // A pass at the very end cannot be inferred (no move follows it).
        while record.moves.last().is_some_and(|p| p.mv == Move::Pass) {
            record.moves.pop();
        }
        let mut without = record.clone();
        without.moves.retain(|p| p.mv != Move::Pass);
        let written = replay(&record, Passes::Explicit).unwrap();
        let inferred = replay(&without, Passes::Infer).unwrap();
        prop_assert_eq!(inferred.position, written.position);
        prop_assert_eq!(inferred.inferred, written.passes);
        prop_assert_eq!(inferred.plies, written.plies);
    }

    #[test]
    fn the_8x8_fast_path_steps_as_the_generic_engine(
        choices in prop::collection::vec(any::<u16>(), 0..70),
        last in (0u8..9, 0u8..9),
    ) {
        // A game with its passes left out and a move that may be illegal
        // (off the board, occupied, flipping nothing, or a pass) at the end.
        let record = self_played(Variant::Reversi, 8, 8, &choices).unwrap();
        let mut moves: Vec<Move> = record.moves.iter().map(|p| p.mv).filter(|&mv| mv != Move::Pass).collect();
        moves.push(Square::new(last.0, last.1).map_or(Move::Pass, Move::Place));
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        for passes in [Passes::Infer, Passes::Explicit] {
            let fast: Vec<_> = Plies::new(start, moves.clone(), passes).collect();
            let generic: Vec<_> = Plies::new(start.on_generic_engine(), moves.clone(), passes).collect();
            prop_assert_eq!(&fast, &generic);
            let hashes = |steps: &[Result<reversi_notation::Step, ReplayError>]| -> Vec<(u64, u64)> {
                steps.iter().flatten().map(|s| (s.before.hash(), s.after.hash())).collect()
            };
            prop_assert_eq!(hashes(&fast), hashes(&generic));
        }
    }
}

#[test]
fn replay_errors_name_game_ply_move_and_side() {
    let text = "f5d6c3\nf5d6c3d3c4f4f6f3e6e7\nf5 f5\n";
    let games = transcript::read(text, Variant::Reversi, Geometry::standard()).unwrap();
    assert!(replay(&games[0], Passes::Infer).is_ok());
    let err = replay(&games[2], Passes::Infer).map_err(|e| e.in_game(2)).unwrap_err();
    assert_eq!(err.to_string(), "line 3, column 4: game 3, ply 2: f5 is not legal for White: f5 is occupied");
    assert!(matches!(err, ReplayError::Illegal { ply: 2, .. }));
    // A pass written where a move exists.
    let pass = transcript::read("f5 pass", Variant::Reversi, Geometry::standard()).unwrap();
    let err = replay(&pass[0], Passes::Explicit).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 4: game 1, ply 2: pass is not legal for White: cannot pass: a move exists"
    );
}
