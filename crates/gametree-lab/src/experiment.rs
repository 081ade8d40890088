//! The shape of a reproduction experiment: what `gametree reproduce` runs.
//!
//! An [`Experiment`] is one table (or figure) of one paper. Its `run` function computes
//! [`Output`]: report rows (the paper's number beside ours, with a verdict) and plots. It is
//! deterministic: the same [`Ctx`] gives the same rows, whatever the number of threads.
//!
//! Every experiment also says how its work is cut into [`Item`]s, each with an estimated
//! cost ([`Work`]): whole, or through the typed [`Pieces`] of its own (the lines and trees of
//! Fridenfalk's Table I, the blocks of openings of the strength experiment, the matches of
//! the chess case study). `reproduce` runs the items of all experiments at the same time,
//! `--shard I/N` deals them to processes, and the merge assembles them: all three through
//! [`Experiment::items`], [`Experiment::run_item`] and [`Experiment::assemble`] only.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::plot::Series;
use crate::report::Row;

/// How to run an experiment: what every experiment reads. An experiment's own knobs are
/// in [`Ctx::params`], each experiment reading its own by type ([`Params::get`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ctx {
    /// The quick mode: fewer trials and smaller lines, so all of `reproduce --quick` finishes
    /// in under two minutes on two cores. The full mode runs every line of the paper.
    pub quick: bool,
    /// Show progress bars on stderr.
    pub progress: bool,
    /// The experiments' own parameters, each as the JSON of its [`Knobs`] type (none: every
    /// experiment runs its mode's settings).
    pub params: Params,
}

impl Ctx {
    /// Mode `quick` without progress bars, every experiment at its mode's settings.
    pub const fn mode(quick: bool) -> Ctx {
        Ctx {
            quick,
            progress: false,
            params: Params::NONE,
        }
    }
}

/// The parameters an experiment owns: a typed value that the experiment reads from
/// [`Ctx::params`] and that a sharded run carries in its part files as JSON, under
/// [`Knobs::KEY`] of the part's `run`. Its [`Default`] is the mode's settings. A new
/// experiment with knobs defines such a type in its own module and lists it in
/// `papers::KNOBS` (and in `papers::read_knobs` and `papers::write_knobs`, which read and
/// write it in part files), never in [`Ctx`].
pub trait Knobs: Serialize + DeserializeOwned + Default + PartialEq {
    /// Its key in a part's `run` (`hands`, `strength`): unique among the experiments.
    const KEY: &'static str;
    /// How it reads in the `params` of `reproduce --json`'s meta: ` name=value` for each
    /// setting that is not the mode's, or nothing.
    fn meta(&self) -> String;
    /// The flags of the command line that give it, as a merge names a run
    /// (` --hands 3`), or nothing when a merge does not name them.
    fn flags(&self) -> String {
        String::new()
    }
}

/// An experiment's [`Knobs`] type as the code that names no experiment sees it: its key
/// and its texts ([`Knob::of`]; the list is `papers::KNOBS`).
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    /// [`Knobs::KEY`].
    pub key: &'static str,
    /// [`Knobs::meta`] of the parameters held.
    pub meta: fn(&Params) -> String,
    /// [`Knobs::flags`] of the parameters held.
    pub flags: fn(&Params) -> String,
}

impl Knob {
    /// The knob of type `K`.
    pub const fn of<K: Knobs>() -> Knob {
        Knob {
            key: K::KEY,
            meta: meta_of::<K>,
            flags: flags_of::<K>,
        }
    }
}

fn meta_of<K: Knobs>(p: &Params) -> String {
    p.get::<K>().meta()
}

fn flags_of<K: Knobs>(p: &Params) -> String {
    p.get::<K>().flags()
}

/// The experiments' own parameters: each experiment's [`Knobs`] value as JSON, by its key;
/// only those that are not the mode's settings are held, so two equal sets of settings are
/// equal values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(std::collections::BTreeMap<&'static str, Value>);

impl Params {
    /// Every experiment at its mode's settings.
    pub const NONE: Params = Params(std::collections::BTreeMap::new());

    /// The parameters of type `K`: those set, or the mode's ([`Default`]).
    pub fn get<K: Knobs>(&self) -> K {
        self.0
            .get(K::KEY)
            .and_then(|v| K::deserialize(v).ok())
            .unwrap_or_default()
    }

