//! The engine against the plain reference implementation of `common`, on random
//! positions over random geometries (1x1 to 26x26, random holes) and all three
//! variants; and conservation laws on the engine alone.

mod common;

#[path = "../../../tests/support/backends.rs"]
mod backends;

use common::Board;
use proptest::prelude::*;
use reversi_variants::internal::PositionHooks as _;
use reversi_variants::{Backend, Color, Geometry, Move, PerftCache, Position, Square, Variant, perft, perft_with};

/// A random geometry, a variant, and a position on it: the default start when it
/// fits (and a coin says so), else random cells; then a random legal prefix.
fn positions() -> impl Strategy<Value = Position> {
    (
        prop::sample::select(Variant::ALL.to_vec()),
        1usize..=26,
        1usize..=26,
        any::<bool>(),
        prop::collection::vec(0u8..10, 26 * 26),
        prop::collection::vec(any::<u16>(), 0..40),
        any::<bool>(),
    )
        .prop_map(|(variant, w, h, from_start, cells, choices, generic)| {
            let mut pos = start_or_random(variant, w, h, from_start, &cells);
            // Standard 8x8 Reversi runs on reversi-core: half the time, keep it
            // on the generic engine instead, so both meet the reference.
            if generic {
                pos = pos.on_generic_engine();
            }
            // Long prefixes on big boards make the reference slow: keep them short.
            let plies = if w * h > 128 { choices.len().min(10) } else { choices.len() };
            for &c in &choices[..plies] {
                let moves: Vec<Move> = pos.moves().collect();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[usize::from(c) % moves.len()]).unwrap();
            }
            pos
        })
}

/// Standard 8x8 Reversi (played on reversi-core) after a random legal
/// prefix, or on the generic engine when a coin says so.
fn othello_positions() -> impl Strategy<Value = Position> {
    (prop::collection::vec(any::<u16>(), 0..70), any::<bool>()).prop_map(|(choices, generic)| {
        let mut pos = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        if generic {
            pos = pos.on_generic_engine();
        }
        for &c in &choices {
            let mut moves = pos.moves();
            let n = moves.len();
            let Some(mv) = moves.nth(usize::from(c) % n.max(1)) else { break };
            pos.play(mv).unwrap();
        }
        pos
    })
}

/// Either kind.
fn any_positions() -> impl Strategy<Value = Position> {
    prop_oneof![positions(), othello_positions()]
}

fn start_or_random(variant: Variant, w: usize, h: usize, from_start: bool, cells: &[u8]) -> Position {
    let holes = (0..w * h).filter(|&i| cells[i] == 9).map(|i| Square::new((i % w) as u8, (i / w) as u8).unwrap());
    let geometry = Geometry::new(w, h).unwrap().with_holes(holes).unwrap();
    if from_start && let Ok(pos) = Position::start(variant, geometry) {
        return pos;
    }
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| match cells[r * w + c] {
                    9 => '#',
                    0 | 1 => 'X',
                    2 | 3 => 'O',
                    _ => '-',
                })
                .collect()
        })
        .collect();
    let side = if cells[0].is_multiple_of(2) { 'X' } else { 'O' };
    Position::from_text(variant, &format!("{} {side}", rows.join("/"))).unwrap()
}

