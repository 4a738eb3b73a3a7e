//! `RecordStream`: a file's games read from its bytes as the page gives them,
//! a chunk at a time, in bounded memory, each game kept as a [`Summary`]:
//! its names and result for a list, and its place in the file
//! (reversi-notation's [`Place`]) to read it again when it is shown.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::rc::Rc;

use reversi_notation::wthor::{Names, read_names};
use reversi_notation::{Format, Place, ReadError, ReadOptions, Reader, Record as NotationRecord};
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::records::Records;

/// The longest game the page reads ([`ReadOptions::max_game_bytes`]).
pub(crate) const MAX_GAME_BYTES: usize = 1 << 20;

/// How many bytes given and not yet read the stream holds before it reads a
/// game (unless the file's last bytes are given): the longest game, and the
/// search for the next one after a game that does not read (twice as much),
/// and what the reader reads ahead. The memory a stream takes is this, a
/// chunk given, and a summary a game.
pub(crate) const LOOKAHEAD: u64 = 3 * MAX_GAME_BYTES as u64 + (256 << 10);

/// How much of a file its format is guessed from: what reversi-notation's
/// `Reader::detected` gives `Format::detect`.
const HEAD_BYTES: usize = Format::DETECT_BYTES;

/// The longest name or result a summary keeps, in characters.
const LABEL_CHARS: usize = 80;

/// The options the page reads with.
pub(crate) fn options() -> ReadOptions {
    ReadOptions::new().max_game_bytes(MAX_GAME_BYTES)
}

/// What a game's summary keeps: the names and result to list it, and its
/// place to read it again (or why it does not read).
#[derive(Clone, Debug)]
pub(crate) struct Summary {
    pub(crate) black: Option<String>,
    pub(crate) white: Option<String>,
    pub(crate) result: Option<String>,
    pub(crate) game: Result<Place, String>,
}

impl Summary {
    /// The summary of `record`, its place to be set.
    fn of(record: &NotationRecord) -> Summary {
        let short = |s: Option<&String>| s.map(|s| s.chars().take(LABEL_CHARS).collect());
        Summary {
            black: short(record.black.as_ref()),
            white: short(record.white.as_ref()),
            result: short(record.result.as_ref().map(ToString::to_string).as_ref()),
            game: Err(String::new()),
        }
    }

    fn error(error: String) -> Summary {
        Summary { black: None, white: None, result: None, game: Err(error) }
    }
}

/// What a file's games are read with: its name, format and WTHOR names.
#[derive(Debug)]
pub(crate) struct Source {
    pub(crate) file: Option<String>,
    /// `None` (`auto`): from the name and the first bytes.
    pub(crate) format: Option<Format>,
    pub(crate) names: (Vec<String>, Vec<String>),
}

impl Source {
    pub(crate) fn new(
        file: Option<String>,
        format: Option<&str>,
        players: Option<&[u8]>,
        tournaments: Option<&[u8]>,
    ) -> Result<Source, String> {
        let format = match format {
            Some(name) if name != "auto" => Some(name.parse::<Format>().map_err(|e| e.to_string())?),
            _ => None,
        };
        let load = |bytes: Option<&[u8]>, kind: Names, what: &str| {
            bytes.map_or(Ok(Vec::new()), |b| read_names(b, kind).map_err(|e| format!("the {what} name file: {e}")))
        };
        let names =
            (load(players, Names::Players, "players'")?, load(tournaments, Names::Tournaments, "tournaments'")?);
        Ok(Source { file, format, names })
    }

    /// A reader of `input` in `format`, named, with the names.
    pub(crate) fn reader<R: BufRead>(&self, format: Format, input: R) -> Reader<R> {
        let mut reader = Reader::new(format, input, options());
        if format == Format::Wthor {
            reader = reader.wthor_names(self.names.0.clone(), self.names.1.clone());
        }
        match &self.file {
            Some(file) => reader.named(file.as_str()),
            None => reader,
        }
    }
}

/// The chunks given and not yet read.
#[derive(Debug, Default)]
struct Chunks {
    queue: VecDeque<Vec<u8>>,
    /// Whether the file's last bytes are given.
    all: bool,
}

/// The reader's input: the chunks as they are given.
#[derive(Debug)]
struct Feed {
    chunks: Rc<RefCell<Chunks>>,
    current: Vec<u8>,
    at: usize,
    read: Rc<Cell<u64>>,
}

