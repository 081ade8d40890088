//! Drawing a search: the tree an algorithm searched, with the nodes it visited, the values it
//! backed up, the principal variation and every prune with the bound that allowed it, as a
//! standalone SVG picture and as data (the event log and the nodes) for an interactive page.
//!
//! [`draw`] runs one search with the event log on ([`gametree::search::Events::Record`]) on
//! an explicit tree or on a small game to a given depth, and returns a [`Drawing`]. Its JSON
//! form is `{"svg", "events", "nodes", "summary", "result"}`, where `result` is the object
//! `gametree search --json --trace` prints for the same search.
//!
//! **Node identity.** A node's id is its path from the root as child indices (in the game's
//! move order) joined by `.`; the root is `r` (so `r`, `0`, `0.2`, ...). In the SVG each
//! node is a `<g id="node-ID" class="node ...">` and the edge into it a `<g id="edge-ID"
//! class="edge ...">`.
//!
//! **Best-reply search.** `brs` and `brs-plus` ([`DRAWABLE_ON_GAMES`]) are drawn on the
//! tree they search, not on the game's move tree: at even depths the root player's moves, at
//! odd depths one child per (opponent, move) pair in turn order, each labelled with the
//! replier (`P2: 9-20`) and, for BRS+, the other opponents' forced first moves. The search
//! names nodes by moves only; when two replies of one node have the same move, a visit goes
//! to the first not yet visited and any other event to the one visited last.
//!
//! **Replay.** Starting from every node `unvisited` and nothing pruned, applying the events in
//! order (a `visit` makes its node `visited` and clears a prune mark on it; a `prune` marks
//! each node of its `bound.pruned` as pruned by its kind) ends in exactly the `visited` /
//! `unvisited` / `pruned` / `prune-KIND` classes of the SVG ([`replay`]). The classes `leaf`
//! (drawn without children) and `pv` (on the principal variation) are fixed by the tree and
//! the result.

mod svg;

use crate::input::Source;
use crate::report::SearchReport;
use std::time::Instant;

use gametree::eval::Evaluator;
use gametree::search::{
    self, Config, CutoffKind, Events, Limits, SearchError, SearchEvent, SearchResult, Searcher,
    Stats, StopReason,
};
use gametree::tree::{ExplicitTree, NodeId};
use gametree::{Game, Player, SetToMove};
use gametree_games::registry::{GameVisitor, Playable};
use serde::Serialize;
use serde_json::Value;

/// The default of [`DrawConfig::max_nodes`].
pub const DEFAULT_MAX_NODES: usize = 2000;

/// The searchers whose every step is in the event log, so that they can be drawn.
pub const DRAWABLE: &[&str] = &[
    "minimax",
    "alphabeta",
    "alphabeta-failsoft",
    "negamax",
    "maxn",
    "shallow",
    "branch-and-bound",
    "last-branch",
    "speculative",
    "paranoid",
    "nmax",
];

/// The searchers drawable only on a game that can hand the turn to any player
/// ([`SetToMove`]): best-reply search, drawn on the tree it searches (see the module
/// documentation), not on the game's move tree.
pub const DRAWABLE_ON_GAMES: &[&str] = &["brs", "brs-plus"];

/// What to draw the search of: an explicit tree, drawn whole (`depth` limits the search;
/// the nodes below are drawn unvisited), or a game of the registry at a position, searched
/// to `depth` plies (required: drawn are the nodes the search visited and the children of
/// those it expanded).
#[derive(Debug)]
pub struct DrawInput {
    /// What to search, loaded ([`crate::input`]).
    pub source: Source,
    /// The search's depth limit (to the leaves of a tree when `None`).
    pub depth: Option<u32>,
}

/// How to draw: the algorithm and the limits.
#[derive(Clone, Debug)]
pub struct DrawConfig {
    /// The algorithm, as the command line spells it (one of [`DRAWABLE`]).
    pub algorithm: String,
    /// The most nodes drawn (and so searched); a larger tree is refused with
    /// [`DrawError::TooLarge`] rather than drawn as an unreadable picture.
    pub max_nodes: usize,
    /// When the search must stop ([`DrawError::Search`] if it is reached).
    pub deadline: Option<Instant>,
    /// How the picture is laid out.
    pub layout: Layout,
}

