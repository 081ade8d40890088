//! Multi-player tournaments between search engines: every seat assignment, seeded random
//! openings, finished and adjudicated games, win shares with 95% intervals, a pairwise table
//! with sign tests, and ratings (docs/tournament.md).
//!
//! An [`Engine`] is a [`Searcher`] (any name of `gametree list`: an [`Algorithm`], `brs`,
//! `brs-plus` or `mcts`) with a [`Budget`]: a fixed depth (equal-depth tournaments), a node
//! budget per move, or a time budget per move, in wall-clock time or in the searching
//! thread's processor time. Node and time budgets are spent by iterative
//! deepening: the move of the last completed iteration is played (the nodes of the abandoned
//! iteration count against a node budget). MCTS is not deepened: a depth budget bounds its
//! playouts (with [`MCTS_DEPTH_ITERATIONS`] iterations per move), a node budget is the size
//! of its tree, a time budget its deadline; its seed for each move is derived from the
//! tournament seed, the game and the ply, so depth and node budgets stay deterministic.
//!
//! An engine with `:worlds=W` ([`EngineOptions::worlds`]) plays with hidden information:
//! it sees only the information set of the player to move and decides by
//! perfect-information Monte Carlo ([`pimc()`]) over `W` states drawn by
//! [`Game::resample`], its budget split over the searches; its sampler's seed derives from
//! the tournament seed, the game and the ply ([`pimc_seed`]). A tournament with such an
//! engine on a game without hidden information is refused
//! ([`TournamentError::PerfectInformation`]).
//!
//! Best-reply engines need a game that can hand the turn to any player: a tournament on
//! other games is refused ([`TournamentError::NeedsSetToMove`]); [`run_tournament_with`]
//! with [`WithSetToMove`] plays them on games that can.
//!
//! With `E` engines and `N` seats (`E <= N`), every assignment of engines to seats in which
//! each engine sits at least once is played (for `E = N` these are the `N!` permutations; for
//! two engines and three seats the six mixed tables), from each of `openings` openings: an
//! opening is `opening_plies` plies chosen uniformly at random among the legal moves with a
//! seed derived from the tournament seed, and every seat assignment plays from the same
//! openings, so seats and openings are balanced.
//!
//! A game ends in one of two ways ([`Ending`]). It is **finished** when the rules decide it
//! (a terminal state other than a ply cap, a claim rule's end included, counted apart as
//! `claimed`: [`Game::ended_by_claim`]): the seats are ranked by the outcome. It is
//! **adjudicated** when it is stopped by [`TournamentConfig::max_plies`], by the game's own
//! ply cap ([`Game::ended_by_cap`]), or (a broken game) by a state without moves or outcome:
//! the seats are then ranked by the evaluator's values of the last state. Either way the
//! ranking is a finishing order where equal scores share a place, and the statistics of
//! [`crate::rating`] are computed from it.
//!
//! Depth and node budgets are deterministic: the same configuration gives the same games
//! and the same numbers, whatever the number of threads. Time budgets are not: how deep an
//! iteration gets before the deadline depends on the machine and its load.

use std::time::Instant;

use gametree::hash::mix64;
use gametree::hash::Zobrist;
#[cfg(doc)]
use gametree::search::maxn_table::maxn_table;
use gametree::search::mcts::MctsConfig;

pub use crate::engine_policy::PolicyOptions;
use gametree::search::pimc::PimcConfig;
#[cfg(doc)]
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
#[cfg(doc)]
use gametree::search::WithSetToMove;
use gametree::search::{pimc, Algorithm, AnyGame, Clock, Dispatch, Needs, Searcher};
use gametree::{Evaluator, Game, Score, Scores};
use gametree_games::rng::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::msg;
use crate::pick::{first_legal, pick_or_first, Deepening, PickError, PickSpec};
use crate::rating::{pairwise, rate, win_shares, Finish, Pairwise, RatingConfig, Ratings};
use crate::runner::{run_trials, trial_seed};
use crate::search_job::{Limits as SearchLimits, Opt, RunError};
use crate::stack::{stack_bytes, StackError, MAX_PLIES};
use crate::stats::{summarize, Summary};

/// How much an engine may search per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Budget {
    /// A fixed-depth search of this many plies.
    Depth(u32),
    /// Iterative deepening until this many nodes are spent.
    Nodes(u64),
    /// Iterative deepening until this many milliseconds have passed (at most
    /// [`TIME_MAX_DEPTH`] plies deep). Not reproducible.
    #[serde(rename = "time_ms")]
    Time(u64),
    /// Iterative deepening until the searching thread has used this many milliseconds of
    /// processor time ([`gametree::search::Clock::ThreadCpu`]; at most [`TIME_MAX_DEPTH`]
    /// plies deep): time the thread waits for a core on a loaded machine does not count,
    /// so the search per move varies far less with the load than under [`Budget::Time`].
    /// Not reproducible either.
    #[serde(rename = "cpu_ms")]
    CpuTime(u64),
}

impl Budget {
    /// The budget as the one budget type of every front, [`SearchLimits`]: one of its fields
    /// set (a time budget's deepest iteration, [`TIME_MAX_DEPTH`], is the engine's own
    /// cap, added when it searches).
    pub fn limits(self) -> SearchLimits {
        match self {
            Budget::Depth(d) => SearchLimits {
                depth: Some(d),
                ..SearchLimits::NONE
            },
            Budget::Nodes(n) => SearchLimits {
                nodes: Some(n),
                ..SearchLimits::NONE
            },
            Budget::Time(ms) => SearchLimits {
                time_ms: Some(ms),
                ..SearchLimits::NONE
            },
            Budget::CpuTime(ms) => SearchLimits {
                time_ms: Some(ms),
                clock: Clock::ThreadCpu,
                ..SearchLimits::NONE
            },
        }
    }

