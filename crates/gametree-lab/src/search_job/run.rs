//! Running one search as `gametree search` does: the options checked in its order, the
//! searcher run on the loaded game, the result as JSON or a table.
//!
//! The searcher is a [`Searcher`]: an [`Algorithm`] (any game), `brs`/`brs-plus` (games that
//! can hand the turn to any player: the registry routes them to
//! [`GameVisitor::visit_best_reply`], every other game is refused) or `mcts` (with the MCTS
//! options, and its report in the output).

use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use gametree::search::engine::{GameHash, Options, Root, Side};
use gametree::search::iterative::iterative_deepening_observed;
use gametree::search::maxn_table::maxn_table;
use gametree::search::mcts::{
    mcts_report, mcts_with_set_to_move_report, Backup, ExplorationFrom, MctsConfig, MctsReport,
    Playout, Reward, Solver, SolverRule,
};
use gametree::search::ordering::Ordering;
use gametree::search::parallel::search_parallel;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{
    self, Algorithm, Config, Limits, SearchError, SearchResult, Searcher, Stop, StopReason,
};
use gametree::{Game, SetToMove};
use gametree_games::registry::{self, GameVisitor, Kind, Playable};
use serde_json::Value;

use super::{output, MoveStyle, Source};

/// The most `--threads`.
pub const MAX_THREADS: u64 = 256;

/// The deepest search `--threads` above 1 runs: its helper threads have the standard stack.
pub const MAX_PARALLEL_PLIES: u64 = 256;

/// MCTS runs at most this many iterations per node of its node budget (the library's
/// [`gametree::search::mcts::ITERATIONS_PER_NODE`], which every node limit gets).
pub const MCTS_ITERATIONS_PER_NODE: u64 = gametree::search::mcts::ITERATIONS_PER_NODE;

/// What a search prints: one JSON object, or a table for people.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The table (and, with `iterative`, one line per completed iteration through the
    /// caller's hook).
    #[default]
    Text,
    /// The JSON object of docs/counting.md.
    Json,
}

/// The options of one search: the flags of `gametree search` after `--tree`/`--game`, with
/// the same names and meanings (docs/search-limits.md, docs/mcts.md). `None` is a flag not
/// given.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOptions {
    /// The searcher's name (`gametree list`).
    pub algorithm: String,
    /// `--depth`.
    pub depth: Option<u32>,
    /// `--nodes`.
    pub nodes: Option<u64>,
    /// `--time-ms`.
    pub time_ms: Option<u64>,
    /// `--iterative`.
    pub iterative: bool,
    /// `--trace`.
    pub trace: bool,
    /// `--trace-limit`.
    pub trace_limit: u64,
    /// `--json` ([`Format::Json`]) or the table.
    pub format: Format,
    /// `--table-mib`.
    pub table_mib: Option<u64>,
    /// `--threads`.
    pub threads: Option<u64>,
    /// `--iterations` (mcts).
    pub iterations: Option<u64>,
    /// `--seed` (mcts).
    pub seed: Option<u64>,
    /// `--exploration` (mcts).
    pub exploration: Option<f64>,
    /// `--backup` (mcts).
    pub backup: Option<Backup>,
    /// `--playout` (mcts), as text: `random` or `epsilon:E`.
    pub playout: Option<String>,
    /// `--cutoff` (mcts).
    pub cutoff: Option<u32>,
    /// `--solver` (mcts).
    pub solver: bool,
    /// `--solver-rule` (mcts; turns the solver on).
    pub solver_rule: Option<SolverRule>,
    /// `--reward` (mcts).
    pub reward: Option<Reward>,
    /// `--progressive-history W` (mcts).
    pub progressive_history: Option<f64>,
}

