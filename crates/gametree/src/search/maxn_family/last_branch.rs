//! Last-branch max^n pruning (Sturtevant 2003, section 4.2), for any number of players and
//! any turn order. The engine is shared with [`super::speculative()`], whose module
//! documentation explains the reasoning; last-branch pruning takes only the prunes that can
//! never need a re-search.

use super::speculative::{run, Mode};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Config, SearchError, SearchResult};

/// Last-branch max^n pruning.
///
/// - **Paper**: Sturtevant (2003), "Last-branch and speculative pruning algorithms for
///   max^n", sections 4.1 (Lemma 1), 4.2 (last-branch pruning) and 4.4 (discrete cutoff
///   evaluations), with Korf's (1991) immediate and shallow
///   pruning as the one- and two-node cases.
/// - **Computes**: exactly the max^n value of [`super::maxn::maxn()`] (value vector, best move
///   and principal variation), for 2 to 6 players and any turn order. After each child a node
///   looks for a chain of at most `n` consecutive path nodes ending at itself whose pass
///   thresholds sum to more than `maxsum` (Lemma 1 with `>=`, sharpened by the step `mu`:
///   with `mu = 1` a chain of `n` players' bounds prunes from `maxsum - mu (n - 2)` on, and
///   from `maxsum - mu (n - 1)` when the node's value so far is not an improvement for all
///   the other players of the chain). Chains longer than two nodes are used only when every
///   intermediate node is searching its last child and the value it would otherwise return
///   is already known not to be chosen above: then the prune is final, never re-searched.
/// - **Bounds**: needs [`crate::Bounds::maxsum`] and [`crate::Bounds::lower`] (refused with
///   [`SearchError::MissingBound`] otherwise) and uses [`crate::Bounds::step`] as `mu`.
///   Constant-sum leaves are **not** required.
/// - **Tie-breaking**: the first child in search order wins a tie, as in max^n.
/// - **Preconditions**: every leaf value respects the evaluator's bounds, and two different
///   values of one player's score differ by at least `step`.
/// - **Counts**: `nodes`, `leaves`, `expansions` as in max^n; cutoffs `immediate`, `shallow`
///   (two-node chains) and `last_branch`; `re_searches` stays 0. Every prune is traced when
///   [`Config::trace`] is set (the chain's pass thresholds, outermost first, and `maxsum`).
/// - **Result**: as [`super::maxn::maxn()`].
///
/// Fails with [`SearchError::MissingBound`] or, when the node limit or the deadline stops it,
/// [`SearchError::Stopped`].
pub fn last_branch<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(
        game,
        eval,
        &crate::hash::NoHash,
        None,
        state,
        config,
        Mode::LastBranch,
    )
}
