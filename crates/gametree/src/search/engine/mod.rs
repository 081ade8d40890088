//! The two-player (and paranoid) engine: fail-soft alpha-beta with an optional transposition
//! table ([`crate::search::tt`]), switchable move ordering ([`crate::search::ordering`]),
//! principal variation search, and iterative deepening with time control, whose root is
//! searched by one of three drivers: a full window, aspiration windows
//! ([`crate::search::aspiration()`]) or MTD(f) ([`crate::search::mtdf()`]). Parallel search is in
//! [`crate::search::parallel`].
//!
//! The pieces compose through [`Options`]: [`search`] runs iterative deepening with them;
//! [`Searcher`] is the node search the drivers share.
//!
//! # Values
//!
//! The engine reads one number per leaf, as [`Options::side`] says: for [`Side::First`] the
//! two-player family's [`crate::search::minimax::key`] (the root player's score in player
//! 0's terms, which player 0 maximises and player 1 minimises, as
//! [`crate::search::alphabeta()`] does); for [`Side::RootMover`] the root player's
//! component, which it maximises and every other player minimises (as
//! [`crate::search::paranoid()`] does). Both are clamped as the key is. On two players both
//! make the root player maximise its own score, so they choose the same moves.
//!
//! **Win and loss scores.** With [`Options::mate`] `= Some(m)`, a leaf whose number has
//! magnitude at least `m` is a game end, and the engine prefers the shortest win and the
//! longest loss: inside the search such a leaf at ply `p` is worth `v - p` when `v >= m`
//! and `v + p` when `v <= -m`. In the table, such values are stored relative to the node
//! (`+ply` for wins, `-ply` for losses: the distance to the end from the node) and turned
//! back into root-relative values when read. The root value is mapped back (every value of
//! magnitude at least `m - w`, with the mate window `w = min(MATE_PLIES, m / 2)`, becomes
//! `±m`), so the value reported is exactly the plain minimax value: mapping every leaf by a
//! non-decreasing function and back commutes with minimax. Preconditions: `m > 0`; every
//! leaf of magnitude at least `m - w` has magnitude exactly `m`; the search is less than
//! `w` plies deep (connect four: `m = WIN = 1,000,000`, `w = 4096`, heuristics within 276;
//! tic-tac-toe: `m = 100`, `w = 50`, heuristics within 8).
//! With `mate = None` (the default) values are used as they are.
//!
//! # Transposition table and fixed depth
//!
//! A table entry gives a cutoff only when its draft (depth left when stored) equals the
//! draft of the node probing it: the depth-limited value of a position depends on the
//! position and the depth left only, so every configuration returns exactly the value of
//! plain alpha-beta at the same fixed depth (the acceptance tests check this on random trees
//! and connect four). Entries of another draft give their best move only. In connect four
//! and tic-tac-toe the ply of a position is its stone count, so within one iteration every
//! transposition has the same draft and nothing is lost.
//!
//! # Result
//!
//! [`EngineResult::result`] is a [`SearchResult`] as the other two-player searches give it:
//! `pv` the principal variation (moves from the triangular table, extended by the table's
//! best moves where a table cutoff cut it short), `best_move` its first move, `value` the
//! vector of the leaf the PV reaches when its number equals the search value (else that
//! vector with the component the number reads replaced so that it does: this happens only
//! when the PV could not be completed), `score = value[player to move at the root]`.
//! [`EngineResult::iterations`] has one [`IterationInfo`] per completed iteration.
//!
//! Tie-breaking: the first move in search order wins a tie; search order is the game's order
//! after [`Evaluator::order`] re-sorted by the heuristics on, so with ordering on the best
//! move among equals may differ from plain alpha-beta's (the value never does).

pub mod ordering;
pub mod parallel;
pub mod tt;

mod mate;
mod node;
mod options;
mod registry;
mod root;
mod shared;

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