impl SearchOptions {
    /// The options of `gametree search -a ALGORITHM` with no other flag.
    pub fn new(algorithm: &str) -> SearchOptions {
        SearchOptions {
            algorithm: algorithm.to_string(),
            depth: None,
            nodes: None,
            time_ms: None,
            iterative: false,
            trace: false,
            trace_limit: search::DEFAULT_TRACE_LIMIT as u64,
            format: Format::Text,
            table_mib: None,
            threads: None,
            iterations: None,
            seed: None,
            exploration: None,
            backup: None,
            playout: None,
            cutoff: None,
            solver: false,
            solver_rule: None,
            reward: None,
            progressive_history: None,
        }
    }

    /// The MCTS flags given, by name.
    fn mcts_flags(&self) -> Vec<&'static str> {
        [
            ("--iterations", self.iterations.is_some()),
            ("--seed", self.seed.is_some()),
            ("--exploration", self.exploration.is_some()),
            ("--backup", self.backup.is_some()),
            ("--playout", self.playout.is_some()),
            ("--cutoff", self.cutoff.is_some()),
            ("--solver", self.solver),
            ("--solver-rule", self.solver_rule.is_some()),
            ("--reward", self.reward.is_some()),
            ("--progressive-history", self.progressive_history.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.then_some(name))
        .collect()
    }

    /// The MCTS parameters from the flags, each checked (a bad value names its flag).
    fn mcts_config(&self) -> Result<MctsConfig> {
        let exploration = self
            .exploration
            .unwrap_or(search::mcts::DEFAULT_EXPLORATION);
        if !(exploration.is_finite() && exploration >= 0.0) {
            bail!("--exploration {exploration}: the exploration constant must be finite and nonnegative");
        }
        if let Some(w) = self.progressive_history {
            if !(w.is_finite() && w >= 0.0) {
                bail!("--progressive-history {w}: the weight must be finite and nonnegative");
            }
        }
        if self.backup == Some(Backup::Brs) && self.solver_rule == Some(SolverRule::FirstWinner) {
            bail!("--solver-rule first-winner does not apply to --backup brs (the best-reply tree is proved by minimax: standard or paranoid)");
        }
        let playout = match self.playout.as_deref() {
            None => Playout::Random,
            Some(p) => parse_playout(p)?,
        };
        let iterations = match (self.iterations, self.nodes, self.time_ms) {
            (Some(n), _, _) => n,
            (None, None, None) => MctsConfig::default().iterations,
            // A tree smaller than the node budget never reaches it: once every line ends at a
            // terminal node, iterations add no node. Without a clock they need an end too.
            (None, Some(n), None) => n.saturating_mul(MCTS_ITERATIONS_PER_NODE),
            _ => u64::MAX,
        };
        let config = MctsConfig {
            seed: self.seed.unwrap_or(0),
            exploration,
            // Without --exploration, the game's tuned constant (docs/mcts.md).
            exploration_from: match self.exploration {
                Some(_) => ExplorationFrom::Config,
                None => ExplorationFrom::Game,
            },
            iterations,
            backup: self.backup.unwrap_or(Backup::MaxN),
            playout,
            cutoff: self.cutoff,
            solver: if self.solver || self.solver_rule.is_some() {
                Solver::On
            } else {
                Solver::Off
            },
            solver_rule: self.solver_rule.unwrap_or_default(),
            reward: self.reward.unwrap_or_default(),
            progressive_history: self.progressive_history,
        };
        config.validate().map_err(|e| anyhow!("{e}"))?;
        Ok(config)
    }
}

/// `random` or `epsilon:E` with E in [0, 1].
pub fn parse_playout(text: &str) -> Result<Playout> {
    let t = text.trim().to_ascii_lowercase();
    if t == "random" {
        return Ok(Playout::Random);
    }
    let Some(e) = t.strip_prefix("epsilon:") else {
        bail!("--playout `{text}`: expected `random` or `epsilon:E` with E between 0 and 1");
    };
    match e.parse::<f64>() {
        Ok(epsilon) if (0.0..=1.0).contains(&epsilon) => Ok(Playout::EpsilonGreedy { epsilon }),
        _ => bail!("--playout `{text}`: epsilon must be a number between 0 and 1"),
    }
}

