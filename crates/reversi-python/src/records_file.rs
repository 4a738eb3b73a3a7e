//! The records file of `match(output=...)` and `tournament(output=...)`:
//! reversi-engine's [`RecordsFile`], as the CLI's `-o RECORDS`, `--to` and
//! `--resume` give it, its refusals in the package's exception hierarchy.

use std::path::PathBuf;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use reversi_engine::referee::{RecordsFile, RecordsFileError};
use reversi_notation::{Format, ParseFormatError, Record};

use crate::errors::{read_error, record_error};

/// The records file `output` in `output_format` (else its extension's,
/// else GGF), and with `resume` the games it holds (none without).
pub(crate) fn records_file(
    output: Option<PathBuf>,
    output_format: Option<&str>,
    resume: bool,
) -> PyResult<(Option<RecordsFile>, Vec<Record>)> {
    let format = output_format
        .map(|name| {
            name.parse::<Format>().map_err(|e: ParseFormatError| PyValueError::new_err(format!("output_format: {e}")))
        })
        .transpose()?;
    let Some(output) = output else {
        if resume {
            return Err(PyValueError::new_err("resume: give output=, the records file to go on with"));
        }
        if format.is_some() {
            return Err(PyValueError::new_err("output_format: give output=, the records file to write"));
        }
        return Ok((None, Vec::new()));
    };
    let file = RecordsFile::new(output, format, resume).map_err(records_file_error)?;
    let records = if resume { file.read_games().map_err(records_file_error)? } else { Vec::new() };
    Ok((Some(file), records))
}

/// A records file's refusal: the format, path or an existing file a
/// `ValueError` naming the keyword; a file that cannot be opened an
/// `OSError` (`FileNotFoundError`, `PermissionError`, ...) or a
/// `RecordError` for a game that does not read, as the readers raise them;
/// a game that cannot be written an `OSError`.
pub(crate) fn records_file_error(e: RecordsFileError) -> PyErr {
    match e {
        e
        @ (RecordsFileError::Format(_) | RecordsFileError::NotAFile { .. } | RecordsFileError::NoDirectory { .. }) => {
            PyValueError::new_err(format!("output: {e}"))
        }
        RecordsFileError::Exists { path } => PyValueError::new_err(format!(
            "output: {}: the file exists: give resume=True to go on with its games, or another file",
            path.display()
        )),
        RecordsFileError::Open(e) => read_error(&e),
        RecordsFileError::Read(e) => record_error(format!("resume: {e}")),
        e => PyOSError::new_err(e.to_string()),
    }
}
