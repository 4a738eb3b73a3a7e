//! `reversi_rules._native.OutputFile`: a binary file object over
//! reversi-notation's [`Outputs`], for what the package writes in Python
//! (`save_npz`'s archive) by the rules every output follows: bytes go to a
//! temporary file beside the destination, renamed over it by `commit()`
//! (symbolic links followed, devices and FIFOs written straight through);
//! closed without `commit()` (an exception, Ctrl-C), the destination is as it
//! was. A destination that is one of the call's inputs is refused before
//! anything is created. Opening, writing and committing release the GIL: a
//! FIFO blocks until its reader (perhaps a Python thread) reads.

use std::io::Write;
use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use reversi_notation::{Outputs, check_inputs};

use crate::args::FilePath;
use crate::errors::{output_error, path_error};

/// A destination written all or nothing (module docs). Write-only and
/// unseekable: `zipfile` writes to it as to a pipe.
#[pyclass(module = "reversi_rules._native", name = "OutputFile")]
pub(crate) struct OutputFile {
    path: PathBuf,
    files: Option<Outputs>,
    written: u64,
}

impl OutputFile {
    fn open(&mut self) -> PyResult<&mut Outputs> {
        let path = self.path.display();
        self.files.as_mut().ok_or_else(|| PyValueError::new_err(format!("{path}: the output is closed")))
    }
}

#[pymethods]
impl OutputFile {
    /// The destination `path`, refused (`ValueError`) when it is one of
    /// `inputs` (the same file, however named) or a directory.
    #[new]
    #[pyo3(signature = (path, inputs=Vec::new()))]
    fn py_new(py: Python<'_>, path: FilePath, inputs: Vec<FilePath>) -> PyResult<OutputFile> {
        let (path, inputs): (PathBuf, Vec<PathBuf>) = (path.get(), inputs.into_iter().map(FilePath::get).collect());
        check_inputs(&path, &inputs).map_err(|e| path_error(&path, e.widen()))?;
        let files = py.detach(|| Outputs::create(std::slice::from_ref(&path))).map_err(output_error)?;
        Ok(OutputFile { path, files: Some(files), written: 0 })
    }

    /// Writes `data` (`bytes` or `bytearray`); the number of bytes.
    fn write(&mut self, py: Python<'_>, data: PyBackedBytes) -> PyResult<usize> {
        let files = self.open()?;
        py.detach(|| files.write(0, |file| file.write_all(&data))).map_err(output_error)?;
        self.written += data.len() as u64;
        Ok(data.len())
    }

    /// Bytes written so far.
    fn tell(&self) -> u64 {
        self.written
    }

    /// Nothing to do: the bytes go out on `commit()`.
    fn flush(&mut self) -> PyResult<()> {
        self.open().map(|_| ())
    }

    fn writable(&self) -> bool {
        true
    }

    fn seekable(&self) -> bool {
        false
    }

    /// Whether it was committed or closed.
    #[getter]
    fn closed(&self) -> bool {
        self.files.is_none()
    }

    /// Syncs the bytes and renames them over the destination (or finishes
    /// writing a device or FIFO); the file is closed.
    fn commit(&mut self, py: Python<'_>) -> PyResult<()> {
        self.open()?;
        self.files.take().map_or(Ok(()), |files| py.detach(|| files.commit()).map_err(output_error))
    }

    /// Closes without committing: the temporary file is removed and the
    /// destination left as it was (nothing, after `commit()`).
    fn close(&mut self) {
        self.files = None;
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Closes; uncommitted bytes are dropped.
    fn __exit__(
        &mut self,
        _kind: Option<Bound<'_, PyAny>>,
        _value: Option<Bound<'_, PyAny>>,
        _tb: Option<Bound<'_, PyAny>>,
    ) {
        self.close();
    }
}
