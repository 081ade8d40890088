//! Random uniform trees: determinism, the leaf models, spec parsing, and Sturtevant's
//! Table 10 count for plain max^n with iterative deepening.

use std::time::Instant;

use gametree::search::iterative::iterative_deepening;
use gametree::search::maxn::maxn;
use gametree::search::shallow::shallow;
use gametree::search::Config;
use gametree::{Evaluator, Game, Scores};
use gametree_games::random_tree::{
    LeafModel, RandomState, RandomTree, RandomTreeEval, RandomTreeSpec,
};

/// Every value of the tree to depth `d`, in depth-first order (leaves and inner evaluations).
fn values(tree: &RandomTree, depth: u32) -> Vec<Scores> {
    fn go(t: &RandomTree, s: &RandomState, depth: u32, out: &mut Vec<Scores>) {
        if let Some(v) = t.outcome(s) {
            out.push(v);
            return;
        }
        out.push(RandomTreeEval.evaluate(t, s));
        if s.ply == depth {
            return;
        }
        let mut moves = Vec::new();
        t.moves(s, &mut moves);
        for m in moves {
            go(t, &t.play(s, m), depth, out);
        }
    }
    let mut out = Vec::new();
    go(tree, &tree.initial(), depth, &mut out);
    out
}

#[test]
fn same_spec_same_tree() {
    let a = RandomTree::from_spec("random(players=4,b=3,d=5,leaf=cutpoints,seed=42)").unwrap();
    let b = RandomTree::from_spec("random( seed = 42 , d=5, b=3, players=4 )").unwrap();
    assert_eq!(a, b);
    let va = values(&a, 5);
    assert_eq!(va.len(), (0..=5).map(|k| 3usize.pow(k)).sum::<usize>());
    assert_eq!(va, values(&b, 5));
    // Searches agree too.
    let c = Config::unlimited();
    let r1 = maxn(&a, &RandomTreeEval, &a.initial(), &c).unwrap();
    let r2 = maxn(&b, &RandomTreeEval, &b.initial(), &c).unwrap();
    assert_eq!(
        (r1.value, r1.pv, r1.stats.nodes),
        (r2.value, r2.pv, r2.stats.nodes)
    );
}

#[test]
fn distinct_seeds_and_paths_differ() {
    let a = RandomTree::from_spec("random(players=3,b=4,d=3,seed=1)").unwrap();
    let b = RandomTree::from_spec("random(players=3,b=4,d=3,seed=2)").unwrap();
    let (va, vb) = (values(&a, 3), values(&b, 3));
    let same = va.iter().zip(&vb).filter(|(x, y)| x == y).count();
    assert!(same < 3, "{same} equal values out of {}", va.len());
    // Within one tree, the keys of all nodes are distinct.
    let mut keys = Vec::new();
    let mut stack = vec![a.initial()];
    while let Some(s) = stack.pop() {
        keys.push(s.key);
        let mut m = Vec::new();
        a.moves(&s, &mut m);
        stack.extend(m.iter().map(|&mv| a.play(&s, mv)));
    }
    let n = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n);
    assert_eq!(n, 1 + 4 + 16 + 64);
}

#[test]
fn cutpoint_values_are_nonnegative_and_sum_to_maxsum() {
    for players in 2..=6 {
        for maxsum in [0i64, 1, 2, 7, 100, 1_000_000] {
            let spec =
                format!("random(players={players},b=3,d=4,leaf=cutpoints,seed=9,maxsum={maxsum})");
            let t = RandomTree::from_spec(&spec).unwrap();
            let bounds = RandomTreeEval.bounds(&t);
            assert!(bounds.constant_sum);
            assert_eq!(bounds.maxsum, Some(maxsum));
            let vs = values(&t, 4);
            for v in &vs {
                assert_eq!(v.players(), players);
                assert_eq!(v.sum(), maxsum, "{spec}: {v:?}");
                assert!(v.as_slice().iter().all(|&x| x >= 0));
                assert!(bounds.admits(v));
            }
            if maxsum >= 100 {
                // Not degenerate: many distinct values, and every player sometimes wins.
                let mut distinct = vs.clone();
                distinct.sort_by_key(|v| v.as_slice().to_vec());
                distinct.dedup();
                assert!(distinct.len() > vs.len() / 2, "{spec}");
            }
        }
    }
}

