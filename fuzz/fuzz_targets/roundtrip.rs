//! Round trips through every format. The fuzz bytes build a legal game: a
//! variant, a board (2x2 to 12x12 or the octagon, a few holes), Black or White
//! first or a start a few plies in, moves picked among the legal ones (passes
//! when forced), evaluations and times, names, a result and kept fields. Every
//! format that can hold the game writes it; what it reads back must replay to
//! the same final position, and must keep what the format promises to keep:
//!
//! - PGN and GGF: the record, except what `write_report`'s losses say: the
//!   kept fields it dropped or renamed (at their index), and the kinds it
//!   reports lost (results, evaluations, times...) are not compared. Field
//!   names are arbitrary strings (the names formats give a meaning among
//!   them), results any number (huge, not finite) with any suffix;
//! - transcript: the moves (a game without moves is refused: its line would be no game);
//! - WTHOR: the moves without passes (so a trailing pass is lost), Black's
//!   discs (empties to the winner), the theoretical score, the year, and the
//!   names through the name files;
//! - OBF and position lines: the final position as the start.
//!
//! Leaving the passes out and putting them back with `with_passes` gives the
//! moves again.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use reversi_core::Color;
use reversi_notation::{GameResult, Ply, Record};
use reversi_variants::{Geometry, Move, Position, Square, Variant};

mod check;

use check::{check, ggf_size};

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    if let Ok(Some(record)) = game(&mut u) {
        check(&record);
    }
});

/// Characters that quote, escape, open or close something in some format.
const TRICKY: [char; 20] =
    ['"', '\\', ']', '[', '{', '}', ';', ':', '\n', '\r', ' ', '\t', '-', '*', '(', ')', '/', '%', '#', '\0'];

/// Names of kept fields: some no format gives a meaning (`Site`), `KM`
/// (GGF's komi), `OBF` (OBF's annotations), and names PGN or GGF reads into
/// the record or cannot spell; arbitrary strings are added. A GGF type `TY`
/// and `WthorTheoreticalScore` are added apart.
const FIELDS: [&str; 20] = [
    "Site",
    "Round",
    "PC",
    "TI",
    "RB",
    "CO",
    "KM",
    "OBF",
    "Variant",
    "Black",
    "Result",
    "PB",
    "B",
    "W",
    "TY",
    "BO",
    "Time_Control",
    "K M",
    "",
    "X_Variant",
];

