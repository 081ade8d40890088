//! max^n: the plain multi-player search (Luckhardt & Irani 1986; Korf 1991, section 2).
//!
//! The oracle of the whole max^n family: shallow pruning, branch-and-bound, last-branch and
//! speculative pruning all claim to return exactly what [`maxn`] returns.

use super::vector_table::{complete_pv, Key, VectorTable};
use crate::eval::Evaluator;
use crate::game::{Game, Scores};
use crate::hash::{Hashing, NoHash};
use crate::search::{Config, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer};

/// Plain max^n search.
///
/// - **Paper**: Luckhardt & Irani (1986); Korf (1991), "Multi-player alpha-beta pruning",
///   section 2.
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

/// max^n with a table of exact values: [`super::maxn_table::maxn_table()`]'s engine (`hasher`
/// gives the hashes; `NoHash` and `None` make it plain [`maxn`]).
pub(super) fn maxn_hashed<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    game: &G,
    eval: &E,
    hasher: &H,
    table: Option<&mut VectorTable>,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    search(game, eval, hasher, table, state, config, |v: &Scores| *v)
}

/// max^n on leaf values transformed by `map` (the identity for [`maxn`], Fridenfalk's
/// projection for [`super::nmax::nmax()`]): every leaf, terminal or cut off, is valued
/// `map(value)` and the search backs those up exactly as [`maxn`] does.
pub(crate) fn maxn_mapped<G: Game, E: Evaluator<G>, F: Fn(&Scores) -> Scores>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    map: F,
) -> Result<SearchResult<G::Move>, SearchError> {
    search(game, eval, &NoHash, None, state, config, map)
}

fn search<G: Game, E: Evaluator<G>, H: Hashing<G>, F: Fn(&Scores) -> Scores>(
    game: &G,
    eval: &E,
    hasher: &H,
    table: Option<&mut VectorTable>,
    state: &G::State,
    config: &Config,
    map: F,
) -> Result<SearchResult<G::Move>, SearchError> {
    let mut s = Search {
        game,
        eval,
        hasher,
        table,
        map,
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: Tracer::new(config),
        moves: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        limit_leaves: 0,
    };
    let root = s.node(state, 0);
    let mut pv = s.pv.line(0).to_vec();
    if root.is_ok() {
        s.extend_pv(state, &mut pv);
    }
    SearchResult::finish(game, state, root, pv, s.meter, s.tracer)
}

struct Search<'a, G: Game, E, H, F> {
    game: &'a G,
    eval: &'a E,
    hasher: &'a H,
    /// Exact values of transposed subtrees (only when `H::TABLE`).
    table: Option<&'a mut VectorTable>,
    /// The transformation of leaf values.
    map: F,
    meter: Meter,
    pv: PvTable<G::Move>,
    /// The event log (max^n prunes nothing).
    tracer: Tracer<G::Move>,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    depth_limit: u32,
    /// Leaves valued at the depth limit so far, and table hits standing for subtrees that
    /// reached it: a node's entry is `full` when this grew during its search.
    limit_leaves: u64,
}

impl<G: Game, E: Evaluator<G>, H: Hashing<G>, F: Fn(&Scores) -> Scores> Search<'_, G, E, H, F> {
    /// The table key of an inner node at `ply`, if it may be a transposition.
    #[inline(always)]
    fn table_key(&self, state: &G::State, ply: u32) -> Option<Key> {
        let draft = self.depth_limit.saturating_sub(ply);
        self.table
            .as_ref()
            .and_then(|_| Key::of(self.hasher, self.game, state, draft))
    }

    /// Completes a principal variation cut short by a table hit: the node where it stops
    /// is expanded again without probing its own entry (its children come from the table or
    /// a search), until the line reaches a leaf. These visits are bookkeeping for the
    /// result and are not counted in the statistics.
    fn extend_pv(&mut self, root: &G::State, pv: &mut Vec<G::Move>) {
        if !H::TABLE || self.table.is_none() {
            return;
        }
        let saved = self.meter.stats;
        // Nor are they events of the search.
        let tracer = std::mem::replace(&mut self.tracer, Tracer::off());
        let (game, depth_limit) = (self.game, self.depth_limit);
        complete_pv(game, root, depth_limit, pv, |state, ply| {
            self.expand_node(state, ply, false).ok()?;
            Some(self.pv.line(ply as usize).to_vec())
        });
        self.meter.stats = saved;
        self.tracer = tracer;
    }

    /// Visits a node: counts it, and values it if it is a leaf (terminal, or at the depth
    /// limit), else searches its children.
    fn node(&mut self, state: &G::State, ply: u32) -> Result<Scores, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        match self.leaf_value(state, ply) {
            Some(v) => Ok(v),
            None => self.expand_node(state, ply, true),
        }
    }

    /// The value of a leaf (its outcome, or its evaluation at the depth limit), counted as a
    /// static evaluation; `None` for an inner node.
    #[inline(always)]
    fn leaf_value(&mut self, state: &G::State, ply: u32) -> Option<Scores> {
        let v = if let Some(v) = self.game.outcome(state) {
            (self.map)(&v)
        } else if ply >= self.depth_limit {
            // Counted for tables only: the plain search compiles without it.
            if H::TABLE {
                self.limit_leaves += 1;
            }
            (self.map)(&self.eval.evaluate(self.game, state))
        } else {
            return None;
        };
        self.meter.leaf();
        self.tracer.leaf(&v);
        Some(v)
    }

    /// Searches the children of an inner node (already counted). A leaf child is visited
    /// here, without a recursive call: most nodes are leaves.
    /// With a table, a transposable node first looks for its entry (when `probe`) and
    /// stores its value afterwards.
    fn expand_node(
        &mut self,
        state: &G::State,
        ply: u32,
        probe: bool,
    ) -> Result<Scores, StopReason> {
        self.pv.clear(ply as usize);
        let key = self.table_key(state, ply);
        if let (Some(k), true) = (&key, probe) {
            if let Some(hit) = self.table.as_ref().and_then(|t| t.get(k)) {
                self.meter.stats.table_hits += 1;
                if hit.full {
                    // The subtree it stands for reached the depth limit.
                    self.meter.stats.depth = self.meter.stats.depth.max(self.depth_limit);
                    self.limit_leaves += 1;
                }
                self.tracer.backup(&hit.value);
                return Ok(hit.value);
            }
        }
        // Whether the subtree reaches the depth limit, for the entry's `full` flag.
        let limit_leaves = self.limit_leaves;
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let p = self.game.to_move(state);
        let mut best: Option<Scores> = None;
        let mut best_index = 0;
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            self.meter.visit(ply + 1)?;
            self.tracer.push(mv);
            self.tracer.visit();
            let (v, leaf) = match self.leaf_value(&child, ply + 1) {
                Some(v) => (v, true),
                None => (self.expand_node(&child, ply + 1, true)?, false),
            };
            self.tracer.pop();
            if best.is_none_or(|b| v[p] > b[p]) {
                best = Some(v);
                best_index = i - start;
                if leaf {
                    self.pv.set(ply as usize, mv);
                } else {
                    self.pv.update(ply as usize, mv);
                }
            }
        }
        self.moves.truncate(start);
        let best = best.expect("a non-terminal state has at least one move");
        if let (Some(k), Some(t)) = (&key, self.table.as_mut()) {
            t.put(k, best, Some(best_index), self.limit_leaves > limit_leaves);
        }
        self.tracer.backup(&best);
        Ok(best)
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
