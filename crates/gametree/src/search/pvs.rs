//! Principal variation search (Marsland & Campbell 1982; Reinefeld 1983, NegaScout) as a
//! registry algorithm; the search itself is [`crate::search::engine::Searcher`] with
//! [`crate::search::engine::Options::pvs`].

use super::engine::{NoHash, Options, Root};
use super::{Config, SearchError, SearchResult};
use crate::eval::Evaluator;
use crate::game::Game;

/// Two-player principal variation search at a fixed depth: the first move of each node
/// with the node's window, the others with a null window and, when that fails high inside
/// the window, a re-search with the full window. Killer moves; no table (the registry takes
/// any [`Game`]; [`crate::search::engine::search`] with
/// [`crate::search::engine::GameHash`] adds the table and the history heuristic).
///
/// - **Paper**: Marsland & Campbell (1982), "Parallel search of strongly ordered game
///   trees"; Reinefeld (1983), "An improvement of the Scout tree-search algorithm".
/// - **Computes**: exactly [`crate::search::alphabeta`]'s value (player 0's number) at
///   `config.limits.depth` (to the end of the game when `None`).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: the first move in search order wins a tie; killer moves reorder.
/// - **Preconditions**: exactly two players ([`SearchError::TooManyPlayers`]).
/// - **Counts**: `nodes`, `leaves`, `expansions`, `re_searches` (one per null-window
///   search that had to be repeated), `cutoffs.beta`/`cutoffs.alpha` when moves were left.
/// - **Result**: as [`crate::search::engine`].
pub fn pvs<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    let options = Options {
        table_mib: 0,
        root: Root::Full,
        ..Options::STRONG
    };
    super::engine::search_fixed(game, eval, &NoHash, state, config, &options, None)
}
