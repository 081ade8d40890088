//! The search: an arena of nodes, UCB1 selection, expansion of all children at once, a
//! playout, the backup, and the solver's proofs.

use std::time::Instant;

use super::history::{bonus, History, NO_SLOT};
use super::shape::{HandOver, Shape, TurnOrder};
use super::solver::{Chooser, Rule};
use super::{Backup, MctsConfig, MctsReport, MoveStats, Playout, Rewards, Solver};
use crate::eval::Evaluator;
use crate::game::{Game, Player, Scores, SetToMove, MAX_PLAYERS};
use crate::rng::SplitMix64;
use crate::search::{
    duration_ms, leaf_of_pv, Config, SearchError, SearchResult, Stats, StopReason,
};

/// How many iterations run between two readings of the clock (when a deadline is set).
const CLOCK_EVERY: u64 = 16;

/// The visit counts below which [`ln_visits`] reads a table.
const LN_TABLE: usize = 4096;

/// `ln n` as `(n as f64).ln()` computes it, read from a table built once per process for
/// `n < LN_TABLE` (the same values, so selection is bit-identical): one logarithm per
/// selection step was about 8% of a connect-four search.
#[inline]
fn ln_visits(n: u64) -> f64 {
    static TABLE: std::sync::OnceLock<Box<[f64]>> = std::sync::OnceLock::new();
    match TABLE
        .get_or_init(|| (0..LN_TABLE).map(|k| (k as f64).ln()).collect())
        .get(n as usize)
    {
        Some(&ln) if n < LN_TABLE as u64 => ln,
        _ => count_f64(n).ln(),
    }
}

/// A visit count as `n as f64` gives it, converted from `i64` (one instruction; from `u64`
/// the compiler emits a longer sequence on x86-64 without AVX-512). The same value for
/// every count below 2^63, which no search reaches.
#[inline(always)]
fn count_f64(n: u64) -> f64 {
    debug_assert!(n < 1 << 63);
    n as i64 as f64
}

/// The reward sums a node keeps in a game of two players (`W` of [`Node`]): a connect-four
/// node is then 64 bytes, one cache line, instead of 96.
const TWO_PLAYERS: usize = 2;

/// No stored value (see [`Node::value`]).
const NONE: u32 = u32::MAX;

/// [`Node::mover`] of the merged opponents' layer of the best-reply tree.
const COALITION: u8 = u8::MAX;

/// One node of the tree. Its children are `first..first + len` in the arena, in the order
/// of the game's moves after [`Evaluator::order`].
#[derive(Clone, Debug)]
struct Node<M, const W: usize> {
    /// The move that leads here (`None` at the root).
    mv: Option<M>,
    first: usize,
    len: u32,
    expanded: bool,
    /// The player to move here (set on expansion; [`COALITION`] at the opponents' layer of
    /// the best-reply tree).
    mover: u8,
    /// The player who played [`Node::mv`].
    by: u8,
    /// The node's ply below the root.
    ply: u32,
    /// The history slot of [`Node::mv`] ([`NO_SLOT`] without Progressive History).
    slot: u32,
    visits: u64,
    /// The sum of the rewards of each player over the simulations through this node: `W`
    /// players' ([`TWO_PLAYERS`] for a game of two, [`MAX_PLAYERS`] otherwise).
    sum: [f64; W],
    /// The mean reward of the player whose mean selection compares at this node's parent
    /// (the *judged* player: with the max^n backup [`Node::by`], who is the mover of the
    /// node it was listed at, as max^n never builds the best-reply tree; with the others
    /// the root player): [`Node::mean`] of that player, computed by the backup after each
    /// update (0 before the first visit), so a selection step divides once per node on
    /// the path instead of once per child of every node on it (the same quotient).
    judged_mean: f64,
    /// Index in `Search::values` of the node's exact value: its outcome when terminal, its
    /// proved value when the solver proved it; [`NONE`] otherwise.
    value: u32,
}

impl<M, const W: usize> Node<M, W> {
    fn new(mv: Option<M>, by: u8, ply: u32, slot: u32) -> Node<M, W> {
        Node {
            mv,
            first: 0,
            len: 0,
            expanded: false,
            mover: 0,
            by,
            ply,
            slot,
            visits: 0,
            sum: [0.0; W],
            judged_mean: 0.0,
            value: NONE,
        }
    }

    #[inline]
    fn mean(&self, p: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum[p] / count_f64(self.visits)
        }
    }
}

