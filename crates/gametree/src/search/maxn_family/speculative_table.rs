//! Speculative max^n pruning with a transposition table of exact values.

use super::speculative::{run, Mode};
use super::vector_table::VectorTable;
use crate::eval::Evaluator;
use crate::hash::GameHash;
use crate::hash::Zobrist;
use crate::search::{Config, SearchError, SearchResult};

/// Speculative max^n pruning with a table of exact value vectors.
///
/// - **Paper**: Sturtevant (2003), as [`super::speculative::speculative()`]; the table is the
///   standard transposition table (none of the papers uses one with max^n).
/// - **Computes**: exactly max^n's value vector and best move, as
///   [`super::speculative::speculative()`] does. Every inner node for which
///   [`Zobrist::may_transpose`] holds looks up `(hash, draft)` in `table`; a hit is taken as
///   the node's exact value. A node stores its value when its search ends with an exact
///   value; a node whose children were pruned speculatively answers with a bound that
///   depends on its ancestors, which is never stored. Values are used only at their own
///   draft.
/// - **Bounds**: as speculative pruning: `maxsum` and `lower` (refused with
///   [`SearchError::MissingBound`] otherwise), `step` as `mu`.
/// - **Tie-breaking**: as max^n.
/// - **Preconditions**: those of speculative pruning and [`Zobrist`]'s contract (a hash
///   collision, about `2^-64` per pair, could give a wrong value). The caller owns `table`:
///   clear it for an independent search.
/// - **Counts**: as speculative pruning; a node answered by the table counts in `nodes` and
///   in `table_hits`, and its subtree is not visited.
/// - **Result**: as max^n; a principal variation cut short by a table hit is completed by
///   searching the nodes along it again, not counted.
pub fn speculative_table<G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    table: &mut VectorTable,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(
        game,
        eval,
        &GameHash,
        Some(table),
        state,
        config,
        Mode::Speculative,
    )
}
