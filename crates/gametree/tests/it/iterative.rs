//! The iterative-deepening driver (`search::iterative::deepen`): its accounting on scripted
//! iterations (a stopped iteration is dropped, its nodes kept; a skipped one goes on), the
//! engine's iteration count after a stopped iteration, and the property that the driver's
//! answer is the fixed-depth search at its last completed depth.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use proptest::prelude::*;

use gametree::search::engine::{self, GameHash, Options};
use gametree::search::iterative::{deepen, iterative_deepening, DepthSchedule, Iteration};
use gametree::search::{
    run, run_iterative, Algorithm, Config, Limits, SearchError, SearchResult, Stats, StopReason,
};
use gametree::tree::{ExplicitTree, TreeOptions};
use gametree::{Game, Scores};

use crate::common::{random_tree, uniform_tree, Leaves, Shape, SplitMix64, Turns};

/// A scripted completed iteration: `nodes` nodes, its depth as its value.
fn done(depth: u32, nodes: u64) -> SearchResult<u32> {
    SearchResult {
        value: Scores::zero_sum(depth as i64),
        score: depth as i64,
        best_move: Some(depth),
        pv: vec![depth],
        pv_players: Vec::new(),
        stats: Stats {
            nodes,
            leaves: nodes / 2,
            expansions: nodes - 1,
            iterations: 1,
            depth,
            ..Stats::default()
        },
        trace: Vec::new(),
        trace_dropped: 0,
        events: Vec::new(),
        events_dropped: 0,
    }
}

/// Counts of an abandoned iteration (as `Meter::stopped` reports them: one iteration).
fn partial(nodes: u64) -> Box<Stats> {
    Box::new(Stats {
        nodes,
        leaves: 1,
        expansions: nodes - 1,
        iterations: 1,
        ..Stats::default()
    })
}

#[test]
fn driver_drops_the_stopped_iteration_and_keeps_its_nodes() {
    let deadline = Instant::now() + Duration::from_secs(3600);
    let config = Config {
        limits: Limits {
            depth: Some(9),
            nodes: Some(100),
            deadline: Some(deadline),
            cpu_deadline: None,
            start: None,
            stop: None,
        },
        ..Config::default()
    };
    let seen = RefCell::new(Vec::new());
    let r = deepen(&config, DepthSchedule::Plies { max: Some(9) }, |c, prev| {
        let depth = c.limits.depth.unwrap();
        seen.borrow_mut()
            .push((depth, c.limits.nodes, prev.map(|p| p.stats.depth), c.limits));
        match depth {
            1 => Ok(Iteration::Completed(done(1, 10))),
            2 => Ok(Iteration::Completed(done(2, 30))),
            3 => Err(SearchError::Stopped(StopReason::NodeLimit, partial(60))),
            _ => panic!("deepening went on after a stopped iteration"),
        }
    })
    .unwrap();
    assert_eq!(r.stats.iterations, 2);
    assert_eq!(r.stats.depth, 2);
    assert_eq!(r.stats.nodes, 100);
    assert_eq!(r.stats.expansions, 9 + 29 + 59);
    assert_eq!(r.stats.leaves, 5 + 15 + 1);
    assert_eq!(r.best_move, Some(2));
    assert_eq!(r.value, Scores::zero_sum(2));
    let seen = seen.into_inner();
    let depths: Vec<_> = seen.iter().map(|s| (s.0, s.1, s.2)).collect();
    // Each iteration gets what the earlier ones left of the node limit, and the last result.
    assert_eq!(
        depths,
        vec![
            (1, Some(100), None),
            (2, Some(90), Some(1)),
            (3, Some(60), Some(2))
        ]
    );
    // One deadline and one start for the whole run.
    let start = seen[0].3.start.expect("the run's start is passed on");
    for (_, _, _, limits) in &seen {
        assert_eq!(limits.deadline, Some(deadline));
        assert_eq!(limits.start, Some(start));
    }
}