impl Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Feed {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at == self.current.len() {
            let mut chunks = self.chunks.borrow_mut();
            match chunks.queue.pop_front() {
                Some(next) => (self.current, self.at) = (next, 0),
                None if chunks.all => return Ok(&[]),
                // The stream reads only with LOOKAHEAD bytes given: a game
                // needs more only when no game starts within them.
                None => {
                    let message = format!(
                        "no game within {LOOKAHEAD} bytes (the page reads games of at most {MAX_GAME_BYTES} bytes)"
                    );
                    return Err(std::io::Error::other(message));
                }
            }
        }
        Ok(&self.current[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
        self.read.set(self.read.get() + amount as u64);
    }
}

/// A file's games read from its bytes as they are given (`push`), a batch at
/// a time (`read`), so that a page draws its progress in between and holds
/// a bounded part of the file; `finish` gives their summaries ([`Records`]).
#[wasm_bindgen]
#[derive(Debug)]
pub struct RecordStream {
    source: Source,
    size: u64,
    given: u64,
    chunks: Rc<RefCell<Chunks>>,
    read: Rc<Cell<u64>>,
    /// The first bytes, until the format is known.
    head: Vec<u8>,
    reader: Option<Reader<Feed>>,
    games: Vec<Summary>,
    done: bool,
}

impl RecordStream {
    pub(crate) fn open(source: Source, size: u64) -> RecordStream {
        let chunks = Rc::new(RefCell::new(Chunks { queue: VecDeque::new(), all: size == 0 }));
        let read = Rc::new(Cell::new(0));
        RecordStream {
            source,
            size,
            given: 0,
            chunks,
            read,
            head: Vec::new(),
            reader: None,
            games: Vec::new(),
            done: false,
        }
    }

    /// Gives the file's next bytes.
    pub(crate) fn give(&mut self, bytes: Vec<u8>) {
        self.given += bytes.len() as u64;
        let mut chunks = self.chunks.borrow_mut();
        chunks.all = self.given >= self.size;
        match self.reader {
            Some(_) => chunks.queue.push_back(bytes),
            None => self.head.extend_from_slice(&bytes),
        }
    }

    fn all(&self) -> bool {
        self.chunks.borrow().all
    }

    /// Makes the reader once the first bytes are given.
    fn start(&mut self) -> Result<(), String> {
        // As notation's `RecordError` shows an error of no game: `FILE: ...`.
        let failed = |kind: ReadError| match &self.source.file {
            Some(file) => format!("{file}: {kind}"),
            None => kind.to_string(),
        };
        let format = match self.source.format {
            Some(format) => format,
            None => Format::detect(self.source.file.as_deref(), &self.head).map_err(failed)?,
        };
        self.source.format = Some(format);
        self.chunks.borrow_mut().queue.push_back(std::mem::take(&mut self.head));
        let feed = Feed { chunks: Rc::clone(&self.chunks), current: Vec::new(), at: 0, read: Rc::clone(&self.read) };
        self.reader = Some(self.source.reader(format, feed));
        Ok(())
    }

    /// Reads up to `count` more games, as long as enough bytes are given.
    pub(crate) fn read_records(&mut self, count: usize) -> Result<bool, String> {
        if self.reader.is_none() {
            if self.head.len() < HEAD_BYTES && !self.all() {
                return Ok(false);
            }
            self.start()?;
        }
        let Some(reader) = &mut self.reader else { return Ok(self.done) };
        for _ in 0..count {
            if !self.chunks.borrow().all && self.given - self.read.get() < LOOKAHEAD {
                break;
            }
            let mut summary = match reader.next_record() {
                None => {
                    self.done = true;
                    break;
                }
                Some(Ok(record)) => Summary::of(record),
                Some(Err(e)) => Summary::error(e.to_string()),
            };
            if let Some(place) = reader.place() {
                summary.game = Ok(place.clone());
            }
            self.games.push(summary);
        }
        Ok(self.done)
    }

    /// The games read, the bytes given kept when they are the whole file.
    pub(crate) fn into_games(self, bytes: Option<Vec<u8>>) -> Records {
        let format = self.source.format.unwrap_or(Format::Transcript);
        Records::new(format, self.source, self.games, bytes)
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
    /// An unknown format name, or a name file that does not read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        size: f64,
        file_name: Option<String>,
        format: Option<String>,
        players: Option<Vec<u8>>,
        tournaments: Option<Vec<u8>>,
    ) -> Result<RecordStream, JsError> {
        let source = Source::new(file_name, format.as_deref(), players.as_deref(), tournaments.as_deref());
        Ok(RecordStream::open(source.map_err(js_error)?, size as u64))
    }