/// Monte-Carlo tree search (UCT) for 2 to 6 players, with the backup, reward, playout,
/// Progressive History and solver of `mcts`: the most-visited root move after the budget.
///
/// - **Papers**: L. Kocsis and C. Szepesvári (2006), "Bandit based Monte-Carlo planning"
///   (ECML 2006, LNCS 4212), UCT; N. R. Sturtevant (2008), "An analysis of UCT in
///   multi-player games" (Computers and Games 2008, LNCS 5131), max^n backups; J. A. M.
///   Nijssen and M. H. M. Winands (2011), "Enhancements for multi-player Monte-Carlo tree
///   search" (Computers and Games 2010, LNCS 6515), paranoid backups; M. H. M. Winands, Y.
///   Björnsson and J.-T. Saito (2008), "Monte-Carlo tree search solver" (Computers and Games
///   2008, LNCS 5131); J. A. M. Nijssen and M. H. M. Winands (2013), "Search policies in
///   multi-player games" (ICGA Journal 36(1)), MCTS-BRS and the multi-player solver. Full
///   references in docs/references.md.
/// - **Computes**: iterations of four steps until a budget is spent. *Selection* from the
///   root: at an expanded node the child maximising UCB1,
///   `q + C * sqrt(ln N / n)` (`N` the node's visits, `n` the child's, `C` =
///   [`MctsConfig::exploration_for`]: the game's tuned constant unless the configuration
///   gives one); an unvisited child is taken first, and `q` depends on
///   [`Backup`] (the child's mean reward for the player to move at the node for `MaxN`; the
///   root player's mean reward, or one minus it at an opponent's node, for `Paranoid` and
///   `Brs`; for `MinReply`, at the root player's nodes an opponent's child whose children
///   have all been tried is valued by its lowest child mean). With
///   [`MctsConfig::progressive_history`] `W`, the score adds `h W / ((1 - q) n + 1)`, `h`
///   the mean of `q`'s kind of reward over the simulations that played the child's move
///   (same player, same [`Game::move_key`]), in the tree or in a playout. *Expansion*: a
///   node reached for the second time (the root at once) gets all its children, and the
///   first is taken; [`Backup::Brs`] is refused here (it needs
///   [`mcts_with_set_to_move`]).
///   *Playout* from the new node by [`Playout`], until the game ends, the depth limit of
///   `config` or [`MctsConfig::cutoff`] plies (then the evaluator values the position).
///   *Backup*: every node on the path adds the reward vector ([`Rewards`] of
///   [`MctsConfig::reward`]: scores into `[0, 1]` per player) and one visit. Terminal nodes
///   and proved nodes are leaves of the tree: their exact value is the reward, without
///   playout.
/// - **Solver** ([`Solver::On`]): a terminal node is proved with its outcome; a node is
///   proved from its children's proved values by [`MctsConfig::solver_rule`]
///   ([`super::SolverRule`]: standard, the max^n value; paranoid, the paranoid value as the
///   root player's component; first-winner). A child with the highest score the bounds
///   allow the chooser (a win) proves its parent at once. Values from the evaluator (depth
///   limit, cut-off) never prove anything, so a proved value is exact for the game below
///   the node. A proved root ends the search, and its best move is then the child whose
///   value proved it. Selection skips proved children (an open node always has an open
///   child), so the search spends its visits where the proof is still open (the remedy
///   of Winands, Björnsson & Saito 2008 for proved children, generalised).
/// - **Bounds**: none needed; with [`crate::eval::Bounds::lower`] and `maxsum` rewards are
///   scaled by them, otherwise by rank (see [`Rewards`]).
/// - **Tie-breaking**: the first child in search order (the game's order after
///   [`Evaluator::order`]) wins ties in selection; in the final choice and the PV, the
///   higher mean for the player to move breaks ties in visits, then the first child;
///   epsilon-greedy playouts break ties in the game's move order.
/// - **Budget**: [`MctsConfig::iterations`], the node limit of `config` (the tree never
///   holds more nodes, except that the root is always expanded: the search stops before
///   any other expansion that would pass it, so a limit below the root's branching factor
///   gives every root move one playout, not the first move unsearched; a limit of
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
/// - **Result**: `best_move` the most-visited root move (or the proved best; with the
///   solver, a proved root child whose exact reward beats the most-visited open child's
///   mean, since proved children stop gaining visits: the final move by value); `pv` that move
///   followed by the most-visited path below it; `value` the proved value when the root is
///   proved, else the scores of the position the PV reaches ([`leaf_of_pv`]); `score` its
///   component for the player to move.
///
/// Fails with [`SearchError::Stopped`] when a budget stops the search before any root move
/// was tried, with [`SearchError::InvalidConfig`] (naming the parameter and its value)
/// when `mcts` fails [`MctsConfig::validate`] or asks for Progressive History on a game
/// without [`Game::move_key`], and with [`SearchError::NeedsSetToMove`] for
/// [`Backup::Brs`].
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
    if mcts.backup == Backup::Brs {
        return Err(SearchError::NeedsSetToMove {
            algorithm: "mcts with the brs backup",
        });
    }
    run::<G, E, TurnOrder>(game, eval, state, config, mcts)
}

