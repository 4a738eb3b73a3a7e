//! [`PushReader`]: the push form of [`Reader`]. The caller hands the input's
//! bytes in as they arrive ([`PushReader::push`], then
//! [`PushReader::finish`]) and takes games out ([`PushReader::next_record`])
//! whenever the reader holds enough of them: a browser given a file's slices,
//! a network server given a socket's reads, an async task, none of which can
//! block in a [`BufRead`].

use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind, Read};
use std::sync::Arc;

use super::input::CHUNK;
use super::{Reader, SNIFF_BYTES};
use crate::{Format, Place, ReadOptions, Record, RecordError};

/// What [`PushReader::next_record`] gives.
#[derive(Debug)]
#[non_exhaustive]
pub enum Pulled<'a> {
    /// The next game, lent until the next call.
    Game(&'a Record),
    /// A game that does not read (the next call goes on with the next
    /// game), or an error that ends the input: [`Reader`]'s errors, and an
    /// input of no known format ([`ReadError::UnknownFormat`](crate::ReadError::UnknownFormat)) when the
    /// format is detected.
    Error(RecordError),
    /// The reader needs more bytes ([`PushReader::wants`]) or
    /// [`PushReader::finish`] before it gives the next game.
    Pending,
    /// The input is read: no more games.
    Done,
}

/// The bytes pushed and not yet read: [`Reader`]'s input.
#[derive(Debug, Default)]
struct Feed {
    queue: VecDeque<Vec<u8>>,
    /// How much of the queue's first chunk is read.
    at: usize,
    /// Whether the input's last bytes are pushed.
    finished: bool,
    /// The bytes read so far.
    consumed: u64,
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
        while self.queue.front().is_some_and(|front| self.at == front.len()) {
            self.queue.pop_front();
            self.at = 0;
        }
        match self.queue.front() {
            Some(front) => Ok(&front[self.at..]),
            None if self.finished => Ok(&[]),
            // The push reader reads only with its window held: a game
            // needs more only when no game starts within it.
            None => Err(std::io::Error::new(ErrorKind::WouldBlock, "the bytes pushed ran out within a game's window")),
        }
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
        self.consumed += amount as u64;
    }
}

/// How the reader is made once the format is known.
#[derive(Debug)]
struct Setup {
    /// `None`: detected from the name and the first bytes.
    format: Option<Format>,
    file: Option<Arc<str>>,
    options: ReadOptions,
    names: Option<(Vec<String>, Vec<String>)>,
}

/// The games of an input whose bytes are pushed in as they arrive, read by
/// the one [`Reader`] (same games, same errors, same places), in bounded
/// memory.
///
/// The reader reads a game only when it holds the game's window
/// ([`PushReader::window`]: three times [`ReadOptions::max_game_bytes`] and
/// what the reader reads ahead; the longest game, and the search for the
/// next one after a game that does not read, fit in it) or the input's last
/// bytes: it never waits within a game. [`PushReader::wants`] says how many
/// more bytes it needs to go on; a caller that pushes what it wants (in
/// chunks of any size) holds at most the window and one chunk, whatever the
/// input's size. With the format detected ([`PushReader::detect`]) it first
/// holds the first [`Format::DETECT_BYTES`] (or the whole input, when
/// shorter), and an input of no known format is one error.
///
/// ```
/// use reversi_notation::{Format, PushReader, Pulled, ReadOptions};
/// let mut games = PushReader::detect(Some("club.pgn"), ReadOptions::new());
/// let mut names = Vec::new();
/// for chunk in [&b"[Black \"Ann\"]\n\n1. f5 d6 *\n\n[Bla"[..], b"ck \"Bob\"]\n\n1. f5 f6 *\n"] {
///     games.push(chunk);
///     while let Pulled::Game(game) = games.next_record() {
///         names.push(game.black.clone());
///     }
/// }
/// assert!(names.is_empty()); // not enough bytes yet to be sure of a game
/// games.finish();
/// loop {
///     match games.next_record() {
///         Pulled::Game(game) => names.push(game.black.clone()),
///         Pulled::Error(e) => panic!("{e}"),
///         Pulled::Pending => unreachable!("finished"),
///         Pulled::Done | _ => break,
///     }
/// }
/// assert_eq!(names, [Some("Ann".to_owned()), Some("Bob".to_owned())]);
/// assert_eq!(games.format(), Some(Format::Pgn));
/// ```
#[derive(Debug)]
pub struct PushReader {
    setup: Setup,
    /// The first bytes, until the format is known.
    head: Vec<u8>,
    reader: Option<Reader<Feed>>,
    /// The bytes pushed.
    given: u64,
    window: u64,
    finished: bool,
    done: bool,
}

impl PushReader {
    /// A reader of games in `format`, with `options`.
    #[must_use]
    pub fn new(format: Format, options: ReadOptions) -> PushReader {
        PushReader::with_setup(Setup { format: Some(format), file: None, options, names: None })
    }

