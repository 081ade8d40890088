//! Monte-Carlo tree search (MCTS) for 2 to 6 players: UCT (Kocsis & Szepesvári 2006) with a
//! choice of backup (max^n as in Sturtevant 2008, paranoid and best-reply after Nijssen &
//! Winands), random or epsilon-greedy playouts with an optional cut-off valued by the
//! evaluator, and the MCTS-Solver of Winands, Björnsson & Saito (2008).
//!
//! The entry point is [`mcts`] (and [`mcts_report`], the same search returning its
//! per-move statistics too). Everything random draws from [`crate::rng::SplitMix64`] seeded
//! with [`MctsConfig::seed`]: the same seed and budget give the same move, value and counts
//! on every run. The search is single-threaded, so the thread count of the caller never
//! matters. The user-facing description is `docs/mcts.md`.
//!
//! - `reward.rs`: scores into rewards in `[0, 1]`, per player ([`Rewards`]).
//! - `uct.rs`: the tree (an arena), selection, expansion, playout, backup and the solver.

mod reward;
mod uct;

pub use reward::Rewards;
pub use uct::{mcts, mcts_report};

use crate::game::Scores;
use crate::search::SearchResult;

/// How the statistics of a simulation are backed up and read during selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Backup {
    /// Every node keeps the mean reward of every player; a node's child is chosen for the
    /// player to move there (Sturtevant 2008: UCT with max^n backups).
    #[default]
    MaxN,
    /// Only the reward of the root player counts: the root player maximises it, every other
    /// player minimises it (the paranoid coalition; Nijssen & Winands 2011).
    Paranoid,
    /// Paranoid, except that the root player values an opponent's node by that opponent's
    /// best reply found so far (the child whose mean root reward is lowest, once every child
    /// has been tried) instead of the mean over all replies (a simple reading of the
    /// best-reply policies of Nijssen & Winands 2013; see `docs/mcts.md`).
    BestReply,
}

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Playout {
    /// Uniformly at random among the legal moves.
    #[default]
    Random,
    /// With probability `epsilon` a uniformly random move, otherwise the move whose resulting
    /// position (its outcome, or the evaluator's value) gives the player to move the highest
    /// normalised reward (the first such move in the evaluator's order).
    EpsilonGreedy {
        /// The probability of a random move, in `[0, 1]`.
        epsilon: f64,
    },
}

/// Whether the search proves game-theoretic values (MCTS-Solver).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Solver {
    /// Plain UCT: no node is ever proved.
    #[default]
    Off,
    /// MCTS-Solver (Winands, Björnsson & Saito 2008): terminal outcomes are propagated up
    /// the tree as exact values (see [`mcts`] for the rules); a proved root ends the search.
    On,
}

/// The parameters of [`mcts`] beyond the limits of [`crate::search::Config`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The seed of the search's [`crate::rng::SplitMix64`].
    pub seed: u64,
    /// The exploration constant `C` of UCB1: a child is scored
    /// `mean + C * sqrt(ln(parent visits) / child visits)`, rewards being in `[0, 1]`.
    /// Finite and nonnegative.
    pub exploration: f64,
    /// The most iterations (simulations) to run; the node limit and deadline of
    /// [`crate::search::Config`] apply too, whichever comes first, and a node limit of `N`
    /// allows at most `64 N` iterations ([`ITERATIONS_PER_NODE`]).
    pub iterations: u64,
    /// How statistics are backed up.
    pub backup: Backup,
    /// How playouts choose moves.
    pub playout: Playout,
    /// The most plies a playout plays before the evaluator values the position it reached
    /// (`None`: to the end of the game, or to the depth limit of the
    /// [`crate::search::Config`]).
    pub cutoff: Option<u32>,
    /// Whether to prove values (MCTS-Solver).
    pub solver: Solver,
}

/// The most nodes an MCTS tree may hold, whatever the node limit asked for (about 4.2
/// million; a node takes under 160 bytes, so the tree stays well under 1 GiB). A search whose
/// tree reaches it stops as at a node limit (`StopReason::NodeLimit`), so no iteration budget
/// a user can type exhausts the memory.
pub const MAX_TREE_NODES: u64 = 1 << 22;

