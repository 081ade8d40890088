//! Explicit game trees: the JSON format of docs/tree-format.md as a [`Game`] and an [`Evaluator`].
//!
//! ```json
//! { "players": 3, "maxsum": 10,
//!   "root": { "player": 0, "children": [
//!       { "value": [5, 4, 1] },
//!       { "player": 1, "children": [ { "value": [3, 7, 0] }, { "value": [1, 2, 7] } ] } ] } }
//! ```
//!
//! - A leaf is `{"value": [...]}`, one integer per player. In a two-player tree a leaf may be
//!   a bare number `{"value": 3}`: player 0 gets 3 and player 1 gets -3.
//! - An inner node is `{"player": p, "children": [...]}` with at least one child. It may carry
//!   a heuristic `"value"` (used when a depth limit cuts the search there) and `"bounds":
//!   [[lo, hi], ...]`, one pair per player, valid for every leaf below it (alpha-beta
//!   branch-and-bound may assume them).
//! - Any node may carry a `"label"` that names it in traces and pictures.
//! - Top level: `"players"` (2 to 6), `"root"`, and optionally `"maxsum"` (an upper bound on
//!   the sum of every leaf), `"lower"` (a lower bound on each score: one number for all
//!   players, or one per player; 0 by default when `maxsum` is given), `"step"` (the minimum
//!   score step mu: every value is a multiple of it; 1 by default) and `"constant_sum"`
//!   (assert that every leaf sums to exactly `maxsum`; otherwise detected from the leaves).
//!
//! Every number (values, `lower`, `maxsum`, `step`, `bounds`) must lie in the score range
//! `-2^48..=2^48` ([`crate::MAX_SCORE`]; see [`crate::Score`] for why every algorithm is safe
//! inside it), and every declared bound is checked when the tree is loaded: a tree whose
//! leaves break its own `maxsum`, `lower`, `step` or `bounds` is rejected, so pruning
//! algorithms can rely on them. A key may appear only once per object. Errors name the JSON
//! path and the problem: `root.children[2].value: expected 3 numbers, found 2`,
//! `root.children[1]: duplicate key "value"`.
//!
//! Loading streams the text straight into the compact form below (no JSON document in
//! memory), never panics and recurses only as deep as the JSON nesting: nesting deeper than
//! serde_json's limit of 128 levels (a tree more than 62 levels deep) is refused with an
//! error. A tree has at most [`MAX_NODES`] nodes. The fields may come in any order; when
//! `root` comes before `players`, the text is read a second time.
//!
//! Nodes are stored flat in breadth-first order, so a node's children are contiguous. A state
//! is a node index ([`NodeId`]); a move is a child index (0-based), as in docs/tree-format.md.

use std::collections::VecDeque;
use std::fmt;

mod json;

use serde_json::{Map, Value};

use crate::eval::{Bounds, Evaluator, SubtreeBounds};
use crate::game::{score_in_range, Game, Player, Score, Scores, MAX_PLAYERS, MIN_PLAYERS};

/// A node of an explicit tree: its index in breadth-first order (the root is 0).
pub type NodeId = u32;

/// The most nodes an explicit tree may have (node indices are 32-bit).
pub const MAX_NODES: usize = (NodeId::MAX - 1) as usize;

/// A malformed explicit tree: where (a JSON path such as `root.children[2].value`) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct TreeError {
    /// The JSON path of the offending value (`$` for the document itself).
    pub path: String,
    /// What is wrong with it.
    pub message: String,
}

fn err<T>(path: &str, message: impl Into<String>) -> Result<T, TreeError> {
    Err(TreeError {
        path: path.to_string(),
        message: message.into(),
    })
}

/// A tree node as plain data: what [`ExplicitTree::from_node`] builds from and
/// [`ExplicitTree::to_node`] gives back. Handy for generating trees in tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A terminal node and its payoffs.
    Leaf {
        /// One score per player.
        value: Scores,
        /// An optional name.
        label: Option<String>,
    },
    /// A node where `player` chooses among `children` (at least one).
    Inner {
        /// The player to move.
        player: Player,
        /// The children, in move order.
        children: Vec<Node>,
        /// An optional heuristic value for depth-limited search.
        value: Option<Scores>,
        /// Optional per-player bounds valid for every leaf below.
        bounds: Option<Vec<(Score, Score)>>,
        /// An optional name.
        label: Option<String>,
    },
}

