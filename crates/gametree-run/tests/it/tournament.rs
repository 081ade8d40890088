//! The tests of `gametree_run::tournament` (here, not in the library: it has no test target).

use gametree::search::Algorithm;
use gametree::search::AnyGame;
use gametree::Game;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::tictactoe::{OpenLines, TicTacToe};
use gametree_run::budget::Budget;
use gametree_run::engine::*;
use gametree_run::stack::StackError;
use gametree_run::tournament::*;
use std::time::Instant;

#[test]
fn a_budget_is_one_field_of_the_one_limits_type_and_errors_name_each_fronts_option() {
    use gametree_run::error::Front;
    for b in [
        MoveBudget::Depth(4),
        MoveBudget::Nodes(500),
        MoveBudget::Time(20),
        MoveBudget::CpuTime(20),
    ] {
        assert_eq!(MoveBudget::from_budget(&b.budget()), Ok(Some(b)), "{b:?}");
    }
    assert_eq!(MoveBudget::from_budget(&Budget::NONE), Ok(None));
    let error = |depth, nodes, time_ms| {
        let l = Budget {
            depth,
            nodes,
            time_ms,
            ..Budget::NONE
        };
        let e = MoveBudget::from_budget(&l).unwrap_err();
        (e.render(Front::Cli), e.render(Front::Api))
    };
    assert_eq!(
        error(Some(2), None, Some(5)),
        (
            "give at most one of --depth, --nodes and --time-ms".into(),
            "give at most one of depth, nodes and time_ms".into()
        )
    );
    assert_eq!(
        error(None, None, Some(MAX_TIME_MS + 1)),
        (
            "--time-ms=3600001: must be between 1 and 3600000".into(),
            "time_ms=3600001: must be between 1 and 3600000".into()
        )
    );
    assert_eq!(
        error(Some(0), None, None).1,
        "depth=0: must be between 1 and 10000"
    );
    assert_eq!(error(None, Some(0), None).1, "nodes=0: must be at least 1");
    // An engine's search under each budget: the limits of the one type, a time budget
    // capped at TIME_MAX_DEPTH.
    let limits = |b| {
        Engine::new(Algorithm::Maxn, b)
            .pick_spec(0)
            .config(Instant::now())
            .limits
    };
    let d = limits(MoveBudget::Depth(3));
    assert_eq!((d.depth, d.nodes, d.deadline), (Some(3), None, None));
    let n = limits(MoveBudget::Nodes(7));
    assert_eq!((n.depth, n.nodes, n.deadline), (None, Some(7), None));
    let t = limits(MoveBudget::Time(9));
    assert_eq!((t.depth, t.nodes), (Some(TIME_MAX_DEPTH), None));
    assert_eq!(
        t.deadline,
        t.start.map(|s| s + std::time::Duration::from_millis(9))
    );
}

#[test]
fn seatings_cover_every_assignment() {
    assert_eq!(seatings(3, 3).len(), 6);
    assert_eq!(seatings(2, 3).len(), 6);
    assert_eq!(seatings(1, 3), vec![vec![0, 0, 0]]);
    assert_eq!(seatings(2, 2), vec![vec![0, 1], vec![1, 0]]);
    assert!(seatings(4, 3).is_empty());
    // Every engine sits in every seat equally often.
    for (k, n) in [(2, 3), (3, 3), (2, 4), (3, 4)] {
        let t = seatings(k, n);
        for seat in 0..n {
            let counts: Vec<usize> = (0..k)
                .map(|e| t.iter().filter(|v| v[seat] == e).count())
                .collect();
            assert!(counts.iter().all(|&c| c == counts[0]), "{k} {n} {counts:?}");
        }
    }
}

/// Issue #11, defect 2: `openings * seatings` overflowed (a panic) or asked for 10^12
/// results (an abort); defect 1: a depth beyond the search threads' stack.
#[test]
fn a_processor_time_budget_is_a_deadline_on_the_searching_thread() {
    let cpu = Engine::new(Algorithm::Maxn, MoveBudget::CpuTime(7))
        .pick_spec(0)
        .config(Instant::now())
        .limits;
    let d = cpu.cpu_deadline.expect("a processor-time deadline");
    assert_eq!(d.thread(), std::thread::current().id());
    assert!(d.remaining() <= std::time::Duration::from_millis(7));
    assert_eq!((cpu.deadline, cpu.depth), (None, Some(TIME_MAX_DEPTH)));
    let wall = Engine::new(Algorithm::Maxn, MoveBudget::Time(7))
        .pick_spec(0)
        .config(Instant::now())
        .limits;
    assert!(wall.deadline.is_some() && wall.cpu_deadline.is_none());
}

