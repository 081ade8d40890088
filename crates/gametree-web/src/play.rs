//! `POST /api/play`: a game of the registry, the moves so far and optionally an engine's
//! settings; answers the position (picture, notation, player to move, legal moves, outcome)
//! and, when an engine was asked for and the game is not over, the engine's move, the
//! position after it, and the engine's iterations (depth, nodes, nodes per second, time,
//! value, PV). [`play_json_observed`] also hands each iteration to a callback as it
//! completes: `POST /api/play/stream` sends them to the page live (`crate::live`).

use gametree::search::{self, Searcher, Stop};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Playable};
use gametree_run::budget::Budget;
use gametree_run::engine_move::{engine_move, replay, EngineMove, EngineMoveError, Line, Mover};
use gametree_run::input::Source;
use gametree_run::pick::{PickError, PickSpec};
use gametree_run::report::Iteration;
use serde::Deserialize;
use serde_json::{json, Value};
use thiserror::Error;

/// The most moves a play request may list.
pub const MAX_MOVES: usize = 10_000;

/// One request of `POST /api/play`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The game spec, e.g. `connect-four` or `chinese-checkers(players=3)`.
    pub game: String,
    /// The moves played from the start, in the game's notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// When given, the engine moves once for the player to move.
    #[serde(default)]
    pub engine: Option<EngineRequest>,
}

/// The engine's settings for one move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// The algorithm, as `gametree list` spells it (`mcts` excepted).
    pub algorithm: String,
    /// The budget: `time_ms` and `nodes` (the server's caps when omitted or above them),
    /// `depth`, the deepest iteration, 1 or more (none: until a limit stops it or the
    /// game's end is reached; the server refuses 0: a depth-0 search has no move to play).
    #[serde(flatten)]
    pub limits: Budget,
}

/// Why a play request failed.
#[derive(Debug, Error)]
pub enum PlayError {
    /// A bad spec, move or engine setting (the message names it).
    #[error("{0}")]
    Invalid(String),
}

/// Answers a play request (runs the engine's search on the current thread).
pub fn play_json(req: &PlayRequest, stop: Option<Stop>) -> Result<Value, PlayError> {
    play_json_observed(req, stop, |_| {})
}

/// [`play_json`], calling `on_iteration` with each completed iteration of the engine's
/// search as soon as it completes (on the search's thread): the JSON object `{"depth", "nodes", "nps", "ms", "value",
/// "pv"}` that the answer's `engine.iterations` lists in the same order. Nothing is called
/// for a request without an engine, a game already over, or a request refused before the
/// search. The answer is [`play_json`]'s.
pub fn play_json_observed(
    req: &PlayRequest,
    stop: Option<Stop>,
    on_iteration: impl FnMut(&Value) + Send,
) -> Result<Value, PlayError> {
    if req.moves.len() > MAX_MOVES {
        return Err(PlayError::Invalid(format!(
            "moves: {} moves, above the limit of {MAX_MOVES}",
            req.moves.len()
        )));
    }
    let engine = match &req.engine {
        None => None,
        Some(e) => {
            // The ranges the server checks on the request's JSON, for library callers too.
            let l = &e.limits;
            let numbers =
                json!({ "engine": { "depth": l.depth, "time_ms": l.time_ms, "nodes": l.nodes } });
            for range in &crate::PLAY_RANGES {
                range
                    .check(&numbers)
                    .map_err(|err| PlayError::Invalid(err.message))?;
            }
            let searcher: Searcher = e
                .algorithm
                .parse()
                .map_err(|err: search::UnknownAlgorithm| PlayError::Invalid(err.to_string()))?;
            if searcher == Searcher::Mcts {
                return Err(PlayError::Invalid(
                    "mcts is not offered here (use the command line)".into(),
                ));
            }
            Some((searcher, e.clone()))
        }
    };
    // The game, built once: its longest line, then the request's play.
    let game = Source::Game(
        registry::load(&req.game, None).map_err(|e| PlayError::Invalid(e.to_string()))?,
    );
    let plies = game.max_plies();
    let plies = match &engine {
        Some((_, e)) => e.limits.depth.map_or(plies, |d| plies.min(u64::from(d))),
        None => 0,
    };
    let visitor = Play {
        spec: &req.game,
        moves: &req.moves,
        engine,
        stop,
        on_iteration,
    };
    gametree_run::stack::on_search_thread(plies, || game.visit(visitor))
        .map_err(|e| PlayError::Invalid(e.to_string()))?
}

struct Play<'a, O> {
    /// The game's spec, as the request gives it.
    spec: &'a str,
    moves: &'a [String],
    engine: Option<(Searcher, EngineRequest)>,
    /// Raised when the client goes away: the engine's search stops.
    stop: Option<Stop>,
    /// Called with each completed iteration's JSON.
    on_iteration: O,
}