    /// The engines' budget that `limits` gives, as the fronts read a tournament's default
    /// budget (`--depth`, `--nodes`, `--time-ms` on the command line; `depth`, `nodes`,
    /// `time_ms` in Python): `None` when no field is set, an error naming the options
    /// when more than one is, or when the value is outside an engine's range (depth 1 to
    /// [`MAX_PLIES`], at least 1 node, 1 to [`MAX_TIME_MS`] ms).
    pub fn from_limits(limits: &SearchLimits) -> Result<Option<Budget>, RunError> {
        let budget = match (limits.depth, limits.nodes, limits.time_ms) {
            (None, None, None) => return Ok(None),
            (Some(d), None, None) => {
                if d == 0 || u64::from(d) > MAX_PLIES {
                    return Err(msg![
                        Opt::Depth,
                        format!("={d}: must be between 1 and {MAX_PLIES}")
                    ]
                    .into());
                }
                Budget::Depth(d)
            }
            (None, Some(n), None) => {
                if n == 0 {
                    return Err(msg![Opt::Nodes, "=0: must be at least 1"].into());
                }
                Budget::Nodes(n)
            }
            (None, None, Some(t)) => {
                if t == 0 || t > MAX_TIME_MS {
                    return Err(msg![
                        Opt::TimeMs,
                        format!("={t}: must be between 1 and {MAX_TIME_MS}")
                    ]
                    .into());
                }
                if limits.clock == Clock::ThreadCpu {
                    Budget::CpuTime(t)
                } else {
                    Budget::Time(t)
                }
            }
            _ => {
                return Err(msg![
                    "give at most one of ",
                    Opt::Depth,
                    ", ",
                    Opt::Nodes,
                    " and ",
                    Opt::TimeMs
                ]
                .into())
            }
        };
        Ok(Some(budget))
    }
}

/// The deepest iteration of a time budget: deepening stops there even with time left (so
/// the search threads' stacks can be sized in advance; no game reaches it within seconds).
pub const TIME_MAX_DEPTH: u32 = 128;

/// The longest time budget per move, in milliseconds (one hour).
pub const MAX_TIME_MS: u64 = 3_600_000;

/// The most sampled worlds per move of an engine with `:worlds` ([`EngineOptions::worlds`]).
pub const MAX_WORLDS: usize = 1_000;

/// The iterations per move of an MCTS engine with a depth budget (its playouts end at that
/// depth; node and time budgets run until the budget is spent).
pub const MCTS_DEPTH_ITERATIONS: u64 = 2_000;

/// An engine's settings beyond its searcher and budget, written after the budget in its
/// name (`mcts@t200:cutoff=10`, `speculative@t20:table=16`; see [`crate::engine_name`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// MCTS only: the most plies a playout plays before the evaluator values the position
    /// it reached (`None`: the default, to the game's end or to a depth budget).
    pub cutoff: Option<u32>,
    /// `maxn` and `speculative` only: a table of exact value vectors of this many MiB
    /// ([`maxn_table`], [`speculative_table`]; at most [`MAX_TABLE_MIB`]). Each seat the
    /// engine plays gets its own table for the whole game: it is allocated before the
    /// game's first move (outside every time budget) and kept from move to move (a stored
    /// value is the exact value of its position and draft, whatever the root), so a game
    /// and its numbers do not depend on the games played before it or on the thread.
    /// `None`: no table.
    pub table: Option<u32>,
    /// Play by perfect-information Monte Carlo ([`gametree::search::pimc()`]) with this many
    /// sampled worlds per move (1 to [`MAX_WORLDS`]), seeing only the
    /// information set of the player to move; only on games that hide information
    /// ([`Game::resample`]). `None`: search the true state (perfect information).
    pub worlds: Option<usize>,
}

/// The largest table of an engine, in MiB (every game in flight holds one per seat).
pub const MAX_TABLE_MIB: u32 = 1024;

/// The longest playout cut-off of an MCTS engine, in plies.
pub const MAX_CUTOFF: u32 = 10_000;

/// The error of an option `key` (`cutoff`, `table` or `worlds`) whose value `text` is not
/// a number in its range: `cutoff `0`: must be 1 to 10000 plies`.
pub(crate) fn out_of_range(key: &str, text: &str) -> String {
    let (max, unit) = match key {
        "cutoff" => (u64::from(MAX_CUTOFF), " plies"),
        "table" => (u64::from(MAX_TABLE_MIB), " MiB"),
        _ => (MAX_WORLDS as u64, ""),
    };
    format!("{key} `{text}`: must be 1 to {max}{unit}")
}

impl EngineOptions {
    /// Why these options do not fit an engine of `searcher`, as one line, or `None` when
    /// they do: `cutoff` is for MCTS, `table` for max^n and speculative pruning (and not
    /// with `worlds`: PIMC searches its sampled states without a table), `worlds` for the
    /// searchers that run on any game; each value in its range. The one rule book of both
    /// the engine-name parser and the tournament's checks.
    pub fn misfit(&self, searcher: Searcher) -> Option<String> {
        let name = searcher.name();
        if let Some(c) = self.cutoff {
            if searcher != Searcher::Mcts {
                return Some(format!("option `cutoff` is for mcts only, not {name}"));
            }
            if !(1..=MAX_CUTOFF).contains(&c) {
                return Some(out_of_range("cutoff", &c.to_string()));
            }
        }
        if let Some(t) = self.table {
            if !matches!(
                searcher,
                Searcher::Plain(Algorithm::Maxn | Algorithm::Speculative)
            ) {
                return Some(format!(
                    "option `table` is for maxn and speculative only, not {name}"
                ));
            }
            if !(1..=MAX_TABLE_MIB).contains(&t) {
                return Some(out_of_range("table", &t.to_string()));
            }
            if self.worlds.is_some() {
                return Some(
                    "options `table` and `worlds` do not go together (a PIMC engine searches without a table)".into(),
                );
            }
        }
        if let Some(w) = self.worlds {
            if searcher.needs() != Needs::AnyGame {
                return Some(format!(
                    "option `worlds` is for searchers that run on any game, not {name}"
                ));
            }
            if !(1..=MAX_WORLDS).contains(&w) {
                return Some(out_of_range("worlds", &w.to_string()));
            }
        }
        None
    }

    /// The options as the name's suffix: empty, or `:cutoff=10`, `:table=16` and
    /// `:worlds=8` in that order, those given.
    pub fn suffix(&self) -> String {
        let mut s = String::new();
        if let Some(c) = self.cutoff {
            s.push_str(&format!(":cutoff={c}"));
        }
        if let Some(t) = self.table {
            s.push_str(&format!(":table={t}"));
        }
        if let Some(w) = self.worlds {
            s.push_str(&format!(":worlds={w}"));
        }
        s
    }
}

/// A player: a searcher, its budget and its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    /// The searcher (any name of `gametree list`; an [`Algorithm`] converts with `.into()`).
    pub algorithm: Searcher,
    /// Its budget per move.
    pub budget: Budget,
    /// Its options (none by default).
    pub options: EngineOptions,
    /// Its search-policy options (MCTS's reward, exploration, backup, Progressive History,
    /// solver rule; none by default).
    pub policy: PolicyOptions,
}

