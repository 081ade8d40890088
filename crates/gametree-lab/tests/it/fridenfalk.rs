//! Fridenfalk 2014: the incremental model, Table I through the experiment code (A_best,
//! A_0/A_best, u1, u2 exact; mu and mu_s within 15%), Table II's agreement.

use gametree::search::hypermax::hypermax;
use gametree::search::Config;
use gametree::{Evaluator, Game, Scores};
use gametree_games::random_tree::{
    LeafModel, RandomState, RandomTree, RandomTreeEval, RandomTreeSpec, MAX_RANGE,
};
use gametree_lab::papers::fridenfalk::{
    a0, a_best_count, a_best_search, agreement, agreement_interval, MEMOISED, QUICK_LIMIT,
    QUICK_MU_LIMIT, TABLE_1,
};
use gametree_lab::report::{Check, Source, Verdict};

/// Walks the tree to `depth`, checking every child against its parent.
fn check_increments(t: &RandomTree, s: &RandomState, depth: u32, incs: &mut Vec<i64>) {
    let n = t.players();
    let v = RandomTreeEval.evaluate(t, s);
    if s.ply == depth {
        return;
    }
    let mut moves = Vec::new();
    t.moves(s, &mut moves);
    for m in moves {
        let c = t.play(s, m);
        let cv = match t.outcome(&c) {
            Some(o) => o,
            None => RandomTreeEval.evaluate(t, &c),
        };
        assert_eq!(cv.players(), n);
        for i in 0..n {
            incs.push(cv[i] - v[i]);
        }
        check_increments(t, &c, depth, incs);
    }
}

#[test]
fn the_incremental_model() {
    let t = RandomTree::from_spec("random(players=4,b=3,d=6,leaf=incremental,seed=5)").unwrap();
    assert_eq!(
        t.spec().leaf,
        LeafModel::Incremental { range: MAX_RANGE },
        "the default range is 2^20"
    );
    let root = t.initial();
    assert_eq!(RandomTreeEval.evaluate(&t, &root), Scores::zeros(4));
    let mut incs = Vec::new();
    check_increments(&t, &root, 6, &mut incs);
    assert_eq!(incs.len(), 4 * (3 + 9 + 27 + 81 + 243 + 729));
    let r = MAX_RANGE as i64;
    assert!(incs.iter().all(|&x| (-r..=r).contains(&x)));
    // Uniform and symmetric: mean near 0, variance near r^2 / 3, both signs, no ties.
    let n = incs.len() as f64;
    let mean = incs.iter().sum::<i64>() as f64 / n;
    let var = incs.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / n;
    assert!(mean.abs() < 0.05 * r as f64, "{mean}");
    assert!(
        (var / (r as f64 * r as f64 / 3.0) - 1.0).abs() < 0.08,
        "{var}"
    );
    let mut sorted = incs.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert!(sorted.len() > incs.len() * 99 / 100);
    // Each player draws its own increment: players' increments are not equal.
    let same = incs.chunks(4).filter(|c| c[0] == c[1]).count();
    assert!(same < 5);
    // A small range: every value of -2..=2 occurs, nothing else.
    let t = RandomTree::from_spec("random(players=3,b=4,d=4,leaf=incremental,range=2)").unwrap();
    let mut incs = Vec::new();
    check_increments(&t, &t.initial(), 4, &mut incs);
    for k in -2..=2 {
        assert!(incs.contains(&k), "{k}");
    }
    assert!(incs.iter().all(|x| x.abs() <= 2));
    // No bounds; a path-dependent value: the same spec gives the same tree.
    assert_eq!(RandomTreeEval.bounds(&t), gametree::Bounds::none());
    let u = RandomTree::from_spec("random(players=3,b=4,d=4,leaf=incremental,range=2)").unwrap();
    let (a, b) = (
        hypermax(&t, &RandomTreeEval, &t.initial(), &Config::unlimited()).unwrap(),
        hypermax(&u, &RandomTreeEval, &u.initial(), &Config::unlimited()).unwrap(),
    );
    assert_eq!((a.value, a.stats.nodes), (b.value, b.stats.nodes));
}

/// The shared conformance check passes for the incremental model (2 to 6 players, small
/// and wide ranges, deep trees).
#[test]
fn incremental_trees_pass_the_conformance_check() {
    use gametree::testing::{check, CheckConfig};
    for (players, range, d) in [(2, 1, 30), (3, 1 << 20, 12), (6, 5, 1000)] {
        let t = RandomTree::from_spec(&format!(
            "random(players={players},b=3,d={d},leaf=incremental,range={range},seed=11)"
        ))
        .unwrap();
        let cfg = CheckConfig {
            playouts: 50,
            ..CheckConfig::default()
        };
        check(&t, &RandomTreeEval, &cfg).unwrap();
    }
}

#[test]
fn incremental_spec_parsing() {
    let s =
        RandomTreeSpec::parse("random(players=5,b=2,d=9,leaf=incremental,range=7,seed=3)").unwrap();
    assert_eq!(s.leaf, LeafModel::Incremental { range: 7 });
    assert_eq!(RandomTreeSpec::parse(&s.to_string()).unwrap(), s);
    let e = |s: &str| RandomTreeSpec::parse(s).unwrap_err().to_string();
    assert!(e("random(leaf=incremental,maxsum=10)").contains("does not apply to leaf=incremental"));
    assert!(e("random(leaf=incremental,range=0)").contains("out of range (1 to 1048576)"));
    assert!(e("random(leaf=incremental,range=1048577)").contains("out of range"));
    assert!(e("random(leaf=constant,range=3)").contains("unknown parameter `range`"));
    assert!(e("random(leaf=x)").contains("incremental"));
}