/// The games that can hand the turn to any player (what best-reply search needs), in
/// listing order: found by the registry's routing ([`GameVisitor::visit_best_reply`]) of
/// each game built from its default spec, not by a list of names.
pub fn best_reply_games() -> Vec<&'static str> {
    struct Probe;
    impl GameVisitor for Probe {
        type Output = bool;
        fn visit<G: Playable>(self, _: &G, _: &G::State) -> bool
        where
            G::State: Send + Sync + PartialEq + std::fmt::Debug,
            G::Move: Send + Sync,
        {
            false
        }
        fn visit_best_reply<G: Playable + SetToMove>(self, _: &G, _: &G::State) -> bool
        where
            G::State: Send + Sync + PartialEq + std::fmt::Debug,
            G::Move: Send + Sync,
        {
            true
        }
    }
    registry::entries()
        .into_iter()
        .filter(|e| e.kind == Kind::Game)
        .filter(|e| registry::visit(e.listing.default_spec, None, Probe).unwrap_or(false))
        .map(|e| e.listing.name)
        .collect()
}

/// The refusal of a searcher that needs a game handing the turn to any player.
pub fn needs_set_to_move(searcher: Searcher) -> anyhow::Error {
    anyhow!(
        "{searcher} needs a game that can hand the turn to any player: {}",
        best_reply_games().join(", ")
    )
}

/// The engine's settings for `algorithm` under `--threads`, or `None` if the engine does not
/// run it.
fn engine_options(algorithm: Algorithm, threads: usize, table_mib: usize) -> Option<Options> {
    let (pvs, root) = match algorithm {
        Algorithm::AlphaBeta => (false, Root::Full),
        Algorithm::Pvs => (true, Root::Full),
        Algorithm::Aspiration => (false, Root::Aspiration { delta: 50 }),
        Algorithm::Mtdf => (false, Root::Mtdf),
        _ => return None,
    };
    Some(Options {
        table_mib,
        ordering: Ordering::ALL,
        pvs,
        root,
        mate: None,
        side: Side::First,
        threads,
    })
}

/// A search checked and loaded, ready to run ([`Prepared::run`]) on a thread whose stack
/// fits [`Prepared::plies`].
pub struct Prepared<'a> {
    source: Source<'a>,
    visitor: SearchVisitor<'static>,
    limits: (Option<u32>, Option<u64>, Option<u64>),
    plies: u64,
}

/// What [`Prepared::run`] gives: the JSON object or the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// [`Format::Json`]: the object `gametree search --json` prints.
    Json(Value),
    /// [`Format::Text`]: the table `gametree search` prints.
    Text(String),
}

impl Output {
    /// The text printed: the JSON object on one line, or the table.
    pub fn into_text(self) -> String {
        match self {
            Output::Json(v) => v.to_string(),
            Output::Text(t) => t,
        }
    }
}

