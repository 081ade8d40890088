//! The runner behind `gametree reproduce`: selects experiments by `PAPER[/TABLE]`, runs them
//! (or reuses stored results), and writes tables and plots.
//!
//! With an output directory, experiment `paper/table` writes `DIR/paper/table.md`,
//! `table.csv`, every plot as `table-NAME.svg` (or `NAME.svg` when the plot's name already starts
//! with the table's: [`crate::plot::file_name`]), `table.json`:
//! `{"paper", "table", "meta": {...}, "rows": [...]}` (the [`Meta`]: gametree version, git
//! commit, date, parameters, elapsed time), and last the manifest `table.manifest`,
//! which lists every file of the set with a fingerprint of its bytes (64-bit FNV-1a and
//! length). Every file is written atomically; the old manifest is removed before the first
//! file of a new set is written. So an experiment counts as done only when its manifest is
//! there, holds the same `params` ([`Experiment::params`] of the mode) and every file it
//! lists still has its fingerprint: a run killed between two files, or a file changed by
//! hand, means the experiment runs again, and a re-run never keeps a mix of old and new
//! files. A re-run skips a done experiment and reuses its rows. At the end of every run,
//! `DIR/index.html` links every table and plot the directory holds
//! ([`crate::index::write_index`]).
//!
//! Before any computation [`run`] checks the directory once (it must be, or become, a
//! directory that can be written: [`crate::io::prepare_dir`], for it and for each paper's
//! directory) and removes the temporary files (`.NAME.PID.tmp`) that killed runs left
//! behind; a bad directory is a [`RunError::OutDir`], reported before anything is computed.
//!
//! The rows are byte-identical across runs and thread counts; the `meta` object beside them
//! (date, elapsed time, and the commit of the build) differs from run to run, so compare
//! `rows`, not whole files.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Instant;

use gametree_games::quote::quoted;
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::experiment::{Ctx, Experiment, Output};
use crate::io::fingerprint;
use crate::io::{prepare_dir, write_atomic, DirError};
use crate::papers;
use crate::plot::line_plot_svg;
pub use crate::record::{row_from_json, utc_date, Meta};
use crate::report::{csv, markdown, push_wrapped, text_table, wrap, Row, Verdict, TEXT_WIDTH};
use crate::shard;
use gametree_run::runner::run_costliest_first;

/// The experiments `filter` names: `None` for all, `PAPER` for a paper's tables, or
/// `PAPER/TABLE` for one. An unknown name is an error listing the known ones.
pub fn select(filter: Option<&str>) -> Result<Vec<Experiment>, String> {
    let all = papers::all();
    let Some(f) = filter else {
        return Ok(all);
    };
    let (paper, table) = match f.split_once('/') {
        Some((p, t)) => (p, Some(t)),
        None => (f, None),
    };
    let papers_known = papers::papers_of(&all);
    let of_paper: Vec<Experiment> = all.iter().copied().filter(|e| e.paper == paper).collect();
    if of_paper.is_empty() {
        return Err(format!(
            "unknown paper `{}`: known papers are {}",
            quoted(paper),
            papers_known.join(", ")
        ));
    }
    match table {
        None => Ok(of_paper),
        Some(t) => {
            let chosen: Vec<Experiment> =
                of_paper.iter().copied().filter(|e| e.table == t).collect();
            if chosen.is_empty() {
                let tables: Vec<String> = of_paper
                    .iter()
                    .map(|e| format!("{}/{}", e.paper, e.table))
                    .collect();
                return Err(format!(
                    "unknown table `{}` of paper `{paper}`: known tables are {}",
                    quoted(t),
                    tables.join(", ")
                ));
            }
            Ok(chosen)
        }
    }
}

/// Every `paper/table` name, for help texts.
pub fn names() -> Vec<String> {
    papers::all()
        .iter()
        .map(|e| format!("{}/{}", e.paper, e.table))
        .collect()
}

/// The result of one experiment in a run.
#[derive(Clone, Debug)]
pub struct Done {
    /// The experiment.
    pub experiment: Experiment,
    /// Its rows (computed now, or read back from a previous run).
    pub rows: Vec<Row>,
    /// Wall time in seconds (0 when skipped).
    pub wall_secs: f64,
    /// Whether stored results with the same parameters were reused.
    pub skipped: bool,
}

fn base(out: &Path, e: &Experiment) -> PathBuf {
    out.join(e.paper).join(e.table)
}

