//! `gametree.Tree` (an explicit tree) and `gametree.Game` (a game of the registry at a
//! position).

use std::path::PathBuf;

use std::sync::Arc;

use gametree::tree::ExplicitTree;
use pyo3::prelude::*;

use crate::api_error::{from_run_error, gametree_error};

/// An explicit game tree, in the JSON format of docs/tree-format.md.
///
/// Build one with `Tree.from_json(text)` or `Tree.load(path)`; a malformed tree raises
/// `GametreeError` naming the place and the problem.
#[pyclass(module = "gametree", frozen)]
pub struct Tree {
    /// The parsed tree.
    pub tree: Arc<ExplicitTree>,
    /// The JSON text it was read from (for `repr` and the command line's input).
    pub source: String,
}

#[pymethods]
impl Tree {
    /// Parses a tree from its JSON text.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Tree> {
        let tree = Arc::new(ExplicitTree::from_json_str(text).map_err(gametree_error)?);
        Ok(Tree {
            tree,
            source: text.to_string(),
        })
    }

    /// Reads a tree from a JSON file (at most 32 MiB, as the command line's `--tree`).
    #[staticmethod]
    fn load(path: PathBuf) -> PyResult<Tree> {
        let tree = Arc::new(gametree_run::input::load_tree(&path).map_err(from_run_error)?);
        Ok(Tree {
            tree,
            source: String::new(),
        })
    }

    /// The number of players (2 to 6).
    #[getter]
    fn players(&self) -> usize {
        self.tree.players()
    }

    fn __repr__(&self) -> String {
        format!("gametree.Tree(players={})", self.tree.players())
    }
}

/// A game of the registry (`gametree.games()`), at its start or at `position` (the game's
/// own notation).
///
/// `Game("chinese-checkers(players=3)")`; a bad spec or position raises `GametreeError` with
/// the command line's message.
#[pyclass(module = "gametree", frozen)]
pub struct Game {
    /// The spec, as given.
    pub spec: String,
    /// The position, as given (`None`: the start).
    pub position: Option<String>,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (spec, position=None))]
    fn new(spec: String, position: Option<String>) -> PyResult<Game> {
        gametree_run::input::check_game(&spec, position.as_deref()).map_err(from_run_error)?;
        Ok(Game { spec, position })
    }

    /// The spec, as given.
    #[getter(spec)]
    fn get_spec(&self) -> String {
        self.spec.clone()
    }

    /// The position, as given (`None`: the start).
    #[getter(position)]
    fn get_position(&self) -> Option<String> {
        self.position.clone()
    }

    fn __repr__(&self) -> String {
        match &self.position {
            None => format!("gametree.Game({:?})", self.spec),
            Some(p) => format!("gametree.Game({:?}, position={:?})", self.spec, p),
        }
    }
}
