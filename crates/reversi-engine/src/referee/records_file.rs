//! A match's or tournament's records file: [`RecordsFile`], the one place
//! that decides where the games go, in which format, whether the file may
//! be written, what a resume reads back from it and how a game is appended
//! as it ends. `reversi match -o` and `reversi tournament -o` use it, and
//! Python's `match(output=...)` and `tournament(output=...)`.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use reversi_notation::{Format, ReadOptions, Record, RecordError};

use super::definition::{RecordsFormatError, check_records_format};

/// A records file that a match or tournament appends each game to as it
/// ends, and reads back to resume.
///
/// [`RecordsFile::new`] checks what can be checked before any game: the
/// format (`to`, else the path's extension, else GGF) takes appends and,
/// to resume, keeps each game's `Round` ([`check_records_format`]); the
/// path is not a directory, FIFO, socket or device; its directory exists.
/// Nothing is created until the first [`append`](RecordsFile::append): a
/// match that plays no game leaves no empty file.
///
/// ```
/// use reversi_engine::referee::RecordsFile;
/// use reversi_notation::{Format, Record};
/// let dir = std::env::temp_dir().join(format!("records-file-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("games.pgn");
/// let mut file = RecordsFile::new(&path, None, false)?;
/// assert_eq!(file.format(), Format::Pgn);
/// file.check_unused()?; // nothing there yet: a new match may write it
/// file.append(&Record::new())?;
/// file.append(&Record::new())?;
/// assert_eq!(file.read_games()?.len(), 2);
/// assert!(RecordsFile::new(&path, None, false)?.check_unused().is_err()); // resume it, or another file
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct RecordsFile {
    path: PathBuf,
    format: Format,
    /// Opened (created) at the first game.
    file: Option<File>,
}

