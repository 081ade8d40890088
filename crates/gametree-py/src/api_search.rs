//! `gametree.search`: the request, its dispatch on what is searched, and `SearchResult`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde_json::Value;

use gametree_lab::search_job::{self, Format, Output, SearchOptions, Source};

use crate::api_convert::{json_to_py, Int};
use crate::api_error::{from_anyhow, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_objects::{Game, Tree};

/// The options of one search, checked: what `gametree.search` was given after the object
/// to search. The command line's flags of the same names mean the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    /// The algorithm's name, as `gametree.algorithms()` lists it.
    pub algorithm: String,
    /// The depth limit in plies (`None`: to the end of the game).
    pub depth: Option<u32>,
    /// The node limit (`None`: none).
    pub nodes: Option<u64>,
    /// The time limit in milliseconds (`None`: none).
    pub time_ms: Option<u64>,
    /// Iterative deepening up to the depth limit.
    pub iterative: bool,
    /// A table of this many MiB (`None`: no table; `table_mib=0` in Python).
    pub table_mib: Option<u64>,
    /// The engine on this many threads (`None`: no engine; `threads=1` in Python).
    pub threads: Option<u64>,
    /// Record the prunes.
    pub trace: bool,
}

/// The arguments of `gametree.search` after the searched object, as Python gave them.
#[derive(Clone, Debug, Default)]
pub struct RawOptions {
    /// `depth`.
    pub depth: Option<Int>,
    /// `nodes`.
    pub nodes: Option<Int>,
    /// `time_ms`.
    pub time_ms: Option<Int>,
    /// `iterative`.
    pub iterative: bool,
    /// `table_mib`.
    pub table_mib: Int,
    /// `threads`.
    pub threads: Int,
    /// `trace`.
    pub trace: bool,
}

impl SearchRequest {
    /// Checks `raw` (ranges as the command line's flags), naming the option at fault.
    pub fn new(algorithm: &str, raw: &RawOptions) -> Result<SearchRequest, String> {
        fn range(name: &str, v: Option<Int>, lo: i128, hi: i128) -> Result<Option<u64>, String> {
            v.map(|x| x.within(name, lo, hi)).transpose()
        }
        let max_depth = i128::from(gametree_lab::stack::MAX_PLIES);
        let depth = range("depth", raw.depth, 0, max_depth)?.map(|d| d as u32);
        let nodes = range("nodes", raw.nodes, 1, i64::MAX.into())?;
        let time_ms = range("time_ms", raw.time_ms, 1, i64::MAX.into())?;
        let table_mib = range("table_mib", Some(raw.table_mib), 0, 65_536)?.filter(|&m| m > 0);
        let threads = range("threads", Some(raw.threads), 1, 256)?.filter(|&t| t > 1);
        Ok(SearchRequest {
            algorithm: algorithm.to_string(),
            depth,
            nodes,
            time_ms,
            iterative: raw.iterative,
            table_mib,
            threads,
            trace: raw.trace,
        })
    }
}

/// What a search found, before it becomes a Python `SearchResult`: the one result type of
/// every kind of searched object.
#[derive(Debug)]
pub struct SearchOutcome {
    /// The value vector, one entry per player.
    pub value: Vec<i64>,
    /// The value for the player to move at the root.
    pub score: i64,
    /// The best move (`None` at a leaf): an `int` child index for trees, the move's name
    /// (`str`) for games of the registry, the move object itself for games written in
    /// Python.
    pub best_move: Option<Py<PyAny>>,
    /// The principal variation, moves as `best_move`.
    pub pv: Vec<Py<PyAny>>,
    /// The counters, with the names of the command line's JSON (`nodes`, `leaves`, ...).
    pub stats: Value,
    /// The JSON object `gametree search --json` prints for the same search.
    pub json: Value,
}

/// The result of `gametree.search`.
#[pyclass(module = "gametree", frozen)]
pub struct SearchResult {
    outcome: SearchOutcome,
}

impl From<SearchOutcome> for SearchResult {
    fn from(outcome: SearchOutcome) -> SearchResult {
        SearchResult { outcome }
    }
}

