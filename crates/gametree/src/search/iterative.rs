//! Iterative deepening: one driver, [`deepen`], over a [`DepthSchedule`] (plies, or any
//! sequence of depths such as whole tricks in a card game), shared by the max^n family
//! ([`iterative_deepening`]), the two-player engine ([`crate::search::engine::iterate`]) and
//! the card games' deepening by tricks.
//!
//! The driver owns the accounting of limits and counts, once for every caller:
//!
//! - **Node limit**: [`Limits::nodes`] is the total over all iterations: each iteration is
//!   given what earlier iterations left of it.
//! - **Deadline**: [`Limits::deadline`] applies to the whole run, unchanged in each
//!   iteration.
//! - **Clock**: the run starts at [`Limits::start`] (the call of [`deepen`] when unset); each
//!   iteration is given that moment as its own `start`, and the result's
//!   [`Stats::elapsed_ms`] is the time of the whole run.
//! - **Counts**: the counts of every iteration are summed ([`Stats::accumulate`]), those of
//!   an iteration stopped by a limit included (its nodes were visited); `iterations` counts
//!   only completed iterations, and `depth` is the depth of the last completed one.
//!
//! [`Limits::nodes`]: super::Limits::nodes
//! [`Limits::deadline`]: super::Limits::deadline
//! [`Limits::start`]: super::Limits::start

use std::time::Instant;

use super::{duration_ms, Config, SearchError, SearchResult, Stats, StopReason};

/// The depths at which [`deepen`] searches, in order.
pub enum DepthSchedule<'a> {
    /// Depths 1, 2, ... up to `max` plies (without end when `None`); `max = Some(0)` is a
    /// single search at depth 0.
    Plies {
        /// The deepest iteration.
        max: Option<u32>,
    },
    /// Each depth computed from the last depth tried (`None` before the first iteration):
    /// the next depth, or `None` when the run is over. Called once per iteration, so it may
    /// read state that changes during the run (another thread's progress, say). For a card
    /// game, the depth in cards that completes the next trick.
    Next(Box<dyn FnMut(Option<u32>) -> Option<u32> + 'a>),
}

impl DepthSchedule<'_> {
    /// The depth after `last` (`None`: the first depth), or `None` when the run is over.
    fn next(&mut self, last: Option<u32>) -> Option<u32> {
        match self {
            DepthSchedule::Plies { max } => {
                let max = max.unwrap_or(u32::MAX);
                match last {
                    None => Some(max.min(1)),
                    Some(d) if d < max => Some(d + 1),
                    Some(_) => None,
                }
            }
            DepthSchedule::Next(f) => f(last),
        }
    }
}

/// What one iteration of [`deepen`] gives back.
#[derive(Clone, Debug, PartialEq)]
pub enum Iteration<M> {
    /// The iteration completed; deepening goes on.
    Completed(SearchResult<M>),
    /// The iteration completed and no deeper one can find anything else (the search reached
    /// no node at its depth limit: the tree is exhausted); deepening ends with it.
    Exhausted(SearchResult<M>),
    /// The iteration was abandoned, but deepening goes on with the next depth (a parallel
    /// helper whose depth another thread completed first): its counts are kept, it is not a
    /// completed iteration. `StopReason` is reported if no iteration completes at all.
    Skipped(StopReason, Box<Stats>),
}

impl<M> Iteration<M> {
    /// [`Iteration::Exhausted`] if `result` reached less than `depth` plies below the root
    /// (its [`Stats::depth`]), else [`Iteration::Completed`].
    pub fn by_depth(result: SearchResult<M>, depth: u32) -> Iteration<M> {
        if result.stats.depth < depth {
            Iteration::Exhausted(result)
        } else {
            Iteration::Completed(result)
        }
    }
}

/// The iterative-deepening driver: calls `iteration` once per depth of `schedule`, with
/// `config` at that depth (its node limit lowered by what earlier iterations used, its
/// [`super::Limits::start`] the start of the run) and the last completed iteration's result
/// (`None` before the first; its stats are the totals so far), until the schedule ends, an
/// iteration is [`Iteration::Exhausted`], or an iteration fails.
///
/// Returns the last completed iteration with the totals of the module docs:
/// `stats.iterations` = completed iterations, `stats.depth` = the depth of the last
/// completed iteration, `stats.elapsed_ms` = the time of the whole run, and every other count
/// summed over all iterations. An iteration stopped by a limit
/// ([`SearchError::Stopped`]) ends the run and is dropped: the result is the iteration before
/// it, with the stopped iteration's counts (nodes, leaves, ...) added to the totals but not
/// counted in `iterations`. Any other error is returned as it is.
///
/// Fails with [`SearchError::Stopped`] (carrying the totals) if no iteration completes: the
/// first one was stopped, every one was [`Iteration::Skipped`] (with the reason of the last
/// one), or the schedule gave no depth (reason [`StopReason::NodeLimit`]).
pub fn deepen<M, F>(
    config: &Config,
    schedule: DepthSchedule<'_>,
    iteration: F,
) -> Result<SearchResult<M>, SearchError>
where
    F: FnMut(&Config, Option<&SearchResult<M>>) -> Result<Iteration<M>, SearchError>,
{
    deepen_observed(config, schedule, iteration, |_| {})
}

