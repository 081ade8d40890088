//! `gametree merge`: the parts of a sharded `reproduce` run turned into the files one
//! process writes (docs/cluster.md).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::Args;
use gametree_lab::merge::{
    check_out_file, merge, part_files, read_parts, summarise_tournament, MergeError, Parts,
};
use gametree_lab::reproduce;
use gametree_run::tournament::table;

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
    let parts = match read_parts(&files)? {
        Parts::Tournament(parts) => return merge_tournaments(&args, &files, parts),
        Parts::Reproduce(parts) => parts,
    };
    let done = merge(&parts, &args.out).map_err(out_error)?;
    let run = &parts[0].1.run;
    let ctx = run.ctx();
    let elapsed = start.elapsed().as_secs_f64();
    if args.json {
        outln!("{}", reproduce::run_json(&done, &ctx, elapsed));
    } else {
        let items: usize = parts.iter().map(|(_, p)| p.items.len()).sum();
        let shard_secs: Vec<f64> = parts.iter().map(|(_, p)| p.elapsed_s).collect();
        let longest = shard_secs.iter().copied().fold(0.0, f64::max);
        let mean = shard_secs.iter().sum::<f64>() / shard_secs.len() as f64;
        outln!(
            "merged {} part{}, {items} items (shard wall times: longest {longest:.2} s, mean {mean:.2} s) in {elapsed:.2} s",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" }
        );
        let compute: f64 = done.iter().map(|d| d.wall_secs).sum();
        outln!("{}", reproduce::summary_text(&done, run.quick, compute));
    }
    errln!(
        "wrote the tables and plots to {} (open {})",
        args.out.display(),
        args.out.join("index.html").display()
    );
    Ok(())
}

/// A merge error, with `--out` before the ones about the output.
fn out_error(e: MergeError) -> anyhow::Error {
    match e {
        MergeError::OutDir(_) | MergeError::OutIsInput { .. } => anyhow!("--out: {e}"),
        e => anyhow!(e),
    }
}

/// Merges a tournament's parts: the games of every shard, summarised as one tournament
/// and written to --out as `tournament --out` writes it. --out is checked first: never a
/// part, nor a file that would join a directory of parts.
fn merge_tournaments(
    args: &MergeArgs,
    files: &[PathBuf],
    parts: Vec<(PathBuf, gametree_lab::shard::TournamentPart)>,
) -> Result<()> {
    check_out_file(&args.out, &args.parts, files).map_err(out_error)?;
    crate::target::check("--out", &args.out)?;
    let result = summarise_tournament(&parts)?;
    let json = serde_json::to_string_pretty(&result)?;
    crate::target::write("--out", &args.out, json.as_bytes())?;
    if args.json {
        outln!("{json}");
    } else {
        outln!("merged {} parts, {} games", parts.len(), result.games);
        out!("{}", table(&result));
    }
    Ok(())
}
