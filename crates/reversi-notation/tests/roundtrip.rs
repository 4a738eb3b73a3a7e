//! Write, read back, identical record: every format, every variant, over
//! self-played games on random boards with random metadata.

mod common;

use common::self_played;
use proptest::prelude::*;
use reversi_core::Color;
use reversi_notation::{Format, GameResult, Passes, Ply, ReadOptions, Record, ggf, pgn, read, replay, write, wthor};
use reversi_variants::{Geometry, Move, Position, Square, Variant};

/// A board: any size with a few holes, the octagon, or (often) 8x8.
fn geometry() -> impl Strategy<Value = Geometry> {
    prop_oneof![
        9 => (1usize..=26, 1usize..=26, prop::collection::vec((0u8..26, 0u8..26), 0..5)).prop_map(|(w, h, holes)| {
            let g = Geometry::new(w, h).unwrap();
            let holes = holes.into_iter().filter_map(|(c, r)| Square::new(c % w as u8, r % h as u8));
            g.with_holes(holes).unwrap_or(g)
        }),
        1 => Just(Geometry::octagon()),
        3 => Just(Geometry::standard()),
    ]
}

/// A start: the default one (either side first) or a position a few plies in.
fn start(variant: Variant, geometry: Geometry, first: bool, prefix: &[u16]) -> Option<Position> {
    let first = if first { Color::White } else { Color::Black };
    let start = Position::start_with_first(variant, geometry, first).ok()?;
    let played = self_played(start, prefix);
    Some(replay_to_end(&played))
}

fn replay_to_end(record: &Record) -> Position {
    replay(record, Passes::Explicit).unwrap().position.into_position()
}

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,12}"
}

fn number() -> impl Strategy<Value = Option<f64>> {
    prop::option::of(prop_oneof![(-100_000i32..100_000).prop_map(|n| f64::from(n) / 100.0), -1e6f64..1e6])
}

/// Evaluations and times on some plies.
fn annotate(record: &mut Record, numbers: &[(Option<f64>, Option<f64>)]) {
    for (ply, &(eval, seconds)) in record.moves.iter_mut().zip(numbers.iter().cycle()) {
        (ply.eval, ply.seconds) = (eval, seconds);
    }
}

fn result() -> impl Strategy<Value = Option<GameResult>> {
    prop::option::of(prop_oneof![
        (0u16..200, 0u16..200).prop_map(|(black, white)| GameResult::Discs { black, white }),
        (number(), prop::option::of("[a-z]{1,3}"))
            .prop_map(|(m, how)| GameResult::Net { margin: m.unwrap_or(0.0), how }),
    ])
}

const PGN_TAGS: [&str; 10] =
    ["Variant", "Board", "Holes", "First", "Position", "Black", "White", "Event", "Date", "Result"];