/// Where a run under `out` keeps the finished items of experiment `e`
/// ([`crate::experiment::Pieces::DRIVE`]): `<out>/<paper>/<table>-items/`. The driver keys
/// what it keeps there by whatever its items' results depend on, so a run with other
/// parameters never takes them.
pub(crate) fn checkpoint_dir(out: &Path, e: &Experiment) -> PathBuf {
    out.join(e.paper).join(format!("{}-items", e.table))
}

fn with_ext(base: &Path, ext: &str) -> PathBuf {
    let mut s = base.as_os_str().to_owned();
    s.push(ext);
    PathBuf::from(s)
}

/// The stored JSON document of an experiment: `{"paper", "table", "meta", "rows"}`.
pub fn json_document(e: &Experiment, meta: &Meta, rows: &[Row]) -> String {
    pretty(&json!({
        "paper": e.paper,
        "table": e.table,
        "meta": meta,
        "rows": rows,
    }))
}

/// `doc` as pretty JSON ending in a newline: the shape of every stored JSON file.
fn pretty(doc: &Value) -> String {
    let mut s = serde_json::to_string_pretty(doc).unwrap_or_default();
    s.push('\n');
    s
}

/// An experiment's manifest as stored: what made its files, and their fingerprints.
#[derive(Serialize, Deserialize)]
struct Manifest {
    paper: String,
    table: String,
    params: String,
    files: Vec<Listed>,
}

/// One file of a [`Manifest`].
#[derive(Serialize, Deserialize)]
struct Listed {
    name: String,
    fingerprint: String,
}

/// The part of a stored JSON document [`stored`] reads back: its parameters and rows.
#[derive(Deserialize)]
struct StoredDocument {
    meta: StoredMeta,
    rows: Vec<Row>,
}

/// The part of a stored [`Meta`] that [`stored`] compares.
#[derive(Deserialize)]
struct StoredMeta {
    params: String,
}

/// The rows stored for `e` under `out` if they were made with `params` and the set of files
/// is whole: the manifest names `params`, and every file it lists (the JSON among them) has
/// the fingerprint it lists.
pub fn stored(out: &Path, e: &Experiment, params: &str) -> Option<Vec<Row>> {
    let b = base(out, e);
    let manifest: Manifest =
        serde_json::from_str(&std::fs::read_to_string(with_ext(&b, ".manifest")).ok()?).ok()?;
    if manifest.params != params {
        return None;
    }
    let dir = b.parent()?;
    let json_name = format!("{}.json", e.table);
    let mut json_text = None;
    for f in &manifest.files {
        let name = f.name.as_str();
        if name.contains(['/', '\\']) || name.starts_with('.') {
            return None;
        }
        let bytes = std::fs::read(dir.join(name)).ok()?;
        if f.fingerprint != fingerprint(&bytes) {
            return None;
        }
        if name == json_name {
            json_text = Some(String::from_utf8(bytes).ok()?);
        }
    }
    let doc: StoredDocument = serde_json::from_str(&json_text?).ok()?;
    (doc.meta.params == params).then_some(doc.rows)
}

/// Writes an experiment's files (markdown, CSV, plots, JSON, each atomically), then its
/// manifest; the old manifest goes first, so the old set stops counting before any of its
/// files is replaced.
pub fn write_outputs(
    out: &Path,
    e: &Experiment,
    params: &str,
    output: &Output,
    wall_secs: f64,
) -> Result<(), String> {
    let b = base(out, e);
    let err = |p: &Path, x: std::io::Error| format!("{}: {x}", p.display());
    let manifest = with_ext(&b, ".manifest");
    match std::fs::remove_file(&manifest) {
        Ok(()) => {}
        Err(x) if x.kind() == std::io::ErrorKind::NotFound => {}
        Err(x) => return Err(err(&manifest, x)),
    }
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let md = format!(
        "# {} / {}\n\n{}\n\nparameters: `{}`\n\nwall time: {:.2} s\n\n{}",
        e.paper,
        e.table,
        e.about,
        params,
        wall_secs,
        markdown(&output.rows)
    );
    files.push((format!("{}.md", e.table), md.into_bytes()));
    files.push((format!("{}.csv", e.table), csv(&output.rows).into_bytes()));
    for plot in &output.plots {
        let svg = line_plot_svg(
            &plot.title,
            &plot.x_label,
            &plot.y_label,
            &plot.series,
            plot.log_y,
        )?;
        files.push((
            crate::plot::file_name(e.table, &plot.file),
            svg.into_bytes(),
        ));
    }
    files.push((
        format!("{}.json", e.table),
        json_document(e, &Meta::now(params, wall_secs), &output.rows).into_bytes(),
    ));
    let dir = out.join(e.paper);
    let mut listed = Vec::new();
    for (name, bytes) in files {
        let p = dir.join(&name);
        write_atomic(&p, &bytes).map_err(|x| err(&p, x))?;
        listed.push(Listed {
            fingerprint: fingerprint(&bytes),
            name,
        });
    }
    let manifest_doc = Manifest {
        paper: e.paper.to_string(),
        table: e.table.to_string(),
        params: params.to_string(),
        files: listed,
    };
    let text = pretty(&json!(manifest_doc));
    write_atomic(&manifest, text.as_bytes()).map_err(|x| err(&manifest, x))
}

