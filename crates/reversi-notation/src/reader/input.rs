//! A streaming reader's input: the text (or bytes) read and not yet
//! consumed, where it starts in the input, the bytes that are not UTF-8 in
//! it, and the error that stopped it (an I/O error, a NUL byte).

use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind};

use crate::format::codec::SNIFF_BYTES;
use crate::lines::BOM;
use crate::{Location, ReadError, SyntaxError};

/// What stands in the text for each byte that is not UTF-8: ASCII's
/// SUBSTITUTE, one byte for one, so that offsets stay the input's; no format
/// gives it a meaning (not space, no delimiter), and a game that holds one is
/// reported as not UTF-8 whatever its parser makes of it.
const SUBSTITUTE: char = '\u{1a}';

/// Bytes that are not UTF-8, where they start: the input's offset, line and
/// column.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BadText {
    pub(crate) offset: u64,
    /// The byte after the run.
    end: u64,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl BadText {
    /// The error of a game that holds these bytes.
    pub(crate) fn error(self) -> ReadError {
        ReadError::Utf8 { offset: self.offset as usize, line: self.line, column: self.column }
    }
}

/// How much a streaming reader asks of its source at once, at least.
pub(crate) const CHUNK: usize = 64 * 1024;

/// What a reader holds of its input.
pub(crate) struct Input<R> {
    reader: R,
    /// Text (validated UTF-8) or bytes.
    text: bool,
    /// How much is asked of the reader at once, at least ([`CHUNK`]; less in
    /// tests, to cut lines, tokens and characters).
    pub(crate) chunk: usize,
    /// The text read and not yet dropped (text formats).
    pub(crate) string: String,
    /// The bytes read and not yet dropped (binary formats).
    pub(crate) bytes: Vec<u8>,
    /// Where the next step starts in `string` or `bytes`.
    pub(crate) at: usize,
    /// The line and column (1-based) and the input's byte offset of the
    /// first byte held.
    line: usize,
    column: usize,
    base: u64,
    /// The first byte that is not space of the line the text held starts
    /// in, when that was dropped (the text starts within the line).
    pub(crate) line_head: Option<u8>,
    /// A point of the text held whose line and column are known: where the
    /// last location was asked (locations are asked in order).
    mark: (usize, usize, usize),
    /// Bytes read that do not make a whole character yet (a read ended
    /// within one).
    partial: Vec<u8>,
    /// The runs of bytes that are not UTF-8 in the text held from `at` on
    /// (each a [`SUBSTITUTE`] per byte in `string`), in order, and the first
    /// one of the text passed since the last game (blank lines and comments,
    /// whose bytes count towards the game after them). Bounded by the text
    /// held: runs are apart, and each game or error takes those before it.
    bad: VecDeque<BadText>,
    pending_bad: Option<BadText>,
    /// Where the last run of `bad` was located (a byte of `string`, its line
    /// and column): the runs are located in order as they are read, apart
    /// from `mark`.
    bad_mark: (usize, usize, usize),
    /// Whether anything was read: the first read takes the first
    /// [`SNIFF_BYTES`] whole, where a NUL makes the whole input binary.
    started: bool,
    /// Whether the start of the text was looked at for a byte-order mark.
    bom_checked: bool,
    pub(crate) eof: bool,
    /// Bytes read before the reader was made (to guess the format), read
    /// first, from `head_at` on.
    head: Vec<u8>,
    head_at: usize,
    /// Why the input stopped short (an I/O error, a NUL byte in text):
    /// reported once what was read before it is read.
    pub(crate) failed: Option<ReadError>,
}

impl<R: BufRead> Input<R> {
    pub(crate) fn new(reader: R, text: bool) -> Input<R> {
        Input {
            reader,
            text,
            chunk: CHUNK,
            string: String::new(),
            bytes: Vec::new(),
            at: 0,
            line: 1,
            column: 1,
            base: 0,
            line_head: None,
            mark: (0, 1, 1),
            partial: Vec::new(),
            bad: VecDeque::new(),
            pending_bad: None,
            bad_mark: (0, 1, 1),
            started: false,
            bom_checked: false,
            eof: false,
            head: Vec::new(),
            head_at: 0,
            failed: None,
        }
    }

