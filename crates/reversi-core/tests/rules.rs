//! Hand-picked situations: early ends, passes, one-sided positions, White first.

use reversi_core::{Bitboard, Color, Move, Outcome, PlayError, Position, Score, Square, divide, perft};

fn play_all(pos: &mut Position, moves: &str) {
    for (ply, text) in moves.split_whitespace().enumerate() {
        let mv: Move = text.parse().unwrap();
        pos.play(mv).unwrap_or_else(|e| panic!("ply {}: {mv}: {e}", ply + 1));
    }
}

#[test]
fn a_wipe_out_ends_the_game_after_nine_moves() {
    let mut pos = Position::start();
    play_all(&mut pos, "d3 c3 b3 d2 e1 d6 d7 e3 f4");
    assert!(pos.is_game_over());
    assert_eq!(pos.moves().count(), 0);
    assert_eq!(pos.outcome(), Some(Outcome { winner: Some(Color::Black), score: Score { black: 13, white: 0 } }));
    assert_eq!(pos.score_empties_to_winner(), Score { black: 64, white: 0 });
    assert_eq!(pos.play(Move::Place(Square::A1)), Err(PlayError::GameOver));
    assert_eq!(pos.play(Move::Pass), Err(PlayError::GameOver));
    // A taken square is refused as taken, before the game is over.
    assert_eq!(pos.play(Move::Place(Square::F4)), Err(PlayError::Occupied(Square::F4)));
    // A finished game is one leaf at any depth, and a double pass is no way out.
    for depth in 1..5 {
        assert_eq!(perft(&pos, depth), 1);
    }
    assert_eq!(divide(&pos, 3).count(), 0);
}

#[test]
fn a_pass_is_a_move_and_a_ply() {
    let mut pos = Position::start();
    play_all(&mut pos, "d3 c3 b3 b2 f5 a3 a1 c1");
    assert_eq!(pos.side_to_move(), Color::Black);
    assert!(pos.legal_moves().is_empty());
    assert!(pos.must_pass());
    assert!(!pos.is_game_over());
    assert_eq!(pos.moves().collect::<Vec<_>>(), [Move::Pass]);
    assert_eq!(pos.play(Move::Place(Square::H8)), Err(PlayError::NoFlips(Square::H8)));

    let mut passed = pos;
    assert_eq!(passed.play(Move::Pass), Ok(Bitboard::EMPTY));
    assert_eq!(passed.board(), pos.board());
    assert_eq!(passed.side_to_move(), Color::White);
    // White now has moves, so White may not pass: no double pass while a move exists.
    assert_eq!(passed.play(Move::Pass), Err(PlayError::PassWithMoves));

    // perft counts the pass as a ply: perft(pos, d) = perft(passed, d - 1).
    for depth in 1..6 {
        assert_eq!(perft(&pos, depth), perft(&passed, depth - 1).max(1), "depth {depth}");
    }
    let divided: Vec<_> = divide(&pos, 3).collect();
    assert_eq!(divided, [(Move::Pass, perft(&passed, 2))]);
}

#[test]
fn play_placements_infers_forced_passes_and_names_the_failing_placement() {
    let squares = |text: &str| text.split_whitespace().map(|s| s.parse::<Square>().unwrap()).collect::<Vec<_>>();
    let mut stepped = Position::start();
    play_all(&mut stepped, "d3 c3 b3 b2 f5 a3 a1 c1"); // Black must pass here
    let mut pos = Position::start();
    assert_eq!(pos.play_placements(squares("d3 c3 b3 b2 f5 a3 a1 c1")), Ok(0));
    assert_eq!(pos, stepped);

    // White's move after Black's forced pass.
    let white = stepped.board().legal_moves(Color::White).first().unwrap();
    let mut after = stepped;
    after.play(Move::Pass).unwrap();
    after.play(Move::Place(white)).unwrap();
    let mut replayed = Position::start();
    let mut moves = squares("d3 c3 b3 b2 f5 a3 a1 c1");
    moves.push(white);
    assert_eq!(replayed.play_placements(moves.iter().copied()), Ok(1));
    assert_eq!(replayed, after);
    assert_eq!(replayed.hash(), after.hash());

    // A placement that White cannot make either, after Black's pass: the error
    // names it, and the position is the one it was tried from, Black to move.
    moves[8] = Square::H8;
    let mut failed = Position::start();
    let err = failed.play_placements(moves.iter().copied());
    assert_eq!(err.map_err(|e| (e.index, e.reason)), Err((8, PlayError::NoFlips(Square::H8))));
    assert_eq!(failed, stepped);
    assert_eq!(err.unwrap_err().to_string(), "placement 9 of the list: h8 flips nothing");

    moves[8] = Square::C1;
    let err = Position::start().play_placements(moves.iter().copied());
    assert_eq!(err.map_err(|e| (e.index, e.reason)), Err((8, PlayError::Occupied(Square::C1))));
    let err = Position::start().play_placements(squares("d3 c3 b3 d2 e1 d6 d7 e3 f4 a1"));
    assert_eq!(err.map_err(|e| (e.index, e.reason)), Err((9, PlayError::GameOver)));
    // The same order of refusals as `play`: taken before game over.
    let err = Position::start().play_placements(squares("d3 c3 b3 d2 e1 d6 d7 e3 f4 f4"));
    assert_eq!(err.map_err(|e| (e.index, e.reason)), Err((9, PlayError::Occupied(Square::F4))));
    let err = Position::start().play_placements(squares("d3 a1"));
    assert_eq!(err.map_err(|e| (e.index, e.reason)), Err((1, PlayError::NoFlips(Square::A1))));
}