impl Node {
    /// A leaf with `value`.
    pub fn leaf(value: &[Score]) -> Node {
        Node::Leaf {
            value: Scores::from_slice(value),
            label: None,
        }
    }

    /// An inner node of `player` with `children`.
    pub fn inner(player: usize, children: Vec<Node>) -> Node {
        Node::Inner {
            player: Player::new(player),
            children,
            value: None,
            bounds: None,
            label: None,
        }
    }
}

/// Top-level options of a tree built with [`ExplicitTree::from_node`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeOptions {
    /// The upper bound on the sum of every leaf, if any.
    pub maxsum: Option<i64>,
    /// The lower bound of each score (defaults to 0 for every player when `maxsum` is set).
    pub lower: Option<Vec<Score>>,
    /// The minimum score step mu (default 1).
    pub step: Option<Score>,
}

/// An explicit game tree, stored flat in breadth-first order.
#[derive(Clone, Debug)]
pub struct ExplicitTree {
    players: usize,
    bounds: Bounds,
    player: Vec<u8>,
    first: Vec<NodeId>,
    count: Vec<u32>,
    parent: Vec<NodeId>,
    value: Vec<Scores>,
    has_value: Vec<bool>,
    subtree_bounds: Vec<Option<SubtreeBounds>>,
    labels: Vec<Option<String>>,
    height: u32,
}

impl ExplicitTree {
    /// Parses a tree from its JSON text (the format of the module docs), in one streaming
    /// pass straight into the compact form: memory is about a hundred bytes per node plus the
    /// text, whatever the layout of the document.
    ///
    /// Errors name the JSON path: duplicate keys (`root.children[1]: duplicate key
    /// "value"`), unknown fields, wrong types, values outside the score range
    /// (`-MAX_SCORE..=MAX_SCORE`), broken declared bounds; syntax errors and nesting deeper
    /// than 128 JSON levels are reported at `$` with their line and column.
    pub fn from_json_str(text: &str) -> Result<ExplicitTree, TreeError> {
        let (b, options, constant_sum) = json::from_str(text)?;
        b.finish(options, constant_sum)
    }

    /// Builds a tree from a parsed JSON document; fails as [`ExplicitTree::from_json_str`]
    /// does (a parsed document cannot hold duplicate keys).
    pub fn from_json(doc: &Value) -> Result<ExplicitTree, TreeError> {
        let (b, options, constant_sum) = json::from_value(doc)?;
        b.finish(options, constant_sum)
    }

