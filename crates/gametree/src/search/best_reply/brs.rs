//! Best-Reply Search (Schadd & Winands 2011).

use super::{engine, Variant};
use crate::eval::Evaluator;
use crate::game::SetToMove;
use crate::search::{Config, SearchError, SearchResult};

/// Best-Reply Search: fail-soft alpha-beta on the best-reply tree.
///
/// - **Paper**: Schadd & Winands (2011), "Best Reply Search for Multiplayer Games", IEEE
///   Transactions on Computational Intelligence and AI in Games 3(1), 57-66, 2011.
/// - **Computes**: the BRS value of `state` to `config.limits.depth` layers: the player `r`
///   to move at the root maximises its own component of the value vector; between two of
///   its moves exactly one opponent replies, the one whose reply minimises `r`'s component
///   over the moves of all opponents, and the other opponents pass. This is minimax on the
///   tree of the [module documentation](super) (root-player nodes MAX, opponents' nodes MIN),
///   searched by fail-soft alpha-beta with the full window at the root (Knuth & Moore 1975).
///   With two players it is paranoid search, so alpha-beta.
/// - **Bounds**: none needed.
/// - **Tie-breaking**: the first child in search order wins a tie at every node (the root
///   player's moves in the evaluator's order; at an opponents' node the opponents in turn
///   order after `r`, each one's moves in the evaluator's order), so the root move is the
///   first move of maximal BRS value.
/// - **Preconditions**: the game can hand the turn to any live player ([`SetToMove`]);
///   2 to 6 players.
/// - **Counts**: `nodes`, `leaves`, `expansions` over the nodes of the best-reply tree (one
///   node per layer: a reply is one node, the passes are not nodes); `cutoffs.beta` at the
///   root player's nodes (value >= beta) and `cutoffs.alpha` at opponents' nodes (value <=
///   alpha), counted only when at least one child is left unsearched (at an opponents' node,
///   the moves of the opponents not yet tried count as children). With [`Config::trace`],
///   each cutoff is recorded with `bounds = [alpha, beta]` and `threshold` = the value that
///   crossed the window; the path holds the moves of the tree (root moves and replies).
/// - **Result**: `score` is the BRS value (the root player's component); `value` is the
///   vector of the position the principal variation reaches (replayed with the passes), whose
///   root-player component equals `score`; `pv` alternates the root player's moves and the
///   replies (which opponent replied is not recorded).
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn brs<G: SetToMove, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    engine::run(game, eval, state, config, Variant::Brs, None)
}
