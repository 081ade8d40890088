//! One way for an engine to pick a move ([`gametree_run::pick`]): the tournament's engines,
//! `gametree play`'s seats and the server's Play tab choose the same move with the same
//! counts, checked against the core's searches run directly; and the fallback.

use gametree::hash::Zobrist;
use gametree::search::best_reply::Variant;
use gametree::search::mcts::MctsConfig;
use gametree::search::vector_table::VectorTable;
use gametree::search::{
    Algorithm, AnyGame, Config, Dispatch, SearchError, Searcher, StopReason, WithSetToMove,
};
use gametree::{Evaluator, Game};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::connect_four::{CellWeights, ConnectFour};
use gametree_games::rng::SplitMix64;
use gametree_games::rolit::{BallShare, Rolit};
use gametree_run::budget::Budget;
use gametree_run::engine::{Engine, EngineOptions, MoveBudget};
use gametree_run::pick::{
    first_legal, pick, pick_observed, pick_or_first, Choice, Deepening, PickError, PickSpec,
};

/// `count` positions: the start, then each `step` seeded random plies further (fewer when
/// the game ends).
fn positions<G: Game>(game: &G, seed: u64, count: usize, step: usize) -> Vec<G::State> {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial();
    let mut out = vec![state.clone()];
    let mut moves = Vec::new();
    'outer: while out.len() < count {
        for _ in 0..step {
            moves.clear();
            game.moves(&state, &mut moves);
            if game.outcome(&state).is_some() || moves.is_empty() {
                break 'outer;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            state = game.play(&state, m);
        }
        out.push(state.clone());
    }
    out
}

fn nodes_limits(n: u64) -> Budget {
    Budget {
        nodes: Some(n),
        ..Budget::NONE
    }
}

