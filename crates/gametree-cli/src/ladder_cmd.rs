//! `gametree ladder`: the strength experiment's results at several budgets side by side
//! (docs/strength.md, "The budget ladder").

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use gametree_lab::ladder::{self, MAX_RUNGS};

/// Arguments of `gametree ladder`.
#[derive(Args, Debug)]
pub struct LadderArgs {
    /// The rungs, cheapest budget first: each `LABEL=PATH` or `PATH` (labelled `rung K`),
    /// PATH a `strength.json`, the `--out` directory of `reproduce beyond/strength`, a
    /// directory of such results, one per game (`scripts/rungs`' `by-game`, read as one
    /// rung), or the JSON of `gametree advise --json` (any game's ratings at one budget).
    #[arg(value_name = "RUNG", required = true)]
    rungs: Vec<String>,
    /// Write ladder.md, ladder.json and one SVG per game (`ladder-GAME.svg`) under DIR.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print the ladder as JSON instead of the text tables.
    #[arg(long)]
    json: bool,
}

/// Runs `gametree ladder`.
pub fn run(args: LadderArgs) -> Result<()> {
    if args.rungs.len() > MAX_RUNGS {
        bail!(
            "RUNG: {} rungs given, at most {MAX_RUNGS}",
            args.rungs.len()
        );
    }
    // The output directory is checked before any rung is read.
    if let Some(dir) = &args.out {
        gametree_lab::io::prepare_dir(dir).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    }
    let mut rungs = Vec::new();
    for (i, arg) in args.rungs.iter().enumerate() {
        let (label, path) = match arg.split_once('=') {
            Some((l, p)) if !l.is_empty() && !p.is_empty() => (l.to_string(), PathBuf::from(p)),
            Some(_) => bail!("RUNG `{arg}`: LABEL=PATH needs both a label and a path"),
            None => (format!("rung {}", i + 1), PathBuf::from(arg)),
        };
        if rungs.iter().any(|r: &ladder::Rung| r.label == label) {
            bail!("RUNG `{arg}`: the label `{label}` is given twice");
        }
        rungs.push(
            ladder::read_rung(&label, &path).map_err(|e| anyhow::anyhow!("RUNG `{arg}`: {e}"))?,
        );
    }
    let l = ladder::ladder(rungs);
    if let Some(dir) = &args.out {
        let files = ladder::write(&l, dir).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
        errln!(
            "wrote {} files to {} ({})",
            files.len(),
            dir.display(),
            files
                .iter()
                .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if args.json {
        outln!("{}", ladder::json(&l));
    } else {
        out!("{}", ladder::text(&l));
    }
    Ok(())
}
