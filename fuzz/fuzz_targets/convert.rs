//! The `convert` path on parsed records: any bytes read in any format (the
//! variant and board chosen by the first byte), every legal game made explicit
//! about its passes as `reversi convert` does, then written in every format
//! that can hold it and read back: the same games and the same kept fields,
//! except what the writer reports lost (the checks of `roundtrip.rs`).
#![no_main]

mod check;

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Format, ReadOptions, read, with_passes};
use reversi_variants::{Geometry, Variant};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, bytes)) = data.split_first() else { return };
    let geometry = match choice >> 2 {
        0..=47 => Geometry::standard(),
        48..=51 => Geometry::octagon(),
        n => Geometry::new(usize::from(n % 10) + 3, usize::from(n / 10) % 10 + 3).expect("3 to 12 fits"),
    };
    let options = ReadOptions::new().variant(Variant::ALL[usize::from(choice & 3) % 3]).geometry(geometry);
    for format in Format::ALL {
        let Ok(records) = read(format, bytes, options) else { continue };
        for record in records.iter().take(4) {
            if let Ok(explicit) = with_passes(record, format.passes()) {
                check::check(&explicit);
            }
        }
    }
});