pub use self::mate::{mate_window, MATE_PLIES};
pub use self::node::{Searcher, TABLE_MIN_DRAFT};
pub use self::options::{EngineResult, IterationInfo, Options, Root, Side};
pub use self::parallel::search_parallel;
pub use self::registry::{aspiration, mtdf, pvs};
pub use self::root::{aspiration_root, mtdf_root};

/// Principal variation search at a fixed depth (the path `search::pvs::pvs`).
pub mod pvs {
    pub use super::registry::pvs;
}

/// Aspiration windows: the root driver and the fixed-depth search (the paths
/// `search::aspiration::{aspiration_root, aspiration}`).
pub mod aspiration {
    pub use super::registry::aspiration;
    pub use super::root::aspiration_root;
}

/// MTD(f): the root driver and the fixed-depth search (the paths
/// `search::mtdf::{mtdf_root, mtdf}`).
pub mod mtdf {
    pub use super::registry::mtdf;
    pub use super::root::mtdf_root;
}
/// The position-hashing adapters, re-exported where the engine's users found them first.
pub use crate::hash::{GameHash, Hashing, NoHash};

use self::root::drive;
use self::tt::Table;
use super::iterative::{deepen, DepthSchedule, Iteration};
use super::two_player::minimax::INF;
use super::{duration_ms, require_two_players, Config, SearchError, SearchResult};
use crate::eval::Evaluator;
use crate::game::{Game, Score};

/// Iterative deepening with the engine: iterations at depths 1, 2, ... up to
/// `config.limits.depth` (until the tree is exhausted when `None`), each searched by the
/// driver of `options.root` from the previous iteration's value; returns the last completed
/// iteration and every iteration's statistics.
///
/// - **Paper**: Slate & Atkin (1977), iterative deepening; the table and ordering of
///   [`crate::search::tt`] and [`crate::search::ordering`]; PVS (Marsland & Campbell 1982;
///   Reinefeld 1983, NegaScout), aspiration windows, MTD(f) (Plaat et al. 1996).
/// - **Computes**: at each depth exactly the value of plain alpha-beta
///   ([`crate::search::alphabeta()`] for [`Side::First`], [`crate::search::paranoid()`] for
///   [`Side::RootMover`]) at that depth (see the module docs).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: see the module docs.
/// - **Preconditions**: [`Side::First`] needs exactly two players
///   ([`SearchError::TooManyPlayers`]). With `mate`, see the module docs.
/// - **Counts**: `nodes`, `leaves`, `expansions` summed over iterations (re-searches
///   included), `re_searches` (PVS, aspiration and MTD(f) re-searches), `cutoffs.beta` /
///   `cutoffs.alpha` at the side's / the others' nodes when a move was left unsearched;
///   `iterations`, and `depth` = the last completed depth. Table cutoffs are not counted
///   as cutoffs.
/// - **Result**: see the module docs. The deadline ([`crate::search::Limits::deadline`]) is checked every
///   [`super::DEADLINE_CHECK_INTERVAL`] nodes; an iteration it or the node limit interrupts
///   is abandoned: its nodes are counted, it is not counted in `iterations`.
///
/// Fails with [`SearchError::Stopped`] only if the depth-1 iteration does not complete.
pub fn search<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    game: &G,
    eval: &E,
    hasher: &H,
    state: &G::State,
    config: &Config,
    options: &Options,
) -> Result<EngineResult<G::Move>, SearchError> {
    Engine::for_hashing::<G, H>(options)?.search(game, eval, hasher, state, config)
}

/// The engine of one game: its [`Options`] and a transposition table kept from one search to
/// the next (the positions of a game's successive searches overlap, so each search starts
/// from what the previous ones stored). [`Engine::clear`] empties the table in O(1) (see
/// [`crate::search::tt`]); each search starts a new table generation, so entries from
/// earlier searches are the first to be replaced.
///
/// Keeping the table changes no value: a table entry answers a node only at its own draft,
/// and a depth-limited value depends on the position and the draft only, for a fixed
/// evaluator, side and mate setting. The side is mixed into the table's keys (a paranoid
/// engine searching from each player's turn keeps their values apart); use one engine per
/// evaluator and [`Options::mate`] setting (or [`Engine::clear`] it between them), and one
/// per game rules.
#[derive(Debug)]
pub struct Engine {
    options: Options,
    table: Option<Table>,
}

