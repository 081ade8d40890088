//! `gametree reproduce`: the papers' tables from running code, beside the published numbers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::Args;
use gametree_lab::experiment::Experiment;
use gametree_lab::experiment::{Ctx, Params};
use gametree_lab::io::note;
use gametree_lab::papers::strength::{BudgetRule, StrengthGame, StrengthMatches, StrengthScale};
use gametree_lab::papers::sturtevant_cards::Hands;
use gametree_lab::reproduce;
use gametree_lab::shard::{self, Balance, RunParams, Shard};
use gametree_run::engine::MoveBudget;
use gametree_run::engine_name::{parse_budget, BudgetError};

/// Arguments of `gametree reproduce`.
#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// `PAPER` or `PAPER/TABLE` (all papers when omitted): korf-1991, baudet-1978,
    /// knuth-moore, fridenfalk-2014, sturtevant-2003.
    #[arg(value_name = "PAPER[/TABLE]")]
    target: Option<String>,
    /// Fewer trials and no multi-billion-node lines: everything in under two minutes on two
    /// cores. Without it every line of every table runs, however long.
    #[arg(long)]
    quick: bool,
    /// Print one JSON object `{"meta", "rows"}` instead of the text summary and tables: the
    /// rows at full precision, and the version, commit, date, parameters and times.
    #[arg(long)]
    json: bool,
    /// Print every experiment's table after the summary, then the summary again. Without it
    /// the text output is the summary alone (the tables are in --out's files and --json);
    /// either way it ends with where the tables and plots are, then the verdict counts. With
    /// --shard: one line per item as it ends.
    #[arg(long, conflicts_with = "json")]
    verbose: bool,
    /// List the experiments (`PAPER/TABLE` and what each reproduces) and run nothing.
    #[arg(long, conflicts_with_all = ["json", "verbose", "out", "quick", "hands", "openings", "budget", "matches", "games", "shard", "shards", "threads"])]
    list: bool,
    /// Write every table (md, csv, json) and plot (svg) under DIR, with a manifest per
    /// experiment written last; a re-run skips experiments whose manifest has the same
    /// parameters and whose files are unchanged. DIR is checked before any computation.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Hands of the card-game tables (sturtevant-2003/table-11 and table-12) instead of the
    /// mode's (quick: 2 and 1; full: the paper's 300 and 50).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    hands: Option<u64>,
    /// beyond/strength: random openings per match (per deal on the card games) instead of
    /// the mode's (quick 1; full: up to 800 games for a claim's match, 120 for the others);
    /// every opening is played in every seat assignment, so each adds 6 games to a match on
    /// three seats, 14 on four.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000))]
    openings: Option<u64>,
    /// beyond/strength: every engine's budget per move instead of the calibrated nodes (20 ms
    /// on the calibration machine): `calibrated/D` (the calibrated nodes divided by D, e.g.
    /// calibrated/10 for 2 ms), `tMS` (time, e.g. t50, measured in the searching thread's
    /// processor time, not wall-clock time; `cMS` is the same), `nNODES` (nodes, e.g.
    /// n50000: the same rows on every run and machine) or `dDEPTH`.
    #[arg(long, value_name = "BUDGET")]
    budget: Option<String>,
    /// beyond/strength: which matches to play: `all` (the default) or `claims`, only those
    /// a published claim rests on (the decisive run; no ratings from the other matches).
    #[arg(long, value_enum, value_name = "WHICH")]
    matches: Option<MatchesArg>,
    /// beyond/strength: only these games, by label, comma-separated (cc-3, cc-4, cc-6,
    /// rolit-3, rolit-4, chess4, focus-2, focus-3, focus-4, blokus, hearts, spades; and
    /// chess4-cap400, the earlier chess rules, played only when named).
    #[arg(long, value_name = "LABELS")]
    games: Option<String>,
    /// Run only shard I of N (I counts from 0) and write its part, `DIR/part-I-of-N.json`,
    /// under --out; `gametree merge` turns the parts into this command's files
    /// (docs/cluster.md). Without it the shard comes from SLURM_ARRAY_TASK_ID (with
    /// SLURM_ARRAY_TASK_COUNT) or JOB_COMPLETION_INDEX (with --shards) when they are set.
    #[arg(long, value_name = "I/N", allow_hyphen_values = true)]
    shard: Option<String>,
    /// The number of shards, for a shard index taken from the environment (Kubernetes
    /// does not export it); must agree with --shard and SLURM_ARRAY_TASK_COUNT.
    #[arg(long, value_name = "N")]
    shards: Option<usize>,
    /// Threads running experiments and their items at once (default: one per core, or
    /// RAYON_NUM_THREADS); the rows and files do not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
}

