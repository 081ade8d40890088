//! Reading a part file without trusting it.
//!
//! A part is read only when it is a regular file (a symbolic link is followed) of at most
//! [`MAX_PART_BYTES`]: a named pipe would block the merge, a device such as `/dev/zero`
//! never ends, and both are refused before they are opened
//! ([`crate::io::open_regular`]). The file is then read twice, as a stream:
//!
//! 1. [`scan`]: the JSON's syntax, no key twice in any object (a JSON value would keep the
//!    last silently), no object or array nested deeper than [`MAX_NESTING`] levels, and the
//!    header: `format` is checked as soon as it is read and `run` as soon as it is read (and
//!    `format` has been), so a part of another format or of another run is refused after
//!    its first few hundred bytes, whatever its size. Nothing else is kept: memory does not
//!    grow with the file.
//! 2. The typed part, straight from the file (no intermediate JSON value): its types refuse
//!    a field they do not have (`deny_unknown_fields`), and [`Checked`] then checks what a
//!    type cannot say (the times are finite, non-negative and plausible).
//!
//! Every error names the part file and the key path of the value at fault
//! (`items[3].result.plies`, `$` for the top level). Errors quote what the file says
//! through [`gametree_games::quote::quoted`] (control characters escaped, cut to about 100
//! characters) and never name a Rust type.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use gametree_games::quote::{quoted, sanitized};
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

/// The deepest a part's JSON may nest: objects and arrays within each other, the top-level
/// object counted as level 1. The parts gametree writes nest about 10 levels (a plot's point
/// in an item's result, `items[0].result.plots[0].series[4].points[8]`; a strength row's
/// interval, `items[0].result.rows[3].claim.win_rates[1].wilson`), so this leaves room for
/// results to grow; serde_json's own limit is 128.
pub const MAX_NESTING: usize = 32;

/// The longest a part may say a shard or an item ran, or was estimated to run, in seconds:
/// a year. A time is also finite and not negative.
pub const MAX_SECONDS: f64 = 366.0 * 24.0 * 3600.0;

/// What a typed part is checked for beyond its type ([`Opened::read`]).
pub(crate) trait Checked {
    /// The first value at fault: its key path and what is wrong with it.
    fn check(&self) -> Result<(), (String, String)>;
}

/// Checks a time in seconds at the key path `at` ([`MAX_SECONDS`]).
pub(crate) fn check_seconds(at: impl FnOnce() -> String, s: f64) -> Result<(), (String, String)> {
    if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) {
        Ok(())
    } else {
        Err((
            at(),
            format!("{s:?} seconds: give a time from 0 to {MAX_SECONDS} (a year)"),
        ))
    }
}

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
    /// The part as a `T`, read from the start of the file again, and [`Checked`].
    pub(crate) fn read<T: DeserializeOwned + Checked>(
        mut self,
        path: &Path,
    ) -> Result<T, MergeError> {
        self.file
            .seek(SeekFrom::Start(0))
            .map_err(|e| malformed(path, format!("cannot read: {e}")))?;
        let reader = BufReader::new((&self.file).take(MAX_PART_BYTES));
        let mut de = serde_json::Deserializer::from_reader(reader);
        let part: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let at = match e.path().to_string() {
                p if p == "." || p == "?" => String::new(),
                p => format!("{}: ", quoted(&p)),
            };
            // serde's own words may quote a key of the file (`unknown field`): escaped.
            malformed(
                path,
                format!("malformed part: {at}{}", sanitized(&plain(e.inner()))),
            )
        })?;
        de.end()
            .map_err(|e| malformed(path, format!("malformed part: {}", sanitized(&plain(&e)))))?;
        part.check().map_err(|(at, why)| {
            malformed(path, format!("malformed part: {}: {why}", quoted(&at)))
        })?;
        Ok(part)
    }
}

/// [`open_part`] and [`Opened::read`].
pub(crate) fn read_checked<T: DeserializeOwned + Checked>(
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
                None if !run.is_object() => Err(malformed(
                    self.path,
                    format!(
                        "run: {}, expected the run's parameters (an object)",
                        kind(run)
                    ),
                )),
                None => Err(malformed(
                    self.path,
                    "run.command: absent or not a string (a part without `run.command`)".into(),
                )),
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
        let top = At::TOP;
        while let Some(key) = map.next_key::<String>()? {
            keys.insert::<A::Error>(&key, &top)?;
            let at = top.key(&key);
            match key.as_str() {
                "format" => {
                    let v = map.next_value_seed(Keep(&at))?;
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
                    let r = map.next_value_seed(Keep(&at))?;
                    if format {
                        self.check_run(&r).map_err(|e| self.fail(e))?;
                    }
                    run = Some(r);
                }
                _ => map.next_value_seed(Skip(&at))?,
            }
        }
        if !format {
            return Err(self.not_a_part("no `format`"));
        }
        run.ok_or_else(|| self.fail(malformed(self.path, "a part without `run`".into())))
    }
}

/// What a JSON value is, in words.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Where a value is in a part: the keys and indices from the top level, and how deep it
/// nests. Built on the stack as the scan descends; written out only for an error.
#[derive(Clone, Copy)]
struct At<'a> {
    /// Where the object or array holding it is (`None` for the top level).
    parent: Option<&'a At<'a>>,
    /// Its key or index there.
    step: Step<'a>,
    /// The objects and arrays holding it.
    depth: usize,
}

