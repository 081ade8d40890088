//! Aspiration windows (Brudno 1963; Slate & Atkin 1977): the root searched with a narrow
//! window around the previous iteration's value, widened and re-searched on failure.

use super::engine::{Hashing, Options, Root, Searcher};
use super::minimax::INF;
use super::{Config, SearchError, SearchResult, StopReason};
use crate::eval::Evaluator;
use crate::game::{Game, Score};

/// Searches the root to `depth` with aspiration windows around `guess`: first
/// `(guess - delta, guess + delta)`; on a fail low at `r` (fail-soft: the value is at most
/// `r`) the window becomes `(r - delta', r + 1)`, on a fail high `(r - 1, r + delta')`, with
/// `delta' = 4 * delta` growing 4-fold per failure, until the value falls strictly inside.
/// Each failure counts one `re_searches`. Returns the exact root value (engine numbers).
pub fn aspiration_root<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    s: &mut Searcher<'_, G, E, H>,
    state: &G::State,
    depth: u32,
    guess: Score,
    delta: Score,
) -> Result<Score, StopReason> {
    let mut delta = delta.max(1);
    let mut lo = guess.saturating_sub(delta).max(-INF);
    let mut hi = guess.saturating_add(delta);
    loop {
        let r = s.search_root(state, depth, lo, hi)?;
        if r > lo && r < hi {
            return Ok(r);
        }
        // The bounds at infinity cannot fail.
        if lo == -INF && hi == INF {
            return Ok(r);
        }
        s.meter.stats.re_searches += 1;
        delta = delta.saturating_mul(4);
        if r <= lo {
            hi = r.saturating_add(1);
            lo = r.saturating_sub(delta).max(-INF);
        } else {
            lo = r.saturating_sub(1).max(-INF);
            hi = r.saturating_add(delta);
        }
    }
}

/// Two-player alpha-beta with aspiration windows at a fixed depth, as a registry algorithm:
/// one search at `config.limits.depth` with PVS and killer moves, no table (the registry
/// takes any [`Game`]; [`crate::search::engine::search`] with
/// [`crate::search::engine::GameHash`] adds the table), the window centred on the root's
/// static value with half-width 50.
///
/// - **Paper**: see [`aspiration_root`].
/// - **Computes**: exactly [`crate::search::alphabeta`]'s value (player 0's number).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: first in search order (killer moves may reorder).
/// - **Preconditions**: exactly two players.
/// - **Counts**: as [`crate::search::engine::search`], one iteration.
/// - **Result**: as [`crate::search::engine`].
pub fn aspiration<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    let options = Options {
        table_mib: 0,
        root: Root::Aspiration { delta: 50 },
        ..Options::STRONG
    };
    super::engine::search_fixed(
        game,
        eval,
        &super::engine::NoHash,
        state,
        config,
        &options,
        None,
    )
}
