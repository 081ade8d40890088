//! Korf (1991), "Multi-player alpha-beta pruning": the best case of shallow pruning,
//! `F(d) = F(d-1) + (b-1) F(d-2)`, `F(0) = 1`, `F(1) = b`, and its branching factor
//! `(1 + sqrt(4b-3))/2`; the average case under both of Korf's n-tuple models (cut points,
//! normalized), whose effective branching factor tends to `b`.
//!
//! Every count comes from [`gametree::search::shallow::shallow()`].

use gametree::search::shallow::shallow;
use gametree::search::Config;
use gametree::{Bounds, Evaluator, Game, Player, Scores};
use gametree_games::random_tree::{LeafModel, RandomTree, RandomTreeEval, RandomTreeSpec};
use gametree_games::rng::SplitMix64;

use crate::experiment::{Cost, Ctx, Experiment, Output, Plot, Work};
use crate::plot::Series;
use crate::report::{Check, Row, Source, Verdict};
use gametree_run::runner::run_trials;
use gametree_run::stats::summarize;

const PAPER: &str = "korf-1991";

/// The experiments of this paper.
pub fn experiments() -> Vec<Experiment> {
    vec![
        Experiment {
            paper: PAPER,
            table: "best-case",
            about: "shallow pruning's best case F(d) (two players exact; 3+ players: the best tree found) and (1 + sqrt(4b-3))/2",
            params: |c| format!("quick={} search={}", c.quick, search_budget(c)),
            run: best_case,
            work: Work::Whole(Cost {
                quick: 1.0,
                full: 10.0,
            }),
        },
        Experiment {
            paper: PAPER,
            table: "average-case",
            about: "shallow pruning's effective branching factor against depth, cut-point and normalized models, n = 3, 4, b = 2..10",
            params: |c| format!("quick={} trials={} cap={}", c.quick, avg_trials(c), avg_cap(c)),
            run: average_case,
            work: Work::Whole(Cost {
                quick: 3.4,
                full: 60.0,
            }),
        },
    ]
}

/// Korf's `F(d)`.
pub fn f(b: u64, d: u32) -> u64 {
    let (mut prev, mut cur) = (1u64, b); // F(0), F(1)
    if d == 0 {
        return 1;
    }
    for _ in 1..d {
        (prev, cur) = (cur, cur + (b - 1) * prev);
    }
    cur
}

/// `(1 + sqrt(4b - 3)) / 2`, the largest root of `x^2 = x + (b - 1)`.
pub fn best_case_factor(b: u32) -> f64 {
    (1.0 + (4.0 * b as f64 - 3.0).sqrt()) / 2.0
}

/// Leaves of shallow pruning on the two-player constant tree (every leaf `(c, c)`,
/// `maxsum = 2c`): after one grandchild, the parent's and the child's bounds sum to `maxsum`.
pub fn two_player_best_leaves(b: u32, d: u32) -> u64 {
    let t = RandomTree::new(RandomTreeSpec {
        players: 2,
        b,
        d,
        leaf: LeafModel::Constant,
        seed: 0,
        maxsum: 200,
    });
    shallow(&t, &RandomTreeEval, &t.initial(), &Config::unlimited())
        .map(|r| r.stats.leaves)
        .unwrap_or(0)
}

/// A uniform tree given by its leaves (in depth-first order), for the best-case search.
#[derive(Clone, Debug)]
pub struct LeafArray {
    /// Players, moving round-robin from player 0.
    pub players: usize,
    /// Branching factor.
    pub b: u32,
    /// Depth.
    pub d: u32,
    /// The bound on the sum of the scores (each at least 0).
    pub maxsum: i64,
    /// The `b^d` leaves.
    pub leaves: Vec<Scores>,
}

impl Game for LeafArray {
    /// `(index among the nodes of its depth, depth)`.
    type State = (u32, u32);
    type Move = u32;

