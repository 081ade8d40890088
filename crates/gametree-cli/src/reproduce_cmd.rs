//! `gametree reproduce`: the papers' tables from running code, beside the published numbers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::Args;
use gametree_lab::experiment::Ctx;
use gametree_lab::reproduce;

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
    /// Print one JSON array of rows instead of markdown tables.
    #[arg(long)]
    json: bool,
    /// Write every table (md, csv, json) and plot (svg) under DIR, with a manifest per
    /// experiment written last; a re-run skips experiments whose manifest has the same
    /// parameters and whose files are unchanged. DIR is checked before any computation.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Hands of the card-game tables (sturtevant-2003/table-11 and table-12) instead of the
    /// mode's (quick: 2 and 1; full: the paper's 300 and 50).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    hands: Option<u64>,
}

/// Runs `gametree reproduce`.
pub fn run(args: ReproduceArgs) -> Result<()> {
    let experiments = reproduce::select(args.target.as_deref()).map_err(|e| anyhow!(e))?;
    if let Some(dir) = &args.out {
        // A bad --out is reported now, not after the experiments.
        reproduce::prepare_out(dir, &experiments).map_err(|e| anyhow!("--out: {e}"))?;
    }
    let ctx = Ctx {
        quick: args.quick,
        progress: std::io::stderr().is_terminal(),
        hands: args.hands.map(|h| h as usize),
    };
    let start = Instant::now();
    let json = args.json;
    let done = reproduce::run(&experiments, &ctx, args.out.as_deref(), |d| {
        let e = &d.experiment;
        if json {
            if d.skipped {
                errln!("{}/{}: skipped (stored results)", e.paper, e.table);
            } else {
                errln!("{}/{}: {:.2} s", e.paper, e.table, d.wall_secs);
            }
        } else {
            // Streamed as each experiment ends (its files are already written): a reader
            // that went away stops the run here.
            outln!("{}", reproduce::done_markdown(d));
        }
    })
    .map_err(|e| anyhow!(e))?;
    if json {
        outln!("{}", reproduce::rows_json(&done));
    } else {
        outln!(
            "total wall time {:.2} s ({} experiments, {} mode)",
            start.elapsed().as_secs_f64(),
            done.len(),
            if args.quick { "quick" } else { "full" }
        );
    }
    if let Some(dir) = &args.out {
        errln!("results in {}", dir.display());
    }
    Ok(())
}
