//! Reading a part file without trusting it.
//!
//! A part is read only when it is a regular file (a symbolic link is followed) of at most
//! [`MAX_PART_BYTES`]: a named pipe would block the merge, a device such as `/dev/zero`
//! never ends, and both are refused before they are opened
//! ([`crate::io::open_regular`]). The file is then read twice, as a stream:
//!
//! 1. [`scan`]: the JSON's syntax, no key twice in any object (a JSON value would keep the
//!    last silently), and the header: `format` is checked as soon as it is read and `run`
//!    as soon as it is read (and `format` has been), so a part of another format or of
//!    another run is refused after its first few hundred bytes, whatever its size. Nothing
//!    else is kept: memory does not grow with the file.
//! 2. The typed part, straight from the file (no intermediate JSON value).
//!
//! Errors quote what the file says through [`gametree_games::quote::quoted`] (control
//! characters escaped, cut to about 100 characters) and never name a Rust type.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use gametree_games::quote::quoted;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Serialize;
use serde_json::Value;

use super::MergeError;
use crate::io::{open_regular, ReadError};
use crate::shard::PART_FORMAT;

/// The largest part file a merge reads: 256 MiB. A part this large holds hundreds of
/// thousands of games or items; split such a run into more shards.
pub const MAX_PART_BYTES: u64 = 256 * 1024 * 1024;

/// The commands whose parts a merge knows.
const COMMANDS: [&str; 2] = ["reproduce", "tournament"];

/// A part file opened and scanned ([`open_part`]), ready for its typed reading.
pub(crate) struct Opened {
    file: File,
    /// The part's `run`.
    pub(crate) run: Value,
}

/// Opens the part at `path` and scans it (see the module docs). `first` is the first part
/// of the merge and its `run`, which this part's must equal; without it the run must be of
/// a command merge knows.
pub(crate) fn open_part(path: &Path, first: Option<(&Path, &Value)>) -> Result<Opened, MergeError> {
    let file = open_regular(path, MAX_PART_BYTES).map_err(|e| match e {
        ReadError::TooLarge { bytes, .. } => MergeError::TooLarge {
            path: path.into(),
            bytes,
        },
        e => malformed(path, e.why()),
    })?;
    let run = scan(&file, path, first)?;
    Ok(Opened { file, run })
}

impl Opened {
    /// The part as a `T`, read from the start of the file again.
    pub(crate) fn read<T: DeserializeOwned>(mut self, path: &Path) -> Result<T, MergeError> {
        self.file
            .seek(SeekFrom::Start(0))
            .map_err(|e| malformed(path, format!("cannot read: {e}")))?;
        let reader = BufReader::new((&self.file).take(MAX_PART_BYTES));
        serde_json::from_reader(reader)
            .map_err(|e| malformed(path, format!("malformed part: {}", plain(&e))))
    }
}

/// [`open_part`] and [`Opened::read`].
pub(crate) fn read_checked<T: DeserializeOwned>(
    path: &Path,
    first: Option<(&Path, &Value)>,
) -> Result<T, MergeError> {
    open_part(path, first)?.read(path)
}

/// The error of a part file that is not what it should be.
fn malformed(path: &Path, why: String) -> MergeError {
    MergeError::Read {
        path: path.into(),
        why,
    }
}

/// The first pass over a part (see the module docs): returns its `run`.
fn scan(file: &File, path: &Path, first: Option<(&Path, &Value)>) -> Result<Value, MergeError> {
    let failure = RefCell::new(None);
    let top = Top {
        path,
        first,
        failure: &failure,
    };
    let reader = BufReader::new(file.take(MAX_PART_BYTES));
    let mut de = serde_json::Deserializer::from_reader(reader);
    let result = top
        .deserialize(&mut de)
        .and_then(|run| de.end().map(|()| run));
    match (result, failure.into_inner()) {
        (_, Some(e)) => Err(e),
        (Ok(run), None) => Ok(run),
        (Err(e), None) => Err(malformed(
            path,
            match e.classify() {
                serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                    format!("not JSON: {e}")
                }
                serde_json::error::Category::Io => format!("cannot read: {e}"),
                serde_json::error::Category::Data => e.to_string(),
            },
        )),
    }
}