    fn players(&self) -> usize {
        self.players
    }
    fn initial(&self) -> (u32, u32) {
        (0, 0)
    }
    fn to_move(&self, s: &(u32, u32)) -> Player {
        Player::new(s.1 as usize % self.players)
    }
    fn moves(&self, s: &(u32, u32), out: &mut Vec<u32>) {
        if s.1 < self.d {
            out.extend(0..self.b);
        }
    }
    fn play(&self, s: &(u32, u32), mv: u32) -> (u32, u32) {
        (s.0 * self.b + mv, s.1 + 1)
    }
    fn outcome(&self, s: &(u32, u32)) -> Option<Scores> {
        (s.1 == self.d).then(|| self.leaves[s.0 as usize])
    }
}

/// The evaluator of a [`LeafArray`]: Korf's bounds (scores at least 0, sum at most
/// `maxsum`); no inner evaluations are needed (searches go to the leaves).
#[derive(Clone, Copy, Debug)]
pub struct LeafArrayEval;

impl Evaluator<LeafArray> for LeafArrayEval {
    fn evaluate(&self, g: &LeafArray, _: &(u32, u32)) -> Scores {
        Scores::zeros(g.players)
    }
    fn bounds(&self, g: &LeafArray) -> Bounds {
        Bounds::nonnegative(g.players, g.maxsum)
    }
}

/// Leaves of shallow pruning on `tree`.
pub fn shallow_leaves(tree: &LeafArray) -> u64 {
    shallow(tree, &LeafArrayEval, &tree.initial(), &Config::unlimited())
        .map(|r| r.stats.leaves)
        .unwrap_or(u64::MAX)
}

/// Korf's procedure `Shallow`, transcribed from the pseudocode of Richard E. Korf,
/// "Multi-player alpha-beta pruning", *Artificial Intelligence* 48(1), 99-111, 1991, on
/// `tree`: the max^n value of the root and the number of leaves it evaluates. Ties keep the
/// first child; a child is cut when the mover's best reaches the bound `maxsum` minus the
/// parent's best (so it needs leaves whose components are at least 0 and sum to at most
/// `maxsum`).
/// An oracle independent of [`gametree::search::shallow::shallow`] (no shared code): the
/// best-case rows of three or more players check their count with it.
pub fn korf_procedure_shallow(tree: &LeafArray) -> (Scores, u64) {
    fn go(t: &LeafArray, index: usize, ply: u32, bound: i64, leaves: &mut u64) -> Scores {
        if ply == t.d {
            *leaves += 1;
            return t.leaves[index];
        }
        let player = ply as usize % t.players;
        let b = t.b as usize;
        let mut best = go(t, index * b, ply + 1, t.maxsum, leaves);
        for c in 1..b {
            if best[player] >= bound {
                return best;
            }
            let cur = go(t, index * b + c, ply + 1, t.maxsum - best[player], leaves);
            if cur[player] > best[player] {
                best = cur;
            }
        }
        best
    }
    let mut leaves = 0;
    let v = go(tree, 0, 0, tree.maxsum, &mut leaves);
    (v, leaves)
}

/// What the best-case rows of three or more players check their count against.
pub const KORF_SHALLOW: &str = "Korf's procedure Shallow";

/// A random leaf: components in `0..maxsum` (never `maxsum`: no immediate pruning, as
/// Korf's analysis assumes), summing to at most `maxsum`.
fn random_leaf(rng: &mut SplitMix64, players: usize, maxsum: i64) -> Scores {
    loop {
        let mut s = Scores::zeros(players);
        for i in 0..players {
            s[i] = rng.below(maxsum as u64) as i64;
        }
        if s.sum() <= maxsum {
            return s;
        }
    }
}