/// Why [`run`] failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The output directory (or a paper's directory in it) cannot be used; found before
    /// any computation.
    #[error("{0}")]
    OutDir(#[from] DirError),
    /// An output file could not be written.
    #[error("{0}")]
    Write(String),
    /// An item of an experiment could not be run or its items not assembled (a bug: the
    /// items come from the same code).
    #[error("{0}")]
    Item(String),
}

/// Checks `dir` and its directory per paper of `experiments` with [`prepare_dir`]: each
/// must be, or become, a directory a file can be written in; temporary files of killed runs
/// are removed. [`run`] calls it once, before any computation.
pub(crate) fn prepare_out(dir: &Path, experiments: &[Experiment]) -> Result<(), DirError> {
    prepare_dir(dir)?;
    for p in papers::papers_of(experiments) {
        prepare_dir(&dir.join(p))?;
    }
    Ok(())
}

/// Runs `experiments` on every core of the current rayon pool and returns their results in
/// the order given. With `out`, reuses stored results whose parameters match and writes each
/// experiment's files as soon as it finishes. `on_done` sees each result as it comes: the
/// stored ones first, then each computed one as it finishes (in whatever order the
/// experiments end), once each.
///
/// The work is a list of jobs: each item of every experiment ([`Experiment::items`]: the
/// experiment whole, or the items of its own; the same items a sharded run deals to its
/// shards, assembled as [`crate::merge`] does). The jobs run the costliest first
/// ([`run_costliest_first`], by the items' estimated costs), and every job's
/// result depends only on the job, so the rows are byte-identical to running the
/// experiments one after another, with any number of threads. On a terminal
/// (`ctx.progress`) a bar counts the finished experiments above the experiments' own bars.
pub fn run(
    experiments: &[Experiment],
    ctx: &Ctx,
    out: Option<&Path>,
    on_done: impl FnMut(&Done) + Send,
) -> Result<Vec<Done>, RunError> {
    // The one check of the output directory, before anything is computed.
    if let Some(o) = out {
        prepare_out(o, experiments)?;
    }
    let on_done = Mutex::new(on_done);
    let report = |d: &Done| (on_done.lock().unwrap_or_else(PoisonError::into_inner))(d);
    let params: Vec<String> = experiments.iter().map(|e| (e.params)(ctx)).collect();
    let finished: Vec<Mutex<Option<Result<Done, RunError>>>> =
        experiments.iter().map(|_| Mutex::new(None)).collect();
    let mut jobs = Vec::new();
    for (j, e) in experiments.iter().enumerate() {
        if let Some(rows) = out.and_then(|o| stored(o, e, &params[j])) {
            let d = Done {
                experiment: *e,
                rows,
                wall_secs: 0.0,
                skipped: true,
            };
            report(&d);
            *finished[j].lock().unwrap_or_else(PoisonError::into_inner) = Some(Ok(d));
            continue;
        }
        let items = e.items(ctx);
        if e.runs_as_one(ctx) {
            jobs.push(Job {
                experiment: j,
                item: None,
                cost: items.iter().map(|i| i.cost).sum(),
            });
        } else {
            for (at, item) in items.into_iter().enumerate() {
                jobs.push(Job {
                    experiment: j,
                    item: Some((at, item.key)),
                    cost: item.cost,
                });
            }
        }
    }
    let pending: Vec<Pending> = experiments
        .iter()
        .enumerate()
        .map(|(j, _)| {
            let n = jobs.iter().filter(|job| job.experiment == j).count();
            Pending {
                left: AtomicUsize::new(n),
                parts: Mutex::new(vec![Value::Null; n]),
                start: OnceLock::new(),
            }
        })
        .collect();
    let computed = pending.iter().filter(|p| p.left.load(Relaxed) > 0).count();
    let bar = experiments_bar(ctx.progress, computed);
    let costs: Vec<f64> = jobs.iter().map(|job| job.cost).collect();
    run_costliest_first(&costs, |k| {
        let job = &jobs[k];
        let j = job.experiment;
        let (e, p) = (&experiments[j], &pending[j]);
        p.start.get_or_init(Instant::now);
        let output = match &job.item {
            None => {
                let checkpoints = out.map(|o| checkpoint_dir(o, e));
                e.run_one(ctx, checkpoints.as_deref()).ok_or_else(|| {
                    RunError::Item(format!(
                        "the items of {}/{} do not fit together",
                        e.paper, e.table
                    ))
                })
            }
            Some((at, key)) => {
                let Some(v) = e.run_item(ctx, key) else {
                    let why = format!("cannot run item {}", shard::item_name(e, key));
                    *finished[j].lock().unwrap_or_else(PoisonError::into_inner) =
                        Some(Err(RunError::Item(why)));
                    return;
                };
                p.parts.lock().unwrap_or_else(PoisonError::into_inner)[*at] = v;
                if p.left.fetch_sub(1, Relaxed) != 1 {
                    return;
                }
                let parts =
                    std::mem::take(&mut *p.parts.lock().unwrap_or_else(PoisonError::into_inner));
                e.assemble(ctx, &parts).ok_or_else(|| {
                    RunError::Item(format!(
                        "the items of {}/{} do not fit together",
                        e.paper, e.table
                    ))
                })
            }
        };
        let wall_secs = p.start.get().map_or(0.0, |s| s.elapsed().as_secs_f64());
        let result = output.and_then(|output| {
            if let Some(o) = out {
                write_outputs(o, e, &params[j], &output, wall_secs).map_err(RunError::Write)?;
            }
            let d = Done {
                experiment: *e,
                rows: output.rows,
                wall_secs,
                skipped: false,
            };
            report(&d);
            Ok(d)
        });
        bar.inc(1);
        let mut slot = finished[j].lock().unwrap_or_else(PoisonError::into_inner);
        if slot.is_none() {
            *slot = Some(result);
        }
    });
    bar.finish_and_clear();
    gametree_run::runner::bars().remove(&bar);
    let mut all = Vec::new();
    for (j, f) in finished.into_iter().enumerate() {
        match f.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(r) => all.push(r?),
            None => {
                let e = &experiments[j];
                return Err(RunError::Item(format!(
                    "{}/{} did not finish",
                    e.paper, e.table
                )));
            }
        }
    }
    if let Some(o) = out {
        crate::index::write_index(o).map_err(RunError::Write)?;
    }
    Ok(all)
}