    /// Builds a tree from plain data (no JSON): for tests and generated trees.
    ///
    /// Fails as [`ExplicitTree::from_json`] would on the same tree.
    pub fn from_node(
        players: usize,
        root: &Node,
        options: TreeOptions,
    ) -> Result<ExplicitTree, TreeError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return err(
                "players",
                format!("expected 2 to 6 players, found {players}"),
            );
        }
        let mut b = Builder::new(players);
        let mut queue: VecDeque<(&Node, String, NodeId)> = VecDeque::new();
        b.push_node(0, NodeId::MAX);
        queue.push_back((root, "root".to_string(), 0));
        while let Some((node, path, id)) = queue.pop_front() {
            let i = id as usize;
            match node {
                Node::Leaf { value, label } => {
                    if value.players() != players {
                        return err(
                            &format!("{path}.value"),
                            format!("expected {players} numbers, found {}", value.players()),
                        );
                    }
                    b.value[i] = *value;
                    b.has_value[i] = true;
                    b.labels[i] = label.clone();
                }
                Node::Inner {
                    player,
                    children,
                    value,
                    bounds,
                    label,
                } => {
                    if children.is_empty() {
                        return err(
                            &format!("{path}.children"),
                            "an inner node needs at least one child",
                        );
                    }
                    if player.index() >= players {
                        return err(
                            &format!("{path}.player"),
                            format!("player {} out of range", player.index()),
                        );
                    }
                    b.player[i] = player.index() as u8;
                    if let Some(v) = value {
                        if v.players() != players {
                            return err(
                                &format!("{path}.value"),
                                format!("expected {players} numbers, found {}", v.players()),
                            );
                        }
                        b.value[i] = *v;
                        b.has_value[i] = true;
                    }
                    if let Some(bs) = bounds {
                        if bs.len() != players {
                            return err(
                                &format!("{path}.bounds"),
                                format!("expected {players} [lo, hi] pairs, found {}", bs.len()),
                            );
                        }
                        let mut sb = [(0, 0); MAX_PLAYERS];
                        sb[..players].copy_from_slice(bs);
                        b.subtree_bounds[i] = Some(sb);
                    }
                    b.labels[i] = label.clone();
                    b.first[i] = b.player.len() as NodeId;
                    b.count[i] = children.len() as u32;
                    for (k, c) in children.iter().enumerate() {
                        let cid = b.push_node(player.index() as u8, id);
                        queue.push_back((c, format!("{path}.children[{k}]"), cid));
                    }
                }
            }
        }
        b.finish(options, None)
    }

    /// The tree as plain data (the inverse of [`ExplicitTree::from_node`]).
    pub fn to_node(&self, id: NodeId) -> Node {
        // Iterative post-order so that deep trees do not exhaust the stack.
        let mut done: Vec<Option<Node>> = vec![None; self.len()];
        let mut stack = vec![(id, false)];
        while let Some((n, expanded)) = stack.pop() {
            let i = n as usize;
            if self.count[i] == 0 {
                done[i] = Some(Node::Leaf {
                    value: self.value[i],
                    label: self.labels[i].clone(),
                });
            } else if !expanded {
                stack.push((n, true));
                for c in self.children(n) {
                    stack.push((c, false));
                }
            } else {
                let children = self
                    .children(n)
                    .map(|c| done[c as usize].take().expect("child built"))
                    .collect();
                done[i] = Some(Node::Inner {
                    player: Player::new(self.player[i] as usize),
                    children,
                    value: self.has_value[i].then_some(self.value[i]),
                    bounds: self.subtree_bounds[i].map(|b| b[..self.players].to_vec()),
                    label: self.labels[i].clone(),
                });
            }
        }
        done[id as usize].take().expect("root built")
    }

    /// The tree as a JSON document in the format of docs/tree-format.md.
    pub fn to_json(&self) -> Value {
        fn node_json(n: &Node) -> Value {
            let mut m = Map::new();
            match n {
                Node::Leaf { value, label } => {
                    m.insert("value".into(), value.as_slice().into());
                    if let Some(l) = label {
                        m.insert("label".into(), l.clone().into());
                    }
                }
                Node::Inner {
                    player,
                    children,
                    value,
                    bounds,
                    label,
                } => {
                    if let Some(l) = label {
                        m.insert("label".into(), l.clone().into());
                    }
                    m.insert("player".into(), player.index().into());
                    if let Some(v) = value {
                        m.insert("value".into(), v.as_slice().into());
                    }
                    if let Some(b) = bounds {
                        m.insert(
                            "bounds".into(),
                            b.iter()
                                .map(|&(lo, hi)| vec![lo, hi])
                                .collect::<Vec<_>>()
                                .into(),
                        );
                    }
                    m.insert(
                        "children".into(),
                        children.iter().map(node_json).collect::<Vec<_>>().into(),
                    );
                }
            }
            Value::Object(m)
        }
        let mut top = Map::new();
        top.insert("players".into(), self.players.into());
        if let Some(m) = self.bounds.maxsum {
            top.insert("maxsum".into(), m.into());
        }
        if let Some(lo) = &self.bounds.lower {
            top.insert("lower".into(), lo.as_slice().into());
        }
        if self.bounds.step != 1 {
            top.insert("step".into(), self.bounds.step.into());
        }
        top.insert("root".into(), node_json(&self.to_node(0)));
        Value::Object(top)
    }

    /// The number of nodes.
    #[expect(
        clippy::len_without_is_empty,
        reason = "a tree always has its root: it is never empty"
    )]
    pub fn len(&self) -> usize {
        self.player.len()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The longest path from the root to a leaf, in edges.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The bounds the tree declares (and that its leaves were checked against).
    pub fn declared_bounds(&self) -> Bounds {
        self.bounds
    }

    /// The children of `node`, in move order.
    pub fn children(
        &self,
        node: NodeId,
    ) -> impl DoubleEndedIterator<Item = NodeId> + ExactSizeIterator {
        let i = node as usize;
        self.first[i]..self.first[i] + self.count[i]
    }

    /// Whether `node` is a leaf.
    pub fn is_leaf(&self, node: NodeId) -> bool {
        self.count[node as usize] == 0
    }

    /// The leaf value or inner heuristic value of `node`, if it has one.
    pub fn value(&self, node: NodeId) -> Option<Scores> {
        self.has_value[node as usize].then_some(self.value[node as usize])
    }

    /// The label of `node`, if any.
    pub fn label(&self, node: NodeId) -> Option<&str> {
        self.labels[node as usize].as_deref()
    }

    /// The JSON path of `node`, such as `root.children[2].children[0]`.
    pub fn path(&self, node: NodeId) -> String {
        let mut steps = Vec::new();
        let mut n = node;
        while n != 0 {
            let p = self.parent[n as usize];
            steps.push(n - self.first[p as usize]);
            n = p;
        }
        let mut s = "root".to_string();
        for k in steps.iter().rev() {
            s.push_str(&format!(".children[{k}]"));
        }
        s
    }

    /// Every depth limit `k >= 1` (ascending) that cuts the tree at an inner node without a
    /// heuristic `"value"`, i.e. every `k` for which [`ExplicitTree::check_depth_limit`]
    /// fails, in one pass over the tree. Iterative deepening uses it to know which of its
    /// iterations valued such a node by a placeholder.
    pub fn unvalued_cut_depths(&self) -> Vec<u32> {
        let mut cuts = Vec::new();
        let mut level = vec![0 as NodeId];
        let mut next = Vec::new();
        let mut depth = 0u32;
        while !level.is_empty() {
            if depth > 0
                && level
                    .iter()
                    .any(|&n| !self.is_leaf(n) && !self.has_value[n as usize])
            {
                cuts.push(depth);
            }
            next.clear();
            for &n in &level {
                next.extend(self.children(n));
            }
            std::mem::swap(&mut level, &mut next);
            depth += 1;
        }
        cuts
    }

    /// Checks that a search limited to `depth` plies can evaluate every node it may cut at:
    /// each inner node at depth `depth` needs a heuristic `"value"`.
    pub fn check_depth_limit(&self, depth: u32) -> Result<(), TreeError> {
        let mut frontier = vec![0 as NodeId];
        for _ in 0..depth {
            frontier = frontier.iter().flat_map(|&n| self.children(n)).collect();
            if frontier.is_empty() {
                return Ok(());
            }
        }
        match frontier.iter().find(|&&n| !self.is_leaf(n) && !self.has_value[n as usize]) {
            Some(&n) => err(
                &self.path(n),
                format!("a depth limit of {depth} cuts the search at this inner node, which has no heuristic \"value\""),
            ),
            None => Ok(()),
        }
    }
}