impl DrawConfig {
    /// `algorithm` with the default limits: [`DEFAULT_MAX_NODES`], no deadline, the
    /// [`Layout::Wide`] picture.
    pub fn new(algorithm: &str) -> DrawConfig {
        DrawConfig {
            algorithm: algorithm.to_string(),
            max_nodes: DEFAULT_MAX_NODES,
            deadline: None,
            layout: Layout::Wide,
        }
    }
}

/// How the picture is laid out (`gametree draw --layout`). Both draw the same nodes,
/// classes and events; only the geometry differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Leaves one column apart, the column as wide as the longest leaf value, read
    /// horizontally under each leaf.
    #[default]
    Wide,
    /// Leaves as close as their symbols allow (34 px apart), each leaf's value and label
    /// written vertically under it, inner nodes' values over them, and levels 80 px apart:
    /// about half the width of [`Layout::Wide`] for three-player value vectors.
    Compact,
}

/// Why a search cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// The algorithm name is not known.
    #[error(transparent)]
    UnknownAlgorithm(#[from] search::UnknownAlgorithm),
    /// The algorithm is known but does not record its steps.
    #[error("{algorithm} cannot be drawn (it records no event log); drawable: {} (on games that can hand the turn to any player: {})", DRAWABLE.join(", "), DRAWABLE_ON_GAMES.join(", "))]
    NotDrawable {
        /// The algorithm's name.
        algorithm: String,
    },
    /// The algorithm needs a game that can hand the turn to any player ([`SetToMove`]);
    /// the message lists the games that can, as `gametree search` does.
    #[error("{}", crate::input::needs_set_to_move(*searcher))]
    NeedsSetToMove {
        /// The searcher.
        searcher: Searcher,
    },
    /// A game without a depth (a tree can be drawn whole, a game cannot).
    #[error("a game is drawn to a depth: give one")]
    NeedsDepth,
    /// The tree cannot be searched to this depth (an inner node without a heuristic value).
    #[error(transparent)]
    Tree(#[from] gametree::tree::TreeError),
    /// The tree to draw has more nodes than [`DrawConfig::max_nodes`].
    #[error("the tree to draw has more than {max} nodes; give a smaller depth or tree (or raise the node cap)")]
    TooLarge {
        /// The cap.
        max: usize,
    },
    /// The search failed (a missing bound, too many players, the deadline).
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// A drawn search: the SVG and the data behind it. Serialises as
/// `{"svg", "events", "nodes", "summary", "result"}`.
#[derive(Clone, Debug, Serialize)]
pub struct Drawing {
    /// The picture, a standalone SVG document.
    pub svg: String,
    /// The event log, in order.
    pub events: Vec<DrawEvent>,
    /// The nodes drawn, parents before children, with their place in the picture.
    pub nodes: Vec<DrawNode>,
    /// The counts, for a summary line.
    pub summary: Summary,
    /// The object `gametree search --json --trace` prints for the same search.
    pub result: Value,
}

/// What kind of step an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// The search entered the node.
    Visit,
    /// The node was evaluated statically.
    Leaf,
    /// The node's remaining children were pruned.
    Prune,
    /// The node is searched again.
    ReSearch,
    /// The node's search returned its value.
    Backup,
}

/// One event of the log, with node ids instead of move paths.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawEvent {
    /// Its position in the log, from 0.
    pub seq: u64,
    /// What happened.
    pub kind: EventKind,
    /// The node it happened at.
    pub node: String,
    /// The player to move there (`None` at a terminal node).
    pub player: Option<usize>,
    /// The value: the static value (leaf) or the value returned (backup; one number in
    /// two-player searches, player 0's score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Vec<i64>>,
    /// The prune (prune events only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<PruneBound>,
}