    /// Reads as the part of a longer input that starts at its byte offset
    /// `base`, line `line`, column `column` (no byte-order mark there).
    pub(crate) fn resume(&mut self, base: u64, line: usize, column: usize) {
        (self.base, self.line, self.column) = (base, line, column);
        (self.mark, self.bad_mark) = ((0, line, column), (0, line, column));
        self.bom_checked = base > 0;
    }

    /// The source read from.
    pub(crate) const fn source(&self) -> &R {
        &self.reader
    }

    /// The source read from, to hand it more bytes (a push reader's feed).
    pub(crate) fn source_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// Bytes already read from the reader, to be read first.
    pub(crate) fn unread(&mut self, head: Vec<u8>) {
        (self.head, self.head_at) = (head, 0);
    }

    /// The bytes held.
    pub(crate) fn len(&self) -> usize {
        if self.text { self.string.len() } else { self.bytes.len() }
    }

    /// The input's byte offset of byte `at` held.
    pub(crate) fn offset(&self, at: usize) -> u64 {
        self.base + at as u64
    }

    /// Drops what is held before `at`, keeping where the rest starts.
    /// A `\r` just before `at` is kept: with the `\n` that may follow it, it
    /// is one line break, which counting it alone (the `\n` not held yet)
    /// then the `\n` in the text left would count twice.
    pub(crate) fn compact(&mut self) {
        let mut at = self.at;
        if self.text && at > 0 && self.string.as_bytes()[at - 1] == b'\r' {
            at -= 1;
        }
        if at == 0 {
            return;
        }
        if self.text {
            let (line, column) = self.line_column(at);
            (self.line, self.column) = (line, column);
            let gone = &self.string.as_bytes()[..at];
            let (line_start, before) = match crate::lines::line_start(self.string.as_bytes(), at) {
                Some(start) => (start, None),
                None => (0, self.line_head),
            };
            let head = gone[line_start..].iter().copied().find(|b| !b.is_ascii_whitespace());
            self.line_head = before.or(head);
            self.string.drain(..at);
            self.bad_mark = match self.bad_mark.0 >= at {
                true => (self.bad_mark.0 - at, self.bad_mark.1, self.bad_mark.2),
                false => (0, line, column),
            };
        } else {
            self.bytes.drain(..at);
        }
        self.base += at as u64;
        self.mark = (0, self.line, self.column);
        self.at -= at;
    }

    /// The line and column of byte `at` of the text held (a character
    /// boundary): counted from the last point asked when `at` is after it,
    /// else from the start, one pass over the bytes between (locations are
    /// asked in order: a game's start, then its moves).
    pub(crate) fn line_column(&mut self, at: usize) -> (usize, usize) {
        let bytes = self.string.as_bytes();
        let at = at.min(bytes.len());
        let (from, mut line, mut column) = if at >= self.mark.0 { self.mark } else { (0, self.line, self.column) };
        (line, column) = advance(bytes, from, at, line, column);
        self.mark = (at, line, column);
        (line, column)
    }

    /// The location of byte `at` held.
    pub(crate) fn location(&mut self, at: usize) -> Location {
        if self.text {
            let (line, column) = self.line_column(at);
            Location::Text { line, column }
        } else {
            Location::Byte(self.offset(at))
        }
    }

    /// A syntax error at a byte of the text held (its offset), located in
    /// the input: counted from the last point asked, as every location is.
    pub(crate) fn locate(&mut self, mut e: SyntaxError) -> SyntaxError {
        (e.line, e.column) = self.line_column(e.offset);
        e.offset += self.base as usize;
        e
    }

