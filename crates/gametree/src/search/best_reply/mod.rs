//! Best-reply search: the root player against the single most dangerous reply.
//!
//! Best-Reply Search (BRS; Schadd & Winands 2011) turns a game of two to six players into a
//! two-level tree that alpha-beta can prune hard: the root player moves at the even layers
//! and maximises its own component of the evaluator's vector (the scalar [`paranoid`]
//! search uses too); at each odd layer exactly one opponent replies, the one whose reply is
//! worst for the root player, and the other opponents pass. BRS+ (Esser, Gras, Winands,
//! Schadd & Lanctot 2013) has the opponents who do not reply play the first move of their
//! move ordering instead of passing, in turn order, so every position it searches is one the
//! rules can reach.
//!
//! - [`brs`]: BRS, fail-soft alpha-beta on the best-reply tree.
//! - [`brs_plus`]: BRS+, the same on the BRS+ tree.
//! - [`iterative`]: either one under iterative deepening ([`Variant`] says which).
//!
//! **Layers.** One layer is one ply of [`Config::limits`]' depth: depth 1 is the root
//! player's move alone, depth 2 its move and one reply, depth 4 two moves and two replies.
//!
//! **The tree.** A root-player node is the position reached (the root itself, or the
//! position after a reply); if the root player is not to move there, the turn is handed to
//! it ([`SetToMove::set_to_move`]) before its moves are listed. Its children are its moves,
//! in the evaluator's order ([`Evaluator::order`]). An opponents' node is the position after
//! the root player's move; its children are the moves of every opponent in turn order after
//! the root player (the first opponent's moves, then the second's, ...), each opponent
//! handed the turn in that position (BRS+: in the position where the opponents before it
//! have each played their first move), each list in the evaluator's order. BRS+ then lets
//! the opponents after the replier play their first move before the root player's next node.
//!
//! **Leaves.** A terminal position is valued by its outcome, a position at the depth limit by
//! the evaluator, both on the root player's component, in the position reached (before the
//! turn is handed back). An opponent for whom `set_to_move` gives `None` (eliminated) is
//! skipped. When no opponent can reply (all are out), the opponents' node is valued as a
//! leaf; when the root player itself is out, its node is valued as a leaf.
//!
//! **Games.** Only games that can hand the turn to any live player implement [`SetToMove`]:
//! Chinese Checkers does; games without it are refused at compile time.
//!
//! [`paranoid`]: crate::search::paranoid::paranoid
//! [`Config::limits`]: crate::search::Config::limits
//! [`Evaluator::order`]: crate::eval::Evaluator::order
//! [`SetToMove`]: crate::game::SetToMove
//! [`SetToMove::set_to_move`]: crate::game::SetToMove::set_to_move

mod brs;
mod brs_plus;
mod engine;
mod forced;

pub use brs::brs;
pub use brs_plus::brs_plus;
pub use forced::{ForcedMoves, Learned};

use crate::eval::Evaluator;
use crate::game::SetToMove;
use crate::search::iterative::iterative_deepening_observed;
use crate::search::{Config, SearchError, SearchResult};

/// Which best-reply search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// [`brs`]: the opponents who do not reply pass.
    Brs,
    /// [`brs_plus`]: the opponents who do not reply play their first move, in turn order.
    BrsPlus,
}

impl Variant {
    /// The fixed-depth search of this variant: [`brs`] or [`brs_plus`].
    pub fn search<G: SetToMove, E: Evaluator<G>>(
        self,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        engine::run(game, eval, state, config, self, None)
    }

    /// The fixed-depth search of this variant with what earlier searches learned: BRS+ with
    /// [`ForcedMoves::Ordered`] in `config` forces moves by the killers and history of
    /// `learned` as they are at the call, and when the search completes `learned` holds
    /// them with this search's cutoffs added (a stopped search leaves it as it was). Any
    /// other search is [`Variant::search`] and leaves `learned` alone.
    pub fn search_with<G: SetToMove, E: Evaluator<G>>(
        self,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        learned: &mut Learned<G::Move>,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        engine::run(game, eval, state, config, self, Some(learned))
    }
}

/// Best-reply search ([`brs`] or [`brs_plus`], as `variant` says) under iterative deepening.
///
/// - **Paper**: as [`brs`] and [`brs_plus`]; Schadd & Winands (2011) search BRS by iterative
///   deepening.
/// - **Computes**: the variant's value at depths 1, 2, ... up to `config.limits.depth`
///   (without end when `None`), by [`crate::search::iterative::iterative_deepening`]; the result is the last completed
///   iteration's: the same value, move and principal variation as the fixed-depth search at
///   that depth. Deepening stops early when an iteration reaches no node at its depth limit.
/// - **Bounds**: none needed.
/// - **Tie-breaking**: as the fixed-depth search (each iteration searches from scratch).
/// - **Preconditions**: as [`brs`].
/// - **Counts**: summed over the iterations, a stopped iteration's nodes included;
///   `iterations` counts the completed iterations and `depth` is the last completed depth.
///   The node limit is the total over all iterations, the deadline that of the whole run.
/// - **Forced moves**: BRS+ with [`ForcedMoves::Ordered`] hands each iteration the killers
///   and history learned by the iterations before it ([`Variant::search_with`]).
///
/// Fails with [`SearchError::Stopped`] only if not even the first iteration completes.
pub fn iterative<G: SetToMove, E: Evaluator<G>>(
    variant: Variant,
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    iterative_observed(variant, game, eval, state, config, |_| {})
}

/// [`iterative`], calling `observe` once after each completed iteration with the result it
/// would return if deepening stopped there (as
/// [`crate::search::iterative::iterative_deepening_observed`]).
pub fn iterative_observed<G: SetToMove, E: Evaluator<G>, O: FnMut(&SearchResult<G::Move>)>(
    variant: Variant,
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    observe: O,
) -> Result<SearchResult<G::Move>, SearchError> {
    let ordered = variant == Variant::BrsPlus && config.forced_moves == ForcedMoves::Ordered;
    let mut learned = ordered.then(Learned::new);
    iterative_deepening_observed(
        config,
        |c| match learned.as_mut() {
            Some(l) => variant.search_with(game, eval, state, c, l),
            None => variant.search(game, eval, state, c),
        },
        observe,
    )
}