/// [`mcts`] on a game that can hand the turn to any player, where every [`Backup`] runs,
/// MCTS-BRS ([`Backup::Brs`]) included: its tree has the best-reply shape (the root
/// player's moves, then one layer of all the opponents' moves, each opponent handed the
/// turn by [`SetToMove::set_to_move`], then the root player's again), valued as by
/// [`Backup::Paranoid`]; playouts follow the game's turn order. A root-player node where
/// the root player is out, and an opponents' layer where no opponent can move, are valued
/// by the evaluator. With the solver, proofs on that tree are its minimax values (the
/// root player's component). The other backups search exactly as [`mcts`].
pub fn mcts_with_set_to_move<G: SetToMove, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts: &MctsConfig,
) -> Result<SearchResult<G::Move>, SearchError> {
    mcts_with_set_to_move_report(game, eval, state, config, mcts).map(|r| r.result)
}

/// [`mcts_with_set_to_move`] with the [`MctsReport`], as [`mcts_report`].
pub fn mcts_with_set_to_move_report<G: SetToMove, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts: &MctsConfig,
) -> Result<MctsReport<G::Move>, SearchError> {
    run::<G, E, HandOver>(game, eval, state, config, mcts)
}

fn invalid(problem: String) -> SearchError {
    SearchError::InvalidConfig {
        algorithm: "mcts",
        problem,
    }
}

/// The search on the tree of shape `S`: its nodes keep two players' reward sums in a game
/// of two, [`MAX_PLAYERS`]' otherwise (the same sums, so the same search).
fn run<G: Game, E: Evaluator<G>, S: Shape<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts: &MctsConfig,
) -> Result<MctsReport<G::Move>, SearchError> {
    if game.players() <= TWO_PLAYERS {
        run_in::<G, E, S, TWO_PLAYERS>(game, eval, state, config, mcts)
    } else {
        run_in::<G, E, S, MAX_PLAYERS>(game, eval, state, config, mcts)
    }
}

