//! Alpha-beta pruning, fail-soft: a node returns the best value it found, even outside the
//! window it was asked for (Fishburn 1984; the fail-soft pseudocode of the Wikipedia
//! article).
//!
//! See [`crate::search::alphabeta()`] for the fail-hard variant and
//! [`crate::search::negamax()`] for this algorithm in negamax form.

use super::minimax::{key, TwoPlayerSearch, INF};
use crate::eval::Evaluator;
use crate::game::{Game, Score};
use crate::search::{
    require_two_players, Config, CutoffKind, SearchError, SearchResult, Stats, StopReason,
};

/// Two-player alpha-beta search, fail-soft, with a full window at the root.
///
/// - **Paper**: Fishburn (1984), "Analysis of speedup in distributed algorithms", appendix A
///   (fail-soft alpha-beta); Knuth & Moore (1975), procedure F2 as written (returning the
///   best value); the fail-soft pseudocode of the Wikipedia article "Alpha-beta pruning"
///   (docs/references.md).
/// - **Computes**: exactly [`crate::search::minimax()`]'s value, best move, principal
///   variation and value vector, reading the [`crate::search::minimax::key`] of every leaf (outcome, or the
///   evaluator's value at a node at ply = depth limit: the root player's score in player
///   0's terms): player 0 maximises it, player 1 minimises it. Turns need not alternate; the tree need not be zero-sum.
/// - **Bounds**: no evaluator bound is needed. Inside, every node is searched with a window
///   `(alpha, beta)` and, for its true minimax value `v`, returns `r` with
///   `v <= r <= alpha` if `v <= alpha` (an upper bound, possibly below `alpha`),
///   `beta <= r <= v` if `v >= beta` (a lower bound, possibly above `beta`), and `r = v`
///   otherwise. Leaves return their value unclamped. The root gets the full window
///   `(-INF, INF)`, so its value is exact. [`alphabeta_failsoft_window`] exposes other
///   windows.
/// - **Tie-breaking**: the first child in search order wins a tie: a child replaces the best
///   only when its value is strictly better (a child that ties fails low: it returns a bound
///   no better than the best so far). Search order is the game's move order after
///   [`Evaluator::order`].
/// - **Preconditions**: exactly two players (else [`SearchError::TooManyPlayers`]). Scores
///   within [`crate::MAX_SCORE`]; a larger magnitude is read through
///   [`crate::search::minimax::key`].
/// - **Counts**: `nodes`, `leaves`, `expansions = nodes - 1`; a cutoff is counted, and traced
///   when [`Config::trace`] is set, when the test succeeds with at least one child of the
///   node left unsearched (a fail-high on the last child prunes nothing and is not counted):
///   `cutoffs.beta` at a node where player 0 moves (child value `>= beta`), `cutoffs.alpha`
///   where player 1 moves (child value `<= alpha`). The trace gives `bounds = [alpha, beta]`
///   of the node when the child returned, `threshold` = that child's value, and
///   `pruned_children`. Fail-soft visits exactly the nodes fail-hard visits and counts the
///   same cutoffs (only the values returned outside the window differ). On a uniform tree of
///   degree `b` and depth `d` ordered best-first the leaves number
///   `b^ceil(d/2) + b^floor(d/2) - 1` (Knuth & Moore).
/// - **Result**: as [`crate::search::minimax()`]: `pv` exact (PV moves are stored only from
///   children whose value fell strictly inside the window, hence exact), `best_move` its
///   first move, `value` the vector of the leaf the PV reaches, `score` its component for the
///   player to move at the root.
///
/// Fails with [`SearchError::TooManyPlayers`] for a game of more than two players and with
/// [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn alphabeta_failsoft<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    require_two_players(game, "alphabeta-failsoft")?;
    let mut s = TwoPlayerSearch::new(game, eval, config, state);
    match s.failsoft_node(state, 0, -INF, INF) {
        Ok(_) => Ok(s.into_result(state)),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

/// Fail-soft alpha-beta with the window `(alpha, beta)` at the root, in player 0's terms;
/// returns the bound `r` and the counts.
///
/// With `v` the true minimax value of `state` (the root player's score in player 0's
/// terms, as [`alphabeta_failsoft`] reads it) and `alpha < beta`: `v <= r <= alpha` if `v <= alpha`,
/// `beta <= r <= v` if `v >= beta`, `r = v` otherwise. The window is clamped into
/// `[-INF, INF]`; with `alpha >= beta` the answer is meaningless but the search still ends
/// normally. Counts and preconditions as [`alphabeta_failsoft`]; no trace is kept.
pub fn alphabeta_failsoft_window<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    alpha: Score,
    beta: Score,
) -> Result<(Score, Stats), SearchError> {
    require_two_players(game, "alphabeta-failsoft")?;
    let config = Config {
        trace: false,
        ..*config
    };
    let mut s = TwoPlayerSearch::new(game, eval, &config, state);
    match s.failsoft_node(state, 0, alpha.max(-INF), beta.max(-INF)) {
        Ok(r) => Ok((r, s.meter.finish())),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

impl<G: Game, E: Evaluator<G>> TwoPlayerSearch<'_, G, E> {
    /// The fail-soft value of `state` (its key) for the window
    /// `(alpha, beta)`.
    fn failsoft_node(
        &mut self,
        state: &G::State,
        ply: u32,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
            return Ok(key(&v, self.root));
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, state);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
            return Ok(key(&v, self.root));
        }
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let maximize = self.game.to_move(state).index() == 0;
        // Every key lies strictly between -INF and INF: the first child always becomes best.
        let mut best = if maximize { -INF } else { INF };
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
                self.frontier(&child, ply + 1)?
            } else {
                self.failsoft_node(&child, ply + 1, alpha, beta)?
            };
            self.tracer.pop();
            if maximize {
                best = best.max(r);
                if r >= beta {
                    self.cutoff(CutoffKind::Beta, alpha, beta, r, end - i - 1);
                    break;
                }
                if r > alpha {
                    alpha = r;
                    self.pv.update(ply as usize, mv);
                }
            } else {
                best = best.min(r);
                if r <= alpha {
                    self.cutoff(CutoffKind::Alpha, alpha, beta, r, end - i - 1);
                    break;
                }
                if r < beta {
                    beta = r;
                    self.pv.update(ply as usize, mv);
                }
            }
        }
        self.moves.truncate(start);
        self.tracer.backup_score(best);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{ExplicitTree, TreeEval};

    #[test]
    fn fails_soft_outside_the_window() {
        // v = 3: a window above it gets an upper bound at or below alpha (here exactly 3,
        // not alpha = 5), a window below it a lower bound at or above beta (3, not 0).
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 0, "children": [
                { "player": 1, "children": [ {"value": 3}, {"value": 12}, {"value": 8} ] },
                { "player": 1, "children": [ {"value": 2}, {"value": 4}, {"value": 6} ] } ] } }"#,
        )
        .unwrap();
        let c = Config::unlimited();
        let (r, _) = alphabeta_failsoft_window(&t, &TreeEval, &0, &c, 5, 10).unwrap();
        assert_eq!(r, 3);
        let (r, _) = alphabeta_failsoft_window(&t, &TreeEval, &0, &c, -10, 0).unwrap();
        assert_eq!(r, 3);
        let (r, _) = alphabeta_failsoft_window(&t, &TreeEval, &0, &c, 2, 4).unwrap();
        assert_eq!(r, 3);
    }
}
