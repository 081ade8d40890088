//! Last-branch and speculative pruning (Sturtevant 2003): exactness against max^n on random
//! trees of 2 to 6 players (any turn order, constant-sum and below-maxsum leaves, lower
//! bounds and steps), the best case of Tables 8 and 10, and the discrete refinement.

use gametree::search::iterative::iterative_deepening;
use gametree::search::last_branch::last_branch;
use gametree::search::maxn::maxn;
use gametree::search::speculative::speculative;
use gametree::search::{Config, SearchError, SearchResult, StopReason};
use gametree::tree::{ExplicitTree, Node, TreeEval, TreeOptions};
use gametree::{Bounds, Evaluator, Game, Ordered, Player, Score, Scores};

use crate::common::{random_tree, Leaves, Shape, SplitMix64, Turns};

type Algo = fn(&ExplicitTree, &TreeEval, &u32, &Config) -> Result<SearchResult<u32>, SearchError>;

const ALGOS: [(&str, Algo); 2] = [
    ("last_branch", last_branch::<ExplicitTree, TreeEval>),
    ("speculative", speculative::<ExplicitTree, TreeEval>),
];

/// An implicit uniform game: `players` players move round-robin, every node has `b`
/// children and the game never ends; every position evaluates to `(c, ..., c)` with
/// `maxsum = n c` (the best case of Sturtevant's analysis).
#[derive(Clone, Copy, Debug)]
pub struct Uniform {
    pub players: usize,
    pub b: u32,
    pub c: Score,
}

impl Game for Uniform {
    type State = u32;
    type Move = u32;
    fn players(&self) -> usize {
        self.players
    }
    fn initial(&self) -> u32 {
        0
    }
    fn to_move(&self, ply: &u32) -> Player {
        Player::new(*ply as usize % self.players)
    }
    fn moves(&self, _: &u32, out: &mut Vec<u32>) {
        out.extend(0..self.b);
    }
    fn play(&self, ply: &u32, _: u32) -> u32 {
        ply + 1
    }
    fn outcome(&self, _: &u32) -> Option<Scores> {
        None
    }
}

impl Evaluator<Uniform> for Uniform {
    fn evaluate(&self, g: &Uniform, _: &u32) -> Scores {
        Scores::splat(g.players, g.c)
    }
    fn bounds(&self, g: &Uniform) -> Bounds {
        Bounds::constant_sum(g.players, g.c * g.players as Score)
    }
}

fn random_shape(rng: &mut SplitMix64, players: std::ops::RangeInclusive<i64>) -> Shape {
    let players = rng.range(*players.start(), *players.end()) as usize;
    let maxsum = rng.range(players as i64, 4 * players as i64);
    Shape {
        players,
        max_branch: rng.range(1, 5) as u32,
        max_depth: rng.range(1, 7) as u32,
        early_leaf_percent: rng.range(0, 30) as u64,
        turns: if rng.chance(50) {
            Turns::RoundRobin
        } else {
            Turns::Arbitrary
        },
        leaves: if rng.chance(50) {
            Leaves::ConstantSum { maxsum }
        } else {
            Leaves::BelowMaxsum { maxsum }
        },
    }
}

/// Rescales every leaf: `v -> v * step + offset[p]`, so that the tree has lower bounds
/// `offset` and the minimum score step `step`.
fn rescale(node: &Node, step: Score, offset: &[Score]) -> Node {
    match node {
        Node::Leaf { value, label } => {
            let mut v = *value;
            for (p, o) in offset.iter().enumerate() {
                v[p] = v[p] * step + o;
            }
            Node::Leaf {
                value: v,
                label: label.clone(),
            }
        }
        Node::Inner {
            player, children, ..
        } => Node::inner(
            player.index(),
            children.iter().map(|c| rescale(c, step, offset)).collect(),
        ),
    }
}

fn assert_same(name: &str, seed: u64, r: &SearchResult<u32>, m: &SearchResult<u32>) {
    assert_eq!(r.value, m.value, "{name}: value, seed {seed}");
    assert_eq!(r.best_move, m.best_move, "{name}: root move, seed {seed}");
    assert_eq!(r.pv, m.pv, "{name}: principal variation, seed {seed}");
    assert_eq!(r.score, m.score, "{name}: score, seed {seed}");
}

