//! The round-trip checks shared by the `roundtrip` and `convert` targets: a
//! legal game (passes written) through every format that can hold it, read
//! back, compared with what the format promises to keep (see `roundtrip.rs`).

#![allow(dead_code)] // each target uses part of it

// The integration tests' helpers: `expected` and `masked` say what a record
// reads back as, given the losses its writer reported.
#[path = "../../crates/reversi-notation/tests/common/mod.rs"]
mod common;

use common::masked;
use reversi_core::Color;
use reversi_notation::{
    Format, GameResult, Loss, Losses, Passes, ReadOptions, Record, read, replay, with_passes, write, write_report,
    wthor,
};
use reversi_variants::{Geometry, Move, Position, Variant};

fn position(done: Position) -> Position {
    done
}

fn moves(record: &Record) -> Vec<Move> {
    record.moves.iter().map(|p| p.mv).collect()
}

/// Every check of the round trips on one legal game with its passes written.
pub(crate) fn check(record: &Record) {
    let last = position(replay(record, Passes::Explicit).expect("the game built replays").position);
    assert_eq!(position(replay(record, Passes::Infer).expect("and with passes inferred").position), last);

    // Passes left out: a trailing one is lost, the others come back.
    let trailing = record.moves.iter().rev().take_while(|p| p.mv == Move::Pass).count();
    let mut trimmed = record.clone();
    trimmed.moves.truncate(record.moves.len() - trailing);
    let mut trimmed_last = last;
    for _ in 0..trailing {
        trimmed_last.play_unchecked(Move::Pass);
    }
    let mut bare = record.clone();
    bare.moves.retain(|p| p.mv != Move::Pass);
    let restored = with_passes(&bare, Passes::Infer).expect("the game without passes replays");
    assert_eq!(moves(&restored), moves(&trimmed));
    assert!(restored.moves.iter().zip(&trimmed.moves).all(|(a, b)| a.mv == Move::Pass || a == b));
    assert_eq!(position(replay(&bare, Passes::Infer).expect("inferring the passes").position), trimmed_last);

    let options = ReadOptions::new().variant(record.variant).geometry(record.geometry);
    for format in Format::ALL {
        let written = write_report(format, std::slice::from_ref(record));
        // A text format refuses a game whose text would hold a NUL character
        // (its readers take one for binary data): only a game with one.
        if written.as_ref().is_err_and(|e| e.to_string().contains("NUL character")) {
            assert!(format!("{record:?}").contains("\\0"), "{format} refused a NUL the game does not hold");
            continue;
        }
        assert_eq!(written.is_ok(), holds(format, record), "{format} writing: {:?}", written.as_ref().err());
        let Ok((bytes, losses)) = written else { continue };
        assert_eq!(
            write(format, std::slice::from_ref(record)).as_ref(),
            Ok(&bytes),
            "{format}: write and write_report"
        );
        let shown = || String::from_utf8_lossy(&bytes).into_owned();
        let back = read(format, &bytes, options)
            .unwrap_or_else(|e| panic!("{format} written does not read back: {e}\n{}", shown()));
        let [game] = back.as_slice() else { panic!("{format}: one game written, {} read\n{}", back.len(), shown()) };
        let done = replay(game, format.passes())
            .unwrap_or_else(|e| panic!("{format} written does not replay: {e}\n{}", shown()));
        let passless = matches!(format, Format::Wthor | Format::OthelloQuest);
        let expected = if passless { &trimmed_last } else { &last };
        assert_eq!(&position(done.position), expected, "{format} final position\n{}", shown());
        match format {
            Format::Pgn | Format::Ggf => {
                assert_eq!(
                    masked(game, &losses),
                    common::expected(record, 0, &losses),
                    "{format} written:\n{}",
                    shown()
                );
            }
            Format::Transcript => assert_eq!(moves(game), moves(record), "transcript written:\n{}", shown()),
            Format::Wthor => check_wthor(record, &bare, game, &trimmed_last, &losses),
            // Othello Quest keeps the moves without passes, the players
            // (an empty name is none) and the date.
            Format::OthelloQuest => {
                assert_eq!(moves(game), moves(&bare), "Othello Quest moves");
                let named = |n: &Option<String>| n.clone().filter(|n| !n.is_empty());
                assert_eq!((named(&game.black), named(&game.white)), (named(&record.black), named(&record.white)));
                assert_eq!(game.date, record.date, "Othello Quest date");
            }
            Format::Obf | Format::Position => {
                assert!(game.moves.is_empty());
                assert_eq!(game.start_position().as_ref(), Ok(&last));
            }
            _ => unimplemented!("{format}: teach this target what the format gives back"),
        }
    }
}

