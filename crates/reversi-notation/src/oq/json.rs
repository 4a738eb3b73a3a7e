//! The JSON the Othello Quest reader needs: one value parsed at a byte of a
//! text (each value with its offset, for located errors), nesting bounded,
//! and strings written with their escapes.

use std::borrow::Cow;

/// A JSON value, each element with the byte offset where it starts; strings
/// without escapes borrowed from the text.
#[derive(Debug, PartialEq)]
pub(super) enum Value<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string, unescaped.
    Str(Cow<'a, str>),
    /// An array.
    Array(Vec<(usize, Value<'a>)>),
    /// An object: its members in the order written.
    Object(Vec<(Cow<'a, str>, usize, Value<'a>)>),
    /// The array at [`parse_with`]'s path, at this byte (its `[`): handed
    /// to the caller an element at a time as it was parsed, not kept.
    Deferred(usize),
}

impl<'a> Value<'a> {
    /// The member `name` of an object, with its offset.
    pub(super) fn get(&self, name: &str) -> Option<(usize, &Value<'a>)> {
        match self {
            Value::Object(members) => members.iter().find(|(n, _, _)| n == name).map(|(_, at, v)| (*at, v)),
            _ => None,
        }
    }

    /// The string, if the value is one.
    pub(super) fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// Why a value does not parse.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum JsonError {
    /// The text ends inside the value.
    Incomplete,
    /// At this byte, this was expected.
    Bad(usize, &'static str),
}

/// How deep arrays and objects may nest: far more than a game list needs,
/// and a bound on the parser's stack.
const MAX_DEPTH: usize = 16;

/// The value starting at byte `at` of `text` (after any whitespace), and the
/// byte after it.
pub(super) fn parse(text: &str, at: usize) -> Result<(Value<'_>, usize), JsonError> {
    parse_with(text, at, &[], &mut |_| Ok(()))
}

/// What reads the array [`parse_with`] hands over.
pub(super) type ReadArray<'r, 'a> = dyn FnMut(&mut Elements<'a>) -> Result<(), JsonError> + 'r;

/// As [`parse`], but the first array at `path` (member names from the
/// value's top object: `["position", "moves"]`) is handed to `read` at its
/// `[` as the parser comes to it, to be read an element at a time
/// ([`Elements`]) and left out of the tree ([`Value::Deferred`]): a long
/// array of small objects (a game's moves) read in the one pass, without a
/// value an element.
pub(super) fn parse_with<'a>(
    text: &'a str,
    at: usize,
    path: &'static [&'static str],
    read: &mut ReadArray<'_, 'a>,
) -> Result<(Value<'a>, usize), JsonError> {
    let mut parser = Parser { bytes: text.as_bytes(), text, at, path, matched: 0, read: Some(read) };
    let value = parser.value(0)?;
    Ok((value, parser.at))
}

/// An array read an element at a time, each element an object read a
/// member at a time: nothing is kept but the member at hand.
pub(super) struct Elements<'a> {
    parser: Parser<'a, 'a>,
    /// Whether an element was read (a `,` then comes before the next).
    started: bool,
}

impl<'a> Elements<'a> {
    /// The array whose `[` is at byte `at`.
    pub(super) fn new(text: &'a str, at: usize) -> Elements<'a> {
        let parser = Parser { bytes: text.as_bytes(), text, at: at + 1, path: &[], matched: 0, read: None };
        Elements { parser, started: false }
    }

    /// The byte where the next element starts and whether it is an object,
    /// or `None` after the last.
    ///
    /// # Errors
    /// [`JsonError`] where the array does not parse.
    pub(super) fn next_element(&mut self) -> Result<Option<(usize, bool)>, JsonError> {
        let b = self.parser.peek()?;
        if b == b']' {
            self.parser.at += 1;
            return Ok(None);
        }
        if self.started {
            if b != b',' {
                return Err(JsonError::Bad(self.parser.at, "`,` or `]`"));
            }
            self.parser.at += 1;
        }
        self.started = true;
        let first = self.parser.peek()?;
        Ok(Some((self.parser.at, first == b'{')))
    }

    /// Passes over the element at hand, whatever it is.
    pub(super) fn skip_element(&mut self) -> Result<(), JsonError> {
        self.parser.value(1).map(drop)
    }

    /// The next member of the object element at hand (its name, the byte
    /// of its value, the value), or `None` after its `}`.
    ///
    /// # Errors
    /// [`JsonError`] where the object does not parse.
    pub(super) fn next_member(&mut self) -> Result<Option<(Cow<'a, str>, usize, Value<'a>)>, JsonError> {
        match self.parser.peek()? {
            b'{' => {
                self.parser.at += 1;
                if self.parser.peek()? == b'}' {
                    self.parser.at += 1;
                    return Ok(None);
                }
            }
            b',' => self.parser.at += 1,
            b'}' => {
                self.parser.at += 1;
                return Ok(None);
            }
            _ => return Err(JsonError::Bad(self.parser.at, "`,` or `}`")),
        }
        self.parser.member(1).map(Some)
    }
}

/// The byte after the value that starts at byte `at` (after whitespace),
/// found by its brackets and strings alone (a value that does not parse may
/// still end); `None` when the text ends first.
pub(super) fn value_end(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = skip_space(bytes, at);
    let mut depth = 0usize;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => {
                    in_string = false;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                b',' | b' ' | b'\t' | b'\n' | b'\r' if depth == 0 => return Some(i),
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// The first byte at or after `at` that is no JSON whitespace.
pub(super) fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\n' | b'\r') {
        at += 1;
    }
    at
}

struct Parser<'a, 'r> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
    /// The path of the array handed to `read`.
    path: &'static [&'static str],
    /// How many names of `path` the members being parsed match.
    matched: usize,
    /// What reads the array at `path`, until it has read one.
    read: Option<&'r mut ReadArray<'r, 'a>>,
}