    /// Gives the file's next bytes (in order, from the first).
    pub fn push(&mut self, bytes: Vec<u8>) {
        self.give(bytes);
    }

    /// How many more bytes the stream wants given before `read` goes on
    /// (0 once it holds enough, or the file's last bytes).
    #[must_use]
    pub fn wants(&self) -> f64 {
        if self.all() {
            return 0.0;
        }
        let held = self.given - self.read.get();
        let wanted = if self.reader.is_some() { LOOKAHEAD } else { HEAD_BYTES as u64 };
        wanted.saturating_sub(held) as f64
    }

    /// Reads up to `count` more games, while enough bytes are given
    /// (`wants()` is 0); whether the file is done.
    ///
    /// # Errors
    /// A file of no known format (`FILE: unknown format: expected ..., found ...`).
    pub fn read(&mut self, count: usize) -> Result<bool, JsError> {
        self.read_records(count).map_err(js_error)
    }

    /// The games read so far, those that do not read included.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn length(&self) -> usize {
        self.games.len()
    }

    /// The share of the file read so far, from 0 to 1.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.done || self.size == 0 { 1.0 } else { self.read.get() as f64 / self.size as f64 }
    }

    /// The games read: their summaries, each read again from its bytes
    /// with `Records.read`.
    #[must_use]
    pub fn finish(self) -> Records {
        self.into_games(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(text: &str, file: &str) -> RecordStream {
        RecordStream::open(Source::new(Some(file.into()), None, None, None).unwrap(), text.len() as u64)
    }

    #[test]
    fn a_stream_holds_a_bounded_part_of_the_file_and_keeps_a_summary_a_game() {
        // Ten times the read-ahead, given a chunk at a time.
        let text = "[Black \"Ann\"]\n\n1. f5 d6 2. c3 d3 33-31\n\n".repeat((10 * LOOKAHEAD as usize) / 40);
        let mut games = stream(&text, "many.pgn");
        let (mut given, mut most_held, mut batches) = (0, 0, 0);
        loop {
            while games.wants() > 0.0 {
                let next = (given + 256 * 1024).min(text.len());
                games.push(text.as_bytes()[given..next].to_vec());
                given = next;
            }
            most_held = most_held.max(games.given - games.read.get());
            batches += 1;
            if games.read_records(5000).unwrap() {
                break;
            }
            assert!(games.progress() < 1.0);
        }
        assert!(most_held <= LOOKAHEAD + 256 * 1024, "{most_held}");
        assert!(batches > 10, "{batches}");
        let games = games.into_games(None);
        assert_eq!(games.length(), text.len() / 40);
        let last = games.length() - 1;
        assert_eq!((games.black(last).as_deref(), games.result(last).as_deref()), (Some("Ann"), Some("33-31")));
        let place = games.place(last).unwrap();
        // From the end of the game before (its blank lines) to its result.
        let (start, end) = (text.len() - 42, text.len() - 2);
        assert_eq!(place, [0.0, 0.0, start as f64, end as f64]);
        let game = games.read_again(last, &[], &text.as_bytes()[start..end]).unwrap();
        assert_eq!(game.replay_steps().unwrap().length(), 4);
        let origin = game.record().unwrap().origin.clone().unwrap();
        assert_eq!((origin.game, origin.at.to_string()), (last, format!("{}:1", text.len() / 40 * 4 - 3)));
        assert!(games.read_again(last, &[], b"f5").unwrap_err().contains("2 bytes"));
    }

    #[test]
    fn a_file_of_no_known_format_is_one_error() {
        let mut games = stream("Meeting notes: bring the board.\n", "notes.txt");
        games.push(b"Meeting notes: bring the board.\n".to_vec());
        let error = games.read_records(10).unwrap_err();
        assert!(error.starts_with("notes.txt: unknown format: expected a record file (transcript .txt"), "{error}");
        assert!(error.ends_with("found a .txt file of text starting \"Meeting notes: bring the board.\""), "{error}");
    }

    #[test]
    fn a_stream_reads_only_with_its_bytes_given() {
        let mut games = stream("f5d6\n", "a.txt");
        assert_eq!(games.wants(), HEAD_BYTES as f64);
        assert!(!games.read_records(10).unwrap());
        games.push(b"f5".to_vec());
        assert!(!games.read_records(10).unwrap() && games.length() == 0);
        games.push(b"d6\n".to_vec());
        assert_eq!(games.wants(), 0.0);
        assert!(games.read_records(10).unwrap());
        assert_eq!(games.length(), 1);
    }
}
