//! What each format is, through its codec: [`Format::codec`], declared from
//! the list of registered formats, and everything said of a format with it
//! (names, extensions, sniffing, passes).

use std::fmt;
use std::str::FromStr;

use super::codec::{Codec, Head};
use super::{Format, registered};
use crate::{Passes, ReadError};

/// Declares [`Format::codec`] from the list.
macro_rules! declare_codecs {
    ($( $(#[$doc:meta])* $variant:ident => $module:ident, )*) => {
        impl Format {
            /// The format's codec: everything the format is.
            pub(crate) fn codec(self) -> &'static dyn Codec {
                match self {
                    $( Format::$variant => &crate::$module::CODEC, )*
                }
            }
        }
    };
}

registered!(declare_codecs);

impl Format {
    /// How many bytes at the start of an input [`Format::detect`] looks at
    /// when [`Reader::detected`](crate::Reader::detected) and
    /// [`open`](crate::open) call it: 64 KiB, or the whole input when shorter.
    pub const DETECT_BYTES: usize = super::codec::SNIFF_BYTES;

    /// The format's name, as [`FromStr`] reads it.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.codec().name()
    }

    /// The file extensions that name the format, lower case, the usual one
    /// first (`wtb`; `pgn`; `ggf`; `obf`; `txt`, `transcript`, `trs`; `pos`,
    /// `position`, `positions`).
    #[must_use]
    pub fn extensions(self) -> &'static [&'static str] {
        self.codec().extensions()
    }

    /// The format a file extension names ([`Format::extensions`], any case).
    #[must_use]
    pub fn from_extension(extension: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.extensions().iter().any(|e| e.eq_ignore_ascii_case(extension)))
    }

    /// The format of these bytes, guessed from their content: binary with a
    /// plausible WTHOR header is WTHOR (the board size 0 or 8, a game count
    /// that the length agrees with: exactly, or more games than the bytes
    /// hold when they are [`Format::DETECT_BYTES`] or more, the head of a longer file), `[`
    /// starts PGN, `(;` marks GGF, a line of 64 squares OBF, rows joined by
    /// `/` positions, anything else a transcript: other bytes that are not
    /// UTF-8 are then reported as such when read (each format's codec says
    /// how sure it is; the surest wins). A leading UTF-8 byte-order mark is
    /// passed over.
    #[must_use]
    pub fn sniff(bytes: &[u8]) -> Format {
        let head = Head::new(bytes);
        let mut best = (Format::Transcript, None);
        for format in Format::ALL {
            let rank = format.codec().sniff(&head);
            if rank > best.1 {
                best = (format, rank);
            }
        }
        best.0
    }

    /// The format of a file named `file` (`None`: not named, as standard
    /// input) whose first bytes are `head` (its first [`Format::DETECT_BYTES`],
    /// or all of it when shorter): the one its extension names ([`Format::from_extension`]),
    /// else the one its content looks like ([`Format::sniff`]). A text none
    /// of whose first thousand lines any format recognises (their start) is
    /// refused, whatever its extension (a `notes.txt` of prose is no
    /// transcript), and so are bytes of no known format in a file whose
    /// extension names none; an empty text, or one of blank lines and `#`
    /// comments, is a transcript of no game.
    ///
    /// ```
    /// use reversi_notation::Format;
    /// assert_eq!(Format::detect(Some("club.pgn"), b"1. f5 d6 *\n"), Ok(Format::Pgn));
    /// assert_eq!(Format::detect(None, b"f5d6c3\n"), Ok(Format::Transcript));
    /// let error = Format::detect(Some("notes.txt"), b"Meeting notes: bring the board.\n").unwrap_err();
    /// assert!(error.to_string().starts_with("unknown format: expected a record file ("));
    /// assert!(error.to_string().ends_with(r#"found a .txt file of text starting "Meeting notes: bring the board.""#));
    /// ```
    ///
    /// # Errors
    /// [`ReadError::UnknownFormat`], saying what was found.
    pub fn detect(file: Option<&str>, head: &[u8]) -> Result<Format, ReadError> {
        let extension = file.and_then(|f| std::path::Path::new(f).extension()).and_then(|e| e.to_str());
        let named = extension.and_then(Format::from_extension);
        let sniffed = Head::new(head);
        // Some format recognises the first line, or (comments of a format's
        // own before its games) one of the next ones.
        let claims = |head: &Head<'_>| Format::ALL.into_iter().any(|f| f.codec().sniff(head).is_some());
        let claimed = claims(&sniffed)
            || sniffed.line.is_some()
                && head.split(|&b| b == b'\n').take(1000).any(|line| {
                    let line = Head::new(line.trim_ascii());
                    line.line.is_some_and(|l| !l.is_empty()) && claims(&line)
                });
        let what = match sniffed.line {
            Some("") => return Ok(named.unwrap_or(Format::Transcript)),
            Some(_) if claimed => return Ok(named.unwrap_or_else(|| Format::sniff(head))),
            // Text of no format.
            Some(line) => {
                let start: String = line.chars().take(40).collect();
                let more = if start.len() < line.len() { "..." } else { "" };
                format!("text starting {:?}", format!("{start}{more}"))
            }
            // Bytes: read as the extension says, or as WTHOR when they look
            // like it; others are no format (text that is not UTF-8 is read as
            // a transcript, its bytes reported, when the extension names none).
            None => match named {
                Some(format) => return Ok(format),
                None if claimed => return Ok(Format::sniff(head)),
                None if !head.contains(&0) => return Ok(Format::Transcript),
                None => "binary data".to_owned(),
            },
        };
        let found = match extension {
            Some(extension) => format!("a .{extension} file of {what}"),
            None => what,
        };
        Err(ReadError::UnknownFormat { found })
    }

    /// How the format writes passes: GGF writes every one (its moves carry
    /// their colour); the others may leave forced passes out.
    #[must_use]
    pub fn passes(self) -> Passes {
        self.codec().passes()
    }
}