/// Why a records file cannot be used, read or written.
///
/// `#[non_exhaustive]`: more reasons may be told apart.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordsFileError {
    /// The format cannot take appends, or keeps no `Round` to resume by.
    #[error(transparent)]
    Format(#[from] RecordsFormatError),
    /// The path is not a regular file (`what`: "a directory", "a FIFO", ...).
    #[error(
        "{}: {what}, not a file: a match appends its games to a records file (and reads it to resume)",
        path.display()
    )]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// The file's directory does not exist.
    #[error("{}: no directory {}", path.display(), directory.display())]
    NoDirectory {
        /// The path given.
        path: PathBuf,
        /// Its directory.
        directory: PathBuf,
    },
    /// The file holds games and the match or tournament is not a resume of
    /// them.
    #[error("{}: the file exists: resume its games or write to another file", path.display())]
    Exists {
        /// The path given.
        path: PathBuf,
    },
    /// The file cannot be opened (the error names it).
    #[error("{0}")]
    Open(#[source] RecordError),
    /// A game in the file does not read, or the file cannot be read to its
    /// end (the error names the file, game, line and column).
    #[error("{0}")]
    Read(#[source] RecordError),
    /// A game cannot be written: the format cannot hold it, or the file
    /// cannot be opened or written.
    #[error("{}: {message}", path.display())]
    Write {
        /// The path given.
        path: PathBuf,
        /// What failed.
        message: String,
    },
}

impl RecordsFile {
    /// The records file at `path` in the format `to` (else the one its
    /// extension names, else GGF), to be appended to and, if `resume`,
    /// read back by round.
    ///
    /// # Errors
    /// [`RecordsFileError::Format`] for a format that cannot be appended to
    /// (WTHOR) or, to resume, keeps no round (anything but GGF and PGN);
    /// [`RecordsFileError::NotAFile`] for a directory, FIFO, socket or
    /// device; [`RecordsFileError::NoDirectory`] when the file's directory
    /// is missing.
    pub fn new(path: impl Into<PathBuf>, to: Option<Format>, resume: bool) -> Result<RecordsFile, RecordsFileError> {
        let path = path.into();
        let format = to.unwrap_or_else(|| {
            path.extension().and_then(|e| e.to_str()).and_then(Format::from_extension).unwrap_or(Format::Ggf)
        });
        check_records_format(format, resume)?;
        if let Ok(meta) = std::fs::metadata(&path) {
            let kind = meta.file_type();
            if !kind.is_file() {
                let what = if kind.is_dir() { "a directory" } else { file_kind(&kind) };
                return Err(RecordsFileError::NotAFile { path, what });
            }
        }
        let directory = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if !std::fs::metadata(directory).is_ok_and(|m| m.is_dir()) {
            let directory = directory.to_path_buf();
            return Err(RecordsFileError::NoDirectory { path, directory });
        }
        Ok(RecordsFile { path, format, file: None })
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The format the games are written in.
    #[must_use]
    pub const fn format(&self) -> Format {
        self.format
    }

    /// The games the file holds, in its order (none if it does not exist):
    /// what a resume has played.
    ///
    /// # Errors
    /// [`RecordsFileError::Open`]: the file cannot be opened;
    /// [`RecordsFileError::Read`]: one of its games does not read (named by
    /// file, game, line and column), or the rest cannot be read.
    pub fn read_games(&self) -> Result<Vec<Record>, RecordsFileError> {
        if !self.path.exists() {
            return Ok(Vec::new());
        }
        let games =
            reversi_notation::open_with(&self.path, None, ReadOptions::default()).map_err(RecordsFileError::Open)?;
        games.collect::<Result<Vec<_>, _>>().map_err(RecordsFileError::Read)
    }

    /// Refuses a file that already holds something, for a match or
    /// tournament that does not resume it: its games would be mixed with
    /// another's.
    ///
    /// # Errors
    /// [`RecordsFileError::Exists`] when the file is there and not empty.
    pub fn check_unused(&self) -> Result<(), RecordsFileError> {
        if std::fs::metadata(&self.path).is_ok_and(|m| m.is_file() && m.len() > 0) {
            return Err(RecordsFileError::Exists { path: self.path.clone() });
        }
        Ok(())
    }

    /// Appends `record` to the file, creating it at the first game, and
    /// flushes it: a game that ended is on disk before the next is told.
    ///
    /// # Errors
    /// [`RecordsFileError::Write`]: the format cannot hold the game, or the
    /// file cannot be created or written.
    pub fn append(&mut self, record: &Record) -> Result<(), RecordsFileError> {
        let failed = |path: &Path, message: String| RecordsFileError::Write { path: path.to_path_buf(), message };
        let bytes = reversi_notation::write(self.format, std::slice::from_ref(record))
            .map_err(|e| failed(&self.path, e.to_string()))?;
        let file = match &mut self.file {
            Some(file) => file,
            None => {
                let opened = OpenOptions::new().create(true).append(true).open(&self.path);
                self.file.insert(opened.map_err(|e| failed(&self.path, e.to_string()))?)
            }
        };
        file.write_all(&bytes).and_then(|()| file.flush()).map_err(|e| failed(&self.path, e.to_string()))
    }
}

#[cfg(unix)]
fn file_kind(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn file_kind(_kind: &std::fs::FileType) -> &'static str {
    "not a regular file"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("reversi-records-file-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_format_is_the_given_one_else_the_extension_else_ggf() {
        let dir = scratch("format");
        assert_eq!(RecordsFile::new(dir.join("a.pgn"), None, false).unwrap().format(), Format::Pgn);
        assert_eq!(RecordsFile::new(dir.join("a.txt"), None, false).unwrap().format(), Format::Transcript);
        assert_eq!(RecordsFile::new(dir.join("a"), None, false).unwrap().format(), Format::Ggf);
        assert_eq!(RecordsFile::new(dir.join("a.pgn"), Some(Format::Ggf), true).unwrap().format(), Format::Ggf);
        let wthor = RecordsFile::new(dir.join("a.wtb"), None, false).unwrap_err();
        assert!(matches!(wthor, RecordsFileError::Format(RecordsFormatError::NotAppendable(_))), "{wthor}");
        let resume = RecordsFile::new(dir.join("a.txt"), None, true).unwrap_err();
        assert!(matches!(resume, RecordsFileError::Format(RecordsFormatError::NoRound(_))), "{resume}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn directories_and_missing_directories_are_refused() {
        let dir = scratch("paths");
        let e = RecordsFile::new(&dir, None, false).unwrap_err();
        assert!(matches!(e, RecordsFileError::NotAFile { what: "a directory", .. }), "{e}");
        let e = RecordsFile::new(dir.join("missing/a.pgn"), None, false).unwrap_err();
        assert!(matches!(&e, RecordsFileError::NoDirectory { directory, .. } if directory.ends_with("missing")), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn games_appended_one_at_a_time_read_back_in_order() {
        let dir = scratch("append");
        for name in ["games.pgn", "games.ggf"] {
            let path = dir.join(name);
            let mut file = RecordsFile::new(&path, None, true).unwrap();
            assert!(file.read_games().unwrap().is_empty());
            assert!(!path.exists(), "nothing is created before the first game");
            let mut records = Vec::new();
            for round in 1..=3 {
                let mut record = Record::new();
                record.moves.push(reversi_notation::Ply::new("f5".parse().unwrap()));
                record.extra.push(("Round".into(), round.to_string()));
                file.append(&record).unwrap();
                records.push(record);
            }
            let read = file.read_games().unwrap();
            let rounds: Vec<_> = read.iter().map(|r| r.get("Round").unwrap().to_string()).collect();
            assert_eq!(rounds, ["1", "2", "3"], "{name}");
            assert!(matches!(file.check_unused(), Err(RecordsFileError::Exists { .. })));
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_game_that_does_not_read_is_named() {
        let dir = scratch("bad");
        let path = dir.join("games.pgn");
        std::fs::write(&path, "[Black \"A\"]\n\n1. f5 z0 *\n").unwrap();
        let e = RecordsFile::new(&path, None, true).unwrap().read_games().unwrap_err();
        assert!(matches!(&e, RecordsFileError::Read(_)) && e.to_string().contains("games.pgn"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
