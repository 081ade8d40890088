#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Rolit, one thread: perft from the start (depth 6) and from a mid-game position (depth 4),
//! so leaves per second of the bitboard move generator; and max^n, speculative max^n and
//! paranoid at depth 4 from the mid-game position with the `BallShare` evaluator (four
//! players, constant-sum), so nodes per second of the searches. Each case prints its count
//! once (an untimed single run) before criterion times it.
//!
//! Run: `cargo bench -p gametree-games --bench rolit`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::{run, Algorithm, Config};
use gametree::Game as _;
use gametree_games::perft::perft;
use gametree_games::rolit::{BallShare, Rolit};

/// A four-player position after 20 plies of a seeded random game (also in rolit.perft).
const MID_GAME: &str = ".........gr......bgr.r...rbgry..g.bbyb...gby.g...byy.....y...... r";

fn bench(c: &mut Criterion) {
    let game = Rolit::new(4).expect("four players");
    let start = game.initial();
    let mid = game.parse_position(MID_GAME).expect("position");

    let mut g = c.benchmark_group("rolit perft");
    g.sample_size(10);
    for (name, state, depth) in [("start d6", &start, 6), ("mid-game d4", &mid, 4)] {
        let t = Instant::now();
        let leaves = perft(&game, state, depth);
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "perft {name:>12} {leaves:>9} leaves  {:6.1} M leaves/s (single untimed run)",
            leaves as f64 / secs / 1e6
        );
        g.bench_function(name, |b| {
            b.iter(|| black_box(perft(&game, black_box(state), depth)))
        });
    }
    g.finish();

    let config = Config::depth(4);
    let mut g = c.benchmark_group("rolit search mid-game d4");
    g.sample_size(10);
    for alg in [Algorithm::Maxn, Algorithm::Speculative, Algorithm::Paranoid] {
        let t = Instant::now();
        let r = run(alg, &game, &BallShare, &mid, &config).expect("search");
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "{:<12} {:>9} nodes {:>9} leaves  {:6.2} M nodes/s (single untimed run)",
            alg.name(),
            r.stats.nodes,
            r.stats.leaves,
            r.stats.nodes as f64 / secs / 1e6
        );
        g.bench_function(alg.name(), |b| {
            b.iter(|| black_box(run(alg, &game, &BallShare, black_box(&mid), &config)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
