//! The search: an arena of nodes, UCB1 selection, expansion of all children at once, a
//! playout, the backup, and the solver's proofs.

use std::time::Instant;

use super::{Backup, MctsConfig, MctsReport, MoveStats, Playout, Rewards, Solver};
use crate::eval::Evaluator;
use crate::game::{Game, Scores, MAX_PLAYERS};
use crate::rng::SplitMix64;
use crate::search::{
    duration_ms, leaf_of_pv, Config, SearchError, SearchResult, Stats, StopReason,
};

/// How many iterations run between two readings of the clock (when a deadline is set).
const CLOCK_EVERY: u64 = 16;

/// No stored value (see [`Node::value`]).
const NONE: u32 = u32::MAX;

/// One node of the tree. Its children are `first..first + len` in the arena, in the order
/// of the game's moves after [`Evaluator::order`].
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that leads here (`None` at the root).
    mv: Option<M>,
    first: usize,
    len: u32,
    expanded: bool,
    /// The player to move here (set on expansion).
    mover: u8,
    /// The node's ply below the root.
    ply: u32,
    visits: u64,
    /// The sum of the rewards of each player over the simulations through this node.
    sum: [f64; MAX_PLAYERS],
    /// Index in `Search::values` of the node's exact value: its outcome when terminal, its
    /// proved value when the solver proved it; [`NONE`] otherwise.
    value: u32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, ply: u32) -> Node<M> {
        Node {
            mv,
            first: 0,
            len: 0,
            expanded: false,
            mover: 0,
            ply,
            visits: 0,
            sum: [0.0; MAX_PLAYERS],
            value: NONE,
        }
    }

    #[inline]
    fn mean(&self, p: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum[p] / self.visits as f64
        }
    }
}