    /// A reader of the games of the file named `file` (for its extension;
    /// also the name in errors and origins), in the format
    /// [`Format::detect`] finds from the name and the first
    /// [`Format::DETECT_BYTES`] pushed.
    #[must_use]
    pub fn detect(file: Option<&str>, options: ReadOptions) -> PushReader {
        PushReader::with_setup(Setup { format: None, file: file.map(Arc::from), options, names: None })
    }

    fn with_setup(setup: Setup) -> PushReader {
        let max = setup.options.get_max_game_bytes() as u64;
        let window = max.saturating_mul(3).saturating_add(4 * CHUNK as u64);
        PushReader { setup, head: Vec::new(), reader: None, given: 0, window, finished: false, done: false }
    }

    /// The same reader, naming its input `file` in errors and origins
    /// ([`Reader::named`]).
    #[must_use]
    pub fn named(mut self, file: impl Into<Arc<str>>) -> PushReader {
        self.setup.file = Some(file.into());
        self
    }

    /// The same reader, looking WTHOR's player and tournament numbers up in
    /// these names ([`Reader::wthor_names`]).
    #[must_use]
    pub fn wthor_names(mut self, players: Vec<String>, tournaments: Vec<String>) -> PushReader {
        self.setup.names = Some((players, tournaments));
        self
    }

    /// How many bytes given and not read the reader holds before it reads a
    /// game (unless the input is finished): three times
    /// [`ReadOptions::max_game_bytes`] and 256 KiB.
    #[must_use]
    pub const fn window(&self) -> u64 {
        self.window
    }

    /// Hands in the input's next bytes.
    pub fn push(&mut self, bytes: &[u8]) {
        self.given += bytes.len() as u64;
        match &mut self.reader {
            Some(reader) => reader.input.source_mut().queue.push_back(bytes.to_vec()),
            None => self.head.extend_from_slice(bytes),
        }
    }

    /// Says that every byte is pushed: the games left are read whatever
    /// their length.
    pub fn finish(&mut self) {
        self.finished = true;
        if let Some(reader) = &mut self.reader {
            reader.input.source_mut().finished = true;
        }
    }

