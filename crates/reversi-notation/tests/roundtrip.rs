//! Write, read back, identical record: every format, every variant, over
//! self-played games on random boards with random metadata.

mod common;

use common::{expected, masked, self_played};
use proptest::prelude::*;
use reversi_core::Color;
use reversi_notation::{
    Format, GameResult, Passes, Ply, ReadOptions, Record, ggf, pgn, read, replay, write, write_report, wthor,
};
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
    replay(record, Passes::Explicit).unwrap().position
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

/// Any field name: the names formats give a meaning, names no reader takes,
/// and arbitrary text.
fn field_name() -> impl Strategy<Value = String> {
    let tricky: Vec<String> = PGN_TAGS
        .iter()
        .chain(&GGF_FIELDS)
        .chain(&["W", "KM", "K_M", "K M", "Time_Control", "X_Variant", "XB", "", "_", "é", "OBF", "SetUp"])
        .map(|s| s.to_string())
        .collect();
    prop_oneof![prop::sample::select(tricky), "\\PC{0,8}", "[A-Za-z_ ]{1,6}"]
}

/// Any value, brackets, quotes, escapes and line breaks included.
fn field_value() -> impl Strategy<Value = String> {
    prop_oneof!["\\PC{0,12}", "[\\]\\[\"\\\\\n\r;:) a-z0-9]{0,8}"]
}

/// Any number: huge, tiny, not finite.
fn any_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::MAX),
        Just(-f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(f64::INFINITY),
        Just(f64::NAN),
        Just(1e300),
        any::<f64>(),
        -100.0f64..100.0,
    ]
}

/// Any result: discs of any count, a net result of any number with any suffix.
fn any_result() -> impl Strategy<Value = Option<GameResult>> {
    prop::option::of(prop_oneof![
        any::<(u16, u16)>().prop_map(|(black, white)| GameResult::Discs { black, white }),
        (any_number(), prop::option::of(prop_oneof!["[a-z0-9]{0,3}", "\\PC{0,3}"]))
            .prop_map(|(margin, how)| GameResult::Net { margin, how }),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Written then read, a record is the same except what the writer
    /// reported lost: kept fields dropped or renamed, kinds cleared.
    #[test]
    fn records_read_back_as_reported(
        ggf_board in prop_oneof![(4usize..=14).prop_map(Some), Just(None)],
        choices in prop::collection::vec(any::<u16>(), 0..40),
        numbers in prop::collection::vec((prop::option::of(any_number()), prop::option::of(any_number())), 1..4),
        black in prop::option::of(field_value()),
        result in any_result(),
        extra in prop::collection::vec((field_name(), field_value()), 0..6),
        komi in prop::option::of(any_number()),
    ) {
        let geometry = ggf_board.map_or(Geometry::octagon(), |n| Geometry::new(n, n).unwrap());
        let Ok(start) = Position::start(Variant::Reversi, geometry) else { return Ok(()) };
        let mut record = self_played(start, &choices);
        annotate(&mut record, &numbers);
        (record.black, record.result, record.extra) = (black, result, extra);
        if let Some(komi) = komi {
            record.extra.push(("KM".into(), komi.to_string()));
        }
        for format in [Format::Pgn, Format::Ggf] {
            let (bytes, losses) = write_report(format, std::slice::from_ref(&record)).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            let back = read(format, &bytes, ReadOptions::new())
                .unwrap_or_else(|e| panic!("{format} does not read back: {e}\n{text}"));
            prop_assert_eq!(back.len(), 1);
            prop_assert_eq!(masked(&back[0], &losses), expected(&record, 0, &losses), "{}:\n{}", format, text);
            // What was reported lost is written the same way again.
            let (again, _) = write_report(format, &back).unwrap();
            prop_assert_eq!(read(format, &again, ReadOptions::new()).unwrap(), back);
        }
    }

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
        // WTHOR and Othello Quest store no passes: a pass at the very end (nothing after it
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
            let passless = matches!(format, Format::Wthor | Format::OthelloQuest);
            prop_assert_eq!(back_end, if passless { wthor_end } else { end }, "{}", format);
        }
    }
}

#[test]
fn writers_name_what_they_cannot_hold() {
    let mut attacks = Record::of(Variant::Attacks, Geometry::new(7, 7).unwrap());
    attacks.moves.push(Ply::from("a1c3".parse::<Move>().unwrap()));
    for (format, message) in [
        (Format::Ggf, "GGF cannot hold game 1: GGF holds Reversi only, not attacks"),
        (
            Format::Wthor,
            "WTHOR cannot hold game 1: WTHOR holds 8x8 Reversi from the standard start with Black first, not attacks on 7x7",
        ),
        (Format::Obf, "OBF cannot hold game 1: OBF holds 8x8 Othello positions only"),
    ] {
        assert_eq!(write(format, std::slice::from_ref(&attacks)).unwrap_err().to_string(), message);
    }
}