impl<'a> Parser<'a, '_> {
    fn space(&mut self) {
        self.at = skip_space(self.bytes, self.at);
    }

    fn peek(&mut self) -> Result<u8, JsonError> {
        self.space();
        self.bytes.get(self.at).copied().ok_or(JsonError::Incomplete)
    }

    fn value(&mut self, depth: usize) -> Result<Value<'a>, JsonError> {
        const EXPECTED: &str = "a JSON value";
        match self.peek()? {
            b'{' | b'[' if depth >= MAX_DEPTH => Err(JsonError::Bad(self.at, "JSON nested at most 16 deep")),
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            b'"' => self.string().map(Value::Str),
            b't' => self.word("true", Value::Bool(true)),
            b'f' => self.word("false", Value::Bool(false)),
            b'n' => self.word("null", Value::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(JsonError::Bad(self.at, EXPECTED)),
        }
    }

    fn word(&mut self, word: &'static str, value: Value<'a>) -> Result<Value<'a>, JsonError> {
        let rest = &self.bytes[self.at..];
        if rest.len() < word.len() && word.as_bytes().starts_with(rest) {
            return Err(JsonError::Incomplete);
        }
        if !rest.starts_with(word.as_bytes()) {
            return Err(JsonError::Bad(self.at, "a JSON value"));
        }
        self.at += word.len();
        Ok(value)
    }

    fn number(&mut self) -> Result<Value<'a>, JsonError> {
        let start = self.at;
        let len = self.bytes[start..]
            .iter()
            .position(|b| !matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
            .ok_or(JsonError::Incomplete)?;
        self.at += len;
        self.text[start..self.at].parse().map(Value::Number).map_err(|_| JsonError::Bad(start, "a JSON number"))
    }

    fn string(&mut self) -> Result<Cow<'a, str>, JsonError> {
        self.at += 1;
        let start = self.at;
        let mut out = String::new();
        loop {
            let run = self.bytes[self.at..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20);
            let Some(run) = run else { return Err(JsonError::Incomplete) };
            if self.bytes[self.at + run] == b'"' && self.at == start {
                // No escape: the text itself.
                let text = self.text;
                self.at += run + 1;
                return Ok(Cow::Borrowed(&text[start..start + run]));
            }
            out.push_str(&self.text[self.at..self.at + run]);
            self.at += run;
            match self.bytes[self.at] {
                b'"' => {
                    self.at += 1;
                    return Ok(Cow::Owned(out));
                }
                b'\\' => {
                    let escape = *self.bytes.get(self.at + 1).ok_or(JsonError::Incomplete)?;
                    let c = match escape {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let c = self.unicode_escape()?;
                            out.push(c);
                            continue;
                        }
                        _ => return Err(JsonError::Bad(self.at, "a JSON string escape")),
                    };
                    out.push(c);
                    self.at += 2;
                }
                _ => return Err(JsonError::Bad(self.at, "a JSON string without control characters")),
            }
        }
    }

    /// `\uXXXX` (a surrogate pair as one character) at `self.at`.
    fn unicode_escape(&mut self) -> Result<char, JsonError> {
        let hex = |p: &Parser<'_, '_>, at: usize| -> Result<u32, JsonError> {
            let digits = p.bytes.get(at..at + 4).ok_or(JsonError::Incomplete)?;
            let digits = std::str::from_utf8(digits).map_err(|_| JsonError::Bad(at, "four hex digits"))?;
            u32::from_str_radix(digits, 16).map_err(|_| JsonError::Bad(at, "four hex digits"))
        };
        let start = self.at;
        let first = hex(self, start + 2)?;
        self.at += 6;
        if (0xD800..0xDC00).contains(&first) {
            if self.bytes.get(self.at..self.at + 2).is_none() {
                return Err(JsonError::Incomplete);
            }
            if &self.bytes[self.at..self.at + 2] == b"\\u" {
                let second = hex(self, self.at + 2)?;
                if (0xDC00..0xE000).contains(&second) {
                    self.at += 6;
                    let c = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                    return char::from_u32(c).ok_or(JsonError::Bad(start, "a Unicode escape"));
                }
            }
        }
        char::from_u32(first).ok_or(JsonError::Bad(start, "a Unicode escape of a character"))
    }

    fn array(&mut self, depth: usize) -> Result<Value<'a>, JsonError> {
        self.at += 1;
        let mut items = Vec::new();
        if self.peek()? == b']' {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            let at = skip_space(self.bytes, self.at);
            items.push((at, self.value(depth + 1)?));
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(JsonError::Bad(self.at, "`,` or `]`")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value<'a>, JsonError> {
        self.at += 1;
        let mut members = Vec::new();
        if self.peek()? == b'}' {
            self.at += 1;
            return Ok(Value::Object(members));
        }
        loop {
            members.push(self.member(depth)?);
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(JsonError::Bad(self.at, "`,` or `}`")),
            }
        }
    }

    /// A member of an object at `depth`: its name, the byte of its value,
    /// the value (the array at the path handed to `read`).
    fn member(&mut self, depth: usize) -> Result<(Cow<'a, str>, usize, Value<'a>), JsonError> {
        if self.peek()? != b'"' {
            return Err(JsonError::Bad(self.at, "a member name (a JSON string)"));
        }
        let name = self.string()?;
        if self.peek()? != b':' {
            return Err(JsonError::Bad(self.at, "`:`"));
        }
        self.at += 1;
        let at = skip_space(self.bytes, self.at);
        let on_path = self.matched == depth && self.path.get(depth).is_some_and(|&n| n == name);
        if on_path
            && depth + 1 == self.path.len()
            && self.bytes.get(at) == Some(&b'[')
            && let Some(read) = self.read.take()
        {
            let mut elements = Elements::new(self.text, at);
            read(&mut elements)?;
            self.at = elements.parser.at;
            return Ok((name, at, Value::Deferred(at)));
        }
        if on_path {
            self.matched += 1;
        }
        let value = self.value(depth + 1);
        if on_path {
            self.matched -= 1;
        }
        Ok((name, at, value?))
    }
}

