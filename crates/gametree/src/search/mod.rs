//! Search algorithms, one file each, grouped by family ([`two_player`], [`maxn_family`],
//! [`fridenfalk`], [`engine`]), and what they share: [`Config`] and [`Limits`] in,
//! [`SearchResult`] and [`Stats`] out, [`SearchError`] when a search cannot be run.
//!
//! Every algorithm is at a flat path, `search::NAME`, whatever its family; the same name is
//! also its module, so the longer paths (`search::speculative::speculative`) keep working:
//!
//! ```
//! use gametree::search::{self, Config};
//! use gametree::tree::{ExplicitTree, TreeEval};
//! use gametree::Game;
//!
//! let g = ExplicitTree::from_json_str(r#"{ "players": 3, "maxsum": 10,
//!   "root": { "player": 0, "children": [
//!       { "value": [5, 4, 1] },
//!       { "player": 1, "children": [ { "value": [3, 7, 0] }, { "value": [1, 2, 7] } ] } ] } }"#)?;
//! let (e, s, cfg) = (TreeEval, g.initial(), Config::unlimited());
//!
//! let r = search::speculative(&g, &e, &s, &cfg)?;
//! assert_eq!(r.value, search::maxn(&g, &e, &s, &cfg)?.value);
//! let same = search::speculative::speculative(&g, &e, &s, &cfg)?;
//! assert_eq!((r.value, r.stats.nodes), (same.value, same.stats.nodes));
//! assert_eq!(r.best_move, Some(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every algorithm is a free function with the same shape:
//!
//! ```text
//! pub fn NAME<G: Game, E: Evaluator<G>>(game: &G, eval: &E, state: &G::State, config: &Config)
//!     -> Result<SearchResult<G::Move>, SearchError>
//! ```
//!
//! Counting conventions (docs/counting.md): `nodes` counts every call of the recursive search on a
//! node, root included; `leaves` counts static evaluations (terminal and depth-limit
//! frontier nodes); `expansions` is `nodes - 1` per search, summed over the iterations of
//! iterative deepening; re-searches count again every time.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::eval::Evaluator;
use crate::game::{Game, Player, Score, Scores};

// The shared machinery is this file (limits, results, counting, PV table, trace); next to
// it the registry of algorithms by name and the one iterative-deepening driver.
pub mod algorithm;
pub mod clock;
pub mod iterative;

// The families, one directory each. A new family joins with one `pub mod` line here and
// one `pub use` line below.
pub mod best_reply;
pub mod engine;
pub mod fridenfalk;
pub mod maxn_family;
pub mod mcts;
pub mod pimc;
pub mod two_player;

// Flat paths: every algorithm at `search::NAME`, which is both the function and (for the
// paths written before the families had directories) its module.
pub use algorithm::{
    run, run_iterative, Algorithm, AnyGame, Dispatch, Needs, Searcher, UnknownAlgorithm,
    WithSetToMove,
};
pub use best_reply::{brs, brs_plus};
pub use clock::{Clock, CpuDeadline};
pub use engine::{aspiration, mtdf, ordering, parallel, pvs, tt};
pub use fridenfalk::{hypermax, nmax};
pub use maxn_family::{
    branch_and_bound, last_branch, maxn, maxn_table, paranoid, shallow, speculative,
    speculative_table, vector_table,
};
pub use mcts::mcts;
pub use pimc::pimc;
pub use two_player::{alphabeta, alphabeta_failsoft, minimax, negamax};

/// When a search must stop. Every field is optional; `Limits::default()` searches to the end
/// of the game with no node or time limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The depth limit in plies: nodes at this depth below the root are evaluated statically.
    /// `None` searches to terminal states.
    pub depth: Option<u32>,
    /// The most nodes (counted as [`Stats::nodes`]) one search may visit.
    pub nodes: Option<u64>,
    /// The moment the search must stop, on the wall clock. Checked every
    /// [`DEADLINE_CHECK_INTERVAL`] units of work (nodes visited, children generated or
    /// valued).
    pub deadline: Option<Instant>,
    /// The deadline on the searching thread's processor-time clock ([`Clock::ThreadCpu`]):
    /// the search stops once its thread has used that much processor time, whatever the
    /// wall clock says; time the thread sleeps, waits or is not scheduled does not count.
    /// Checked like [`Limits::deadline`] (both may be set: the first passed stops the
    /// search, with [`StopReason::Deadline`]). Made on the thread that runs the search
    /// ([`CpuDeadline::after`], or [`Limits::with_time`]).
    pub cpu_deadline: Option<CpuDeadline>,
    /// When the search work began, if before the search function was called: a caller that
    /// prepares the search (allocates or clears a table, say) sets it to the moment it began,
    /// and computes its [`Limits::deadline`] from the same moment. [`Stats::elapsed_ms`] is
    /// measured from it, so it includes that preparation. `None`: from the call of the search
    /// function (for iterative deepening, the call of the whole run).
    pub start: Option<Instant>,
    /// A stop request another thread can make while the search runs (a user's Ctrl-C, say):
    /// looked at as often as the clock ([`DEADLINE_CHECK_INTERVAL`]); once requested, the
    /// search fails with [`StopReason::Interrupted`] as it would at a deadline.
    pub stop: Option<Stop>,
}