/// A legal game built from the bytes, `None` when the start does not fit the
/// board.
fn game(u: &mut Unstructured) -> Result<Option<Record>> {
    let variant = *u.choose(&Variant::ALL)?;
    let board = match u.int_in_range(0..=7)? {
        0 | 1 => Geometry::standard(),
        2 => Geometry::octagon(),
        _ => Geometry::new(u.int_in_range(2..=12)?, u.int_in_range(2..=12)?).expect("2 to 12 fits"),
    };
    let mut holes = Vec::new();
    if one_in(u, 4)? {
        for _ in 0..u.int_in_range(1..=3)? {
            let (column, row) = (u.int_in_range(0..=board.width() - 1)?, u.int_in_range(0..=board.height() - 1)?);
            holes.extend(Square::new(column, row));
        }
    }
    let geometry = board.with_holes(holes).expect("holes on the board");
    let first = if one_in(u, 4)? { Color::White } else { Color::Black };
    let Ok(mut pos) = Position::start_with_first(variant, geometry, first) else { return Ok(None) };
    let mut record = Record::of(variant, geometry);
    record.first = first;
    if one_in(u, 6)? {
        for _ in 0..u.int_in_range(1..=12)? {
            let Some(mv) = pick(u, &pos)? else { break };
            pos.play_unchecked(mv);
        }
        record.set_start(pos);
    }
    for _ in 0..u.int_in_range(0..=120)? {
        let Some(mv) = pick(u, &pos)? else { break };
        pos.play_unchecked(mv);
        let mut ply = Ply::new(mv);
        (ply.eval, ply.seconds) = (number(u)?, number(u)?);
        record.moves.push(ply);
    }
    record.black = optional_text(u)?;
    record.white = optional_text(u)?;
    record.event = optional_text(u)?;
    record.date = match u.int_in_range(0..=3)? {
        0 => None,
        1 => Some(format!("{}.{:02}.{:02}", u.int_in_range(1977..=2030)?, u.int_in_range(1..=12)?, 1)),
        _ => Some(text(u)?),
    };
    record.result = match u.int_in_range(0..=3)? {
        0 => None,
        1 => {
            let mut discs = || -> Result<u16> { if !one_in(u, 8)? { u.int_in_range(0..=64) } else { u.arbitrary() } };
            Some(GameResult::Discs { black: discs()?, white: discs()? })
        }
        2 => {
            let margin = f64::from(u.int_in_range(-12_800..=12_800)?) / 100.0;
            let how = u.choose(&[None, Some("r"), Some("t"), Some("s"), Some("")])?.map(String::from);
            Some(GameResult::Net { margin, how })
        }
        _ => {
            // Any number at all, any suffix.
            let how = if one_in(u, 2)? { Some(text(u)?) } else { None };
            Some(GameResult::Net { margin: u.arbitrary()?, how })
        }
    };
    for _ in 0..u.int_in_range(0..=3)? {
        let name = if one_in(u, 3)? { text(u)? } else { (*u.choose(&FIELDS)?).to_string() };
        let name = name.as_str();
        let value = match name {
            "KM" => format!("{}", f64::from(u.int_in_range(-1000..=1000)?) / 100.0),
            _ => text(u)?,
        };
        record.extra.push((name.into(), value));
    }
    if one_in(u, 3)? {
        let (synchro, flags) = (*u.choose(&["", "s"])?, *u.choose(&["", "k", "a", "r20", "kr8"])?);
        record.extra.push(("TY".into(), format!("{synchro}{}{flags}", ggf_size(&geometry))));
    }
    if one_in(u, 4)? {
        let score = if one_in(u, 2)? { u.int_in_range(0..=64u8)?.to_string() } else { text(u)? };
        record.extra.push(("WthorTheoreticalScore".into(), score));
    }
    Ok(Some(record))
}

/// True once in `n` (and false when the bytes run out).
fn one_in(u: &mut Unstructured, n: u8) -> Result<bool> {
    Ok(u.int_in_range(1..=n)? == n)
}

/// A legal move picked by the bytes: the pass when it is forced, `None` when
/// the game is over.
fn pick(u: &mut Unstructured, pos: &Position) -> Result<Option<Move>> {
    if pos.must_pass() {
        return Ok(Some(Move::Pass));
    }
    let moves: Vec<Move> = pos.moves().collect();
    if moves.is_empty() {
        return Ok(None);
    }
    Ok(Some(*u.choose(&moves)?))
}

/// An evaluation or a time: mostly none, else hundredths or any finite number.
fn number(u: &mut Unstructured) -> Result<Option<f64>> {
    Ok(match u.int_in_range(0..=7)? {
        0..=4 => None,
        5 | 6 => Some(f64::from(u.int_in_range(-6400..=6400)?) / 100.0),
        _ => Some(u.arbitrary::<f64>()?).filter(|v| v.is_finite()),
    })
}

/// Up to ten characters, half of them ones that formats quote or escape.
fn text(u: &mut Unstructured) -> Result<String> {
    let mut s = String::new();
    for _ in 0..u.int_in_range(0..=10)? {
        s.push(if one_in(u, 2)? { *u.choose(&TRICKY)? } else { u.arbitrary()? });
    }
    Ok(s)
}

fn optional_text(u: &mut Unstructured) -> Result<Option<String>> {
    Ok(if one_in(u, 2)? { Some(text(u)?) } else { None })
}
