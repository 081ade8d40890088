//! Monte-Carlo tree search (MCTS) for 2 to 6 players: UCT (Kocsis & Szepesvári 2006) with a
//! choice of search policy (max^n as in Sturtevant 2008; paranoid, and MCTS-BRS on the
//! best-reply tree shape, after Nijssen & Winands), rewards from scaled scores, win/loss or
//! rank, Progressive History (Nijssen & Winands 2011), random or epsilon-greedy playouts with
//! an optional cut-off valued by the evaluator, and the MCTS-Solver of Winands, Björnsson &
//! Saito (2008) with the multi-player update rules (standard, paranoid, first-winner).
//!
//! The entry points are [`mcts`] (and [`mcts_report`], the same search returning its
//! per-move statistics too) for any game, and [`mcts_with_set_to_move`] (and its report) for
//! games that can hand the turn to any player, which MCTS-BRS ([`Backup::Brs`]) needs.
//! Everything random draws from [`crate::rng::SplitMix64`] seeded with
//! [`MctsConfig::seed`]: the same seed and budget give the same move, value and counts on
//! every run. The search is single-threaded, so the thread count of the caller never
//! matters. The user-facing description is `docs/mcts.md`.
//!
//! - `reward.rs`: scores into rewards in `[0, 1]`, per player ([`Rewards`], [`Reward`]).
//! - `shape.rs`: the tree's shape: the game's turn order, or the best-reply tree.
//! - `history.rs`: the move statistics of Progressive History.
//! - `solver.rs`: the solver's update rules.
//! - `uct.rs`: the tree (an arena), selection, expansion, playout and backup.

mod history;
mod reward;
mod shape;
mod solver;
mod uct;

pub use reward::Rewards;
pub use uct::{mcts, mcts_report, mcts_with_set_to_move, mcts_with_set_to_move_report};

use std::fmt;
use std::str::FromStr;

use crate::game::Scores;
use crate::search::SearchResult;

/// How the statistics of a simulation are backed up and read during selection: the search
/// policy (Nijssen & Winands 2013 call them MCTS-max^n, MCTS-paranoid and MCTS-BRS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Backup {
    /// Every node keeps the mean reward of every player; a node's child is chosen for the
    /// player to move there (Sturtevant 2008: UCT with max^n backups).
    #[default]
    MaxN,
    /// Only the reward of the root player counts: the root player maximises it, every other
    /// player minimises it (the paranoid coalition; Nijssen & Winands 2011).
    Paranoid,
    /// MCTS-BRS (Nijssen & Winands 2013): the tree has the shape of best-reply search
    /// (Schadd & Winands 2011): below each move of the root player one layer holds the moves
    /// of all the opponents (each handed the turn in that position), of which one is played,
    /// and the turn goes back to the root player. Selection is paranoid (the root player
    /// maximises its reward, the merged opponents' layer minimises it); playouts follow the
    /// game's own turn order. Needs a game that can hand the turn to any player
    /// ([`crate::SetToMove`]): [`mcts_with_set_to_move`].
    Brs,
    /// Paranoid, except that the root player values an opponent's node by that opponent's
    /// best reply found so far (the child whose mean root reward is lowest, once every child
    /// has been tried) instead of the mean over all replies. Our own variant, in the game's
    /// turn order: not MCTS-BRS (which is [`Backup::Brs`]). Called `best-reply` before it was
    /// renamed; that name is refused with a pointer to both.
    MinReply,
}

impl Backup {
    /// Every backup, in the order the documentation lists them.
    pub const ALL: [Backup; 4] = [
        Backup::MaxN,
        Backup::Paranoid,
        Backup::Brs,
        Backup::MinReply,
    ];

    /// The name on the command line and in engine names: `maxn`, `paranoid`, `brs`,
    /// `min-reply`.
    pub const fn name(self) -> &'static str {
        match self {
            Backup::MaxN => "maxn",
            Backup::Paranoid => "paranoid",
            Backup::Brs => "brs",
            Backup::MinReply => "min-reply",
        }
    }
}