impl Engine {
    /// A readable name: `paranoid@d3`, `maxn@n50000`, `speculative@t200` or
    /// `mcts@t200:cutoff=10` (read back by [`crate::engine_name::parse_engine`]).
    pub fn name(&self) -> String {
        let options = self.options.suffix() + &self.policy.suffix();
        match self.budget {
            Budget::Depth(d) => format!("{}@d{d}{options}", self.algorithm.name()),
            Budget::Nodes(n) => format!("{}@n{n}{options}", self.algorithm.name()),
            Budget::Time(t) => format!("{}@t{t}{options}", self.algorithm.name()),
            Budget::CpuTime(t) => format!("{}@c{t}{options}", self.algorithm.name()),
        }
    }

    /// An engine of `algorithm` (an [`Algorithm`] or any [`Searcher`]) with `budget` and no
    /// options.
    pub fn new(algorithm: impl Into<Searcher>, budget: Budget) -> Engine {
        Engine {
            algorithm: algorithm.into(),
            budget,
            options: EngineOptions::default(),
            policy: PolicyOptions::default(),
        }
    }

    /// The same engine with `options`.
    pub fn with_options(self, options: EngineOptions) -> Engine {
        Engine { options, ..self }
    }

    /// The same engine with the search-policy options `policy`.
    pub fn with_policy(self, policy: PolicyOptions) -> Engine {
        Engine { policy, ..self }
    }

    /// Chooses a move in `state` (which must not be terminal): the engine's best move, or
    /// the first legal move when the search gives none (a node or time budget too small for
    /// even depth 1, or an algorithm that refuses the game). Returns the move, the nodes
    /// spent and whether the search failed. A time budget's clock starts at the call. Runs
    /// through [`AnyGame`] (best-reply engines fail) with MCTS seed 0: see
    /// [`Engine::choose_with`].
    pub fn choose<G: Zobrist, E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
    ) -> Option<(G::Move, u64, bool)> {
        self.choose_with::<AnyGame, G, E>(game, eval, state, 0)
    }

    /// [`Engine::choose`] through the dispatcher `D` ([`WithSetToMove`] runs best-reply
    /// engines), with `seed` the seed of an MCTS engine's search. An engine with a table
    /// gets a new, empty one (a game's moves share one: [`Engine::choose_in`]).
    pub fn choose_with<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
        seed: u64,
    ) -> Option<(G::Move, u64, bool)> {
        self.choose_in::<D, G, E>(game, eval, state, seed, &mut EngineMemory::default())
    }

    /// What the engine keeps from move to move of one game: its table of value vectors
    /// when it has the option (allocated here, all empty), or nothing. Fails when the
    /// table's memory cannot be allocated.
    pub fn memory(&self) -> Result<EngineMemory, TournamentError> {
        let table = match self.options.table {
            Some(mib) => Some(VectorTable::try_with_mib(mib as usize).map_err(|e| {
                TournamentError::Table {
                    engine: self.name(),
                    reason: e.to_string(),
                }
            })?),
            None => None,
        };
        Ok(EngineMemory { table })
    }

    /// [`Engine::choose_with`] with the memory `memory` ([`Engine::memory`]) the engine
    /// keeps between the moves of one game. An engine with a table whose memory has none
    /// allocates it here, before its clock starts; if that fails, the engine does not
    /// search (it never plays without its table under its name): the first legal move is
    /// played as a failed move. A tournament allocates every table before a game's first
    /// move and stops when one cannot be ([`TournamentError::Table`]). The move is
    /// [`crate::pick::pick_or_first`]'s under [`Engine::pick_spec`] (a `:worlds` engine's is
    /// PIMC's).
    pub fn choose_in<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
        seed: u64,
        memory: &mut EngineMemory,
    ) -> Option<(G::Move, u64, bool)> {
        if let Some(worlds) = self.options.worlds {
            return self.choose_pimc(game, eval, state, seed, worlds);
        }
        if let (Some(mib), None) = (self.options.table, &memory.table) {
            memory.table = VectorTable::try_with_mib(mib as usize).ok();
            if memory.table.is_none() {
                return first_legal(game, state).map(|m| (m, 0, true));
            }
        }
        pick_or_first::<D, G, E>(
            game,
            eval,
            state,
            &self.pick_spec(seed),
            memory.table.as_mut(),
        )
        .map(|c| (c.mv, c.nodes, c.failed))
    }

    /// The move's [`PickSpec`] under the engine's budget: a depth budget is one search of
    /// that depth, node and time budgets deepen (a time budget at most [`TIME_MAX_DEPTH`]
    /// plies); MCTS seeded with `seed`, with the engine's policy and playout cut-off,
    /// [`MCTS_DEPTH_ITERATIONS`] iterations under a depth budget and no iteration cap under
    /// the others; the policy's forced-move rule.
    pub fn pick_spec(&self, seed: u64) -> PickSpec {
        let mut limits = self.budget.limits();
        if matches!(self.budget, Budget::Time(_) | Budget::CpuTime(_)) {
            limits.depth = Some(TIME_MAX_DEPTH);
        }
        PickSpec {
            searcher: self.algorithm,
            limits,
            deepening: match self.budget {
                Budget::Depth(_) => Deepening::Fixed,
                Budget::Nodes(_) | Budget::Time(_) | Budget::CpuTime(_) => Deepening::Iterative,
            },
            mcts: self.mcts_config(seed),
            forced_moves: self.policy.forced.unwrap_or_default(),
            stop: None,
        }
    }

    /// The MCTS settings of the move whose seed is `seed`: a depth budget bounds the
    /// playouts of [`MCTS_DEPTH_ITERATIONS`] iterations, node and time budgets run until
    /// spent; the engine's playout cut-off.
    fn mcts_config(&self, seed: u64) -> MctsConfig {
        self.policy.apply(MctsConfig {
            seed,
            iterations: match self.budget {
                Budget::Depth(_) => MCTS_DEPTH_ITERATIONS,
                Budget::Nodes(_) | Budget::Time(_) | Budget::CpuTime(_) => u64::MAX,
            },
            cutoff: self.options.cutoff,
            ..MctsConfig::default()
        })
    }

    /// [`Engine::choose_with`] for an engine with `:worlds=W`: perfect-information Monte
    /// Carlo ([`pimc()`]) over the engine's searcher (through [`AnyGame`]), with the engine's
    /// budget for the whole move (a depth budget: every search of that depth; a node or
    /// time budget: split over the worlds and moves). The sampler's seed is
    /// [`pimc_seed`]`(seed)`, the inner MCTS seeds derive from `seed`. A move counts as a
    /// fallback when PIMC fails (the first legal move is played) or when every one of its
    /// searches was stopped before depth 1 (the move was chosen on static values).
    fn choose_pimc<G: Game, E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
        seed: u64,
        worlds: usize,
    ) -> Option<(G::Move, u64, bool)> {
        let spec = self.pick_spec(seed);
        let config = spec.config(Instant::now());
        let settings = PimcConfig {
            worlds,
            seed: pimc_seed(seed),
            iterative: spec.deepening == Deepening::Iterative,
        };
        let first = first_legal(game, state)?;
        Some(
            match pimc::<AnyGame, G, E>(
                self.algorithm,
                game,
                eval,
                state,
                &config,
                &spec.mcts,
                &settings,
            ) {
                Ok(r) => (
                    r.best_move,
                    r.nodes,
                    r.searches > 0 && r.stopped == r.searches,
                ),
                Err(e) => (first, PickError::from(e).nodes(), true),
            },
        )
    }
}