    /// Sets the parameters of type `K` (the mode's settings remove them).
    pub fn set<K: Knobs>(&mut self, knobs: &K) {
        if *knobs == K::default() {
            self.0.remove(K::KEY);
        } else if let Ok(v) = serde_json::to_value(knobs) {
            self.0.insert(K::KEY, v);
        }
    }

    /// `self` with the parameters `knobs` set.
    pub fn with<K: Knobs>(mut self, knobs: &K) -> Params {
        self.set(knobs);
        self
    }

    /// Sets the JSON under `key` as read from a file (`None` or the mode's: removed); the
    /// reader checks it against its type first.
    pub(crate) fn set_json(&mut self, key: &'static str, value: Option<Value>) {
        match value {
            Some(v) => self.0.insert(key, v),
            None => self.0.remove(key),
        };
    }
}

/// A plot an experiment asks for.
#[derive(Clone, Debug, Serialize, Deserialize)]
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

/// What an experiment produces: stored as JSON by its `Serialize` (floats without loss,
/// see [`Series`]) and read back by its `Deserialize`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
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
    /// How its work is cut into items, with their estimated costs.
    pub work: Work,
}

/// The key of the one item of an experiment run whole ([`Work::Whole`]).
pub const WHOLE: &str = "all";

/// One item of an experiment: a piece of its work that runs on its own (on any core of a
/// run, in any shard of a sharded run) from the mode alone, never from the shard or thread
/// that runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// Its key, unique within the experiment (`all` for a whole experiment): its name in
    /// part files and messages.
    pub key: String,
    /// Its estimated cost in seconds on one core; only the balance of shards and the order
    /// of a run depend on it, never a result.
    pub cost: f64,
}

/// Estimated seconds of a whole experiment on one core, per mode (quick: measured on a
/// loaded two-core machine; full: rough estimates).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// In quick mode.
    pub quick: f64,
    /// In full mode.
    pub full: f64,
}

impl Cost {
    /// The cost in mode `ctx`.
    pub fn of(&self, ctx: &Ctx) -> f64 {
        if ctx.quick {
            self.quick
        } else {
            self.full
        }
    }
}

/// How an experiment's work is cut into items.
#[derive(Clone, Copy, Debug)]
pub enum Work {
    /// One item ([`WHOLE`]): the experiment's `run`, of this cost.
    Whole(Cost),
    /// Items of its own ([`Pieces`]).
    Items(Split),
}

/// An experiment cut into items, typed: what identifies an item, what it computes, and how
/// the experiment's output comes from the results of all of them. [`Split::of`] turns an
/// implementation into the [`Work::Items`] of an [`Experiment`].
pub trait Pieces {
    /// What identifies an item within the experiment (a line and a tree, a match and a
    /// block of openings).
    type Piece;
    /// What an item computes; a part file holds it as JSON.
    type Result: Serialize + DeserializeOwned;
    /// Every item of mode `ctx`, in order, with its unique key and estimated cost.
    fn pieces(ctx: &Ctx) -> Vec<(Self::Piece, Item)>;
    /// Runs one item.
    fn run(ctx: &Ctx, piece: &Self::Piece) -> Self::Result;
    /// The experiment's output from every item's result, in [`Pieces::pieces`]' order;
    /// `None` when they do not fit together.
    fn assemble(ctx: &Ctx, results: Vec<Self::Result>) -> Option<Output>;
    /// How one process runs every item, when it has a way of its own (`None`: a run deals
    /// the items to its threads like any others). A driver may skip items whose results
    /// cannot change the output (the blocks of a match after its sequential test stopped
    /// it), and keeps each finished item in the directory it is given, if any, so that a
    /// stopped run continues there. Its output must equal [`Pieces::assemble`] of every
    /// item's result.
    const DRIVE: Option<Drive> = None;
}

/// A driver of an experiment's items in one process ([`Pieces::DRIVE`]).
#[derive(Clone, Copy)]
pub struct Drive {
    /// Whether the driver runs mode `ctx` (`false`: the run deals the items to its threads
    /// like any others, which packs the cores better when the driver has nothing to skip
    /// or keep, as with one block per match).
    pub when: fn(&Ctx) -> bool,
    /// The output of mode `ctx`, keeping finished items in the directory (`None`:
    /// nowhere), or `None` when the items do not fit together.
    pub run: fn(&Ctx, Option<&std::path::Path>) -> Option<Output>,
}

