//! The engine's fixed-depth searches as registry algorithms (one search at
//! `config.limits.depth`, no table, any [`Game`]): principal variation search
//! (Marsland & Campbell 1982; Reinefeld 1983, NegaScout), aspiration windows and MTD(f).
//! The search itself is [`crate::search::engine::Searcher`] with the
//! [`crate::search::engine::Options`] each sets.

use super::options::{Options, Root};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::hash::NoHash;
use crate::search::{Config, SearchError, SearchResult};

/// Two-player principal variation search at a fixed depth: the first move of each node
/// with the node's window, the others with a null window and, when that fails high inside
/// the window, a re-search with the full window. Killer moves; no table (the registry takes
/// any [`Game`]; [`crate::search::engine::search`] with
/// [`crate::search::engine::GameHash`] adds the table and the history heuristic).
///
/// - **Paper**: Marsland & Campbell (1982), "Parallel search of strongly ordered game
///   trees"; Reinefeld (1983), "An improvement of the Scout tree-search algorithm".
/// - **Computes**: exactly [`crate::search::alphabeta()`]'s value (player 0's number) at
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
    super::search_fixed(game, eval, &NoHash, state, config, &options, None)
}

/// Two-player alpha-beta with aspiration windows at a fixed depth, as a registry algorithm:
/// one search at `config.limits.depth` with PVS and killer moves, no table (the registry
/// takes any [`Game`]; [`crate::search::engine::search`] with
/// [`crate::search::engine::GameHash`] adds the table), the window centred on the root's
/// static value with half-width 50.
///
/// - **Paper**: see [`super::root::aspiration_root`].
/// - **Computes**: exactly [`crate::search::alphabeta()`]'s value (player 0's number).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: first in search order (killer moves may reorder).
/// - **Preconditions**: exactly two players.
/// - **Counts**: as [`crate::search::engine::search`], one iteration.
/// - **Result**: as [`crate::search::engine`].
pub fn aspiration<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    let options = Options {
        table_mib: 0,
        root: Root::Aspiration { delta: 50 },
        ..Options::STRONG
    };
    super::search_fixed(game, eval, &NoHash, state, config, &options, None)
}

/// MTD(f) at a fixed depth, as a registry algorithm: one MTD(f) search at
/// `config.limits.depth` from the root's static value, with PVS-free null-window passes and
/// killer moves, no table (the registry takes any [`Game`]; every pass then searches
/// afresh: [`crate::search::engine::search`] with [`crate::search::engine::GameHash`] and
/// [`Root::Mtdf`] is the real thing).
///
/// - **Paper**: Plaat et al. (1996), "Best-first fixed-depth minimax algorithms".
/// - **Computes**: exactly [`crate::search::alphabeta()`]'s value (player 0's number).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: the best move is that of the last pass that failed high.
/// - **Preconditions**: exactly two players.
/// - **Counts**: as [`crate::search::engine::search`] (every pass's nodes; passes after
///   the first in `re_searches`), one iteration.
/// - **Result**: as [`crate::search::engine`]. A null-window pass records no line where it
///   fails, so without a table the last pass leaves at most the root move: the line is then
///   completed by one more search with the window `(v - 1, v + 1)` around the value found
///   (counted in `re_searches`), and `value` is the vector of the leaf it reaches.
pub fn mtdf<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    let options = Options {
        table_mib: 0,
        pvs: false,
        root: Root::Mtdf,
        ..Options::STRONG
    };
    super::search_fixed(game, eval, &NoHash, state, config, &options, None)
}
