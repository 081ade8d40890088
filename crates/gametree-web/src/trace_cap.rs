//! The time a traced search's answer takes to write, set aside from the server's time cap.
//!
//! A trace holds at most `trace_limit` prunes (at most [`crate::ServerConfig::max_trace`]),
//! each with its line of moves from the root, at most as long as the search can go deep.
//! Writing it (the JSON object, then its bytes) comes after the search, so the search of a
//! traced request gets the server's time cap less the time its largest trace takes to write
//! ([`answer_reserve`]), and the whole answer fits the cap. A trace too large to be written
//! in half the cap is refused with the largest `trace_limit` that fits.

use std::time::Duration;

use gametree_run::input::Source;
use gametree_run::search_job::SearchRequest;

use crate::ApiError;

/// Moves of a trace the server writes per millisecond, counted low: under half the slowest
/// figure a release build gave on a loaded 2-core machine (1,090 to 3,540 moves per ms on
/// lines of 30 to 1,000 plies, prunes counted as [`MOVES_PER_PRUNE`] moves each; measured
/// once, when the cap was made), so the reserve covers a slower machine. That a capped
/// trace's answer fits the time cap is checked by the server's hardening tests.
pub const MOVES_PER_MS: u64 = 500;

/// What one prune costs to write beyond its line, in moves (its kind, bounds, threshold and
/// count of pruned children: about as much as ten moves of its line, measured as above).
pub const MOVES_PER_PRUNE: u64 = 10;

/// The time to set aside for writing the answer of the traced search `req` (its
/// `trace_limit` already capped) on `source` (what the request names, loaded once for the
/// search; `None` when it could not be: the search reports why) within a time cap of
/// `max_time_ms`: its largest trace, at [`MOVES_PER_MS`]. A trace that would need more than
/// half the cap is refused: the error names `trace_limit` and the largest value that fits.
pub fn answer_reserve(
    req: &SearchRequest,
    source: Option<&Source>,
    max_time_ms: u64,
) -> Result<Duration, ApiError> {
    let limit = req.trace_limit.unwrap_or(0);
    if !req.trace || limit == 0 {
        return Ok(Duration::ZERO);
    }
    // The longest line of the search, in plies (none when the request is malformed: the
    // search reports that).
    let Some(plies) = source.and_then(|s| s.search_plies(req.limits.depth).ok()) else {
        return Ok(Duration::ZERO);
    };
    let per_prune = plies.saturating_add(MOVES_PER_PRUNE);
    let moves = limit.saturating_mul(per_prune);
    let reserve_ms = moves.div_ceil(MOVES_PER_MS);
    let budget_ms = max_time_ms / 2;
    if reserve_ms > budget_ms {
        let fits = budget_ms.saturating_mul(MOVES_PER_MS) / per_prune;
        return Err(ApiError::bad(format!(
            "trace_limit: {limit} prunes on lines of up to {plies} moves take longer to write \
             than the server's time cap of {max_time_ms} ms allows: give trace_limit 0 to \
             {fits}, or a smaller depth"
        )));
    }
    Ok(Duration::from_millis(reserve_ms))
}
