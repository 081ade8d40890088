//! One way for an engine to pick a move, shared by the three fronts that let engines play:
//! a tournament's engines ([`crate::engine::Engine`]), the seats of `gametree play` and
//! the Play tab of `gametree serve` (`POST /api/play`).
//!
//! - **Computes**: the search [`PickSpec::searcher`] names on `state`, run through the
//!   dispatcher `D` (`AnyGame`, or `WithSetToMove` for best-reply search), under the
//!   budget [`PickSpec::limits`] (the one budget type, [`Budget`]): with
//!   [`Deepening::Fixed`], one search of `limits.depth` plies; with
//!   [`Deepening::Iterative`], depths 1, 2, ... up to `limits.depth` (without end when
//!   `None`) by the core's deepening driver, the move of the last completed iteration
//!   played. MCTS is never deepened: it runs once under the limits with
//!   [`PickSpec::mcts`]. Given a table of value vectors (a tournament engine's
//!   `:table=MIB`, kept from move to move of one game), `maxn` and `speculative` run their
//!   table versions with it; a table given to any other searcher is refused
//!   ([`PickError::TableFor`]).
//! - **Budget and seed**: the clock of a time limit starts at the call (on the calling
//!   thread, which is the searching one: a processor-time limit is that thread's); a node
//!   limit is the total over all iterations, the nodes of an abandoned iteration included;
//!   [`PickSpec::stop`] is the search's stop request. The only randomness is MCTS's, seeded
//!   with [`MctsConfig::seed`] (the fronts derive it from the ply: the tournament from its
//!   seed, the game and the ply, `gametree play` from the ply), so node and depth budgets
//!   are deterministic.
//! - **Fallback**: a search that completes without naming a move plays the first legal
//!   move, marked [`Picked::fallback`]. A search that fails (stopped before depth 1, a
//!   searcher that refuses the game or the evaluator) is a [`PickError`]; each front says
//!   it in its own words, and a tournament plays the first legal move instead
//!   ([`pick_or_first`], counted as a failed move).
//! - **Counts**: [`Picked::result`] is the whole [`SearchResult`] (its `stats` summed over
//!   the iterations, the abandoned one's nodes included); a failure's nodes are
//!   [`PickError::nodes`].
//!
//! What stays with a front: how it builds the spec (a tournament engine's [`crate::engine::MoveBudget`],
//! policy and `:worlds` sampling; the command line's and the server's [`Budget`]), the
//! two-player engine of `gametree play`'s `engine` seats (a transposition-table engine,
//! not a [`Searcher`]), and what a front shows of the result.

use std::time::Instant;

use gametree::hash::Zobrist;
use gametree::search::best_reply::ForcedMoves;
use gametree::search::iterative::iterative_deepening_observed;
use gametree::search::maxn_table::maxn_table;
use gametree::search::mcts::MctsConfig;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{Algorithm, Config, Dispatch, SearchError, SearchResult, Searcher, Stop};
use gametree::{Evaluator, Game};

use crate::budget::{mcts_defaults, Budget};

/// How the depth of [`PickSpec::limits`] is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepening {
    /// One search of exactly `limits.depth` plies (a tournament's depth budget).
    Fixed,
    /// Iterative deepening up to `limits.depth`: the move of the last completed iteration.
    Iterative,
}

/// What an engine searches with to pick its move.
#[derive(Clone, Copy)]
pub struct PickSpec {
    /// The searcher (any name of `gametree list`).
    pub searcher: Searcher,
    /// The budget of the move.
    pub limits: Budget,
    /// One search at the depth limit, or iterative deepening up to it.
    pub deepening: Deepening,
    /// MCTS's settings (its seed, iterations, policy); other searchers ignore them.
    pub mcts: MctsConfig,
    /// How BRS+ chooses the moves of the opponents who do not reply.
    pub forced_moves: ForcedMoves,
    /// The search's stop request (the server raises it when its client goes away).
    pub stop: Option<Stop>,
}

impl PickSpec {
    /// The spec of `gametree play` and the server's Play tab: `searcher` deepening up to
    /// `limits.depth` under `limits`, MCTS with the library's defaults for those limits
    /// ([`mcts_defaults`]: no iteration cap under a clock) and seed 0, no stop request.
    pub fn deepening(searcher: Searcher, limits: Budget) -> PickSpec {
        PickSpec {
            searcher,
            limits,
            deepening: Deepening::Iterative,
            mcts: mcts_defaults(&limits),
            forced_moves: ForcedMoves::default(),
            stop: None,
        }
    }

    /// The same spec with MCTS seeded with `seed`.
    pub fn with_seed(self, seed: u64) -> PickSpec {
        PickSpec {
            mcts: MctsConfig { seed, ..self.mcts },
            ..self
        }
    }

    /// The search configuration of a move starting at `start`: the limits from then, the
    /// stop request, the forced-move rule; no trace.
    pub fn config(&self, start: Instant) -> Config {
        Config {
            limits: self.limits.at(start, self.stop),
            forced_moves: self.forced_moves,
            ..Config::default()
        }
    }
}

