//! `gametree tournament`: engines against each other in every seat assignment, from seeded
//! random openings; finished and adjudicated games, win shares with 95% intervals, pairwise
//! sign tests and ratings, as a table or JSON (docs/tournament.md).

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use gametree_lab::shard::{self, Shard};
use gametree_run::engine::{MoveBudget, MAX_TIME_MS};
use gametree_run::stack::MAX_PLIES;
use gametree_run::tournament::{table, TournamentConfig, MAX_GAMES};
use gametree_run::tournament_job::{self, EngineTexts};

use crate::budget_args::BudgetArgs;

/// Arguments of `gametree tournament`.
#[derive(Args, Debug)]
#[command(
    mut_arg("depth", |a| a
        .short(None)
        .help("The search depth of every engine without its own budget (equal depth), at \
               most 10000")
        .value_parser(clap::value_parser!(u32).range(1..=MAX_PLIES as i64))
        .conflicts_with_all(["nodes", "time_ms"])),
    mut_arg("nodes", |a| a
        .help("The node budget per move of every engine without its own budget (equal \
               nodes; iterative deepening, the last completed iteration's move)")
        .conflicts_with("time_ms")),
    mut_arg("time_ms", |a| a
        .value_name("MS")
        .help("The time budget per move in milliseconds of every engine without its own \
               budget (equal time; iterative deepening to the deadline, the last completed \
               iteration's move), 1 to 3600000. Results with time budgets are not \
               reproducible")
        .value_parser(clap::value_parser!(u64).range(1..=MAX_TIME_MS))),
    mut_arg("clock", |a| a
        .help("The clock of --time-ms: `wall` (wall-clock time, the default; engine suffix \
               `@t`) or `cpu` (the processor time of the searching thread; engine suffix `@c`)")
        .requires("time_ms")),
)]
pub struct TournamentArgs {
    /// A game spec, e.g. `chinese-checkers(players=3,board=73)`.
    #[arg(long, value_name = "SPEC")]
    game: String,
    /// The engines, comma-separated algorithm names (`gametree list`, `brs`, `brs-plus` and
    /// `mcts` included), each optionally with its own budget: `paranoid@d4` (depth 4),
    /// `maxn@n50000` (50,000 nodes per move), `speculative@t200` (200 ms of wall-clock time
    /// per move) or `speculative@c200` (200 ms of the searching thread's processor time per
    /// move: on a loaded machine, the same search as on an idle one). For
    /// `mcts` a depth bounds its playouts (2,000 iterations per move), nodes are its tree's
    /// size, `mcts@i200` is 200 iterations per move (what other libraries count), and its
    /// seeds derive from --seed and the game. Options follow the budget:
    /// `mcts@t200:cutoff=10` cuts MCTS playouts at 10 plies, `speculative@t20:table=16` gives
    /// max^n or speculative pruning a 16 MiB table of value vectors kept for the whole game,
    /// `speculative@t20:worlds=8` plays with hidden cards (Hearts, Spades) by Monte Carlo over
    /// 8 sampled deals per move. `engine` is the game's default engine (`gametree list`; PVS
    /// on two-player games).
    #[arg(
        long,
        value_name = "A,B,...",
        default_value = "maxn,speculative,paranoid"
    )]
    engines: String,
    /// The budget of every engine without its own: `--depth`, `--nodes` or `--time-ms`
    /// (the flags of `gametree search`, with the tournament's help and ranges above).
    #[command(flatten)]
    budget: BudgetArgs,
    /// Random openings (each played with every seat assignment), 1 to 1000000.
    #[arg(long, value_name = "K", default_value_t = 4,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES as u64))]
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
    #[arg(long, value_name = "I/N", allow_hyphen_values = true)]
    shard: Option<String>,
    /// The number of shards, for a shard index taken from the environment.
    #[arg(long, value_name = "N")]
    shards: Option<usize>,
}

/// Runs `gametree tournament`.
pub fn run(args: TournamentArgs) -> Result<()> {
    let default = MoveBudget::from_budget(&args.budget.into())?.unwrap_or(MoveBudget::Depth(3));
    let texts = EngineTexts {
        texts: args
            .engines
            .split(',')
            .map(|e| e.trim().to_string())
            .collect(),
        default,
    };
    // Checked here, before the game is built; `engine` is read per game when it is played.
    let engines = texts.check()?;
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
        return run_shard(&args, &texts, config, shard);
    }
    if let Some(path) = &args.out {
        // Refuse a bad --out before hours of games, not after.
        crate::target::check("--out", path)?;
    }
    let clock = std::time::Instant::now();
    let result = tournament_job::play(&args.game, &texts, &config)?;
    let json = serde_json::to_string_pretty(&result)?;
    if let Some(path) = &args.out {
        crate::target::write("--out", path, json.as_bytes())?;
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
fn run_shard(
    args: &TournamentArgs,
    texts: &EngineTexts,
    config: TournamentConfig,
    shard: Shard,
) -> Result<()> {
    let Some(out) = &args.out else {
        bail!("shard {shard}: a shard writes its part under --out DIR; give --out");
    };
    gametree_lab::io::prepare_dir(out).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    let clock = std::time::Instant::now();
    let played = shard::play_tournament_shard(&args.game, texts, &config, shard)?;
    let games = played.params.games;
    let (part, path) = shard::write_tournament_part(
        out,
        played.params,
        shard,
        &played.which,
        played.results,
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