/// The fewest leaves shallow pruning evaluated over a local search of `evaluations` trees
/// (hill climbing with plateau moves and restarts, one leaf changed per step), with its
/// tree. Deterministic in `seed`.
pub fn best_case_search(
    players: usize,
    b: u32,
    d: u32,
    maxsum: i64,
    evaluations: usize,
    seed: u64,
) -> (u64, LeafArray) {
    let mut rng = SplitMix64::new(seed);
    let n_leaves = (b as usize).pow(d);
    let fresh = |rng: &mut SplitMix64| LeafArray {
        players,
        b,
        d,
        maxsum,
        leaves: (0..n_leaves)
            .map(|_| random_leaf(rng, players, maxsum))
            .collect(),
    };
    let mut cur = fresh(&mut rng);
    let mut cur_count = shallow_leaves(&cur);
    let (mut best, mut best_count) = (cur.clone(), cur_count);
    let restart_every = (evaluations / 8).max(1);
    let mut since_improvement = 0;
    for _ in 0..evaluations {
        if since_improvement >= restart_every {
            cur = fresh(&mut rng);
            cur_count = shallow_leaves(&cur);
            since_improvement = 0;
        }
        let i = rng.below(n_leaves as u64) as usize;
        let old = cur.leaves[i];
        cur.leaves[i] = random_leaf(&mut rng, players, maxsum);
        let c = shallow_leaves(&cur);
        if c <= cur_count {
            if c < cur_count {
                since_improvement = 0;
            }
            cur_count = c;
            if c < best_count {
                best_count = c;
                best = cur.clone();
            }
        } else {
            cur.leaves[i] = old;
        }
        since_improvement += 1;
    }
    (best_count, best)
}

fn search_budget(ctx: &Ctx) -> usize {
    if ctx.quick {
        60_000
    } else {
        1_000_000
    }
}

/// What the three-or-more-player rows mean.
const MULTI_NOTE: &str = "F(d) counts the leaves when every shallow cutoff happens (after one grandchild the bounds of two consecutive players, taken from different leaves, reach maxsum); no component may equal maxsum (immediate pruning, excluded by Korf); ours is the fewest a local search found, checked against Korf's procedure Shallow, not a proof of the optimum. An earlier exhaustive search over small leaf values missed F(d) at n=3 b=2 d=6 and n=3 b=3 d=4 (22 vs 21): this search reaches 21 there, with leaves summing to at most maxsum";

