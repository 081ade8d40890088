//! The streaming reader of the JSON tree format.
//!
//! The document is read once, straight into a compact pre-order arena ([`Nodes`]), by serde
//! visitors driven by the JSON parser: no `serde_json::Value` of the whole document is ever
//! built, so memory stays a small multiple of the node count. The arena is then laid out in
//! breadth-first order by [`Nodes::into_builder`]. Duplicate keys, unknown fields and wrong
//! types are errors that name the JSON path; the visitors only recurse as deep as the JSON
//! nesting, which the parser limits to 128 levels.
//!
//! Errors found by the visitors are kept in [`Reader::error`] (with their path) and the parse
//! is aborted with an empty marker error; an error of the JSON parser itself (syntax, nesting)
//! has no path of ours and is reported at `$` with its line and column.

use std::fmt::{self, Write as _};

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{Builder, NodeId, TreeError, TreeOptions, MAX_NODES};
use crate::eval::SubtreeBounds;
use crate::game::{Player, Score, Scores, MAX_PLAYERS, MIN_PLAYERS};

/// The JSON fields an inner node or leaf may have.
const NODE_FIELDS: [&str; 5] = ["player", "children", "value", "bounds", "label"];
/// The JSON fields of the document.
const TOP_FIELDS: [&str; 6] = ["players", "maxsum", "lower", "step", "constant_sum", "root"];

const PLAYER: usize = 0;
const CHILDREN: usize = 1;
const VALUE: usize = 2;
const BOUNDS: usize = 3;

const PLAYERS: usize = 0;
const MAXSUM: usize = 1;
const LOWER: usize = 2;
const STEP: usize = 3;
const CONSTANT_SUM: usize = 4;
const ROOT: usize = 5;

/// The nodes read so far, in pre-order (document order): a node's first child follows it,
/// and its next sibling follows its subtree. Bounds and labels are rare: kept apart.
#[derive(Default)]
pub(super) struct Nodes {
    player: Vec<u8>,
    count: Vec<u32>,
    size: Vec<u32>,
    value: Vec<Scores>,
    has_value: Vec<bool>,
    /// Sparse: (pre-order index, bounds).
    bounds: Vec<(u32, SubtreeBounds)>,
    /// Sparse: (pre-order index, label).
    labels: Vec<(u32, String)>,
}

impl Nodes {
    fn len(&self) -> usize {
        self.player.len()
    }

    /// Lays the nodes out in breadth-first order (children contiguous).
    pub(super) fn into_builder(mut self, players: usize) -> Builder {
        let n = self.len();
        self.bounds.sort_unstable_by_key(|e| e.0);
        self.labels.sort_unstable_by_key(|e| e.0);
        let mut b = Builder::with_capacity(players, n);
        // `order[i]` is the pre-order index of breadth-first node i; it is also the queue.
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut bfs_of_bounds = Vec::with_capacity(self.bounds.len());
        let mut bfs_of_labels = Vec::with_capacity(self.labels.len());
        order.push(0);
        b.push_node(0, NodeId::MAX);
        let mut head = 0;
        while head < order.len() {
            let i = head;
            let d = order[head] as usize;
            head += 1;
            b.value[i] = self.value[d];
            b.has_value[i] = self.has_value[d];
            if let Ok(k) = self.bounds.binary_search_by_key(&(d as u32), |e| e.0) {
                bfs_of_bounds.push((k, i));
            }
            if let Ok(k) = self.labels.binary_search_by_key(&(d as u32), |e| e.0) {
                bfs_of_labels.push((k, i));
            }
            let count = self.count[d];
            if count == 0 {
                continue;
            }
            b.player[i] = self.player[d];
            b.first[i] = order.len() as NodeId;
            b.count[i] = count;
            let mut c = d + 1;
            for _ in 0..count {
                order.push(c as u32);
                b.push_node(self.player[d], i as NodeId);
                c += self.size[c] as usize;
            }
        }
        let mut labels = self.labels;
        for (k, i) in bfs_of_labels {
            b.labels[i] = Some(std::mem::take(&mut labels[k].1));
        }
        for (k, i) in bfs_of_bounds {
            b.subtree_bounds[i] = Some(self.bounds[k].1);
        }
        b
    }
}

