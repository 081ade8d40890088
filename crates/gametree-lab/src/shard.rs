//! Shards for cluster schedulers: a long reproduction split into independent, deterministic
//! items that any number of processes run, and a part file per process that
//! [`crate::merge`] turns into exactly the files one process writes (docs/cluster.md).
//!
//! An item is a piece of one experiment, as the experiment itself gives them
//! ([`Experiment::items`], [`crate::experiment::Work`]): the whole experiment for most, and
//! for the experiments that dominate a run a finer cut of their own (Fridenfalk's Table I:
//! the best case of each line, and each search, unsorted or sorted, of each random tree of
//! each measured line; the chess case study: each match at each depth; the strength
//! experiment: each block of openings of each match). The shard code names no experiment.
//! An item's seeds come from the item itself (its line, its tree number), never from the
//! shard index or count, so every split computes the same items with the same numbers.
//!
//! Items carry an estimated cost in seconds; [`deal`] gives them to shards greedily, the
//! costliest first, each to the shard with the least estimated load, so shards take similar
//! time ([`Balance`] reports the spread). One item (a line of billions of nodes) is never
//! split further: a shard can be no shorter than the longest item.
//!
//! The shard index comes from `--shard I/N` or from the scheduler's environment
//! ([`resolve`]): `SLURM_ARRAY_TASK_ID` (minus `SLURM_ARRAY_TASK_MIN` when set) with
//! `SLURM_ARRAY_TASK_COUNT`, or Kubernetes' `JOB_COMPLETION_INDEX` with the count from
//! `--shards`.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;

use gametree_games::quote::quoted;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::experiment::{output_from_json, output_to_json, WHOLE};
use crate::experiment::{Ctx, Experiment, Params};
use crate::io::{prepare_dir, write_atomic, DirError};
use crate::papers::{read_knobs, write_knobs, KNOBS};
use crate::record::Meta;
use gametree_run::tournament::TournamentConfig;
use gametree_run::tournament_job::{self, EngineTexts};

/// The most shards a run can be split into.
pub(crate) const MAX_SHARDS: usize = 100_000;

/// The format tag of a part file; a merge refuses any other.
pub const PART_FORMAT: &str = "gametree-part/1";

/// One shard of a run: `index` (0-based) of `count`. Read from a part file only when
/// `index < count <= MAX_SHARDS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ShardFields")]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
}

/// A shard as a part file gives it, before it is checked.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a shard: {\"index\": I, \"count\": N}"
)]
struct ShardFields {
    index: usize,
    count: usize,
}

impl TryFrom<ShardFields> for Shard {
    type Error = String;
    fn try_from(f: ShardFields) -> Result<Shard, String> {
        Shard::new(f.index, f.count).map_err(|why| format!("shard {}/{}: {why}", f.index, f.count))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a shard could not be determined, or a part not run or written.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// `--shard` is not `I/N` with `0 <= I < N <= MAX_SHARDS`.
    #[error("--shard `{}`: {why}", quoted(text))]
    BadFlag {
        /// The value given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// An environment variable holds no usable number.
    #[error("environment variable {name}=`{}`: {why}", quoted(value))]
    BadVariable {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
        /// What is wrong with it.
        why: String,
    },
    /// Two sources of the index or count disagree.
    #[error("conflicting shard settings: {0}")]
    Conflict(String),
    /// An index without a count, or a count without an index.
    #[error("{0}")]
    Incomplete(String),
}

/// Parses a count or index.
fn number(text: &str) -> Option<usize> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

impl FromStr for Shard {
    type Err = ShardError;
    /// `I/N`: shard `I` (0-based) of `N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = |why: &str| ShardError::BadFlag {
            text: text.to_string(),
            why: why.to_string(),
        };
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad("expected I/N, e.g. 0/16 (I counts from 0)"))?;
        let index = number(i).ok_or_else(|| bad("the index I is not a whole number"))?;
        let count = number(n).ok_or_else(|| bad("the count N is not a whole number"))?;
        Shard::new(index, count).map_err(|why| bad(&why))
    }
}