/// Checks `options` in the command line's order, loads what to search with `load` (called
/// after the flags are checked, so a bad flag is reported before a bad file), and checks the
/// options against it. Every error is one line naming the flag or input at fault.
pub fn prepare<'a>(
    options: &SearchOptions,
    load: impl FnOnce() -> Result<Source<'a>>,
) -> Result<Prepared<'a>> {
    let searcher: Searcher = options.algorithm.parse()?;
    let mcts = match searcher {
        Searcher::Mcts => {
            if options.iterative {
                bail!("--iterative does not apply to mcts (its budget is --iterations, --nodes or --time-ms)");
            }
            Some(options.mcts_config()?)
        }
        _ => {
            if let Some(flag) = options.mcts_flags().first() {
                bail!("{flag} applies to mcts only, not {searcher}");
            }
            None
        }
    };
    let algorithm = match searcher {
        Searcher::Plain(a) => a,
        _ => {
            for (flag, given) in [
                ("--threads", options.threads.is_some()),
                ("--table-mib", options.table_mib.is_some()),
                ("--trace", options.trace && searcher == Searcher::Mcts),
            ] {
                if given {
                    bail!("{flag} does not apply to {searcher}");
                }
            }
            // Unused for these searchers: the visitor runs `searcher`.
            Algorithm::Maxn
        }
    };
    let engine = match options.threads {
        None => None,
        Some(n) => {
            let mib = options.table_mib.unwrap_or(16) as usize;
            let engine = engine_options(algorithm, n as usize, mib).ok_or_else(|| {
                anyhow!(
                    "--threads works with the engine's algorithms alphabeta, pvs, aspiration and \
                     mtdf, not {algorithm}"
                )
            })?;
            if options.trace {
                bail!("--trace does not apply to --threads (the engine records no prunes)");
            }
            Some(engine)
        }
    };
    if options.table_mib.is_some()
        && engine.is_none()
        && !matches!(algorithm, Algorithm::Maxn | Algorithm::Speculative)
    {
        bail!("--table-mib works with maxn and speculative (or with --threads), not {algorithm}");
    }
    let loaded = load()?;
    // On a tree, the depth asked for must cut it only at nodes with a heuristic value, with
    // or without --iterative. The earlier iterations of --iterative may cut elsewhere: their
    // results are only returned if they do not (`ExplicitTree::unvalued_cut_depths`).
    if let (Some(tree), Some(d)) = (loaded.tree(), options.depth) {
        tree.check_depth_limit(d)?;
    }
    let unvalued_cuts = match loaded.tree() {
        Some(tree) if options.iterative => tree.unvalued_cut_depths(),
        _ => Vec::new(),
    };
    if (options.iterative || engine.is_some())
        && options.depth.is_none()
        && options.nodes.is_none()
        && options.time_ms.is_none()
        && loaded.tree().is_none()
    {
        bail!(
            "{} needs a limit: --depth, --nodes or --time-ms",
            if options.iterative {
                "--iterative"
            } else {
                "--threads"
            }
        );
    }
    let visitor = SearchVisitor {
        searcher,
        algorithm,
        mcts,
        config: Config::default(),
        iterative: options.iterative,
        json: options.format == Format::Json,
        table_mib: options.table_mib.map(|m| m as usize),
        unvalued_cuts,
        engine,
        on_iteration: None,
    };
    let plies = loaded.search_plies(options.depth)?;
    if options.threads.is_some_and(|n| n > 1) && plies > MAX_PARALLEL_PLIES {
        bail!(
            "--threads above 1 searches at most {MAX_PARALLEL_PLIES} plies deep, and this one \
             may go {plies}: give --depth {MAX_PARALLEL_PLIES} or less"
        );
    }
    let config = Config {
        trace: options.trace,
        trace_limit: usize::try_from(options.trace_limit).unwrap_or(usize::MAX),
        ..Config::default()
    };
    Ok(Prepared {
        source: loaded,
        visitor: SearchVisitor { config, ..visitor },
        limits: (options.depth, options.nodes, options.time_ms),
        plies,
    })
}

impl Prepared<'_> {
    /// The plies the search can go down: what its thread's stack must fit
    /// ([`crate::stack::on_search_thread`]).
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// Runs the search on this thread. The time limit counts from this call. `stop`, when
    /// given, is the search's [`Limits::stop`]; `on_iteration`, with [`Format::Text`] and
    /// `iterative`, receives the line of each completed iteration (the command line prints
    /// them on standard error).
    pub fn run(
        self,
        stop: Option<Stop>,
        on_iteration: Option<&(dyn Fn(&str) + Sync)>,
    ) -> Result<Output> {
        let json = self.visitor.json;
        // The search work starts here: the deadline and the elapsed time count everything
        // after this moment, table set-up included.
        let start = Instant::now();
        let (depth, nodes, time_ms) = self.limits;
        let config = Config {
            limits: Limits {
                depth,
                nodes,
                deadline: time_ms.map(|t| start + Duration::from_millis(t)),
                start: Some(start),
                stop,
            },
            ..self.visitor.config
        };
        let v = self.visitor;
        let visitor = SearchVisitor {
            searcher: v.searcher,
            algorithm: v.algorithm,
            mcts: v.mcts,
            config,
            iterative: v.iterative,
            json: v.json,
            table_mib: v.table_mib,
            unvalued_cuts: v.unvalued_cuts,
            engine: v.engine,
            on_iteration,
        };
        let out = self.source.visit(visitor)??;
        Ok(if json {
            Output::Json(out.json.unwrap_or(Value::Null))
        } else {
            Output::Text(out.text)
        })
    }
}

