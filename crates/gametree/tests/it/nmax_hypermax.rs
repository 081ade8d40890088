//! N-max and hypermax (Fridenfalk 2014): N-max is max^n on the projected tree; hypermax is
//! exactly the paper's pseudocode (checked against an independent implementation, with and
//! without sorting); Table I's best-case node counts; the average-case ratios mu and mu_s.

use gametree::search::hypermax::{hypermax, hypermax_sorted};
use gametree::search::maxn::maxn;
use gametree::search::nmax::{nmax, project};
use gametree::search::{Config, SearchError, SearchResult, StopReason};
use gametree::tree::{ExplicitTree, Node, TreeEval, TreeOptions};
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores};

use crate::common::SplitMix64;
use crate::multi_player_speculative::Uniform;

/// A random tree in Fridenfalk's model: every node carries a value, a child's value is its
/// parent's plus an increment per player drawn uniformly from `-range..=range` (small ranges
/// give many ties); uneven depths and turns `ply mod n` or arbitrary.
fn fridenfalk_tree(rng: &mut SplitMix64, n: usize, max_b: i64, depth: u32, range: i64) -> Node {
    #[expect(
        clippy::too_many_arguments,
        reason = "the recursion carries every parameter of the tree model"
    )]
    fn go(
        rng: &mut SplitMix64,
        n: usize,
        max_b: i64,
        depth: u32,
        range: i64,
        ply: u32,
        psi: Scores,
        arbitrary: bool,
    ) -> Node {
        if ply == depth || (ply > 0 && rng.chance(15)) {
            return Node::Leaf {
                value: psi,
                label: None,
            };
        }
        let player = if arbitrary {
            rng.range(0, n as i64 - 1) as usize
        } else {
            ply as usize % n
        };
        let k = rng.range(1, max_b);
        let children = (0..k)
            .map(|_| {
                let mut c = psi;
                for i in 0..n {
                    c[i] += rng.range(-range, range);
                }
                go(rng, n, max_b, depth, range, ply + 1, c, arbitrary)
            })
            .collect();
        Node::Inner {
            player: Player::new(player),
            children,
            value: Some(psi),
            bounds: None,
            label: None,
        }
    }
    let arbitrary = rng.chance(30);
    go(rng, n, max_b, depth, range, 0, Scores::zeros(n), arbitrary)
}

/// An independent transcription of Fridenfalk's pseudocode on plain node data: returns the
/// projected value (in the scale N) and the number of nodes visited.
fn reference_hypermax(
    node: &Node,
    ply: u32,
    depth_limit: u32,
    alpha: Vec<Option<i64>>,
    sorted: bool,
    count: &mut u64,
) -> Vec<i64> {
    *count += 1;
    let proj = |s: &Scores| -> Vec<i64> {
        let n = s.players() as i64;
        let total: i64 = s.as_slice().iter().sum();
        s.as_slice().iter().map(|&x| x * n - total).collect()
    };
    match node {
        Node::Leaf { value, .. } => proj(value),
        Node::Inner { value, .. } if ply >= depth_limit => proj(&value.unwrap()),
        Node::Inner {
            player, children, ..
        } => {
            let p = player.index();
            let mut order: Vec<&Node> = children.iter().collect();
            if sorted {
                let key = |c: &Node| match c {
                    Node::Leaf { value, .. } => proj(value)[p],
                    Node::Inner { value, .. } => proj(&value.unwrap())[p],
                };
                order.sort_by_key(|c| std::cmp::Reverse(key(c)));
            }
            let mut alpha = alpha;
            let mut max: Option<Vec<i64>> = None;
            for (k, c) in order.into_iter().enumerate() {
                let v = reference_hypermax(c, ply + 1, depth_limit, alpha.clone(), sorted, count);
                if k == 0 {
                    max = Some(v.clone());
                }
                if alpha[p].is_none_or(|a| a < v[p]) {
                    alpha[p] = Some(v[p]);
                    max = Some(v);
                }
                let all: Option<Vec<i64>> = alpha.iter().copied().collect();
                if all.is_some_and(|a| a.iter().sum::<i64>() >= 0) {
                    break;
                }
            }
            max.unwrap()
        }
    }
}