/// The top-level fields read so far.
#[derive(Default)]
struct Top {
    maxsum: Option<Score>,
    /// (values, count, one): one number for every player (`one`), or a list (`count`
    /// entries, the first [`MAX_PLAYERS`] kept; `[]` has count 0 and is not `one`).
    lower: Option<(Scores, usize, bool)>,
    step: Option<Score>,
    constant_sum: Option<bool>,
    /// `root` came before `players`: it is read in a second pass.
    root_deferred: bool,
    root_read: bool,
}

/// The state of one read: the current JSON path, the first error, the nodes.
struct Reader {
    /// 0 until `players` is read.
    players: usize,
    path: String,
    error: Option<TreeError>,
    nodes: Nodes,
    top: Top,
    /// The second pass: read `root` only.
    root_only: bool,
}

impl Reader {
    /// Records an error at the current path and returns the marker that aborts the parse.
    fn fail<E: de::Error>(&mut self, message: impl Into<String>) -> E {
        if self.error.is_none() {
            self.error = Some(TreeError {
                path: self.path.clone(),
                message: message.into(),
            });
        }
        E::custom("")
    }

    /// A valid score (see [`crate::Score`]) or an error naming it.
    fn score<E: de::Error>(&mut self, v: i128) -> Result<Score, E> {
        super::score_checked(v).map_err(|message| self.fail(message))
    }

    fn int<'de, A: MapAccess<'de>>(&mut self, map: &mut A) -> Result<i128, A::Error> {
        match map.next_value_seed(Seed {
            r: self,
            kind: Kind::Int,
        })? {
            Out::Int(v) => Ok(v),
            _ => unreachable!("an integer seed gives an integer"),
        }
    }
}

/// The error of a malformed `[lo, hi]` pair.
const PAIR_EXPECTED: &str = "expected a pair [lo, hi] of integers";

/// What a [`Seed`] reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Top,
    Node,
    Children,
    /// A value vector: an array of `players` integers, or a bare number with two players.
    Scores,
    /// The top-level `lower`: one integer, or an array of them.
    Lower,
    Bounds,
    Pair,
    Int,
    Label,
    Bool,
}

impl Kind {
    /// What was expected, for "expected ..., found ..." messages.
    fn expected(self, players: usize) -> String {
        match self {
            Kind::Top | Kind::Node => "an object".into(),
            Kind::Children => "an array".into(),
            Kind::Scores | Kind::Lower => format!("an array of {players} numbers"),
            Kind::Bounds => format!("an array of {players} [lo, hi] pairs"),
            Kind::Pair => "a pair [lo, hi] of integers".into(),
            Kind::Int => "an integer".into(),
            Kind::Label => "a string".into(),
            Kind::Bool => "a boolean".into(),
        }
    }
}

/// What a [`Seed`] read (nodes go straight into the arena).
enum Out {
    Done,
    Count(u32),
    Int(i128),
    Scores(Scores),
    Lower(Scores, usize, bool),
    Bounds(SubtreeBounds),
    Pair(Score, Score),
    Text(String),
    Bool(bool),
}

/// Reads one JSON value of the given [`Kind`] into the [`Reader`].
struct Seed<'r> {
    r: &'r mut Reader,
    kind: Kind,
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Out;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Out, D::Error> {
        d.deserialize_any(self)
    }
}

impl Seed<'_> {
    fn mismatch<E: de::Error>(self, found: &str) -> E {
        let message = match self.kind {
            Kind::Pair => PAIR_EXPECTED.to_string(),
            _ => format!(
                "expected {}, found {found}",
                self.kind.expected(self.r.players)
            ),
        };
        self.r.fail(message)
    }

    fn number<E: de::Error>(self, v: i128) -> Result<Out, E> {
        match self.kind {
            Kind::Int => Ok(Out::Int(v)),
            Kind::Scores if self.r.players == 2 => {
                Ok(Out::Scores(Scores::zero_sum(self.r.score(v)?)))
            }
            Kind::Scores => {
                let players = self.r.players;
                Err(self.r.fail(format!(
                    "a bare number is only allowed in two-player trees; expected an array of {players} numbers"
                )))
            }
            Kind::Lower => {
                let v = self.r.score(v)?;
                Ok(Out::Lower(Scores::splat(MAX_PLAYERS, v), 0, true))
            }
            _ => Err(self.mismatch("a number")),
        }
    }
}

