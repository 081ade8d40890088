//! The result of one search as every front gives it: [`SearchReport`], the object
//! `gametree search --json` prints (docs/counting.md), the server sends and Python reads.
//! One type, so a renamed field is a compile error in every front, not a missing key at
//! run time.

use std::fmt;

use gametree::search::mcts::{MctsConfig, MctsReport, Playout, Solver};
use gametree::search::{CutoffKind, SearchResult, Stats};
use gametree::Game;
use serde::{Deserialize, Serialize};

use crate::input::MoveStyle;

/// A move as the reports name it: a child index of an explicit tree (a JSON number), or
/// the move in the game's notation (a JSON string).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MoveName {
    /// A child index ([`MoveStyle::Index`]).
    Index(u64),
    /// The game's notation ([`MoveStyle::Notation`]).
    Name(String),
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveName::Index(i) => write!(f, "{i}"),
            MoveName::Name(n) => f.write_str(n),
        }
    }
}

/// The moves of `line` played from `state`, in the game's notation (or as child indices).
///
/// Each move is named in the position it is played from while the line keeps to the turn
/// order. A best-reply line does not: after the root player's move it hands the turn to one
/// opponent and leaves the others out (under BRS+ they play forced moves the line does not
/// hold). From the first move that is not a legal move of the player to move, or that comes
/// after the game ended, the rest of the line is named in the last position reached and not
/// played: [`Game::play`] is only ever given one of the position's moves. Every game of the
/// registry names a move without looking at the position, so its names are exact either
/// way.
pub fn move_names<G: Game>(
    game: &G,
    state: &G::State,
    line: &[G::Move],
    style: MoveStyle,
) -> Vec<MoveName> {
    let mut s = state.clone();
    let mut in_turn = true;
    let mut legal = Vec::new();
    line.iter()
        .map(|&m| {
            let name = game.move_name(&s, m);
            if in_turn {
                legal.clear();
                if game.outcome(&s).is_none() {
                    game.moves(&s, &mut legal);
                }
                if legal.contains(&m) {
                    s = game.play(&s, m);
                } else {
                    in_turn = false;
                }
            }
            match style {
                MoveStyle::Index => name
                    .parse::<u64>()
                    .map(MoveName::Index)
                    .unwrap_or(MoveName::Name(name)),
                MoveStyle::Notation => MoveName::Name(name),
            }
        })
        .collect()
}

/// One search's result: `{"algorithm", "score", "value", "best_move", "pv", "stats"}`, with
/// the trace when one was recorded and the MCTS part for `mcts`. Its JSON text is
/// [`SearchReport::to_json`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// The searcher's name, as `gametree list` spells it.
    pub algorithm: String,
    /// The value for the player to move at the root.
    pub score: i64,
    /// The value vector, one entry per player.
    pub value: Vec<i64>,
    /// The first move of the principal variation (`None` at a leaf).
    pub best_move: Option<MoveName>,
    /// The principal variation.
    pub pv: Vec<MoveName>,
    /// Who makes each move of `pv` (player indices from 0), for best-reply search, whose
    /// line alternates the root player's moves with one opponent's reply; absent for every
    /// other search, whose line keeps to the turn order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pv_players: Option<Vec<usize>>,
    /// The counters, with the names of docs/counting.md.
    pub stats: Stats,
    /// The prunes, when recorded.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub trace: Option<TraceReport>,
    /// What MCTS adds, for `mcts`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mcts: Option<MctsPart>,
}

/// One completed iteration of an iterative search, as the hook of
/// [`crate::search_job::Prepared::run`] receives it (the command line prints it as one line
/// on standard error): the nodes and time are summed over the iterations so far, as the
/// final report counts them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iteration {
    /// The depth completed.
    pub depth: u32,
    /// Nodes visited by this iteration and the ones before.
    pub nodes: u64,
    /// The value vector at the root.
    pub value: Vec<i64>,
    /// The principal variation.
    pub pv: Vec<MoveName>,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
}

impl Iteration {
    /// The iteration whose result is `r`, a search from `state`.
    pub fn of<G: Game>(
        game: &G,
        state: &G::State,
        r: &SearchResult<G::Move>,
        style: MoveStyle,
    ) -> Iteration {
        Iteration {
            depth: r.stats.depth,
            nodes: r.stats.nodes,
            value: r.value.as_slice().to_vec(),
            pv: move_names(game, state, &r.pv, style),
            elapsed_ms: r.stats.elapsed_ms,
        }
    }
}

/// The recorded prunes of a traced search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceReport {
    /// The prunes recorded, in search order.
    pub trace: Vec<TraceEvent>,
    /// The prunes not recorded, past the trace limit.
    pub trace_dropped: u64,
    /// Whether any was dropped.
    pub trace_truncated: bool,
}

