//! A `.wtb` file read game by game from any [`Read`]: the header, then one
//! 68-byte game at a time, in the memory of one game whatever the file's size.
//! [`read_games`](super::read_games) is this reader over a slice. Records,
//! with their names, come from the crate's [`Reader`](crate::Reader).

use std::io::{ErrorKind, Read};
use std::iter::FusedIterator;

use super::{Entry, GAME_LEN, HEADER_LEN, Header, WthorError, decode_game, decode_header};

/// The games of a `.wtb` file, read one at a time from any [`Read`]: the
/// header when made ([`Reader::new`]), then each game as the iterator asks
/// for it, decoded and checked as [`read_games`](super::read_games) does
/// (which is this reader over a slice: the same games, the same errors). The
/// reader holds one game's bytes and does no buffering of its own: give it a
/// [`BufReader`](std::io::BufReader) over a file.
///
/// It reads exactly the games the header counts, then checks that the input
/// ends there: an input that ends before is [`WthorError::Truncated`] (at a
/// game's boundary) or [`WthorError::TruncatedGame`] (inside one), one that
/// goes on after is [`WthorError::TrailingBytes`]; either comes after the
/// games before it. A game whose score or a move byte does not read is an
/// error of that game ([`WthorError::is_game_error`]) and the reader goes on
/// with the next 68 bytes; after any other error, or the end, the iterator
/// gives nothing more (and reads nothing more).
///
/// ```
/// use reversi_notation::{Ply, Record, wthor};
/// let mut record = Record::new();
/// record.black = Some("Ann".into());
/// record.moves = ["f5", "d6", "c3"].map(|m| Ply::new(m.parse().unwrap())).into();
/// let files = wthor::write_records(&[record.clone(), record])?;
///
/// // Any `io::Read`: a file through a `BufReader`, standard input, a slice.
/// let reader = wthor::Reader::new(files.games.as_slice())?;
/// assert_eq!(reader.header().games, 2);
/// for game in reader {
///     assert_eq!(game?.moves().len(), 3);
/// }
///
/// // A file cut inside its second game: the first game, then the error.
/// let cut = &files.games[..wthor::HEADER_LEN + wthor::GAME_LEN + 10];
/// let games: Vec<_> = wthor::Reader::new(cut)?.collect();
/// assert!(games[0].is_ok());
/// assert_eq!(
///     games[1].as_ref().unwrap_err().to_string(),
///     "game 2, byte 84: the file ends 10 bytes into the game (a game has 68; the header claims 2)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    header: Header,
    /// The games read so far: the index of the next.
    read: u32,
    /// Whether the end, or an error, was reached.
    done: bool,
}

/// Fills `buf` from `input` as far as it goes, `offset` being the bytes read
/// before: the bytes read (fewer than `buf.len()` only at the end).
fn fill(input: &mut impl Read, buf: &mut [u8], offset: u64) -> Result<usize, WthorError> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                let offset = offset + filled as u64;
                return Err(WthorError::Io { offset, kind: e.kind(), message: e.to_string() });
            }
        }
    }
    Ok(filled)
}

impl<R: Read> Reader<R> {
    /// Reads the header from `input`, and nothing more.
    ///
    /// # Errors
    /// [`WthorError::TruncatedHeader`] for an input shorter than a header,
    /// [`WthorError::BoardSize`] for a board other than 8x8,
    /// [`WthorError::Io`] when `input` fails.
    pub fn new(mut input: R) -> Result<Reader<R>, WthorError> {
        let mut bytes = [0; HEADER_LEN];
        let found = fill(&mut input, &mut bytes, 0)?;
        if found < HEADER_LEN {
            return Err(WthorError::TruncatedHeader { found });
        }
        let header = decode_header(&bytes);
        if !matches!(header.board_size, 0 | 8) {
            return Err(WthorError::BoardSize(header.board_size));
        }
        Ok(Reader { input, header, read: 0, done: false })
    }

