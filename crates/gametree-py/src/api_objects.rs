//! `gametree.Tree` (an explicit tree) and `gametree.Game` (a game of the registry at a
//! position, or a game written in Python), with the calls that step a game's states.

use std::path::PathBuf;
use std::sync::Arc;

use gametree::tree::ExplicitTree;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString};
use pyo3::IntoPyObjectExt;

use crate::api_error::{from_run_error, gametree_error};
use crate::api_state::{Origin, State};

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

/// What a `gametree.Game` wraps: a game of the registry at a starting position, or a game
/// written in Python (docs/python-games.md).
pub enum GameKind {
    /// A game of the registry: its spec, starting position and what the registry says.
    Native(Arc<Origin>),
    /// A game written in Python: the object, with the protocol's methods.
    Python {
        /// The game object.
        object: Py<PyAny>,
        /// Its number of players, read once.
        players: usize,
    },
}

/// A game to search and to step: a game of the registry (`gametree.games()`) at its start or
/// at `position` (the game's own notation), or any game written in Python.
///
/// `Game("chinese-checkers(players=3)")`, `Game(MyGame())`; a bad spec or position raises
/// `GametreeError` with the command line's message, an object without the game protocol a
/// `TypeError`. Its states: `initial()`, `to_move(state)`, `moves(state)`,
/// `play(state, move)`, `outcome(state)`, `position(state)` (docs/python.md).
#[pyclass(module = "gametree", frozen)]
pub struct Game {
    /// What it wraps.
    pub kind: GameKind,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (spec, position=None))]
    fn new(spec: &Bound<'_, PyAny>, position: Option<String>) -> PyResult<Game> {
        if let Ok(text) = spec.cast::<PyString>() {
            let origin = Origin::new(text.to_str()?.to_string(), position)?;
            return Ok(Game {
                kind: GameKind::Native(Arc::new(origin)),
            });
        }
        if let Ok(game) = spec.cast::<Game>() {
            return match (&game.get().kind, position) {
                (GameKind::Native(o), position) => {
                    let position = position.or_else(|| o.position.clone());
                    Ok(Game {
                        kind: GameKind::Native(Arc::new(Origin::new(o.spec.clone(), position)?)),
                    })
                }
                (GameKind::Python { .. }, Some(_)) => Err(python_position()),
                (GameKind::Python { object, players }, None) => Ok(Game {
                    kind: GameKind::Python {
                        object: object.clone_ref(spec.py()),
                        players: *players,
                    },
                }),
            };
        }
        let protocol = crate::pygame::Protocol::read(spec)?;
        if position.is_some() {
            return Err(python_position());
        }
        Ok(Game {
            kind: GameKind::Python {
                object: spec.clone().unbind(),
                players: protocol.players,
            },
        })
    }

    /// The spec, as given (`None` for a game written in Python).
    #[getter(spec)]
    fn get_spec(&self) -> Option<String> {
        match &self.kind {
            GameKind::Native(o) => Some(o.spec.clone()),
            GameKind::Python { .. } => None,
        }
    }

    /// The game object written in Python (`None` for a game of the registry).
    #[getter(game)]
    fn get_game(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        match &self.kind {
            GameKind::Native(_) => None,
            GameKind::Python { object, .. } => Some(object.clone_ref(py)),
        }
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        match &self.kind {
            GameKind::Native(o) => o.players,
            GameKind::Python { players, .. } => *players,
        }
    }

    /// The starting state: the game's start, or the position the game was made at.
    fn initial(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.kind {
            GameKind::Native(o) => State::step(o, &[], None)?.into_py_any(py),
            GameKind::Python { object, .. } => crate::api_python_game::initial(object.bind(py)),
        }
    }

    /// The player to move in `state` (an int from 0).
    fn to_move(&self, state: &Bound<'_, PyAny>) -> PyResult<usize> {
        match &self.kind {
            GameKind::Native(o) => Ok(native_state(o, state)?.get().facts.to_move),
            GameKind::Python { object, players } => {
                crate::api_python_game::to_move(object.bind(state.py()), *players, state)
            }
        }
    }

    /// The legal moves of `state` in the game's order, by name (the notation `gametree
    /// search` prints; ints for random trees), or the move objects of a game written in
    /// Python; empty when the game is over.
    fn moves(&self, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = state.py();
        match &self.kind {
            GameKind::Native(o) => {
                let s = native_state(o, state)?;
                let s = s.get();
                let moves = s
                    .facts
                    .moves
                    .iter()
                    .map(|m| s.move_object(py, m))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, moves)?.into_py_any(py)
            }
            GameKind::Python { object, .. } => {
                crate::api_python_game::moves(object.bind(py), state)
            }
        }
    }

    /// The state after `move` (a name as `moves` gives it, or one of the move objects of a
    /// game written in Python); `state` is left unchanged. An illegal or unknown move raises
    /// `GametreeError` naming it and the legal moves (or their count).
    #[pyo3(name = "play")]
    fn play_move(
        &self,
        state: &Bound<'_, PyAny>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let py = state.py();
        match &self.kind {
            GameKind::Native(o) => {
                let s = native_state(o, state)?;
                let s = s.get();
                let name = if r#move.is_instance_of::<PyString>() {
                    r#move.extract::<String>()?
                } else if s.origin.indexed && r#move.is_instance_of::<PyInt>() {
                    r#move.str()?.to_string()
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "play: a move of {} is a str (a name moves(state) gives), not {}",
                        o.canonical,
                        crate::pygame::type_name(r#move)
                    )));
                };
                State::step(&s.origin, &s.facts.line, Some(&name))?.into_py_any(py)
            }
            GameKind::Python { object, .. } => {
                crate::api_python_game::play(object.bind(py), state, r#move)
            }
        }
    }

    /// The payoffs of a finished game (a tuple of ints, one per player), `None` while the
    /// game goes on.
    fn outcome(&self, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = state.py();
        match &self.kind {
            GameKind::Native(o) => native_state(o, state)?.get().outcome(py)?.into_py_any(py),
            GameKind::Python { object, players } => {
                crate::api_python_game::outcome(object.bind(py), *players, state)
            }
        }
    }

    /// `state` in the game's position notation, the text `Game(spec, position=...)` and the
    /// command line's `--position` read; without a state, the position the game was made at
    /// (`None`: its start). A game written in Python gives its `position(state)` if it has
    /// that method, else `str(state)`.
    #[pyo3(signature = (state=None))]
    fn position(&self, state: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
        match (&self.kind, state) {
            (GameKind::Native(o), None) => Ok(o.position.clone()),
            (GameKind::Native(o), Some(state)) => {
                native_state(o, state)?.get().position_text().map(Some)
            }
            (GameKind::Python { .. }, None) => Ok(None),
            (GameKind::Python { object, .. }, Some(state)) => {
                crate::api_python_game::position(object.bind(state.py()), state).map(Some)
            }
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match &self.kind {
            GameKind::Native(o) => match &o.position {
                None => format!("gametree.Game({:?})", o.spec),
                Some(p) => format!("gametree.Game({:?}, position={:?})", o.spec, p),
            },
            GameKind::Python { object, .. } => {
                let inner = object
                    .bind(py)
                    .repr()
                    .map(|r| r.to_string())
                    .unwrap_or_else(|_| "?".to_string());
                format!("gametree.Game({inner})")
            }
        }
    }
}

/// The error for `position=` given with a game written in Python.
fn python_position() -> PyErr {
    gametree_error(
        "position= applies to games of the registry (a spec); a game written in Python starts          at its initial(): search from another state with gametree.search(..., state=s)",
    )
}

/// `state` as a state of the game `origin` names: a `TypeError` for another type, a
/// `GametreeError` for a state of another game.
pub fn native_state<'py>(
    origin: &Origin,
    state: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, State>> {
    let s = state.cast::<State>().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a gametree.State of {} (from initial() or play()), got {}",
            origin.canonical,
            crate::pygame::type_name(state)
        ))
    })?;
    let theirs = &s.get().origin.canonical;
    if *theirs != origin.canonical {
        return Err(gametree_error(format!(
            "the state is a state of {theirs}, not of {}",
            origin.canonical
        )));
    }
    Ok(s.clone())
}
