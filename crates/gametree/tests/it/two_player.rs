//! The two-player family: minimax, fail-hard and fail-soft alpha-beta, negamax.
//!
//! Oracles: minimax on random trees (zero-sum and not, alternating and arbitrary turns,
//! uneven depths, small value ranges so that ties abound, depth limits with inner heuristic
//! values); an independent textbook alpha-beta written from the Wikipedia pseudocode, whose
//! sequence of evaluated leaves ours must reproduce exactly; the Knuth–Moore best case
//! b^ceil(d/2) + b^floor(d/2) - 1 on uniform trees ordered best-first; the window contracts
//! of fail-hard and fail-soft; hand-made trees with known answers.

use proptest::prelude::*;

use gametree::search::alphabeta::{alphabeta, alphabeta_window};
use gametree::search::alphabeta_failsoft::{alphabeta_failsoft, alphabeta_failsoft_window};
use gametree::search::iterative::iterative_deepening;
use gametree::search::minimax::{key, minimax, INF};
use gametree::search::negamax::{negamax, negamax_window};
use gametree::search::{Config, CutoffKind, Limits, SearchError, SearchResult, Stats, StopReason};
use gametree::tree::{ExplicitTree, Node, NodeId, TreeEval, TreeOptions};
use gametree::{Bounds, Evaluator, Game, Ordered, Player, Score, Scores};

use crate::common::{
    random_tree, uniform_tree, Leaves, RecEval, Recording, Shape, SplitMix64, Turns,
};

type Search<E> = fn(&ExplicitTree, &E, &NodeId, &Config) -> Result<SearchResult<u32>, SearchError>;

// ---------------------------------------------------------------------------------------
// Generators

/// A random two-player shape: 1..=5 children per node, depth 1..=8 (6 when the branching
/// is 4, 5 when it is 5), uneven depths, alternating or arbitrary turns, zero-sum or
/// independent small scores (0..=3: ties abound).
fn shape() -> impl Strategy<Value = Shape> {
    (
        1u32..=5,
        1u32..=8,
        0u64..=40,
        any::<bool>(),
        any::<bool>(),
        0i64..=3,
    )
        .prop_map(|(b, d, early, round_robin, zero_sum, max)| Shape {
            players: 2,
            max_branch: b,
            max_depth: match b {
                5 => d.min(5),
                4 => d.min(6),
                _ => d,
            },
            early_leaf_percent: early,
            turns: if round_robin {
                Turns::RoundRobin
            } else {
                Turns::Arbitrary
            },
            leaves: if zero_sum {
                Leaves::ZeroSum { max }
            } else {
                Leaves::Small { max }
            },
        })
}

/// A value of the kind `shape`'s leaves have (for inner heuristic values).
fn value_like(rng: &mut SplitMix64, shape: &Shape) -> Scores {
    match shape.leaves {
        Leaves::ZeroSum { max } => Scores::zero_sum(rng.range(-max, max)),
        Leaves::Small { max } => Scores::from_slice(&[rng.range(0, max), rng.range(0, max)]),
        _ => unreachable!("two-player shapes only"),
    }
}

/// The random tree of `shape` from `seed`, with a heuristic value on every inner node, so
/// that any depth limit can be searched.
fn tree_with_inner_values(seed: u64, shape: &Shape) -> ExplicitTree {
    fn fill(node: &mut Node, rng: &mut SplitMix64, shape: &Shape) {
        if let Node::Inner {
            children, value, ..
        } = node
        {
            *value = Some(value_like(rng, shape));
            for c in children {
                fill(c, rng, shape);
            }
        }
    }
    let t = random_tree(seed, shape);
    let mut root = t.to_node(0);
    let mut rng = SplitMix64(seed ^ 0x5EED_1E55);
    fill(&mut root, &mut rng, shape);
    ExplicitTree::from_node(2, &root, shape.options()).expect("valid tree")
}

fn reverse(_: &ExplicitTree, _: &NodeId, moves: &mut [u32]) {
    moves.reverse();
}

