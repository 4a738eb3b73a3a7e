//! The WTHOR readers: any bytes either fail with a typed error or give games
//! that replay or fail with a typed error, and that write back to bytes reading
//! the same; the streaming reader, fed in chunks of any size, gives the same
//! games and the same error as the whole-buffer reader, and the games it gives
//! before an error are those of the file cut there; the crate's one reader
//! gives their records, and goes on past a game that does not read.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use reversi_notation::wthor::{self, Database, Names, Reader};
use reversi_notation::{Format, ReadError, ReadOptions};

/// `bytes` given at most `chunk` bytes a read, `chunk` cycling through `sizes`.
struct Chunks<'a> {
    bytes: &'a [u8],
    sizes: &'a [u8],
    reads: usize,
}

impl Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes.get(self.reads % self.sizes.len().max(1)).map_or(usize::MAX, |&s| usize::from(s) + 1);
        self.reads += 1;
        let n = buf.len().min(size).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let whole = wthor::read_games(data);
    if let Ok(db) = &whole {
        for game in &db.games {
            let _ = game.replay();
        }
        let bytes = wthor::write_games(db).expect("the games a header counted fit in one");
        assert_eq!(wthor::read_games(&bytes).as_ref(), Ok(db));
    }

    // Streamed: the chunk sizes from the file's last bytes.
    let sizes = &data[data.len().saturating_sub(4)..];
    let (mut header, mut games, mut error) = (None, Vec::new(), None);
    match Reader::new(Chunks { bytes: data, sizes, reads: 0 }) {
        Ok(reader) => {
            header = Some(*reader.header());
            for game in reader {
                match game {
                    Ok(game) => games.push(game),
                    Err(e) => {
                        error = Some(e);
                        break;
                    }
                }
            }
        }
        Err(e) => error = Some(e),
    }
    match (&whole, &error) {
        (Ok(db), None) => assert_eq!((Some(db.header), &db.games), (header, &games)),
        (Err(e), Some(streamed)) => assert_eq!(e, streamed),
        _ => panic!("whole: {whole:?}, streamed: {error:?}"),
    }
    // The games before an error: those of the file cut before the failing
    // game, its count made theirs.
    if let (Some(header), Some(_)) = (header, error) {
        let mut cut = data[..wthor::HEADER_LEN + wthor::GAME_LEN * games.len()].to_vec();
        cut[4..8].copy_from_slice(&(games.len() as u32).to_le_bytes());
        let db = Database { header: wthor::Header { games: games.len() as u32, ..header }, games };
        assert_eq!(wthor::read_games(&cut), Ok(db));
    }
    // As records, without names, through the crate's one reader: the games'
    // records up to the same first error; past it, it goes on (a game's
    // error) or ends (any other).
    let all: Vec<_> = reversi_notation::Reader::new(Format::Wthor, data, ReadOptions::new()).collect();
    let records: Result<Vec<_>, ReadError> = all.iter().cloned().map(|g| g.map_err(|e| e.kind)).collect();
    match (&whole, &records) {
        (Ok(db), Ok(records)) => {
            let expected: Vec<_> = db.games.iter().map(|g| g.to_record(db.header.year, &[], &[])).collect();
            // The reader adds the header's fields (WthorCreated, ...) to each record.
            let header = ["WthorCreated", "WthorSolitaire", "WthorDepth"];
            let mut games = records.clone();
            for game in &mut games {
                game.extra.retain(|(name, _)| !header.contains(&name.as_str()));
            }
            assert_eq!(games, expected);
        }
        (Err(e), Err(kind)) => assert_eq!(kind, &ReadError::Wthor(e.clone())),
        _ => panic!("whole: {whole:?}, records: {records:?}"),
    }
    assert_eq!(records, wthor::read_records(data, None, None).map_err(ReadError::Wthor));
    let fatal = all.iter().filter(|g| g.as_ref().is_err_and(|e| e.is_fatal())).count();
    assert!(fatal <= 1 && all.last().is_none_or(|g| fatal == 0 || g.as_ref().is_err_and(|e| e.is_fatal())));

    for kind in [Names::Players, Names::Tournaments] {
        let _ = wthor::read_names(data, kind);
    }
});