/// What cut a branch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PruneBound {
    /// The kind of prune.
    pub kind: CutoffKind,
    /// The bounds that allowed it (as in the search's trace).
    pub bounds: Vec<i64>,
    /// What they reached.
    pub threshold: i64,
    /// How many children were left unsearched.
    pub pruned_children: u32,
    /// The ids of those children.
    pub pruned: Vec<String>,
    /// The prune in words, as drawn: `shallow: 7+4 >= 10`.
    pub text: String,
}

/// A node as drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawNode {
    /// Its id (`r`, `0`, `0.2`, ...).
    pub id: String,
    /// Its parent's id (`None` for the root).
    pub parent: Option<String>,
    /// Its depth (the root is 0).
    pub depth: u32,
    /// The move into it, in the game's notation (`None` for the root).
    #[serde(rename = "move")]
    pub move_name: Option<String>,
    /// The player to move (`None` at a terminal node).
    pub player: Option<usize>,
    /// The tree's label, if it has one.
    pub label: Option<String>,
    /// Drawn without children (terminal, at the depth limit, or not expanded).
    pub leaf: bool,
    /// Visited by the search.
    pub visited: bool,
    /// Its static value: the outcome of a terminal node, or the value the search evaluated.
    pub value: Option<Vec<i64>>,
    /// The last value its search returned (inner nodes).
    pub backed_up: Option<Vec<i64>>,
    /// On the principal variation.
    pub pv: bool,
    /// The kind of the prune that cut it, if one did.
    pub pruned: Option<CutoffKind>,
    /// Its centre in the picture.
    pub x: f64,
    /// Its centre in the picture.
    pub y: f64,
}

/// The counts of a drawing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The algorithm's name.
    pub algorithm: String,
    /// Nodes drawn.
    pub nodes_drawn: usize,
    /// Nodes visited by the search ([`Stats::nodes`]).
    pub visited: u64,
    /// Static evaluations ([`Stats::leaves`]).
    pub leaves: u64,
    /// Prunes ([`search::Cutoffs::total`]).
    pub prunes: u64,
    /// Re-searches.
    pub re_searches: u64,
    /// Events in the log.
    pub events: usize,
    /// The search's statistics.
    pub stats: Stats,
}

/// Draws the search of `cfg.algorithm` on `input`. See the module documentation.
pub fn draw(input: DrawInput, cfg: &DrawConfig) -> Result<Drawing, DrawError> {
    let depth = input.depth;
    if input.source.tree().is_none() && depth.is_none() {
        return Err(DrawError::NeedsDepth);
    }
    let searcher: Searcher = cfg.algorithm.parse()?;
    if !DRAWABLE.contains(&searcher.name()) && !DRAWABLE_ON_GAMES.contains(&searcher.name()) {
        return Err(DrawError::NotDrawable {
            algorithm: searcher.name().to_string(),
        });
    }
    if let Some(tree) = input.source.tree() {
        if tree.len() > cfg.max_nodes {
            return Err(DrawError::TooLarge { max: cfg.max_nodes });
        }
        if let Some(d) = depth {
            tree.check_depth_limit(d)?;
        }
    }
    let config = Config {
        limits: Limits {
            depth,
            nodes: Some(cfg.max_nodes as u64),
            deadline: cfg.deadline,
            cpu_deadline: None,
            start: None,
            stop: None,
        },
        trace: true,
        trace_limit: cfg.max_nodes.saturating_mul(8).max(64),
        events: Events::Record,
        ..Config::default()
    };
    let visitor = Builder {
        searcher,
        config,
        max_nodes: cfg.max_nodes,
        whole: input.source.tree().is_some(),
    };
    let mut model = input.source.visit(visitor)?;
    if let Some(tree) = input.source.tree() {
        add_labels(&mut model, tree);
    }
    svg::layout(&mut model, cfg.layout);
    let svg = svg::render(&model, cfg.layout);
    let summary = Summary {
        algorithm: searcher.name().to_string(),
        nodes_drawn: model.nodes.len(),
        visited: model.stats.nodes,
        leaves: model.stats.leaves,
        prunes: model.stats.cutoffs.total(),
        re_searches: model.stats.re_searches,
        events: model.events.len(),
        stats: model.stats,
    };
    Ok(Drawing {
        svg,
        events: model.events,
        nodes: model.nodes,
        summary,
        result: model.result,
    })
}

