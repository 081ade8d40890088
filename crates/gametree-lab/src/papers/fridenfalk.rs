//! Fridenfalk 2014, "N-person minimax and alpha-beta pruning": Table I (hypermax's node
//! counts: best case exact, average case measured, u1 and u2) and Table II (how often
//! hypermax returns N-max's answer).
//!
//! Conventions (docs/reproduce.md): A_0 is the full tree, root included; A_best is hypermax's node
//! count on a uniform tree whose leaves are all equal (then `sum(alpha) >= 0` holds at every
//! chance); mu = A_ave / A_best on Fridenfalk's incremental model
//! (`random(leaf=incremental)`: the root all zeros, each child adds its own increment per
//! player, uniform on `-2^20..=2^20`), mu_s the same with children sorted by their own
//! projected value (`hypermax_sorted`).

use gametree::search::hypermax::{hypermax, hypermax_sorted};
use gametree::search::nmax::nmax;
use gametree::search::Config;
use gametree::Game;
use gametree_games::random_tree::{LeafModel, RandomTree, RandomTreeEval, RandomTreeSpec};

use crate::experiment::{Cost, Ctx, Experiment, Item, Output, Pieces, Plot, Split, Work};
use crate::plot::Series;
use crate::report::{Check, Row, Source, Verdict};
use gametree_run::runner::{run_trials, trial_seed};
use gametree_run::stats::{linear_fit, summarize, wilson};

const PAPER: &str = "fridenfalk-2014";

/// What a searched `A_best` is checked against: the count over identical subtrees.
pub const MEMOISED: &str = "memoised count";

/// The seed of Table I's random trees.
pub const TABLE_1_SEED: u64 = 2014;
/// The seed of Table II's random trees.
pub(crate) const TABLE_2_SEED: u64 = 0x7AB1E2;
/// Trees per line of Table I (the paper's 8).
pub(crate) const TABLE_1_TREES: usize = 8;
/// Lines of Table I whose A_best is below this are searched in quick mode (the others use
/// the exact memoised count, [`a_best_count`]).
pub const QUICK_LIMIT: u64 = 10_000_000;
/// Lines of Table I whose A_best is below this are measured (mu, mu_s) in quick mode.
pub const QUICK_MU_LIMIT: u64 = 2_000_000;

/// One line of Table I as printed in the paper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Players.
    pub n: usize,
    /// Branching factor.
    pub b: u32,
    /// Depth.
    pub d: u32,
    /// Best-case node count.
    pub a_best: u64,
    /// A_0 / A_best, one decimal.
    pub ratio: f64,
    /// u1 = A_best / b^(d(N-1)/N).
    pub u1: f64,
    /// u2 = (A_0 / A_best) / b^(d/N).
    pub u2: f64,
    /// A_ave / A_best, unsorted.
    pub mu: f64,
    /// A_ave / A_best, sorted.
    pub mu_s: f64,
}

#[expect(
    clippy::too_many_arguments,
    reason = "one argument per column of the paper's Table I, so each line reads as the printed row"
)]
const fn line(
    n: usize,
    b: u32,
    d: u32,
    a_best: u64,
    ratio: f64,
    u1: f64,
    u2: f64,
    mu: f64,
    mu_s: f64,
) -> Line {
    Line {
        n,
        b,
        d,
        a_best,
        ratio,
        u1,
        u2,
        mu,
        mu_s,
    }
}