/// On every position, for every searcher and node budget: the tournament's engine
/// (`Engine::choose_in`), the spec of `gametree play` and the server (`PickSpec::deepening`,
/// observed as the server observes it) and the core's iterative deepening run directly
/// (what `gametree play` ran before the shared function) pick the same move with the same
/// nodes; under a depth budget the tournament's fixed-depth move is the core's fixed-depth
/// search's and the deepening fronts' too.
fn fronts_agree<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    name: &str,
    game: &G,
    eval: &E,
    states: &[G::State],
    searchers: &[Searcher],
    budgets: &[u64],
    depth: u32,
) -> usize {
    let mut checked = 0;
    for (i, state) in states.iter().enumerate() {
        if game.outcome(state).is_some() {
            continue;
        }
        for &searcher in searchers {
            let seed = 1000 + i as u64;
            for &n in budgets {
                let at = format!("{name} position {i}, {searcher} with {n} nodes");
                let engine = Engine::new(searcher, MoveBudget::Nodes(n));
                let memory = &mut engine.memory().unwrap();
                let (mv, nodes, failed) = engine
                    .choose_in::<D, G, E>(game, eval, state, seed, memory)
                    .unwrap();
                let spec = PickSpec::deepening(searcher, nodes_limits(n)).with_seed(seed);
                let mut observed = Vec::new();
                let picked = pick_observed::<D, G, E, _>(game, eval, state, &spec, None, |r| {
                    observed.push((r.best_move, r.stats.depth))
                });
                let core = D::run_iterative(
                    searcher,
                    game,
                    eval,
                    state,
                    &Config {
                        limits: nodes_limits(n).at(std::time::Instant::now(), None),
                        ..Config::default()
                    },
                    &MctsConfig {
                        seed,
                        iterations: u64::MAX,
                        ..MctsConfig::default()
                    },
                );
                match (picked, core) {
                    (Ok(p), Ok(core)) => {
                        assert_eq!(
                            (p.mv, p.result.stats.nodes, p.fallback),
                            (mv, nodes, failed),
                            "{at}"
                        );
                        assert_eq!(core.best_move, Some(mv), "{at}: the core's move");
                        assert_eq!(core.stats.nodes, nodes, "{at}: the core's nodes");
                        assert_eq!(core.value, p.result.value, "{at}: the value");
                        if searcher != Searcher::Mcts {
                            // The last iteration observed is the one whose move is played.
                            let last = observed.last().expect("an observed iteration");
                            assert_eq!(*last, (Some(mv), p.result.stats.depth), "{at}");
                            assert_eq!(observed.len() as u32, p.result.stats.iterations, "{at}");
                        } else {
                            assert!(observed.is_empty(), "{at}: MCTS is not deepened");
                        }
                        checked += 1;
                    }
                    (Err(e), Err(core)) => {
                        // The same failure (its elapsed time aside) with the same nodes.
                        let core = PickError::Search(core);
                        assert_eq!(e.to_string(), core.to_string(), "{at}");
                        assert_eq!(e.nodes(), core.nodes(), "{at}");
                        assert_eq!((e.nodes(), true), (nodes, failed), "{at}");
                        assert_eq!(Some(mv), first_legal(game, state), "{at}");
                    }
                    (p, c) => panic!("{at}: the pick {p:?} and the core {c:?} disagree"),
                }
            }
            if searcher == Searcher::Mcts {
                continue;
            }
            let at = format!("{name} position {i}, {searcher} at depth {depth}");
            let engine = Engine::new(searcher, MoveBudget::Depth(depth));
            let (mv, nodes, failed) = engine
                .choose_in::<D, G, E>(game, eval, state, seed, &mut engine.memory().unwrap())
                .unwrap();
            let fixed = D::run(
                searcher,
                game,
                eval,
                state,
                &Config::depth(depth),
                &MctsConfig::default(),
            )
            .unwrap();
            assert_eq!(
                (Some(mv), nodes, failed),
                (fixed.best_move, fixed.stats.nodes, false),
                "{at}"
            );
            let limits = Budget {
                depth: Some(depth),
                ..Budget::NONE
            };
            let deepened = pick::<D, G, E>(
                game,
                eval,
                state,
                &PickSpec::deepening(searcher, limits),
                None,
            )
            .unwrap();
            assert_eq!(deepened.mv, mv, "{at}: deepened to the same depth");
            assert_eq!(deepened.result.value, fixed.value, "{at}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_three_fronts_pick_the_same_move_with_the_same_counts() {
    let rolit = Rolit::new(3).unwrap();
    let searchers = [
        Searcher::Plain(Algorithm::Maxn),
        Searcher::Plain(Algorithm::Speculative),
        Searcher::Plain(Algorithm::Paranoid),
        Searcher::BestReply(Variant::BrsPlus),
        Searcher::Mcts,
    ];
    let states = positions(&rolit, 3, 4, 7);
    let n = fronts_agree::<WithSetToMove, _, _>(
        "rolit",
        &rolit,
        &BallShare,
        &states,
        &searchers,
        &[1, 300, 4000],
        2,
    );
    assert!(n >= 40, "{n} checks on Rolit");

    let cc = ChineseCheckers::new(3, 73, 10, 400).unwrap();
    let states = positions(&cc, 5, 4, 9);
    let n = fronts_agree::<WithSetToMove, _, _>(
        "chinese checkers",
        &cc,
        &DistanceEval,
        &states,
        &searchers,
        &[2, 500, 5000],
        2,
    );
    assert!(n >= 40, "{n} checks on Chinese Checkers");

    let searchers = [
        Searcher::Plain(Algorithm::AlphaBeta),
        Searcher::Plain(Algorithm::Pvs),
        Searcher::Plain(Algorithm::Maxn),
        Searcher::Mcts,
    ];
    let states = positions(&ConnectFour, 7, 4, 5);
    let n = fronts_agree::<AnyGame, _, _>(
        "connect four",
        &ConnectFour,
        &CellWeights,
        &states,
        &searchers,
        &[3, 1000, 20_000],
        4,
    );
    assert!(n >= 30, "{n} checks on connect four");
}

/// An engine with a table of value vectors picks through the table versions of max^n and
/// speculative pruning with the table it is given: the same move and counts as the core's
/// table search on a fresh table of the same size; a table given to another searcher is
/// refused.
#[test]
fn a_table_engine_picks_with_its_table() {
    use gametree::search::iterative::iterative_deepening;
    use gametree::search::maxn_table::maxn_table;
    use gametree::search::speculative_table::speculative_table;
    let game = ChineseCheckers::new(3, 73, 10, 400).unwrap();
    for (i, state) in positions(&game, 9, 3, 6).iter().enumerate() {
        for a in [Algorithm::Maxn, Algorithm::Speculative] {
            let engine = Engine::new(a, MoveBudget::Nodes(3000)).with_options(EngineOptions {
                table: Some(1),
                ..EngineOptions::default()
            });
            let (mv, nodes, failed) = engine
                .choose_in::<AnyGame, _, _>(
                    &game,
                    &DistanceEval,
                    state,
                    0,
                    &mut engine.memory().unwrap(),
                )
                .unwrap();
            let mut t = VectorTable::try_with_mib(1).unwrap();
            let config = Config {
                limits: nodes_limits(3000).at(std::time::Instant::now(), None),
                ..Config::default()
            };
            let core = iterative_deepening(&config, |c| match a {
                Algorithm::Maxn => maxn_table(&game, &DistanceEval, state, c, &mut t),
                _ => speculative_table(&game, &DistanceEval, state, c, &mut t),
            })
            .unwrap();
            assert_eq!(
                (Some(mv), nodes, failed),
                (core.best_move, core.stats.nodes, false),
                "position {i}, {a}"
            );
        }
        let mut t = VectorTable::try_with_mib(1).unwrap();
        let spec = PickSpec::deepening(Algorithm::Paranoid.into(), nodes_limits(3000));
        assert_eq!(
            pick::<AnyGame, _, _>(&game, &DistanceEval, state, &spec, Some(&mut t)),
            Err(PickError::TableFor(Algorithm::Paranoid.into()))
        );
    }
}

/// A budget too small for depth 1 (one node: the root alone) gives no move: `pick` says
/// why, with the nodes spent; a tournament plays the first legal move and counts it as a
/// failed move. A position without moves has nothing to pick.
#[test]
fn a_budget_too_small_for_depth_one_plays_the_first_legal_move_as_failed() {
    let game = ChineseCheckers::new(3, 73, 10, 400).unwrap();
    // A position where max^n's move is not the first legal one, so the fallback is seen.
    let searched = |s: &_| {
        let spec = PickSpec::deepening(Algorithm::Maxn.into(), nodes_limits(5000));
        pick::<AnyGame, _, _>(&game, &DistanceEval, s, &spec, None).map(|p| p.mv)
    };
    let states = positions(&game, 4, 8, 3);
    let state = states
        .iter()
        .find(|s| searched(s).ok() != first_legal(&game, s))
        .expect("a position where the first legal move is not max^n's");
    let first = first_legal(&game, state).unwrap();
    for a in [Algorithm::Maxn, Algorithm::Paranoid, Algorithm::Speculative] {
        let spec = PickSpec::deepening(a.into(), nodes_limits(1));
        assert_eq!(spec.deepening, Deepening::Iterative);
        let e = pick::<AnyGame, _, _>(&game, &DistanceEval, state, &spec, None).unwrap_err();
        assert!(
            matches!(&e, PickError::Search(SearchError::Stopped(StopReason::NodeLimit, s)) if s.nodes == 1),
            "{a}: {e:?}"
        );
        assert_eq!(e.nodes(), 1);
        assert_eq!(
            pick_or_first::<AnyGame, _, _>(&game, &DistanceEval, state, &spec, None),
            Some(Choice {
                mv: first,
                nodes: 1,
                failed: true
            }),
            "{a}"
        );
        // The tournament's engine: the same fallback.
        let engine = Engine::new(a, MoveBudget::Nodes(1));
        assert_eq!(
            engine.choose(&game, &DistanceEval, state),
            Some((first, 1, true)),
            "{a}"
        );
    }
    // A searcher that refuses the game (two-player alpha-beta on three players): no nodes.
    let spec = PickSpec::deepening(Algorithm::AlphaBeta.into(), nodes_limits(1000));
    let e = pick::<AnyGame, _, _>(&game, &DistanceEval, state, &spec, None).unwrap_err();
    assert!(
        matches!(e, PickError::Search(SearchError::TooManyPlayers { .. })),
        "{e:?}"
    );
    assert_eq!(
        pick_or_first::<AnyGame, _, _>(&game, &DistanceEval, state, &spec, None),
        Some(Choice {
            mv: first,
            nodes: 0,
            failed: true
        })
    );
    // A finished game: no legal move, nothing searched.
    let mut s = ConnectFour.initial();
    for column in [0, 1, 0, 1, 0, 1, 0] {
        s = ConnectFour.play(&s, column);
    }
    assert!(ConnectFour.outcome(&s).is_some());
    let spec = PickSpec::deepening(Algorithm::AlphaBeta.into(), nodes_limits(1000));
    assert_eq!(
        pick::<AnyGame, _, _>(&ConnectFour, &CellWeights, &s, &spec, None),
        Err(PickError::NoLegalMove)
    );
    assert_eq!(
        pick_or_first::<AnyGame, _, _>(&ConnectFour, &CellWeights, &s, &spec, None),
        None
    );
}
