//! `gametree bench`: nodes (and time) to reach depths 10, 12 and 14 on connect four from
//! the empty board, for each engine enhancement added in turn (the table of docs/ENGINE.md).
//!
//! Rows: plain fail-soft alpha-beta at the fixed depth; then iterative deepening with a
//! 16 MiB transposition table, adding in turn the table move, killer moves, the history
//! heuristic and aspiration windows; PVS on top of all that; MTD(f) (table and ordering,
//! no PVS); and lazy SMP with 2 threads (PVS, aspiration). Every row's value is checked
//! against plain alpha-beta's. Node counts are deterministic except for the parallel row,
//! which `--check` leaves out.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use gametree::search::engine::{self, GameHash, Options, Root};
use gametree::search::ordering::Ordering;
use gametree::search::parallel::search_parallel;
use gametree::search::Config;
use gametree::Game;
use gametree_games::connect_four::{CellWeights, ConnectFour};
use serde_json::{json, Value};

/// The expected single-thread node counts, committed beside the sources.
const EXPECTED: &str = include_str!("../bench-expected.json");

/// The most bytes of an `--expected` file (the committed one has about 700).
const MAX_EXPECTED_BYTES: u64 = 1 << 20;

/// Expected node counts: row name, then depth, then nodes (`{"+ PVS": {"10": 35540}}`).
type Expected = BTreeMap<String, BTreeMap<String, u64>>;

/// Reads and checks the expected counts of `--check`: `file`, or the committed ones. The
/// error is one line naming the file and what is wrong (missing, not a regular file, not
/// JSON, or not an object of rows of depths and node counts).
fn read_expected(file: Option<&Path>) -> Result<Expected> {
    let (text, name) = match file {
        None => (
            EXPECTED.to_string(),
            "the committed bench-expected.json".to_string(),
        ),
        Some(p) => (
            crate::target::read_text("--expected", p, MAX_EXPECTED_BYTES)?,
            format!("--expected {}", p.display()),
        ),
    };
    let expected: Expected = serde_json::from_str(&text).map_err(|e| {
        anyhow!(
            "{name}: not the expected counts ({{\"ROW\": {{\"DEPTH\": NODES, ...}}, ...}}): {e}"
        )
    })?;
    for (row, cells) in &expected {
        if let Some(d) = cells.keys().find(|d| d.parse::<u32>().is_err()) {
            bail!("{name}: row `{row}`: `{d}` is not a depth (a whole number)");
        }
    }
    Ok(expected)
}

/// Arguments of `gametree bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The depths, comma-separated.
    #[arg(long, value_name = "D,D,...", value_delimiter = ',', default_values_t = [10u32, 12, 14])]
    depths: Vec<u32>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Compare the deterministic node counts with the expected file (exit 1 on mismatch;
    /// the file is read and checked before the first search).
    #[arg(long)]
    check: bool,
    /// The expected counts for --check (default: the file committed with the sources).
    #[arg(long, value_name = "FILE", requires = "check")]
    expected: Option<PathBuf>,
    /// Run every cell this many times and report the median time (and the fastest and
    /// slowest), rows interleaved per repetition.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=101))]
    repeat: u32,
    /// Leave out the rows whose name does not contain this text.
    #[arg(long, value_name = "TEXT")]
    only: Option<String>,
}

/// One row of the table: a name and how to search.
struct Row {
    name: &'static str,
    fixed: bool,
    options: Options,
    deterministic: bool,
}