#[test]
fn cutpoints_are_roughly_uniform() {
    // With 2 players the first score is a single cut point: uniform on [0, maxsum].
    let t = RandomTree::from_spec("random(players=2,b=8,d=4,leaf=cutpoints,seed=3,maxsum=999)")
        .unwrap();
    let vs = values(&t, 4);
    let mut buckets = [0usize; 10];
    for v in &vs {
        buckets[(v[0] / 100).min(9) as usize] += 1;
    }
    let expect = vs.len() / 10;
    for b in buckets {
        assert!(b > expect * 8 / 10 && b < expect * 12 / 10, "{buckets:?}");
    }
}

#[test]
fn the_constant_model() {
    let t = RandomTree::from_spec("random(players=4,b=2,d=3,leaf=constant)").unwrap();
    assert_eq!(t.spec().maxsum, 400, "c = 100 by default");
    for v in values(&t, 3) {
        assert_eq!(v, Scores::splat(4, 100));
    }
    let t = RandomTree::from_spec("random(players=3,b=2,d=3,leaf=constant,maxsum=30)").unwrap();
    assert!(values(&t, 3).iter().all(|v| *v == Scores::splat(3, 10)));
    assert_eq!(RandomTreeEval.bounds(&t).lower, Some(Scores::zeros(3)));
}

#[test]
fn spec_defaults_and_round_trip() {
    let d = RandomTreeSpec::parse("random").unwrap();
    assert_eq!(d, RandomTreeSpec::default());
    assert_eq!(RandomTreeSpec::parse("random()").unwrap(), d);
    assert_eq!(
        d,
        RandomTreeSpec {
            players: 3,
            b: 10,
            d: 6,
            leaf: LeafModel::Cutpoints,
            seed: 0,
            maxsum: 1_000_000
        }
    );
    let s =
        RandomTreeSpec::parse("random(players=5,b=2,d=9,leaf=constant,seed=77,maxsum=10)").unwrap();
    assert_eq!(RandomTreeSpec::parse(&s.to_string()).unwrap(), s);
}

#[test]
fn spec_errors() {
    let e = |s: &str| RandomTreeSpec::parse(s).unwrap_err().to_string();
    let has = |s: &str, fragment: &str| {
        let m = e(s);
        assert!(m.contains(fragment), "{s}: expected {fragment:?} in {m:?}");
    };
    has(
        "random(colour=3)",
        "unknown parameter `colour` for game `random`",
    );
    has("random(b=2,b=3)", "parameter `b` given twice");
    has(
        "random(players=7)",
        "parameter `players=7` out of range (2 to 6)",
    );
    has(
        "random(players=1)",
        "parameter `players=1` out of range (2 to 6)",
    );
    has("random(b=0)", "parameter `b=0` out of range (1 to 65536)");
    has("random(b=x)", "parameter `b=x`: invalid digit");
    has("random(d=-1)", "parameter `d=-1`: invalid digit");
    has(
        "random(leaf=gaussian)",
        "parameter `leaf=gaussian`: expected constant, cutpoints, normalized, uniform[:R], discrete:m[:w/.../w], bivalued:p, best-first or incremental",
    );
    has("random(seed=-5)", "parameter `seed=-5`");
    has("random(maxsum=-1)", "parameter `maxsum=-1` out of range");
    has(
        "random(leaf=constant,players=3,maxsum=10)",
        "parameter `maxsum=10`: expected a multiple of players (3) with leaf=constant",
    );
    for (bad, fragment) in [
        ("rand(b=2)", "expected random(key=value,...)"),
        ("random(b=2", "expected `)` at the end"),
        ("random b=2", "bad game name"),
        ("random(b)", "not of the form key=value"),
        ("random(b=2,)", "empty parameter"),
        ("connect-four", "expected random(key=value,...)"),
        ("", "missing game name"),
    ] {
        has(bad, fragment);
    }
    assert_eq!(
        e("random(players=9)"),
        "game spec `random(players=9)`: parameter `players=9` out of range (2 to 6)"
    );
}

