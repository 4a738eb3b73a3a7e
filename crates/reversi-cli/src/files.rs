//! Record files in and out: the format from a name, an extension or the
//! content; WTHOR name files found beside their games; output to a file (WTHOR:
//! three files) or to standard output.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter};
use std::path::{Path, PathBuf};

use reversi_notation::wthor::TargetError;
use reversi_notation::{
    EncodeError, Encoder, Format, Losses, OutputFormatError, PathError, PathOptions, ReadOptions, Reader, Record,
    RecordError, check_path, open_with, write_path,
};

use crate::Failure;
use crate::interrupt::TEMPORARY_FILES;
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

/// A file's games, read one at a time: reversi-notation's [`Reader`], with
/// what the commands need to know of the file.
pub(crate) struct Source {
    /// The file as the command line names it (`<stdin>` for `-`).
    pub(crate) name: String,
    /// The format it is read as.
    pub(crate) format: Format,
    /// The files read: the file itself and, for WTHOR, the name files used
    /// (none for standard input). An output must not overwrite them.
    pub(crate) files: Vec<PathBuf>,
    games: Reader<Box<dyn BufRead + Send>>,
}

impl Source {
    /// Its games, as reversi-notation's [`Reader`] (named as `name` says).
    pub(crate) fn into_reader(self) -> Reader<Box<dyn BufRead + Send>> {
        self.games
    }
}

impl Iterator for Source {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.games.next()
    }
}

/// Opens `path` (`-`: standard input) to read its games one at a time, in
/// the format `choice` says: with `auto`, the format the extension names,
/// else the one its head looks like ([`Format::detect`] of its first
/// [`Format::DETECT_BYTES`]), through
/// reversi-notation's one way in ([`open_with`], [`Reader::sniffed`] for
/// standard input): every format streamed game by game, WTHOR with the names
/// of the name files beside it ([`reversi_notation::wthor_name_files`]).
///
/// # Errors
/// A one-line message naming the file (the game file, or the name file at
/// fault) and the error; errors further in the file come from the iterator.
pub(crate) fn open_source(path: &Path, choice: FormatChoice, options: ReadOptions) -> Result<Source, String> {
    let named = match choice {
        FormatChoice::Named(format) => Some(format),
        FormatChoice::Auto => None,
    };
    let games = if path.as_os_str() == STDIO {
        let stdin: Box<dyn BufRead + Send> = Box::new(BufReader::with_capacity(64 * 1024, std::io::stdin()));
        let games = match named {
            Some(format) => Reader::new(format, stdin, options),
            None => Reader::sniffed(stdin, options).map_err(|e| format!("<stdin>: {}", e.kind))?,
        };
        games.named("<stdin>")
    } else {
        open_with(path, named, options).map_err(|e| e.to_string())?
    };
    let name = games.file().unwrap_or_default().to_string();
    Ok(Source { name, format: games.format(), files: games.files().to_vec(), games })
}

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

/// The record files under the directory `dir`: reversi-notation's
/// [`record_files`](reversi_notation::record_files), its error as one line.
///
/// # Errors
/// A one-line message naming the directory: one that cannot be listed, or
/// none found in it.
pub(crate) fn record_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    reversi_notation::record_files(dir).map_err(|e| e.to_string())
}

/// The output format: `--to`, else the one `out`'s extension names, else
/// `stdout_default` when `out` is standard output: reversi-notation's
/// [`Format::for_output`], its refusal with the option that settles it.
///
/// # Errors
/// A usage failure when nothing says, or when a binary format (WTHOR) would
/// go to standard output.
pub(crate) fn output_format(out: &str, to: Option<Format>, stdout_default: Option<Format>) -> Result<Format, Failure> {
    let path = (out != STDIO).then(|| Path::new(out));
    let default = if path.is_none() { stdout_default } else { None };
    Format::for_output(path, to, default).map_err(|e| match e {
        OutputFormatError::NoExtension { .. } => Failure::usage(format!("-o {e}: give --to")),
        OutputFormatError::PathOnly { .. } => Failure::usage(format!("-o {out}: {e}: give -o FILE.wtb")),
        e => Failure::usage(format!("-o {out}: {e}: give --to")),
    })
}

/// Checks, before anything is read or written, that an output to `out` in
/// `format` does not write over itself or over a file it reads: any output
/// file that is one of `inputs` (the same file, however named); then for
/// WTHOR [`check_target`](reversi_notation::wthor::check_target): games named like one of their own name
/// files (`-o games.JOU`, any case), and, unless `replace_names`
/// (`--replace-names`), games named `WTHOR.wtb` over the shared name files.
///
/// # Errors
/// A usage failure (status 2) naming the output and the clash.
pub(crate) fn check_output(out: &str, format: Format, inputs: &[PathBuf], replace_names: bool) -> Result<(), Failure> {
    if out == STDIO {
        return Ok(());
    }
    let options = PathOptions::new().inputs(inputs).replace_names(replace_names);
    check_path(Path::new(out), format, &options).map_err(|e| path_failure(out, e.widen()))
}

