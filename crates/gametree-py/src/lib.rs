//! The Python package `gametree`: its native module `gametree._gametree` (PyO3).
//!
//! The Python API (docs/python.md): `algorithms()`, `games()`, `Tree`, `Game`, `search(...)`
//! returning a `SearchResult`, `perft`, `tournament`, `compare`, and the exception `GametreeError` (a
//! `ValueError`). Every function calls the same library functions (`gametree-run`) as the
//! command line, so values, node counts and JSON are the command line's. (`reproduce` is
//! written in Python: it runs the `gametree` binary, which holds the paper reproductions.)
//!
//! Modules: [`api_error`] (the exception and the mapping of Rust errors to it),
//! [`api_interrupt`] (running a search with the GIL released, stopped by Ctrl-C),
//! [`api_search`] (the search request and its dispatch), [`api_result`] (the result),
//! [`api_objects`] (`Tree`, `Game`), [`api_state`] (`State`, the states of a game of the
//! registry), [`api_python_game`] (the same calls over a game written in Python), [`api_misc`] (lists, perft),
//! [`api_tournament`] (tournaments on games of the registry and games written in Python), [`api_compare`]
//! (decided comparisons of two engines on either), [`api_convert`]
//! (typed reports to Python objects, with no JSON text between) and [`pygame`] (games
//! written in Python).

pub mod api_compare;
pub mod api_convert;
pub mod api_error;
pub mod api_interrupt;
pub mod api_misc;
pub mod api_objects;
pub mod api_python_game;
pub mod api_result;
pub mod api_search;
pub mod api_state;
pub mod api_tournament;
pub mod pygame;

use pyo3::prelude::*;

/// The native module `gametree._gametree`, re-exported by the package `gametree`.
#[pymodule]
fn _gametree(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "GametreeError",
        m.py().get_type::<api_error::GametreeError>(),
    )?;
    m.add_class::<api_objects::Tree>()?;
    m.add_class::<api_objects::Game>()?;
    m.add_class::<api_state::State>()?;
    m.add_class::<api_result::SearchResult>()?;
    m.add_function(wrap_pyfunction!(api_search::search, m)?)?;
    m.add_function(wrap_pyfunction!(api_misc::algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(api_misc::games, m)?)?;
    m.add_function(wrap_pyfunction!(api_misc::perft, m)?)?;
    m.add_function(wrap_pyfunction!(api_tournament::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(api_compare::compare, m)?)?;
    m.add_function(wrap_pyfunction!(api_misc::_budget_fields, m)?)?;
    Ok(())
}