#[test]
fn sturtevant_table_10_plain_maxn_iterative_deepening() {
    // Uniform b = 10, 3 players, iterative deepening to depth 6: 1,234,560 expansions.
    let t = RandomTree::from_spec("random(players=3,b=10,d=6,leaf=constant,seed=1)").unwrap();
    let root = t.initial();
    let start = Instant::now();
    let r =
        iterative_deepening(&Config::depth(6), |c| maxn(&t, &RandomTreeEval, &root, c)).unwrap();
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(r.stats.expansions, 1_234_560);
    assert_eq!(r.stats.nodes, 1_234_566);
    assert_eq!(r.stats.iterations, 6);
    assert_eq!(r.stats.depth, 6);
    assert_eq!(r.value, Scores::splat(3, 100));
    assert_eq!(r.pv, vec![0; 6]);
    // The same hashed tree under speculative pruning: Sturtevant's best case, 84,927.
    let s = iterative_deepening(&Config::depth(6), |c| {
        gametree::search::speculative::speculative(&t, &RandomTreeEval, &root, c)
    })
    .unwrap();
    assert_eq!(s.stats.expansions, 84_927);
    assert_eq!(s.stats.re_searches, 0);
    assert_eq!(s.value, r.value);
    eprintln!(
        "plain max^n, random b=10 d=6: {} nodes in {:.3} s ({:.1e} nodes/s)",
        r.stats.nodes,
        secs,
        r.stats.nodes as f64 / secs
    );
    // The same search with a node limit stops and keeps the last completed iteration.
    let mut c = Config::depth(6);
    c.limits.nodes = Some(200_000);
    let r = iterative_deepening(&c, |c| maxn(&t, &RandomTreeEval, &root, c)).unwrap();
    // Depths 1..5 take 124,455 nodes; depth 6 would pass the limit.
    assert_eq!(r.stats.depth, 5);
    // Shallow pruning on the constant model prunes nothing for three players (c + c < 3c).
    let s = shallow(&t, &RandomTreeEval, &root, &Config::depth(4)).unwrap();
    assert_eq!(s.stats.cutoffs.total(), 0);
    assert_eq!(s.stats.leaves, 10_000);
}

#[test]
fn cutpoint_trees_prune_and_agree_with_maxn() {
    let mut cutoffs = 0;
    for seed in 0..40 {
        let t = RandomTree::from_spec(&format!("random(players=3,b=4,d=5,seed={seed},maxsum=20)"))
            .unwrap();
        let root = t.initial();
        let m = maxn(&t, &RandomTreeEval, &root, &Config::unlimited()).unwrap();
        let s = shallow(&t, &RandomTreeEval, &root, &Config::unlimited()).unwrap();
        assert_eq!((s.value, s.best_move), (m.value, m.best_move));
        assert!(s.stats.leaves <= m.stats.leaves);
        cutoffs += s.stats.cutoffs.total();
        // Depth-limited: inner evaluations are honest too.
        let m = maxn(&t, &RandomTreeEval, &root, &Config::depth(3)).unwrap();
        let s = shallow(&t, &RandomTreeEval, &root, &Config::depth(3)).unwrap();
        assert_eq!((s.value, s.pv), (m.value, m.pv));
    }
    assert!(cutoffs > 40, "{cutoffs}");
}

// ---- The leaf models of issue #4: uniform, discrete, bivalued, normalized, best-first ----

