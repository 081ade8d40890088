//! Issue #25, defects 6 and 8: a table's size does not delay a search past its deadline,
//! and an MCTS node budget always ends its move.

use std::time::{Duration, Instant};

use gametree::search::Algorithm;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_run::budget::Budget;
use gametree_run::engine::{Engine, EngineOptions, MoveBudget};
use gametree_run::input;
use gametree_run::search_job;
use gametree_run::tournament::{run_tournament, Ending, TournamentConfig};
use gametree_run::tournament_job::{self, EngineTexts};

/// The bound a 1 ms budget must end within, set-up and clean-up included: generous, so a
/// loaded machine does not fail it, yet far below the 0.3 to 0.9 s a GiB of table cost
/// when its entries were written before the search.
const WITHIN: Duration = Duration::from_millis(50);

/// The table sizes tried, up to the largest the command line accepts for an engine.
const SIZES_MIB: [u64; 4] = [1, 64, 256, 1024];

/// Runs `gametree search` as the command line, the Python package and the server do (the
/// lab's search job) on a 64 MiB stack, and returns its wall time, from before the search
/// is prepared to after its result (and its table) are dropped.
fn timed_search(options: search_job::SearchSpec, spec: &'static str) -> Duration {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let start = Instant::now();
            let prepared = search_job::prepare(&options, || input::game(spec, None))
                .expect("the search is valid");
            let out = prepared.run(None, None).expect("the search runs");
            drop(out);
            start.elapsed()
        })
        .expect("a search thread")
        .join()
        .expect("the search does not panic")
}

/// Issue #25, defect 6: `search --algorithm speculative --table-mib 1024 --time-ms 1
/// --iterative` took 0.85 to 0.98 s, all of it writing empty entries into the table before
/// the first node. A table is now memory the system zeroes on first use: a 1 ms budget
/// ends within 50 ms whatever the table's size, for the max^n family's table and for the
/// two-player engine's transposition table (with one thread and with several).
#[test]
fn defect_6_a_large_table_does_not_delay_a_1_ms_search() {
    const TREE: &str = "random(players=3,b=30,d=30,leaf=cutpoints,seed=1)";
    for mib in SIZES_MIB {
        for algorithm in ["speculative", "maxn"] {
            let options = search_job::SearchSpec {
                limits: Budget {
                    time_ms: Some(1),
                    ..Budget::NONE
                },
                iterative: true,
                table_mib: Some(mib),
                ..search_job::SearchSpec::new(algorithm.parse().expect("a searcher"))
            };
            let took = timed_search(options, TREE);
            assert!(took < WITHIN, "{algorithm} with {mib} MiB: {took:?}");
        }
        for threads in [1, 2] {
            let options = search_job::SearchSpec {
                limits: Budget {
                    time_ms: Some(1),
                    ..Budget::NONE
                },
                iterative: true,
                table_mib: Some(mib),
                threads: Some(threads),
                ..search_job::SearchSpec::new("pvs".parse().expect("a searcher"))
            };
            let took = timed_search(options, "connect-four");
            assert!(
                took < WITHIN,
                "pvs with {mib} MiB, {threads} threads: {took:?}"
            );
        }
    }
}

/// Issue #25, defect 6, in the tournament: three seats of `speculative@t1:table=1024` (each
/// seat its own 1 GiB table, allocated before the game) play two moves each; no move takes
/// 50 ms, and the whole tournament, its tables made and freed, ends within a second (it
/// took several when the tables' entries were written first).
#[test]
fn defect_6_a_tournament_of_large_tables_keeps_its_1_ms_moves() {
    let game = ChineseCheckers::new(3, 37, 10, 400).expect("the 37-hole board");
    let engine =
        Engine::new(Algorithm::Speculative, MoveBudget::Time(1)).with_options(EngineOptions {
            table: Some(1024),
            ..EngineOptions::default()
        });
    let config = TournamentConfig {
        openings: 1,
        max_plies: Some(6),
        threads: Some(1),
        bootstrap: 0,
        ..TournamentConfig::new(vec![engine])
    };
    let start = Instant::now();
    let r = run_tournament(&game, &DistanceEval, "cc", &config).expect("the tournament runs");
    let took = start.elapsed();
    assert_eq!(r.games, 1);
    assert_eq!(r.results[0].moves, vec![2, 2, 2]);
    let longest = r.results[0]
        .max_move_us
        .clone()
        .expect("time budgets record moves");
    for us in longest {
        assert!(Duration::from_micros(us) < WITHIN, "a move of {us} us");
    }
    assert!(
        took < Duration::from_secs(1),
        "the tournament took {took:?}"
    );
}

