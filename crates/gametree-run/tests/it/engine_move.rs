//! One engine move in a game named by its spec ([`gametree_run::engine_move`]), the
//! non-generic call of `gametree play` and the server's Play tab: the same move, report and
//! iterations as [`pick_observed`] on the position reached by playing the moves directly,
//! for plain and best-reply searchers, from the start and from a given position; the
//! two-player engine's move is its own search's; and every bad line is a clear error.

use gametree::search::best_reply::Variant;
use gametree::search::engine::{Engine, GameHash, Options, Side};
use gametree::search::{Algorithm, AnyGame, Config, Dispatch, Searcher, WithSetToMove};
use gametree::Game;
use gametree_games::chinese_checkers::ChineseCheckers;
use gametree_games::connect_four::ConnectFour;
use gametree_games::registry::Playable;
use gametree_games::rng::SplitMix64;
use gametree_run::budget::Budget;
use gametree_run::engine_move::{engine_move, EngineMoveError, Line, Mover};
use gametree_run::pick::{pick_observed, PickError, PickSpec};
use gametree_run::report::Iteration;
use gametree_run::report::{move_names, MoveName, SearchReport};

/// `plies` seeded random moves from the start, by name, and the state they reach.
fn random_line<G: Playable>(game: &G, seed: u64, plies: usize) -> (Vec<String>, G::State) {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial();
    let mut names = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.moves(&state, &mut moves);
        if game.outcome(&state).is_some() || moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        names.push(game.move_name(&state, m));
        state = game.play(&state, m);
    }
    (names, state)
}

fn depth(d: u32) -> Budget {
    Budget {
        depth: Some(d),
        ..Budget::NONE
    }
}

/// An iteration as both sides see it: depth, nodes, value, principal variation.
type Seen = (u32, u64, Vec<i64>, Vec<MoveName>);

/// The name, report and iterations of `pick_observed` on `state` itself.
fn direct<D: Dispatch<G>, G: Playable>(
    game: &G,
    state: &G::State,
    spec: &PickSpec,
) -> (String, SearchReport, Vec<Seen>) {
    let mut seen = Vec::new();
    let eval = &game.evaluator();
    let picked = pick_observed::<D, G, _, _>(game, eval, state, spec, None, |r| {
        seen.push((
            r.stats.depth,
            r.stats.nodes,
            r.value.as_slice().to_vec(),
            move_names(game, state, &r.pv, G::MOVE_STYLE),
        ));
    })
    .expect("the direct pick");
    let report = SearchReport::of(
        spec.searcher.name(),
        game,
        state,
        &picked.result,
        G::MOVE_STYLE,
        false,
    );
    (game.move_name(state, picked.mv), report, seen)
}

/// `engine_move` on `spec` after the line equals the direct pick, move, report (elapsed
/// time aside) and iterations alike; returns how many positions were checked.
fn agrees<D: Dispatch<G>, G: Playable>(
    spec_text: &str,
    game: &G,
    searchers: &[Searcher],
    seeds: std::ops::Range<u64>,
    plies: usize,
    d: u32,
) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let (names, state) = random_line(game, seed, plies);
        if game.outcome(&state).is_some() {
            continue;
        }
        for &searcher in searchers {
            let spec = PickSpec::deepening(searcher, depth(d)).with_seed(seed);
            let (name, mut report, seen) = direct::<D, G>(game, &state, &spec);
            let line = Line {
                spec: spec_text,
                position: None,
                moves: &names,
            };
            let mut observed: Vec<Iteration> = Vec::new();
            let got = engine_move(&line, Mover::Pick(spec), &mut |it| {
                observed.push(it.clone())
            })
            .unwrap_or_else(|e| panic!("{spec_text} seed {seed} {searcher}: {e}"));
            let at = format!("{spec_text} seed {seed}, {searcher} to depth {d}");
            assert_eq!(got.name, name, "{at}: the move");
            let mut legal = Vec::new();
            game.moves(&state, &mut legal);
            assert_eq!(
                game.move_name(&state, legal[got.index]),
                name,
                "{at}: the move's index"
            );
            assert!(!got.fallback, "{at}");
            report.stats.elapsed_ms = got.report.stats.elapsed_ms;
            assert_eq!(got.report, report, "{at}: the report");
            let observed: Vec<Seen> = observed
                .iter()
                .map(|it| (it.depth, it.nodes, it.value.clone(), it.pv.clone()))
                .collect();
            assert_eq!(observed, seen, "{at}: the iterations");
            // Iterative deepening is observed once per depth; MCTS is not deepened.
            let iterations = if searcher == Searcher::Mcts { 0 } else { d };
            assert_eq!(observed.len(), iterations as usize, "{at}: one per depth");
            checked += 1;
        }
    }
    checked
}

