//! Alpha-beta branch-and-bound for max^n (Sturtevant & Korf 2000, as described in
//! Sturtevant 2003, section 3.2): shallow pruning strengthened by per-player bounds that a
//! monotonic heuristic guarantees for a whole subtree (points already taken in Hearts,
//! tricks already won in Spades).

use crate::eval::Evaluator;
use crate::game::{Game, Player, Score, Scores};
use crate::search::{
    Config, CutoffKind, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer,
};

/// Max^n with alpha-beta branch-and-bound pruning.
///
/// - **Paper**: Sturtevant & Korf (2000), "On pruning techniques for multi-player games"
///   (AAAI-00), as summarised in Sturtevant (2003), section 3.2:
///   "alpha-beta branch-and-bound pruning combines the actual scores of the 2 players
///   compared in shallow pruning with the heuristic information from the other n-2 players".
///   The 2000 paper's own text was not at hand; the tests below are derived from that principle
///   and checked against max^n (see Computes).
/// - **Computes**: exactly the max^n value of [`super::maxn::maxn()`] (vector and root move).
///   At every node it uses per-player bounds `[lo_r, hi_r]` valid for every leaf below:
///   [`Evaluator::subtree_bounds`] intersected with the global lower bounds, and
///   `hi_r <= maxsum - sum of the others' lo` (a node without subtree bounds uses the global
///   lower bounds and `maxsum` alone). With `x` the parent's best so far for its player `p`
///   and `y` this node's best so far for its player `q`:
///   - *branch-and-bound on entry*: if `hi_p <= x`, no leaf below can make `p` prefer this
///     node, and none of its children is searched;
///   - *own maximum* (immediate pruning with subtree bounds): once `y >= hi_q`, the
///     remaining children are skipped;
///   - *alpha-beta branch-and-bound* (shallow pruning with subtree bounds; needs `p != q`):
///     once `x >= maxsum - y - sum over r not in {p, q} of lo_r`, the value here leaves `p`
///     at most `x`, so the remaining children are skipped.
///
///   With no subtree bounds anywhere this is exactly [`super::shallow::shallow()`], and it
///   never searches a leaf that shallow pruning skips. A pruned node returns a vector that
///   its parent provably discards (its component for the parent's player is at most `x`,
///   and ties go to the first child).
/// - **Bounds**: needs [`crate::Bounds::maxsum`] and [`crate::Bounds::lower`]; fails with
///   [`SearchError::MissingBound`] otherwise. Uses [`Evaluator::subtree_bounds`] where
///   given; they must hold for every leaf below (the [`Evaluator`] contract).
/// - **Tie-breaking**: the first child in search order wins a tie, as in max^n.
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts; any turn order.
/// - **Counts**: `nodes`, `leaves`, `expansions` as in max^n (a node pruned on entry is
///   visited but not expanded). A prune that the global bounds alone allow counts as
///   `cutoffs.immediate` or `cutoffs.shallow`, exactly as [`super::shallow::shallow()`] would
///   count it; a prune that needs the subtree bounds counts as `cutoffs.branch_and_bound`.
///   With [`Config::trace`]: a prune on entry has `bounds = [x]` and `threshold = hi_p`; an
///   own-maximum prune `bounds = [y]` and `threshold = hi_q`; a shallow or alpha-beta
///   branch-and-bound prune `bounds = [x, y]` and `threshold = maxsum - sum over r not in
///   {p, q} of lo_r` (the sum `x + y` reached; `maxsum` when those bounds are 0).
/// - **Result**: as max^n: `value` the backed-up vector, `score` its component for the
///   player to move at the root, `pv` the line of first-best children.
///
/// Fails with [`SearchError::MissingBound`] (see above) or [`SearchError::Stopped`] when the
/// node limit or deadline stops it.
pub fn branch_and_bound<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(game, eval, state, config, Mode::BranchAndBound)
}

/// Which bounds the engine prunes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The global bounds only: Korf's immediate and shallow pruning
    /// ([`super::shallow::shallow()`]).
    Shallow,
    /// The global bounds and [`Evaluator::subtree_bounds`]: [`branch_and_bound`].
    BranchAndBound,
}

