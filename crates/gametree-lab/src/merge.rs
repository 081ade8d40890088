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

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::experiment::Experiment;
use crate::io::DirError;
use crate::reproduce::{prepare_out, select, write_outputs, Done};
use crate::shard::{deal, item_name, items, Part, TournamentParams, TournamentPart, PART_FORMAT};
use crate::tournament::GameResult;

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
    #[error("{} item(s) missing: {}; run again: {}", items.len(), items.join(", "), rerun.join(", "))]
    Missing {
        /// `paper/table key` of every missing item.
        items: Vec<String>,
        /// The shards (`I/N`) that run them, when the parts agree on N.
        rerun: Vec<String>,
    },
    /// Items are in more than one part (or twice in one).
    #[error("{} item(s) present more than once: {}", items.len(), items.join("; "))]
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

/// The JSON of the part file `path`, checked to be a part of this format.
fn read_part_json(path: &Path) -> Result<serde_json::Value, MergeError> {
    let read = |why: String| malformed(path, why);
    let text = std::fs::read_to_string(path).map_err(|e| read(format!("cannot read: {e}")))?;
    let v: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| read(format!("not JSON: {e}")))?;
    match v.get("format").and_then(|f| f.as_str()) {
        Some(PART_FORMAT) => {}
        Some(f) => return Err(read(format!("part format `{f}`, expected `{PART_FORMAT}`"))),
        None => return Err(read("not a gametree part file (no `format`)".into())),
    }
    Ok(v)
}

/// The error of a part file that is not what it should be.
fn malformed(path: &Path, why: String) -> MergeError {
    MergeError::Read {
        path: path.into(),
        why,
    }
}

/// Reads a part file.
pub fn read_part(path: &Path) -> Result<Part, MergeError> {
    let v = read_part_json(path)?;
    serde_json::from_value(v).map_err(|e| malformed(path, format!("malformed part: {e}")))
}

/// The parts of a merge from its arguments: files, and directories standing for the
/// `part-*.json` files in them (sorted by name).
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
                    p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                        n.starts_with("part-") && n.ends_with(".json") && p.is_file()
                    })
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
            found: first.gametree_version.clone(),
            expected: format!("this gametree is {version}: merge with the version that ran it"),
        });
    }
    for (path, p) in parts {
        let mismatch = |what, found: String, expected: String| MergeError::Mismatch {
            path: path.clone(),
            what,
            found,
            expected: format!("{} has {expected}", first_path.display()),
        };
        if p.gametree_version != first.gametree_version {
            return Err(mismatch(
                "gametree_version",
                p.gametree_version.clone(),
                first.gametree_version.clone(),
            ));
        }
        if p.git_commit != first.git_commit {
            return Err(mismatch(
                "git_commit",
                p.git_commit.clone(),
                first.git_commit.clone(),
            ));
        }
        if p.run != first.run {
            return Err(mismatch(
                "the run's parameters",
                describe(&p.run),
                describe(&first.run),
            ));
        }
    }
    let run = &first.run;
    if run.command != "reproduce" {
        return Err(MergeError::Foreign {
            path: first_path.clone(),
            why: format!("a part of `{}`, which merge does not know", run.command),
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
                    why: format!("item `{} {}` is not in this run", it.experiment, it.key),
                });
            };
            let params = (e.params)(&ctx);
            if it.params != params {
                return Err(MergeError::Mismatch {
                    path: path.clone(),
                    what: "the parameters of an item",
                    found: format!("`{}` for {} {}", it.params, it.experiment, it.key),
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
            format!("{name} (in {})", files.join(", "))
        })
        .collect();
    if !duplicated.is_empty() {
        return Err(MergeError::Duplicate { items: duplicated });
    }
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
        let output =
            crate::shard::assemble(e, &ctx, &results).ok_or_else(|| MergeError::Foreign {
                path: first_path.clone(),
                why: format!(
                    "the results of {}/{} do not fit together (a malformed part)",
                    e.paper, e.table
                ),
            })?;
        outputs.push((*e, output, wall));
    }
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
        r.command,
        r.target.as_deref().unwrap_or("(all)"),
        if r.quick { " --quick" } else { "" },
        r.hands.map_or(String::new(), |h| format!(" --hands {h}"))
    )
}

/// The command a part file belongs to (`reproduce` or `tournament`), from its `run`.
pub fn part_command(path: &Path) -> Result<String, MergeError> {
    let read = |why: String| malformed(path, why);
    let v = read_part_json(path)?;
    v.get("run")
        .and_then(|r| r.get("command"))
        .and_then(|c| c.as_str())
        .map(str::to_string)
        .ok_or_else(|| read("a part without `run.command`".into()))
}

/// Reads a tournament's part file.
pub fn read_tournament_part(path: &Path) -> Result<TournamentPart, MergeError> {
    let v = read_part_json(path)?;
    serde_json::from_value(v)
        .map_err(|e| malformed(path, format!("malformed tournament part: {e}")))
}

/// Checks a tournament's parts (this version, one commit, one set of parameters, every
/// game exactly once) and returns the parameters and every game's result in game order,
/// ready for [`crate::tournament::summarise`].
pub fn merge_tournament(
    parts: &[(PathBuf, TournamentPart)],
) -> Result<(TournamentParams, Vec<GameResult>), MergeError> {
    let Some((first_path, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let version = env!("CARGO_PKG_VERSION");
    for (path, p) in parts {
        let mismatch = |what, found: String, expected: String| MergeError::Mismatch {
            path: path.clone(),
            what,
            found,
            expected,
        };
        if p.gametree_version != version {
            return Err(mismatch(
                "gametree_version",
                p.gametree_version.clone(),
                format!("this gametree is {version}: merge with the version that ran it"),
            ));
        }
        if p.git_commit != first.git_commit {
            return Err(mismatch(
                "git_commit",
                p.git_commit.clone(),
                format!("{} has {}", first_path.display(), first.git_commit),
            ));
        }
        if p.run != first.run {
            return Err(mismatch(
                "the run's parameters",
                format!("{:?}", p.run),
                format!("{} has {:?}", first_path.display(), first.run),
            ));
        }
    }
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
            format!("game {g} (in {})", files.join(", "))
        })
        .collect();
    if !duplicated.is_empty() {
        return Err(MergeError::Duplicate { items: duplicated });
    }
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