/// The move an engine picked, with the search that picked it.
#[derive(Clone, Debug, PartialEq)]
pub struct Picked<M> {
    /// The move to play: the search's best move, or the first legal move when it named
    /// none.
    pub mv: M,
    /// The whole result of the search (its counts summed over the iterations).
    pub result: SearchResult<M>,
    /// Whether the search named no move, so that `mv` is the first legal move.
    pub fallback: bool,
}

impl<M: Copy> Picked<M> {
    /// The pick of a completed search `result` in `state`: its best move, or the first
    /// legal move as a fallback. Fails when `state` has no legal move.
    pub fn of<G: Game<Move = M>>(
        game: &G,
        state: &G::State,
        result: SearchResult<M>,
    ) -> Result<Picked<M>, PickError> {
        match result.best_move {
            Some(mv) => Ok(Picked {
                mv,
                result,
                fallback: false,
            }),
            None => match first_legal(game, state) {
                Some(mv) => Ok(Picked {
                    mv,
                    result,
                    fallback: true,
                }),
                None => Err(PickError::NoLegalMove),
            },
        }
    }
}

/// Why no move was picked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PickError {
    /// The position has no legal move (it is over, or the game is broken).
    #[error("no legal move in this position")]
    NoLegalMove,
    /// A table of value vectors was given to a searcher without a table version.
    #[error("a table of value vectors is for maxn and speculative only, not {0}")]
    TableFor(Searcher),
    /// The search failed: its budget stopped it before depth 1 was completed
    /// ([`SearchError::Stopped`], with the counts of the work done), or the searcher
    /// refused the game or the evaluator.
    #[error(transparent)]
    Search(#[from] SearchError),
}

impl PickError {
    /// The nodes the failed search visited (those of a search stopped by its budget; 0
    /// otherwise).
    pub fn nodes(&self) -> u64 {
        match self {
            PickError::Search(SearchError::Stopped(_, stats)) => stats.nodes,
            _ => 0,
        }
    }
}

/// The first legal move of `state` in the game's order, or `None` when it has none.
pub fn first_legal<G: Game>(game: &G, state: &G::State) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.moves(state, &mut moves);
    moves.first().copied()
}

/// Picks a move in `state` as the module docs say, searching through `D`, with the table
/// `table` when the engine keeps one.
pub fn pick<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    spec: &PickSpec,
    table: Option<&mut VectorTable>,
) -> Result<Picked<G::Move>, PickError> {
    pick_observed::<D, G, E, _>(game, eval, state, spec, table, |_| {})
}

/// [`pick`], calling `observe` with each completed iteration of iterative deepening as it
/// completes (on the searching thread): the result deepening would return if it stopped
/// there. A fixed-depth search and MCTS are not observed. The pick is [`pick`]'s.
pub fn pick_observed<D, G, E, O>(
    game: &G,
    eval: &E,
    state: &G::State,
    spec: &PickSpec,
    table: Option<&mut VectorTable>,
    observe: O,
) -> Result<Picked<G::Move>, PickError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
    O: FnMut(&SearchResult<G::Move>),
{
    if first_legal(game, state).is_none() {
        return Err(PickError::NoLegalMove);
    }
    let config = spec.config(Instant::now());
    let searcher = spec.searcher;
    let result = match table {
        Some(t) => {
            let a = match searcher {
                Searcher::Plain(a @ (Algorithm::Maxn | Algorithm::Speculative)) => a,
                other => return Err(PickError::TableFor(other)),
            };
            // The table versions of max^n and speculative pruning, with the engine's table.
            let mut once = |c: &Config| match a {
                Algorithm::Speculative => speculative_table(game, eval, state, c, t),
                _ => maxn_table(game, eval, state, c, t),
            };
            match spec.deepening {
                Deepening::Iterative => iterative_deepening_observed(&config, once, observe),
                Deepening::Fixed => once(&config),
            }
        }
        None => match spec.deepening {
            Deepening::Iterative => {
                D::run_iterative_observed(searcher, game, eval, state, &config, &spec.mcts, observe)
            }
            Deepening::Fixed => D::run(searcher, game, eval, state, &config, &spec.mcts),
        },
    }?;
    Picked::of(game, state, result)
}

/// A tournament's move: the move, the nodes spent, and whether the engine failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move played.
    pub mv: M,
    /// The nodes the search visited (a failed search's too).
    pub nodes: u64,
    /// Whether the move is the first legal move played because the search named none or
    /// failed ([`Picked::fallback`] or a [`PickError`]).
    pub failed: bool,
}

/// [`pick`] as a tournament plays it: a failed search plays the first legal move, counted
/// as failed with the nodes the search spent ([`PickError::nodes`]). `None` when `state`
/// has no legal move (a broken game, which the tournament adjudicates).
pub fn pick_or_first<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    spec: &PickSpec,
    table: Option<&mut VectorTable>,
) -> Option<Choice<G::Move>> {
    match pick::<D, G, E>(game, eval, state, spec, table) {
        Ok(p) => Some(Choice {
            mv: p.mv,
            nodes: p.result.stats.nodes,
            failed: p.fallback,
        }),
        Err(PickError::NoLegalMove) => None,
        Err(e) => first_legal(game, state).map(|mv| Choice {
            mv,
            nodes: e.nodes(),
            failed: true,
        }),
    }
}
