//! Shallow pruning (Korf 1991) and alpha-beta branch-and-bound against their oracles:
//! max^n's value and root move on thousands of random trees, Korf's procedure `Shallow`
//! (written again here, independently) leaf for leaf, and Korf's best case F(d).

use gametree::search::branch_and_bound::branch_and_bound;
use gametree::search::maxn::maxn;
use gametree::search::shallow::shallow;
use gametree::search::{Config, SearchError, SearchResult};
use gametree::tree::{ExplicitTree, Node, NodeId, TreeEval, TreeOptions};
use gametree::{Game, Score, Scores};

use crate::common::{
    random_tree, uniform_tree, Leaves, RecEval, Recording, Shape, SplitMix64, Turns,
};

/// A random shape for the oracle tests: 3 to 6 players, branching 1 to 5, uneven depths,
/// small value ranges (many ties), constant-sum or below-maxsum leaves, both turn orders.
pub fn random_shape(rng: &mut SplitMix64, min_players: usize) -> Shape {
    let players = rng.range(min_players as i64, 6) as usize;
    let max_branch = rng.range(1, 5) as u32;
    let max_depth = rng.range(1, if max_branch >= 4 { 5 } else { 7 }) as u32;
    let leaves = match rng.range(0, 2) {
        0 => Leaves::ConstantSum {
            maxsum: rng.range(1, 12),
        },
        1 => Leaves::BelowMaxsum {
            maxsum: rng.range(1, 12),
        },
        _ => Leaves::Small {
            max: rng.range(0, 4),
        },
    };
    Shape {
        players,
        max_branch,
        max_depth,
        early_leaf_percent: rng.range(0, 30) as u64,
        turns: if rng.chance(50) {
            Turns::RoundRobin
        } else {
            Turns::Arbitrary
        },
        leaves,
    }
}

fn same_as_maxn(what: &str, seed: u64, ours: &SearchResult<u32>, oracle: &SearchResult<u32>) {
    assert_eq!(ours.value, oracle.value, "{what}: value, seed {seed}");
    assert_eq!(
        ours.best_move, oracle.best_move,
        "{what}: move, seed {seed}"
    );
    assert_eq!(ours.pv, oracle.pv, "{what}: pv, seed {seed}");
    assert_eq!(ours.score, oracle.score, "{what}: score, seed {seed}");
    assert!(
        ours.stats.nodes <= oracle.stats.nodes,
        "{what}: seed {seed}"
    );
}

#[test]
fn shallow_and_branch_and_bound_return_maxn_on_random_trees() {
    let mut pruned = 0;
    for seed in 0..12_000u64 {
        let mut rng = SplitMix64(seed);
        let shape = random_shape(&mut rng, 3);
        let t = random_tree(seed, &shape);
        let mut config = Config::unlimited();
        if rng.chance(25) {
            config.limits.depth = Some(rng.range(0, shape.max_depth as i64) as u32);
        }
        let oracle = maxn(&t, &TreeEval, &0, &config).unwrap();
        let sh = shallow(&t, &TreeEval, &0, &config).unwrap();
        let bb = branch_and_bound(&t, &TreeEval, &0, &config).unwrap();
        same_as_maxn("shallow", seed, &sh, &oracle);
        same_as_maxn("branch-and-bound", seed, &bb, &oracle);
        // Without subtree bounds, branch-and-bound is shallow pruning, count for count.
        let mut expected = sh.stats;
        expected.elapsed_ms = bb.stats.elapsed_ms;
        assert_eq!(bb.stats, expected, "seed {seed}");
        assert_eq!(bb.stats.cutoffs.branch_and_bound, 0);
        pruned += sh.stats.cutoffs.total();
    }
    assert!(pruned > 3_000, "the trees must prune: {pruned}");
}

