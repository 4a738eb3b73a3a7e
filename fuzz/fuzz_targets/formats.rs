//! The format door: format sniffing and every reader behind `read` (with the
//! variant and board chosen by the first byte) take any bytes without
//! panicking, and what they read replays or fails with a typed error. Position
//! lines (read nowhere else) write back as the same positions and read as the
//! same records. What `read` reads, the `Reader` streams the same; past
//! the errors, the reader goes on and ends, each item taking a byte at least.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::{Format, ReadOptions, Reader, read, replay, write};
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
        // Streamed through a tiny buffer, every game and error, to the end.
        let streamed: Vec<_> = Reader::new(format, std::io::BufReader::with_capacity(7, bytes), options).collect();
        assert!(streamed.len() <= bytes.len() + 1, "{format}: {} items from {} bytes", streamed.len(), bytes.len());
        let first_error = streamed.iter().position(Result::is_err);
        if let Some(i) = first_error {
            // Only the last item may end the input.
            assert!(streamed[..streamed.len() - 1].iter().all(|g| g.as_ref().map_or_else(|e| !e.is_fatal(), |_| true)));
            let Err(e) = &streamed[i] else { unreachable!() };
            assert_eq!(read(format, bytes, options).as_ref().err(), Some(&e.kind), "{format}: the first error");
        }
        let Ok(records) = read(format, bytes, options) else { continue };
        // Up to the first error, the games are those `read` reads.
        let before: Vec<_> = streamed.into_iter().map_while(Result::ok).collect();
        assert_eq!(before, records, "{format}: Reader and read()");
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