/// One recorded prune.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceEvent {
    /// The moves from the root to the node whose remaining children were pruned.
    pub path: Vec<MoveName>,
    /// The kind of prune.
    pub kind: CutoffKind,
    /// The bounds that allowed it.
    pub bounds: Vec<i64>,
    /// What they reached.
    pub threshold: i64,
    /// How many children were left unsearched.
    pub pruned_children: u32,
}

/// The MCTS part of `search --algorithm mcts --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsPart {
    /// Iterations (simulations) run.
    pub iterations: u64,
    /// Moves played in playouts.
    pub playout_plies: u64,
    /// The proved value vector of the root, or `None`.
    pub proved: Option<Vec<i64>>,
    /// The root's moves in search order.
    pub root: Vec<MctsRootMove>,
    /// The parameters the search ran with.
    pub config: MctsSettings,
}

/// A root move of MCTS with its statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsRootMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: Option<MoveName>,
    /// Simulations through it.
    pub visits: u64,
    /// Its mean reward for the root player.
    pub mean: f64,
    /// Its proved value vector, or `None`.
    pub proved: Option<Vec<i64>>,
}

/// The MCTS parameters as the report names them (the command line's flags' values).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsSettings {
    /// `--seed`.
    pub seed: u64,
    /// `--exploration`.
    pub exploration: f64,
    /// `--iterations`, `None` when unlimited.
    pub iterations: Option<u64>,
    /// `--backup`.
    pub backup: String,
    /// `--playout`.
    pub playout: String,
    /// `--cutoff`.
    pub cutoff: Option<u32>,
    /// `--solver`.
    pub solver: bool,
    /// `--solver-rule` (`None` without the solver).
    pub solver_rule: Option<String>,
    /// `--reward`.
    pub reward: String,
    /// `--progressive-history`.
    pub progressive_history: Option<f64>,
}

impl SearchReport {
    /// The report of `r`, a search by `algorithm` from `state`; its trace when `trace`.
    pub fn of<G: Game>(
        algorithm: &str,
        game: &G,
        state: &G::State,
        r: &SearchResult<G::Move>,
        style: MoveStyle,
        trace: bool,
    ) -> SearchReport {
        let pv = move_names(game, state, &r.pv, style);
        let trace = trace.then(|| TraceReport {
            trace: r
                .trace
                .iter()
                .map(|e| TraceEvent {
                    path: move_names(game, state, &e.path, style),
                    kind: e.kind,
                    bounds: e.bounds.clone(),
                    threshold: e.threshold,
                    pruned_children: e.pruned_children,
                })
                .collect(),
            trace_dropped: r.trace_dropped,
            trace_truncated: r.trace_dropped > 0,
        });
        SearchReport {
            algorithm: algorithm.to_string(),
            score: r.score,
            value: r.value.as_slice().to_vec(),
            best_move: pv.first().cloned(),
            pv,
            pv_players: (!r.pv_players.is_empty())
                .then(|| r.pv_players.iter().map(|p| p.index()).collect()),
            stats: r.stats,
            trace,
            mcts: None,
        }
    }

    /// The JSON text of the report, as `gametree search --json` prints it: one line, keys
    /// in sorted order (the order of every JSON object the project writes).
    pub fn to_json(&self) -> String {
        serde_json::to_value(self)
            .map(|v| v.to_string())
            .unwrap_or_default()
    }
}

impl MctsPart {
    /// The MCTS part of the report `r` of a search run with `config`.
    pub fn of<G: Game>(
        game: &G,
        state: &G::State,
        config: &MctsConfig,
        r: &MctsReport<G::Move>,
        style: MoveStyle,
    ) -> MctsPart {
        MctsPart {
            iterations: r.iterations,
            playout_plies: r.playout_plies,
            proved: r.proved.map(|p| p.as_slice().to_vec()),
            root: r
                .root
                .iter()
                .map(|m| MctsRootMove {
                    mv: move_names(game, state, &[m.mv], style).pop(),
                    visits: m.visits,
                    mean: m.mean,
                    proved: m.proved.map(|p| p.as_slice().to_vec()),
                })
                .collect(),
            config: MctsSettings {
                seed: config.seed,
                exploration: config.exploration_for(game),
                iterations: (config.iterations != u64::MAX).then_some(config.iterations),
                backup: config.backup.name().to_string(),
                playout: playout_name(config.playout),
                cutoff: config.cutoff,
                solver: config.solver == Solver::On,
                solver_rule: (config.solver == Solver::On)
                    .then(|| config.solver_rule.name().to_string()),
                reward: config.reward.name().to_string(),
                progressive_history: config.progressive_history,
            },
        }
    }
}

/// The `--playout` text of `p`.
pub(crate) fn playout_name(p: Playout) -> String {
    match p {
        Playout::Random => "random".to_string(),
        Playout::EpsilonGreedy { epsilon } => format!("epsilon:{epsilon}"),
    }
}
