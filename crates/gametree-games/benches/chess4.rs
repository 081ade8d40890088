#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Four-player chess, one thread: perft leaves per second from the start and from a
//! mid-game position (unordered generation, legal moves counted at the last ply, and the
//! ordered `Game::moves` through the generic perft), and max^n and paranoid nodes per second
//! at depth 3 with the material evaluator `Psi`.
//!
//! Run: `cargo bench -p gametree-games --bench chess4 -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gametree::search::{run, Algorithm, Config};
use gametree::Game as _;
use gametree_games::chess4::{Chess4, Psi};
use gametree_games::perft::perft;

/// A mid-game position: every side has lost a few pieces, two queens are out.
const MID: &str = "g Rd1,Bf1,Qj5,Kh1,Bi1,Rk1,Pd2,Pe3,Pf2,Ph2,Pi2,Pj2,Pk2/\
Ra4,Pb4,Ba6,Pc5,Ka7,Pb7,Qa8,Pb8,Ba9,Pb9,Na10,Pb10,Ra11,Pb11/\
Pd13,Pe12,Pf13,Pg13,Ph13,Pi11,Pj13,Pk13,Rd14,Ne14,Bf14,Kg14,Qh14,Nj14,Rk14/\
Pm4,Rn4,Pm5,Nn5,Pl6,Bn6,Pm7,Qn7,Pm8,Kn8,Pm9,Bn9,Pm10,Nk9,Pm11,Rn11";

fn bench(c: &mut Criterion) {
    let game = Chess4::default();
    let start = game.initial();
    let mid = game.parse_position(MID).expect("mid-game position");
    for (name, state, depth) in [("start", start, 4), ("mid-game", mid, 3)] {
        let leaves = game.perft_raw(&state, depth);
        let mut g = c.benchmark_group(format!("chess4 perft {name} d{depth}"));
        g.sample_size(10);
        g.throughput(Throughput::Elements(leaves));
        g.bench_function("perft_raw", |b| {
            b.iter(|| black_box(game.perft_raw(black_box(&state), depth)))
        });
        g.bench_function("perft (ordered moves)", |b| {
            b.iter(|| black_box(perft(&game, black_box(&state), depth)))
        });
        g.finish();
    }
    for (name, state) in [("start", start), ("mid-game", mid)] {
        let config = Config::depth(3);
        for alg in [Algorithm::Maxn, Algorithm::Paranoid] {
            let nodes = run(alg, &game, &Psi, &state, &config)
                .expect("search")
                .stats
                .nodes;
            let mut g = c.benchmark_group(format!("chess4 {} {name} d3", alg.name()));
            g.sample_size(10);
            g.throughput(Throughput::Elements(nodes));
            g.bench_function("nodes", |b| {
                b.iter(|| black_box(run(alg, &game, &Psi, black_box(&state), &config)))
            });
            g.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
