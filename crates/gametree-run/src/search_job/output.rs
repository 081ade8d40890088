//! Search results as tables for people (the JSON object is [`super::report`]'s).

use gametree::search::mcts::{MctsConfig, MctsReport, Reward, Solver};
use gametree::search::SearchResult;
use gametree::Game;

use super::report::{backup_name, move_names, playout_name};
use super::MoveStyle;

/// The moves of `line` played from `state` as text, in the same notation as
/// [`move_names`] (for people: tables, iteration lines, traces).
fn move_texts<G: Game>(
    game: &G,
    state: &G::State,
    line: &[G::Move],
    style: MoveStyle,
) -> Vec<String> {
    move_names(game, state, line, style)
        .into_iter()
        .map(|m| m.to_string())
        .collect()
}

/// A table for people.
pub fn result_table<G: Game>(
    algorithm: &str,
    game: &G,
    state: &G::State,
    r: &SearchResult<G::Move>,
    style: MoveStyle,
) -> String {
    let pv = move_texts(game, state, &r.pv, style);
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
    row("algorithm", algorithm.to_string());
    row("score", r.score.to_string());
    row("value", r.value.to_string());
    row(
        "best move",
        pv.first().cloned().unwrap_or_else(|| "-".into()),
    );
    row(
        "pv",
        if pv.is_empty() {
            "-".into()
        } else {
            pv.join(" ")
        },
    );
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

/// One line per completed iteration of `--iterative` (text mode, on standard error):
/// `depth 3  nodes 1234  value (1, -1)  pv 4 4 3  12.345 ms`, with the nodes and time summed
/// over the iterations so far, as the final table counts them.
pub fn iteration_line<G: Game>(
    game: &G,
    state: &G::State,
    r: &SearchResult<G::Move>,
    style: MoveStyle,
) -> String {
    let pv = move_texts(game, state, &r.pv, style);
    format!(
        "depth {}  nodes {}  value {}  pv {}  {:.3} ms",
        r.stats.depth,
        r.stats.nodes,
        r.value,
        if pv.is_empty() {
            "-".to_string()
        } else {
            pv.join(" ")
        },
        r.stats.elapsed_ms
    )
}

/// The trace for people: a heading line, then one line per recorded prune (where, kind,
/// bounds, threshold, children pruned), then how many prunes were not recorded, if any.
pub fn trace_text<G: Game>(
    game: &G,
    state: &G::State,
    r: &SearchResult<G::Move>,
    style: MoveStyle,
) -> String {
    let total = r.trace.len() as u64 + r.trace_dropped;
    let mut out = format!(
        "{:<12}{total} prune{}{}",
        "trace",
        if total == 1 { "" } else { "s" },
        if r.trace_dropped > 0 {
            format!(", the first {} recorded", r.trace.len())
        } else {
            String::new()
        }
    );
    for e in &r.trace {
        let path = move_texts(game, state, &e.path, style);
        let at = if path.is_empty() {
            "root".to_string()
        } else {
            path.join(" ")
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
    if r.trace_dropped > 0 {
        out.push_str(&format!(
            "\n  ... and {} more prunes, not recorded (--trace-limit)",
            r.trace_dropped
        ));
    }
    out
}

/// The MCTS report under the result table: iterations, playout plies, the proved value,
/// then one line per root move (visits, mean reward, proved value).
pub fn mcts_text<G: Game>(
    game: &G,
    state: &G::State,
    config: &MctsConfig,
    r: &MctsReport<G::Move>,
    style: MoveStyle,
) -> String {
    let mut out = String::new();
    let mut row = |k: &str, v: String| out.push_str(&format!("{k:<12}{v}\n"));
    row(
        "mcts",
        format!(
            "seed {}, exploration {}, backup {}, playout {}{}{}{}{}",
            config.seed,
            config.exploration_for(game),
            backup_name(config.backup),
            playout_name(config.playout),
            config
                .cutoff
                .map(|c| format!(", cutoff {c}"))
                .unwrap_or_default(),
            if config.reward == Reward::Scaled {
                String::new()
            } else {
                format!(", reward {}", config.reward)
            },
            config
                .progressive_history
                .map(|w| format!(", progressive history {w}"))
                .unwrap_or_default(),
            if config.solver == Solver::On {
                format!(", solver {}", config.solver_rule)
            } else {
                String::new()
            }
        ),
    );
    row("iterations", r.iterations.to_string());
    row("playouts", format!("{} plies", r.playout_plies));
    row(
        "proved",
        r.proved.map_or_else(|| "-".to_string(), |p| p.to_string()),
    );
    out.push_str(&format!(
        "{:<12}{:>10} {:>8}  proved\n",
        "root move", "visits", "mean"
    ));
    for m in &r.root {
        let name = move_texts(game, state, &[m.mv], style)
            .pop()
            .unwrap_or_default();
        out.push_str(&format!(
            "  {name:<10}{:>10} {:>8.4}  {}\n",
            m.visits,
            m.mean,
            m.proved.map_or_else(|| "-".to_string(), |p| p.to_string())
        ));
    }
    out
}
