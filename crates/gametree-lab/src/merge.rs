//! The merge of a sharded run's parts ([`crate::shard`]) into exactly the files one process
//! writes: every experiment's tables, plots, JSON and manifest, and `index.html`.
//!
//! [`merge`] checks before it writes anything: every part has the part format, this
//! gametree's version, one git commit and one set of run parameters; every item the run
//! has is present exactly once, with the experiment parameters this build gives. A missing
//! item is reported with the shard that runs it (so that shard can be run again); a
//! duplicated item with the parts that hold it. The files are then written with
//! [`crate::reproduce::write_outputs`] from the same rows and plots a single process
//! computes, so they are byte-identical to its files apart from the timing fields (the
//! wall time in the markdown and the `meta` of the JSON: there the sum of the items' wall
//! times, and the date of the merge).
//!
//! Part files are read as untrusted input ([`read_parts`]): regular files of at most
//! [`MAX_PART_BYTES`] only (a named pipe or a device is refused unopened), streamed twice:
//! first a scan that checks the JSON, refuses a key given twice in any object and values
//! nested deeper than [`MAX_NESTING`], and checks `format` and `run` as soon as it reads
//! them (so a wrong part is refused after its first bytes, whatever its size), then the
//! typed part, which refuses a field its types do not have, and whose times must be finite,
//! non-negative and at most [`MAX_SECONDS`]. Errors name the part file and the key path of
//! the value at fault (`items[3].result.plies`), quote what a part says through
//! [`gametree_games::quote::quoted`] and name no Rust type.
//! Every part of a run must have the same shard count, and no shard may come twice. An
//! output is never one of the inputs: [`check_out_file`] for a tournament's JSON, and
//! [`merge`] itself for a reproduction's directory.

mod read;

pub use read::{MAX_NESTING, MAX_PART_BYTES, MAX_SECONDS};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gametree_games::quote::{quoted, QUOTE_LIMIT};

use crate::experiment::Experiment;
use crate::io::{same_file, DirError};
use crate::reproduce::{prepare_out, select, write_outputs, Done};
use crate::shard::{deal, item_name, items, Part, Shard, TournamentParams, TournamentPart};
use gametree_run::engine::MoveBudget;
use gametree_run::tournament::{summarise, GameResult, TournamentConfig, TournamentResult};
use read::{check_seconds, open_part, read_checked, typed_difference, Checked};

/// A `reproduce` part's times: the shard's, the balance's estimates, and each item's
/// estimate and wall time.
impl Checked for Part {
    fn check(&self) -> Result<(), (String, String)> {
        check_seconds(|| "elapsed_s".into(), self.elapsed_s)?;
        let b = &self.balance;
        for (name, s) in [
            ("estimated_s", b.estimated_s),
            ("max_s", b.max_s),
            ("mean_s", b.mean_s),
            ("min_s", b.min_s),
        ] {
            check_seconds(|| format!("balance.{name}"), s)?;
        }
        for (i, it) in self.items.iter().enumerate() {
            check_seconds(|| format!("items[{i}].cost"), it.cost)?;
            check_seconds(|| format!("items[{i}].elapsed_s"), it.elapsed_s)?;
        }
        Ok(())
    }
}

/// A tournament part's time: the shard's.
impl Checked for TournamentPart {
    fn check(&self) -> Result<(), (String, String)> {
        check_seconds(|| "elapsed_s".into(), self.elapsed_s)
    }
}