    /// The first bytes that are not UTF-8 before byte `end` held (those of
    /// the text passed since the last game first), all of them before `end`
    /// forgotten: what makes the game that ends there not UTF-8.
    pub(crate) fn take_bad(&mut self, end: usize) -> Option<BadText> {
        let end = self.offset(end);
        let mut first = self.pending_bad.take();
        while let Some(bad) = self.bad.front().copied().filter(|b| b.offset < end) {
            self.bad.pop_front();
            first = first.or(Some(bad));
        }
        first
    }

    /// Text up to byte `end` held passed over without a game (blank lines,
    /// comments): its bytes that are not UTF-8, if any, count towards the
    /// next game.
    pub(crate) fn pass(&mut self, end: usize) {
        self.pending_bad = self.take_bad(end);
    }

    /// The failure that stopped the input (taken), located: a NUL byte is
    /// where the text held ends.
    pub(crate) fn take_failure(&mut self) -> Option<ReadError> {
        let failed = self.failed.take()?;
        Some(match failed {
            ReadError::Binary { offset, line: 0, .. } => {
                let (line, column) = self.line_column(offset.saturating_sub(self.base as usize));
                ReadError::Binary { offset, line, column }
            }
            failed => failed,
        })
    }

    /// Reads until `target` bytes are held, or to the end of the input, or
    /// to an error (then kept in `failed`; what was read before it stays).
    /// Text stops at a NUL byte: binary data, kept in `failed`; a NUL in the
    /// first [`SNIFF_BYTES`] (which the first read takes whole) makes the
    /// whole input binary, nothing of it held.
    pub(crate) fn fill(&mut self, mut target: usize) {
        if self.text && !self.started {
            target = target.max(SNIFF_BYTES);
        }
        self.started = true;
        while self.len() < target && !self.eof && self.failed.is_none() {
            let want = (target - self.len()).clamp(1, self.chunk);
            let from_head = self.head_at < self.head.len();
            let chunk = match if from_head { Ok(&self.head[self.head_at..]) } else { self.reader.fill_buf() } {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.failed = Some(ReadError::io(&e));
                    break;
                }
            };
            let n = chunk.len().min(want);
            self.eof = n == 0;
            let nul = if self.text { memchr::memchr(0, &chunk[..n]) } else { None };
            let n = nul.unwrap_or(n);
            if !self.text {
                self.bytes.extend_from_slice(&chunk[..n]);
            } else if self.bom_checked
                && self.partial.is_empty()
                && let Ok(text) = std::str::from_utf8(&chunk[..n])
            {
                // The usual case: whole characters, checked and copied once.
                self.string.push_str(text);
            } else {
                self.partial.extend_from_slice(&chunk[..n]);
            }
            if from_head {
                self.head_at += n;
            } else {
                self.reader.consume(n);
            }
            if self.text && (!self.partial.is_empty() || self.eof || nul.is_some()) {
                self.take_text(self.eof || nul.is_some());
            }
            if nul.is_some() {
                self.binary();
            }
        }
    }

    /// A NUL byte where the text read ends: the input is binary from there
    /// (from its start, when the NUL is within the first [`SNIFF_BYTES`]).
    fn binary(&mut self) {
        let index = self.string.len();
        let offset = self.offset(index) as usize;
        let (mut line, mut column) = (0, 0);
        if offset < SNIFF_BYTES {
            // Nothing is read of it: located now, the text dropped.
            (line, column) = self.line_column(index);
            self.string.clear();
            self.bad.clear();
            (self.at, self.base, self.line, self.column) = (0, offset as u64, line, column);
            (self.mark, self.bad_mark) = ((0, line, column), (0, line, column));
        }
        self.failed = Some(ReadError::Binary { offset, line, column });
    }

    /// Moves the whole characters read into the text, each byte that is not
    /// UTF-8 as a [`SUBSTITUTE`] (noted in `bad`); with `end` (nothing more
    /// comes), a character cut short at the end too.
    fn take_text(&mut self, end: bool) {
        if !self.bom_checked {
            // A UTF-8 byte-order mark starts the text at most once: passed
            // over, its bytes still counted in the offsets.
            if self.partial.len() < BOM.len() && BOM.starts_with(&self.partial) && !end {
                return;
            }
            if self.partial.starts_with(BOM) {
                self.partial.drain(..BOM.len());
                self.base += BOM.len() as u64;
            }
            self.bom_checked = true;
        }
        let mut at = 0;
        while at < self.partial.len() {
            let (valid, bad) = match std::str::from_utf8(&self.partial[at..]) {
                Ok(_) => (self.partial.len() - at, 0),
                Err(e) => match e.error_len() {
                    Some(len) => (e.valid_up_to(), len),
                    // A character cut by the end of the read: the rest comes next.
                    None if !end => (e.valid_up_to(), 0),
                    None => (e.valid_up_to(), self.partial.len() - at - e.valid_up_to()),
                },
            };
            self.string.push_str(std::str::from_utf8(&self.partial[at..at + valid]).unwrap_or_default());
            at += valid;
            if bad == 0 {
                break;
            }
            self.note_bad(bad);
            at += bad;
        }
        self.partial.drain(..at);
    }

    /// `len` bytes that are not UTF-8 where the text read ends: noted (a
    /// run of them once), each a [`SUBSTITUTE`].
    fn note_bad(&mut self, len: usize) {
        let index = self.string.len();
        let offset = self.offset(index);
        let (from, line, column) = self.bad_mark;
        let (line, column) = advance(self.string.as_bytes(), from, index, line, column);
        match self.bad.back_mut() {
            Some(run) if run.end == offset => run.end += len as u64,
            _ => self.bad.push_back(BadText { offset, end: offset + len as u64, line, column }),
        }
        self.string.extend(std::iter::repeat_n(SUBSTITUTE, len));
        self.bad_mark = (index + len, line, column + len);
    }
}

