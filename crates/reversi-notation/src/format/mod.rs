//! Every format behind one door: [`Format`], the enum that dispatches to
//! each format's [`Codec`](codec::Codec) (its names, extensions, sniffing,
//! passes, parser and writer), [`ReadOptions`], and [`read`], which reads a
//! file in memory through the one [`Reader`].
//!
//! The formats are registered once, in [`formats!`]: adding a format is its
//! module (a `Codec`) and one line there.

pub(crate) mod codec;
mod options;

use std::fmt;
use std::str::FromStr;

pub use options::ReadOptions;

use self::codec::Codec;
use crate::{Passes, ReadError, Reader, Record};

/// Declares [`Format`] with one variant per registered format, in the order
/// given, and the codec each dispatches to.
macro_rules! formats {
    ($( $(#[$doc:meta])* $variant:ident => $codec:path, )*) => {
        /// A file format of games (or positions, read as games without moves).
        ///
        /// `#[non_exhaustive]`: formats will be added, so a `match` outside this crate
        /// needs a wildcard arm:
        ///
        /// ```
        /// use reversi_notation::Format;
        /// let binary = |f: Format| match f {
        ///     Format::Wthor => true,
        ///     Format::Transcript | Format::Pgn | Format::Ggf | Format::Obf | Format::Position => false,
        ///     _ => false,
        /// };
        /// assert!(binary(Format::Wthor));
        /// ```
        ///
        /// Without it the match does not compile:
        ///
        /// ```compile_fail,E0004
        /// use reversi_notation::Format;
        /// let binary = |f: Format| match f {
        ///     Format::Wthor => true,
        ///     Format::Transcript | Format::Pgn | Format::Ggf | Format::Obf | Format::Position => false,
        /// };
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Format {
            $( $(#[$doc])* $variant, )*
        }

        impl Format {
            /// Every format.
            pub const ALL: [Format; [$(stringify!($variant)),*].len()] = [$(Format::$variant),*];

            /// The format's codec: everything the format is.
            pub(crate) fn codec(self) -> &'static dyn Codec {
                match self {
                    $( Format::$variant => &$codec, )*
                }
            }
        }
    };
}

formats! {
    /// One game a line: compact 8x8 or spaced tokens ([`transcript`](crate::transcript)).
    Transcript => crate::transcript::Transcript,
    /// PGN-style records for every variant, PlayOK's PGN ([`pgn`](crate::pgn)).
    Pgn => crate::pgn::Pgn,
    /// GGS's GGF, Othello ([`ggf`](crate::ggf)).
    Ggf => crate::ggf::Ggf,
    /// WTHOR `.wtb` databases, 8x8 Othello ([`wthor`](crate::wthor)).
    Wthor => crate::wthor::Wthor,
    /// Edax OBF positions, 8x8 ([`obf`](crate::obf)): a position reads as a game with that
    /// start and no moves; a game writes as its final position.
    Obf => crate::obf::Obf,
    /// RULES.md position text, one a line, any variant and board: read as
    /// games without moves; a game writes as its final position.
    Position => crate::position::PositionLines,
}

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

    /// The format of these bytes, guessed from their content: binary is
    /// WTHOR, `[` starts PGN, `(;` marks GGF, a line of 64 squares OBF, rows
    /// joined by `/` positions, anything else a transcript.
    #[must_use]
    pub fn sniff(bytes: &[u8]) -> Format {
        crate::reader::sniff(bytes)
    }

    /// How the format writes passes: GGF writes every one (its moves carry
    /// their colour); the others may leave forced passes out.
    #[must_use]
    pub fn passes(self) -> Passes {
        self.codec().passes()
    }

    /// How messages name the format (`PGN`, `a transcript`).
    pub(crate) fn label(self) -> &'static str {
        self.codec().label()
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

/// The games of a text in memory up to the first error, for the modules'
/// `read` functions: a text read from a `str` only fails to parse.
pub(crate) fn syntax(reader: Reader<&[u8]>) -> Result<Vec<Record>, crate::SyntaxError> {
    reader
        .map(|game| {
            game.map_err(|e| match e.kind {
                ReadError::Syntax(e) => e,
                // Not from a `str` in memory: nothing else can fail there.
                other => crate::SyntaxError {
                    line: 1,
                    column: 1,
                    expected: other.to_string(),
                    found: String::new(),
                    offset: 0,
                },
            })
        })
        .collect()
}

/// Reads the games of a file in memory: [`Reader`] over the bytes, its
/// games collected up to the first error. WTHOR names are numbers (`#12`):
/// [`Reader::wthor_names`] or [`open`](crate::open) look them up.
///
/// # Errors
/// [`ReadError`] of the first game that does not read: the format's syntax
/// error (a game longer than [`ReadOptions::max_game_bytes`] included), a
/// WTHOR file that does not read, text that is not UTF-8.
pub fn read(format: Format, bytes: &[u8], options: ReadOptions) -> Result<Vec<Record>, ReadError> {
    Reader::new(format, bytes, options).map(|game| game.map_err(|e| e.kind)).collect()
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