impl fmt::Display for Backup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backup {
    type Err = String;
    /// A name of [`Backup::name`]; the old name `best-reply` is refused with what to use.
    fn from_str(s: &str) -> Result<Backup, String> {
        let t = s.trim().to_ascii_lowercase();
        if t == "best-reply" {
            return Err("the backup `best-reply` is now `min-reply` (paranoid selection whose root player values an opponent by its best reply so far); MCTS-BRS, on the best-reply tree shape, is `brs`".into());
        }
        Backup::ALL
            .into_iter()
            .find(|b| b.name() == t)
            .ok_or_else(|| {
                format!("unknown backup `{s}` (expected maxn, paranoid, brs or min-reply)")
            })
    }
}

/// What a simulation's end is worth to each player: the reward backed up, in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Reward {
    /// The score scaled by the bounds the evaluator declares (see [`Rewards`]), by rank
    /// without them: a heuristic value at a cut-off lands between a loss and a win in
    /// proportion.
    #[default]
    Scaled,
    /// Win or loss, as the papers count a game: 1 for the player with the highest score, 0
    /// for the others (`1/k` each for `k` players tied highest).
    WinLoss,
    /// By rank, for more than two players: the fraction of the other players whose score is
    /// lower, a tie counting half (1 for the first, 0 for the last; with two players, win
    /// and loss).
    Rank,
}

impl Reward {
    /// Every reward, in the order the documentation lists them.
    pub const ALL: [Reward; 3] = [Reward::Scaled, Reward::WinLoss, Reward::Rank];

    /// The name on the command line and in engine names: `scaled`, `win`, `rank`.
    pub const fn name(self) -> &'static str {
        match self {
            Reward::Scaled => "scaled",
            Reward::WinLoss => "win",
            Reward::Rank => "rank",
        }
    }
}

impl fmt::Display for Reward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Reward {
    type Err = String;
    fn from_str(s: &str) -> Result<Reward, String> {
        let t = s.trim().to_ascii_lowercase();
        Reward::ALL
            .into_iter()
            .find(|r| r.name() == t)
            .ok_or_else(|| format!("unknown reward `{s}` (expected scaled, win or rank)"))
    }
}

/// How the solver proves a node from its children's proved values (Nijssen & Winands 2011's
/// multi-player MCTS-Solver; see `docs/mcts.md`). With two players the standard and the
/// paranoid rule prove the minimax value, and the first-winner rule its win, draw or loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SolverRule {
    /// A node is proved once every child is, with the max^n choice among them (the first
    /// child best for the player to move); at once when a child gives the player to move
    /// the highest score it can get (a win) under constant-sum bounds. Proved values are
    /// max^n values.
    #[default]
    Standard,
    /// The root player against a coalition: at the root player's nodes the child best for
    /// it, at the others' the child worst for it (the first such child); at once when a
    /// child gives the root player its highest score at its own node, or its lowest at an
    /// opponent's. Proved values have the paranoid value as the root player's component.
    Paranoid,
    /// By winners (the player with the highest score, if only one has it): a child that is
    /// a win for the player to move proves the node at once; when every child is proved and
    /// none is, the node goes to a child without a single winner (a draw) if there is one,
    /// else to the child whose winner comes first in turn order after the player to move
    /// (the first such child): the player who moves next is taken to seize its win first.
    FirstWinner,
}

impl SolverRule {
    /// Every rule, in the order the documentation lists them.
    pub const ALL: [SolverRule; 3] = [
        SolverRule::Standard,
        SolverRule::Paranoid,
        SolverRule::FirstWinner,
    ];

    /// The name on the command line and in engine names: `standard`, `paranoid`,
    /// `first-winner`.
    pub const fn name(self) -> &'static str {
        match self {
            SolverRule::Standard => "standard",
            SolverRule::Paranoid => "paranoid",
            SolverRule::FirstWinner => "first-winner",
        }
    }
}