impl Engine {
    /// An engine with `options` and, when `options.table_mib > 0`, its table (untouched
    /// memory costs nothing: the pages are mapped as searches first write them), or a
    /// [`SearchError::Table`] when the table cannot be allocated.
    pub fn new(options: &Options) -> Result<Engine, SearchError> {
        let table = if options.table_mib > 0 {
            Some(Table::try_with_mib(options.table_mib)?)
        } else {
            None
        };
        Ok(Engine {
            options: *options,
            table,
        })
    }

    /// An engine for a search with `H`'s hashes: no table when `H` has none.
    fn for_hashing<G: Game, H: Hashing<G>>(options: &Options) -> Result<Engine, SearchError> {
        if H::TABLE {
            Engine::new(options)
        } else {
            Engine::new(&Options {
                table_mib: 0,
                ..*options
            })
        }
    }

    /// The engine's options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The engine's table, if it has one.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// Empties the table in O(1) (a new game, another evaluator).
    pub fn clear(&self) {
        if let Some(t) = &self.table {
            t.clear();
        }
    }

    /// Iterative deepening from `state` with the engine's options and its table, one thread
    /// (as [`search`], which is this on a new engine).
    pub fn search<G: Game, E: Evaluator<G>, H: Hashing<G>>(
        &self,
        game: &G,
        eval: &E,
        hasher: &H,
        state: &G::State,
        config: &Config,
    ) -> Result<EngineResult<G::Move>, SearchError> {
        if self.options.side == Side::First {
            require_two_players(game, "the engine (side: player 0)")?;
        }
        let table = self.table.as_ref();
        if let Some(t) = table {
            t.new_generation();
        }
        let mut s = Searcher::new(game, eval, hasher, table, state, &self.options);
        iterate(&mut s, state, config, &self.options, None)
    }

    /// Lazy SMP from `state` with `options.threads` threads sharing the engine's table (as
    /// [`crate::search::parallel::search_parallel`], which is this on a new engine).
    pub fn search_parallel<G, E, H>(
        &self,
        game: &G,
        eval: &E,
        hasher: &H,
        state: &G::State,
        config: &Config,
    ) -> Result<EngineResult<G::Move>, SearchError>
    where
        G: Game + Sync,
        G::State: Sync,
        G::Move: Send,
        E: Evaluator<G> + Sync,
        H: Hashing<G> + Sync,
    {
        // `parallel::run` refuses a `Side::First` engine on a game of more than two players.
        if let Some(t) = &self.table {
            t.new_generation();
        }
        parallel::run(
            game,
            eval,
            hasher,
            state,
            config,
            &self.options,
            self.table.as_ref(),
        )
    }
}

