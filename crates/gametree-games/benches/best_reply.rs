#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! Best-reply search in Chinese Checkers (3 players, 121 holes, top = 10 and all moves), one
//! thread: BRS and BRS+ beside paranoid and max^n at depth 4 (time per search, so nodes per
//! second), and the depth each reaches by iterative deepening in one second (printed, from
//! the start position and from a seeded mid-game position).
//!
//! Run: `cargo bench -p gametree-games --bench best_reply -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::rng::SplitMix64;
use gametree::search::best_reply::{iterative, Variant};
use gametree::search::{run, run_iterative, Algorithm, Config, SearchError, SearchResult};
use gametree::Game as _;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval, State};

#[derive(Clone, Copy)]
enum Alg {
    Brs,
    BrsPlus,
    Paranoid,
    Maxn,
}

impl Alg {
    const ALL: [Alg; 4] = [Alg::Brs, Alg::BrsPlus, Alg::Paranoid, Alg::Maxn];

    fn name(self) -> &'static str {
        match self {
            Alg::Brs => "brs",
            Alg::BrsPlus => "brs-plus",
            Alg::Paranoid => "paranoid",
            Alg::Maxn => "maxn",
        }
    }

    fn search(
        self,
        g: &ChineseCheckers,
        s: &State,
        config: &Config,
    ) -> Result<SearchResult<gametree_games::chinese_checkers::Move>, SearchError> {
        match self {
            Alg::Brs => Variant::Brs.search(g, &DistanceEval, s, config),
            Alg::BrsPlus => Variant::BrsPlus.search(g, &DistanceEval, s, config),
            Alg::Paranoid => run(Algorithm::Paranoid, g, &DistanceEval, s, config),
            Alg::Maxn => run(Algorithm::Maxn, g, &DistanceEval, s, config),
        }
    }

    fn deepen(
        self,
        g: &ChineseCheckers,
        s: &State,
        config: &Config,
    ) -> Result<SearchResult<gametree_games::chinese_checkers::Move>, SearchError> {
        match self {
            Alg::Brs => iterative(Variant::Brs, g, &DistanceEval, s, config),
            Alg::BrsPlus => iterative(Variant::BrsPlus, g, &DistanceEval, s, config),
            Alg::Paranoid => run_iterative(Algorithm::Paranoid, g, &DistanceEval, s, config),
            Alg::Maxn => run_iterative(Algorithm::Maxn, g, &DistanceEval, s, config),
        }
    }
}

/// A mid-game position: 30 seeded random plies from the start.
fn midgame(g: &ChineseCheckers) -> State {
    let mut rng = SplitMix64::new(13);
    let mut s = g.initial();
    let mut buf = Vec::new();
    for _ in 0..30 {
        buf.clear();
        g.moves(&s, &mut buf);
        s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
    s
}

fn bench(c: &mut Criterion) {
    for top in [10, 0] {
        let g = ChineseCheckers::new(3, 121, top, 400).expect("game");
        let label = if top == 0 {
            "all".to_string()
        } else {
            top.to_string()
        };
        let positions = [("start", g.initial()), ("midgame", midgame(&g))];
        // Depth reached in one second by iterative deepening.
        for (pos, s) in &positions {
            for alg in Alg::ALL {
                let mut config = Config::unlimited();
                config.limits.deadline = Some(Instant::now() + Duration::from_secs(1));
                let t = Instant::now();
                let r = alg.deepen(&g, s, &config);
                let secs = t.elapsed().as_secs_f64();
                let (depth, nodes) = match &r {
                    Ok(r) => (r.stats.depth, r.stats.nodes),
                    Err(SearchError::Stopped(_, st)) => (0, st.nodes),
                    Err(e) => panic!("{e}"),
                };
                eprintln!(
                    "cc3 top={label:<3} {pos:<7} {:<9} depth {depth:>2} in 1 s ({nodes:>9} nodes, {:5.2} M nodes/s)",
                    alg.name(),
                    nodes as f64 / secs / 1e6
                );
            }
        }
        // Depth 4, timed by criterion.
        let config = Config::depth(4);
        let mut group = c.benchmark_group(format!("chinese checkers 3p 121 top={label} depth 4"));
        group.sample_size(10);
        for (pos, s) in &positions {
            for alg in Alg::ALL {
                let t = Instant::now();
                let r = alg.search(&g, s, &config).expect("search");
                let secs = t.elapsed().as_secs_f64();
                eprintln!(
                    "cc3 top={label:<3} {pos:<7} {:<9} depth 4: {:>9} nodes {:>9} leaves {:6.2} M nodes/s (single untimed run)",
                    alg.name(),
                    r.stats.nodes,
                    r.stats.leaves,
                    r.stats.nodes as f64 / secs / 1e6
                );
                group.bench_function(format!("{pos} {}", alg.name()), |b| {
                    b.iter(|| black_box(alg.search(&g, black_box(s), &config)))
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
