//! What each format is, through its codec: [`Format::codec`], declared from
//! the list of registered formats, and everything said of a format with it
//! (names, extensions, sniffing, passes).

use std::fmt;
use std::str::FromStr;

use super::codec::{Codec, Head};
use super::{Format, registered};
use crate::Passes;

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
    /// hold when they are 64 KiB or more, the head of a longer file), `[`
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

/// `transcript, pgn, ggf, wthor, obf or position`.
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
        assert_eq!(names(), "transcript, pgn, ggf, wthor, obf or position");
        assert_eq!(format!("[{:<5}]", Format::Pgn), "[pgn  ]");
        assert_eq!(format!("[{:>5}]", Format::Ggf), "[  ggf]");
    }
}