#[test]
fn driver_fails_with_the_totals_when_the_first_iteration_stops() {
    let config = Config::depth(5);
    let r: Result<SearchResult<u32>, _> =
        deepen(&config, DepthSchedule::Plies { max: Some(5) }, |_, _| {
            Err(SearchError::Stopped(StopReason::Deadline, partial(7)))
        });
    match r {
        Err(SearchError::Stopped(StopReason::Deadline, s)) => {
            assert_eq!(s.nodes, 7);
            assert_eq!(s.iterations, 0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn driver_goes_on_after_a_skipped_iteration_and_ends_when_exhausted() {
    let config = Config::unlimited();
    let tried = RefCell::new(Vec::new());
    // Steps of two plies: 2, 4, 6, ...
    let schedule = DepthSchedule::Next(Box::new(|last| Some(last.map_or(2, |d| d + 2))));
    let r = deepen(&config, schedule, |c, _| {
        let depth = c.limits.depth.unwrap();
        tried.borrow_mut().push(depth);
        match depth {
            2 => Ok(Iteration::Completed(done(2, 5))),
            4 => Ok(Iteration::Skipped(StopReason::Deadline, partial(3))),
            6 => Ok(Iteration::Exhausted(done(6, 11))),
            _ => panic!("deepening went on after an exhausted iteration"),
        }
    })
    .unwrap();
    assert_eq!(tried.into_inner(), vec![2, 4, 6]);
    assert_eq!(r.stats.iterations, 2);
    assert_eq!(r.stats.depth, 6);
    assert_eq!(r.stats.nodes, 19);
    assert_eq!(r.best_move, Some(6));
}

#[test]
fn driver_at_depth_zero_is_one_search() {
    let t = uniform_tree(2, 3, 3, TreeOptions::default(), &mut |k| {
        Scores::zero_sum(k as i64 % 5 - 2)
    });
    let r = run_iterative(
        Algorithm::AlphaBeta,
        &t,
        &gametree::tree::TreeEval,
        &0,
        &Config::depth(0),
    )
    .unwrap();
    assert_eq!(r.stats.iterations, 1);
    assert_eq!(r.stats.depth, 0);
    assert_eq!(r.stats.nodes, 1);
    assert_eq!(r.best_move, None);
}

/// A two-player tree with heuristic values on inner nodes, so every depth has its own value.
fn two_player_tree(seed: u64) -> ExplicitTree {
    let mut rng = SplitMix64(seed);
    uniform_tree(2, 3, 7, TreeOptions::default(), &mut |_| {
        Scores::zero_sum(rng.range(-20, 20))
    })
}

#[test]
fn engine_iterations_count_only_completed_depths() {
    let options = Options {
        table_mib: 1,
        ..Options::STRONG
    };
    let mut stops = 0;
    for seed in 0..4 {
        let t = two_player_tree(seed);
        let root = t.initial();
        // Unlimited: the nodes of every iteration (deterministic, the same under a limit).
        let full = engine::search(
            &t,
            &gametree::tree::TreeEval,
            &GameHash,
            &root,
            &Config::depth(7),
            &options,
        )
        .unwrap();
        assert_eq!(full.iterations.len(), 7);
        let total: u64 = full.iterations.iter().map(|i| i.nodes).sum();
        assert_eq!(full.result.stats.nodes, total);
        for limit in (full.iterations[0].nodes..total).step_by(97) {
            let mut config = Config::depth(7);
            config.limits.nodes = Some(limit);
            let r = engine::search(
                &t,
                &gametree::tree::TreeEval,
                &GameHash,
                &root,
                &config,
                &options,
            )
            .unwrap();
            // The iterations that fit in the limit, counted independently.
            let mut used = 0;
            let completed = full
                .iterations
                .iter()
                .take_while(|i| {
                    used += i.nodes;
                    used <= limit
                })
                .count() as u32;
            assert!(
                completed < 7,
                "seed {seed}, limit {limit}: the limit stops an iteration"
            );
            stops += 1;
            let s = &r.result.stats;
            assert_eq!(s.iterations, completed, "seed {seed}, limit {limit}");
            assert_eq!(
                r.iterations.len() as u32,
                completed,
                "seed {seed}, limit {limit}"
            );
            assert_eq!(s.depth, completed, "seed {seed}, limit {limit}");
            // The stopped iteration's nodes are in the total: exactly the limit.
            assert_eq!(s.nodes, limit, "seed {seed}, limit {limit}");
            let last = &full.iterations[completed as usize - 1];
            assert_eq!(r.result.value[0], last.value, "seed {seed}, limit {limit}");
            assert_eq!(r.result.pv, last.pv, "seed {seed}, limit {limit}");
        }
    }
    assert!(stops > 20);
}

/// A random tree for `algorithm`'s family: 2 players for the two-player ones, 3 otherwise.
fn tree_for(seed: u64, players: usize, depth: u32) -> ExplicitTree {
    let shape = Shape {
        players,
        max_branch: 4,
        max_depth: depth,
        early_leaf_percent: 10,
        turns: Turns::RoundRobin,
        leaves: if players == 2 {
            Leaves::ZeroSum { max: 9 }
        } else {
            Leaves::ConstantSum { maxsum: 12 }
        },
    };
    random_tree(seed, &shape)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Under any node limit and any step of the schedule, the driver's answer is the
    /// fixed-depth search at its last completed depth, and `iterations` counts the depths
    /// that completed.
    #[test]
    fn driver_equals_fixed_depth_search_at_last_completed_depth(
        seed in any::<u64>(),
        pick in 0usize..5,
        depth in 2u32..=7,
        step in 1u32..=3,
        limit in 1u64..3_000,
    ) {
        let a = [
            Algorithm::Maxn,
            Algorithm::Speculative,
            Algorithm::Paranoid,
            Algorithm::AlphaBeta,
            Algorithm::Pvs,
        ][pick];
        let t = tree_for(seed, if pick >= 3 { 2 } else { 3 }, depth);
        let root = t.initial();
        let eval = gametree::tree::TreeEval;
        let mut config = Config::depth(depth);
        config.limits.nodes = Some(limit);
        let schedule = DepthSchedule::Next(Box::new(move |last| {
            let next = last.map_or(step, |d| d + step);
            (next < depth + step).then_some(next)
        }));
        let r = deepen(&config, schedule, |c, _| {
            let d = c.limits.depth.unwrap();
            run(a, &t, &eval, &root, c).map(|r| Iteration::by_depth(r, d))
        });
        let r = match r {
            Ok(r) => r,
            Err(SearchError::Stopped(_, s)) => {
                prop_assert_eq!(s.nodes, limit);
                prop_assert_eq!(s.iterations, 0);
                return Ok(());
            }
            Err(e) => panic!("{a}: {e}"),
        };
        prop_assert!(r.stats.nodes <= limit);
        prop_assert_eq!(r.stats.depth % step, 0);
        let fixed = run(a, &t, &eval, &root, &Config::depth(r.stats.depth)).unwrap();
        prop_assert_eq!(r.value, fixed.value, "{}", a);
        prop_assert_eq!(r.score, fixed.score, "{}", a);
        prop_assert_eq!(r.best_move, fixed.best_move, "{}", a);
        prop_assert_eq!(&r.pv, &fixed.pv, "{}", a);
        prop_assert_eq!(r.stats.iterations, r.stats.depth / step, "{}", a);
        // The wrapper of the max^n family is the driver over plies.
        let w = iterative_deepening(&config, |c| run(a, &t, &eval, &root, c));
        let v = run_iterative(a, &t, &eval, &root, &config);
        match (w, v) {
            (Ok(w), Ok(v)) => {
                prop_assert_eq!(w.stats.iterations, w.stats.depth, "{}", a);
                let fixed = run(a, &t, &eval, &root, &Config::depth(w.stats.depth)).unwrap();
                prop_assert_eq!(&w.value, &fixed.value, "{}", a);
                prop_assert_eq!(&w.pv, &fixed.pv, "{}", a);
                prop_assert_eq!(w.value, v.value);
                prop_assert_eq!(w.stats.nodes, v.stats.nodes);
            }
            (Err(SearchError::Stopped(_, w)), Err(SearchError::Stopped(_, v))) => {
                prop_assert_eq!(w.nodes, limit);
                prop_assert_eq!(v.nodes, limit);
            }
            (w, v) => panic!("{a}: {w:?} / {v:?}"),
        }
    }
}