/// Attaches valid subtree bounds to random inner nodes: the true leaf range below,
/// widened at random.
fn attach_bounds(
    node: &Node,
    players: usize,
    rng: &mut SplitMix64,
    percent: u64,
) -> (Node, Vec<(Score, Score)>) {
    match node {
        Node::Leaf { value, .. } => (
            node.clone(),
            value.as_slice().iter().map(|&v| (v, v)).collect(),
        ),
        Node::Inner {
            player,
            children,
            value,
            label,
            ..
        } => {
            let mut range = vec![(Score::MAX, Score::MIN); players];
            let mut new_children = Vec::with_capacity(children.len());
            for c in children {
                let (nc, r) = attach_bounds(c, players, rng, percent);
                for p in 0..players {
                    range[p].0 = range[p].0.min(r[p].0);
                    range[p].1 = range[p].1.max(r[p].1);
                }
                new_children.push(nc);
            }
            let bounds = rng.chance(percent).then(|| {
                range
                    .iter()
                    .map(|&(lo, hi)| {
                        let widen_lo = if rng.chance(50) { 0 } else { rng.range(0, 3) };
                        let widen_hi = if rng.chance(50) { 0 } else { rng.range(0, 3) };
                        (lo - widen_lo, hi + widen_hi)
                    })
                    .collect()
            });
            (
                Node::Inner {
                    player: *player,
                    children: new_children,
                    value: *value,
                    bounds,
                    label: label.clone(),
                },
                range,
            )
        }
    }
}

#[test]
fn branch_and_bound_with_subtree_bounds_returns_maxn() {
    let mut bnb_cutoffs = 0;
    let mut fewer = 0;
    for seed in 0..12_000u64 {
        let mut rng = SplitMix64(seed ^ 0xB0B0);
        let shape = random_shape(&mut rng, 3);
        let plain = random_tree(seed, &shape);
        let percent = rng.range(20, 100) as u64;
        let (root, _) = attach_bounds(&plain.to_node(0), shape.players, &mut rng, percent);
        let t = ExplicitTree::from_node(shape.players, &root, shape.options())
            .expect("attached bounds are valid");
        let config = Config::unlimited();
        let oracle = maxn(&t, &TreeEval, &0, &config).unwrap();
        let sh = shallow(&t, &TreeEval, &0, &config).unwrap();
        let bb = branch_and_bound(&t, &TreeEval, &0, &config).unwrap();
        same_as_maxn("branch-and-bound", seed, &bb, &oracle);
        // Its tests are weaker than shallow pruning's, and it never searches more.
        assert!(bb.stats.leaves <= sh.stats.leaves, "seed {seed}");
        assert!(bb.stats.nodes <= sh.stats.nodes, "seed {seed}");
        bnb_cutoffs += bb.stats.cutoffs.branch_and_bound;
        fewer += u64::from(bb.stats.leaves < sh.stats.leaves);
    }
    assert!(
        bnb_cutoffs > 1_000,
        "subtree bounds must prune: {bnb_cutoffs}"
    );
    assert!(fewer > 500, "and save leaves: {fewer}");
}

/// Korf's procedure `Shallow`, written from the paper's pseudocode (lower bounds 0, `sum` the
/// global bound). The one generalisation: a child whose player is the node's player gets
/// `Sum` (no shallow bound), since Korf's pseudocode assumes consecutive players differ.
fn korf_shallow(
    t: &ExplicitTree,
    node: NodeId,
    bound: Score,
    sum: Score,
    out: &mut Vec<NodeId>,
) -> Scores {
    if t.is_leaf(node) {
        out.push(node);
        return t.value(node).unwrap();
    }
    let player = t.to_move(&node);
    let child_bound = |c: NodeId, best: &Scores| {
        if !t.is_leaf(c) && t.to_move(&c) == player {
            sum
        } else {
            sum - best[player]
        }
    };
    let mut children = t.children(node);
    let first = children.next().unwrap();
    let mut best = korf_shallow(t, first, sum, sum, out);
    for c in children {
        if best[player] >= bound {
            return best;
        }
        let current = korf_shallow(t, c, child_bound(c, &best), sum, out);
        if current[player] > best[player] {
            best = current;
        }
    }
    best
}

#[test]
fn shallow_evaluates_exactly_the_leaves_of_korfs_procedure() {
    let mut skipped = 0usize;
    for seed in 0..12_000u64 {
        let mut rng = SplitMix64(seed.wrapping_mul(7) ^ 0x5EED);
        let mut shape = random_shape(&mut rng, 3);
        if let Leaves::Small { max } = shape.leaves {
            shape.leaves = Leaves::BelowMaxsum { maxsum: max + 1 };
        }
        let t = random_tree(seed ^ 0xFACE, &shape);
        let sum = t.declared_bounds().maxsum.unwrap();
        let mut korf = Vec::new();
        let kv = korf_shallow(&t, 0, sum, sum, &mut korf);
        let rec = Recording::new(&t);
        let r = shallow(&rec, &RecEval, &0, &Config::unlimited()).unwrap();
        let ours = rec.take();
        assert_eq!(ours, korf, "seed {seed}");
        assert_eq!(r.value, kv, "seed {seed}");
        assert_eq!(r.stats.leaves as usize, ours.len());
        skipped += t.len() - ours.len();
    }
    assert!(skipped > 100_000, "the trees must prune: {skipped}");
}