/// The seed of a PIMC engine's world sampler for the move whose MCTS seed is `move_seed`
/// ([`move_seed`]): derived from it, so it depends only on the tournament seed, the game and
/// the ply (never on what the engine cannot see), and differs from the MCTS seed.
pub fn pimc_seed(move_seed: u64) -> u64 {
    mix64(move_seed ^ 0x5049_4D43_5049_4D43)
}

/// What an engine keeps between the moves of one game ([`Engine::memory`]): its table of
/// value vectors, when it has one (none in the default, empty memory).
#[derive(Debug, Default)]
pub struct EngineMemory {
    table: Option<VectorTable>,
}

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The engines (at most as many as the game has seats).
    pub engines: Vec<Engine>,
    /// Random openings; every seat assignment is played from each.
    pub openings: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// The seed of the openings (and of the ratings' bootstrap).
    pub seed: u64,
    /// Plies after the opening after which a game is stopped and adjudicated by the
    /// evaluator (`None`: play to the game's end).
    pub max_plies: Option<usize>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Threads playing games at once (`None`: rayon's default, one per core or
    /// `RAYON_NUM_THREADS`). The results do not depend on it (except under time budgets).
    pub threads: Option<usize>,
    /// Bootstrap resamples of the ratings' intervals.
    pub bootstrap: usize,
}

impl TournamentConfig {
    /// A configuration with these engines and the defaults: 4 openings of 3 plies, seed 1,
    /// no ply limit, no progress bar, rayon's threads, 1,000 bootstrap resamples.
    pub fn new(engines: Vec<Engine>) -> TournamentConfig {
        TournamentConfig {
            engines,
            openings: 4,
            opening_plies: 3,
            seed: 1,
            max_plies: None,
            progress: false,
            threads: None,
            bootstrap: 1000,
        }
    }
}

/// Why a tournament cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No engines.
    #[error("a tournament needs at least one engine")]
    NoEngines,
    /// More engines than seats.
    #[error("{engines} engines but the game has only {seats} seats")]
    TooManyEngines {
        /// Engines given.
        engines: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// No openings.
    #[error("a tournament needs at least one opening")]
    NoOpenings,
    /// More games than [`MAX_GAMES`] (every game's result is kept).
    #[error("{openings} openings x {seatings} seatings is more than {max} games", max = MAX_GAMES)]
    TooManyGames {
        /// Openings asked for.
        openings: usize,
        /// Seat assignments per opening.
        seatings: usize,
    },
    /// A time budget of 0 ms or beyond [`MAX_TIME_MS`].
    #[error("engine {engine}: the time budget must be 1 to {max} ms", max = MAX_TIME_MS)]
    BadTime {
        /// The engine's name.
        engine: String,
    },
    /// A best-reply engine on a game that cannot hand the turn to any player.
    #[error("engine {engine}: {algorithm} needs a game that can hand the turn to any player")]
    NeedsSetToMove {
        /// The engine's name.
        engine: String,
        /// The searcher's name.
        algorithm: &'static str,
    },
    /// Engine options that do not fit the engine ([`EngineOptions::misfit`]: an option its
    /// searcher does not take, a value out of range, a table with worlds).
    #[error("engine {engine}: {problem}")]
    BadOption {
        /// The engine's name.
        engine: String,
        /// What is wrong.
        problem: String,
    },
    /// An engine's table cannot be allocated (at the start of a game, the tournament
    /// stops: no game is reported with an engine that played without its table).
    #[error("engine {engine}: its table cannot be allocated: {reason}")]
    Table {
        /// The engine's name.
        engine: String,
        /// Why.
        reason: String,
    },
    /// The tables of the games played at once cannot all be held: checked before the
    /// first game, each game in flight holding one table per seat whose engine has one.
    #[error(
        "engine {engine}: the tables of the games played at once cannot all be allocated \
         (games at once: {games}, tables per game: {per_game}, {mib} MiB in all): {reason}; \
         play fewer games at once (threads) or use smaller tables"
    )]
    Tables {
        /// The engine whose table could not be allocated.
        engine: String,
        /// Games played at once (the thread count, at most the number of games).
        games: usize,
        /// Tables per game (the seats whose engine has one, in the heaviest seating).
        per_game: usize,
        /// The MiB of all those tables.
        mib: u64,
        /// Why.
        reason: String,
    },
    /// An engine with `:worlds` (perfect-information Monte Carlo) on a game without hidden
    /// information ([`Game::resample`] answers `None`).
    #[error("engine {engine}: `:worlds` samples what a player cannot see, but this game hides nothing (perfect information: every player sees the whole state)")]
    PerfectInformation {
        /// The engine's name.
        engine: String,
    },
    /// An engine's depth is beyond what a search thread supports.
    #[error(transparent)]
    Stack(#[from] StackError),
}

/// The most games a tournament plays (each game's result is kept, about 200 bytes).
pub const MAX_GAMES: usize = 1_000_000;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The rules decided it (a terminal state other than a ply cap); ranked by the outcome.
    Finished,
    /// The game's own ply cap ended it ([`Game::ended_by_cap`]); ranked by the evaluator.
    GameCap,
    /// A claim rule of the game ended it ([`Game::ended_by_claim`]): decided by the rules,
    /// ranked by the outcome, like [`Ending::Finished`] (not adjudicated).
    Claimed,
    /// [`TournamentConfig::max_plies`] stopped it; ranked by the evaluator.
    MaxPlies,
    /// A non-terminal state without moves (a broken game); ranked by the evaluator.
    NoMoves,
}

impl Ending {
    /// Whether the game was adjudicated (ranked by the evaluator), not finished.
    pub fn adjudicated(self) -> bool {
        !matches!(self, Ending::Finished | Ending::Claimed)
    }
}

