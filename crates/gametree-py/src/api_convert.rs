//! Typed reports as Python objects, without JSON text in between: [`to_py`] is a serde
//! serializer that builds the objects `json.loads` would give for the report's JSON.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};

/// `value` (a typed report, or a part of one) as the Python object `json.loads` gives for
/// its JSON text: `None`, `bool`, `int`, `float`, `str`, `list` or `dict`, every dict's keys
/// in sorted order, as the JSON the command line prints. Built directly from the typed
/// value by its `Serialize` implementation (the one the JSON output uses), so a renamed
/// field renames the key here too.
pub fn to_py<T: Serialize + ?Sized>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    value.serialize(ToPy { py }).map_err(|e| e.0)
}

/// A failure while building the objects: a Python error, or a serde error (as a
/// `GametreeError` saying it is internal).
#[derive(Debug)]
pub struct ConvertError(PyErr);

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ConvertError {}

impl ser::Error for ConvertError {
    fn custom<M: std::fmt::Display>(msg: M) -> ConvertError {
        ConvertError(crate::api_error::gametree_error(format!(
            "internal error: {msg}"
        )))
    }
}

impl From<PyErr> for ConvertError {
    fn from(e: PyErr) -> ConvertError {
        ConvertError(e)
    }
}

type Out = Result<Py<PyAny>, ConvertError>;

/// The serializer: one Python object per serialized value.
#[derive(Clone, Copy)]
struct ToPy<'py> {
    py: Python<'py>,
}

impl ToPy<'_> {
    fn obj<T: for<'a> IntoPyObject<'a>>(self, v: T) -> Out {
        Ok(v.into_py_any(self.py)?)
    }

    /// A dict of `pairs`, keys in sorted order (JSON's objects are written sorted).
    fn dict(self, mut pairs: Vec<(String, Py<PyAny>)>) -> Out {
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        let dict = PyDict::new(self.py);
        for (k, v) in pairs {
            dict.set_item(k, v)?;
        }
        Ok(dict.into_any().unbind())
    }

    /// `{variant: value}`, the JSON of an enum variant with data.
    fn tagged(self, variant: &str, value: Py<PyAny>) -> Out {
        self.dict(vec![(variant.to_string(), value)])
    }
}

/// A list being built (sequences, tuples; an enum's tuple variant carries its name).
struct Seq<'py> {
    to: ToPy<'py>,
    items: Vec<Py<PyAny>>,
    variant: Option<&'static str>,
}

impl Seq<'_> {
    fn push<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), ConvertError> {
        self.items.push(v.serialize(self.to)?);
        Ok(())
    }

    fn finish(self) -> Out {
        let list = PyList::new(self.to.py, self.items)?.into_any().unbind();
        match self.variant {
            None => Ok(list),
            Some(v) => self.to.tagged(v, list),
        }
    }
}

/// A dict being built (maps, structs; an enum's struct variant carries its name).
struct Map<'py> {
    to: ToPy<'py>,
    pairs: Vec<(String, Py<PyAny>)>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl Map<'_> {
    fn finish(self) -> Out {
        let dict = self.to.dict(self.pairs)?;
        match self.variant {
            None => Ok(dict),
            Some(v) => self.to.tagged(v, dict),
        }
    }
}

impl<'py> ser::Serializer for ToPy<'py> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    type SerializeSeq = Seq<'py>;
    type SerializeTuple = Seq<'py>;
    type SerializeTupleStruct = Seq<'py>;
    type SerializeTupleVariant = Seq<'py>;
    type SerializeMap = Map<'py>;
    type SerializeStruct = Map<'py>;
    type SerializeStructVariant = Map<'py>;

    fn serialize_bool(self, v: bool) -> Out {
        self.obj(v)
    }
    fn serialize_i8(self, v: i8) -> Out {
        self.obj(v)
    }
    fn serialize_i16(self, v: i16) -> Out {
        self.obj(v)
    }
    fn serialize_i32(self, v: i32) -> Out {
        self.obj(v)
    }
    fn serialize_i64(self, v: i64) -> Out {
        self.obj(v)
    }
    fn serialize_i128(self, v: i128) -> Out {
        self.obj(v)
    }
    fn serialize_u8(self, v: u8) -> Out {
        self.obj(v)
    }
    fn serialize_u16(self, v: u16) -> Out {
        self.obj(v)
    }
    fn serialize_u32(self, v: u32) -> Out {
        self.obj(v)
    }
    fn serialize_u64(self, v: u64) -> Out {
        self.obj(v)
    }
    fn serialize_u128(self, v: u128) -> Out {
        self.obj(v)
    }
    fn serialize_f32(self, v: f32) -> Out {
        self.serialize_f64(f64::from(v))
    }
    /// A float; one that is not finite is `None`, as JSON writes it (`null`).
    fn serialize_f64(self, v: f64) -> Out {
        if v.is_finite() {
            self.obj(v)
        } else {
            Ok(self.py.None())
        }
    }
    fn serialize_char(self, v: char) -> Out {
        self.obj(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Out {
        self.obj(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Out {
        Ok(PyList::new(self.py, v)?.into_any().unbind())
    }
    fn serialize_none(self) -> Out {
        Ok(self.py.None())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Out {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Out {
        Ok(self.py.None())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Out {
        Ok(self.py.None())
    }
    fn serialize_unit_variant(self, _name: &'static str, _i: u32, variant: &'static str) -> Out {
        self.obj(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, v: &T) -> Out {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        value: &T,
    ) -> Out {
        let inner = value.serialize(self)?;
        self.tagged(variant, inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'py>, ConvertError> {
        Ok(Seq {
            to: self,
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'py>, ConvertError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Seq<'py>, ConvertError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'py>, ConvertError> {
        Ok(Seq {
            variant: Some(variant),
            ..self.serialize_seq(Some(len))?
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Map<'py>, ConvertError> {
        Ok(Map {
            to: self,
            pairs: Vec::new(),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Map<'py>, ConvertError> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Map<'py>, ConvertError> {
        Ok(Map {
            variant: Some(variant),
            ..self.serialize_map(Some(len))?
        })
    }
}

impl ser::SerializeSeq for Seq<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), ConvertError> {
        self.push(v)
    }
    fn end(self) -> Out {
        self.finish()
    }
}

impl ser::SerializeTuple for Seq<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), ConvertError> {
        self.push(v)
    }
    fn end(self) -> Out {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for Seq<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), ConvertError> {
        self.push(v)
    }
    fn end(self) -> Out {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for Seq<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), ConvertError> {
        self.push(v)
    }
    fn end(self) -> Out {
        self.finish()
    }
}

impl ser::SerializeMap for Map<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    /// A key as JSON writes it: a string, a number's text.
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), ConvertError> {
        let k = key.serialize(self.to)?;
        let k = k.bind(self.to.py);
        self.key = Some(if k.is_instance_of::<PyString>() {
            k.extract::<String>()?
        } else {
            k.str()?.extract::<String>()?
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), ConvertError> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <ConvertError as ser::Error>::custom("a map value without a key"))?;
        self.pairs.push((key, v.serialize(self.to)?));
        Ok(())
    }
    fn end(self) -> Out {
        self.finish()
    }
}

impl ser::SerializeStruct for Map<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), ConvertError> {
        self.pairs.push((key.to_string(), v.serialize(self.to)?));
        Ok(())
    }
    fn end(self) -> Out {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Map<'_> {
    type Ok = Py<PyAny>;
    type Error = ConvertError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), ConvertError> {
        self.pairs.push((key.to_string(), v.serialize(self.to)?));
        Ok(())
    }
    fn end(self) -> Out {
        self.finish()
    }
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