fn rows() -> Vec<Row> {
    let tt = Options {
        table_mib: 16,
        ..Options::PLAIN
    };
    let order = |table_move, killers, history| Options {
        ordering: Ordering {
            table_move,
            killers,
            history,
        },
        ..tt
    };
    let asp = Options {
        root: Root::Aspiration { delta: 10 },
        ..order(true, true, true)
    };
    let pvs = Options { pvs: true, ..asp };
    let row = |name, fixed, options| Row {
        name,
        fixed,
        options,
        deterministic: true,
    };
    vec![
        row("alpha-beta", true, Options::PLAIN),
        row("+ table (iterative)", false, tt),
        row("+ table move", false, order(true, false, false)),
        row("+ killers", false, order(true, true, false)),
        row("+ history", false, order(true, true, true)),
        row("+ aspiration", false, asp),
        row("+ PVS", false, pvs),
        row(
            "MTD(f)",
            false,
            Options {
                root: Root::Mtdf,
                ..order(true, true, true)
            },
        ),
        Row {
            name: "PVS, 2 threads",
            fixed: false,
            options: Options { threads: 2, ..pvs },
            deterministic: false,
        },
    ]
}

/// Runs `gametree bench`.
pub fn run(args: BenchArgs) -> Result<()> {
    if args.depths.is_empty() || args.depths.iter().any(|&d| d == 0 || d > 42) {
        bail!("--depths must be between 1 and 42");
    }
    // The expected counts are read before the benchmark, not after minutes of it.
    let expected = if args.check {
        Some(read_expected(args.expected.as_deref())?)
    } else {
        None
    };
    let plies = args.depths.iter().copied().max().map_or(0, u64::from);
    gametree_run::stack::on_search_thread(plies, || measure(&args, expected.as_ref()))?
}

/// Measures the rows at the depths of `args` (on the search thread), and compares them with
/// `expected` when `--check` asked for it.
fn measure(args: &BenchArgs, expected: Option<&Expected>) -> Result<()> {
    let state = ConnectFour.initial();
    let rows: Vec<Row> = rows()
        .into_iter()
        .filter(|r| {
            args.only
                .as_ref()
                .is_none_or(|o| r.name.contains(o.as_str()))
        })
        .collect();
    let mut reference = std::collections::HashMap::new();
    // times[row][depth] and nodes[row][depth], repetitions interleaved.
    let mut times = vec![vec![Vec::new(); args.depths.len()]; rows.len()];
    let mut nodes = vec![vec![0u64; args.depths.len()]; rows.len()];
    errln!("{}", announcement(args, rows.len()));
    for rep in 0..args.repeat {
        for (ri, row) in rows.iter().enumerate() {
            let mut line = format!("bench: {}", row.name);
            if args.repeat > 1 {
                line.push_str(&format!(" (run {} of {})", rep + 1, args.repeat));
            }
            for (di, &d) in args.depths.iter().enumerate() {
                let config = Config::depth(d);
                let t = Instant::now();
                let r = if row.fixed {
                    engine::search_fixed(
                        &ConnectFour,
                        &CellWeights,
                        &GameHash,
                        &state,
                        &config,
                        &row.options,
                        None,
                    )?
                } else if row.options.threads > 1 {
                    search_parallel(
                        &ConnectFour,
                        &CellWeights,
                        &GameHash,
                        &state,
                        &config,
                        &row.options,
                    )?
                    .result
                } else {
                    engine::search(
                        &ConnectFour,
                        &CellWeights,
                        &GameHash,
                        &state,
                        &config,
                        &row.options,
                    )?
                    .result
                };
                times[ri][di].push(t.elapsed().as_secs_f64() * 1000.0);
                nodes[ri][di] = r.stats.nodes;
                line.push_str(&format!(
                    "{} d{d} {} nodes {:.0} ms",
                    if di == 0 { ":" } else { "," },
                    r.stats.nodes,
                    t.elapsed().as_secs_f64() * 1000.0
                ));
                let v = r.value[0];
                match reference.get(&d) {
                    None => {
                        reference.insert(d, v);
                    }
                    Some(&want) if want != v => bail!(
                        "{} at depth {d} gives {v}, plain alpha-beta {want}: a bug",
                        row.name
                    ),
                    Some(_) => {}
                }
            }
            errln!("{line}");
        }
    }
    let mut measured = Vec::new();
    for (ri, row) in rows.iter().enumerate() {
        let cells: Vec<Value> = args
            .depths
            .iter()
            .enumerate()
            .map(|(di, &d)| {
                let mut t = times[ri][di].clone();
                t.sort_by(f64::total_cmp);
                json!({
                    "depth": d,
                    "nodes": nodes[ri][di],
                    "ms": t[t.len() / 2],
                    "ms_min": t[0],
                    "ms_max": t[t.len() - 1],
                    "value": reference.get(&d),
                })
            })
            .collect();
        measured
            .push(json!({ "name": row.name, "deterministic": row.deterministic, "cells": cells }));
    }
    if args.json {
        outln!(
            "{}",
            json!({ "game": "connect-four", "position": "", "rows": measured })
        );
    } else {
        outln!("{}\n", title(args));
        out!("{}", table(&args.depths, &measured));
    }
    if let Some(expected) = expected {
        let problems = check(expected, &measured);
        if problems.is_empty() {
            errln!("bench --check: every deterministic node count matches");
        } else {
            for p in &problems {
                errln!("bench --check: {p}");
            }
            errln!("bench --check: {} mismatch(es)", problems.len());
            std::process::exit(1);
        }
    }
    Ok(())
}