#[test]
fn leaf_model_specs_round_trip() {
    for text in [
        "random(players=2,b=3,d=4,leaf=uniform,seed=5)",
        "random(players=2,b=3,d=4,leaf=uniform:1000,seed=5)",
        "random(players=3,b=3,d=4,leaf=discrete:3,seed=5)",
        "random(players=2,b=3,d=4,leaf=discrete:2:1/0/3/0/1,seed=5)",
        "random(players=2,b=3,d=4,leaf=bivalued:0.618,seed=5)",
        "random(players=2,b=3,d=4,leaf=bivalued:1,seed=5)",
        "random(players=2,b=3,d=4,leaf=bivalued:0.000000000000000001,seed=5)",
        "random(players=4,b=3,d=4,leaf=normalized,seed=5,maxsum=1000)",
        "random(players=2,b=3,d=4,leaf=best-first,seed=5)",
        "random(players=3,b=3,d=4,leaf=constant,seed=5,maxsum=30)",
    ] {
        let s = RandomTreeSpec::parse(text).unwrap();
        assert_eq!(s.to_string(), text, "prints back as given");
        assert_eq!(RandomTreeSpec::parse(&s.to_string()).unwrap(), s);
    }
    // Equivalent spellings.
    let a = RandomTreeSpec::parse("random(players=2,leaf=bivalued:.5)").unwrap();
    assert_eq!(
        a.to_string(),
        "random(players=2,b=10,d=6,leaf=bivalued:0.5,seed=0)"
    );
    let u = RandomTreeSpec::parse("random(players=2,leaf=uniform:1073741824)").unwrap();
    assert_eq!(u.leaf, LeafModel::Uniform { range: 1 << 30 });
    assert_eq!(u.maxsum, 0, "two-player signed models are zero-sum");
    let n = RandomTreeSpec::parse("random(players=3,leaf=normalized)").unwrap();
    assert_eq!(n.maxsum, 1_000_000);
}

#[test]
fn leaf_model_spec_errors() {
    let has = |s: &str, fragment: &str| {
        let m = RandomTreeSpec::parse(s).unwrap_err().to_string();
        assert!(m.contains(fragment), "{s}: expected {fragment:?} in {m:?}");
    };
    has(
        "random(leaf=uniform:0)",
        "`uniform:0`: expected uniform:R with R an integer from 1",
    );
    has("random(leaf=uniform:x)", "expected uniform:R");
    has("random(leaf=discrete)", "`discrete` needs m");
    has(
        "random(leaf=discrete:0)",
        "`discrete:0`: expected m an integer from 1 to 1048576",
    );
    has(
        "random(leaf=discrete:2:1/2/3)",
        "expected 5 weights (for -m..=m) separated by `/`, got 3",
    );
    has(
        "random(leaf=discrete:2:1/2/x/2/1)",
        "weight `x` is not an integer from 0 to 65535",
    );
    has(
        "random(leaf=discrete:2:0/0/0/0/0)",
        "the weights are all zero",
    );
    has("random(leaf=discrete:17:1)", "weights need m <= 16");
    has("random(leaf=bivalued)", "`bivalued` needs p");
    for bad in [
        "1.5",
        "2",
        "-0.5",
        "0.5.5",
        "x",
        ".",
        "0.1234567890123456789",
    ] {
        has(
            &format!("random(leaf=bivalued:{bad})"),
            "expected p a decimal from 0 to 1",
        );
    }
    has(
        "random(leaf=constant:3)",
        "leaf model `constant` takes no parameter",
    );
    has(
        "random(leaf=best-first,players=3)",
        "parameter `leaf=best-first`: two players only (got players=3)",
    );
    has(
        "random(players=2,leaf=uniform,maxsum=10)",
        "parameter `maxsum=10`: not used with leaf=uniform",
    );
}