/// F(d) = F(d-1) + (b-1) F(d-2), F(0) = 1, F(1) = b.
fn korf_f(b: u64, d: u32) -> u64 {
    let (mut f0, mut f1) = (1u64, b);
    if d == 0 {
        return 1;
    }
    for _ in 1..d {
        let f2 = f1 + (b - 1) * f0;
        f0 = f1;
        f1 = f2;
    }
    f1
}

#[test]
fn korf_f_values() {
    let f: Vec<u64> = (0..8).map(|d| korf_f(2, d)).collect();
    assert_eq!(f, vec![1, 2, 3, 5, 8, 13, 21, 34]);
    assert_eq!(korf_f(3, 3), 11);
    assert_eq!(korf_f(3, 4), 21);
}

#[test]
fn two_player_best_case_is_exactly_f() {
    // Leaves all (c, c) with maxsum 2c: after one grandchild the two bounds reach maxsum
    // everywhere, and no score reaches maxsum (no immediate pruning).
    for b in 1..=5u32 {
        for d in 0..=7u32 {
            if (b as u64).pow(d) > 40_000 {
                continue;
            }
            let t = uniform_tree(
                2,
                b,
                d,
                TreeOptions {
                    maxsum: Some(6),
                    ..TreeOptions::default()
                },
                &mut |_| Scores::from_slice(&[3, 3]),
            );
            let r = shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_eq!(r.stats.leaves, korf_f(b as u64, d), "b {b} d {d}");
            assert_eq!(r.stats.cutoffs.immediate, 0);
            let bb = branch_and_bound(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_eq!(bb.stats.leaves, korf_f(b as u64, d), "b {b} d {d}");
        }
    }
}

/// Trees (found by an exhaustive search over small leaf values, see docs/reproduce.md)
/// on which shallow pruning evaluates exactly F(d) leaves with three or four players: the
/// listed leaves (by their path of child indices) carry the values, every other leaf is
/// (0, ..., 0) and is never evaluated.
/// (players, b, d, maxsum, the values of the evaluated leaves by path).
type BestCase = (
    usize,
    u32,
    u32,
    Score,
    &'static [(&'static str, &'static [Score])],
);

const BEST_CASES: &[BestCase] = &[
    (3, 2, 1, 2, &[("0", &[0, 0, 1]), ("1", &[0, 0, 1])]),
    (
        3,
        2,
        2,
        2,
        &[("00", &[1, 0, 0]), ("01", &[0, 0, 1]), ("10", &[0, 1, 0])],
    ),
    (
        3,
        2,
        3,
        2,
        &[
            ("000", &[1, 1, 0]),
            ("001", &[0, 1, 0]),
            ("010", &[0, 0, 1]),
            ("100", &[0, 1, 0]),
            ("101", &[0, 1, 0]),
        ],
    ),
    (
        3,
        2,
        4,
        3,
        &[
            ("0000", &[1, 1, 1]),
            ("0010", &[2, 0, 0]),
            ("0100", &[0, 0, 2]),
            ("1000", &[0, 2, 1]),
            ("1010", &[2, 0, 0]),
        ],
    ),
    (
        3,
        2,
        5,
        4,
        &[
            ("00000", &[2, 1, 1]),
            ("00010", &[0, 2, 0]),
            ("00100", &[3, 0, 0]),
            ("01000", &[1, 0, 3]),
            ("01010", &[0, 3, 0]),
            ("10000", &[1, 2, 1]),
            ("10010", &[0, 3, 0]),
            ("10100", &[3, 0, 0]),
        ],
    ),
    (
        3,
        3,
        3,
        2,
        &[
            ("000", &[1, 1, 0]),
            ("010", &[0, 0, 1]),
            ("020", &[0, 0, 1]),
            ("100", &[0, 1, 0]),
            ("200", &[0, 1, 0]),
        ],
    ),
];

fn tree_from_paths(
    players: usize,
    b: u32,
    d: u32,
    maxsum: Score,
    leaves: &[(&str, &[Score])],
) -> ExplicitTree {
    uniform_tree(
        players,
        b,
        d,
        TreeOptions {
            maxsum: Some(maxsum),
            ..TreeOptions::default()
        },
        &mut |k| {
            // Leaf k's path: k in base b with d digits.
            let mut digits = vec![b'0'; d as usize];
            let mut k = k;
            for i in (0..d as usize).rev() {
                digits[i] = b'0' + (k % b as u64) as u8;
                k /= b as u64;
            }
            let path = String::from_utf8(digits).unwrap();
            leaves
                .iter()
                .find(|(p, _)| *p == path)
                .map_or(Scores::zeros(players), |(_, v)| Scores::from_slice(v))
        },
    )
}

#[test]
fn three_player_best_case_reaches_f_for_b2_up_to_d5() {
    for &(players, b, d, maxsum, leaves) in BEST_CASES {
        let t = tree_from_paths(players, b, d, maxsum, leaves);
        let r = shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(
            r.stats.leaves,
            korf_f(b as u64, d),
            "players {players} b {b} d {d}"
        );
        assert_eq!(r.stats.cutoffs.immediate, 0);
        let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.value, m.value);
        assert_eq!(r.best_move, m.best_move);
    }
}