impl Shard {
    /// Shard `index` of `count`, checked.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("the count must be 1 to {MAX_SHARDS}, not {count}"));
        }
        if index >= count {
            return Err(format!(
                "the index {index} is not below the count {count} (indices count from 0)"
            ));
        }
        Ok(Shard { index, count })
    }
}

/// The shard a process runs, from its flags and its environment (`env` looks a variable
/// up: `|k| std::env::var(k).ok()` in the binary, a map in tests).
///
/// - `--shard I/N` (`flag`) wins over the environment; with `--shards M` too, `M` must be `N`.
/// - Otherwise `SLURM_ARRAY_TASK_ID` gives the index (minus `SLURM_ARRAY_TASK_MIN` when
///   set, so `--array=1-16` works too) and `SLURM_ARRAY_TASK_COUNT` or `--shards` the count
///   (both given must agree); `JOB_COMPLETION_INDEX` (Kubernetes Indexed Jobs) gives the
///   index and `--shards` the count. Both schedulers' indices set must agree.
/// - With none of these the run is not sharded (`None`); `--shards` alone is an error.
pub fn resolve(
    flag: Option<Shard>,
    shards: Option<usize>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Option<Shard>, ShardError> {
    if let Some(s) = flag {
        if let Some(m) = shards {
            if m != s.count {
                return Err(ShardError::Conflict(format!(
                    "--shard {s} has {} shards but --shards is {m}",
                    s.count
                )));
            }
        }
        return Ok(Some(s));
    }
    let var = |name: &'static str| -> Result<Option<usize>, ShardError> {
        match env(name) {
            None => Ok(None),
            Some(v) if v.trim().is_empty() => Ok(None),
            Some(v) => number(&v).map(Some).ok_or(ShardError::BadVariable {
                name,
                value: v,
                why: "not a whole number".into(),
            }),
        }
    };
    let slurm_id = var("SLURM_ARRAY_TASK_ID")?;
    let slurm_min = var("SLURM_ARRAY_TASK_MIN")?;
    let slurm_count = var("SLURM_ARRAY_TASK_COUNT")?;
    let k8s = var("JOB_COMPLETION_INDEX")?;
    let slurm = match slurm_id {
        None => None,
        Some(id) => {
            let min = slurm_min.unwrap_or(0);
            if id < min {
                return Err(ShardError::Conflict(format!(
                    "SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}"
                )));
            }
            Some(id - min)
        }
    };
    if let (Some(a), Some(b)) = (slurm, k8s) {
        if a != b {
            return Err(ShardError::Conflict(format!(
                "SLURM_ARRAY_TASK_ID gives shard {a} but JOB_COMPLETION_INDEX gives {b}"
            )));
        }
    }
    let count = match (slurm.and(slurm_count), shards) {
        (Some(c), Some(m)) if c != m => {
            return Err(ShardError::Conflict(format!(
                "SLURM_ARRAY_TASK_COUNT is {c} but --shards is {m}"
            )))
        }
        (Some(c), _) => Some(c),
        (None, m) => m,
    };
    let Some(index) = slurm.or(k8s) else {
        return match shards {
            Some(m) => Err(ShardError::Incomplete(format!(
                "--shards {m} needs a shard index: --shard I/{m}, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"
            ))),
            None => Ok(None),
        };
    };
    let Some(count) = count else {
        let from = if slurm.is_some() {
            "SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT"
        } else {
            "JOB_COMPLETION_INDEX is set (Kubernetes does not export the count)"
        };
        return Err(ShardError::Incomplete(format!(
            "{from}: pass the number of shards with --shards N"
        )));
    };
    Shard::new(index, count)
        .map(Some)
        .map_err(|why| ShardError::Conflict(format!("the shard from the environment: {why}")))
}

/// One item of a sharded run: a piece of an experiment.
#[derive(Clone, Debug)]
pub struct Item {
    /// The experiment it belongs to.
    pub experiment: Experiment,
    /// Its key within the experiment (`all` for a whole experiment).
    pub key: String,
    /// Its estimated cost in seconds on one core.
    pub cost: f64,
}

