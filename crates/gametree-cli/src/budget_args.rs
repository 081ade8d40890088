//! The budget flags of `gametree search` and `gametree tournament` (`--depth`, `--nodes`,
//! `--time-ms`, `--clock`), read into the one budget type of every front,
//! [`gametree_run::budget::Budget`]: the run crate knows serde, not clap.

use clap::Args;
use gametree::search::Clock;
use gametree_run::budget::Budget;

/// `--depth`, `--nodes`, `--time-ms` and `--clock` (a command may change their help and
/// ranges with `mut_arg`, as `gametree tournament` does).
#[derive(Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BudgetArgs {
    /// Depth limit in plies, at most 10000 (to the end of the game when omitted).
    #[arg(long, short, value_name = "D",
        value_parser = clap::value_parser!(u32).range(0..=gametree_run::stack::MAX_PLIES as i64))]
    pub depth: Option<u32>,
    /// Node limit: at most N nodes are visited (a search stopped by it reports an error, or
    /// with --iterative the last completed iteration).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Time limit in milliseconds, from the start of the search work (table set-up
    /// included).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    pub time_ms: Option<u64>,
    /// The clock of the time limit: `wall` (wall-clock time, the default) or `cpu` (the
    /// processor time of the searching thread, which the machine's other work does not use
    /// up).
    #[arg(long, value_name = "wall|cpu", default_value = "wall")]
    pub clock: Clock,
}

impl From<BudgetArgs> for Budget {
    fn from(a: BudgetArgs) -> Budget {
        Budget {
            depth: a.depth,
            nodes: a.nodes,
            time_ms: a.time_ms,
            clock: a.clock,
        }
    }
}
