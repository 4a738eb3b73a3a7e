//! `reversi_rules.write` and `reversi_rules.convert`: games written in any
//! format through reversi-notation's writers, one game at a time.
//!
//! A path is written by reversi-notation's [`write_path`], as the CLI writes
//! one: all or nothing (a temporary file beside it, renamed over it once
//! every game is written; symbolic links followed, devices and FIFOs written
//! through), WTHOR with its name files `STEM.JOU` and `STEM.TRN` (which a
//! `.wtb` named `WTHOR` would share with other databases: refused unless
//! `replace_names`), never over the file converted. A conversion gives each
//! game as reversi-notation's [`convert_record`] says, as `reversi convert`
//! does: the same bytes. A binary file object receives the bytes as they
//! come (every format but WTHOR, whose header counts its games). What a
//! format cannot hold is said: the warnings returned, as the CLI prints them.

use std::path::{Path, PathBuf};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use reversi_notation::{
    Encoder, Format, Losses, OutputFormatError, ParseFormatError, PathOptions, Record, convert_record, write_path,
};

use crate::args::FilePath;
use crate::errors::{encode_error, illegal, path_error, record_error};
use crate::records::{PyRecord, Skipped, open_source, parse_errors};

/// The format named, else the one of `target`'s extension
/// ([`Format::for_output`]).
fn format_of(format: Option<&str>, target: Option<&Path>) -> PyResult<Format> {
    let given = match format {
        Some(name) => Some(name.parse().map_err(|e: ParseFormatError| PyValueError::new_err(e.to_string()))?),
        None => None,
    };
    Format::for_output(target, given, None).map_err(|e| match e {
        OutputFormatError::PathOnly { .. } => PyValueError::new_err(e.to_string()),
        e => PyValueError::new_err(format!("format= is needed: {e}")),
    })
}

/// Where the games go.
enum Target<'py> {
    Path(PathBuf),
    File(Bound<'py, PyAny>),
}

/// Writes `games` to `target` in `format`; the warnings of what it could not
/// hold.
fn write_all(
    py: Python<'_>,
    games: impl Iterator<Item = PyResult<Record>>,
    target: &Target<'_>,
    format: Format,
    (inputs, replace_names): (&[PathBuf], bool),
) -> PyResult<Vec<String>> {
    let losses: Losses = match target {
        Target::Path(path) => {
            let options = PathOptions::new().inputs(inputs).replace_names(replace_names);
            write_path(path, format, games, &options).map_err(|e| path_error(path, e))?
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
    if target.hasattr("write")? {
        Ok(Target::File(target.clone()))
    } else {
        Ok(Target::Path(target.extract::<FilePath>()?.get()))
    }
}

/// Writes `games` (an iterable of `Record`) to `target` (a path, or a binary
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
    let records = games.try_iter()?.map(|game| Ok(game?.cast::<PyRecord>()?.get().record().clone()));
    write_all(py, records, &target, format, (&[], replace_names))
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
    let inputs: Vec<PathBuf> =
        if source.hasattr("read")? { Vec::new() } else { vec![source.extract::<FilePath>()?.get()] };
    let path = match &target {
        Target::Path(p) => Some(p.as_path()),
        Target::File(_) => None,
    };
    let format = format_of(format, path)?;
    let mut reader = open_source(source)?;
    let passes = reader.format().passes();
    let mut skipped = Skipped::default();
    // Each game read, then replayed and given as `reversi convert` gives it.
    let records = std::iter::from_fn(|| {
        loop {
            match reader.next()? {
                Ok(record) => match convert_record(record, passes, format) {
                    Ok(record) => return Some(Ok(record)),
                    Err(e) if skip => skipped.push(|| e.to_string()),
                    Err(e) => return Some(Err(illegal(e.to_string()))),
                },
                Err(e) if skip && !e.is_fatal() => skipped.push(|| e.to_string()),
                Err(e) => return Some(Err(record_error(e))),
            }
        }
    });
    let mut warnings = write_all(py, records, &target, format, (&inputs, replace_names))?;
    warnings.extend(skipped.warnings());
    Ok(warnings)
}