/// One game's result (a field it does not have is refused: a merge reads it from a part).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The opening's number.
    pub opening: usize,
    /// The engine (index into the engine list) at each seat.
    pub seats: Vec<usize>,
    /// The final scores, one per seat (the outcome when finished, the evaluator's value of
    /// the last state when adjudicated).
    pub scores: Vec<Score>,
    /// Each seat's place from `scores`: 1 + the seats with a better score (ties share).
    pub ranks: Vec<u32>,
    /// Plies played after the opening.
    pub plies: usize,
    /// How the game ended.
    pub ending: Ending,
    /// Whether the rules decided the game (`ending == Finished`; else it was adjudicated).
    pub finished: bool,
    /// The seat with the sole best score, if any.
    pub winner: Option<usize>,
    /// Nodes searched by each seat over the game.
    pub nodes: Vec<u64>,
    /// Moves each seat made.
    pub moves: Vec<u64>,
    /// Moves where a seat's search gave no move (the first legal move was played).
    pub fallbacks: u64,
    /// The longest move of each seat in microseconds, kept only when some engine has a time
    /// budget (wall-clock times are not reproducible).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_move_us: Option<Vec<u64>>,
}

impl GameResult {
    /// The game as the statistics see it.
    pub fn finish(&self) -> Finish<'_> {
        Finish {
            seats: &self.seats,
            scores: &self.scores,
        }
    }
}

/// One engine's totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineSummary {
    /// [`Engine::name`].
    pub name: String,
    /// The algorithm's registry name.
    pub algorithm: String,
    /// The budget.
    pub budget: Budget,
    /// Games the engine played.
    pub games: usize,
    /// Of those, games the rules decided.
    pub finished: usize,
    /// Of those, games adjudicated by the evaluator.
    pub adjudicated: usize,
    /// Seats occupied (over all games).
    pub seats: usize,
    /// Win shares.
    pub wins: f64,
    /// Win share per seat (`mean`), with its 95% interval over games (`ci95`; see
    /// [`crate::rating::win_shares`]); `n` is the number of games.
    pub win_rate: Summary,
    /// Score per seat, with its 95% interval (over seats).
    pub score: Summary,
    /// The rating on the Elo scale (mean 0 over the engines).
    pub elo: f64,
    /// Its 95% bootstrap interval.
    pub elo_ci95: [f64; 2],
    /// Mean nodes searched per move.
    pub nodes_per_move: f64,
    /// The longest move in milliseconds (time budgets only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_move_ms: Option<f64>,
}

/// A tournament's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentResult {
    /// The game's description.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Openings played.
    pub openings: usize,
    /// Random plies per opening.
    pub opening_plies: usize,
    /// The seed.
    pub seed: u64,
    /// Games played.
    pub games: usize,
    /// Games the rules decided.
    pub finished: usize,
    /// Games adjudicated by the evaluator.
    pub adjudicated: usize,
    /// Of the finished games, those a claim rule of the game ended ([`Ending::Claimed`]).
    #[serde(default)]
    pub claimed: usize,
    /// Whether more than half of the games were adjudicated (the report warns).
    pub mostly_adjudicated: bool,
    /// Per engine, in the order given.
    pub engines: Vec<EngineSummary>,
    /// Head to head, for each pair of engines (indices into `engines`).
    pub pairwise: Vec<Pairwise>,
    /// The ratings (model, settings, one per engine).
    pub ratings: Ratings,
    /// Every game.
    pub results: Vec<GameResult>,
}

/// Every assignment of `engines` engines to `seats` seats in which every engine sits at
/// least once, in lexicographic order.
pub fn seatings(engines: usize, seats: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if engines == 0 || engines > seats {
        return out;
    }
    let total = engines.pow(seats as u32);
    for code in 0..total {
        let mut v = Vec::with_capacity(seats);
        let mut c = code;
        for _ in 0..seats {
            v.push(c % engines);
            c /= engines;
        }
        v.reverse();
        if (0..engines).all(|e| v.contains(&e)) {
            out.push(v);
        }
    }
    out
}

/// The opening with seed `seed`: `plies` uniformly random legal moves from the start.
pub fn opening<G: Game>(game: &G, plies: usize, seed: u64) -> G::State {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial();
    let mut buf = Vec::new();
    for _ in 0..plies {
        buf.clear();
        game.moves(&state, &mut buf);
        if buf.is_empty() {
            break;
        }
        state = game.play(&state, buf[rng.below(buf.len() as u64) as usize]);
    }
    state
}

/// Plays one game from `start` with `engine_of_seat[p]` at seat `p` ([`play_game_with`]
/// through [`AnyGame`] with seed 0).
pub fn play_game<G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    engines: &[Engine],
    engine_of_seat: &[usize],
    start: G::State,
    max_plies: Option<usize>,
) -> Result<GameResult, TournamentError> {
    play_game_with::<AnyGame, G, E>(game, eval, engines, engine_of_seat, start, max_plies, 0)
}

/// The seed of an MCTS engine's search at ply `ply` of the game whose seed is `seed`.
pub fn move_seed(seed: u64, ply: usize) -> u64 {
    mix64(seed ^ mix64((ply as u64).wrapping_add(0x4D43_5453)))
}

/// Plays one game from `start` with `engine_of_seat[p]` at seat `p`, searching through the
/// dispatcher `D`; an MCTS engine's search at ply `k` (after the opening) has seed
/// [`move_seed`]`(seed, k)`, a PIMC engine's sampler (`:worlds`) the seed
/// [`pimc_seed`]`(move_seed(seed, k))`. Each seat's memory ([`Engine::memory`]: its table)
/// is allocated before the first move, outside every move's time; when one cannot be,
/// the game is not played ([`TournamentError::Table`]).
pub fn play_game_with<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    engines: &[Engine],
    engine_of_seat: &[usize],
    start: G::State,
    max_plies: Option<usize>,
    seed: u64,
) -> Result<GameResult, TournamentError> {
    let mut memory = seat_memory(engines, engine_of_seat, &Engine::memory)?;
    Ok(play_game_in::<D, G, E>(
        game,
        eval,
        engines,
        engine_of_seat,
        start,
        max_plies,
        seed,
        &mut memory,
    ))
}

/// How a tournament allocates an engine's memory: [`Engine::memory`], or one of the caller's
/// ([`run_tournament_in`]: the tests use one that fails on purpose).
pub type Allocate<'a> = &'a (dyn Fn(&Engine) -> Result<EngineMemory, TournamentError> + Sync);

