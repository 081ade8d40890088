//! The JSON object of `gametree search --json` (docs/counting.md) for a request a script or
//! a page sends: the web server (`gametree serve`) answers it.
//!
//! [`search_json`] runs one search described by a [`SearchRequest`] (an explicit tree or a
//! game of the registry, an algorithm, limits) through [`crate::search_job`], the code the
//! command line runs, and returns the object the command line prints for the same flags.

use gametree::search::{self, Stop};
use gametree::tree::ExplicitTree;
use serde::Deserialize;
use serde_json::Value;
use thiserror::Error;

pub use crate::search_job::output::{move_names, result_json, stats_json};
use crate::search_job::{self, Format, Output, SearchOptions, Source, Stopped};

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
    /// position or limit (the message, the command line's, names it).
    #[error("{0}")]
    Invalid(String),
    /// A limit or a stop request stopped the search before it had a result (before depth 1
    /// completed when iterative): the command line's message.
    #[error("{0}")]
    Stopped(String),
}

/// Runs the search `req` describes and returns the object `gametree search --json` prints
/// for the same flags, checked as the command line checks them (the same one-line errors,
/// which name the command line's flags). Every limit of `req` applies, and `stop` when
/// given; a request on a game without any limit searches to the end of the game (a caller
/// serving untrusted requests sets limits first). The search runs on a thread of its own
/// whose stack fits its depth.
pub fn search_json(req: &SearchRequest, stop: Option<Stop>) -> Result<Value, SearchJsonError> {
    let invalid = |e: anyhow::Error| SearchJsonError::Invalid(e.to_string());
    let options = SearchOptions {
        depth: req.depth,
        nodes: req.nodes,
        time_ms: req.time_ms,
        iterative: req.iterative,
        trace: req.trace,
        trace_limit: req
            .trace_limit
            .unwrap_or(search::DEFAULT_TRACE_LIMIT as u64),
        format: Format::Json,
        ..SearchOptions::new(&req.algorithm)
    };
    if options.algorithm == "mcts" {
        return Err(SearchJsonError::Invalid(
            "mcts is not offered here (use the command line)".into(),
        ));
    }
    let prepared = search_job::prepare(&options, || match (&req.tree, &req.game) {
        (Some(doc), None) => {
            if req.position.is_some() {
                anyhow::bail!("position applies to game, not to tree");
            }
            let tree = ExplicitTree::from_json(doc).map_err(|e| anyhow::anyhow!("tree: {e}"))?;
            Ok(Source::Tree(Box::new(tree)))
        }
        (None, Some(spec)) => search_job::load(None, Some(spec), req.position.as_deref()),
        (Some(_), Some(_)) => anyhow::bail!("give either tree or game, not both"),
        (None, None) => anyhow::bail!("give tree or game"),
    })
    .map_err(invalid)?;
    let plies = prepared.plies();
    let out = crate::stack::on_search_thread(plies, move || prepared.run(stop, None))
        .map_err(|e| SearchJsonError::Invalid(e.to_string()))?;
    match out {
        Ok(Output::Json(v)) => Ok(v),
        Ok(Output::Text(_)) => Err(SearchJsonError::Invalid(
            "the search gave a table, not JSON".into(),
        )),
        Err(e) if e.downcast_ref::<Stopped>().is_some() => {
            Err(SearchJsonError::Stopped(e.to_string()))
        }
        Err(e) => Err(invalid(e)),
    }
}