/// What the run measures, for stderr before the first search (the table comes at the end).
fn announcement(args: &BenchArgs, rows: usize) -> String {
    format!(
        "bench: {rows} engine configuration{} x depth{} {}{}, connect four from the empty board; \
         a line per configuration as it finishes, the table at the end",
        if rows == 1 { "" } else { "s" },
        if args.depths.len() == 1 { "" } else { "s" },
        depth_list(&args.depths),
        if args.repeat > 1 {
            format!(", {} runs each", args.repeat)
        } else {
            String::new()
        }
    )
}

/// `10, 12, 14`.
fn depth_list(depths: &[u32]) -> String {
    depths
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The table's title: what its numbers are.
fn title(args: &BenchArgs) -> String {
    format!(
        "Connect four from the empty board: nodes searched and milliseconds to depth {} for \
         each engine enhancement in turn ({}; every row's value checked against plain \
         alpha-beta's)",
        depth_list(&args.depths),
        if args.repeat > 1 {
            format!(
                "median of {} runs, fastest-slowest in brackets",
                args.repeat
            )
        } else {
            "one run".to_string()
        }
    )
}

fn table(depths: &[u32], rows: &[Value]) -> String {
    let mut out = String::from("| enhancement |");
    for d in depths {
        out.push_str(&format!(" nodes d{d} | ms d{d} |"));
    }
    out.push_str("\n|---|");
    for _ in depths {
        out.push_str("---:|---:|");
    }
    out.push('\n');
    for r in rows {
        out.push_str(&format!("| {} |", r["name"].as_str().unwrap_or("?")));
        for c in r["cells"].as_array().into_iter().flatten() {
            let ms = |k: &str| c[k].as_f64().unwrap_or(0.0);
            if ms("ms_max") > ms("ms_min") {
                out.push_str(&format!(
                    " {} | {:.0} ({:.0}-{:.0}) |",
                    c["nodes"],
                    ms("ms"),
                    ms("ms_min"),
                    ms("ms_max")
                ));
            } else {
                out.push_str(&format!(" {} | {:.0} |", c["nodes"], ms("ms")));
            }
        }
        out.push('\n');
    }
    out
}

/// The mismatches between the expected counts (`{"name": {"10": nodes, ...}}`) and the
/// measured deterministic rows, one message each.
fn check(expected: &Expected, measured: &[Value]) -> Vec<String> {
    let mut problems = Vec::new();
    for r in measured {
        if r["deterministic"] != json!(true) {
            continue;
        }
        let name = r["name"].as_str().unwrap_or("?");
        for c in r["cells"].as_array().into_iter().flatten() {
            let d = c["depth"].to_string();
            let got = c["nodes"].as_u64().unwrap_or(0);
            match expected.get(name).and_then(|e| e.get(&d)).copied() {
                Some(want) if want == got => {}
                Some(want) => {
                    problems.push(format!("{name}, depth {d}: {got} nodes, expected {want}"))
                }
                None => problems.push(format!("{name}, depth {d}: no expected count")),
            }
        }
    }
    problems
}
