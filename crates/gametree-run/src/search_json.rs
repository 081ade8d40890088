//! The JSON object of `gametree search --json` (docs/counting.md) for a request a script or
//! a page sends: the web server (`gametree serve`) answers it.
//!
//! [`search_json`] runs one search described by a [`SearchRequest`] (an explicit tree or a
//! game of the registry, an algorithm, limits) through [`crate::search_job`], the code the
//! command line runs, and returns the report the command line prints for the same flags.

use gametree::search::{self, Searcher, Stop};
use gametree::tree::ExplicitTree;
use serde::Deserialize;
use serde_json::Value;

use crate::msg;
use crate::search_job::{
    self, Format, Limits, Opt, Output, RunError, SearchReport, SearchSpec, Source,
};

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
    /// The budget: `depth`, `nodes`, `time_ms`.
    #[serde(flatten)]
    pub limits: Limits,
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

impl SearchRequest {
    /// What to search: the tree sent, or the game at its position.
    pub fn source(&self) -> Result<Source<'_>, RunError> {
        match (&self.tree, &self.game) {
            (Some(doc), None) => {
                if self.position.is_some() {
                    return Err(msg![
                        Opt::Position,
                        " applies to ",
                        Opt::Game,
                        ", not to ",
                        Opt::Tree
                    ]
                    .into());
                }
                let tree =
                    ExplicitTree::from_json(doc).map_err(|e| msg![Opt::Tree, format!(": {e}")])?;
                Ok(Source::Tree(Box::new(tree)))
            }
            (None, Some(spec)) => search_job::load(None, Some(spec), self.position.as_deref()),
            (Some(_), Some(_)) => {
                Err(msg!["give either ", Opt::Tree, " or ", Opt::Game, ", not both"].into())
            }
            (None, None) => Err(msg!["give ", Opt::Tree, " or ", Opt::Game].into()),
        }
    }
}

/// Runs the search `req` describes and returns the report `gametree search --json` prints
/// for the same flags, checked as the command line checks them (the same errors, which
/// name the options as [`RunError::render`] spells them for each front). Every limit of
/// `req` applies, and `stop` when given; a request on a game without any limit searches to
/// the end of the game (a caller serving untrusted requests sets limits first). The search
/// runs on a thread of its own whose stack fits its depth.
pub fn search_json(req: &SearchRequest, stop: Option<Stop>) -> Result<SearchReport, RunError> {
    let searcher: Searcher = req.algorithm.parse().map_err(RunError::invalid)?;
    if searcher == Searcher::Mcts {
        return Err(RunError::invalid(
            "mcts is not offered here (use the command line)",
        ));
    }
    let spec = SearchSpec {
        limits: req.limits,
        iterative: req.iterative,
        trace: req.trace,
        trace_limit: req
            .trace_limit
            .unwrap_or(search::DEFAULT_TRACE_LIMIT as u64),
        format: Format::Json,
        ..SearchSpec::new(searcher)
    };
    let prepared = search_job::prepare(&spec, || req.source())?;
    let plies = prepared.plies();
    let out = crate::stack::on_search_thread(plies, move || prepared.run(stop, None))
        .map_err(RunError::invalid)?;
    match out? {
        Output::Json(r) => Ok(*r),
        Output::Text(_) => Err(RunError::invalid("the search gave a table, not JSON")),
    }
}