/// [`deepen`], calling `observe` once after each completed iteration with the result
/// deepening would return if it stopped there (counts summed so far, `depth` the
/// iteration's, `elapsed_ms` since the start of the run). The observer sees results; it
/// cannot change them.
pub fn deepen_observed<M, F, O>(
    config: &Config,
    mut schedule: DepthSchedule<'_>,
    mut iteration: F,
    mut observe: O,
) -> Result<SearchResult<M>, SearchError>
where
    F: FnMut(&Config, Option<&SearchResult<M>>) -> Result<Iteration<M>, SearchError>,
    O: FnMut(&SearchResult<M>),
{
    let start = config.limits.start.unwrap_or_else(Instant::now);
    let mut total = Stats::default();
    let mut best: Option<SearchResult<M>> = None;
    let mut last = None;
    let mut stop_reason = StopReason::NodeLimit;
    while let Some(depth) = schedule.next(last) {
        last = Some(depth);
        let mut c = *config;
        c.limits.depth = Some(depth);
        c.limits.start = Some(start);
        if let Some(n) = config.limits.nodes {
            c.limits.nodes = Some(n.saturating_sub(total.nodes));
        }
        let (mut r, exhausted) = match iteration(&c, best.as_ref()) {
            Ok(Iteration::Completed(r)) => (r, false),
            Ok(Iteration::Exhausted(r)) => (r, true),
            Ok(Iteration::Skipped(reason, stats)) => {
                total.accumulate(&stats);
                total.iterations -= stats.iterations;
                stop_reason = reason;
                continue;
            }
            Err(SearchError::Stopped(reason, stats)) => {
                total.accumulate(&stats);
                total.iterations -= stats.iterations;
                stop_reason = reason;
                break;
            }
            Err(e) => return Err(e),
        };
        total.accumulate(&r.stats);
        total.depth = depth;
        total.elapsed_ms = duration_ms(start.elapsed());
        r.stats = total;
        observe(&r);
        best = Some(r);
        if exhausted {
            break;
        }
    }
    total.elapsed_ms = duration_ms(start.elapsed());
    match best {
        Some(mut b) => {
            let depth = b.stats.depth;
            b.stats = total;
            b.stats.depth = depth;
            Ok(b)
        }
        None => Err(SearchError::Stopped(stop_reason, Box::new(total))),
    }
}

/// Iterative deepening over any fixed-depth search: [`deepen`] with the schedule
/// [`DepthSchedule::Plies`] up to `config.limits.depth` (unbounded when `None`; a depth of 0
/// is a single search), each iteration `search` at that depth. Deepening stops early when an
/// iteration reaches no node at its depth limit (the tree is exhausted,
/// [`Iteration::by_depth`]).
///
/// Counts as [`deepen`] counts them: `expansions` summed over iterations (`nodes - 1` per
/// search), `iterations` = completed iterations, `depth` = the last completed depth; the node
/// limit is the total over all iterations, the deadline for the whole run, `elapsed_ms` the
/// whole run from [`super::Limits::start`] when it is set. An iteration stopped by a limit
/// is dropped, its nodes counted.
///
/// Fails only if not even the first iteration completes (or the search itself fails).
pub fn iterative_deepening<M, F>(config: &Config, search: F) -> Result<SearchResult<M>, SearchError>
where
    F: FnMut(&Config) -> Result<SearchResult<M>, SearchError>,
{
    iterative_deepening_observed(config, search, |_| {})
}

/// [`iterative_deepening`], calling `observe` once after each completed iteration with the
/// result it would return if deepening stopped there ([`deepen_observed`]). The returned
/// result is the same as [`iterative_deepening`]'s.
pub fn iterative_deepening_observed<M, F, O>(
    config: &Config,
    mut search: F,
    observe: O,
) -> Result<SearchResult<M>, SearchError>
where
    F: FnMut(&Config) -> Result<SearchResult<M>, SearchError>,
    O: FnMut(&SearchResult<M>),
{
    let schedule = DepthSchedule::Plies {
        max: config.limits.depth,
    };
    deepen_observed(
        config,
        schedule,
        |c, _| {
            let depth = c.limits.depth.unwrap_or(0);
            search(c).map(|r| Iteration::by_depth(r, depth))
        },
        observe,
    )
}