/// A stop request for running searches: a flag that lives as long as the program (so
/// [`Limits`] stays `Copy`), set by [`Stop::request`] from any thread and read by the search
/// at the cadence of the clock. Make one per thread that starts searches and reuse it
/// ([`Stop::leak`] allocates one byte that is never freed), clearing it before each search.
#[derive(Clone, Copy)]
pub struct Stop(&'static AtomicBool);

impl Stop {
    /// A stop request over `flag`.
    pub fn new(flag: &'static AtomicBool) -> Stop {
        Stop(flag)
    }

    /// A stop request over a new flag, never freed (one byte).
    pub fn leak() -> Stop {
        Stop(Box::leak(Box::new(AtomicBool::new(false))))
    }

    /// Asks every search that reads this flag to stop.
    pub fn request(&self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }

    /// Withdraws the request (before starting a new search with the same flag).
    pub fn clear(&self) {
        self.0.store(false, AtomicOrdering::Relaxed);
    }

    /// Whether a stop was requested.
    pub fn is_requested(&self) -> bool {
        self.0.load(AtomicOrdering::Relaxed)
    }
}

impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Stop {}

impl std::fmt::Debug for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Stop({})", self.is_requested())
    }
}

/// A wall-clock deadline for a budget too large to add to the start (about 30 years).
const FAR_FUTURE: Duration = Duration::from_secs(1 << 30);

/// How often (in units of work: nodes visited, children generated or valued)
/// a search looks at the clock when a deadline is set.
pub const DEADLINE_CHECK_INTERVAL: u64 = 1024;

impl Limits {
    /// A depth limit and nothing else.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// These limits with a time budget of `budget` on `clock`, counted from `start` (the
    /// start of the search work, [`Limits::start`], which it sets): a wall-clock
    /// [`Limits::deadline`] at `start + budget`, or a [`Limits::cpu_deadline`] `budget` of
    /// the calling thread's processor time from now (call it on the thread that will
    /// search, at `start`). Fails only if the system has no thread processor-time clock.
    pub fn with_time(
        self,
        budget: Duration,
        clock: Clock,
        start: Instant,
    ) -> Result<Limits, clock::NoThreadClock> {
        Ok(match clock {
            Clock::Wall => Limits {
                deadline: Some(start.checked_add(budget).unwrap_or(start + FAR_FUTURE)),
                start: Some(start),
                ..self
            },
            Clock::ThreadCpu => Limits {
                cpu_deadline: Some(CpuDeadline::after(budget)?),
                start: Some(start),
                ..self
            },
        })
    }

    /// These limits with the search work started at `start` (see [`Limits::start`]).
    pub fn starting_at(self, start: Instant) -> Limits {
        Limits {
            start: Some(start),
            ..self
        }
    }
}

/// How to run a search: its limits, and whether to record a trace of every prune.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Depth, node and time limits.
    pub limits: Limits,
    /// Record every prune in [`SearchResult::trace`] (costs time; off by default).
    pub trace: bool,
    /// The most prunes [`SearchResult::trace`] keeps ([`DEFAULT_TRACE_LIMIT`] by default):
    /// the prunes after them are counted in [`SearchResult::trace_dropped`], not recorded,
    /// so a trace never holds more than this many events whatever the tree.
    pub trace_limit: usize,
    /// Whether to record the full event log ([`SearchResult::events`]): every visit, leaf,
    /// value backed up, prune and re-search, in order. Off by default; [`Events::Record`]
    /// also records the prune trace, as [`Config::trace`] does.
    pub events: Events,
    /// How BRS+ chooses the moves of the opponents who do not reply
    /// ([`best_reply::ForcedMoves`]; the evaluator's first move by default). Every other
    /// search ignores it.
    pub forced_moves: best_reply::ForcedMoves,
}

/// Whether a search records its full event log ([`Config::events`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Events {
    /// No event log (the default): no cost beyond one predictable branch per node.
    #[default]
    Off,
    /// Record every event, up to [`Config::trace_limit`] of them
    /// ([`SearchResult::events_dropped`] counts the rest).
    Record,
}

/// The default of [`Config::trace_limit`].
pub const DEFAULT_TRACE_LIMIT: usize = 100_000;

impl Default for Config {
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            trace: false,
            trace_limit: DEFAULT_TRACE_LIMIT,
            events: Events::Off,
            forced_moves: best_reply::ForcedMoves::EvaluatorFirst,
        }
    }
}

impl Config {
    /// Whether prunes are recorded: [`Config::trace`], or the event log is on.
    pub fn records_prunes(&self) -> bool {
        self.trace || self.events == Events::Record
    }

    /// A fixed-depth search without trace.
    pub fn depth(depth: u32) -> Config {
        Config {
            limits: Limits::depth(depth),
            ..Config::default()
        }
    }

    /// A search to the end of the game without trace.
    pub fn unlimited() -> Config {
        Config::default()
    }
}