/// Frequencies of player 0's values over the whole tree (every node, leaves and inner).
fn frequencies(t: &RandomTree, depth: u32) -> std::collections::BTreeMap<i64, usize> {
    let mut f = std::collections::BTreeMap::new();
    for v in values(t, depth) {
        *f.entry(v[0]).or_insert(0) += 1;
    }
    f
}

#[test]
fn signed_models_are_zero_sum_for_two_players_and_honest() {
    for leaf in [
        "uniform",
        "uniform:5",
        "discrete:3",
        "discrete:1:1/2/1",
        "bivalued:0.3",
        "best-first",
    ] {
        for players in 2..=4 {
            let text = format!("random(players={players},b=3,d=5,leaf={leaf},seed=11)");
            let Ok(t) = RandomTree::from_spec(&text) else {
                assert!(leaf == "best-first" && players > 2);
                continue;
            };
            let bounds = RandomTreeEval.bounds(&t);
            assert_eq!(bounds.constant_sum, players == 2, "{text}");
            for v in values(&t, 5) {
                assert!(bounds.admits(&v), "{text}: {v:?} against {bounds:?}");
                if players == 2 {
                    assert_eq!(v[1], -v[0]);
                }
            }
        }
    }
    let t = RandomTree::from_spec("random(players=2,b=3,d=3,leaf=bivalued:0.5)").unwrap();
    assert_eq!(RandomTreeEval.bounds(&t).step, 2);
    let t = RandomTree::from_spec("random(players=3,b=3,d=3,leaf=discrete:4)").unwrap();
    let b = RandomTreeEval.bounds(&t);
    assert_eq!((b.lower, b.maxsum), (Some(Scores::splat(3, -4)), Some(12)));
    // Three players: the components are drawn independently.
    let vs = values(&t, 3);
    let same = vs.iter().filter(|v| v[0] == v[1]).count();
    assert!(same * 4 < vs.len(), "{same} of {}", vs.len());
}

#[test]
fn signed_model_distributions() {
    // 8^6 + ... nodes: about 300,000 draws.
    let n = |f: &std::collections::BTreeMap<i64, usize>| f.values().sum::<usize>() as f64;
    // Uniform discrete:2: each of the five values about 1/5.
    let t = RandomTree::from_spec("random(players=2,b=8,d=6,leaf=discrete:2,seed=1)").unwrap();
    let f = frequencies(&t, 6);
    assert_eq!(f.keys().copied().collect::<Vec<_>>(), vec![-2, -1, 0, 1, 2]);
    for &c in f.values() {
        assert!((c as f64 / n(&f) - 0.2).abs() < 0.005, "{f:?}");
    }
    // Weighted: 1/0/3/0/1 gives -2, 0, 2 with 1/5, 3/5, 1/5.
    let t = RandomTree::from_spec("random(players=2,b=8,d=6,leaf=discrete:2:1/0/3/0/1,seed=2)")
        .unwrap();
    let f = frequencies(&t, 6);
    assert_eq!(f.keys().copied().collect::<Vec<_>>(), vec![-2, 0, 2]);
    assert!((f[&0] as f64 / n(&f) - 0.6).abs() < 0.005, "{f:?}");
    assert!((f[&-2] as f64 / n(&f) - 0.2).abs() < 0.005, "{f:?}");
    // Bivalued p = 0.618 and the extremes.
    let t = RandomTree::from_spec("random(players=2,b=8,d=6,leaf=bivalued:0.618,seed=3)").unwrap();
    let f = frequencies(&t, 6);
    assert!((f[&1] as f64 / n(&f) - 0.618).abs() < 0.005, "{f:?}");
    assert_eq!(f.len(), 2);
    for (p, v) in [("0", -1), ("1", 1), ("1.000", 1), ("0.0", -1)] {
        let t =
            RandomTree::from_spec(&format!("random(players=2,b=4,d=4,leaf=bivalued:{p})")).unwrap();
        assert!(values(&t, 4).iter().all(|s| s[0] == v), "p = {p}");
    }
    // Uniform on [-2^30, 2^30]: mean about 0, both halves, almost no ties.
    let t = RandomTree::from_spec("random(players=2,b=8,d=6,leaf=uniform,seed=4)").unwrap();
    let vs: Vec<i64> = values(&t, 6).iter().map(|v| v[0]).collect();
    let mean = vs.iter().map(|&x| x as f64).sum::<f64>() / vs.len() as f64;
    assert!(mean.abs() < 0.01 * (1u64 << 30) as f64, "{mean}");
    let mut sorted = vs.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert!(
        vs.len() - sorted.len() < 100,
        "{} ties",
        vs.len() - sorted.len()
    );
    assert!(vs.iter().all(|x| x.abs() <= 1 << 30));
    // uniform:1 takes exactly -1, 0, 1.
    let t = RandomTree::from_spec("random(players=2,b=8,d=4,leaf=uniform:1,seed=4)").unwrap();
    assert_eq!(frequencies(&t, 4).len(), 3);
}

