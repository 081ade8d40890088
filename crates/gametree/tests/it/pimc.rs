//! Perfect-information Monte Carlo (`search::pimc`) on games without hidden information,
//! where every world is the position itself: its totals are `W` times each root move's
//! value, so its move is the inner searcher's; the node budget is split; a terminal
//! position is refused.

use gametree::search::mcts::MctsConfig;
use gametree::search::pimc::{MctsIterations, PimcConfig, RootMove};
use gametree::search::{self, pimc, Algorithm, AnyGame, Config, Limits, SearchError, Searcher};
use gametree::tree::TreeEval;
use gametree::Game;

use crate::common::{random_tree, Leaves, Shape, Turns};

fn shape() -> Shape {
    Shape {
        players: 3,
        max_branch: 4,
        max_depth: 5,
        early_leaf_percent: 10,
        turns: Turns::RoundRobin,
        leaves: Leaves::ConstantSum { maxsum: 30 },
    }
}

#[test]
fn regression_pimc_without_hidden_information_sums_the_inner_values() {
    let mut compared = 0;
    for seed in 0..300u64 {
        let g = random_tree(seed, &shape());
        let s = g.initial();
        let mut moves = Vec::new();
        g.moves(&s, &mut moves);
        if moves.len() < 2 {
            continue;
        }
        let root = g.to_move(&s);
        let worlds = 1 + (seed as usize % 4);
        let settings = PimcConfig {
            worlds,
            seed,
            iterative: seed % 2 == 0,
            mcts_iterations: MctsIterations::PerSearch,
        };
        let r = pimc::<AnyGame, _, _>(
            Algorithm::Maxn.into(),
            &g,
            &TreeEval,
            &s,
            &Config::unlimited(),
            &MctsConfig::default(),
            &settings,
        )
        .unwrap();
        assert_eq!(r.searches, (worlds * moves.len()) as u64);
        assert_eq!(r.stopped, 0);
        for (i, &m) in moves.iter().enumerate() {
            let child = search::maxn(&g, &TreeEval, &g.play(&s, m), &Config::unlimited()).unwrap();
            assert_eq!(
                r.totals[i],
                (m, worlds as i64 * child.value[root]),
                "seed {seed}"
            );
        }
        // The first move of the best total: max^n's own choice at the root.
        let whole = search::maxn(&g, &TreeEval, &s, &Config::unlimited()).unwrap();
        assert_eq!(Some(r.best_move), whole.best_move, "seed {seed}");
        compared += 1;
    }
    assert!(compared > 150, "{compared}");
}

#[test]
fn regression_pimc_splits_the_node_budget_and_refuses_terminal_positions() {
    let g = random_tree(
        5,
        &Shape {
            max_branch: 6,
            max_depth: 7,
            early_leaf_percent: 0,
            ..shape()
        },
    );
    let s = g.initial();
    let mut moves = Vec::new();
    g.moves(&s, &mut moves);
    assert!(moves.len() >= 2);
    for searcher in [
        Searcher::Plain(Algorithm::Speculative),
        Searcher::Plain(Algorithm::Paranoid),
        Searcher::Mcts,
    ] {
        let config = Config {
            limits: Limits {
                nodes: Some(600),
                ..Limits::default()
            },
            ..Config::default()
        };
        let settings = PimcConfig {
            worlds: 3,
            seed: 1,
            iterative: true,
            mcts_iterations: MctsIterations::PerSearch,
        };
        let run = || {
            pimc::<AnyGame, _, _>(
                searcher,
                &g,
                &TreeEval,
                &s,
                &config,
                &MctsConfig::default(),
                &settings,
            )
            .unwrap()
        };
        let r = run();
        assert_eq!(r, run(), "deterministic");
        assert!(
            r.nodes > 0 && r.nodes <= 600,
            "{searcher}: {} nodes",
            r.nodes
        );
        assert!(moves.contains(&r.best_move));
    }
    // A terminal position has no move to choose.
    let mut end = s;
    loop {
        let mut m = Vec::new();
        g.moves(&end, &mut m);
        let Some(&first) = m.first() else { break };
        end = g.play(&end, first);
    }
    let e = pimc::<AnyGame, _, _>(
        Algorithm::Maxn.into(),
        &g,
        &TreeEval,
        &end,
        &Config::unlimited(),
        &MctsConfig::default(),
        &PimcConfig {
            worlds: 2,
            seed: 0,
            iterative: false,
            mcts_iterations: MctsIterations::PerSearch,
        },
    );
    assert!(matches!(e, Err(SearchError::InvalidConfig { .. })));
    // The root-restricted game has the one move at its root, the game's moves below.
    let rm = RootMove {
        game: &g,
        first: moves[1],
    };
    let mut at_root = Vec::new();
    rm.moves(&(s, true), &mut at_root);
    assert_eq!(at_root, vec![moves[1]]);
    let mut below = Vec::new();
    rm.moves(&(s, false), &mut below);
    assert_eq!(below, moves);
}
