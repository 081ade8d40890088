//! Monte-Carlo tree search: determinism, budgets, the dominant move, and the solver checked
//! against exact values (negamax, alpha-beta and max^n to the end of the game).

use gametree::search::alphabeta_failsoft::alphabeta_failsoft;
use gametree::search::maxn::maxn;
use gametree::search::mcts::{mcts, mcts_report, Backup, MctsConfig, MctsReport, Playout, Solver};
use gametree::search::negamax::negamax;
use gametree::search::{Config, SearchError, StopReason};
use gametree::tree::{ExplicitTree, TreeEval};
use gametree::{Evaluator, Game};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::connect_four::{CellWeights, ConnectFour};
use gametree_games::random_tree::{RandomTree, RandomTreeEval};
use gametree_games::rng::SplitMix64;
use gametree_games::tictactoe::{OpenLines, TicTacToe, WIN};

const BACKUPS: [Backup; 3] = [Backup::MaxN, Backup::Paranoid, Backup::MinReply];

/// A report with the wall-clock time zeroed, for comparing runs.
fn timeless<M: Clone>(mut r: MctsReport<M>) -> MctsReport<M> {
    r.result.stats.elapsed_ms = 0.0;
    r
}

/// The state reached by `plies` uniformly random moves from the start (fewer if the game
/// ends), never a terminal state.
fn random_position<G: Game>(g: &G, rng: &mut SplitMix64, plies: u32) -> G::State {
    random_line(g, rng, plies).0
}

/// [`random_position`] and the number of plies it played.
fn random_line<G: Game>(g: &G, rng: &mut SplitMix64, plies: u32) -> (G::State, u32) {
    let mut s = g.initial();
    let mut moves = Vec::new();
    for played in 0..plies {
        moves.clear();
        g.moves(&s, &mut moves);
        let next = g.play(&s, moves[rng.below(moves.len() as u64) as usize]);
        if g.outcome(&next).is_some() {
            return (s, played);
        }
        s = next;
    }
    (s, plies)
}

fn solver(iterations: u64, seed: u64) -> MctsConfig {
    MctsConfig {
        solver: Solver::On,
        ..MctsConfig::iterations(iterations, seed)
    }
}

#[test]
fn mcts_same_seed_gives_identical_move_and_stats_on_any_thread() {
    let c4 = ConnectFour::parse_position("4453").unwrap();
    let cc = ChineseCheckers::new(3, 73, 0, 400).unwrap();
    for backup in BACKUPS {
        for playout in [Playout::Random, Playout::EpsilonGreedy { epsilon: 0.2 }] {
            let m = MctsConfig {
                backup,
                playout,
                cutoff: Some(20),
                solver: Solver::On,
                ..MctsConfig::iterations(1500, 7)
            };
            let run = || {
                timeless(
                    mcts_report(&ConnectFour, &CellWeights, &c4, &Config::unlimited(), &m).unwrap(),
                )
            };
            let a = run();
            assert_eq!(a.iterations, 1500);
            assert_eq!(a.result.stats.iterations, 1500);
            assert!(a.playout_plies > 1500);
            assert_eq!(a, run(), "{backup:?} {playout:?}");
            let threaded = std::thread::scope(|s| {
                let h1 = s.spawn(run);
                let h2 = s.spawn(run);
                (h1.join().unwrap(), h2.join().unwrap())
            });
            assert_eq!(threaded.0, a);
            assert_eq!(threaded.1, a);
            let run3 = || {
                let s = cc.initial();
                timeless(mcts_report(&cc, &DistanceEval, &s, &Config::unlimited(), &m).unwrap())
            };
            let b = run3();
            assert_eq!(b, run3(), "{backup:?} {playout:?}");
            assert_eq!(b, std::thread::scope(|sc| sc.spawn(run3).join().unwrap()));
        }
    }
}

