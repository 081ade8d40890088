//! JSON values (the command line's output objects) as Python objects.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde_json::Value;

/// `value` (a typed report, or a part of one) as the Python object `json.loads` gives for
/// its JSON text, every dict's keys in sorted order, as the JSON the command line prints.
pub fn to_py<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| crate::api_error::gametree_error(format!("internal error: {e}")))?;
    let sorted = py.eval(c"lambda pairs: dict(sorted(pairs))", None, None)?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("object_pairs_hook", sorted)?;
    Ok(py
        .import("json")?
        .call_method("loads", (text,), Some(&kwargs))?
        .unbind())
}

/// `value` as the Python object `json.loads` would give: `None`, `bool`, `int`, `float`,
/// `str`, `list` or `dict` (keys in the order of the JSON object).
pub fn json_to_py(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_py_any(py)?
            } else if let Some(u) = n.as_u64() {
                u.into_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?
            }
        }
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// An integer keyword argument of any size. Python's `int` has no bound, and PyO3's
/// conversion to `i64` raises a bare `OverflowError` that names no keyword; this keeps any
/// `int` (held at the ends of `i128` beyond them), so the range check that follows names the
/// keyword and its range in a `GametreeError`. A value that is not an `int` is a `TypeError`
/// as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(v) => Ok(Int(v)),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) => {
                Ok(Int(if obj.lt(0)? { i128::MIN } else { i128::MAX }))
            }
            Err(e) => Err(e),
        }
    }
}

impl Int {
    /// The value if it lies in `lo..=hi`, else the one-line error naming `name`
    /// (`depth=18446744073709551616: must be between 0 and 100000`).
    pub fn within(self, name: &str, lo: i128, hi: i128) -> Result<u64, String> {
        let Int(v) = self;
        if (lo..=hi).contains(&v) {
            u64::try_from(v).map_err(|_| format!("{name}={v}: must be between {lo} and {hi}"))
        } else if v == i128::MAX || v == i128::MIN {
            Err(format!(
                "{name}: {} beyond 128 bits; must be between {lo} and {hi}",
                if v > 0 {
                    "a number"
                } else {
                    "a negative number"
                }
            ))
        } else {
            Err(format!("{name}={v}: must be between {lo} and {hi}"))
        }
    }
}