#[test]
fn defect_2_too_many_games_or_too_deep_is_an_error() {
    let engine = |algorithm: Algorithm, d| Engine::new(algorithm, MoveBudget::Depth(d));
    let mut cfg = TournamentConfig {
        engines: vec![
            engine(Algorithm::AlphaBeta, 1),
            engine(Algorithm::Minimax, 1),
        ],
        openings: usize::MAX,
        opening_plies: 0,
        seed: 1,
        max_plies: None,
        progress: false,
        threads: None,
        bootstrap: 100,
    };
    let too_many = Err(TournamentError::TooManyGames {
        openings: usize::MAX,
        seatings: 2,
    });
    assert_eq!(run_tournament(&TicTacToe, &OpenLines, "t", &cfg), too_many);
    cfg.openings = MAX_GAMES / 2 + 1;
    assert!(run_tournament(&TicTacToe, &OpenLines, "t", &cfg).is_err());
    cfg.openings = 1;
    cfg.engines[1] = engine(Algorithm::Minimax, 10_001);
    assert_eq!(
        run_tournament(&TicTacToe, &OpenLines, "t", &cfg),
        Err(TournamentError::Stack(StackError::TooDeep {
            plies: 10_001
        }))
    );
    cfg.engines[1] = engine(Algorithm::Minimax, 10_000);
    assert!(run_tournament(&TicTacToe, &OpenLines, "t", &cfg).is_ok());
}

#[test]
fn a_small_chinese_checkers_tournament() {
    let game = ChineseCheckers::new(3, 73, 10, 400).unwrap();
    let cfg = TournamentConfig {
        engines: vec![
            Engine {
                algorithm: Algorithm::Speculative.into(),
                budget: MoveBudget::Depth(2),
                options: EngineOptions::default(),
                policy: PolicyOptions::default(),
            },
            Engine {
                algorithm: Algorithm::Paranoid.into(),
                budget: MoveBudget::Depth(2),
                options: EngineOptions::default(),
                policy: PolicyOptions::default(),
            },
        ],
        openings: 2,
        opening_plies: 3,
        seed: 5,
        max_plies: Some(300),
        progress: false,
        threads: None,
        bootstrap: 100,
    };
    let r = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
    assert_eq!(r.games, 12);
    // The result reads back from its JSON as the same value (rows derive Deserialize).
    let text = serde_json::to_string(&r).unwrap();
    let back: TournamentResult = serde_json::from_str(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    assert_eq!(r.engines[0].seats + r.engines[1].seats, 36);
    let wins: f64 = r.engines.iter().map(|e| e.wins).sum();
    assert!((wins - 12.0).abs() < 1e-9);
    for g in &r.results {
        assert_eq!(g.scores.iter().sum::<i64>(), game.maxsum());
        assert_eq!(g.fallbacks, 0);
    }
    // Deterministic.
    let again = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
    assert_eq!(again, r);
    assert!(table(&r).contains("paranoid@d2"));
}

#[test]
fn node_budgets_and_errors() {
    let cfg = TournamentConfig {
        engines: vec![
            Engine {
                algorithm: Algorithm::AlphaBeta.into(),
                budget: MoveBudget::Nodes(2000),
                options: EngineOptions::default(),
                policy: PolicyOptions::default(),
            },
            Engine {
                algorithm: Algorithm::Minimax.into(),
                budget: MoveBudget::Depth(2),
                options: EngineOptions::default(),
                policy: PolicyOptions::default(),
            },
        ],
        openings: 1,
        opening_plies: 1,
        seed: 1,
        max_plies: None,
        progress: false,
        threads: None,
        bootstrap: 100,
    };
    let r = run_tournament(&TicTacToe, &OpenLines, "ttt", &cfg).unwrap();
    assert_eq!(r.games, 2);
    assert!(r.results.iter().all(|g| g.finished));
    assert!(r.results.iter().all(|g| g.nodes.iter().all(|&n| n > 0)));
    let mut bad = cfg.clone();
    bad.engines.push(bad.engines[0]);
    assert!(matches!(
        run_tournament(&TicTacToe, &OpenLines, "ttt", &bad),
        Err(TournamentError::TooManyEngines { .. })
    ));
    bad.engines.clear();
    assert_eq!(
        run_tournament(&TicTacToe, &OpenLines, "ttt", &bad),
        Err(TournamentError::NoEngines)
    );
}

/// Engines with tables on the 37-hole board, 1 opening, 2 games at once.
fn tabled() -> (ChineseCheckers, TournamentConfig) {
    let table = |a: Algorithm| {
        Engine::new(a, MoveBudget::Depth(1)).with_options(EngineOptions {
            table: Some(1),
            ..EngineOptions::default()
        })
    };
    let config = TournamentConfig {
        openings: 1,
        max_plies: Some(4),
        threads: Some(2),
        bootstrap: 0,
        ..TournamentConfig::new(vec![
            table(Algorithm::Maxn),
            table(Algorithm::Speculative),
            Engine::new(Algorithm::Paranoid, MoveBudget::Depth(1)),
        ])
    };
    (ChineseCheckers::new(3, 37, 10, 400).unwrap(), config)
}

/// An allocator that gives `allowed` tables ([`Engine::memory`]), then fails, counting
/// the tables asked for (an engine without a table asks for none).
fn failing_after(
    allowed: usize,
    calls: &std::sync::atomic::AtomicUsize,
) -> impl Fn(&Engine) -> Result<EngineMemory, EngineError> + Sync + '_ {
    move |e: &Engine| {
        if e.options.table.is_none() {
            return e.memory();
        }
        let n = calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        match n < allowed {
            true => e.memory(),
            false => Err(EngineError::Table {
                engine: e.name(),
                reason: "cannot allocate 1 MiB for the table".into(),
            }),
        }
    }
}