fn best_case(ctx: &Ctx) -> Output {
    let mut out = Output::default();
    let mut curves = Vec::new();
    for b in 2..=10u32 {
        let mut counts = vec![1u64];
        let mut pts = Vec::new();
        for d in 1..=20u32 {
            if f(b as u64, d) > 200_000 {
                break;
            }
            let ours = two_player_best_leaves(b, d);
            counts.push(ours);
            pts.push((d as f64, ours as f64));
            out.rows.push(
                Row::exact(
                    PAPER,
                    "best-case",
                    format!("n=2 b={b} d={d}"),
                    "leaves F(d)",
                    Source::Formula,
                    f(b as u64, d),
                    ours,
                    0.0,
                )
                .with_note("shallow pruning on the constant tree (c, c), maxsum = 2c"),
            );
        }
        // Growth: the ratio at the deepest line, and the recurrence identified from the
        // measured counts (F(d) = a F(d-1) + c F(d-2) from the last four counts), whose
        // largest root is the asymptotic factor.
        let k = counts.len() - 1;
        let ratio = counts[k] as f64 / counts[k - 1] as f64;
        out.rows.push(
            Row::builder(
                PAPER,
                "best-case",
                format!("n=2 b={b} d={k}"),
                "growth F(d)/F(d-1)",
            )
            .paper(best_case_factor(b))
            .ours(ratio)
            .verdict(Verdict::Measured)
            .note("measured ratio at the deepest line; the paper's value is its limit")
            .build(),
        );
        let (f0, f1, f2, f3) = (
            counts[k - 3] as f64,
            counts[k - 2] as f64,
            counts[k - 1] as f64,
            counts[k] as f64,
        );
        // Solve f2 = a f1 + c f0, f3 = a f2 + c f1.
        let det = f1 * f1 - f0 * f2;
        let a = (f2 * f1 - f0 * f3) / det;
        let c = (f1 * f3 - f2 * f2) / det;
        let root = (a + (a * a + 4.0 * c).sqrt()) / 2.0;
        out.rows.push(
            Row::exact(
                PAPER,
                "best-case",
                format!("n=2 b={b}"),
                "(1 + sqrt(4b-3))/2",
                Source::Formula,
                best_case_factor(b),
                root,
                1e-9,
            )
            .with_note(format!(
                "largest root of x^2 = a x + c with a = {a:.6}, c = {c:.6} fitted exactly to the last four measured counts"
            )),
        );
        if b % 2 == 0 {
            let paper = pts
                .iter()
                .map(|&(x, _)| (x, f(b as u64, x as u32) as f64))
                .collect();
            curves.push(Series::new(format!("b={b}"), pts).with_paper(paper));
        }
    }
    out.plots.push(Plot {
        file: "best-case.svg".into(),
        title: "Korf best case, two players: leaves F(d) of shallow pruning".into(),
        x_label: "depth d".into(),
        y_label: "leaves".into(),
        series: curves,
        log_y: true,
    });
    // Three and four players: the best tree a local search finds, beside F(d).
    let lines: &[(usize, u32, u32)] = if ctx.quick {
        &[(3, 2, 3), (3, 2, 4), (3, 2, 5), (3, 3, 3), (4, 2, 4)]
    } else {
        &[
            (3, 2, 3),
            (3, 2, 4),
            (3, 2, 5),
            (3, 2, 6),
            (3, 3, 3),
            (3, 3, 4),
            (4, 2, 4),
            (4, 2, 5),
            (4, 2, 6),
        ]
    };
    let budget = search_budget(ctx);
    let found = run_trials(
        "korf best case n>=3",
        lines.len(),
        0x0C0F,
        ctx.progress,
        |i, s| {
            let (n, b, d) = lines[i];
            let (count, tree) = best_case_search(n, b, d, 2 * n as i64, budget, s);
            (count, korf_procedure_shallow(&tree).1)
        },
    );
    for (&(n, b, d), &(count, korf_count)) in lines.iter().zip(&found) {
        let fd = f(b as u64, d);
        let verdict = if count == fd && korf_count == count {
            Verdict::Exact
        } else {
            Verdict::Differs
        };
        out.rows.push(
            Row::builder(
                PAPER,
                "best-case",
                format!("n={n} b={b} d={d}"),
                "fewest leaves found",
            )
            .paper(fd)
            .source(Source::Formula)
            .ours(count)
            .verdict(verdict)
            .algorithm("shallow")
            .check(Check::new(KORF_SHALLOW, korf_count == count))
            .reason(if korf_count == count {
                format!("no tree found with F(d) = {fd} leaves")
            } else {
                format!("{KORF_SHALLOW} counts {korf_count} leaves on the tree found")
            })
            .note(format!(
                "local search over {budget} trees (components 0..{}, maxsum {}); {MULTI_NOTE}",
                2 * n - 1,
                2 * n
            ))
            .build(),
        );
    }
    out
}

fn avg_trials(ctx: &Ctx) -> usize {
    if ctx.quick {
        40
    } else {
        200
    }
}

fn avg_cap(ctx: &Ctx) -> f64 {
    if ctx.quick {
        4e4
    } else {
        2e5
    }
}

/// The deepest depth whose full tree has at most `cap` leaves (at least 2).
fn depth_for(b: u32, cap: f64) -> u32 {
    let mut d = 1;
    while (b as f64).powi(d as i32 + 1) <= cap {
        d += 1;
    }
    d.max(2)
}