/// A_best exact for all 22 lines by the memoised count, and by real search for every line
/// below 10^7; A_0 / A_best to the paper's decimal.
#[test]
fn table_1_best_case_counts() {
    for l in &TABLE_1 {
        assert_eq!(a_best_count(l.n, l.b, l.d), l.a_best, "{l:?}");
        let ratio = a0(l.b, l.d) as f64 / l.a_best as f64;
        assert_eq!((ratio * 10.0).round() / 10.0, l.ratio, "{l:?}");
        if l.a_best < 10_000_000 {
            assert_eq!(a_best_search(l.n, l.b, l.d), l.a_best, "{l:?}");
        }
    }
    // The count is the search on other shapes too (2 to 6 players, small trees).
    for n in 2..=6 {
        for b in 1..=4 {
            for d in 0..=7 {
                assert_eq!(a_best_count(n, b, d), a_best_search(n, b, d), "{n} {b} {d}");
            }
        }
    }
}

/// Table I through the experiment (quick mode): every exact row exact, every searched line's
/// A_best from search, mu and mu_s within 15% of the paper (or its interval contains it),
/// and `within` only where the whole interval is.
#[test]
fn table_1_experiment_quick() {
    // The quick run of the table, shared with the shard tests.
    let runs = &crate::shards::serial(crate::shards::TABLE_1).runs;
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].0.table, "table-1");
    let out = &runs[0].1;
    let rows = &out.rows;
    for q in ["A_best", "A_0/A_best", "u1", "u2"] {
        let these: Vec<_> = rows.iter().filter(|r| r.quantity == q).collect();
        assert_eq!(these.len(), 22, "{q}");
        for r in these {
            assert_eq!(r.verdict, Verdict::Exact, "{r:?}");
            // Every number of Table I is printed in the paper.
            assert_eq!(r.source, Some(Source::Printed), "{r:?}");
        }
    }
    let searched = rows
        .iter()
        .filter(|r| r.quantity == "A_best" && r.algorithm.as_deref() == Some("hypermax"))
        .inspect(|r| assert_eq!(r.check, Some(Check::new(MEMOISED, true)), "{r:?}"))
        .count();
    let below = TABLE_1.iter().filter(|l| l.a_best < QUICK_LIMIT).count();
    assert_eq!(searched, below);
    let mus: Vec<_> = rows
        .iter()
        .filter(|r| r.quantity == "mu" || r.quantity == "mu_s")
        .collect();
    let measured = TABLE_1.iter().filter(|l| l.a_best < QUICK_MU_LIMIT).count();
    assert_eq!(mus.len(), 2 * measured);
    for r in mus {
        let p = r.paper_value.unwrap().as_f64();
        let ci = r.ci95.unwrap();
        assert!(
            (r.ours.as_f64() / p - 1.0).abs() < 0.15 || (ci[0] <= p && p <= ci[1]),
            "{r:?}"
        );
        // `within` only when the whole interval of the 8 trees lies within 15%; otherwise
        // too few trees to tell, never `differs`.
        let inside = p * 0.85 <= ci[0] && ci[1] <= p * 1.15;
        let want = if inside {
            Verdict::Within
        } else {
            Verdict::TooFew
        };
        assert_eq!(r.verdict, want, "{r:?}");
    }
    // The fit: A_best grows as b^(d(N-1)/N).
    for r in rows.iter().filter(|r| r.quantity.starts_with("slope")) {
        assert!((r.ours.as_f64() - 1.0).abs() < 0.02, "{r:?}");
    }
    assert_eq!(out.plots.len(), 1);
    assert!(!out.plots[0].series.is_empty());
}

/// Table II, modestly: with sorting, hypermax agrees with N-max on (nearly) every depth-3
/// tree; without, on most; the whole vector agrees no more often than the root move, and
/// strictly less often at depth 6.
#[test]
fn table_2_agreement() {
    let count = |d: u32, trees: u64| {
        let mut t = [0u32; 4];
        for seed in 0..trees {
            let a = agreement(d, seed);
            for k in 0..4 {
                t[k] += a[k];
            }
        }
        t
    };
    let t3 = count(3, 300);
    assert!(t3[0] >= 295, "{t3:?}");
    assert!((270..300).contains(&t3[2]), "{t3:?}");
    let t6 = count(6, 200);
    assert!(t6[1] < t6[0] && t6[3] < t6[2], "{t6:?}");
    assert!(t6[0] > t6[2], "sorting helps: {t6:?}");
    for t in [t3, t6] {
        assert!(t[1] <= t[0] + 5 && t[3] <= t[2] + 5);
    }
}

/// Table II's intervals are Wilson's, scaled to 1000: never the empty `[0, 0]` of a normal
/// interval on 0 of 50 trees. By hand (z = 1.959964): 0 of 50 gives
/// `[0, 2 * (z^2/100) / (1 + z^2/50)] = [0, 0.0713474]`; 25 of 50 gives
/// `0.5 -+ z/(1 + z^2/50) * sqrt(0.005 + z^2/10000) = [0.366445, 0.633555]`.
#[test]
fn table_2_intervals_are_wilson() {
    let [lo, hi] = agreement_interval(0, 50);
    assert_eq!(lo, 0.0);
    assert!((hi - 71.3474).abs() < 1e-3, "{hi}");
    let [lo, hi] = agreement_interval(25, 50);
    assert!(
        (lo - 366.445).abs() < 1e-2 && (hi - 633.555).abs() < 1e-2,
        "{lo} {hi}"
    );
    let [lo, hi] = agreement_interval(50, 50);
    assert!((lo - 928.65).abs() < 1e-2 && hi == 1000.0, "{lo} {hi}");
}
