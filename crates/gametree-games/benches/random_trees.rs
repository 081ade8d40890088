#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Nodes per second on hashed random trees: alpha-beta (2 players), max^n, speculative max^n
//! and hypermax (3 players) on the `constant` and `cutpoints` models, and hypermax on
//! Fridenfalk's `incremental` model. Each case prints its node count and a one-shot rate
//! before criterion times it (throughput in nodes).
//!
//! Run: `cargo bench -p gametree-games --bench random_trees` (add `-- --quick` for a short
//! run).

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gametree::search::alphabeta::alphabeta;
use gametree::search::hypermax::hypermax;
use gametree::search::maxn::maxn;
use gametree::search::speculative::speculative;
use gametree::search::{Config, SearchError, SearchResult};
use gametree::Game as _;
use gametree_games::random_tree::{RandomState, RandomTree, RandomTreeEval};

type Algo = fn(
    &RandomTree,
    &RandomTreeEval,
    &RandomState,
    &Config,
) -> Result<SearchResult<u32>, SearchError>;

fn cases() -> Vec<(&'static str, &'static str, Algo)> {
    vec![
        (
            "alphabeta",
            "random(players=2,b=10,d=7,leaf=constant,seed=1)",
            alphabeta::<RandomTree, RandomTreeEval>,
        ),
        (
            "alphabeta",
            "random(players=2,b=10,d=7,leaf=cutpoints,seed=1)",
            alphabeta::<RandomTree, RandomTreeEval>,
        ),
        (
            "maxn",
            "random(players=3,b=10,d=6,leaf=constant,seed=1)",
            maxn::<RandomTree, RandomTreeEval>,
        ),
        (
            "maxn",
            "random(players=3,b=10,d=6,leaf=cutpoints,seed=1)",
            maxn::<RandomTree, RandomTreeEval>,
        ),
        (
            "speculative",
            "random(players=3,b=10,d=9,leaf=constant,seed=1)",
            speculative::<RandomTree, RandomTreeEval>,
        ),
        (
            "hypermax",
            "random(players=3,b=10,d=9,leaf=constant,seed=1)",
            hypermax::<RandomTree, RandomTreeEval>,
        ),
        (
            "hypermax",
            "random(players=3,b=10,d=8,leaf=cutpoints,seed=1)",
            hypermax::<RandomTree, RandomTreeEval>,
        ),
        (
            "hypermax",
            "random(players=3,b=4,d=12,leaf=incremental,seed=1)",
            hypermax::<RandomTree, RandomTreeEval>,
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_trees");
    group.sample_size(10);
    for (name, spec, algo) in cases() {
        let t = RandomTree::from_spec(spec).expect("valid spec");
        let root = t.initial();
        let cfg = Config::unlimited();
        let start = Instant::now();
        let r = algo(&t, &RandomTreeEval, &root, &cfg).expect("search");
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "{name:<12} {spec:<52} {:>10} nodes  {:.2e} nodes/s (one run)",
            r.stats.nodes,
            r.stats.nodes as f64 / secs
        );
        group.throughput(Throughput::Elements(r.stats.nodes));
        group.bench_function(format!("{name} {spec}"), |b| {
            b.iter(|| black_box(algo(&t, &RandomTreeEval, black_box(&root), &cfg)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
