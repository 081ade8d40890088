//! The runner behind `gametree reproduce`: selects experiments by `PAPER[/TABLE]`, runs them
//! (or reuses stored results), and writes tables and plots.
//!
//! With an output directory, experiment `paper/table` writes `DIR/paper/table.md`,
//! `table.csv`, every plot as `table-NAME.svg`, `table.json`:
//! `{"paper", "table", "params", "rows": [...]}`, and last the manifest `table.manifest`,
//! which lists every file of the set with a fingerprint of its bytes (64-bit FNV-1a and
//! length). Every file is written atomically; the old manifest is removed before the first
//! file of a new set is written. So an experiment counts as done only when its manifest is
//! there, holds the same `params` ([`Experiment::params`] of the mode) and every file it
//! lists still has its fingerprint: a run killed between two files, or a file changed by
//! hand, means the experiment runs again, and a re-run never keeps a mix of old and new
//! files. A re-run skips a done experiment and reuses its rows.
//!
//! Before any computation [`prepare_out`] checks the directory (it must be, or become, a
//! directory that can be written) and removes the temporary files (`.NAME.PID.tmp`) that
//! killed runs left behind. Wall times go to the markdown file and the caller, never into
//! the JSON: the JSON is byte-identical across runs and thread counts.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use crate::experiment::{Ctx, Experiment, Output};
use crate::io::{describe, remove_stale_temps, write_atomic};
use crate::papers;
use crate::plot::line_plot_svg;
use crate::report::{csv, markdown, Row, Verdict};

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
    let mut papers_known: Vec<&str> = Vec::new();
    for e in &all {
        if !papers_known.contains(&e.paper) {
            papers_known.push(e.paper);
        }
    }
    let of_paper: Vec<Experiment> = all.iter().copied().filter(|e| e.paper == paper).collect();
    if of_paper.is_empty() {
        return Err(format!(
            "unknown paper `{paper}`: known papers are {}",
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
                    "unknown table `{t}` of paper `{paper}`: known tables are {}",
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

fn with_ext(base: &Path, ext: &str) -> PathBuf {
    let mut s = base.as_os_str().to_owned();
    s.push(ext);
    PathBuf::from(s)
}

/// The stored JSON document of an experiment (deterministic: no timings).
pub fn json_document(e: &Experiment, params: &str, rows: &[Row]) -> String {
    let doc = json!({
        "paper": e.paper,
        "table": e.table,
        "params": params,
        "rows": rows,
    });
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

fn verdict_from(s: &str) -> Option<Verdict> {
    Some(match s {
        "exact" => Verdict::Exact,
        "within" => Verdict::Within,
        "differs" => Verdict::Differs,
        "measured" => Verdict::Measured,
        _ => return None,
    })
}

/// A row read back from its JSON serialization.
pub fn row_from_json(v: &Value) -> Option<Row> {
    let s = |k: &str| v.get(k)?.as_str().map(str::to_string);
    let num = |k: &str| -> Option<Option<f64>> {
        match v.get(k)? {
            Value::Null => Some(None),
            x => x.as_f64().map(Some),
        }
    };
    let ci95 = match v.get("ci95")? {
        Value::Null => None,
        Value::Array(a) if a.len() == 2 => Some([a[0].as_f64()?, a[1].as_f64()?]),
        _ => return None,
    };
    Some(Row {
        paper: s("paper")?,
        table: s("table")?,
        row: s("row")?,
        quantity: s("quantity")?,
        paper_value: num("paper_value")?,
        ours: num("ours")?.unwrap_or(f64::NAN),
        ci95,
        verdict: verdict_from(&s("verdict")?)?,
        note: s("note")?,
    })
}

/// The fingerprint of a file's bytes in a manifest: 64-bit FNV-1a and the length.
fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}:{}", bytes.len())
}

/// The rows stored for `e` under `out` if they were made with `params` and the set of files
/// is whole: the manifest names `params`, and every file it lists (the JSON among them) has
/// the fingerprint it lists.
pub fn stored(out: &Path, e: &Experiment, params: &str) -> Option<Vec<Row>> {
    let b = base(out, e);
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(with_ext(&b, ".manifest")).ok()?).ok()?;
    if manifest.get("params")?.as_str()? != params {
        return None;
    }
    let dir = b.parent()?;
    let json_name = format!("{}.json", e.table);
    let mut json_text = None;
    for f in manifest.get("files")?.as_array()? {
        let name = f.get("name")?.as_str()?;
        if name.contains(['/', '\\']) || name.starts_with('.') {
            return None;
        }
        let bytes = std::fs::read(dir.join(name)).ok()?;
        if f.get("fingerprint")?.as_str()? != fingerprint(&bytes) {
            return None;
        }
        if name == json_name {
            json_text = Some(String::from_utf8(bytes).ok()?);
        }
    }
    let doc: Value = serde_json::from_str(&json_text?).ok()?;
    if doc.get("params")?.as_str()? != params {
        return None;
    }
    doc.get("rows")?
        .as_array()?
        .iter()
        .map(row_from_json)
        .collect()
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
        json_document(e, params, &output.rows).into_bytes(),
    ));
    let dir = out.join(e.paper);
    let mut listed = Vec::new();
    for (name, bytes) in &files {
        let p = dir.join(name);
        write_atomic(&p, bytes).map_err(|x| err(&p, x))?;
        listed.push(json!({ "name": name, "fingerprint": fingerprint(bytes) }));
    }
    let doc = json!({
        "paper": e.paper,
        "table": e.table,
        "params": params,
        "files": listed,
    });
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    write_atomic(&manifest, text.as_bytes()).map_err(|x| err(&manifest, x))
}