/// The one check of a declared number: `v` as a [`Score`] when it lies in the score range
/// `-MAX_SCORE..=MAX_SCORE` (see [`crate::Score`]), else the message. Wide enough (`i128`)
/// for any integer of a JSON document; the JSON reader and [`Builder::finish`] both use it
/// and add the path.
pub(super) fn score_checked(v: i128) -> Result<Score, String> {
    match i64::try_from(v) {
        Ok(s) if score_in_range(s) => Ok(s),
        _ => Err(format!(
            "integer {v} out of range (at most 2^48 in magnitude)"
        )),
    }
}

/// The one check of the top-level `lower` list's length: `found` numbers for `players`
/// players, or the message (the path is `lower` for both the JSON reader and
/// [`Builder::finish`]).
pub(super) fn lower_len_checked(players: usize, found: usize) -> Result<(), String> {
    if found == players {
        Ok(())
    } else {
        Err(format!("expected {players} numbers, found {found}"))
    }
}

/// An error at `path` unless `v` lies in the score range ([`score_checked`]).
fn check_range(path: &str, v: i64) -> Result<(), TreeError> {
    match score_checked(i128::from(v)) {
        Ok(_) => Ok(()),
        Err(message) => err(path, message),
    }
}

struct Builder {
    players: usize,
    player: Vec<u8>,
    first: Vec<NodeId>,
    count: Vec<u32>,
    parent: Vec<NodeId>,
    value: Vec<Scores>,
    has_value: Vec<bool>,
    subtree_bounds: Vec<Option<SubtreeBounds>>,
    labels: Vec<Option<String>>,
}