/// [`run`] with nodes of `W` reward sums (`W` at least the game's players).
fn run_in<G: Game, E: Evaluator<G>, S: Shape<G>, const W: usize>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts: &MctsConfig,
) -> Result<MctsReport<G::Move>, SearchError> {
    debug_assert!(
        game.players() <= W,
        "a node keeps fewer sums than the game has players"
    );
    if let Err(e) = mcts.validate() {
        return Err(invalid(e.to_string()));
    }
    let start = config.limits.start.unwrap_or_else(Instant::now);
    let players = game.players();
    let bounds = eval.bounds(game);
    let rewards = Rewards::of_kind(players, &bounds, mcts.reward);
    let history = mcts.progressive_history.is_some();
    let mut moves = Vec::with_capacity(256);
    if history {
        game.moves(state, &mut moves);
        if moves.first().is_some_and(|&m| game.move_key(m).is_none()) {
            return Err(invalid(
                "progressive history needs move keys (Game::move_key), and this game has none"
                    .into(),
            ));
        }
        moves.clear();
    }
    let rule = Rule {
        rule: mcts.solver_rule,
        root: game.to_move(state).index(),
        players,
        highest: rewards.highest(),
        lowest: bounds.lower,
    };
    let node_limit = super::tree_node_limit(config.limits.nodes);
    let iteration_limit = super::iteration_limit(mcts.iterations, config.limits.nodes);
    let mut s = Search::<G, E, S, W> {
        game,
        eval,
        cfg: mcts,
        rewards,
        rule,
        brs: S::CAN_HAND && mcts.backup == Backup::Brs,
        exploration: mcts.exploration_for(game),
        root_player: game.to_move(state).index(),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        nodes: Vec::new(),
        values: Vec::new(),
        proof: Vec::new(),
        moves,
        bys: Vec::with_capacity(256),
        path: Vec::with_capacity(64),
        played: Vec::new(),
        history: History::new(players, history),
        rng: SplitMix64::new(mcts.seed),
        leaves: 0,
        playout_plies: 0,
        max_ply: 0,
        shape: std::marker::PhantomData,
    };
    s.game.moves(state, &mut s.moves);
    let root_moves = s.moves.len() as u64;
    s.moves.clear();
    reserve_arena(
        &mut s.nodes,
        arena_nodes(iteration_limit, root_moves, node_limit),
    );
    let mut iterations = 0u64;
    let mut stopped = None;
    let deadlines = crate::search::clock::Deadlines::new(&config.limits);
    if node_limit == 0 {
        stopped = Some(StopReason::NodeLimit);
    } else {
        s.nodes.push(Node::new(None, 0, 0, NO_SLOT));
        let root_leaf = game.outcome(state).is_some() || s.depth_limit == 0;
        while !root_leaf && iterations < iteration_limit && s.nodes[0].value == NONE {
            if config.limits.stop.is_some_and(|stop| stop.is_requested()) {
                stopped = Some(StopReason::Interrupted);
                break;
            }
            if deadlines.is_set() && iterations % CLOCK_EVERY == 0 && deadlines.passed() {
                stopped = Some(StopReason::Deadline);
                break;
            }
            if !s.iterate(state, node_limit)? {
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

/// The nodes the arena of a search is reserved for, per root move and iteration: an
/// iteration expands at most one node, so a tree whose nodes have as many moves as the
/// root has at most this many nodes per iteration (connect four: about 2.1 of the 7).
const RESERVED_PER_MOVE: u64 = 1;

/// The nodes the arena is reserved for: room for `iterations` iterations that each add as
/// many nodes as the root has moves ([`RESERVED_PER_MOVE`]), the root included, and at most
/// for the node limit plus the root's children (which the limit does not bound).
fn arena_nodes(iterations: u64, root_moves: u64, node_limit: u64) -> u64 {
    let root_moves = root_moves.max(1);
    iterations
        .saturating_mul(root_moves.saturating_mul(RESERVED_PER_MOVE))
        .saturating_add(1)
        .min(node_limit.saturating_add(root_moves))
}

/// Reserves `arena` (empty) for `nodes` nodes, once, before the first iteration, and asks
/// for huge pages for it ([`crate::hash::memory::advise_huge_pages`]). A tree of a hundred
/// thousand nodes or more is far larger than the processor's caches, and selection reads a
/// node's children at scattered places in it: with 4 KiB pages most of those reads also
/// missed the TLB, and the arena's growth by doubling copied it and faulted in every page
/// again. Nothing is written: untouched capacity costs address space only, and a
/// reservation refused (too large for this system) is skipped, the arena then growing as
/// it needs (each expansion still reserves its children fallibly). Changes no result.
fn reserve_arena<T>(arena: &mut Vec<T>, nodes: u64) {
    let Ok(nodes) = usize::try_from(nodes) else {
        return;
    };
    if arena.try_reserve_exact(nodes).is_ok() {
        crate::hash::memory::advise_huge_pages(arena.spare_capacity_mut());
    }
}

struct Search<'a, G: Game, E, S, const W: usize> {
    game: &'a G,
    eval: &'a E,
    cfg: &'a MctsConfig,
    rewards: Rewards,
    /// The solver's update rule and the bounds it uses.
    rule: Rule,
    /// Whether the tree has the best-reply shape ([`Backup::Brs`]).
    brs: bool,
    /// The exploration constant used ([`MctsConfig::exploration_for`]).
    exploration: f64,
    root_player: usize,
    depth_limit: u32,
    /// The tree: the root at 0, the children of a node contiguous.
    nodes: Vec<Node<G::Move, W>>,
    /// Exact values of nodes (outcomes, proofs), indexed by [`Node::value`].
    values: Vec<Scores>,
    /// Beside each value, the child whose value proved it ([`NONE`] for an outcome).
    proof: Vec<u32>,
    /// The one move buffer of expansions and playouts.
    moves: Vec<G::Move>,
    /// Beside `moves` during an expansion: the player of each move.
    bys: Vec<u8>,
    /// The nodes of the current iteration, root first.
    path: Vec<usize>,
    /// The history slots of the moves of the current iteration (tree and playout), with
    /// Progressive History.
    played: Vec<(u32, u8)>,
    history: History,
    rng: SplitMix64,
    leaves: u64,
    playout_plies: u64,
    max_ply: u32,
    shape: std::marker::PhantomData<S>,
}

impl<G: Game, E: Evaluator<G>, S: Shape<G>, const W: usize> Search<'_, G, E, S, W> {
    /// One iteration; `false` (and nothing changed in the statistics) when the expansion it
    /// needs would pass the node limit, [`SearchError::OutOfMemory`] when the tree cannot
    /// grow by the children of the node it expands (the root's, which the node limit does
    /// not bound, can be as many as the game's moves).
    fn iterate(&mut self, root: &G::State, node_limit: u64) -> Result<bool, SearchError> {
        self.path.clear();
        self.path.push(0);
        self.played.clear();
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
                    self.set_value(idx, o, NONE);
                    self.leaves += 1;
                    break self.rewards.all(&o);
                }
                let ply = node.ply;
                if (node.visits == 0 && idx != 0) || ply >= self.depth_limit {
                    break self.playout(state, ply);
                }
                // Expansion.
                let Some(mover) = self.list_moves(&state, ply) else {
                    // Not terminal, yet no move (or nobody to move in the best-reply
                    // tree): valued by the evaluator.
                    self.leaves += 1;
                    break self.rewards.all(&self.eval.evaluate(self.game, &state));
                };
                // The root is expanded whatever the limit: a budget below the root's
                // branching factor still compares every root move (one playout each).
                if idx != 0 && self.nodes.len() as u64 + self.moves.len() as u64 > node_limit {
                    return Ok(false);
                }
                // Reserved fallibly (a comparison when there is room).
                if self.nodes.try_reserve(self.moves.len()).is_err() {
                    return Err(SearchError::OutOfMemory {
                        what: "the tree of mcts",
                        bytes: (self.nodes.len() + self.moves.len()) as u128
                            * std::mem::size_of::<Node<G::Move, W>>() as u128,
                    });
                }
                let first = self.nodes.len();
                let len = self.moves.len();
                let keyed = self.cfg.progressive_history.is_some();
                for i in 0..len {
                    let (mv, by) = (self.moves[i], self.bys[i]);
                    let slot = match self.game.move_key(mv) {
                        Some(k) if keyed => History::slot(by as usize, k),
                        _ => NO_SLOT,
                    };
                    self.nodes.push(Node::new(Some(mv), by, ply + 1, slot));
                }
                self.max_ply = self.max_ply.max(ply + 1);
                let node = &mut self.nodes[idx];
                node.first = first;
                node.len = len as u32;
                node.expanded = true;
                node.mover = mover;
                idx = first;
            } else {
                idx = self.select(idx);
            }
            let child = &self.nodes[idx];
            let (mv, by, slot) = (child.mv.expect("a child has a move"), child.by, child.slot);
            if self.brs {
                state = S::hand(self.game, &state, Player::new(by as usize))
                    .expect("a listed move's player can be handed the turn");
            }
            self.game.play_in_place(&mut state, mv);
            self.path.push(idx);
            if slot != NO_SLOT {
                self.played.push((slot, by));
            }
        };
        let (maxn, r) = (self.cfg.backup == Backup::MaxN, self.root_player);
        for &i in &self.path {
            let n = &mut self.nodes[i];
            n.visits += 1;
            for (s, r) in n.sum.iter_mut().zip(reward.iter()) {
                *s += r;
            }
            n.judged_mean = n.mean(if maxn { n.by as usize } else { r });
        }
        for k in 0..self.played.len() {
            let (slot, by) = self.played[k];
            let h = self.perspective(&reward, by);
            self.history.add(slot, h);
        }
        if self.cfg.solver == Solver::On {
            self.prove();
        }
        Ok(true)
    }

    /// Lists the children of the node at `state` (ply `ply`) in `moves`, with their
    /// players in `bys`, and returns the node's mover; `None` when there is no move. In the
    /// game's order: the player to move's moves. In the best-reply tree: at even plies the
    /// root player's (handed the turn), at odd plies every opponent's in turn order after
    /// the root player, each handed the turn in `state`.
    fn list_moves(&mut self, state: &G::State, ply: u32) -> Option<u8> {
        self.moves.clear();
        self.bys.clear();
        let r = self.root_player;
        let mover = if !self.brs {
            let p = self.game.to_move(state);
            self.game.moves(state, &mut self.moves);
            self.eval.order(self.game, state, &mut self.moves);
            p.index() as u8
        } else if ply % 2 == 0 {
            let s = S::hand(self.game, state, Player::new(r))?;
            self.game.moves(&s, &mut self.moves);
            self.eval.order(self.game, &s, &mut self.moves);
            r as u8
        } else {
            let n = self.game.players();
            for k in 1..n {
                let o = (r + k) % n;
                let Some(s) = S::hand(self.game, state, Player::new(o)) else {
                    continue;
                };
                let start = self.moves.len();
                self.game.moves(&s, &mut self.moves);
                self.eval.order(self.game, &s, &mut self.moves[start..]);
                self.bys.resize(self.moves.len(), o as u8);
            }
            COALITION
        };
        if mover != COALITION {
            self.bys.resize(self.moves.len(), mover);
        }
        (!self.moves.is_empty()).then_some(mover)
    }

    /// The reward of a simulation as the player `by` values it under the backup: its own
    /// (max^n), or the root player's, turned over for an opponent.
    #[inline]
    fn perspective(&self, reward: &[f64; MAX_PLAYERS], by: u8) -> f64 {
        let r = self.root_player;
        match self.cfg.backup {
            Backup::MaxN => reward[by as usize],
            _ if by as usize == r => reward[r],
            _ => 1.0 - reward[r],
        }
    }

    /// The child of the expanded node `idx` that UCB1 (and Progressive History) selects.
    ///
    /// The loop is instantiated per backup (`q` a closure the compiler inlines), so the
    /// common max^n case reads one mean per child ([`Node::judged_mean`], computed by the
    /// backup) without matching on the backup or dividing; `ln N` of
    /// small visit counts comes from a table of the same `f64::ln` values ([`ln_visits`]).
    /// Same arithmetic, same order: bit-identical to the plain formula (pinned by the games
    /// crate's `mcts_reports_are_pinned_bit_for_bit`).
    #[inline]
    fn select(&self, idx: usize) -> usize {
        let p = self.nodes[idx].mover;
        let r = self.root_player;
        // A child's `judged_mean` is its mean for `p` with max^n (`p` played every child),
        // for the root player with the others.
        match self.cfg.backup {
            Backup::MaxN => self.select_by(idx, |child| child.judged_mean),
            Backup::Paranoid | Backup::Brs if p as usize == r => {
                self.select_by(idx, |child| child.judged_mean)
            }
            Backup::Paranoid | Backup::Brs => self.select_by(idx, |child| 1.0 - child.judged_mean),
            Backup::MinReply => self.select_by(idx, |child| self.q(p, child)),
        }
    }

    /// [`Search::select`] with `q` the value of a visited child for the player to move at
    /// node `idx` (as [`Search::q`] gives it).
    #[inline(always)]
    fn select_by(&self, idx: usize, q: impl Fn(&Node<G::Move, W>) -> f64) -> usize {
        let node = &self.nodes[idx];
        let first = node.first;
        let children = &self.nodes[first..first + node.len as usize];
        let log_n = ln_visits(node.visits);
        let history = self.cfg.progressive_history;
        // With the solver, a proved child is not selected: its value is exact, another
        // visit teaches nothing, and the node's proof needs its open children. An open
        // node always has an open child (every rule proves a node whose children are all
        // proved).
        let skip_proved = self.cfg.solver == Solver::On;
        let mut best = first;
        let mut best_ucb = f64::NEG_INFINITY;
        for (c, child) in (first..).zip(children) {
            if skip_proved && child.value != NONE {
                continue;
            }
            if child.visits == 0 {
                return c;
            }
            let q = q(child);
            let mut ucb = q + self.exploration * (log_n / count_f64(child.visits)).sqrt();
            if let (Some(w), true) = (history, child.slot != NO_SLOT) {
                ucb += bonus(self.history.mean(child.slot), w, q, child.visits);
            }
            if ucb > best_ucb {
                best_ucb = ucb;
                best = c;
            }
        }
        best
    }

    /// The value of `child` (visited) for `p`, the player to move at its parent
    /// ([`COALITION`] at the opponents' layer of the best-reply tree).
    #[inline]
    fn q(&self, p: u8, child: &Node<G::Move, W>) -> f64 {
        let r = self.root_player;
        let p = p as usize;
        match self.cfg.backup {
            Backup::MaxN => child.mean(p),
            Backup::Paranoid | Backup::Brs => {
                if p == r {
                    child.mean(r)
                } else {
                    1.0 - child.mean(r)
                }
            }
            Backup::MinReply => {
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
        let keyed = self.cfg.progressive_history.is_some();
        let mut p = ply;
        loop {
            if p >= stop {
                return self.rewards.all(&self.eval.evaluate(self.game, &state));
            }
            let Some(mv) = self.choose(&state) else {
                return self.rewards.all(&self.eval.evaluate(self.game, &state));
            };
            if keyed {
                if let Some(k) = self.game.move_key(mv) {
                    let by = self.game.to_move(&state).index();
                    self.played.push((History::slot(by, k), by as u8));
                }
            }
            self.game.play_in_place(&mut state, mv);
            p += 1;
            self.playout_plies += 1;
            if let Some(o) = self.game.outcome(&state) {
                return self.rewards.all(&o);
            }
        }
    }

    /// The playout move at `state`, `None` if it has no moves. A random playout asks the
    /// game for the move ([`Game::random_move`]: the one the list of moves holds at the
    /// drawn index, which a game may find without listing them all); an epsilon-greedy one
    /// lists the moves into `self.moves`.
    #[inline]
    fn choose(&mut self, state: &G::State) -> Option<G::Move> {
        let epsilon = match self.cfg.playout {
            Playout::Random => {
                return self.game.random_move(state, &mut self.moves, &mut self.rng);
            }
            Playout::EpsilonGreedy { epsilon } => epsilon,
        };
        self.moves.clear();
        self.game.moves(state, &mut self.moves);
        if self.moves.is_empty() {
            return None;
        }
        let n = self.moves.len() as u64;
        if self.rng.unit_f64() < epsilon {
            return Some(self.moves[self.rng.below(n) as usize]);
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
        Some(best)
    }

    /// Stores the exact value `v` of node `idx`, proved by its child `by` ([`NONE`]: an
    /// outcome).
    fn set_value(&mut self, idx: usize, v: Scores, by: u32) {
        self.nodes[idx].value = self.values.len() as u32;
        self.values.push(v);
        self.proof.push(by);
    }

    /// The solver: proves the nodes of the current path that its end now proves.
    fn prove(&mut self) {
        for k in (0..self.path.len().saturating_sub(1)).rev() {
            let (parent, child) = (self.path[k], self.path[k + 1]);
            if self.nodes[child].value == NONE || self.nodes[parent].value != NONE {
                return;
            }
            let node = &self.nodes[parent];
            let chooser = match node.mover {
                COALITION => Chooser::Coalition,
                p => Chooser::Player(p as usize),
            };
            let children = &self.nodes[node.first..node.first + node.len as usize];
            let values = &self.values;
            let proved = children
                .iter()
                .map(|c| (c.value != NONE).then(|| &values[c.value as usize]));
            let Some(i) = self.rule.decide(chooser, proved) else {
                return;
            };
            let c = node.first + i;
            let v = self.values[self.nodes[c].value as usize];
            self.set_value(parent, v, c as u32);
        }
    }

    /// The most-visited child of `idx`, if any was visited; among equals the one with the
    /// higher mean for the player to move at `idx` ([`Search::q`]), then the first.
    fn most_visited(&self, idx: usize) -> Option<usize> {
        self.most_visited_where(idx, |_| true)
    }

    /// [`Search::most_visited`] among the children of `idx` that `keep` accepts.
    fn most_visited_where(
        &self,
        idx: usize,
        keep: impl Fn(&Node<G::Move, W>) -> bool,
    ) -> Option<usize> {
        let node = &self.nodes[idx];
        let mut best: Option<(usize, u64, f64)> = None;
        for c in node.first..node.first + node.len as usize {
            let child = &self.nodes[c];
            if child.visits == 0 || !keep(child) {
                continue;
            }
            let q = self.q(node.mover, child);
            if best.is_none_or(|(_, v, bq)| child.visits > v || (child.visits == v && q > bq)) {
                best = Some((c, child.visits, q));
            }
        }
        best.map(|(c, _, _)| c)
    }

    /// The root move played when the root is not proved: the most-visited child
    /// ([`Search::most_visited`]). With the solver, proved children are not selected, so
    /// their visits stop growing when they are proved; a proved child whose exact reward
    /// for the root player beats the mean of the most-visited open child is played
    /// instead (the best proved child, the first among equals): the final move by value.
    fn root_choice(&self) -> Option<usize> {
        if self.cfg.solver != Solver::On {
            return self.most_visited(0);
        }
        let root = &self.nodes[0];
        let p = root.mover;
        let open = self.most_visited_where(0, |n| n.value == NONE);
        let exact = |c: usize| {
            let reward = self.rewards.all(&self.values[self.nodes[c].value as usize]);
            self.perspective(&reward, p)
        };
        let mut proved: Option<(usize, f64)> = None;
        for c in root.first..root.first + root.len as usize {
            if self.nodes[c].value != NONE {
                let v = exact(c);
                if proved.is_none_or(|(_, b)| v > b) {
                    proved = Some((c, v));
                }
            }
        }
        match (open, proved) {
            (Some(o), Some((c, v))) if v > self.q(p, &self.nodes[o]) => Some(c),
            (Some(o), _) => Some(o),
            (None, Some((c, _))) => Some(c),
            (None, None) => self.most_visited(0),
        }
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
            Some(_) => match self.proof[root.value as usize] {
                NONE => None,
                c => Some(c as usize),
            },
            None => self.root_choice(),
        };
        if let (None, Some(reason)) = (best, stopped) {
            return Err(SearchError::Stopped(reason, Box::new(stats)));
        }
        let mut pv = Vec::new();
        let mut line = Vec::new();
        let mut at = best;
        while let Some(c) = at {
            pv.push(self.nodes[c].mv.expect("a child has a move"));
            line.push(c);
            at = self.most_visited(c);
        }
        let value = proved.unwrap_or_else(|| {
            if self.brs {
                // The best-reply tree's line: each move played by its player, handed the
                // turn.
                let mut s = state.clone();
                for &c in &line {
                    let n = &self.nodes[c];
                    s = S::hand(self.game, &s, Player::new(n.by as usize))
                        .expect("a listed move's player can be handed the turn");
                    s = self.game.play(&s, n.mv.expect("a child has a move"));
                }
                self.game
                    .outcome(&s)
                    .unwrap_or_else(|| self.eval.evaluate(self.game, &s))
            } else {
                leaf_of_pv(self.game, self.eval, state, &pv)
            }
        });
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
                pv_players: Vec::new(),
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
    use super::{arena_nodes, reserve_arena, Node, TWO_PLAYERS};
    use crate::game::MAX_PLAYERS;
    use crate::search::mcts::MAX_TREE_NODES;

    #[test]
    fn a_full_tree_stays_under_one_gib() {
        // The largest moves of the registered games are a few bytes; 16 is generous.
        let node = std::mem::size_of::<Node<[u8; 16], MAX_PLAYERS>>() as u64;
        assert!(node <= 160, "a node takes {node} bytes");
        assert!(MAX_TREE_NODES * node < 1 << 30);
    }

    /// A two-player game's node with a one-byte move (connect four's) fills one cache line:
    /// selection reads a node's children together, so a wider node is more lines to wait for.
    #[test]
    fn a_two_player_node_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Node<u8, TWO_PLAYERS>>(), 64);
        assert!(std::mem::size_of::<Node<u8, MAX_PLAYERS>>() > 64);
    }

    /// The arena is reserved for the budget: as many nodes per iteration as the root has
    /// moves, at most the node limit plus the root's children, without overflow.
    #[test]
    fn the_arena_is_reserved_for_the_budget() {
        assert_eq!(arena_nodes(100_000, 7, MAX_TREE_NODES), 700_001);
        assert_eq!(arena_nodes(100_000, 0, MAX_TREE_NODES), 100_001);
        assert_eq!(arena_nodes(u64::MAX, 7, MAX_TREE_NODES), MAX_TREE_NODES + 7);
        assert_eq!(arena_nodes(10, 300, 5), 305);
        assert_eq!(arena_nodes(u64::MAX, u64::MAX, u64::MAX), u64::MAX);
        let mut arena: Vec<Node<u8, TWO_PLAYERS>> = Vec::new();
        reserve_arena(&mut arena, 100_000);
        assert!(arena.capacity() >= 100_000 && arena.is_empty());
        // Too large for any system: skipped, the arena as it was.
        let mut arena: Vec<Node<u8, TWO_PLAYERS>> = Vec::new();
        reserve_arena(&mut arena, u64::MAX / 2);
        assert_eq!(arena.capacity(), 0);
    }

    /// The reserved arena of a large budget is memory the kernel may back with huge pages
    /// (issue #48: with 4 KiB pages, MCTS on connect four spent a sixth more processor
    /// time). Skipped where the system has no transparent huge pages.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_reserved_arena_asks_for_huge_pages() {
        use crate::hash::memory::huge_page_check::{huge_pages_on, thp_eligible};
        if !huge_pages_on() {
            eprintln!("no transparent huge pages on this system: skipped");
            return;
        }
        let mut arena: Vec<Node<u8, TWO_PLAYERS>> = Vec::new();
        reserve_arena(&mut arena, 700_001);
        let spare = arena.spare_capacity_mut();
        let middle = spare[spare.len() / 2].as_ptr() as usize;
        assert_eq!(thp_eligible(middle), Some(true));
    }
}
