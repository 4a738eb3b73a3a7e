//! A streaming reader's input: the text (or bytes) read and not yet
//! consumed, where it starts in the input, and the error that stopped it.

use std::io::{BufRead, ErrorKind};

use crate::lines::BOM;
use crate::{Location, ReadError, SyntaxError};

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
    /// Whether the start of the text was looked at for a byte-order mark.
    bom_checked: bool,
    pub(crate) eof: bool,
    /// Bytes read before the reader was made (to guess the format), read
    /// first, from `head_at` on.
    head: Vec<u8>,
    head_at: usize,
    /// Why the input stopped short (an I/O error, bytes that are not
    /// UTF-8): reported once what was read before it is read.
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
            bom_checked: false,
            eof: false,
            head: Vec::new(),
            head_at: 0,
            failed: None,
        }
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

    /// A syntax error located in the text held, located in the input.
    pub(crate) fn locate(&self, mut e: SyntaxError) -> SyntaxError {
        if e.line == 1 {
            e.column += self.column - 1;
        }
        e.line += self.line - 1;
        e.offset += self.base as usize;
        e
    }

    /// Reads until `target` bytes are held, or to the end of the input, or
    /// to an error (then kept in `failed`; what was read before it stays).
    pub(crate) fn fill(&mut self, target: usize) {
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
            if self.text && (!self.partial.is_empty() || self.eof) {
                self.take_text();
            }
        }
    }

    /// Moves the whole characters read into the text, and notes bytes that
    /// are not UTF-8.
    fn take_text(&mut self) {
        if !self.bom_checked {
            // A UTF-8 byte-order mark starts the text at most once: passed
            // over, its bytes still counted in the offsets.
            if self.partial.len() < BOM.len() && BOM.starts_with(&self.partial) && !self.eof {
                return;
            }
            if self.partial.starts_with(BOM) {
                self.partial.drain(..BOM.len());
                self.base += BOM.len() as u64;
            }
            self.bom_checked = true;
        }
        let (valid, error) = match std::str::from_utf8(&self.partial) {
            Ok(_) => (self.partial.len(), false),
            // A character cut by the end of the read: the rest comes next.
            Err(e) if e.error_len().is_none() && !self.eof => (e.valid_up_to(), false),
            Err(e) => (e.valid_up_to(), true),
        };
        self.string.push_str(std::str::from_utf8(&self.partial[..valid]).unwrap_or_default());
        self.partial.drain(..valid);
        if error {
            let offset = self.base as usize + self.string.len();
            self.failed.get_or_insert(ReadError::Utf8 { offset });
        }
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
