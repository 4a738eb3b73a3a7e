//! Command lines read by the servers in bounded memory.

use std::io::{self, BufRead};

/// A line read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line of text.
    Text(String),
    /// A line longer than the bound: its first bytes.
    TooLong(String),
    /// A line that is not UTF-8: its text with U+FFFD for each byte
    /// that is not (to read what can be read, such as a GTP id).
    NotText(String),
}

/// Lines of a [`BufRead`], each at most `max` bytes kept.
pub(crate) struct Lines<R> {
    input: R,
    max: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R, max: usize) -> Lines<R> {
        Lines { input, max, buf: Vec::new() }
    }

    /// The next line without its line break (`\n` or `\r\n`), `None` at
    /// the end of the input. A line longer than `max` bytes is skipped
    /// whole and reported by its first bytes.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buf.clear();
        let mut total = 0;
        loop {
            let chunk = self.input.fill_buf()?;
            if chunk.is_empty() {
                if total == 0 {
                    return Ok(None);
                }
                break;
            }
            let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = (self.max + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..used.min(room)]);
            total += used;
            self.input.consume(used);
            if done {
                break;
            }
        }
        while self.buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > self.max {
            return Ok(Some(Line::TooLong(String::from_utf8_lossy(&self.buf[..64.min(self.max)]).into_owned())));
        }
        Ok(Some(match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(text) => Line::Text(text),
            Err(e) => Line::NotText(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded() {
        let mut text = b"a\r\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 100));
        text.extend_from_slice(b"\nlast");
        let mut lines = Lines::new(&text[..], 10);
        assert_eq!(lines.next_line().unwrap(), Some(Line::Text("a".into())));
        assert_eq!(lines.next_line().unwrap(), Some(Line::TooLong("xxxxxxxxxx".into())));
        assert_eq!(lines.next_line().unwrap(), Some(Line::Text("last".into())));
        assert_eq!(lines.next_line().unwrap(), None);
    }
}