fn height(n: &Node) -> u32 {
    match n {
        Node::Leaf { .. } => 0,
        Node::Inner { children, .. } => 1 + children.iter().map(height).max().unwrap_or(0),
    }
}

/// 3,000 random trees (2 to 6 players, branching 1..=5, uneven depths, ranges from tiny
/// (ties) to wide, depth limits that cut at inner values): hypermax and hypermax_sorted
/// return exactly the reference's value and visit exactly as many nodes.
#[test]
fn hypermax_matches_the_reference_pseudocode() {
    let mut cut = 0;
    for seed in 0..3_000u64 {
        let mut rng = SplitMix64(seed ^ 0x4879_7065);
        let n = rng.range(2, 6) as usize;
        let range = [1, 2, 5, 1 << 20][rng.range(0, 3) as usize];
        let depth = rng.range(1, 7) as u32;
        let root = fridenfalk_tree(&mut rng, n, 5, depth, range);
        let t = ExplicitTree::from_node(n, &root, TreeOptions::default()).unwrap();
        let h = height(&root);
        let limit = if rng.chance(30) {
            rng.range(0, h as i64) as u32
        } else {
            u32::MAX
        };
        let cfg = if limit == u32::MAX {
            Config::unlimited()
        } else {
            Config::depth(limit)
        };
        for sorted in [false, true] {
            let mut count = 0;
            let want = reference_hypermax(&root, 0, limit, vec![None; n], sorted, &mut count);
            let r = if sorted {
                hypermax_sorted(&t, &TreeEval, &0, &cfg)
            } else {
                hypermax(&t, &TreeEval, &0, &cfg)
            }
            .unwrap();
            assert_eq!(r.value.as_slice(), &want[..], "seed {seed} sorted {sorted}");
            assert_eq!(r.stats.nodes, count, "seed {seed} sorted {sorted}");
            assert_eq!(r.value.sum(), 0);
            cut += r.stats.cutoffs.alpha;
        }
    }
    assert!(cut > 1000, "hypermax should prune on these trees: {cut}");
}

/// Maps every value (leaves and inner heuristic values) through the projection.
fn projected(node: &Node) -> Node {
    match node {
        Node::Leaf { value, .. } => Node::Leaf {
            value: project(value),
            label: None,
        },
        Node::Inner {
            player,
            children,
            value,
            ..
        } => Node::Inner {
            player: *player,
            children: children.iter().map(projected).collect(),
            value: value.as_ref().map(project),
            bounds: None,
            label: None,
        },
    }
}

/// 2,000 random trees: N-max equals max^n on the projected tree (value, move, PV, counts).
#[test]
fn nmax_is_maxn_on_the_projected_tree() {
    let mut differs_from_maxn = 0;
    for seed in 0..2_000u64 {
        let mut rng = SplitMix64(seed ^ 0x6e6d_6178);
        let n = rng.range(2, 6) as usize;
        let range = [1, 3, 1000][rng.range(0, 2) as usize];
        let depth = rng.range(1, 6) as u32;
        let root = fridenfalk_tree(&mut rng, n, 5, depth, range);
        let t = ExplicitTree::from_node(n, &root, TreeOptions::default()).unwrap();
        let tp = ExplicitTree::from_node(n, &projected(&root), TreeOptions::default()).unwrap();
        let cfg = if rng.chance(30) {
            Config::depth(rng.range(0, height(&root) as i64) as u32)
        } else {
            Config::unlimited()
        };
        let a = nmax(&t, &TreeEval, &0, &cfg).unwrap();
        let b = maxn(&tp, &TreeEval, &0, &cfg).unwrap();
        assert_eq!(a.value, b.value, "seed {seed}");
        assert_eq!(a.best_move, b.best_move, "seed {seed}");
        assert_eq!(a.pv, b.pv, "seed {seed}");
        assert_eq!(a.stats.nodes, b.stats.nodes);
        assert_eq!(a.stats.leaves, b.stats.leaves);
        let m = maxn(&t, &TreeEval, &0, &cfg).unwrap();
        if m.best_move != a.best_move {
            differs_from_maxn += 1;
        }
    }
    // N-max is a different decision rule from max^n: the test must see that.
    assert!(differs_from_maxn > 50, "{differs_from_maxn}");
}