impl Builder {
    fn new(players: usize) -> Builder {
        Builder::with_capacity(players, 0)
    }

    fn with_capacity(players: usize, n: usize) -> Builder {
        Builder {
            players,
            player: Vec::with_capacity(n),
            first: Vec::with_capacity(n),
            count: Vec::with_capacity(n),
            parent: Vec::with_capacity(n),
            value: Vec::with_capacity(n),
            has_value: Vec::with_capacity(n),
            subtree_bounds: Vec::with_capacity(n),
            labels: Vec::with_capacity(n),
        }
    }

    /// Adds a node; `parent_player` provisionally gives a leaf a player to move (the one after
    /// its parent's), as [`Game::to_move`] asks of terminal states.
    fn push_node(&mut self, parent_player: u8, parent: NodeId) -> NodeId {
        let id = self.player.len() as NodeId;
        let p = if parent == NodeId::MAX {
            0
        } else {
            Player::new(parent_player as usize)
                .next(self.players)
                .index() as u8
        };
        self.player.push(p);
        self.first.push(0);
        self.count.push(0);
        self.parent.push(parent);
        self.value.push(Scores::zeros(self.players));
        self.has_value.push(false);
        self.subtree_bounds.push(None);
        self.labels.push(None);
        id
    }

    fn finish(
        self,
        options: TreeOptions,
        constant_sum: Option<bool>,
    ) -> Result<ExplicitTree, TreeError> {
        let players = self.players;
        // The value range (see [`crate::Score`]): every declared number, like every value.
        if let Some(m) = options.maxsum {
            check_range("maxsum", m)?;
        }
        for (p, &l) in options.lower.iter().flatten().enumerate() {
            check_range(&format!("lower[{p}]"), l)?;
        }
        if let Some(s) = options.step {
            check_range("step", s)?;
        }
        let lower = match (&options.lower, options.maxsum) {
            (Some(l), _) => {
                if let Err(message) = lower_len_checked(players, l.len()) {
                    return err("lower", message);
                }
                Some(Scores::from_slice(l))
            }
            (None, Some(_)) => Some(Scores::zeros(players)),
            (None, None) => None,
        };
        let step = options.step.unwrap_or(1);
        if step < 1 {
            return err(
                "step",
                format!("the minimum score step must be at least 1, found {step}"),
            );
        }
        let mut t = ExplicitTree {
            players,
            bounds: Bounds {
                lower,
                maxsum: options.maxsum,
                step,
                constant_sum: false,
            },
            player: self.player,
            first: self.first,
            count: self.count,
            parent: self.parent,
            value: self.value,
            has_value: self.has_value,
            subtree_bounds: self.subtree_bounds,
            labels: self.labels,
            height: 0,
        };
        t.validate(constant_sum)?;
        Ok(t)
    }
}