/// The engine of [`branch_and_bound`] and [`super::shallow::shallow()`].
pub(crate) fn run<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mode: Mode,
) -> Result<SearchResult<G::Move>, SearchError> {
    let algorithm = match mode {
        Mode::Shallow => "shallow",
        Mode::BranchAndBound => "branch-and-bound",
    };
    let bounds = eval.bounds(game);
    let Some(maxsum) = bounds.maxsum else {
        return Err(SearchError::MissingBound {
            algorithm,
            needs: "an upper bound maxsum on the sum of the scores",
        });
    };
    let Some(lower) = bounds.lower else {
        return Err(SearchError::MissingBound {
            algorithm,
            needs: "a lower bound on each player's score",
        });
    };
    let players = game.players();
    let lower_sum = lower.sum();
    let mut own_max = Scores::zeros(players);
    for r in 0..players {
        own_max[r] = maxsum - (lower_sum - lower[r]);
    }
    let mut s = Search {
        game,
        eval,
        subtree: mode == Mode::BranchAndBound,
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: Tracer::new(config),
        trace: config.records_prunes(),
        moves: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        players,
        maxsum,
        lower,
        lower_sum,
        own_max,
    };
    let root = s.node(state, 0, None);
    let pv = s.pv.line(0).to_vec();
    SearchResult::finish(game, state, root, pv, s.meter, s.tracer)
}

struct Search<'a, G: Game, E> {
    game: &'a G,
    eval: &'a E,
    /// Whether [`Evaluator::subtree_bounds`] is read (branch-and-bound) or not (shallow).
    subtree: bool,
    meter: Meter,
    pv: PvTable<G::Move>,
    tracer: Tracer<G::Move>,
    trace: bool,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    depth_limit: u32,
    players: usize,
    maxsum: Score,
    lower: Scores,
    lower_sum: Score,
    /// Each player's maximum by the global bounds: `maxsum - sum of the others' lower`.
    own_max: Scores,
}

