#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Connect four: gametree's `mcts` (UCT, max^n backup, random playouts to the end) beside the
//! `minimax` crate's `MonteCarloTreeSearch` (one thread, random rollouts to the end) on the
//! same game code, in the same run.
//!
//! Both spend a fixed number of simulations from the same positions; each sample is one whole
//! search, so simulations per second = simulations / time per sample. Before timing, one
//! untimed run of each prints its simulations per second. The match at equal time per move
//! is the example `mcts_vs_minimax`.
//!
//! Run: `cargo bench -p gametree-games --bench mcts -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::mcts::{mcts, MctsConfig};
use gametree::search::Config;
use gametree_games::connect_four::{CellWeights, ConnectFour, State};
use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy as _};

// The shared peer module; this benchmark uses only its game, not its evaluator or counter.
#[allow(
    dead_code,
    reason = "only the game is used; `expect(dead_code)` on this module is reported \
              unfulfilled by rustc although the lint fires without it"
)]
mod peer;

use peer::Peer;

/// The simulations per search: a small tree, and the 100,000 (a tree of about that
/// many nodes, where selection descends deeper and the root's visit count passes the
/// logarithm table).
const SIMULATIONS: [u32; 2] = [5_000, 100_000];

fn ours(state: &State, simulations: u32, seed: u64) -> Option<u8> {
    let m = MctsConfig::iterations(simulations as u64, seed);
    mcts(&ConnectFour, &CellWeights, state, &Config::unlimited(), &m)
        .expect("search")
        .best_move
}

fn peer_search(simulations: u32) -> MonteCarloTreeSearch<Peer<false>> {
    let mut s = MonteCarloTreeSearch::new(
        MCTSOptions::default()
            .with_num_threads(1)
            .with_max_rollout_depth(64),
    );
    s.set_max_rollouts(simulations);
    s
}

fn rate(simulations: u32, d: Duration) -> f64 {
    simulations as f64 / d.as_secs_f64() / 1e3
}

fn bench(c: &mut Criterion) {
    for simulations in SIMULATIONS {
        for (name, pos) in [("empty", ""), ("4453", "4453")] {
            bench_one(c, simulations, name, pos);
        }
    }
}

fn bench_one(c: &mut Criterion, simulations: u32, name: &str, pos: &str) {
    let state = ConnectFour::parse_position(pos).expect("position");
    let t = Instant::now();
    let mv = ours(&state, simulations, 1);
    let our = rate(simulations, t.elapsed());
    let mut p = peer_search(simulations);
    let t = Instant::now();
    let pmv = p.choose_move(&state);
    let their = rate(simulations, t.elapsed());
    eprintln!(
        "connect-four {name}: {simulations} simulations | gametree mcts {our:.0} k/s (move {mv:?}) | minimax crate MonteCarloTreeSearch {their:.0} k/s (move {pmv:?}) | ratio {:.2} (single untimed runs)",
        our / their
    );
    let mut g = c.benchmark_group(format!(
        "mcts/connect-four/{name}/{simulations}-simulations"
    ));
    g.sample_size(10);
    g.bench_function("gametree mcts", |b| {
        b.iter(|| black_box(ours(black_box(&state), simulations, 1)))
    });
    g.bench_function("minimax-crate MonteCarloTreeSearch", |b| {
        b.iter(|| black_box(peer_search(simulations).choose_move(black_box(&state))))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
