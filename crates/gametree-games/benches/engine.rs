#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! The engine of issue #5 beside the `minimax` crate on connect four from the empty board,
//! depth 14, the same cell-weight evaluator:
//!
//! - `gametree engine`: iterative deepening, 16 MiB table, every ordering heuristic, PVS,
//!   aspiration windows ([`Options::STRONG`]), one thread;
//! - `minimax-crate IterativeSearch`: its iterative deepening with a 16 MiB table and its
//!   default options (two-tier table, null-window search);
//! - `gametree parallel` with 1 and 2 threads (lazy SMP with ABDADA-style deferral), and the
//!   crate's `ParallelSearch` (young-brothers-wait on rayon) with 1 and 2 threads.
//!
//! Every search allocates its table inside the timed loop (both libraries), except the row
//! `gametree engine, kept table cleared`: one [`engine::Engine`] whose table is emptied in
//! O(1) ([`engine::Engine::clear`]) before each search, as between two games (the memory is
//! already mapped: the cost of a new table's first writes is left out). Before timing, the
//! harness checks that the values agree and prints node counts.
//!
//! Run: `cargo bench -p gametree-games --bench engine`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::engine::{self, GameHash, Options};
use gametree::search::parallel::search_parallel;
use gametree::search::Config;
use gametree::Game as _;
use gametree_games::connect_four::{CellWeights, ConnectFour, WIN};
use minimax::Strategy as _;

const DEPTH: u32 = 14;
const TABLE: usize = 16 << 20;

mod peer;

use peer::PeerEval;

fn ours(threads: usize, parallel: bool) -> (i64, u64) {
    let options = Options {
        threads,
        mate: Some(WIN),
        ..Options::STRONG
    };
    let s = ConnectFour.initial();
    let r = if !parallel {
        engine::search(
            &ConnectFour,
            &CellWeights,
            &GameHash,
            &s,
            &Config::depth(DEPTH),
            &options,
        )
    } else {
        search_parallel(
            &ConnectFour,
            &CellWeights,
            &GameHash,
            &s,
            &Config::depth(DEPTH),
            &options,
        )
    }
    .expect("search");
    (r.result.score, r.result.stats.nodes)
}

fn ours_kept(e: &engine::Engine) -> (i64, u64) {
    e.clear();
    let r = e
        .search(
            &ConnectFour,
            &CellWeights,
            &GameHash,
            &ConnectFour.initial(),
            &Config::depth(DEPTH),
        )
        .expect("search");
    (r.result.score, r.result.stats.nodes)
}

fn peer_iterative() -> i64 {
    let opts = minimax::IterativeOptions::new().with_table_byte_size(TABLE);
    let mut s = minimax::IterativeSearch::new(PeerEval::<false>, opts);
    s.set_max_depth(DEPTH as u8);
    black_box(s.choose_move(&ConnectFour.initial()));
    s.root_value() as i64
}

fn peer_parallel(threads: usize) -> i64 {
    let opts = minimax::IterativeOptions::new().with_table_byte_size(TABLE);
    let par = minimax::ParallelOptions::new().with_num_threads(threads);
    let mut s = minimax::ParallelSearch::new(PeerEval::<false>, opts, par);
    s.set_max_depth(DEPTH as u8);
    black_box(s.choose_move(&ConnectFour.initial()));
    s.root_value() as i64
}

fn bench(c: &mut Criterion) {
    let (v, nodes) = ours(1, false);
    let p = peer_iterative();
    assert_eq!(v, p, "values differ: gametree {v}, minimax crate {p}");
    let kept = engine::Engine::new(&Options {
        mate: Some(WIN),
        ..Options::STRONG
    })
    .expect("table");
    assert_eq!(ours_kept(&kept), (v, nodes));
    let (v2, nodes2) = ours(2, true);
    assert_eq!(v2, v);
    assert_eq!(peer_parallel(2), p);
    eprintln!(
        "connect-four empty d{DEPTH}: value {v} (all agree) | gametree engine {nodes} nodes, parallel 2 threads {nodes2} nodes (both threads)"
    );
    let mut g = c.benchmark_group(format!("engine/connect-four/empty/d{DEPTH}"));
    g.sample_size(10);
    g.bench_function("gametree engine", |b| b.iter(|| black_box(ours(1, false))));
    g.bench_function("gametree engine, kept table cleared", |b| {
        b.iter(|| black_box(ours_kept(&kept)))
    });
    g.bench_function("minimax-crate IterativeSearch", |b| {
        b.iter(|| black_box(peer_iterative()))
    });
    g.bench_function("gametree parallel 1 thread", |b| {
        b.iter(|| black_box(ours(1, true)))
    });
    g.bench_function("gametree parallel 2 threads", |b| {
        b.iter(|| black_box(ours(2, true)))
    });
    g.bench_function("minimax-crate ParallelSearch 1 thread", |b| {
        b.iter(|| black_box(peer_parallel(1)))
    });
    g.bench_function("minimax-crate ParallelSearch 2 threads", |b| {
        b.iter(|| black_box(peer_parallel(2)))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
