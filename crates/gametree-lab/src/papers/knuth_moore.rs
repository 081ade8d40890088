//! Knuth & Moore (1975) as the Wikipedia article "Alpha-beta pruning" states it
//! (docs/references.md): the best case `b^ceil(d/2) + b^floor(d/2) - 1` leaves on trees ordered
//! best-first (exact, b = 2..10, d = 1..10), and the growth of alpha-beta's leaf count under
//! random order, with bi-valued and continuous leaves (measured per depth; the article gives
//! only asymptotic orders, so these rows are ours alone, with Baudet's exact expectation in
//! the note as a cross-check).

use gametree::search::alphabeta::alphabeta;
use gametree::search::Config;
use gametree::Game;
use gametree_games::random_tree::{LeafModel, RandomTree, RandomTreeEval, UNIFORM_RANGE};

use crate::baudet_math::{bivalued_leaves, continuous_leaves, xi};
use crate::experiment::{Cost, Ctx, Experiment, Output, Plot, Work};
use crate::papers::baudet::{bivalued_for, two_player};
use crate::plot::Series;
use crate::report::{Row, Source};
use gametree_run::runner::run_trials;
use gametree_run::stats::summarize;

const PAPER: &str = "knuth-moore";

/// The experiments of this paper.
pub fn experiments() -> Vec<Experiment> {
    vec![
        Experiment {
            paper: PAPER,
            table: "best-case",
            about: "alpha-beta on best-first trees: b^ceil(d/2) + b^floor(d/2) - 1 leaves, b = 2..10, d = 1..10",
            params: |_| "b=2..10 d=1..10 seed=1".into(),
            run: best_case,
            work: Work::Whole(Cost {
                quick: 1.0,
                full: 10.0,
            }),
        },
        Experiment {
            paper: PAPER,
            table: "random-order",
            about: "alpha-beta's leaves per depth and growth factor under random order, bi-valued and continuous leaves",
            params: |c| format!("quick={} trials={}", c.quick, if c.quick { 300 } else { 1_000 }),
            run: random_order,
            work: Work::Whole(Cost {
                quick: 3.5,
                full: 30.0,
            }),
        },
    ]
}

/// Leaves of alpha-beta on the best-first tree of degree `b`, depth `d` (seed `seed`).
pub fn best_first_leaves(b: u32, d: u32, seed: u64) -> u64 {
    let t = RandomTree::new(two_player(b, d, LeafModel::BestFirst, seed));
    alphabeta(&t, &RandomTreeEval, &t.initial(), &Config::unlimited())
        .map(|r| r.stats.leaves)
        .unwrap_or(0)
}

/// `b^ceil(d/2) + b^floor(d/2) - 1`.
pub fn best_case_formula(b: u32, d: u32) -> u64 {
    (b as u64).pow(d.div_ceil(2)) + (b as u64).pow(d / 2) - 1
}

fn best_case(_: &Ctx) -> Output {
    let mut out = Output::default();
    let mut curves = Vec::new();
    for b in 2..=10u32 {
        let mut pts = Vec::new();
        for d in 1..=10u32 {
            let ours = best_first_leaves(b, d, 1);
            pts.push((d as f64, ours as f64));
            out.rows.push(
                Row::exact(
                    PAPER,
                    "best-case",
                    format!("b={b} d={d}"),
                    "leaves",
                    Source::Formula,
                    best_case_formula(b, d),
                    ours,
                    0.0,
                )
                .with_note(format!("of {} leaves", (b as u64).pow(d))),
            );
        }
        if b % 2 == 0 {
            let paper = pts
                .iter()
                .map(|&(x, _)| (x, best_case_formula(b, x as u32) as f64))
                .collect();
            curves.push(Series::new(format!("b={b}"), pts).with_paper(paper));
        }
    }
    out.plots.push(Plot {
        file: "best-case.svg".into(),
        title: "Alpha-beta on best-first trees: leaves (= b^ceil(d/2) + b^floor(d/2) - 1)".into(),
        x_label: "depth d".into(),
        y_label: "leaves".into(),
        series: curves,
        log_y: true,
    });
    out
}

