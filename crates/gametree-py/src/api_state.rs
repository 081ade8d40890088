//! `gametree.State`: a state of a game of the registry, stepped from Python (issue #49).
//!
//! The registry hands a game to generic code only inside a [`GameVisitor`], so the Rust
//! state cannot leave the visit as a value. A [`State`] keeps what finds it again, the game
//! ([`Origin`]: spec and starting position) and the line of play from there (the index of
//! each move in the list of legal moves of its position), and what Python asks of it,
//! computed once when the state is made ([`Facts`]): the player to move, the legal moves
//! by name, the outcome, the position text and an identity key (the Rust state's `Debug`
//! text, which names every field, so two states are equal exactly when the Rust states
//! are). Playing a move replays the line from the start (a few microseconds a ply) and
//! plays one more move: a state never changes, and `play` returns a new one.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use gametree_games::registry::{GameVisitor, MoveStyle, Playable};
use gametree_run::error::RunError;
use gametree_run::input::{self, Source};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use crate::api_error::{from_run_error, gametree_error};

/// Where the states of a game of the registry start: the spec and the position the
/// `gametree.Game` was made with, and what the registry says of the game.
#[derive(Debug)]
pub struct Origin {
    /// The spec, as given.
    pub spec: String,
    /// The starting position, as given (`None`: the game's start).
    pub position: Option<String>,
    /// The spec in canonical form ([`Playable::spec_text`]): two games are the same game
    /// when theirs are equal.
    pub canonical: String,
    /// The number of players.
    pub players: usize,
    /// Whether moves are child indices (random trees): then they are Python ints.
    pub indexed: bool,
    /// The game built at the starting position, once: every step visits it.
    source: Source,
}

impl Origin {
    /// The game `spec` names at `position` (its start when `None`), with the command
    /// line's error for a bad spec or position.
    pub fn new(spec: String, position: Option<String>) -> PyResult<Origin> {
        let source = input::game(&spec, position.as_deref()).map_err(from_run_error)?;
        let (canonical, players, indexed) = source.visit(Describe);
        Ok(Origin {
            spec,
            position,
            canonical,
            players,
            indexed,
            source,
        })
    }

    /// Visits the game at its starting position.
    fn visit<V: GameVisitor>(&self, v: V) -> Result<V::Output, RunError> {
        Ok(self.source.visit(v))
    }
}

/// Reads a game's canonical spec, players and move style.
struct Describe;

impl GameVisitor for Describe {
    type Output = (String, usize, bool);
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        (
            game.spec_text(),
            game.players(),
            G::MOVE_STYLE == MoveStyle::Index,
        )
    }
}

/// What a state answers, computed once when it is made.
#[derive(Clone, Debug)]
pub struct Facts {
    /// The moves from the starting position: each one's index in the list of legal moves.
    pub line: Vec<u32>,
    /// The player to move.
    pub to_move: usize,
    /// The legal moves by name (the notation `gametree search` prints), in the game's order.
    pub moves: Vec<String>,
    /// The payoffs of a terminal state, `None` while the game goes on.
    pub outcome: Option<Vec<i64>>,
    /// The position in the game's notation, if the game writes one for this state.
    pub position: Option<String>,
    /// The Rust state's `Debug` text: equal keys, equal states.
    pub key: String,
}

/// Replays `line` from the starting position, plays `play` (a move's name) if given, and
/// reads the [`Facts`] of the state reached. An illegal move is an error naming it and the
/// legal moves (or their count).
struct Step<'a> {
    line: &'a [u32],
    play: Option<&'a str>,
}

/// The most legal moves an error message lists by name; beyond, it gives their count.
const LISTED_MOVES: usize = 24;

impl GameVisitor for Step<'_> {
    type Output = Result<Facts, String>;
    fn visit<G: Playable>(self, game: &G, start: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut state = start.clone();
        let mut legal = Vec::new();
        for &k in self.line {
            legal.clear();
            game.moves(&state, &mut legal);
            let m = *legal
                .get(k as usize)
                .ok_or("internal error: a state's line of play does not replay")?;
            state = game.play(&state, m);
        }
        let mut line = self.line.to_vec();
        if let Some(text) = self.play {
            legal.clear();
            game.moves(&state, &mut legal);
            if legal.is_empty() {
                return Err(format!(
                    "move \"{}\": the game is over (no legal moves)",
                    gametree_games::quote::quoted(text)
                ));
            }
            let found = game
                .parse_move_in(text, &legal)
                .ok()
                .and_then(|m| legal.iter().position(|&x| x == m))
                .or_else(|| {
                    legal
                        .iter()
                        .position(|&m| game.move_name(&state, m) == text)
                });
            let Some(k) = found else {
                return Err(illegal(game, &state, &legal, text));
            };
            state = game.play(&state, legal[k]);
            line.push(k as u32);
        }
        legal.clear();
        game.moves(&state, &mut legal);
        Ok(Facts {
            line,
            to_move: game.to_move(&state).index(),
            moves: legal.iter().map(|&m| game.move_name(&state, m)).collect(),
            outcome: game.outcome(&state).map(|s| s.as_slice().to_vec()),
            position: game.format_position(&state),
            key: format!("{state:?}"),
        })
    }
}

