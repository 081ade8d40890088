#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! The multi-player family on hashed random trees, one thread: nodes per search and time per
//! search (so nodes per second) of max^n, shallow, last-branch, speculative and paranoid, on
//! Korf's cut-point model (the average case) and the constant model (the best case):
//! 3 players with b = 10, d = 6, and 4 players with b = 6, d = 8.
//!
//! Run: `cargo bench -p gametree-games --bench multi_player`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::{run, Algorithm, Config};
use gametree::Game as _;
use gametree_games::random_tree::{RandomTree, RandomTreeEval};

const ALGORITHMS: [Algorithm; 5] = [
    Algorithm::Maxn,
    Algorithm::Shallow,
    Algorithm::LastBranch,
    Algorithm::Speculative,
    Algorithm::Paranoid,
];

fn bench(c: &mut Criterion) {
    let specs = [
        (
            "3p b10 d6 cutpoints",
            "random(players=3,b=10,d=6,leaf=cutpoints,seed=1)",
            6,
        ),
        (
            "4p b6 d8 cutpoints",
            "random(players=4,b=6,d=8,leaf=cutpoints,seed=1)",
            8,
        ),
        (
            "3p b10 d6 constant",
            "random(players=3,b=10,d=6,leaf=constant,seed=1)",
            6,
        ),
        (
            "4p b6 d8 constant",
            "random(players=4,b=6,d=8,leaf=constant,seed=1)",
            8,
        ),
    ];
    for (name, spec, depth) in specs {
        let tree = RandomTree::from_spec(spec).expect("spec");
        let root = tree.initial();
        let config = Config::depth(depth);
        let mut g = c.benchmark_group(format!("random {name}"));
        g.sample_size(10);
        for alg in ALGORITHMS {
            let t = Instant::now();
            let r = run(alg, &tree, &RandomTreeEval, &root, &config).expect("search");
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{name:>22} {:<12} {:>9} nodes {:>9} leaves  {:6.1} M nodes/s (single untimed run)",
                alg.name(),
                r.stats.nodes,
                r.stats.leaves,
                r.stats.nodes as f64 / secs / 1e6
            );
            g.bench_function(alg.name(), |b| {
                b.iter(|| black_box(run(alg, &tree, &RandomTreeEval, black_box(&root), &config)))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