/// Table I of the paper, all 22 lines.
pub const TABLE_1: [Line; 22] = [
    line(3, 4, 6, 1249, 4.4, 4.88, 0.273, 1.75, 1.23),
    line(3, 4, 9, 21556, 16.2, 5.26, 0.253, 1.75, 1.23),
    line(3, 4, 12, 351607, 63.6, 5.37, 0.249, 1.82, 1.20),
    line(3, 4, 15, 5653114, 253.3, 5.39, 0.247, 1.56, 1.12),
    line(3, 4, 18, 90560125, 1011.8, 5.40, 0.247, 1.30, 1.05),
    line(3, 4, 21, 1449404032, 4045.8, 5.40, 0.247, 1.16, 1.02),
    line(3, 8, 6, 18333, 16.3, 4.48, 0.255, 1.77, 1.17),
    line(3, 8, 9, 1198816, 128.0, 4.57, 0.250, 1.48, 1.08),
    line(3, 8, 12, 76932323, 1020.9, 4.59, 0.249, 1.19, 1.04),
    line(3, 16, 6, 278197, 64.3, 4.24, 0.251, 1.78, 1.08),
    line(3, 16, 9, 71621560, 1023.4, 4.27, 0.250, 1.20, 1.02),
    line(3, 32, 6, 4324197, 256.3, 4.12, 0.250, 1.36, 1.07),
    line(4, 4, 8, 24120, 3.6, 5.89, 0.226, 1.49, 1.13),
    line(4, 4, 12, 1697044, 13.2, 6.47, 0.206, 1.40, 1.10),
    line(4, 4, 16, 111227024, 51.5, 6.63, 0.201, 1.21, 1.03),
    line(4, 4, 20, 7161077388, 204.7, 6.67, 0.200, 1.09, 1.01),
    line(4, 8, 8, 1452180, 13.2, 5.54, 0.206, 1.40, 1.08),
    line(4, 8, 12, 764214800, 102.8, 5.69, 0.201, 1.12, 1.02),
    line(4, 16, 8, 88785324, 51.6, 5.29, 0.202, 1.19, 1.04),
    line(5, 4, 10, 448943, 3.1, 6.85, 0.195, 1.35, 1.09),
    line(5, 4, 15, 129130324, 11.1, 7.70, 0.173, 1.20, 1.04),
    line(5, 8, 10, 110644503, 11.1, 6.59, 0.173, 1.23, 1.07),
];

/// Table II of the paper: depth, agreement with sorting, agreement without (where given).
pub(crate) const TABLE_2: [(u32, f64, Option<f64>); 8] = [
    (3, 1000.0, Some(963.0)),
    (4, 944.0, None),
    (5, 892.0, None),
    (6, 804.0, None),
    (7, 640.0, None),
    (8, 501.0, None),
    (9, 383.0, None),
    (10, 289.0, Some(126.0)),
];

/// The experiments of this paper.
pub fn experiments() -> Vec<Experiment> {
    vec![
        Experiment {
            paper: PAPER,
            table: "table-1",
            about: "hypermax node counts: A_best, A_0/A_best, u1, u2 exact; mu, mu_s measured",
            params: table_1_params,
            run: table_1,
            work: Work::Items(Split::of::<Table1Items>()),
        },
        Experiment {
            paper: PAPER,
            table: "table-2",
            about: "agreement of hypermax with N-max, N=3 b=4 d=3..10, with and without sorting",
            params: table_2_params,
            run: table_2,
            work: Work::Whole(Cost {
                quick: 6.0,
                full: 120.0,
            }),
        },
        super::fridenfalk_chess::experiment(),
    ]
}

/// A_0: the nodes of the full uniform tree, root included.
pub fn a0(b: u32, d: u32) -> u64 {
    (0..=d).map(|k| (b as u64).pow(k)).sum()
}

/// A_best by counting, not searching: on a tree whose leaves are all equal, every projected
/// value is zero and an alpha entry is either minus infinity or zero, so hypermax's visit
/// count below a node depends only on the height and on which players hold a bound. A
/// node of player `p` with bound set `S` visits its first child with `S` and, unless
/// `S + p` is everyone (then it cuts), its other `b - 1` children with `S + p`. Memoised over
/// (height, S): exact, and instant for every line. [`a_best_search`] checks it.
pub fn a_best_count(n: usize, b: u32, d: u32) -> u64 {
    let full = (1usize << n) - 1;
    // count[h][s]: nodes visited below (and at) a node of height h whose player is
    // (d - h) mod n, with bound set s.
    let mut prev = vec![1u64; 1 << n];
    for h in 1..=d as usize {
        let p = (d as usize - h) % n;
        let mut cur = vec![0u64; 1 << n];
        for (s, c) in cur.iter_mut().enumerate() {
            let t = s | (1 << p);
            let rest = if t == full {
                0
            } else {
                (b as u64 - 1) * prev[t]
            };
            *c = 1 + prev[s] + rest;
        }
        prev = cur;
    }
    prev[0]
}

fn constant_tree(n: usize, b: u32, d: u32) -> RandomTree {
    RandomTree::new(RandomTreeSpec {
        players: n,
        b,
        d,
        leaf: LeafModel::Constant,
        seed: 0,
        maxsum: 100 * n as i64,
    })
}

