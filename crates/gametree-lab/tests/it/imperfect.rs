//! Engines that play with hidden information (`:worlds=W`: perfect-information Monte Carlo
//! over the information set of the player to move): what they see, determinism, refusal on
//! perfect-information games, engine names, and the card games' resampling.

use gametree::rng::SplitMix64;
use gametree::search::mcts::MctsConfig;
use gametree::search::pimc::{MctsIterations, PimcConfig};
use gametree::search::{pimc, Algorithm, AnyGame, Config, Limits, Searcher, WithSetToMove};
use gametree::Game;
use gametree_games::cards::{suit, CardEval, CardGame, CardState};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::connect_four::{CellWeights, ConnectFour};
use gametree_run::engine::{Engine, EngineError, EngineOptions, MoveBudget};
use gametree_run::engine_name::parse_engine;
use gametree_run::tournament::{
    opening, run_tournament, run_tournament_with, TournamentConfig, TournamentError,
};

fn with_worlds(searcher: impl Into<Searcher>, budget: MoveBudget, worlds: usize) -> Engine {
    Engine::new(searcher, budget).with_options(EngineOptions {
        worlds: Some(worlds),
        ..EngineOptions::default()
    })
}

/// `s` with one card of each opponent of the player to move exchanged, where the voids
/// they revealed allow it: the same information set for the mover, other hidden hands.
fn swapped(s: &CardState) -> Option<CardState> {
    let p = s.to_move();
    let (a, b) = ((p + 1) % 3, (p + 2) % 3);
    for x in (0..52u8).filter(|&x| s.hands[a] & (1u64 << x) != 0) {
        for y in (0..52u8).filter(|&y| s.hands[b] & (1u64 << y) != 0) {
            let fits = s.voids[b] & (1 << suit(x)) == 0 && s.voids[a] & (1 << suit(y)) == 0;
            if fits && suit(x) != suit(y) {
                let mut t = *s;
                t.hands[a] = t.hands[a] & !(1u64 << x) | 1u64 << y;
                t.hands[b] = t.hands[b] & !(1u64 << y) | 1u64 << x;
                return Some(t);
            }
        }
    }
    None
}