/// Cutoffs by kind, named as in the papers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cutoffs {
    /// Korf's immediate pruning: a player's bound reached its maximum possible score.
    pub immediate: u64,
    /// Korf's shallow pruning: the parent's and the child's bounds reach `maxsum`.
    pub shallow: u64,
    /// Alpha-beta branch-and-bound (Sturtevant & Korf 2000), with monotonic bounds.
    pub branch_and_bound: u64,
    /// Sturtevant's last-branch pruning.
    pub last_branch: u64,
    /// Sturtevant's speculative pruning.
    pub speculative: u64,
    /// Two-player (and paranoid) alpha cutoffs: at a minimising node, value <= alpha.
    pub alpha: u64,
    /// Two-player (and paranoid) beta cutoffs: at a maximising node, value >= beta.
    pub beta: u64,
}

impl Cutoffs {
    /// The total of all kinds.
    pub fn total(&self) -> u64 {
        self.immediate
            + self.shallow
            + self.branch_and_bound
            + self.last_branch
            + self.speculative
            + self.alpha
            + self.beta
    }

    fn add(&mut self, o: &Cutoffs) {
        self.immediate += o.immediate;
        self.shallow += o.shallow;
        self.branch_and_bound += o.branch_and_bound;
        self.last_branch += o.last_branch;
        self.speculative += o.speculative;
        self.alpha += o.alpha;
        self.beta += o.beta;
    }

    /// Increments the counter of `kind`.
    #[inline]
    pub fn count(&mut self, kind: CutoffKind) {
        match kind {
            CutoffKind::Immediate => self.immediate += 1,
            CutoffKind::Shallow => self.shallow += 1,
            CutoffKind::BranchAndBound => self.branch_and_bound += 1,
            CutoffKind::LastBranch => self.last_branch += 1,
            CutoffKind::Speculative => self.speculative += 1,
            CutoffKind::Alpha => self.alpha += 1,
            CutoffKind::Beta => self.beta += 1,
        }
    }
}

/// The kind of a prune, for [`Cutoffs`] and [`PruneEvent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CutoffKind {
    /// See [`Cutoffs::immediate`].
    Immediate,
    /// See [`Cutoffs::shallow`].
    Shallow,
    /// See [`Cutoffs::branch_and_bound`].
    BranchAndBound,
    /// See [`Cutoffs::last_branch`].
    LastBranch,
    /// See [`Cutoffs::speculative`].
    Speculative,
    /// See [`Cutoffs::alpha`].
    Alpha,
    /// See [`Cutoffs::beta`].
    Beta,
}

/// What a search did, with the names of docs/counting.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Nodes visited, root included: every call of the recursive search on a node.
    pub nodes: u64,
    /// Static evaluations: terminal nodes and depth-limit frontier nodes.
    pub leaves: u64,
    /// Nodes generated below the root: `nodes - 1` per search, summed over iterations.
    pub expansions: u64,
    /// Cutoffs by kind.
    pub cutoffs: Cutoffs,
    /// Re-searches (speculative pruning, PVS, aspiration, MTD(f)), each one counted.
    pub re_searches: u64,
    /// Nodes valued by a transposition-table entry instead of a search of their subtree
    /// (the max^n-family searches with a [`vector_table::VectorTable`]; each such node is
    /// also counted in `nodes`). 0 for every search without a table.
    pub table_hits: u64,
    /// Completed iterations of iterative deepening (1 for a single search).
    pub iterations: u32,
    /// The depth reached: the deepest ply visited below the root (for iterative deepening,
    /// the depth of the last completed iteration).
    pub depth: u32,
    /// Wall-clock time of the search in milliseconds (not deterministic), from
    /// [`Limits::start`] when it is set (so it includes the caller's preparation), else from
    /// the call of the search function; for iterative deepening, of the whole run.
    pub elapsed_ms: f64,
}

impl Stats {
    /// Adds the counts of `o` (used to sum the iterations of iterative deepening).
    pub fn accumulate(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.expansions += o.expansions;
        self.cutoffs.add(&o.cutoffs);
        self.re_searches += o.re_searches;
        self.table_hits += o.table_hits;
        self.iterations += o.iterations;
        self.elapsed_ms = sum_ms(self.elapsed_ms, o.elapsed_ms);
    }
}

/// One prune, recorded when [`Config::trace`] is set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PruneEvent<M> {
    /// The moves from the root to the node whose remaining children were pruned.
    pub path: Vec<M>,
    /// The kind of prune.
    pub kind: CutoffKind,
    /// The bounds that allowed it, outermost first (for example the parent's and the child's
    /// bounds in shallow pruning, or alpha and beta).
    pub bounds: Vec<i64>,
    /// What they reached (for example `maxsum`, or the value that crossed the window).
    pub threshold: i64,
    /// How many children of the node were left unsearched.
    pub pruned_children: u32,
}