#[pymethods]
impl SearchResult {
    /// The value vector: a tuple of ints, one per player.
    #[getter]
    fn value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.outcome.value)
    }

    /// The value for the player to move at the root (an int).
    #[getter]
    fn score(&self) -> i64 {
        self.outcome.score
    }

    /// The best move: an int child index for trees, the move's name (str) for games, the
    /// move object for games written in Python; `None` at a leaf.
    #[getter]
    fn best_move(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.outcome.best_move.as_ref().map(|m| m.clone_ref(py))
    }

    /// The principal variation: a list of moves, as `best_move`.
    #[getter]
    fn pv(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.outcome.pv.iter().map(|m| m.clone_ref(py)).collect()
    }

    /// The counters as a dict, with the names of the command line's JSON (`nodes`,
    /// `leaves`, `expansions`, ..., docs/counting.md).
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &self.outcome.stats)
    }

    /// The JSON object `gametree search --json` prints for the same search, as text.
    fn to_json(&self) -> String {
        self.outcome.json.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "gametree.SearchResult(value={:?}, score={}, nodes={})",
            self.outcome.value,
            self.outcome.score,
            self.outcome.stats.get("nodes").unwrap_or(&Value::Null)
        )
    }
}

/// Searches `target` (a `Tree`, a `Game`, or a game written in Python) with `algorithm`.
///
/// `depth`, `nodes` and `time_ms` limit the search; `iterative` deepens up to `depth` and
/// returns the last completed depth; `table_mib` gives maxn and speculative a table of
/// exact values; `threads` above 1 runs the two-player engine on that many threads; `trace`
/// records the prunes (in `to_json()`). Raises `GametreeError` for bad options and
/// `KeyboardInterrupt` when Ctrl-C stops the search.
#[pyfunction]
#[pyo3(signature = (target, algorithm, depth=None, nodes=None, time_ms=None, iterative=false,
                    table_mib=Int(0), threads=Int(1), trace=false))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    algorithm: &str,
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
    iterative: bool,
    table_mib: Int,
    threads: Int,
    trace: bool,
) -> PyResult<SearchResult> {
    let raw = RawOptions {
        depth,
        nodes,
        time_ms,
        iterative,
        table_mib,
        threads,
        trace,
    };
    let request = SearchRequest::new(algorithm, &raw).map_err(gametree_error)?;
    let outcome = if let Ok(tree) = target.cast::<Tree>() {
        search_tree(py, tree.get(), &request)?
    } else if let Ok(game) = target.cast::<Game>() {
        search_game(py, game.get(), &request)?
    } else {
        crate::pygame::search_python_game(py, target, &request)?
    };
    Ok(outcome.into())
}

/// Searches an explicit tree.
fn search_tree(py: Python<'_>, tree: &Tree, request: &SearchRequest) -> PyResult<SearchOutcome> {
    native_search(py, request, Source::TreeRef(&tree.tree))
}

/// Searches a game of the registry.
fn search_game(py: Python<'_>, game: &Game, request: &SearchRequest) -> PyResult<SearchOutcome> {
    native_search(
        py,
        request,
        Source::Game {
            spec: &game.spec,
            position: game.position.as_deref(),
        },
    )
}

/// The options of `gametree search --json` for `request`.
pub fn search_options(request: &SearchRequest) -> SearchOptions {
    SearchOptions {
        depth: request.depth,
        nodes: request.nodes,
        time_ms: request.time_ms,
        iterative: request.iterative,
        trace: request.trace,
        format: Format::Json,
        table_mib: request.table_mib,
        threads: request.threads,
        ..SearchOptions::new(&request.algorithm)
    }
}

/// Runs the command line's search ([`search_job`]) on `source`, the GIL released and
/// Ctrl-C watched ([`run_interruptible`]).
fn native_search(
    py: Python<'_>,
    request: &SearchRequest,
    source: Source<'_>,
) -> PyResult<SearchOutcome> {
    let prepared =
        search_job::prepare(&search_options(request), || Ok(source)).map_err(from_anyhow)?;
    let plies = prepared.plies();
    let output = run_interruptible(py, plies, move |stop| prepared.run(Some(stop), None))?
        .map_err(from_anyhow)?;
    match output {
        Output::Json(json) => outcome_from_json(py, json),
        Output::Text(_) => Err(gametree_error("internal error: the search gave no JSON")),
    }
}

/// A [`SearchOutcome`] from the JSON object of `gametree search --json`: moves as that
/// object has them (child indices as ints, names as strings).
pub fn outcome_from_json(py: Python<'_>, json: Value) -> PyResult<SearchOutcome> {
    let bad = || gametree_error("internal error: the search's JSON lacks a field");
    let value = json["value"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|v| v.as_i64().ok_or_else(bad))
        .collect::<PyResult<Vec<i64>>>()?;
    let score = json["score"].as_i64().ok_or_else(bad)?;
    let best_move = match &json["best_move"] {
        Value::Null => None,
        m => Some(json_to_py(py, m)?),
    };
    let pv = json["pv"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|m| json_to_py(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    let stats = json["stats"].clone();
    Ok(SearchOutcome {
        value,
        score,
        best_move,
        pv,
        stats,
        json,
    })
}