impl fmt::Display for Format {
    /// The [name](Format::name); width, fill and alignment apply.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is no format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {name:?}: expected {names}", name = .0, names = names())]
#[non_exhaustive]
pub struct ParseFormatError(pub String);

/// The formats known, with their extensions: `a record file (transcript
/// .txt .transcript .trs, PGN .pgn, ...)`.
pub(crate) fn known() -> String {
    let formats: Vec<_> = Format::ALL
        .iter()
        .map(|f| {
            let extensions: Vec<_> = f.extensions().iter().map(|e| format!(".{e}")).collect();
            format!("{} {}", f.codec().label(), extensions.join(" "))
        })
        .collect();
    format!("a record file ({})", formats.join(", "))
}

/// `transcript, pgn, ggf, wthor, obf, position or oq`.
fn names() -> String {
    let names: Vec<_> = Format::ALL.iter().map(|f| f.name()).collect();
    match names.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl FromStr for Format {
    type Err = ParseFormatError;

    /// Reads a format's name (any case).
    ///
    /// # Errors
    /// [`ParseFormatError`] for another name.
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(s)).ok_or_else(|| ParseFormatError(s.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pad() {
        assert_eq!(names(), "transcript, pgn, ggf, wthor, obf, position or oq");
        assert_eq!(format!("[{:<5}]", Format::Pgn), "[pgn  ]");
        assert_eq!(format!("[{:>5}]", Format::Ggf), "[  ggf]");
    }

    #[test]
    fn detect_refuses_what_no_format_recognises_and_says_what_it_found() {
        let unknown = |file, head: &[u8]| Format::detect(file, head).unwrap_err().to_string();
        let expected = "unknown format: expected a record file (transcript .txt .transcript .trs, PGN .pgn, \
                        GGF .ggf, WTHOR .wtb, OBF .obf, position lines .pos .position .positions, \
                        Othello Quest JSON .oq), found ";
        let message = unknown(Some("notes.txt"), b"# my notes\n\nThe opening f5 is best.\n");
        assert_eq!(message, format!("{expected}a .txt file of text starting \"The opening f5 is best.\""));
        let message = unknown(Some("x.xyz"), b"\x7fELF\x02\x01\x01\0\0\0\0");
        assert_eq!(message, format!("{expected}a .xyz file of binary data"));
        let long = unknown(None, "Lorem ipsum dolor sit amet, consectetur adipiscing elit".as_bytes());
        assert_eq!(long, format!("{expected}text starting \"Lorem ipsum dolor sit amet, consectetur ...\""));
        // What a format recognises, or an extension names, still reads.
        let cases: [(Option<&str>, &[u8], Format); 11] = [
            (Some("a.txt"), b"f5d6c3\n", Format::Transcript),
            (Some("a.txt"), b"F5 d6 pass c3\n", Format::Transcript),
            (None, b"PAf5\n", Format::Transcript),
            (None, b"", Format::Transcript),
            (Some("a.pgn"), b"# only comments\n\n", Format::Pgn),
            (Some("a.pgn"), b"1. f5 d6 *\n", Format::Pgn),
            (None, b"12. f5 d6 *\n", Format::Pgn),
            (Some("a.pgn"), b"*\n*\n", Format::Pgn),
            (Some("a.xyz"), b"(;GM[Othello]B[f5];)", Format::Ggf),
            (Some("a.wtb"), b"\x14\x00\0\0", Format::Wthor),
            (None, b"not \xff UTF-8", Format::Transcript),
        ];
        for (file, head, format) in
            cases.into_iter().chain([(Some("a.pgn"), &b"; a club\n[Black \"A\"]\n"[..], Format::Pgn)])
        {
            assert_eq!(Format::detect(file, head), Ok(format), "{file:?} {head:?}");
        }
    }
}