#[test]
fn mcts_different_seeds_may_differ() {
    let s = ConnectFour::parse_position("44").unwrap();
    let visits: Vec<Vec<u64>> = (0..4)
        .map(|seed| {
            let r = mcts_report(
                &ConnectFour,
                &CellWeights,
                &s,
                &Config::unlimited(),
                &MctsConfig::iterations(500, seed),
            )
            .unwrap();
            r.root.iter().map(|m| m.visits).collect()
        })
        .collect();
    assert!(visits.iter().any(|v| *v != visits[0]), "{visits:?}");
    for v in &visits {
        assert_eq!(
            v.iter().sum::<u64>(),
            500,
            "every iteration goes through a root move"
        );
    }
}

/// A one-ply tree whose `dominant` child (of `n`) is clearly best for the mover (player 0).
fn one_ply(n: usize, dominant: usize, players: usize, rng: &mut SplitMix64) -> ExplicitTree {
    let children: Vec<String> = (0..n)
        .map(|i| {
            let mine = if i == dominant {
                90
            } else {
                rng.range_i64(0, 40)
            };
            let rest: Vec<String> = (1..players)
                .map(|_| ((100 - mine) / (players as i64 - 1)).to_string())
                .collect();
            format!(r#"{{ "value": [{mine}, {}] }}"#, rest.join(", "))
        })
        .collect();
    let text = format!(
        r#"{{ "players": {players}, "maxsum": 100, "lower": 0,
             "root": {{ "player": 0, "children": [ {} ] }} }}"#,
        children.join(", ")
    );
    ExplicitTree::from_json_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn mcts_picks_the_dominant_move_of_a_one_ply_tree() {
    let mut rng = SplitMix64::new(3);
    for case in 0..200u64 {
        let n = 1 + rng.below(8) as usize;
        let dominant = rng.below(n as u64) as usize;
        let players = 2 + rng.below(5) as usize;
        let t = one_ply(n, dominant, players, &mut rng);
        for backup in BACKUPS {
            for solver in [Solver::Off, Solver::On] {
                let m = MctsConfig {
                    backup,
                    solver,
                    ..MctsConfig::iterations(40 * n as u64, case)
                };
                let r = mcts_report(&t, &TreeEval, &0, &Config::unlimited(), &m).unwrap();
                let res = &r.result;
                assert_eq!(
                    res.best_move,
                    Some(dominant as u32),
                    "case {case} {backup:?} {solver:?}"
                );
                assert_eq!(res.value[0], 90);
                assert_eq!(res.pv, vec![dominant as u32]);
                assert_eq!(res.stats.nodes, n as u64 + 1);
                if solver == Solver::On {
                    // Proved once every child was tried: n iterations.
                    assert_eq!(r.iterations, n as u64, "case {case}");
                    assert_eq!(r.proved.map(|v| v[0]), Some(90));
                } else {
                    assert_eq!(r.iterations, 40 * n as u64);
                    assert_eq!(r.proved, None);
                }
            }
        }
    }
}

/// Every proved value is the exact value, and forced wins are proved, in tic-tac-toe.
#[test]
fn mcts_solver_proves_tictactoe_exactly() {
    let g = TicTacToe;
    let mut rng = SplitMix64::new(11);
    let (mut wins, mut proved_wins, mut proved_other) = (0, 0, 0);
    for case in 0..300u64 {
        let plies = 2 + rng.below(5) as u32;
        let s = random_position(&g, &mut rng, plies);
        let exact = negamax(&g, &OpenLines, &s, &Config::unlimited())
            .unwrap()
            .score;
        let backup = BACKUPS[case as usize % 3];
        let m = MctsConfig {
            backup,
            ..solver(20_000, case)
        };
        let r = mcts_report(&g, &OpenLines, &s, &Config::unlimited(), &m).unwrap();
        let p = g.to_move(&s);
        if let Some(v) = r.proved {
            assert_eq!(v[p], exact, "case {case}: proved {v:?}, exact {exact}");
            assert_eq!(r.result.score, exact);
            // The proved move keeps the value.
            let after = g.play(&s, r.result.best_move.unwrap());
            let child = g.outcome(&after).map(|o| o[p]).unwrap_or_else(|| {
                -negamax(&g, &OpenLines, &after, &Config::unlimited())
                    .unwrap()
                    .score
            });
            assert_eq!(child, exact, "case {case}");
            assert!(r.iterations < 20_000);
        }
        if exact == WIN {
            wins += 1;
            assert!(r.proved.is_some(), "case {case}: forced win not proved");
            proved_wins += 1;
        } else if r.proved.is_some() {
            proved_other += 1;
        }
    }
    assert!(wins >= 30, "{wins} forced wins");
    assert!(proved_other >= 30, "{proved_other} draws or losses proved");
    assert_eq!(wins, proved_wins);
}