/// The position `state` as JSON: spec, players, to move, legal moves, picture, notation,
/// outcome.
fn position_json<G: Playable>(game: &G, state: &G::State) -> Value {
    let mut legal = Vec::new();
    let outcome = game.outcome(state);
    if outcome.is_none() {
        game.moves(state, &mut legal);
    }
    let names: Vec<String> = legal.iter().map(|&m| game.move_name(state, m)).collect();
    json!({
        "spec": game.spec_text(),
        "players": game.players(),
        "to_move": game.to_move(state).index(),
        "legal": names,
        "board": game.render(state, false),
        "describe": game.describe(state),
        "position": game.format_position(state),
        "outcome": outcome.map(|o| o.as_slice().to_vec()),
    })
}

impl<O: FnMut(&Value)> Play<'_, O> {
    /// The state after the listed moves ([`gametree_run::engine_move::replay`]).
    fn replay<G: Playable>(&self, game: &G) -> Result<G::State, PlayError> {
        replay(game, game.initial(), self.moves).map_err(|e| PlayError::Invalid(e.to_string()))
    }

    /// The answer to the request in `state`: the position, and the engine's move through
    /// the shared [`gametree_run::engine_move`] (deepening up to the request's depth under
    /// its limits), each completed iteration observed as it completes.
    fn answer<G: Playable>(&mut self, game: &G, state: &G::State) -> Result<Value, PlayError> {
        let mut out = json!({ "position": position_json(game, state) });
        let Some((searcher, e)) = &self.engine else {
            return Ok(out);
        };
        if game.outcome(state).is_some() {
            return Ok(out);
        }
        let searcher = *searcher;
        let spec = PickSpec {
            stop: self.stop,
            ..PickSpec::deepening(searcher, e.limits)
        };
        let mut iterations = Vec::new();
        let on_iteration = &mut self.on_iteration;
        let line = Line {
            spec: self.spec,
            position: None,
            moves: self.moves,
        };
        let picked = engine_move(&line, Mover::Pick(spec), &mut |it: &Iteration| {
            let it = iteration_json(it);
            on_iteration(&it);
            iterations.push(it);
        });
        let (name, index, report) = match picked {
            Ok(EngineMove {
                name,
                index,
                report,
                fallback: false,
            }) => (name, index, report),
            Ok(_) | Err(EngineMoveError::Pick(PickError::NoLegalMove)) => {
                return Err(PlayError::Invalid(format!(
                    "the engine ({searcher}) returned no move"
                )))
            }
            Err(EngineMoveError::Pick(err)) => {
                return Err(PlayError::Invalid(format!(
                    "the engine ({searcher}) found no move: {err}; allow it more time or nodes"
                )))
            }
            Err(err) => return Err(PlayError::Invalid(err.to_string())),
        };
        let mut legal = Vec::new();
        game.moves(state, &mut legal);
        let Some(&mv) = legal.get(index) else {
            return Err(PlayError::Invalid(format!(
                "the engine ({searcher}) picked move {index} of {}",
                legal.len()
            )));
        };
        let after = game.play(state, mv);
        out["engine"] = json!({
            "move": name,
            "iterations": iterations,
            "result": report,
        });
        out["after"] = position_json(game, &after);
        Ok(out)
    }
}

impl<O: FnMut(&Value)> GameVisitor for Play<'_, O> {
    type Output = Result<Value, PlayError>;
    fn visit<G: Playable>(mut self, game: &G, _: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let state = self.replay(game)?;
        if let Some((s @ Searcher::BestReply(_), _)) = &self.engine {
            return Err(PlayError::Invalid(format!(
                "{} needs a game that can hand the turn to any player",
                s.name()
            )));
        }
        self.answer(game, &state)
    }

    fn visit_best_reply<G: Playable + SetToMove>(mut self, game: &G, _: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let state = self.replay(game)?;
        self.answer(game, &state)
    }
}

/// An iteration as `/api/play` lists it: `{"depth", "nodes", "nps", "ms", "value", "pv"}`,
/// with `ms` the whole milliseconds since the move's search began and `nps` the nodes per
/// second since then.
fn iteration_json(it: &Iteration) -> Value {
    let micros = (it.elapsed_ms * 1000.0).max(1.0);
    serde_json::json!({
        "depth": it.depth,
        "nodes": it.nodes,
        "nps": (it.nodes as f64 * 1e6 / micros) as u64,
        "ms": it.elapsed_ms as u64,
        "value": it.value,
        "pv": it.pv,
    })
}
