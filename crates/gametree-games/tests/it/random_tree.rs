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
        "parameter `leaf=gaussian`: expected constant, cutpoints or incremental",
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
