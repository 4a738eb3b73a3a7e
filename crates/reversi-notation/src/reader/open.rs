//! [`open`]: a record file by its path, its format from its extension or its
//! content, WTHOR's names from the files beside it.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use super::{Reader, SNIFF_BYTES};
use crate::{Format, ReadError, ReadOptions, RecordError, wthor};

/// Opens a record file to read its games one at a time ([`Reader`]), named
/// in errors by its path: the format its extension names
/// ([`Format::from_extension`]), else the one its head ([`Format::DETECT_BYTES`]) looks like
/// ([`Format::detect`]: text that no format recognises is refused); a WTHOR file's player and tournament names from the
/// name files beside it ([`wthor_name_files`]).
///
/// ```no_run
/// for game in reversi_notation::open("data/wthor/WTH_1980.wtb")? {
///     match game {
///         Ok(game) => println!("{} - {}", game.black.unwrap_or_default(), game.white.unwrap_or_default()),
///         Err(e) => eprintln!("{e}"), // FILE:LINE:COL: game N: ..., then the next game
///     }
/// }
/// # Ok::<(), reversi_notation::RecordError>(())
/// ```
///
/// A name file is read only when it is a regular file: one found by its
/// name that is a FIFO (which would wait for a writer for ever), a device or
/// a directory is refused, unopened, with an error naming it.
///
/// # Errors
/// [`RecordError`] when the file (or a name file) cannot be opened or read,
/// it is of no known format ([`ReadError::UnknownFormat`]), a name file is
/// not a regular file, or a name file does not read.
pub fn open(path: impl AsRef<Path>) -> Result<Reader<Box<dyn BufRead + Send>>, RecordError> {
    open_with(path.as_ref(), None, ReadOptions::new())
}

/// [`open`] with a format (`None`: from the extension, else the content)
/// and options (the game and board of transcripts and position files).
///
/// # Errors
/// As [`open`].
pub fn open_with(
    path: impl AsRef<Path>,
    format: Option<Format>,
    options: ReadOptions,
) -> Result<Reader<Box<dyn BufRead + Send>>, RecordError> {
    let path = path.as_ref();
    let name: std::sync::Arc<str> = path.display().to_string().into();
    let failed = |file: &Path, kind: ReadError| RecordError {
        file: Some(if file == path { name.clone() } else { file.display().to_string().into() }),
        game: None,
        kind,
    };
    let file = File::open(path).map_err(|e| failed(path, ReadError::io(&e)))?;
    let reader: Box<dyn BufRead + Send> = Box::new(BufReader::with_capacity(SNIFF_BYTES, file));
    let mut games = match format {
        Some(format) => Reader::new(format, reader, options),
        None => Reader::detected(reader, Some(&name), options).map_err(|e| failed(path, e.kind))?,
    };
    games.files.push(path.to_path_buf());
    if games.format() == Format::Wthor {
        let (players, tournaments) = wthor_name_files(path);
        let load = |file: &Option<PathBuf>, kind: wthor::Names| -> Result<Vec<String>, RecordError> {
            let Some(file) = file else { return Ok(Vec::new()) };
            // Found by its name, not asked for: a FIFO (opened, it waits for
            // a writer for ever), a device or a directory is refused unopened.
            let metadata = std::fs::metadata(file).map_err(|e| failed(file, ReadError::io(&e)))?;
            if !metadata.is_file() {
                return Err(failed(file, not_regular()));
            }
            // Read in the bound of its header's count, whatever its length.
            let input = File::open(file).map_err(|e| failed(file, ReadError::io(&e)))?;
            if !input.metadata().is_ok_and(|m| m.is_file()) {
                return Err(failed(file, not_regular()));
            }
            wthor::read_names_from(BufReader::new(input), kind).map_err(|e| failed(file, ReadError::Wthor(e)))
        };
        let names = (load(&players, wthor::Names::Players)?, load(&tournaments, wthor::Names::Tournaments)?);
        games = games.wthor_names(names.0, names.1);
        games.files.extend(players.into_iter().chain(tournaments));
    }
    Ok(games.named(name))
}

