//! `gametree tournament`: engines against each other in every seat assignment, from seeded
//! random openings; finished and adjudicated games, win shares with 95% intervals, pairwise
//! sign tests and ratings, as a table or JSON (docs/tournament.md).

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use gametree::search::{AnyGame, Dispatch, Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{GameVisitor, Kind, Playable};
use gametree_lab::shard::{self, Shard, TournamentParams};
use gametree_lab::stack::MAX_PLIES;
use gametree_lab::tournament::{
    game_count, play_games_with, run_tournament_with, table, Budget, Engine, GameResult,
    TournamentConfig, TournamentResult, MAX_GAMES, MAX_TIME_MS,
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
    /// size, and its seeds derive from --seed and the game.
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
    /// Play only shard I of N (I counts from 0) of the games and write its part,
    /// `DIR/part-I-of-N.json`, under --out (then a directory); `gametree merge --out FILE`
    /// gives this command's JSON (docs/cluster.md). Without it the shard comes from
    /// SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_COUNT) or JOB_COMPLETION_INDEX (with
    /// --shards) when they are set.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// The number of shards, for a shard index taken from the environment.
    #[arg(long, value_name = "N")]
    shards: Option<usize>,
}

/// An engine `ALGORITHM[@BUDGET]`, with `default` as its budget when it names none.
pub(crate) fn parse_engine(text: &str, default: Budget) -> Result<Engine> {
    let (name, budget) = match text.split_once('@') {
        None => (text, default),
        Some((name, b)) => {
            let budget = if let Some(d) = b.strip_prefix('d') {
                Budget::Depth(
                    d.parse()
                        .with_context(|| format!("engine `{text}`: bad depth `{d}`"))?,
                )
            } else if let Some(n) = b.strip_prefix('n') {
                Budget::Nodes(
                    n.parse()
                        .with_context(|| format!("engine `{text}`: bad node budget `{n}`"))?,
                )
            } else if let Some(t) = b.strip_prefix('t') {
                Budget::Time(
                    t.parse()
                        .with_context(|| format!("engine `{text}`: bad time budget `{t}`"))?,
                )
            } else {
                bail!("engine `{text}`: the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS`");
            };
            (name, budget)
        }
    };
    let algorithm: Searcher = name.parse()?;
    match budget {
        Budget::Depth(0) => bail!("engine `{text}`: the depth must be at least 1"),
        Budget::Nodes(0) => bail!("engine `{text}`: the node budget must be at least 1"),
        Budget::Time(t) if t == 0 || t > MAX_TIME_MS => {
            bail!("engine `{text}`: the time budget must be 1 to {MAX_TIME_MS} ms")
        }
        Budget::Depth(d) if u64::from(d) > MAX_PLIES => {
            bail!("engine `{text}`: the depth must be at most {MAX_PLIES}")
        }
        _ => {}
    }
    Ok(Engine { algorithm, budget })
}

/// Runs `gametree tournament`.
pub fn run(args: TournamentArgs) -> Result<()> {
    let default = match (args.depth, args.nodes, args.time_ms) {
        (_, _, Some(t)) => Budget::Time(t),
        (_, Some(n), None) => Budget::Nodes(n),
        (Some(d), None, None) => Budget::Depth(d),
        (None, None, None) => Budget::Depth(3),
    };
    let engines = args
        .engines
        .split(',')
        .map(|e| parse_engine(e.trim(), default))
        .collect::<Result<Vec<_>>>()?;
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
    let flag = match &args.shard {
        Some(t) => Some(t.parse::<Shard>()?),
        None => None,
    };
    if let Some(shard) = shard::resolve(flag, args.shards, |k| std::env::var(k).ok())? {
        return run_shard(&args, config, shard);
    }
    if let Some(path) = &args.out {
        // Refuse a bad --out before hours of games, not after.
        gametree_lab::io::resolve_target(path).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    }
    let loaded = load::load(None, Some(&args.game), None)?;
    let clock = std::time::Instant::now();
    let Played::Whole(result) = loaded.visit(TournamentVisitor {
        config: &config,
        shard: None,
    })??
    else {
        bail!("a whole tournament was asked for");
    };
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

/// Plays one shard of the games and writes its part under --out.
fn run_shard(args: &TournamentArgs, config: TournamentConfig, shard: Shard) -> Result<()> {
    let Some(out) = &args.out else {
        bail!("shard {shard}: a shard writes its part under --out DIR; give --out");
    };
    gametree_lab::io::prepare_dir(out).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    let loaded = load::load(None, Some(&args.game), None)?;
    let clock = std::time::Instant::now();
    let Played::Games {
        game,
        players,
        games,
        which,
        results,
    } = loaded.visit(TournamentVisitor {
        config: &config,
        shard: Some(shard),
    })??
    else {
        bail!("a shard was asked for");
    };
    let run = TournamentParams {
        command: "tournament".into(),
        game,
        players,
        engines: config.engines.iter().map(|e| e.name()).collect(),
        openings: config.openings,
        opening_plies: config.opening_plies,
        seed: config.seed,
        max_plies: config.max_plies,
        bootstrap: config.bootstrap,
        games,
    };
    let (part, path) = shard::write_tournament_part(
        out,
        run,
        shard,
        &which,
        results,
        clock.elapsed().as_secs_f64(),
    )
    .map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    outln!(
        "shard {shard}: {} of {games} games in {:.1} s; part {}",
        part.items.len(),
        part.elapsed_s,
        path.display()
    );
    Ok(())
}

/// What the visitor played: the whole tournament, or the games of one shard.
enum Played {
    Whole(TournamentResult),
    Games {
        game: String,
        players: usize,
        games: usize,
        which: Vec<usize>,
        results: Vec<GameResult>,
    },
}

/// Plays the tournament (or one shard of its games) on the game the registry built.
struct TournamentVisitor<'a> {
    config: &'a TournamentConfig,
    shard: Option<Shard>,
}

impl TournamentVisitor<'_> {
    fn play<D, G>(self, game: &G) -> Result<Played>
    where
        D: Dispatch<G>,
        G: Playable,
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        match self.shard {
            None => Ok(Played::Whole(run_tournament_with::<D, _, _>(
                game,
                &game.evaluator(),
                &game.spec_text(),
                self.config,
            )?)),
            Some(s) => {
                let games = game_count::<D, G>(game, self.config)?;
                let which = shard::tournament_games(games, s);
                let results =
                    play_games_with::<D, _, _>(game, &game.evaluator(), self.config, &which)?;
                Ok(Played::Games {
                    game: game.spec_text(),
                    players: game.players(),
                    games,
                    which,
                    results,
                })
            }
        }
    }
}

impl GameVisitor for TournamentVisitor<'_> {
    type Output = Result<Played>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Result<Played>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        if G::KIND == Kind::Tree {
            bail!("tournaments are played on games, not on trees");
        }
        if let Some(e) = self
            .config
            .engines
            .iter()
            .find(|e| e.algorithm.needs() == Needs::SetToMove)
        {
            return Err(needs_set_to_move(e.algorithm));
        }
        self.play::<AnyGame, G>(game)
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        _state: &G::State,
    ) -> Result<Played>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<WithSetToMove, G>(game)
    }
}
