//! Parallel search: lazy SMP (shared-table parallelism, as in Stockfish since 2015) with
//! ABDADA-style deferral of busy moves (Weill 1996; the simplified form of Kerrigan), for
//! the engine's alpha-beta/PVS ([`crate::search::engine::Side::First`]) and paranoid search
//! ([`crate::search::engine::Side::RootMover`]).
//!
//! # How
//!
//! Every thread runs the same iterative deepening on the same root, sharing one lock-free
//! transposition table ([`crate::search::tt`]) and a small lossy set of the positions
//! being searched, and the deepest completed iteration: a thread abandons an iteration
//! another thread has completed and goes on one deeper (so the threads work on the same
//! depth, where their table entries help each other). At a node with at least
//! `BUSY_DRAFT` (3) plies left, a thread searches
//! the first move at once (the eldest brother) and defers every later move whose position
//! another thread is searching to the end of its list; by the time it comes back to it,
//! the other thread has usually stored the result and the table cuts it off. So the
//! threads spread over different subtrees of the same tree, without split points.
//!
//! # Why not young-brothers-wait
//!
//! Young-brothers-wait (the `minimax` crate's `ParallelSearch`) splits at nodes whose
//! first child is done and hands the others to a work queue: it needs split points,
//! synchronisation inside the tree and a pool, and on two cores its overhead and idle
//! waiting at every split are what limit its speedup. Lazy SMP with deferral needs none of
//! this (a relaxed atomic load per deferrable move), and it keeps the value exact: a table
//! entry gives a cutoff only at its own draft and deferral only reorders moves, so every
//! thread computes exactly the fixed-depth alpha-beta value, and the first thread to finish
//! the last iteration gives the answer. It needs a table: with
//! [`crate::hash::NoHash`] or `table_mib = 0` the threads share nothing and only
//! the fastest one counts.
//!
//! Threads are started with [`std::thread::scope`] only here, when more than one is asked
//! for; the library starts no thread otherwise.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

use super::node::Searcher;
use super::options::{EngineResult, Options, Side};
use super::shared::{Busy, Shared};
use super::tt::Table;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::hash::Hashing;
use crate::search::{require_two_players, Config, Limits, SearchError, Stats, StopReason};

/// Lazy SMP with `options.threads` threads (1 = [`crate::search::engine::search`]).
///
/// - **Computes**: at every completed depth exactly the value of the serial engine (and so
///   of plain alpha-beta, or paranoid for [`Side::RootMover`]) at that depth.
/// - **Result**: the result of the thread that completed the deepest iteration (the first
///   to complete `config.limits.depth` stops the others; among equal depths the main
///   thread's). Its best move and PV may differ from the serial search's among equal
///   values. `stats` sums the nodes of every thread (`nodes`, `leaves`, `expansions`,
///   `cutoffs`, `re_searches`); `iterations`, `depth` and the per-iteration statistics are
///   the chosen thread's (which may lack depths another thread completed first). Node
///   counts are not deterministic.
/// - **Limits**: the wall-clock deadline applies to every thread; the node limit to each
///   thread. A deadline on processor time ([`crate::search::Limits::cpu_deadline`]) is the
///   calling thread's (the main thread, which searches too): it stops at its deadline, and
///   the helper threads stop with it (a search of `T` threads uses about `T` times the
///   budget of processor time in all, as it uses `T` cores for the wall-clock budget).
///
/// Fails as [`crate::search::engine::search`] does.
pub fn search_parallel<G, E, H>(
    game: &G,
    eval: &E,
    hasher: &H,
    state: &G::State,
    config: &Config,
    options: &Options,
) -> Result<EngineResult<G::Move>, SearchError>
where
    G: Game + Sync,
    G::State: Sync,
    G::Move: Send,
    E: Evaluator<G> + Sync,
    H: Hashing<G> + Sync,
{
    super::Engine::for_hashing::<G, H>(options)?.search_parallel(game, eval, hasher, state, config)
}

/// [`search_parallel`] with `table` (the engine's, kept between searches).
pub(super) fn run<G, E, H>(
    game: &G,
    eval: &E,
    hasher: &H,
    state: &G::State,
    config: &Config,
    options: &Options,
    table: Option<&Table>,
) -> Result<EngineResult<G::Move>, SearchError>
where
    G: Game + Sync,
    G::State: Sync,
    G::Move: Send,
    E: Evaluator<G> + Sync,
    H: Hashing<G> + Sync,
{
    if options.side == Side::First {
        require_two_players(game, "the engine (side: player 0)")?;
    }
    let threads = options.threads.max(1);
    let done = AtomicBool::new(false);
    let busy = Busy::new(15);
    let completed = AtomicU32::new(0);
    let shared = Shared {
        stop: &done,
        completed: (threads > 1).then_some(&completed),
        busy: (threads > 1).then_some(&busy),
    };
    // A deadline on processor time is the calling thread's (its clock cannot be read from
    // another thread): the helpers search without it and stop when the calling thread stops.
    let helper_config = Config {
        limits: Limits {
            cpu_deadline: None,
            ..config.limits
        },
        ..*config
    };
    let run = |config: &Config| {
        let mut s = Searcher::new(game, eval, hasher, table, state, options);
        s.share(shared);
        let r = super::iterate(&mut s, state, config, options, Some(&done));
        // A thread stopped by the others ends the others' wait too.
        done.store(true, Relaxed);
        r
    };
    if threads == 1 {
        return run(config);
    }
    let results: Vec<Result<EngineResult<G::Move>, SearchError>> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|_| scope.spawn(|| run(&helper_config)))
            .collect();
        let mut all = vec![run(config)];
        for h in helpers {
            all.push(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        all
    });
    let mut total = Stats::default();
    let mut best: Option<EngineResult<G::Move>> = None;
    let mut first_error = None;
    for r in results {
        match r {
            Ok(r) => {
                total.accumulate(&r.result.stats);
                if best
                    .as_ref()
                    .is_none_or(|b| r.result.stats.depth > b.result.stats.depth)
                {
                    best = Some(r);
                }
            }
            Err(SearchError::Stopped(reason, stats)) => {
                total.accumulate(&stats);
                first_error.get_or_insert(SearchError::Stopped(reason, stats));
            }
            Err(e) => return Err(e),
        }
    }
    match best {
        Some(mut b) => {
            let keep = b.result.stats;
            b.result.stats = total;
            b.result.stats.iterations = keep.iterations;
            b.result.stats.depth = keep.depth;
            b.result.stats.elapsed_ms = keep.elapsed_ms;
            Ok(b)
        }
        None => {
            Err(first_error.unwrap_or(SearchError::Stopped(StopReason::Deadline, Box::new(total))))
        }
    }
}