/// Monte-Carlo tree search (UCT) for 2 to 6 players, with the backup, playout and solver of
/// `mcts`: the most-visited root move after the budget.
///
/// - **Papers**: L. Kocsis and C. Szepesvári (2006), "Bandit based Monte-Carlo planning"
///   (ECML 2006, LNCS 4212), UCT; N. R. Sturtevant (2008), "An analysis of UCT in
///   multi-player games" (Computers and Games 2008, LNCS 5131), max^n backups; J. A. M.
///   Nijssen and M. H. M. Winands (2011), "Enhancements for multi-player Monte-Carlo tree
///   search" (Computers and Games 2010, LNCS 6515), paranoid backups; M. H. M. Winands, Y.
///   Björnsson and J.-T. Saito (2008), "Monte-Carlo tree search solver" (Computers and Games
///   2008, LNCS 5131). Full references in docs/references.md.
/// - **Computes**: iterations of four steps until a budget is spent. *Selection* from the
///   root: at an expanded node the child maximising UCB1,
///   `q + C * sqrt(ln N / n)` (`N` the node's visits, `n` the child's, `C` =
///   [`MctsConfig::exploration`]); an unvisited child is taken first, and `q` depends on
///   [`Backup`] (the child's mean reward for the player to move at the node for `MaxN`; the
///   root player's mean reward, or one minus it at an opponent's node, for `Paranoid`; for
///   `BestReply`, at the root player's nodes an opponent's child whose children have all
///   been tried is valued by its lowest child mean). *Expansion*: a node reached for the
///   second time (the root at once) gets all its children, and the first is taken.
///   *Playout* from the new node by [`Playout`], until the game ends, the depth limit of
///   `config` or [`MctsConfig::cutoff`] plies (then the evaluator values the position).
///   *Backup*: every node on the path adds the reward vector ([`Rewards`]: scores into
///   `[0, 1]` per player) and one visit. Terminal nodes and proved nodes are leaves of the
///   tree: their exact value is the reward, without playout.
/// - **Solver** ([`Solver::On`]): a terminal node is proved with its outcome. A node is
///   proved when all its children are proved (its value is then the max^n value of the
///   children: the first child maximising the component of the player to move), or, in a
///   two-player constant-sum game whose bounds give each player's highest score, when one
///   child is proved with the highest score for the player to move (a forced win). Values
///   from the evaluator (depth limit, cut-off) never prove anything, so a proved value is
///   the exact max^n value (for two players, the minimax value) of the game below the node.
///   A proved root ends the search, and its best move is then the first child realising the
///   proved value.
/// - **Bounds**: none needed; with [`crate::eval::Bounds::lower`] and `maxsum` rewards are
///   scaled by them, otherwise by rank (see [`Rewards`]).
/// - **Tie-breaking**: the first child in search order (the game's order after
///   [`Evaluator::order`]) wins ties in selection and in the final choice; epsilon-greedy
///   playouts break ties in the game's move order.
/// - **Budget**: [`MctsConfig::iterations`], the node limit of `config` (the tree never
///   holds more nodes: the search stops before an expansion that would pass it; a limit of
///   `N` nodes also ends the search after `64 N` iterations, so a tree that cannot grow to
///   `N` nodes still ends: [`super::ITERATIONS_PER_NODE`]) and its deadline (the clock is
///   read every 16 iterations). Reaching a budget is the normal end of the search, not an
///   error.
/// - **Determinism**: all randomness from [`SplitMix64`] seeded with [`MctsConfig::seed`];
///   single-threaded: the same inputs and iteration or node budget give the same result.
/// - **Counts**: `nodes` = tree nodes created (root included), `expansions = nodes - 1`,
///   `leaves` = positions valued (one per iteration: a terminal outcome, a proved value or
///   an evaluation), `iterations` = iterations run (saturating at `u32::MAX`; exact in
///   [`MctsReport::iterations`]), `depth` = the deepest tree node's ply.
/// - **Result**: `best_move` the most-visited root move (or the proved best); `pv` that move
///   followed by the most-visited path below it; `value` the proved value when the root is
///   proved, else the scores of the position the PV reaches ([`leaf_of_pv`]); `score` its
///   component for the player to move.
///
/// Fails with [`SearchError::Stopped`] when a budget stops the search before any root move
/// was tried, and with [`SearchError::InvalidConfig`] (naming the parameter and its value)
/// when `mcts` fails [`MctsConfig::validate`].
pub fn mcts<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts: &MctsConfig,
) -> Result<SearchResult<G::Move>, SearchError> {
    mcts_report(game, eval, state, config, mcts).map(|r| r.result)
}

/// [`mcts`], returning also the exact iteration count, the playout plies, the root's proved
/// value and every root move's statistics ([`MctsReport`]). Same search, same counts.
pub fn mcts_report<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts: &MctsConfig,
) -> Result<MctsReport<G::Move>, SearchError> {
    if let Err(e) = mcts.validate() {
        return Err(SearchError::InvalidConfig {
            algorithm: "mcts",
            problem: e.to_string(),
        });
    }
    let start = config.limits.start.unwrap_or_else(Instant::now);
    let players = game.players();
    let bounds = eval.bounds(game);
    let rewards = Rewards::new(players, &bounds);
    let win_shortcut = match (players, bounds.constant_sum, rewards.highest()) {
        (2, true, Some(hi)) => Some(hi),
        _ => None,
    };
    let node_limit = super::tree_node_limit(config.limits.nodes);
    let iteration_limit = super::iteration_limit(mcts.iterations, config.limits.nodes);
    let mut s = Search {
        game,
        eval,
        cfg: mcts,
        rewards,
        win_shortcut,
        root_player: game.to_move(state).index(),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        nodes: Vec::new(),
        values: Vec::new(),
        moves: Vec::with_capacity(256),
        path: Vec::with_capacity(64),
        rng: SplitMix64::new(mcts.seed),
        leaves: 0,
        playout_plies: 0,
        max_ply: 0,
    };
    let mut iterations = 0u64;
    let mut stopped = None;
    if node_limit == 0 {
        stopped = Some(StopReason::NodeLimit);
    } else {
        s.nodes.push(Node::new(None, 0));
        let root_leaf = game.outcome(state).is_some() || s.depth_limit == 0;
        while !root_leaf && iterations < iteration_limit && s.nodes[0].value == NONE {
            if config.limits.stop.is_some_and(|stop| stop.is_requested()) {
                stopped = Some(StopReason::Interrupted);
                break;
            }
            if let Some(deadline) = config.limits.deadline {
                if iterations % CLOCK_EVERY == 0 && Instant::now() >= deadline {
                    stopped = Some(StopReason::Deadline);
                    break;
                }
            }
            if !s.iterate(state, node_limit) {
                stopped = Some(StopReason::NodeLimit);
                break;
            }
            iterations += 1;
        }
    }
    let stats = Stats {
        nodes: s.nodes.len() as u64,
        leaves: s.leaves,
        expansions: (s.nodes.len() as u64).saturating_sub(1),
        iterations: iterations.min(u32::MAX as u64) as u32,
        depth: s.max_ply,
        elapsed_ms: duration_ms(start.elapsed()),
        ..Stats::default()
    };
    s.finish(state, stats, iterations, stopped)
}

