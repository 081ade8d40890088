//! Negamax: fail-soft alpha-beta written in negamax form (Knuth & Moore 1975, procedure F2
//! in its negamax notation; the negamax pseudocode of the Wikipedia article "Negamax").
//!
//! One maximising procedure serves both players: a node's value is seen from the player to
//! move, `color * key` with `color = +1` when player 0 moves and `-1` when player 1 does, and
//! a child's value is negated (and its window mirrored) when the turn passes to the other
//! player. This is not plain negamax without pruning: it prunes exactly as
//! [`crate::search::alphabeta_failsoft()`] does.

use super::minimax::{key, TwoPlayerSearch, INF};
use crate::eval::Evaluator;
use crate::game::{Game, Score};
use crate::search::{
    require_two_players, Config, CutoffKind, SearchError, SearchResult, Stats, StopReason,
};

/// Fail-soft alpha-beta in negamax form, with a full window at the root.
///
/// - **Paper**: Knuth & Moore (1975), "An analysis of alpha-beta pruning", section 2
///   (negamax notation, procedure F2); the Wikipedia article "Negamax" (alpha-beta
///   variant); fail-soft as in Fishburn (1984).
/// - **Computes**: exactly [`crate::search::minimax()`]'s value, best move, principal
///   variation and value vector on any two-player tree, zero-sum or not: every leaf is read
///   as `color * key` where `key` is the root player's score in player 0's terms
///   ([`crate::search::minimax::key`]) and `color` is `+1` when player 0 is to move at that
///   node and `-1` otherwise, so player 0 maximises the key and player 1 minimises it. Turns need not alternate: a
///   child's value is negated only when the player to move changes.
/// - **Bounds**: no evaluator bound is needed. A node searched with the window
///   `(alpha, beta)` in its mover's terms returns, for its true negamax value `v`, `r` with
///   `v <= r <= alpha` if `v <= alpha`, `beta <= r <= v` if `v >= beta`, `r = v` otherwise
///   (fail-soft). The root gets the full window, so its value is exact.
///   [`negamax_window`] exposes other windows, in player 0's terms.
/// - **Tie-breaking**: the first child in search order wins a tie (only a strictly better
///   value replaces the best). Search order is the game's move order after
///   [`Evaluator::order`].
/// - **Preconditions**: exactly two players (else [`SearchError::TooManyPlayers`]). Scores
///   within [`crate::MAX_SCORE`].
/// - **Counts**: node for node the same search as [`crate::search::alphabeta_failsoft()`]:
///   the same `nodes`, `leaves` and `expansions`, and the same cutoffs, counted by who is to
///   move: `cutoffs.beta` at a node where player 0 moves, `cutoffs.alpha` where player 1
///   moves, only when at least one child is left unsearched. The trace (when
///   [`Config::trace`] is set) is written in player 0's terms, so it equals the fail-soft
///   trace: `bounds = [alpha, beta]` of the node when the child returned, `threshold` = the
///   child's value, and `pruned_children`.
/// - **Result**: as [`crate::search::minimax()`]: `pv` exact, `best_move` its first move,
///   `value` the vector of the leaf the PV reaches, `score` its component for the player to
///   move at the root.
///
/// Fails with [`SearchError::TooManyPlayers`] for a game of more than two players and with
/// [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn negamax<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    require_two_players(game, "negamax")?;
    let mut s = TwoPlayerSearch::new(game, eval, config, state);
    match s.negamax_node(state, 0, -INF, INF) {
        Ok(_) => Ok(s.into_result(state)),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

/// Negamax (fail-soft) with the window `(alpha, beta)` at the root given in player 0's
/// terms; returns the bound `r` in player 0's terms and the counts.
///
/// With `v` the true minimax value of `state` (its key, the root player's score in player
/// 0's terms) and `alpha < beta`:
/// `v <= r <= alpha` if `v <= alpha`, `beta <= r <= v` if `v >= beta`, `r = v` otherwise:
/// the same contract, and the same search, as
/// [`crate::search::alphabeta_failsoft::alphabeta_failsoft_window`]. The window is clamped
/// into `[-INF, INF]`; with `alpha >= beta` the answer is meaningless but the search still
/// ends normally. Counts and preconditions as [`negamax`]; no trace is kept.
pub fn negamax_window<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    alpha: Score,
    beta: Score,
) -> Result<(Score, Stats), SearchError> {
    require_two_players(game, "negamax")?;
    let config = Config {
        trace: false,
        ..*config
    };
    let (alpha, beta) = (alpha.max(-INF), beta.max(-INF));
    let mut s = TwoPlayerSearch::new(game, eval, &config, state);
    let root_is_0 = game.to_move(state).index() == 0;
    let result = if root_is_0 {
        s.negamax_node(state, 0, alpha, beta)
    } else {
        s.negamax_node(state, 0, -beta, -alpha).map(|r| -r)
    };
    match result {
        Ok(r) => Ok((r, s.meter.finish())),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

impl<G: Game, E: Evaluator<G>> TwoPlayerSearch<'_, G, E> {
    fn negamax_node(
        &mut self,
        state: &G::State,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        let mover = self.game.to_move(state);
        let color = if mover.index() == 0 { 1 } else { -1 };
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
            return Ok(color * key(&v, self.root));
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, state);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
            return Ok(color * key(&v, self.root));
        }
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        // Every key lies strictly between -INF and INF: the first child always becomes best.
        let mut best = -INF;
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
                // What the child's call returns, seen from this node: color * key, whoever
                // moves at the child.
                color * self.frontier(&child, ply + 1)?
            } else if self.game.to_move(&child) == mover {
                self.negamax_node(&child, ply + 1, alpha, beta)?
            } else {
                -self.negamax_node(&child, ply + 1, -beta, -alpha)?
            };
            self.tracer.pop();
            best = best.max(r);
            if r >= beta {
                let pruned = end - i - 1;
                if pruned > 0 {
                    // Counted and traced by who moves, in player 0's terms, as fail-soft
                    // alpha-beta does.
                    let (kind, bounds, threshold) = if color == 1 {
                        (CutoffKind::Beta, [alpha, beta], r)
                    } else {
                        (CutoffKind::Alpha, [-beta, -alpha], -r)
                    };
                    self.meter.stats.cutoffs.count(kind);
                    self.tracer.prune(
                        kind,
                        &bounds,
                        threshold,
                        u32::try_from(pruned).unwrap_or(u32::MAX),
                    );
                }
                break;
            }
            if r > alpha {
                alpha = r;
                self.pv.update(ply as usize, mv);
            }
        }
        self.moves.truncate(start);
        // In player 0's terms, as the prunes are traced.
        self.tracer.backup_score(color * best);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Scores;
    use crate::tree::{ExplicitTree, TreeEval};

    #[test]
    fn same_player_twice_is_not_negated() {
        // Player 1 moves twice in a row: it picks the smallest player-0 score, -4.
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 1, "children": [
                { "player": 1, "children": [ {"value": 5}, {"value": -4} ] },
                { "player": 0, "children": [ {"value": -9}, {"value": 1} ] } ] } }"#,
        )
        .unwrap();
        let r = negamax(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.value, Scores::zero_sum(-4));
        assert_eq!(r.score, 4);
        assert_eq!(r.pv, vec![0, 1]);
        let (v, _) = negamax_window(&t, &TreeEval, &0, &Config::unlimited(), -INF, INF).unwrap();
        assert_eq!(v, -4);
    }

    #[test]
    fn extreme_scores_and_windows_do_not_overflow() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 1, "children": [
                { "player": 0, "children": [ {"value": [-281474976710656, 0]}, {"value": [281474976710656, 0]} ] },
                { "value": [0, 0] } ] } }"#,
        )
        .unwrap();
        let c = Config::unlimited();
        let r = negamax(&t, &TreeEval, &0, &c).unwrap();
        // Player 1, at the root, gets 0 at every leaf: the first leaf in search order.
        assert_eq!(r.value, Scores::from_slice(&[-281474976710656, 0]));
        for (a, b) in [(Score::MIN, Score::MAX), (Score::MAX, Score::MIN), (0, 0)] {
            assert!(negamax_window(&t, &TreeEval, &0, &c, a, b).is_ok());
        }
        // The same extremes in the root player's own component.
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 1, "children": [
                { "player": 0, "children": [ {"value": [0, -281474976710656]}, {"value": [0, 281474976710656]} ] },
                { "value": [0, 0] } ] } }"#,
        )
        .unwrap();
        let r = negamax(&t, &TreeEval, &0, &c).unwrap();
        // Player 0 holds player 1 to its smallest score in the first subtree: player 1 takes 0.
        assert_eq!(r.value, Scores::from_slice(&[0, 0]));
        for (a, b) in [(Score::MIN, Score::MAX), (Score::MAX, Score::MIN), (0, 0)] {
            assert!(negamax_window(&t, &TreeEval, &0, &c, a, b).is_ok());
        }
    }
}