/// Stats without the clock.
fn counts(s: &Stats) -> Stats {
    Stats {
        elapsed_ms: 0.0,
        ..*s
    }
}

fn check_stats(name: &str, s: &Stats) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        s.nodes,
        s.expansions + 1,
        "{}: nodes = expansions + 1",
        name
    );
    prop_assert!(s.leaves <= s.nodes, "{}: leaves <= nodes", name);
    prop_assert!(s.leaves >= 1, "{}: at least one leaf", name);
    prop_assert_eq!(s.iterations, 1);
    Ok(())
}

/// Runs the three pruning searches against minimax on one tree and configuration.
fn agree_with_minimax<E: Evaluator<ExplicitTree>>(
    t: &ExplicitTree,
    e: &E,
    config: &Config,
) -> Result<(), TestCaseError> {
    let traced = Config {
        trace: true,
        ..*config
    };
    let mm = minimax(t, e, &0, config).unwrap();
    check_stats("minimax", &mm.stats)?;
    prop_assert_eq!(mm.stats.cutoffs.total(), 0);
    let algorithms: [(&str, Search<E>); 3] = [
        ("alphabeta", alphabeta::<ExplicitTree, E>),
        ("alphabeta_failsoft", alphabeta_failsoft::<ExplicitTree, E>),
        ("negamax", negamax::<ExplicitTree, E>),
    ];
    let mut results = Vec::new();
    for (name, search) in algorithms {
        let r = search(t, e, &0, &traced).unwrap();
        prop_assert_eq!(r.score, mm.score, "{} score", name);
        prop_assert_eq!(r.value, mm.value, "{} value", name);
        prop_assert_eq!(r.best_move, mm.best_move, "{} best move", name);
        prop_assert_eq!(&r.pv, &mm.pv, "{} pv", name);
        check_stats(name, &r.stats)?;
        prop_assert!(
            r.stats.nodes <= mm.stats.nodes,
            "{} visits no more than minimax",
            name
        );
        prop_assert!(r.stats.leaves <= mm.stats.leaves);
        prop_assert!(r.stats.depth <= mm.stats.depth);
        prop_assert_eq!(
            r.stats.cutoffs.total(),
            r.trace.len() as u64,
            "{} trace",
            name
        );
        for ev in &r.trace {
            prop_assert!(ev.pruned_children >= 1);
            prop_assert_eq!(ev.bounds.len(), 2);
            match ev.kind {
                CutoffKind::Beta => prop_assert!(ev.threshold >= ev.bounds[1]),
                CutoffKind::Alpha => prop_assert!(ev.threshold <= ev.bounds[0]),
                other => prop_assert!(false, "unexpected cutoff kind {:?}", other),
            }
        }
        // Tracing changes nothing else.
        let untraced = search(t, e, &0, config).unwrap();
        prop_assert_eq!(counts(&untraced.stats), counts(&r.stats));
        prop_assert!(untraced.trace.is_empty());
        results.push(r);
    }
    let (hard, soft, nega) = (&results[0], &results[1], &results[2]);
    // Fail-hard and fail-soft visit the same nodes; negamax is fail-soft node for node,
    // cutoff for cutoff, and writes the same trace.
    prop_assert_eq!(counts(&hard.stats), counts(&soft.stats));
    prop_assert_eq!(counts(&nega.stats), counts(&soft.stats));
    prop_assert_eq!(&nega.trace, &soft.trace);
    prop_assert_eq!(hard.trace.len(), soft.trace.len());
    for (h, s) in hard.trace.iter().zip(&soft.trace) {
        prop_assert_eq!((&h.path, h.kind, &h.bounds), (&s.path, s.kind, &s.bounds));
        prop_assert_eq!(h.pruned_children, s.pruned_children);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// 1. Same answer as minimax

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Alpha-beta (fail-hard, fail-soft) and negamax return minimax's score, value vector,
    /// best move and principal variation, with or without a depth limit, in the game's move
    /// order and reversed by the ordering hook; their counts satisfy the conventions, and
    /// negamax's counts and trace equal fail-soft's.
    #[test]
    fn pruning_searches_return_the_minimax_answer(
        seed in any::<u64>(),
        shape in shape(),
        depth in prop_oneof![Just(None), (0u32..=7).prop_map(Some)],
        reversed in any::<bool>(),
    ) {
        let t = tree_with_inner_values(seed, &shape);
        let config = Config { limits: Limits { depth, ..Limits::default() }, trace: false, ..Config::default() };
        if reversed {
            agree_with_minimax(&t, &Ordered { eval: TreeEval, order: reverse }, &config)?;
        } else {
            agree_with_minimax(&t, &TreeEval, &config)?;
        }
    }

    /// The window contracts: fail-hard returns the value clamped into [alpha, beta];
    /// fail-soft returns v <= r <= alpha below the window, beta <= r <= v above it, v inside;
    /// negamax's window search is fail-soft's, bound for bound and count for count.
    #[test]
    fn window_contracts(
        seed in any::<u64>(),
        shape in shape(),
        a in -5i64..=5,
        width in 1i64..=4,
    ) {
        let t = random_tree(seed, &shape);
        let c = Config::unlimited();
        // The window is in player 0's terms, on the root player's score (the key).
        let v = key(&minimax(&t, &TreeEval, &0, &c).unwrap().value, t.to_move(&0));
        let (alpha, beta) = (a, a + width);
        let (hard, hs) = alphabeta_window(&t, &TreeEval, &0, &c, alpha, beta).unwrap();
        let (soft, ss) = alphabeta_failsoft_window(&t, &TreeEval, &0, &c, alpha, beta).unwrap();
        let (nega, ns) = negamax_window(&t, &TreeEval, &0, &c, alpha, beta).unwrap();
        prop_assert_eq!(hard, v.clamp(alpha, beta));
        if v <= alpha {
            prop_assert!(v <= soft && soft <= alpha, "v {} soft {}", v, soft);
        } else if v >= beta {
            prop_assert!(beta <= soft && soft <= v, "v {} soft {}", v, soft);
        } else {
            prop_assert_eq!(soft, v);
        }
        prop_assert_eq!(nega, soft);
        prop_assert_eq!(counts(&hs), counts(&ss));
        prop_assert_eq!(counts(&ns), counts(&ss));
        // The full window is the plain search.
        let (full, fs) =
            alphabeta_failsoft_window(&t, &TreeEval, &0, &c, Score::MIN, Score::MAX).unwrap();
        let plain = alphabeta_failsoft(&t, &TreeEval, &0, &c).unwrap();
        prop_assert_eq!(full, v);
        prop_assert_eq!(counts(&fs), counts(&plain.stats));
    }
}

// ---------------------------------------------------------------------------------------
// 2. The leaves the textbook procedure evaluates, in its order

/// The textbook alpha-beta of the Wikipedia article ("Alpha-beta pruning", pseudocode),
/// written directly on the explicit tree, recording the leaves it evaluates. `soft` selects
/// the fail-soft form (alpha/beta updated before the cutoff test) or the fail-hard form
/// (updated after it). One deliberate difference: the article's fail-hard form tests
/// `value > beta` / `value < alpha`; this one tests `>=` / `<=`, as Knuth & Moore and the
/// fail-soft form do, which is the contract of our searches.
fn textbook(
    t: &ExplicitTree,
    root: Player,
    node: NodeId,
    mut alpha: Score,
    mut beta: Score,
    soft: bool,
    log: &mut Vec<NodeId>,
) -> Score {
    if t.is_leaf(node) {
        log.push(node);
        // The root player's score in player 0's terms (player 0 maximises it).
        let v = t.value(node).expect("a leaf has a value");
        return if root == Player::new(0) { v[0] } else { -v[1] };
    }
    if t.to_move(&node) == Player::new(0) {
        let mut value = -INF;
        for child in t.children(node) {
            value = value.max(textbook(t, root, child, alpha, beta, soft, log));
            if soft {
                alpha = alpha.max(value);
                if value >= beta {
                    break;
                }
            } else {
                if value >= beta {
                    break;
                }
                alpha = alpha.max(value);
            }
        }
        value
    } else {
        let mut value = INF;
        for child in t.children(node) {
            value = value.min(textbook(t, root, child, alpha, beta, soft, log));
            if soft {
                beta = beta.min(value);
                if value <= alpha {
                    break;
                }
            } else {
                if value <= alpha {
                    break;
                }
                beta = beta.min(value);
            }
        }
        value
    }
}

type RecordingSearch = for<'a, 'b> fn(
    &'b Recording<'a>,
    &'b RecEval,
    &'b NodeId,
    &'b Config,
) -> Result<SearchResult<u32>, SearchError>;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Fail-hard alpha-beta, fail-soft alpha-beta and negamax evaluate exactly the leaves
    /// the textbook procedure evaluates, in the same order (the last outcome read is the
    /// leaf of the principal variation, read once more to report its vector).
    #[test]
    fn evaluated_leaves_are_the_textbook_ones(seed in any::<u64>(), shape in shape()) {
        let t = random_tree(seed, &shape);
        let root = t.to_move(&0);
        let mut hard_log = Vec::new();
        let hard_value = textbook(&t, root, 0, -INF, INF, false, &mut hard_log);
        let mut soft_log = Vec::new();
        let soft_value = textbook(&t, root, 0, -INF, INF, true, &mut soft_log);
        prop_assert_eq!(&hard_log, &soft_log);
        prop_assert_eq!(hard_value, soft_value);
        let algorithms: [(&str, RecordingSearch); 3] = [
            ("alphabeta", |g, e, s, c| alphabeta(g, e, s, c)),
            ("alphabeta_failsoft", |g, e, s, c| alphabeta_failsoft(g, e, s, c)),
            ("negamax", |g, e, s, c| negamax(g, e, s, c)),
        ];
        for (name, search) in algorithms {
            let game = Recording::new(&t);
            let r = search(&game, &RecEval, &0, &Config::unlimited()).unwrap();
            prop_assert_eq!(key(&r.value, root), soft_value, "{} value", name);
            let pv_leaf = r.pv.iter().fold(0, |s, &m| t.play(&s, m));
            prop_assert!(t.is_leaf(pv_leaf), "{}: the pv reaches a leaf", name);
            let mut expected = soft_log.clone();
            expected.push(pv_leaf);
            prop_assert_eq!(&*game.log.borrow(), &expected, "{} leaves", name);
            prop_assert_eq!(r.stats.leaves as usize, soft_log.len());
        }
    }
}