/// Fridenfalk's random tree (`random(players=n,b,d,leaf=incremental,seed)`).
pub(crate) fn incremental_tree(n: usize, b: u32, d: u32, seed: u64) -> RandomTree {
    RandomTree::new(RandomTreeSpec {
        players: n,
        b,
        d,
        leaf: LeafModel::Incremental {
            range: gametree_games::random_tree::MAX_RANGE,
        },
        seed,
        maxsum: 0,
    })
}

/// A_best by searching: hypermax's node count on the all-equal uniform tree.
pub fn a_best_search(n: usize, b: u32, d: u32) -> u64 {
    let g = constant_tree(n, b, d);
    hypermax(&g, &RandomTreeEval, &g.initial(), &Config::unlimited())
        .map(|r| r.stats.nodes)
        .unwrap_or(0)
}

/// mu and mu_s of one line: the per-tree ratios A/A_best (unsorted, sorted) of `trees`
/// trees seeded from `seed`.
pub fn average_case(l: &Line, trees: usize, seed: u64, progress: bool) -> (Vec<f64>, Vec<f64>) {
    let name = format!("N={} b={} d={}", l.n, l.b, l.d);
    let a_best = a_best_count(l.n, l.b, l.d) as f64;
    let r = run_trials(&name, trees, seed, progress, |_, s| {
        // The same searches as `table_1_tree`, from the trial's seed.
        let g = incremental_tree(l.n, l.b, l.d, s);
        let root = g.initial();
        let c = Config::unlimited();
        let plain = hypermax(&g, &RandomTreeEval, &root, &c).map_or(0, |r| r.stats.nodes);
        let sorted = hypermax_sorted(&g, &RandomTreeEval, &root, &c).map_or(0, |r| r.stats.nodes);
        (plain as f64 / a_best, sorted as f64 / a_best)
    });
    r.into_iter().unzip()
}

fn line_name(l: &Line) -> String {
    format!("N={} b={} d={}", l.n, l.b, l.d)
}

fn searched(l: &Line, ctx: &Ctx) -> bool {
    !ctx.quick || l.a_best < QUICK_LIMIT
}

fn measured(l: &Line, ctx: &Ctx) -> bool {
    !ctx.quick || l.a_best < QUICK_MU_LIMIT
}

fn table_1_params(ctx: &Ctx) -> String {
    let names = |f: &dyn Fn(&Line) -> bool| -> String {
        let v: Vec<String> = TABLE_1.iter().filter(|l| f(l)).map(line_name).collect();
        v.join(", ")
    };
    format!(
        "model=incremental(range=2^20) seed={TABLE_1_SEED} trees={TABLE_1_TREES} searched=[{}] measured=[{}]",
        names(&|l| searched(l, ctx)),
        names(&|l| measured(l, ctx))
    )
}

/// What Table I's best case gives for one line: A_best (searched or counted) and the notes
/// of its rows. Computed by [`table_1_best`]; one item of a sharded run.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LineBest {
    /// A_best: hypermax's node count on the all-equal tree, or the memoised count.
    pub a_best: u64,
    /// Whether A_best was searched (else counted).
    pub searched: bool,
    /// The note of the A_best row.
    pub note: String,
    /// The note on A_0 (the N-max check of the full tree where it is small).
    pub a0_note: String,
}

/// The best case of line `i` of Table I in mode `ctx`: A_best (searched, or in quick mode
/// for the large lines counted) and the N-max check of A_0 where the full tree is small.
pub fn table_1_best(ctx: &Ctx, i: usize) -> LineBest {
    let l = &TABLE_1[i];
    let name = line_name(l);
    let (n, b, d) = (l.n, l.b, l.d);
    let counted = a_best_count(n, b, d);
    let search = searched(l, ctx);
    let (a_best, note) = if search {
        let start = std::time::Instant::now();
        let s = a_best_search(n, b, d);
        if ctx.progress {
            crate::io::note(format_args!(
                "fridenfalk table-1 {name}: A_best search {s} nodes in {:.2} s",
                start.elapsed().as_secs_f64()
            ));
        }
        let note = if s == counted {
            "hypermax on the all-equal tree (= the memoised count)".to_string()
        } else {
            format!("search {s} differs from the memoised count {counted}")
        };
        (s, note)
    } else {
        (
            counted,
            "memoised count over identical subtrees (search skipped in --quick)".to_string(),
        )
    };
    let full = a0(b, d);
    let mut a0_note = String::from("sum of b^k, k = 0..d");
    if full < A0_CHECK_LIMIT {
        let g = constant_tree(n, b, d);
        let nodes = nmax(&g, &RandomTreeEval, &g.initial(), &Config::unlimited())
            .map_or(0, |r| r.stats.nodes);
        a0_note = if nodes == full {
            "= N-max's node count".into()
        } else {
            format!("N-max visited {nodes}")
        };
    }
    LineBest {
        a_best,
        searched: search,
        note,
        a0_note,
    }
}

