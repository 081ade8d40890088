//! The strength experiment (`reproduce beyond/strength`): the claim verdicts on synthetic
//! intervals, the rows of a tiny deterministic plan (node budgets) on one and two threads,
//! engine names with options, and the default engine of every game.

use gametree::search::best_reply::Variant;
use gametree::search::{Algorithm, Searcher};
use gametree_games::registry::{self, GameVisitor, Playable};
use gametree_lab::engine_name::{parse_engine, EngineNameError};
use gametree_lab::experiment::{Ctx, StrengthScale};
use gametree_lab::papers::strength::{
    judge, plan, strength, Claim, MatchOutcome, Plan, StrengthGame, MATCHES, MCTS, TABLE_MIB,
};
use gametree_lab::report::Verdict;
use gametree_lab::tournament::{run_tournament, Budget, Engine, EngineOptions, TournamentConfig};
use gametree_lab::tournament::{GameResult, TournamentError};

#[test]
fn a_claim_that_one_engine_beats_another_reads_the_interval() {
    // Entirely above 1/2 agrees, entirely below disagrees, straddling is inconclusive.
    assert_eq!(judge(Claim::Beats, [0.51, 0.9]), Verdict::Within);
    assert_eq!(judge(Claim::Beats, [0.1, 0.49]), Verdict::Differs);
    assert_eq!(judge(Claim::Beats, [0.4, 0.6]), Verdict::TooFew);
    // Touching 1/2 is not above it.
    assert_eq!(judge(Claim::Beats, [0.5, 0.9]), Verdict::TooFew);
    assert_eq!(judge(Claim::Beats, [0.1, 0.5]), Verdict::TooFew);
    // A zero-width interval (every game alike) decides.
    assert_eq!(judge(Claim::Beats, [1.0, 1.0]), Verdict::Within);
    assert_eq!(judge(Claim::Beats, [0.5, 0.5]), Verdict::TooFew);
    // No games: inconclusive.
    assert_eq!(judge(Claim::Beats, [f64::NAN, f64::NAN]), Verdict::TooFew);
}

#[test]
fn at_least_as_good_and_about_equal_use_the_margin() {
    assert_eq!(judge(Claim::AtLeastAsGood, [0.45, 0.7]), Verdict::Within);
    assert_eq!(judge(Claim::AtLeastAsGood, [0.4, 0.7]), Verdict::Within);
    assert_eq!(judge(Claim::AtLeastAsGood, [0.35, 0.7]), Verdict::TooFew);
    assert_eq!(judge(Claim::AtLeastAsGood, [0.2, 0.45]), Verdict::Differs);
    // Significantly worse, even by little, disagrees.
    assert_eq!(judge(Claim::AtLeastAsGood, [0.42, 0.48]), Verdict::Differs);
    assert_eq!(judge(Claim::AboutEqual, [0.42, 0.58]), Verdict::Within);
    assert_eq!(judge(Claim::AboutEqual, [0.3, 0.58]), Verdict::TooFew);
    assert_eq!(judge(Claim::AboutEqual, [0.61, 0.9]), Verdict::Differs);
    assert_eq!(judge(Claim::AboutEqual, [0.1, 0.39]), Verdict::Differs);
    assert_eq!(judge(Claim::AboutEqual, [0.45, 0.65]), Verdict::TooFew);
}

fn tiny(threads: usize) -> Plan {
    Plan {
        games: vec![StrengthGame::Rolit, StrengthGame::Hearts],
        budget: Budget::Nodes(200),
        openings: 1,
        opening_plies: 2,
        deals: 1,
        max_plies: Some(4),
        mcts_cutoff: Some(3),
        card_worlds: Some(2),
        seed: 7,
        threads: Some(threads),
    }
}