/// The line and column after `bytes[from..at]`, from `line` and `column`
/// before them: a line break ([`lines::breaks_at`](crate::lines::breaks_at),
/// which looks at the byte after a `\r`) starts the next line at column 1,
/// any other byte that is not a UTF-8 continuation byte is a character.
/// Eight bytes at a time while they hold no `\n`, no `\r` and no byte past
/// ASCII (the text between two moves, mostly), else byte by byte.
fn advance(bytes: &[u8], from: usize, at: usize, mut line: usize, mut column: usize) -> (usize, usize) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    let mut i = from;
    while i + 8 <= at {
        let word = u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or_default());
        let special = has_zero(word ^ (ONES * u64::from(b'\n'))) | has_zero(word ^ (ONES * u64::from(b'\r')));
        if (special | word) & HIGH == 0 {
            column += 8;
        } else {
            (line, column) = advance_bytes(bytes, i, i + 8, line, column);
        }
        i += 8;
    }
    advance_bytes(bytes, i, at, line, column)
}

/// [`advance`] byte by byte.
fn advance_bytes(bytes: &[u8], from: usize, at: usize, mut line: usize, mut column: usize) -> (usize, usize) {
    for (i, &b) in bytes.iter().enumerate().take(at).skip(from) {
        if crate::lines::breaks_at(bytes, i) {
            (line, column) = (line + 1, 1);
        } else if b & 0xC0 != 0x80 {
            // Not a continuation byte: a character starts.
            column += 1;
        }
    }
    (line, column)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Eight bytes at a time or one at a time, the same line and column.
        #[test]
        fn words_count_as_bytes_do(
            text in "[a-z\n é€😀\r\t]{0,100}",
            cut in 0usize..100,
            line in 1usize..5,
            column in 1usize..5,
        ) {
            let bytes = text.as_bytes();
            let at = cut.min(bytes.len());
            prop_assert_eq!(advance(bytes, 0, at, line, column), advance_bytes(bytes, 0, at, line, column));
        }
    }
}