/// Full trees below this many nodes are searched by N-max to check A_0.
const A0_CHECK_LIMIT: u64 = 5_000_000;

/// The seed of tree `k` of line `i` of Table I (the `k`th trial of the line's seed).
pub(crate) fn table_1_tree_seed(i: usize, k: usize) -> u64 {
    trial_seed(trial_seed(TABLE_1_SEED, i as u64), k as u64)
}

/// The order hypermax searches the children in: as generated, or sorted by their own
/// projected value (`hypermax_sorted`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The generated order (mu).
    Unsorted,
    /// Sorted (mu_s).
    Sorted,
}

/// Tree `k` of line `i` of Table I searched in `order`: hypermax's node count over A_best.
/// [`average_case`] gives the same numbers for all trees of a line at once.
pub fn table_1_tree(i: usize, k: usize, order: Order) -> f64 {
    let l = &TABLE_1[i];
    let a_best = a_best_count(l.n, l.b, l.d) as f64;
    let g = incremental_tree(l.n, l.b, l.d, table_1_tree_seed(i, k));
    let root = g.initial();
    let c = Config::unlimited();
    let nodes = match order {
        Order::Unsorted => hypermax(&g, &RandomTreeEval, &root, &c),
        Order::Sorted => hypermax_sorted(&g, &RandomTreeEval, &root, &c),
    }
    .map_or(0, |r| r.stats.nodes);
    nodes as f64 / a_best
}

/// Hypermax's speed on the all-equal trees of the best case, nodes per second on one core
/// of the machine the estimates were measured on (a loaded two-core machine); only the
/// ratios between items matter for the balance.
const BEST_NODES_PER_S: f64 = 30.0e6;

/// Hypermax's speed on Fridenfalk's random trees (each leaf value is hashed from its path),
/// measured as [`BEST_NODES_PER_S`].
const TREE_NODES_PER_S: f64 = 11.0e6;

/// Table I cut into items: the best case of each line ([`table_1_best`]), and each search,
/// unsorted or sorted, of each random tree of each measured line ([`table_1_tree`]).
pub struct Table1Items;

/// One item of Table I.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table1Piece {
    /// The best case of line `i`.
    Best(usize),
    /// Tree `tree` of line `line`, searched in `order`.
    Tree {
        /// The line.
        line: usize,
        /// The tree's number within the line.
        tree: usize,
        /// The order of the search.
        order: Order,
    },
}

/// What one item of Table I computes.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Table1Result {
    /// A line's best case.
    Best(LineBest),
    /// A tree's node count over A_best.
    Tree(f64),
}

impl Pieces for Table1Items {
    type Piece = Table1Piece;
    type Result = Table1Result;

    fn pieces(ctx: &Ctx) -> Vec<(Table1Piece, Item)> {
        let mut v = Vec::new();
        for (i, l) in TABLE_1.iter().enumerate() {
            let name = line_name(l);
            let mut nodes = 1000.0;
            if searched(l, ctx) {
                nodes += l.a_best as f64;
            }
            let full = a0(l.b, l.d);
            if full < A0_CHECK_LIMIT {
                nodes += full as f64;
            }
            let key = format!("{name} best");
            let cost = nodes / BEST_NODES_PER_S;
            v.push((Table1Piece::Best(i), Item { key, cost }));
            if measured(l, ctx) {
                // Sorting values every child of a node before searching it: per node about
                // b/2 + 1 times the unsorted work (measured at b = 4 and 16).
                let sort = 0.5 * f64::from(l.b) + 1.0;
                for tree in 0..TABLE_1_TREES {
                    for (order, work) in [(Order::Unsorted, l.mu), (Order::Sorted, l.mu_s * sort)] {
                        let word = match order {
                            Order::Unsorted => "unsorted",
                            Order::Sorted => "sorted",
                        };
                        let key = format!("{name} tree {tree} {word}");
                        let cost = l.a_best as f64 * work / TREE_NODES_PER_S;
                        let piece = Table1Piece::Tree {
                            line: i,
                            tree,
                            order,
                        };
                        v.push((piece, Item { key, cost }));
                    }
                }
            }
        }
        v
    }

