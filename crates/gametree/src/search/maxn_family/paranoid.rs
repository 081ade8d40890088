//! Paranoid search (Sturtevant & Korf 2000; Sturtevant 2002, 2003): the player to move at
//! the root against the coalition of all the others, which reduces any number of players to
//! a two-player zero-sum game on the root player's score.
//!
//! [`paranoid`] prunes with alpha-beta; [`paranoid_plain`] is the same decision rule without
//! pruning (plain minimax on the root player's component), the oracle of the tests.

use crate::eval::Evaluator;
use crate::game::{Game, Player, Score};
use crate::search::{
    leaf_of_pv, Config, CutoffKind, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer,
};

/// Paranoid search with alpha-beta pruning.
///
/// - **Paper**: Sturtevant & Korf (2000), "On pruning techniques for multi-player games";
///   Sturtevant (2002), "A comparison of algorithms for multi-player games"; summarised in
///   Sturtevant (2003), section 5.4.
/// - **Computes**: the paranoid value of `state` to `config.limits.depth` plies: the
///   player `r` to move at the root maximises its own component, every other player
///   minimises `r`'s component (the coalition). This is minimax on the tree where `r`'s
///   nodes are MAX nodes and everyone else's are MIN nodes, whatever the turn order; with
///   two players and zero-sum leaves it is ordinary minimax. Fail-soft alpha-beta with the
///   full window at the root, as in the textbook (Knuth & Moore 1975).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: the first child in search order wins a tie at every node (strictly
///   better values replace the best), so the root move is the first move of maximal
///   paranoid value, as in [`paranoid_plain`].
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts; 2 to 6 players.
/// - **Counts**: `nodes`, `leaves`, `expansions`; `cutoffs.beta` at the root player's nodes
///   (value >= beta) and `cutoffs.alpha` at coalition nodes (value <= alpha), counted only
///   when at least one child is left unsearched. With [`Config::trace`], each cutoff is
///   recorded with `bounds = [alpha, beta]` (the window when the node was entered) and
///   `threshold` = the value that crossed it.
/// - **Result**: `score` is the paranoid value (the root player's component); `value` is the
///   vector of the leaf the principal variation reaches ([`leaf_of_pv`]), whose root-player
///   component equals `score`; `pv` is the principal variation.
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn paranoid<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(game, eval, state, config, true)
}

/// Plain paranoid search: the decision rule of [`paranoid`] without any pruning.
///
/// - **Paper**: as [`paranoid`].
/// - **Computes**: the paranoid value (minimax on the root player's component, the root
///   player maximising and every other player minimising), searching every node to
///   `config.limits.depth` plies. The oracle of [`paranoid`]: both return the same `score`,
///   `value`, root move and principal variation.
/// - **Bounds**: none needed.
/// - **Tie-breaking**: the first child in search order wins a tie at every node.
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts.
/// - **Counts**: `nodes`, `leaves`, `expansions`; no cutoffs.
/// - **Result**: as [`paranoid`].
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn paranoid_plain<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(game, eval, state, config, false)
}

fn run<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    prune: bool,
) -> Result<SearchResult<G::Move>, SearchError> {
    let mut s = Search {
        game,
        eval,
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: if prune {
            Tracer::new(config)
        } else {
            Tracer::off()
        },
        moves: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        root: game.to_move(state),
        prune,
    };
    match s.node(state, 0, Score::MIN, Score::MAX) {
        Ok(score) => {
            let pv = s.pv.line(0).to_vec();
            let value = leaf_of_pv(game, eval, state, &pv);
            Ok(SearchResult {
                value,
                score,
                best_move: pv.first().copied(),
                pv,
                pv_players: Vec::new(),
                stats: s.meter.finish(),
                trace: s.tracer.events,
                trace_dropped: s.tracer.dropped,
                events: s.tracer.log,
                events_dropped: s.tracer.log_dropped,
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
    /// The root player: MAX; everyone else is MIN.
    root: Player,
    /// Alpha-beta (true) or plain paranoid minimax (false).
    prune: bool,
}

impl<G: Game, E: Evaluator<G>> Search<'_, G, E> {
    /// Fail-soft alpha-beta on the root player's component within `(alpha, beta)`.
    fn node(
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
            return Ok(v[self.root]);
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, state);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
            return Ok(v[self.root]);
        }
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let maximize = self.game.to_move(state) == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximize { Score::MIN } else { Score::MAX };
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            self.tracer.push(mv);
            let v = self.node(&child, ply + 1, alpha, beta)?;
            self.tracer.pop();
            let better = if maximize { v > best } else { v < best };
            if i == start || better {
                best = v;
                self.pv.update(ply as usize, mv);
            }
            if !self.prune {
                continue;
            }
            let remaining = (end - i - 1) as u32;
            if maximize {
                if best >= beta {
                    if remaining > 0 {
                        self.meter.stats.cutoffs.count(CutoffKind::Beta);
                        self.tracer
                            .prune(CutoffKind::Beta, &[alpha0, beta0], best, remaining);
                    }
                    break;
                }
                alpha = alpha.max(best);
            } else {
                if best <= alpha {
                    if remaining > 0 {
                        self.meter.stats.cutoffs.count(CutoffKind::Alpha);
                        self.tracer
                            .prune(CutoffKind::Alpha, &[alpha0, beta0], best, remaining);
                    }
                    break;
                }
                beta = beta.min(best);
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
    use crate::Scores;

    #[test]
    fn three_players_coalition() {
        // P0 at the root; P1 and P2 both minimise P0's score.
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "root": { "player": 0, "children": [
                  { "player": 1, "children": [
                      { "player": 2, "children": [ { "value": [4, 0, 9] }, { "value": [6, 9, 0] } ] },
                      { "value": [7, 1, 1] } ] },
                  { "player": 1, "children": [ { "value": [3, 0, 0] }, { "value": [9, 0, 0] } ] } ] } }"#,
        )
        .unwrap();
        let plain = paranoid_plain(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        let ab = paranoid(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(plain.score, 4);
        assert_eq!(plain.value, Scores::from_slice(&[4, 0, 9]));
        assert_eq!(plain.pv, vec![0, 0, 0]);
        assert_eq!(ab.score, 4);
        assert_eq!(ab.value, plain.value);
        assert_eq!(ab.pv, plain.pv);
        // After 4 on the left, the right subtree's 3 cuts its last child.
        assert_eq!(ab.stats.cutoffs.alpha, 1);
        assert_eq!(ab.stats.leaves, plain.stats.leaves - 1);
    }
}