/// The node budgets played on the board games whose games are cheap at 5,000 nodes a move.
const BUDGETS: &[u64] = &[100, 1000, 5000];
/// The node budgets of Chinese Checkers and Rolit, whose games at 5,000 nodes took 5 s and
/// 3 s of the test's 17 s in the tested build: near a game's end the tree is smaller than
/// 1,000 nodes as well, which is the case the defect was about.
const SMALL_BUDGETS: &[u64] = &[100, 1000];

/// The board games of the registry, each on a small spec (the 37-hole board, four-player
/// chess and Focus with a short cap), with the number of openings played per budget and the
/// budgets ([`BUDGETS`], or [`SMALL_BUDGETS`]). Blokus plays one opening at 1,000 nodes: its games run to their end (about 80
/// plies, a playout per node), and MCTS expands a node's children at once, so a budget
/// below the branching factor (up to about 330 placements) cannot expand the root and the
/// seat falls back to its first move. Every registered name is here or in [`NOT_BOARDS`].
#[rustfmt::skip]
const BOARDS: [(&str, &str, u64, &[u64]); 7] = [
    ("tictactoe", "tictactoe", 2, BUDGETS),
    ("connect-four", "connect-four", 2, BUDGETS),
    ("chinese-checkers", "chinese-checkers(players=3,board=37)", 2, SMALL_BUDGETS),
    ("chess4", "chess4(cap=24)", 2, BUDGETS),
    ("rolit", "rolit(players=3)", 2, SMALL_BUDGETS),
    ("focus", "focus(players=3,cap=60)", 2, BUDGETS),
    ("blokus", "blokus(players=4)", 1, &[1000]),
];

/// The registered games that are not board games: the card games and random trees.
const NOT_BOARDS: [&str; 3] = ["hearts", "spades", "random"];

/// Issue #25, defect 8: MCTS with a node budget from 100 to 5,000 nodes plays every board
/// game of the registry to its end (its rules' end or its ply cap), in every seat, two
/// games each, through the tournament as the command line runs it. Before the fix a move
/// near the end could run forever (a budget the tree could not reach).
#[test]
fn defect_8_mcts_node_budgets_play_every_board_game_to_the_end() {
    let mut names = gametree_games::registry::names();
    names.sort_unstable();
    let mut listed: Vec<&str> = BOARDS.iter().map(|b| b.0).chain(NOT_BOARDS).collect();
    listed.sort_unstable();
    assert_eq!(names, listed, "a new game: list it as a board game or not");
    for (name, spec, openings, budgets) in BOARDS {
        for &budget in budgets {
            let texts = EngineTexts {
                texts: vec![format!("mcts@n{budget}")],
                default: MoveBudget::Depth(1),
            };
            let config = TournamentConfig {
                openings: openings as usize,
                opening_plies: 2,
                seed: budget,
                bootstrap: 0,
                ..TournamentConfig::new(texts.check().expect("an engine"))
            };
            let r = tournament_job::play(spec, &texts, &config).expect("the games are played");
            assert_eq!(r.games, openings as usize, "{name}");
            for g in &r.results {
                assert!(
                    matches!(g.ending, Ending::Finished | Ending::GameCap),
                    "{name} with {budget} nodes: {:?}",
                    g.ending
                );
                assert_eq!(g.fallbacks, 0, "{name} with {budget} nodes");
                let moves: u64 = g.moves.iter().sum();
                assert!(g.nodes.iter().sum::<u64>() <= budget * moves, "{name}");
            }
        }
    }
}
