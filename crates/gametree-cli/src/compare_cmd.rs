//! `gametree compare` and `gametree advise`: a decided comparison of two engines on a game,
//! and the round robin of every search that can play it, at one budget per move
//! (docs/which-search.md).

use std::io::IsTerminal;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use gametree_run::advise::{advice_table, AdviseConfig};
use gametree_run::compare::{compare_table, CompareConfig, MAX_GAMES_DEFAULT};
use gametree_run::engine::{MoveBudget, MAX_TIME_MS};
use gametree_run::stack::MAX_PLIES;
use gametree_run::tournament::MAX_GAMES;
use gametree_run::tournament_job::{self, EngineTexts};
use gametree_run::verdict::Claim;

use crate::budget_args::BudgetArgs;

/// The claims `--claim` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ClaimArg {
    /// A is stronger than B: its win rate is above 0.5.
    Beats,
    /// A is not weaker than B by more than 0.1 in win rate.
    AtLeastAsGood,
    /// A and B are within 0.1 of 0.5 in win rate.
    AboutEqual,
}

impl From<ClaimArg> for Claim {
    fn from(c: ClaimArg) -> Claim {
        match c {
            ClaimArg::Beats => Claim::Beats,
            ClaimArg::AtLeastAsGood => Claim::AtLeastAsGood,
            ClaimArg::AboutEqual => Claim::AboutEqual,
        }
    }
}

/// The flags `compare` and `advise` share.
#[derive(Args, Debug)]
#[command(
    mut_arg("depth", |a| a
        .short(None)
        .help("The search depth per move of every engine without its own budget, at most 10000")
        .value_parser(clap::value_parser!(u32).range(1..=MAX_PLIES as i64))
        .conflicts_with_all(["nodes", "time_ms"])),
    mut_arg("nodes", |a| a
        .help("The node budget per move of every engine without its own budget (equal \
               nodes; iterative deepening, the last completed iteration's move)")
        .conflicts_with("time_ms")),
    mut_arg("time_ms", |a| a
        .value_name("MS")
        .help("The time budget per move in milliseconds of every engine without its own \
               budget, 1 to 3600000 (results with time budgets are not reproducible)")
        .value_parser(clap::value_parser!(u64).range(1..=MAX_TIME_MS))),
    mut_arg("clock", |a| a
        .help("The clock of --time-ms: `wall` (the default) or `cpu` (the searching thread's \
               processor time)")
        .requires("time_ms")),
)]
struct Common {
    /// A game spec, e.g. `chinese-checkers(players=3,board=73)` (`gametree list`).
    #[arg(long, value_name = "SPEC")]
    game: String,
    /// The budget per move: `--depth`, `--nodes` or `--time-ms`.
    #[command(flatten)]
    budget: BudgetArgs,
    /// Random plies per opening (at most 10000).
    #[arg(long, value_name = "P", default_value_t = 3,
          value_parser = clap::value_parser!(u64).range(0..=MAX_PLIES))]
    opening_plies: u64,
    /// The seed of the openings and of the engines' random choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many plies and adjudicate it by the evaluator.
    #[arg(long, value_name = "M")]
    max_plies: Option<usize>,
    /// The error rate of the decision (of all the decided pairs together, for `advise`),
    /// above 0 and at most 0.5.
    #[arg(long, value_name = "A", default_value_t = 0.05)]
    alpha: f64,
    /// Games played at once (default: one per core); the results do not depend on it,
    /// except under time budgets.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl Common {
    fn budget(&self) -> Result<Option<MoveBudget>> {
        Ok(MoveBudget::from_budget(&self.budget.into())?)
    }

    fn progress(&self) -> bool {
        !self.quiet && !self.json && std::io::stderr().is_terminal()
    }
}

/// Arguments of `gametree compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The two engines, A,B: names of `gametree tournament --engines` (`brs`, `mcts@n20000`,
    /// `mcts@n500:seed=2`, `engine` for the game's default), A the claim's subject.
    #[arg(long, value_name = "A,B")]
    engines: String,
    /// The claim about A: `beats` (A's win rate above 0.5), `at-least-as-good` (not below
    /// 0.4) or `about-equal` (within 0.4 to 0.6).
    #[arg(long, value_enum, default_value = "beats")]
    claim: ClaimArg,
    /// The most games; the comparison stops earlier when decided (whole groups of one
    /// opening in every seat assignment; at least 8 groups).
    #[arg(long, value_name = "N", default_value_t = MAX_GAMES_DEFAULT as u64,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES as u64))]
    max_games: u64,
    #[command(flatten)]
    common: Common,
}

/// Arguments of `gametree advise`.
#[derive(Args, Debug)]
pub struct AdviseArgs {
    /// Openings per pair of engines (each played in every seat assignment of the pair),
    /// 1 to 100000.
    #[arg(long, value_name = "K", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    openings: u64,
    /// Bootstrap resamples of the rating intervals (0 to 100000).
    #[arg(long, value_name = "B", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=100_000))]
    bootstrap: u64,
    #[command(flatten)]
    common: Common,
}

/// Runs `gametree compare`.
pub fn run_compare(args: CompareArgs) -> Result<()> {
    let c = &args.common;
    let default = c.budget()?.unwrap_or(MoveBudget::Depth(3));
    let texts = EngineTexts {
        texts: args
            .engines
            .split(',')
            .map(|e| e.trim().to_string())
            .collect(),
        default,
    };
    let engines = texts.check()?;
    if engines.len() != 2 {
        bail!(
            "--engines `{}`: a comparison takes two engines, A,B",
            args.engines
        );
    }
    let config = CompareConfig {
        max_games: args.max_games as usize,
        opening_plies: c.opening_plies as usize,
        seed: c.seed,
        max_plies: c.max_plies,
        alpha: c.alpha,
        progress: c.progress(),
        threads: c.threads.map(|t| t as usize),
        ..CompareConfig::new(args.claim.into(), engines[0], engines[1])
    };
    let result = tournament_job::compare_on(&c.game, &texts, &config)?;
    if c.json {
        outln!("{}", serde_json::to_string_pretty(&result)?);
    } else {
        out!("{}", compare_table(&result));
    }
    Ok(())
}

/// Runs `gametree advise`.
pub fn run_advise(args: AdviseArgs) -> Result<()> {
    let c = &args.common;
    let Some(budget) = c.budget()? else {
        bail!("advise needs a budget per move: --nodes N, --depth D or --time-ms MS");
    };
    let config = AdviseConfig {
        openings: args.openings as usize,
        opening_plies: c.opening_plies as usize,
        seed: c.seed,
        max_plies: c.max_plies,
        alpha: c.alpha,
        bootstrap: args.bootstrap as usize,
        progress: c.progress(),
        threads: c.threads.map(|t| t as usize),
        ..AdviseConfig::new(Vec::new())
    };
    let advice = tournament_job::advise_on(&c.game, budget, &config)?;
    if c.json {
        outln!("{}", serde_json::to_string_pretty(&advice)?);
    } else {
        out!("{}", advice_table(&advice));
        if !advice.not_separated.is_empty() {
            let best = &advice.engines[advice.recommended];
            outln!("\nto decide {best} against an engine it is not separated from, playing until decided:");
            for &e in &advice.not_separated {
                outln!(
                    "  gametree compare --game \"{}\" --engines {best},{} --claim beats",
                    advice.game,
                    advice.engines[e]
                );
            }
        }
    }
    Ok(())
}
