//! `play_unchecked` with any move, legal or not, in both crates: the position
//! stays consistent (disjoint sides, nothing on a hole, the hash equal to the
//! hash from scratch, the text reading back), and for a legal move it is
//! exactly `play`. On each 8x8 position the raw kernel's batched children
//! and leaf counter agree with `play` and `moves` child by child.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_core::raw::Kernel;
use reversi_core::{Bitboard, Color, Move, Position, Square};
use reversi_variants::{Geometry, Variant};

fuzz_target!(|data: &[u8]| {
    // 8x8: each byte is a move (0..64 a square, else a pass), played unchecked.
    let mut pos = Position::start();
    for &b in data.iter().take(200) {
        let mv = Square::from_index(usize::from(b % 72)).map_or(Move::Pass, Move::Place);
        let legal = pos.is_legal(mv);
        let mut checked = pos;
        let played = checked.play(mv);
        let before = pos;
        let flipped = pos.play_unchecked(mv);
        let board = pos.board();
        assert_eq!(board.discs(Color::Black) & board.discs(Color::White), Bitboard::EMPTY);
        assert_eq!(pos.hash(), Position::new(*board, pos.side_to_move()).hash(), "{before} {mv}");
        assert_eq!(pos.side_to_move(), !before.side_to_move());
        assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
        let (k, p, o) = (Kernel::detect(), pos.player().0, pos.opponent().0);
        let (moves, mut leaves, mut count) = (k.moves(p, o), k.leaves(), 0);
        leaves.push(p, o, moves);
        for child in k.children(p, o, moves) {
            assert_eq!((child.player, child.opponent), k.play(p, o, child.square), "{pos}");
            assert_eq!(child.moves, k.moves(child.player, child.opponent), "{pos}");
            assert_eq!(child.mobility, child.moves.count_ones(), "{pos}");
            count += u64::from(child.mobility.max(1));
        }
        assert_eq!(leaves.total(), count, "{pos}");
        if legal {
            assert_eq!(played, Ok(flipped), "{before} {mv}");
            assert_eq!(checked, pos, "{before} {mv}");
        } else {
            assert!(played.is_err(), "{before} {mv}");
            assert_eq!(checked, before, "a refused move changes nothing");
        }
    }

    // Any board and variant, with holes: moves from pairs of bytes.
    let Some((&head, rest)) = data.split_first() else { return };
    let variant = Variant::ALL[usize::from(head) % Variant::ALL.len()];
    let (w, h) = (1 + usize::from(head / 3 % 10), 1 + usize::from(head / 30 % 10));
    let Ok(mut board) = Geometry::new(w, h) else { return };
    if let Some(&holes) = rest.first() {
        let hole = reversi_variants::Square::new(holes % 10, holes / 10 % 10);
        if let Some(hole) = hole.filter(|&sq| board.contains(sq)) {
            board = board.with_holes([hole]).unwrap_or(board);
        }
    }
    let Ok(mut pos) = reversi_variants::Position::start(variant, board) else { return };
    for pair in rest.chunks(2).take(100) {
        let square = |b: u8| reversi_variants::Square::new(b % 12, b / 12 % 12);
        let mv = match (pair[0] % 4, square(pair[0] / 4), pair.get(1).and_then(|&b| square(b))) {
            (0, _, _) | (_, None, _) => reversi_variants::Move::Pass,
            (1, Some(to), _) | (_, Some(to), None) => reversi_variants::Move::Place(to),
            (_, Some(from), Some(to)) => reversi_variants::Move::Jump { from, to },
        };
        let legal = pos.is_legal(mv);
        let mut checked = pos;
        let played = checked.play(mv);
        let before = pos;
        pos.play_unchecked(mv);
        for sq in pos.geometry().holes() {
            assert_eq!(pos.get(sq), None, "a piece on hole {sq}");
        }
        let again = reversi_variants::Position::from_text(variant, &pos.to_string()).expect("reads back");
        assert_eq!(again.hash(), pos.hash(), "{before} {mv}");
        assert_eq!(pos.side_to_move(), !before.side_to_move());
        if legal {
            assert!(played.is_ok() && checked == pos, "{before} {mv}");
        } else {
            assert!(played.is_err() && checked == before, "{before} {mv}");
        }
    }
});
