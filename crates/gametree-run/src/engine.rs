//! An engine: a searcher with a budget per move ([`MoveBudget`]), options
//! ([`EngineOptions`]) and a search policy, as tournaments seat it and `gametree play`
//! asks it for a move ([`Engine::choose_in`]); what it keeps from move to move
//! ([`EngineMemory`]), the seeds of its moves ([`move_seed`], [`pimc_seed`]) and why it
//! cannot play ([`EngineError`]). Engines are named as `gametree tournament --engines`
//! reads them ([`crate::engine_name`]).

use std::time::Instant;

use gametree::hash::mix64;
use gametree::hash::Zobrist;
#[cfg(doc)]
use gametree::search::maxn_table::maxn_table;
use gametree::search::mcts::MctsConfig;
use gametree::search::pimc::{MctsIterations, PimcConfig};
#[cfg(doc)]
use gametree::search::speculative_table::speculative_table;
use gametree::search::{pimc, Algorithm, AnyGame, Clock, Dispatch, Needs, Searcher};
use gametree::{Evaluator, Game};
use gametree_games::rng::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
pub use crate::engine_policy::PolicyOptions;
use crate::error::{Opt, RunError};
use crate::msg;
use crate::pick::{first_legal, pick_or_first, Deepening, PickError, PickSpec};
use crate::spare_table::SpareTable;
use crate::stack::MAX_PLIES;

/// Why an engine cannot play a game: its settings, or what the game lacks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
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
    /// An engine with `:worlds` (perfect-information Monte Carlo) on a game without hidden
    /// information ([`Game::HIDDEN_INFORMATION`] false, or [`Game::resample`] answers `None`).
    #[error("engine {engine}: `:worlds` samples what a player cannot see, but this game hides nothing (perfect information: every player sees the whole state)")]
    PerfectInformation {
        /// The engine's name.
        engine: String,
    },
}

/// How much an engine may search per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveBudget {
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
    /// so the search per move varies far less with the load than under [`MoveBudget::Time`].
    /// Not reproducible either.
    #[serde(rename = "cpu_ms")]
    CpuTime(u64),
    /// MCTS only: this many iterations per move (each a descent, an expansion, one playout
    /// and the backup), whatever the size of the tree: the count other libraries budget
    /// their MCTS in (OpenSpiel's `max_simulations`). Reproducible. A node budget counts
    /// the tree's nodes instead, and an expansion adds every child of a node at once, so
    /// `@n200` is fewer iterations than `@i200` (in connect four's first position, 79).
    Iterations(u64),
}

impl MoveBudget {
    /// The budget as the one budget type of every front, [`Budget`]: one of its fields
    /// set (a time budget's deepest iteration, [`TIME_MAX_DEPTH`], is the engine's own
    /// cap, added when it searches).
    pub fn budget(self) -> Budget {
        match self {
            MoveBudget::Depth(d) => Budget {
                depth: Some(d),
                ..Budget::NONE
            },
            MoveBudget::Nodes(n) => Budget {
                nodes: Some(n),
                ..Budget::NONE
            },
            MoveBudget::Time(ms) => Budget {
                time_ms: Some(ms),
                ..Budget::NONE
            },
            MoveBudget::CpuTime(ms) => Budget {
                time_ms: Some(ms),
                clock: Clock::ThreadCpu,
                ..Budget::NONE
            },
            // No limit of these: the iterations are MCTS's own ([`Engine::pick_spec`]).
            MoveBudget::Iterations(_) => Budget::NONE,
        }
    }