/// Checks `dir` is a directory (or can be made one), makes it and its directory per paper of
/// `experiments`, checks a file can be written there, and removes the temporary files that
/// killed runs left in them. Cheap: call it before any computation.
pub fn prepare_out(dir: &Path, experiments: &[Experiment]) -> Result<(), String> {
    let mut dirs = vec![dir.to_path_buf()];
    for e in experiments {
        let d = dir.join(e.paper);
        if !dirs.contains(&d) {
            dirs.push(d);
        }
    }
    for d in &dirs {
        match std::fs::metadata(d) {
            Ok(m) if m.is_dir() => {}
            Ok(m) => {
                return Err(format!(
                    "{}: is {}, not a directory",
                    d.display(),
                    describe(m.file_type())
                ))
            }
            Err(_) => std::fs::create_dir_all(d)
                .map_err(|x| format!("{}: cannot create the directory: {x}", d.display()))?,
        }
        let probe = d.join(format!(".write-check.{}.tmp", std::process::id()));
        std::fs::File::create(&probe)
            .and_then(|f| f.sync_all())
            .map_err(|x| format!("{}: cannot write there: {x}", d.display()))?;
        let _ = std::fs::remove_file(&probe);
        remove_stale_temps(d).map_err(|x| format!("{}: {x}", d.display()))?;
    }
    Ok(())
}

/// Runs `experiments` in order. With `out`, reuses stored results whose parameters match
/// and writes each experiment's files as soon as it finishes. `on_done` sees each result
/// as it comes (to print it).
pub fn run(
    experiments: &[Experiment],
    ctx: &Ctx,
    out: Option<&Path>,
    mut on_done: impl FnMut(&Done),
) -> Result<Vec<Done>, String> {
    if let Some(o) = out {
        prepare_out(o, experiments)?;
    }
    let mut all = Vec::new();
    for e in experiments {
        let params = (e.params)(ctx);
        if let Some(rows) = out.and_then(|o| stored(o, e, &params)) {
            let d = Done {
                experiment: *e,
                rows,
                wall_secs: 0.0,
                skipped: true,
            };
            on_done(&d);
            all.push(d);
            continue;
        }
        let start = Instant::now();
        let output = (e.run)(ctx);
        let wall_secs = start.elapsed().as_secs_f64();
        if let Some(o) = out {
            write_outputs(o, e, &params, &output, wall_secs)?;
        }
        let d = Done {
            experiment: *e,
            rows: output.rows,
            wall_secs,
            skipped: false,
        };
        on_done(&d);
        all.push(d);
    }
    if let Some(o) = out {
        crate::index::write_index(o)?;
    }
    Ok(all)
}

/// The JSON array of all rows of a run (the `--json` output), one line.
pub fn rows_json(done: &[Done]) -> String {
    let rows: Vec<&Row> = done.iter().flat_map(|d| d.rows.iter()).collect();
    serde_json::to_string(&rows).unwrap_or_else(|_| "[]".into())
}

/// The markdown of one finished experiment, with its wall time.
pub fn done_markdown(d: &Done) -> String {
    let e = &d.experiment;
    let time = if d.skipped {
        "skipped: stored results with the same parameters".to_string()
    } else {
        format!("wall time {:.2} s", d.wall_secs)
    };
    let counts = |v: Verdict| d.rows.iter().filter(|r| r.verdict == v).count();
    format!(
        "## {} / {}: {}\n\n{}\n{} rows: {} exact, {} within, {} differs, {} measured; {}\n",
        e.paper,
        e.table,
        e.about,
        markdown(&d.rows),
        d.rows.len(),
        counts(Verdict::Exact),
        counts(Verdict::Within),
        counts(Verdict::Differs),
        counts(Verdict::Measured),
        time
    )
}
