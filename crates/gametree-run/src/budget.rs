//! The budget of a search, one type for every front: [`Budget`] (a depth, a node count, a
//! time in milliseconds, each optional, and the clock of the time), read from JSON and Python
//! keywords (`depth`, `nodes`, `time_ms`, `clock`) and from the command line (`--depth`,
//! `--nodes`, `--time-ms`, `--clock`: the command line's own arguments convert into it), and
//! turned into the core's [`gametree::search::Limits`] when the search starts
//! ([`Budget::at`]). The MCTS iterations a budget implies are here too
//! ([`mcts_iterations`]).

use std::time::{Duration, Instant};

use gametree::search::mcts::MctsConfig;
use gametree::search::{self, Clock, Stop};
use serde::{Deserialize, Serialize};

/// The budget of one search: `None` is no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Depth limit in plies (to the end of the game when omitted).
    #[serde(default)]
    pub depth: Option<u32>,
    /// Node limit: at most N nodes are visited (a search stopped by it reports an error, or
    /// with --iterative the last completed iteration).
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Time limit in milliseconds, from the start of the search work (table set-up
    /// included).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// The clock of the time limit: `wall` (wall-clock time, the default) or `cpu` (the
    /// processor time of the searching thread, which the machine's other work does not use
    /// up).
    #[serde(default)]
    pub clock: Clock,
}

impl Budget {
    /// The names of the fields, as JSON and Python's keywords spell them (a test checks
    /// them against the serialised fields, and Python's keywords against them).
    pub const FIELDS: [&'static str; 4] = ["depth", "nodes", "time_ms", "clock"];

    /// No limit at all.
    pub const NONE: Budget = Budget {
        depth: None,
        nodes: None,
        time_ms: None,
        clock: Clock::Wall,
    };

    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        *self == Budget::NONE
    }

    /// The core's limits for a search whose work starts at `start`: the deadline counts
    /// from it, on [`Budget::clock`] (a processor-time deadline is the calling thread's:
    /// call this on the thread that searches, at `start`; on a system without that clock,
    /// the wall clock); `stop`, when given, is the search's stop request.
    pub fn at(&self, start: Instant, stop: Option<Stop>) -> search::Limits {
        let limits = search::Limits {
            depth: self.depth,
            nodes: self.nodes,
            start: Some(start),
            stop,
            ..search::Limits::default()
        };
        match self.time_ms.map(Duration::from_millis) {
            None => limits,
            Some(t) => limits
                .with_time(t, self.clock, start)
                .or_else(|_| limits.with_time(t, Clock::Wall, start))
                .unwrap_or(limits),
        }
    }
}

/// MCTS runs at most this many iterations per node of its node budget (the library's
/// [`gametree::search::mcts::ITERATIONS_PER_NODE`], which every node limit gets).
pub const MCTS_ITERATIONS_PER_NODE: u64 = gametree::search::mcts::ITERATIONS_PER_NODE;

/// The MCTS parameters of a search without MCTS options under `budget`: the library's
/// defaults, with the iterations that the budget implies ([`mcts_iterations`]).
pub fn mcts_defaults(budget: &Budget) -> MctsConfig {
    MctsConfig {
        iterations: mcts_iterations(None, budget),
        ..MctsConfig::default()
    }
}

/// The iterations of MCTS: `iterations` when given; else the library's default without any
/// limit, [`MCTS_ITERATIONS_PER_NODE`] per node under a node limit alone, and no cap under
/// a clock.
pub fn mcts_iterations(iterations: Option<u64>, budget: &Budget) -> u64 {
    match (iterations, budget.nodes, budget.time_ms) {
        (Some(n), _, _) => n,
        (None, None, None) => MctsConfig::default().iterations,
        // A tree smaller than the node budget never reaches it: once every line ends at a
        // terminal node, iterations add no node. Without a clock they need an end too.
        (None, Some(n), None) => n.saturating_mul(MCTS_ITERATIONS_PER_NODE),
        _ => u64::MAX,
    }
}