// ---------------------------------------------------------------------------------------
// 3. Knuth–Moore best case on uniform trees

/// An implicit uniform tree of degree `b` and depth `d`, player 0 moving at even plies.
/// With `equal` every leaf is 0; otherwise a leaf's value (player 0's score, zero-sum) is
/// the number of non-first moves made by player 1 minus the number made by player 0, so at
/// every node the first child is strictly best for the player to move (the subtrees below
/// the children are identical up to that constant).
#[derive(Clone, Copy, Debug)]
struct Uniform {
    b: u32,
    d: u32,
    equal: bool,
}

#[derive(Clone, Copy, Debug)]
struct UState {
    ply: u32,
    value: Score,
}

impl Game for Uniform {
    type State = UState;
    type Move = u32;
    fn players(&self) -> usize {
        2
    }
    fn initial(&self) -> UState {
        UState { ply: 0, value: 0 }
    }
    fn to_move(&self, s: &UState) -> Player {
        Player::new(s.ply as usize % 2)
    }
    fn moves(&self, s: &UState, out: &mut Vec<u32>) {
        if s.ply < self.d {
            out.extend(0..self.b);
        }
    }
    fn play(&self, s: &UState, mv: u32) -> UState {
        let step = match (self.equal || mv == 0, s.ply % 2) {
            (true, _) => 0,
            (false, 0) => -1,
            (false, _) => 1,
        };
        UState {
            ply: s.ply + 1,
            value: s.value + step,
        }
    }
    fn outcome(&self, s: &UState) -> Option<Scores> {
        (s.ply == self.d).then_some(Scores::zero_sum(s.value))
    }
}

