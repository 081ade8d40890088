//! Shallow pruning for max^n (Korf 1991, section 3): immediate and shallow alpha-beta
//! pruning, exactly Korf's procedure `Shallow`.
//!
//! ```text
//! Shallow(Node, Player, Bound)
//!   IF Node is terminal, RETURN static value
//!   Best = Shallow(first Child, next Player, Sum)
//!   FOR each remaining Child
//!     IF Best[Player] >= Bound, RETURN Best
//!     Current = Shallow(Child, next Player, Sum - Best[Player])
//!     IF Current[Player] > Best[Player], Best = Current
//!   RETURN Best
//! ```
//!
//! It runs on the engine of [`super::branch_and_bound()`] with the subtree bounds left out:
//! with the global bounds alone, branch-and-bound's tests are exactly Korf's (its entry test
//! can never fire, the parent's immediate test having come first), and the leaf sequence is
//! Korf's (an independent transcription of `Shallow` checks it in the tests).

use super::branch_and_bound::{run, Mode};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Config, SearchError, SearchResult};

/// Max^n with Korf's immediate and shallow pruning.
///
/// - **Paper**: Korf (1991), "Multi-player alpha-beta pruning", sections 3.1 to 3.3, the
///   procedure `Shallow`.
/// - **Computes**: exactly the max^n value of [`super::maxn::maxn()`] (vector and root move),
///   searching to `config.limits.depth` plies, while skipping the children that cannot
///   change it:
///   - *immediate pruning*: at a node of player `q`, once the best child so far gives `q`
///     its maximum possible score `maxsum - sum of the other players' lower bounds`, the
///     remaining children are skipped (no child can do strictly better);
///   - *shallow pruning*: a node of player `q` whose parent (player `p != q`) already holds
///     `x` for `p` skips its remaining children once its best so far `y` for `q` satisfies
///     `x + y >= maxsum - sum of the lower bounds of the players other than p and q`
///     (Korf's `Best[Player] >= Bound` with `Bound = Sum - x` when the lower bounds are 0).
///     Then `p` gets at most `x` here and, ties going to the first child, the parent keeps
///     its earlier choice. As in Korf's procedure the first child of a node is searched with
///     no bound from its parent, and the test is made before each remaining child.
///
///   Korf's pseudocode assumes that consecutive players differ (round-robin play). When a
///   player moves twice in a row (arbitrary turn orders, as in card games) the child gets
///   no shallow bound from its parent, only immediate pruning: `x + y` then says nothing
///   about the parent's choice.
/// - **Bounds**: needs [`crate::Bounds::maxsum`] and [`crate::Bounds::lower`]; fails with
///   [`SearchError::MissingBound`] otherwise. Every leaf value (outcomes and cut-off
///   evaluations) must respect them (the [`Evaluator`] contract).
/// - **Tie-breaking**: the first child in search order wins a tie (strictly greater values
///   replace the best), as in max^n; pruning never changes the returned vector or root move.
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts.
/// - **Counts**: `nodes`, `leaves`, `expansions` as in max^n; `cutoffs.immediate` and
///   `cutoffs.shallow` count the nodes whose remaining children were skipped, by kind (a
///   prune that both tests allow counts as immediate). With [`Config::trace`], each prune is
///   recorded: immediate with `bounds = [y]` and `threshold` = `q`'s maximum possible score;
///   shallow with `bounds = [x, y]` (parent's bound, child's bound) and `threshold` = the
///   sum they reached (`maxsum` when the lower bounds are 0).
/// - **Result**: as max^n: `value` the backed-up vector, `score` its component for the
///   player to move at the root, `pv` the line of first-best children.
///
/// Fails with [`SearchError::MissingBound`] (see above) or [`SearchError::Stopped`] when the
/// node limit or deadline stops it.
pub fn shallow<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(game, eval, state, config, Mode::Shallow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Scores;
    use crate::tree::{ExplicitTree, TreeEval};

    /// Sturtevant (2003), Figure 2: after (5, 4, 1) at the root, Player 2's 6 at node (a)
    /// leaves Player 1 at most 4 there, so the rest of (a) is pruned.
    #[test]
    fn sturtevant_figure_2() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "maxsum": 10, "root": { "player": 0, "children": [
                  { "value": [5, 4, 1] },
                  { "player": 1, "children": [ { "value": [3, 6, 1] }, { "value": [9, 0, 1] } ] } ] } }"#,
        )
        .unwrap();
        let c = Config {
            trace: true,
            ..Config::unlimited()
        };
        let r = shallow(&t, &TreeEval, &0, &c).unwrap();
        assert_eq!(r.value, Scores::from_slice(&[5, 4, 1]));
        assert_eq!(r.best_move, Some(0));
        assert_eq!(r.stats.leaves, 2);
        assert_eq!(r.stats.cutoffs.shallow, 1);
        assert_eq!(r.trace.len(), 1);
        assert_eq!(r.trace[0].path, vec![1]);
        assert_eq!(r.trace[0].bounds, vec![5, 6]);
        assert_eq!(r.trace[0].threshold, 10);
        assert_eq!(r.trace[0].pruned_children, 1);
    }

    #[test]
    fn immediate_pruning_at_the_root() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "maxsum": 10, "root": { "player": 0, "children": [
                  { "value": [2, 4, 1] }, { "value": [10, 0, 0] }, { "value": [10, 0, 0] } ] } }"#,
        )
        .unwrap();
        let r = shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.best_move, Some(1));
        assert_eq!(r.stats.leaves, 2);
        assert_eq!(r.stats.cutoffs.immediate, 1);
    }

    #[test]
    fn refuses_without_maxsum() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "root": { "player": 0, "children": [ { "value": [1, 2, 3] } ] } }"#,
        )
        .unwrap();
        assert!(matches!(
            shallow(&t, &TreeEval, &0, &Config::unlimited()),
            Err(SearchError::MissingBound { .. })
        ));
    }
}