/// The random-order lines: leaf model, its name, Baudet's expectation.
struct Model {
    name: String,
    leaf: fn(u32, u32) -> LeafModel,
    expect: fn(u32, u32) -> f64,
}

fn random_order(ctx: &Ctx) -> Output {
    let mut out = Output::default();
    let models = [
        Model {
            name: "continuous (uniform)".into(),
            leaf: |_, _| LeafModel::Uniform {
                range: UNIFORM_RANGE,
            },
            expect: continuous_leaves,
        },
        Model {
            name: "bi-valued p=1/2".into(),
            leaf: |_, d| bivalued_for(0.5, d),
            expect: |b, d| bivalued_leaves(b, d, 0.5),
        },
        Model {
            name: "bi-valued p=xi_b".into(),
            leaf: |b, d| bivalued_for((xi(b) * 1e9).round() / 1e9, d),
            expect: |b, d| bivalued_leaves(b, d, (xi(b) * 1e9).round() / 1e9),
        },
    ];
    let bs: &[u32] = if ctx.quick {
        &[2, 4, 8]
    } else {
        &[2, 3, 4, 6, 8, 10]
    };
    let trials = if ctx.quick { 300 } else { 1_000 };
    let leaf_budget = if ctx.quick { 2e4 } else { 5e4 };
    for model in &models {
        let mut curves = Vec::new();
        for &b in bs {
            // Depths while the expected leaves stay within the budget.
            let mut prev: Option<Vec<f64>> = None;
            let (mut pts, mut ivs) = (Vec::new(), Vec::new());
            for d in 1..=20u32 {
                let expect = (model.expect)(b, d);
                if expect > leaf_budget {
                    break;
                }
                let leaf = (model.leaf)(b, d);
                let xs = run_trials(
                    &format!("{} b={b} d={d}", model.name),
                    trials,
                    0x4B4D + 1000 * b as u64 + d as u64,
                    ctx.progress,
                    |_, s| {
                        let t = RandomTree::new(two_player(b, d, leaf, s));
                        alphabeta(&t, &RandomTreeEval, &t.initial(), &Config::unlimited())
                            .map(|r| r.stats.leaves as f64)
                            .unwrap_or(0.0)
                    },
                );
                let s = summarize(&xs);
                out.rows.push(
                    Row::builder(PAPER, "random-order", format!("{} b={b} d={d}", model.name), "leaves")
                        .ours(s.mean)
                        .sample(s.ci95, s.n as u64)
                        .note(format!(
                            "{trials} trees; Baudet's exact expectation {expect:.2}; best case {}, full tree {}",
                            best_case_formula(b, d),
                            (b as u64).pow(d)
                        ))
                        .build(),
                );
                if let Some(p) = &prev {
                    // Growth L(d) / L(d-1): independent samples, delta-method interval.
                    let (a, c) = (summarize(p), s);
                    let r = c.mean / a.mean;
                    let se = r * ((c.se / c.mean).powi(2) + (a.se / a.mean).powi(2)).sqrt();
                    pts.push((d as f64, r));
                    ivs.push((d as f64, r - 1.96 * se, r + 1.96 * se));
                    out.rows.push(Row::builder(PAPER, "random-order", format!("{} b={b} d={d}", model.name), "growth L(d)/L(d-1)")
                        .ours(r)
                        .sample([r - 1.96 * se, r + 1.96 * se], c.n.min(a.n) as u64)
                        .note(format!(
                            "ratio of mean leaves at successive depths; Baudet: {:.3}; best-case {:.3}, sqrt(b) = {:.3}",
                            expect / (model.expect)(b, d - 1),
                            best_case_formula(b, d) as f64 / best_case_formula(b, d - 1) as f64,
                            (b as f64).sqrt()
                        ))
                        .build());
                }
                prev = Some(xs);
            }
            curves.push(Series::new(format!("b={b}"), pts).with_intervals(ivs));
        }
        out.plots.push(Plot {
            file: format!(
                "random-order-{}.svg",
                model
                    .name
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join("-")
            ),
            title: format!(
                "Alpha-beta under random order, {} leaves: growth factor",
                model.name
            ),
            x_label: "depth d".into(),
            y_label: "L(d) / L(d-1)".into(),
            series: curves,
            log_y: false,
        });
    }
    out
}