/// One step of a search, recorded when [`Config::events`] is [`Events::Record`]: the event
/// log says what the search did, in order, so that it can be replayed (drawn step by step).
///
/// Every node visited gives one [`SearchEvent::Visit`] (so visits equal [`Stats::nodes`]);
/// a static evaluation then gives one [`SearchEvent::Leaf`] (so leaves equal
/// [`Stats::leaves`]); an inner node that finishes gives one [`SearchEvent::Backup`] with the
/// value it returns; every counted cutoff gives one [`SearchEvent::Prune`] (the same event as
/// in [`SearchResult::trace`]); every re-search one [`SearchEvent::ReSearch`] at the node
/// searched again, before its new visit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SearchEvent<M> {
    /// The search entered the node reached by `path`.
    Visit {
        /// The moves from the root.
        path: Vec<M>,
    },
    /// The node was evaluated statically (terminal or at the depth limit).
    Leaf {
        /// The moves from the root.
        path: Vec<M>,
        /// Its value vector (the outcome or the evaluator's value).
        value: Vec<i64>,
    },
    /// The node's search finished and returned `value`.
    Backup {
        /// The moves from the root.
        path: Vec<M>,
        /// What the node returned: the value vector in the max^n family (for a node of
        /// speculative or last-branch pruning that returns a prune, its best vector so far,
        /// empty if none); one number in two-player search (player 0's score, a bound when
        /// the node failed high or low), paranoid search (the root player's score) and
        /// best-reply search (the root player's score).
        value: Vec<i64>,
    },
    /// A prune at the node (its children after the one just searched are left out).
    Prune(PruneEvent<M>),
    /// The node is searched again (speculative pruning, a null-window or aspiration
    /// re-search).
    ReSearch {
        /// The moves from the root.
        path: Vec<M>,
    },
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The value as a vector, one score per player: the backed-up vector for the max^n
    /// family (N-max and hypermax: the projected vector, in the scale computed), and for
    /// two-player and paranoid search the vector of the leaf the principal variation reaches.
    pub value: Scores,
    /// The value for the player to move at the root (one number).
    pub score: Score,
    /// The best move at the root (the first among equals, in search order); `None` if the
    /// root is terminal or the depth limit is 0.
    pub best_move: Option<M>,
    /// The principal variation from the root.
    pub pv: Vec<M>,
    /// Who makes each move of [`SearchResult::pv`], for a search whose line leaves the turn
    /// order: best-reply search, where the root player's moves alternate with one
    /// opponent's reply (the other opponents pass, or under BRS+ play forced moves the line
    /// does not hold). Empty when the line keeps to the turn order (every other search).
    pub pv_players: Vec<Player>,
    /// What the search did.
    pub stats: Stats,
    /// The prunes, in the order they happened, when [`Config::trace`] was set: the first
    /// [`Config::trace_limit`] of them.
    pub trace: Vec<PruneEvent<M>>,
    /// The prunes left out of [`SearchResult::trace`] because it was full (0 when it holds
    /// them all).
    pub trace_dropped: u64,
    /// The event log, when [`Config::events`] was [`Events::Record`]: the first
    /// [`Config::trace_limit`] events.
    pub events: Vec<SearchEvent<M>>,
    /// The events left out of [`SearchResult::events`] because it was full.
    pub events_dropped: u64,
}

impl<M: Copy> SearchResult<M> {
    /// The result of a max^n-family search whose root returned `root` (its value vector, or
    /// why it stopped): `score` the vector's component for the player to move at `state`,
    /// `pv` the principal variation (its first move the best move), the counts of `meter`,
    /// the prunes of `tracer`.
    pub(crate) fn finish<G: Game<Move = M>>(
        game: &G,
        state: &G::State,
        root: Result<Scores, StopReason>,
        pv: Vec<M>,
        meter: Meter,
        tracer: Tracer<M>,
    ) -> Result<SearchResult<M>, SearchError> {
        match root {
            Ok(value) => Ok(SearchResult {
                value,
                score: value[game.to_move(state)],
                best_move: pv.first().copied(),
                pv,
                pv_players: Vec::new(),
                stats: meter.finish(),
                trace_dropped: tracer.dropped,
                trace: tracer.events,
                events_dropped: tracer.log_dropped,
                events: tracer.log,
            }),
            Err(reason) => Err(meter.stopped(reason)),
        }
    }
}

/// Why a search could not be run or did not finish.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// A two-player algorithm was given a game with more players.
    #[error("{algorithm} is a two-player algorithm, but this game has {players} players (paranoid search covers that case)")]
    TooManyPlayers {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The game's player count.
        players: usize,
    },
    /// The evaluator does not state a bound the algorithm relies on.
    #[error("{algorithm} needs {needs}, and the evaluator does not guarantee it")]
    MissingBound {
        /// The algorithm's name.
        algorithm: &'static str,
        /// What it needs, in words.
        needs: &'static str,
    },
    /// A parameter of the algorithm is out of its range (for example a negative
    /// exploration constant of [`mcts::MctsConfig`]).
    #[error("{algorithm}: {problem}")]
    InvalidConfig {
        /// The algorithm's name.
        algorithm: &'static str,
        /// What is wrong, naming the parameter and the value.
        problem: String,
    },
    /// The algorithm needs a game that can hand the turn to any live player
    /// ([`crate::SetToMove`]), and was run through an entry point for any game.
    #[error("{algorithm} needs a game that can hand the turn to any player")]
    NeedsSetToMove {
        /// The algorithm's name.
        algorithm: &'static str,
    },
    /// The node limit or the deadline stopped the search before it finished.
    #[error("the {0} stopped the search before it finished")]
    Stopped(StopReason, Box<Stats>),
    /// The transposition table asked for cannot be allocated.
    #[error(transparent)]
    Table(#[from] crate::hash::memory::TableError),
    /// Memory the search needs for what the game gave it cannot be allocated: MCTS's tree
    /// holds a node per move of the root, which the node limit does not bound. Reserved
    /// fallibly, so that the caller gets this error instead of an aborted process.
    #[error("cannot allocate {} for {what}", crate::hash::memory::human_bytes(*bytes))]
    OutOfMemory {
        /// What the memory was for, in words (`the tree of mcts`).
        what: &'static str,
        /// The bytes it would have taken.
        bytes: u128,
    },
}

