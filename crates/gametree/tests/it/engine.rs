//! The engine (issue #5): every configuration (table, each ordering heuristic, PVS,
//! aspiration, MTD(f), lazy SMP, distance-to-end scores) returns at a fixed depth exactly
//! the value of plain alpha-beta, on thousands of random explicit trees; iterative deepening
//! reports every depth's value; paranoid in parallel equals paranoid.

use proptest::prelude::*;

use gametree::search::alphabeta::alphabeta;
use gametree::search::engine::{self, GameHash, NoHash, Options, Root, Side};
use gametree::search::minimax::key;
use gametree::search::ordering::Ordering;
use gametree::search::parallel::search_parallel;
use gametree::search::paranoid::paranoid;
use gametree::search::{aspiration, mtdf, pvs, Config, Limits, SearchError};
use gametree::tree::{ExplicitTree, Node, TreeEval, TreeOptions};
use gametree::{Game, Score, Scores};

use crate::common::{random_tree, Leaves, Shape, SplitMix64, Turns};

/// The win magnitude of the trees with decisive leaves.
const WIN: Score = 1_000_000;

/// A two-player shape: 1..=5 children, depth 1..=7, uneven depths, either turn order,
/// zero-sum or independent small scores (ties abound).
fn shape2() -> impl Strategy<Value = Shape> {
    (
        1u32..=5,
        1u32..=7,
        0u64..=40,
        any::<bool>(),
        any::<bool>(),
        0i64..=3,
    )
        .prop_map(|(b, d, early, rr, zero_sum, max)| Shape {
            players: 2,
            max_branch: b,
            max_depth: if b >= 4 { d.min(5) } else { d },
            early_leaf_percent: early,
            turns: if rr {
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

/// The tree of `shape` with a heuristic value on every inner node (so every depth limit
/// can be searched); with `decisive`, zero-sum leaves of magnitude `max` become `±WIN`.
fn tree(seed: u64, shape: &Shape, decisive: bool) -> ExplicitTree {
    fn fill(node: &mut Node, rng: &mut SplitMix64, shape: &Shape, decisive: bool) {
        match node {
            Node::Inner {
                children, value, ..
            } => {
                *value = Some(match shape.leaves {
                    Leaves::ZeroSum { max } => Scores::zero_sum(rng.range(-max, max)),
                    Leaves::Small { max } => {
                        Scores::from_slice(&[rng.range(0, max), rng.range(0, max)])
                    }
                    _ => unreachable!(),
                });
                for c in children {
                    fill(c, rng, shape, decisive);
                }
            }
            Node::Leaf { value, .. } => {
                if let (true, Leaves::ZeroSum { max }) = (decisive, shape.leaves) {
                    if max > 0 && value[0].abs() == max {
                        *value = Scores::zero_sum(value[0].signum() * WIN);
                    }
                }
            }
        }
    }
    let t = random_tree(seed, shape);
    let mut root = t.to_node(0);
    let mut rng = SplitMix64(seed ^ 0xE461_7E57);
    fill(&mut root, &mut rng, shape, decisive);
    ExplicitTree::from_node(2, &root, TreeOptions::default()).expect("valid tree")
}

/// Every configuration of the engine that must agree with plain alpha-beta.
fn configurations(mate: Option<Score>) -> Vec<(&'static str, Options)> {
    let base = Options {
        mate,
        ..Options::PLAIN
    };
    let tt = Options {
        table_mib: 1,
        ..base
    };
    let tt_move = Options {
        ordering: Ordering {
            table_move: true,
            ..Ordering::NONE
        },
        ..tt
    };
    let killers = Options {
        ordering: Ordering {
            killers: true,
            ..tt_move.ordering
        },
        ..tt_move
    };
    let history = Options {
        ordering: Ordering::ALL,
        ..tt
    };
    vec![
        ("plain", base),
        ("tt", tt),
        ("tt+move", tt_move),
        ("tt+move+killers", killers),
        ("tt+all-ordering", history),
        (
            "aspiration(1)",
            Options {
                root: Root::Aspiration { delta: 1 },
                ..history
            },
        ),
        (
            "pvs",
            Options {
                pvs: true,
                ..history
            },
        ),
        (
            "pvs+aspiration(1)",
            Options {
                pvs: true,
                root: Root::Aspiration { delta: 1 },
                ..history
            },
        ),
        (
            "mtdf",
            Options {
                root: Root::Mtdf,
                ..history
            },
        ),
        (
            "mtdf-no-table",
            Options {
                root: Root::Mtdf,
                table_mib: 0,
                ..history
            },
        ),
        (
            "pvs-no-table",
            Options {
                pvs: true,
                table_mib: 0,
                ..history
            },
        ),
    ]
}

/// Checks every configuration on one tree at depth `depth` against alpha-beta.
fn check_tree(
    t: &ExplicitTree,
    depth: Option<u32>,
    mate: Option<Score>,
) -> Result<(), TestCaseError> {
    let config = Config {
        limits: Limits {
            depth,
            ..Limits::default()
        },
        trace: false,
        ..Config::default()
    };
    let root = t.initial();
    let oracle = alphabeta(t, &TreeEval, &root, &config).unwrap();
    // The root player's own score: the number every configuration maximises for it (the
    // trees need not be zero-sum, and ties in it may reach leaves that differ elsewhere).
    let p = t.to_move(&root);
    let want = oracle.value[p];
    for (name, options) in configurations(mate) {
        // Fixed depth, one search.
        let r =
            engine::search_fixed(t, &TreeEval, &GameHash, &root, &config, &options, None).unwrap();
        prop_assert_eq!(r.value[p], want, "{} fixed", name);
        prop_assert_eq!(r.score, r.value[t.to_move(&root)], "{} score", name);
        if let Some(m) = r.best_move {
            prop_assert_eq!(Some(&m), r.pv.first(), "{} best move", name);
        }
        // Iterative deepening: the last iteration and every earlier one.
        let r = engine::search(t, &TreeEval, &GameHash, &root, &config, &options).unwrap();
        prop_assert_eq!(r.result.value[p], want, "{} iterative", name);
        for it in &r.iterations {
            let c = Config::depth(it.depth);
            let v = alphabeta(t, &TreeEval, &root, &c).unwrap().value;
            // An iteration's value is the engine's number: the key, in player 0's terms.
            prop_assert_eq!(it.value, key(&v, p), "{} iteration {}", name, it.depth);
        }
        prop_assert_eq!(
            r.result.stats.nodes,
            r.result.stats.expansions + r.result.stats.iterations as u64
        );
        // Without hashes at all.
        let r =
            engine::search_fixed(t, &TreeEval, &NoHash, &root, &config, &options, None).unwrap();
        prop_assert_eq!(r.value[p], want, "{} no hash", name);
    }
    // A one-bucket table: constant replacement.
    let tiny = gametree::search::tt::Table::with_bytes(gametree::search::tt::BUCKET_BYTES);
    let options = Options {
        pvs: true,
        mate,
        ..Options::STRONG
    };
    let mut s = engine::Searcher::new(t, &TreeEval, &GameHash, Some(&tiny), &root, &options);
    let r = engine::iterate(&mut s, &root, &config, &options, None).unwrap();
    prop_assert_eq!(r.result.value[p], want, "one-bucket table");
    // Lazy SMP, two threads, table shared.
    let par = Options {
        threads: 2,
        pvs: true,
        table_mib: 1,
        mate,
        ..Options::STRONG
    };
    let r = search_parallel(t, &TreeEval, &GameHash, &root, &config, &par).unwrap();
    prop_assert_eq!(r.result.value[p], want, "parallel");
    // The registry entries.
    for (name, f) in [
        ("pvs", pvs::pvs as fn(&_, &_, &_, &_) -> _),
        ("mtdf", mtdf::mtdf),
        ("aspiration", aspiration::aspiration),
    ] {
        let r: gametree::search::SearchResult<u32> = f(t, &TreeEval, &root, &config).unwrap();
        prop_assert_eq!(r.value[p], want, "registry {}", name);
        prop_assert_eq!(r.stats.nodes, r.stats.expansions + 1);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_500))]

    /// 2,500 random trees: every configuration equals plain alpha-beta at a random depth
    /// limit (or none), including iterative deepening's every iteration.
    #[test]
    fn every_configuration_equals_alphabeta(seed in any::<u64>(), shape in shape2(), d in 0u32..=8, limited in any::<bool>()) {
        let t = tree(seed, &shape, false);
        check_tree(&t, limited.then_some(d), None)?;
    }

    /// 1,000 random zero-sum trees with decisive leaves (`±WIN`) and distance-to-end
    /// scoring on: the values reported are still exactly alpha-beta's.
    #[test]
    fn decisive_scores_map_back_to_plain_values(seed in any::<u64>(), shape in shape2(), d in 1u32..=8) {
        let mut shape = shape;
        shape.leaves = Leaves::ZeroSum { max: 3 };
        let t = tree(seed, &shape, true);
        check_tree(&t, Some(d), Some(WIN))?;
    }
}

/// A three-player shape for paranoid.
fn shape3() -> impl Strategy<Value = Shape> {
    (2usize..=4, 1u32..=4, 1u32..=5, 0u64..=30).prop_map(|(players, b, d, early)| Shape {
        players,
        max_branch: b,
        max_depth: d,
        early_leaf_percent: early,
        turns: Turns::RoundRobin,
        leaves: Leaves::Small { max: 4 },
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// Paranoid: the engine with the root mover as its side, serial and with two threads,
    /// equals [`paranoid`] on 2- to 4-player trees.
    #[test]
    fn paranoid_engine_serial_and_parallel(seed in any::<u64>(), shape in shape3()) {
        let t = random_tree(seed, &shape);
        let root = t.initial();
        let config = Config::unlimited();
        let want = paranoid(&t, &TreeEval, &root, &config).unwrap();
        let me = t.to_move(&root);
        for threads in [1, 2] {
            let options = Options { side: Side::RootMover, threads, table_mib: 1, ..Options::STRONG };
            let r = search_parallel(&t, &TreeEval, &GameHash, &root, &config, &options).unwrap();
            prop_assert_eq!(r.result.value[me], want.value[me], "threads {}", threads);
            prop_assert_eq!(r.result.score, want.score);
        }
    }
}

#[test]
fn side_first_refuses_three_players() {
    let t = ExplicitTree::from_json_str(
        r#"{"players":3,"root":{"player":0,"children":[{"value":[1,2,3]}]}}"#,
    )
    .unwrap();
    let e = engine::search(
        &t,
        &TreeEval,
        &GameHash,
        &0,
        &Config::depth(2),
        &Options::STRONG,
    );
    assert!(matches!(
        e,
        Err(SearchError::TooManyPlayers { players: 3, .. })
    ));
    assert!(matches!(
        pvs::pvs(&t, &TreeEval, &0, &Config::depth(2)),
        Err(SearchError::TooManyPlayers { .. })
    ));
}

#[test]
fn node_limit_returns_the_last_completed_iteration() {
    let t = crate::common::uniform_tree(2, 3, 6, TreeOptions::default(), &mut |k| {
        Scores::zero_sum((k % 7) as Score)
    });
    let config = Config {
        limits: Limits {
            depth: Some(6),
            nodes: Some(60),
            ..Limits::default()
        },
        trace: false,
        ..Config::default()
    };
    let r = engine::search(&t, &TreeEval, &GameHash, &0, &config, &Options::PLAIN).unwrap();
    let completed = r.iterations.len() as u32;
    assert!((1..6).contains(&completed), "{completed}");
    assert_eq!(r.result.stats.depth, completed);
    let v = alphabeta(&t, &TreeEval, &0, &Config::depth(completed)).unwrap();
    assert_eq!(r.result.value[0], v.value[0]);
    // Not even depth 1: an error carrying the counts.
    let config = Config {
        limits: Limits {
            depth: Some(6),
            nodes: Some(2),
            ..Limits::default()
        },
        trace: false,
        ..Config::default()
    };
    match engine::search(&t, &TreeEval, &GameHash, &0, &config, &Options::PLAIN) {
        Err(SearchError::Stopped(_, s)) => assert_eq!(s.nodes, 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn pvs_counts_re_searches() {
    // Child 0 is poor for MAX, child 1 better: the null window on child 1 fails high and
    // PVS searches it again.
    let t = ExplicitTree::from_json_str(
        r#"{"players":2,"root":{"player":0,"children":[
            {"player":1,"children":[{"value":1},{"value":2}]},
            {"player":1,"children":[{"value":5},{"value":6}]}]}}"#,
    )
    .unwrap();
    let r = pvs::pvs(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(r.score, 5);
    assert_eq!(r.pv, vec![1, 0]);
    assert_eq!(r.stats.re_searches, 1);
    let m = mtdf::mtdf(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.score, 5);
    assert_eq!(m.best_move, Some(1));
    assert!(m.stats.re_searches >= 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// With every enhancement off, the engine is fail-soft alpha-beta node for node: the
    /// same nodes, leaves and cutoffs as [`alphabeta_failsoft`], and the same PV.
    #[test]
    fn plain_engine_is_failsoft_alphabeta_node_for_node(seed in any::<u64>(), shape in shape2(), d in 0u32..=8) {
        let t = tree(seed, &shape, false);
        let config = Config::depth(d);
        let want = gametree::search::alphabeta_failsoft::alphabeta_failsoft(&t, &TreeEval, &0, &config).unwrap();
        let got = engine::search_fixed(&t, &TreeEval, &NoHash, &0, &config, &Options::PLAIN, None).unwrap();
        prop_assert_eq!(got.stats.nodes, want.stats.nodes);
        prop_assert_eq!(got.stats.leaves, want.stats.leaves);
        prop_assert_eq!(got.stats.cutoffs, want.stats.cutoffs);
        prop_assert_eq!(&got.pv, &want.pv);
        prop_assert_eq!(got.value, want.value);
        prop_assert_eq!(got.stats.re_searches, 0);
    }
}

/// The positions of `t` in breadth-first order, at most `n` of them (the root first).
fn positions(t: &ExplicitTree, n: usize) -> Vec<u32> {
    let mut out = vec![t.initial()];
    let mut moves = Vec::new();
    let mut i = 0;
    while i < out.len() && out.len() < n {
        moves.clear();
        t.moves(&out[i], &mut moves);
        for &m in &moves {
            out.push(t.play(&out[i], m));
        }
        i += 1;
    }
    out.truncate(n);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// One engine, its table kept, searches many positions of a 2- to 4-player tree in turn
    /// (paranoid: the side is the player to move, so it changes from search to search), then
    /// the root again: every value equals paranoid's, serial and with two threads. The side
    /// is mixed into the table's keys; without it a search reads the entries another side
    /// stored (this test then fails).
    #[test]
    fn a_kept_table_changes_no_value(seed in any::<u64>(), shape in shape3(), threads in 1usize..=2) {
        let t = random_tree(seed, &shape);
        let options = Options { side: Side::RootMover, threads, table_mib: 1, ..Options::STRONG };
        let e = engine::Engine::new(&options).unwrap();
        let mut order = positions(&t, 12);
        order.push(t.initial());
        for s in order {
            if t.outcome(&s).is_some() {
                continue;
            }
            let want = paranoid(&t, &TreeEval, &s, &Config::unlimited()).unwrap();
            let me = t.to_move(&s);
            let r = if threads == 1 {
                e.search(&t, &TreeEval, &GameHash, &s, &Config::unlimited())
            } else {
                e.search_parallel(&t, &TreeEval, &GameHash, &s, &Config::unlimited())
            }
            .unwrap();
            prop_assert_eq!(r.result.value[me], want.value[me], "node {}", s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Lazy SMP with 1 to 4 threads: the value of every iteration the answering thread
    /// completed equals plain alpha-beta's at that depth (so the serial engine's), and the
    /// final value the fixed-depth value.
    #[test]
    fn parallel_iterations_equal_alphabeta_for_any_thread_count(seed in any::<u64>(), shape in shape2(), d in 1u32..=8) {
        let t = tree(seed, &shape, false);
        let root = t.initial();
        let config = Config::depth(d);
        for threads in 1..=4 {
            let options = Options { threads, table_mib: 1, ..Options::STRONG };
            let r = search_parallel(&t, &TreeEval, &GameHash, &root, &config, &options).unwrap();
            // Iterations report the engine's number (the key); the result, the root
            // player's own score.
            let p = t.to_move(&root);
            for it in &r.iterations {
                let v = alphabeta(&t, &TreeEval, &root, &Config::depth(it.depth)).unwrap().value;
                prop_assert_eq!(it.value, key(&v, p), "threads {} depth {}", threads, it.depth);
            }
            let want = alphabeta(&t, &TreeEval, &root, &config).unwrap().value[p];
            prop_assert_eq!(r.result.value[p], want, "threads {}", threads);
        }
    }
}