/// Connect-four end-games (8 plies or fewer left): forced wins proved, and no proved value
/// ever differs from alpha-beta's exact value.
#[test]
fn mcts_solver_proves_connect_four_endgames_exactly() {
    let g = ConnectFour;
    let mut rng = SplitMix64::new(5);
    let (mut wins, mut proved) = (0, 0);
    let mut case = 0u64;
    while case < 60 {
        let plies = 34 + rng.below(5) as u32;
        let (s, played) = random_line(&g, &mut rng, plies);
        if played < 34 {
            continue;
        }
        case += 1;
        let exact = alphabeta_failsoft(&g, &CellWeights, &s, &Config::unlimited())
            .unwrap()
            .score;
        let m = MctsConfig {
            backup: BACKUPS[case as usize % 3],
            ..solver(20_000, case)
        };
        let r = mcts_report(&g, &CellWeights, &s, &Config::unlimited(), &m).unwrap();
        let p = g.to_move(&s);
        if let Some(v) = r.proved {
            proved += 1;
            assert_eq!(v[p], exact, "case {case}");
        }
        if exact > 0 {
            wins += 1;
            assert_eq!(
                r.proved.map(|v| v[p]),
                Some(exact),
                "case {case}: forced win not proved"
            );
        }
    }
    assert!(wins >= 10, "{wins} forced wins");
    assert!(proved > wins, "{proved} proved, {wins} wins");
}

/// On random trees (ties, the win shortcut, several players), a proved root value is the
/// max^n value vector; a small budget never proves a wrong value.
#[test]
fn mcts_solver_agrees_with_maxn_on_random_trees() {
    let mut fully = 0;
    for seed in 0..400u64 {
        let players = 2 + seed % 3;
        let b = 2 + seed % 3;
        let d = 2 + seed % 4;
        let t = RandomTree::from_spec(&format!(
            "random(players={players},b={b},d={d},leaf=discrete:2,seed={seed})"
        ))
        .unwrap();
        let root = t.initial();
        let exact = maxn(&t, &RandomTreeEval, &root, &Config::unlimited()).unwrap();
        for iterations in [30, 5000] {
            let m = MctsConfig {
                backup: BACKUPS[seed as usize % 3],
                ..solver(iterations, seed)
            };
            let r = mcts_report(&t, &RandomTreeEval, &root, &Config::unlimited(), &m).unwrap();
            if let Some(v) = r.proved {
                let p = t.to_move(&root);
                assert_eq!(v[p], exact.value[p], "seed {seed}");
                if players > 2 {
                    assert_eq!(v, exact.value, "seed {seed}");
                }
                if iterations == 5000 {
                    fully += 1;
                }
            }
        }
    }
    assert!(fully >= 350, "{fully} roots proved");
}