/// What stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// [`Limits::nodes`].
    NodeLimit,
    /// [`Limits::deadline`] or [`Limits::cpu_deadline`].
    Deadline,
    /// [`Limits::stop`]: another thread requested the stop.
    Interrupted,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit",
            StopReason::Deadline => "deadline",
            StopReason::Interrupted => "stop request",
        })
    }
}

/// Counts nodes and enforces [`Limits::nodes`] and [`Limits::deadline`]: every algorithm
/// calls [`Meter::visit`] once per node visited and [`Meter::work`] for the work it does at
/// a node beyond visiting it (children generated, children valued to sort them).
///
/// **Node limit.** A limit of `N` lets exactly `N` nodes through: the visit that would be
/// node `N + 1` fails with [`StopReason::NodeLimit`] and is not counted, so a stopped search
/// reports at most `N` nodes, and a tree of exactly `N` nodes is searched to the end.
///
/// **Clock.** The clock is read once every [`DEADLINE_CHECK_INTERVAL`] units of work, where
/// a unit is a node visited or one unit charged by [`Meter::work`]. Charging the work of an
/// expansion (its children) makes a search with a huge branching factor look at the clock
/// after every expansion, not only after a thousand of them; node counts are not affected.
///
/// The hot path of [`Meter::visit`] is one increment, one comparison and one maximum: the
/// node limit and the next clock reading are folded into a single threshold; [`Meter::work`]
/// is a subtraction and a minimum.
#[derive(Clone, Debug)]
pub(crate) struct Meter {
    /// The counters of this search.
    pub stats: Stats,
    node_limit: u64,
    deadlines: clock::Deadlines,
    stop: Option<Stop>,
    /// The node count at which [`Meter::visit`] next looks at the limits.
    next_check: u64,
    /// The node count at which the clock is read next; [`Meter::work`] brings it closer.
    next_clock_check: u64,
    start: Instant,
    clock_reads: u64,
}

impl Meter {
    /// A meter for one search under `limits`.
    pub fn new(limits: &Limits) -> Meter {
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let deadlines = clock::Deadlines::new(limits);
        let next_clock_check = if deadlines.is_set() || limits.stop.is_some() {
            DEADLINE_CHECK_INTERVAL
        } else {
            u64::MAX
        };
        Meter {
            stats: Stats::default(),
            node_limit,
            deadlines,
            stop: limits.stop,
            next_check: next_clock_check.min(node_limit.saturating_add(1)),
            next_clock_check,
            start: limits.start.unwrap_or_else(Instant::now),
            clock_reads: 0,
        }
    }

    /// Counts a node at `ply` (the root is ply 0); fails when a limit is passed. A node the
    /// node limit refuses is not counted.
    #[inline(always)]
    pub fn visit(&mut self, ply: u32) -> Result<(), StopReason> {
        self.stats.nodes += 1;
        if self.stats.nodes >= self.next_check {
            self.check_limits()?;
        }
        self.stats.depth = self.stats.depth.max(ply);
        Ok(())
    }

    /// Charges `units` of work done at the current node besides visiting it (one unit per
    /// child generated, per child valued to sort the children, ...): the clock is read at the
    /// next [`Meter::visit`] once [`DEADLINE_CHECK_INTERVAL`] units have accumulated. Changes
    /// no count.
    #[inline(always)]
    pub fn work(&mut self, units: u64) {
        self.next_clock_check = self.next_clock_check.saturating_sub(units);
        self.next_check = self.next_check.min(self.next_clock_check);
    }

    #[cold]
    #[inline(never)]
    fn check_limits(&mut self) -> Result<(), StopReason> {
        if self.stats.nodes > self.node_limit {
            // The node that would pass the limit is not visited.
            self.stats.nodes -= 1;
            return Err(StopReason::NodeLimit);
        }
        if self.stats.nodes >= self.next_clock_check {
            if !self.deadlines.is_set() && self.stop.is_none() {
                self.next_clock_check = u64::MAX;
            } else {
                self.next_clock_check = self.stats.nodes.saturating_add(DEADLINE_CHECK_INTERVAL);
            }
            if self.stop.is_some_and(|s| s.is_requested()) {
                return Err(StopReason::Interrupted);
            }
            if self.deadlines.is_set() {
                self.clock_reads += 1;
                if self.deadlines.passed() {
                    return Err(StopReason::Deadline);
                }
            }
        }
        self.next_check = self.next_clock_check.min(self.node_limit.saturating_add(1));
        Ok(())
    }

