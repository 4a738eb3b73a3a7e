//! The binary `book.dat`: [`BookReader`], its positions one at a time in
//! bounded memory, and [`Book::write`].

use std::io::{Read, Write};

use super::{BOOK, Book, BookDate, BookError, BookHeader, BookLink, BookPosition, EDAX, VERSION, check};

/// The header's length in bytes.
pub(super) const HEADER_LEN: usize = 42;
/// A position's length before its links.
const FIXED_LEN: usize = 40;

/// The positions of a `book.dat`, read one at a time: memory is one position
/// (at most 554 bytes), whatever the file or its declared count. Each
/// position is checked as [`Book::push`] checks it; the first error ends
/// the reading (a binary book has no next position to find after a bad one).
#[derive(Debug)]
pub struct BookReader<R> {
    reader: R,
    header: BookHeader,
    declared: u32,
    offset: u64,
    next_offset: u64,
    index: usize,
    done: bool,
}

impl<R: Read> BookReader<R> {
    /// Reads and checks the header.
    ///
    /// # Errors
    /// [`BookError`]: not a book, another version, a cut header, an I/O error.
    pub fn new(mut reader: R) -> Result<BookReader<R>, BookError> {
        let mut h = [0u8; HEADER_LEN];
        let got = read_full(&mut reader, &mut h)?;
        let word = |at: usize| u32::from_le_bytes([h[at], h[at + 1], h[at + 2], h[at + 3]]);
        let int = |at: usize| word(at) as i32;
        if got < 8 || word(0) != EDAX || word(4) != BOOK {
            return Err(BookError::NotABook { found: h[..got.min(8)].to_vec() });
        }
        if got < 10 || h[8] != VERSION {
            return match got {
                ..9 => Err(BookError::Truncated { offset: got as u64, what: "the header" }),
                _ => Err(BookError::Version { version: h[8] }),
            };
        }
        if got < HEADER_LEN {
            return Err(BookError::Truncated { offset: got as u64, what: "the header" });
        }
        let date = BookDate {
            year: i16::from_le_bytes([h[10], h[11]]),
            month: h[12],
            day: h[13],
            hour: h[14],
            minute: h[15],
            second: h[16],
        };
        let header = BookHeader {
            version: h[8],
            release: h[9],
            date,
            level: int(18),
            empties: int(22),
            midgame_error: int(26),
            endcut_error: int(30),
            verbosity: int(34),
        };
        Ok(BookReader {
            reader,
            header,
            declared: word(38),
            offset: HEADER_LEN as u64,
            next_offset: HEADER_LEN as u64,
            index: 0,
            done: false,
        })
    }

    /// The header.
    #[must_use]
    pub const fn header(&self) -> &BookHeader {
        &self.header
    }

    /// The number of positions the header declares (not trusted: the
    /// positions are read to the end of the file).
    #[must_use]
    pub const fn declared(&self) -> u32 {
        self.declared
    }

    /// The byte offset of the last position given (or of the next one to read).
    #[must_use]
    pub const fn offset(&self) -> u64 {
        self.offset
    }

    fn position(&mut self) -> Result<Option<BookPosition>, BookError> {
        let mut fixed = [0u8; FIXED_LEN];
        let got = read_full(&mut self.reader, &mut fixed)?;
        if got == 0 {
            return Ok(None);
        }
        let truncated = BookError::Truncated { offset: self.offset, what: "a position" };
        if got < FIXED_LEN {
            return Err(truncated);
        }
        let u64_at = |at: usize| u64::from_le_bytes(fixed[at..at + 8].try_into().unwrap_or_default());
        let u32_at = |at: usize| u32::from_le_bytes(fixed[at..at + 4].try_into().unwrap_or_default());
        let i16_at = |at: usize| i16::from_le_bytes([fixed[at], fixed[at + 1]]);
        let n_links = usize::from(fixed[38]);
        let mut links = [0u8; 2 * 256];
        let links = &mut links[..2 * n_links + 2];
        if read_full(&mut self.reader, links)? < links.len() {
            return Err(truncated);
        }
        let link = |i: usize| BookLink { score: links[2 * i] as i8, code: links[2 * i + 1] };
        let position = BookPosition {
            player: u64_at(0),
            opponent: u64_at(8),
            wins: u32_at(16),
            draws: u32_at(20),
            losses: u32_at(24),
            lines: u32_at(28),
            value: i16_at(32),
            lower: i16_at(34),
            upper: i16_at(36),
            level: fixed[39],
            links: (0..n_links).map(link).collect(),
            leaf: link(n_links),
        };
        check(&position).map_err(|what| BookError::Position { offset: self.offset, index: self.index + 1, what })?;
        Ok(Some(position))
    }
}

