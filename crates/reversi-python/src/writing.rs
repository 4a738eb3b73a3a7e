//! `reversi_rules.write` and `reversi_rules.convert`: games written in any
//! format through reversi-notation's writers, one game at a time.
//!
//! A path is written all or nothing (reversi-notation's [`Outputs`], as the
//! CLI writes: symbolic links followed, devices and FIFOs written through):
//! to a temporary file beside it, renamed over it once every game is written (WTHOR
//! with its name files `STEM.JOU` and `STEM.TRN`, which a `.wtb` named
//! `WTHOR` would share with other databases: refused unless
//! `replace_names`). A binary file object receives the bytes as they come
//! (every format but WTHOR, whose header counts its games). What a format
//! cannot hold is said: the warnings returned, as the CLI prints them.

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use reversi_notation::wthor::{self, TargetError};
use reversi_notation::{EncodeError, Encoder, Format, Losses, OutputError, Outputs, Record};

use crate::errors::record_error;
use crate::records::{Game, Skipped, open_source, parse_errors};

/// The format named, else the one of `target`'s extension.
fn format_of(format: Option<&str>, target: Option<&Path>) -> PyResult<Format> {
    if let Some(name) = format {
        return name.parse().map_err(|e: reversi_notation::ParseFormatError| PyValueError::new_err(e.to_string()));
    }
    target
        .and_then(|t| t.extension())
        .and_then(OsStr::to_str)
        .and_then(Format::from_extension)
        .ok_or_else(|| PyValueError::new_err("format= is needed: no format is known by this target's extension"))
}

/// The error of an encoder: a game the format cannot hold is a
/// `RecordError`, a failed output an `OSError`.
fn encode_error(e: EncodeError) -> PyErr {
    match e {
        EncodeError::Io(e) => e.into(),
        e => record_error(e),
    }
}

/// `paths` to write all or nothing; a directory is refused.
fn outputs(paths: &[PathBuf]) -> PyResult<Outputs> {
    Outputs::create(paths).map_err(output_error)
}

/// An output's failure, naming the path: a `ValueError` for a directory,
/// else the `OSError` of its kind.
pub(crate) fn output_error(e: OutputError) -> PyErr {
    match e.source.kind() {
        std::io::ErrorKind::IsADirectory => PyValueError::new_err(e.to_string()),
        kind => std::io::Error::new(kind, e.to_string()).into(),
    }
}

/// Where the games go.
enum Target<'py> {
    Path(PathBuf),
    File(Bound<'py, PyAny>),
}

/// Checks a WTHOR target before anything is written: not named like its
/// own name files, and not over the shared `WTHOR.JOU`/`WTHOR.TRN` unless
/// `replace_names`.
fn check_wthor(path: &Path, replace_names: bool) -> PyResult<()> {
    wthor::check_target(path, replace_names).map_err(|e| {
        PyValueError::new_err(match e {
            TargetError::SharedNames { .. } => format!(
                "{}: {e}: pass replace_names=True to replace them, or give the games another name",
                path.display()
            ),
            _ => format!("{}: {e}", path.display()),
        })
    })
}