/// What the command adds to a refusal: the option that lifts it.
fn hint(e: &PathError) -> &'static str {
    match e {
        PathError::Wthor(TargetError::SharedNames { .. }) => {
            ": give --replace-names to replace them, or the games another name"
        }
        _ => "",
    }
}

/// The failure of `-o out`'s [`PathError`] (status 2), in the command's words.
fn path_failure(out: &str, e: PathError<Failure>) -> Failure {
    match e.narrow() {
        Err(failure) => failure,
        Ok(e @ (PathError::IsAnInput { .. } | PathError::Wthor(_))) => {
            Failure::usage(format!("-o {out}: {e}{}", hint(&e)))
        }
        Ok(e) => Failure::usage(e.to_string()),
    }
}

/// Writes `games` to `out` (`-`: `stdout`, text formats) in `format`, each as
/// it comes, and says what the format could not hold: to standard output
/// through an [`Encoder`]; to files through reversi-notation's
/// [`write_path`] (all or nothing, checked against `inputs` and for WTHOR's
/// names with `replace_names`, its temporary files removed on Ctrl-C). The
/// first game that fails, or that the format cannot hold, stops it: the
/// files are then not created (standard output keeps the games before).
///
/// # Errors
/// The failure of a game, passed on; status 2 for a game the format cannot
/// hold ([`reversi_notation::WriteError`]), an output the checks refuse or a
/// file that cannot be written; for standard output [`Failure::stdout`] (a
/// closed pipe: a quiet status 0).
pub(crate) fn write_games(
    out: &str,
    format: Format,
    (inputs, replace_names): (&[PathBuf], bool),
    games: impl IntoIterator<Item = Result<Record, Failure>>,
    stdout: &mut Stdout,
) -> Result<Losses, Failure> {
    if out == STDIO {
        let mut encoder = Encoder::new(format);
        let failed = |e| encode_failure(e, Failure::stdout);
        for record in games {
            encoder.push(&record?, stdout.writer()).map_err(failed)?;
        }
        return encoder.finish_unseekable(stdout.writer()).map_err(failed);
    }
    let options = PathOptions::new().inputs(inputs).replace_names(replace_names).tracked(&TEMPORARY_FILES);
    write_path(Path::new(out), format, games, &options).map_err(|e| path_failure(out, e))
}

/// The failure of an encoder: status 2 with the format's message for a game
/// it cannot hold, `io`'s failure for an output that fails.
fn encode_failure(e: EncodeError, io: impl FnOnce(std::io::Error) -> Failure) -> Failure {
    match e {
        EncodeError::Io(e) => io(e),
        e => Failure::usage(e.to_string()),
    }
}

/// A set of output files written all or nothing, as they are streamed:
/// [`reversi_notation::Outputs`] (temporary files beside each destination,
/// renamed over them once all are written and synced; symbolic links
/// followed; devices, FIFOs and `/dev/fd/N` written straight through), its
/// temporary files removed on Ctrl-C, SIGTERM and SIGHUP
/// ([`crate::interrupt`]), its errors failures with status 2 naming the
/// destination. WTHOR, which seeks back to its header, needs a destination
/// that can seek.
pub(crate) struct Outputs(reversi_notation::Outputs);

impl Outputs {
    /// The temporary files of `paths`, created empty.
    ///
    /// # Errors
    /// A failure with status 2 naming the destination that is a directory or
    /// whose temporary file cannot be created (the ones created before are
    /// removed).
    pub(crate) fn create(paths: &[PathBuf]) -> Result<Outputs, Failure> {
        Ok(Outputs(reversi_notation::Outputs::tracked(paths, &crate::interrupt::TEMPORARY_FILES).map_err(failed)?))
    }

    /// The `n`th file, to write to; its errors are named by [`Outputs::failed`].
    pub(crate) fn file(&mut self, n: usize) -> &mut BufWriter<File> {
        self.0.file(n)
    }

    /// The failure of an error writing the `n`th file: status 2, naming it.
    pub(crate) fn failed(&self, n: usize, e: std::io::Error) -> Failure {
        failed(self.0.error(n, e))
    }

    /// Writes out and syncs every file, then renames each over its
    /// destination, in order.
    ///
    /// # Errors
    /// A failure with status 2 naming the destination that cannot be written
    /// or renamed.
    pub(crate) fn commit(self) -> Result<(), Failure> {
        self.0.commit().map_err(failed)
    }
}

/// An output's failure: status 2, naming the destination.
fn failed(e: reversi_notation::OutputError) -> Failure {
    Failure::usage(e.to_string())
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
        assert!(
            output_format("-", Some(Format::Wthor), None).unwrap_err().message.contains("WTHOR is written to a path")
        );
    }
}