impl Item {
    /// `paper/table key`: the item's name in messages and part files.
    pub fn name(&self) -> String {
        item_name(&self.experiment, &self.key)
    }
}

/// `paper/table key`.
pub(crate) fn item_name(e: &Experiment, key: &str) -> String {
    format!("{}/{} {key}", e.paper, e.table)
}

/// Every item of `experiments` in mode `ctx`, in order: experiment by experiment, each
/// experiment's items in its own order.
pub fn items(experiments: &[Experiment], ctx: &Ctx) -> Vec<Item> {
    experiments
        .iter()
        .flat_map(|e| {
            e.items(ctx).into_iter().map(|i| Item {
                experiment: *e,
                key: i.key,
                cost: i.cost,
            })
        })
        .collect()
}

/// The shard of each item when `costs` are dealt to `count` shards: the costliest first
/// (ties in item order), each to the shard with the least load so far (ties to the lowest
/// index). Depends only on the costs and the count.
pub fn deal(costs: &[f64], count: usize) -> Vec<usize> {
    let count = count.max(1);
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    let mut load = vec![0.0f64; count];
    let mut shard_of = vec![0; costs.len()];
    for i in order {
        let mut best = 0;
        for s in 1..count {
            if load[s] < load[best] {
                best = s;
            }
        }
        load[best] += costs[i];
        shard_of[i] = best;
    }
    shard_of
}

/// The estimated load of every shard of a deal, and its spread.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// Estimated seconds per shard.
    pub loads: Vec<f64>,
    /// The largest load.
    pub max: f64,
    /// The mean load.
    pub mean: f64,
    /// The smallest load.
    pub min: f64,
    /// The costliest single item (no shard can be shorter).
    pub largest_item: f64,
}

impl Balance {
    /// The balance of `items` dealt to `count` shards.
    pub fn of(items: &[Item], count: usize) -> Balance {
        let costs: Vec<f64> = items.iter().map(|i| i.cost).collect();
        let shard_of = deal(&costs, count);
        let mut loads = vec![0.0; count.max(1)];
        for (c, s) in costs.iter().zip(&shard_of) {
            loads[*s] += c;
        }
        let max = loads.iter().copied().fold(0.0, f64::max);
        let min = loads.iter().copied().fold(f64::INFINITY, f64::min);
        let mean = loads.iter().sum::<f64>() / loads.len() as f64;
        let largest_item = costs.iter().copied().fold(0.0, f64::max);
        Balance {
            loads,
            max,
            mean,
            min,
            largest_item,
        }
    }

    /// The longest shard over the mean (1 is perfect).
    pub fn ratio(&self) -> f64 {
        if self.mean > 0.0 {
            self.max / self.mean
        } else {
            1.0
        }
    }
}

/// The items of `shard` out of `all`, in item order.
pub fn items_of(all: &[Item], shard: Shard) -> Vec<Item> {
    let costs: Vec<f64> = all.iter().map(|i| i.cost).collect();
    let shard_of = deal(&costs, shard.count);
    all.iter()
        .zip(shard_of)
        .filter(|(_, s)| *s == shard.index)
        .map(|(i, _)| i.clone())
        .collect()
}

/// What a sharded run was asked for: the same in every part of one run. As JSON, an object
/// of `command`, `target`, `quick`, then each experiment's own parameters under its key
/// (`crate::papers::KNOBS`: `hands`, `strength`), always written (the mode's settings as
/// their default JSON) and read by the experiment's type, absent ones as the mode's; any
/// other field is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunParams {
    /// The command: `reproduce`.
    pub command: String,
    /// The `PAPER[/TABLE]` selection, `None` for all.
    pub target: Option<String>,
    /// The quick mode.
    pub quick: bool,
    /// The experiments' own parameters (`--hands`, `--openings`, `--budget`, ...).
    pub params: Params,
}

