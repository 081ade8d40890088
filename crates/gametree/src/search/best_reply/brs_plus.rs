//! BRS+ (Esser, Gras, Winands, Schadd & Lanctot 2013).

use super::{engine, Variant};
use crate::eval::Evaluator;
use crate::game::SetToMove;
use crate::search::{Config, SearchError, SearchResult};

/// BRS+: best-reply search in which the opponents who do not reply play their first move.
///
/// - **Paper**: Esser, Gras, Winands, Schadd & Lanctot (2013), "Improving Best-Reply
///   Search", Computers and Games (CG 2013), Lecture Notes in Computer Science 8427,
///   Springer, 125-137, 2014.
/// - **Computes**: as [`super::brs`], except that the opponents who do not reply play
///   instead of passing: between two moves of the root player `r`, the opponents move in
///   turn order; one of them (any one, chosen by the minimisation) plays any of its moves,
///   and each of the others plays the first move of its list in the evaluator's order
///   ([`crate::eval::Evaluator::order`]) in the position it meets. Every position searched
///   can be reached by the rules. The opponents' node lists opponent `i`'s moves in the
///   position where the opponents before it have played their first moves; after the reply,
///   the opponents after it play theirs, then `r` moves. A terminal position ends such a
///   sequence. Fail-soft alpha-beta with the full window at the root.
/// - **Bounds**: none needed.
/// - **Tie-breaking**: as [`super::brs`]: the first child in search order.
/// - **Preconditions**: as [`super::brs`] ([`SetToMove`]; 2 to 6 players).
/// - **Counts**: as [`super::brs`]: one node per layer; the opponents' forced first moves are
///   not nodes (their move lists are charged to the clock as work, not counted).
/// - **Result**: as [`super::brs`]; `value` is the vector of the position the principal
///   variation reaches with the forced moves replayed; `pv` holds the root player's moves and
///   the replies, not the forced moves.
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn brs_plus<G: SetToMove, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    engine::run(game, eval, state, config, Variant::BrsPlus, None)
}