#[test]
fn only_one_side_can_move() {
    // Black a1, White b1, White to move: White has no move, Black has c1, and
    // after c1 the game is over.
    let pos: Position = "XO------/--------/--------/--------/--------/--------/--------/-------- O".parse().unwrap();
    assert!(pos.must_pass());
    assert_eq!(pos.moves().collect::<Vec<_>>(), [Move::Pass]);
    assert_eq!(perft(&pos, 1), 1);
    assert_eq!(perft(&pos, 2), 1); // the pass, then Black's one move c1
    let mut after = pos;
    after.play(Move::Pass).unwrap();
    assert_eq!(after.legal_moves(), Square::C1.bitboard());
    after.play(Move::Place(Square::C1)).unwrap();
    assert!(after.is_game_over());
    assert_eq!(after.outcome().map(|o| o.winner), Some(Some(Color::Black)));
    assert_eq!(perft(&pos, 5), 1);
}

#[test]
fn full_board_and_draws() {
    let full: Position = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/OOOOOOOO/OOOOOOOO/OOOOOOOO/OOOOOOOO X".parse().unwrap();
    assert!(full.is_game_over());
    let outcome = full.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.score, Score { black: 32, white: 32 });
    assert_eq!(outcome.score_empties_to_winner(), Score { black: 32, white: 32 });
}

#[test]
fn white_first_mirrors_the_standard_counts() {
    let pos = Position::start_with_first(Color::White);
    assert_eq!(pos.side_to_move(), Color::White);
    let moves: Vec<String> = pos.legal_moves().iter().map(|s| s.to_string()).collect();
    assert_eq!(moves, ["e3", "f4", "c5", "d6"]);
    let published = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216];
    for (depth, &leaves) in published.iter().enumerate() {
        assert_eq!(perft(&pos, depth as u32), leaves);
    }
    let mut pos = pos;
    pos.play(Move::Place(Square::E3)).unwrap();
    assert_eq!(pos.board().get(Square::E4), Some(Color::White));
    assert_eq!(pos.side_to_move(), Color::Black);
}

#[test]
fn illegal_moves_are_named_and_change_nothing() {
    let mut pos = Position::start();
    let before = pos;
    assert_eq!(pos.play(Move::Place(Square::D4)), Err(PlayError::Occupied(Square::D4)));
    assert_eq!(pos.play(Move::Place(Square::A1)), Err(PlayError::NoFlips(Square::A1)));
    assert_eq!(pos.play(Move::Pass), Err(PlayError::PassWithMoves));
    assert_eq!(pos, before);
    assert_eq!(PlayError::NoFlips(Square::A1).to_string(), "a1 flips nothing");
}

#[test]
fn play_unchecked_keeps_the_position_consistent() {
    let mut pos = Position::start();
    pos.play_unchecked(Move::Place(Square::D4)); // occupied by White: taken over
    assert_eq!(pos.board().get(Square::D4), Some(Color::Black));
    assert_eq!(pos.hash(), Position::new(*pos.board(), pos.side_to_move()).hash());
    pos.play_unchecked(Move::Place(Square::A8)); // flips nothing
    assert_eq!(pos.board().get(Square::A8), Some(Color::White));
    assert_eq!(pos.hash(), Position::new(*pos.board(), pos.side_to_move()).hash());
}

#[test]
fn hashed_counts_stay_exact_at_any_depth() {
    use reversi_core::{PerftTable, TableEntry, perft_hashed};
    // A position 12 empties from the end: past depth 24 every line has ended.
    let mut pos = Position::start();
    while pos.board().empty().len() > 12 {
        let mv = pos.moves().next().expect("a move");
        pos.play(mv).unwrap();
    }
    let slots: Vec<TableEntry> = (0..1 << 12).map(|_| TableEntry::default()).collect();
    let table = PerftTable::new(&slots);
    let games = perft(&pos, 24);
    // Depths that once wrapped in the table's depth byte (260 = 256 + 4).
    for depth in [260, 4, 255, 256, 511, 3, u32::MAX, 4, 24, 1000] {
        let expected = if depth >= 24 { games } else { perft(&pos, depth) };
        assert_eq!(perft_hashed(&pos, depth, &table), expected, "depth {depth}");
    }
}
