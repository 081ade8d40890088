//! Games written in Python, searched by the native algorithms (issue #15, item 3).
//!
//! A placeholder until that part lands: [`search_python_game`] is what `gametree.search`
//! calls for any object that is neither a `Tree` nor a `Game`.

use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;

use crate::api_search::{SearchOutcome, SearchRequest};

/// Searches `game`, a Python object with the game protocol of docs/python.md, as `request`
/// says.
pub fn search_python_game(
    _py: Python<'_>,
    _game: &Bound<'_, PyAny>,
    _request: &SearchRequest,
) -> PyResult<SearchOutcome> {
    Err(PyNotImplementedError::new_err(
        "games written in Python are not supported yet: pass a gametree.Tree or gametree.Game",
    ))
}