/// A limit or a stop request stopped the search before it had a result to give: the error
/// [`Prepared::run`] returns then (inside its `anyhow::Error`, so callers can tell it from
/// bad input with `downcast_ref`). It prints as the command line's line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Stopped(String);

impl Stopped {
    fn error(message: String) -> anyhow::Error {
        anyhow::Error::new(Stopped(message))
    }
}

/// What the visitor made: the JSON object (JSON format) or the table.
struct Made {
    json: Option<Value>,
    text: String,
}

impl Made {
    fn json(v: Value) -> Made {
        Made {
            json: Some(v),
            text: String::new(),
        }
    }

    fn text(text: String) -> Made {
        Made { json: None, text }
    }
}

struct SearchVisitor<'h> {
    /// What the user named.
    searcher: Searcher,
    /// The algorithm when `searcher` is one (`Searcher::Plain`).
    algorithm: Algorithm,
    /// The MCTS parameters when `searcher` is `mcts`.
    mcts: Option<MctsConfig>,
    config: Config,
    iterative: bool,
    json: bool,
    table_mib: Option<usize>,
    /// The depths at which a cut of the explicit tree meets an inner node without a
    /// heuristic value (empty for games, and without --iterative).
    unvalued_cuts: Vec<u32>,
    /// The engine's settings under --threads.
    engine: Option<Options>,
    /// Receives the line of each completed iteration (text format).
    on_iteration: Option<&'h (dyn Fn(&str) + Sync)>,
}

impl GameVisitor for SearchVisitor<'_> {
    type Output = Result<Made>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Result<Made>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let style = G::MOVE_STYLE;
        let eval = &game.evaluator();
        match self.searcher {
            Searcher::Plain(_) => {}
            Searcher::BestReply(_) => return Err(needs_set_to_move(self.searcher)),
            Searcher::Mcts => {
                let config = self.mcts.unwrap_or_default();
                let report = mcts_report(game, eval, state, &self.config, &config);
                return self.report_mcts(game, state, style, &config, report);
            }
        }
        if let Some(options) = self.engine {
            let result = search_parallel(game, eval, &GameHash, state, &self.config, &options)
                .map(|r| r.result);
            return self.report(game, state, style, result);
        }
        let Some(mib) = self.table_mib else {
            let result = if self.iterative {
                iterative_deepening_observed(
                    &self.config,
                    |c| search::run(self.algorithm, game, eval, state, c),
                    |r| self.observe(game, state, style, r),
                )
            } else {
                search::run(self.algorithm, game, eval, state, &self.config)
            };
            return self.report(game, state, style, result);
        };
        let mut table =
            VectorTable::try_with_mib(mib).map_err(|e| anyhow!("--table-mib {mib}: {e}"))?;
        let speculative = self.algorithm == Algorithm::Speculative;
        let mut once = |c: &Config| {
            if speculative {
                speculative_table(game, eval, state, c, &mut table)
            } else {
                maxn_table(game, eval, state, c, &mut table)
            }
        };
        let result = if self.iterative {
            iterative_deepening_observed(&self.config, &mut once, |r| {
                self.observe(game, state, style, r)
            })
        } else {
            once(&self.config)
        };
        self.report(game, state, style, result)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Result<Made>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        if self.searcher == Searcher::Mcts {
            let eval = &game.evaluator();
            let config = self.mcts.unwrap_or_default();
            let report = mcts_with_set_to_move_report(game, eval, state, &self.config, &config);
            return self.report_mcts(game, state, G::MOVE_STYLE, &config, report);
        }
        let Searcher::BestReply(variant) = self.searcher else {
            return self.visit(game, state);
        };
        let style = G::MOVE_STYLE;
        let eval = &game.evaluator();
        let result = if self.iterative {
            iterative_deepening_observed(
                &self.config,
                |c| variant.search(game, eval, state, c),
                |r| self.observe(game, state, style, r),
            )
        } else {
            variant.search(game, eval, state, &self.config)
        };
        self.report(game, state, style, result)
    }
}