/// A key of an object with the given fields: its index, or the unknown name.
struct Key(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Result<usize, String>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for Key {
    type Value = Result<usize, String>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self
            .0
            .iter()
            .position(|f| *f == v)
            .ok_or_else(|| v.to_string()))
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Out;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kind.expected(self.r.players))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Out, E> {
        match self.kind {
            Kind::Bool => Ok(Out::Bool(v)),
            _ => Err(self.mismatch("a boolean")),
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Out, E> {
        self.number(v as i128)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Out, E> {
        self.number(v as i128)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Out, E> {
        match self.kind {
            Kind::Int | Kind::Scores | Kind::Lower => {
                let shown =
                    serde_json::Number::from_f64(v).map_or(v.to_string(), |n| n.to_string());
                if self.kind == Kind::Scores && self.r.players != 2 {
                    return self.number(0);
                }
                Err(self.r.fail(format!("expected an integer, found {shown}")))
            }
            _ => Err(self.mismatch("a number")),
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Out, E> {
        match self.kind {
            Kind::Label => Ok(Out::Text(v.to_string())),
            _ => Err(self.mismatch("a string")),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Out, E> {
        Err(self.mismatch("null"))
    }

    fn visit_none<E: de::Error>(self) -> Result<Out, E> {
        Err(self.mismatch("null"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Out, A::Error> {
        let r = self.r;
        match self.kind {
            Kind::Children => {
                let n = items(r, &mut seq, Kind::Node, usize::MAX, |_, _, _| Ok(()))?;
                Ok(Out::Count(n as u32))
            }
            Kind::Scores | Kind::Lower => {
                // Lower may come before players: keep up to MAX_PLAYERS, count the rest.
                let want = if r.players == 0 {
                    MAX_PLAYERS
                } else {
                    r.players
                };
                let mut s = Scores::zeros(MAX_PLAYERS);
                let found = items(r, &mut seq, Kind::Int, want, |r, k, out| {
                    if let Out::Int(v) = out {
                        s[k] = r.score(v)?;
                    }
                    Ok(())
                })?;
                if self.kind == Kind::Lower {
                    return Ok(Out::Lower(s, found, false));
                }
                if found != r.players {
                    let players = r.players;
                    return Err(r.fail(format!("expected {players} numbers, found {found}")));
                }
                let mut v = Scores::zeros(r.players);
                v.as_mut_slice().copy_from_slice(&s.as_slice()[..r.players]);
                Ok(Out::Scores(v))
            }
            Kind::Bounds => {
                let players = r.players;
                let mut b = [(0, 0); MAX_PLAYERS];
                let found = items(r, &mut seq, Kind::Pair, players, |r, k, out| {
                    if let Out::Pair(lo, hi) = out {
                        if lo > hi {
                            return Err(
                                r.fail(format!("lower bound {lo} is above upper bound {hi}"))
                            );
                        }
                        b[k] = (lo, hi);
                    }
                    Ok(())
                })?;
                if found != players {
                    return Err(r.fail(format!("expected {players} [lo, hi] pairs, found {found}")));
                }
                Ok(Out::Bounds(b))
            }
            Kind::Pair => {
                let base = r.path.len();
                let mut pair = [0; 2];
                for (k, slot) in pair.iter_mut().enumerate() {
                    let _ = write!(r.path, "[{k}]");
                    let next = seq.next_element_seed(Seed {
                        r: &mut *r,
                        kind: Kind::Int,
                    });
                    match next? {
                        Some(Out::Int(v)) => *slot = r.score(v)?,
                        _ => {
                            r.path.truncate(base);
                            return Err(r.fail(PAIR_EXPECTED));
                        }
                    }
                    r.path.truncate(base);
                }
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(r.fail(PAIR_EXPECTED));
                }
                Ok(Out::Pair(pair[0], pair[1]))
            }
            _ => Err(Seed { r, kind: self.kind }.mismatch("an array")),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Out, A::Error> {
        match self.kind {
            Kind::Top => top(self.r, map),
            Kind::Node => node(self.r, map),
            _ => Err(self.mismatch("an object")),
        }
    }
}

/// Reads the elements of a sequence as `kind`, each at its index in the path, handing the
/// first `want` to `keep` (with their index) and only counting the rest: the number of
/// elements.
fn items<'de, A: SeqAccess<'de>>(
    r: &mut Reader,
    seq: &mut A,
    kind: Kind,
    want: usize,
    mut keep: impl FnMut(&mut Reader, usize, Out) -> Result<(), A::Error>,
) -> Result<usize, A::Error> {
    let base = r.path.len();
    let mut found = 0;
    while found < want {
        let _ = write!(r.path, "[{found}]");
        let Some(out) = seq.next_element_seed(Seed { r: &mut *r, kind })? else {
            r.path.truncate(base);
            return Ok(found);
        };
        keep(r, found, out)?;
        r.path.truncate(base);
        found += 1;
    }
    while seq.next_element::<IgnoredAny>()?.is_some() {
        found += 1;
    }
    Ok(found)
}

/// The next key of an object with `fields`: unknown and duplicate keys are errors at the
/// object's path.
fn next_key<'de, A: MapAccess<'de>>(
    r: &mut Reader,
    map: &mut A,
    fields: &'static [&'static str],
    seen: &mut u8,
) -> Result<Option<usize>, A::Error> {
    match map.next_key_seed(Key(fields))? {
        None => Ok(None),
        Some(Err(name)) => Err(r.fail(format!(
            "unknown field \"{name}\" (expected one of: {})",
            fields.join(", ")
        ))),
        Some(Ok(k)) if *seen & (1 << k) != 0 => {
            Err(r.fail(format!("duplicate key \"{}\"", fields[k])))
        }
        Some(Ok(k)) => {
            *seen |= 1 << k;
            Ok(Some(k))
        }
    }
}

fn top<'de, A: MapAccess<'de>>(r: &mut Reader, mut map: A) -> Result<Out, A::Error> {
    let mut seen = 0u8;
    while let Some(k) = next_key(r, &mut map, &TOP_FIELDS, &mut seen)? {
        if r.root_only && k != ROOT {
            map.next_value::<IgnoredAny>()?;
            continue;
        }
        r.path.clear();
        r.path.push_str(TOP_FIELDS[k]);
        match k {
            PLAYERS => {
                let p = r.int(&mut map)?;
                if !(MIN_PLAYERS as i128..=MAX_PLAYERS as i128).contains(&p) {
                    return Err(r.fail(format!("expected 2 to 6 players, found {p}")));
                }
                r.players = p as usize;
            }
            MAXSUM => {
                let v = r.int(&mut map)?;
                r.top.maxsum = Some(r.score(v)?);
            }
            STEP => {
                let v = r.int(&mut map)?;
                r.top.step = Some(r.score(v)?);
            }
            LOWER => {
                let seed = Seed {
                    r: &mut *r,
                    kind: Kind::Lower,
                };
                if let Out::Lower(s, n, one) = map.next_value_seed(seed)? {
                    r.top.lower = Some((s, n, one));
                }
            }
            CONSTANT_SUM => {
                let seed = Seed {
                    r: &mut *r,
                    kind: Kind::Bool,
                };
                if let Out::Bool(b) = map.next_value_seed(seed)? {
                    r.top.constant_sum = Some(b);
                }
            }
            _ => {
                if r.players == 0 {
                    // The value vectors need the number of players: read root again later.
                    map.next_value::<IgnoredAny>()?;
                    r.top.root_deferred = true;
                } else {
                    map.next_value_seed(Seed {
                        r: &mut *r,
                        kind: Kind::Node,
                    })?;
                    r.top.root_read = true;
                }
            }
        }
        r.path.clear();
        r.path.push('$');
    }
    if r.root_only {
        return Ok(Out::Done);
    }
    if r.players == 0 {
        return Err(r.fail("missing field \"players\""));
    }
    if !r.top.root_read && !r.top.root_deferred {
        return Err(r.fail("missing field \"root\""));
    }
    Ok(Out::Done)
}

fn node<'de, A: MapAccess<'de>>(r: &mut Reader, mut map: A) -> Result<Out, A::Error> {
    let id = r.nodes.len();
    if id >= MAX_NODES {
        return Err(r.fail(format!("the tree has more than {MAX_NODES} nodes")));
    }
    r.nodes.player.push(0);
    r.nodes.count.push(0);
    r.nodes.size.push(1);
    r.nodes.value.push(Scores::zeros(r.players));
    r.nodes.has_value.push(false);
    let base = r.path.len();
    let mut seen = 0u8;
    let mut player = None;
    let mut children = None;
    let mut bounds = false;
    while let Some(k) = next_key(r, &mut map, &NODE_FIELDS, &mut seen)? {
        r.path.push('.');
        r.path.push_str(NODE_FIELDS[k]);
        match k {
            PLAYER => {
                let p = r.int(&mut map)?;
                if p < 0 || p >= r.players as i128 {
                    let last = r.players - 1;
                    return Err(
                        r.fail(format!("player {p} out of range (players are 0 to {last})"))
                    );
                }
                player = Some(Player::new(p as usize));
            }
            CHILDREN => {
                if let Out::Count(n) = map.next_value_seed(Seed {
                    r: &mut *r,
                    kind: Kind::Children,
                })? {
                    children = Some(n);
                }
            }
            VALUE => {
                if let Out::Scores(v) = map.next_value_seed(Seed {
                    r: &mut *r,
                    kind: Kind::Scores,
                })? {
                    r.nodes.value[id] = v;
                    r.nodes.has_value[id] = true;
                }
            }
            BOUNDS => {
                if let Out::Bounds(b) = map.next_value_seed(Seed {
                    r: &mut *r,
                    kind: Kind::Bounds,
                })? {
                    r.nodes.bounds.push((id as u32, b));
                    bounds = true;
                }
            }
            _ => {
                if let Out::Text(s) = map.next_value_seed(Seed {
                    r: &mut *r,
                    kind: Kind::Label,
                })? {
                    r.nodes.labels.push((id as u32, s));
                }
            }
        }
        r.path.truncate(base);
    }
    match children {
        None => {
            if player.is_some() {
                return Err(r.fail("a node with \"player\" needs \"children\""));
            }
            if bounds {
                return Err(r.fail("\"bounds\" belongs on inner nodes; a leaf has its value"));
            }
            if !r.nodes.has_value[id] {
                return Err(r.fail(
                    "missing field \"value\" (a leaf needs a value, an inner node \"player\" and \"children\")",
                ));
            }
        }
        Some(n) => {
            if n == 0 {
                r.path.push_str(".children");
                return Err(r.fail("an inner node needs at least one child"));
            }
            let Some(p) = player else {
                return Err(r.fail("missing field \"player\""));
            };
            r.nodes.player[id] = p.index() as u8;
            r.nodes.count[id] = n;
            r.nodes.size[id] = (r.nodes.len() - id) as u32;
        }
    }
    Ok(Out::Done)
}

/// The parts of a tree read from a document.
pub(super) type Parts = (Builder, TreeOptions, Option<bool>);

impl Reader {
    fn new() -> Reader {
        Reader {
            players: 0,
            path: "$".to_string(),
            error: None,
            nodes: Nodes::default(),
            top: Top::default(),
            root_only: false,
        }
    }

    /// Ends a pass: the first error, else whether a second pass (reading `root`) is needed.
    fn end_pass(&mut self, result: Result<(), serde_json::Error>) -> Result<bool, TreeError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if let Err(e) = result {
            let message = if e.to_string().starts_with("recursion limit exceeded") {
                format!(
                    "line {}, column {}: JSON nested deeper than 128 levels (explicit trees may be at most 62 levels deep)",
                    e.line(),
                    e.column()
                )
            } else {
                e.to_string()
            };
            return Err(TreeError {
                path: "$".to_string(),
                message,
            });
        }
        if self.top.root_deferred && !self.root_only {
            self.root_only = true;
            self.path.clear();
            self.path.push('$');
            return Ok(true);
        }
        Ok(false)
    }

    fn finish(self) -> Result<Parts, TreeError> {
        let players = self.players;
        // A list's length is checked here, where it is known even past MAX_PLAYERS.
        if let Some((_, n, false)) = self.top.lower {
            super::lower_len_checked(players, n).map_err(|message| TreeError {
                path: "lower".into(),
                message,
            })?;
        }
        let lower = self
            .top
            .lower
            .map(|(s, _, _)| s.as_slice()[..players].to_vec());
        Ok((
            self.nodes.into_builder(players),
            TreeOptions {
                maxsum: self.top.maxsum,
                lower,
                step: self.top.step,
            },
            self.top.constant_sum,
        ))
    }
}

/// Reads a document from its text.
pub(super) fn from_str(text: &str) -> Result<Parts, TreeError> {
    let mut r = Reader::new();
    loop {
        let mut de = serde_json::Deserializer::from_str(text);
        let result = (&mut de)
            .deserialize_any(Seed {
                r: &mut r,
                kind: Kind::Top,
            })
            .and_then(|_| de.end());
        if !r.end_pass(result)? {
            return r.finish();
        }
    }
}

/// Reads a parsed document.
pub(super) fn from_value(doc: &serde_json::Value) -> Result<Parts, TreeError> {
    let mut r = Reader::new();
    loop {
        let result = doc
            .deserialize_any(Seed {
                r: &mut r,
                kind: Kind::Top,
            })
            .map(|_| ());
        if !r.end_pass(result)? {
            return r.finish();
        }
    }
}