impl ExplicitTree {
    /// Checks every value against the declared bounds, every declared subtree bound against
    /// the leaves below it, and computes the height and the constant-sum flag.
    fn validate(&mut self, constant_sum: Option<bool>) -> Result<(), TreeError> {
        let n = self.len();
        let players = self.players;
        let mut all_constant = self.bounds.maxsum.is_some();
        for i in 0..n {
            if !self.has_value[i] {
                continue;
            }
            let v = self.value[i];
            let path = || format!("{}.value", self.path(i as NodeId));
            if let Some(p) = (0..players).find(|&p| !score_in_range(v[p])) {
                return check_range(&format!("{}[{p}]", path()), v[p]);
            }
            if let Some(lo) = &self.bounds.lower {
                for p in 0..players {
                    if v[p] < lo[p] {
                        return err(
                            &path(),
                            format!(
                                "score {} of player {p} is below the lower bound {}",
                                v[p], lo[p]
                            ),
                        );
                    }
                }
            }
            if let Some(m) = self.bounds.maxsum {
                let s = v.sum();
                if s > m {
                    return err(&path(), format!("the scores sum to {s}, above maxsum {m}"));
                }
                if s != m {
                    all_constant = false;
                    if constant_sum == Some(true) {
                        return err(&path(), format!("the scores sum to {s}, but the tree says constant_sum with maxsum {m}"));
                    }
                }
            }
            if self.bounds.step > 1 {
                if let Some(p) = (0..players).find(|&p| v[p] % self.bounds.step != 0) {
                    return err(
                        &path(),
                        format!(
                            "score {} of player {p} is not a multiple of the step {}",
                            v[p], self.bounds.step
                        ),
                    );
                }
            }
        }
        if constant_sum == Some(true) && self.bounds.maxsum.is_none() {
            return err("constant_sum", "a constant-sum tree needs \"maxsum\"");
        }
        self.bounds.constant_sum = match constant_sum {
            Some(false) => false,
            _ => all_constant,
        };
        // Bottom-up over the breadth-first order: children have larger indices than parents.
        let mut lo = vec![[Score::MAX; MAX_PLAYERS]; n];
        let mut hi = vec![[Score::MIN; MAX_PLAYERS]; n];
        let mut height = vec![0u32; n];
        for i in (0..n).rev() {
            if self.count[i] == 0 {
                for p in 0..players {
                    lo[i][p] = self.value[i][p];
                    hi[i][p] = self.value[i][p];
                }
            } else {
                for c in self.children(i as NodeId) {
                    let c = c as usize;
                    height[i] = height[i].max(height[c] + 1);
                    for p in 0..players {
                        lo[i][p] = lo[i][p].min(lo[c][p]);
                        hi[i][p] = hi[i][p].max(hi[c][p]);
                    }
                }
                if let Some(b) = &self.subtree_bounds[i] {
                    for p in 0..players {
                        let path = || format!("{}.bounds[{p}]", self.path(i as NodeId));
                        check_range(&format!("{}[0]", path()), b[p].0)?;
                        check_range(&format!("{}[1]", path()), b[p].1)?;
                        if b[p].0 > b[p].1 {
                            return err(
                                &path(),
                                format!("lower bound {} is above upper bound {}", b[p].0, b[p].1),
                            );
                        }
                        if lo[i][p] < b[p].0 || hi[i][p] > b[p].1 {
                            return err(
                                &format!("{}.bounds[{p}]", self.path(i as NodeId)),
                                format!(
                                    "[{}, {}] does not hold for the leaves below, whose scores for player {p} range over [{}, {}]",
                                    b[p].0, b[p].1, lo[i][p], hi[i][p]
                                ),
                            );
                        }
                    }
                }
            }
        }
        self.height = height[0];
        Ok(())
    }
}

impl Game for ExplicitTree {
    type State = NodeId;
    type Move = u32;

    fn players(&self) -> usize {
        self.players
    }

    fn initial(&self) -> NodeId {
        0
    }

    fn to_move(&self, state: &NodeId) -> Player {
        Player::new(self.player[*state as usize] as usize)
    }

    /// The child index: the `i`-th child of every node is "the same move" (as for the
    /// history heuristic, [`crate::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: u32) -> Option<usize> {
        Some(mv as usize)
    }

    /// Child indices `0..children`, in order.
    fn moves(&self, state: &NodeId, out: &mut Vec<u32>) {
        out.extend(0..self.count[*state as usize]);
    }

    fn play(&self, state: &NodeId, mv: u32) -> NodeId {
        debug_assert!(mv < self.count[*state as usize]);
        self.first[*state as usize] + mv
    }

    fn outcome(&self, state: &NodeId) -> Option<Scores> {
        let i = *state as usize;
        (self.count[i] == 0).then_some(self.value[i])
    }

    fn move_name(&self, _state: &NodeId, mv: u32) -> String {
        mv.to_string()
    }
}

