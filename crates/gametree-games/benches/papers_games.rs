#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! The papers' multi-player games, one thread: max^n, paranoid, BRS, BRS+ and MCTS from a
//! fixed mid-game position of each game (a seeded random line from the start), at a fixed
//! depth per search (a fixed number of iterations for MCTS) chosen so one search takes about
//! 1-50 ms. Each game comes from the registry by its spec, with the evaluator the command
//! line uses ([`Playable::evaluator`]). Before criterion times a case, its own runs print
//! its nodes per search and its time: the median of at least five runs (more while they
//! take under 0.2 s together, at most 50) on the thread's processor-time clock, which does
//! not count the time the thread waits on a loaded machine; for BRS and BRS+ it also prints
//! the time per node side by side (`brs+/brs`, the ratio of BRS+'s median time per node to
//! BRS's, from the same position).
//!
//! Run (every case, a few seconds each):
//! `cargo bench -p gametree-games --bench papers_games -- --quick`; one game or one search:
//! `cargo bench -p gametree-games --bench papers_games -- --quick chess4` or `-- --quick brs`.
//! Only the printed figures (no criterion timing): add `--list` after `--`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::rng::SplitMix64;
use gametree::search::best_reply::{brs, brs_plus};
use gametree::search::clock::thread_cpu_time;
use gametree::search::mcts::{mcts, MctsConfig};
use gametree::search::{run, Algorithm, Config, SearchResult, Stats};
use gametree::{Game, SetToMove};
use gametree_games::registry::{self, GameVisitor, Playable};

/// One game of the benchmark: its spec, the seed and length of the random line that reaches
/// its position, the depth of max^n, paranoid and BRS/BRS+, and MCTS's iterations.
struct Case {
    spec: &'static str,
    seed: u64,
    plies: usize,
    maxn: u32,
    paranoid: u32,
    brs: u32,
    mcts: u64,
}

/// The games and settings (depths chosen so one search takes about 1-50 ms; BRS+ runs at
/// BRS's depth for the side-by-side time per node, so in four-player chess it takes longer,
/// about 0.25 s).
const CASES: [Case; 6] = [
    Case {
        spec: "chinese-checkers(players=3,board=121,top=all)",
        seed: 1,
        plies: 12,
        maxn: 3,
        paranoid: 4,
        brs: 4,
        mcts: 30,
    },
    Case {
        spec: "chess4",
        seed: 1,
        plies: 16,
        maxn: 3,
        paranoid: 4,
        brs: 4,
        mcts: 20,
    },
    Case {
        spec: "focus(players=3)",
        seed: 1,
        plies: 12,
        maxn: 3,
        paranoid: 3,
        brs: 4,
        mcts: 200,
    },
    Case {
        spec: "blokus",
        seed: 1,
        plies: 12,
        maxn: 2,
        paranoid: 2,
        brs: 2,
        mcts: 50,
    },
    Case {
        spec: "rolit(players=3)",
        seed: 1,
        plies: 12,
        maxn: 4,
        paranoid: 6,
        brs: 5,
        mcts: 1000,
    },
    Case {
        spec: "rolit(players=4)",
        seed: 1,
        plies: 12,
        maxn: 5,
        paranoid: 7,
        brs: 6,
        mcts: 1000,
    },
];

/// The position `plies` seeded random moves from `state` (fewer if the game ends).
fn seeded_line<G: Game>(game: &G, state: &G::State, seed: u64, plies: usize) -> G::State {
    let mut rng = SplitMix64::new(seed);
    let mut s = state.clone();
    let mut buf = Vec::new();
    for _ in 0..plies {
        if game.outcome(&s).is_some() {
            break;
        }
        buf.clear();
        game.moves(&s, &mut buf);
        s = game.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
    s
}

/// Times one search (apart from criterion): at least five runs, more while they take under
/// 0.2 s of wall-clock time together, at most 50, each on the thread's processor-time clock
/// (wall-clock time where the system has none). Prints its nodes, the median time and nodes
/// per second, and returns its statistics and the median seconds.
fn measured<M>(label: &str, search: impl Fn() -> SearchResult<M>) -> (Stats, f64) {
    let clock = || thread_cpu_time().ok();
    let cpu = clock().is_some();
    let started = Instant::now();
    let mut times = Vec::new();
    let mut stats = Stats::default();
    while times.len() < 5 || (started.elapsed() < Duration::from_millis(200) && times.len() < 50) {
        let (t, c) = (Instant::now(), clock());
        stats = search().stats;
        let secs = match (c, clock()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => t.elapsed().as_secs_f64(),
        };
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    let secs = times[times.len() / 2];
    eprintln!(
        "{label:<58} {:>9} nodes {:>8.3} ms {:>7.3} M nodes/s {:>6.3} us/node (median of {} runs, {})",
        stats.nodes,
        secs * 1e3,
        stats.nodes as f64 / secs / 1e6,
        secs * 1e6 / stats.nodes.max(1) as f64,
        times.len(),
        if cpu { "processor time" } else { "wall-clock time" }
    );
    (stats, secs)
}

/// The benchmark of one game, run by the registry on the concrete game.
struct Bench<'c> {
    c: &'c mut Criterion,
    case: &'c Case,
}

impl GameVisitor for Bench<'_> {
    type Output = ();

    fn visit<G: Playable>(self, _game: &G, _state: &G::State) {
        panic!(
            "{}: the papers' games all hand the turn to any player",
            self.case.spec
        );
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, start: &G::State) {
        let Bench { c, case } = self;
        let eval = game.evaluator();
        let s = seeded_line(game, start, case.seed, case.plies);
        let name = format!("{} seed {} ply {}", case.spec, case.seed, case.plies);
        let mut g = c.benchmark_group(&name);
        g.sample_size(10);

        let mut brs_per_node = 0.0;
        let searches: [(&str, u32); 4] = [
            ("maxn", case.maxn),
            ("paranoid", case.paranoid),
            ("brs", case.brs),
            ("brs+", case.brs),
        ];
        for (alg, depth) in searches {
            let config = Config::depth(depth);
            let search = || {
                match alg {
                    "maxn" => run(Algorithm::Maxn, game, &eval, &s, &config),
                    "paranoid" => run(Algorithm::Paranoid, game, &eval, &s, &config),
                    "brs" => brs(game, &eval, &s, &config),
                    _ => brs_plus(game, &eval, &s, &config),
                }
                .expect("search")
            };
            let (stats, secs) = measured(&format!("{name} {alg} d{depth}"), search);
            let per_node = secs / stats.nodes.max(1) as f64;
            match alg {
                "brs" => brs_per_node = per_node,
                "brs+" => eprintln!(
                    "{name} time per node brs {:.3} us, brs+ {:.3} us: brs+/brs {:.2}",
                    brs_per_node * 1e6,
                    per_node * 1e6,
                    per_node / brs_per_node
                ),
                _ => {}
            }
            g.bench_function(format!("{alg} d{depth}"), |b| {
                b.iter(|| black_box(search()))
            });
        }

        let mc = MctsConfig::iterations(case.mcts, 1);
        let search = || mcts(game, &eval, &s, &Config::unlimited(), &mc).expect("search");
        measured(&format!("{name} mcts n{}", case.mcts), search);
        g.bench_function(format!("mcts n{}", case.mcts), |b| {
            b.iter(|| black_box(search()))
        });
        g.finish();
    }
}

fn bench(c: &mut Criterion) {
    for case in &CASES {
        registry::visit(case.spec, None, Bench { c, case }).expect("a registered game");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
