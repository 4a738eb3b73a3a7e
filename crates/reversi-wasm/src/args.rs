//! The exports' arguments and errors. The arguments are taken as JS values
//! and checked: a value of the wrong type is a `TypeError` naming the
//! function and the argument, a number out of range a `RangeError`, never a
//! value passed on unchecked (wasm-bindgen's own conversions read a number
//! given for a string as a pointer, and the instance traps). A library's
//! error is an `Error` carrying its message ([`js_error`]).

use wasm_bindgen::prelude::*;

/// A `TypeError` saying that `what` (`Position.play: move`) must be
/// `expected`, and what it was.
pub(crate) fn type_error(what: &str, expected: &str, found: &JsValue) -> JsValue {
    js_sys::TypeError::new(&format!("{what} must be {expected}, found {}", kind(found))).into()
}

/// A library's error as a JS exception (`Error`) carrying its message.
pub(crate) fn js_error(e: impl std::fmt::Display) -> JsValue {
    wasm_bindgen::JsError::new(&e.to_string()).into()
}

/// A `RangeError` carrying `message`.
pub(crate) fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// What `value` is, as a message names it: `typeof`, or `null`, or `an array`.
fn kind(value: &JsValue) -> String {
    if value.is_null() {
        return "null".to_owned();
    }
    if js_sys::Array::is_array(value) {
        return "an array".to_owned();
    }
    if let Some(n) = value.as_f64() {
        return format!("the number {}", js_number(n));
    }
    value.js_typeof().as_string().unwrap_or_else(|| "a value".to_owned())
}

/// Whether `value` is left out (`undefined` or `null`).
fn absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// A string.
pub(crate) fn string(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| type_error(what, "a string", value))
}

/// An optional argument's value: `None` when left out, `undefined` or `null`.
fn given(value: &Option<JsValue>) -> Option<&JsValue> {
    value.as_ref().filter(|v| !absent(v))
}

/// A string, or `undefined`/`null` (or left out) for the default.
pub(crate) fn optional_string(value: &Option<JsValue>, what: &str) -> Result<Option<String>, JsValue> {
    given(value).map(|v| string(v, what)).transpose()
}

/// An array of strings, or `undefined`/`null` (or left out) for none.
pub(crate) fn optional_strings(value: &Option<JsValue>, what: &str) -> Result<Vec<String>, JsValue> {
    given(value).map_or(Ok(Vec::new()), |v| strings(v, what))
}

/// An array of strings.
pub(crate) fn strings(value: &JsValue, what: &str) -> Result<Vec<String>, JsValue> {
    let expected = "an array of strings";
    if !js_sys::Array::is_array(value) {
        return Err(type_error(what, expected, value));
    }
    let items = js_sys::Array::from(value);
    items.iter().map(|item| item.as_string().ok_or_else(|| type_error(what, expected, &item))).collect()
}

/// Bytes: a `Uint8Array`.
pub(crate) fn bytes(value: &JsValue, what: &str) -> Result<Vec<u8>, JsValue> {
    match value.dyn_ref::<js_sys::Uint8Array>() {
        Some(array) => Ok(array.to_vec()),
        None => Err(type_error(what, "a Uint8Array", value)),
    }
}

/// Bytes, or `undefined`/`null` (or left out) for none.
pub(crate) fn optional_bytes(value: &Option<JsValue>, what: &str) -> Result<Option<Vec<u8>>, JsValue> {
    given(value).map(|v| bytes(v, what)).transpose()
}

/// A whole number from 0 to `max` (a `number`; a `RangeError` when it is
/// negative, fractional, not finite or past `max`).
pub(crate) fn whole(value: &JsValue, what: &str, max: f64) -> Result<f64, JsValue> {
    let Some(n) = value.as_f64() else { return Err(type_error(what, "a number", value)) };
    if !(n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= max) {
        return Err(range_error(&format!("{what} must be a whole number from 0 to {max}, found {}", js_number(n))));
    }
    Ok(n)
}

/// `n` as JS writes it (`NaN`, `Infinity`, `-Infinity`, `1.5`).
pub(crate) fn js_number(n: f64) -> String {
    match n {
        _ if n.is_nan() => "NaN".to_owned(),
        f64::INFINITY => "Infinity".to_owned(),
        f64::NEG_INFINITY => "-Infinity".to_owned(),
        n => n.to_string(),
    }
}

/// An index (a whole number; any past the last names no item).
pub(crate) fn index(value: &JsValue, what: &str) -> Result<usize, JsValue> {
    // Past `usize::MAX` (2^32 in wasm) no list reaches: its last index.
    whole(value, what, 2f64.powi(53)).map(|n| if n >= usize::MAX as f64 { usize::MAX } else { n as usize })
}

/// A size in bytes or a count: a whole number up to 2^53.
pub(crate) fn size(value: &JsValue, what: &str) -> Result<u64, JsValue> {
    whole(value, what, 2f64.powi(53)).map(|n| n as u64)
}