/// The `--matches` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum MatchesArg {
    /// Every match.
    All,
    /// The matches a claim rests on.
    Claims,
}

/// The largest divisor of `--budget calibrated/D`.
const MAX_DIVISOR: u64 = 1_000_000;

/// The forms `--budget` takes, for its messages.
const BUDGET_FORMS: &str = "calibrated/D (the calibrated nodes divided by D), tMS or cMS (processor time in milliseconds), nNODES or dDEPTH";

/// The message of a `--budget` the engine-name parser refused: the flag and the budget as
/// given, and what is wrong, in the flag's forms (no `@`, and `calibrated/D` among them).
fn budget_error(b: &str, e: BudgetError) -> anyhow::Error {
    match e {
        BudgetError::UnknownForm => anyhow!("--budget `{b}`: expected {BUDGET_FORMS}"),
        e => anyhow!("--budget `{b}`: {e}; the budgets are {BUDGET_FORMS}"),
    }
}

/// The strength experiment's scale from --openings, --budget and --matches.
fn strength_scale(args: &ReproduceArgs) -> Result<StrengthScale> {
    let budget = match &args.budget {
        Some(b) => Some(match b.strip_prefix("calibrated") {
            // `calibrated`, `calibrated10` and `calibrated/x` are all a calibrated budget
            // gone wrong, never a processor time budget `c...`.
            Some(rest) => match rest.strip_prefix('/').map(str::parse::<u64>) {
                Some(Ok(divisor @ 1..=MAX_DIVISOR)) => BudgetRule::Calibrated { divisor },
                _ => {
                    return Err(anyhow!(
                        "--budget `{b}`: expected calibrated/D with D a whole number from 1 to {MAX_DIVISOR}"
                    ))
                }
            },
            // A time budget is the searching thread's processor time (what a loaded or
            // shared machine does not take away), never wall-clock time.
            None => BudgetRule::Fixed(match parse_budget(b).map_err(|e| budget_error(b, e))? {
                MoveBudget::Time(ms) => MoveBudget::CpuTime(ms),
                MoveBudget::Iterations(_) => {
                    return Err(anyhow!(
                        "--budget `{b}`: an iteration budget is for MCTS alone, and the experiment's matches seat other searches too; expected {BUDGET_FORMS}"
                    ))
                }
                other => other,
            }),
        }),
        None => None,
    };
    let games = match &args.games {
        None => None,
        Some(list) => {
            let mut set = 0u32;
            for label in list.split(',').map(str::trim) {
                let Some(i) = StrengthGame::ALL.iter().position(|g| g.label() == label) else {
                    let known: Vec<&str> = StrengthGame::ALL.iter().map(|g| g.label()).collect();
                    return Err(anyhow!(
                        "--games `{list}`: no game `{label}`; the games are {}",
                        known.join(", ")
                    ));
                };
                set |= 1 << i;
            }
            Some(set)
        }
    };
    Ok(StrengthScale {
        games,
        openings: args.openings.map(|o| o as usize),
        budget,
        matches: match args.matches {
            Some(MatchesArg::Claims) => StrengthMatches::Claims,
            Some(MatchesArg::All) | None => StrengthMatches::All,
        },
    })
}