/// Issue #25, defect 4: three seats of `maxn@d4:table=512` under `ulimit -v 760000`
/// exited 0 with `fallbacks: 0`: the tournament checked one table per engine, each game
/// then allocated one per seat, and a seat whose table could not be allocated searched
/// without it under its name. The tables of every game in flight (games at once x seats
/// with a table) are now held together before the first game; here the fourth of them
/// fails, and the tournament stops there, before any game.
#[test]
fn defect_4_the_tables_of_every_game_in_flight_are_checked_before_the_first_game() {
    let (game, config) = tabled();
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let allocate = failing_after(3, &calls);
    let r = run_tournament_in::<AnyGame, _, _>(&game, &DistanceEval, "cc", &config, &allocate);
    match r {
        Err(TournamentError::Tables {
            games: 2,
            per_game: 2,
            mib: 4,
            ..
        }) => {}
        other => panic!("expected the tables in flight to be refused, got {other:?}"),
    }
    // Two games at once, two tables each: the fourth failed, and no game allocated more.
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 4);
    let e = r.unwrap_err().to_string();
    assert!(
        e.contains("games at once: 2, tables per game: 2, 4 MiB in all"),
        "{e}"
    );
    // With enough memory the same tournament plays its six games.
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let allocate = failing_after(usize::MAX, &calls);
    let r = run_tournament_in::<AnyGame, _, _>(&game, &DistanceEval, "cc", &config, &allocate);
    assert_eq!(r.map(|r| r.games), Ok(6));
}

/// Issue #25, defect 4: a table that cannot be allocated once the games have started
/// (memory taken by something else meanwhile) stops the tournament with the error; it
/// never reports the games as if every engine had played with its table.
#[test]
fn defect_4_a_table_that_fails_after_the_first_game_stops_the_tournament() {
    let (game, config) = tabled();
    for threads in [1, 2] {
        let config = TournamentConfig {
            threads: Some(threads),
            ..config.clone()
        };
        let calls = std::sync::atomic::AtomicUsize::new(0);
        // The check before the first game, then three games' worth of tables.
        let allocate = failing_after(2 * threads + 6, &calls);
        let r = run_tournament_in::<AnyGame, _, _>(&game, &DistanceEval, "cc", &config, &allocate);
        assert!(
            matches!(&r, Err(TournamentError::Engine(EngineError::Table { reason, .. })) if reason.contains("1 MiB")),
            "{threads} threads: {r:?}"
        );
    }
}

/// A table kept as a spare when a game ends ([`EngineMemory`]) is cleared before the next
/// game uses it: the same game, played again and again by an engine with a table (each
/// game's memory taken as a tournament takes it, the last game's table a spare), gives
/// the same moves and node counts each time. Without the clear, the second game's
/// searches find the first game's entries and visit fewer nodes.
#[test]
fn a_spare_table_is_cleared_before_the_next_game_uses_it() {
    let game = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    let e = Engine::new(Algorithm::Maxn, MoveBudget::Depth(3)).with_options(EngineOptions {
        table: Some(2),
        ..EngineOptions::default()
    });
    let play = || {
        let mut memory = e.memory().expect("2 MiB");
        let mut s = game.initial();
        let mut log = Vec::new();
        for ply in 0..6 {
            let (mv, nodes, failed) = e
                .choose_in::<AnyGame, _, _>(&game, &DistanceEval, &s, ply, &mut memory)
                .expect("a move");
            log.push((mv, nodes, failed));
            s = game.play(&s, mv);
        }
        log
    };
    let first = play();
    assert!(first
        .iter()
        .all(|&(_, nodes, failed)| nodes > 100 && !failed));
    for round in 1..4 {
        assert_eq!(play(), first, "game {round}");
    }
}