/// The error of a WTHOR name file that is not a regular file.
fn not_regular() -> ReadError {
    ReadError::Io {
        kind: std::io::ErrorKind::InvalidInput,
        message: "not a regular file (a FIFO, a device or a directory): WTHOR names are read from regular files only"
            .into(),
    }
}

/// The name files of a `.wtb` file: for each of `.JOU` (players) and `.TRN`
/// (tournaments), `<stem>.JOU` beside it, else `WTHOR.JOU` in the same
/// directory. The extension may be in any case, and so may `WTHOR`; the stem
/// must match as written (as the system spells it, UTF-8 or not). `None`
/// where there is no such file.
#[must_use]
pub fn wthor_name_files(wtb: &Path) -> (Option<PathBuf>, Option<PathBuf>) {
    // `x.wtb` has the parent "": list ".", name the files `WTHOR.JOU`.
    let dir = wtb.parent().unwrap_or(Path::new(""));
    let listed = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    // Names compared as the system spells them: a stem that is not UTF-8
    // still finds its own files.
    let stem = wtb.file_stem().unwrap_or_default();
    let mut entries: Vec<std::ffi::OsString> = std::fs::read_dir(listed)
        .map(|list| list.filter_map(|e| Some(e.ok()?.file_name())).collect())
        .unwrap_or_default();
    // Sorted, so that of `x.JOU` and `x.jou` the choice does not depend on the
    // directory's order (upper case sorts first).
    entries.sort();
    let find = |extension: &str| {
        let named = |wanted: &OsStr| {
            entries.iter().find(|entry| {
                let entry = Path::new(entry);
                let (Some(s), Some(e)) = (entry.file_stem(), entry.extension()) else { return false };
                e.to_str().is_some_and(|e| e.eq_ignore_ascii_case(extension))
                    && (s == wanted || wanted == "WTHOR" && s.to_str().is_some_and(|s| s.eq_ignore_ascii_case("WTHOR")))
            })
        };
        named(stem).or_else(|| named(OsStr::new("WTHOR"))).map(|entry| dir.join(entry))
    };
    (find("JOU"), find("TRN"))
}

/// The record files under the directory `dir`: the files whose extension
/// names a format ([`Format::from_extension`], any case), walked recursively
/// and sorted by path, so that the order is the same on every run whatever
/// the order the system lists them in. Other files are skipped. Symbolic
/// links to directories are not followed (a link loop cannot hang the walk);
/// a link to a file counts as a file. What the CLI's `reversi replay DIR`
/// and Python's `read(DIR)` and `dataset(DIR)` read.
///
/// ```
/// let files = reversi_notation::record_files(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/wthor"))?;
/// assert!(files.iter().all(|f| f.extension().is_some_and(|e| e.eq_ignore_ascii_case("wtb"))));
/// assert!(files.is_sorted() && files.len() >= 9);
/// # Ok::<(), reversi_notation::RecordError>(())
/// ```
///
/// # Errors
/// [`RecordError`] naming the directory: one that cannot be listed
/// ([`ReadError::Io`] with the system's error), or none found in it
/// ([`ReadError::Io`] of kind `NotFound`, naming the extensions looked for).
pub fn record_files(dir: impl AsRef<Path>) -> Result<Vec<PathBuf>, RecordError> {
    let dir = dir.as_ref();
    let failed =
        |path: &Path, kind: ReadError| RecordError { file: Some(path.display().to_string().into()), game: None, kind };
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        let io = |e: std::io::Error| failed(&next, ReadError::io(&e));
        for entry in std::fs::read_dir(&next).map_err(io)? {
            let entry = entry.map_err(io)?;
            let path = entry.path();
            let kind = entry.file_type().map_err(|e| failed(&path, ReadError::io(&e)))?;
            let named = path.extension().and_then(OsStr::to_str).and_then(Format::from_extension).is_some();
            if kind.is_dir() {
                pending.push(path);
            } else if named && (kind.is_file() || kind.is_symlink() && path.is_file()) {
                files.push(path);
            }
        }
    }
    if files.is_empty() {
        let extensions = Format::ALL.map(|f| format!(".{}", f.extensions()[0])).join(" ");
        let message = format!("a directory without record files ({extensions})");
        return Err(failed(dir, ReadError::Io { kind: std::io::ErrorKind::NotFound, message }));
    }
    files.sort();
    Ok(files)
}