/// Runs `gametree reproduce`. The experiments and their items run at the same time on every
/// core (`--threads` or `RAYON_NUM_THREADS` sets how many), their rows the same as one after
/// another. The text output comes after every experiment has run: the summary (with
/// `--verbose`, then the tables and the summary again), then where the tables and plots are,
/// and last the verdict counts; meanwhile each experiment's time goes to stderr as it ends,
/// one line each (on a terminal above the progress bars).
pub fn run(args: ReproduceArgs) -> Result<()> {
    let threads = args.threads.map(|t| t as usize);
    reproduce::with_threads(threads, || run_in_pool(args)).map_err(|e| anyhow!("--threads: {e}"))?
}

/// [`run`] on the pool of --threads.
fn run_in_pool(args: ReproduceArgs) -> Result<()> {
    let experiments = reproduce::select(args.target.as_deref()).map_err(|e| anyhow!(e))?;
    if args.list {
        out!("{}", reproduce::list_text(&experiments));
        return Ok(());
    }
    if (args.openings.is_some()
        || args.budget.is_some()
        || args.matches.is_some()
        || args.games.is_some())
        && !experiments
            .iter()
            .any(|e| e.paper == "beyond" && e.table == "strength")
    {
        return Err(anyhow!(
            "--openings, --budget, --matches and --games set the strength experiment's scale; the selection does not include beyond/strength"
        ));
    }
    let ctx = Ctx {
        quick: args.quick,
        progress: std::io::stderr().is_terminal(),
        params: Params::NONE
            .with(&Hands(args.hands.map(|h| h as usize)))
            .with(&strength_scale(&args)?),
    };
    let flag = match &args.shard {
        Some(t) => Some(t.parse::<Shard>()?),
        None => None,
    };
    if let Some(shard) = shard::resolve(flag, args.shards, |k| std::env::var(k).ok())? {
        return run_shard(&args, &experiments, &ctx, shard);
    }
    let start = Instant::now();
    let total = experiments.len();
    let mut finished = 0;
    let done = reproduce::run(&experiments, &ctx, args.out.as_deref(), |d| {
        // The text comes at the end; meanwhile one line per finished experiment goes to
        // stderr (above the progress bars on a terminal), so a long run is never silent.
        finished += 1;
        let e = &d.experiment;
        let what = if d.skipped {
            "skipped (stored results)".to_string()
        } else {
            format!("{:.2} s", d.wall_secs)
        };
        note(format_args!(
            "[{finished}/{total}] {}/{}: {what} ({:.1} s since the start)",
            e.paper,
            e.table,
            start.elapsed().as_secs_f64()
        ));
    })
    .map_err(|e| match e {
        // Checked by `run` before any experiment: a bad --out is reported before computing.
        reproduce::RunError::OutDir(e) => anyhow!("--out: {e}"),
        e => anyhow!(e),
    })?;
    let elapsed = start.elapsed().as_secs_f64();
    if args.json {
        outln!("{}", reproduce::run_json(&done, &ctx, elapsed));
        // Standard output holds the JSON alone: where the files went is a note.
        if let Some(dir) = &args.out {
            errln!("{}", reproduce::where_line(Some(dir), false));
        }
        return Ok(());
    }
    // The summary, first and last: a long --verbose output ends with it again, and every
    // text output ends with where the tables and plots are and the verdict counts.
    outln!("{}", reproduce::summary_text(&done, args.quick, elapsed));
    if args.verbose {
        for d in &done {
            outln!("{}", reproduce::done_text(d));
        }
        outln!("{}", reproduce::summary_block(&done));
    }
    outln!(
        "{}",
        reproduce::where_line(args.out.as_deref(), args.verbose)
    );
    outln!("{}", reproduce::verdict_line(&done));
    Ok(())
}

