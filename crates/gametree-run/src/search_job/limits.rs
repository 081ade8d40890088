//! The budget of a search, one type for every front: [`Limits`] (a depth, a node count, a
//! time in milliseconds, each optional, and the clock of the time), read from JSON and Python
//! keywords (`depth`, `nodes`, `time_ms`, `clock`) and from the command line (`--depth`,
//! `--nodes`, `--time-ms`, `--clock`), and turned into the core's
//! [`gametree::search::Limits`] when the search starts.

use std::time::{Duration, Instant};

use gametree::search::{self, Clock, Stop};
use serde::Deserialize;

/// The budget of one search: `None` is no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Limits {
    /// Depth limit in plies, at most 10000 (to the end of the game when omitted).
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, short, value_name = "D",
        value_parser = clap::value_parser!(u32).range(0..=crate::stack::MAX_PLIES as i64)))]
    pub depth: Option<u32>,
    /// Node limit: at most N nodes are visited (a search stopped by it reports an error, or
    /// with --iterative the last completed iteration).
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..)))]
    pub nodes: Option<u64>,
    /// Time limit in milliseconds, from the start of the search work (table set-up
    /// included).
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, value_name = "T",
        value_parser = clap::value_parser!(u64).range(1..)))]
    pub time_ms: Option<u64>,
    /// The clock of the time limit: `wall` (wall-clock time, the default) or `cpu` (the
    /// processor time of the searching thread, which the machine's other work does not use
    /// up).
    #[serde(default)]
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "wall|cpu", default_value = "wall")
    )]
    pub clock: Clock,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time_ms: None,
        clock: Clock::Wall,
    };

    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        *self == Limits::NONE
    }

    /// The core's limits for a search whose work starts at `start`: the deadline counts
    /// from it, on [`Limits::clock`] (a processor-time deadline is the calling thread's:
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
