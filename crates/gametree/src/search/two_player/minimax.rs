//! Minimax: the plain two-player search (von Neumann 1928; Shannon 1950), the oracle of the
//! two-player family. [`crate::search::alphabeta()`], [`crate::search::alphabeta_failsoft()`] and
//! [`crate::search::negamax()`] all claim to return exactly what [`minimax`] returns.
//!
//! The two-player searches read one number per leaf, its [`key`]: the score of the player
//! to move at the root, written in player 0's terms (`s[0]` when player 0 moves at the root,
//! `-s[1]` when player 1 does). Player 0 maximises it and player 1 minimises it, so the root
//! player maximises its own score and the other player minimises it: paranoid search's rule
//! ([`crate::search::paranoid()`]), and best-reply search's with two players. On a zero-sum
//! leaf (`s[1] = -s[0]`) both readings are `s[0]`, the textbook minimax; on a game that is
//! not zero-sum (Focus with two players, a random tree) the reading keeps each search's
//! objective the root player's own score, whichever seat it searches for. This module also
//! holds the small helpers the family shares: [`INF`] and [`key`].

use crate::eval::Evaluator;
use crate::game::{Game, Player, Score, Scores};
use crate::search::{
    leaf_of_pv, require_two_players, Config, CutoffKind, Meter, PvTable, SearchError, SearchResult,
    Stats, StopReason, Tracer,
};

/// Infinity of the two-player searches: strictly above every [`key`] (and `-INF` strictly
/// below), and safe to negate.
pub const INF: Score = Score::MAX;

/// The largest magnitude a [`key`] may have: `INF - 1`.
pub const KEY_LIMIT: Score = INF - 1;

/// The number a two-player search reads from a leaf when `root` moves at the root: the root
/// player's score in player 0's terms, `s[0]` for root player 0 and `-s[1]` for root player
/// 1, clamped into `-KEY_LIMIT..=KEY_LIMIT` (a no-op for every valid score, which lies within
/// [`crate::MAX_SCORE`]). Player 0 maximises it and player 1 minimises it. On a zero-sum leaf
/// it is `s[0]` for either root. The clamp keeps `-INF < key < INF` and makes negation safe.
#[inline]
pub fn key(s: &Scores, root: Player) -> Score {
    if root.index() == 0 {
        s[0].clamp(-KEY_LIMIT, KEY_LIMIT)
    } else {
        -s[1].clamp(-KEY_LIMIT, KEY_LIMIT)
    }
}

/// Builds the [`SearchResult`] of a finished two-player search from its principal
/// variation: `value` is the vector of the leaf the PV reaches ([`leaf_of_pv`]), `score` its
/// component for the player to move at the root.
pub(super) fn two_player_result<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    pv: Vec<G::Move>,
    stats: Stats,
    tracer: Tracer<G::Move>,
) -> SearchResult<G::Move> {
    let value = leaf_of_pv(game, eval, state, &pv);
    SearchResult {
        value,
        score: value[game.to_move(state)],
        best_move: pv.first().copied(),
        pv,
        pv_players: Vec::new(),
        stats,
        trace: tracer.events,
        trace_dropped: tracer.dropped,
        events: tracer.log,
        events_dropped: tracer.log_dropped,
    }
}

/// Plain two-player minimax search.
///
/// - **Paper**: von Neumann (1928); Shannon (1950), "Programming a computer for playing
///   chess"; the minimax of Knuth & Moore (1975), "An analysis of alpha-beta pruning", F0.
/// - **Computes**: the minimax value of `state` searched to `config.limits.depth` plies (to
///   the end of the game when `None`), reading the [`key`] of every leaf (the root player's
///   score in player 0's terms): at a terminal node its outcome, at the depth limit (a node
///   at ply = depth) the evaluator's value, at a node where player 0 moves the largest child
///   key, where player 1 moves the smallest. So the root player maximises its own score and
///   the other minimises it, which is [`crate::search::paranoid::paranoid_plain()`]'s value with two
///   players. Turns need not alternate; the tree need not be zero-sum.
/// - **Bounds**: none needed; every subtree is searched in full.
/// - **Tie-breaking**: the first child in search order wins a tie (only a strictly better
///   value replaces the best). Search order is the game's move order after
///   [`Evaluator::order`].
/// - **Preconditions**: exactly two players (else [`SearchError::TooManyPlayers`]). Scores
///   within [`crate::MAX_SCORE`]; a larger magnitude is read through [`key`].
/// - **Counts**: `nodes` (every node visited, root included), `leaves` (terminal and frontier
///   evaluations), `expansions = nodes - 1`. No cutoffs. On a uniform tree of degree `b` and
///   depth `d` that is `(b^(d+1) - 1) / (b - 1)` nodes and `b^d` leaves.
/// - **Result**: `pv` is the line of first-best children, `best_move` its first move,
///   `value` the vector of the leaf the PV reaches, `score` that vector's component for the
///   player to move at the root.
///
/// Fails with [`SearchError::TooManyPlayers`] for a game of more than two players and with
/// [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn minimax<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    require_two_players(game, "minimax")?;
    let mut s = TwoPlayerSearch::new(game, eval, config, state);
    match s.minimax_node(state, 0) {
        Ok(_) => Ok(s.into_result(state)),
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

/// What every two-player search of this family carries (minimax, both alpha-betas,
/// negamax): each adds its own node method in its own file.
pub(super) struct TwoPlayerSearch<'a, G: Game, E> {
    pub(super) game: &'a G,
    pub(super) eval: &'a E,
    pub(super) meter: Meter,
    pub(super) pv: PvTable<G::Move>,
    pub(super) tracer: Tracer<G::Move>,
    /// One buffer used as a stack of move lists: no allocation per node.
    pub(super) moves: Vec<G::Move>,
    pub(super) depth_limit: u32,
    /// The player to move at the root: whose score the [`key`] reads.
    pub(super) root: Player,
}

