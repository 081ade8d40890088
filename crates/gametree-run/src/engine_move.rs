//! One engine move in a game named by its spec, for the fronts that let people play against
//! engines: the seats of `gametree play` and the Play tab of `gametree serve`.
//!
//! - **Computes**: the position of a [`Line`] (the game's spec, its starting position, the
//!   moves played since, by name), rebuilt by playing the moves again from the start, and
//!   the move a [`Mover`] picks there: a searcher through the shared [`crate::pick`], or the
//!   two-player [`Engine`] of `gametree play`'s `engine` seats (its table kept by the
//!   caller, used when the game has position hashes the engine may use).
//! - **Why not generic**: the searches are compiled for every game of the registry here, once.
//!   A front that called [`crate::pick::pick`] from its own code for every game would compile
//!   them all again in its own crate (generic code is not shared between crates in an
//!   optimised build); a front calls [`engine_move`] instead, with names in and names out.
//! - **Observed**: the completed iterations of iterative deepening reach `observe` as they
//!   complete, as [`Iteration`]s (the [`Mover::Engine`] and MCTS are not observed).
//! - **Counts**: [`EngineMove::report`] is the search's [`SearchReport`] (its counters summed
//!   over the iterations); [`EngineMove::fallback`] says the search named no move and the
//!   first legal move was taken.
//! - **Cost**: the replay generates the legal moves of every position of the line once;
//!   beside a search it is nothing.

use std::time::Instant;

use gametree::search::engine::{Engine, GameHash, NoHash};
use gametree::search::{AnyGame, Config, Dispatch, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::quote::quoted;
use gametree_games::registry::{EngineTable, GameVisitor, Playable};

use crate::budget::Budget;
use crate::input::{load, needs_set_to_move};
use crate::pick::{pick_observed, PickError, PickSpec, Picked};
use crate::report::{Iteration, SearchReport};

/// A game and the moves played in it.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// The game's spec, e.g. `chinese-checkers(players=3)`.
    pub spec: &'a str,
    /// The starting position in the game's notation (the game's start when `None`).
    pub position: Option<&'a str>,
    /// The moves played since, each as the game names it (`Game::move_name`).
    pub moves: &'a [String],
}

/// Who picks the move.
#[derive(Clone, Copy)]
pub enum Mover<'a> {
    /// A searcher of `gametree list`, through [`crate::pick`] with this spec.
    Pick(PickSpec),
    /// The two-player engine under `limits` (a time or depth limit, no stop request); its
    /// table is the caller's, kept from move to move.
    Engine {
        /// The engine.
        engine: &'a Engine,
        /// The move's budget.
        limits: Budget,
    },
}

/// The move picked, with the search that picked it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineMove {
    /// The move, as the game names it.
    pub name: String,
    /// Its place in the list of legal moves `Game::moves` gives (so that a front holding
    /// that list plays it without matching names).
    pub index: usize,
    /// The search (the searcher's name, value, principal variation and counters).
    pub report: SearchReport,
    /// Whether the search named no move, so that the move is the first legal one.
    pub fallback: bool,
}