/// The memory of each seat of a game (`engine_of_seat[p]`'s), allocated by `allocate`.
fn seat_memory(
    engines: &[Engine],
    engine_of_seat: &[usize],
    allocate: Allocate<'_>,
) -> Result<Vec<EngineMemory>, TournamentError> {
    engine_of_seat
        .iter()
        .map(|&e| allocate(&engines[e]))
        .collect()
}

/// [`play_game_with`] with each seat's memory already allocated (`memory[p]` for seat `p`).
#[expect(
    clippy::too_many_arguments,
    reason = "one game's whole context: game, evaluator, engines, seats, start, ply cap, seed, memory"
)]
fn play_game_in<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    engines: &[Engine],
    engine_of_seat: &[usize],
    start: G::State,
    max_plies: Option<usize>,
    seed: u64,
    memory: &mut [EngineMemory],
) -> GameResult {
    let n = game.players();
    let timed = engines
        .iter()
        .any(|e| matches!(e.budget, Budget::Time(_) | Budget::CpuTime(_)));
    let mut state = start;
    let mut nodes = vec![0u64; n];
    let mut moves = vec![0u64; n];
    let mut longest = vec![0u64; n];
    let mut fallbacks = 0;
    let mut plies = 0;
    let (scores, ending): (Scores, Ending) = loop {
        if let Some(o) = game.outcome(&state) {
            if game.ended_by_cap(&state) {
                break (eval.evaluate(game, &state), Ending::GameCap);
            }
            if game.ended_by_claim(&state) {
                break (o, Ending::Claimed);
            }
            break (o, Ending::Finished);
        }
        if max_plies.is_some_and(|m| plies >= m) {
            break (eval.evaluate(game, &state), Ending::MaxPlies);
        }
        let p = game.to_move(&state).index();
        let engine = &engines[engine_of_seat[p]];
        let clock = Instant::now();
        let this_move = move_seed(seed, plies);
        match engine.choose_in::<D, G, E>(game, eval, &state, this_move, &mut memory[p]) {
            Some((mv, spent, failed)) => {
                if timed {
                    let us = clock.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
                    longest[p] = longest[p].max(us);
                }
                nodes[p] += spent;
                moves[p] += 1;
                fallbacks += failed as u64;
                state = game.play(&state, mv);
                plies += 1;
            }
            // No moves but no outcome: a broken game; adjudicate.
            None => break (eval.evaluate(game, &state), Ending::NoMoves),
        }
    };
    let scores = scores.as_slice().to_vec();
    let finish = Finish {
        seats: engine_of_seat,
        scores: &scores,
    };
    let ranks = finish.ranks();
    let top: Vec<usize> = (0..n).filter(|&p| ranks[p] == 1).collect();
    GameResult {
        opening: 0,
        seats: engine_of_seat.to_vec(),
        ranks,
        scores,
        plies,
        ending,
        finished: !ending.adjudicated(),
        winner: (top.len() == 1).then(|| top[0]),
        nodes,
        moves,
        fallbacks,
        max_move_us: timed.then_some(longest),
    }
}

/// Plays the tournament of `config` on `game` with `eval` ([`run_tournament_with`] through
/// [`AnyGame`]: best-reply engines are refused).
pub fn run_tournament<G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
) -> Result<TournamentResult, TournamentError>
where
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    run_tournament_with::<AnyGame, G, E>(game, eval, name, config)
}

/// Plays the tournament of `config` on `game` with `eval`, searching through the dispatcher
/// `D` ([`WithSetToMove`] for games that can hand the turn to any player). Game `i` (in
/// trial order) has the seed `trial_seed(config.seed, i)`, from which its MCTS engines'
/// seeds derive ([`play_game_with`]): the results do not depend on the thread count.
pub fn run_tournament_with<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
) -> Result<TournamentResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    run_tournament_in::<D, G, E>(game, eval, name, config, &Engine::memory)
}

/// [`run_tournament_with`], each seat's memory allocated by `allocate` (the memory checks'
/// seam: [`run_tournament_with`] passes [`Engine::memory`]). The tables of the games in
/// flight are checked before the first game; a game whose tables cannot be allocated later
/// stops the tournament: the games not yet started are skipped and the error is returned.
pub fn run_tournament_in<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
    allocate: Allocate<'_>,
) -> Result<TournamentResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    let (tables, games, pool) = prepare::<D, G>(game, config, usize::MAX, allocate)?;
    let failure = Failure::default();
    let play = |i: usize, trial: u64| {
        failure.guard(|| play_one::<D, G, E>(game, eval, config, &tables, i, trial, allocate))
    };
    let results =
        pool.install(|| run_trials("tournament", games, config.seed, config.progress, play));
    let results = failure.check(results)?;
    Ok(pool.install(|| summarise(name.to_string(), game.players(), config, results)))
}

/// The first error of the games of a tournament played in parallel: once one game fails,
/// the games not yet started are skipped.
#[derive(Default)]
struct Failure {
    first: std::sync::Mutex<Option<TournamentError>>,
    failed: std::sync::atomic::AtomicBool,
}

impl Failure {
    /// `play()`, unless a game already failed; its error is kept.
    fn guard(
        &self,
        play: impl FnOnce() -> Result<GameResult, TournamentError>,
    ) -> Option<GameResult> {
        use std::sync::atomic::Ordering::Relaxed;
        if self.failed.load(Relaxed) {
            return None;
        }
        match play() {
            Ok(r) => Some(r),
            Err(e) => {
                self.failed.store(true, Relaxed);
                let mut first = self.first.lock().unwrap_or_else(|p| p.into_inner());
                first.get_or_insert(e);
                None
            }
        }
    }

    /// Every game's result, or the first error.
    fn check(self, results: Vec<Option<GameResult>>) -> Result<Vec<GameResult>, TournamentError> {
        match self.first.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(results.into_iter().flatten().collect()),
        }
    }
}

/// The number of games the tournament of `config` plays on `game` (openings times seat
/// assignments), after the checks [`run_tournament_with`] makes.
pub fn game_count<D, G>(game: &G, config: &TournamentConfig) -> Result<usize, TournamentError>
where
    D: Dispatch<G>,
    G: Game,
{
    check::<D, G>(game, config).map(|(_, games)| games)
}