    /// The engines' budget that `limits` gives, as the fronts read a tournament's default
    /// budget (`--depth`, `--nodes`, `--time-ms` on the command line; `depth`, `nodes`,
    /// `time_ms` in Python): `None` when no field is set, an error naming the options
    /// when more than one is, or when the value is outside an engine's range (depth 1 to
    /// [`MAX_PLIES`], at least 1 node, 1 to [`MAX_TIME_MS`] ms).
    pub fn from_budget(budget: &Budget) -> Result<Option<MoveBudget>, RunError> {
        let budget = match (budget.depth, budget.nodes, budget.time_ms) {
            (None, None, None) => return Ok(None),
            (Some(d), None, None) => {
                if d == 0 || u64::from(d) > MAX_PLIES {
                    return Err(msg![
                        Opt::Depth,
                        format!("={d}: must be between 1 and {MAX_PLIES}")
                    ]
                    .into());
                }
                MoveBudget::Depth(d)
            }
            (None, Some(n), None) => {
                if n == 0 {
                    return Err(msg![Opt::Nodes, "=0: must be at least 1"].into());
                }
                MoveBudget::Nodes(n)
            }
            (None, None, Some(t)) => {
                if t == 0 || t > MAX_TIME_MS {
                    return Err(msg![
                        Opt::TimeMs,
                        format!("={t}: must be between 1 and {MAX_TIME_MS}")
                    ]
                    .into());
                }
                if budget.clock == Clock::ThreadCpu {
                    MoveBudget::CpuTime(t)
                } else {
                    MoveBudget::Time(t)
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
    /// engine plays gets its own table for the whole game: it is allocated (or a spare
    /// is cleared, [`SpareTable`]) before the game's first move (outside every time
    /// budget) and kept from move to move (a stored
    /// value is the exact value of its position and draft, whatever the root), so a game
    /// and its numbers do not depend on the games played before it or on the thread.
    /// `None`: no table.
    pub table: Option<u32>,
    /// Play by perfect-information Monte Carlo ([`gametree::search::pimc()`]) with this many
    /// sampled worlds per move (1 to [`MAX_WORLDS`]), seeing only the
    /// information set of the player to move; only on games that hide information
    /// ([`Game::resample`]). `None`: search the true state (perfect information).
    pub worlds: Option<usize>,
    /// MCTS and `worlds` engines only: a random stream of the engine's own. Each move's
    /// seed ([`move_seed`]) is mixed with this one, so two engines that differ only in
    /// their seed are equally strong and play differently (`mcts@n500:seed=1` against
    /// `mcts@n500:seed=2`: a comparison of an engine with itself). `None`: the move's
    /// seed as it is.
    pub seed: Option<u32>,
}

/// The largest table of an engine, in MiB (every game in flight holds one per seat).
pub const MAX_TABLE_MIB: u32 = 1024;

/// The longest playout cut-off of an MCTS engine, in plies.
pub const MAX_CUTOFF: u32 = 10_000;

/// The error of an option `key` (`cutoff`, `table`, `worlds` or `seed`) whose value `text` is not
/// a number in its range: `cutoff `0`: must be 1 to 10000 plies`.
pub(crate) fn out_of_range(key: &str, text: &str) -> String {
    let (max, unit) = match key {
        "cutoff" => (u64::from(MAX_CUTOFF), " plies"),
        "table" => (u64::from(MAX_TABLE_MIB), " MiB"),
        "seed" => (u64::from(u32::MAX), ""),
        _ => (MAX_WORLDS as u64, ""),
    };
    let min = u8::from(key != "seed");
    format!("{key} `{text}`: must be {min} to {max}{unit}")
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
        if self.seed.is_some() && searcher != Searcher::Mcts && self.worlds.is_none() {
            return Some(format!(
                "option `seed` is for mcts and engines with `worlds`, not {name}"
            ));
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
        if let Some(k) = self.seed {
            s.push_str(&format!(":seed={k}"));
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
    pub budget: MoveBudget,
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
        let budget = match self.budget {
            MoveBudget::Depth(d) => format!("d{d}"),
            MoveBudget::Nodes(n) => format!("n{n}"),
            MoveBudget::Time(t) => format!("t{t}"),
            MoveBudget::CpuTime(t) => format!("c{t}"),
            MoveBudget::Iterations(n) => format!("i{n}"),
        };
        let (algorithm, options) = self.name_parts();
        format!("{algorithm}@{budget}{options}")
    }

    /// [`Engine::name`] without the budget (`brs-plus:forced=ordered` for
    /// `brs-plus@n1080:forced=ordered`): the same engine at another budget has the same one
    /// (the budget ladder matches engines across budgets by it).
    pub fn name_without_budget(&self) -> String {
        let (algorithm, options) = self.name_parts();
        format!("{algorithm}{options}")
    }

    /// The two parts of a name around its budget: the searcher's name and the options.
    fn name_parts(&self) -> (&'static str, String) {
        (
            self.algorithm.name(),
            self.options.suffix() + &self.policy.suffix(),
        )
    }

    /// An engine of `algorithm` (an [`Algorithm`] or any [`Searcher`]) with `budget` and no
    /// options.
    pub fn new(algorithm: impl Into<Searcher>, budget: MoveBudget) -> Engine {
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

    /// [`Engine::choose`] through the dispatcher `D` ([`gametree::search::WithSetToMove`] runs best-reply
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
    pub fn memory(&self) -> Result<EngineMemory, EngineError> {
        let table = match self.options.table {
            Some(mib) => Some(SpareTable::new(mib).map_err(|e| EngineError::Table {
                engine: self.name(),
                reason: e.to_string(),
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
    /// move and stops when one cannot be ([`EngineError::Table`]). The move is
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
        let seed = self.own_seed(seed);
        if let Some(worlds) = self.options.worlds {
            return self.choose_pimc(game, eval, state, seed, worlds);
        }
        if let (Some(mib), None) = (self.options.table, &memory.table) {
            memory.table = SpareTable::new(mib).ok();
            if memory.table.is_none() {
                return first_legal(game, state).map(|m| (m, 0, true));
            }
        }
        pick_or_first::<D, G, E>(
            game,
            eval,
            state,
            &self.pick_spec(seed),
            memory.table.as_deref_mut(),
        )
        .map(|c| (c.mv, c.nodes, c.failed))
    }

    /// The seed of a move whose game gives it `seed`: that one, or mixed with the engine's
    /// own ([`EngineOptions::seed`]).
    pub fn own_seed(&self, seed: u64) -> u64 {
        match self.options.seed {
            Some(k) => mix64(seed ^ mix64(u64::from(k) ^ 0x5345_4544_5345_4544)),
            None => seed,
        }
    }

    /// The move's [`PickSpec`] under the engine's budget: a depth budget is one search of
    /// that depth, node and time budgets deepen (a time budget at most [`TIME_MAX_DEPTH`]
    /// plies); MCTS seeded with `seed`, with the engine's policy and playout cut-off,
    /// [`MCTS_DEPTH_ITERATIONS`] iterations under a depth budget and no iteration cap under
    /// the others; the policy's forced-move rule.
    pub fn pick_spec(&self, seed: u64) -> PickSpec {
        let mut limits = self.budget.budget();
        if matches!(self.budget, MoveBudget::Time(_) | MoveBudget::CpuTime(_)) {
            limits.depth = Some(TIME_MAX_DEPTH);
        }
        PickSpec {
            searcher: self.algorithm,
            limits,
            deepening: match self.budget {
                MoveBudget::Depth(_) | MoveBudget::Iterations(_) => Deepening::Fixed,
                MoveBudget::Nodes(_) | MoveBudget::Time(_) | MoveBudget::CpuTime(_) => {
                    Deepening::Iterative
                }
            },
            mcts: self.mcts_config(seed),
            forced_moves: self.policy.forced.unwrap_or_default(),
            stop: None,
        }
    }

    /// The MCTS settings of the move whose seed is `seed`: a depth budget bounds the
    /// playouts of [`MCTS_DEPTH_ITERATIONS`] iterations, an iteration budget is the number
    /// of iterations, node and time budgets run until spent; the engine's playout cut-off.
    fn mcts_config(&self, seed: u64) -> MctsConfig {
        self.policy.apply(MctsConfig {
            seed,
            iterations: match self.budget {
                MoveBudget::Depth(_) => MCTS_DEPTH_ITERATIONS,
                MoveBudget::Iterations(n) => n,
                MoveBudget::Nodes(_) | MoveBudget::Time(_) | MoveBudget::CpuTime(_) => u64::MAX,
            },
            cutoff: self.options.cutoff,
            ..MctsConfig::default()
        })
    }

    /// [`Engine::choose_with`] for an engine with `:worlds=W`: perfect-information Monte
    /// Carlo ([`pimc()`]) over the engine's searcher (through [`AnyGame`]), with the engine's
    /// budget for the whole move (a depth budget: every search of that depth; a node, time or
    /// iteration budget: split over the worlds and moves). The sampler's seed is
    /// [`pimc_seed`]`(seed)`, the inner MCTS seeds derive from `seed`. A move counts as a
    /// fallback when PIMC fails (the first legal move is played) or when every one of its
    /// searches was stopped before depth 1 (the move was chosen on static values).
    ///
    /// Only a game that declares [`Game::HIDDEN_INFORMATION`] searches: PIMC's searches are
    /// then compiled for it, and a perfect-information game (refused by
    /// [`Engine::check_worlds`]) plays its first legal move as a failed move. Compiling PIMC
    /// over every search for every game took a fifth of this crate's build: its library
    /// compiled in 78 s of processor time with it, 62 s without, and the tested build
    /// (`cargo test --workspace --profile checked --tests --no-run` into an empty target
    /// directory) in 578 s against 495 s (308 s and 264 s of wall time on two cores).
    fn choose_pimc<G: Game, E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
        seed: u64,
        worlds: usize,
    ) -> Option<(G::Move, u64, bool)> {
        let first = first_legal(game, state)?;
        if !G::HIDDEN_INFORMATION {
            return Some((first, 0, true));
        }
        let spec = self.pick_spec(seed);
        let config = spec.config(Instant::now());
        let settings = PimcConfig {
            worlds,
            seed: pimc_seed(seed),
            iterative: spec.deepening == Deepening::Iterative,
            // An iteration budget is the whole move's, as a node budget is.
            mcts_iterations: match self.budget {
                MoveBudget::Iterations(_) => MctsIterations::PerDecision,
                _ => MctsIterations::PerSearch,
            },
        };
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
/// value vectors, when it has one (none in the default, empty memory). The table is a
/// [`SpareTable`]: a finished game's, cleared, when there is one, and kept for the next game
/// when this one's memory is dropped.
#[derive(Debug, Default)]
pub struct EngineMemory {
    table: Option<SpareTable>,
}

/// The seed of an MCTS engine's search at ply `ply` of the game whose seed is `seed`.
pub fn move_seed(seed: u64, ply: usize) -> u64 {
    mix64(seed ^ mix64((ply as u64).wrapping_add(0x4D43_5453)))
}

impl Engine {
    /// Whether the dispatcher `D` runs this engine's searcher on its games: best-reply
    /// engines (and MCTS with the `brs` backup, which searches the best-reply tree) need a
    /// game that can hand the turn to any player.
    pub fn check_dispatch<D: Dispatch<G>, G: Game>(&self) -> Result<(), EngineError> {
        if !D::supports(self.algorithm) {
            return Err(EngineError::NeedsSetToMove {
                engine: self.name(),
                algorithm: self.algorithm.name(),
            });
        }
        if self.policy.backup == Some(gametree::search::mcts::Backup::Brs)
            && !D::NEEDS_MET.contains(&Needs::SetToMove)
        {
            return Err(EngineError::NeedsSetToMove {
                engine: self.name(),
                algorithm: "mcts with backup=brs",
            });
        }
        Ok(())
    }

    /// Whether the engine's budget and options are in range and fit its searcher
    /// ([`EngineOptions::misfit`], [`PolicyOptions::misfit`]).
    pub fn check_settings(&self) -> Result<(), EngineError> {
        if let MoveBudget::Time(t) | MoveBudget::CpuTime(t) = self.budget {
            if t == 0 || t > MAX_TIME_MS {
                return Err(EngineError::BadTime {
                    engine: self.name(),
                });
            }
        }
        if let MoveBudget::Iterations(n) = self.budget {
            let problem = if self.algorithm != Searcher::Mcts {
                Some(format!(
                    "an iteration budget (`@i{n}`) is for mcts only; {} takes `@dDEPTH`, `@nNODES`, `@tMILLISECONDS` or `@cMILLISECONDS`",
                    self.algorithm.name()
                ))
            } else if n == 0 {
                Some("the iteration budget must be at least 1".to_string())
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(EngineError::BadOption {
                    engine: self.name(),
                    problem,
                });
            }
        }
        if let Some(problem) = self
            .options
            .misfit(self.algorithm)
            .or_else(|| self.policy.misfit(self.algorithm))
        {
            return Err(EngineError::BadOption {
                engine: self.name(),
                problem,
            });
        }
        Ok(())
    }

    /// Whether `game` hides what an engine with `:worlds` samples: such an engine needs a
    /// game with hidden information ([`Game::HIDDEN_INFORMATION`], and [`Game::resample`]
    /// answering on its starting state); any other engine fits every game.
    pub fn check_worlds<G: Game>(&self, game: &G) -> Result<(), EngineError> {
        if self.options.worlds.is_some()
            && (!G::HIDDEN_INFORMATION
                || game
                    .resample(&game.initial(), &mut SplitMix64::new(0))
                    .is_none())
        {
            return Err(EngineError::PerfectInformation {
                engine: self.name(),
            });
        }
        Ok(())
    }
}
