//! `gametree.algorithms`, `games` and `perft` (`tournament` is [`crate::api_tournament`];
//! `reproduce` is Python, in `python/gametree/_reproduce.py`: it runs the `gametree`
//! binary).

use gametree_games::registry::{GameVisitor, Playable};
use gametree_run::input;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::api_convert::Int;
use crate::api_error::{from_run_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_objects::{Game, GameKind};

/// The names of every algorithm, in the order `gametree list` prints them.
#[pyfunction]
pub fn algorithms() -> Vec<String> {
    gametree::search::Searcher::all()
        .into_iter()
        .map(|s| s.name().to_string())
        .collect()
}

/// A small example spec of every game of the registry (and of random trees), in the order
/// `gametree list` prints them; each works as `gametree.Game(spec)`. These are not the
/// games' defaults: Chinese Checkers is listed on the 73-hole board to keep searches short,
/// but a spec that names no board (`chinese-checkers(players=3)`) means the standard
/// 121-hole board, here as on the command line.
#[pyfunction]
pub fn games() -> Vec<String> {
    gametree_games::registry::entries()
        .into_iter()
        .map(|e| e.listing.default_spec.to_string())
        .collect()
}

/// Counts the leaf positions `depth` plies below the game's position (as `gametree perft`):
/// `game` is a `Game` or a spec (`str`). Runs with the GIL released.
#[pyfunction]
pub fn perft(py: Python<'_>, game: &Bound<'_, PyAny>, depth: Int) -> PyResult<u64> {
    let depth = checked("depth", depth, 0, MAX_PLIES.into())? as u32;
    let (spec, position) = game_of(game)?;
    let loaded = input::load(None, Some(&spec), position.as_deref()).map_err(from_run_error)?;
    let plies = loaded.search_plies(Some(depth)).map_err(from_run_error)?;
    let visit = move |_| loaded.visit(Perft { depth });
    run_interruptible(py, plies, visit)
}

/// `game` as a spec and a position: a `Game`, or a spec.
pub(crate) fn game_of(game: &Bound<'_, PyAny>) -> PyResult<(String, Option<String>)> {
    if let Ok(g) = game.cast::<Game>() {
        match &g.get().kind {
            GameKind::Native(o) => Ok((o.spec.clone(), o.position.clone())),
            GameKind::Python { .. } => Err(pyo3::exceptions::PyTypeError::new_err(
                "perft counts the positions of a game of the registry; this gametree.Game \
                 wraps a game written in Python",
            )),
        }
    } else if game.is_instance_of::<PyString>() {
        Ok((game.extract::<String>()?, None))
    } else {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "expected a gametree.Game or a game spec (str)",
        ))
    }
}

/// Runs perft on the game the registry built.
struct Perft {
    depth: u32,
}

impl GameVisitor for Perft {
    type Output = u64;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> u64
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        gametree_games::perft::perft(game, state, self.depth)
    }
}

pub(crate) const MAX_PLIES: i64 = gametree_run::stack::MAX_PLIES as i64;

/// `value` of the keyword `name` if within `lo..=hi`, else the error naming it.
pub(crate) fn checked(name: &str, value: Int, lo: i128, hi: i128) -> PyResult<u64> {
    value.within(name, lo, hi).map_err(gametree_error)
}

/// The names of the budget's fields ([`gametree_run::budget::Budget::FIELDS`]): the budget
/// keywords `search` and `tournament` take (a test checks both against it).
#[pyfunction]
pub fn _budget_fields() -> Vec<&'static str> {
    gametree_run::budget::Budget::FIELDS.to_vec()
}
