//! Reading a request body: JSON, then every number of the request checked against its
//! range (a number out of range is refused naming its field and the range, before anything
//! runs), then the typed request (a wrong type or an unknown field is refused naming the
//! field).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::ApiError;

/// The range of one number of a request: `field` (a path such as `engine.depth`) must be an
/// integer from `min` to `max` (no upper bound when `max` is `None`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Range {
    /// The field's path: names joined by dots.
    pub field: &'static str,
    /// The least value accepted.
    pub min: u64,
    /// The greatest value accepted (none: any).
    pub max: Option<u64>,
    /// Where the bound comes from, said after the range (empty: nothing).
    pub why: &'static str,
}

impl Range {
    /// `field` from `min` to `max`.
    pub const fn new(field: &'static str, min: u64, max: u64) -> Range {
        Range {
            field,
            min,
            max: Some(max),
            why: "",
        }
    }

    /// `field` at least `min`.
    pub const fn at_least(field: &'static str, min: u64) -> Range {
        Range {
            field,
            min,
            max: None,
            why: "",
        }
    }

    /// The range in words, as the error says it.
    pub fn describe(&self) -> String {
        match self.max {
            Some(max) => format!("give {} to {max}{}", self.min, self.why),
            None => format!("give {} or more{}", self.min, self.why),
        }
    }

    /// Refuses the value at this field of `doc` if it is not a number or is out of range
    /// (an absent or null field is left to the typed reading). The type is checked here
    /// because a field read through `#[serde(flatten)]` (the budget, `Limits`) loses its
    /// path in the typed reading's error.
    pub fn check(&self, doc: &Value) -> Result<(), ApiError> {
        let pointer = format!("/{}", self.field.replace('.', "/"));
        let Some(v) = doc.pointer(&pointer).filter(|v| !v.is_null()) else {
            return Ok(());
        };
        if !v.is_number() {
            let kind = match v {
                Value::Bool(b) => format!("boolean `{b}`"),
                Value::String(s) => format!("string {}", Value::from(s.as_str())),
                Value::Array(_) => "sequence".to_string(),
                _ => "map".to_string(),
            };
            return Err(ApiError::bad(format!(
                "{}: invalid type: {kind}, expected an integer",
                self.field
            )));
        }
        let inside = v
            .as_u64()
            .is_some_and(|n| n >= self.min && self.max.is_none_or(|max| n <= max));
        if inside {
            Ok(())
        } else {
            Err(ApiError::bad(format!(
                "{}: {v} is out of range: {}",
                self.field,
                self.describe()
            )))
        }
    }
}

/// The request body as `T`: 413 over the body limit, 400 for malformed JSON, a number out
/// of one of `ranges`, a wrong type, a missing or an unknown field (the error names the
/// field).
pub(crate) fn parse_checked<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    ranges: &[Range],
) -> Result<T, ApiError> {
    let bytes = body.map_err(|r| ApiError::new(r.status(), r.body_text()))?;
    let doc: Value =
        serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("request body: {e}")))?;
    for r in ranges {
        r.check(&doc)?;
    }
    serde_path_to_error::deserialize(doc).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." || path == "?" {
            ApiError::bad(format!("request body: {inner}"))
        } else {
            ApiError::bad(format!("{path}: {inner}"))
        }
    })
}