#[test]
fn normalized_values_sum_exactly_and_are_identically_distributed() {
    for players in 2..=6 {
        for maxsum in [0i64, 1, 5, 7, 1000, 1_000_000] {
            let text =
                format!("random(players={players},b=6,d=5,leaf=normalized,seed=6,maxsum={maxsum})");
            let t = RandomTree::from_spec(&text).unwrap();
            let bounds = RandomTreeEval.bounds(&t);
            assert!(bounds.constant_sum);
            let vs = values(&t, 5);
            let mut means = vec![0f64; players];
            for v in &vs {
                assert_eq!(v.sum(), maxsum, "{text}: {v:?}");
                assert!(bounds.admits(v));
                for i in 0..players {
                    means[i] += v[i] as f64 / vs.len() as f64;
                }
            }
            if maxsum >= 1000 {
                for m in means {
                    let expect = maxsum as f64 / players as f64;
                    assert!(
                        (m - expect).abs() < 0.05 * expect,
                        "{text}: {m} vs {expect}"
                    );
                }
            }
        }
    }
    // Not the cut-point model: with two players the first score of the normalized model is
    // not uniform (u / (u + v) piles up around 1/2).
    let t = RandomTree::from_spec("random(players=2,b=8,d=5,leaf=normalized,maxsum=1000,seed=1)")
        .unwrap();
    let vs = values(&t, 5);
    let middle = vs.iter().filter(|v| (250..750).contains(&v[0])).count() as f64;
    // P(1/4 < U/(U+V) < 3/4) = 2/3 for iid uniforms (1/2 for the cut-point model).
    assert!(
        (middle / vs.len() as f64 - 2.0 / 3.0).abs() < 0.01,
        "{}",
        middle / vs.len() as f64
    );
}

#[test]
fn best_first_trees_give_the_knuth_moore_best_case() {
    use gametree::search::alphabeta::alphabeta;
    use gametree::search::minimax::minimax;
    for b in 1..=5u32 {
        for d in 0..=6u32 {
            let t = RandomTree::from_spec(&format!(
                "random(players=2,b={b},d={d},leaf=best-first,seed={})",
                b * 10 + d
            ))
            .unwrap();
            let root = t.initial();
            let r = alphabeta(&t, &RandomTreeEval, &root, &Config::unlimited()).unwrap();
            let expect = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
            assert_eq!(r.stats.leaves, expect as u64, "b={b} d={d}");
            assert_eq!(r.value, Scores::zero_sum(0), "the root carries value 0");
            assert_eq!(r.pv, vec![0; d as usize], "the first child is best");
        }
    }
    // At every node the first child is strictly best and the node's evaluation is its exact
    // minimax value (so depth-limited searches see the true values).
    let t = RandomTree::from_spec("random(players=2,b=3,d=5,leaf=best-first,seed=9)").unwrap();
    let mut stack = vec![t.initial()];
    let mut checked = 0;
    while let Some(s) = stack.pop() {
        let m = minimax(&t, &RandomTreeEval, &s, &Config::unlimited()).unwrap();
        assert_eq!(m.value, RandomTreeEval.evaluate(&t, &s));
        let mut moves = Vec::new();
        t.moves(&s, &mut moves);
        if !moves.is_empty() {
            let kids: Vec<i64> = moves
                .iter()
                .map(|&mv| RandomTreeEval.evaluate(&t, &t.play(&s, mv))[0])
                .collect();
            for &k in &kids[1..] {
                if s.player == 0 {
                    assert!(k < kids[0]);
                } else {
                    assert!(k > kids[0]);
                }
            }
            checked += 1;
        }
        stack.extend(moves.iter().map(|&mv| t.play(&s, mv)));
    }
    assert_eq!(checked, 1 + 3 + 9 + 27 + 81);
}