#[test]
fn mcts_budgets_are_respected() {
    let s = ConnectFour::parse_position("4").unwrap();
    // Iterations.
    let r = mcts_report(
        &ConnectFour,
        &CellWeights,
        &s,
        &Config::unlimited(),
        &MctsConfig::iterations(321, 1),
    )
    .unwrap();
    assert_eq!(r.iterations, 321);
    assert_eq!(r.result.stats.leaves, 321);
    assert_eq!(r.root.iter().map(|m| m.visits).sum::<u64>(), 321);
    // Nodes: the tree never holds more, and the search stops early.
    for limit in [8u64, 50, 1000] {
        let mut c = Config::unlimited();
        c.limits.nodes = Some(limit);
        let r = mcts_report(
            &ConnectFour,
            &CellWeights,
            &s,
            &c,
            &MctsConfig::iterations(1_000_000, 1),
        )
        .unwrap();
        assert!(
            r.result.stats.nodes <= limit && r.result.stats.nodes + 7 > limit,
            "{limit}: {:?}",
            r.result.stats
        );
        assert_eq!(r.result.stats.expansions, r.result.stats.nodes - 1);
        assert!(r.iterations < 1_000_000);
        assert!(r.result.best_move.is_some());
    }
    // A limit below the root's branching factor still expands the root and gives each of
    // the 7 root moves one playout; the move played has the best of those means (ties in
    // visits broken by the mean), not the first move unsearched.
    for limit in [1u64, 7] {
        let mut c = Config::unlimited();
        c.limits.nodes = Some(limit);
        let r = mcts_report(&ConnectFour, &CellWeights, &s, &c, &MctsConfig::default()).unwrap();
        assert_eq!(r.result.stats.nodes, 8, "{limit}");
        assert!(
            r.root.iter().all(|m| m.visits == 1),
            "{limit}: {:?}",
            r.root
        );
        let best = r.root.iter().map(|m| m.mean).fold(f64::MIN, f64::max);
        let played = r.root.iter().find(|m| Some(m.mv) == r.result.best_move);
        assert_eq!(played.map(|m| m.mean), Some(best), "{limit}: {:?}", r.root);
    }
    // A limit of no node at all stops the search before any move.
    let mut c = Config::unlimited();
    c.limits.nodes = Some(0);
    match mcts(&ConnectFour, &CellWeights, &s, &c, &MctsConfig::default()) {
        Err(SearchError::Stopped(StopReason::NodeLimit, stats)) => assert_eq!(stats.nodes, 0),
        other => panic!("{other:?}"),
    }
    // Deadline (a generous bound, not a timing claim).
    let cc = ChineseCheckers::new(3, 121, 0, 400).unwrap();
    let mut c = Config::unlimited();
    let t = std::time::Instant::now();
    c.limits.deadline = Some(t + std::time::Duration::from_millis(100));
    let r = mcts_report(
        &cc,
        &DistanceEval,
        &cc.initial(),
        &c,
        &MctsConfig::iterations(u64::MAX, 1),
    )
    .unwrap();
    assert!(t.elapsed().as_secs() < 10);
    assert!(r.iterations > 0 && r.iterations < u64::MAX);
    // The depth limit: the tree stops at it.
    let r = mcts_report(
        &ConnectFour,
        &CellWeights,
        &s,
        &Config::depth(2),
        &MctsConfig::iterations(2000, 1),
    )
    .unwrap();
    assert_eq!(r.result.stats.depth, 2);
    // Only the root's 7 children played a playout (one ply, to the limit) before their
    // expansion; below them the tree reaches the limit and playouts play nothing.
    assert_eq!(r.playout_plies, 7);
}

#[test]
fn mcts_runs_on_a_random_tree_and_chinese_checkers() {
    let t = RandomTree::from_spec("random(players=4,b=5,d=6,leaf=cutpoints,seed=9)").unwrap();
    let cc = ChineseCheckers::new(3, 121, 0, 400).unwrap();
    for backup in BACKUPS {
        let m = MctsConfig {
            backup,
            playout: Playout::EpsilonGreedy { epsilon: 0.1 },
            cutoff: Some(10),
            ..MctsConfig::iterations(800, 2)
        };
        let r = mcts_report(&t, &RandomTreeEval, &t.initial(), &Config::unlimited(), &m).unwrap();
        assert!(r.result.best_move.unwrap() < 5);
        assert_eq!(r.iterations, 800);
        let s = cc.initial();
        let r = mcts_report(&cc, &DistanceEval, &s, &Config::unlimited(), &m).unwrap();
        let mut legal = Vec::new();
        cc.moves(&s, &mut legal);
        assert!(legal.contains(&r.result.best_move.unwrap()));
        assert_eq!(r.result.pv[0], r.result.best_move.unwrap());
        assert_eq!(r.result.score, r.result.value[cc.to_move(&s)]);
        assert_eq!(
            r.result.value,
            DistanceEval.evaluate(&cc, &pv_end(&cc, &s, &r.result.pv))
        );
    }
}

