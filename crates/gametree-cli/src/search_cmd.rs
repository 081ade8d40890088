//! `gametree search`: one algorithm on one position.
//!
//! The algorithm is a [`Searcher`]: an [`Algorithm`] (any game), `brs`/`brs-plus` (games that
//! can hand the turn to any player: the registry routes them to
//! [`GameVisitor::visit_best_reply`], every other game is refused) or `mcts` (with the MCTS
//! flags, and its report in the output).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use clap::{ArgGroup, Args};
use gametree::search::engine::{GameHash, Options, Root, Side};
use gametree::search::iterative::iterative_deepening_observed;
use gametree::search::maxn_table::maxn_table;
use gametree::search::mcts::{mcts_report, Backup, MctsConfig, MctsReport, Playout, Solver};
use gametree::search::ordering::Ordering;
use gametree::search::parallel::search_parallel;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{
    self, Algorithm, Config, Limits, SearchError, SearchResult, Searcher, StopReason,
};
use gametree::{Game, SetToMove};
use gametree_games::registry::{self, GameVisitor, Kind, Playable};

use crate::load::{self, MoveStyle};
use crate::output;
use crate::stack;

/// Arguments of `gametree search`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("input").required(true).args(["tree", "game"])))]
pub struct SearchArgs {
    /// An explicit tree in the JSON format of docs/tree-format.md.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,
    /// A game spec, e.g. `connect-four` or `random(players=3,b=10,d=6,leaf=cutpoints,seed=1)`.
    #[arg(long, value_name = "SPEC")]
    game: Option<String>,
    /// A position of the game (its own notation; the start when omitted).
    #[arg(long, value_name = "P", requires = "game")]
    position: Option<String>,
    /// The algorithm (`gametree list` shows them all).
    #[arg(long, short, value_name = "NAME")]
    algorithm: String,
    /// Depth limit in plies, at most 10000 (to the end of the game when omitted).
    #[arg(long, short, value_name = "D",
          value_parser = clap::value_parser!(u32).range(0..=crate::stack::MAX_DEPTH_FLAG))]
    depth: Option<u32>,
    /// Node limit: at most N nodes are visited (a search stopped by it reports an error, or
    /// with --iterative the last completed iteration).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Time limit in milliseconds, from the start of the search work (table set-up
    /// included).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    time_ms: Option<u64>,
    /// Iterative deepening up to --depth (to the end of the game or tree without it):
    /// returns the last completed iteration. Without --json, one line per completed
    /// iteration goes to standard error: depth, nodes and time so far, value, PV.
    #[arg(long)]
    iterative: bool,
    /// Record the prunes (up to --trace-limit), printed after the table or in the JSON.
    #[arg(long)]
    trace: bool,
    /// The most prunes --trace records; later ones are only counted.
    #[arg(long, value_name = "N", requires = "trace", default_value_t = search::DEFAULT_TRACE_LIMIT as u64)]
    trace_limit: u64,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// A transposition table of exact values of this many MiB, for `maxn` and
    /// `speculative` (`maxn_table`, `speculative_table`: the same result, each transposed
    /// subtree searched once).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mib: Option<u64>,
    /// Search with the engine on N threads (lazy SMP over one shared transposition table of
    /// --table-mib MiB, 16 by default), for the two-player algorithms the engine runs:
    /// `alphabeta`, `pvs`, `aspiration`, `mtdf`. It deepens iteratively up to --depth, with
    /// move ordering. Promised: the value at every completed depth is the serial search's
    /// (plain alpha-beta's) at that depth, with any N; the best move and PV may differ among
    /// moves of equal value, and node counts vary from run to run when N > 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    threads: Option<u64>,
    /// mcts: the most iterations (simulations); --nodes (tree nodes) and --time-ms stop it
    /// too, whichever comes first (default 10000 when neither is given, else no limit).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    iterations: Option<u64>,
    /// mcts: the seed of its random numbers (default 0): the same seed and budget give the
    /// same result.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// mcts: the exploration constant C of UCB1, finite and nonnegative (default sqrt 2).
    #[arg(long, value_name = "C")]
    exploration: Option<f64>,
    /// mcts: how simulations are backed up (default maxn).
    #[arg(long, value_name = "B")]
    backup: Option<BackupArg>,
    /// mcts: how playouts move: `random` (default) or `epsilon:E` (epsilon-greedy, E in
    /// [0, 1]).
    #[arg(long, value_name = "P")]
    playout: Option<String>,
    /// mcts: the most plies of a playout before the evaluator values its position.
    #[arg(long, value_name = "D")]
    cutoff: Option<u32>,
    /// mcts: prove game-theoretic values (MCTS-Solver).
    #[arg(long)]
    solver: bool,
}

