//! The JSON object of `gametree search --json` (docs/counting.md), built in one place for
//! every front end: the command line prints it, the web server (`gametree serve`) answers it.
//!
//! [`result_json`] turns a [`SearchResult`] into the object; [`search_json`] runs one
//! search described by a [`SearchRequest`] (an explicit tree or a game of the registry, an
//! algorithm, limits) and returns that object.

use std::time::{Duration, Instant};

use gametree::search::iterative::iterative_deepening;
use gametree::search::{
    self, Config, Limits, SearchError, SearchResult, Searcher, Stats, StopReason,
};
use gametree::tree::ExplicitTree;
use gametree::{Game, SetToMove};
use gametree_games::registry::{self, GameVisitor, MoveStyle, Playable};
use serde::Deserialize;
use serde_json::{json, Value};
use thiserror::Error;

/// The moves of `line` played from `state`, in the game's notation (or as child indices).
pub fn move_names<G: Game>(
    game: &G,
    state: &G::State,
    line: &[G::Move],
    style: MoveStyle,
) -> Vec<Value> {
    let mut s = state.clone();
    line.iter()
        .map(|&m| {
            let name = game.move_name(&s, m);
            s = game.play(&s, m);
            match style {
                MoveStyle::Index => name
                    .parse::<u64>()
                    .map(Value::from)
                    .unwrap_or(Value::from(name)),
                MoveStyle::Notation => Value::from(name),
            }
        })
        .collect()
}

/// `{"algorithm", "score", "value", "best_move", "pv", "stats": {...}}`, and when tracing
/// `"trace"` (the recorded prunes), `"trace_dropped"` (the prunes not recorded, past the
/// trace limit) and `"trace_truncated"` (whether any was dropped).
pub fn result_json<G: Game>(
    algorithm: &str,
    game: &G,
    state: &G::State,
    r: &SearchResult<G::Move>,
    style: MoveStyle,
    trace: bool,
) -> Value {
    let pv = move_names(game, state, &r.pv, style);
    let mut v = json!({
        "algorithm": algorithm,
        "score": r.score,
        "value": r.value.as_slice(),
        "best_move": pv.first().cloned().unwrap_or(Value::Null),
        "pv": pv,
        "stats": stats_json(&r.stats),
    });
    if trace {
        let events: Vec<Value> = r
            .trace
            .iter()
            .map(|e| {
                json!({
                    "path": move_names(game, state, &e.path, style),
                    "kind": e.kind,
                    "bounds": e.bounds,
                    "threshold": e.threshold,
                    "pruned_children": e.pruned_children,
                })
            })
            .collect();
        v["trace"] = Value::from(events);
        v["trace_dropped"] = Value::from(r.trace_dropped);
        v["trace_truncated"] = Value::from(r.trace_dropped > 0);
    }
    v
}

/// The stats with the names of docs/counting.md.
pub fn stats_json(s: &Stats) -> Value {
    serde_json::to_value(s).unwrap_or(Value::Null)
}

/// One search, as the flags of `gametree search` describe it (the subset a script or page
/// sends): exactly one of `tree` and `game`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// An explicit tree in the JSON format of docs/tree-format.md (the document itself).
    #[serde(default)]
    pub tree: Option<Value>,
    /// A game spec, e.g. `connect-four`.
    #[serde(default)]
    pub game: Option<String>,
    /// A position of the game in its notation (the start when omitted).
    #[serde(default)]
    pub position: Option<String>,
    /// The algorithm, as `gametree list` spells it (`mcts` excepted).
    pub algorithm: String,
    /// Depth limit in plies.
    #[serde(default)]
    pub depth: Option<u32>,
    /// Node limit.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Time limit in milliseconds.
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// Iterative deepening: the last completed iteration is returned.
    #[serde(default)]
    pub iterative: bool,
    /// Record the prunes.
    #[serde(default)]
    pub trace: bool,
    /// The most prunes recorded (the command line's default when omitted).
    #[serde(default)]
    pub trace_limit: Option<u64>,
}

/// Why [`search_json`] returned no result.
#[derive(Debug, Error)]
pub enum SearchJsonError {
    /// The request is malformed: no input or two, an unknown algorithm, a bad tree, spec,
    /// position or limit (the message names it).
    #[error("{0}")]
    Invalid(String),
    /// A limit stopped the search before it finished (before depth 1 completed when
    /// iterative).
    #[error("the {reason} stopped {algorithm} after {nodes} nodes, before {what}")]
    Stopped {
        /// The limit that stopped it.
        reason: StopReason,
        /// The algorithm's name.
        algorithm: String,
        /// The nodes visited.
        nodes: u64,
        /// What had not finished.
        what: &'static str,
    },
}