/// Appends `s` as a JSON string.
pub(super) fn write_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    for c in s.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if (c as u32) < 0x20 => out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes()),
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_errors() {
        let text = r#" {"a": [1, -2.5e1, true, null], "b": "x\"\u00e9\ud83d\ude00\n"} "#;
        let (value, end) = parse(text, 0).unwrap();
        assert_eq!(end, text.len() - 1);
        assert_eq!(value.get("b").unwrap().1.as_str(), Some("x\"é😀\n"));
        assert_eq!(value_end(text, 0), Some(text.len() - 1));
        assert_eq!(parse(r#"{"a": [1, 2"#, 0), Err(JsonError::Incomplete));
        assert_eq!(value_end(r#"{"a": [1, 2"#, 0), None);
        assert_eq!(parse(r#"{"a" 1}"#, 0), Err(JsonError::Bad(5, "`:`")));
        let deep = "[".repeat(10_000);
        assert!(matches!(parse(&deep, 0), Err(JsonError::Bad(16, _))));
        let mut out = Vec::new();
        write_string(&mut out, "a\"\\\n\u{1}é");
        let written = String::from_utf8(out).unwrap();
        assert_eq!(parse(&written, 0).unwrap().0, Value::Str("a\"\\\n\u{1}é".into()));
        assert!(matches!(parse("\"plain\"", 0).unwrap().0, Value::Str(Cow::Borrowed("plain"))));
    }

    #[test]
    fn the_array_at_the_path_is_read_an_element_at_a_time() {
        let text = r#"{"moves": [0], "p": {"moves": [{"m": "F5", "t": [1, {"x": 2}]}, 3, {}], "n": 1}, "z": 2}"#;
        let mut seen = Vec::new();
        let mut read = |elements: &mut Elements<'_>| {
            while let Some((at, object)) = elements.next_element()? {
                if !object {
                    elements.skip_element()?;
                    seen.push((at, "not an object".to_owned()));
                    continue;
                }
                while let Some((name, _, value)) = elements.next_member()? {
                    seen.push((at, format!("{name}={}", matches!(value, Value::Str(_)))));
                }
            }
            Ok(())
        };
        let (value, end) = parse_with(text, 0, &["p", "moves"], &mut read).unwrap();
        assert_eq!(end, text.len());
        assert!(matches!(value.get("moves"), Some((_, Value::Array(_)))), "not on the path: parsed");
        let Some((_, p)) = value.get("p") else { panic!("{value:?}") };
        assert!(matches!(p.get("moves"), Some((at, &Value::Deferred(start))) if at == start && start == 30));
        assert_eq!(p.get("n").map(|(_, v)| v), Some(&Value::Number(1.0)));
        let starts = |text: &str, s: &str| text.find(s).unwrap();
        assert_eq!(
            seen,
            [(31, "m=true".to_owned()), (31, "t=false".to_owned()), (starts(text, "3,"), "not an object".to_owned()),]
        );
        // What is no JSON in the array is the parse's error, where it is.
        let bad = r#"{"p": {"moves": [{"m" "F5"}]}}"#;
        let mut read = |elements: &mut Elements<'_>| {
            while elements.next_element()?.is_some() {
                while elements.next_member()?.is_some() {}
            }
            Ok(())
        };
        assert_eq!(parse_with(bad, 0, &["p", "moves"], &mut read), Err(JsonError::Bad(22, "`:`")));
        let cut = r#"{"p": {"moves": [{"m": "F5"}, {"#;
        assert_eq!(parse_with(cut, 0, &["p", "moves"], &mut read), Err(JsonError::Incomplete));
    }
}
