//! Record files in and out: the format from a name, an extension or the
//! content; WTHOR name files found beside their games; output to a file (WTHOR:
//! three files) or to standard output.

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};

use reversi_notation::{Format, ReadOptions, Record, read, write, wthor};

use crate::Failure;
use crate::output::Stdout;

/// The input path that means standard input, and the output path that means
/// standard output.
pub(crate) const STDIO: &str = "-";

/// A `--format` / `--from` choice: detect, or a named format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatChoice {
    /// From the file's extension, else from its content.
    Auto,
    /// This format.
    Named(Format),
}

/// Reads `auto` or a format's name (any case).
///
/// # Errors
/// The message of [`reversi_notation::ParseFormatError`], `auto` added.
pub(crate) fn parse_format_choice(s: &str) -> Result<FormatChoice, String> {
    if s.eq_ignore_ascii_case("auto") {
        return Ok(FormatChoice::Auto);
    }
    s.parse().map(FormatChoice::Named).map_err(|e: reversi_notation::ParseFormatError| format!("{e} (or auto)"))
}

/// Reads a format's name (any case).
///
/// # Errors
/// The message of [`reversi_notation::ParseFormatError`].
pub(crate) fn parse_format(s: &str) -> Result<Format, String> {
    s.parse().map_err(|e: reversi_notation::ParseFormatError| e.to_string())
}

/// A file's games, read.
#[derive(Debug)]
pub(crate) struct Source {
    /// The file as the command line names it (`<stdin>` for `-`).
    pub(crate) name: String,
    /// The format it was read as.
    pub(crate) format: Format,
    /// The games.
    pub(crate) records: Vec<Record>,
}

/// Reads the games of `path` (`-`: standard input) in the format `choice`
/// says: with `auto`, the format the extension names, else the one the
/// content looks like ([`Format::sniff`]). A WTHOR file gets its player and
/// tournament names from [`wthor_name_files`].
///
/// # Errors
/// A one-line message naming the file (the game file, or the name file at
/// fault) and the located error.
pub(crate) fn read_source(path: &Path, choice: FormatChoice, options: ReadOptions) -> Result<Source, String> {
    let stdin = path.as_os_str() == STDIO;
    let name = if stdin { "<stdin>".to_string() } else { path.display().to_string() };
    let bytes = if stdin {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    }
    .map_err(|e| format!("{name}: {e}"))?;
    let format = match choice {
        FormatChoice::Named(format) => format,
        FormatChoice::Auto => path
            .extension()
            .and_then(OsStr::to_str)
            .filter(|_| !stdin)
            .and_then(Format::from_extension)
            .unwrap_or_else(|| Format::sniff(&bytes)),
    };
    let records = if format == Format::Wthor {
        let (players, tournaments) = if stdin { (None, None) } else { wthor_name_files(path) };
        let load = |file: Option<PathBuf>, kind: wthor::Names| -> Result<Option<Vec<u8>>, String> {
            let Some(file) = file else { return Ok(None) };
            let shown = file.display();
            let bytes = std::fs::read(&file).map_err(|e| format!("{shown}: {e}"))?;
            // Checked here so that an error names the name file, not the games.
            wthor::read_names(&bytes, kind).map_err(|e| format!("{shown}: {e}"))?;
            Ok(Some(bytes))
        };
        let players = load(players, wthor::Names::Players)?;
        let tournaments = load(tournaments, wthor::Names::Tournaments)?;
        wthor::read_records(&bytes, players.as_deref(), tournaments.as_deref()).map_err(|e| format!("{name}: {e}"))?
    } else {
        read(format, &bytes, options).map_err(|e| format!("{name}: {e}"))?
    };
    Ok(Source { name, format, records })
}

