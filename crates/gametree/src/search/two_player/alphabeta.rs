//! Alpha-beta pruning, fail-hard: every value returned lies inside the window it was asked
//! for (Knuth & Moore 1975; the fail-hard pseudocode of the Wikipedia article).
//!
//! See [`crate::search::alphabeta_failsoft()`] for the fail-soft variant (same nodes visited,
//! more informative bounds) and [`crate::search::negamax()`] for it in negamax form.

use super::minimax::{key, TwoPlayerSearch, INF};
use crate::eval::Evaluator;
use crate::game::{Game, Score};
use crate::search::{
    require_two_players, Config, CutoffKind, SearchError, SearchResult, Stats, StopReason,
};

/// Two-player alpha-beta search, fail-hard, with a full window at the root.
///
/// - **Paper**: Knuth & Moore (1975), "An analysis of alpha-beta pruning" (procedure F2 with
///   the bound returned, not the best value); the fail-hard pseudocode of the Wikipedia
///   article "Alpha-beta pruning" (docs/references.md), with the
///   cutoff tests written `>= beta` and `<= alpha`, as Knuth & Moore write them.
/// - **Computes**: exactly [`crate::search::minimax()`]'s value, best move, principal
///   variation and value vector, reading the [`crate::search::minimax::key`] of every leaf (outcome, or the
///   evaluator's value at a node at ply = depth limit: the root player's score in player
///   0's terms): player 0 maximises it, player 1 minimises it. Turns need not alternate; the tree need not be zero-sum.
/// - **Bounds**: no evaluator bound is needed. Inside, every node is searched with a window
///   `(alpha, beta)` and, for its true minimax value `v`, returns `r` with
///   `r = alpha` if `v <= alpha`, `r = beta` if `v >= beta`, `r = v` otherwise (the value
///   clamped into `[alpha, beta]`, leaves included). The root gets the full window
///   `(-INF, INF)`, so its value is exact. [`alphabeta_window`] exposes other windows.
/// - **Tie-breaking**: the first child in search order wins a tie: a child replaces the best
///   only when its value is strictly better (a child that ties returns the bound and fails
///   low). Search order is the game's move order after [`Evaluator::order`].
/// - **Preconditions**: exactly two players (else [`SearchError::TooManyPlayers`]). Scores
///   within [`crate::MAX_SCORE`]; a larger magnitude is read through
///   [`crate::search::minimax::key`].
/// - **Counts**: `nodes`, `leaves`, `expansions = nodes - 1`; a cutoff is counted, and traced
///   when [`Config::trace`] is set, when the test succeeds with at least one child of the
///   node left unsearched (a fail-high on the last child prunes nothing and is not counted):
///   `cutoffs.beta` at a node where player 0 moves (child value `>= beta`), `cutoffs.alpha`
///   where player 1 moves (child value `<= alpha`). The trace gives `bounds = [alpha, beta]`
///   of the node when the child returned, `threshold` = the value that child returned
///   (clamped, so equal to the bound it crossed), and `pruned_children`. Fail-hard and
///   fail-soft visit exactly the same nodes and count the same cutoffs. On a uniform tree of degree `b` and depth `d` ordered best-first the
///   leaves number `b^ceil(d/2) + b^floor(d/2) - 1` (Knuth & Moore).
/// - **Result**: as [`crate::search::minimax()`]: `pv` exact (PV moves are stored only from
///   children whose value fell strictly inside the window, hence exact), `best_move` its
///   first move, `value` the vector of the leaf the PV reaches, `score` its component for the
///   player to move at the root.
///
/// Fails with [`SearchError::TooManyPlayers`] for a game of more than two players and with
/// [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn alphabeta<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    require_two_players(game, "alphabeta")?;
    let mut s = TwoPlayerSearch::new(game, eval, config, state);
    match s.alphabeta_node(state, 0, -INF, INF) {
        Ok(_) => Ok(s.into_result(state)),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

/// Fail-hard alpha-beta with the window `(alpha, beta)` at the root, in player 0's terms;
/// returns the bound `r` and the counts.
///
/// With `v` the true minimax value of `state` (the root player's score in player 0's terms, as
/// [`alphabeta`] reads it) and `alpha < beta`: `r = alpha` if `v <= alpha`, `r = beta` if `v >= beta`,
/// `r = v` otherwise. A null window `(t - 1, t)` thus tells whether `v >= t`. The window is
/// clamped into `[-INF, INF]`; with `alpha >= beta` the answer is meaningless but the search
/// still ends normally. Counts and preconditions as [`alphabeta`]; no trace is kept.
pub fn alphabeta_window<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    alpha: Score,
    beta: Score,
) -> Result<(Score, Stats), SearchError> {
    require_two_players(game, "alphabeta")?;
    let config = Config {
        trace: false,
        ..*config
    };
    let mut s = TwoPlayerSearch::new(game, eval, &config, state);
    match s.alphabeta_node(state, 0, alpha.max(-INF), beta.max(-INF)) {
        Ok(r) => Ok((r, s.meter.finish())),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

impl<G: Game, E: Evaluator<G>> TwoPlayerSearch<'_, G, E> {
    /// The value of `state` (its key) clamped into `[alpha, beta]`. Inlined into the loop of
    /// [`Self::inner_node`], so that a terminal child is valued there without a call, its
    /// outcome asked for once.
    #[inline(always)]
    fn alphabeta_node(
        &mut self,
        state: &G::State,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, StopReason> {
        match self.game.outcome(state) {
            Some(v) => {
                self.meter.visit(ply)?;
                self.pv.clear(ply as usize);
                Ok(self.visited_leaf(state, &v).max(alpha).min(beta))
            }
            None => self.inner_node(state, ply, alpha, beta),
        }
    }

    /// A node that is not terminal (its outcome already asked for): the rest of
    /// [`Self::alphabeta_node`].
    fn inner_node(
        &mut self,
        state: &G::State,
        ply: u32,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, state);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
            return Ok(key(&v, self.root).max(alpha).min(beta));
        }
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let maximize = self.game.to_move(state).index() == 0;
        let leaves = ply + 1 >= self.depth_limit;
        if leaves {
            // Leaf children never write their PV row: clear it once.
            self.pv.clear(ply as usize + 1);
        }
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            self.tracer.push(mv);
            let r = if leaves {
                // Clamped into the window, as the child's own call would return it.
                self.frontier(&child, ply + 1)?.max(alpha).min(beta)
            } else {
                self.alphabeta_node(&child, ply + 1, alpha, beta)?
            };
            self.tracer.pop();
            if maximize {
                if r >= beta {
                    self.cutoff(CutoffKind::Beta, alpha, beta, r, end - i - 1);
                    self.moves.truncate(start);
                    self.tracer.backup_score(beta);
                    return Ok(beta);
                }
                if r > alpha {
                    alpha = r;
                    self.pv.update(ply as usize, mv);
                }
            } else {
                if r <= alpha {
                    self.cutoff(CutoffKind::Alpha, alpha, beta, r, end - i - 1);
                    self.moves.truncate(start);
                    self.tracer.backup_score(alpha);
                    return Ok(alpha);
                }
                if r < beta {
                    beta = r;
                    self.pv.update(ply as usize, mv);
                }
            }
        }
        self.moves.truncate(start);
        let r = if maximize { alpha } else { beta };
        self.tracer.backup_score(r);
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Scores;
    use crate::tree::{ExplicitTree, TreeEval};

    #[test]
    fn russell_norvig_figure_5_5() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 0, "children": [
                { "player": 1, "children": [ {"value": 3}, {"value": 12}, {"value": 8} ] },
                { "player": 1, "children": [ {"value": 2}, {"value": 4}, {"value": 6} ] },
                { "player": 1, "children": [ {"value": 14}, {"value": 5}, {"value": 2} ] } ] } }"#,
        )
        .unwrap();
        let c = Config {
            trace: true,
            ..Config::unlimited()
        };
        let r = alphabeta(&t, &TreeEval, &0, &c).unwrap();
        assert_eq!(r.score, 3);
        assert_eq!(r.value, Scores::zero_sum(3));
        assert_eq!(r.pv, vec![0, 0]);
        assert_eq!(r.stats.leaves, 7);
        assert_eq!(r.stats.nodes, 11);
        assert_eq!(r.stats.cutoffs.alpha, 1);
        assert_eq!(r.stats.cutoffs.beta, 0);
        assert_eq!(r.trace.len(), 1);
        assert_eq!(r.trace[0].path, vec![1]);
        assert_eq!(r.trace[0].bounds, vec![3, INF]);
        // Fail-hard: the leaf 2 comes back clamped to alpha = 3.
        assert_eq!(r.trace[0].threshold, 3);
        assert_eq!(r.trace[0].pruned_children, 2);
    }

    #[test]
    fn leaves_come_back_clamped_into_the_window() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 0, "value": 5, "children": [ {"value": 1} ] } }"#,
        )
        .unwrap();
        let c = Config::depth(0);
        assert_eq!(alphabeta_window(&t, &TreeEval, &0, &c, 0, 3).unwrap().0, 3);
        assert_eq!(alphabeta_window(&t, &TreeEval, &0, &c, 7, 9).unwrap().0, 7);
        assert_eq!(alphabeta_window(&t, &TreeEval, &0, &c, 4, 6).unwrap().0, 5);
        // An empty window is meaningless but must not panic.
        assert!(alphabeta_window(&t, &TreeEval, &0, &c, 6, 2).is_ok());
        let u = Config::unlimited();
        assert!(alphabeta_window(&t, &TreeEval, &0, &u, 6, 2).is_ok());
        assert!(alphabeta_window(&t, &TreeEval, &0, &u, Score::MIN, Score::MIN).is_ok());
    }
}