impl<'a, G: Game, E: Evaluator<G>> TwoPlayerSearch<'a, G, E> {
    /// A search from `root_state` (the key reads its mover's score).
    pub(super) fn new(game: &'a G, eval: &'a E, config: &Config, root_state: &G::State) -> Self {
        TwoPlayerSearch {
            game,
            eval,
            meter: Meter::new(&config.limits),
            pv: PvTable::new(),
            tracer: Tracer::new(config),
            moves: Vec::with_capacity(256),
            depth_limit: config.limits.depth.unwrap_or(u32::MAX),
            root: game.to_move(root_state),
        }
    }

    /// A child at the depth limit (or terminal there): counted and valued (its [`key`])
    /// exactly as the recursive node method would, without the call (most nodes
    /// are such leaves).
    #[inline(always)]
    pub(super) fn frontier(&mut self, state: &G::State, ply: u32) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        let v = crate::search::static_value(self.game, &self.eval, state);
        Ok(self.visited_leaf(state, &v))
    }

    /// A leaf already counted as visited at its ply, whose value `v` (its outcome, or its
    /// evaluation) is known: counted as a leaf, traced, and valued (its [`key`]).
    #[inline(always)]
    pub(super) fn visited_leaf(&mut self, state: &G::State, v: &Scores) -> Score {
        self.meter.leaf();
        self.tracer.visit();
        self.tracer
            .leaf_with(|| crate::search::static_value(self.game, &self.eval, state));
        key(v, self.root)
    }

    /// Counts and traces a cutoff that leaves `pruned` children unsearched (none: no cutoff).
    #[inline]
    pub(super) fn cutoff(
        &mut self,
        kind: CutoffKind,
        alpha: Score,
        beta: Score,
        r: Score,
        pruned: usize,
    ) {
        if pruned > 0 {
            self.meter.stats.cutoffs.count(kind);
            self.tracer.prune(
                kind,
                &[alpha, beta],
                r,
                u32::try_from(pruned).unwrap_or(u32::MAX),
            );
        }
    }

    /// The result of a finished search from `state`: its PV, stats and trace.
    pub(super) fn into_result(self, state: &G::State) -> SearchResult<G::Move> {
        let pv = self.pv.line(0).to_vec();
        two_player_result(
            self.game,
            self.eval,
            state,
            pv,
            self.meter.finish(),
            self.tracer,
        )
    }
}

impl<G: Game, E: Evaluator<G>> TwoPlayerSearch<'_, G, E> {
    /// The minimax value (the [`key`]) of `state` at `ply`.
    fn minimax_node(&mut self, state: &G::State, ply: u32) -> Result<Score, StopReason> {
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
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            self.tracer.push(mv);
            let v = self.minimax_node(&child, ply + 1)?;
            self.tracer.pop();
            if (maximize && v > best) || (!maximize && v < best) {
                best = v;
                self.pv.update(ply as usize, mv);
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
    fn russell_norvig_figure_5_2() {
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 0, "children": [
                { "player": 1, "children": [ {"value": 3}, {"value": 12}, {"value": 8} ] },
                { "player": 1, "children": [ {"value": 2}, {"value": 4}, {"value": 6} ] },
                { "player": 1, "children": [ {"value": 14}, {"value": 5}, {"value": 2} ] } ] } }"#,
        )
        .unwrap();
        let r = minimax(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.score, 3);
        assert_eq!(r.value, Scores::zero_sum(3));
        assert_eq!(r.pv, vec![0, 0]);
        assert_eq!(r.stats.nodes, 13);
        assert_eq!(r.stats.leaves, 9);
    }

    #[test]
    fn key_is_safe_to_negate() {
        let (p0, p1) = (Player::new(0), Player::new(1));
        assert_eq!(key(&Scores::from_slice(&[Score::MIN, 0]), p0), -KEY_LIMIT);
        assert_eq!(key(&Scores::from_slice(&[Score::MAX, 0]), p0), KEY_LIMIT);
        assert_eq!(key(&Scores::from_slice(&[0, Score::MIN]), p1), KEY_LIMIT);
        assert_eq!(key(&Scores::from_slice(&[0, Score::MAX]), p1), -KEY_LIMIT);
        assert_eq!(key(&Scores::zero_sum(-7), p0), -7);
        assert_eq!(key(&Scores::zero_sum(-7), p1), -7);
    }

    #[test]
    fn the_root_player_maximises_its_own_score_on_a_tree_that_is_not_zero_sum() {
        // Player 1 moves at the root. Read as player 0's score, player 1 would pick the first
        // child (player 0 gets 1 there, 5 in the second); it prefers the second, where it
        // gets 9 instead of 2, as paranoid search does.
        let t = ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 1, "children": [
                { "value": [1, 2] }, { "value": [5, 9] } ] } }"#,
        )
        .unwrap();
        let r = minimax(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        let p = crate::search::paranoid::paranoid_plain(&t, &TreeEval, &0, &Config::unlimited())
            .unwrap();
        assert_eq!(r.pv, vec![1]);
        assert_eq!(r.score, 9);
        assert_eq!(r.value, Scores::from_slice(&[5, 9]));
        assert_eq!((r.score, r.value, r.pv), (p.score, p.value, p.pv));
    }
}
