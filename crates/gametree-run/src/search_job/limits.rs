//! The budget of a search, one type for every front: [`Limits`] (a depth, a node count, a
//! time in milliseconds, each optional), read from JSON and Python keywords (`depth`,
//! `nodes`, `time_ms`) and from the command line (`--depth`, `--nodes`, `--time-ms`), and
//! turned into the core's [`gametree::search::Limits`] when the search starts.

use std::time::{Duration, Instant};

use gametree::search::{self, Stop};
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
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time_ms: None,
    };

    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        *self == Limits::NONE
    }

    /// The core's limits for a search whose work starts at `start`: the deadline counts
    /// from it; `stop`, when given, is the search's stop request.
    pub fn at(&self, start: Instant, stop: Option<Stop>) -> search::Limits {
        search::Limits {
            depth: self.depth,
            nodes: self.nodes,
            deadline: self.time_ms.map(|t| start + Duration::from_millis(t)),
            start: Some(start),
            stop,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deadline_counts_from_the_start_given() {
        let start = Instant::now();
        let l = Limits {
            depth: Some(3),
            nodes: Some(10),
            time_ms: Some(5),
        }
        .at(start, None);
        assert_eq!(l.deadline, Some(start + Duration::from_millis(5)));
        assert_eq!(
            (l.depth, l.nodes, l.start),
            (Some(3), Some(10), Some(start))
        );
        assert!(Limits::NONE.is_unlimited());
    }

    #[test]
    fn limits_read_from_json_with_the_api_names() {
        let l: Limits = serde_json::from_str(r#"{"depth": 2, "time_ms": 7}"#).unwrap();
        assert_eq!(
            l,
            Limits {
                depth: Some(2),
                nodes: None,
                time_ms: Some(7)
            }
        );
    }
}