/// Runs `f` on a pool of `threads` threads (`None`: the current pool, by default one thread
/// per core or `RAYON_NUM_THREADS`): `reproduce --threads N`. The rows do not depend on it.
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, rayon::ThreadPoolBuildError> {
    match threads {
        None => Ok(f()),
        Some(n) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()?
            .install(f)),
    }
}

/// One job of a run: an experiment whole (`item: None`) or one of its items (its position
/// among the experiment's items, and its key).
struct Job {
    experiment: usize,
    item: Option<(usize, String)>,
    cost: f64,
}

/// An experiment of a run while its jobs run: how many are left, the results of its items
/// in item order, and when its first job started.
struct Pending {
    left: AtomicUsize,
    parts: Mutex<Vec<Value>>,
    start: OnceLock<Instant>,
}

/// The bar that counts a run's finished experiments on a terminal (hidden otherwise).
fn experiments_bar(progress: bool, experiments: usize) -> ProgressBar {
    if !progress || experiments == 0 {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(experiments as u64);
    b.set_style(
        ProgressStyle::with_template("{prefix:>28} [{bar:30}] {pos}/{len} {elapsed_precise}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    b.set_prefix("experiments done");
    gametree_run::runner::bars().insert(0, b)
}

/// The `--json` output of a run, one line: `{"meta": {...}, "rows": [...]}`. The meta is a
/// [`Meta`] (its `params`: `mode=quick` or `mode=full`, then each experiment's own
/// parameters that are not the mode's, such as `hands=N`, `openings=N` and `budget=...`,
/// by [`crate::experiment::Knobs::meta`]) with
/// `experiments`: each one's `paper`, `table`, `params`, `elapsed_s` and `skipped`. It
/// differs from run to run; the rows are byte-identical across runs and thread counts.
pub fn run_json(done: &[Done], ctx: &Ctx, elapsed_s: f64) -> String {
    let mode = if ctx.quick { "quick" } else { "full" };
    let experiments: Vec<Value> = done
        .iter()
        .map(|d| {
            json!({
                "paper": d.experiment.paper,
                "table": d.experiment.table,
                "params": (d.experiment.params)(ctx),
                "elapsed_s": d.wall_secs,
                "skipped": d.skipped,
            })
        })
        .collect();
    let rows: Vec<&Row> = done.iter().flat_map(|d| d.rows.iter()).collect();
    let mut params = format!("mode={mode}");
    for k in crate::papers::KNOBS {
        params.push_str(&(k.meta)(&ctx.params));
    }
    let mut meta = serde_json::to_value(Meta::now(&params, elapsed_s)).unwrap_or_default();
    meta["experiments"] = Value::Array(experiments);
    meta["summary"] = crate::report::summary_json(&rows);
    let doc = json!({ "meta": meta, "rows": rows });
    serde_json::to_string(&doc).unwrap_or_else(|_| "{}".into())
}

/// How many of `rows` have verdict `v`.
pub fn count(rows: &[Row], v: Verdict) -> usize {
    rows.iter().filter(|r| r.verdict == v).count()
}

/// The `--list` text: every experiment of `experiments`, `paper/table` and what it
/// reproduces, in lines of at most [`TEXT_WIDTH`] characters.
pub fn list_text(experiments: &[Experiment]) -> String {
    let names: Vec<String> = experiments
        .iter()
        .map(|e| format!("{}/{}", e.paper, e.table))
        .collect();
    let w = names.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (e, name) in experiments.iter().zip(&names) {
        for (i, line) in wrap(e.about, TEXT_WIDTH.saturating_sub(w + 2).max(20))
            .iter()
            .enumerate()
        {
            let label = if i == 0 { name.as_str() } else { "" };
            out.push_str(format!("{label:<w$}  {line}").trim_end());
            out.push('\n');
        }
    }
    out
}

/// The head of the text output: the title, the legend of the columns and verdicts, then
/// [`summary_block`]: the counts of verdicts per paper, and every `differs` row with its
/// reason (or its note when it has none), cut to one line. Lines are at most [`TEXT_WIDTH`]
/// characters.
pub fn summary_text(done: &[Done], quick: bool, elapsed_s: f64) -> String {
    let rows: Vec<&Row> = done.iter().flat_map(|d| d.rows.iter()).collect();
    let mut out = format!(
        "gametree {} reproduce, {} mode: {} experiment{}, {} row{}, {elapsed_s:.2} s\n\n",
        env!("CARGO_PKG_VERSION"),
        if quick { "quick" } else { "full" },
        done.len(),
        if done.len() == 1 { "" } else { "s" },
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
    );
    out.push_str(
        "Columns: `paper value` is the published number, `ours` our measurement, `95% CI` our\n\
         95% confidence interval (statistical rows), `verdict` the comparison; the note is under\n\
         each row (cut to two lines; not repeated for the rows after it that share it; whole\n\
         in --json and --out). Verdicts:\n",
    );
    for v in Verdict::ALL {
        out.push_str(&format!("  {:<9} {}\n", v.as_str(), v.definition()));
    }
    out.push('\n');
    out.push_str(&summary_block(done));
    out
}

/// The summary proper: the heading `Summary`, the counts of verdicts per paper and in all,
/// the exact rows by source, and every `differs` row with its reason. [`summary_text`] prints
/// it under the title and the legend; `reproduce --verbose` prints it again after the
/// tables, so that the output ends as it begins.
pub fn summary_block(done: &[Done]) -> String {
    let rows: Vec<&Row> = done.iter().flat_map(|d| d.rows.iter()).collect();
    let mut out = String::from("Summary\n");
    let head = format!(
        "{:<18} {:>6} {:>6} {:>7} {:>8} {:>9} {:>8}\n",
        "paper", "rows", "exact", "within", "differs", "measured", "too-few"
    );
    out.push_str(&head);
    let papers = papers::papers_of(done.iter().map(|d| &d.experiment));
    let line = |name: &str, rows: &[&Row]| {
        let n = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
        format!(
            "{name:<18} {:>6} {:>6} {:>7} {:>8} {:>9} {:>8}\n",
            rows.len(),
            n(Verdict::Exact),
            n(Verdict::Within),
            n(Verdict::Differs),
            n(Verdict::Measured),
            n(Verdict::TooFew),
        )
    };
    for p in &papers {
        let of: Vec<&Row> = done
            .iter()
            .filter(|d| d.experiment.paper == *p)
            .flat_map(|d| &d.rows)
            .collect();
        out.push_str(&line(p, &of));
    }
    out.push_str(&line("all", &rows));
    out.push_str(&crate::report::summary_lines(&rows));
    let differs: Vec<&&Row> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::Differs)
        .collect();
    if differs.is_empty() {
        out.push_str("\nNo row differs.\n");
    } else {
        out.push_str(&format!("\nRows that differ ({}):\n", differs.len()));
        for r in differs {
            let what = format!(
                "{}/{}, {}, {}: ours {}, paper {}",
                r.paper,
                r.table,
                r.row,
                r.quantity,
                r.ours,
                r.paper_value.map_or("-".into(), |v| v.to_string())
            );
            push_wrapped(&mut out, &what, TEXT_WIDTH - 4, usize::MAX, "  - ", "    ");
            let why = if r.reason.is_empty() {
                &r.note
            } else {
                &r.reason
            };
            if !why.is_empty() {
                push_wrapped(&mut out, why, TEXT_WIDTH - 6, 1, "      ", "      ");
            }
        }
    }
    out
}

/// The line of `gametree reproduce`'s text output that says where the tables and plots
/// are: written under `out` (the `--out` directory), printed above (`tables_printed`,
/// `--verbose`), or neither, with the flags that give them. It comes just before
/// [`verdict_line`], the last line.
pub fn where_line(out: Option<&Path>, tables_printed: bool) -> String {
    match (out, tables_printed) {
        (Some(dir), _) => format!(
            "wrote the tables and plots to {} (open {})",
            dir.display(),
            dir.join("index.html").display()
        ),
        (None, true) => {
            "the tables are above; no plots written (--out DIR writes the tables and the plots)"
                .to_string()
        }
        (None, false) => {
            "no tables or plots written: --verbose prints the tables, --out DIR writes them and \
             the plots"
                .to_string()
        }
    }
}

/// The last line of `gametree reproduce`'s text output: the rows in all and how many have
/// each verdict, every verdict named even when none has it (the summary's `all` line, in
/// words): `verdicts of 40 rows: 30 exact, 2 within, 1 differs, 5 measured, 2 too-few`.
pub fn verdict_line(done: &[Done]) -> String {
    let n = |v: Verdict| done.iter().map(|d| count(&d.rows, v)).sum::<usize>();
    let total: usize = done.iter().map(|d| d.rows.len()).sum();
    let counts: Vec<String> = Verdict::ALL
        .iter()
        .map(|&v| format!("{} {}", n(v), v.as_str()))
        .collect();
    format!(
        "verdicts of {total} row{}: {}",
        if total == 1 { "" } else { "s" },
        counts.join(", ")
    )
}

/// The text of one finished experiment: a heading with its counts and wall time, what it
/// reproduces, and its rows ([`text_table`]).
pub fn done_text(d: &Done) -> String {
    let e = &d.experiment;
    let time = if d.skipped {
        "skipped: stored results with the same parameters".to_string()
    } else {
        format!("wall time {:.2} s", d.wall_secs)
    };
    let mut counts = Vec::new();
    for v in Verdict::ALL {
        let n = count(&d.rows, v);
        if n > 0 {
            counts.push(format!("{n} {}", v.as_str()));
        }
    }
    let mut out = format!("== {}/{}\n", e.paper, e.table);
    for l in wrap(e.about, TEXT_WIDTH) {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str(&format!(
        "{} rows: {}\n{time}\n",
        d.rows.len(),
        counts.join(", ")
    ));
    out.push('\n');
    out.push_str(&text_table(&d.rows));
    out
}