    fn run(ctx: &Ctx, piece: &Table1Piece) -> Table1Result {
        match *piece {
            Table1Piece::Best(i) => Table1Result::Best(table_1_best(ctx, i)),
            Table1Piece::Tree { line, tree, order } => {
                Table1Result::Tree(table_1_tree(line, tree, order))
            }
        }
    }

    fn assemble(ctx: &Ctx, results: Vec<Table1Result>) -> Option<Output> {
        let mut it = results.into_iter();
        let mut bests = Vec::new();
        let mut trees = Vec::new();
        for l in &TABLE_1 {
            let Table1Result::Best(best) = it.next()? else {
                return None;
            };
            bests.push(best);
            let mut line = Vec::new();
            if measured(l, ctx) {
                for _ in 0..TABLE_1_TREES {
                    let (Table1Result::Tree(plain), Table1Result::Tree(sorted)) =
                        (it.next()?, it.next()?)
                    else {
                        return None;
                    };
                    line.push((plain, sorted));
                }
            }
            trees.push(line);
        }
        if it.next().is_some() {
            return None;
        }
        Some(table_1_assemble(&bests, &trees))
    }
}

/// Table I.
pub fn table_1(ctx: &Ctx) -> Output {
    let mut bests = Vec::new();
    let mut trees = Vec::new();
    for (i, l) in TABLE_1.iter().enumerate() {
        bests.push(table_1_best(ctx, i));
        if measured(l, ctx) {
            let start = std::time::Instant::now();
            let seed = trial_seed(TABLE_1_SEED, i as u64);
            let (mu, mu_s) = average_case(l, TABLE_1_TREES, seed, ctx.progress);
            if ctx.progress {
                crate::io::note(format_args!(
                    "fridenfalk table-1 {}: {TABLE_1_TREES} trees (sorted and unsorted) in {:.2} s",
                    line_name(l),
                    start.elapsed().as_secs_f64()
                ));
            }
            trees.push(mu.into_iter().zip(mu_s).collect());
        } else {
            trees.push(Vec::new());
        }
    }
    table_1_assemble(&bests, &trees)
}