struct NoEval;

impl Evaluator<Uniform> for NoEval {
    fn evaluate(&self, _: &Uniform, _: &UState) -> Scores {
        Scores::zeros(2)
    }
    fn bounds(&self, _: &Uniform) -> Bounds {
        Bounds::none()
    }
}

fn knuth_moore(b: u64, d: u32) -> u64 {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}

type UniformSearch =
    fn(&Uniform, &NoEval, &UState, &Config) -> Result<SearchResult<u32>, SearchError>;

/// Knuth & Moore's best case: on a uniform tree ordered best-first (and on one whose
/// leaves are all equal), the three pruning searches evaluate exactly
/// b^ceil(d/2) + b^floor(d/2) - 1 leaves, for every b in 2..=8 and d in 1..=8 (b = d = 8 is
/// a tree of 16.7 million leaves, searched implicitly).
#[test]
fn knuth_moore_best_case_leaf_count() {
    let algorithms: [(&str, UniformSearch); 3] = [
        ("alphabeta", alphabeta::<Uniform, NoEval>),
        ("alphabeta_failsoft", alphabeta_failsoft::<Uniform, NoEval>),
        ("negamax", negamax::<Uniform, NoEval>),
    ];
    for b in 2..=8u32 {
        for d in 1..=8u32 {
            for equal in [false, true] {
                let g = Uniform { b, d, equal };
                let mut stats = Vec::new();
                for (name, search) in algorithms {
                    let r = search(&g, &NoEval, &g.initial(), &Config::unlimited()).unwrap();
                    assert_eq!(
                        r.stats.leaves,
                        knuth_moore(b as u64, d),
                        "{name} b={b} d={d} equal={equal}"
                    );
                    assert_eq!(r.score, 0, "{name}");
                    assert_eq!(r.pv, vec![0; d as usize], "{name}");
                    stats.push(counts(&r.stats));
                }
                assert_eq!(stats[0], stats[1]);
                assert_eq!(stats[1], stats[2]);
            }
        }
    }
}

