//! The OBF reader: any text either fails with a located error or gives
//! positions that OBF writes back to text reading the same positions and
//! annotations. Read as games (a start and no moves) through the format door,
//! they write as their final position, the start, and read back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Format, ReadOptions, obf, read, write};
use reversi_variants::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(positions) = obf::read(&text) else { return };
    for p in &positions {
        let _ = p.scored_moves().count();
    }
    let written = obf::write(&positions);
    assert_eq!(obf::read(&written).as_ref(), Ok(&positions), "OBF written:\n{written}");

    let records = read(Format::Obf, text.as_bytes(), ReadOptions::default());
    if text.contains('\0') {
        // Bytes with a NUL are binary data to the format door (a string
        // holding one is still text to obf::read).
        assert!(matches!(records, Err(reversi_notation::ReadError::Binary { .. })), "{records:?}");
        return;
    }
    let records = records.expect("the same text reads as games");
    assert_eq!(records.len(), positions.len());
    for (record, p) in records.iter().zip(&positions) {
        assert!(record.moves.is_empty());
        assert_eq!(record.start_position(), Ok(Position::from(p.position)));
    }
    let bytes = write(Format::Obf, &records).expect("a game without moves writes as its start");
    let again = read(Format::Obf, &bytes, ReadOptions::default()).expect("written OBF reads back");
    assert_eq!(again, records, "OBF written:\n{}", String::from_utf8_lossy(&bytes));
});
