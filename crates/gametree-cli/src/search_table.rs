//! `gametree search`'s tables for people, rendered from the search job's
//! [`SearchReport`] (the `--json` object is the report itself): the result table, the
//! prunes of `--trace`, the MCTS part, and the line of each completed iteration of
//! `--iterative`.

use gametree_run::report::{Iteration, MctsPart, MoveName, SearchReport, TraceReport};

/// `(1, -1, 0)`: a value vector as the tables print it.
fn vector(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The moves of a line joined by spaces, or `-` for none.
fn line(moves: &[MoveName]) -> String {
    if moves.is_empty() {
        "-".to_string()
    } else {
        let names: Vec<String> = moves.iter().map(MoveName::to_string).collect();
        names.join(" ")
    }
}

/// The whole table of `gametree search` without `--json`: the result, then the prunes
/// (with `--trace`) or the MCTS part (for `mcts`).
pub fn search_text(r: &SearchReport) -> String {
    let mut text = result_table(r);
    if let Some(trace) = &r.trace {
        text.push('\n');
        text.push_str(&trace_text(trace));
    }
    if let Some(mcts) = &r.mcts {
        text.push('\n');
        text.push_str(&mcts_text(mcts));
        text.truncate(text.trim_end().len());
    }
    text
}

/// The result table: algorithm, score, value, best move, PV and the counters.
fn result_table(r: &SearchReport) -> String {
    let s = &r.stats;
    let c = &s.cutoffs;
    let mut cut = Vec::new();
    for (name, n) in [
        ("immediate", c.immediate),
        ("shallow", c.shallow),
        ("branch-and-bound", c.branch_and_bound),
        ("last-branch", c.last_branch),
        ("speculative", c.speculative),
        ("alpha", c.alpha),
        ("beta", c.beta),
    ] {
        if n > 0 {
            cut.push(format!("{name} {n}"));
        }
    }
    let mut out = String::new();
    let mut row = |k: &str, v: String| out.push_str(&format!("{k:<12}{v}\n"));
    row("algorithm", r.algorithm.clone());
    row("score", r.score.to_string());
    row("value", vector(&r.value));
    row(
        "best move",
        r.best_move
            .as_ref()
            .map_or_else(|| "-".into(), MoveName::to_string),
    );
    row("pv", line(&r.pv));
    if let Some(players) = &r.pv_players {
        // Best-reply search: who makes each move of the line (it skips opponents).
        let by: Vec<String> = players.iter().map(|p| format!("P{p}")).collect();
        row("pv players", by.join(" "));
    }
    row("nodes", s.nodes.to_string());
    row("leaves", s.leaves.to_string());
    row("expansions", s.expansions.to_string());
    row(
        "cutoffs",
        if cut.is_empty() {
            "none".into()
        } else {
            cut.join(", ")
        },
    );
    row("re-searches", s.re_searches.to_string());
    row("table hits", s.table_hits.to_string());
    row(
        "depth",
        format!(
            "{} ({} iteration{})",
            s.depth,
            s.iterations,
            if s.iterations == 1 { "" } else { "s" }
        ),
    );
    row("elapsed", format!("{:.3} ms", s.elapsed_ms));
    if s.elapsed_ms > 0.0 {
        row(
            "speed",
            format!("{:.0} nodes/s", s.nodes as f64 / (s.elapsed_ms / 1000.0)),
        );
    }
    out.pop();
    out
}

/// One line per completed iteration of `--iterative` (on standard error):
/// `depth 3  nodes 1234  value (1, -1)  pv 4 4 3  12.345 ms`, with the nodes and time summed
/// over the iterations so far, as the final table counts them.
pub fn iteration_line(it: &Iteration) -> String {
    format!(
        "depth {}  nodes {}  value {}  pv {}  {:.3} ms",
        it.depth,
        it.nodes,
        vector(&it.value),
        line(&it.pv),
        it.elapsed_ms
    )
}

/// The trace for people: a heading line, then one line per recorded prune (where, kind,
/// bounds, threshold, children pruned), then how many prunes were not recorded, if any.
fn trace_text(t: &TraceReport) -> String {
    let total = t.trace.len() as u64 + t.trace_dropped;
    let mut out = format!(
        "{:<12}{total} prune{}{}",
        "trace",
        if total == 1 { "" } else { "s" },
        if t.trace_dropped > 0 {
            format!(", the first {} recorded", t.trace.len())
        } else {
            String::new()
        }
    );
    for e in &t.trace {
        let at = if e.path.is_empty() {
            "root".to_string()
        } else {
            line(&e.path)
        };
        let kind = serde_json::to_value(e.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let bounds: Vec<String> = e.bounds.iter().map(i64::to_string).collect();
        out.push_str(&format!(
            "\n  at {at}: {kind}, bounds [{}], threshold {}, {} child{} pruned",
            bounds.join(", "),
            e.threshold,
            e.pruned_children,
            if e.pruned_children == 1 { "" } else { "ren" },
        ));
    }
    if t.trace_dropped > 0 {
        out.push_str(&format!(
            "\n  ... and {} more prunes, not recorded (--trace-limit)",
            t.trace_dropped
        ));
    }
    out
}

/// The MCTS part under the result table: the settings, iterations, playout plies, the
/// proved value, then one line per root move (visits, mean reward, proved value).
fn mcts_text(m: &MctsPart) -> String {
    let c = &m.config;
    let proved = |p: &Option<Vec<i64>>| p.as_deref().map_or_else(|| "-".to_string(), vector);
    let mut out = String::new();
    let mut row = |k: &str, v: String| out.push_str(&format!("{k:<12}{v}\n"));
    row(
        "mcts",
        format!(
            "seed {}, exploration {}, backup {}, playout {}{}{}{}{}",
            c.seed,
            c.exploration,
            c.backup,
            c.playout,
            c.cutoff
                .map(|c| format!(", cutoff {c}"))
                .unwrap_or_default(),
            if c.reward == gametree::search::mcts::Reward::Scaled.name() {
                String::new()
            } else {
                format!(", reward {}", c.reward)
            },
            c.progressive_history
                .map(|w| format!(", progressive history {w}"))
                .unwrap_or_default(),
            match &c.solver_rule {
                Some(rule) if c.solver => format!(", solver {rule}"),
                _ => String::new(),
            }
        ),
    );
    row("iterations", m.iterations.to_string());
    row("playouts", format!("{} plies", m.playout_plies));
    row("proved", proved(&m.proved));
    out.push_str(&format!(
        "{:<12}{:>10} {:>8}  proved\n",
        "root move", "visits", "mean"
    ));
    for r in &m.root {
        let name = r.mv.as_ref().map(MoveName::to_string).unwrap_or_default();
        out.push_str(&format!(
            "  {name:<10}{:>10} {:>8.4}  {}\n",
            r.visits,
            r.mean,
            proved(&r.proved)
        ));
    }
    out
}
