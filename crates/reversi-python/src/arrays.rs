//! The `out=` arrays of `Batch`: an array the caller gives is written in
//! place only when it is exactly what a new one would be, a NumPy array of
//! the dtype, the shape and C order (rows one after the other), writable;
//! anything else is refused, naming what was wanted, before anything is
//! written. A wrong type or dtype raises `TypeError`; a wrong shape, another
//! order (Fortran order, a strided view) or an array that is not writable
//! raises `ValueError`.
//!
//! Besides NumPy arrays, `out` may be any object that shares its memory by
//! the buffer protocol (`bytearray`, `array.array`, a `memoryview` cast to
//! the shape) or by DLPack (`__dlpack__`: a CPU `torch.Tensor`, pinned or
//! not, a CuPy host array, ...): it is viewed as a NumPy array
//! (`numpy.asarray(memoryview(out))`, `numpy.from_dlpack(out)`), never
//! copied, and the view checked as above and returned. An export that is
//! read-only (a JAX array) is refused as a read-only array.

use numpy::ndarray::{Dimension, IntoDimension};
use numpy::{Element, PyArray, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyMemoryView;

/// The array of `out` (checked as the module docs say) or, without one, a
/// new array of zeros of `shape`. `what` names the argument in messages and
/// `dtype` the element type (`"uint8"`, ...).
pub(crate) fn out_array<'py, T: Element, D: Dimension>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    shape: impl IntoDimension<Dim = D>,
    what: &str,
    dtype: &str,
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let shape = shape.into_dimension();
    let Some(out) = out else { return Ok(PyArray::zeros(py, shape, false)) };
    let viewed;
    let out = match foreign_view(py, out, what)? {
        Some(view) => {
            viewed = view;
            &viewed
        }
        None => out,
    };
    let wanted = || format!("{what}: expected a writable, C-contiguous {dtype} array of shape {:?}", shape.slice());
    let Ok(untyped) = out.cast::<PyUntypedArray>() else {
        let found = out.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!("{}, found {found}", wanted())));
    };
    let Ok(array) = out.cast::<PyArray<T, D>>() else {
        let found = out.getattr("dtype").and_then(|d| d.str()).map_or_else(|_| "?".to_string(), |s| s.to_string());
        return Err(PyTypeError::new_err(format!(
            "{}, found a {found} array of shape {:?}",
            wanted(),
            untyped.shape()
        )));
    };
    if array.shape() != shape.slice() {
        return Err(PyValueError::new_err(format!("{}, found shape {:?}", wanted(), array.shape())));
    }
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!("{}, found an array not in C order", wanted())));
    }
    // NumPy's own flag, through rust-numpy's borrow check (no Python
    // attribute looked up: this runs on every step of a batch).
    if array.try_readwrite().is_err() {
        return Err(PyValueError::new_err(format!("{}, found a read-only array (or one in use)", wanted())));
    }
    Ok(array.clone())
}

/// A NumPy view of `out` when it is not a NumPy array but shares its memory
/// by DLPack or the buffer protocol; `None` for a NumPy array or an object
/// that does neither (refused by the caller, naming its type).
fn foreign_view<'py>(py: Python<'py>, out: &Bound<'py, PyAny>, what: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    if out.cast::<PyUntypedArray>().is_ok() {
        return Ok(None);
    }
    let numpy = py.import("numpy")?;
    if out.hasattr("__dlpack__")? {
        let view = numpy
            .call_method1("from_dlpack", (out,))
            .map_err(|e| PyTypeError::new_err(format!("{what}: its DLPack export cannot be viewed from NumPy: {e}")))?;
        return Ok(Some(view));
    }
    match PyMemoryView::from(out) {
        Ok(memory) => Ok(Some(numpy.call_method1("asarray", (memory,))?)),
        Err(_) => Ok(None),
    }
}