/// Plays only the games `which` (numbers in trial order, below [`game_count`]) of the
/// tournament of `config`, in parallel, and returns their results in the order of `which`.
/// Game `i` is the game [`run_tournament_with`] plays as its `i`th (the same seat
/// assignment, opening and seed), so the games of a tournament can be split among
/// processes (shards) and [`summarise`]d together.
pub fn play_games_with<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    which: &[usize],
) -> Result<Vec<GameResult>, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    use rayon::prelude::*;
    let allocate: Allocate<'_> = &Engine::memory;
    let (tables, _, pool) = prepare::<D, G>(game, config, which.len(), allocate)?;
    let failure = Failure::default();
    let results = pool.install(|| {
        which
            .par_iter()
            .map(|&i| {
                failure.guard(|| {
                    play_one::<D, G, E>(
                        game,
                        eval,
                        config,
                        &tables,
                        i,
                        trial_seed(config.seed, i as u64),
                        allocate,
                    )
                })
            })
            .collect()
    });
    failure.check(results)
}

/// Game `i` of a tournament, with its trial seed, each seat's memory allocated by
/// `allocate` before the first move.
fn play_one<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    tables: &[Vec<usize>],
    i: usize,
    trial: u64,
    allocate: Allocate<'_>,
) -> Result<GameResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
{
    let o = i / tables.len();
    let seats = &tables[i % tables.len()];
    let mut memory = seat_memory(&config.engines, seats, allocate)?;
    let start = opening(
        game,
        config.opening_plies,
        trial_seed(config.seed, o as u64),
    );
    let mut r = play_game_in::<D, G, E>(
        game,
        eval,
        &config.engines,
        seats,
        start,
        config.max_plies,
        trial,
        &mut memory,
    );
    r.opening = o;
    Ok(r)
}

/// The checks of a tournament: the seat assignments and the number of games.
fn check<D, G>(
    game: &G,
    config: &TournamentConfig,
) -> Result<(Vec<Vec<usize>>, usize), TournamentError>
where
    D: Dispatch<G>,
    G: Game,
{
    for e in &config.engines {
        if !D::supports(e.algorithm) {
            return Err(TournamentError::NeedsSetToMove {
                engine: e.name(),
                algorithm: e.algorithm.name(),
            });
        }
        // MCTS-BRS searches the best-reply tree: it hands the turn over too.
        if e.policy.backup == Some(gametree::search::mcts::Backup::Brs)
            && !D::NEEDS_MET.contains(&Needs::SetToMove)
        {
            return Err(TournamentError::NeedsSetToMove {
                engine: e.name(),
                algorithm: "mcts with backup=brs",
            });
        }
    }
    let seats = game.players();
    let k = config.engines.len();
    if k == 0 {
        return Err(TournamentError::NoEngines);
    }
    if k > seats {
        return Err(TournamentError::TooManyEngines { engines: k, seats });
    }
    if config.openings == 0 {
        return Err(TournamentError::NoOpenings);
    }
    for e in &config.engines {
        if let Budget::Time(t) | Budget::CpuTime(t) = e.budget {
            if t == 0 || t > MAX_TIME_MS {
                return Err(TournamentError::BadTime { engine: e.name() });
            }
        }
        if let Some(problem) = e
            .options
            .misfit(e.algorithm)
            .or_else(|| e.policy.misfit(e.algorithm))
        {
            return Err(TournamentError::BadOption {
                engine: e.name(),
                problem,
            });
        }
    }
    check_worlds(game, config)?;
    let tables = seatings(k, seats);
    let games = config
        .openings
        .checked_mul(tables.len())
        .filter(|&g| g <= MAX_GAMES)
        .ok_or(TournamentError::TooManyGames {
            openings: config.openings,
            seatings: tables.len(),
        })?;
    Ok((tables, games))
}

/// Engines with `:worlds` need a game that hides information (their options were checked
/// by [`EngineOptions::misfit`]).
fn check_worlds<G: Game>(game: &G, config: &TournamentConfig) -> Result<(), TournamentError> {
    match config.engines.iter().find(|e| e.options.worlds.is_some()) {
        Some(e)
            if game
                .resample(&game.initial(), &mut SplitMix64::new(0))
                .is_none() =>
        {
            Err(TournamentError::PerfectInformation { engine: e.name() })
        }
        _ => Ok(()),
    }
}

/// The checks, and the thread pool the games run on; the tables of the games played at
/// once (`playing`, at most, and at most one per thread) are allocated together by
/// `allocate` ([`check_tables`]).
fn prepare<D, G>(
    game: &G,
    config: &TournamentConfig,
    playing: usize,
    allocate: Allocate<'_>,
) -> Result<(Vec<Vec<usize>>, usize, rayon::ThreadPool), TournamentError>
where
    D: Dispatch<G>,
    G: Game,
{
    let (tables, games) = check::<D, G>(game, config)?;
    // The deepest search of any engine: its depth, or for a node budget at most that many
    // plies (iterative deepening completes depth d with more than d nodes), for a time
    // budget TIME_MAX_DEPTH, and never beyond MAX_PLIES (every game the command line offers
    // ends within it).
    let plies = config
        .engines
        .iter()
        .map(|e| match e.budget {
            Budget::Depth(d) => u64::from(d),
            Budget::Nodes(n) => n.min(MAX_PLIES),
            Budget::Time(_) | Budget::CpuTime(_) => u64::from(TIME_MAX_DEPTH),
        })
        .max()
        .unwrap_or(0);
    // The trials run on a pool of their own whose threads have a stack for that depth.
    let bytes = stack_bytes(plies)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("tournament-{i}"))
        .num_threads(config.threads.unwrap_or(0))
        .stack_size(bytes)
        .build()
        .map_err(|e| StackError::Spawn {
            mib: bytes >> 20,
            reason: e.to_string(),
        })?;
    let in_flight = pool.current_num_threads().min(games).min(playing);
    check_tables(&config.engines, &tables, in_flight, allocate)?;
    Ok((tables, games, pool))
}

/// Checks that the tables of `in_flight` games played at once can all be held: for the
/// seating with the most table memory (`seatings`), every seat's memory is allocated by
/// `allocate`, `in_flight` times over, all held at once, then freed. A table is memory the
/// system maps as it is first written, so this costs no time; it catches an address space
/// or an allocator too small before the first game rather than in the middle.
fn check_tables(
    engines: &[Engine],
    seatings: &[Vec<usize>],
    in_flight: usize,
    allocate: Allocate<'_>,
) -> Result<(), TournamentError> {
    let mib = |seats: &Vec<usize>| -> u64 {
        seats
            .iter()
            .filter_map(|&e| engines[e].options.table)
            .map(u64::from)
            .sum()
    };
    let Some(heaviest) = seatings.iter().max_by_key(|s| mib(s)) else {
        return Ok(());
    };
    let per_game = heaviest
        .iter()
        .filter(|&&e| engines[e].options.table.is_some())
        .count();
    if per_game == 0 {
        return Ok(());
    }
    let mut held = Vec::with_capacity(in_flight * heaviest.len());
    for _ in 0..in_flight.max(1) {
        for &e in heaviest {
            match allocate(&engines[e]) {
                Ok(m) => held.push(m),
                Err(TournamentError::Table { engine, reason }) => {
                    return Err(TournamentError::Tables {
                        engine,
                        games: in_flight.max(1),
                        per_game,
                        mib: mib(heaviest) * in_flight.max(1) as u64,
                        reason,
                    })
                }
                Err(e) => return Err(e),
            }
        }
    }
    Ok(())
}

