//! The stop request (`Limits::stop`): a flag that is never raised changes nothing (value,
//! move and every count equal the search without it, for every algorithm on random trees);
//! a raised flag stops every algorithm within one clock interval of work, with
//! `StopReason::Interrupted`; and a flag raised by another thread stops a running search.

use std::sync::atomic::AtomicBool;

use gametree::search::mcts::{mcts, MctsConfig};
use gametree::search::{
    run, Algorithm, Config, Limits, SearchError, Stop, StopReason, DEADLINE_CHECK_INTERVAL,
};
use gametree::tree::TreeEval;
use gametree::{Game, Scores};

use crate::common::{random_tree, uniform_tree, Leaves, Shape, SplitMix64, Turns};

fn with_stop(config: &Config, stop: Stop) -> Config {
    Config {
        limits: Limits {
            stop: Some(stop),
            ..config.limits
        },
        ..*config
    }
}

#[test]
fn a_stop_never_requested_changes_no_result_and_no_count() {
    let stop = Stop::leak();
    for seed in 0..300u64 {
        let players = 2 + (seed % 5) as usize;
        let shape = Shape {
            players,
            max_branch: 4,
            max_depth: 5,
            early_leaf_percent: 10,
            turns: Turns::RoundRobin,
            leaves: Leaves::ConstantSum { maxsum: 12 },
        };
        let tree = random_tree(seed, &shape);
        let state = tree.initial();
        for depth in [None, Some(3)] {
            let config = Config {
                limits: Limits {
                    depth,
                    ..Limits::default()
                },
                ..Config::default()
            };
            for &algorithm in Algorithm::ALL {
                let plain = run(algorithm, &tree, &TreeEval, &state, &config);
                let stopped = run(
                    algorithm,
                    &tree,
                    &TreeEval,
                    &state,
                    &with_stop(&config, stop),
                );
                match (plain, stopped) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a.value, b.value, "{algorithm} seed {seed}");
                        assert_eq!(a.best_move, b.best_move, "{algorithm} seed {seed}");
                        assert_eq!(a.pv, b.pv, "{algorithm} seed {seed}");
                        let (mut sa, mut sb) = (a.stats, b.stats);
                        sa.elapsed_ms = 0.0;
                        sb.elapsed_ms = 0.0;
                        assert_eq!(sa, sb, "{algorithm} seed {seed}");
                    }
                    (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                    (a, b) => panic!("{algorithm} seed {seed}: {a:?} against {b:?}"),
                }
            }
            let m = MctsConfig {
                iterations: 300,
                ..MctsConfig::default()
            };
            let a = mcts(&tree, &TreeEval, &state, &config, &m).expect("mcts");
            let b = mcts(&tree, &TreeEval, &state, &with_stop(&config, stop), &m).expect("mcts");
            assert_eq!(
                (a.value, a.best_move, a.stats.nodes),
                (b.value, b.best_move, b.stats.nodes)
            );
        }
    }
}

/// A uniform constant-sum tree of 2 players (so every algorithm applies), branching 4, depth
/// 8: 87,381 nodes, far more than one clock interval, so no algorithm finishes it before
/// looking at the flag.
fn big_tree() -> gametree::tree::ExplicitTree {
    let mut rng = SplitMix64(7);
    let options = gametree::tree::TreeOptions {
        maxsum: Some(30),
        ..Default::default()
    };
    uniform_tree(2, 4, 8, options, &mut |_| {
        let a = rng.range(0, 30);
        Scores::from_slice(&[a, 30 - a])
    })
}

#[test]
fn a_requested_stop_stops_every_algorithm_within_one_clock_interval() {
    let tree = big_tree();
    let state = tree.initial();
    let stop = Stop::leak();
    stop.request();
    let config = with_stop(&Config::default(), stop);
    for &algorithm in Algorithm::ALL {
        match run(algorithm, &tree, &TreeEval, &state, &config) {
            Err(SearchError::Stopped(StopReason::Interrupted, stats)) => {
                assert!(
                    stats.nodes <= DEADLINE_CHECK_INTERVAL,
                    "{algorithm}: {}",
                    stats.nodes
                );
            }
            other => panic!("{algorithm}: {other:?}"),
        }
    }
    match mcts(&tree, &TreeEval, &state, &config, &MctsConfig::default()) {
        Err(SearchError::Stopped(StopReason::Interrupted, _)) => {}
        other => panic!("mcts: {other:?}"),
    }
    // Withdrawn, the same flag lets the search finish.
    stop.clear();
    let done = run(Algorithm::Maxn, &tree, &TreeEval, &state, &config).expect("maxn");
    assert_eq!(done.stats.nodes, 87_381);
}

#[test]
fn a_stop_requested_by_another_thread_ends_a_running_search() {
    static FLAG: AtomicBool = AtomicBool::new(false);
    let stop = Stop::new(&FLAG);
    let tree = big_tree();
    let state = tree.initial();
    let config = with_stop(&Config::default(), stop);
    // The search repeats until the other thread's request reaches it; without the request
    // it would repeat for ever, so the test ends only through the flag.
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.request();
        });
        let mut searches = 0u64;
        loop {
            searches += 1;
            match run(Algorithm::Maxn, &tree, &TreeEval, &state, &config) {
                Ok(r) => assert_eq!(r.stats.nodes, 87_381),
                Err(SearchError::Stopped(StopReason::Interrupted, _)) => break,
                Err(e) => panic!("{e}"),
            }
        }
        assert!(searches >= 1);
    });
    assert!(stop.is_requested());
    assert_eq!(stop, Stop::new(&FLAG));
    assert_ne!(stop, Stop::leak());
}
