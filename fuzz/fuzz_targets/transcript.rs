//! The transcript reader: any input either fails with a located error or gives
//! records that replay or fail with a typed error, and that write back to text
//! reading the same moves; LF or lone CR line ends and a byte-order mark
//! read the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Passes, replay, transcript};
use reversi_variants::{Geometry, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Every line end reads the same: LF, a lone CR (classic Mac OS), and a
    // byte-order mark before the text changes nothing.
    // (A text that starts with a mark of its own reads it as a character.)
    if !text.contains('\r') && !text.starts_with('\u{feff}') {
        let lines = |t: &str| {
            transcript::read(t, Variant::Reversi, Geometry::standard())
                .map(|games| games.into_iter().map(|g| g.moves).collect::<Vec<_>>())
                .map_err(|e| (e.line, e.column))
        };
        let plain = lines(text);
        assert_eq!(lines(&text.replace('\n', "\r")).map(|g| g.len()), plain.clone().map(|g| g.len()), "lone CRs");
        let marked = reversi_notation::read(
            reversi_notation::Format::Transcript,
            format!("\u{feff}{text}").as_bytes(),
            reversi_notation::ReadOptions::new(),
        );
        assert_eq!(marked.map(|g| g.len()).ok(), plain.map(|g| g.len()).ok(), "a byte-order mark");
    }
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