    /// The file's header.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The next game, or the check that the input ends after the last one.
    fn read_next(&mut self) -> Option<Result<Entry, WthorError>> {
        let claimed = u64::from(self.header.games);
        let game = self.read as usize;
        let offset = HEADER_LEN as u64 + GAME_LEN as u64 * u64::from(self.read);
        if self.read == self.header.games {
            self.done = true;
            return match fill(&mut self.input, &mut [0], offset) {
                Ok(0) => None,
                Ok(_) => Some(Err(WthorError::TrailingBytes { claimed, offset })),
                Err(e) => Some(Err(e)),
            };
        }
        let mut bytes = [0; GAME_LEN];
        let result = match fill(&mut self.input, &mut bytes, offset) {
            Ok(GAME_LEN) => decode_game(&bytes, game, offset),
            Ok(0) => Err(WthorError::Truncated { claimed, holds: u64::from(self.read), offset }),
            Ok(found) => Err(WthorError::TruncatedGame { game, offset, found, claimed }),
            Err(e) => Err(e),
        };
        match &result {
            // A game that does not read is one game's error: the next game
            // starts 68 bytes on.
            Ok(_) => self.read += 1,
            Err(e) if e.is_game_error() => self.read += 1,
            Err(_) => self.done = true,
        }
        Some(result)
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Entry, WthorError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done { None } else { self.read_next() }
    }
}

impl<R: Read> FusedIterator for Reader<R> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wthor::{read_games, write_games};

    /// A reader giving at most `chunk` bytes a call, and an `Interrupted`
    /// error before every other call.
    struct Trickle<'a> {
        bytes: &'a [u8],
        chunk: usize,
        interrupt: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(self.chunk).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// A database of `n` games, game `i` with `i` as its tournament.
    fn database(n: u16) -> Vec<u8> {
        let mut moves = [0; 60];
        moves[0] = 56; // f5
        let games =
            (0..n).map(|i| Entry { tournament: i, black: 0, white: 1, real_score: 0, theoretical_score: 0, moves });
        let header = Header { board_size: 8, year: 2001, ..Header::default() };
        write_games(&crate::wthor::Database { header, games: games.collect() }).unwrap()
    }

    #[test]
    fn games_stream_in_any_chunks() {
        let bytes = database(5);
        let whole = read_games(&bytes).unwrap();
        for chunk in [1, 3, 67, 68, 69, 1000] {
            let reader = Reader::new(Trickle { bytes: &bytes, chunk, interrupt: false }).unwrap();
            assert_eq!(*reader.header(), whole.header);
            assert_eq!(reader.collect::<Result<Vec<_>, _>>().unwrap(), whole.games, "{chunk}");
        }
    }

    #[test]
    fn the_count_is_checked_at_both_ends() {
        let bytes = database(3);
        let errors = |bytes: &[u8]| -> (usize, WthorError) {
            let games: Vec<_> = Reader::new(bytes).unwrap().collect();
            let (last, before) = games.split_last().unwrap();
            assert!(before.iter().all(Result::is_ok));
            (before.len(), last.clone().unwrap_err())
        };
        // Cut at a boundary, inside a game, or with a byte more.
        let at_boundary = WthorError::Truncated { claimed: 3, holds: 2, offset: 152 };
        assert_eq!(errors(&bytes[..152]), (2, at_boundary.clone()));
        assert_eq!(read_games(&bytes[..152]), Err(at_boundary));
        let inside = WthorError::TruncatedGame { game: 1, offset: 84, found: 30, claimed: 3 };
        assert_eq!(errors(&bytes[..114]), (1, inside.clone()));
        assert_eq!(read_games(&bytes[..114]), Err(inside));
        let mut longer = bytes.clone();
        longer.push(0);
        let trailing = WthorError::TrailingBytes { claimed: 3, offset: 220 };
        assert_eq!(errors(&longer), (3, trailing.clone()));
        assert_eq!(read_games(&longer), Err(trailing.clone()));
        assert_eq!(trailing.to_string(), "byte 220: the file goes on after the 3 games its header claims");
        // Nothing more after an error.
        let mut reader = Reader::new(&longer[..]).unwrap();
        assert_eq!(reader.by_ref().count(), 4);
        assert!(reader.next().is_none());
    }

    #[test]
    fn a_failing_input_is_an_error_at_its_offset() {
        let bytes = database(2);
        let failing = bytes[..100].chain(FailingRead);
        let games: Vec<_> = Reader::new(failing).unwrap().collect();
        assert_eq!(games.len(), 2);
        let Err(WthorError::Io { offset, kind, .. }) = &games[1] else { panic!("{games:?}") };
        assert_eq!((*offset, *kind), (100, ErrorKind::BrokenPipe));
    }

    struct FailingRead;

    impl Read for FailingRead {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(ErrorKind::BrokenPipe.into())
        }
    }
}