/// The top-level object of a part: its header checked as it is read.
struct Top<'a> {
    path: &'a Path,
    first: Option<(&'a Path, &'a Value)>,
    /// The typed error that stopped the reader (the reader itself carries only text).
    failure: &'a RefCell<Option<MergeError>>,
}

impl Top<'_> {
    /// Stops the reader with `e`.
    fn fail<E: de::Error>(&self, e: MergeError) -> E {
        *self.failure.borrow_mut() = Some(e);
        E::custom("stopped")
    }

    /// Stops the reader: the file is not a part.
    fn not_a_part<E: de::Error>(&self, why: &str) -> E {
        self.fail(malformed(
            self.path,
            format!("not a gametree part file ({why})"),
        ))
    }

    /// Checks a part's `run` against the first part's, or (for the first part) its command.
    fn check_run(&self, run: &Value) -> Result<(), MergeError> {
        match self.first {
            Some((first_path, want)) => match difference(run, want) {
                None => Ok(()),
                Some((field, found, expected)) => Err(MergeError::RunMismatch {
                    path: self.path.into(),
                    field,
                    found,
                    first: first_path.into(),
                    expected,
                }),
            },
            None => match run.get("command").and_then(Value::as_str) {
                Some(c) if COMMANDS.contains(&c) => Ok(()),
                Some(c) => Err(malformed(
                    self.path,
                    format!("a part of `{}`, which merge does not know", quoted(c)),
                )),
                None => Err(malformed(self.path, "a part without `run.command`".into())),
            },
        }
    }
}

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// Refuses a top level that is not an object, naming what it is.
macro_rules! not_an_object {
    ($($method:ident($t:ty) => $what:literal),* $(,)?) => {
        $(fn $method<E: de::Error>(self, _: $t) -> Result<Value, E> {
            Err(self.not_a_part(concat!($what, ", not a JSON object")))
        })*
    };
}

impl<'de> Visitor<'de> for Top<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a gametree part file (a JSON object)")
    }

    not_an_object! {
        visit_bool(bool) => "a boolean",
        visit_i64(i64) => "a number",
        visit_u64(u64) => "a number",
        visit_f64(f64) => "a number",
        visit_str(&str) => "a string",
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Err(self.not_a_part("null, not a JSON object"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Value, A::Error> {
        Err(self.not_a_part("an array, not a JSON object"))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut keys = Keys::default();
        let mut format = false;
        let mut run: Option<Value> = None;
        while let Some(key) = map.next_key::<String>()? {
            keys.insert::<A::Error>(&key)?;
            match key.as_str() {
                "format" => {
                    let v = map.next_value_seed(Keep)?;
                    match v.as_str() {
                        Some(PART_FORMAT) => format = true,
                        Some(f) => {
                            return Err(self.fail(malformed(
                                self.path,
                                format!("part format `{}`, expected `{PART_FORMAT}`", quoted(f)),
                            )))
                        }
                        None => return Err(self.not_a_part("`format` is not a string")),
                    }
                    if let Some(r) = &run {
                        self.check_run(r).map_err(|e| self.fail(e))?;
                    }
                }
                "run" => {
                    let r = map.next_value_seed(Keep)?;
                    if format {
                        self.check_run(&r).map_err(|e| self.fail(e))?;
                    }
                    run = Some(r);
                }
                _ => map.next_value_seed(Skip)?,
            }
        }
        if !format {
            return Err(self.not_a_part("no `format`"));
        }
        run.ok_or_else(|| self.fail(malformed(self.path, "a part without `run`".into())))
    }
}

/// The keys of one object: a key given twice is an error.
#[derive(Default)]
struct Keys(HashSet<String>);

impl Keys {
    fn insert<E: de::Error>(&mut self, key: &str) -> Result<(), E> {
        if self.0.insert(key.to_string()) {
            Ok(())
        } else {
            Err(E::custom(format_args!("duplicate key `{}`", quoted(key))))
        }
    }
}

/// A JSON value, kept, with no key twice in any of its objects.
struct Keep;

/// A JSON value, checked for keys given twice and dropped as it is read.
struct Skip;

impl<'de> DeserializeSeed<'de> for Keep {
    type Value = Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(Keep)
    }
}

impl<'de> DeserializeSeed<'de> for Skip {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(Skip)
    }
}