/// Leaves of shallow pruning on one random tree searched to depths `1..=max_d` (the inner
/// values of the model are fresh iid draws, so the depth-`k` search is a search of a random
/// tree of depth `k`).
pub fn average_case_leaves(
    players: usize,
    b: u32,
    max_d: u32,
    leaf: LeafModel,
    seed: u64,
) -> Vec<u64> {
    let t = RandomTree::new(RandomTreeSpec {
        players,
        b,
        d: max_d,
        leaf,
        seed,
        maxsum: 1_000_000,
    });
    (1..=max_d)
        .map(|k| {
            shallow(&t, &RandomTreeEval, &t.initial(), &Config::depth(k))
                .map(|r| r.stats.leaves)
                .unwrap_or(0)
        })
        .collect()
}

/// The effective branching factor at depth `k`: the ratio of mean leaves `L(k) / L(k-1)`
/// over the same trees, with a 95% interval (paired delta method).
pub fn factor(samples: &[Vec<u64>], k: usize) -> (f64, [f64; 2]) {
    let cur: Vec<f64> = samples.iter().map(|v| v[k] as f64).collect();
    let prev: Vec<f64> = samples.iter().map(|v| v[k - 1] as f64).collect();
    let (mc, mp) = (summarize(&cur).mean, summarize(&prev).mean);
    let r = mc / mp;
    let z: Vec<f64> = cur
        .iter()
        .zip(&prev)
        .map(|(c, p)| (c - r * p) / mp)
        .collect();
    let h = summarize(&z).ci95[1] - summarize(&z).mean;
    (r, [r - h, r + h])
}

fn average_case(ctx: &Ctx) -> Output {
    let mut out = Output::default();
    let trials = avg_trials(ctx);
    for (model_name, leaf) in [
        ("cutpoints", LeafModel::Cutpoints),
        ("normalized", LeafModel::Normalized),
    ] {
        for players in [3usize, 4] {
            let mut curves = Vec::new();
            for b in 2..=10u32 {
                let max_d = depth_for(b, avg_cap(ctx));
                let samples = run_trials(
                    &format!("{model_name} n={players} b={b}"),
                    trials,
                    0xA5E + 100 * players as u64 + b as u64,
                    ctx.progress,
                    |_, s| average_case_leaves(players, b, max_d, leaf, s),
                );
                let (mut pts, mut ivs, mut paper) = (Vec::new(), Vec::new(), Vec::new());
                for k in 1..max_d as usize {
                    let (r, ci) = factor(&samples, k);
                    pts.push(((k + 1) as f64, r));
                    ivs.push(((k + 1) as f64, ci[0], ci[1]));
                    let last = k + 1 == max_d as usize;
                    let row = format!("{model_name} n={players} b={b} d={}", k + 1);
                    if last {
                        paper.push(((k + 1) as f64, b as f64));
                    }
                    out.rows.push(if last {
                        Row::builder(PAPER, "average-case", row, "factor L(d)/L(d-1)").paper(b as f64).ours(r).sample(ci, samples.len() as u64).relative(0.10).build()
                        .with_note(format!(
                            "deepest line: Korf says the factor tends to b ('very close to b even for small trees'); within = interval contains b or within 10%; {:.1}% of b; best case {:.3}",
                            100.0 * r / b as f64,
                            best_case_factor(b)
                        ))
                    } else {
                        Row::builder(PAPER, "average-case", row, "factor L(d)/L(d-1)").ours(r).sample(ci, samples.len() as u64).relative(0.0).build()
                        .with_note(format!("ratio of mean leaves at depths d and d-1 over the same {trials} trees"))
                    });
                }
                curves.push(
                    Series::new(format!("b={b}"), pts)
                        .with_intervals(ivs)
                        .with_paper(paper),
                );
            }
            out.plots.push(Plot {
                file: format!("average-case-{model_name}-n{players}.svg"),
                title: format!(
                    "Korf average case, {model_name}, {players} players: effective branching factor L(d)/L(d-1)"
                ),
                x_label: "depth d".into(),
                y_label: "L(d) / L(d-1)".into(),
                series: curves,
                log_y: false,
            });
        }
    }
    out
}