#[test]
fn node_budget_rows_are_the_same_on_one_and_two_threads() {
    let one = strength(&tiny(1), false);
    let two = strength(&tiny(2), false);
    let rows1 = serde_json::to_string(&one.rows()).unwrap();
    let rows2 = serde_json::to_string(&two.rows()).unwrap();
    assert_eq!(rows1, rows2);
    assert_eq!(one.matches, two.matches);
    // Every match of every game is there, in order.
    assert_eq!(one.matches.len(), 2 * MATCHES.len());
    for (m, &(a, b)) in one.matches.iter().zip(MATCHES.iter().cycle()) {
        assert_eq!((m.a.algorithm, m.b.algorithm), (a.searcher, b.searcher));
        assert_eq!(m.a.options.table, a.table.then_some(TABLE_MIB));
        assert_eq!(m.b.options.table, b.table.then_some(TABLE_MIB));
    }
    // Speculative max^n with a table plays Rolit, named with its table; on the card games,
    // played with hidden hands, it is n/a (the Monte-Carlo player searches its sampled
    // deals without a table).
    let tabled: Vec<_> = one
        .matches
        .iter()
        .filter(|m| m.a.options.table.is_some())
        .collect();
    assert_eq!(tabled.len(), 4);
    for m in &tabled {
        match (m.game, &m.outcome) {
            (StrengthGame::Rolit, MatchOutcome::Played(_)) => {
                assert_eq!(m.a.name(), "speculative@n200:table=16")
            }
            (StrengthGame::Hearts, MatchOutcome::NotApplicable(why)) => {
                assert!(
                    why.contains("options `table` and `worlds` do not go together"),
                    "{why}"
                )
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    let rows = one.rows();
    for m in &one.matches {
        let best_reply = matches!(m.a.algorithm, Searcher::BestReply(_))
            || matches!(m.b.algorithm, Searcher::BestReply(_));
        if m.a.options.table.is_some() {
            continue;
        }
        match (&m.outcome, m.game, best_reply) {
            // Best-reply search cannot play the card games: n/a with the reason.
            (MatchOutcome::NotApplicable(why), StrengthGame::Hearts, true) => {
                assert!(why.contains("hand the turn to any player"), "{why}");
            }
            (MatchOutcome::Played(r), _, false)
            | (MatchOutcome::Played(r), StrengthGame::Rolit, true) => {
                // Six seatings of two engines on three seats, one opening.
                assert_eq!(r.games, 6);
                assert!(r.results.iter().all(|g| g.plies <= 4));
                let s = m.score().unwrap();
                assert!((0.0..=1.0).contains(&s.mean));
                assert!(s.ci95[0] >= 0.0 && s.ci95[1] <= 1.0);
            }
            other => panic!("unexpected {:?} {:?}", other.1, m.a.name()),
        }
    }
    // The rows: one per match, n/a rows say why.
    let na = rows
        .iter()
        .filter(|r| r.note.starts_with("n/a: brs"))
        .count();
    assert_eq!(na, 5, "the five hearts matches with brs or brs-plus");
    // Claims: Focus is n/a; the Rolit claims and the Hearts claim are judged.
    assert!(rows
        .iter()
        .any(|r| r.quantity.contains("Focus") && r.note.contains("no Focus")));
    let claims: Vec<_> = rows
        .iter()
        .filter(|r| r.row == "claim" && r.paper_value.is_some())
        .collect();
    // rolit: BRS > max^n, BRS ~ paranoid, BRS+ > BRS, max^n, paranoid; hearts: spec >= paranoid.
    assert_eq!(claims.len(), 6, "{claims:#?}");
    for c in &claims {
        assert_eq!(c.samples, Some(6));
        assert_eq!(c.paper_value.unwrap().as_f64(), 1.0);
        let holds = c.ours.as_f64();
        assert_eq!(holds == 1.0, c.verdict == Verdict::Within, "{c:?}");
        assert!(
            c.note.contains("scored") && c.note.contains("over 6 games"),
            "{}",
            c.note
        );
    }
    // The MCTS engine carries the plan's cut-off on the board game only.
    let mcts: Vec<_> = one
        .matches
        .iter()
        .filter(|m| m.a.algorithm == MCTS)
        .collect();
    assert_eq!(mcts[0].a.options.cutoff, Some(3));
    assert_eq!(mcts[0].a.name(), "mcts@n200:cutoff=3");
    assert_eq!(mcts[1].a.options.cutoff, None);
}

#[test]
fn engine_names_with_budgets_and_options() {
    let d = Budget::Depth(3);
    let e = parse_engine("mcts@t200:cutoff=10", d, None).unwrap();
    assert_eq!(e.algorithm, Searcher::Mcts);
    assert_eq!(e.budget, Budget::Time(200));
    assert_eq!(e.options.cutoff, Some(10));
    assert_eq!(e.name(), "mcts@t200:cutoff=10");
    let e = parse_engine("mcts:cutoff=4", d, None).unwrap();
    assert_eq!((e.budget, e.options.cutoff), (d, Some(4)));
    let e = parse_engine("maxn@n500", d, None).unwrap();
    assert_eq!(e, Engine::new(Algorithm::Maxn, Budget::Nodes(500)));
    assert_eq!(e.name(), "maxn@n500");
    // Every name printed reads back as the same engine.
    for text in [
        "paranoid@d4",
        "brs-plus@t50",
        "mcts@n900:cutoff=1",
        "speculative@n7",
        "speculative@t20:table=16",
        "maxn@d3:table=1",
    ] {
        let e = parse_engine(text, d, None).unwrap();
        assert_eq!(e.name(), text);
        assert_eq!(parse_engine(&e.name(), d, None).unwrap(), e);
    }
    // `engine` is the caller's default, and unknown without one.
    let brs = Searcher::BestReply(Variant::BrsPlus);
    let e = parse_engine("engine@t20", d, Some(brs)).unwrap();
    assert_eq!((e.algorithm, e.budget), (brs, Budget::Time(20)));
    assert!(matches!(
        parse_engine("engine", d, None),
        Err(EngineNameError::UnknownSearcher { .. })
    ));
}

#[test]
fn bad_engine_names_are_one_clear_line() {
    let d = Budget::Depth(3);
    for (text, fragment) in [
        ("mcts@t200:depth=3", "unknown option `depth`"),
        ("mcts@t200:cutoff", "is not KEY=VALUE"),
        ("mcts@t200:cutoff=0", "cutoff `0`: must be 1 to 10000 plies"),
        ("mcts@t200:cutoff=x", "cutoff `x`"),
        ("mcts@t200:cutoff=10001", "must be 1 to 10000"),
        ("mcts:cutoff=3:cutoff=4", "given twice"),
        ("maxn@t200:cutoff=3", "`cutoff` is for mcts only, not maxn"),
        ("maxn@q3", "`@dDEPTH`, `@nNODES` or `@tMILLISECONDS`"),
        ("maxn@d0", "the depth must be at least 1"),
        ("maxn@d10001", "the depth must be at most 10000"),
        ("maxn@n0", "the node budget must be at least 1"),
        ("maxn@t0", "the time budget must be 1 to 3600000 ms"),
        ("maxn@tx", "bad time budget `x`"),
        ("wizard@d2", "unknown algorithm `wizard`"),
        ("mcts@t200:", "is not KEY=VALUE"),
        ("speculative:table=0", "table `0`: must be 1 to 1024 MiB"),
        ("speculative:table=1025", "must be 1 to 1024 MiB"),
        ("maxn:table=x", "table `x`"),
        ("maxn:table=4:table=4", "`table` is given twice"),
        (
            "paranoid:table=4",
            "`table` is for maxn and speculative only, not paranoid",
        ),
        (
            "mcts:table=4",
            "`table` is for maxn and speculative only, not mcts",
        ),
    ] {
        let e = parse_engine(text, d, None).unwrap_err().to_string();
        assert!(e.starts_with(&format!("engine `{text}`: ")), "{e}");
        assert!(e.contains(fragment), "{text}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn the_cutoff_reaches_the_search() {
    // MCTS with a depth budget and 2,000 iterations per move: a cut-off of one ply changes
    // the playouts, so the games differ from the ones without it.
    let game = gametree_games::rolit::Rolit::new(3).unwrap();
    let eval = game.evaluator();
    let cfg = |options| TournamentConfig {
        openings: 1,
        max_plies: Some(3),
        threads: Some(1),
        bootstrap: 0,
        ..TournamentConfig::new(vec![
            Engine::new(Searcher::Mcts, Budget::Nodes(300)).with_options(options),
            Engine::new(Algorithm::Maxn, Budget::Depth(1)),
        ])
    };
    let plain = run_tournament(&game, &eval, "rolit", &cfg(EngineOptions::default()));
    let cut = run_tournament(
        &game,
        &eval,
        "rolit",
        &cfg(EngineOptions {
            cutoff: Some(1),
            ..EngineOptions::default()
        }),
    );
    let (plain, cut) = (plain.unwrap(), cut.unwrap());
    assert_ne!(
        plain.results.iter().map(|g| &g.scores).collect::<Vec<_>>(),
        cut.results.iter().map(|g| &g.scores).collect::<Vec<_>>()
    );
    assert_eq!(cut.engines[0].name, "mcts@n300:cutoff=1");
}

struct DefaultOf;

impl GameVisitor for DefaultOf {
    type Output = Option<Searcher>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Option<Searcher>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        game.default_engine().map(|d| d.searcher)
    }
}

#[test]
fn every_multi_player_game_has_a_default_engine() {
    let brs_plus = Some(Searcher::BestReply(Variant::BrsPlus));
    let speculative = Some(Searcher::Plain(Algorithm::Speculative));
    for (spec, expected) in [
        ("chinese-checkers(players=3,board=73)", brs_plus),
        ("chinese-checkers(players=3,board=121)", brs_plus),
        ("chinese-checkers(players=4,board=121)", brs_plus),
        ("rolit(players=3)", speculative),
        ("rolit(players=4)", speculative),
        ("chess4", Some(Searcher::BestReply(Variant::Brs))),
        ("hearts", speculative),
        ("spades", speculative),
        // Two-player games keep the two-player engine.
        ("chinese-checkers(players=2,board=121)", None),
        ("tictactoe", None),
        ("connect-four", None),
    ] {
        assert_eq!(
            registry::visit(spec, None, DefaultOf).unwrap(),
            expected,
            "{spec}"
        );
    }
    for e in registry::entries() {
        if let Some(d) = e.default_engine {
            assert!(
                !d.reason.is_empty() && !d.reason.contains('\n'),
                "{}",
                e.listing.name
            );
        }
    }
}

/// The moves and outcome of every game, without the node counts (a table saves nodes).
fn games_without_nodes(results: &[GameResult]) -> Vec<(Vec<usize>, Vec<i64>, usize)> {
    results
        .iter()
        .map(|g| (g.seats.clone(), g.scores.clone(), g.plies))
        .collect()
}

#[test]
fn a_table_kept_for_the_whole_game_changes_no_move_at_a_fixed_depth() {
    // maxn_table and speculative_table compute exactly max^n's value and move, and a value
    // stored at one move is the exact value of its position and draft at every later move:
    // with a depth budget, engines with a table play the same games as without, in fewer
    // nodes. Chinese Checkers at depth 5 (a three-player search first meets a transposition
    // at an inner node there: a player's two moves in either order at ply 4; the ordering
    // keeps 4 moves, for speed) and Rolit at depth 3.
    let cc = gametree_games::chinese_checkers::ChineseCheckers::new(3, 73, 4, 400).unwrap();
    let rolit = gametree_games::rolit::Rolit::new(3).unwrap();
    for algorithm in [Algorithm::Maxn, Algorithm::Speculative] {
        let cfg = |table: Option<u32>, depth: u32| TournamentConfig {
            openings: 2,
            max_plies: Some(40),
            threads: Some(2),
            bootstrap: 0,
            ..TournamentConfig::new(vec![
                Engine::new(algorithm, Budget::Depth(depth)).with_options(EngineOptions {
                    table,
                    ..EngineOptions::default()
                }),
                Engine::new(Algorithm::Paranoid, Budget::Depth(2)),
            ])
        };
        let plain = run_tournament(&cc, &cc.evaluator(), "cc", &cfg(None, 5)).unwrap();
        let tabled = run_tournament(&cc, &cc.evaluator(), "cc", &cfg(Some(1), 5)).unwrap();
        assert_eq!(
            games_without_nodes(&plain.results),
            games_without_nodes(&tabled.results),
            "{algorithm} on Chinese Checkers"
        );
        let nodes = |r: &gametree_lab::tournament::TournamentResult| -> u64 {
            r.results.iter().map(|g| g.nodes.iter().sum::<u64>()).sum()
        };
        assert!(
            nodes(&tabled) < nodes(&plain),
            "{algorithm}: the table saves nodes ({} with, {} without)",
            nodes(&tabled),
            nodes(&plain)
        );
        let plain = run_tournament(&rolit, &rolit.evaluator(), "r", &cfg(None, 3)).unwrap();
        let tabled = run_tournament(&rolit, &rolit.evaluator(), "r", &cfg(Some(1), 3)).unwrap();
        assert_eq!(
            games_without_nodes(&plain.results),
            games_without_nodes(&tabled.results),
            "{algorithm} on Rolit"
        );
    }
}

#[test]
fn a_table_on_a_search_without_one_is_refused() {
    let game = gametree_games::rolit::Rolit::new(3).unwrap();
    let cfg = TournamentConfig::new(vec![Engine::new(Algorithm::Paranoid, Budget::Depth(1))
        .with_options(EngineOptions {
            table: Some(4),
            ..EngineOptions::default()
        })]);
    let e = run_tournament(&game, &game.evaluator(), "r", &cfg).unwrap_err();
    assert!(matches!(e, TournamentError::BadOption { .. }), "{e:?}");
    assert!(e
        .to_string()
        .contains("option `table` is for maxn and speculative only, not paranoid"));
}

#[test]
fn the_scale_flags_set_openings_and_budget() {
    let ctx = |quick, strength| Ctx {
        quick,
        progress: false,
        hands: None,
        strength,
    };
    let full = plan(&ctx(false, StrengthScale::MODE));
    assert_eq!((full.openings, full.deals), (2, 2));
    assert_eq!(full.budget, Budget::Time(20));
    let scaled = StrengthScale {
        openings: Some(9),
        budget: Some(Budget::Nodes(5000)),
    };
    let p = plan(&ctx(false, scaled));
    assert_eq!((p.openings, p.deals), (9, 2), "the deals stay the mode's");
    assert_eq!(p.budget, Budget::Nodes(5000));
    let q = plan(&ctx(true, scaled));
    assert_eq!((q.openings, q.deals, q.max_plies), (9, 1, Some(16)));
    // The parameters (and so the stored results' manifests) tell the scales apart.
    let e = gametree_lab::papers::strength::experiment();
    assert_ne!(
        (e.params)(&ctx(false, StrengthScale::MODE)),
        (e.params)(&ctx(false, scaled))
    );
}