impl fmt::Display for SolverRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SolverRule {
    type Err = String;
    fn from_str(s: &str) -> Result<SolverRule, String> {
        let t = s.trim().to_ascii_lowercase();
        SolverRule::ALL
            .into_iter()
            .find(|r| r.name() == t)
            .ok_or_else(|| {
                format!("unknown solver rule `{s}` (expected standard, paranoid or first-winner)")
            })
    }
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
    /// the tree as exact values by [`MctsConfig::solver_rule`] (see [`mcts`]); a proved root
    /// ends the search.
    On,
}

/// The parameters of [`mcts`] beyond the limits of [`crate::search::Config`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The seed of the search's [`crate::rng::SplitMix64`].
    pub seed: u64,
    /// The exploration constant `C` of UCB1: a child is scored
    /// `mean + C * sqrt(ln(parent visits) / child visits)`, rewards being in `[0, 1]`.
    /// Finite and nonnegative. Used as [`MctsConfig::exploration_from`] says.
    pub exploration: f64,
    /// Whether [`MctsConfig::exploration`] or the game's tuned constant
    /// ([`crate::Game::mcts_exploration`]) is used.
    pub exploration_from: ExplorationFrom,
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
    /// How the solver proves a node (only with [`Solver::On`]).
    pub solver_rule: SolverRule,
    /// What a simulation's end is worth to each player.
    pub reward: Reward,
    /// Progressive History (Nijssen & Winands 2011) with this weight `W`: selection adds
    /// `h * W / ((1 - q) n + 1)` to a child's UCB1 score, `h` the mean reward the move
    /// brought the player who made it, over every simulation that played it (in the tree
    /// and in playouts), `q` and `n` the child's mean and visits. `None`: plain UCB1. Needs
    /// [`crate::Game::move_key`]; finite and nonnegative.
    pub progressive_history: Option<f64>,
}

/// Where the exploration constant comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExplorationFrom {
    /// The game's tuned constant ([`crate::Game::mcts_exploration`]) when it has one, else
    /// [`MctsConfig::exploration`] (the default).
    #[default]
    Game,
    /// [`MctsConfig::exploration`], whatever the game (a constant the user chose).
    Config,
}

impl MctsConfig {
    /// The exploration constant the search uses on `game`.
    pub fn exploration_for<G: crate::Game>(&self, game: &G) -> f64 {
        match (self.exploration_from, game.mcts_exploration()) {
            (ExplorationFrom::Game, Some(c)) => c,
            _ => self.exploration,
        }
    }

    /// This configuration with the exploration constant `c`, whatever the game.
    pub fn with_exploration(self, c: f64) -> MctsConfig {
        MctsConfig {
            exploration: c,
            exploration_from: ExplorationFrom::Config,
            ..self
        }
    }
}

/// The weight `W` of Progressive History that Nijssen & Winands (2011) use, 5.
pub const DEFAULT_HISTORY_WEIGHT: f64 = 5.0;

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
            exploration_from: ExplorationFrom::Game,
            iterations: 10_000,
            backup: Backup::MaxN,
            playout: Playout::Random,
            cutoff: None,
            solver: Solver::Off,
            solver_rule: SolverRule::Standard,
            reward: Reward::Scaled,
            progressive_history: None,
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
    /// The weight of [`MctsConfig::progressive_history`] is negative, infinite or NaN.
    #[error("the progressive-history weight must be finite and nonnegative, not {0}")]
    HistoryWeight(f64),
    /// [`Backup::Brs`] with [`SolverRule::FirstWinner`]: the best-reply tree is the root
    /// player's against one merged opponent, proved by minimax only (the standard and the
    /// paranoid rule both mean that there).
    #[error("the brs backup proves values by minimax (solver rule standard or paranoid), not {0}")]
    BrsSolverRule(SolverRule),
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
        if let Some(w) = self.progressive_history {
            if !(w.is_finite() && w >= 0.0) {
                return Err(InvalidMctsConfig::HistoryWeight(w));
            }
        }
        if self.backup == Backup::Brs
            && self.solver == Solver::On
            && self.solver_rule == SolverRule::FirstWinner
        {
            return Err(InvalidMctsConfig::BrsSolverRule(self.solver_rule));
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