#[test]
fn signed_models_are_deterministic_and_prune_correctly() {
    use gametree::search::alphabeta::alphabeta;
    use gametree::search::minimax::minimax;
    for leaf in [
        "uniform",
        "discrete:2",
        "bivalued:0.5",
        "best-first",
        "normalized",
    ] {
        let mut total = 0;
        for seed in 0..30 {
            let text = format!("random(players=2,b=3,d=5,leaf={leaf},seed={seed})");
            let a = RandomTree::from_spec(&text).unwrap();
            let b = RandomTree::from_spec(&text).unwrap();
            assert_eq!(values(&a, 5), values(&b, 5));
            let root = a.initial();
            let m = minimax(&a, &RandomTreeEval, &root, &Config::unlimited()).unwrap();
            let r = alphabeta(&a, &RandomTreeEval, &root, &Config::unlimited()).unwrap();
            assert_eq!((r.value, r.pv.clone()), (m.value, m.pv), "{text}");
            let m = minimax(&a, &RandomTreeEval, &root, &Config::depth(3)).unwrap();
            let r = alphabeta(&a, &RandomTreeEval, &root, &Config::depth(3)).unwrap();
            assert_eq!(r.value, m.value, "{text} depth 3");
            total += r.stats.leaves;
        }
        assert!(total < 30 * 27, "{leaf}: alpha-beta prunes");
    }
    let a = values(
        &RandomTree::from_spec("random(players=2,b=3,d=3,leaf=uniform,seed=1)").unwrap(),
        3,
    );
    let b = values(
        &RandomTree::from_spec("random(players=2,b=3,d=3,leaf=uniform,seed=2)").unwrap(),
        3,
    );
    assert!(a.iter().zip(&b).filter(|(x, y)| x == y).count() < 2);
}

#[test]
fn alpha_beta_agrees_with_minimax_on_every_signed_model() {
    // Many small trees, ties included (bivalued and discrete:1 give many), one-child nodes
    // (b = 1) and empty trees (d = 0); full and depth-limited searches.
    use gametree::search::alphabeta::alphabeta;
    use gametree::search::minimax::minimax;
    let mut cases = 0;
    for leaf in [
        "uniform:3",
        "discrete:1",
        "discrete:2:0/1/5/1/0",
        "bivalued:0.6",
        "best-first",
    ] {
        for b in 1..=4u32 {
            for d in 0..=5u32 {
                for seed in 0..25u64 {
                    let text = format!("random(players=2,b={b},d={d},leaf={leaf},seed={seed})");
                    let t = RandomTree::from_spec(&text).unwrap();
                    let root = t.initial();
                    for config in [Config::unlimited(), Config::depth(d.saturating_sub(2))] {
                        let m = minimax(&t, &RandomTreeEval, &root, &config).unwrap();
                        let r = alphabeta(&t, &RandomTreeEval, &root, &config).unwrap();
                        assert_eq!(
                            (r.value, &r.pv, r.best_move),
                            (m.value, &m.pv, m.best_move),
                            "{text}"
                        );
                        assert!(r.stats.leaves <= m.stats.leaves);
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 5 * 4 * 6 * 25 * 2);
}