/// Runs one shard of the selection and writes its part under --out.
fn run_shard(
    args: &ReproduceArgs,
    experiments: &[Experiment],
    ctx: &Ctx,
    shard: Shard,
) -> Result<()> {
    let Some(out) = &args.out else {
        return Err(anyhow!(
            "shard {shard}: a shard writes its part under --out DIR; give --out"
        ));
    };
    let params = RunParams::reproduce(args.target.as_deref(), ctx);
    let all = shard::items(experiments, ctx);
    let balance = Balance::of(&all, shard.count);
    let mine = shard::items_of(&all, shard);
    let verbose = args.verbose || args.json || ctx.progress;
    errln!(
        "shard {shard}: {} of {} items, estimated {:.1} s (shards {:.1} to {:.1} s, mean {:.1} s, longest/mean {:.2})",
        mine.len(),
        all.len(),
        balance.loads[shard.index],
        balance.min,
        balance.max,
        balance.mean,
        balance.ratio()
    );
    let (part, path) = shard::run_shard(experiments, &params, ctx, shard, out, |name, secs| {
        if verbose {
            errln!("{name}: {secs:.2} s");
        }
    })
    .map_err(|e| match e {
        shard::PartError::OutDir(e) => anyhow!("--out: {e}"),
        e => anyhow!(e),
    })?;
    if args.json {
        outln!(
            "{}",
            serde_json::json!({
                "shard": part.shard,
                "part": path.display().to_string(),
                "items": part.items.len(),
                "elapsed_s": part.elapsed_s,
                "balance": part.balance,
            })
        );
    } else {
        outln!(
            "shard {shard}: {} items in {:.2} s (estimated {:.1} s); part {}",
            part.items.len(),
            part.elapsed_s,
            part.balance.estimated_s,
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: ReproduceArgs,
    }

    fn scale(flags: &[&str]) -> Result<StrengthScale> {
        let args = ["gametree", "beyond/strength"].iter().chain(flags);
        strength_scale(&Cli::try_parse_from(args).unwrap().args)
    }

    fn budget(flag: &str) -> Option<BudgetRule> {
        scale(&["--budget", flag]).unwrap().budget
    }

    #[test]
    fn the_strength_time_budget_is_processor_time() {
        assert_eq!(
            budget("t20"),
            Some(BudgetRule::Fixed(MoveBudget::CpuTime(20)))
        );
        assert_eq!(
            budget("c20"),
            Some(BudgetRule::Fixed(MoveBudget::CpuTime(20)))
        );
        assert_eq!(
            budget("n500"),
            Some(BudgetRule::Fixed(MoveBudget::Nodes(500)))
        );
    }

    #[test]
    fn a_calibrated_budget_is_divided_by_a_whole_number() {
        let ten = BudgetRule::Calibrated { divisor: 10 };
        assert_eq!(budget("calibrated/10"), Some(ten));
        // Issue #46: `calibrated` and `calibrated10` were read as processor time budgets
        // (`c...`) and refused as "bad processor time budget `alibrated`".
        for bad in [
            "calibrated",
            "calibrated10",
            "calibrated/0",
            "calibrated/x",
            "calibrated/",
            "calibrated/1000001",
        ] {
            let e = scale(&["--budget", bad]).unwrap_err().to_string();
            assert!(e.contains(bad) && e.contains("calibrated/D"), "{e}");
        }
    }

    #[test]
    fn games_select_by_label() {
        assert_eq!(scale(&[]).unwrap().games, None);
        let two = scale(&["--games", "cc-3,chess4"]).unwrap().games;
        assert_eq!(two, Some(1 | 1 << 5));
        let e = scale(&["--games", "cc-3,go"]).unwrap_err().to_string();
        assert!(
            e.contains("--games `cc-3,go`: no game `go`; the games are cc-3"),
            "{e}"
        );
    }

    #[test]
    fn matches_claims_selects_the_claims_matches() {
        assert_eq!(scale(&[]).unwrap().matches, StrengthMatches::All);
        let claims = scale(&["--matches", "claims"]).unwrap();
        assert_eq!(claims.matches, StrengthMatches::Claims);
    }
}
