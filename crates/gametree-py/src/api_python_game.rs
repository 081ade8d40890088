//! The state calls of `gametree.Game` over a game written in Python (docs/python-games.md):
//! `initial`, `to_move`, `moves`, `play`, `outcome` and `position`, each a call of the game's
//! own method with what it returns checked as the native search checks it, so that a game
//! stepped from Python and a game searched natively obey one protocol.
//!
//! States and moves are the game's own objects: `play` accepts one of the objects
//! `moves(state)` returns (compared with `==`) or its name (`str` or `repr` of it), and
//! raises `GametreeError` naming any other move and the legal ones (or their count).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;

use crate::api_error::gametree_error;
use crate::pygame::{as_int, type_name};

/// The most legal moves an error message lists; beyond, it gives their count.
const LISTED_MOVES: usize = 24;

/// `game.initial()`.
pub fn initial(game: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    Ok(game.call_method0("initial")?.unbind())
}

/// `game.to_move(state)`, checked: an int in `0..players`.
pub fn to_move(
    game: &Bound<'_, PyAny>,
    players: usize,
    state: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let p = game.call_method1("to_move", (state,))?;
    match as_int(&p) {
        Some(i) if (0..players as i64).contains(&i) => Ok(i as usize),
        Some(_) => Err(gametree_error(format!(
            "{}.to_move returned {}, expected a player in 0..{players}",
            type_name(game),
            p.repr()?
        ))),
        None => Err(PyTypeError::new_err(format!(
            "{}.to_move returned {}, expected an int",
            type_name(game),
            type_name(&p)
        ))),
    }
}

/// `game.moves(state)` as a list, checked to be a list or a tuple.
fn move_list<'py>(
    game: &Bound<'py, PyAny>,
    state: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let out = game.call_method1("moves", (state,))?;
    if let Ok(list) = out.cast::<PyList>() {
        return Ok(list.clone());
    }
    if let Ok(tuple) = out.cast::<PyTuple>() {
        return PyList::new(game.py(), tuple.iter());
    }
    Err(PyTypeError::new_err(format!(
        "{}.moves returned {}, expected a list of moves",
        type_name(game),
        type_name(&out)
    )))
}

/// `game.moves(state)`, as a new list.
pub fn moves(game: &Bound<'_, PyAny>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let list = move_list(game, state)?;
    PyList::new(game.py(), list.iter())?.into_py_any(game.py())
}

/// `game.play(state, m)` for the legal move `m` that `mv` is or names.
pub fn play(
    game: &Bound<'_, PyAny>,
    state: &Bound<'_, PyAny>,
    mv: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let legal = move_list(game, state)?;
    let mut found = None;
    for m in legal.iter() {
        if m.eq(mv)? {
            found = Some(m);
            break;
        }
    }
    if found.is_none() && mv.is_instance_of::<PyString>() {
        let name = mv.extract::<String>()?;
        for m in legal.iter() {
            if m.str()?.to_str()? == name || m.repr()?.to_str()? == name {
                found = Some(m);
                break;
            }
        }
    }
    let Some(m) = found else {
        let shown = mv.repr()?.to_string();
        if legal.is_empty() {
            return Err(gametree_error(format!(
                "move {shown}: the game is over (no legal moves)"
            )));
        }
        if legal.len() > LISTED_MOVES {
            return Err(gametree_error(format!(
                "move {shown} is not legal here ({} legal moves: moves(state) lists them)",
                legal.len()
            )));
        }
        let names = legal
            .iter()
            .map(|m| m.repr().map(|r| r.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        return Err(gametree_error(format!(
            "move {shown} is not legal here (legal: {})",
            names.join(" ")
        )));
    };
    Ok(game.call_method1("play", (state, m))?.unbind())
}

/// `game.outcome(state)` as a tuple of `players` ints for a state without moves, `None`
/// for a state with moves.
pub fn outcome(
    game: &Bound<'_, PyAny>,
    players: usize,
    state: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let py = game.py();
    if !move_list(game, state)?.is_empty() {
        return Ok(py.None());
    }
    let out = game.call_method1("outcome", (state,))?;
    let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = out.cast::<PyTuple>() {
        t.iter().collect()
    } else if let Ok(l) = out.cast::<PyList>() {
        l.iter().collect()
    } else {
        return Err(PyTypeError::new_err(format!(
            "{}.outcome returned {}, expected a tuple of {players} ints",
            type_name(game),
            type_name(&out)
        )));
    };
    if items.len() != players {
        return Err(gametree_error(format!(
            "{}.outcome returned {} values, expected one per player ({players})",
            type_name(game),
            items.len()
        )));
    }
    let mut values = Vec::with_capacity(players);
    for v in &items {
        match as_int(v) {
            Some(i) if gametree::score_in_range(i) => values.push(i),
            Some(_) => {
                return Err(gametree_error(format!(
                    "{}.outcome returned {}, outside -2**48..=2**48",
                    type_name(game),
                    v.repr()?
                )))
            }
            None => {
                return Err(PyTypeError::new_err(format!(
                    "{}.outcome returned a {} among its values, expected ints",
                    type_name(game),
                    type_name(v)
                )))
            }
        }
    }
    PyTuple::new(py, values)?.into_py_any(py)
}

/// `game.position(state)` if the game has that method (a str), else `str(state)`.
pub fn position(game: &Bound<'_, PyAny>, state: &Bound<'_, PyAny>) -> PyResult<String> {
    if game.hasattr("position")? {
        let out = game.call_method1("position", (state,))?;
        return out.extract::<String>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{}.position returned {}, expected a str",
                type_name(game),
                type_name(&out)
            ))
        });
    }
    Ok(state.str()?.to_string())
}
