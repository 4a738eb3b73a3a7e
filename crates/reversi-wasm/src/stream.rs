//! `RecordStream`: a file's games read from its bytes as the page gives them,
//! a chunk at a time, through reversi-notation's [`PushReader`] (bounded
//! memory), each game kept as a compact summary ([`Table`]): its names and
//! result for a list, and its place in the file to read it again when it is
//! shown.

use reversi_notation::{Format, PushReader};
use wasm_bindgen::prelude::*;

use crate::args::{self, js_error};
use crate::records::{RecordList, source_of_js};
use crate::table::{Limits, Source, Table};

/// A file's games read from its bytes as they are given (`push`), a batch at
/// a time (`read`), so that a page draws its progress in between and holds
/// a bounded part of the file; `finish` gives their summaries ([`RecordList`]).
#[wasm_bindgen]
#[derive(Debug)]
pub struct RecordStream {
    source: Source,
    reader: PushReader,
    size: u64,
    games: Table,
    done: bool,
}

impl RecordStream {
    pub(crate) fn open(source: Source, size: u64, limits: Limits) -> RecordStream {
        let mut reader = source.push_reader();
        if size == 0 {
            reader.finish();
        }
        RecordStream { source, reader, size, games: Table::new(limits), done: false }
    }

    /// Gives the file's next bytes.
    pub(crate) fn give(&mut self, bytes: &[u8]) {
        self.reader.push(bytes);
        if self.reader.given() >= self.size {
            self.reader.finish();
        }
    }

    /// Reads up to `count` more games, as long as enough bytes are given.
    pub(crate) fn read_records(&mut self, count: usize) -> Result<bool, String> {
        if !self.done {
            self.done = self.games.read(&mut self.reader, count)?;
        }
        Ok(self.done)
    }

    /// The games read so far.
    pub(crate) fn count(&self) -> usize {
        self.games.len()
    }

    /// The games read.
    pub(crate) fn into_games(self) -> RecordList {
        let format = self.reader.format().unwrap_or(Format::Transcript);
        RecordList::new(format, self.source, self.games, None)
    }
}

