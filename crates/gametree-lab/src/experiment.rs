//! The shape of a reproduction experiment: what `gametree reproduce` runs.
//!
//! An [`Experiment`] is one table (or figure) of one paper. Its `run` function computes
//! [`Output`]: report rows (the paper's number beside ours, with a verdict) and plots. It is
//! deterministic: the same [`Ctx`] gives the same rows, whatever the number of threads.

use serde::{Deserialize, Serialize};

use crate::plot::Series;
use crate::report::Row;
use crate::tournament::Budget;

/// How to run an experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ctx {
    /// The quick mode: fewer trials and smaller lines, so all of `reproduce --quick` finishes
    /// in under two minutes on two cores. The full mode runs every line of the paper.
    pub quick: bool,
    /// Show progress bars on stderr.
    pub progress: bool,
    /// The number of hands of the card-game experiments (Sturtevant's Tables 11 and 12),
    /// instead of the mode's (quick: 2 and 1; full: the paper's 300 and 50).
    pub hands: Option<usize>,
    /// The scale of the strength experiment (`beyond/strength`), instead of the mode's.
    pub strength: StrengthScale,
}

/// The scale of the strength experiment (`gametree reproduce beyond/strength --openings N
/// --budget B`): more games per match for intervals that decide, or another budget per
/// move (a node budget makes the rows the same on every run). `None` fields keep the
/// mode's setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "the strength experiment's scale: {\"openings\", \"budget\"}")]
pub struct StrengthScale {
    /// Random openings per match (deals of the card games), instead of the mode's.
    pub openings: Option<usize>,
    /// Every engine's budget per move, instead of the mode's 20 ms.
    pub budget: Option<Budget>,
}

impl StrengthScale {
    /// The mode's settings.
    pub const MODE: StrengthScale = StrengthScale {
        openings: None,
        budget: None,
    };
}

/// A plot an experiment asks for.
#[derive(Clone, Debug)]
pub struct Plot {
    /// The file name (`.svg`), unique within the experiment.
    pub file: String,
    /// The title.
    pub title: String,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// The curves.
    pub series: Vec<Series>,
    /// Logarithmic y axis.
    pub log_y: bool,
}

/// What an experiment produces.
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// The rows, in the paper's order.
    pub rows: Vec<Row>,
    /// The plots.
    pub plots: Vec<Plot>,
}

/// One reproducible table or figure.
#[derive(Clone, Copy, Debug)]
pub struct Experiment {
    /// The paper's key: `korf-1991`, `baudet-1978`, `knuth-moore`, `fridenfalk-2014`,
    /// `sturtevant-2003`.
    pub paper: &'static str,
    /// The table's key within the paper, e.g. `table-1`, `best-case`.
    pub table: &'static str,
    /// One line about what it reproduces.
    pub about: &'static str,
    /// The parameters that determine the output in mode `ctx` (trials, seeds, lines), as a
    /// string: a re-run with `--out` skips the experiment when the stored parameters match.
    pub params: fn(&Ctx) -> String,
    /// Runs it.
    pub run: fn(&Ctx) -> Output,
}
