#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Focus and Blokus, one thread: perft from the start (leaves per second of the move
//! generators), Blokus placements generated per second (the raw, unsorted generator on
//! mid-game positions), and max^n, paranoid and BRS from a mid-game position of each
//! (nodes per second of the searches). Each case prints its count once (an untimed single
//! run) before criterion times it.
//!
//! Run: `cargo bench -p gametree-games --bench focus_blokus`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::best_reply::brs;
use gametree::search::{run, Algorithm, Config, SearchResult};
use gametree::{Evaluator, Game, SetToMove};
use gametree_games::blokus::{Blokus, BlokusEval, Move as BlokusMove};
use gametree_games::focus::{Focus, FocusEval};
use gametree_games::perft::perft;

/// A three-player Focus position 22 plies into a seeded game (`mid-3p-ply22` in focus.perft).
const FOCUS_MID: &str = "g b,r,b,./.,g,.,rb,gr,./.,r,rbb,.,br,.,.,g/.,.,.,.,.,gg,b,./g,rg,.,b,.,g,.,g/.,b,g,.,rr,b,.,br/r,.,b,.,.,./.,rgb,gr,g 0,0,0 -,-,- -";

/// A Blokus position 22 plies into a seeded game (`mid-ply22` in blokus.perft).
const BLOKUS_MID: &str = "r y.......y........rrr/yy....yyy.......r.../yy..yy..y.......rr../..y..y..........r.../..y.yy..........r.r./..yy..yyyy..r.rr.rr./..........yyr.r..rr./........yyy.r.rr..../............rr....../..................../..................../..................../..bbbb............../.b.b..bbb....gggg.../.bb....b........g.../..b...b....g.....gg./..b...bb...g...ggg../bb.bb......gg.g...g./bb.b.......g.gg...g./b.bb..........gg..gg I1,I2,I3,I4,L4,O4,Z4,F,I,L,T,U,V,W,X/I1,I2,I3,V3,O4,T4,Z4,F,I,L,V,W,X,Y,Z/I1,I2,V3,I4,L4,O4,T4,Z4,F,I,N,T,V,W,X,Z/I1,I2,I3,V3,I4,O4,T4,Z4,I,P,T,U,V,W,X,Z";

/// One search of the benchmark.
type Search<G, E> = fn(&G, &E, &<G as Game>::State, &Config) -> SearchResult<<G as Game>::Move>;

fn searches<G: SetToMove, E: Evaluator<G>>(
    c: &mut Criterion,
    group: &str,
    game: &G,
    eval: &E,
    state: &G::State,
    depth: u32,
) {
    let config = Config::depth(depth);
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    let searches: [(&str, Search<G, E>); 3] = [
        ("maxn", |g, e, s, c| {
            run(Algorithm::Maxn, g, e, s, c).expect("search")
        }),
        ("paranoid", |g, e, s, c| {
            run(Algorithm::Paranoid, g, e, s, c).expect("search")
        }),
        ("brs", |g, e, s, c| brs(g, e, s, c).expect("search")),
    ];
    for (name, search) in searches {
        let t = Instant::now();
        let r = search(game, eval, state, &config);
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "{group} {name:<9} {:>9} nodes  {:7.3} M nodes/s (single untimed run)",
            r.stats.nodes,
            r.stats.nodes as f64 / secs / 1e6
        );
        g.bench_function(name, |b| {
            b.iter(|| black_box(search(game, eval, black_box(state), &config)))
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    let focus = Focus::new(3, 600).expect("three players");
    let focus_mid = focus.parse_position(FOCUS_MID).expect("position");
    let blokus = Blokus::default();
    let blokus_mid = blokus.parse_position(BLOKUS_MID).expect("position");

    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    let f2 = Focus::new(2, 600).expect("two players");
    let t = Instant::now();
    let leaves = perft(&f2, &f2.initial(), 3);
    eprintln!(
        "perft focus(players=2) d3 {leaves} leaves {:6.1} M leaves/s (single untimed run)",
        leaves as f64 / t.elapsed().as_secs_f64() / 1e6
    );
    g.bench_function("focus 2 players start d3", |b| {
        b.iter(|| black_box(perft(&f2, black_box(&f2.initial()), 3)))
    });
    let t = Instant::now();
    let leaves = perft(&blokus, &blokus.initial(), 3);
    eprintln!(
        "perft blokus d3 {leaves} leaves {:6.1} M leaves/s (single untimed run)",
        leaves as f64 / t.elapsed().as_secs_f64() / 1e6
    );
    g.bench_function("blokus start d3", |b| {
        b.iter(|| black_box(perft(&blokus, black_box(&blokus.initial()), 3)))
    });
    g.finish();

    // Placements per second: the raw generator on the mid-game position and its children.
    let mut children = Vec::new();
    blokus.moves(&blokus_mid, &mut children);
    let positions: Vec<_> = children
        .iter()
        .map(|&m| blokus.play(&blokus_mid, m))
        .collect();
    let mut buf: Vec<BlokusMove> = Vec::with_capacity(4096);
    let generate = |buf: &mut Vec<BlokusMove>| {
        let mut n = 0;
        for s in &positions {
            buf.clear();
            n += blokus.placements(black_box(s), buf);
        }
        n
    };
    let t = Instant::now();
    let n = generate(&mut buf);
    eprintln!(
        "blokus placements: {n} on {} positions, {:6.2} M placements/s (single untimed run)",
        positions.len(),
        n as f64 / t.elapsed().as_secs_f64() / 1e6
    );
    let mut g = c.benchmark_group("blokus placements");
    g.sample_size(20);
    g.bench_function("mid-game children", |b| {
        b.iter(|| black_box(generate(&mut buf)))
    });
    g.finish();

    searches(
        c,
        "focus 3 players mid-game d3",
        &focus,
        &FocusEval,
        &focus_mid,
        3,
    );
    searches(
        c,
        "blokus mid-game d2",
        &blokus,
        &BlokusEval,
        &blokus_mid,
        2,
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