#[test]
fn a_move_after_a_line_is_the_pick_on_the_position_it_reaches() {
    let c4 = ConnectFour;
    let n = agrees::<AnyGame, _>(
        "connect-four",
        &c4,
        &[
            Algorithm::AlphaBeta.into(),
            Algorithm::Maxn.into(),
            Searcher::Mcts,
        ],
        0..12,
        9,
        4,
    );
    assert!(n >= 30, "{n} positions checked");
    let cc = ChineseCheckers::new(3, 73, 10, 400).unwrap();
    let spec = cc.spec_text();
    let n = agrees::<WithSetToMove, _>(
        &spec,
        &cc,
        &[
            Algorithm::Paranoid.into(),
            Algorithm::Speculative.into(),
            Searcher::BestReply(Variant::Brs),
            Searcher::BestReply(Variant::BrsPlus),
        ],
        0..6,
        14,
        2,
    );
    assert!(n >= 20, "{n} positions checked");
}

#[test]
fn a_line_from_a_given_position_is_played_from_there() {
    let game = ConnectFour;
    let (names, state) = random_line(&game, 3, 10);
    let (first, rest) = names.split_at(6);
    let mut at_six = game.initial();
    for name in first {
        let mut legal = Vec::new();
        game.moves(&at_six, &mut legal);
        let m = *legal
            .iter()
            .find(|&&m| game.move_name(&at_six, m) == *name)
            .unwrap();
        at_six = game.play(&at_six, m);
    }
    let position = game
        .format_position(&at_six)
        .expect("connect four positions");
    let spec = PickSpec::deepening(Algorithm::AlphaBeta.into(), depth(5));
    let from_start = engine_move(
        &Line {
            spec: "connect-four",
            position: None,
            moves: &names,
        },
        Mover::Pick(spec),
        &mut |_| {},
    )
    .unwrap();
    let from_there = engine_move(
        &Line {
            spec: "connect-four",
            position: Some(&position),
            moves: rest,
        },
        Mover::Pick(spec),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(from_there.name, from_start.name);
    assert_eq!(from_there.report.value, from_start.report.value);
    assert_eq!(from_there.report.stats.nodes, from_start.report.stats.nodes);
    assert_eq!(
        direct::<AnyGame, _>(&game, &state, &spec).0,
        from_start.name
    );
}

#[test]
fn the_two_player_engine_moves_as_its_own_search() {
    let game = ConnectFour;
    let options = Options {
        table_mib: 1,
        side: Side::RootMover,
        ..Options::STRONG
    };
    for seed in 0..4 {
        let (names, state) = random_line(&game, 40 + seed, 7);
        let ours = Engine::new(&options).unwrap();
        let theirs = Engine::new(&options).unwrap();
        let limits = depth(6);
        let got = engine_move(
            &Line {
                spec: "connect-four",
                position: None,
                moves: &names,
            },
            Mover::Engine {
                engine: &ours,
                limits,
            },
            &mut |_| panic!("the two-player engine is not observed"),
        )
        .unwrap();
        let config = Config {
            limits: limits.at(std::time::Instant::now(), None),
            ..Config::default()
        };
        let r = theirs
            .search(&game, &game.evaluator(), &GameHash, &state, &config)
            .unwrap()
            .result;
        assert_eq!(got.name, game.move_name(&state, r.best_move.unwrap()));
        assert_eq!(got.report.algorithm, "engine");
        assert_eq!(got.report.stats.nodes, r.stats.nodes, "seed {seed}");
        assert_eq!(got.report.score, r.score);
    }
}

#[test]
fn a_bad_line_or_searcher_is_a_clear_error() {
    let spec = PickSpec::deepening(Algorithm::AlphaBeta.into(), depth(3));
    let call = |spec_text: &str, moves: &[&str], pick: PickSpec| {
        let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
        engine_move(
            &Line {
                spec: spec_text,
                position: None,
                moves: &moves,
            },
            Mover::Pick(pick),
            &mut |_| {},
        )
    };
    match call("connect-four", &["4", "9"], spec) {
        Err(EngineMoveError::Line(m)) => assert_eq!(
            m,
            "moves[1] \"9\": not a legal move here (legal: 1 2 3 4 5 6 7)"
        ),
        other => panic!("{other:?}"),
    }
    match call(
        "connect-four",
        &["1", "2", "1", "2", "1", "2", "1", "3"],
        spec,
    ) {
        Err(EngineMoveError::Line(m)) => {
            assert_eq!(m, "moves[7] \"3\": the game is already over")
        }
        other => panic!("{other:?}"),
    }
    match call("no-such-game", &[], spec) {
        Err(EngineMoveError::Line(m)) => assert!(m.contains("no-such-game"), "{m}"),
        other => panic!("{other:?}"),
    }
    let brs = PickSpec::deepening(Searcher::BestReply(Variant::Brs), depth(3));
    match call("connect-four", &[], brs) {
        Err(EngineMoveError::NeedsSetToMove(m)) => {
            assert!(m.contains("hand the turn to any player"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    // Four in a column: the game is over, and there is no move to pick.
    match call("connect-four", &["1", "2", "1", "2", "1", "2", "1"], spec) {
        Err(EngineMoveError::Pick(PickError::NoLegalMove)) => {}
        other => panic!("{other:?}"),
    }
}
