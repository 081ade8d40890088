//! Iterative deepening over any fixed-depth search.

use std::time::Instant;

use super::{duration_ms, Config, SearchError, SearchResult, Stats};

/// Iterative deepening: runs `search` at depths 1, 2, ... up to `config.limits.depth`
/// (unbounded when `None`), and returns the result of the last completed iteration with the
/// counts of every iteration summed (`expansions` summed over iterations, as TARGETS.md
/// counts them; `iterations` = completed iterations; `depth` = the last completed depth).
///
/// The node limit applies to the total over all iterations; the deadline to the whole run.
/// `elapsed_ms` is the time of the whole run, from [`super::Limits::start`] when it is set.
/// An iteration stopped by a limit is abandoned, but its nodes are counted. Deepening stops
/// early when an iteration reaches no node at its depth limit (the tree is exhausted).
///
/// Fails only if not even the depth-1 iteration completes (or the search itself fails).
pub fn iterative_deepening<M, F>(config: &Config, search: F) -> Result<SearchResult<M>, SearchError>
where
    F: FnMut(&Config) -> Result<SearchResult<M>, SearchError>,
{
    iterative_deepening_observed(config, search, |_| {})
}

/// [`iterative_deepening`], calling `observe` once after each completed iteration with the
/// result it would return if deepening stopped there (counts summed so far, `depth` the
/// iteration's, `elapsed_ms` since the start). The observer sees results; it cannot change
/// them: the returned result is the same as [`iterative_deepening`]'s.
pub fn iterative_deepening_observed<M, F, O>(
    config: &Config,
    mut search: F,
    mut observe: O,
) -> Result<SearchResult<M>, SearchError>
where
    F: FnMut(&Config) -> Result<SearchResult<M>, SearchError>,
    O: FnMut(&SearchResult<M>),
{
    let max_depth = config.limits.depth.unwrap_or(u32::MAX);
    let start = config.limits.start.unwrap_or_else(Instant::now);
    let mut total = Stats::default();
    let mut best: Option<SearchResult<M>> = None;
    let mut depth = 1;
    while depth <= max_depth {
        let mut iteration = *config;
        iteration.limits.depth = Some(depth);
        if let Some(n) = config.limits.nodes {
            iteration.limits.nodes = Some(n.saturating_sub(total.nodes));
        }
        match search(&iteration) {
            Ok(mut r) => {
                total.accumulate(&r.stats);
                total.elapsed_ms = duration_ms(start.elapsed());
                let reached = r.stats.depth;
                total.depth = depth;
                r.stats = total;
                observe(&r);
                best = Some(r);
                if reached < depth {
                    break;
                }
            }
            Err(SearchError::Stopped(reason, stats)) => {
                total.accumulate(&stats);
                total.iterations -= stats.iterations;
                total.elapsed_ms = duration_ms(start.elapsed());
                match best.as_mut() {
                    Some(b) => {
                        let depth = b.stats.depth;
                        b.stats = total;
                        b.stats.depth = depth;
                    }
                    None => return Err(SearchError::Stopped(reason, Box::new(total))),
                }
                break;
            }
            Err(e) => return Err(e),
        }
        depth += 1;
    }
    match best {
        Some(b) => Ok(b),
        None => {
            // max_depth == 0: a single static search.
            let mut once = *config;
            once.limits.start = Some(start);
            let mut r = search(&once)?;
            r.stats.iterations = 1;
            Ok(r)
        }
    }
}