/// The classes of each node (by id) after replaying `events` from the start: `visited` or
/// `unvisited`, and `pruned` with the kind, as the module documentation says. The test of
/// the drawing compares them with the SVG's.
pub fn replay(
    nodes: &[DrawNode],
    events: &[DrawEvent],
) -> std::collections::BTreeMap<String, (bool, Option<CutoffKind>)> {
    let mut state: std::collections::BTreeMap<String, (bool, Option<CutoffKind>)> = nodes
        .iter()
        .map(|n| (n.id.clone(), (false, None)))
        .collect();
    for e in events {
        match e.kind {
            EventKind::Visit => {
                if let Some(s) = state.get_mut(&e.node) {
                    *s = (true, None);
                }
            }
            EventKind::Prune => {
                if let Some(b) = &e.bound {
                    for c in &b.pruned {
                        if let Some(s) = state.get_mut(c) {
                            s.1 = Some(b.kind);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    state
}

/// The drawn tree before layout (shared with `svg.rs`).
pub(crate) struct Model {
    pub nodes: Vec<DrawNode>,
    /// Children of each node, by index into `nodes`.
    pub children: Vec<Vec<usize>>,
    /// The prune that cut each node, for the edge's mark: the event's bound, and whether
    /// this is the first child it cut (which carries the label).
    pub cuts: Vec<Option<(PruneBound, bool)>>,
    pub events: Vec<DrawEvent>,
    pub stats: Stats,
    pub result: Value,
    pub title: String,
}

fn add_labels(model: &mut Model, tree: &ExplicitTree) {
    // Node 0 of the model is the root; children are in move order, as in the tree.
    let mut tree_node: Vec<NodeId> = vec![0; model.nodes.len()];
    for i in 0..model.nodes.len() {
        let t = tree_node[i];
        model.nodes[i].label = tree.label(t).map(str::to_string);
        let kids: Vec<NodeId> = tree.children(t).collect();
        for (k, &c) in model.children[i].iter().enumerate() {
            tree_node[c] = kids[k];
        }
    }
}

struct Builder {
    searcher: Searcher,
    config: Config,
    max_nodes: usize,
    /// Draw the whole tree (explicit trees), not only what the search reached.
    whole: bool,
}

impl GameVisitor for Builder {
    type Output = Result<Model, DrawError>;

    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Result<Model, DrawError>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let eval = game.evaluator();
        let r = match self.searcher {
            Searcher::Plain(a) => search::run(a, game, &eval, state, &self.config),
            _ => {
                return Err(DrawError::NeedsSetToMove {
                    searcher: self.searcher,
                })
            }
        };
        let player_of = |s: &G::State| -> Option<usize> {
            game.outcome(s).is_none().then(|| game.to_move(s).index())
        };
        let kids = |s: &G::State, _depth: u32| -> Vec<Kid<G>> {
            let mut moves = Vec::new();
            if game.outcome(s).is_none() {
                game.moves(s, &mut moves);
            }
            moves
                .into_iter()
                .map(|mv| {
                    let state = game.play(s, mv);
                    Kid {
                        mv,
                        name: game.move_name(s, mv),
                        player: player_of(&state),
                        label: None,
                        state,
                    }
                })
                .collect()
        };
        self.model(game, state, r, &kids, player_of(state))
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        state: &G::State,
    ) -> Result<Model, DrawError>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let Searcher::BestReply(variant) = self.searcher else {
            return self.visit(game, state);
        };
        let eval = game.evaluator();
        let r = variant.search(game, &eval, state, &self.config);
        let bt = BestReplyTree::new(
            game,
            &eval,
            state,
            variant == search::best_reply::Variant::BrsPlus,
        );
        let kids = |s: &G::State, depth: u32| bt.children(s, depth);
        let root = game.outcome(state).is_none().then(|| bt.root.index());
        self.model(game, state, r, &kids, root)
    }
}

/// A child as a tree model generates it: the move (the edge's identity below its parent),
/// the position reached, its name, the player drawn in the child and the child's label.
struct Kid<G: Game> {
    mv: G::Move,
    state: G::State,
    name: String,
    player: Option<usize>,
    label: Option<String>,
}

/// The children of a position at a depth: the game's move tree, or the best-reply tree.
type Kids<'a, G> = dyn Fn(&<G as Game>::State, u32) -> Vec<Kid<G>> + 'a;

/// The tree best-reply search searches (see the module documentation of
/// `gametree::search::best_reply`), rebuilt for the drawing with the same move order: at an
/// even depth the root player's moves (the turn handed to it), at an odd depth one child per
/// (opponent, move) pair in turn order, BRS+ with the others' forced first moves applied.
struct BestReplyTree<'a, G: SetToMove, E> {
    game: &'a G,
    eval: &'a E,
    root: Player,
    opponents: Vec<Player>,
    plus: bool,
}

impl<'a, G: SetToMove, E: Evaluator<G>> BestReplyTree<'a, G, E> {
    fn new(game: &'a G, eval: &'a E, state: &G::State, plus: bool) -> Self {
        let root = game.to_move(state);
        let n = game.players();
        let mut opponents = Vec::with_capacity(n - 1);
        let mut p = root;
        for _ in 1..n {
            p = p.next(n);
            opponents.push(p);
        }
        BestReplyTree {
            game,
            eval,
            root,
            opponents,
            plus,
        }
    }

    /// The moves of the player to move in `s`, in the evaluator's order (as the search).
    fn ordered(&self, s: &G::State) -> Vec<G::Move> {
        let mut m = Vec::new();
        self.game.moves(s, &mut m);
        self.eval.order(self.game, s, &mut m);
        m
    }

    /// BRS+: `t` after opponents `from..` play their first move, with one note per move.
    fn forced(&self, mut t: G::State, from: usize, notes: &mut Vec<String>) -> G::State {
        for &o in &self.opponents[from..] {
            if self.game.outcome(&t).is_some() {
                break;
            }
            let Some(s) = self.game.set_to_move(&t, o) else {
                continue;
            };
            let Some(&first) = self.ordered(&s).first() else {
                continue;
            };
            notes.push(format!(
                "{o} plays {} (forced)",
                self.game.move_name(&s, first)
            ));
            t = self.game.play(&s, first);
        }
        t
    }

    /// The player drawn in a node at `depth` in position `t` (none when terminal): the root
    /// player at even depths, the first opponent at odd ones (the edges below say who replies).
    fn player(&self, t: &G::State, depth: u32) -> Option<usize> {
        if self.game.outcome(t).is_some() {
            None
        } else if depth % 2 == 0 {
            Some(self.root.index())
        } else {
            self.opponents.first().map(|o| o.index())
        }
    }

    fn children(&self, t: &G::State, depth: u32) -> Vec<Kid<G>> {
        let g = self.game;
        if g.outcome(t).is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        if depth % 2 == 0 {
            let s = if g.to_move(t) == self.root {
                t.clone()
            } else {
                match g.set_to_move(t, self.root) {
                    Some(h) => h,
                    None => return out,
                }
            };
            for mv in self.ordered(&s) {
                let state = g.play(&s, mv);
                out.push(Kid {
                    mv,
                    name: g.move_name(&s, mv),
                    player: self.player(&state, depth + 1),
                    label: None,
                    state,
                });
            }
            return out;
        }
        let mut pre = t.clone();
        let mut before: Vec<String> = Vec::new();
        for (i, &o) in self.opponents.iter().enumerate() {
            let Some(s) = g.set_to_move(&pre, o) else {
                continue;
            };
            let moves = self.ordered(&s);
            for &mv in &moves {
                let name = format!("{o}: {}", g.move_name(&s, mv));
                let mut notes = before.clone();
                notes.push(name.clone());
                let mut state = g.play(&s, mv);
                if self.plus {
                    state = self.forced(state, i + 1, &mut notes);
                }
                out.push(Kid {
                    mv,
                    name,
                    player: self.player(&state, depth + 1),
                    label: Some(notes.join("; ")),
                    state,
                });
            }
            if self.plus {
                let Some(&first) = moves.first() else {
                    continue;
                };
                before.push(format!("{o} plays {} (forced)", g.move_name(&s, first)));
                pre = g.play(&s, first);
                if g.outcome(&pre).is_some() {
                    break;
                }
            }
        }
        out
    }
}

/// A node of the tree being built, before it becomes a [`DrawNode`].
struct Raw<G: Game> {
    state: G::State,
    mv: Option<G::Move>,
    /// The move's name (best-reply tree: with the replier).
    name: Option<String>,
    /// The player drawn in the node.
    player: Option<usize>,
    /// The label drawn by the node (best-reply replies).
    label: Option<String>,
    /// 1 + the number of the event that last visited the node (0: never).
    stamp: u64,
    parent: Option<usize>,
    depth: u32,
    children: Option<Vec<usize>>,
}

struct Tree<'g, G: Game> {
    kids: &'g Kids<'g, G>,
    raw: Vec<Raw<G>>,
    max: usize,
}

impl<G: Game> Tree<'_, G> {
    /// The children of `i`, generated on first use (in the game's move order).
    fn expand(&mut self, i: usize) -> Result<&[usize], DrawError> {
        if self.raw[i].children.is_none() {
            let made = (self.kids)(&self.raw[i].state, self.raw[i].depth);
            if self.raw.len() + made.len() > self.max {
                return Err(DrawError::TooLarge { max: self.max });
            }
            let mut kids = Vec::with_capacity(made.len());
            for k in made {
                kids.push(self.raw.len());
                let depth = self.raw[i].depth + 1;
                self.raw.push(Raw {
                    state: k.state,
                    mv: Some(k.mv),
                    name: Some(k.name),
                    player: k.player,
                    label: k.label,
                    stamp: 0,
                    parent: Some(i),
                    depth,
                    children: None,
                });
            }
            self.raw[i].children = Some(kids);
        }
        Ok(self.raw[i].children.as_deref().unwrap_or(&[]))
    }

    /// The node reached by `path` from the root, for the event numbered `seq` (a visit when
    /// `visit`). Two children of a node can have the same move (in the best-reply tree, two
    /// opponents placing on the same square): a visit goes to the first such child not
    /// visited since its parent was, any other event to the one visited last, as the search
    /// is depth first.
    fn find(&mut self, path: &[G::Move], seq: u64, visit: bool) -> Result<usize, DrawError> {
        let mut i = 0;
        for (k, &mv) in path.iter().enumerate() {
            let since = self.raw[i].stamp;
            let kids = self.expand(i)?.to_vec();
            let mut same = kids.iter().copied().filter(|&c| self.raw[c].mv == Some(mv));
            let first = same.next().ok_or(DrawError::TooLarge { max: self.max })?;
            i = if visit && k + 1 == path.len() {
                std::iter::once(first)
                    .chain(same)
                    .find(|&c| self.raw[c].stamp <= since)
                    .unwrap_or(first)
            } else {
                std::iter::once(first)
                    .chain(same)
                    .max_by_key(|&c| (self.raw[c].stamp, std::cmp::Reverse(c)))
                    .unwrap_or(first)
            };
        }
        if visit {
            self.raw[i].stamp = seq + 1;
        }
        Ok(i)
    }
}

impl Builder {
    fn model<G: Playable>(
        &self,
        game: &G,
        state: &G::State,
        r: Result<SearchResult<G::Move>, SearchError>,
        kids: &Kids<'_, G>,
        root_player: Option<usize>,
    ) -> Result<Model, DrawError> {
        let r = r.map_err(|e| match e {
            SearchError::Stopped(StopReason::NodeLimit, _) => DrawError::TooLarge {
                max: self.max_nodes,
            },
            other => DrawError::Search(other),
        })?;
        let mut t = Tree {
            kids,
            raw: vec![Raw {
                state: state.clone(),
                mv: None,
                name: None,
                player: root_player,
                label: None,
                stamp: 0,
                parent: None,
                depth: 0,
                children: None,
            }],
            max: self.max_nodes,
        };
        // Each event's node; then the nodes to draw beyond them.
        let mut at = Vec::with_capacity(r.events.len());
        for (seq, e) in r.events.iter().enumerate() {
            let path = match e {
                SearchEvent::Visit { path }
                | SearchEvent::Leaf { path, .. }
                | SearchEvent::Backup { path, .. }
                | SearchEvent::ReSearch { path } => path,
                SearchEvent::Prune(p) => &p.path,
            };
            let visit = matches!(e, SearchEvent::Visit { .. });
            at.push(t.find(path, seq as u64, visit)?);
        }
        let depth_limit = self.config.limits.depth.unwrap_or(u32::MAX);
        let mut visited = vec![false; t.raw.len()];
        for (e, &i) in r.events.iter().zip(&at) {
            if matches!(e, SearchEvent::Visit { .. }) {
                visited[i] = true;
            }
        }
        // Expand: the whole tree, or every visited inner node above the depth limit.
        let mut i = 0;
        while i < t.raw.len() {
            let seen = visited.get(i).copied().unwrap_or(false);
            if self.whole || (seen && t.raw[i].depth < depth_limit) {
                t.expand(i)?;
            }
            i += 1;
        }
        let n = t.raw.len();
        visited.resize(n, false);
        // Ids.
        let mut ids: Vec<String> = Vec::with_capacity(n);
        for i in 0..n {
            let id = match t.raw[i].parent {
                None => "r".to_string(),
                Some(p) => {
                    let k = t.raw[p]
                        .children
                        .as_ref()
                        .and_then(|c| c.iter().position(|&c| c == i))
                        .unwrap_or(0);
                    if p == 0 {
                        k.to_string()
                    } else {
                        format!("{}.{k}", ids[p])
                    }
                }
            };
            ids.push(id);
        }
        // Events, replayed for the values and prunes.
        let mut events = Vec::with_capacity(r.events.len());
        let mut last_visit = vec![None::<u64>; n];
        let mut value: Vec<Option<Vec<i64>>> = t
            .raw
            .iter()
            .map(|x| game.outcome(&x.state).map(|v| v.as_slice().to_vec()))
            .collect();
        let mut backed_up: Vec<Option<Vec<i64>>> = vec![None; n];
        let mut cuts: Vec<Option<(PruneBound, bool)>> = vec![None; n];
        for (seq, (e, &i)) in r.events.iter().zip(&at).enumerate() {
            let seq = seq as u64;
            let (kind, v, bound) = match e {
                SearchEvent::Visit { .. } => {
                    last_visit[i] = Some(seq);
                    cuts[i] = None;
                    (EventKind::Visit, None, None)
                }
                SearchEvent::Leaf { value: v, .. } => {
                    value[i] = Some(v.clone());
                    (EventKind::Leaf, Some(v.clone()), None)
                }
                SearchEvent::Backup { value: v, .. } => {
                    backed_up[i] = Some(v.clone());
                    (EventKind::Backup, Some(v.clone()), None)
                }
                SearchEvent::ReSearch { .. } => (EventKind::ReSearch, None, None),
                SearchEvent::Prune(p) => {
                    let since = last_visit[i];
                    let kids = t.raw[i].children.clone().unwrap_or_default();
                    let pruned: Vec<usize> = kids
                        .into_iter()
                        .filter(|&c| match (last_visit[c], since) {
                            (None, _) => true,
                            (Some(c), Some(s)) => c < s,
                            (Some(_), None) => false,
                        })
                        .collect();
                    let b = PruneBound {
                        kind: p.kind,
                        bounds: p.bounds.clone(),
                        threshold: p.threshold,
                        pruned_children: p.pruned_children,
                        pruned: pruned.iter().map(|&c| ids[c].clone()).collect(),
                        text: prune_text(p.kind, &p.bounds, p.threshold),
                    };
                    for (k, &c) in pruned.iter().enumerate() {
                        cuts[c] = Some((b.clone(), k == 0));
                    }
                    (EventKind::Prune, None, Some(b))
                }
            };
            events.push(DrawEvent {
                seq,
                kind,
                node: ids[i].clone(),
                player: t.raw[i].player,
                value: v,
                bound,
            });
        }
        // The principal variation.
        let mut pv = vec![false; n];
        pv[0] = true;
        let mut cur = 0;
        // A node's own score, to tell apart children with the same move: the one number
        // backed up, or the root player's component of its value.
        let root_index = game.to_move(state).index();
        let score_of = |c: usize| -> Option<i64> {
            match (&backed_up[c], &value[c]) {
                (Some(v), _) if v.len() == 1 => Some(v[0]),
                (Some(v), _) | (None, Some(v)) => v.get(root_index).copied(),
                _ => None,
            }
        };
        for &mv in &r.pv {
            let same: Vec<usize> = t.raw[cur]
                .children
                .as_ref()
                .map(|c| {
                    c.iter()
                        .copied()
                        .filter(|&c| t.raw[c].mv == Some(mv))
                        .collect()
                })
                .unwrap_or_default();
            let next = if same.len() > 1 {
                same.iter()
                    .copied()
                    .find(|&c| visited[c] && score_of(c) == Some(r.score))
                    .or(same.first().copied())
            } else {
                same.first().copied()
            };
            let Some(next) = next else {
                break;
            };
            pv[next] = true;
            cur = next;
        }
        let mut nodes = Vec::with_capacity(n);
        let mut children = Vec::with_capacity(n);
        for i in 0..n {
            let raw = &t.raw[i];
            let kids = raw.children.clone().unwrap_or_default();
            nodes.push(DrawNode {
                id: ids[i].clone(),
                parent: raw.parent.map(|p| ids[p].clone()),
                depth: raw.depth,
                move_name: raw.name.clone(),
                player: raw.player,
                label: raw.label.clone(),
                leaf: kids.is_empty(),
                visited: visited[i],
                value: value[i].clone(),
                backed_up: backed_up[i].clone(),
                pv: pv[i],
                pruned: cuts[i].as_ref().map(|c| c.0.kind),
                x: 0.0,
                y: 0.0,
            });
            children.push(kids);
        }
        let report = SearchReport::of(self.searcher.name(), game, state, &r, G::MOVE_STYLE, true);
        let result = serde_json::to_value(&report).unwrap_or(Value::Null);
        Ok(Model {
            nodes,
            children,
            cuts,
            events,
            stats: r.stats,
            result,
            title: format!(
                "{}: {}, {}, {}",
                self.searcher.name(),
                counted(r.stats.nodes, "node"),
                counted(r.stats.leaves, "leaf"),
                counted(r.stats.cutoffs.total(), "prune")
            ),
        })
    }
}

/// `1 node`, `2 nodes`, `1 leaf`, `3 leaves`: a count and its noun.
pub fn counted(n: u64, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "leaf") => format!("{n} leaves"),
        _ => format!("{n} {noun}s"),
    }
}

/// A bound as drawn: infinite bounds as `inf`.
fn num(v: i64) -> String {
    if v >= gametree::search::two_player::minimax::KEY_LIMIT {
        "inf".into()
    } else if v <= -gametree::search::two_player::minimax::KEY_LIMIT {
        "-inf".into()
    } else {
        v.to_string()
    }
}

/// A prune in words: the test that succeeded, as the algorithm's documentation states it.
pub fn prune_text(kind: CutoffKind, bounds: &[i64], threshold: i64) -> String {
    let name = serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let t = num(threshold);
    let test = match (kind, bounds) {
        (CutoffKind::Alpha, [alpha, _]) => format!("{t} <= {}", num(*alpha)),
        (CutoffKind::Beta, [_, beta]) => format!("{t} >= {}", num(*beta)),
        (_, [x, y]) => format!("{}+{} >= {t}", num(*x), num(*y)),
        (_, [y]) => format!("{} >= {t}", num(*y)),
        (_, b) => format!(
            "[{}] / {t}",
            b.iter().map(|&v| num(v)).collect::<Vec<_>>().join(", ")
        ),
    };
    format!("{name}: {test}")
}
