//! serde for every type that has it: any JSON either is refused or gives a
//! value that serialises to JSON reading back the same value; and any text
//! that parses as a position or record serialises and reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Format, ReadOptions, Record};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `json` read as a `T`; if it reads, its JSON reads back the same.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(json: &[u8]) {
    if let Ok(value) = serde_json::from_slice::<T>(json) {
        let again = serde_json::to_vec(&value).expect("a value serialises");
        assert_eq!(serde_json::from_slice::<T>(&again).expect("its JSON reads back"), value);
    }
}

/// `value` to JSON and back gives `value`.
fn same<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let json = serde_json::to_vec(value).expect("a value serialises");
    assert_eq!(&serde_json::from_slice::<T>(&json).expect("its JSON reads back"), value);
}

fuzz_target!(|data: &[u8]| {
    round_trip::<reversi_core::Color>(data);
    round_trip::<reversi_core::Square>(data);
    round_trip::<reversi_core::Move>(data);
    round_trip::<reversi_core::Bitboard>(data);
    round_trip::<reversi_core::Position>(data);
    round_trip::<reversi_variants::Square>(data);
    round_trip::<reversi_variants::Move>(data);
    round_trip::<reversi_variants::Variant>(data);
    round_trip::<reversi_variants::Geometry>(data);
    round_trip::<reversi_variants::Position>(data);
    round_trip::<Record>(data);

    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = text.parse::<reversi_core::Position>() {
        same(&pos);
    }
    for variant in reversi_variants::Variant::ALL {
        if let Ok(pos) = reversi_variants::Position::from_text(variant, text) {
            same(&pos);
        }
    }
    for format in [Format::Pgn, Format::Ggf, Format::Transcript] {
        if let Ok(records) = reversi_notation::read(format, data, ReadOptions::default()) {
            records.iter().for_each(same);
        }
    }
});
