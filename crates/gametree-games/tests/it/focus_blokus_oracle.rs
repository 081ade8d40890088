//! The oracle matrix on Focus (2, 3 and 4 players) and Blokus: every max^n pruning
//! (shallow, branch-and-bound, last-branch, speculative; max^n and speculative with a table
//! of exact values, kept across the positions of a game) returns plain max^n's value, best
//! move and principal variation, and paranoid returns what a naive paranoid minimax written
//! here returns, on seeded random positions (eliminations, won games, forced passes and
//! finished games among them). BRS and BRS+ against their explicit trees are in
//! `best_reply.rs`.

use gametree::hash::Zobrist;
use gametree::search::maxn_table::maxn_table;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{run, Algorithm, Config};
use gametree::{Evaluator, Game, Player, Score};
use gametree_games::blokus::{Blokus, BlokusEval};
use gametree_games::focus::{Focus, FocusEval};
use gametree_games::rng::SplitMix64;

const PRUNING: [Algorithm; 4] = [
    Algorithm::Shallow,
    Algorithm::BranchAndBound,
    Algorithm::LastBranch,
    Algorithm::Speculative,
];

/// `n` seeded positions of `g` up to `max_plies` random plies from the start.
fn positions<G: Game>(g: &G, n: u64, max_plies: u64, seed: u64) -> Vec<G::State> {
    let mut buf = Vec::new();
    (0..n)
        .map(|i| {
            let mut rng = SplitMix64::new(seed ^ i.wrapping_mul(0x9E37_79B9));
            let mut s = g.initial();
            for _ in 0..rng.below(max_plies + 1) {
                buf.clear();
                g.moves(&s, &mut buf);
                if buf.is_empty() {
                    break;
                }
                s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
            }
            s
        })
        .collect()
}

/// Every pruning search (and the two tables) against max^n on `states` at the depth
/// `depth(i)`; returns (max^n nodes, speculative nodes).
fn pruning_equals_maxn<G, E>(
    g: &G,
    e: &E,
    states: &[G::State],
    depth: impl Fn(usize) -> u32,
) -> (u64, u64)
where
    G: Zobrist,
    G::State: std::fmt::Debug,
    E: Evaluator<G>,
{
    let (mut plain, mut spec) = (0, 0);
    let mut maxn_tt = VectorTable::with_mib(4);
    let mut spec_tt = VectorTable::with_mib(4);
    for (i, s) in states.iter().enumerate() {
        let cfg = Config::depth(depth(i));
        let m = run(Algorithm::Maxn, g, e, s, &cfg).unwrap();
        plain += m.stats.nodes;
        let ctx = |a: &str| format!("{a}, depth {}, {s:?}", depth(i));
        for a in PRUNING {
            let r = run(a, g, e, s, &cfg).unwrap();
            assert_eq!(r.value, m.value, "{}", ctx(a.name()));
            assert_eq!(r.best_move, m.best_move, "{}", ctx(a.name()));
            assert_eq!(r.pv, m.pv, "{}", ctx(a.name()));
            if a == Algorithm::Speculative {
                spec += r.stats.nodes;
            } else {
                assert!(r.stats.nodes <= m.stats.nodes, "{}", ctx(a.name()));
            }
        }
        for (name, r) in [
            (
                "maxn-table",
                maxn_table(g, e, s, &cfg, &mut maxn_tt).unwrap(),
            ),
            (
                "speculative-table",
                speculative_table(g, e, s, &cfg, &mut spec_tt).unwrap(),
            ),
        ] {
            assert_eq!(r.value, m.value, "{}", ctx(name));
            assert_eq!(r.best_move, m.best_move, "{}", ctx(name));
            assert_eq!(r.pv, m.pv, "{}", ctx(name));
        }
    }
    (plain, spec)
}

/// Naive paranoid: the root player maximises its own score, every other player minimises
/// it, to `d` plies (terminal positions give their outcome).
fn naive_paranoid<G: Game, E: Evaluator<G>>(
    g: &G,
    e: &E,
    s: &G::State,
    root: Player,
    d: u32,
) -> Score {
    if let Some(o) = g.outcome(s) {
        return o[root];
    }
    if d == 0 {
        return e.evaluate(g, s)[root];
    }
    let mut m = Vec::new();
    g.moves(s, &mut m);
    let values = m
        .into_iter()
        .map(|mv| naive_paranoid(g, e, &g.play(s, mv), root, d - 1));
    if g.to_move(s) == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

fn paranoid_equals_naive<G, E>(g: &G, e: &E, states: &[G::State], depth: impl Fn(usize) -> u32)
where
    G: Game,
    G::State: std::fmt::Debug,
    E: Evaluator<G>,
{
    for (i, s) in states.iter().enumerate() {
        let d = depth(i);
        let r = run(Algorithm::Paranoid, g, e, s, &Config::depth(d)).unwrap();
        let root = g.to_move(s);
        assert_eq!(
            r.score,
            naive_paranoid(g, e, s, root, d),
            "depth {d}, {s:?}"
        );
        if let Some(best) = r.best_move {
            let after = naive_paranoid(g, e, &g.play(s, best), root, d - 1);
            assert_eq!(after, r.score, "depth {d}, {s:?}");
        }
    }
}

#[test]
fn focus_pruning_equals_maxn() {
    for players in [2, 3, 4] {
        let g = Focus::new(players, 600).unwrap();
        let states = positions(&g, 150, 120, players as u64);
        let (plain, spec) = pruning_equals_maxn(&g, &FocusEval, &states, |i| 1 + (i % 2) as u32);
        assert!(spec <= plain, "{players}: speculative {spec} vs {plain}");
        let deep = positions(&g, 12, 120, 0xD3 + players as u64);
        pruning_equals_maxn(&g, &FocusEval, &deep, |_| 3);
    }
}

#[test]
fn focus_with_a_near_cap_equals_maxn() {
    // A cap inside the horizon: terminal positions at uneven depths, adjudicated.
    for players in [2, 3, 4] {
        let g = Focus::new(players, 600).unwrap();
        for (i, s) in positions(&g, 40, 60, 0xCA9 + players as u64)
            .into_iter()
            .enumerate()
        {
            let capped = g.with_cap(s.ply() + 1 + (i % 2) as u32).unwrap();
            pruning_equals_maxn(&capped, &FocusEval, &[s], |_| 3);
        }
    }
}

#[test]
fn focus_paranoid_equals_naive_paranoid() {
    for players in [2, 3, 4] {
        let g = Focus::new(players, 600).unwrap();
        let states = positions(&g, 80, 150, 0x9A + players as u64);
        paranoid_equals_naive(&g, &FocusEval, &states, |i| 1 + (i % 3) as u32);
    }
}

#[test]
fn blokus_pruning_equals_maxn() {
    let g = Blokus::default();
    let states = positions(&g, 120, 200, 0xB1);
    pruning_equals_maxn(&g, &BlokusEval, &states, |i| 1 + (i % 2) as u32);
    // Late positions (passes, few placements): three plies.
    let late: Vec<_> = positions(&g, 200, 200, 0xB2)
        .into_iter()
        .filter(|s| (1..=12).contains(&g.count_moves(s)))
        .take(25)
        .collect();
    assert!(late.len() >= 10, "{} late positions", late.len());
    pruning_equals_maxn(&g, &BlokusEval, &late, |_| 3);
}

#[test]
fn blokus_paranoid_equals_naive_paranoid() {
    let g = Blokus::default();
    let states = positions(&g, 60, 200, 0xB3);
    paranoid_equals_naive(&g, &BlokusEval, &states, |i| 1 + (i % 2) as u32);
}
