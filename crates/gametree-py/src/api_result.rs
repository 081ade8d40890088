//! `gametree.SearchResult`: what a search found, read from the one report type every front
//! shares ([`SearchReport`]), never from its JSON text.

use gametree_run::report::{MoveName, SearchReport};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

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

    /// Who makes each move of `pv` (player indices from 0) for best-reply search (`brs`,
    /// `brs-plus`), whose line alternates the root player with one replying opponent;
    /// `None` for every other search, whose line keeps to the turn order.
    #[getter]
    fn pv_players(&self) -> Option<Vec<usize>> {
        self.outcome.report.pv_players.clone()
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