    /// How many times this meter has read the clock (for tests of the deadline's cadence).
    #[cfg(test)]
    pub fn clock_reads(&self) -> u64 {
        self.clock_reads
    }

    /// Counts a static evaluation.
    #[inline(always)]
    pub fn leaf(&mut self) {
        self.stats.leaves += 1;
    }

    /// Finishes the search: sets `expansions`, `iterations` and `elapsed_ms`.
    pub fn finish(mut self) -> Stats {
        self.stats.expansions = self.stats.nodes.saturating_sub(1);
        self.stats.iterations = 1;
        self.stats.elapsed_ms = duration_ms(self.start.elapsed());
        self.stats
    }

    /// The error for a search stopped by `reason`, carrying the counts so far.
    pub fn stopped(self, reason: StopReason) -> SearchError {
        SearchError::Stopped(reason, Box::new(self.finish()))
    }
}

/// The static value of `state`: its outcome if the game is over, else the evaluator's value
/// (what a search records as a leaf's value in the event log).
pub(crate) fn static_value<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
) -> Scores {
    game.outcome(state)
        .unwrap_or_else(|| eval.evaluate(game, state))
}

/// The expansion step every search shares: appends the moves of `state` to `moves` (the
/// search's move stack), charges them to `meter` as work for the clock ([`Meter::work`]),
/// lets `eval` order them ([`Evaluator::order`]), and returns their range `start..end` in
/// `moves`.
#[inline(always)]
pub(crate) fn expand<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    moves: &mut Vec<G::Move>,
    meter: &mut Meter,
) -> (usize, usize) {
    let start = moves.len();
    game.moves(state, moves);
    let end = moves.len();
    meter.work((end - start) as u64);
    eval.order(game, state, &mut moves[start..end]);
    (start, end)
}

/// A duration in milliseconds, from its whole nanoseconds: `n / 1e6` is the double nearest
/// the decimal `n` ns, so it prints as that decimal (`0.046088`), where `secs * 1000.0` could
/// print `0.046088000000000004`.
pub(crate) fn duration_ms(d: Duration) -> f64 {
    d.as_nanos() as f64 / 1e6
}

/// `a + b` milliseconds of [`duration_ms`], rounded back to whole nanoseconds (a plain sum of
/// two such numbers can print as `0.30000000000000004`).
pub(crate) fn sum_ms(a: f64, b: f64) -> f64 {
    ((a + b) * 1e6).round() / 1e6
}

/// A triangular principal-variation table: row `ply` holds the best line found from the
/// node at `ply`. Rows keep their capacity, so after warm-up no update allocates.
#[derive(Clone, Debug, Default)]
pub(crate) struct PvTable<M> {
    rows: Vec<Vec<M>>,
}

impl<M: Copy> PvTable<M> {
    /// An empty table.
    pub fn new() -> PvTable<M> {
        PvTable { rows: Vec::new() }
    }

    /// Empties row `ply` (call on entering a node).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        while self.rows.len() <= ply + 1 {
            self.rows.push(Vec::new());
        }
        self.rows[ply].clear();
    }

    /// Row `ply` becomes `mv` followed by row `ply + 1` (call on a new best move).
    #[inline]
    pub fn update(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.rows.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row.clear();
        row.push(mv);
        row.extend_from_slice(&tail[0]);
    }

    /// Row `ply` becomes just `mv` (a new best move whose child is a leaf, which has no line
    /// of its own).
    #[inline]
    pub fn set(&mut self, ply: usize, mv: M) {
        let row = &mut self.rows[ply];
        row.clear();
        row.push(mv);
    }

    /// The line stored at `ply`.
    pub fn line(&self, ply: usize) -> &[M] {
        self.rows.get(ply).map_or(&[], |r| r.as_slice())
    }
}

/// The scores of the position reached by playing `pv` from `state`: the outcome if it is
/// terminal, else the evaluator's value. Two-player and paranoid searches report this vector.
pub fn leaf_of_pv<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    pv: &[G::Move],
) -> Scores {
    let mut s = state.clone();
    for &m in pv {
        s = game.play(&s, m);
    }
    game.outcome(&s).unwrap_or_else(|| eval.evaluate(game, &s))
}

/// Records prunes when tracing is on, and every event when the event log is on: keeps the
/// path of moves from the root, and at most [`Config::trace_limit`] prunes (and as many
/// events); the ones after that are only counted ([`Tracer::dropped`],
/// [`Tracer::log_dropped`]), so memory stays bounded whatever the tree. Nothing is
/// allocated when tracing is off, and each hook is one predictable branch.
#[derive(Clone, Debug)]
pub(crate) struct Tracer<M> {
    enabled: bool,
    log_on: bool,
    limit: usize,
    path: Vec<M>,
    /// The prunes recorded so far.
    pub events: Vec<PruneEvent<M>>,
    /// The prunes not recorded because `events` was full.
    pub dropped: u64,
    /// The event log so far.
    pub log: Vec<SearchEvent<M>>,
    /// The events not recorded because `log` was full.
    pub log_dropped: u64,
}