fn pv_end<G: Game>(g: &G, s: &G::State, pv: &[G::Move]) -> G::State {
    pv.iter().fold(s.clone(), |s, &m| g.play(&s, m))
}

#[test]
fn mcts_refuses_bad_parameters_and_handles_leaf_roots() {
    let s = ConnectFour::parse_position("").unwrap();
    for m in [
        MctsConfig {
            exploration: f64::NAN,
            ..MctsConfig::default()
        },
        MctsConfig {
            exploration: -1.0,
            ..MctsConfig::default()
        },
        MctsConfig {
            playout: Playout::EpsilonGreedy { epsilon: 1.5 },
            ..MctsConfig::default()
        },
    ] {
        let problem = m.validate().unwrap_err().to_string();
        assert_eq!(
            mcts(&ConnectFour, &CellWeights, &s, &Config::unlimited(), &m),
            Err(SearchError::InvalidConfig {
                algorithm: "mcts",
                problem,
            })
        );
    }
    // A terminal root and a depth limit of 0: no move, the outcome or the evaluation.
    let won = TicTacToe::parse_position("14253").unwrap();
    let r = mcts(
        &TicTacToe,
        &OpenLines,
        &won,
        &Config::unlimited(),
        &MctsConfig::default(),
    )
    .unwrap();
    assert_eq!((r.best_move, r.stats.nodes, r.score), (None, 1, -WIN));
    let r = mcts(
        &ConnectFour,
        &CellWeights,
        &s,
        &Config::depth(0),
        &MctsConfig::default(),
    )
    .unwrap();
    assert_eq!((r.best_move, r.stats.nodes), (None, 1));
}

#[test]
fn mcts_tree_size_is_capped_whatever_the_budget() {
    use gametree::search::mcts::{tree_node_limit, MAX_TREE_NODES};
    assert_eq!(tree_node_limit(None), MAX_TREE_NODES);
    assert_eq!(tree_node_limit(Some(u64::MAX)), MAX_TREE_NODES);
    assert_eq!(tree_node_limit(Some(1_000)), 1_000);
}

/// A position of the 37-hole board for three players where the player to move wins with
/// one of its moves (found by seeded random play), with at least five legal moves.
fn a_position_won_in_one(game: &ChineseCheckers) -> <ChineseCheckers as Game>::State {
    let mut rng = SplitMix64::new(25);
    let mut moves = Vec::new();
    for _ in 0..10_000 {
        let mut s = game.initial();
        while game.outcome(&s).is_none() {
            moves.clear();
            game.moves(&s, &mut moves);
            let p = game.to_move(&s).index();
            let wins = moves.iter().any(|&m| {
                let o = game.outcome(&game.play(&s, m));
                o.is_some_and(|o| (0..3).all(|q| q == p || o[q] < o[p]))
            });
            if wins && moves.len() >= 5 {
                return s;
            }
            // Random play, biased to the move the evaluator likes, so games end.
            let mut best = moves[rng.below(moves.len() as u64) as usize];
            if rng.below(4) != 0 {
                let value = |m| DistanceEval.evaluate(game, &game.play(&s, m))[p];
                best = *moves.iter().max_by_key(|&&m| value(m)).unwrap_or(&best);
            }
            s = game.play(&s, best);
        }
    }
    panic!("no position won in one found");
}