/// 10,000 random trees per algorithm (3 to 6 players, branching 1..=5, uneven depths,
/// round-robin and arbitrary turns, constant-sum and below-maxsum leaves with small ranges):
/// value, root move and principal variation equal max^n's. Last-branch never re-searches.
#[test]
fn exact_against_maxn_on_random_trees() {
    let mut pruned = [0u64; 2];
    let mut saved = [0u64; 2];
    let mut re_searched = 0;
    for seed in 0..10_000u64 {
        let mut rng = SplitMix64(seed ^ 0x5eed_5eed);
        let shape = random_shape(&mut rng, 3..=6);
        let t = random_tree(seed, &shape);
        let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        for (k, (name, algo)) in ALGOS.iter().enumerate() {
            let r = algo(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_same(name, seed, &r, &m);
            assert!(r.stats.nodes <= m.stats.nodes || r.stats.re_searches > 0);
            pruned[k] += r.stats.cutoffs.total();
            saved[k] += m.stats.nodes.saturating_sub(r.stats.nodes);
            if k == 0 {
                assert_eq!(
                    r.stats.re_searches, 0,
                    "last-branch re-searched, seed {seed}"
                );
                assert_eq!(r.stats.cutoffs.speculative, 0);
            } else {
                re_searched += r.stats.re_searches;
            }
        }
    }
    // The oracle test is only meaningful if pruning (and re-searching) really happens.
    assert!(pruned[0] > 1000 && pruned[1] > pruned[0], "{pruned:?}");
    assert!(saved[0] > 0 && saved[1] > 0, "{saved:?}");
    assert!(re_searched > 0);
}

/// Two players (a chain is then shallow pruning), lower bounds other than zero, steps above
/// one, and a move-ordering hook: still exactly max^n.
#[test]
fn exact_with_two_players_lower_bounds_steps_and_ordering() {
    for seed in 0..4_000u64 {
        let mut rng = SplitMix64(seed ^ 0xabcd);
        let shape = random_shape(&mut rng, 2..=6);
        let base = random_tree(seed, &shape);
        let step = rng.range(1, 3);
        let offset: Vec<Score> = (0..shape.players)
            .map(|_| rng.range(-5, 5) * step)
            .collect();
        let root = rescale(&base.to_node(0), step, &offset);
        let maxsum = base.declared_bounds().maxsum.unwrap() * step + offset.iter().sum::<Score>();
        let t = ExplicitTree::from_node(
            shape.players,
            &root,
            TreeOptions {
                maxsum: Some(maxsum),
                lower: Some(offset.clone()),
                step: Some(step),
            },
        )
        .unwrap();
        let reverse = seed % 2 == 1;
        let ev = Ordered {
            eval: TreeEval,
            order: move |_: &ExplicitTree, _: &u32, ms: &mut [u32]| {
                if reverse {
                    ms.reverse()
                }
            },
        };
        let m = maxn(&t, &ev, &0, &Config::unlimited()).unwrap();
        for r in [
            last_branch(&t, &ev, &0, &Config::unlimited()).unwrap(),
            speculative(&t, &ev, &0, &Config::unlimited()).unwrap(),
        ] {
            assert_same("ordered", seed, &r, &m);
        }
    }
}

/// Trees whose leaves are all equal except one: every algorithm picks max^n's root move.
#[test]
fn one_different_leaf_keeps_the_root_move() {
    let mut moved = 0;
    for seed in 0..3_000u64 {
        let mut rng = SplitMix64(seed ^ 0x7777);
        let players = rng.range(3, 6) as usize;
        let c = rng.range(1, 4);
        let maxsum = c * players as Score;
        let shape = Shape {
            players,
            max_branch: rng.range(2, 4) as u32,
            max_depth: rng.range(2, 5) as u32,
            early_leaf_percent: 10,
            turns: Turns::RoundRobin,
            leaves: Leaves::ConstantSum { maxsum },
        };
        let base = random_tree(seed, &shape).to_node(0);
        // Count the leaves, pick one, give it a different (constant-sum) value.
        fn leaves(n: &Node) -> usize {
            match n {
                Node::Leaf { .. } => 1,
                Node::Inner { children, .. } => children.iter().map(leaves).sum(),
            }
        }
        fn set(n: &Node, k: &mut usize, target: usize, special: &Scores, c: Score) -> Node {
            match n {
                Node::Leaf { .. } => {
                    let v = if *k == target {
                        *special
                    } else {
                        Scores::splat(special.players(), c)
                    };
                    *k += 1;
                    Node::Leaf {
                        value: v,
                        label: None,
                    }
                }
                Node::Inner {
                    player, children, ..
                } => Node::inner(
                    player.index(),
                    children
                        .iter()
                        .map(|ch| set(ch, k, target, special, c))
                        .collect(),
                ),
            }
        }
        let target = rng.range(0, leaves(&base) as i64 - 1) as usize;
        let mut special = Scores::splat(players, c);
        let from = rng.range(0, players as i64 - 1) as usize;
        let to = (from + 1 + rng.range(0, players as i64 - 2) as usize) % players;
        let d = rng.range(1, c);
        special[from] -= d;
        special[to] += d;
        let root = set(&base, &mut 0, target, &special, c);
        let t = ExplicitTree::from_node(
            players,
            &root,
            TreeOptions {
                maxsum: Some(maxsum),
                ..TreeOptions::default()
            },
        )
        .unwrap();
        let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        if m.best_move != Some(0) {
            moved += 1;
        }
        for (name, algo) in ALGOS {
            let r = algo(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_same(name, seed, &r, &m);
        }
    }
    assert!(
        moved > 10,
        "the special leaf should sometimes decide the root move: {moved}"
    );
}

/// Table 10: uniform tree, 3 players, b = 10, all evaluations (c, c, c) with maxsum = 3c,
/// iterative deepening to depth 6: speculative pruning expands 84,927 nodes, plain max^n
/// 1,234,560 (expansions = nodes - 1 per iteration, summed).
#[test]
fn table_10_uniform_best_case_expansions() {
    let g = Uniform {
        players: 3,
        b: 10,
        c: 10,
    };
    let cfg = Config::depth(6);
    let plain = iterative_deepening(&cfg, |c| maxn(&g, &g, &0, c)).unwrap();
    assert_eq!(plain.stats.expansions, 1_234_560);
    assert_eq!(plain.stats.iterations, 6);
    let spec = iterative_deepening(&cfg, |c| speculative(&g, &g, &0, c)).unwrap();
    assert_eq!(spec.stats.expansions, 84_927);
    assert_eq!(spec.stats.re_searches, 0);
    assert_eq!(spec.value, plain.value);
    assert_eq!(spec.pv, plain.pv);
    // In the best case every prune is a last-branch prune in disguise: never re-searched.
    let lb = iterative_deepening(&cfg, |c| last_branch(&g, &g, &0, c)).unwrap();
    assert!(lb.stats.expansions >= 84_927);
    assert_eq!(lb.value, plain.value);
}

/// The largest real root of x^n - x^(n-1) - (b-1) x^(n-2) - ... - (b-1)^(n-1), by bisection.
fn table_8_root(n: u32, b: f64) -> f64 {
    let p = |x: f64| {
        x.powi(n as i32)
            - (0..n)
                .map(|k| (b - 1.0).powi(k as i32) * x.powi((n - 1 - k) as i32))
                .sum::<f64>()
    };
    let (mut lo, mut hi) = (1.0, b + 1.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if p(mid) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    lo
}

#[test]
fn table_8_roots() {
    for (b, x) in [
        (2.0, 1.8393),
        (3.0, 2.4675),
        (4.0, 3.0000),
        (5.0, 3.4755),
        (10.0, 5.4191),
        (1000.0, 103.61),
    ] {
        let r = table_8_root(3, b);
        let digits = if b == 1000.0 { 100.0 } else { 10_000.0 };
        assert_eq!((r * digits).round() / digits, x, "b = {b}");
    }
}

/// Best case, 3 to 6 players: the leaves per depth of speculative pruning on the all-equal
/// uniform tree follow the best-case recurrence exactly (a node is cut after its first child
/// when it and its n - 1 nearest ancestors hold a bound), and their growth per ply converges
/// to the largest root of Table 8's polynomial.
#[test]
fn best_case_growth_converges_to_table_8() {
    for n in 3..=6usize {
        for (b, depth, tol) in [(2u32, 18u32, 1e-6), (3, 11, 2.5e-3), (4, 9, 1.5e-2)] {
            // f[s][h]: leaves below a node of height h with s bounded nearest ancestors.
            let mut f = vec![vec![0u64; depth as usize + 2]; n];
            for row in f.iter_mut() {
                row[0] = 1;
            }
            for h in 1..=depth as usize + 1 {
                for s in (0..n).rev() {
                    let more = if s + 1 < n {
                        (b as u64 - 1) * f[s + 1][h - 1]
                    } else {
                        0
                    };
                    f[s][h] = f[0][h - 1] + more;
                }
            }
            let g = Uniform {
                players: n,
                b,
                c: 100,
            };
            let mut leaves = Vec::new();
            for d in 1..=depth + 1 {
                let r = speculative(&g, &g, &0, &Config::depth(d)).unwrap();
                assert_eq!(r.stats.leaves, f[0][d as usize], "n {n} b {b} d {d}");
                assert_eq!(r.stats.re_searches, 0);
                leaves.push(r.stats.leaves as f64);
            }
            let root = table_8_root(n as u32, b as f64);
            let k = leaves.len();
            let ratio = leaves[k - 1] / leaves[k - 2];
            assert!(
                (ratio - root).abs() / root < tol,
                "n {n} b {b}: ratio {ratio} root {root}"
            );
            // And it is a genuine improvement over b.
            assert!(root < b as f64);
        }
    }
}

fn three(json: &str) -> ExplicitTree {
    ExplicitTree::from_json_str(json).unwrap()
}

/// Figure 9's situation, scaled by mu = 2 (maxsum 20): Player 0 holds 10 at the root,
/// Player 1 holds 6 at (a), and the first child of (b) gives Player 2 nothing: (14, 6, 0).
/// The bounds sum to 16 = maxsum - mu (n - 1) and Player 1 does not improve, so with step
/// 2 (b) is pruned after its first child; with step 1 it is not. Both equal max^n.
#[test]
fn discrete_refinement_prunes_with_a_larger_step() {
    let tree = |step: u32, first: &str| {
        three(&format!(
            r#"{{ "players": 3, "maxsum": 20, "step": {step},
              "root": {{ "player": 0, "children": [
                {{ "value": [10, 4, 6] }},
                {{ "player": 1, "children": [
                    {{ "value": [4, 6, 10] }},
                    {{ "player": 2, "children": [
                        {{ "value": {first} }}, {{ "value": [0, 0, 20] }}, {{ "value": [2, 2, 16] }} ] }} ] }} ] }} }}"#
        ))
    };
    // Player 1 does not improve on the first branch of (b): prunable with mu = 2 only.
    for (step, expect_prune) in [(2, true), (1, false)] {
        let t = tree(step, "[14, 6, 0]");
        let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        for (name, algo) in ALGOS {
            let mut cfg = Config::unlimited();
            cfg.trace = true;
            let r = algo(&t, &TreeEval, &0, &cfg).unwrap();
            assert_same(name, step as u64, &r, &m);
            let lb = r.stats.cutoffs.last_branch;
            assert_eq!(
                lb == 1,
                expect_prune,
                "{name} step {step}: {:?}",
                r.stats.cutoffs
            );
            // Without the prune, (b)'s second child (0, 0, 20) prunes the third immediately.
            let saved = if expect_prune { 2 } else { 1 };
            assert_eq!(r.stats.nodes, m.stats.nodes - saved);
            assert_eq!(r.stats.cutoffs.immediate, 1 - lb);
            if expect_prune {
                assert_eq!(r.trace.len(), 1);
                assert_eq!(r.trace[0].path, vec![1, 1]);
                assert_eq!(r.trace[0].pruned_children, 2);
                assert_eq!(r.trace[0].threshold, 20);
            }
        }
    }
    // Both Player 0 and Player 1 improve on the first branch: pruning would be wrong (the
    // real value of (b) is (0, 0, 20), so (a) and the root would choose differently).
    let t = tree(2, "[12, 8, 0]");
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.value, Scores::from_slice(&[10, 4, 6]));
    for (name, algo) in ALGOS {
        let r = algo(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_same(name, 0, &r, &m);
        assert_eq!(r.stats.cutoffs.last_branch, 0);
    }
    // At maxsum - mu (n - 2) the prune is unconditional: bounds 10 + 6 + 2 = 18.
    let t = tree(2, "[8, 10, 2]");
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    for (name, algo) in ALGOS {
        let r = algo(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_same(name, 0, &r, &m);
        assert_eq!(r.stats.cutoffs.last_branch, 1, "{name}");
    }
}

/// Figure 6: a speculative prune below a node that still has children, followed by a child
/// that makes the pruned branch matter: it is re-searched, and the value is max^n's.
#[test]
fn speculative_prune_and_re_search() {
    // Root (P0) holds 5; (a) (P1) holds 3 after its first child; (b) (P2) gets 2 on its first
    // child: 5 + 3 + 2 >= maxsum, (b) is pruned though (a) has one more child.
    let tree = |last: &str, pruned: &str| {
        three(&format!(
            r#"{{ "players": 3, "maxsum": 10,
              "root": {{ "player": 0, "children": [
                {{ "value": [5, 4, 1] }},
                {{ "player": 1, "children": [
                    {{ "value": [3, 3, 4] }},
                    {{ "player": 2, "children": [ {{ "value": [5, 3, 2] }}, {{ "value": {pruned} }} ] }},
                    {{ "value": {last} }} ] }} ] }} }}"#
        ))
    };
    // (4, 4, 2): Player 0 does not want (a) anyway: no re-search.
    let t = tree("[4, 4, 2]", "[1, 5, 4]");
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    let r = speculative(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_same("speculative", 1, &r, &m);
    assert_eq!(r.stats.cutoffs.speculative, 1);
    assert_eq!(r.stats.re_searches, 0);
    let l = last_branch(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_same("last_branch", 1, &l, &m);
    assert_eq!(l.stats.cutoffs.last_branch + l.stats.cutoffs.speculative, 0);
    // (6, 4, 0): now (a) could be chosen, the pruned (b) must be re-searched; its hidden
    // child (1, 5, 4) is what Player 1 prefers, and the root keeps its first move.
    let t = tree("[6, 4, 0]", "[1, 5, 4]");
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.best_move, Some(0));
    let r = speculative(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_same("speculative", 2, &r, &m);
    assert_eq!(r.stats.re_searches, 1);
    // Same, but the hidden child does not help Player 1: after the re-search (a) is (6, 4, 0)
    // and the root moves there.
    let t = tree("[6, 4, 0]", "[1, 2, 7]");
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.best_move, Some(1));
    let r = speculative(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_same("speculative", 3, &r, &m);
    assert_eq!(r.stats.re_searches, 1);
}

#[test]
fn refuses_missing_bounds_and_honours_limits() {
    let t = three(
        r#"{ "players": 3, "root": { "player": 0, "children": [ { "value": [1,1,1] }, { "value": [2,2,2] } ] } }"#,
    );
    for (_, algo) in ALGOS {
        assert!(matches!(
            algo(&t, &TreeEval, &0, &Config::unlimited()),
            Err(SearchError::MissingBound { .. })
        ));
    }
    let g = Uniform {
        players: 4,
        b: 5,
        c: 3,
    };
    let mut cfg = Config::depth(8);
    cfg.limits.nodes = Some(100);
    for r in [speculative(&g, &g, &0, &cfg), last_branch(&g, &g, &0, &cfg)] {
        assert!(matches!(
            r,
            Err(SearchError::Stopped(StopReason::NodeLimit, _))
        ));
    }
}

/// A hashed implicit game for depth-limited searches: every position has `1..=max_b` moves
/// until `end` plies (turns `ply mod n` or hashed), and every position, terminal or not, has
/// a value from Korf's cut-point model (scores >= 0 summing to at most `maxsum`).
#[derive(Clone, Copy, Debug)]
struct Hashed {
    n: usize,
    max_b: i64,
    end: u32,
    maxsum: Score,
    constant: bool,
    arbitrary: bool,
}

impl Game for Hashed {
    type State = (u32, u64);
    type Move = u32;
    fn players(&self) -> usize {
        self.n
    }
    fn initial(&self) -> (u32, u64) {
        (0, 0x1234_5678)
    }
    fn to_move(&self, s: &(u32, u64)) -> Player {
        if self.arbitrary {
            Player::new((SplitMix64(s.1 ^ 0xfeed).next_u64() % self.n as u64) as usize)
        } else {
            Player::new(s.0 as usize % self.n)
        }
    }
    fn moves(&self, s: &(u32, u64), out: &mut Vec<u32>) {
        if s.0 < self.end {
            let k = SplitMix64(s.1 ^ 0xb00).range(1, self.max_b);
            out.extend(0..k as u32);
        }
    }
    fn play(&self, s: &(u32, u64), mv: u32) -> (u32, u64) {
        (
            s.0 + 1,
            SplitMix64(s.1.wrapping_mul(31) ^ mv as u64).next_u64(),
        )
    }
    fn outcome(&self, s: &(u32, u64)) -> Option<Scores> {
        (s.0 >= self.end).then(|| self.value(s))
    }
}

impl Hashed {
    fn value(&self, s: &(u32, u64)) -> Scores {
        let mut rng = SplitMix64(s.1 ^ 0x7a1);
        let total = if self.constant || rng.chance(30) {
            self.maxsum
        } else {
            rng.range(0, self.maxsum)
        };
        let mut cuts: Vec<Score> = (0..self.n - 1).map(|_| rng.range(0, total)).collect();
        cuts.sort_unstable();
        let mut v = Scores::zeros(self.n);
        let mut prev = 0;
        for (i, c) in cuts.iter().enumerate() {
            v[i] = c - prev;
            prev = *c;
        }
        v[self.n - 1] = total - prev;
        v
    }
}

impl Evaluator<Hashed> for Hashed {
    fn evaluate(&self, g: &Hashed, s: &(u32, u64)) -> Scores {
        g.value(s)
    }
    fn bounds(&self, g: &Hashed) -> Bounds {
        if g.constant {
            Bounds::constant_sum(g.n, g.maxsum)
        } else {
            Bounds::nonnegative(g.n, g.maxsum)
        }
    }
}

/// Depth-limited and iterative-deepening searches on 600 hashed games: every iteration of
/// both algorithms returns max^n's value, move and principal variation.
#[test]
fn exact_under_depth_limits_and_iterative_deepening() {
    for seed in 0..600u64 {
        let mut rng = SplitMix64(seed ^ 0xdee9);
        let n = rng.range(3, 6) as usize;
        let g = Hashed {
            n,
            max_b: rng.range(1, 5),
            end: rng.range(2, 8) as u32,
            maxsum: rng.range(n as i64, 3 * n as i64),
            constant: rng.chance(50),
            arbitrary: rng.chance(50),
        };
        let s0 = g.initial();
        let s = (s0.0, s0.1 ^ seed);
        for d in 0..=5 {
            let cfg = Config::depth(d);
            let m = maxn(&g, &g, &s, &cfg).unwrap();
            for r in [
                last_branch(&g, &g, &s, &cfg).unwrap(),
                speculative(&g, &g, &s, &cfg).unwrap(),
            ] {
                assert_eq!(r.value, m.value, "seed {seed} depth {d}");
                assert_eq!(r.pv, m.pv, "seed {seed} depth {d}");
            }
        }
        let cfg = Config::depth(5);
        let m = iterative_deepening(&cfg, |c| maxn(&g, &g, &s, c)).unwrap();
        let r = iterative_deepening(&cfg, |c| speculative(&g, &g, &s, c)).unwrap();
        assert_eq!(
            (r.value, r.best_move),
            (m.value, m.best_move),
            "seed {seed}"
        );
        assert_eq!(r.stats.iterations, m.stats.iterations);
    }
}