impl<'de> Visitor<'de> for Keep {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut v = Vec::new();
        while let Some(x) = seq.next_element_seed(Keep)? {
            v.push(x);
        }
        Ok(Value::Array(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut keys = Keys::default();
        let mut m = serde_json::Map::new();
        while let Some(k) = map.next_key::<String>()? {
            keys.insert::<A::Error>(&k)?;
            let v = map.next_value_seed(Keep)?;
            m.insert(k, v);
        }
        Ok(Value::Object(m))
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Skip)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = Keys::default();
        while let Some(k) = map.next_key::<String>()? {
            keys.insert::<A::Error>(&k)?;
            map.next_value_seed(Skip)?;
        }
        Ok(())
    }
}

/// Where two runs differ: the first field (in `found`'s order, then fields only `want`
/// has) whose values differ, with both values as compact JSON, quoted for a message.
/// `None` when they are equal.
pub(crate) fn difference(found: &Value, want: &Value) -> Option<(String, String, String)> {
    if found == want {
        return None;
    }
    let show = |v: Option<&Value>| match v {
        Some(v) => format!("`{}`", quoted(&v.to_string())),
        None => "absent".to_string(),
    };
    if let (Some(a), Some(b)) = (found.as_object(), want.as_object()) {
        let keys = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k)));
        for k in keys {
            if a.get(k) != b.get(k) {
                return Some((quoted(k).to_string(), show(a.get(k)), show(b.get(k))));
            }
        }
    }
    Some(("".into(), show(Some(found)), show(Some(want))))
}

/// [`difference`] of two typed runs.
pub(crate) fn typed_difference<T: Serialize>(
    found: &T,
    want: &T,
) -> Option<(String, String, String)> {
    let a = serde_json::to_value(found).unwrap_or(Value::Null);
    let b = serde_json::to_value(want).unwrap_or(Value::Null);
    difference(&a, &b)
}

/// The names serde gives the part's types in its messages ("expected struct GameResult"),
/// in words. The part's own types say what they expect (`#[serde(expecting)]`); these are
/// the types of the tournament's game records that a part holds.
const TYPE_WORDS: [(&str, &str); 3] = [
    ("struct GameResult", "a game's result (an object)"),
    (
        "enum Ending",
        "a game's ending (\"finished\" or an adjudication)",
    ),
    (
        "enum Budget",
        "a budget ({\"depth\": D}, {\"nodes\": N} or {\"time_ms\": T})",
    ),
];

/// A serde message without Rust type names: the known ones in words ([`TYPE_WORDS`]), any
/// other `struct X` or `enum X` as "an object" or "one of its values".
fn plain(e: &serde_json::Error) -> String {
    let mut text = e.to_string();
    for (name, words) in TYPE_WORDS {
        text = text.replace(name, words);
    }
    for (kind, words) in [
        ("tuple struct ", "an array"),
        ("struct ", "an object"),
        ("enum ", "one of its values"),
    ] {
        while let Some(at) = text.find(&format!("expected {kind}")) {
            let start = at + "expected ".len();
            let end = text[start + kind.len()..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(text.len(), |i| start + kind.len() + i);
            text.replace_range(start..end, words);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_messages_lose_their_type_names() {
        #[derive(Debug, serde::Deserialize)]
        #[expect(dead_code, reason = "only deserialised, for serde's message")]
        struct Inner {
            a: u32,
        }
        #[derive(Debug, serde::Deserialize)]
        #[expect(dead_code, reason = "only deserialised, for serde's message")]
        struct Outer {
            inner: Inner,
        }
        let e = serde_json::from_str::<Outer>("{\"inner\": 5}").unwrap_err();
        assert!(e.to_string().contains("struct Inner"), "{e}");
        let p = plain(&e);
        assert!(
            p.starts_with("invalid type: integer `5`, expected an object"),
            "{p}"
        );
        assert!(!p.contains("Inner"), "{p}");
    }

    #[test]
    fn difference_names_the_first_field_that_differs() {
        let a = serde_json::json!({"command": "tournament", "seed": 1, "games": 4});
        let b = serde_json::json!({"command": "tournament", "seed": 2, "games": 4});
        assert_eq!(difference(&a, &a), None);
        assert_eq!(
            difference(&a, &b),
            Some(("seed".into(), "`1`".into(), "`2`".into()))
        );
    }
}
