//! The format door: format sniffing and every reader behind `read` (with the
//! variant and board chosen by the first byte) take any bytes without
//! panicking, and what they read replays or fails with a typed error. Position
//! lines (read nowhere else) write back as the same positions and read as the
//! same records. What `read` reads, `games` streams the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Format, ReadOptions, games, read, replay, write};
use reversi_variants::{Geometry, Variant};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, bytes)) = data.split_first() else { return };
    let geometry = match choice >> 2 {
        0..=31 => Geometry::standard(),
        32..=39 => Geometry::octagon(),
        n => Geometry::new(usize::from(n % 12) + 1, usize::from(n / 12) % 12 + 1).expect("1 to 12 fits"),
    };
    let options = ReadOptions::new().variant(Variant::ALL[usize::from(choice & 3) % 3]).geometry(geometry);
    let _ = Format::sniff(bytes);
    for format in Format::ALL {
        let Ok(records) = read(format, bytes, options) else { continue };
        // Streamed through a tiny buffer, the games are the same.
        let streamed = games(format, std::io::BufReader::with_capacity(7, bytes), options);
        assert_eq!(streamed.collect::<Result<Vec<_>, _>>().as_ref(), Ok(&records), "{format}: games() and read()");
        for record in &records {
            let _ = replay(record, format.passes());
        }
        if format == Format::Position {
            let written = write(format, &records).expect("a position without moves writes as itself");
            let again = read(format, &written, options).expect("written positions read back");
            assert_eq!(again, records, "positions written:\n{}", String::from_utf8_lossy(&written));
        }
    }
});