/// The message for `text`, not a legal move of `state` (whose moves are `legal`).
#[cold]
fn illegal<G: Playable>(game: &G, state: &G::State, legal: &[G::Move], text: &str) -> String {
    let text = gametree_games::quote::quoted(text);
    if legal.len() > LISTED_MOVES {
        return format!(
            "move \"{text}\" is not legal here ({} legal moves: moves(state) lists them)",
            legal.len()
        );
    }
    let names: Vec<String> = legal.iter().map(|&m| game.move_name(state, m)).collect();
    format!(
        "move \"{text}\" is not legal here (legal: {})",
        names.join(" ")
    )
}

/// A state of a game of the registry (`gametree.Game(spec).initial()`, `play(...)`): an
/// immutable value, equal to another state of the same game in the same position, and
/// hashable.
#[pyclass(module = "gametree", name = "State", frozen)]
pub struct State {
    /// The game and its starting position.
    pub origin: Arc<Origin>,
    /// What the state answers.
    pub facts: Facts,
    /// The hash of the game and the key.
    hash: u64,
}

impl State {
    /// The state `line` reaches from `origin`'s start, then `play` if given.
    pub fn step(origin: &Arc<Origin>, line: &[u32], play: Option<&str>) -> PyResult<State> {
        let facts = origin
            .visit(Step { line, play })
            .map_err(from_run_error)?
            .map_err(gametree_error)?;
        let mut h = DefaultHasher::new();
        origin.canonical.hash(&mut h);
        facts.key.hash(&mut h);
        Ok(State {
            origin: Arc::clone(origin),
            facts,
            hash: h.finish(),
        })
    }

    /// The move named `name` as Python gives it: a str, or an int for games whose moves are
    /// child indices.
    pub fn move_object(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match name.parse::<u64>() {
            Ok(i) if self.origin.indexed => i.into_py_any(py),
            _ => name.into_py_any(py),
        }
    }

    /// The outcome as a tuple of ints, `None` while the game goes on.
    pub fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.facts
            .outcome
            .as_ref()
            .map(|v| PyTuple::new(py, v))
            .transpose()
    }

    /// The position text a search from this state starts from, as `gametree search
    /// --position` would: an error when the game writes none for it. The text must read
    /// back as a position with the same player to move, legal moves, outcome and text; it
    /// may leave out a count the rules keep beside the position (four-player chess, Focus
    /// and Chinese Checkers do not write the plies played, which only their ply cap reads).
    pub fn search_position(&self) -> PyResult<String> {
        let text = self.position_text()?;
        let back = input::game(&self.origin.spec, Some(&text))
            .map_err(from_run_error)?
            .visit(Step {
                line: &[],
                play: None,
            })
            .map_err(gametree_error)?;
        let f = &self.facts;
        if (back.to_move, &back.moves, &back.outcome, &back.position)
            != (f.to_move, &f.moves, &f.outcome, &f.position)
        {
            return Err(gametree_error(format!(
                "state=: the position text of this state of {} (\"{}\") reads back as another \
                 position, so the search cannot start from it",
                self.origin.canonical,
                gametree_games::quote::quoted(&text)
            )));
        }
        Ok(text)
    }

    /// The position in the game's notation, or the error saying the game writes none here.
    pub fn position_text(&self) -> PyResult<String> {
        self.facts.position.clone().ok_or_else(|| {
            gametree_error(format!(
                "{} writes no position for this state (ply {} from its start): only the \
                 positions its --position reads have a text",
                self.origin.canonical,
                self.facts.line.len()
            ))
        })
    }
}

#[pymethods]
impl State {
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<State>() {
            Ok(o) => {
                let o = o.get();
                (o.origin.canonical == self.origin.canonical && o.facts.key == self.facts.key)
                    .into_py_any(py)
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        self.hash
    }

    /// States never change: a copy is the state itself.
    fn __copy__(slf: Py<State>) -> Py<State> {
        slf
    }

    fn __deepcopy__(slf: Py<State>, _memo: &Bound<'_, PyAny>) -> Py<State> {
        slf
    }

    fn __repr__(&self) -> String {
        let f = &self.facts;
        let at = match &f.outcome {
            Some(v) => format!("over, outcome {v:?}"),
            None => format!("player {} to move", f.to_move),
        };
        format!(
            "gametree.State({:?}, ply {}, {at})",
            self.origin.canonical,
            f.line.len()
        )
    }
}