/// The evaluator of an explicit tree: an inner node's heuristic `"value"` (the lower bounds,
/// or zeros, where it has none: [`ExplicitTree::check_depth_limit`] tells beforehand), the
/// tree's declared bounds, and its `"bounds"` as subtree bounds.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeEval;

impl Evaluator<ExplicitTree> for TreeEval {
    fn evaluate(&self, game: &ExplicitTree, state: &NodeId) -> Scores {
        let i = *state as usize;
        if game.has_value[i] {
            game.value[i]
        } else {
            game.bounds.lower.unwrap_or(Scores::zeros(game.players))
        }
    }

    fn bounds(&self, game: &ExplicitTree) -> Bounds {
        game.bounds
    }

    fn subtree_bounds(&self, game: &ExplicitTree, state: &NodeId) -> Option<SubtreeBounds> {
        game.subtree_bounds[*state as usize]
    }
}

impl fmt::Display for ExplicitTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"{ "players": 3, "maxsum": 10,
      "root": { "player": 0, "children": [
          { "value": [5, 4, 1] },
          { "player": 1, "children": [ { "value": [3, 7, 0] }, { "value": [1, 2, 7] } ] } ] } }"#;

    #[test]
    fn parses_the_design_example() {
        let t = ExplicitTree::from_json_str(SMALL).unwrap();
        assert_eq!(t.len(), 5);
        assert_eq!(t.height(), 2);
        assert_eq!(t.players(), 3);
        let mut m = Vec::new();
        t.moves(&0, &mut m);
        assert_eq!(m, vec![0, 1]);
        let c1 = t.play(&0, 1);
        assert_eq!(t.to_move(&c1), Player::new(1));
        assert_eq!(
            t.outcome(&t.play(&c1, 1)),
            Some(Scores::from_slice(&[1, 2, 7]))
        );
        assert_eq!(t.path(t.play(&c1, 1)), "root.children[1].children[1]");
        assert!(t.declared_bounds().constant_sum);
    }

    #[test]
    fn round_trips_through_json() {
        let t = ExplicitTree::from_json_str(SMALL).unwrap();
        let again = ExplicitTree::from_json(&t.to_json()).unwrap();
        assert_eq!(t.to_node(0), again.to_node(0));
    }

    #[test]
    fn bare_numbers_in_two_player_trees() {
        let t = ExplicitTree::from_json_str(
            r#"{"players":2,"root":{"player":0,"children":[{"value":3},{"value":-2}]}}"#,
        )
        .unwrap();
        assert_eq!(t.outcome(&1), Some(Scores::from_slice(&[3, -3])));
    }

    fn error_of(text: &str) -> String {
        ExplicitTree::from_json_str(text).unwrap_err().to_string()
    }

    #[test]
    fn wrong_arity_names_the_path() {
        let e = error_of(
            r#"{"players":3,"root":{"player":0,"children":[{"value":[1,2,3]},{"value":[1,2,3]},{"value":[1,2]}]}}"#,
        );
        assert_eq!(e, "root.children[2].value: expected 3 numbers, found 2");
    }

    #[test]
    fn declared_bounds_are_checked() {
        let e = error_of(
            r#"{"players":3,"maxsum":10,"root":{"player":0,"children":[{"value":[5,5,1]}]}}"#,
        );
        assert!(
            e.contains("root.children[0].value: the scores sum to 11, above maxsum 10"),
            "{e}"
        );
        let e = error_of(
            r#"{"players":3,"maxsum":10,"root":{"player":0,"children":[{"value":[5,-1,1]}]}}"#,
        );
        assert!(e.contains("below the lower bound 0"), "{e}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let depth = 100_000;
        let mut s = String::with_capacity(depth * 40);
        s.push_str(r#"{"players":2,"root":"#);
        for _ in 0..depth {
            s.push_str(r#"{"player":0,"children":["#);
        }
        s.push_str(r#"{"value":1}"#);
        for _ in 0..depth {
            s.push_str("]}");
        }
        s.push('}');
        let e = error_of(&s);
        assert!(e.contains("nested deeper than 128 levels"), "{e}");
    }
}