#[wasm_bindgen]
impl RecordStream {
    /// A reader of the games of a file of `size` bytes, given in order with
    /// `push`: the format from `fileName`'s extension (else the first
    /// bytes), or `format` (`auto`, `pgn`, ...); a WTHOR file's names from
    /// the bytes of its `.JOU` and `.TRN` files.
    ///
    /// # Errors
    /// `TypeError`: an argument of the wrong type; `RangeError`: a size that
    /// is not a whole number from 0 to 2^53. An unknown format name, or a
    /// name file that does not read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
        #[wasm_bindgen(js_name = fileName, unchecked_optional_param_type = "string")] file_name: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] format: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array")] players: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array")] tournaments: Option<JsValue>,
    ) -> Result<RecordStream, JsValue> {
        let size = args::size(&size, "RecordStream: size")?;
        let source = source_of_js(&file_name, &format, &players, &tournaments, "RecordStream")?;
        Ok(RecordStream::open(source, size, Limits::BROWSER))
    }

    /// Gives the file's next bytes (in order, from the first).
    ///
    /// # Errors
    /// `TypeError`: bytes that are not a `Uint8Array`.
    pub fn push(&mut self, #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue) -> Result<(), JsValue> {
        let bytes = args::bytes(&bytes, "RecordStream.push: bytes")?;
        self.give(&bytes);
        Ok(())
    }

    /// How many more bytes the stream wants given before `read` goes on
    /// (0 once it holds enough, or the file's last bytes): the library's
    /// window, three times the longest game (16 MiB) and 256 KiB.
    #[must_use]
    pub fn wants(&self) -> f64 {
        self.reader.wants() as f64
    }

    /// Reads up to `count` more games, while enough bytes are given
    /// (`wants()` is 0); whether the file is done.
    ///
    /// # Errors
    /// `TypeError`/`RangeError`: a count that is not a whole number. A file
    /// of no known format (`FILE: unknown format: expected ..., found ...`);
    /// a file past the browser's limits (4,194,304 games, 64 MiB of names,
    /// 64 MiB of errors): the games read before it stay, `finish` gives them.
    pub fn read(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue) -> Result<bool, JsValue> {
        let count = args::index(&count, "RecordStream.read: count")?;
        self.read_records(count).map_err(js_error)
    }

    /// The games read so far, those that do not read included.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn length(&self) -> usize {
        self.count()
    }

    /// The share of the file read so far, from 0 to 1.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.done || self.size == 0 { 1.0 } else { self.reader.consumed() as f64 / self.size as f64 }
    }

    /// The games read: their summaries, each read again from its bytes
    /// with `RecordList.read`.
    #[must_use]
    pub fn finish(self) -> RecordList {
        self.into_games()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(text: &str, file: &str) -> RecordStream {
        RecordStream::open(
            Source::new(Some(file.into()), None, None, None).unwrap(),
            text.len() as u64,
            Limits::BROWSER,
        )
    }

    #[test]
    fn a_stream_holds_a_bounded_part_of_the_file_and_keeps_a_summary_a_game() {
        // Three times the window, given a chunk at a time.
        let game = "[Black \"Ann\"]\n\n1. f5 d6 2. c3 d3 33-31\n\n";
        let window = stream("", "a.pgn").reader.window();
        let text = game.repeat(3 * window as usize / game.len());
        let mut games = stream(&text, "many.pgn");
        let (mut given, mut most_held, mut batches) = (0, 0, 0);
        loop {
            while games.wants() > 0.0 {
                let next = (given + (1 << 20)).min(text.len());
                games.give(&text.as_bytes()[given..next]);
                given = next;
            }
            most_held = most_held.max(games.reader.given() - games.reader.consumed());
            batches += 1;
            if games.read_records(100_000).unwrap() {
                break;
            }
            assert!(games.progress() < 1.0);
        }
        assert!(most_held <= window + (1 << 20), "{most_held}");
        assert!(batches > 10, "{batches}");
        let games = games.into_games();
        assert_eq!(games.count(), text.len() / game.len());
        let last = games.count() - 1;
        let place = games.games.place(last).unwrap().unwrap();
        // From the end of the game before (its blank lines) to its result.
        let (start, end) = (text.len() - 42, text.len() - 2);
        assert_eq!((place.bytes.start, place.bytes.end), (start as u64, end as u64));
        let game = games.read_again(last, &[], &text.as_bytes()[start..end]).unwrap();
        assert_eq!(game.replay_steps().unwrap().length(), 4);
        assert_eq!(games.games.label(last, 0).as_deref(), Some("Ann"));
        let origin = game.record().unwrap().origin.clone().unwrap();
        assert_eq!((origin.game, origin.at.to_string()), (last, format!("{}:1", text.len() / 40 * 4 - 3)));
        assert!(games.read_again(last, &[], b"f5").unwrap_err().contains("2 bytes"));
    }

    /// A WTHOR game's place is its 68 bytes, the header apart: the table
    /// kept the header's 16 in the game's length, and the last game's bytes
    /// ran past the file.
    #[test]
    fn a_wthor_game_is_read_again_from_its_68_bytes_and_the_header() {
        let wtb = include_bytes!("../../../data/wthor/WTH_1980.wtb");
        let mut games = RecordStream::open(
            Source::new(Some("WTH_1980.wtb".into()), None, None, None).unwrap(),
            wtb.len() as u64,
            Limits::BROWSER,
        );
        games.give(wtb);
        assert!(games.read_records(usize::MAX).unwrap());
        let games = games.into_games();
        let whole = crate::records::read_bytes(
            wtb.to_vec(),
            Source::new(Some("WTH_1980.wtb".into()), None, None, None).unwrap(),
            Limits::BROWSER,
        )
        .unwrap();
        for index in [0, games.count() - 1] {
            let place = games.games.place(index).unwrap().unwrap();
            let at = 16 + 68 * index as u64;
            assert_eq!((place.head.clone(), place.bytes.clone()), (0..16, at..at + 68));
            let game = games.read_again(index, &wtb[..16], &wtb[at as usize..at as usize + 68]).unwrap();
            let expected = whole.held(index).unwrap().unwrap();
            assert_eq!(game.record().unwrap().moves, expected.record().unwrap().moves);
        }
    }

    #[test]
    fn a_file_of_no_known_format_is_one_error() {
        let mut games = stream("Meeting notes: bring the board.\n", "notes.txt");
        games.give(b"Meeting notes: bring the board.\n");
        let error = games.read_records(10).unwrap_err();
        assert!(error.starts_with("notes.txt: unknown format: expected a record file (transcript .txt"), "{error}");
        assert!(error.ends_with("found a .txt file of text starting \"Meeting notes: bring the board.\""), "{error}");
    }

    #[test]
    fn a_stream_reads_only_with_its_bytes_given() {
        let mut games = stream("f5d6\n", "a.txt");
        assert_eq!(games.wants(), Format::DETECT_BYTES as f64);
        assert!(!games.read_records(10).unwrap());
        games.give(b"f5");
        assert!(!games.read_records(10).unwrap() && games.count() == 0);
        games.give(b"d6\n");
        assert_eq!(games.wants(), 0.0);
        assert!(games.read_records(10).unwrap());
        assert_eq!(games.count(), 1);
    }

    #[test]
    fn a_stream_reads_in_batches_and_says_how_far_it_is() {
        let text = "f5d6\n".repeat(1_000_000);
        let mut stream = stream(&text, "many.txt");
        for chunk in text.as_bytes().chunks(1 << 20) {
            stream.give(chunk);
        }
        assert!(!stream.read_records(30).unwrap());
        assert_eq!(stream.count(), 30);
        let part = stream.progress();
        assert!(part > 0.0 && part < 1.0, "{part}");
        assert!(stream.read_records(usize::MAX).unwrap());
        assert_eq!((stream.count(), stream.progress()), (1_000_000, 1.0));
        assert_eq!(stream.into_games().count(), 1_000_000);
    }
}