/// A [`Pieces`] implementation as plain functions over keys and JSON results, so that an
/// [`Experiment`] stays a `Copy` value.
#[derive(Clone, Copy)]
pub struct Split {
    items: fn(&Ctx) -> Vec<Item>,
    run: fn(&Ctx, &str) -> Option<Value>,
    assemble: fn(&Ctx, &[Value]) -> Option<Output>,
    drive: Option<Drive>,
}

impl std::fmt::Debug for Split {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Split")
    }
}

impl Split {
    /// The split of `P`.
    pub const fn of<P: Pieces>() -> Split {
        Split {
            items: items_of::<P>,
            run: run_of::<P>,
            assemble: assemble_of::<P>,
            drive: P::DRIVE,
        }
    }
}

fn items_of<P: Pieces>(ctx: &Ctx) -> Vec<Item> {
    P::pieces(ctx).into_iter().map(|(_, item)| item).collect()
}

fn run_of<P: Pieces>(ctx: &Ctx, key: &str) -> Option<Value> {
    let (piece, _) = P::pieces(ctx).into_iter().find(|(_, i)| i.key == key)?;
    serde_json::to_value(P::run(ctx, &piece)).ok()
}

fn assemble_of<P: Pieces>(ctx: &Ctx, results: &[Value]) -> Option<Output> {
    let results = results
        .iter()
        .map(|v| P::Result::deserialize(v).ok())
        .collect::<Option<Vec<_>>>()?;
    P::assemble(ctx, results)
}

impl Experiment {
    /// `paper/table`.
    pub fn name(&self) -> String {
        format!("{}/{}", self.paper, self.table)
    }

    /// Whether it runs as one item ([`Work::Whole`]).
    pub fn is_whole(&self) -> bool {
        matches!(self.work, Work::Whole(_))
    }

    /// Whether one process runs mode `ctx` as one job: whole, or by its items' own driver
    /// when the driver takes that mode ([`Pieces::DRIVE`], [`Drive::when`]). A sharded run
    /// deals its items all the same.
    pub fn runs_as_one(&self, ctx: &Ctx) -> bool {
        match self.work {
            Work::Whole(_) => true,
            Work::Items(s) => s.drive.is_some_and(|d| (d.when)(ctx)),
        }
    }

    /// Runs it in one process as one job ([`Experiment::runs_as_one`]): `run`, or the items'
    /// driver, which keeps its finished items in `checkpoints` (if given) and continues
    /// from those it finds there. `None` when its items do not fit together.
    pub fn run_one(&self, ctx: &Ctx, checkpoints: Option<&std::path::Path>) -> Option<Output> {
        match self.work {
            Work::Items(Split {
                drive: Some(drive), ..
            }) => (drive.run)(ctx, checkpoints),
            _ => Some((self.run)(ctx)),
        }
    }

    /// Its items in mode `ctx`, in order.
    pub fn items(&self, ctx: &Ctx) -> Vec<Item> {
        match self.work {
            Work::Whole(cost) => vec![Item {
                key: WHOLE.into(),
                cost: cost.of(ctx),
            }],
            Work::Items(s) => (s.items)(ctx),
        }
    }

    /// Runs item `key`: its result as JSON (for a whole experiment its output,
    /// [`output_to_json`]), or `None` when `key` is not an item.
    pub fn run_item(&self, ctx: &Ctx, key: &str) -> Option<Value> {
        match self.work {
            Work::Whole(_) => (key == WHOLE).then(|| output_to_json(&(self.run)(ctx))),
            Work::Items(s) => (s.run)(ctx, key),
        }
    }

    /// Its output from the results of all its items, in item order; `None` when they do
    /// not fit together.
    pub fn assemble(&self, ctx: &Ctx, results: &[Value]) -> Option<Output> {
        match self.work {
            Work::Whole(_) => match results {
                [one] => output_from_json(one),
                _ => None,
            },
            Work::Items(s) => (s.assemble)(ctx, results),
        }
    }
}

/// An experiment's output as JSON: `{"rows": [...], "plots": [...]}` (floats exact).
pub fn output_to_json(o: &Output) -> Value {
    json!({ "rows": o.rows, "plots": o.plots })
}

/// The output [`output_to_json`] wrote, or `None` when `v` is not one.
pub fn output_from_json(v: &Value) -> Option<Output> {
    Output::deserialize(v).ok()
}
