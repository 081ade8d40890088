//! `gametree.algorithms`, `games`, `perft`, `reproduce` and `tournament`.

use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;

/// The names of every algorithm, as `gametree list` shows them.
#[pyfunction]
pub fn algorithms() -> Vec<String> {
    gametree::search::Searcher::all()
        .into_iter()
        .map(|s| s.name().to_string())
        .collect()
}

/// The default spec of every game of the registry, as `gametree list` shows them.
#[pyfunction]
pub fn games() -> Vec<String> {
    gametree_games::registry::entries()
        .into_iter()
        .map(|e| e.listing.default_spec.to_string())
        .collect()
}

/// The number of leaf positions `depth` plies below the game's position.
#[pyfunction]
pub fn perft(_game: &Bound<'_, PyAny>, _depth: u32) -> PyResult<u64> {
    Err(PyNotImplementedError::new_err("perft: not yet"))
}

/// Reproduces the tables of a paper: a list of dict rows, as `reproduce --json` prints.
#[pyfunction]
#[pyo3(signature = (selection, quick=true))]
pub fn reproduce(selection: &str, quick: bool) -> PyResult<Vec<Py<PyAny>>> {
    let _ = (selection, quick);
    Err(PyNotImplementedError::new_err("reproduce: not yet"))
}

/// Plays engines against each other: a dict, as `tournament --json` prints.
#[pyfunction]
#[pyo3(signature = (game, engines, **options))]
pub fn tournament(
    game: &str,
    engines: Vec<String>,
    options: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Py<PyAny>> {
    let _ = (game, engines, options);
    Err(PyNotImplementedError::new_err("tournament: not yet"))
}
