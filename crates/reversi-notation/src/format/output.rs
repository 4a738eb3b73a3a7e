//! The format records are written in, decided once for every front end:
//! [`Format::for_output`], the one named, else the one the path's extension
//! names, else a default; and [`OutputFormatError`], the sentences of a
//! destination that names none or cannot take the format.

use std::path::{Path, PathBuf};

use super::Format;

/// Why no format was decided for an output ([`Format::for_output`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OutputFormatError {
    /// A path whose extension names no format, and no format named.
    #[error("{}: the extension names no format: expected {}, found {}", path.display(), extensions(), found(path))]
    NoExtension {
        /// The path, as given.
        path: PathBuf,
    },
    /// A stream (standard output, a file object), which has no name, and no
    /// format named.
    #[error("a stream (standard output, a file object) has no extension to name a format")]
    Stream,
    /// A format written to a path only (WTHOR: binary, its header counting
    /// the games, its names in two more files) asked of a stream.
    #[error(
        "{} is written to a path, not a stream: its header counts the games and its names go to STEM.JOU and STEM.TRN",
        format.codec().label()
    )]
    PathOnly {
        /// The format.
        format: Format,
    },
}

/// `.txt, .pgn, ...`: each format's usual extension.
fn extensions() -> String {
    let usual: Vec<_> = Format::ALL.iter().filter_map(|f| f.extensions().first()).map(|e| format!(".{e}")).collect();
    usual.join(", ")
}

/// What the path's extension is: `.zip`, or `no extension`.
fn found(path: &Path) -> String {
    match path.extension() {
        Some(extension) => format!(".{}", extension.to_string_lossy()),
        None => "no extension".to_owned(),
    }
}

impl Format {
    /// The format of records written to `path` (`None`: a stream, as
    /// standard output or a file object): `given` when one is, else the one
    /// the path's extension names ([`Format::from_extension`]), else
    /// `default`. A stream cannot take WTHOR (its header counts the games,
    /// and its names are two more files). The `reversi` command, Python's
    /// `write` and `convert` and the match's records decide it here.
    ///
    /// ```
    /// use std::path::Path;
    /// use reversi_notation::{Format, OutputFormatError};
    /// assert_eq!(Format::for_output(Some(Path::new("a.PGN")), None, None), Ok(Format::Pgn));
    /// assert_eq!(Format::for_output(Some(Path::new("a.pgn")), Some(Format::Ggf), None), Ok(Format::Ggf));
    /// assert_eq!(Format::for_output(Some(Path::new("a.zip")), None, Some(Format::Ggf)), Ok(Format::Ggf));
    /// assert_eq!(Format::for_output(None, None, Some(Format::Pgn)), Ok(Format::Pgn));
    /// let error = Format::for_output(Some(Path::new("a.zip")), None, None).unwrap_err();
    /// assert!(error.to_string().starts_with("a.zip: the extension names no format: expected .txt, .pgn"));
    /// assert_eq!(Format::for_output(None, None, None), Err(OutputFormatError::Stream));
    /// assert!(Format::for_output(None, Some(Format::Wthor), None).is_err());
    /// ```
    ///
    /// # Errors
    /// [`OutputFormatError::NoExtension`] for a path that names none,
    /// [`OutputFormatError::Stream`] for a stream, when nothing else
    /// says; [`OutputFormatError::PathOnly`] for WTHOR to a stream.
    pub fn for_output(
        path: Option<&Path>,
        given: Option<Format>,
        default: Option<Format>,
    ) -> Result<Format, OutputFormatError> {
        let named = || path.and_then(Path::extension).and_then(|e| e.to_str()).and_then(Format::from_extension);
        let format = match given.or_else(named).or(default) {
            Some(format) => format,
            None => {
                return Err(match path {
                    Some(path) => OutputFormatError::NoExtension { path: path.to_path_buf() },
                    None => OutputFormatError::Stream,
                });
            }
        };
        if path.is_none() && format == Format::Wthor {
            return Err(OutputFormatError::PathOnly { format });
        }
        Ok(format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_given_format_then_the_extension_then_the_default() {
        let path = |p| Some(Path::new(p));
        assert_eq!(Format::for_output(path("x.wtb"), Some(Format::Pgn), None), Ok(Format::Pgn));
        assert_eq!(Format::for_output(path("x.WTB"), None, Some(Format::Pgn)), Ok(Format::Wthor));
        assert_eq!(Format::for_output(path("x"), None, Some(Format::Pgn)), Ok(Format::Pgn));
        assert_eq!(
            Format::for_output(None, Some(Format::Wthor), None),
            Err(OutputFormatError::PathOnly { format: Format::Wthor })
        );
        assert_eq!(
            Format::for_output(None, None, Some(Format::Wthor)),
            Err(OutputFormatError::PathOnly { format: Format::Wthor })
        );
        let message = Format::for_output(path("dir/games"), None, None).unwrap_err().to_string();
        assert_eq!(
            message,
            "dir/games: the extension names no format: expected .txt, .pgn, .ggf, .wtb, .obf, .pos, .oq, found no extension"
        );
    }
}