impl RunParams {
    /// The parameters of a `reproduce` run.
    pub fn reproduce(target: Option<&str>, ctx: &Ctx) -> RunParams {
        RunParams {
            command: "reproduce".into(),
            target: target.map(str::to_string),
            quick: ctx.quick,
            params: ctx.params.clone(),
        }
    }

    /// The run context they give (no progress bars).
    pub fn ctx(&self) -> Ctx {
        Ctx {
            quick: self.quick,
            progress: false,
            params: self.params.clone(),
        }
    }
}

/// The fields of a run's parameters: the three of every run, then every experiment's key.
fn run_fields() -> &'static [&'static str] {
    static FIELDS: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();
    FIELDS.get_or_init(|| {
        let mut v = vec!["command", "target", "quick"];
        v.extend(KNOBS.iter().map(|k| k.key));
        Vec::leak(v)
    })
}

impl Serialize for RunParams {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(3 + KNOBS.len()))?;
        m.serialize_entry("command", &self.command)?;
        m.serialize_entry("target", &self.target)?;
        m.serialize_entry("quick", &self.quick)?;
        write_knobs(&self.params, &mut m)?;
        m.end()
    }
}

impl<'de> Deserialize<'de> for RunParams {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RunParams, D::Error> {
        d.deserialize_map(RunVisitor)
    }
}

/// Reads a run's parameters field by field, each experiment's by its own type.
struct RunVisitor;

impl<'de> serde::de::Visitor<'de> for RunVisitor {
    type Value = RunParams;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let fields: Vec<String> = run_fields().iter().map(|n| format!("\"{n}\"")).collect();
        write!(f, "the run's parameters: {{{}}}", fields.join(", "))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<RunParams, A::Error> {
        use serde::de::Error;
        let (mut command, mut target, mut quick) = (None, None, None);
        let mut params = Params::NONE;
        let mut seen: Vec<&'static str> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let Some(&field) = run_fields().iter().find(|&&f| f == key) else {
                return Err(A::Error::unknown_field(&key, run_fields()));
            };
            if seen.contains(&field) {
                return Err(A::Error::duplicate_field(field));
            }
            seen.push(field);
            match field {
                "command" => command = Some(map.next_value::<String>()?),
                "target" => target = Some(map.next_value::<Option<String>>()?),
                "quick" => quick = Some(map.next_value::<bool>()?),
                knob => params.set_json(knob, map.next_value_seed(KnobSeed(knob))?),
            }
        }
        Ok(RunParams {
            command: command.ok_or_else(|| A::Error::missing_field("command"))?,
            target: target.flatten(),
            quick: quick.ok_or_else(|| A::Error::missing_field("quick"))?,
            params,
        })
    }
}

/// Reads the parameters of the experiment whose key it holds ([`read_knobs`]).
struct KnobSeed(&'static str);

impl<'de> serde::de::DeserializeSeed<'de> for KnobSeed {
    type Value = Option<Value>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Option<Value>, D::Error> {
        read_knobs(self.0, d)
    }
}

/// One item's entry in a part file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an item: {\"experiment\", \"key\", \"params\", \"cost\", \"elapsed_s\", \"result\"}"
)]
pub struct PartItem {
    /// `paper/table`.
    pub experiment: String,
    /// The item's key within the experiment.
    pub key: String,
    /// The experiment's parameters ([`Experiment::params`]).
    pub params: String,
    /// The estimated cost in seconds.
    pub cost: f64,
    /// Wall time in seconds.
    pub elapsed_s: f64,
    /// The item's result (for a whole experiment: its rows and plots).
    pub result: Value,
}

/// A part file: what one shard computed, self-describing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a part: an object")]
pub struct Part {
    /// [`PART_FORMAT`].
    pub format: String,
    /// The version of gametree that made it.
    pub gametree_version: String,
    /// The git commit it was built from.
    pub git_commit: String,
    /// When it was made (UTC).
    pub date: String,
    /// What the run was asked for.
    pub run: RunParams,
    /// Which shard this is.
    pub shard: Shard,
    /// The estimated seconds of this shard and the spread over all shards.
    pub balance: PartBalance,
    /// Wall time of the shard in seconds.
    pub elapsed_s: f64,
    /// The shard's items, in item order.
    pub items: Vec<PartItem>,
}

