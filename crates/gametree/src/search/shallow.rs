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

use super::{Config, CutoffKind, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer};
use crate::eval::Evaluator;
use crate::game::{Game, Player, Score, Scores};

/// Max^n with Korf's immediate and shallow pruning.
///
/// - **Paper**: Korf (1991), "Multi-player alpha-beta pruning", sections 3.1 to 3.3, the
///   procedure `Shallow` (`papers/korf-1991-...`).
/// - **Computes**: exactly the max^n value of [`super::maxn::maxn`] (vector and root move),
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
    let bounds = eval.bounds(game);
    let Some(maxsum) = bounds.maxsum else {
        return Err(SearchError::MissingBound {
            algorithm: "shallow",
            needs: "an upper bound maxsum on the sum of the scores",
        });
    };
    let Some(lower) = bounds.lower else {
        return Err(SearchError::MissingBound {
            algorithm: "shallow",
            needs: "a lower bound on each player's score",
        });
    };
    let mut s = Search {
        game,
        eval,
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: Tracer::new(config.trace),
        moves: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        maxsum,
        lower,
        lower_sum: lower.sum(),
    };
    match s.node(state, 0, None) {
        Ok(value) => {
            let pv = s.pv.line(0).to_vec();
            Ok(SearchResult {
                value,
                score: value[game.to_move(state)],
                best_move: pv.first().copied(),
                pv,
                stats: s.meter.finish(),
                trace: s.tracer.events,
            })
        }
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

struct Search<'a, G: Game, E> {
    game: &'a G,
    eval: &'a E,
    meter: Meter,
    pv: PvTable<G::Move>,
    tracer: Tracer<G::Move>,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    depth_limit: u32,
    maxsum: Score,
    lower: Scores,
    lower_sum: Score,
}

impl<G: Game, E: Evaluator<G>> Search<'_, G, E> {
    /// Korf's `Shallow`: `parent` is the parent's player and its best score so far, `None`
    /// for the root and for first children (Korf's `Bound = Sum`).
    fn node(
        &mut self,
        state: &G::State,
        ply: u32,
        parent: Option<(Player, Score)>,
    ) -> Result<Scores, StopReason> {
        self.meter.visit(ply)?;
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            return Ok(v);
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            return Ok(self.eval.evaluate(self.game, state));
        }
        let start = self.moves.len();
        self.game.moves(state, &mut self.moves);
        let end = self.moves.len();
        self.eval
            .order(self.game, state, &mut self.moves[start..end]);
        let q = self.game.to_move(state);
        // The most q can get: everything the others do not necessarily keep.
        let own_max = self.maxsum - (self.lower_sum - self.lower[q]);
        // Shallow: prune once best[q] >= shallow_at (Korf's Bound).
        let (shallow_at, x, reach) = match parent {
            Some((p, x)) if p != q => {
                let reach = self.maxsum - (self.lower_sum - self.lower[p] - self.lower[q]);
                (reach - x, x, reach)
            }
            _ => (Score::MAX, 0, 0),
        };
        let mut best = Scores::zeros(self.game.players());
        for i in start..end {
            if i > start {
                let y = best[q];
                let pruned = (end - i) as u32;
                if y >= own_max {
                    self.meter.stats.cutoffs.count(CutoffKind::Immediate);
                    self.tracer
                        .prune(CutoffKind::Immediate, &[y], own_max, pruned);
                    break;
                }
                if y >= shallow_at {
                    self.meter.stats.cutoffs.count(CutoffKind::Shallow);
                    self.tracer
                        .prune(CutoffKind::Shallow, &[x, y], reach, pruned);
                    break;
                }
            }
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            let bound = (i > start).then_some((q, best[q]));
            self.tracer.push(mv);
            let v = self.node(&child, ply + 1, bound)?;
            self.tracer.pop();
            if i == start || v[q] > best[q] {
                best = v;
                self.pv.update(ply as usize, mv);
            }
        }
        self.moves.truncate(start);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