const GGF_FIELDS: [&str; 9] = ["GM", "PB", "PW", "DT", "EV", "RE", "BO", "TY", "B"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn pgn_records_read_back_identical(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        geometry in geometry(),
        first in any::<bool>(),
        prefix in prop::collection::vec(any::<u16>(), 0..6),
        choices in prop::collection::vec(any::<u16>(), 0..90),
        numbers in prop::collection::vec((number(), number()), 1..4),
        (black, white, event, date) in (prop::option::of(text()), prop::option::of(text()), prop::option::of(text()), prop::option::of(text())),
        result in result(),
        extra in prop::collection::vec(("[A-Z][A-Za-z0-9_]{0,8}", text()), 0..4),
    ) {
        let Some(start) = start(variant, geometry, first, &prefix) else { return Ok(()) };
        let mut record = self_played(start, &choices);
        annotate(&mut record, &numbers);
        (record.black, record.white, record.event, record.date, record.result) = (black, white, event, date, result);
        record.extra = extra.into_iter().filter(|(n, _)| !PGN_TAGS.contains(&n.as_str())).collect();
        let two = [record.clone(), Record::new()];
        let written = pgn::write(&two);
        prop_assert_eq!(pgn::read(&written).unwrap(), two, "{}", written);
    }

    #[test]
    fn ggf_records_read_back_identical(
        size in prop_oneof![(4usize..=14).prop_map(Some), Just(None)],
        first in any::<bool>(),
        prefix in prop::collection::vec(any::<u16>(), 0..6),
        choices in prop::collection::vec(any::<u16>(), 0..120),
        numbers in prop::collection::vec((number(), number()), 1..4),
        (black, white, event, date) in (prop::option::of(text()), prop::option::of(text()), prop::option::of(text()), prop::option::of(text())),
        margin in number(),
        how in prop::option::of("[a-z]{1,3}"),
        ty in prop::option::of("s?k?a?(r[0-9]{1,2})?"),
        extra in prop::collection::vec(("[A-Z]{2}", text()), 0..4),
    ) {
        let geometry = size.map_or(Geometry::octagon(), |n| Geometry::new(n, n).unwrap());
        let Some(start) = start(Variant::Reversi, geometry, first, &prefix) else { return Ok(()) };
        let mut record = self_played(start, &choices);
        annotate(&mut record, &numbers);
        (record.black, record.white, record.event, record.date) = (black, white, event, date);
        record.result = margin.map(|margin| GameResult::Net { margin, how });
        record.extra = extra.into_iter().filter(|(n, _)| !GGF_FIELDS.contains(&n.as_str())).collect();
        if let Some(flags) = ty {
            let (synchro, rest) = flags.strip_prefix('s').map_or(("", flags.as_str()), |r| ("s", r));
            record.extra.push(("TY".into(), format!("{synchro}{}{rest}", size.unwrap_or(88))));
        }
        // A type that says no more than the board and the komi field is
        // derived by the writer, not kept (ggf.rs's table).
        let plain = format!("{}{}", size.unwrap_or(88), if record.get("KM").is_some() { "k" } else { "" });
        record.extra.retain(|(n, v)| n != "TY" || *v != plain);
        let written = ggf::write(std::slice::from_ref(&record)).unwrap();
        let read_back = ggf::read(&written).unwrap();
        prop_assert_eq!(&read_back, std::slice::from_ref(&record), "{}", written);
    }

    #[test]
    fn wthor_records_read_back_identical(
        choices in prop::collection::vec(any::<u16>(), 0..70),
        names in ("[a-zA-Z0-9 ]{0,19}", "[a-zA-Z0-9 ]{0,19}", "[a-zA-Z0-9 ]{0,25}"),
        year in 1977u16..2030,
        real in 0u16..=64,
        theoretical in 0u8..=64,
    ) {
        let mut record = self_played(Position::start(Variant::Reversi, Geometry::standard()).unwrap(), &choices);
        (record.black, record.white, record.event) = (Some(names.0), Some(names.1), Some(names.2));
        record.date = Some(year.to_string());
        record.result = Some(GameResult::Discs { black: real, white: 64 - real });
        record.extra.push(("WthorTheoreticalScore".into(), theoretical.to_string()));
        let files = wthor::write_records(std::slice::from_ref(&record)).unwrap();
        let back = wthor::read_records(&files.games, Some(&files.players), Some(&files.tournaments)).unwrap();
        let mut expected = record.clone();
        expected.moves.retain(|p| p.mv != Move::Pass);
        prop_assert_eq!(back, vec![expected]);
    }

    #[test]
    fn every_format_keeps_the_game(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        geometry in geometry(),
        choices in prop::collection::vec(any::<u16>(), 0..90),
    ) {
        let Ok(start) = Position::start(variant, geometry) else { return Ok(()) };
        let record = self_played(start, &choices);
        let end = replay_to_end(&record);
        // WTHOR stores no passes: a pass at the very end (nothing after it
        // to infer it from) is lost.
        let mut trimmed = record.clone();
        while trimmed.moves.last().is_some_and(|p| p.mv == Move::Pass) {
            trimmed.moves.pop();
        }
        let wthor_end = replay_to_end(&trimmed);
        let options = ReadOptions::new().variant(variant).geometry(geometry);
        for format in Format::ALL {
            let Ok(bytes) = write(format, std::slice::from_ref(&record)) else {
                // Only the formats that hold other games may refuse.
                let othello = variant == Variant::Reversi && geometry == Geometry::standard();
                prop_assert!(!othello || format == Format::Transcript && record.moves.is_empty(), "{format}");
                continue;
            };
            let back = read(format, &bytes, options).unwrap();
            if format == Format::Transcript && record.moves.is_empty() {
                prop_assert!(back.is_empty());
                continue;
            }
            prop_assert_eq!(back.len(), 1, "{}", format);
            let back_end = replay_to_end(&reversi_notation::with_passes(&back[0], format.passes()).unwrap());
            prop_assert_eq!(back_end, if format == Format::Wthor { wthor_end } else { end }, "{}", format);
        }
    }
}

#[test]
fn writers_name_what_they_cannot_hold() {
    let mut attacks = Record::of(Variant::Attacks, Geometry::new(7, 7).unwrap());
    attacks.moves.push(Ply::from("a1c3".parse::<Move>().unwrap()));
    for (format, message) in [
        (Format::Ggf, "GGF cannot hold game 1: GGF holds Othello only, not attacks"),
        (
            Format::Wthor,
            "WTHOR cannot hold game 1: WTHOR holds 8x8 Othello from the standard start with Black first, not attacks on 7x7",
        ),
        (Format::Obf, "OBF cannot hold game 1: OBF holds 8x8 Othello positions only"),
    ] {
        assert_eq!(write(format, std::slice::from_ref(&attacks)).unwrap_err().to_string(), message);
    }
}
