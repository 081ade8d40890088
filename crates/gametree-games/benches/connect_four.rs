#![allow(missing_docs)]
//! Connect four: fail-soft alpha-beta of gametree beside the `minimax` crate's `Negamax`
//! (plain alpha-beta in negamax form) on the same positions, depths and evaluator.
//!
//! Both search the columns in the order a..g with no move ordering, so apart from the
//! `minimax` crate's random shuffle of the root moves they walk the same tree. Before timing,
//! the harness checks that the values agree and prints both node counts (the peer's counted
//! by a switchable counter in its `apply`, off while timing) and nodes per second.
//!
//! Run: `cargo bench -p gametree-games --bench connect_four`.

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::{alphabeta_failsoft::alphabeta_failsoft, Config, SearchResult};
use gametree::{Evaluator as _, Game as _};
use gametree_games::connect_four::{CellWeights, ConnectFour, State, WIN};
use minimax::Strategy as _;

static COUNTING: AtomicBool = AtomicBool::new(false);
static PEER_NODES: AtomicU64 = AtomicU64::new(0);

/// Connect four for the `minimax` crate, delegating to gametree's rules.
struct Peer;

impl minimax::Game for Peer {
    type S = State;
    type M = u8;

    fn generate_moves(s: &State, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        ConnectFour.moves(s, moves);
        if moves.is_empty() {
            return <Peer as minimax::Game>::get_winner(s);
        }
        None
    }

    fn apply(s: &mut State, m: u8) -> Option<State> {
        if COUNTING.load(Ordering::Relaxed) {
            PEER_NODES.fetch_add(1, Ordering::Relaxed);
        }
        Some(ConnectFour.play(s, m))
    }

    fn get_winner(s: &State) -> Option<minimax::Winner> {
        match ConnectFour.outcome(s) {
            None => None,
            Some(v) if v[0] == 0 => Some(minimax::Winner::Draw),
            Some(_) => Some(minimax::Winner::PlayerJustMoved),
        }
    }
}

/// The same cell-weight evaluator, from the point of view of the side to move.
struct PeerEval;

impl minimax::Evaluator for PeerEval {
    type G = Peer;
    fn evaluate(&self, s: &State) -> minimax::Evaluation {
        let v = CellWeights.evaluate(&ConnectFour, s);
        v[ConnectFour.to_move(s)] as minimax::Evaluation
    }
}

fn ours(state: &State, depth: u32) -> SearchResult<u8> {
    alphabeta_failsoft(&ConnectFour, &CellWeights, state, &Config::depth(depth)).expect("search")
}

fn peer(state: &State, depth: u32) -> i64 {
    let mut s = minimax::Negamax::new(PeerEval, depth as u8);
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
            COUNTING.store(true, Ordering::Relaxed);
            PEER_NODES.store(0, Ordering::Relaxed);
            let t = Instant::now();
            let peer_value = peer(&state, depth);
            let peer_secs = t.elapsed().as_secs_f64();
            COUNTING.store(false, Ordering::Relaxed);
            let peer_nodes = PEER_NODES.load(Ordering::Relaxed) + 1;
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
                b.iter(|| black_box(peer(black_box(&state), depth)))
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