/// Table I, A_best: on uniform trees whose leaves are all equal, hypermax (sorted or not)
/// visits exactly A_best nodes, and A_0 / A_best (A_0 = the full tree, root included, as
/// N-max visits it) matches the table to its one decimal. Every line with A_best < 10^7.
#[test]
fn table_1_best_case_node_counts() {
    let lines: [(usize, u32, u32, u64, f64); 12] = [
        (3, 4, 6, 1249, 4.4),
        (3, 4, 9, 21556, 16.2),
        (3, 4, 12, 351607, 63.6),
        (3, 4, 15, 5653114, 253.3),
        (3, 8, 6, 18333, 16.3),
        (3, 8, 9, 1198816, 128.0),
        (3, 16, 6, 278197, 64.3),
        (3, 32, 6, 4324197, 256.3),
        (4, 4, 8, 24120, 3.6),
        (4, 4, 12, 1697044, 13.2),
        (4, 8, 8, 1452180, 13.2),
        (5, 4, 10, 448943, 3.1),
    ];
    for (n, b, d, a_best, ratio) in lines {
        let g = Uniform {
            players: n,
            b,
            c: 7,
        };
        let r = hypermax(&g, &g, &0, &Config::depth(d)).unwrap();
        assert_eq!(r.stats.nodes, a_best, "N {n} b {b} d {d}");
        assert_eq!(r.value, Scores::zeros(n));
        let a0: u64 = (0..=d).map(|k| (b as u64).pow(k)).sum();
        assert_eq!(((a0 as f64 / a_best as f64) * 10.0).round() / 10.0, ratio);
        if a0 < 2_000_000 {
            assert_eq!(nmax(&g, &g, &0, &Config::depth(d)).unwrap().stats.nodes, a0);
        }
        if a_best < 2_000_000 {
            let s = hypermax_sorted(&g, &g, &0, &Config::depth(d)).unwrap();
            assert_eq!(s.stats.nodes, a_best);
        }
    }
}

/// Fridenfalk's random model as an implicit game: the root is all zeros, each child adds an
/// increment per player uniform in `-2^20..=2^20`, drawn by hashing (seed, path).
#[derive(Clone, Copy, Debug)]
struct Model {
    n: usize,
    b: u32,
    d: u32,
    seed: u64,
}

#[derive(Clone, Copy, Debug)]
struct ModelState {
    ply: u32,
    h: u64,
    psi: Scores,
}