/// The name files of a `.wtb` file: for each of `.JOU` (players) and `.TRN`
/// (tournaments), `<stem>.JOU` beside it, else `WTHOR.JOU` in the same
/// directory. The extension may be in any case, and so may `WTHOR`; the stem
/// must match as written. `None` where there is no such file.
pub(crate) fn wthor_name_files(wtb: &Path) -> (Option<PathBuf>, Option<PathBuf>) {
    // `x.wtb` has the parent "": list ".", name the files `WTHOR.JOU`.
    let dir = wtb.parent().unwrap_or(Path::new(""));
    let listed = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let stem = wtb.file_stem().and_then(OsStr::to_str).unwrap_or_default();
    let mut entries: Vec<String> = std::fs::read_dir(listed)
        .map(|list| list.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    // Sorted, so that of `x.JOU` and `x.jou` the choice does not depend on the
    // directory's order (upper case sorts first).
    entries.sort();
    let find = |extension: &str| {
        let named = |wanted: &str, any_case: bool| {
            entries.iter().find(|entry| {
                entry.rsplit_once('.').is_some_and(|(s, e)| {
                    e.eq_ignore_ascii_case(extension) && (s == wanted || any_case && s.eq_ignore_ascii_case(wanted))
                })
            })
        };
        named(stem, false).or_else(|| named("WTHOR", true)).map(|entry| dir.join(entry))
    };
    (find("JOU"), find("TRN"))
}

/// The usual extensions of record files, as the messages name them. A
/// directory walk takes every file [`Format::from_extension`] knows (these,
/// any case, and its other spellings such as `.trs`); `.JOU` and `.TRN` are
/// WTHOR names, read beside their `.wtb`, not games.
pub(crate) const RECORD_EXTENSIONS: [&str; 6] = ["txt", "pgn", "ggf", "wtb", "obf", "pos"];

/// The files an input path stands for: a directory, the record files under it
/// ([`record_files`]); anything else (a file, a missing path, `-`), itself, to
/// be read or to fail then.
///
/// # Errors
/// A one-line message naming the directory that cannot be walked or holds no
/// record file.
pub(crate) fn inputs(path: &Path) -> Result<Vec<PathBuf>, String> {
    // A directory named on the command line is walked even through a symbolic
    // link: the user chose it.
    if path.as_os_str() != STDIO && path.is_dir() { record_files(path) } else { Ok(vec![path.to_path_buf()]) }
}

/// The record files under the directory `dir` (an extension
/// [`Format::from_extension`] knows), walked recursively and sorted by path, so
/// that the order is the same on every run whatever the order `read_dir`
/// gives. Other files are skipped. Symbolic links to directories are not
/// followed, so a link loop cannot hang the walk; a link to a file counts as a
/// file.
///
/// # Errors
/// A one-line message naming the directory: one that cannot be listed, or
/// none found in it.
pub(crate) fn record_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        let failed = |e: std::io::Error| format!("{}: {e}", next.display());
        for entry in std::fs::read_dir(&next).map_err(failed)? {
            let entry = entry.map_err(failed)?;
            let path = entry.path();
            let kind = entry.file_type().map_err(|e| format!("{}: {e}", path.display()))?;
            if kind.is_dir() {
                pending.push(path);
            } else if is_record_file(&path) && (kind.is_file() || kind.is_symlink() && path.is_file()) {
                files.push(path);
            }
        }
    }
    if files.is_empty() {
        let extensions = RECORD_EXTENSIONS.map(|e| format!(".{e}")).join(" ");
        return Err(format!("{}: a directory without record files ({extensions})", dir.display()));
    }
    files.sort();
    Ok(files)
}

/// Whether `path`'s extension names a record format (any case), as it does
/// when the file is named on the command line.
fn is_record_file(path: &Path) -> bool {
    path.extension().and_then(OsStr::to_str).and_then(Format::from_extension).is_some()
}

/// The output format: `--to`, else the one `out`'s extension names, else
/// `stdout_default` when `out` is standard output.
///
/// # Errors
/// A usage failure when nothing says, or when a binary format (WTHOR) would
/// go to standard output.
pub(crate) fn output_format(out: &str, to: Option<Format>, stdout_default: Option<Format>) -> Result<Format, Failure> {
    let stdout = out == STDIO;
    let format = match to {
        Some(format) => format,
        None if stdout => stdout_default
            .ok_or_else(|| Failure::usage("-o -: standard output has no extension to name a format: give --to"))?,
        None => {
            Path::new(out).extension().and_then(OsStr::to_str).and_then(Format::from_extension).ok_or_else(|| {
                Failure::usage(format!(
                    "-o {out}: the extension names no format: give --to or use .pgn, .ggf, .wtb, .txt, .obf or .pos"
                ))
            })?
        }
    };
    if stdout && format == Format::Wthor {
        return Err(Failure::usage("-o -: WTHOR is binary (three files): give -o FILE.wtb"));
    }
    Ok(format)
}

/// Writes `records` to `out` (`-`: `stdout`) in `format`. WTHOR writes
/// `out` and `<stem>.JOU` and `<stem>.TRN` beside it. Nothing is written
/// unless the format can hold every game.
///
/// # Errors
/// A failure with status 2: the [`reversi_notation::WriteError`] of a game the
/// format cannot hold, or a file that cannot be written; for standard output
/// [`Failure::stdout`] (a closed pipe: a quiet status 0).
pub(crate) fn write_output(out: &str, format: Format, records: &[Record], stdout: &mut Stdout) -> Result<(), Failure> {
    let cannot = |e: reversi_notation::WriteError| Failure::usage(e.to_string());
    let save = |path: &Path, bytes: &[u8]| {
        std::fs::write(path, bytes).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))
    };
    if format == Format::Wthor {
        let files = wthor::write_records(records).map_err(cannot)?;
        let path = Path::new(out);
        save(path, &files.games)?;
        save(&path.with_extension("JOU"), &files.players)?;
        return save(&path.with_extension("TRN"), &files.tournaments);
    }
    let bytes = write(format, records).map_err(cannot)?;
    if out == STDIO {
        return stdout.write_all(&bytes);
    }
    save(Path::new(out), &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_choices() {
        assert_eq!(parse_format_choice("AUTO"), Ok(FormatChoice::Auto));
        assert_eq!(parse_format_choice("Ggf"), Ok(FormatChoice::Named(Format::Ggf)));
        assert!(parse_format_choice("sgf").unwrap_err().ends_with("(or auto)"));
        assert_eq!(parse_format("wthor"), Ok(Format::Wthor));
    }

    #[test]
    fn output_formats() {
        assert_eq!(output_format("a.PGN", None, None).unwrap(), Format::Pgn);
        assert_eq!(output_format("a.pgn", Some(Format::Ggf), None).unwrap(), Format::Ggf);
        assert_eq!(output_format("-", None, Some(Format::Pgn)).unwrap(), Format::Pgn);
        assert!(output_format("-", None, None).is_err());
        assert!(output_format("a.zip", None, None).unwrap_err().message.contains("give --to"));
        assert!(output_format("-", Some(Format::Wthor), None).unwrap_err().message.contains("binary"));
    }
}