/// Without immediate pruning (no score ever reaches maxsum), F(d) is a lower bound: a node
/// with no bound searches every child, and a node with a bound at least its first child.
#[test]
fn f_is_a_lower_bound_without_immediate_pruning() {
    let mut equal = 0;
    for seed in 0..3_000u64 {
        let mut rng = SplitMix64(seed ^ 0xF00D);
        let players = rng.range(2, 5) as usize;
        let b = rng.range(2, 4) as u32;
        let d = rng.range(1, if b == 4 { 5 } else { 6 }) as u32;
        let maxsum = rng.range(2, 6);
        let t = uniform_tree(
            players,
            b,
            d,
            TreeOptions {
                maxsum: Some(maxsum),
                ..TreeOptions::default()
            },
            &mut |_| loop {
                // Cut points of [0, maxsum], rejecting any score equal to maxsum.
                let mut cuts: Vec<Score> = (0..players - 1).map(|_| rng.range(0, maxsum)).collect();
                cuts.sort_unstable();
                let mut s = Scores::zeros(players);
                let mut prev = 0;
                for (i, c) in cuts.iter().enumerate() {
                    s[i] = c - prev;
                    prev = *c;
                }
                s[players - 1] = maxsum - prev;
                if s.as_slice().iter().all(|&v| v < maxsum) {
                    break s;
                }
            },
        );
        let r = shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.stats.cutoffs.immediate, 0);
        let f = korf_f(b as u64, d);
        assert!(
            r.stats.leaves >= f,
            "seed {seed}: {} < F = {f}",
            r.stats.leaves
        );
        equal += u64::from(r.stats.leaves == f);
    }
    assert!(equal > 0);
}

#[test]
fn missing_bounds_are_refused() {
    let t = ExplicitTree::from_json_str(
        r#"{ "players": 3, "root": { "player": 0, "children": [ { "value": [1, 2, 3] }, { "value": [3, 2, 1] } ] } }"#,
    )
    .unwrap();
    for r in [
        shallow(&t, &TreeEval, &0, &Config::unlimited()),
        branch_and_bound(&t, &TreeEval, &0, &Config::unlimited()),
    ] {
        match r {
            Err(SearchError::MissingBound { needs, .. }) => assert!(needs.contains("maxsum")),
            other => panic!("expected MissingBound, got {other:?}"),
        }
    }
    // A lower bound without maxsum is not enough either.
    let t = ExplicitTree::from_json_str(
        r#"{ "players": 3, "lower": 0, "root": { "player": 0, "children": [ { "value": [1, 2, 3] } ] } }"#,
    )
    .unwrap();
    assert!(matches!(
        shallow(&t, &TreeEval, &0, &Config::unlimited()),
        Err(SearchError::MissingBound { .. })
    ));
}

