//! The verdicts of the last full runs, committed in `results/full-run-verdicts.json` and
//! compiled in: quick mode shows a row's full-run verdict beside its `too-few`
//! ([`crate::report::Row::full_run`]), so a disagreement the full run found is not hidden
//! behind a quick sample's "too few".
//!
//! The file is one JSON object (docs/reproduce.md, "Full-run verdicts"):
//!
//! ```json
//! {"about": "...", "regenerate": "...", "machine": "...",
//!  "experiments": {"fridenfalk-2014/table-2": {
//!      "command": "gametree reproduce fridenfalk-2014/table-2 --json",
//!      "git_commit": "...", "date": "...", "params": "...", "elapsed_s": 61.2,
//!      "rows": {"N=3 b=4 d=9": {"agreement per 1000, sorted, root move": "differs"}}}}}
//! ```
//!
//! keyed by experiment (`paper/table`), then by the row's `row` and `quantity`. Only
//! experiments run in full on the project's machines are in it; `scripts/full-run-verdicts.py`
//! rebuilds it from the `--json` output of full runs.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The committed file's text.
pub const FILE: &str = include_str!("../../../results/full-run-verdicts.json");

/// One experiment's full run.
#[derive(Clone, Debug, Deserialize)]
pub struct FullRun {
    /// The command that produced it.
    pub command: String,
    /// The commit it was built from.
    pub git_commit: String,
    /// When it ran (UTC).
    pub date: String,
    /// The experiment's parameters in full mode.
    pub params: String,
    /// Its wall time in seconds.
    pub elapsed_s: f64,
    /// Verdict words by row, then quantity.
    pub rows: HashMap<String, HashMap<String, String>>,
}

/// The committed file.
#[derive(Clone, Debug, Deserialize)]
pub struct FullRuns {
    /// What the file is.
    pub about: String,
    /// How to make it again.
    pub regenerate: String,
    /// The machine of the runs.
    pub machine: String,
    /// The full runs by experiment (`paper/table`).
    pub experiments: HashMap<String, FullRun>,
}

/// Reads a file of full-run verdicts (the committed one is [`FILE`]).
pub fn parse(text: &str) -> Result<FullRuns, serde_json::Error> {
    serde_json::from_str(text)
}

/// The committed full runs (an unreadable file, which a test rules out, reads as none).
pub fn committed() -> &'static FullRuns {
    static RUNS: OnceLock<FullRuns> = OnceLock::new();
    RUNS.get_or_init(|| {
        parse(FILE).unwrap_or_else(|_| FullRuns {
            about: String::new(),
            regenerate: String::new(),
            machine: String::new(),
            experiments: HashMap::new(),
        })
    })
}

impl FullRuns {
    /// The full-run verdict word (`agrees`, `differs`, ...: `crate::report::Verdict`'s
    /// words) of the row `row` / `quantity` of experiment `paper/table`, if that experiment
    /// was run in full and had the row. (This module reads words, not the report's types, so
    /// that the report may read it without a module cycle.)
    pub fn verdict(&self, paper: &str, table: &str, row: &str, quantity: &str) -> Option<&str> {
        let run = self.experiments.get(&format!("{paper}/{table}"))?;
        Some(run.rows.get(row)?.get(quantity)?.as_str())
    }
}
