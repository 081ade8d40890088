//! The engine's configuration ([`Options`], [`Side`], [`Root`]) and its answer
//! ([`EngineResult`], [`IterationInfo`]).

use super::ordering::Ordering;
use crate::game::Score;
use crate::search::SearchResult;

/// Whose number the engine maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Player 0 maximises, player 1 minimises, the root player's score in player 0's terms
    /// (`v[0]` when player 0 moves at the root, `-v[1]` when player 1 does): the two-player
    /// family's number ([`crate::search::minimax::key`]), so the root player maximises its
    /// own score on any two-player game, zero-sum or not. Two players only.
    First,
    /// The player to move at the root against everyone else (paranoid; any player count).
    RootMover,
}

/// How the root of each iteration is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    /// The full window `(-INF, INF)`.
    Full,
    /// Aspiration windows of half-width `delta` around the previous iteration's value
    /// ([`crate::search::aspiration()`]).
    Aspiration {
        /// The initial half-width (widened 4-fold on each failure).
        delta: Score,
    },
    /// MTD(f) from the previous iteration's value ([`crate::search::mtdf()`]).
    Mtdf,
}

/// The engine's configuration: each enhancement on its own switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition-table size in MiB; 0 for none (a table also needs [`crate::hash::GameHash`]).
    pub table_mib: usize,
    /// Move-ordering heuristics.
    pub ordering: Ordering,
    /// Principal variation search (NegaScout): null windows after the first move.
    pub pvs: bool,
    /// The root driver.
    pub root: Root,
    /// Win/loss magnitude for distance-to-end scoring (see the module docs), or `None`.
    pub mate: Option<Score>,
    /// Whose number is maximised.
    pub side: Side,
    /// Threads for [`crate::search::parallel`] (1 = serial; ignored by [`super::search`]).
    pub threads: usize,
}

impl Options {
    /// Plain fail-soft alpha-beta: no table, no ordering, full windows.
    pub const PLAIN: Options = Options {
        table_mib: 0,
        ordering: Ordering::NONE,
        pvs: false,
        root: Root::Full,
        mate: None,
        side: Side::First,
        threads: 1,
    };

    /// The strongest serial setting: a 16 MiB table, every ordering heuristic, PVS,
    /// aspiration windows of half-width 50.
    pub const STRONG: Options = Options {
        table_mib: 16,
        ordering: Ordering::ALL,
        pvs: true,
        root: Root::Aspiration { delta: 50 },
        mate: None,
        side: Side::First,
        threads: 1,
    };
}

impl Default for Options {
    fn default() -> Options {
        Options::STRONG
    }
}

/// What one completed iteration of iterative deepening found and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo<M> {
    /// The depth of the iteration.
    pub depth: u32,
    /// Nodes visited in this iteration (re-searches included).
    pub nodes: u64,
    /// Re-searches in this iteration.
    pub re_searches: u64,
    /// Wall-clock time since the start of the whole search, in milliseconds.
    pub elapsed_ms: f64,
    /// The value (the side's number, plain: see the module docs).
    pub value: Score,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The engine's answer: the usual result and the per-iteration statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult<M> {
    /// The result of the last completed iteration, counts summed over all iterations.
    pub result: SearchResult<M>,
    /// Every completed iteration, shallowest first.
    pub iterations: Vec<IterationInfo<M>>,
    /// Whether the last completed iteration searched every line to the end of the game (no
    /// depth-limit leaf, no table entry that had one): its value is then the game's value,
    /// whatever the depth.
    pub complete: bool,
}