/// Why a merge failed. Nothing is written when the parts do not fit together.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// No part was given.
    #[error("no part files given")]
    NoParts,
    /// A part file cannot be read or is not a part.
    #[error("{}: {why}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A part file is larger than [`MAX_PART_BYTES`]; refused before it is read.
    #[error("{}: {bytes} bytes, more than the {} MiB a part file may have (split the run into more shards)", path.display(), MAX_PART_BYTES >> 20)]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// A part's `run` differs from the first part's.
    #[error("{}: the run's parameters differ from {}'s: `{field}` is {found} here, {expected} there", path.display(), first.display())]
    RunMismatch {
        /// The part.
        path: PathBuf,
        /// The first field that differs.
        field: String,
        /// Its value in this part (JSON, quoted).
        found: String,
        /// The first part.
        first: PathBuf,
        /// Its value in the first part.
        expected: String,
    },
    /// A part's shard count differs from the first part's.
    #[error("{}: shard {shard}, but {} is shard {first_shard}: every part of a run has the same shard count", path.display(), first.display())]
    ShardCount {
        /// The part.
        path: PathBuf,
        /// Its shard.
        shard: Shard,
        /// The first part.
        first: PathBuf,
        /// The first part's shard.
        first_shard: Shard,
    },
    /// Two parts say they are the same shard.
    #[error("shard {shard} is in two parts: {}, {}", first.display(), second.display())]
    ShardTwice {
        /// The shard.
        shard: Shard,
        /// The first part that says so.
        first: PathBuf,
        /// The second.
        second: PathBuf,
    },
    /// The output is one of the parts being merged, or would replace or join them.
    #[error("{}: {why}; refusing to write there", out.display())]
    OutIsInput {
        /// The output as given.
        out: PathBuf,
        /// How it meets the parts.
        why: String,
    },
    /// A part differs from the first part (or from this build) in what must be equal.
    #[error("{}: {what} is {found}, but {expected}", path.display())]
    Mismatch {
        /// The part.
        path: PathBuf,
        /// The field.
        what: &'static str,
        /// Its value in this part.
        found: String,
        /// What it should be, and where that comes from.
        expected: String,
    },
    /// Items of the run are in no part: run the listed shards again.
    #[error("{} item(s) missing: {}; run again: {}", items.len(), some(items, ", "), some(rerun, ", "))]
    Missing {
        /// `paper/table key` of every missing item.
        items: Vec<String>,
        /// The shards (`I/N`) that run them, when the parts agree on N.
        rerun: Vec<String>,
    },
    /// Items are in more than one part (or twice in one).
    #[error("{} item(s) present more than once: {}", items.len(), some(items, "; "))]
    Duplicate {
        /// `paper/table key (in PART, PART)` of every duplicated item.
        items: Vec<String>,
    },
    /// A part holds an item the run does not have, or a result that does not fit.
    #[error("{}: {why}", path.display())]
    Foreign {
        /// The part.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The output directory cannot be used.
    #[error("{0}")]
    OutDir(#[from] DirError),
    /// An output file could not be written.
    #[error("{0}")]
    Write(String),
}

/// Reads a `reproduce` part file (as [`read_parts`] reads each: a regular file of at most
/// [`MAX_PART_BYTES`], header first, no key twice).
pub fn read_part(path: &Path) -> Result<Part, MergeError> {
    read_checked(path, None)
}

/// Reads a tournament's part file (as [`read_part`]).
pub fn read_tournament_part(path: &Path) -> Result<TournamentPart, MergeError> {
    read_checked(path, None)
}

/// The parts of one merge, read: a `reproduce` run's or a tournament's.
#[derive(Clone, Debug)]
pub enum Parts {
    /// The parts of a `reproduce` run, each with its file.
    Reproduce(Vec<(PathBuf, Part)>),
    /// The parts of a tournament, each with its file.
    Tournament(Vec<(PathBuf, TournamentPart)>),
}

/// Reads the part `files` of one merge: the first part's `run` says which command they are
/// of, and every other part's `run` must equal it, checked as each part's header is read
/// (before the rest of the part).
pub fn read_parts(files: &[PathBuf]) -> Result<Parts, MergeError> {
    let Some(first) = files.first() else {
        return Err(MergeError::NoParts);
    };
    let opened = open_part(first, None)?;
    let run = opened.run.clone();
    let expect = Some((first.as_path(), &run));
    let rest = &files[1..];
    if run.get("command").and_then(|c| c.as_str()) == Some("tournament") {
        let mut v = vec![(first.clone(), opened.read(first)?)];
        for f in rest {
            v.push((f.clone(), read_checked(f, expect)?));
        }
        Ok(Parts::Tournament(v))
    } else {
        let mut v = vec![(first.clone(), opened.read(first)?)];
        for f in rest {
            v.push((f.clone(), read_checked(f, expect)?));
        }
        Ok(Parts::Reproduce(v))
    }
}

/// The parts of a merge from its arguments: files, and directories standing for the
/// `part-*.json` entries in them (sorted by name; an entry that is not a regular file is
/// kept, for [`read_parts`] to refuse by name rather than skip silently).
pub fn part_files(args: &[PathBuf]) -> Result<Vec<PathBuf>, MergeError> {
    let mut v = Vec::new();
    for a in args {
        if a.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(a)
                .map_err(|e| MergeError::Read {
                    path: a.clone(),
                    why: format!("cannot list: {e}"),
                })?
                .filter_map(|d| d.ok().map(|d| d.path()))
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(is_part_name)
                })
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(MergeError::Read {
                    path: a.clone(),
                    why: "a directory with no part-*.json file".into(),
                });
            }
            v.extend(found);
        } else {
            v.push(a.clone());
        }
    }
    Ok(v)
}

