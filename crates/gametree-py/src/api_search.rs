//! `gametree.search`: the request, its dispatch on what is searched, and `SearchResult`.

use gametree::search::Searcher;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use gametree_lab::search_job::{
    self, Format, Limits, MoveName, Output, SearchReport, SearchSpec, Source,
};

use crate::api_convert::Int;
use crate::api_error::{from_run_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_objects::{Game, Tree};

/// The budget from Python's `depth`, `nodes` and `time_ms`, each checked (ranges as the
/// command line's flags), naming the keyword at fault.
pub fn limits(
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
) -> Result<Limits, String> {
    fn range(name: &str, v: Option<Int>, lo: i128, hi: i128) -> Result<Option<u64>, String> {
        v.map(|x| x.within(name, lo, hi)).transpose()
    }
    let max_depth = i128::from(gametree_lab::stack::MAX_PLIES);
    Ok(Limits {
        depth: range("depth", depth, 0, max_depth)?.map(|d| d as u32),
        nodes: range("nodes", nodes, 1, i64::MAX.into())?,
        time_ms: range("time_ms", time_ms, 1, i64::MAX.into())?,
    })
}

/// What a search found, before it becomes a Python `SearchResult`: the one result type of
/// every kind of searched object.
#[derive(Debug)]
pub struct SearchOutcome {
    /// The report, as `gametree search --json` prints it.
    pub report: SearchReport,
    /// The best move (`None` at a leaf): an `int` child index for trees, the move's name
    /// (`str`) for games of the registry, the move object itself for games written in
    /// Python.
    pub best_move: Option<Py<PyAny>>,
    /// The principal variation, moves as `best_move`.
    pub pv: Vec<Py<PyAny>>,
}

impl SearchOutcome {
    /// The outcome of `report`, its moves as Python objects: child indices as ints, names
    /// as strings.
    pub fn of_report(py: Python<'_>, report: SearchReport) -> PyResult<SearchOutcome> {
        let object = |m: &MoveName| match m {
            MoveName::Index(i) => i.into_py_any(py),
            MoveName::Name(n) => n.into_py_any(py),
        };
        Ok(SearchOutcome {
            best_move: report.best_move.as_ref().map(object).transpose()?,
            pv: report.pv.iter().map(object).collect::<PyResult<_>>()?,
            report,
        })
    }
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
        PyTuple::new(py, &self.outcome.report.value)
    }

    /// The value for the player to move at the root (an int).
    #[getter]
    fn score(&self) -> i64 {
        self.outcome.report.score
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
        crate::api_convert::to_py(py, &self.outcome.report.stats)
    }

    /// The JSON object `gametree search --json` prints for the same search, as text.
    fn to_json(&self) -> String {
        self.outcome.report.to_json()
    }

    fn __repr__(&self) -> String {
        let r = &self.outcome.report;
        format!(
            "gametree.SearchResult(value={:?}, score={}, nodes={})",
            r.value, r.score, r.stats.nodes
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
#[expect(
    clippy::too_many_arguments,
    reason = "the keywords of the Python function, one argument each"
)]
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
    let limits = limits(depth, nodes, time_ms).map_err(gametree_error)?;
    let table_mib = table_mib
        .within("table_mib", 0, 65_536)
        .map_err(gametree_error)?;
    let threads = threads.within("threads", 1, 256).map_err(gametree_error)?;
    let searcher: Searcher = algorithm.parse().map_err(gametree_error)?;
    let spec = SearchSpec {
        limits,
        iterative,
        trace,
        format: Format::Json,
        table_mib: (table_mib > 0).then_some(table_mib),
        threads: (threads > 1).then_some(threads),
        ..SearchSpec::new(searcher)
    };
    let outcome = if let Ok(tree) = target.cast::<Tree>() {
        search_tree(py, tree.get(), &spec)?
    } else if let Ok(game) = target.cast::<Game>() {
        search_game(py, game.get(), &spec)?
    } else {
        crate::pygame::search_python_game(py, target, &spec)?
    };
    Ok(outcome.into())
}

/// Searches an explicit tree.
fn search_tree(py: Python<'_>, tree: &Tree, spec: &SearchSpec) -> PyResult<SearchOutcome> {
    native_search(py, spec, Source::TreeRef(&tree.tree))
}

/// Searches a game of the registry.
fn search_game(py: Python<'_>, game: &Game, spec: &SearchSpec) -> PyResult<SearchOutcome> {
    native_search(
        py,
        spec,
        Source::Game {
            spec: &game.spec,
            position: game.position.as_deref(),
        },
    )
}

/// Runs the command line's search ([`search_job`]) on `source`, the GIL released and
/// Ctrl-C watched ([`run_interruptible`]): its report, read directly.
fn native_search(py: Python<'_>, spec: &SearchSpec, source: Source<'_>) -> PyResult<SearchOutcome> {
    let prepared = search_job::prepare(spec, || Ok(source)).map_err(from_run_error)?;
    let plies = prepared.plies();
    let output = run_interruptible(py, plies, move |stop| prepared.run(Some(stop), None))?
        .map_err(from_run_error)?;
    match output {
        Output::Json(report) => SearchOutcome::of_report(py, *report),
        Output::Text(_) => Err(gametree_error("internal error: the search gave a table")),
    }
}