/// Writes `games` to `target` in `format`; the warnings of what it could not
/// hold.
fn write_all(
    py: Python<'_>,
    games: impl Iterator<Item = PyResult<Record>>,
    target: &Target<'_>,
    format: Format,
    replace_names: bool,
) -> PyResult<Vec<String>> {
    let losses: Losses = match target {
        Target::Path(path) if format == Format::Wthor => {
            check_wthor(path, replace_names)?;
            let mut files = outputs(&wthor::database_files(path))?;
            let mut writer = wthor::Writer::new();
            for record in games {
                writer.push(&record?, files.file(0)).map_err(encode_error)?;
            }
            let (names, losses) = writer.finish(files.file(0)).map_err(encode_error)?;
            files.write(1, |file| file.write_all(&names.players)).map_err(output_error)?;
            files.write(2, |file| file.write_all(&names.tournaments)).map_err(output_error)?;
            files.commit().map_err(output_error)?;
            losses
        }
        Target::Path(path) => {
            let mut files = outputs(std::slice::from_ref(path))?;
            let mut encoder = Encoder::new(format);
            for record in games {
                encoder.push(&record?, files.file(0)).map_err(encode_error)?;
            }
            let losses = encoder.finish(files.file(0)).map_err(encode_error)?;
            files.commit().map_err(output_error)?;
            losses
        }
        Target::File(_) if format == Format::Wthor => {
            return Err(PyValueError::new_err(
                "WTHOR is written to a path: its header counts the games and its names go to STEM.JOU and STEM.TRN",
            ));
        }
        Target::File(file) => {
            let mut encoder = Encoder::new(format);
            let mut bytes = Vec::new();
            for record in games {
                bytes.clear();
                encoder.push(&record?, &mut bytes).map_err(encode_error)?;
                file.call_method1("write", (PyBytes::new(py, &bytes),))?;
            }
            bytes.clear();
            let losses = encoder.finish_unseekable(&mut bytes).map_err(encode_error)?;
            file.call_method1("write", (PyBytes::new(py, &bytes),))?;
            losses
        }
    };
    Ok(losses.warnings())
}

/// The target of `target`: a path, or an object with `write` (binary).
fn target_of<'py>(target: &Bound<'py, PyAny>) -> PyResult<Target<'py>> {
    if target.hasattr("write")? { Ok(Target::File(target.clone())) } else { Ok(Target::Path(target.extract()?)) }
}

/// Writes `games` (an iterable of `Game`) to `target` (a path, or a binary
/// file object) in `format` (else from the path's extension); the warnings
/// of what the format could not hold.
#[pyfunction]
#[pyo3(signature = (games, target, format=None, *, replace_names=false))]
pub(crate) fn write(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    format: Option<&str>,
    replace_names: bool,
) -> PyResult<Vec<String>> {
    let target = target_of(target)?;
    let path = match &target {
        Target::Path(p) => Some(p.as_path()),
        Target::File(_) => None,
    };
    let format = format_of(format, path)?;
    let records = games.try_iter()?.map(|game| Ok(game?.cast::<Game>()?.get().record().clone()));
    write_all(py, records, &target, format, replace_names)
}

/// Reads `source` (as `read` does) and writes its games to `target` (as
/// `write` does), one game at a time; the warnings. With `errors="skip"` a
/// game that does not read is left out and said among the warnings: the
/// first [`KEPT_MESSAGES`](crate::records::KEPT_MESSAGES), then how many
/// more.
#[pyfunction]
#[pyo3(signature = (source, target, format=None, *, errors="raise", replace_names=false))]
pub(crate) fn convert(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    format: Option<&str>,
    errors: &str,
    replace_names: bool,
) -> PyResult<Vec<String>> {
    let skip = parse_errors(errors)?;
    let target = target_of(target)?;
    if let (Target::Path(out), false) = (&target, source.hasattr("read")?) {
        let input: PathBuf = source.extract()?;
        if let (Ok(a), Ok(b)) = (std::fs::canonicalize(&input), std::fs::canonicalize(out))
            && a == b
        {
            return Err(PyValueError::new_err(format!("{}: this is the input: write to another file", out.display())));
        }
    }
    let path = match &target {
        Target::Path(p) => Some(p.as_path()),
        Target::File(_) => None,
    };
    let format = format_of(format, path)?;
    let mut reader = open_source(source)?;
    let mut skipped = Skipped::default();
    let records = std::iter::from_fn(|| {
        loop {
            match reader.next()? {
                Ok(record) => return Some(Ok(record)),
                Err(e) if skip && !e.is_fatal() => skipped.push(|| e.to_string()),
                Err(e) => return Some(Err(record_error(e))),
            }
        }
    });
    let mut warnings = write_all(py, records, &target, format, replace_names)?;
    warnings.extend(skipped.warnings());
    Ok(warnings)
}