impl SearchVisitor<'_> {
    /// The output of `mcts`: the result as for every search, with the MCTS report.
    fn report_mcts<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        config: &MctsConfig,
        report: Result<MctsReport<G::Move>, SearchError>,
    ) -> Result<Made> {
        let report = match report {
            Ok(r) => r,
            Err(e) => return self.report(game, state, style, Err(e)),
        };
        Ok(if self.json {
            let mut v = output::result_json(
                self.searcher.name(),
                game,
                state,
                &report.result,
                style,
                false,
            );
            v["mcts"] = output::mcts_json(game, state, config, &report, style);
            Made::json(v)
        } else {
            let mut text =
                output::result_table(self.searcher.name(), game, state, &report.result, style);
            text.push('\n');
            text.push_str(&output::mcts_text(game, state, config, &report, style));
            text.truncate(text.trim_end().len());
            Made::text(text)
        })
    }

    /// Called after each completed iteration of --iterative: its line to the hook in text
    /// mode (JSON mode gives only the object).
    fn observe<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        r: &SearchResult<G::Move>,
    ) {
        if let (false, Some(hook)) = (self.json, self.on_iteration) {
            hook(&output::iteration_line(game, state, r, style));
        }
    }

    fn report<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        result: Result<SearchResult<G::Move>, SearchError>,
    ) -> Result<Made> {
        let result = result.map_err(|e| match e {
            SearchError::Stopped(StopReason::Interrupted, stats) => {
                Stopped::error(format!(
                    "a stop request stopped {} after {} nodes",
                    self.searcher,
                    stats.nodes
                ))
            }
            SearchError::Stopped(reason, stats) => {
                let flag = stop_flag(reason);
                if self.iterative || self.engine.is_some() {
                    Stopped::error(format!(
                        "the {reason} stopped {} after {} nodes, before depth 1 completed; raise {flag}",
                        self.searcher,
                        stats.nodes,
                    ))
                } else {
                    Stopped::error(format!(
                        "the {reason} stopped {} after {} nodes, before the search finished; raise {flag}, or use --iterative to get the last completed depth",
                        self.searcher,
                        stats.nodes,
                    ))
                }
            }
            other => anyhow!(other),
        })?;
        let completed = result.stats.depth;
        if self.iterative && self.unvalued_cuts.contains(&completed) {
            bail!(
                "a limit stopped {} after {} nodes, before depth {} completed, and depth {completed} cuts the tree at inner nodes without a heuristic \"value\"; raise {}",
                self.searcher,
                result.stats.nodes,
                completed + 1,
                match (self.config.limits.nodes, self.config.limits.deadline) {
                    (Some(_), None) => "--nodes",
                    (None, Some(_)) => "--time-ms",
                    _ => "--nodes or --time-ms",
                }
            );
        }
        Ok(if self.json {
            Made::json(output::result_json(
                self.searcher.name(),
                game,
                state,
                &result,
                style,
                self.config.trace,
            ))
        } else {
            let mut text = output::result_table(self.searcher.name(), game, state, &result, style);
            if self.config.trace {
                text.push('\n');
                text.push_str(&output::trace_text(game, state, &result, style));
            }
            Made::text(text)
        })
    }
}

/// The flag that sets the limit that stopped a search.
fn stop_flag(reason: StopReason) -> &'static str {
    match reason {
        StopReason::NodeLimit => "--nodes",
        StopReason::Deadline | StopReason::Interrupted => "--time-ms",
    }
}