/// The estimated load of a shard beside the spread of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "the balance: {\"estimated_s\", \"max_s\", \"mean_s\", \"min_s\"}"
)]
pub struct PartBalance {
    /// This shard's estimated seconds.
    pub estimated_s: f64,
    /// The longest shard's estimated seconds.
    pub max_s: f64,
    /// The mean over shards.
    pub mean_s: f64,
    /// The shortest shard's estimated seconds.
    pub min_s: f64,
}

/// The part file of `shard` under `dir`: `part-I-of-N.json`, zero-padded to N's width.
pub fn part_path(dir: &Path, shard: Shard) -> PathBuf {
    let w = shard.count.to_string().len();
    dir.join(format!(
        "part-{:0w$}-of-{}.json",
        shard.index,
        shard.count,
        w = w
    ))
}

/// Why a shard failed to run.
#[derive(Debug, thiserror::Error)]
pub enum PartError {
    /// The output directory cannot be used; found before any computation.
    #[error("{0}")]
    OutDir(#[from] DirError),
    /// The part could not be written.
    #[error("{0}")]
    Write(String),
    /// An item could not be run (a bug: the items come from the same code).
    #[error("{0}")]
    Item(String),
}

/// Runs the items of `shard` of `experiments` (selected by `params.target`) and writes the
/// part atomically to [`part_path`] under `out` (checked first). `on_item` sees each item's
/// name and wall time as it ends. Returns the part and its path.
pub fn run_shard(
    experiments: &[Experiment],
    params: &RunParams,
    ctx: &Ctx,
    shard: Shard,
    out: &Path,
    mut on_item: impl FnMut(&str, f64),
) -> Result<(Part, PathBuf), PartError> {
    prepare_dir(out)?;
    let start = Instant::now();
    let all = items(experiments, ctx);
    let balance = Balance::of(&all, shard.count);
    let mine = items_of(&all, shard);
    let mut done = Vec::new();
    for it in &mine {
        let t = Instant::now();
        let result = it
            .experiment
            .run_item(ctx, &it.key)
            .ok_or_else(|| PartError::Item(format!("cannot run item {}", it.name())))?;
        let elapsed_s = t.elapsed().as_secs_f64();
        on_item(&it.name(), elapsed_s);
        done.push(PartItem {
            experiment: it.experiment.name(),
            key: it.key.clone(),
            params: (it.experiment.params)(ctx),
            cost: it.cost,
            elapsed_s,
            result,
        });
    }
    let meta = Meta::now("", 0.0);
    let part = Part {
        format: PART_FORMAT.into(),
        gametree_version: meta.gametree_version.into(),
        git_commit: meta.git_commit.into(),
        date: meta.date,
        run: params.clone(),
        shard,
        balance: PartBalance {
            estimated_s: balance.loads[shard.index],
            max_s: balance.max,
            mean_s: balance.mean,
            min_s: balance.min,
        },
        elapsed_s: start.elapsed().as_secs_f64(),
        items: done,
    };
    let path = part_path(out, shard);
    let mut text =
        serde_json::to_string_pretty(&part).map_err(|e| PartError::Write(e.to_string()))?;
    text.push('\n');
    write_atomic(&path, text.as_bytes())
        .map_err(|e| PartError::Write(format!("cannot write {}: {e}", path.display())))?;
    Ok((part, path))
}

/// What a sharded tournament was asked for: the same in every part of one tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "the tournament's parameters: an object"
)]
pub struct TournamentParams {
    /// The command: `tournament`.
    pub command: String,
    /// The game's spec as the registry prints it.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// The engines, each as `ALGORITHM@BUDGET` ([`gametree_run::engine::Engine::name`]).
    pub engines: Vec<String>,
    /// Random openings.
    pub openings: usize,
    /// Random plies per opening.
    pub opening_plies: usize,
    /// The seed.
    pub seed: u64,
    /// The ply limit of a game, if any.
    pub max_plies: Option<usize>,
    /// Bootstrap resamples of the ratings.
    pub bootstrap: usize,
    /// Games in the whole tournament.
    pub games: usize,
}