/// One step of a key path.
#[derive(Clone, Copy)]
enum Step<'a> {
    /// The top level.
    Top,
    /// A key of an object.
    Key(&'a str),
    /// An index of an array.
    Index(usize),
}

impl<'a> At<'a> {
    /// The top level.
    const TOP: At<'static> = At {
        parent: None,
        step: Step::Top,
        depth: 0,
    };

    /// The value at `key` of the object here.
    fn key(&'a self, key: &'a str) -> At<'a> {
        At {
            parent: Some(self),
            step: Step::Key(key),
            depth: self.depth + 1,
        }
    }

    /// The value at `index` of the array here.
    fn index(&'a self, index: usize) -> At<'a> {
        At {
            parent: Some(self),
            step: Step::Index(index),
            depth: self.depth + 1,
        }
    }

    /// Refuses an object or array here that would nest deeper than [`MAX_NESTING`].
    fn open<E: de::Error>(&self) -> Result<(), E> {
        if self.depth < MAX_NESTING {
            Ok(())
        } else {
            Err(E::custom(format_args!(
                "{}: nested deeper than {MAX_NESTING} levels (objects and arrays within each other)",
                self
            )))
        }
    }
}

/// The key path, `items[3].result` (`$` for the top level), escaped and cut as [`quoted`].
impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut steps = Vec::new();
        let mut at = Some(self);
        while let Some(a) = at {
            steps.push(a.step);
            at = a.parent;
        }
        let mut text = String::new();
        for step in steps.iter().rev() {
            match step {
                Step::Top => {}
                Step::Key(k) if text.is_empty() => text.push_str(k),
                Step::Key(k) => {
                    text.push('.');
                    text.push_str(k);
                }
                Step::Index(i) => text.push_str(&format!("[{i}]")),
            }
        }
        if text.is_empty() {
            text.push('$');
        }
        write!(f, "{}", quoted(&text))
    }
}

/// The keys of one object: a key given twice is an error naming the object's key path.
#[derive(Default)]
struct Keys(HashSet<String>);

impl Keys {
    fn insert<E: de::Error>(&mut self, key: &str, at: &At<'_>) -> Result<(), E> {
        if self.0.insert(key.to_string()) {
            Ok(())
        } else {
            Err(E::custom(format_args!(
                "{at}: duplicate key `{}`",
                quoted(key)
            )))
        }
    }
}

/// A JSON value at a key path, kept, with no key twice in any of its objects and nested at
/// most [`MAX_NESTING`] levels.
struct Keep<'a>(&'a At<'a>);

/// A JSON value at a key path, checked as [`Keep`] checks it and dropped as it is read.
struct Skip<'a>(&'a At<'a>);

impl<'de> DeserializeSeed<'de> for Keep<'_> {
    type Value = Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> DeserializeSeed<'de> for Skip<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Keep<'_> {
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
        self.0.open::<A::Error>()?;
        let mut v = Vec::new();
        loop {
            let at = self.0.index(v.len());
            match seq.next_element_seed(Keep(&at))? {
                Some(x) => v.push(x),
                None => return Ok(Value::Array(v)),
            }
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.0.open::<A::Error>()?;
        let mut keys = Keys::default();
        let mut m = serde_json::Map::new();
        while let Some(k) = map.next_key::<String>()? {
            keys.insert::<A::Error>(&k, self.0)?;
            let v = map.next_value_seed(Keep(&self.0.key(&k)))?;
            m.insert(k, v);
        }
        Ok(Value::Object(m))
    }
}

impl<'de> Visitor<'de> for Skip<'_> {
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
        self.0.open::<A::Error>()?;
        let mut i = 0;
        while seq.next_element_seed(Skip(&self.0.index(i)))?.is_some() {
            i += 1;
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.0.open::<A::Error>()?;
        let mut keys = Keys::default();
        while let Some(k) = map.next_key::<String>()? {
            keys.insert::<A::Error>(&k, self.0)?;
            map.next_value_seed(Skip(&self.0.key(&k)))?;
        }
        Ok(())
    }
}

/// Where two runs differ: the key path from `run` (`run.seed`, `run.strength.openings`, or
/// `run` itself when either is not an object) of the first value that differs (in
/// `found`'s key order, then keys only `want` has), with both values as compact JSON,
/// quoted for a message. `None` when they are equal.
pub(crate) fn difference(found: &Value, want: &Value) -> Option<(String, String, String)> {
    let show = |v: Option<&Value>| match v {
        Some(v) => format!("`{}`", quoted(&v.to_string())),
        None => "absent".to_string(),
    };
    let mut at = String::from("run");
    let (a, b) = first_difference(Some(found), Some(want), &mut at)?;
    Some((quoted(&at).to_string(), show(a), show(b)))
}

/// The first values that differ under `a` and `b` (either absent), `at` extended to their
/// key path.
fn first_difference<'v>(
    a: Option<&'v Value>,
    b: Option<&'v Value>,
    at: &mut String,
) -> Option<(Option<&'v Value>, Option<&'v Value>)> {
    if a == b {
        return None;
    }
    if let (Some(Value::Object(x)), Some(Value::Object(y))) = (a, b) {
        for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
            let len = at.len();
            at.push('.');
            at.push_str(k);
            if let Some(d) = first_difference(x.get(k), y.get(k), at) {
                return Some(d);
            }
            at.truncate(len);
        }
    }
    Some((a, b))
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
            Some(("run.seed".into(), "`1`".into(), "`2`".into()))
        );
    }
}