/// The values of `--backup`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BackupArg {
    /// Max^n backups: every player's mean reward.
    Maxn,
    /// The root player's reward against the coalition.
    Paranoid,
    /// Paranoid, the root player valuing an opponent's node by its best reply so far.
    BestReply,
}

impl SearchArgs {
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
        let playout = match self.playout.as_deref() {
            None => Playout::Random,
            Some(p) => parse_playout(p)?,
        };
        let iterations = match (self.iterations, self.nodes, self.time_ms) {
            (Some(n), _, _) => n,
            (None, None, None) => MctsConfig::default().iterations,
            _ => u64::MAX,
        };
        let config = MctsConfig {
            seed: self.seed.unwrap_or(0),
            exploration,
            iterations,
            backup: match self.backup.unwrap_or(BackupArg::Maxn) {
                BackupArg::Maxn => Backup::MaxN,
                BackupArg::Paranoid => Backup::Paranoid,
                BackupArg::BestReply => Backup::BestReply,
            },
            playout,
            cutoff: self.cutoff,
            solver: if self.solver { Solver::On } else { Solver::Off },
        };
        config.validate().map_err(|e| anyhow!("{e}"))?;
        Ok(config)
    }
}

/// `random` or `epsilon:E` with E in [0, 1].
fn parse_playout(text: &str) -> Result<Playout> {
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
pub(crate) fn best_reply_games() -> Vec<&'static str> {
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
pub(crate) fn needs_set_to_move(searcher: Searcher) -> anyhow::Error {
    anyhow!(
        "{searcher} needs a game that can hand the turn to any player: {}",
        best_reply_games().join(", ")
    )
}

/// The most `--threads`.
const MAX_THREADS: u64 = 256;

/// The deepest search `--threads` above 1 runs: its helper threads have the standard stack.
const MAX_PARALLEL_PLIES: u64 = 256;

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

/// Runs `gametree search`.
pub fn run(args: SearchArgs) -> Result<()> {
    let searcher: Searcher = args.algorithm.parse()?;
    let mcts = match searcher {
        Searcher::Mcts => {
            if args.iterative {
                bail!("--iterative does not apply to mcts (its budget is --iterations, --nodes or --time-ms)");
            }
            Some(args.mcts_config()?)
        }
        _ => {
            if let Some(flag) = args.mcts_flags().first() {
                bail!("{flag} applies to mcts only, not {searcher}");
            }
            None
        }
    };
    let algorithm = match searcher {
        Searcher::Plain(a) => a,
        _ => {
            for (flag, given) in [
                ("--threads", args.threads.is_some()),
                ("--table-mib", args.table_mib.is_some()),
                ("--trace", args.trace && searcher == Searcher::Mcts),
            ] {
                if given {
                    bail!("{flag} does not apply to {searcher}");
                }
            }
            // Unused for these searchers: the visitor runs `searcher`.
            Algorithm::Maxn
        }
    };
    let engine = match args.threads {
        None => None,
        Some(n) => {
            let mib = args.table_mib.unwrap_or(16) as usize;
            let options = engine_options(algorithm, n as usize, mib).ok_or_else(|| {
                anyhow!(
                    "--threads works with the engine's algorithms alphabeta, pvs, aspiration and \
                     mtdf, not {algorithm}"
                )
            })?;
            if args.trace {
                bail!("--trace does not apply to --threads (the engine records no prunes)");
            }
            Some(options)
        }
    };
    if args.table_mib.is_some()
        && engine.is_none()
        && !matches!(algorithm, Algorithm::Maxn | Algorithm::Speculative)
    {
        bail!("--table-mib works with maxn and speculative (or with --threads), not {algorithm}");
    }
    let loaded = load::load(
        args.tree.as_deref(),
        args.game.as_deref(),
        args.position.as_deref(),
    )?;
    // On a tree, the depth asked for must cut it only at nodes with a heuristic value, with
    // or without --iterative. The earlier iterations of --iterative may cut elsewhere: their
    // results are only returned if they do not (`ExplicitTree::unvalued_cut_depths`).
    if let (Some(tree), Some(d)) = (loaded.tree(), args.depth) {
        tree.check_depth_limit(d)?;
    }
    let unvalued_cuts = match loaded.tree() {
        Some(tree) if args.iterative => tree.unvalued_cut_depths(),
        _ => Vec::new(),
    };
    if (args.iterative || engine.is_some())
        && args.depth.is_none()
        && args.nodes.is_none()
        && args.time_ms.is_none()
        && loaded.tree().is_none()
    {
        bail!(
            "{} needs a limit: --depth, --nodes or --time-ms",
            if args.iterative {
                "--iterative"
            } else {
                "--threads"
            }
        );
    }
    // The search work starts here: the deadline and the elapsed time count everything after
    // this moment, table set-up included.
    let start = Instant::now();
    let config = Config {
        limits: Limits {
            depth: args.depth,
            nodes: args.nodes,
            deadline: args.time_ms.map(|t| start + Duration::from_millis(t)),
            start: Some(start),
        },
        trace: args.trace,
        trace_limit: usize::try_from(args.trace_limit).unwrap_or(usize::MAX),
        ..Config::default()
    };
    let visitor = SearchVisitor {
        searcher,
        algorithm,
        mcts,
        config,
        iterative: args.iterative,
        json: args.json,
        table_mib: args.table_mib.map(|m| m as usize),
        unvalued_cuts,
        engine,
    };
    let plies = stack::search_plies(&loaded, args.depth)?;
    if args.threads.is_some_and(|n| n > 1) && plies > MAX_PARALLEL_PLIES {
        bail!(
            "--threads above 1 searches at most {MAX_PARALLEL_PLIES} plies deep, and this one \
             may go {plies}: give --depth {MAX_PARALLEL_PLIES} or less"
        );
    }
    let text = stack::on_search_thread(plies, || loaded.visit(visitor)?)?;
    outln!("{text}");
    Ok(())
}

struct SearchVisitor {
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
}

impl GameVisitor for SearchVisitor {
    type Output = Result<String>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Result<String>
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

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Result<String>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
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

impl SearchVisitor {
    /// The output of `mcts`: the result as for every search, with the MCTS report.
    fn report_mcts<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        config: &MctsConfig,
        report: Result<MctsReport<G::Move>, SearchError>,
    ) -> Result<String> {
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
            v.to_string()
        } else {
            let mut text =
                output::result_table(self.searcher.name(), game, state, &report.result, style);
            text.push('\n');
            text.push_str(&output::mcts_text(game, state, config, &report, style));
            text.truncate(text.trim_end().len());
            text
        })
    }

    /// Called after each completed iteration of --iterative: its line on standard error in
    /// text mode (JSON mode prints only the object).
    fn observe<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        r: &SearchResult<G::Move>,
    ) {
        if !self.json {
            errln!("{}", output::iteration_line(game, state, r, style));
        }
    }

    fn report<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        result: Result<SearchResult<G::Move>, SearchError>,
    ) -> Result<String> {
        let result = result.map_err(|e| match e {
            SearchError::Stopped(reason, stats) => {
                let flag = stop_flag(reason);
                if self.iterative || self.engine.is_some() {
                    anyhow!(
                        "the {reason} stopped {} after {} nodes, before depth 1 completed; raise {flag}",
                        self.searcher,
                        stats.nodes,
                    )
                } else {
                    anyhow!(
                        "the {reason} stopped {} after {} nodes, before the search finished; raise {flag}, or use --iterative to get the last completed depth",
                        self.searcher,
                        stats.nodes,
                    )
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
            output::result_json(
                self.searcher.name(),
                game,
                state,
                &result,
                style,
                self.config.trace,
            )
            .to_string()
        } else {
            let mut text = output::result_table(self.searcher.name(), game, state, &result, style);
            if self.config.trace {
                text.push('\n');
                text.push_str(&output::trace_text(game, state, &result, style));
            }
            text
        })
    }
}

/// The flag that sets the limit that stopped a search.
fn stop_flag(reason: StopReason) -> &'static str {
    match reason {
        StopReason::NodeLimit => "--nodes",
        StopReason::Deadline => "--time-ms",
    }
}