/// A depth the reference can reach quickly on this position.
fn depth_for(pos: &Position) -> u32 {
    let n = pos.moves().len().max(1);
    if n <= 12 {
        3
    } else if n <= 60 {
        2
    } else {
        1
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn engine_agrees_with_the_reference(pos in any_positions()) {
        let reference = Board::from_position(&pos);
        prop_assert_eq!(reference.text(), pos.to_string());
        let moves: Vec<Move> = pos.moves().collect();
        prop_assert_eq!(&moves, &reference.legal_moves(), "{}", pos);
        prop_assert_eq!(pos.moves().len(), moves.len());
        prop_assert_eq!(pos.is_game_over(), reference.game_over());
        prop_assert_eq!(pos.must_pass(), moves == [Move::Pass]);
        let mut destinations: Vec<Square> = moves.iter().filter_map(|m| m.to()).collect();
        destinations.sort();
        destinations.dedup();
        prop_assert_eq!(pos.destinations().iter().collect::<Vec<_>>(), destinations);
        for &mv in &moves {
            prop_assert!(pos.is_legal(mv));
            let mut child = pos;
            let converted = child.play(mv).unwrap();
            let mut expected = reference.clone();
            expected.play(mv);
            prop_assert_eq!(child.to_string(), expected.text(), "{} after {}", pos, mv);
            let me = pos.side_to_move();
            let turned: Vec<Square> = pos.pieces(!me).filter(|&sq| child.get(sq) == Some(me)).collect();
            prop_assert_eq!(converted.iter().collect::<Vec<_>>(), turned);
            let scratch = Position::from_text(pos.variant(), &child.to_string()).unwrap();
            prop_assert_eq!(child.hash(), scratch.hash());
        }
        let depth = depth_for(&pos);
        prop_assert_eq!(perft(&pos, depth).unwrap(), reference.perft(depth), "perft({}) of {}", depth, pos);
        let deeper = perft_with(Backend::Portable, &pos, depth + 1).unwrap();
        let cache = PerftCache::new(4096);
        for backend in backends::available() {
            prop_assert_eq!(perft_with(backend, &pos, depth + 1).unwrap(), deeper);
            prop_assert_eq!(reversi_variants::perft_hashed_with(backend, &pos, depth + 1, &cache).unwrap(), deeper);
        }
    }

    #[test]
    fn pieces_are_conserved(pos in positions()) {
        let me = pos.side_to_move();
        let holes: Vec<Square> = pos.geometry().holes().collect();
        for mv in pos.moves() {
            let mut child = pos;
            child.play(mv).unwrap();
            for &hole in &holes {
                prop_assert_eq!(child.get(hole), None);
            }
            let (before, after) = (pos.count(me) + pos.count(!me), child.count(me) + child.count(!me));
            let converted: Vec<Square> = pos.pieces(!me).filter(|&sq| child.get(sq) == Some(me)).collect();
            match mv {
                Move::Pass => prop_assert_eq!(child.to_string().replace(" X", " O").replace(" O", ""), pos.to_string().replace(" X", " O").replace(" O", "")),
                Move::Place(to) => {
                    prop_assert_eq!(after, before + 1);
                    prop_assert_eq!(child.count(me), pos.count(me) + 1 + converted.len());
                    prop_assert_eq!(child.get(to), Some(me));
                    if pos.variant() == Variant::Reversi {
                        prop_assert!(!converted.is_empty());
                    }
                    prop_assert_eq!(converted, expected_conversions(&pos, to));
                }
                Move::Jump { from, to } => {
                    prop_assert_eq!(after, before);
                    prop_assert_eq!(child.get(from), None);
                    prop_assert_eq!(child.get(to), Some(me));
                    let mut origin_emptied = pos;
                    origin_emptied = origin_emptied.with_piece(from, None);
                    prop_assert_eq!(converted, expected_conversions(&origin_emptied, to));
                }
            }
        }
    }
}

/// The opponent pieces a move to `to` converts: the bracketed lines (Reversi,
/// Reversitacks), then the adjacent opposing pieces (Reversitacks, Attacks).
fn expected_conversions(pos: &Position, to: Square) -> Vec<Square> {
    let me = pos.side_to_move();
    let g = pos.geometry();
    let at = |c: i32, r: i32| {
        (c >= 0 && r >= 0).then(|| Square::new(c as u8, r as u8)).flatten().filter(|&sq| g.contains(sq))
    };
    let (c, r) = (i32::from(to.column()), i32::from(to.row()));
    let mut out = Vec::new();
    for (dc, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        if pos.variant() != Variant::Attacks {
            let mut run = Vec::new();
            let mut k = 1;
            while let Some(sq) = at(c + k * dc, r + k * dr) {
                match pos.get(sq) {
                    Some(color) if color == !me => run.push(sq),
                    Some(_) => {
                        out.extend(run);
                        break;
                    }
                    None => break,
                }
                k += 1;
            }
        }
        if pos.variant() != Variant::Reversi
            && let Some(sq) = at(c + dc, r + dr).filter(|&sq| pos.get(sq) == Some(!me))
        {
            out.push(sq);
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn reversi_on_the_standard_board_agrees_with_core() {
    use reversi_core::Position as Core;
    let start = || Position::start(Variant::Reversi, Geometry::standard()).unwrap();
    let mut core = Core::start();
    let (mut pos, mut generic) = (start(), start().on_generic_engine());
    let mut seed = 7u64;
    for _ in 0..2000 {
        if core.is_game_over() {
            assert!(pos.is_game_over() && generic.is_game_over());
            core = Core::start();
            (pos, generic) = (start(), start().on_generic_engine());
        }
        let core_moves: Vec<Move> = core.moves().map(Move::from).collect();
        assert_eq!(pos.moves().collect::<Vec<_>>(), core_moves, "{core}");
        assert_eq!(generic.moves().collect::<Vec<_>>(), core_moves, "{core}");
        assert_eq!(pos.to_string(), core.to_string());
        assert_eq!(generic.to_string(), core.to_string());
        assert_eq!(generic.hash(), core.hash());
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = core.moves().nth((seed % core_moves.len() as u64) as usize).unwrap();
        let flips = core.play(mv).unwrap();
        let expected: Vec<Square> = flips.iter().map(Square::from).collect();
        assert_eq!(pos.play(mv.into()).unwrap().iter().collect::<Vec<_>>(), expected);
        assert_eq!(generic.play(mv.into()).unwrap().iter().collect::<Vec<_>>(), expected);
        assert_eq!(perft(&pos, 2).unwrap(), reversi_core::perft(&core, 2));
        assert_eq!(perft(&generic, 3).unwrap(), reversi_core::perft(&core, 3));
        // The conversions both ways give the same position (hash included).
        assert_eq!(Position::from(core), pos);
        assert_eq!(Core::try_from(pos), Ok(core));
    }
    let other = Position::start(Variant::Attacks, Geometry::standard()).unwrap();
    assert_eq!(
        Core::try_from(other).unwrap_err().to_string(),
        "reversi-core holds 8x8 Reversi without obstructed squares, not attacks on 8x8"
    );
    assert_eq!(Color::Black, Position::start(Variant::Reversi, Geometry::standard()).unwrap().side_to_move());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn moves_and_perft_commute_with_the_board_symmetries(pos in positions()) {
        let g = *pos.geometry();
        let map_move = |s, mv: Move| match mv {
            Move::Place(sq) => Move::Place(g.map(s, sq).unwrap()),
            Move::Jump { from, to } => Move::Jump { from: g.map(s, from).unwrap(), to: g.map(s, to).unwrap() },
            Move::Pass => Move::Pass,
        };
        let moves: Vec<Move> = pos.moves().collect();
        let depth = depth_for(&pos).min(2);
        let count = perft(&pos, depth).unwrap();
        for s in g.symmetries() {
            let image = pos.transform(s).unwrap();
            let mut expected: Vec<Move> = moves.iter().map(|&mv| map_move(s, mv)).collect();
            expected.sort();
            prop_assert_eq!(image.moves().collect::<Vec<_>>(), expected, "{:?} of {}", s, pos);
            prop_assert_eq!(perft(&image, depth).unwrap(), count);
            prop_assert_eq!(image.transform(s.inverse()).unwrap(), pos);
            prop_assert_eq!(image.hash() == pos.hash(), image == pos);
        }
        for s in reversi_variants::Symmetry::ALL {
            prop_assert_eq!(pos.transform(s).is_some(), g.symmetries().any(|t| t == s));
        }
        // One canonical form for all the images, given by its symmetry.
        let (canonical, s) = pos.canonical();
        prop_assert_eq!(pos.transform(s), Some(canonical));
        for t in g.symmetries() {
            prop_assert_eq!(pos.transform(t).unwrap().canonical().0, canonical);
        }
    }

    #[test]
    fn the_canonical_form_on_8x8_is_reversi_core_s_on_both_engines(pos in othello_positions()) {
        let core = reversi_core::Position::try_from(pos).unwrap().canonical();
        prop_assert_eq!(pos.canonical(), (Position::from(core.0), core.1));
        prop_assert_eq!(pos.on_generic_engine().canonical().0, Position::from(core.0));
    }

    #[test]
    fn conversions_to_and_from_reversi_core_agree(pos in othello_positions()) {
        // Position, both ways, on both engines; and each move, both ways.
        let core = reversi_core::Position::try_from(pos).unwrap();
        prop_assert_eq!(reversi_core::Position::try_from(pos.on_generic_engine()), Ok(core));
        prop_assert_eq!(Position::from(core), pos);
        prop_assert_eq!(Position::from(core).hash(), pos.hash());
        let moves: Vec<Move> = pos.moves().collect();
        let core_moves: Vec<reversi_core::Move> = core.moves().collect();
        prop_assert_eq!(moves.len(), core_moves.len());
        prop_assert_eq!(core.legal_moves().len(), moves.iter().filter(|m| !m.is_pass()).count());
        for (&mv, &core_mv) in moves.iter().zip(&core_moves) {
            prop_assert_eq!(Move::from(core_mv), mv);
            prop_assert_eq!(reversi_core::Move::try_from(mv), Ok(core_mv));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any move, legal or not (occupied, obstructed, off the board, a jump in
    /// Reversi), keeps the position consistent: its hash is the hash from
    /// scratch, and both engines give the same child on the 8x8 board.
    #[test]
    fn unchecked_moves_keep_the_hash_exact(pos in any_positions(), c in 0u8..27, r in 0u8..27, c2 in 0u8..27, r2 in 0u8..27, kind in 0u8..3) {
        // Mostly squares of the board (a value past its edge: off it).
        let g = *pos.geometry();
        let on = |v: u8, n: u8| if v < 26 { v % n } else { n.min(25) };
        let (Some(to), Some(from)) = (Square::new(on(c, g.width()), on(r, g.height())), Square::new(on(c2, g.width()), on(r2, g.height()))) else {
            return Ok(());
        };
        let mv = match kind {
            0 => Move::Place(to),
            1 => Move::Jump { from, to },
            _ => Move::Pass,
        };
        let mut child = pos;
        let converted = child.play_unchecked(mv);
        let scratch = Position::from_text(pos.variant(), &child.to_string()).unwrap();
        prop_assert_eq!(child.hash(), scratch.hash(), "{} after {}", pos, mv);
        prop_assert_eq!(child, scratch);
        let mut generic = pos.on_generic_engine();
        prop_assert_eq!(generic.play_unchecked(mv), converted);
        prop_assert_eq!((generic, generic.hash()), (child, child.hash()));
        // `play` and `try_play`: the same verdict, the same position after.
        let (mut played, mut tried) = (pos, pos);
        prop_assert_eq!(played.play(mv).map(|_| ()), tried.try_play(mv));
        prop_assert_eq!((played, played.hash()), (tried, tried.hash()));
        // `copy_from` copies exactly, whatever it overwrites (the same game a
        // move on, or another game).
        for mut copy in [child, generic, Position::start(Variant::Attacks, Geometry::new(5, 5).unwrap()).unwrap()] {
            copy.copy_from(&pos);
            prop_assert_eq!((copy, copy.hash(), copy.to_othello()), (pos, pos.hash(), pos.to_othello()));
        }
    }
}