/// Whether the format can hold the game, as `write` documents it: PGN and
/// position lines any game; a transcript one with moves from the default
/// start with Black first; GGF Othello on a square of 4 to 14 or the octagon; WTHOR 8x8
/// Othello from the standard start with Black first (and a result of at most
/// 64 discs); OBF a game ending in an 8x8 Othello position; Othello Quest 8x8
/// Othello from the standard start with Black first, every move on the board.
fn holds(format: Format, record: &Record) -> bool {
    let geometry = record.geometry;
    match format {
        Format::Pgn | Format::Position => true,
        // A line without moves would be no game: refused.
        Format::Transcript => record.start.is_none() && record.first == Color::Black && !record.moves.is_empty(),
        Format::Ggf => {
            let square = geometry.width() == geometry.height() && (4..=14).contains(&geometry.width());
            record.variant == Variant::Reversi
                && (geometry == Geometry::octagon() || square && geometry.holes().next().is_none())
        }
        Format::Wthor => {
            let discs = |b: u16, w: u16| u32::from(b) + u32::from(w) <= 64;
            let result = !matches!(record.result, Some(GameResult::Discs { black, white }) if !discs(black, white));
            record.is_standard_othello() && record.first == Color::Black && result
        }
        // An annotation is one line of the position's line.
        Format::Obf => {
            record.variant == Variant::Reversi
                && geometry == Geometry::standard()
                && !record.get("OBF").is_some_and(|a| a.contains(['\n', '\r']))
        }
        Format::OthelloQuest => {
            let on_board = |p: &reversi_notation::Ply| match p.mv {
                Move::Pass => true,
                Move::Place(sq) => sq.row() < 8 && sq.column() < 8,
                Move::Jump { .. } => false,
            };
            record.is_standard_othello() && record.first == Color::Black && record.moves.iter().all(on_board)
        }
        _ => unimplemented!("{format}: teach this target what the format holds"),
    }
}

/// The size GGF's `BO` and `TY` give a board: its side, 88 for the octagon.
pub(crate) fn ggf_size(geometry: &Geometry) -> u8 {
    if *geometry == Geometry::octagon() { 88 } else { geometry.width() }
}

/// WTHOR keeps the moves without passes, Black's discs (written or replayed,
/// the empty squares to the winner of a written result or a finished game),
/// the theoretical score and the year; the names go through the name files.
fn check_wthor(record: &Record, bare: &Record, game: &Record, trimmed_last: &Position, losses: &Losses) {
    assert_eq!(moves(game), moves(bare), "WTHOR moves");
    let black = match record.result {
        Some(GameResult::Discs { black, white }) => {
            let empties = 64 - black - white;
            match black.cmp(&white) {
                std::cmp::Ordering::Greater => black + empties,
                std::cmp::Ordering::Less => black,
                std::cmp::Ordering::Equal => black + empties / 2,
            }
        }
        // A net margin as discs, rounded towards the winner, on the board.
        Some(GameResult::Net { margin, .. }) if margin.is_finite() => {
            let black = (64.0 + margin) / 2.0;
            (if margin > 0.0 { black.ceil() } else { black.floor() }).clamp(0.0, 64.0) as u16
        }
        _ if trimmed_last.is_game_over() => trimmed_last.score_empties_to_winner().black as u16,
        _ => trimmed_last.count(Color::Black) as u16,
    };
    assert_eq!(game.result, Some(GameResult::Discs { black, white: 64u16.saturating_sub(black) }), "WTHOR score");
    // The result is reported lost exactly when it reads back otherwise.
    let lost = match &record.result {
        None => false,
        Some(GameResult::Discs { .. }) => game.result != record.result,
        Some(GameResult::Net { margin, how }) => how.is_some() || *margin != f64::from(2 * black) - 64.0,
        Some(_) => unimplemented!("teach this target how WTHOR writes this result"),
    };
    assert_eq!(losses.games(Loss::Result) == 1, lost, "WTHOR result {:?} lost", record.result);
    let theoretical = record.get("WthorTheoreticalScore").and_then(|t| t.parse::<u8>().ok()).unwrap_or(0);
    assert_eq!(game.get("WthorTheoreticalScore"), Some(theoretical.to_string().as_str()));
    let year = record.date.as_deref().and_then(|d| d.get(..4)).and_then(|y| y.parse::<u16>().ok());
    assert_eq!(game.date, year.filter(|&y| y != 0).map(|y| y.to_string()), "WTHOR year");

    let files = wthor::write_records(std::slice::from_ref(record)).expect("WTHOR wrote the game once already");
    let named = wthor::read_records(&files.games, Some(&files.players), Some(&files.tournaments))
        .expect("WTHOR files read back");
    let [named] = named.as_slice() else { panic!("one WTHOR game written, {} read", named.len()) };
    assert_eq!(named.black.as_deref(), Some(fitted(&record.black, 20).as_str()), "WTHOR Black");
    assert_eq!(named.white.as_deref(), Some(fitted(&record.white, 20).as_str()), "WTHOR White");
    assert_eq!(named.event.as_deref(), Some(fitted(&record.event, 26).as_str()), "WTHOR tournament");
}

/// A name as a WTHOR name record of `len` bytes keeps it: Latin-1 (other
/// characters as `?`), cut to fit a NUL, read up to the first NUL.
fn fitted(name: &Option<String>, len: usize) -> String {
    let latin1 = |c: char| if u32::from(c) < 256 { c } else { '?' };
    name.as_deref().unwrap_or_default().chars().map(latin1).take(len - 1).take_while(|&c| c != '\0').collect()
}
