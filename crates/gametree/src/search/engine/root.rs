//! The root drivers: one search of the root to a fixed depth, by a full window, by
//! aspiration windows (Brudno 1963; Slate & Atkin 1977) or by MTD(f) (Plaat, Schaeffer,
//! Pijls & de Bruin 1996). Each takes the one [`Searcher`] whose table, ordering state
//! and counters the passes share.

use super::node::Searcher;
use super::options::Root;
use crate::eval::Evaluator;
use crate::game::{Game, Score};
use crate::hash::Hashing;
use crate::search::two_player::minimax::INF;
use crate::search::StopReason;

/// One search of the root to `depth` with the driver `root`, from the guess `guess` (the
/// previous iteration's value; MTD(f) without one starts from the root's static value,
/// aspiration without one uses the full window). Returns the root value in engine numbers.
pub(crate) fn drive<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    s: &mut Searcher<'_, G, E, H>,
    state: &G::State,
    depth: u32,
    root: Root,
    guess: Option<Score>,
) -> Result<Score, StopReason> {
    match (root, guess) {
        (Root::Full, _) | (Root::Aspiration { .. }, None) => s.search_root(state, depth, -INF, INF),
        (Root::Aspiration { delta }, Some(g)) => aspiration_root(s, state, depth, g, delta),
        (Root::Mtdf, g) => {
            let g = g.unwrap_or_else(|| s.static_value(state));
            mtdf_root(s, state, depth, g)
        }
    }
}

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

/// MTD(f) at the root to `depth` from the first guess `f`: passes with the null window
/// `(beta - 1, beta)`, `beta = g + 1` when `g` equals the lower bound else `g`, each
/// narrowing `[lower, upper]` until they meet. Every pass after the first counts one
/// `re_searches`. Returns the exact root value (engine numbers); the root's best move is
/// the one found by the last pass that failed high.
pub fn mtdf_root<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    s: &mut Searcher<'_, G, E, H>,
    state: &G::State,
    depth: u32,
    f: Score,
) -> Result<Score, StopReason> {
    let mut g = f.clamp(-INF + 1, INF - 1);
    let (mut lower, mut upper) = (-INF, INF);
    let mut passes = 0u64;
    let mut best = None;
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        g = s.search_root(state, depth, beta - 1, beta)?;
        passes += 1;
        if g < beta {
            upper = g;
        } else {
            lower = g;
            best = s.root_best();
        }
    }
    s.meter.stats.re_searches += passes.saturating_sub(1);
    s.set_root_best(best);
    Ok(g)
}