/// The statistics of a tournament's games ([`crate::rating`]), in a [`TournamentResult`].
/// A pure function of its arguments: the same games give the same numbers.
pub fn summarise(
    game: String,
    players: usize,
    config: &TournamentConfig,
    results: Vec<GameResult>,
) -> TournamentResult {
    let k = config.engines.len();
    let finishes: Vec<Finish<'_>> = results.iter().map(GameResult::finish).collect();
    let shares = win_shares(k, &finishes);
    let ratings = rate(
        k,
        &finishes,
        &RatingConfig {
            bootstrap: config.bootstrap,
            seed: config.seed,
            ..RatingConfig::default()
        },
    );
    let pairs = pairwise(k, &finishes);
    let engines = (0..k)
        .map(|e| {
            let mut scores = Vec::new();
            let (mut nodes, mut moves, mut longest) = (0u64, 0u64, 0u64);
            let (mut finished, mut adjudicated) = (0, 0);
            for r in &results {
                if !r.seats.contains(&e) {
                    continue;
                }
                if r.finished {
                    finished += 1;
                } else {
                    adjudicated += 1;
                }
                for (p, &who) in r.seats.iter().enumerate() {
                    if who == e {
                        scores.push(r.scores[p] as f64);
                        nodes += r.nodes[p];
                        moves += r.moves[p];
                        if let Some(t) = &r.max_move_us {
                            longest = longest.max(t[p]);
                        }
                    }
                }
            }
            let engine = &config.engines[e];
            let share = &shares[e];
            EngineSummary {
                name: engine.name(),
                algorithm: engine.algorithm.name().to_string(),
                budget: engine.budget,
                games: share.games,
                finished,
                adjudicated,
                seats: share.seats,
                wins: share.wins,
                win_rate: Summary {
                    n: share.games,
                    mean: share.share,
                    sd: share.se * (share.games as f64).sqrt(),
                    se: share.se,
                    ci95: share.ci95,
                },
                score: summarize(&scores),
                elo: ratings.engines[e].elo,
                elo_ci95: ratings.engines[e].ci95,
                nodes_per_move: nodes as f64 / moves.max(1) as f64,
                max_move_ms: matches!(engine.budget, Budget::Time(_) | Budget::CpuTime(_))
                    .then(|| longest as f64 / 1000.0),
            }
        })
        .collect();
    let finished = results.iter().filter(|r| r.finished).count();
    let adjudicated = results.len() - finished;
    let claimed = results
        .iter()
        .filter(|r| r.ending == Ending::Claimed)
        .count();
    TournamentResult {
        game,
        players,
        openings: config.openings,
        opening_plies: config.opening_plies,
        seed: config.seed,
        games: results.len(),
        finished,
        adjudicated,
        claimed,
        mostly_adjudicated: 2 * adjudicated > results.len(),
        engines,
        pairwise: pairs,
        ratings,
        results,
    }
}

/// The results as text: a warning line when most games were adjudicated, a line of totals,
/// one line per engine (games finished and adjudicated, win share with its interval, rating
/// with its interval, nodes per move), then the pairwise table.
pub fn table(r: &TournamentResult) -> String {
    let mut out = String::new();
    if r.mostly_adjudicated {
        out.push_str(&format!(
            "warning: {} of {} games were adjudicated by the evaluator (stopped by a ply cap, \
             not decided by play); raise the cap or the depth, or use a smaller board\n",
            r.adjudicated, r.games
        ));
    }
    let claimed = if r.claimed > 0 {
        format!(" ({} by the game's claim rule)", r.claimed)
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{}: {} games ({} openings x {} seatings), {} finished{claimed}, {} adjudicated\n",
        r.game,
        r.games,
        r.openings,
        r.games / r.openings.max(1),
        r.finished,
        r.adjudicated
    ));
    // The name columns are as wide as the longest name (at least 24).
    let w = r
        .engines
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(24);
    let w3 = w + 3;
    let rating = match r.ratings.method {
        crate::rating::RatingMethod::Elo => "Elo",
        crate::rating::RatingMethod::BradleyTerry => "rating (BT)",
    };
    out.push_str(&format!(
        "{:<w$} {:>6} {:>9} {:>8} {:>7} {:>17} {:>8} {:>17} {:>12}\n",
        "engine",
        "games",
        "fin/adj",
        "wins",
        "win %",
        "95% interval",
        rating,
        "95% interval",
        "nodes/move"
    ));
    for e in &r.engines {
        out.push_str(&format!(
            "{:<w$} {:>6} {:>9} {:>8.1} {:>6.1}% {:>17} {:>8.0} {:>17} {:>12.0}\n",
            e.name,
            e.games,
            format!("{}/{}", e.finished, e.adjudicated),
            e.wins,
            100.0 * e.win_rate.mean,
            format!(
                "[{:.1}, {:.1}]",
                100.0 * e.win_rate.ci95[0],
                100.0 * e.win_rate.ci95[1]
            ),
            e.elo,
            format!("[{:.0}, {:.0}]", e.elo_ci95[0], e.elo_ci95[1]),
            e.nodes_per_move
        ));
    }
    if !r.pairwise.is_empty() {
        out.push_str(&format!(
            "{:<w$} {:<w3$} {:>6} {:>8} {:>8} {:>6} {:>7} {:>9}\n",
            "pair", "", "games", "ahead", "behind", "even", "score", "p (sign)"
        ));
        for p in &r.pairwise {
            out.push_str(&format!(
                "{:<w$} {:<w3$} {:>6} {:>8} {:>8} {:>6} {:>6.1}% {:>9.4}\n",
                r.engines[p.a].name,
                format!("vs {}", r.engines[p.b].name),
                p.games,
                p.a_ahead,
                p.b_ahead,
                p.even,
                100.0 * p.score,
                p.p_value
            ));
        }
    }
    for e in &r.engines {
        if let Some(ms) = e.max_move_ms {
            out.push_str(&format!("{}: longest move {ms:.1} ms\n", e.name));
        }
    }
    out
}