    /// Whether [`PushReader::finish`] was called.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        self.finished
    }

    /// The bytes read so far (those pushed and not read are held).
    #[must_use]
    pub fn consumed(&self) -> u64 {
        self.reader.as_ref().map_or(0, |r| r.input.source().consumed)
    }

    /// The bytes pushed so far.
    #[must_use]
    pub const fn given(&self) -> u64 {
        self.given
    }

    /// How many more bytes the reader wants before it reads on: 0 once it
    /// holds its window (the first [`Format::DETECT_BYTES`] while the
    /// format is detected), or when the input is finished or done.
    #[must_use]
    pub fn wants(&self) -> u64 {
        if self.finished || self.done {
            return 0;
        }
        let wanted = if self.reader.is_some() { self.window } else { SNIFF_BYTES as u64 };
        wanted.saturating_sub(self.given - self.consumed())
    }

    /// The format read: given, or detected once enough bytes are pushed.
    #[must_use]
    pub fn format(&self) -> Option<Format> {
        self.setup.format
    }

    /// Where the last game given lies in the input ([`Reader::place`]).
    #[must_use]
    pub fn place(&self) -> Option<&Place> {
        self.reader.as_ref().and_then(Reader::place)
    }

    /// The next game, as [`Reader::next_record`] gives it, when the reader
    /// holds enough bytes to read it: [`Pulled::Pending`] until then.
    pub fn next_record(&mut self) -> Pulled<'_> {
        if self.done {
            return Pulled::Done;
        }
        if self.reader.is_none()
            && let Err(e) = self.start()
        {
            self.done = true;
            return Pulled::Error(e);
        }
        let holds = self.given - self.consumed() >= self.window;
        let Some(reader) = &mut self.reader else { return Pulled::Pending };
        if !self.finished && !holds {
            return Pulled::Pending;
        }
        match reader.next_record() {
            Some(Ok(game)) => Pulled::Game(game),
            Some(Err(e)) => Pulled::Error(e),
            None => {
                self.done = true;
                Pulled::Done
            }
        }
    }

    /// Makes the reader once the format is known (detected from the first
    /// bytes): nothing when more bytes are needed to detect it.
    fn start(&mut self) -> Result<(), RecordError> {
        let format = match self.setup.format {
            Some(format) => format,
            None if self.head.len() < SNIFF_BYTES && !self.finished => return Ok(()),
            None => {
                let file = self.setup.file.clone();
                let failed = |kind| RecordError { file: file.clone(), game: None, kind };
                Format::detect(self.setup.file.as_deref(), &self.head).map_err(failed)?
            }
        };
        self.setup.format = Some(format);
        let feed = Feed {
            queue: VecDeque::from([std::mem::take(&mut self.head)]),
            finished: self.finished,
            ..Feed::default()
        };
        let mut reader = Reader::new(format, feed, self.setup.options);
        if let Some((players, tournaments)) = self.setup.names.take() {
            reader = reader.wthor_names(players, tournaments);
        }
        if let Some(file) = self.setup.file.clone() {
            reader = reader.named(file);
        }
        self.reader = Some(reader);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReadError;

    /// What a reader's items show: each game's fields and origin, or the
    /// error's located message.
    fn shown(item: Result<&Record, &RecordError>) -> String {
        match item {
            Ok(game) => format!("{:?} {:?} {:?} {:?}", game.black, game.moves, game.result, game.origin),
            Err(e) => e.to_string(),
        }
    }

    /// Everything a push reader gives, each chunk pushed and read as far as
    /// it goes; also the most bytes held and how many games came before
    /// the input was finished.
    fn pushed(mut games: PushReader, chunks: impl IntoIterator<Item = Vec<u8>>) -> (Vec<String>, u64, usize) {
        let (mut out, mut most, mut early) = (Vec::new(), 0, 0);
        let drain = |games: &mut PushReader, out: &mut Vec<String>| {
            loop {
                match games.next_record() {
                    Pulled::Game(game) => out.push(shown(Ok(game))),
                    Pulled::Error(e) => out.push(shown(Err(&e))),
                    Pulled::Pending | Pulled::Done => break,
                }
            }
        };
        for chunk in chunks {
            games.push(&chunk);
            most = most.max(games.given() - games.consumed());
            drain(&mut games, &mut out);
            early = out.len();
        }
        games.finish();
        drain(&mut games, &mut out);
        assert!(matches!(games.next_record(), Pulled::Done));
        (out, most, early)
    }

    fn whole(format: Format, text: &str, options: ReadOptions) -> Vec<String> {
        let mut reader = Reader::new(format, text.as_bytes(), options).named("games");
        let mut out = Vec::new();
        while let Some(item) = reader.next_record() {
            out.push(shown(item.as_ref().copied()));
        }
        out
    }

    #[test]
    fn chunks_cut_at_every_byte_give_the_games_the_reader_gives() {
        let options = ReadOptions::new().max_game_bytes(200);
        // Good games, one that does not read, one over the limit, non-ASCII
        // names, CRLF line ends: long enough to be read before the end.
        let mut text = String::new();
        for i in 0..15_000 {
            text += &match i % 7 {
                3 => format!("[Black \"é{i}\"]\r\n\r\n1. f5 d6?? *\r\n\r\n"),
                5 => format!("[Black \"{i}\"]\n\n{}*\n\n", "1. f5 d6 ".repeat(30)),
                _ => format!("[Black \"é{i}\"]\n\n1. f5 d6 2. c3 d3 33-31\n\n"),
            };
        }
        let expected = whole(Format::Pgn, &text, options);
        assert_eq!(expected.len(), 15_000);
        assert!(expected[5].contains("a game of at most 200 bytes"), "{}", expected[5]);
        let bytes = text.as_bytes();
        let (got, most, early) =
            pushed(PushReader::new(Format::Pgn, options).named("games"), bytes.iter().map(|&b| vec![b]));
        assert_eq!(got, expected);
        assert!(early > 5000, "{early} games read before the end");
        assert!(most <= PushReader::new(Format::Pgn, options).window(), "{most}");
    }

    #[test]
    fn the_format_is_detected_whatever_the_first_chunk() {
        let text = "f5d6c3\nf5d6?\nf5f6\n";
        let expected = whole(Format::Transcript, text, ReadOptions::new());
        for cut in 0..=text.len() {
            let chunks = [text.as_bytes()[..cut].to_vec(), text.as_bytes()[cut..].to_vec()];
            let (got, _, _) = pushed(PushReader::detect(Some("games"), ReadOptions::new()), chunks);
            assert_eq!(got, expected, "cut at {cut}");
        }
    }

    #[test]
    fn memory_is_the_window_and_a_chunk_whatever_the_input() {
        let options = ReadOptions::new().max_game_bytes(1000);
        let game = "[Black \"Ann\"]\n\n1. f5 d6 2. c3 d3 33-31\n\n";
        let mut games = PushReader::new(Format::Pgn, options);
        let window = games.window();
        let text = game.repeat(20 * window as usize / game.len());
        let (mut given, mut most, mut read) = (0, 0, 0);
        while read < text.len() / game.len() {
            while games.wants() > 0 && given < text.len() {
                let end = (given + 4096).min(text.len());
                games.push(&text.as_bytes()[given..end]);
                given = end;
            }
            if given == text.len() {
                games.finish();
            }
            most = most.max(games.given() - games.consumed());
            while let Pulled::Game(_) = games.next_record() {
                read += 1;
            }
        }
        assert!(most <= window + 4096, "{most} held, window {window}");
        assert!(matches!(games.next_record(), Pulled::Done));
    }

    #[test]
    fn an_unknown_format_is_one_error() {
        let mut games = PushReader::detect(Some("notes.txt"), ReadOptions::new());
        games.push(b"Meeting notes: bring the board.\n");
        assert!(matches!(games.next_record(), Pulled::Pending));
        games.finish();
        let Pulled::Error(e) = games.next_record() else { panic!("no error") };
        assert!(matches!(e.kind, ReadError::UnknownFormat { .. }), "{e}");
        assert!(e.to_string().starts_with("notes.txt: unknown format: expected a record file"), "{e}");
        assert!(matches!(games.next_record(), Pulled::Done));
        assert_eq!(games.format(), None);
    }
}
