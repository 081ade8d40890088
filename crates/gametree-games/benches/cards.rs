#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Hearts and Spades (three players, perfect information; the Table 11 games: equivalent
//! cards searched once, scale 1), one thread: nodes per search and time per search (so
//! nodes per second) of max^n, speculative max^n and paranoid, each also with a
//! transposition table (`maxn_table`, `speculative_table`, paranoid in the engine with
//! ordering and MTD(f)), on two positions of seeded deal 1 of each game:
//! - the start of the hand searched 9 cards deep (the partial-tree regime of Table 11);
//! - the position with 18 cards left (the deal played by its first legal card in search
//!   order until then), searched to the end of the hand (the complete-tree regime).
//!
//! Run: `cargo bench -p gametree-games --bench cards`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::engine::{self, GameHash, Options, Root, Side};
use gametree::search::maxn_table::maxn_table;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{run, Algorithm, Config, SearchResult};
use gametree::{Evaluator, Game};
use gametree_games::cards::{Card, CardEval, CardGame, CardState};

/// The size of every table, MiB (as in the Table 11 experiment).
const TABLE_MIB: usize = 4;

const METHODS: [&str; 6] = [
    "maxn",
    "speculative",
    "paranoid",
    "maxn_table",
    "speculative_table",
    "paranoid_engine",
];

fn search(method: &str, g: &CardGame, s: &CardState, config: &Config) -> SearchResult<Card> {
    // Each table search allocates its table, as the engine does for paranoid; the plain
    // searches allocate nothing.
    let table = || VectorTable::with_mib(TABLE_MIB);
    match method {
        "maxn" => run(Algorithm::Maxn, g, &CardEval, s, config),
        "speculative" => run(Algorithm::Speculative, g, &CardEval, s, config),
        "paranoid" => run(Algorithm::Paranoid, g, &CardEval, s, config),
        "maxn_table" => maxn_table(g, &CardEval, s, config, &mut table()),
        "speculative_table" => speculative_table(g, &CardEval, s, config, &mut table()),
        _ => {
            let opts = Options {
                table_mib: TABLE_MIB,
                root: Root::Mtdf,
                side: Side::RootMover,
                ..Options::STRONG
            };
            engine::search(g, &CardEval, &GameHash, s, config, &opts).map(|e| e.result)
        }
    }
    .expect("search")
}

/// Deal 1 played by the first card in search order until `left` cards remain.
fn position(g: &CardGame, left: u32) -> CardState {
    let mut s = g.initial();
    let mut moves = Vec::new();
    while s.cards_left() > left {
        moves.clear();
        g.moves(&s, &mut moves);
        CardEval.order(g, &s, &mut moves);
        s = g.play(&s, moves[0]);
    }
    s
}

fn bench(c: &mut Criterion) {
    for (name, g) in [
        ("hearts", CardGame::hearts(1).with_equiv(true).with_scale(1)),
        ("spades", CardGame::spades(1).with_equiv(true).with_scale(1)),
    ] {
        for (what, s, config) in [
            ("start d9", g.initial(), Config::depth(9)),
            ("18 left to the end", position(&g, 18), Config::unlimited()),
        ] {
            let mut group = c.benchmark_group(format!("{name} {what}"));
            group.sample_size(10);
            for m in METHODS {
                let t = Instant::now();
                let r = search(m, &g, &s, &config);
                let secs = t.elapsed().as_secs_f64();
                eprintln!(
                    "{name} {what:>20} {m:<18} {:>10} nodes {:>8} table hits {:6.1} M nodes/s (single untimed run)",
                    r.stats.nodes,
                    r.stats.table_hits,
                    r.stats.nodes as f64 / secs / 1e6
                );
                group.bench_function(m, |b| {
                    b.iter(|| black_box(search(m, &g, black_box(&s), &config)))
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
