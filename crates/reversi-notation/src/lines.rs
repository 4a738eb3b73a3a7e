//! THE line break of the text formats: `\n`, `\r\n`, or a lone `\r`
//! (classic Mac OS), for the formats with a game a line, comments to the end
//! of a line and every line and column counted; and the byte-order mark a
//! text may start with.

/// The UTF-8 byte-order mark, which a text may start with (once, passed
/// over by the readers and by sniffing).
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether byte `i` of `bytes` ends a line: a `\n`, or a `\r` that no `\n`
/// follows (a `\r` at the end of `bytes` ends its line).
pub(crate) fn breaks_at(bytes: &[u8], i: usize) -> bool {
    match bytes.get(i) {
        Some(b'\n') => true,
        Some(b'\r') => bytes.get(i + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// Where the line that holds byte `from` of `text` ends, after its line
/// break: `Some(end)`, or `None` when the text held does not tell (no break
/// yet, or a `\r` at its end that a `\n` may follow) and does not end the
/// input (`eof`). With `eof`, a text without a break ends at its end.
pub(crate) fn line_end(text: &str, from: usize, eof: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let from = from.min(bytes.len());
    match bytes[from..].iter().position(|&b| b == b'\n' || b == b'\r') {
        Some(i) if bytes[from + i] == b'\n' => Some(from + i + 1),
        Some(i) => match bytes.get(from + i + 1) {
            Some(b'\n') => Some(from + i + 2),
            Some(_) => Some(from + i + 1),
            None => eof.then_some(from + i + 1),
        },
        None => eof.then_some(bytes.len()),
    }
}

/// The lines of `text`, each with its line break.
pub(crate) fn split(text: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let end = line_end(text, at, true).filter(|_| at < text.len())?;
        let line = &text[at..end];
        at = end;
        Some(line)
    })
}

/// The first byte of the line that holds byte `at` of `bytes` (the byte
/// after the last line break before it), if a break is before it.
pub(crate) fn line_start(bytes: &[u8], at: usize) -> Option<usize> {
    (0..at.min(bytes.len())).rev().find(|&i| breaks_at(bytes, i)).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_break() {
        assert_eq!(split("a\nb\r\nc\rd\r\re").collect::<Vec<_>>(), ["a\n", "b\r\n", "c\r", "d\r", "\r", "e"]);
        assert_eq!(line_end("ab\r", 0, false), None);
        assert_eq!(line_end("ab\r", 0, true), Some(3));
        assert_eq!(line_end("ab", 0, false), None);
        assert_eq!(line_start(b"a\rb\r\nc", 5), Some(5));
        assert_eq!(line_start(b"a\rb\r\nc", 4), Some(2));
        assert_eq!(line_start(b"abc", 2), None);
    }
}