impl<M: Copy> Tracer<M> {
    /// A tracer for a search under `config`: it records prunes iff [`Config::trace`] or
    /// [`Config::events`], and events iff [`Config::events`], up to [`Config::trace_limit`]
    /// of each.
    pub fn new(config: &Config) -> Tracer<M> {
        let log_on = config.events == Events::Record;
        Tracer {
            enabled: config.trace || log_on,
            log_on,
            limit: config.trace_limit,
            path: Vec::new(),
            events: Vec::new(),
            dropped: 0,
            log: Vec::new(),
            log_dropped: 0,
        }
    }

    /// A tracer that records nothing.
    pub fn off() -> Tracer<M> {
        Tracer::new(&Config::default())
    }

    /// Enters the child reached by `mv` (no-op when disabled).
    #[inline]
    pub fn push(&mut self, mv: M) {
        if self.enabled {
            self.path.push(mv);
        }
    }

    /// Leaves the current child (no-op when disabled).
    #[inline]
    pub fn pop(&mut self) {
        if self.enabled {
            self.path.pop();
        }
    }

    /// Records a visit of the current node (no-op unless the event log is on).
    #[inline(always)]
    pub fn visit(&mut self) {
        if self.log_on {
            self.log_event(|path| SearchEvent::Visit { path });
        }
    }

    /// Records the static value of the current node (no-op unless the event log is on).
    #[inline(always)]
    pub fn leaf(&mut self, value: &Scores) {
        if self.log_on {
            self.log_event(|path| SearchEvent::Leaf {
                path,
                value: value.as_slice().to_vec(),
            });
        }
    }

    /// Records the static value of the current node, computed by `value` only when the event
    /// log is on. For the searches that use one component of the value (two-player, paranoid,
    /// best-reply): with the vector needed only inside the log's branch, the compiler computes
    /// just the component the search reads, as it did before the log existed (recording the
    /// vector eagerly cost the random-tree alpha-beta benchmark half its speed).
    #[inline(always)]
    pub fn leaf_with(&mut self, value: impl FnOnce() -> Scores) {
        if self.log_on {
            let v = value();
            self.leaf(&v);
        }
    }

    /// Records the vector the current node returns (no-op unless the event log is on).
    #[inline(always)]
    pub fn backup(&mut self, value: &Scores) {
        if self.log_on {
            self.log_event(|path| SearchEvent::Backup {
                path,
                value: value.as_slice().to_vec(),
            });
        }
    }

    /// Records that the current node returns no value (a prune with no value of its own;
    /// no-op unless the event log is on).
    #[inline(always)]
    pub fn backup_nothing(&mut self) {
        if self.log_on {
            self.log_event(|path| SearchEvent::Backup {
                path,
                value: Vec::new(),
            });
        }
    }

    /// Records the one number the current node returns (two-player searches; no-op unless
    /// the event log is on).
    #[inline(always)]
    pub fn backup_score(&mut self, value: Score) {
        if self.log_on {
            self.log_event(|path| SearchEvent::Backup {
                path,
                value: vec![value],
            });
        }
    }

    /// Records that the current node is searched again (no-op unless the event log is on).
    #[inline(always)]
    pub fn re_search(&mut self) {
        if self.log_on {
            self.log_event(|path| SearchEvent::ReSearch { path });
        }
    }

    #[cold]
    #[inline(never)]
    fn log_event(&mut self, make: impl FnOnce(Vec<M>) -> SearchEvent<M>) {
        if self.log.len() >= self.limit {
            self.log_dropped += 1;
            return;
        }
        let e = make(self.path.clone());
        self.log.push(e);
    }

    /// Records a prune at the current node (no-op when disabled).
    #[inline(always)]
    pub fn prune(
        &mut self,
        kind: CutoffKind,
        bounds: &[i64],
        threshold: i64,
        pruned_children: u32,
    ) {
        if self.enabled {
            self.record(kind, bounds, threshold, pruned_children);
        }
    }

    #[cold]
    #[inline(never)]
    fn record(&mut self, kind: CutoffKind, bounds: &[i64], threshold: i64, pruned_children: u32) {
        let e = PruneEvent {
            path: self.path.clone(),
            kind,
            bounds: bounds.to_vec(),
            threshold,
            pruned_children,
        };
        if self.log_on {
            if self.log.len() >= self.limit {
                self.log_dropped += 1;
            } else {
                self.log.push(SearchEvent::Prune(e.clone()));
            }
        }
        if self.events.len() >= self.limit {
            self.dropped += 1;
            return;
        }
        self.events.push(e);
    }
}