/// Minimax visits all (b^(d+1) - 1) / (b - 1) nodes of a uniform tree, and the implicit
/// tree's values are what it claims: the value is 0, reached by the all-first line.
#[test]
fn minimax_visits_the_whole_uniform_tree() {
    for b in 2..=4u64 {
        for d in 1..=5u32 {
            let g = Uniform {
                b: b as u32,
                d,
                equal: false,
            };
            let r = minimax(&g, &NoEval, &g.initial(), &Config::unlimited()).unwrap();
            assert_eq!(r.stats.nodes, (b.pow(d + 1) - 1) / (b - 1), "b={b} d={d}");
            assert_eq!(r.stats.leaves, b.pow(d));
            assert_eq!(r.score, 0);
            assert_eq!(r.pv, vec![0; d as usize]);
        }
    }
}

/// The same best case on explicit uniform trees (the common generator), where each leaf's
/// value comes from its left-to-right index, whose base-b digits are the moves.
#[test]
fn knuth_moore_on_explicit_uniform_trees() {
    for b in 2..=4u32 {
        for d in 1..=5u32 {
            let t = uniform_tree(2, b, d, TreeOptions::default(), &mut |k| {
                let mut v = 0;
                for i in 0..d {
                    let digit = (k / (b as u64).pow(d - 1 - i)) % b as u64;
                    if digit != 0 {
                        v += if i % 2 == 0 { -1 } else { 1 };
                    }
                }
                Scores::zero_sum(v)
            });
            let mm = minimax(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_eq!(mm.stats.leaves, (b as u64).pow(d));
            let algorithms: [Search<TreeEval>; 3] = [alphabeta, alphabeta_failsoft, negamax];
            for search in algorithms {
                let r = search(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
                assert_eq!(r.stats.leaves, knuth_moore(b as u64, d), "b={b} d={d}");
                assert_eq!(r.value, mm.value);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 4. Errors, limits, depth limits, iterative deepening

fn tree(json: &str) -> ExplicitTree {
    ExplicitTree::from_json_str(json).expect("valid tree")
}

#[test]
fn more_than_two_players_is_refused() {
    let t = tree(
        r#"{ "players": 3, "root": { "player": 0, "children": [ {"value": [1, 2, 3]}, {"value": [3, 2, 1]} ] } }"#,
    );
    let c = Config::unlimited();
    let algorithms: [(&str, Search<TreeEval>); 4] = [
        ("minimax", minimax),
        ("alphabeta", alphabeta),
        ("alphabeta-failsoft", alphabeta_failsoft),
        ("negamax", negamax),
    ];
    for (name, search) in algorithms {
        assert_eq!(
            search(&t, &TreeEval, &0, &c),
            Err(SearchError::TooManyPlayers {
                algorithm: name,
                players: 3
            })
        );
    }
    assert!(matches!(
        alphabeta_window(&t, &TreeEval, &0, &c, 0, 1),
        Err(SearchError::TooManyPlayers { players: 3, .. })
    ));
    assert!(matches!(
        alphabeta_failsoft_window(&t, &TreeEval, &0, &c, 0, 1),
        Err(SearchError::TooManyPlayers { players: 3, .. })
    ));
    assert!(matches!(
        negamax_window(&t, &TreeEval, &0, &c, 0, 1),
        Err(SearchError::TooManyPlayers { players: 3, .. })
    ));
}

#[test]
fn node_limit_stops_every_search() {
    let shape = Shape {
        players: 2,
        max_branch: 4,
        max_depth: 5,
        early_leaf_percent: 10,
        turns: Turns::RoundRobin,
        leaves: Leaves::ZeroSum { max: 20 },
    };
    let t = random_tree(7, &shape);
    let algorithms: [Search<TreeEval>; 4] = [minimax, alphabeta, alphabeta_failsoft, negamax];
    for search in algorithms {
        let full = search(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert!(full.stats.nodes > 10);
        let mut c = Config::unlimited();
        c.limits.nodes = Some(full.stats.nodes);
        assert_eq!(search(&t, &TreeEval, &0, &c).unwrap().value, full.value);
        c.limits.nodes = Some(full.stats.nodes - 1);
        match search(&t, &TreeEval, &0, &c) {
            Err(SearchError::Stopped(StopReason::NodeLimit, stats)) => {
                assert_eq!(stats.nodes, full.stats.nodes - 1);
            }
            other => panic!("expected a node-limit stop, got {other:?}"),
        }
    }
}

#[test]
fn depth_limit_reads_inner_heuristic_values() {
    // Depth 1 sees the heuristic values 4 and 7 and picks the second child; the full search
    // sees that it is worth 1 and picks the first (worth 2).
    let t = tree(
        r#"{ "players": 2, "root": { "player": 0, "value": 0, "children": [
            { "player": 1, "value": 4, "children": [ {"value": 2}, {"value": 5} ] },
            { "player": 1, "value": 7, "children": [ {"value": 9}, {"value": 1} ] } ] } }"#,
    );
    let algorithms: [Search<TreeEval>; 4] = [minimax, alphabeta, alphabeta_failsoft, negamax];
    for search in algorithms {
        let r = search(&t, &TreeEval, &0, &Config::depth(1)).unwrap();
        assert_eq!((r.score, r.best_move, r.pv.clone()), (7, Some(1), vec![1]));
        assert_eq!(r.value, Scores::zero_sum(7));
        assert_eq!(r.stats.depth, 1);
        let r = search(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(
            (r.score, r.best_move, r.pv.clone()),
            (2, Some(0), vec![0, 0])
        );
        let r = search(&t, &TreeEval, &0, &Config::depth(0)).unwrap();
        assert_eq!((r.score, r.best_move, r.pv.len()), (0, None, 0));
        assert_eq!((r.stats.nodes, r.stats.leaves), (1, 1));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// Iterative deepening over alpha-beta returns the fixed-depth search's answer, with the
    /// counts of every iteration summed.
    #[test]
    fn iterative_deepening_returns_the_fixed_depth_answer(
        seed in any::<u64>(),
        shape in shape(),
        depth in 1u32..=8,
    ) {
        let t = tree_with_inner_values(seed, &shape);
        let fixed = alphabeta(&t, &TreeEval, &0, &Config::depth(depth)).unwrap();
        let mut iterations = 0u64;
        let mut nodes = 0u64;
        let id = iterative_deepening(&Config::depth(depth), |c| {
            let r = alphabeta(&t, &TreeEval, &0, c);
            if let Ok(r) = &r {
                iterations += 1;
                nodes += r.stats.nodes;
            }
            r
        })
        .unwrap();
        prop_assert_eq!(id.score, fixed.score);
        prop_assert_eq!(id.value, fixed.value);
        prop_assert_eq!(id.best_move, fixed.best_move);
        prop_assert_eq!(&id.pv, &fixed.pv);
        prop_assert_eq!(id.stats.iterations as u64, iterations);
        prop_assert_eq!(id.stats.nodes, nodes);
        prop_assert_eq!(id.stats.expansions, nodes - iterations);
    }
}

// ---------------------------------------------------------------------------------------
// 5. Named trees

/// Russell & Norvig, "Artificial Intelligence: A Modern Approach", figures 5.2 and 5.5:
/// value 3 by the first move; alpha-beta skips the leaves 4 and 6. The third min node
/// fails low only at its last leaf, which prunes nothing and is not counted as a cutoff.
#[test]
fn russell_norvig_figure_5_2() {
    let t = tree(
        r#"{ "players": 2, "root": { "player": 0, "children": [
            { "player": 1, "children": [ {"value": 3}, {"value": 12}, {"value": 8} ] },
            { "player": 1, "children": [ {"value": 2}, {"value": 4}, {"value": 6} ] },
            { "player": 1, "children": [ {"value": 14}, {"value": 5}, {"value": 2} ] } ] } }"#,
    );
    let c = Config::unlimited();
    let mm = minimax(&t, &TreeEval, &0, &c).unwrap();
    assert_eq!((mm.score, mm.best_move, mm.stats.leaves), (3, Some(0), 9));
    let algorithms: [Search<TreeEval>; 3] = [alphabeta, alphabeta_failsoft, negamax];
    for search in algorithms {
        let r = search(&t, &TreeEval, &0, &c).unwrap();
        assert_eq!(
            (r.score, r.best_move, r.pv.clone()),
            (3, Some(0), vec![0, 0])
        );
        assert_eq!(r.value, Scores::zero_sum(3));
        assert_eq!((r.stats.nodes, r.stats.leaves), (11, 7));
        assert_eq!((r.stats.cutoffs.alpha, r.stats.cutoffs.beta), (1, 0));
    }
}

/// Ties go to the first move, at the root and below, and the value vector is the first
/// best leaf's even when the tree is not zero-sum.
#[test]
fn ties_go_to_the_first_move() {
    let t = tree(
        r#"{ "players": 2, "root": { "player": 0, "children": [
            { "player": 1, "children": [ {"value": [3, 1]}, {"value": [5, 0]}, {"value": [3, 2]} ] },
            { "player": 1, "children": [ {"value": [3, 9]}, {"value": [4, 9]} ] },
            { "value": [3, 7] } ] } }"#,
    );
    let algorithms: [Search<TreeEval>; 4] = [minimax, alphabeta, alphabeta_failsoft, negamax];
    for search in algorithms {
        let r = search(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.best_move, Some(0));
        assert_eq!(r.pv, vec![0, 0]);
        assert_eq!(r.value, Scores::from_slice(&[3, 1]));
        assert_eq!(r.score, 3);
    }
    // Player 1 to move at the root: it maximises its own score (not minimises player 0's,
    // which ties at 2 between the last two), and `score` is its own. In the second tree its
    // score ties between the last two: the first of them, whatever player 0 gets.
    for (leaves, best) in [([[6, 0], [2, 5], [2, 8]], 2), ([[6, 0], [2, 8], [1, 8]], 1)] {
        let children: Vec<String> = leaves
            .iter()
            .map(|[a, b]| format!(r#"{{ "value": [{a}, {b}] }}"#))
            .collect();
        let t = tree(&format!(
            r#"{{ "players": 2, "root": {{ "player": 1, "children": [{}] }} }}"#,
            children.join(", ")
        ));
        for search in algorithms {
            let r = search(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_eq!((r.best_move, r.score), (Some(best), 8), "{leaves:?}");
            assert_eq!(
                r.value,
                Scores::from_slice(&leaves[best as usize]),
                "{leaves:?}"
            );
        }
    }
}

/// A line that fails low below the root must not leak into the principal variation: the
/// second root move is refuted after its first reply, whose own best line differs.
#[test]
fn the_pv_ignores_refuted_lines() {
    let t = tree(
        r#"{ "players": 2, "root": { "player": 0, "children": [
            { "player": 1, "children": [
                { "player": 0, "children": [ {"value": 5}, {"value": 6} ] },
                { "player": 0, "children": [ {"value": 8}, {"value": 7} ] } ] },
            { "player": 1, "children": [
                { "player": 0, "children": [ {"value": 1}, {"value": 4} ] },
                { "player": 0, "children": [ {"value": 9}, {"value": 9} ] } ] } ] } }"#,
    );
    let algorithms: [Search<TreeEval>; 4] = [minimax, alphabeta, alphabeta_failsoft, negamax];
    for search in algorithms {
        let r = search(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!((r.score, r.pv.clone()), (6, vec![0, 0, 1]));
        assert_eq!(r.value, Scores::zero_sum(6));
    }
}

/// The four-level tutorial example (A max; B, C min; D, E, F, G max over two leaves each:
/// 3 5 | 6 9 | 1 2 | 0 -1): value 5 by the first move; alpha-beta evaluates only the leaves
/// 3, 5, 6, 1, 2 (a beta cutoff at E skips 9, an alpha cutoff at C skips G).
#[test]
fn tutorial_example_abcdefg() {
    let t = tree(
        r#"{ "players": 2, "root": { "player": 0, "label": "A", "children": [
            { "player": 1, "label": "B", "children": [
                { "player": 0, "label": "D", "children": [ {"value": 3}, {"value": 5} ] },
                { "player": 0, "label": "E", "children": [ {"value": 6}, {"value": 9} ] } ] },
            { "player": 1, "label": "C", "children": [
                { "player": 0, "label": "F", "children": [ {"value": 1}, {"value": 2} ] },
                { "player": 0, "label": "G", "children": [ {"value": 0}, {"value": -1} ] } ] } ] } }"#,
    );
    let mm = minimax(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(
        (mm.score, mm.pv.clone(), mm.stats.leaves),
        (5, vec![0, 0, 1], 8)
    );
    let c = Config {
        trace: true,
        ..Config::unlimited()
    };
    let algorithms: [Search<TreeEval>; 3] = [alphabeta, alphabeta_failsoft, negamax];
    for search in algorithms {
        let r = search(&t, &TreeEval, &0, &c).unwrap();
        assert_eq!((r.score, r.pv.clone()), (5, vec![0, 0, 1]));
        assert_eq!((r.stats.leaves, r.stats.nodes), (5, 11));
        assert_eq!((r.stats.cutoffs.alpha, r.stats.cutoffs.beta), (1, 1));
        let cut_at: Vec<_> = r.trace.iter().map(|e| (e.path.clone(), e.kind)).collect();
        assert_eq!(
            cut_at,
            vec![(vec![0, 1], CutoffKind::Beta), (vec![1], CutoffKind::Alpha)]
        );
        let labels: Vec<_> = r
            .trace
            .iter()
            .map(|e| t.label(e.path.iter().fold(0, |s, &m| t.play(&s, m))))
            .collect();
        assert_eq!(labels, vec![Some("E"), Some("C")]);
    }
}