#[test]
fn regression_pimc_engines_see_only_the_information_set() {
    let mut checked = 0;
    let mut perfect_differs = 0;
    for (i, g) in [CardGame::hearts(9), CardGame::spades(4).with_equiv(true)]
        .iter()
        .enumerate()
    {
        for seed in 0..30u64 {
            let s = opening(g, 3 + (seed as usize * 7) % 40, seed ^ (i as u64) << 8);
            let mut moves = Vec::new();
            g.moves(&s, &mut moves);
            if moves.len() < 2 {
                continue;
            }
            let Some(t) = swapped(&s) else { continue };
            assert_ne!(s, t);
            let config = Config {
                limits: Limits {
                    nodes: Some(6_000),
                    ..Limits::default()
                },
                ..Config::default()
            };
            let settings = PimcConfig {
                worlds: 3,
                seed: seed * 31 + 5,
                iterative: true,
                mcts_iterations: MctsIterations::PerSearch,
            };
            let searcher = if seed % 2 == 0 {
                Algorithm::Paranoid
            } else {
                Algorithm::Maxn
            };
            let run = |state: &CardState| {
                pimc::<AnyGame, _, _>(
                    searcher.into(),
                    g,
                    &CardEval,
                    state,
                    &config,
                    &MctsConfig::default(),
                    &settings,
                )
                .unwrap()
            };
            let (a, b) = (run(&s), run(&t));
            assert_eq!(a, b, "seed {seed}");
            assert_eq!(a.searches, 3 * moves.len() as u64);
            // The tournament's engine: the same move and nodes in both states.
            let e = with_worlds(Algorithm::Speculative, MoveBudget::Nodes(4_000), 2);
            let ea = e.choose_with::<AnyGame, _, _>(g, &CardEval, &s, seed);
            let eb = e.choose_with::<AnyGame, _, _>(g, &CardEval, &t, seed);
            assert_eq!(ea, eb, "seed {seed}");
            // The same engine without worlds sees the hands (a control: the test can fail).
            let plain = Engine::new(Algorithm::Maxn, MoveBudget::Depth(6));
            let pa = plain.choose_with::<AnyGame, _, _>(g, &CardEval, &s, seed);
            let pb = plain.choose_with::<AnyGame, _, _>(g, &CardEval, &t, seed);
            perfect_differs += usize::from(pa != pb);
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked}");
    assert!(
        perfect_differs > 0,
        "the control never saw the swapped cards"
    );
}

fn small(engines: Vec<Engine>, threads: usize) -> TournamentConfig {
    TournamentConfig {
        openings: 1,
        opening_plies: 2,
        seed: 23,
        max_plies: Some(12),
        threads: Some(threads),
        bootstrap: 20,
        ..TournamentConfig::new(engines)
    }
}

#[test]
fn regression_pimc_tournaments_do_not_depend_on_threads() {
    let g = CardGame::hearts(3);
    let engines = vec![
        with_worlds(Algorithm::Speculative, MoveBudget::Nodes(3_000), 3),
        with_worlds(Algorithm::Paranoid, MoveBudget::Depth(2), 2),
        with_worlds(Searcher::Mcts, MoveBudget::Nodes(400), 2),
    ];
    let one = run_tournament(&g, &CardEval, "hearts", &small(engines.clone(), 1)).unwrap();
    let two = run_tournament(&g, &CardEval, "hearts", &small(engines, 2)).unwrap();
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
    assert_eq!(one.games, 6);
    assert_eq!(one.engines[0].name, "speculative@n3000:worlds=3");
    for r in &one.results {
        assert_eq!(r.fallbacks, 0, "{r:?}");
        assert!(r.nodes.iter().all(|&n| n > 0), "{r:?}");
    }
    // Hidden hands change the play: the same engines with every hand visible differ.
    let seen = vec![
        Engine::new(Algorithm::Speculative, MoveBudget::Nodes(3_000)),
        Engine::new(Algorithm::Paranoid, MoveBudget::Depth(2)),
        Engine::new(Searcher::Mcts, MoveBudget::Nodes(400)),
    ];
    let open = run_tournament(&g, &CardEval, "hearts", &small(seen, 1)).unwrap();
    assert_ne!(open.results, one.results);
}

#[test]
fn regression_worlds_on_a_perfect_information_game_is_refused() {
    let engines = vec![
        Engine::new(Algorithm::AlphaBeta, MoveBudget::Depth(2)),
        with_worlds(Algorithm::AlphaBeta, MoveBudget::Depth(2), 4),
    ];
    let e = run_tournament(&ConnectFour, &CellWeights, "c4", &small(engines, 1)).unwrap_err();
    assert_eq!(
        e,
        TournamentError::Engine(EngineError::PerfectInformation {
            engine: "alphabeta@d2:worlds=4".into()
        })
    );
    let text = e.to_string();
    assert!(text.starts_with("engine alphabeta@d2:worlds=4: "), "{text}");
    assert!(
        text.contains("perfect information") && !text.contains('\n'),
        "{text}"
    );
    // Asked for a move all the same, such an engine searches nothing (PIMC is compiled only
    // for games that declare hidden information): the first legal move, as a failed move.
    let worlds = with_worlds(Algorithm::AlphaBeta, MoveBudget::Depth(2), 4);
    let start = ConnectFour.initial();
    let mut moves = Vec::new();
    ConnectFour.moves(&start, &mut moves);
    assert_eq!(
        worlds.choose_with::<AnyGame, _, _>(&ConnectFour, &CellWeights, &start, 9),
        Some((moves[0], 0, true))
    );
    // Chinese Checkers through the best-reply dispatcher: refused the same way.
    let cc = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    let engines = vec![with_worlds(Algorithm::Maxn, MoveBudget::Nodes(100), 2)];
    assert!(matches!(
        run_tournament_with::<WithSetToMove, _, _>(&cc, &DistanceEval, "cc", &small(engines, 1)),
        Err(TournamentError::Engine(
            EngineError::PerfectInformation { .. }
        ))
    ));
    // A count out of range from the library is refused too (the names refuse it earlier).
    for w in [0, 1_001] {
        let engines = vec![with_worlds(Algorithm::Maxn, MoveBudget::Depth(1), w)];
        let g = CardGame::spades(1);
        match run_tournament(&g, &CardEval, "spades", &small(engines, 1)) {
            Err(e @ TournamentError::Engine(EngineError::BadOption { .. })) => assert_eq!(
                e.to_string(),
                format!("engine maxn@d1:worlds={w}: worlds `{w}`: must be 1 to 1000")
            ),
            other => panic!("{w} worlds: {other:?}"),
        }
    }
}

#[test]
fn regression_worlds_names_round_trip_and_bad_values_are_refused() {
    let d = MoveBudget::Depth(3);
    let e = parse_engine("speculative@t20:worlds=8", d, None).unwrap();
    assert_eq!(e.options.worlds, Some(8));
    assert_eq!(e.budget, MoveBudget::Time(20));
    for text in [
        "speculative@t20:worlds=8",
        "paranoid@n20000:worlds=4",
        "maxn@d2:worlds=1000",
        "mcts@n900:cutoff=1:worlds=2",
    ] {
        let e = parse_engine(text, d, None).unwrap();
        assert_eq!(e.name(), text);
        assert_eq!(parse_engine(&e.name(), d, None).unwrap(), e);
    }
    // Options in the other order read as the same engine, printed in the canonical order.
    let e = parse_engine("mcts@n900:worlds=2:cutoff=1", d, None).unwrap();
    assert_eq!(e.name(), "mcts@n900:cutoff=1:worlds=2");
    for (text, fragment) in [
        ("maxn:worlds=0", "worlds `0`: must be 1 to 1000"),
        ("maxn:worlds=x", "worlds `x`: must be 1 to 1000"),
        ("maxn:worlds=1001", "must be 1 to 1000"),
        ("maxn:worlds=-1", "worlds `-1`"),
        ("maxn:worlds=", "worlds ``"),
        ("maxn:worlds=2:worlds=3", "option `worlds` is given twice"),
        ("brs:worlds=2", "not brs"),
        ("maxn:world=2", "unknown option `world`"),
    ] {
        let e = parse_engine(text, d, None).unwrap_err().to_string();
        assert!(e.starts_with(&format!("engine `{text}`: ")), "{e}");
        assert!(e.contains(fragment), "{text}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn regression_card_resample_keeps_what_the_mover_has_seen() {
    for g in [CardGame::hearts(2), CardGame::spades(5)] {
        let mut rng = SplitMix64::new(99);
        let mut moved = 0;
        for seed in 0..60u64 {
            let s = opening(&g, (seed as usize * 5) % 51, seed);
            let p = s.to_move();
            for _ in 0..4 {
                let w = g.resample(&s, &mut rng).expect("cards hide information");
                assert_eq!(w.hands[p], s.hands[p], "the mover's hand");
                assert_eq!(w.played(), s.played(), "the cards played");
                assert_eq!(
                    (w.done, w.trick, w.trick_len, w.leader),
                    (s.done, s.trick, s.trick_len, s.leader)
                );
                assert_eq!((w.taken, w.tricks, w.broken), (s.taken, s.tricks, s.broken));
                assert_eq!(w.voids, s.voids);
                for q in 0..3 {
                    assert_eq!(w.hands[q].count_ones(), s.hands[q].count_ones());
                    for su in 0..4u8 {
                        if s.voids[q] & (1 << su) != 0 {
                            assert_eq!(
                                w.hands[q] & gametree_games::cards::suit_mask(su),
                                0,
                                "a revealed void"
                            );
                        }
                    }
                }
                assert_eq!(
                    w.hands[0] | w.hands[1] | w.hands[2],
                    s.hands[0] | s.hands[1] | s.hands[2]
                );
                assert_eq!(g.to_move(&w), g.to_move(&s));
                moved += usize::from(w != s);
            }
        }
        assert!(moved > 100, "resampling redeals the hidden cards: {moved}");
    }
    // A perfect-information game resamples nothing.
    let mut rng = SplitMix64::new(1);
    assert!(ConnectFour
        .resample(&ConnectFour.initial(), &mut rng)
        .is_none());
}

#[test]
fn regression_the_strength_plan_plays_the_cards_with_hidden_hands() {
    use gametree_lab::papers::strength::{
        engine, BudgetRule, Entrant, StrengthGame, BRS, PARANOID,
    };
    let plan = gametree_lab::papers::strength::Plan {
        games: vec![StrengthGame::Hearts],
        budget: BudgetRule::Fixed(MoveBudget::Nodes(500)),
        matches: gametree_lab::papers::strength::StrengthMatches::All,
        openings: Some(1),
        claim_games: 800,
        other_games: 120,
        block: 1,
        opening_plies: 2,
        max_plies: Some(3),
        mcts_cutoff: Some(10),
        card_worlds: Some(8),
        seed: 1,
        threads: Some(1),
        verdicts: false,
        rating_bootstrap: 0,
        table12_nodes: 700,
    };
    let e = engine(Entrant::plain(PARANOID), StrengthGame::Hearts, &plan);
    assert_eq!(e.name(), "paranoid@n500:worlds=8");
    // Sturtevant's Table 12 in its own setting: the open deal, no sampled deals, its nodes.
    let t12 = gametree_lab::papers::strength::match_engine(
        Entrant::plain(PARANOID),
        StrengthGame::Hearts,
        &plan,
        gametree_lab::papers::strength::TABLE12_MATCH,
    );
    assert_eq!(t12.name(), "paranoid@n700");
    assert_eq!(
        engine(Entrant::plain(PARANOID), StrengthGame::Rolit3, &plan).name(),
        "paranoid@n500"
    );
    // Best-reply search takes no worlds: its name reads back.
    let b = engine(Entrant::plain(BRS), StrengthGame::Hearts, &plan);
    assert_eq!(b.name(), "brs@n500");
    assert_eq!(
        parse_engine(&b.name(), MoveBudget::Depth(1), None).unwrap(),
        b
    );
}
