//! Tournament engines beyond the [`Algorithm`]s: best-reply search (needs a game that can
//! hand the turn to any player) and MCTS (seeded from the tournament seed, the game and the
//! ply).

use gametree::search::best_reply::Variant;
use gametree::search::{Algorithm, Searcher, WithSetToMove};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::connect_four::{CellWeights, ConnectFour};
use gametree_run::engine::{move_seed, Engine, EngineError, MoveBudget};
use gametree_run::tournament::{
    run_tournament, run_tournament_with, TournamentConfig, TournamentError,
};

fn config(engines: Vec<Engine>, threads: usize) -> TournamentConfig {
    TournamentConfig {
        openings: 1,
        opening_plies: 2,
        seed: 11,
        max_plies: Some(9),
        threads: Some(threads),
        bootstrap: 20,
        ..TournamentConfig::new(engines)
    }
}

#[test]
fn best_reply_engines_need_set_to_move() {
    let engines = vec![
        Engine::new(Algorithm::AlphaBeta, MoveBudget::Depth(2)),
        Engine::new(Searcher::BestReply(Variant::BrsPlus), MoveBudget::Depth(2)),
    ];
    assert_eq!(
        run_tournament(&ConnectFour, &CellWeights, "c4", &config(engines, 1)),
        Err(TournamentError::Engine(EngineError::NeedsSetToMove {
            engine: "brs-plus@d2".to_string(),
            algorithm: "brs-plus",
        }))
    );
    // MCTS runs on any game.
    let engines = vec![
        Engine::new(Algorithm::AlphaBeta, MoveBudget::Depth(2)),
        Engine::new(Searcher::Mcts, MoveBudget::Nodes(300)),
    ];
    let r = run_tournament(&ConnectFour, &CellWeights, "c4", &config(engines, 1)).unwrap();
    assert_eq!(r.games, 2);
    assert!(r.results.iter().all(|g| g.fallbacks == 0));
}

#[test]
fn brs_brs_plus_and_mcts_tournaments_do_not_depend_on_threads() {
    let game = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    for mcts in [MoveBudget::Depth(2), MoveBudget::Nodes(500)] {
        let engines = vec![
            Engine::new(Searcher::BestReply(Variant::Brs), MoveBudget::Depth(2)),
            Engine::new(
                Searcher::BestReply(Variant::BrsPlus),
                MoveBudget::Nodes(400),
            ),
            Engine::new(Searcher::Mcts, mcts),
        ];
        let one = run_tournament_with::<WithSetToMove, _, _>(
            &game,
            &DistanceEval,
            "cc",
            &config(engines.clone(), 1),
        )
        .unwrap();
        let two = run_tournament_with::<WithSetToMove, _, _>(
            &game,
            &DistanceEval,
            "cc",
            &config(engines, 2),
        )
        .unwrap();
        assert_eq!(one, two);
        assert_eq!(one.games, 6);
        for g in &one.results {
            assert_eq!(g.fallbacks, 0, "{g:?}");
            assert!(g.nodes.iter().all(|&n| n > 0), "{g:?}");
        }
        assert_eq!(one.engines[2].algorithm, "mcts");
    }
}

#[test]
fn mcts_move_seeds_differ_by_game_and_ply() {
    let mut seen = std::collections::HashSet::new();
    for game in 0..50u64 {
        for ply in 0..50 {
            assert!(seen.insert(move_seed(game, ply)));
        }
    }
}
