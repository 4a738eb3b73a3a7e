//! The `out=` arrays of `Batch`: an array the caller gives is written in
//! place only when it is exactly what a new one would be, a NumPy array of
//! the dtype, the shape and C order (rows one after the other), writable;
//! anything else is refused, naming what was wanted, before anything is
//! written. A wrong type or dtype raises `TypeError`; a wrong shape, another
//! order (Fortran order, a strided view) or an array that is not writable
//! raises `ValueError`.

use numpy::ndarray::{Dimension, IntoDimension};
use numpy::{Element, PyArray, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

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
