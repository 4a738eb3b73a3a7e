//! Property tests over random legal game prefixes.

use proptest::prelude::*;
use reversi_core::{
    Backend, Bitboard, Color, Move, PerftTable, Position, Square, Symmetry, TableEntry, perft, perft_hashed, perft_with,
};

/// A position reached from the start (either colour first) by `choices.len()`
/// legal moves, each picked by index among the legal ones.
fn play_prefix(white_first: bool, choices: &[u8]) -> Position {
    let mut pos = Position::start_with_first(if white_first { Color::White } else { Color::Black });
    for &c in choices {
        let moves: Vec<Move> = pos.moves().collect();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(c) % moves.len()]).unwrap();
    }
    pos
}

fn positions() -> impl Strategy<Value = Position> {
    (any::<bool>(), prop::collection::vec(any::<u8>(), 0..64)).prop_map(|(w, c)| play_prefix(w, &c))
}

/// The squares on the 8 lines through `sq`, `sq` included.
fn lines_through(sq: Square) -> Bitboard {
    Square::all()
        .filter(|s| {
            let (dc, dr) = (i32::from(s.column()) - i32::from(sq.column()), i32::from(s.row()) - i32::from(sq.row()));
            dc == 0 || dr == 0 || dc.abs() == dr.abs()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn placements_conserve_discs(pos in positions()) {
        let me = pos.side_to_move();
        for mv in pos.moves() {
            let mut child = pos;
            let flipped = child.play(mv).unwrap();
            let k = flipped.len();
            match mv {
                Move::Place(sq) => {
                    prop_assert!(k >= 1);
                    prop_assert_eq!(child.board().occupied().len(), pos.board().occupied().len() + 1);
                    prop_assert_eq!(child.board().count(me), pos.board().count(me) + 1 + k);
                    prop_assert_eq!(child.board().count(!me), pos.board().count(!me) - k);
                    let changed = (child.board().discs(me) ^ pos.board().discs(me))
                        | (child.board().discs(!me) ^ pos.board().discs(!me));
                    prop_assert!((changed - lines_through(sq)).is_empty());
                    prop_assert_eq!(flipped, pos.flips(sq));
                }
                Move::Pass => {
                    prop_assert_eq!(k, 0);
                    prop_assert_eq!(child.board(), pos.board());
                    prop_assert_eq!(child.side_to_move(), !me);
                }
            }
        }
    }

    #[test]
    fn play_succeeds_exactly_on_legal_moves(pos in positions()) {
        let legal: Vec<Move> = pos.moves().collect();
        for mv in Square::all().map(Move::Place).chain([Move::Pass]) {
            let mut child = pos;
            let result = child.play(mv);
            prop_assert_eq!(result.is_ok(), legal.contains(&mv), "{} in {}", mv, pos);
            prop_assert_eq!(pos.is_legal(mv), legal.contains(&mv));
            if result.is_err() {
                prop_assert_eq!(child, pos);
            } else {
                let mut unchecked = pos;
                unchecked.play_unchecked(mv);
                prop_assert_eq!(unchecked, child);
            }
        }
    }

    #[test]
    fn moves_and_perft_commute_with_symmetries(pos in positions()) {
        let moves = pos.legal_moves();
        let counts = perft(&pos, 3);
        for s in Symmetry::ALL {
            let image = pos.transform(s);
            prop_assert_eq!(image.legal_moves(), moves.transform(s));
            prop_assert_eq!(perft(&image, 3), counts);
            prop_assert_eq!(image.canonical().0, pos.canonical().0);
            for sq in moves {
                prop_assert_eq!(image.flips(sq.transform(s)), pos.flips(sq).transform(s));
            }
        }
        let (canonical, s) = pos.canonical();
        prop_assert_eq!(pos.transform(s), canonical);
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch(pos in positions()) {
        prop_assert_eq!(pos.hash(), Position::new(*pos.board(), pos.side_to_move()).hash());
    }

    #[test]
    fn text_round_trips(pos in positions()) {
        prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        let edax: String = pos.to_string().chars().filter(|&c| c != '/').collect();
        prop_assert_eq!(edax.parse::<Position>().unwrap(), pos);
        for mv in pos.moves() {
            prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        }
    }

    #[test]
    fn every_backend_counts_alike(pos in positions()) {
        let reference = perft_with(Backend::Portable, &pos, 4);
        for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
            prop_assert_eq!(perft_with(backend, &pos, 4), reference, "{}", backend.name());
        }
        let slots: Vec<TableEntry> = (0..256).map(|_| TableEntry::default()).collect();
        prop_assert_eq!(perft_hashed(&pos, 6, &PerftTable::new(&slots)), perft(&pos, 6));
        // perft(d) is the sum of the children's perft(d - 1), passes included.
        if !pos.is_game_over() {
            let sum: u64 = pos.moves().map(|mv| {
                let mut child = pos;
                child.play(mv).unwrap();
                perft(&child, 3)
            }).sum();
            prop_assert_eq!(sum, reference);
        }
    }
}
