//! The transcript reader: any input either fails with a located error or gives
//! records that replay or fail with a typed error, and that write back to text
//! reading the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Passes, replay, transcript};
use reversi_variants::{Geometry, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for (variant, geometry) in [(Variant::Reversi, Geometry::standard()), (Variant::Attacks, Geometry::octagon())] {
        let Ok(records) = transcript::read(text, variant, geometry) else { continue };
        for record in records {
            let _ = replay(&record, Passes::Infer);
            let again =
                transcript::read(&transcript::write(&record), variant, geometry).expect("written text reads back");
            assert_eq!(again.first().map(|r| &r.moves), Some(&record.moves).filter(|m| !m.is_empty()));
        }
    }
});
