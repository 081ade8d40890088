//! max^n: the plain multi-player search (Luckhardt & Irani 1986; Korf 1991, section 2).
//!
//! The oracle of the whole max^n family: shallow pruning, branch-and-bound, last-branch and
//! speculative pruning all claim to return exactly what [`maxn`] returns.

use super::{Config, Meter, PvTable, SearchError, SearchResult, StopReason};
use crate::eval::Evaluator;
use crate::game::{Game, Scores};

/// Plain max^n search.
///
/// - **Paper**: Luckhardt & Irani (1986); Korf (1991), "Multi-player alpha-beta pruning",
///   section 2 (`papers/korf-1991-...`).
/// - **Computes**: the max^n value of `state` searched to `config.limits.depth` plies (to
///   the end of the game when `None`): at a terminal node its outcome, at the depth limit the
///   evaluator's vector, elsewhere the vector of the child whose component for the player to
///   move is largest. Any number of players (2 to 6).
/// - **Bounds**: none needed; every subtree is searched in full.
/// - **Tie-breaking**: the first child in search order wins a tie (strictly greater values
///   replace the best), as in all five papers. Search order is the game's move order after
///   [`Evaluator::order`].
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts.
/// - **Counts**: `nodes` (every node visited, root included), `leaves` (terminal and frontier
///   evaluations), `expansions = nodes - 1`. No cutoffs.
/// - **Result**: `value` is the backed-up vector, `score` its component for the player to
///   move at the root, `pv` the line of first-best children.
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn maxn<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    maxn_mapped(game, eval, state, config, |v: &Scores| *v)
}

/// max^n on leaf values transformed by `map` (the identity for [`maxn`], Fridenfalk's
/// projection for [`super::nmax::nmax`]): every leaf, terminal or cut off, is valued
/// `map(value)` and the search backs those up exactly as [`maxn`] does.
pub(super) fn maxn_mapped<G: Game, E: Evaluator<G>, F: Fn(&Scores) -> Scores>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    map: F,
) -> Result<SearchResult<G::Move>, SearchError> {
    let mut s = Search {
        game,
        eval,
        map,
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        moves: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
    };
    match s.node(state, 0) {
        Ok(value) => {
            let pv = s.pv.line(0).to_vec();
            Ok(SearchResult {
                value,
                score: value[game.to_move(state)],
                best_move: pv.first().copied(),
                pv,
                stats: s.meter.finish(),
                trace: Vec::new(),
            })
        }
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

struct Search<'a, G: Game, E, F> {
    game: &'a G,
    eval: &'a E,
    /// The transformation of leaf values.
    map: F,
    meter: Meter,
    pv: PvTable<G::Move>,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    depth_limit: u32,
}

impl<G: Game, E: Evaluator<G>, F: Fn(&Scores) -> Scores> Search<'_, G, E, F> {
    /// Visits a node: counts it, and values it if it is a leaf (terminal, or at the depth
    /// limit), else searches its children.
    fn node(&mut self, state: &G::State, ply: u32) -> Result<Scores, StopReason> {
        self.meter.visit(ply)?;
        match self.leaf_value(state, ply) {
            Some(v) => Ok(v),
            None => self.expand(state, ply),
        }
    }

    /// The value of a leaf (its outcome, or its evaluation at the depth limit), counted as a
    /// static evaluation; `None` for an inner node.
    #[inline(always)]
    fn leaf_value(&mut self, state: &G::State, ply: u32) -> Option<Scores> {
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            return Some((self.map)(&v));
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            return Some((self.map)(&self.eval.evaluate(self.game, state)));
        }
        None
    }

    /// Searches the children of an inner node (already counted). A leaf child is visited
    /// here, without a recursive call: most nodes are leaves.
    fn expand(&mut self, state: &G::State, ply: u32) -> Result<Scores, StopReason> {
        self.pv.clear(ply as usize);
        let start = self.moves.len();
        self.game.moves(state, &mut self.moves);
        let end = self.moves.len();
        self.eval
            .order(self.game, state, &mut self.moves[start..end]);
        let p = self.game.to_move(state);
        let mut best: Option<Scores> = None;
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            self.meter.visit(ply + 1)?;
            let (v, leaf) = match self.leaf_value(&child, ply + 1) {
                Some(v) => (v, true),
                None => (self.expand(&child, ply + 1)?, false),
            };
            if best.is_none_or(|b| v[p] > b[p]) {
                best = Some(v);
                if leaf {
                    self.pv.set(ply as usize, mv);
                } else {
                    self.pv.update(ply as usize, mv);
                }
            }
        }
        self.moves.truncate(start);
        Ok(best.expect("a non-terminal state has at least one move"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{ExplicitTree, TreeEval};

    #[test]
    fn design_example() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "maxsum": 10,
              "root": { "player": 0, "children": [
                  { "value": [5, 4, 1] },
                  { "player": 1, "children": [ { "value": [3, 7, 0] }, { "value": [1, 2, 7] } ] } ] } }"#,
        )
        .unwrap();
        let r = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.value, Scores::from_slice(&[5, 4, 1]));
        assert_eq!(r.best_move, Some(0));
        assert_eq!(r.stats.nodes, 5);
        assert_eq!(r.stats.leaves, 3);
        assert_eq!(r.stats.expansions, 4);
    }

    #[test]
    fn ties_go_to_the_first_child_and_the_pv_follows() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "root": { "player": 0, "children": [
                  { "player": 1, "children": [ { "value": [2, 1, 0] }, { "value": [9, 1, 0] } ] },
                  { "value": [2, 5, 5] } ] } }"#,
        )
        .unwrap();
        let r = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.value, Scores::from_slice(&[2, 1, 0]));
        assert_eq!(r.pv, vec![0, 0]);
    }

    #[test]
    fn node_limit_stops() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 3, "root": { "player": 0, "children": [ { "value": [1,1,1] }, { "value": [2,2,2] } ] } }"#,
        )
        .unwrap();
        let mut c = Config::unlimited();
        c.limits.nodes = Some(2);
        assert!(matches!(
            maxn(&t, &TreeEval, &0, &c),
            Err(SearchError::Stopped(StopReason::NodeLimit, _))
        ));
    }
}
