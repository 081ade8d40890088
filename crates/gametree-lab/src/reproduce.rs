//! The runner behind `gametree reproduce`: selects experiments by `PAPER[/TABLE]`, runs them
//! (or reuses stored results), and writes tables and plots.
//!
//! With an output directory, experiment `paper/table` writes `DIR/paper/table.md`,
//! `table.csv`, every plot as `table-NAME.svg`, and last `table.json`:
//! `{"paper", "table", "params", "rows": [...]}`. Every file is written atomically, and the
//! JSON file comes last, so an interrupted run leaves whole files only and an experiment
//! counts as done only when its JSON is there. A re-run skips an experiment whose JSON holds
//! the same `params` ([`Experiment::params`] of the mode) and reuses its rows. Wall times go
//! to the markdown file and the caller, never into the JSON: the JSON is byte-identical
//! across runs and thread counts.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use crate::experiment::{Ctx, Experiment, Output};
use crate::io::write_atomic;
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

/// The rows stored for `e` under `out` if they were made with `params`.
pub fn stored(out: &Path, e: &Experiment, params: &str) -> Option<Vec<Row>> {
    let text = std::fs::read_to_string(with_ext(&base(out, e), ".json")).ok()?;
    let doc: Value = serde_json::from_str(&text).ok()?;
    if doc.get("params")?.as_str()? != params {
        return None;
    }
    doc.get("rows")?
        .as_array()?
        .iter()
        .map(row_from_json)
        .collect()
}

/// Writes an experiment's files (markdown, CSV, plots, then JSON), each atomically.
pub fn write_outputs(
    out: &Path,
    e: &Experiment,
    params: &str,
    output: &Output,
    wall_secs: f64,
) -> Result<(), String> {
    let b = base(out, e);
    let err = |p: &Path, x: std::io::Error| format!("{}: {x}", p.display());
    let md = format!(
        "# {} / {}\n\n{}\n\nparameters: `{}`\n\nwall time: {:.2} s\n\n{}",
        e.paper,
        e.table,
        e.about,
        params,
        wall_secs,
        markdown(&output.rows)
    );
    let p = with_ext(&b, ".md");
    write_atomic(&p, md.as_bytes()).map_err(|x| err(&p, x))?;
    let p = with_ext(&b, ".csv");
    write_atomic(&p, csv(&output.rows).as_bytes()).map_err(|x| err(&p, x))?;
    for plot in &output.plots {
        let svg = line_plot_svg(
            &plot.title,
            &plot.x_label,
            &plot.y_label,
            &plot.series,
            plot.log_y,
        )?;
        let p = with_ext(&b, &format!("-{}", plot.file));
        write_atomic(&p, svg.as_bytes()).map_err(|x| err(&p, x))?;
    }
    let p = with_ext(&b, ".json");
    write_atomic(&p, json_document(e, params, &output.rows).as_bytes()).map_err(|x| err(&p, x))
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