/// Issue #25, defect 8: `tournament --engines maxn,brs,mcts@n2000` never finished. Near the
/// end of a game the player to move had a winning move; UCB1 then visits it (a terminal,
/// reward 1) almost every time, the other moves only with the logarithm of the iterations,
/// so the tree grew by a few nodes per million iterations and the node budget (with no
/// iteration budget, as in tournaments) was never reached: two million iterations left a
/// 1,065-node tree below a 1,500-node budget. A node budget of `N` now ends the search after
/// `64 N` iterations (`ITERATIONS_PER_NODE`); so does a tree smaller than the budget.
#[test]
fn defect_8_a_node_budget_the_tree_cannot_reach_ends_the_move() {
    use gametree::search::mcts::ITERATIONS_PER_NODE;
    let cc = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    let won = a_position_won_in_one(&cc);
    // A guard, so that a regression fails instead of hanging: the search must end by its
    // budget, long before this deadline.
    let guarded = |nodes: u64| {
        let mut c = Config::unlimited();
        c.limits.nodes = Some(nodes);
        c.limits.deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(60));
        c
    };
    for budget in [1500, 2000, 5000] {
        let r = mcts_report(
            &cc,
            &DistanceEval,
            &won,
            &guarded(budget),
            &MctsConfig::iterations(u64::MAX, 7),
        )
        .unwrap();
        let nodes = r.result.stats.nodes;
        assert!(nodes <= budget, "{budget}: {nodes} nodes");
        if nodes + 10 < budget {
            // The tree could not grow to the budget: the iterations ended the move.
            assert_eq!(r.iterations, budget * ITERATIONS_PER_NODE, "{budget}");
        }
        // The move played wins.
        let after = cc.play(&won, r.result.best_move.expect("a move"));
        let p = cc.to_move(&won).index();
        assert!(cc
            .outcome(&after)
            .is_some_and(|o| (0..3).all(|q| o[q] <= o[p])));
    }
    // The whole tree is smaller than the budget: a tic-tac-toe position with three empty
    // squares has at most 1 + 3 + 6 + 6 nodes.
    let s = TicTacToe::parse_position("123587").unwrap();
    let r = mcts_report(
        &TicTacToe,
        &OpenLines,
        &s,
        &guarded(500),
        &MctsConfig::iterations(u64::MAX, 1),
    )
    .unwrap();
    assert!(r.result.stats.nodes < 20, "{:?}", r.result.stats);
    assert_eq!(r.iterations, 500 * ITERATIONS_PER_NODE);
}

/// With the solver, proved children are not selected again, so their visits stop growing:
/// the final move compares a proved child's exact value with the open children's means
/// (the final move by value). Here the first root move ends the game at 70 for the root
/// player, the second leads to a 10 x 10 subtree whose every leaf gives it at most 60: after
/// 30 iterations the second move has 29 visits and is not proved, and the first is played.
/// Without the solver the most-visited move is played, as before.
#[test]
fn the_solver_plays_a_proved_move_whose_value_beats_the_most_visited_open_move() {
    let mut rng = SplitMix64::new(11);
    let grand: Vec<String> = (0..10)
        .map(|_| {
            let leaves: Vec<String> = (0..10)
                .map(|_| {
                    let mine = rng.range_i64(0, 60);
                    format!(r#"{{ "value": [{mine}, {}] }}"#, 100 - mine)
                })
                .collect();
            format!(
                r#"{{ "player": 0, "children": [ {} ] }}"#,
                leaves.join(", ")
            )
        })
        .collect();
    let text = format!(
        r#"{{ "players": 2, "maxsum": 100, "lower": 0,
             "root": {{ "player": 0, "children": [
                 {{ "value": [70, 30] }},
                 {{ "player": 1, "children": [ {} ] }} ] }} }}"#,
        grand.join(", ")
    );
    let t = ExplicitTree::from_json_str(&text).unwrap();
    for backup in BACKUPS {
        let on = MctsConfig {
            backup,
            solver: Solver::On,
            ..MctsConfig::iterations(30, 5)
        };
        let r = mcts_report(&t, &TreeEval, &0, &Config::unlimited(), &on).unwrap();
        assert_eq!(r.proved, None, "{backup:?}");
        assert_eq!(r.root[0].visits, 1, "{backup:?}: {:?}", r.root);
        assert!(
            r.root[1].visits > 1 && r.root[1].mean < 0.6,
            "{backup:?}: {:?}",
            r.root
        );
        assert_eq!(r.result.best_move, Some(0), "{backup:?}: {:?}", r.root);
        let off = MctsConfig {
            solver: Solver::Off,
            ..on
        };
        let r = mcts_report(&t, &TreeEval, &0, &Config::unlimited(), &off).unwrap();
        let most = r.root.iter().map(|m| m.visits).max();
        let played = r.root.iter().find(|m| Some(m.mv) == r.result.best_move);
        assert_eq!(played.map(|m| m.visits), most, "{backup:?}: {:?}", r.root);
    }
}
