//! Property tests over random legal game prefixes.

#[path = "../../../tests/support/backends.rs"]
mod backends;

use proptest::prelude::*;
use reversi_core::{
    Backend, Bitboard, Color, Move, PerftTable, PlayError, Position, Square, Symmetry, TableEntry, perft, perft_hashed,
    perft_with, raw,
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

/// The reference for [`Position::play_placements`], one placement with
/// [`Position::play`]: a pass first when the side to move must pass; whether it
/// passed. Unchanged on error.
fn play_inferring_pass(pos: &mut Position, sq: Square) -> Result<bool, PlayError> {
    match pos.play(Move::Place(sq)) {
        Ok(_) => Ok(false),
        Err(_) if pos.must_pass() => {
            let mut passed = *pos;
            passed.pass()?;
            passed.play(Move::Place(sq))?;
            *pos = passed;
            Ok(true)
        }
        Err(e) => Err(e),
    }
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
    fn play_placements_is_play_with_forced_passes(
        white_first: bool,
        choices in prop::collection::vec(any::<u8>(), 0..70),
        extra in prop::collection::vec(0u8..64, 0..4),
    ) {
        // A whole random game's placements (forced passes left out) replay to
        // the same position, counting the passes.
        let mut pos = Position::start_with_first(if white_first { Color::White } else { Color::Black });
        let start = pos;
        let (mut placements, mut passes) = (Vec::new(), 0);
        for &c in &choices {
            let moves: Vec<Move> = pos.moves().collect();
            let Some(&mv) = moves.get(usize::from(c) % moves.len().max(1)) else {
                break;
            };
            if mv == Move::Pass && placements.len() + passes + 1 == choices.len() {
                break; // a pass with no placement after it is not part of the list
            }
            pos.play(mv).unwrap();
            match mv {
                Move::Place(sq) => placements.push(sq),
                Move::Pass => passes += 1,
            }
        }
        let mut replayed = start;
        prop_assert_eq!(replayed.play_placements(placements.iter().copied()), Ok(passes));
        prop_assert_eq!(replayed, pos);

        // Random squares after it: the same successes and errors as `play`.
        let extra: Vec<Square> = extra.into_iter().filter_map(|i| Square::from_index(usize::from(i))).collect();
        let (mut reference, mut expected) = (pos, Ok(0));
        for (index, &sq) in extra.iter().enumerate() {
            match play_inferring_pass(&mut reference, sq) {
                Ok(passed) => expected = expected.map(|n| n + usize::from(passed)),
                Err(reason) => {
                    expected = Err((index, reason));
                    break;
                }
            }
        }
        prop_assert_eq!(replayed.play_placements(extra).map_err(|e| (e.index, e.reason)), expected);
        prop_assert_eq!(replayed, reference);
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
    fn move_counts_count_moves(pos in positions()) {
        let moves: Vec<Move> = pos.moves().collect();
        prop_assert_eq!(pos.moves().len(), moves.len());
        prop_assert_eq!(pos.legal_moves().len(), moves.iter().filter(|m| !m.is_pass()).count());
        prop_assert_eq!(pos.legal_moves(), moves.iter().filter_map(|m| m.to()).collect());
    }

    #[test]
    fn raw_hash_and_canonical_are_positions(pos in positions(), s in 0..8usize) {
        // Any image too, so that every symmetry is the canonical one somewhere.
        let pos = pos.transform(Symmetry::ALL[s]);
        let (p, o, side) = (pos.player().0, pos.opponent().0, pos.side_to_move());
        prop_assert_eq!(raw::hash(p, o, side), pos.hash());
        let (canonical, symmetry) = pos.canonical();
        prop_assert_eq!(raw::canonical(p, o, side), (canonical.player().0, canonical.opponent().0, symmetry));
        prop_assert_eq!(raw::canonical_hash(p, o, side), canonical.hash());
        // The same discs with the other side to move.
        let other = Position::new(*pos.board(), !side);
        let (canonical, symmetry) = other.canonical();
        prop_assert_eq!(raw::hash(o, p, !side), other.hash());
        prop_assert_eq!(raw::canonical(o, p, !side), (canonical.player().0, canonical.opponent().0, symmetry));
        prop_assert_eq!(raw::canonical_hash(o, p, !side), canonical.hash());
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
    fn the_raw_kernel_of_every_backend_plays_as_position_does(pos in positions()) {
        let (p, o) = (pos.player().0, pos.opponent().0);
        for backend in Backend::ALL {
            let k = raw::Kernel::new(backend);
            prop_assert_eq!(k.moves(p, o), pos.legal_moves().0);
            prop_assert_eq!(k.mobility(p, o) as usize, pos.legal_moves().len());
            for sq in pos.board().empty() {
                prop_assert_eq!(k.flips(p, o, sq.index()), pos.flips(sq).0);
            }
            for sq in pos.legal_moves() {
                let mut child = pos;
                child.play_unchecked(Move::Place(sq));
                prop_assert_eq!(k.play(p, o, sq.index()), (child.player().0, child.opponent().0));
                prop_assert_eq!(raw::play(p, o, sq.index()), k.play(p, o, sq.index()));
            }
        }
        prop_assert_eq!(raw::moves(p, o), pos.legal_moves().0);
        prop_assert_eq!(raw::mobility(o, p) as usize, pos.board().legal_moves(pos.side_to_move().other()).len());
    }

    #[test]
    fn every_backend_counts_alike(pos in positions()) {
        let reference = perft_with(Backend::Portable, &pos, 4);
        for backend in backends::available() {
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

/// Positions of every phase: game prefixes of up to 64 moves (opening to game
/// over), and random boards (not reachable in general: any disjoint sets) with
/// many or few empty squares, so that passes and finished games are frequent.
fn phased_positions() -> impl Strategy<Value = Position> {
    let random_board = (any::<[u64; 4]>(), any::<bool>(), 0usize..3).prop_map(|(r, white, fill)| {
        // One to three random sets together: about 50%, 75% or 87% of the squares taken.
        let taken = r[..=fill].iter().fold(0, |t, x| t | x);
        let black = taken & r[3];
        let side = if white { Color::White } else { Color::Black };
        Position::from_discs(Bitboard(black), Bitboard(taken & !black), side).unwrap()
    });
    prop_oneof![
        positions(),
        (any::<bool>(), prop::collection::vec(any::<u8>(), 40..64)).prop_map(|(w, c)| play_prefix(w, &c)),
        random_board
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The batched depth-2 and depth-3 steps of the SIMD backends count what
    /// the portable one does, passes and finished games included, at every depth
    /// where they run (1 to 6: below, at and above them).
    #[test]
    fn every_backend_counts_alike_at_depths_1_to_6(pos in phased_positions()) {
        for depth in 1..=6 {
            let reference = perft_with(Backend::Portable, &pos, depth);
            for backend in backends::available() {
                prop_assert_eq!(perft_with(backend, &pos, depth), reference, "{} depth {}", backend.name(), depth);
            }
        }
    }
}