/// Why no move was picked.
#[derive(Debug, thiserror::Error)]
pub enum EngineMoveError {
    /// The line is not a game's: a bad spec or position, or a move that is not legal where
    /// it is played (the message names it).
    #[error("{0}")]
    Line(String),
    /// A best-reply searcher on a game that cannot hand the turn to any player.
    #[error("{0}")]
    NeedsSetToMove(String),
    /// The search named a move that is not legal (a broken game or search).
    #[error("{0}")]
    NotLegal(String),
    /// The search failed, or the position has no legal move.
    #[error(transparent)]
    Pick(#[from] PickError),
}

/// The move `mover` picks after `line`, each completed iteration handed to `observe` as it
/// completes (on the calling thread, which searches). The caller sizes the thread's stack
/// for the game ([`crate::stack::on_search_thread`]).
pub fn engine_move(
    line: &Line<'_>,
    mover: Mover<'_>,
    observe: &mut dyn FnMut(&Iteration),
) -> Result<EngineMove, EngineMoveError> {
    let source = load(None, Some(line.spec), line.position)
        .map_err(|e| EngineMoveError::Line(e.to_string()))?;
    source.visit(MoveVisitor {
        moves: line.moves,
        mover,
        observe,
    })
}

/// The state after `moves` from `state`, each found by its name among the legal moves (the
/// notation's reading first, checked by name, so that no name is made per legal move). A
/// move after the game's end, or one that is not legal where it is played, is an
/// [`EngineMoveError::Line`] naming it: `moves[3] "9": not a legal move here (legal: 1 2 3)`.
/// The server's Play tab replays its requests with it too.
pub fn replay<G: Playable>(
    game: &G,
    mut state: G::State,
    moves: &[String],
) -> Result<G::State, EngineMoveError> {
    let mut legal = Vec::new();
    for (i, name) in moves.iter().enumerate() {
        if game.outcome(&state).is_some() {
            return Err(EngineMoveError::Line(format!(
                "moves[{i}] \"{}\": the game is already over",
                quoted(name)
            )));
        }
        legal.clear();
        game.moves(&state, &mut legal);
        let found = match game.parse_move_in(name, &legal) {
            Ok(m) if game.move_name(&state, m) == *name => Some(m),
            _ => legal
                .iter()
                .copied()
                .find(|&m| game.move_name(&state, m) == *name),
        };
        let Some(m) = found else {
            let names: Vec<String> = legal.iter().map(|&m| game.move_name(&state, m)).collect();
            return Err(EngineMoveError::Line(format!(
                "moves[{i}] \"{}\": not a legal move here (legal: {})",
                quoted(name),
                names.join(" ")
            )));
        };
        state = game.play(&state, m);
    }
    Ok(state)
}

struct MoveVisitor<'a, 'o> {
    moves: &'a [String],
    mover: Mover<'a>,
    observe: &'o mut dyn FnMut(&Iteration),
}

impl MoveVisitor<'_, '_> {
    /// The move in `state`, searched through `D`.
    fn answer<D: Dispatch<G>, G: Playable>(
        self,
        game: &G,
        start: &G::State,
    ) -> Result<EngineMove, EngineMoveError> {
        let state = &replay(game, start.clone(), self.moves)?;
        let style = G::MOVE_STYLE;
        let eval = &game.evaluator();
        let began = Instant::now();
        let (name, picked) = match self.mover {
            Mover::Pick(spec) => {
                let observe = self.observe;
                let picked = pick_observed::<D, G, _, _>(game, eval, state, &spec, None, |r| {
                    observe(&Iteration {
                        elapsed_ms: began.elapsed().as_secs_f64() * 1000.0,
                        ..Iteration::of(game, state, r, style)
                    })
                });
                (spec.searcher.name(), picked)
            }
            Mover::Engine { engine, limits } => {
                let config = Config {
                    limits: limits.at(began, None),
                    ..Config::default()
                };
                // Games with position hashes the engine may use get the table.
                let searched = match G::ENGINE_TABLE {
                    EngineTable::Hashed => engine.search(game, eval, &GameHash, state, &config),
                    EngineTable::None => engine.search(game, eval, &NoHash, state, &config),
                };
                let picked = searched
                    .map_err(PickError::from)
                    .and_then(|r| Picked::of(game, state, r.result));
                ("engine", picked)
            }
        };
        let Picked {
            mv,
            result,
            fallback,
        } = picked?;
        let mut legal = Vec::new();
        game.moves(state, &mut legal);
        let index = legal.iter().position(|&m| m == mv).ok_or_else(|| {
            EngineMoveError::NotLegal(format!(
                "{name} picked {}, not a legal move",
                game.move_name(state, mv)
            ))
        })?;
        Ok(EngineMove {
            name: game.move_name(state, mv),
            index,
            report: SearchReport::of(name, game, state, &result, style, false),
            fallback,
        })
    }
}

impl GameVisitor for MoveVisitor<'_, '_> {
    type Output = Result<EngineMove, EngineMoveError>;

    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        if let Mover::Pick(PickSpec {
            searcher: s @ Searcher::BestReply(_),
            ..
        }) = self.mover
        {
            return Err(EngineMoveError::NeedsSetToMove(
                needs_set_to_move(s).to_string(),
            ));
        }
        self.answer::<AnyGame, G>(game, state)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.answer::<WithSetToMove, G>(game, state)
    }
}