impl<R: Read> Iterator for BookReader<R> {
    type Item = Result<BookPosition, BookError>;

    fn next(&mut self) -> Option<Result<BookPosition, BookError>> {
        if self.done {
            return None;
        }
        if self.index > 0 {
            // The offset of the position given last stays readable until
            // the next one is asked for.
            self.offset = self.next_offset;
        }
        match self.position() {
            Ok(Some(p)) => {
                self.index += 1;
                self.next_offset = self.offset + (FIXED_LEN + 2 * p.links.len() + 2) as u64;
                Some(Ok(p))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// Reads until `buf` is full or the input ends; how many bytes were read.
fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> Result<usize, BookError> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(BookError::Io { kind: e.kind(), message: e.to_string() }),
        }
    }
    Ok(got)
}

impl Book {
    /// Writes the book as Edax's `book.dat` (the header's count the number
    /// of positions), positions in their order.
    ///
    /// # Errors
    /// An I/O error of `out`.
    pub fn write(&self, mut out: impl Write) -> std::io::Result<()> {
        out.write_all(&self.header_bytes())?;
        let mut buf = Vec::with_capacity(FIXED_LEN + 2 * 256);
        for p in &self.positions {
            buf.clear();
            position_bytes(p, &mut buf);
            out.write_all(&buf)?;
        }
        Ok(())
    }

    /// The book as the bytes of a `book.dat`.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        // Writing to memory cannot fail.
        let _ = self.write(&mut bytes);
        bytes
    }

    fn header_bytes(&self) -> [u8; HEADER_LEN] {
        let h = &self.header;
        let mut bytes = [0u8; HEADER_LEN];
        bytes[..4].copy_from_slice(&EDAX.to_le_bytes());
        bytes[4..8].copy_from_slice(&BOOK.to_le_bytes());
        bytes[8] = h.version;
        bytes[9] = h.release;
        bytes[10..12].copy_from_slice(&h.date.year.to_le_bytes());
        bytes[12..17].copy_from_slice(&[h.date.month, h.date.day, h.date.hour, h.date.minute, h.date.second]);
        // Byte 17 pads the date to 8 bytes.
        for (i, v) in [h.level, h.empties, h.midgame_error, h.endcut_error, h.verbosity].into_iter().enumerate() {
            bytes[18 + 4 * i..22 + 4 * i].copy_from_slice(&v.to_le_bytes());
        }
        let count = u32::try_from(self.positions.len()).unwrap_or(u32::MAX);
        bytes[38..42].copy_from_slice(&count.to_le_bytes());
        bytes
    }
}

/// Appends a position's bytes (at most 255 links written: more do not fit
/// Edax's count; [`Book::push`] refuses them).
fn position_bytes(p: &BookPosition, out: &mut Vec<u8>) {
    out.extend_from_slice(&p.player.to_le_bytes());
    out.extend_from_slice(&p.opponent.to_le_bytes());
    for v in [p.wins, p.draws, p.losses, p.lines] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in [p.value, p.lower, p.upper] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let links = &p.links[..p.links.len().min(255)];
    out.push(links.len() as u8);
    out.push(p.level);
    for l in links.iter().chain([&p.leaf]) {
        out.push(l.score as u8);
        out.push(l.code);
    }
}
