//! Arguments taken as Python's own functions take them, where pyo3's
//! conversions differ: [`Unsigned`] refuses a negative `int` with
//! `ValueError` (as `int.to_bytes(-1)` does; pyo3 raises `OverflowError`;
//! a value too large for the type stays `OverflowError`), and [`FilePath`]
//! refuses a path with a NUL byte with `ValueError` (as `open` does; the
//! system call would fail with `OSError`). Every unsigned parameter and every
//! file path of the package is one of them: one mapping each. [`BackendArg`]
//! is the `backend=` of `perft`, `count_shard` and the solves: the names of
//! the CLI's `--backend`, refused as it refuses them.

use std::path::PathBuf;

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use reversi_core::Backend;

/// An unsigned argument (`usize`, `u64`, `u32`, ...).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unsigned<T>(pub(crate) T);

impl<T> Unsigned<T> {
    /// The value.
    pub(crate) fn get(self) -> T {
        self.0
    }
}

impl<'a, 'py, T> FromPyObject<'a, 'py> for Unsigned<T>
where
    T: for<'b> FromPyObject<'b, 'py>,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<T>().map_err(Into::into) {
            Ok(value) => Ok(Unsigned(value)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) && obj.lt(0).unwrap_or(false) => {
                Err(PyValueError::new_err(format!("expected a non-negative integer, found {}", &*obj)))
            }
            Err(e) => Err(e),
        }
    }
}

/// A file's path (`str` or `os.PathLike`).
#[derive(Clone, Debug)]
pub(crate) struct FilePath(pub(crate) PathBuf);

impl FilePath {
    /// The path.
    pub(crate) fn get(self) -> PathBuf {
        self.0
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for FilePath {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let path: PathBuf = obj.extract()?;
        if path.as_os_str().as_encoded_bytes().contains(&0) {
            return Err(PyValueError::new_err("embedded null byte"));
        }
        Ok(FilePath(path))
    }
}

/// A move generator's build by name (`"auto"`, `"portable"`, `"x86-64-v3"`,
/// `"x86-64-v4"`), as reversi-core's [`Backend::from_name`] reads it: an
/// unknown name, or a build this CPU cannot run, is a `ValueError`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BackendArg(Backend);

impl BackendArg {
    /// `"auto"`: the fastest build this CPU runs.
    pub(crate) fn auto() -> BackendArg {
        BackendArg(Backend::detect())
    }

    /// The build.
    pub(crate) fn get(self) -> Backend {
        self.0
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for BackendArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let Ok(name) = obj.extract::<String>() else {
            return Err(PyTypeError::new_err(format!(
                "backend: expected a str (auto, portable, x86-64-v3, x86-64-v4), found {}",
                obj.get_type().name()?
            )));
        };
        Backend::from_name(&name).map(BackendArg).map_err(|e| PyValueError::new_err(format!("backend {name:?}: {e}")))
    }
}