impl Game for Model {
    type State = ModelState;
    type Move = u32;
    fn players(&self) -> usize {
        self.n
    }
    fn initial(&self) -> ModelState {
        ModelState {
            ply: 0,
            h: self.seed,
            psi: Scores::zeros(self.n),
        }
    }
    fn to_move(&self, s: &ModelState) -> Player {
        Player::new(s.ply as usize % self.n)
    }
    fn moves(&self, s: &ModelState, out: &mut Vec<u32>) {
        if s.ply < self.d {
            out.extend(0..self.b);
        }
    }
    fn play(&self, s: &ModelState, mv: u32) -> ModelState {
        let mut rng = SplitMix64(s.h ^ (mv as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        let h = rng.next_u64();
        let mut psi = s.psi;
        for i in 0..self.n {
            psi[i] += rng.range(-(1 << 20), 1 << 20);
        }
        ModelState {
            ply: s.ply + 1,
            h,
            psi,
        }
    }
    fn outcome(&self, s: &ModelState) -> Option<Scores> {
        (s.ply >= self.d).then_some(s.psi)
    }
}

impl Evaluator<Model> for Model {
    fn evaluate(&self, _: &Model, s: &ModelState) -> Scores {
        s.psi
    }
    fn bounds(&self, _: &Model) -> Bounds {
        Bounds::none()
    }
}

/// Table I, mu = A_ave / A_best and mu_s (sorted), on the first lines: within 15% of the
/// paper (statistical, 16 trees per line; the paper used 8).
#[test]
fn table_1_average_case_ratios() {
    let lines: [(usize, u32, u32, u64, f64, f64); 4] = [
        (3, 4, 6, 1249, 1.75, 1.23),
        (3, 4, 9, 21556, 1.75, 1.23),
        (3, 8, 6, 18333, 1.77, 1.17),
        (4, 4, 8, 24120, 1.49, 1.13),
    ];
    for (n, b, d, a_best, mu, mu_s) in lines {
        let trees = 16;
        let (mut plain, mut sorted) = (0u64, 0u64);
        for seed in 0..trees {
            let g = Model { n, b, d, seed };
            plain += hypermax(&g, &g, &g.initial(), &Config::unlimited())
                .unwrap()
                .stats
                .nodes;
            sorted += hypermax_sorted(&g, &g, &g.initial(), &Config::unlimited())
                .unwrap()
                .stats
                .nodes;
        }
        let m = plain as f64 / trees as f64 / a_best as f64;
        let ms = sorted as f64 / trees as f64 / a_best as f64;
        assert!(
            (m / mu - 1.0).abs() < 0.15,
            "N {n} b {b} d {d}: mu {m} vs {mu}"
        );
        assert!(
            (ms / mu_s - 1.0).abs() < 0.15,
            "N {n} b {b} d {d}: mu_s {ms} vs {mu_s}"
        );
    }
}

/// Trees whose leaves are all equal except one: N-max and both hypermax variants pick
/// N-max's root move (max^n on the projected tree: the decision rule these algorithms
/// compute), and hypermax never expands more than N-max.
#[test]
fn one_different_leaf() {
    let mut moved = 0;
    for seed in 0..2_000u64 {
        let mut rng = SplitMix64(seed ^ 0x1eaf);
        let n = rng.range(2, 6) as usize;
        let b = rng.range(2, 4) as u32;
        let d = rng.range(2, 5) as u32;
        let leaves = (b as u64).pow(d);
        let special_leaf = rng.range(0, leaves as i64 - 1) as u64;
        let mut special = Scores::splat(n, 3);
        for i in 0..n {
            special[i] += rng.range(-2, 2);
        }
        let t = crate::common::uniform_tree(n, b, d, TreeOptions::default(), &mut |k| {
            if k == special_leaf {
                special
            } else {
                Scores::splat(n, 3)
            }
        });
        let want = maxn(
            &ExplicitTree::from_node(n, &projected(&t.to_node(0)), TreeOptions::default()).unwrap(),
            &TreeEval,
            &0,
            &Config::unlimited(),
        )
        .unwrap();
        let a = nmax(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(a.best_move, want.best_move, "seed {seed}");
        assert_eq!(a.value, want.value, "seed {seed}");
        if want.best_move != Some(0) {
            moved += 1;
        }
        for r in [
            hypermax(&t, &TreeEval, &0, &Config::unlimited()).unwrap(),
            hypermax_sorted(&t, &TreeEval, &0, &Config::unlimited()).unwrap(),
        ] {
            assert_eq!(r.best_move, want.best_move, "seed {seed}");
            assert!(r.stats.nodes <= a.stats.nodes);
        }
    }
    assert!(moved > 10, "{moved}");
}

#[test]
fn limits_and_trace() {
    let g = Uniform {
        players: 3,
        b: 4,
        c: 1,
    };
    let mut cfg = Config::depth(9);
    cfg.limits.nodes = Some(500);
    for r in [
        nmax(&g, &g, &0, &cfg),
        hypermax(&g, &g, &0, &cfg),
        hypermax_sorted(&g, &g, &0, &cfg),
    ] {
        assert!(matches!(
            r,
            Err(SearchError::Stopped(StopReason::NodeLimit, _))
        ));
    }
    let mut cfg = Config::depth(6);
    cfg.trace = true;
    let r: SearchResult<u32> = hypermax(&g, &g, &0, &cfg).unwrap();
    assert_eq!(r.trace.len() as u64, r.stats.cutoffs.alpha);
    assert!(r.stats.cutoffs.alpha > 0);
    assert!(r
        .trace
        .iter()
        .all(|e| e.bounds.iter().sum::<Score>() >= 0 && e.bounds.len() == 3));
}