/// Table I from its parts: the best case of every line ([`table_1_best`]) and the ratios of
/// every tree of every measured line ([`table_1_tree`]: unsorted, sorted; in tree order; empty for a line
/// not measured). [`table_1`] is this over parts computed in one process; a sharded run
/// computes them in any number of processes.
pub(crate) fn table_1_assemble(bests: &[LineBest], trees: &[Vec<(f64, f64)>]) -> Output {
    let mut rows = Vec::new();
    let mut ours_points: Vec<Vec<(f64, f64)>> = vec![Vec::new(); 3];
    let mut paper_points: Vec<Vec<(f64, f64)>> = vec![Vec::new(); 3];
    for ((l, best), line_trees) in TABLE_1.iter().zip(bests).zip(trees) {
        let name = line_name(l);
        let (n, b, d) = (l.n, l.b, l.d);
        let counted = a_best_count(n, b, d);
        let a_best = best.a_best;
        let mut row = Row::builder(PAPER, "table-1", name.clone(), "A_best")
            .paper(l.a_best)
            .ours(a_best)
            .exact(0.0, Source::Printed)
            .note(best.note.clone());
        if best.searched {
            row = row
                .algorithm("hypermax")
                .check(Check::new(MEMOISED, a_best == counted));
            if a_best != counted {
                row = row.verdict(Verdict::Differs);
            }
        }
        rows.push(row.build());
        let full = a0(b, d);
        let a0_note = &best.a0_note;
        let ratio = full as f64 / a_best as f64;
        rows.push(
            Row::exact(
                PAPER,
                "table-1",
                name.clone(),
                "A_0/A_best",
                Source::Printed,
                l.ratio,
                ratio,
                0.05,
            )
            .with_note(format!("A_0 = {full} ({a0_note})")),
        );
        let x = (b as f64).powf(d as f64 * (n as f64 - 1.0) / n as f64);
        let u1 = a_best as f64 / x;
        let u2 = ratio / (b as f64).powf(d as f64 / n as f64);
        rows.push(Row::exact(
            PAPER,
            "table-1",
            name.clone(),
            "u1",
            Source::Printed,
            l.u1,
            u1,
            0.005,
        ));
        rows.push(Row::exact(
            PAPER,
            "table-1",
            name.clone(),
            "u2",
            Source::Printed,
            l.u2,
            u2,
            0.0005,
        ));
        ours_points[n - 3].push((x.log10(), a_best as f64));
        paper_points[n - 3].push((x.log10(), l.a_best as f64));
        if !line_trees.is_empty() {
            let mu: Vec<f64> = line_trees.iter().map(|t| t.0).collect();
            let mu_s: Vec<f64> = line_trees.iter().map(|t| t.1).collect();
            for (q, xs, paper) in [("mu", &mu, l.mu), ("mu_s", &mu_s, l.mu_s)] {
                let s = summarize(xs);
                let mut r = Row::builder(PAPER, "table-1", name.clone(), q)
                    .paper(paper)
                    .ours(s.mean)
                    .sample(s.ci95, s.n as u64)
                    .relative(0.15)
                    .build();
                r.note = format!("{} trees, incremental model +-2^20", xs.len());
                if r.verdict == Verdict::Differs {
                    r.reason.push_str(&format!(
                        "differs by {:+.0}%: the paper's 8 trees and unstated Rand() range (ties) leave room",
                        (s.mean / paper - 1.0) * 100.0
                    ));
                }
                rows.push(r);
            }
        }
    }
    // Fits per N: log A_best = log u1 + k log b^(d(N-1)/N), k should be 1.
    for n in 3..=5usize {
        let pts: Vec<(f64, f64)> = ours_points[n - 3]
            .iter()
            .map(|&(lx, y)| (lx, y.log10()))
            .collect();
        let (a, k) = linear_fit(&pts);
        let slope_ok = (k - 1.0).abs() < 0.05;
        rows.push(
            Row::builder(
                PAPER,
                "table-1",
                format!("N={n} fit"),
                "slope of log A_best on log b^(d(N-1)/N)",
            )
            .paper(1.0)
            .ours(k)
            .verdict(if slope_ok {
                Verdict::Within
            } else {
                Verdict::Differs
            })
            .note(format!(
                "least squares over {} lines; intercept u1 = {:.3}",
                pts.len(),
                10f64.powf(a)
            ))
            .build(),
        );
        // u2 on the deepest line, beside 1/N and 1/(N+1).
        if let Some(l) = TABLE_1.iter().filter(|l| l.n == n).max_by_key(|l| l.a_best) {
            let ratio = a0(l.b, l.d) as f64 / a_best_count(l.n, l.b, l.d) as f64;
            let u2 = ratio / (l.b as f64).powf(l.d as f64 / n as f64);
            rows.push(Row::builder(PAPER, "table-1", format!("{} (deepest)", line_name(l)), "u2 limit").ours(u2).note(format!(
                    "the paper's u2 column tends to 1/(N+1) = {:.4} (its line: {}), not 1/N = {:.4}",
                    1.0 / (n as f64 + 1.0),
                    l.u2,
                    1.0 / n as f64
                )).build());
        }
    }
    let mut series = Vec::new();
    for n in 3..=5usize {
        let mut o = ours_points[n - 3].clone();
        o.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut p = paper_points[n - 3].clone();
        p.sort_by(|a, b| a.0.total_cmp(&b.0));
        series.push(Series::new(format!("N={n}"), o).with_paper(p));
    }
    Output {
        rows,
        plots: vec![Plot {
            file: "a-best.svg".into(),
            title: "Fridenfalk Table I: A_best against b^(d(N-1)/N)".into(),
            x_label: "log10 b^(d(N-1)/N)".into(),
            y_label: "A_best (log scale)".into(),
            series,
            log_y: true,
        }],
    }
}

/// Table II's trees per depth in mode `ctx`: the paper's 1000, or in quick mode 1000 up to
/// depth 6, 200 at depths 7 and 8 and 50 at 9 and 10 (N-max's full trees dominate the cost).
pub(crate) fn table_2_trees(ctx: &Ctx, d: u32) -> usize {
    match (ctx.quick, d) {
        (false, _) | (true, 0..=6) => 1000,
        (true, 7..=8) => 200,
        (true, _) => 50,
    }
}

