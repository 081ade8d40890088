//! `gametree tournament`: engines against each other in every seat assignment, from seeded
//! random openings; finished and adjudicated games, win shares with 95% intervals, pairwise
//! sign tests and ratings, as a table or JSON (docs/tournament.md).

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use gametree::search::{Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{GameVisitor, Kind, Playable};
use gametree_lab::stack::MAX_PLIES;
use gametree_lab::tournament::{
    run_tournament, run_tournament_with, table, Budget, Engine, TournamentConfig, TournamentResult,
    MAX_GAMES, MAX_TIME_MS,
};

use crate::load;
use crate::search_cmd::needs_set_to_move;

/// Arguments of `gametree tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// A game spec, e.g. `chinese-checkers(players=3,board=73)`.
    #[arg(long, value_name = "SPEC")]
    game: String,
    /// The engines, comma-separated algorithm names (`gametree list`, `brs`, `brs-plus` and
    /// `mcts` included), each optionally with its own budget: `paranoid@d4` (depth 4),
    /// `maxn@n50000` (50,000 nodes per move) or `speculative@t200` (200 ms per move). For
    /// `mcts` a depth bounds its playouts (2,000 iterations per move), nodes are its tree's
    /// size, and its seeds derive from --seed and the game. Options follow the budget:
    /// `mcts@t200:cutoff=10` cuts MCTS playouts at 10 plies. `engine` is the game's default
    /// engine (`gametree list`; PVS on two-player games).
    #[arg(
        long,
        value_name = "A,B,...",
        default_value = "maxn,speculative,paranoid"
    )]
    engines: String,
    /// The search depth of every engine without its own budget (equal depth), at most 10000.
    #[arg(long, value_name = "D", conflicts_with_all = ["nodes", "time_ms"],
          value_parser = clap::value_parser!(u32).range(1..=crate::stack::MAX_DEPTH_FLAG))]
    depth: Option<u32>,
    /// The node budget per move of every engine without its own budget (equal nodes;
    /// iterative deepening, the last completed iteration's move).
    #[arg(long, value_name = "N", conflicts_with = "time_ms",
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The time budget per move in milliseconds of every engine without its own budget
    /// (equal time; iterative deepening to the deadline, the last completed iteration's
    /// move), 1 to 3600000. Results with time budgets are not reproducible.
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIME_MS))]
    time_ms: Option<u64>,
    /// Random openings (each played with every seat assignment), 1 to 1000000.
    #[arg(long, value_name = "K", default_value_t = 4,
          value_parser = clap::value_parser!(u64).range(0..=MAX_GAMES as u64))]
    openings: u64,
    /// Random plies per opening (at most 10000).
    #[arg(long, value_name = "P", default_value_t = 3,
          value_parser = clap::value_parser!(u64).range(0..=MAX_PLIES))]
    opening_plies: u64,
    /// The seed of the openings and of the ratings' bootstrap.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: one per core); the results do not depend on it,
    /// except under time budgets.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Bootstrap resamples of the rating intervals (0 to 100000).
    #[arg(long, value_name = "B", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=100_000))]
    bootstrap: u64,
    /// Stop a game after this many plies and adjudicate it by the evaluator.
    #[arg(long, value_name = "M")]
    max_plies: Option<usize>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the JSON results to FILE (atomically; checked before the games start; only
    /// a regular file is replaced, a symbolic link is written through).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

fn parse_engine(text: &str, default: Budget, default_engine: Option<Searcher>) -> Result<Engine> {
    Ok(gametree_lab::engine_name::parse_engine(
        text,
        default,
        default_engine,
    )?)
}

/// Runs `gametree tournament`.
pub fn run(args: TournamentArgs) -> Result<()> {
    let default = match (args.depth, args.nodes, args.time_ms) {
        (_, _, Some(t)) => Budget::Time(t),
        (_, Some(n), None) => Budget::Nodes(n),
        (Some(d), None, None) => Budget::Depth(d),
        (None, None, None) => Budget::Depth(3),
    };
    let texts: Vec<String> = args
        .engines
        .split(',')
        .map(|e| e.trim().to_string())
        .collect();
    // Checked here, before the game is built; `engine` is resolved per game in the visitor.
    let engines = parse_engines(&texts, default, Some(TWO_PLAYER_ENGINE))?;
    let config = TournamentConfig {
        engines,
        openings: args.openings as usize,
        opening_plies: args.opening_plies as usize,
        seed: args.seed,
        max_plies: args.max_plies,
        progress: !args.quiet && std::io::stderr().is_terminal(),
        threads: args.threads.map(|t| t as usize),
        bootstrap: args.bootstrap as usize,
    };
    if let Some(path) = &args.out {
        // Refuse a bad --out before hours of games, not after.
        gametree_lab::io::resolve_target(path).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    }
    let loaded = load::load(None, Some(&args.game), None)?;
    let clock = std::time::Instant::now();
    let result = loaded.visit(TournamentVisitor {
        config: &config,
        texts: &texts,
        default,
    })??;
    let json = serde_json::to_string_pretty(&result)?;
    if let Some(path) = &args.out {
        gametree_lab::io::write_atomic(path, json.as_bytes())
            .map_err(|e| anyhow::anyhow!("--out: cannot write {}: {e}", path.display()))?;
    }
    if args.json {
        outln!("{json}");
    } else {
        out!("{}", table(&result));
        let secs = clock.elapsed().as_secs_f64();
        outln!(
            "{} games in {secs:.1} s ({:.1} games per minute)",
            result.games,
            result.games as f64 * 60.0 / secs.max(1e-9)
        );
    }
    Ok(())
}

/// What `engine` plays in a tournament on a game without a multi-player default
/// (two-player games): PVS, the search of the two-player engine without its table.
const TWO_PLAYER_ENGINE: Searcher = Searcher::Plain(gametree::search::Algorithm::Pvs);

fn parse_engines(
    texts: &[String],
    default: Budget,
    engine: Option<Searcher>,
) -> Result<Vec<Engine>> {
    texts
        .iter()
        .map(|e| parse_engine(e, default, engine))
        .collect()
}

/// Plays the tournament on the game the registry built.
struct TournamentVisitor<'a> {
    config: &'a TournamentConfig,
    texts: &'a [String],
    default: Budget,
}

impl TournamentVisitor<'_> {
    /// The configuration with `engine` read as `game`'s default engine.
    fn config_for<G: Playable>(&self, game: &G) -> Result<TournamentConfig> {
        let engine = game
            .default_engine()
            .map_or(TWO_PLAYER_ENGINE, |d| d.searcher);
        Ok(TournamentConfig {
            engines: parse_engines(self.texts, self.default, Some(engine))?,
            ..self.config.clone()
        })
    }
}

impl GameVisitor for TournamentVisitor<'_> {
    type Output = Result<TournamentResult>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Result<TournamentResult>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        if G::KIND == Kind::Tree {
            bail!("tournaments are played on games, not on trees");
        }
        let config = &self.config_for(game)?;
        if let Some(e) = config
            .engines
            .iter()
            .find(|e| e.algorithm.needs() == Needs::SetToMove)
        {
            return Err(needs_set_to_move(e.algorithm));
        }
        Ok(run_tournament(
            game,
            &game.evaluator(),
            &game.spec_text(),
            config,
        )?)
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        _state: &G::State,
    ) -> Result<TournamentResult>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let config = &self.config_for(game)?;
        Ok(run_tournament_with::<WithSetToMove, _, _>(
            game,
            &game.evaluator(),
            &game.spec_text(),
            config,
        )?)
    }
}