/// The node limit MCTS applies: the one asked for, never above [`MAX_TREE_NODES`].
pub fn tree_node_limit(asked: Option<u64>) -> u64 {
    asked.map_or(MAX_TREE_NODES, |n| n.min(MAX_TREE_NODES))
}

/// The most iterations MCTS runs per node of its node limit ([`tree_node_limit`]): a search
/// whose limit is `N` nodes also ends after `64 N` iterations ([`iteration_limit`]).
///
/// An iteration adds nodes unless its line ends at a node whose value is known (a terminal
/// position, a proved node, a position without moves) or at the depth limit. When such
/// nodes take the visits, a node limit is never reached and the search would never end:
/// when the whole tree is smaller than the limit, and when a root move wins at once, which
/// UCB1 then visits almost every time, so that the other moves, and the tree, grow only
/// with the logarithm of the iterations (a tournament's `mcts@n1500` once spent two
/// million iterations on a 1,065-node tree). A node limit that cannot be spent ends the
/// move, after work in proportion to it: at most one playout per node created, and cheap
/// descents to known values. A tree that can grow reaches its limit long before (about
/// one iteration per node).
pub const ITERATIONS_PER_NODE: u64 = 64;

/// The iterations a search runs at most: [`MctsConfig::iterations`], and
/// [`ITERATIONS_PER_NODE`] per node of the node limit (`nodes`, as
/// [`crate::search::Limits::nodes`]; [`MAX_TREE_NODES`] when `None`).
pub fn iteration_limit(iterations: u64, nodes: Option<u64>) -> u64 {
    iterations.min(tree_node_limit(nodes).saturating_mul(ITERATIONS_PER_NODE))
}

/// The default exploration constant, `sqrt(2)` (Auer, Cesa-Bianchi & Fischer 2002's UCB1 for
/// rewards in `[0, 1]`).
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            seed: 0,
            exploration: DEFAULT_EXPLORATION,
            iterations: 10_000,
            backup: Backup::MaxN,
            playout: Playout::Random,
            cutoff: None,
            solver: Solver::Off,
        }
    }
}

/// Why an [`MctsConfig`] cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum InvalidMctsConfig {
    /// [`MctsConfig::exploration`] is negative, infinite or NaN.
    #[error("the exploration constant must be finite and nonnegative, not {0}")]
    Exploration(f64),
    /// The epsilon of [`Playout::EpsilonGreedy`] is outside `[0, 1]` or NaN.
    #[error("epsilon must be between 0 and 1, not {0}")]
    Epsilon(f64),
}

impl MctsConfig {
    /// A default configuration with `iterations` iterations and seed `seed`.
    pub fn iterations(iterations: u64, seed: u64) -> MctsConfig {
        MctsConfig {
            iterations,
            seed,
            ..MctsConfig::default()
        }
    }

    /// Checks the numeric parameters ([`mcts`] refuses a configuration that fails this).
    pub fn validate(&self) -> Result<(), InvalidMctsConfig> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(InvalidMctsConfig::Exploration(self.exploration));
        }
        if let Playout::EpsilonGreedy { epsilon } = self.playout {
            if !(0.0..=1.0).contains(&epsilon) {
                return Err(InvalidMctsConfig::Epsilon(epsilon));
            }
        }
        Ok(())
    }
}

/// The statistics of one root move after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Simulations through it.
    pub visits: u64,
    /// Its mean reward for the player to move at the root, in `[0, 1]` (0 if unvisited).
    pub mean: f64,
    /// Its proved value, when the solver proved it.
    pub proved: Option<Scores>,
}

/// What [`mcts_report`] returns: the [`SearchResult`] of [`mcts`] and what MCTS adds.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsReport<M> {
    /// The result, as [`mcts`] returns it.
    pub result: SearchResult<M>,
    /// Iterations (simulations) run.
    pub iterations: u64,
    /// Moves played in playouts, over all iterations (tree moves not included).
    pub playout_plies: u64,
    /// The proved value of the root (`None` unless [`Solver::On`] proved it).
    pub proved: Option<Scores>,
    /// The root's moves in search order with their statistics.
    pub root: Vec<MoveStats<M>>,
}