fn table_2_params(ctx: &Ctx) -> String {
    let trees: Vec<String> = TABLE_2
        .iter()
        .map(|&(d, _, _)| format!("d{d}:{}", table_2_trees(ctx, d)))
        .collect();
    format!(
        "N=3 b=4 model=incremental(range=2^20) seed={TABLE_2_SEED} trees=[{}]",
        trees.join(" ")
    )
}

/// Agreement of one tree: (sorted root move, sorted vector, unsorted root move, unsorted
/// vector), each 1 when hypermax agrees with N-max.
pub fn agreement(d: u32, seed: u64) -> [u32; 4] {
    let g = incremental_tree(3, 4, d, seed);
    let root = g.initial();
    let c = Config::unlimited();
    let (Ok(m), Ok(s), Ok(u)) = (
        nmax(&g, &RandomTreeEval, &root, &c),
        hypermax_sorted(&g, &RandomTreeEval, &root, &c),
        hypermax(&g, &RandomTreeEval, &root, &c),
    ) else {
        return [0; 4];
    };
    [
        (s.best_move == m.best_move) as u32,
        (s.value == m.value) as u32,
        (u.best_move == m.best_move) as u32,
        (u.value == m.value) as u32,
    ]
}

/// The 95% interval of Table II's agreement per 1000 for `hits` agreements in `trees`
/// trees: Wilson's score interval of the proportion, scaled to 1000 (never the empty
/// `[0, 0]` a normal interval gives for 0 or all of 50 trees).
pub fn agreement_interval(hits: u32, trees: usize) -> [f64; 2] {
    let [lo, hi] = wilson(f64::from(hits), trees as f64);
    [lo * 1000.0, hi * 1000.0]
}

/// Table II.
pub(crate) fn table_2(ctx: &Ctx) -> Output {
    let mut rows = Vec::new();
    // Per measure: our points, their intervals, and (on the root-move curves, the measure
    // the paper's counts are nearest) the paper's values.
    let mut curves: Vec<Series> = [
        "sorted, root move",
        "sorted, whole vector",
        "unsorted, root move",
        "unsorted, whole vector",
    ]
    .into_iter()
    .map(|name| Series::new(name, Vec::new()))
    .collect();
    for &(d, sorted_paper, plain_paper) in &TABLE_2 {
        let trees = table_2_trees(ctx, d);
        let per = run_trials(
            &format!("table II d={d}"),
            trees,
            trial_seed(TABLE_2_SEED, d as u64),
            ctx.progress,
            |_, s| agreement(d, s),
        );
        let row = format!("N=3 b=4 d={d}");
        let kinds = [
            ("sorted, root move", Some(sorted_paper)),
            ("sorted, whole vector", Some(sorted_paper)),
            ("unsorted, root move", plain_paper),
            ("unsorted, whole vector", plain_paper),
        ];
        for (k, (q, paper)) in kinds.into_iter().enumerate() {
            let hits: u32 = per.iter().map(|a| a[k]).sum();
            let ours = hits as f64 / trees as f64 * 1000.0;
            let ci = agreement_interval(hits, trees);
            let mut r = Row::builder(
                PAPER,
                "table-2",
                row.clone(),
                format!("agreement per 1000, {q}"),
            )
            .paper_opt(paper)
            .ours(ours)
            .sample(ci, trees as u64)
            .relative(0.05)
            .build();
            r.note = format!("{hits} of {trees} trees");
            if r.verdict == Verdict::Differs {
                if q.ends_with("whole vector") {
                    r.reason.push_str(
                        "the whole vector agrees less often than the root move; the paper's counts sit between our two measures, nearer the root move up to d=7",
                    );
                } else {
                    r.reason.push_str(
                        "outside the interval and 5%: our root-move agreement levels off near 500 from d=8 while the paper's keeps falling (its Rand() is unstated; ranges 1..2^20 and other sort keys do not give its curve either)",
                    );
                }
            }
            rows.push(r);
            let c = &mut curves[k];
            c.points.push((d as f64, ours));
            c.intervals.push((d as f64, ci[0], ci[1]));
            if let (Some(p), true) = (paper, q.ends_with("root move")) {
                c.paper.push((d as f64, p));
            }
        }
    }
    let series = curves;
    Output {
        rows,
        plots: vec![Plot {
            file: "agreement.svg".into(),
            title: "Fridenfalk Table II: hypermax agrees with N-max (per 1000 trees)".into(),
            x_label: "depth d".into(),
            y_label: "agreements per 1000".into(),
            series,
            log_y: false,
        }],
    }
}
