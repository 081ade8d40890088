#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Connect four: fail-soft alpha-beta of gametree beside the `minimax` crate's `Negamax`
//! (plain alpha-beta in negamax form) on the same positions, depths and evaluator.
//!
//! Both search the columns in the order a..g with no move ordering, so apart from the
//! `minimax` crate's random shuffle of the root moves they walk the same tree. Before timing,
//! the harness checks that the values agree and prints both node counts (the peer's counted
//! by `Peer<true>`, while the timed `Peer<false>` has no counter) and nodes per second.
//!
//! Run: `cargo bench -p gametree-games --bench connect_four`.

use std::hint::black_box;
use std::sync::atomic::Ordering;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::{alphabeta_failsoft::alphabeta_failsoft, Config, SearchResult};
use gametree_games::connect_four::{CellWeights, ConnectFour, State, WIN};
use minimax::Strategy as _;

mod peer;

use peer::{PeerEval, PEER_NODES};

fn ours(state: &State, depth: u32) -> SearchResult<u8> {
    alphabeta_failsoft(&ConnectFour, &CellWeights, state, &Config::depth(depth)).expect("search")
}

fn peer<const COUNT: bool>(state: &State, depth: u32) -> i64 {
    let mut s = minimax::Negamax::new(PeerEval::<COUNT>, depth as u8);
    black_box(s.choose_move(state));
    s.root_value() as i64
}

fn bench(c: &mut Criterion) {
    for (name, pos) in [("empty", ""), ("4453", "4453")] {
        let state = ConnectFour::parse_position(pos).expect("position");
        for depth in [10u32, 12] {
            // Values and node counts, outside the timed loops.
            let t = Instant::now();
            let r = ours(&state, depth);
            let our_secs = t.elapsed().as_secs_f64();
            PEER_NODES.store(0, Ordering::Relaxed);
            let peer_value = peer::<true>(&state, depth);
            let peer_nodes = PEER_NODES.load(Ordering::Relaxed) + 1;
            let t = Instant::now();
            let _ = peer::<false>(&state, depth);
            let peer_secs = t.elapsed().as_secs_f64();
            let same = r.score == peer_value
                || (r.score.abs() >= WIN / 2 && peer_value.abs() >= i16::MAX as i64 / 2);
            assert!(
                same,
                "{name} depth {depth}: gametree {}, minimax crate {peer_value}",
                r.score
            );
            eprintln!(
                "connect-four {name} d{depth}: value {} (both) | gametree {} nodes, {:.1} M nodes/s | minimax crate {} nodes, {:.1} M nodes/s (single untimed runs)",
                r.score,
                r.stats.nodes,
                r.stats.nodes as f64 / our_secs / 1e6,
                peer_nodes,
                peer_nodes as f64 / peer_secs / 1e6,
            );
            let mut g = c.benchmark_group(format!("connect-four/{name}/d{depth}"));
            g.sample_size(10);
            g.bench_function("gametree alphabeta-failsoft", |b| {
                b.iter(|| black_box(ours(black_box(&state), depth)))
            });
            g.bench_function("minimax-crate Negamax", |b| {
                b.iter(|| black_box(peer::<false>(black_box(&state), depth)))
            });
            g.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
