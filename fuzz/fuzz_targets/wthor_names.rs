//! WTHOR name files: any bytes either fail with a typed error or give names
//! that write back to a file reading the same (from bytes or from a stream
//! read in the bound of the header); and databases with many
//! distinct names (up to past the 65,535 a name file's u16 count holds)
//! either write and read back with every name in place or are refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_notation::wthor::{self, Header, Names};
use reversi_notation::{Ply, Record};

fuzz_target!(|data: &[u8]| {
    for kind in [Names::Players, Names::Tournaments] {
        // Read from a stream in the bound of its header: the same names and errors.
        assert_eq!(wthor::read_names_from(data, kind), wthor::read_names(data, kind));
        if let Ok(names) = wthor::read_names(data, kind) {
            let header = Header { records: 0, ..Header::default() };
            let again = wthor::read_names(&wthor::write_names(&header, &names, kind), kind).expect("reads back");
            assert_eq!(again, names);
        }
    }

    // Games, each with its own two players: a few hundred, or (one input in
    // sixteen, since these take a while) about as many as the limit allows,
    // on either side of it.
    let [a, b, rest @ ..] = data else { return };
    let games = if a & 0xf0 == 0xf0 { 32_700 + usize::from(*b) % 100 } else { usize::from(*b) * 2 };
    let stem: String = rest.iter().take(6).map(|&c| char::from(b'a' + c % 26)).collect();
    let records: Vec<Record> = (0..games)
        .map(|i| {
            let mut record = Record::new();
            record.black = Some(format!("{stem}{}", 2 * i));
            record.white = Some(format!("{stem}{}", 2 * i + 1));
            record.moves.push(Ply::new("f5".parse().expect("a move")));
            record
        })
        .collect();
    match wthor::write_records(&records) {
        Ok(files) => {
            assert!(2 * games <= wthor::MAX_NAMES, "{} names written", 2 * games);
            let back = wthor::read_records(&files.games, Some(&files.players), Some(&files.tournaments))
                .expect("a written database reads back");
            assert_eq!(back.len(), games);
            for (written, read) in records.iter().zip(&back) {
                assert_eq!((&read.black, &read.white), (&written.black, &written.white));
            }
        }
        Err(e) => assert!(2 * games > wthor::MAX_NAMES, "refused {games} games: {e}"),
    }
});