impl<G: Game, E: Evaluator<G>> Search<'_, G, E> {
    /// The effective bounds of `state`: `lo` (at least the global lower bounds), `hi` (at
    /// most what the sum leaves), and the sum of `lo`.
    #[inline]
    fn node_bounds(&self, state: &G::State) -> (Scores, Scores, Score, bool) {
        let sub = if self.subtree {
            self.eval.subtree_bounds(self.game, state)
        } else {
            None
        };
        let Some(b) = sub else {
            return (self.lower, self.own_max, self.lower_sum, false);
        };
        let n = self.players;
        let mut lo = self.lower;
        let mut hi = Scores::zeros(n);
        for r in 0..n {
            lo[r] = lo[r].max(b[r].0);
        }
        let lo_sum = lo.sum();
        for r in 0..n {
            hi[r] = b[r].1.min(self.maxsum - (lo_sum - lo[r]));
        }
        (lo, hi, lo_sum, true)
    }

    /// `parent` is the parent's player and its best score so far (`None` for the root and
    /// for first children).
    fn node(
        &mut self,
        state: &G::State,
        ply: u32,
        parent: Option<(Player, Score)>,
    ) -> Result<Scores, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            self.tracer.leaf(&v);
            return Ok(v);
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, state);
            self.tracer.leaf(&v);
            return Ok(v);
        }
        let (lo, hi, lo_sum, has_sub) = self.node_bounds(state);
        if let Some((p, x)) = parent {
            if hi[p] <= x {
                // Branch-and-bound on entry. (With global bounds only, hi[p] is p's maximum
                // possible score, and the parent would have pruned immediately before.)
                let kind = if has_sub {
                    CutoffKind::BranchAndBound
                } else {
                    CutoffKind::Immediate
                };
                self.meter.stats.cutoffs.count(kind);
                if self.trace {
                    let start = self.moves.len();
                    self.game.moves(state, &mut self.moves);
                    let pruned = (self.moves.len() - start) as u32;
                    self.moves.truncate(start);
                    self.tracer.prune(kind, &[x], hi[p], pruned);
                }
                // lo[p] <= hi[p] <= x: the parent discards this vector.
                self.tracer.backup(&lo);
                return Ok(lo);
            }
        }
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let q = self.game.to_move(state);
        let global_own_max = self.own_max[q];
        // Prune once best[q] >= shallow_at; Korf's threshold with global bounds alone is
        // korf_at (for the classification of the cutoff).
        let (shallow_at, korf_at, x, reach) = match parent {
            Some((p, x)) if p != q => {
                let reach = self.maxsum - (lo_sum - lo[p] - lo[q]);
                let korf_reach = self.maxsum - (self.lower_sum - self.lower[p] - self.lower[q]);
                (reach - x, korf_reach - x, x, reach)
            }
            _ => (Score::MAX, Score::MAX, 0, 0),
        };
        let mut best = Scores::zeros(self.players);
        for i in start..end {
            if i > start {
                let y = best[q];
                let pruned = (end - i) as u32;
                if y >= hi[q] {
                    let kind = if y >= global_own_max {
                        CutoffKind::Immediate
                    } else {
                        CutoffKind::BranchAndBound
                    };
                    self.meter.stats.cutoffs.count(kind);
                    self.tracer.prune(kind, &[y], hi[q], pruned);
                    break;
                }
                if y >= shallow_at {
                    let kind = if y >= korf_at {
                        CutoffKind::Shallow
                    } else {
                        CutoffKind::BranchAndBound
                    };
                    self.meter.stats.cutoffs.count(kind);
                    self.tracer.prune(kind, &[x, y], reach, pruned);
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
        self.tracer.backup(&best);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{ExplicitTree, TreeEval};

    /// With bounds on (a), Player 1 can get at most 4 there: (a) is pruned on entry.
    #[test]
    fn prunes_on_entry_with_subtree_bounds() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "maxsum": 10, "root": { "player": 0, "children": [
                  { "value": [5, 4, 1] },
                  { "player": 1, "bounds": [[0, 4], [0, 10], [0, 10]],
                    "children": [ { "value": [3, 2, 5] }, { "value": [4, 6, 0] } ] } ] } }"#,
        )
        .unwrap();
        let c = Config {
            trace: true,
            ..Config::unlimited()
        };
        let r = branch_and_bound(&t, &TreeEval, &0, &c).unwrap();
        assert_eq!(r.value, Scores::from_slice(&[5, 4, 1]));
        assert_eq!(r.stats.leaves, 1);
        assert_eq!(r.stats.nodes, 3);
        assert_eq!(r.stats.cutoffs.branch_and_bound, 1);
        assert_eq!(r.trace[0].bounds, vec![5]);
        assert_eq!(r.trace[0].threshold, 4);
        assert_eq!(r.trace[0].pruned_children, 2);
    }

    /// Player 3 is known to keep at least 2 below (a): after Player 2's 3 there, Player 1
    /// gets at most 10 - 3 - 2 = 5, which does not beat the 5 already held.
    #[test]
    fn alpha_beta_branch_and_bound_uses_the_third_players_bound() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "maxsum": 10, "root": { "player": 0, "children": [
                  { "value": [5, 4, 1] },
                  { "player": 1, "bounds": [[0, 10], [0, 10], [2, 10]],
                    "children": [ { "value": [5, 3, 2] }, { "value": [6, 0, 4] } ] } ] } }"#,
        )
        .unwrap();
        let r = branch_and_bound(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.value, Scores::from_slice(&[5, 4, 1]));
        assert_eq!(r.stats.leaves, 2);
        assert_eq!(r.stats.cutoffs.branch_and_bound, 1);
        // Without subtree bounds (shallow pruning) the third leaf is read.
        let plain = run(&t, &TreeEval, &0, &Config::unlimited(), Mode::Shallow);
        assert_eq!(plain.unwrap().stats.leaves, 3);
    }
}
