//! `gametree merge`: the parts of a sharded `reproduce` run turned into the files one
//! process writes (docs/cluster.md).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::Args;
use gametree_lab::experiment::Ctx;
use gametree_lab::merge::{
    merge, merge_tournament, part_command, part_files, read_part, read_tournament_part,
};
use gametree_lab::reproduce;
use gametree_lab::tournament::{summarise, table, Budget, TournamentConfig};

/// Arguments of `gametree merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The directory to write the tables, plots, JSON and index to (as `reproduce --out`);
    /// for a tournament's parts, the JSON file (as `tournament --out`).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Print one JSON object `{"meta", "rows"}` (as `reproduce --json`; for a tournament its
    /// JSON, as `tournament --json`) instead of the text summary.
    #[arg(long)]
    json: bool,
    /// The part files (`part-I-of-N.json`), or directories holding them.
    #[arg(value_name = "PART", required = true)]
    parts: Vec<PathBuf>,
}

/// Runs `gametree merge`: checks every part (format, version, parameters, each item exactly
/// once), then writes the files; missing items are listed with the shards to run again.
pub fn run(args: MergeArgs) -> Result<()> {
    let start = Instant::now();
    let files = part_files(&args.parts)?;
    if part_command(&files[0])? == "tournament" {
        return merge_tournaments(&args, &files);
    }
    let mut parts = Vec::new();
    for f in files {
        let p = read_part(&f)?;
        parts.push((f, p));
    }
    let done = merge(&parts, &args.out).map_err(|e| match e {
        gametree_lab::merge::MergeError::OutDir(e) => anyhow!("--out: {e}"),
        e => anyhow!(e),
    })?;
    let run = &parts[0].1.run;
    let ctx = Ctx {
        quick: run.quick,
        progress: false,
        hands: run.hands,
        strength: run.strength,
    };
    let elapsed = start.elapsed().as_secs_f64();
    if args.json {
        outln!("{}", reproduce::run_json(&done, &ctx, elapsed));
    } else {
        let items: usize = parts.iter().map(|(_, p)| p.items.len()).sum();
        let shard_secs: Vec<f64> = parts.iter().map(|(_, p)| p.elapsed_s).collect();
        let longest = shard_secs.iter().copied().fold(0.0, f64::max);
        let mean = shard_secs.iter().sum::<f64>() / shard_secs.len() as f64;
        outln!(
            "merged {} parts, {items} items (shard wall times: longest {longest:.2} s, mean {mean:.2} s) in {elapsed:.2} s",
            parts.len()
        );
        let compute: f64 = done.iter().map(|d| d.wall_secs).sum();
        outln!("{}", reproduce::summary_text(&done, run.quick, compute));
    }
    errln!("results in {}", args.out.display());
    Ok(())
}

/// Merges a tournament's parts: the games of every shard, summarised as one tournament
/// and written to --out as `tournament --out` writes it.
fn merge_tournaments(args: &MergeArgs, files: &[PathBuf]) -> Result<()> {
    let mut parts = Vec::new();
    for f in files {
        if part_command(f)? != "tournament" {
            return Err(anyhow!(
                "{}: not a tournament's part (the first part is)",
                f.display()
            ));
        }
        let p = read_tournament_part(f)?;
        parts.push((f.clone(), p));
    }
    let (run, results) = merge_tournament(&parts)?;
    gametree_lab::io::resolve_target(&args.out).map_err(|e| anyhow!("--out: {e}"))?;
    let engines = run
        .engines
        .iter()
        .map(|e| gametree_lab::tournament_job::parse_engine(e, Budget::Depth(3)))
        .collect::<Result<Vec<_>>>()?;
    let config = TournamentConfig {
        engines,
        openings: run.openings,
        opening_plies: run.opening_plies,
        seed: run.seed,
        max_plies: run.max_plies,
        progress: false,
        threads: None,
        bootstrap: run.bootstrap,
    };
    let result = summarise(run.game.clone(), run.players, &config, results);
    let json = serde_json::to_string_pretty(&result)?;
    gametree_lab::io::write_atomic(&args.out, json.as_bytes())
        .map_err(|e| anyhow!("--out: cannot write {}: {e}", args.out.display()))?;
    if args.json {
        outln!("{json}");
    } else {
        outln!("merged {} parts, {} games", parts.len(), result.games);
        out!("{}", table(&result));
    }
    Ok(())
}