struct Search<'a, G: Game, E> {
    game: &'a G,
    eval: &'a E,
    cfg: &'a MctsConfig,
    rewards: Rewards,
    /// Each player's highest score, when a proved child with it proves its parent.
    win_shortcut: Option<Scores>,
    root_player: usize,
    depth_limit: u32,
    /// The tree: the root at 0, the children of a node contiguous.
    nodes: Vec<Node<G::Move>>,
    /// Exact values of nodes (outcomes, proofs), indexed by [`Node::value`].
    values: Vec<Scores>,
    /// The one move buffer of expansions and playouts.
    moves: Vec<G::Move>,
    /// The nodes of the current iteration, root first.
    path: Vec<usize>,
    rng: SplitMix64,
    leaves: u64,
    playout_plies: u64,
    max_ply: u32,
}

impl<G: Game, E: Evaluator<G>> Search<'_, G, E> {
    /// One iteration; `false` (and nothing changed in the statistics) when the expansion it
    /// needs would pass the node limit.
    fn iterate(&mut self, root: &G::State, node_limit: u64) -> bool {
        self.path.clear();
        self.path.push(0);
        let mut idx = 0;
        let mut state = root.clone();
        let reward = loop {
            let node = &self.nodes[idx];
            if node.value != NONE {
                self.leaves += 1;
                break self.rewards.all(&self.values[node.value as usize]);
            }
            if !node.expanded {
                if let Some(o) = self.game.outcome(&state) {
                    self.set_value(idx, o);
                    self.leaves += 1;
                    break self.rewards.all(&o);
                }
                let ply = node.ply;
                if (node.visits == 0 && idx != 0) || ply >= self.depth_limit {
                    break self.playout(state, ply);
                }
                // Expansion.
                self.moves.clear();
                self.game.moves(&state, &mut self.moves);
                if self.moves.is_empty() {
                    // Not terminal, yet no move: valued by the evaluator.
                    self.leaves += 1;
                    break self.rewards.all(&self.eval.evaluate(self.game, &state));
                }
                self.eval.order(self.game, &state, &mut self.moves);
                if self.nodes.len() as u64 + self.moves.len() as u64 > node_limit {
                    return false;
                }
                let first = self.nodes.len();
                let len = self.moves.len();
                for i in 0..len {
                    let mv = self.moves[i];
                    self.nodes.push(Node::new(Some(mv), ply + 1));
                }
                self.max_ply = self.max_ply.max(ply + 1);
                let node = &mut self.nodes[idx];
                node.first = first;
                node.len = len as u32;
                node.expanded = true;
                node.mover = self.game.to_move(&state).index() as u8;
                idx = first;
            } else {
                idx = self.select(idx);
            }
            let mv = self.nodes[idx].mv.expect("a child has a move");
            state = self.game.play(&state, mv);
            self.path.push(idx);
        };
        for &i in &self.path {
            let n = &mut self.nodes[i];
            n.visits += 1;
            for (s, r) in n.sum.iter_mut().zip(reward.iter()) {
                *s += r;
            }
        }
        if self.cfg.solver == Solver::On {
            self.prove();
        }
        true
    }

    /// The child of the expanded node `idx` that UCB1 selects.
    fn select(&self, idx: usize) -> usize {
        let node = &self.nodes[idx];
        let p = node.mover as usize;
        let children = node.first..node.first + node.len as usize;
        let log_n = (node.visits as f64).ln();
        let mut best = node.first;
        let mut best_ucb = f64::NEG_INFINITY;
        for c in children {
            let child = &self.nodes[c];
            if child.visits == 0 {
                return c;
            }
            let q = self.q(p, child);
            let ucb = q + self.cfg.exploration * (log_n / child.visits as f64).sqrt();
            if ucb > best_ucb {
                best_ucb = ucb;
                best = c;
            }
        }
        best
    }

    /// The value of `child` (visited) for `p`, the player to move at its parent.
    #[inline]
    fn q(&self, p: usize, child: &Node<G::Move>) -> f64 {
        let r = self.root_player;
        match self.cfg.backup {
            Backup::MaxN => child.mean(p),
            Backup::Paranoid => {
                if p == r {
                    child.mean(r)
                } else {
                    1.0 - child.mean(r)
                }
            }
            Backup::BestReply => {
                if p != r {
                    return 1.0 - child.mean(r);
                }
                if child.expanded && child.mover as usize != r && child.value == NONE {
                    let replies = &self.nodes[child.first..child.first + child.len as usize];
                    if replies.iter().all(|g| g.visits > 0) {
                        return replies
                            .iter()
                            .map(|g| g.mean(r))
                            .fold(f64::INFINITY, f64::min);
                    }
                }
                child.mean(r)
            }
        }
    }

    /// A playout from `state` at `ply`: the rewards of where it ends.
    fn playout(&mut self, mut state: G::State, ply: u32) -> [f64; MAX_PLAYERS] {
        self.leaves += 1;
        let stop = self
            .depth_limit
            .min(ply.saturating_add(self.cfg.cutoff.unwrap_or(u32::MAX)));
        let mut p = ply;
        loop {
            if p >= stop {
                return self.rewards.all(&self.eval.evaluate(self.game, &state));
            }
            self.moves.clear();
            self.game.moves(&state, &mut self.moves);
            if self.moves.is_empty() {
                return self.rewards.all(&self.eval.evaluate(self.game, &state));
            }
            let mv = self.choose(&state);
            state = self.game.play(&state, mv);
            p += 1;
            self.playout_plies += 1;
            if let Some(o) = self.game.outcome(&state) {
                return self.rewards.all(&o);
            }
        }
    }

    /// The playout move among `self.moves` (not empty) at `state`.
    #[inline]
    fn choose(&mut self, state: &G::State) -> G::Move {
        let n = self.moves.len() as u64;
        match self.cfg.playout {
            Playout::Random => self.moves[self.rng.below(n) as usize],
            Playout::EpsilonGreedy { epsilon } => {
                if self.rng.unit_f64() < epsilon {
                    return self.moves[self.rng.below(n) as usize];
                }
                let p = self.game.to_move(state).index();
                let mut best = self.moves[0];
                let mut best_r = f64::NEG_INFINITY;
                for &m in &self.moves {
                    let child = self.game.play(state, m);
                    let v = self
                        .game
                        .outcome(&child)
                        .unwrap_or_else(|| self.eval.evaluate(self.game, &child));
                    let r = self.rewards.of(&v, p);
                    if r > best_r {
                        best_r = r;
                        best = m;
                    }
                }
                best
            }
        }
    }

    fn set_value(&mut self, idx: usize, v: Scores) {
        self.nodes[idx].value = self.values.len() as u32;
        self.values.push(v);
    }

    /// The solver: proves the nodes of the current path that its end now proves.
    fn prove(&mut self) {
        for k in (0..self.path.len().saturating_sub(1)).rev() {
            let (parent, child) = (self.path[k], self.path[k + 1]);
            let cv = self.nodes[child].value;
            if cv == NONE || self.nodes[parent].value != NONE {
                return;
            }
            let p = self.nodes[parent].mover as usize;
            let v = self.values[cv as usize];
            if let Some(hi) = self.win_shortcut {
                if v[p] >= hi[p] {
                    self.set_value(parent, v);
                    continue;
                }
            }
            let node = &self.nodes[parent];
            let mut best: Option<Scores> = None;
            for c in &self.nodes[node.first..node.first + node.len as usize] {
                if c.value == NONE {
                    return;
                }
                let cv = self.values[c.value as usize];
                if best.is_none_or(|b| cv[p] > b[p]) {
                    best = Some(cv);
                }
            }
            match best {
                Some(b) => self.set_value(parent, b),
                None => return,
            }
        }
    }

    /// The most-visited child of `idx` (the first among equals), if any was visited.
    fn most_visited(&self, idx: usize) -> Option<usize> {
        let node = &self.nodes[idx];
        let mut best = None;
        let mut most = 0;
        for c in node.first..node.first + node.len as usize {
            if self.nodes[c].visits > most {
                most = self.nodes[c].visits;
                best = Some(c);
            }
        }
        best
    }

    fn finish(
        self,
        state: &G::State,
        stats: Stats,
        iterations: u64,
        stopped: Option<StopReason>,
    ) -> Result<MctsReport<G::Move>, SearchError> {
        if self.nodes.is_empty() {
            return Err(SearchError::Stopped(StopReason::NodeLimit, Box::new(stats)));
        }
        let root = &self.nodes[0];
        let r = self.root_player;
        let proved = (root.value != NONE).then(|| self.values[root.value as usize]);
        let children = root.first..root.first + root.len as usize;
        let best = match proved {
            Some(v) => children.clone().find(|&c| {
                let n = &self.nodes[c];
                n.value != NONE && self.values[n.value as usize][r] == v[r]
            }),
            None => self.most_visited(0),
        };
        if let (None, Some(reason)) = (best, stopped) {
            return Err(SearchError::Stopped(reason, Box::new(stats)));
        }
        let mut pv = Vec::new();
        let mut at = best;
        while let Some(c) = at {
            pv.push(self.nodes[c].mv.expect("a child has a move"));
            at = self.most_visited(c);
        }
        let value = proved.unwrap_or_else(|| leaf_of_pv(self.game, self.eval, state, &pv));
        let root_stats = children
            .map(|c| {
                let n = &self.nodes[c];
                MoveStats {
                    mv: n.mv.expect("a child has a move"),
                    visits: n.visits,
                    mean: n.mean(r),
                    proved: (n.value != NONE).then(|| self.values[n.value as usize]),
                }
            })
            .collect();
        Ok(MctsReport {
            result: SearchResult {
                value,
                score: value[r],
                best_move: best.and_then(|c| self.nodes[c].mv),
                pv,
                stats,
                trace: Vec::new(),
                trace_dropped: 0,
                events: Vec::new(),
                events_dropped: 0,
            },
            iterations,
            playout_plies: self.playout_plies,
            proved,
            root: root_stats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Node;
    use crate::search::mcts::MAX_TREE_NODES;

    #[test]
    fn a_full_tree_stays_under_one_gib() {
        // The largest moves of the registered games are a few bytes; 16 is generous.
        let node = std::mem::size_of::<Node<[u8; 16]>>() as u64;
        assert!(node <= 160, "a node takes {node} bytes");
        assert!(MAX_TREE_NODES * node < 1 << 30);
    }
}