/// A tournament without `threads` plays on as many threads as the pool it is started from
/// (`reproduce --threads N` runs its experiments in a pool of N), not one per core.
#[test]
fn a_tournament_plays_on_the_threads_of_the_pool_it_is_started_from() {
    let config = |threads| TournamentConfig {
        threads,
        ..TournamentConfig::new(Vec::new())
    };
    let in_pool = |n: usize, threads: Option<usize>| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
            .install(|| config(threads).playing_threads())
    };
    assert_eq!(in_pool(1, None), 1);
    assert_eq!(in_pool(3, None), 3);
    assert_eq!(in_pool(1, Some(2)), 2);
    assert_eq!(in_pool(3, Some(0)), 1);
    assert_eq!(config(None).playing_threads(), rayon::current_num_threads());
}

/// `@iN` (MCTS only) is `N` iterations a move whatever the tree's size, the count other
/// libraries budget their MCTS in; a node budget counts the tree's nodes, and an expansion
/// adds every child at once, so `@n200` is fewer iterations. Other searchers refuse it.
#[test]
fn an_iteration_budget_runs_that_many_mcts_iterations() {
    use gametree::search::mcts::mcts_report;
    use gametree_games::connect_four::{CellWeights, ConnectFour};
    use gametree_run::engine_name::parse_engine;
    let iterations = |name: &str| {
        let e = parse_engine(name, MoveBudget::Depth(1), None).unwrap();
        e.check_settings().unwrap();
        let spec = e.pick_spec(7);
        let g = ConnectFour;
        let r = mcts_report(
            &g,
            &CellWeights,
            &g.initial(),
            &spec.config(Instant::now()),
            &spec.mcts,
        )
        .unwrap();
        (e, spec, r.iterations)
    };
    let (e, spec, n) = iterations("mcts@i200:c=0.5");
    assert_eq!(e.budget, MoveBudget::Iterations(200));
    assert_eq!(e.name(), "mcts@i200:c=0.5");
    assert_eq!(spec.limits, Budget::NONE);
    assert_eq!(n, 200);
    assert_eq!(
        serde_json::to_string(&e.budget).unwrap(),
        r#"{"iterations":200}"#
    );
    let (_, _, by_nodes) = iterations("mcts@n200");
    assert!(
        by_nodes < 150,
        "{by_nodes} iterations under a budget of 200 nodes"
    );
    for other in ["pvs@i200", "maxn@i5", "brs@i9"] {
        let e = parse_engine(other, MoveBudget::Depth(1), None).unwrap();
        let error = e.check_settings().unwrap_err().to_string();
        assert!(error.contains("is for mcts only"), "{other}: {error}");
    }
}

/// With `:worlds=W` an iteration budget is the whole move's, split over the `W x M`
/// searches (a world and a root move each) as a node budget is: `@i1` and `@i2` both give
/// every search one iteration (each move has at least two searches), so they play the
/// same games; `@i400` plays others.
#[test]
fn an_iteration_budget_with_worlds_is_split_over_the_searches() {
    use gametree_games::cards::{CardEval, CardGame};
    use gametree_run::engine_name::parse_engine;
    let game = CardGame::hearts(3);
    let play = |mcts: &str| {
        let cfg = TournamentConfig {
            engines: [mcts, "paranoid@d1:worlds=2"]
                .iter()
                .map(|name| parse_engine(name, MoveBudget::Depth(1), None).unwrap())
                .collect(),
            openings: 1,
            opening_plies: 0,
            seed: 5,
            max_plies: Some(12),
            progress: false,
            threads: Some(1),
            bootstrap: 0,
        };
        let r = run_tournament(&game, &CardEval, "hearts", &cfg).unwrap();
        r.results
            .iter()
            .map(|g| (g.scores.clone(), g.nodes.clone()))
            .collect::<Vec<_>>()
    };
    let one = play("mcts@i1:worlds=2");
    assert_eq!(play("mcts@i2:worlds=2"), one);
    assert_ne!(play("mcts@i400:worlds=2"), one);
}