/// Runs the search `req` describes on the current thread and returns the object `gametree
/// search --json` prints for the same flags. Every limit of `req` applies; a request on a
/// game without any limit searches to the end of the game (a caller serving untrusted
/// requests sets limits first).
pub fn search_json(req: &SearchRequest) -> Result<Value, SearchJsonError> {
    let invalid = SearchJsonError::Invalid;
    let searcher: Searcher = req
        .algorithm
        .parse()
        .map_err(|e: search::UnknownAlgorithm| invalid(e.to_string()))?;
    if searcher == Searcher::Mcts {
        return Err(invalid(
            "mcts is not offered here (use the command line)".into(),
        ));
    }
    if req.iterative
        && req.depth.is_none()
        && req.nodes.is_none()
        && req.time_ms.is_none()
        && req.tree.is_none()
    {
        return Err(invalid(
            "iterative needs a limit: depth, nodes or time_ms".into(),
        ));
    }
    let start = Instant::now();
    let config = Config {
        limits: Limits {
            depth: req.depth,
            nodes: req.nodes,
            deadline: req.time_ms.map(|t| start + Duration::from_millis(t)),
            start: Some(start),
        },
        trace: req.trace,
        trace_limit: req.trace_limit.map_or(search::DEFAULT_TRACE_LIMIT, |l| {
            usize::try_from(l).unwrap_or(usize::MAX)
        }),
        ..Config::default()
    };
    let mut run = Run {
        searcher,
        config,
        iterative: req.iterative,
        unvalued_cuts: Vec::new(),
    };
    match (&req.tree, &req.game) {
        (Some(doc), None) => {
            if req.position.is_some() {
                return Err(invalid("position applies to game, not to tree".into()));
            }
            let tree = ExplicitTree::from_json(doc).map_err(|e| invalid(format!("tree: {e}")))?;
            if let Some(d) = req.depth {
                tree.check_depth_limit(d)
                    .map_err(|e| invalid(e.to_string()))?;
            }
            if req.iterative {
                run.unvalued_cuts = tree.unvalued_cut_depths();
            }
            let plies = req
                .depth
                .map_or(tree.max_plies(), |d| tree.max_plies().min(u64::from(d)));
            on_stack(plies, || tree.accept(&tree.initial(), run))
        }
        (None, Some(spec)) => {
            let plies = registry::visit(spec, req.position.as_deref(), MaxPlies)
                .map_err(|e| invalid(e.to_string()))?;
            let plies = req.depth.map_or(plies, |d| plies.min(u64::from(d)));
            on_stack(plies, || {
                registry::visit(spec, req.position.as_deref(), run)
                    .map_err(|e| invalid(e.to_string()))?
            })
        }
        (Some(_), Some(_)) => Err(invalid("give either tree or game, not both".into())),
        (None, None) => Err(invalid("give tree or game".into())),
    }
}

/// Runs `f` on a thread with a stack for `plies` plies ([`crate::stack`]).
fn on_stack(
    plies: u64,
    f: impl FnOnce() -> Result<Value, SearchJsonError> + Send,
) -> Result<Value, SearchJsonError> {
    crate::stack::on_search_thread(plies, f).map_err(|e| SearchJsonError::Invalid(e.to_string()))?
}

/// Reads [`Playable::max_plies`].
struct MaxPlies;

impl GameVisitor for MaxPlies {
    type Output = u64;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> u64
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        game.max_plies()
    }
}

/// The search of one request, handed the game by the registry.
struct Run {
    searcher: Searcher,
    config: Config,
    iterative: bool,
    /// The depths at which a cut of the explicit tree meets an unvalued inner node.
    unvalued_cuts: Vec<u32>,
}

impl Run {
    fn finish<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        result: Result<SearchResult<G::Move>, SearchError>,
    ) -> Result<Value, SearchJsonError> {
        let result = result.map_err(|e| match e {
            SearchError::Stopped(reason, stats) => SearchJsonError::Stopped {
                reason,
                algorithm: self.searcher.name().to_string(),
                nodes: stats.nodes,
                what: if self.iterative {
                    "depth 1 completed"
                } else {
                    "the search finished"
                },
            },
            other => SearchJsonError::Invalid(other.to_string()),
        })?;
        if self.iterative && self.unvalued_cuts.contains(&result.stats.depth) {
            return Err(SearchJsonError::Invalid(format!(
                "a limit stopped {} after {} nodes, before depth {} completed, and depth {} cuts \
                 the tree at inner nodes without a heuristic \"value\"; raise nodes or time_ms",
                self.searcher,
                result.stats.nodes,
                result.stats.depth + 1,
                result.stats.depth
            )));
        }
        Ok(result_json(
            self.searcher.name(),
            game,
            state,
            &result,
            style,
            self.config.trace,
        ))
    }
}

impl GameVisitor for Run {
    type Output = Result<Value, SearchJsonError>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let eval = &game.evaluator();
        let algorithm = match self.searcher {
            Searcher::Plain(a) => a,
            other => {
                return Err(SearchJsonError::Invalid(format!(
                    "{other} needs a game that can hand the turn to any player"
                )))
            }
        };
        let result = if self.iterative {
            iterative_deepening(&self.config, |c| {
                search::run(algorithm, game, eval, state, c)
            })
        } else {
            search::run(algorithm, game, eval, state, &self.config)
        };
        self.finish(game, state, G::MOVE_STYLE, result)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let Searcher::BestReply(variant) = self.searcher else {
            return self.visit(game, state);
        };
        let eval = &game.evaluator();
        let result = if self.iterative {
            iterative_deepening(&self.config, |c| variant.search(game, eval, state, c))
        } else {
            variant.search(game, eval, state, &self.config)
        };
        self.finish(game, state, G::MOVE_STYLE, result)
    }
}