/// Fails with [`SearchError::TooManyPlayers`] unless `game` has exactly two players.
pub fn require_two_players<G: Game>(game: &G, algorithm: &'static str) -> Result<(), SearchError> {
    match game.players() {
        2 => Ok(()),
        players => Err(SearchError::TooManyPlayers { algorithm, players }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{ExplicitTree, TreeEval};

    /// The digits after the decimal point of `x` as Rust prints it (as JSON does).
    fn decimals(x: f64) -> usize {
        let text = x.to_string();
        text.split_once('.').map_or(0, |(_, d)| d.len())
    }

    /// `elapsed_ms` prints as whole nanoseconds (issue #31: `elapsed_ms 0.046088000000000004`):
    /// at most six decimals, for single durations and for sums of them.
    #[test]
    fn elapsed_milliseconds_print_as_whole_nanoseconds() {
        for n in (0..200_000u64).chain([46_088, 1_623, 123_456_789, 3_600_000_000_007]) {
            let ms = duration_ms(Duration::from_nanos(n));
            assert!(decimals(ms) <= 6, "{n} ns printed as {ms} ms");
        }
        let mut total = Stats::default();
        for n in [100_000u64, 200_000, 46_088, 1_623, 7] {
            let one = Stats {
                elapsed_ms: duration_ms(Duration::from_nanos(n)),
                ..Stats::default()
            };
            total.accumulate(&one);
            assert!(
                decimals(total.elapsed_ms) <= 6,
                "sum printed as {}",
                total.elapsed_ms
            );
        }
        assert_eq!(total.elapsed_ms, 0.347718);
    }

    /// A two-player constant-sum tree of height 3 that every algorithm accepts.
    fn tree() -> ExplicitTree {
        ExplicitTree::from_json_str(
            r#"{ "players": 2, "maxsum": 10, "lower": 0, "constant_sum": true,
              "root": { "player": 0, "children": [
                { "player": 1, "children": [
                    { "player": 0, "children": [ { "value": [3, 7] }, { "value": [6, 4] } ] },
                    { "player": 0, "children": [ { "value": [5, 5] }, { "value": [2, 8] } ] } ] },
                { "player": 1, "children": [
                    { "player": 0, "children": [ { "value": [7, 3] }, { "value": [1, 9] } ] },
                    { "value": [4, 6] } ] },
                { "player": 1, "children": [
                    { "value": [8, 2] },
                    { "player": 0, "children": [ { "value": [0, 10] }, { "value": [9, 1] } ] } ] } ] } }"#,
        )
        .unwrap()
    }

    fn with_nodes(n: u64) -> Config {
        let mut c = Config::unlimited();
        c.limits.nodes = Some(n);
        c
    }

    #[test]
    fn defect_13_node_limit_n_lets_exactly_n_nodes_through() {
        let t = tree();
        for &a in Algorithm::ALL {
            let full = run(a, &t, &TreeEval, &0, &Config::unlimited())
                .unwrap_or_else(|e| panic!("{a}: {e}"));
            let size = full.stats.nodes;
            assert!(size > 2, "{a}");
            // Exactly the nodes the search needs: it finishes, with the same counts.
            let exact = run(a, &t, &TreeEval, &0, &with_nodes(size)).unwrap();
            assert_eq!(exact.value, full.value, "{a}");
            assert_eq!(exact.stats.nodes, size, "{a}");
            // One fewer, and one: stopped, having visited exactly the limit.
            for n in [size - 1, 1] {
                match run(a, &t, &TreeEval, &0, &with_nodes(n)) {
                    Err(SearchError::Stopped(StopReason::NodeLimit, s)) => {
                        assert_eq!(s.nodes, n, "{a} with a limit of {n}");
                        assert_eq!(s.expansions, n - 1, "{a} with a limit of {n}");
                    }
                    other => panic!("{a} with a limit of {n}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn defect_13_iterative_node_limit_counts_at_most_n_nodes_in_total() {
        let t = tree();
        for a in [Algorithm::Maxn, Algorithm::AlphaBeta, Algorithm::Hypermax] {
            let depth1 = run(a, &t, &TreeEval, &0, &Config::depth(1)).unwrap();
            for n in [1, depth1.stats.nodes + 2] {
                let total = match run_iterative(a, &t, &TreeEval, &0, &with_nodes(n)) {
                    Ok(r) => r.stats.nodes,
                    Err(SearchError::Stopped(_, s)) => s.nodes,
                    Err(e) => panic!("{a}: {e}"),
                };
                assert_eq!(total, n, "{a} with a limit of {n}");
            }
        }
    }

    #[test]
    fn defect_12_clock_is_read_after_every_wide_expansion() {
        // A deadline far away: the clock is read, never reached.
        let limits = Limits {
            deadline: Some(Instant::now() + Duration::from_secs(3600)),
            ..Limits::default()
        };
        let mut m = Meter::new(&limits);
        m.visit(0).unwrap();
        for expansion in 1..=10 {
            // 65,536 children generated, then the first one visited.
            m.work(65_536);
            m.visit(1).unwrap();
            assert_eq!(m.clock_reads(), expansion);
        }
        assert_eq!(m.stats.nodes, 11, "work is not counted as nodes");
        // Small expansions: one reading per DEADLINE_CHECK_INTERVAL units.
        let mut m = Meter::new(&limits);
        for _ in 0..DEADLINE_CHECK_INTERVAL / 2 {
            m.work(1);
            m.visit(1).unwrap();
        }
        assert_eq!(m.clock_reads(), 1);
    }

    #[test]
    fn work_reads_no_clock_without_deadline() {
        let mut m = Meter::new(&Limits::default());
        for _ in 0..10 {
            m.work(1 << 40);
            m.visit(1).unwrap();
        }
        assert_eq!(m.clock_reads(), 0);
        assert_eq!(m.stats.nodes, 10);
    }
}
