//! `gametree.GametreeError` and the mapping of Rust errors to it.
//!
//! Every error a user can cause (a bad spec, tree, position or option, an algorithm that
//! refuses the game) is a `GametreeError`, a subclass of `ValueError`, whose message is the
//! line the command line prints after `error: `.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    gametree,
    GametreeError,
    PyValueError,
    "A bad game spec, tree, position or option, or an algorithm that refuses the game: the \
     message is the one line the gametree command line prints for the same input."
);

/// A `GametreeError` with `message`.
pub fn gametree_error(message: impl std::fmt::Display) -> PyErr {
    GametreeError::new_err(message.to_string())
}

/// A `GametreeError` from an `anyhow` error, with the command line's one-line message (the
/// whole chain of causes, as `error: {e:#}` prints it).
pub fn from_anyhow(e: anyhow::Error) -> PyErr {
    GametreeError::new_err(format!("{e:#}"))
}

/// A `GametreeError` from a search's error ([`gametree::search::SearchError`]), with its
/// message.
pub fn from_search_error(e: gametree::search::SearchError) -> PyErr {
    GametreeError::new_err(e.to_string())
}

/// A `GametreeError` from a job's error ([`gametree_run::error::RunError`]), the
/// options named as Python's keywords (`table_mib`, not `--table-mib`).
pub fn from_run_error(e: gametree_run::error::RunError) -> PyErr {
    GametreeError::new_err(e.render(gametree_run::error::Front::Api))
}