/// Iterative deepening over a prepared searcher (used by [`search`] and by each thread of
/// [`crate::search::parallel`]): the driver [`crate::search::iterative::deepen`] (which
/// keeps the limits and the counts) calls the searcher once per depth, and the searcher keeps
/// the engine's extras between iterations (its table, the previous value as the root
/// driver's guess, the previous best move first at the root, the history). The last
/// iteration is the one that searched every line to the end of the game
/// ([`EngineResult::complete`]). In a parallel search (where the threads share the deepest
/// completed depth) the schedule goes on one deeper than any thread has completed, and an iteration abandoned
/// for another thread is skipped, not the end of the run. `done`, when given, is set once
/// the last iteration completes and stops the search when another thread sets it.
pub fn iterate<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    s: &mut Searcher<'_, G, E, H>,
    state: &G::State,
    config: &Config,
    options: &Options,
    done: Option<&AtomicBool>,
) -> Result<EngineResult<G::Move>, SearchError> {
    let max_depth = config.limits.depth.unwrap_or(u32::MAX);
    // Parallel helpers go on one deeper than the deepest depth any thread has completed.
    let schedule = match s.completed() {
        Some(sync) if max_depth > 0 => DepthSchedule::Next(Box::new(move |last| {
            let next = last
                .map_or(1, |d| d.saturating_add(1))
                .max(sync.load(Relaxed).saturating_add(1));
            (next <= max_depth).then_some(next)
        })),
        _ => DepthSchedule::Plies {
            max: config.limits.depth,
        },
    };
    // The engine's extras, carried from one iteration to the next: the previous value as the
    // root driver's guess, the previous best move searched first, the aged history.
    let mut iterations: Vec<IterationInfo<G::Move>> = Vec::new();
    let mut guess = None;
    let mut complete = false;
    let result = deepen(config, schedule, |c, _| {
        let depth = c.limits.depth.unwrap_or(0);
        if depth > 0 {
            // A search at depth 0 (no deepening) is never abandoned for another thread.
            s.iteration = depth;
        }
        s.skipped = false;
        s.reset_meter(&c.limits);
        let outcome = if depth == 0 {
            s.search_root(state, 0, -INF, INF)
        } else {
            drive(s, state, depth, options.root, guess)
        };
        let outcome = outcome.and_then(|v| Ok((v, s.settle_pv(state, depth, v)?)));
        let (v, pv) = match outcome {
            Ok(found) => found,
            Err(reason) => {
                let stats = Box::new(s.meter.clone().finish());
                return if s.skipped {
                    // Another thread completed this depth: go on with the next one.
                    Ok(Iteration::Skipped(reason, stats))
                } else {
                    Err(SearchError::Stopped(reason, stats))
                };
            }
        };
        let stats = s.meter.clone().finish();
        let r = s.result(state, v, pv, stats);
        complete = !s.reached_frontier();
        if depth > 0 {
            iterations.push(IterationInfo {
                depth,
                nodes: stats.nodes,
                re_searches: stats.re_searches,
                elapsed_ms: c.limits.start.map_or(0.0, |t| duration_ms(t.elapsed())),
                value: s.plain(v),
                pv: r.pv.clone(),
            });
            s.root_hint = r.best_move;
            guess = Some(v);
            s.history.age();
            if let Some(sync) = s.completed() {
                sync.fetch_max(depth, Relaxed);
            }
        }
        Ok(if complete {
            Iteration::Exhausted(r)
        } else {
            Iteration::Completed(r)
        })
    })?;
    if let Some(f) = done {
        if result.stats.depth >= max_depth {
            f.store(true, Relaxed);
        }
    }
    Ok(EngineResult {
        result,
        iterations,
        complete,
    })
}

/// One search at exactly `config.limits.depth` (to the end of the game when `None`), no
/// iterative deepening: the root searched by `options.root` with `guess` as the first
/// guess (aspiration and MTD(f); `None` = the root's static value). Used by the registry
/// entries [`crate::search::pvs::pvs()`] and [`crate::search::mtdf::mtdf()`].
pub fn search_fixed<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    game: &G,
    eval: &E,
    hasher: &H,
    state: &G::State,
    config: &Config,
    options: &Options,
    guess: Option<Score>,
) -> Result<SearchResult<G::Move>, SearchError> {
    if options.side == Side::First {
        require_two_players(game, "the engine (side: player 0)")?;
    }
    let engine = Engine::for_hashing::<G, H>(options)?;
    let mut s = Searcher::new(game, eval, hasher, engine.table(), state, options);
    let depth = config.limits.depth.unwrap_or(u32::MAX);
    s.reset_meter(&config.limits);
    let guess = guess.or_else(|| match options.root {
        Root::Full => None,
        _ => Some(s.static_value(state)),
    });
    match drive(&mut s, state, depth, options.root, guess)
        .and_then(|v| Ok((v, s.settle_pv(state, depth, v)?)))
    {
        Ok((v, pv)) => {
            let stats = s.meter.clone().finish();
            Ok(s.result(state, v, pv, stats))
        }
        Err(reason) => Err(s.meter.clone().stopped(reason)),
    }
}
