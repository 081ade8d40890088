//! `gametree search`: one algorithm on one position.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use clap::{ArgGroup, Args};
use gametree::hash::Zobrist;
use gametree::search::iterative::iterative_deepening;
use gametree::search::maxn_table::maxn_table;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{self, Algorithm, Config, Limits, SearchError, SearchResult};
use gametree::{Evaluator, Game};

use crate::load::{self, MoveStyle, Visitor};
use crate::output;
use crate::stack;

/// Arguments of `gametree search`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("input").required(true).args(["tree", "game"])))]
pub struct SearchArgs {
    /// An explicit tree in the JSON format of DESIGN.md.
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
    /// Node limit (a search stopped by it reports an error, or with --iterative the last
    /// completed iteration).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Time limit in milliseconds.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    time_ms: Option<u64>,
    /// Iterative deepening up to --depth: returns the last completed iteration.
    #[arg(long)]
    iterative: bool,
    /// Record every prune (printed with --json).
    #[arg(long)]
    trace: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// A transposition table of exact values of this many MiB, for `maxn` and
    /// `speculative` (`maxn_table`, `speculative_table`: the same result, each transposed
    /// subtree searched once).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mib: Option<u64>,
}

/// Runs `gametree search`.
pub fn run(args: SearchArgs) -> Result<()> {
    let algorithm: Algorithm = args.algorithm.parse()?;
    if args.table_mib.is_some() && !matches!(algorithm, Algorithm::Maxn | Algorithm::Speculative) {
        bail!("--table-mib works with maxn and speculative, not {algorithm}");
    }
    let loaded = load::load(
        args.tree.as_deref(),
        args.game.as_deref(),
        args.position.as_deref(),
    )?;
    if let (Some(tree), Some(d)) = (loaded.tree(), args.depth) {
        if !args.iterative {
            tree.check_depth_limit(d)?;
        } else {
            for k in 1..=d.min(tree.height()) {
                tree.check_depth_limit(k)?;
            }
        }
    }
    if args.iterative
        && args.depth.is_none()
        && args.nodes.is_none()
        && args.time_ms.is_none()
        && loaded.tree().is_none()
    {
        bail!("--iterative needs a limit: --depth, --nodes or --time-ms");
    }
    let config = Config {
        limits: Limits {
            depth: args.depth,
            nodes: args.nodes,
            deadline: args
                .time_ms
                .map(|t| Instant::now() + Duration::from_millis(t)),
        },
        trace: args.trace,
    };
    let visitor = SearchVisitor {
        algorithm,
        config,
        iterative: args.iterative,
        json: args.json,
        table_mib: args.table_mib.map(|m| m as usize),
    };
    let plies = stack::search_plies(&loaded, args.depth)?;
    let text = stack::on_search_thread(plies, || loaded.visit(visitor))?;
    println!("{text}");
    Ok(())
}

struct SearchVisitor {
    algorithm: Algorithm,
    config: Config,
    iterative: bool,
    json: bool,
    table_mib: Option<usize>,
}

impl Visitor for SearchVisitor {
    type Output = Result<String>;
    fn visit<G: Game, E: Evaluator<G>>(
        self,
        game: &G,
        eval: &E,
        state: &G::State,
        style: MoveStyle,
    ) -> Result<String> {
        let result = if self.iterative {
            search::run_iterative(self.algorithm, game, eval, state, &self.config)
        } else {
            search::run(self.algorithm, game, eval, state, &self.config)
        };
        self.report(game, state, style, result)
    }

    fn visit_hashed<G: Zobrist, E: Evaluator<G>>(
        self,
        game: &G,
        eval: &E,
        state: &G::State,
        style: MoveStyle,
    ) -> Result<String> {
        let Some(mib) = self.table_mib else {
            return self.visit(game, eval, state, style);
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
            iterative_deepening(&self.config, once)
        } else {
            once(&self.config)
        };
        self.report(game, state, style, result)
    }
}

impl SearchVisitor {
    fn report<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        result: Result<SearchResult<G::Move>, SearchError>,
    ) -> Result<String> {
        let result = result.map_err(|e| match e {
            SearchError::Stopped(reason, stats) => anyhow!(
                "the {reason} stopped {} after {} nodes, before {}; use --iterative to get the last completed depth",
                self.algorithm,
                stats.nodes,
                if self.iterative { "depth 1 completed" } else { "the search finished" }
            ),
            other => anyhow!(other),
        })?;
        Ok(if self.json {
            output::result_json(
                self.algorithm.name(),
                game,
                state,
                &result,
                style,
                self.config.trace,
            )
            .to_string()
        } else {
            output::result_table(self.algorithm.name(), game, state, &result, style)
        })
    }
}
