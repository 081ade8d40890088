//! MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): the minimax value found by a sequence
//! of null-window searches converging from a first guess; with a transposition table each
//! pass re-uses the work of the previous ones.

use super::engine::{Hashing, NoHash, Options, Root, Searcher};
use super::minimax::INF;
use super::{Config, SearchError, SearchResult, StopReason};
use crate::eval::Evaluator;
use crate::game::{Game, Score};

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

/// MTD(f) at a fixed depth, as a registry algorithm: one MTD(f) search at
/// `config.limits.depth` from the root's static value, with PVS-free null-window passes and
/// killer moves, no table (the registry takes any [`Game`]; every pass then searches
/// afresh: [`crate::search::engine::search`] with [`crate::search::engine::GameHash`] and
/// [`Root::Mtdf`] is the real thing).
///
/// - **Paper**: Plaat et al. (1996), "Best-first fixed-depth minimax algorithms".
/// - **Computes**: exactly [`crate::search::alphabeta`]'s value (player 0's number).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: the best move is that of the last pass that failed high.
/// - **Preconditions**: exactly two players.
/// - **Counts**: as [`crate::search::engine::search`] (every pass's nodes; passes after
///   the first in `re_searches`), one iteration.
/// - **Result**: as [`crate::search::engine`]; without a table the PV is the best move
///   only when the last pass failed low.
pub fn mtdf<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    let options = Options {
        table_mib: 0,
        pvs: false,
        root: Root::Mtdf,
        ..Options::STRONG
    };
    super::engine::search_fixed(game, eval, &NoHash, state, config, &options, None)
}