#[test]
fn ties_all_equal_but_one() {
    // Every leaf equal except one: the root move is max^n's (the first of the best).
    for seed in 0..3_000u64 {
        let mut rng = SplitMix64(seed ^ 0x7135);
        let players = rng.range(3, 6) as usize;
        let b = rng.range(1, 4) as u32;
        let d = rng.range(1, 5) as u32;
        let total = (b as u64).pow(d);
        let odd = rng.range(0, total as i64 - 1) as u64;
        let maxsum = players as Score * 2 + 2;
        let common = Scores::splat(players, 2);
        let mut special = common;
        let who = rng.range(0, players as i64 - 1) as usize;
        special[who] += rng.range(-2, 2);
        let t = uniform_tree(
            players,
            b,
            d,
            TreeOptions {
                maxsum: Some(maxsum),
                ..TreeOptions::default()
            },
            &mut |k| if k == odd { special } else { common },
        );
        let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        for r in [
            shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap(),
            branch_and_bound(&t, &TreeEval, &0, &Config::unlimited()).unwrap(),
        ] {
            assert_eq!(r.best_move, m.best_move, "seed {seed}");
            assert_eq!(r.value, m.value, "seed {seed}");
        }
    }
}

#[test]
fn order_hook_and_limits() {
    use gametree::search::paranoid::{paranoid, paranoid_plain};
    use gametree::search::StopReason;
    use gametree::Ordered;
    let reverse = |_: &ExplicitTree, _: &NodeId, m: &mut [u32]| m.reverse();
    for seed in 0..2_000u64 {
        let mut rng = SplitMix64(seed ^ 0x0DE7);
        let shape = random_shape(&mut rng, 3);
        let t = random_tree(seed ^ 0x0DE7, &shape);
        let ev = Ordered {
            eval: TreeEval,
            order: reverse,
        };
        let c = Config::unlimited();
        let m = maxn(&t, &ev, &0, &c).unwrap();
        // The hook is used: the PV is in reversed child order, and the results agree.
        for r in [
            shallow(&t, &ev, &0, &c).unwrap(),
            branch_and_bound(&t, &ev, &0, &c).unwrap(),
        ] {
            same_as_maxn("reversed order", seed, &r, &m);
        }
        let p = paranoid(&t, &ev, &0, &c).unwrap();
        let pp = paranoid_plain(&t, &ev, &0, &c).unwrap();
        assert_eq!(
            (p.score, p.pv.clone()),
            (pp.score, pp.pv.clone()),
            "seed {seed}"
        );
        // A node limit below the full search stops every algorithm.
        let full = [
            shallow(&t, &TreeEval, &0, &c).unwrap().stats.nodes,
            branch_and_bound(&t, &TreeEval, &0, &c).unwrap().stats.nodes,
            paranoid(&t, &TreeEval, &0, &c).unwrap().stats.nodes,
        ];
        let mut limited = c;
        limited.limits.nodes = Some(full[0] - 1);
        assert!(matches!(
            shallow(&t, &TreeEval, &0, &limited),
            Err(SearchError::Stopped(StopReason::NodeLimit, _))
        ));
        limited.limits.nodes = Some(full[1] - 1);
        assert!(matches!(
            branch_and_bound(&t, &TreeEval, &0, &limited),
            Err(SearchError::Stopped(StopReason::NodeLimit, _))
        ));
        limited.limits.nodes = Some(full[2] - 1);
        assert!(matches!(
            paranoid(&t, &TreeEval, &0, &limited),
            Err(SearchError::Stopped(StopReason::NodeLimit, _))
        ));
        limited.limits.nodes = Some(full[0]);
        assert!(shallow(&t, &TreeEval, &0, &limited).is_ok());
    }
    // A deadline in the past stops a search after the first clock check (varied leaves,
    // so that no algorithm finishes within 1024 nodes).
    let mut rng = SplitMix64(99);
    let t = uniform_tree(
        3,
        4,
        8,
        TreeOptions {
            maxsum: Some(9),
            ..TreeOptions::default()
        },
        &mut |_| Scores::from_slice(&[rng.range(0, 3), rng.range(0, 3), rng.range(0, 3)]),
    );
    let mut c = Config::unlimited();
    c.limits.deadline = Some(std::time::Instant::now());
    for r in [
        shallow(&t, &TreeEval, &0, &c),
        branch_and_bound(&t, &TreeEval, &0, &c),
        paranoid(&t, &TreeEval, &0, &c),
    ] {
        assert!(matches!(
            r,
            Err(SearchError::Stopped(StopReason::Deadline, _))
        ));
    }
}