/// The most entries of a list an error names (the count says how many there are).
const LISTED: usize = 10;

/// The first [`LISTED`] of `list` joined by `sep`, then how many more there are: a message
/// stays one short line however many items a merge misses.
fn some(list: &[String], sep: &str) -> String {
    let mut text = list[..list.len().min(LISTED)].join(sep);
    if list.len() > LISTED {
        text.push_str(&format!("{sep}and {} more", list.len() - LISTED));
    }
    text
}

/// `list` without repeats, in order of first appearance.
fn distinct(list: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for x in list {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// Whether a file name is a part file's, as a directory argument of a merge finds them.
fn is_part_name(name: &str) -> bool {
    name.starts_with("part-") && name.ends_with(".json")
}

/// Refuses a tournament merge's output file `out` when it is one of the part `files` (the
/// same file under any name: a symbolic or hard link, another spelling of the path), or
/// would become one of the `part-*.json` files of a directory among `args`. Call it before
/// reading the parts.
pub fn check_out_file(out: &Path, args: &[PathBuf], files: &[PathBuf]) -> Result<(), MergeError> {
    let refuse = |why: String| MergeError::OutIsInput {
        out: out.into(),
        why,
    };
    if let Some(f) = files.iter().find(|f| same_file(out, f)) {
        return Err(refuse(format!(
            "is the part file {}, an input of this merge",
            f.display()
        )));
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if is_part_name(name) {
        if let Some(dir) = args.iter().find(|a| a.is_dir() && same_file(parent, a)) {
            return Err(refuse(format!(
                "would be a part file of {}, an input of this merge",
                dir.display()
            )));
        }
    }
    Ok(())
}

/// Refuses a reproduction's output directory `out` when writing the `experiments` there
/// would replace a part: a part file in one of the papers' directories under `out` (where
/// the tables go), or `out/index.html` itself.
fn check_out_dir(
    out: &Path,
    parts: &[(PathBuf, Part)],
    experiments: &[Experiment],
) -> Result<(), MergeError> {
    let index = out.join("index.html");
    let papers: Vec<PathBuf> = crate::papers::papers_of(experiments)
        .into_iter()
        .map(|p| out.join(p))
        .collect();
    for (path, _) in parts {
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let hit = same_file(path, &index) || papers.iter().any(|d| same_file(parent, d));
        if hit {
            return Err(MergeError::OutIsInput {
                out: out.into(),
                why: format!(
                    "the merged files would go beside the part file {}, an input of this merge",
                    path.display()
                ),
            });
        }
    }
    Ok(())
}

/// Checks the shard fields of a run's parts: every part has the first part's shard count.
fn check_shard_counts<'a>(
    parts: impl Iterator<Item = (&'a PathBuf, Shard)> + Clone,
) -> Result<(), MergeError> {
    let mut all = parts;
    let Some((first, first_shard)) = all.clone().next() else {
        return Ok(());
    };
    match all.find(|(_, s)| s.count != first_shard.count) {
        Some((path, shard)) => Err(MergeError::ShardCount {
            path: path.clone(),
            shard,
            first: first.clone(),
            first_shard,
        }),
        None => Ok(()),
    }
}

/// Checks that no two parts say they are the same shard.
fn check_shards_once<'a>(
    parts: impl Iterator<Item = (&'a PathBuf, Shard)>,
) -> Result<(), MergeError> {
    let mut seen: BTreeMap<usize, &PathBuf> = BTreeMap::new();
    for (path, shard) in parts {
        if let Some(first) = seen.insert(shard.index, path) {
            return Err(MergeError::ShardTwice {
                shard,
                first: first.clone(),
                second: path.clone(),
            });
        }
    }
    Ok(())
}

/// Merges `parts` (each with the path it was read from) into `out`: checks them (see the
/// module docs), then writes every experiment's files and the index. Returns the
/// experiments as a single run's [`Done`] list (wall time: the sum of the items').
pub fn merge(parts: &[(PathBuf, Part)], out: &Path) -> Result<Vec<Done>, MergeError> {
    let Some((first_path, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let version = env!("CARGO_PKG_VERSION");
    if first.gametree_version != version {
        return Err(MergeError::Mismatch {
            path: first_path.clone(),
            what: "gametree_version",
            found: quoted(&first.gametree_version).to_string(),
            expected: format!("this gametree is {version}: merge with the version that ran it"),
        });
    }
    for (path, p) in parts {
        let mismatch = |what, found: &str, expected: &str| MergeError::Mismatch {
            path: path.clone(),
            what,
            found: quoted(found).to_string(),
            expected: format!("{} has {}", first_path.display(), quoted(expected)),
        };
        if p.gametree_version != first.gametree_version {
            return Err(mismatch(
                "gametree_version",
                &p.gametree_version,
                &first.gametree_version,
            ));
        }
        if p.git_commit != first.git_commit {
            return Err(mismatch("git_commit", &p.git_commit, &first.git_commit));
        }
        if p.run != first.run {
            return Err(MergeError::Mismatch {
                path: path.clone(),
                what: "the run's parameters",
                found: describe(&p.run),
                expected: format!("{} has {}", first_path.display(), describe(&first.run)),
            });
        }
    }
    check_shard_counts(parts.iter().map(|(path, p)| (path, p.shard)))?;
    let run = &first.run;
    if run.command != "reproduce" {
        return Err(MergeError::Foreign {
            path: first_path.clone(),
            why: format!(
                "a part of `{}`, which merge does not know",
                quoted(&run.command)
            ),
        });
    }
    let experiments = select(run.target.as_deref()).map_err(|why| MergeError::Foreign {
        path: first_path.clone(),
        why,
    })?;
    let ctx = run.ctx();
    let all = items(&experiments, &ctx);
    // Where each item is found.
    let mut found: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
    for (pi, (path, p)) in parts.iter().enumerate() {
        for (ii, it) in p.items.iter().enumerate() {
            let e = experiments
                .iter()
                .find(|e| format!("{}/{}", e.paper, e.table) == it.experiment);
            let Some(e) = e else {
                return Err(MergeError::Foreign {
                    path: path.clone(),
                    why: format!(
                        "item `{} {}` is not in this run",
                        quoted(&it.experiment),
                        quoted(&it.key)
                    ),
                });
            };
            let params = (e.params)(&ctx);
            if it.params != params {
                return Err(MergeError::Mismatch {
                    path: path.clone(),
                    what: "the parameters of an item",
                    found: format!(
                        "`{}` for {} {}",
                        quoted(&it.params),
                        it.experiment,
                        quoted(&it.key)
                    ),
                    expected: format!("this build runs `{params}`"),
                });
            }
            found
                .entry(item_name(e, &it.key))
                .or_default()
                .push((pi, ii));
        }
    }
    let names: Vec<String> = all.iter().map(|i| i.name()).collect();
    for name in found.keys() {
        if !names.contains(name) {
            let (pi, _) = found[name][0];
            return Err(MergeError::Foreign {
                path: parts[pi].0.clone(),
                why: format!("item `{name}` is not in this run"),
            });
        }
    }
    let duplicated: Vec<String> = found
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| {
            let files: Vec<String> = at
                .iter()
                .map(|(pi, _)| parts[*pi].0.display().to_string())
                .collect();
            format!("{name} (in {})", some(&distinct(files), ", "))
        })
        .collect();
    if !duplicated.is_empty() {
        return Err(MergeError::Duplicate { items: duplicated });
    }
    check_shards_once(parts.iter().map(|(path, p)| (path, p.shard)))?;
    let missing: Vec<usize> = (0..all.len())
        .filter(|&i| !found.contains_key(&names[i]))
        .collect();
    if !missing.is_empty() {
        // The shards that run them, when every part is of one split.
        let counts: Vec<usize> = parts.iter().map(|(_, p)| p.shard.count).collect();
        let mut rerun = Vec::new();
        if counts.iter().all(|&c| c == counts[0]) {
            let costs: Vec<f64> = all.iter().map(|i| i.cost).collect();
            let shard_of = deal(&costs, counts[0]);
            for &i in &missing {
                let s = format!("--shard {}/{}", shard_of[i], counts[0]);
                if !rerun.contains(&s) {
                    rerun.push(s);
                }
            }
        } else {
            rerun.push("the shards that hold them (the parts mix shard counts)".into());
        }
        return Err(MergeError::Missing {
            items: missing.iter().map(|&i| names[i].clone()).collect(),
            rerun,
        });
    }
    // Assemble every experiment from its items, in item order, before writing anything.
    let mut outputs = Vec::new();
    for e in &experiments {
        let mut results = Vec::new();
        let mut wall = 0.0;
        for it in all.iter().filter(|i| same(&i.experiment, e)) {
            let (pi, ii) = found[&it.name()][0];
            let item = &parts[pi].1.items[ii];
            results.push(item.result.clone());
            wall += item.elapsed_s;
        }
        let output = e
            .assemble(&ctx, &results)
            .ok_or_else(|| MergeError::Foreign {
                path: first_path.clone(),
                why: format!(
                    "the results of {}/{} do not fit together (a malformed part)",
                    e.paper, e.table
                ),
            })?;
        outputs.push((*e, output, wall));
    }
    check_out_dir(out, parts, &experiments)?;
    prepare_out(out, &experiments)?;
    let mut done = Vec::new();
    for (e, output, wall) in outputs {
        write_outputs(out, &e, &(e.params)(&ctx), &output, wall).map_err(MergeError::Write)?;
        done.push(Done {
            experiment: e,
            rows: output.rows,
            wall_secs: wall,
            skipped: false,
        });
    }
    crate::index::write_index(out).map_err(MergeError::Write)?;
    Ok(done)
}

fn same(a: &Experiment, b: &Experiment) -> bool {
    a.paper == b.paper && a.table == b.table
}

fn describe(r: &crate::shard::RunParams) -> String {
    format!(
        "`{} {}{}{}`",
        quoted(&r.command),
        quoted(r.target.as_deref().unwrap_or("(all)")),
        if r.quick { " --quick" } else { "" },
        crate::papers::KNOBS
            .iter()
            .map(|k| (k.flags)(&r.params))
            .collect::<String>()
    )
}

/// Checks a tournament's parts (this version, one commit, one set of parameters, every
/// game exactly once) and returns the parameters and every game's result in game order,
/// ready for [`gametree_run::tournament::summarise`].
pub fn merge_tournament(
    parts: &[(PathBuf, TournamentPart)],
) -> Result<(TournamentParams, Vec<GameResult>), MergeError> {
    let Some((first_path, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let version = env!("CARGO_PKG_VERSION");
    for (path, p) in parts {
        let mismatch = |what, found: &str, expected: String| MergeError::Mismatch {
            path: path.clone(),
            what,
            found: quoted(found).to_string(),
            expected,
        };
        if p.gametree_version != version {
            return Err(mismatch(
                "gametree_version",
                &p.gametree_version,
                format!("this gametree is {version}: merge with the version that ran it"),
            ));
        }
        if p.git_commit != first.git_commit {
            return Err(mismatch(
                "git_commit",
                &p.git_commit,
                format!("{} has {}", first_path.display(), quoted(&first.git_commit)),
            ));
        }
        if let Some((field, found, expected)) = typed_difference(&p.run, &first.run) {
            return Err(MergeError::RunMismatch {
                path: path.clone(),
                field,
                found,
                first: first_path.clone(),
                expected,
            });
        }
    }
    check_shard_counts(parts.iter().map(|(path, p)| (path, p.shard)))?;
    let tables = check_tournament_run(first_path, &first.run)?;
    let games = first.run.games;
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); games];
    for (pi, (path, p)) in parts.iter().enumerate() {
        for it in &p.items {
            if it.game >= games {
                return Err(MergeError::Foreign {
                    path: path.clone(),
                    why: format!("game {} is not in a tournament of {games} games", it.game),
                });
            }
            check_game(path, it.game, &it.result, &tables, first.run.players)?;
            at[it.game].push(pi);
        }
    }
    let duplicated: Vec<String> = at
        .iter()
        .enumerate()
        .filter(|(_, v)| v.len() > 1)
        .map(|(g, v)| {
            let files: Vec<String> = v
                .iter()
                .map(|&pi| parts[pi].0.display().to_string())
                .collect();
            format!("game {g} (in {})", some(&distinct(files), ", "))
        })
        .collect();
    if !duplicated.is_empty() {
        return Err(MergeError::Duplicate { items: duplicated });
    }
    check_shards_once(parts.iter().map(|(path, p)| (path, p.shard)))?;
    let missing: Vec<usize> = (0..games).filter(|&g| at[g].is_empty()).collect();
    if !missing.is_empty() {
        let n = first.shard.count;
        let mut rerun = Vec::new();
        if parts.iter().all(|(_, p)| p.shard.count == n) {
            let shard_of = deal(&vec![1.0; games], n);
            for &g in &missing {
                let s = shard_of[g];
                let r = format!("--shard {s}/{n}");
                if !rerun.contains(&r) {
                    rerun.push(r);
                }
            }
        } else {
            rerun.push("the shards that hold them (the parts mix shard counts)".into());
        }
        return Err(MergeError::Missing {
            items: missing.iter().map(|g| format!("game {g}")).collect(),
            rerun,
        });
    }
    let mut results: Vec<Option<GameResult>> = vec![None; games];
    for (_, p) in parts {
        for it in &p.items {
            results[it.game] = Some(it.result.clone());
        }
    }
    Ok((first.run.clone(), results.into_iter().flatten().collect()))
}

/// Merges a tournament's parts ([`merge_tournament`]) and summarises their games as one
/// tournament: the result `gametree tournament` gives for the whole run (its JSON is what
/// `tournament --out` writes).
pub fn summarise_tournament(
    parts: &[(PathBuf, TournamentPart)],
) -> Result<TournamentResult, MergeError> {
    let (run, results) = merge_tournament(parts)?;
    let first = &parts[0].0;
    let engines = run
        .engines
        .iter()
        .map(|e| gametree_run::tournament_job::parse_engine(e, MoveBudget::Depth(3)))
        .collect::<anyhow::Result<Vec<_>>>()
        .map_err(|e| MergeError::Foreign {
            path: first.clone(),
            why: format!("run.engines: {e}"),
        })?;
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
    Ok(summarise(run.game.clone(), run.players, &config, results))
}

/// Checks a tournament's parameters as a part gives them: what the tournament itself
/// checks before its first game (seats, engines, openings, the number of games, the
/// bootstrap), so a part cannot make the summary index out of range or run for ever.
/// Returns the seat assignments (game `i` is played with assignment `i mod len`).
fn check_tournament_run(
    path: &Path,
    run: &TournamentParams,
) -> Result<Vec<Vec<usize>>, MergeError> {
    let bad = |why: String| MergeError::Foreign {
        path: path.into(),
        why,
    };
    // Names gametree writes: printable ASCII of a sensible length (they are printed).
    let names = std::iter::once(("game", &run.game, 1000))
        .chain(run.engines.iter().map(|e| ("engine", e, QUOTE_LIMIT)));
    for (what, text, most) in names {
        if text.is_empty() || text.len() > most || !text.chars().all(|c| c.is_ascii_graphic()) {
            return Err(bad(format!(
                "{what} `{}` is not a name gametree writes",
                quoted(text)
            )));
        }
    }
    let seats = run.players;
    let k = run.engines.len();
    if !(2..=gametree::MAX_PLAYERS).contains(&seats) {
        return Err(bad(format!(
            "{seats} players: a game has 2 to {}",
            gametree::MAX_PLAYERS
        )));
    }
    if k == 0 || k > seats {
        return Err(bad(format!("{k} engines for {seats} seats")));
    }
    if run.bootstrap > MAX_BOOTSTRAP {
        return Err(bad(format!(
            "bootstrap {}: at most {MAX_BOOTSTRAP} resamples",
            run.bootstrap
        )));
    }
    let tables = gametree_run::tournament::seatings(k, seats);
    let games = run.openings.checked_mul(tables.len());
    if run.openings == 0
        || games != Some(run.games)
        || run.games > gametree_run::tournament::MAX_GAMES
    {
        return Err(bad(format!(
            "{} games, but {} openings of {} seat assignments make {}",
            run.games,
            run.openings,
            tables.len(),
            games.map_or("too many".to_string(), |g| g.to_string())
        )));
    }
    Ok(tables)
}

/// The most bootstrap resamples a merge recomputes (as `tournament --bootstrap`).
const MAX_BOOTSTRAP: usize = 100_000;

/// Checks game `game`'s result against the tournament: its opening and seats are the ones
/// the game number gives, and it has a value per seat wherever it should.
fn check_game(
    path: &Path,
    game: usize,
    r: &GameResult,
    tables: &[Vec<usize>],
    seats: usize,
) -> Result<(), MergeError> {
    let bad = |why: &str| MergeError::Foreign {
        path: path.into(),
        why: format!("game {game}: {why}"),
    };
    if r.opening != game / tables.len() || r.seats != tables[game % tables.len()] {
        return Err(bad(
            "its opening or seats are not the ones of its game number",
        ));
    }
    let per_seat = [
        r.scores.len(),
        r.ranks.len(),
        r.nodes.len(),
        r.moves.len(),
        r.max_move_us.as_ref().map_or(seats, Vec::len),
    ];
    if per_seat.iter().any(|&n| n != seats) {
        return Err(bad(&format!(
            "not one score, rank, node count and move count per seat ({seats} seats)"
        )));
    }
    if r.winner.is_some_and(|w| w >= seats) {
        return Err(bad("its winner is not a seat"));
    }
    Ok(())
}
