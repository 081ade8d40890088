//! max^n with a transposition table of exact values: plain max^n that searches each
//! transposed subtree once per search.

use super::vector_table::VectorTable;
use crate::eval::Evaluator;
use crate::hash::GameHash;
use crate::hash::Zobrist;
use crate::search::{Config, SearchError, SearchResult};

/// max^n with a table of exact value vectors.
///
/// - **Paper**: max^n as in [`super::maxn::maxn()`] (Luckhardt & Irani 1986; Korf 1991); the
///   table is the standard transposition table of two-player programs (Greenblatt et al.
///   1967), which none of the five papers uses for max^n. Here it serves the card games,
///   where the same remaining hands are reached by playing the same tricks in other orders.
/// - **Computes**: exactly [`super::maxn::maxn()`]'s value vector and best move. Every inner
///   node for which [`Zobrist::may_transpose`] holds looks up `(hash, draft)` (draft = depth
///   left) in `table` and, on a hit, takes the stored value instead of searching; after a
///   search it stores its value and the index of its best child. Values are used only at
///   their own draft, so depth-limited searches are exact too.
/// - **Bounds**: none needed.
/// - **Tie-breaking**: as max^n (the first child in search order wins a tie); a stored value
///   is the one max^n computed for that position, ties included.
/// - **Preconditions**: [`Zobrist`]'s contract (equal hashes for positions with the same
///   future and evaluations); a hash collision (about `2^-64` per pair) could give a wrong
///   value. The caller owns `table`: clear it ([`VectorTable::clear`]) for an independent
///   search, or keep it to reuse the values of an earlier search of the same game.
/// - **Counts**: `nodes` counts every node visited, a node answered by the table included
///   (its subtree is not visited); `table_hits` counts those nodes; `leaves`, `expansions`
///   as max^n.
/// - **Result**: as max^n; a principal variation cut short by a table hit is completed by
///   expanding the nodes along it again, not counted.
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn maxn_table<G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    table: &mut VectorTable,
) -> Result<SearchResult<G::Move>, SearchError> {
    super::maxn::maxn_hashed(game, eval, &GameHash, Some(table), state, config)
}