/// One game of a tournament part: its number in the tournament and its result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a game: {\"game\", \"result\"}")]
pub struct GameItem {
    /// The game's number (trial order): its seat assignment, opening and seed.
    pub game: usize,
    /// Its result.
    pub result: gametree_run::tournament::GameResult,
}

/// A tournament's part file: the games one shard played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a part: an object")]
pub struct TournamentPart {
    /// [`PART_FORMAT`].
    pub format: String,
    /// The version of gametree that made it.
    pub gametree_version: String,
    /// The git commit it was built from.
    pub git_commit: String,
    /// When it was made (UTC).
    pub date: String,
    /// What the tournament was asked for.
    pub run: TournamentParams,
    /// Which shard this is.
    pub shard: Shard,
    /// Wall time of the shard in seconds.
    pub elapsed_s: f64,
    /// The shard's games, in game order.
    pub items: Vec<GameItem>,
}

/// The games of `shard` among `games` games of equal cost (so dealt round-robin: game `i`
/// to shard `i mod N`).
pub fn tournament_games(games: usize, shard: Shard) -> Vec<usize> {
    deal(&vec![1.0; games], shard.count)
        .into_iter()
        .enumerate()
        .filter(|(_, s)| *s == shard.index)
        .map(|(i, _)| i)
        .collect()
}

/// The games one shard of a tournament played (`tournament --shard`): what its part holds.
pub struct ShardGames {
    /// The tournament's parameters, as every part of it must repeat them.
    pub params: TournamentParams,
    /// The indices of the games this shard played, in order.
    pub which: Vec<usize>,
    /// Their results, in the order of `which`.
    pub results: Vec<gametree_run::tournament::GameResult>,
}

/// Plays shard `shard` of the tournament `config` on the game `spec`: the games
/// [`tournament_games`] deals it, each with the seed of its own index.
pub fn play_tournament_shard(
    spec: &str,
    engines: &EngineTexts,
    config: &TournamentConfig,
    shard: Shard,
) -> anyhow::Result<ShardGames> {
    let played = tournament_job::play_games(spec, engines, config, &|games| {
        tournament_games(games, shard)
    })?;
    Ok(ShardGames {
        params: TournamentParams {
            command: "tournament".into(),
            game: played.game,
            players: played.players,
            engines: played.engines,
            openings: config.openings,
            opening_plies: config.opening_plies,
            seed: config.seed,
            max_plies: config.max_plies,
            bootstrap: config.bootstrap,
            games: played.games,
        },
        which: played.which,
        results: played.results,
    })
}

/// Writes a tournament part atomically to [`part_path`] under `out` (checked first); the
/// games are numbered by `which`, in the same order as `results`.
pub fn write_tournament_part(
    out: &Path,
    run: TournamentParams,
    shard: Shard,
    which: &[usize],
    results: Vec<gametree_run::tournament::GameResult>,
    elapsed_s: f64,
) -> Result<(TournamentPart, PathBuf), PartError> {
    prepare_dir(out)?;
    let meta = Meta::now("", 0.0);
    let part = TournamentPart {
        format: PART_FORMAT.into(),
        gametree_version: meta.gametree_version.into(),
        git_commit: meta.git_commit.into(),
        date: meta.date,
        run,
        shard,
        elapsed_s,
        items: which
            .iter()
            .zip(results)
            .map(|(&game, result)| GameItem { game, result })
            .collect(),
    };
    let path = part_path(out, shard);
    let mut text =
        serde_json::to_string_pretty(&part).map_err(|e| PartError::Write(e.to_string()))?;
    text.push('\n');
    write_atomic(&path, text.as_bytes())
        .map_err(|e| PartError::Write(format!("cannot write {}: {e}", path.display())))?;
    Ok((part, path))
}
