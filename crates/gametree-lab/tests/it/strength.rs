//! The strength experiment (`reproduce beyond/strength`): the claims' tests and sequential
//! stop on synthetic group win rates, the rows of a tiny deterministic plan (node budgets)
//! on one and two threads and split into items, engine names with options, and the default
//! engine of every game.

use gametree::search::best_reply::Variant;
use gametree::search::{Algorithm, Searcher};
use gametree_games::registry::{self, GameVisitor, Playable};
use gametree_lab::experiment::{Ctx, Params};
use gametree_lab::papers::strength::{
    assemble, assemble_match, calibrated_nodes, claims_rest_on, decisive_p, family_size, items,
    matches_on, parse_item_key, plan, play_block, sequential, strength, strength_kept, BlockResult,
    BudgetRule, Entrant, MatchOutcome, MctsPolicy, Plan, StrengthGame, StrengthMatches,
    StrengthScale, BRS, CALIBRATED_NODES, CLAIMS, ENTRANTS, MATCHES, MAXN, MCTS, PARANOID,
    TABLE_MIB,
};
use gametree_lab::report::Verdict;
use gametree_run::engine::{Engine, EngineError, EngineOptions, MoveBudget};
use gametree_run::engine_name::{parse_engine, EngineNameError};
use gametree_run::stats::SprtState;
use gametree_run::tournament::{run_tournament, TournamentConfig};
use gametree_run::tournament::{GameResult, TournamentError};
use gametree_run::verdict::{
    claim_test, decide, group_shares, paired_differences, Claim, MARGIN, MIN_GROUPS,
};

/// The two-sided sign-flip p-value by plain enumeration of the `2^n` sign vectors (the
/// reference of the permutation test, written apart from the library).
fn enumerated_p(xs: &[f64], at: f64) -> f64 {
    let d: Vec<f64> = xs.iter().map(|x| x - at).collect();
    let t = d.iter().sum::<f64>().abs();
    let mut hits = 0u64;
    for v in 0..(1u64 << d.len()) {
        let s: f64 = d
            .iter()
            .enumerate()
            .map(|(i, x)| if v >> i & 1 == 1 { -x } else { *x })
            .sum();
        if s.abs() >= t - 1e-9 {
            hits += 1;
        }
    }
    hits as f64 / (1u64 << d.len()) as f64
}

/// The reference Monte Carlo sign-flip p-value: `resamples` sign vectors from a xorshift64*
/// generator of the test's own (not the library's), `(1 + k) / (1 + resamples)`.
fn resampled_p(xs: &[f64], at: f64, resamples: u64, seed: u64) -> f64 {
    let d: Vec<f64> = xs.iter().map(|x| x - at).collect();
    let t = d.iter().sum::<f64>().abs();
    let mut state = seed | 1;
    let mut hits = 0u64;
    for _ in 0..resamples {
        let mut s = 0.0;
        for x in &d {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let r = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
            s += if r >> 63 == 1 { -x } else { *x };
        }
        if s.abs() >= t - 1e-9 {
            hits += 1;
        }
    }
    (1.0 + hits as f64) / (1.0 + resamples as f64)
}

/// The reference upper tail of Student's t: Simpson's rule on the density from 0 to `t`
/// (20,000 panels), apart from the library's incomplete beta function.
fn reference_t_upper(t: f64, df: f64) -> f64 {
    let ln_c = gametree_run::stats::ln_gamma((df + 1.0) / 2.0)
        - gametree_run::stats::ln_gamma(df / 2.0)
        - 0.5 * (df * std::f64::consts::PI).ln();
    let f = |x: f64| (ln_c - (df + 1.0) / 2.0 * (1.0 + x * x / df).ln()).exp();
    let (a, b) = (0.0, t.abs());
    let n = 20_000;
    let h = (b - a) / n as f64;
    let mut sum = f(a) + f(b);
    for i in 1..n {
        sum += f(a + i as f64 * h) * if i % 2 == 1 { 4.0 } else { 2.0 };
    }
    let mid = sum * h / 3.0;
    if t >= 0.0 {
        0.5 - mid
    } else {
        0.5 + mid
    }
}

/// The reference TOST of "about equal" and t test of "at least as good" from
/// [`reference_t_upper`].
fn reference_t_tests(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let sd = (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let se = sd / n.sqrt();
    let upper = |at: f64| reference_t_upper((mean - at) / se, n - 1.0);
    let (lo, hi) = (0.5 - MARGIN, 0.5 + MARGIN);
    let above_lo = upper(lo);
    let below_hi = 1.0 - upper(hi);
    let tost = above_lo.max(below_hi);
    let outside = (2.0 * (1.0 - above_lo).min(upper(hi))).min(1.0);
    let at_least = (2.0 * above_lo.min(1.0 - above_lo)).min(1.0);
    (tost.min(outside), at_least)
}

/// Twenty recorded group sequences: group win rates of groups of 6, 14 and 20 games (the
/// three- to six-player games), 8 to 134 groups, around 0.3 to 0.7, and paired differences
/// of two of them; drawn once from a fixed generator so the test reads them the same way
/// every time.
fn recorded_sequences() -> Vec<Vec<f64>> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut out = Vec::new();
    for i in 0..20 {
        let n = [8, 11, 14, 16, 20, 35, 58, 134][i % 8];
        let size = [6.0, 14.0, 20.0][i % 3];
        let q = 0.3 + 0.4 * (i as f64 / 19.0);
        let mut group = || {
            let wins = (0..size as usize).filter(|_| next() < q).count() as f64;
            wins / size
        };
        let xs: Vec<f64> = if i % 5 == 4 {
            (0..n).map(|_| group() - group()).collect()
        } else {
            (0..n).map(|_| group()).collect()
        };
        out.push(xs);
    }
    out
}

#[test]
fn the_permutation_test_and_the_mean_tost_agree_with_a_reference() {
    for (i, xs) in recorded_sequences().iter().enumerate() {
        let claim = if i % 5 == 4 {
            Claim::Improves
        } else {
            Claim::Beats
        };
        let at = if claim == Claim::Improves { 0.0 } else { 0.5 };
        let (p, agrees, test) = claim_test(claim, xs);
        assert!(test.contains("sign-flip"), "{test}");
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        assert_eq!(agrees, mean > at, "{i}");
        if xs.len() <= 16 {
            let want = enumerated_p(xs, at);
            assert!((p - want).abs() < 1e-12, "{i}: {p} {want}");
        } else {
            // Two Monte Carlo estimates of 100,000 resamples each: within five standard
            // errors of their difference.
            let want = resampled_p(xs, at, 100_000, 0xABCD + i as u64);
            let se = (2.0 * want.max(1e-5) * (1.0 - want) / 100_000.0).sqrt();
            assert!((p - want).abs() <= 5.0 * se + 2e-5, "{i}: {p} {want}");
        }
        if claim == Claim::Beats {
            let (tost, at_least) = reference_t_tests(xs);
            let (p, _, _) = claim_test(Claim::AboutEqual, xs);
            assert!((p - tost).abs() < 1e-6 * tost.max(1e-3), "{i}: {p} {tost}");
            let (p, _, _) = claim_test(Claim::AtLeastAsGood, xs);
            assert!(
                (p - at_least).abs() < 1e-6 * at_least.max(1e-3),
                "{i}: {p} {at_least}"
            );
        }
    }
}

#[test]
fn the_tests_hold_their_level_on_simulated_null_matches() {
    // 200 matches of 40 groups of 6 games each: the first engine wins each game with the
    // probability of the null (0.5 for "beats"; the margin's 0.4 for "at least as good" and
    // the band's edge 0.4 for "about equal"); how often each test rejects at 0.05.
    let mut state = 0x1234_5678_9ABC_DEF1u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut sample = |q: f64| -> Vec<f64> {
        (0..40)
            .map(|_| (0..6).filter(|_| next() < q).count() as f64 / 6.0)
            .collect()
    };
    let (mut beats, mut at_least, mut equal) = (0, 0, 0);
    for _ in 0..200 {
        beats += usize::from(claim_test(Claim::Beats, &sample(0.5)).0 < 0.05);
        at_least += usize::from(claim_test(Claim::AtLeastAsGood, &sample(0.4)).0 < 0.05);
        let (p, agrees, _) = claim_test(Claim::AboutEqual, &sample(0.4));
        equal += usize::from(p < 0.05 && agrees);
    }
    for (what, k) in [
        ("beats", beats),
        ("at least as good", at_least),
        ("about equal", equal),
    ] {
        assert!(k as f64 / 200.0 <= 0.07, "{what}: {k} of 200 rejected");
    }
}

#[test]
fn a_claim_that_one_engine_beats_another_needs_a_significant_permutation_test() {
    // 9 groups above 0.5 and 1 below: the exact sign-flip p-value over the 2^10 sign
    // vectors, leaning toward the claim.
    let xs = [0.6, 0.7, 0.6, 0.8, 0.6, 0.6, 0.7, 0.6, 0.6, 0.4];
    let (p, agrees, test) = claim_test(Claim::Beats, &xs);
    assert!((p - enumerated_p(&xs, 0.5)).abs() < 1e-12 && agrees, "{p}");
    assert!(
        test.contains("sign-flip") && test.contains("exact"),
        "{test}"
    );
    assert_eq!(decide(p, agrees), "agrees");
    // Holm-adjusted above the level: inconclusive, whichever way it leans.
    assert_eq!(decide(0.06, true), "inconclusive");
    // Significant the other way: the claim is refuted.
    let low: Vec<f64> = xs.iter().map(|x| 1.0 - x).collect();
    let (p, agrees, _) = claim_test(Claim::Beats, &low);
    assert!(!agrees);
    assert_eq!(decide(p, agrees), "disagrees");
    // The test uses magnitudes: groups at exactly 0.5 are not dropped, and two samples
    // with the same signs but different sizes give different p-values.
    let small = [0.51, 0.51, 0.51, 0.51, 0.51, 0.51, 0.5, 0.5, 0.5, 0.2];
    let large = [0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.5, 0.5, 0.5, 0.49];
    assert!(claim_test(Claim::Beats, &small).0 > 0.5);
    assert!(claim_test(Claim::Beats, &large).0 < 0.05);
}

#[test]
fn at_least_as_good_and_about_equal_test_the_mean_against_the_margin() {
    // Groups around 0.45: the mean above 0.4 (non-inferior), inside 0.4..0.6.
    let xs: Vec<f64> = (0..12)
        .map(|i| if i % 2 == 0 { 0.5 } else { 0.4 })
        .collect();
    let (p, agrees, test) = claim_test(Claim::AtLeastAsGood, &xs);
    assert!(agrees && p < 0.01, "{p} {test}");
    assert!(
        test.contains(&format!("{}", 0.5 - MARGIN)) && test.contains("t test"),
        "{test}"
    );
    let (p, agrees, test) = claim_test(Claim::AboutEqual, &xs);
    assert!(agrees && test.starts_with("TOST") && p < 0.05, "{p} {test}");
    // The mean, not the median: eleven groups at 0.41 and one at 0.0 have a median above
    // the margin but a mean (0.376) below it.
    let skewed: Vec<f64> = (0..12).map(|i| if i == 0 { 0.0 } else { 0.41 }).collect();
    assert!(!claim_test(Claim::AtLeastAsGood, &skewed).1);
    // Groups around 0.8: outside the band, the claim of equality is refuted.
    let far: Vec<f64> = (0..12)
        .map(|i| if i % 2 == 0 { 0.85 } else { 0.75 })
        .collect();
    let (p, agrees, test) = claim_test(Claim::AboutEqual, &far);
    assert!(!agrees && p < 0.01 && test.contains("outside"), "{test}");
    // Groups around 0.2: inferior beyond the margin.
    let low: Vec<f64> = far.iter().map(|x| 1.0 - x).collect();
    let (_, agrees, _) = claim_test(Claim::AtLeastAsGood, &low);
    assert!(!agrees);
}

#[test]
fn the_sequential_test_stops_a_clear_match_and_not_a_close_one() {
    // The decisive level by hand: 0.01 over 44 claim rows (both sets) x 134 looks =
    // 1.696e-6.
    assert_eq!(family_size(), 44);
    let level = decisive_p();
    assert!((level - 0.01 / (44.0 * 134.0)).abs() < 1e-12, "{level}");
    // Groups at 0.9 and 0.7: Hoeffding's bound on the sign-flip p-value is
    // 2 exp(-(0.3 n)^2 / (2 x 0.1 n)) = 2 exp(-0.45 n), below the level from 31 groups (31 is odd: 16 groups at 0.9).
    let clear: Vec<f64> = (0..200)
        .map(|i| if i % 2 == 0 { 0.9 } else { 0.7 })
        .collect();
    let s = sequential(Claim::Beats, &clear);
    assert_eq!((s.state(), s.groups), ("decisive", 31), "{s:?}");
    // A clear effect against the claim stops as decisive too, not as futile.
    let against: Vec<f64> = clear.iter().map(|x| 1.0 - x).collect();
    let s = sequential(Claim::Beats, &against);
    assert_eq!((s.state(), s.groups), ("decisive", 31), "{s:?}");
    // Mean 0.525, exactly between H0 0.5 and H1 0.55, a wide spread: never decisive, the
    // paper's-effect test never accepts H0: the cap.
    let close: Vec<f64> = (0..200)
        .map(|i| if i % 2 == 0 { 0.925 } else { 0.125 })
        .collect();
    let s = sequential(Claim::Beats, &close);
    assert!(
        !s.stopped() && s.groups == 200 && s.state() == "cap",
        "{s:?}"
    );
    // Mean 0.5 with a spread: both futility tests accept H0 (no 5-point effect either
    // way): futile.
    let null: Vec<f64> = (0..200)
        .map(|i| if i % 2 == 0 { 0.6 } else { 0.4 })
        .collect();
    let s = sequential(Claim::Beats, &null);
    assert_eq!(s.state(), "futile", "{s:?}");
    assert!(s.groups >= MIN_GROUPS && s.groups < 200, "{s:?}");
    assert!(s.states.iter().all(|&t| t == SprtState::AcceptH0), "{s:?}");
    // Symmetric: a lean against the claim beyond the band (mean 0.45) does not stop as
    // futile, though the paper's-effect test accepts its H0 at once; it goes on toward a
    // decision (the old rule stopped it).
    let lean: Vec<f64> = (0..134)
        .map(|i| if i % 2 == 0 { 0.75 } else { 0.15 })
        .collect();
    let s = sequential(Claim::Beats, &lean);
    assert_ne!(s.state(), "futile", "{s:?}");
    // About equal: every group inside 0.4..0.6 with a spread, TOST decides; every group
    // far above 0.6, the outside test decides.
    let even: Vec<f64> = (0..400)
        .map(|i| if i % 2 == 0 { 0.55 } else { 0.45 })
        .collect();
    let s = sequential(Claim::AboutEqual, &even);
    assert_eq!(s.state(), "decisive", "{s:?}");
    assert!(
        claim_test(Claim::AboutEqual, &even[..s.groups]).1,
        "equivalence shown"
    );
    let far: Vec<f64> = (0..400)
        .map(|i| if i % 2 == 0 { 0.85 } else { 0.75 })
        .collect();
    let s = sequential(Claim::AboutEqual, &far);
    assert_eq!(s.state(), "decisive", "{s:?}");
    assert!(
        !claim_test(Claim::AboutEqual, &far[..s.groups]).1,
        "outside shown"
    );
}

fn tiny(threads: usize) -> Plan {
    Plan {
        games: vec![StrengthGame::Rolit3, StrengthGame::Hearts],
        budget: BudgetRule::Fixed(MoveBudget::Nodes(200)),
        matches: StrengthMatches::All,
        openings: Some(1),
        claim_games: 800,
        other_games: 120,
        block: 1,
        opening_plies: 2,
        max_plies: Some(4),
        mcts_cutoff: Some(3),
        card_worlds: Some(2),
        seed: 7,
        threads: Some(threads),
        verdicts: true,
        rating_bootstrap: 20,
        table12_nodes: 300,
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
    // The played rows' claims recompute from their stored groups alone, through the JSON
    // (one group each here: every decision too-few).
    let back: Vec<gametree_lab::report::Row> = serde_json::from_str(&rows1).unwrap();
    let again = gametree_lab::papers::strength::recompute_claims(&back, true);
    let stored: Vec<_> = back.iter().filter_map(|r| r.claim.as_deref()).collect();
    assert_eq!(again.len(), stored.len());
    for (a, c) in again.iter().zip(&stored) {
        assert_eq!((a.p_value, a.holm_p_value), (c.p_value, c.holm_p_value));
        assert_eq!(a.decision, c.decision);
    }
    // Every match of every game is there, in order: the eleven on every game, and on
    // Rolit (a game of Nijssen & Winands's) the three MCTS-policy matches.
    let expected: Vec<(StrengthGame, usize)> = [StrengthGame::Rolit3, StrengthGame::Hearts]
        .into_iter()
        .flat_map(|g| matches_on(g).map(move |m| (g, m)))
        .collect();
    // On Hearts, the eleven and the Table 12 match (perfect information, its own nodes).
    assert_eq!(expected.len(), 14 + 12);
    assert_eq!(one.matches.len(), expected.len());
    for (m, &(game, i)) in one.matches.iter().zip(&expected) {
        assert_eq!((m.game, m.index), (game, i));
        for (e, x) in m.engines.iter().zip(MATCHES[i].entrants) {
            assert_eq!(e.algorithm, x.searcher);
            assert_eq!(e.options.table, x.table.then_some(TABLE_MIB));
        }
    }
    // Speculative max^n with a table plays Rolit, named with its table; on the card games,
    // played with hidden hands, it is n/a (the Monte-Carlo player searches its sampled
    // deals without a table).
    let tabled: Vec<_> = one
        .matches
        .iter()
        .filter(|m| m.engines[0].options.table.is_some())
        .collect();
    assert_eq!(tabled.len(), 4);
    for m in &tabled {
        match (m.game, &m.outcome) {
            (StrengthGame::Rolit3, MatchOutcome::Played(_)) => {
                assert_eq!(m.engines[0].name(), "speculative@n200:table=16")
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
        let best_reply = matches!(m.engines[0].algorithm, Searcher::BestReply(_))
            || matches!(m.engines[1].algorithm, Searcher::BestReply(_));
        if m.engines[0].options.table.is_some() {
            continue;
        }
        match (&m.outcome, m.game, best_reply) {
            // Best-reply search cannot play the card games: n/a with the reason.
            (MatchOutcome::NotApplicable(why), StrengthGame::Hearts, true) => {
                assert!(why.contains("hand the turn to any player"), "{why}");
            }
            (MatchOutcome::Played(r), _, false)
            | (MatchOutcome::Played(r), StrengthGame::Rolit3, true) => {
                // Six seatings of two engines on three seats, one opening.
                assert_eq!(r.games, 6);
                assert!(r.results.iter().all(|g| g.plies <= 4));
                let (w, ci, n) = m.win_rate().unwrap();
                assert!(ci[0] <= w && w <= ci[1] && n == 6);
                assert!(ci[0] < ci[1], "a Wilson interval is never a point: {ci:?}");
            }
            other => panic!("unexpected {:?} {:?}", other.1, m.engines[0].name()),
        }
    }
    // The rows: one per match, n/a rows say why.
    let na = rows
        .iter()
        .filter(|r| r.note.starts_with("n/a: brs"))
        .count();
    assert_eq!(na, 5, "the five hearts matches with brs or brs-plus");
    // Claims: the Rolit claims and the Hearts claims are judged; one group is fewer than a
    // verdict needs.
    let claims: Vec<_> = rows.iter().filter(|r| r.claim.is_some()).collect();
    // Confirmatory: rolit BRS > max^n, BRS ~ paranoid (Schadd & Winands); hearts: spec >=
    // paranoid in Table 12's setting. Exploratory, labelled: the three MCTS-policy and
    // solver readings on Rolit (Nijssen & Winands 2013), Esser et al.'s two chess claims
    // generalised to Rolit, and hearts with hidden hands.
    assert_eq!(claims.len(), 9, "{claims:#?}");
    let outside: Vec<_> = claims
        .iter()
        .filter(|c| !c.claim.as_ref().unwrap().in_family)
        .collect();
    assert_eq!(outside.len(), 6);
    for c in &outside {
        assert!(c.quantity.contains("[exploratory: "), "{}", c.quantity);
        assert_eq!(c.verdict, Verdict::Measured);
    }
    let table12 = claims
        .iter()
        .find(|c| c.quantity.contains("perfect information") && c.quantity.contains("hearts"))
        .expect("the Table 12 row");
    assert!(table12.claim.as_ref().unwrap().in_family);
    let ours = table12.claim.as_ref().unwrap().our_conditions.clone();
    assert!(
        ours.time_per_move
            .as_deref()
            .unwrap()
            .contains("Table 12 setting"),
        "{ours:?}"
    );
    for c in &claims {
        if c.claim.as_ref().unwrap().in_family {
            assert_eq!(c.verdict, Verdict::TooFew);
        }
        let t = c.claim.as_ref().expect("a claim row carries its test");
        let family = if t.in_family { 3 } else { 6 };
        // An improvement rests on the games of both matches in the paired opening.
        let games = if t.kind == "improves" { 12 } else { 6 };
        assert_eq!(c.samples, Some(games));
        assert_eq!(
            (t.games, t.groups, t.group_size, t.family),
            (games, 1, games, family)
        );
        assert_eq!(t.decision, "too-few");
        assert!(t.holm_p_value >= t.p_value);
        if t.kind != "improves" {
            assert!((t.win_rates[0].rate + t.win_rates[1].rate - 1.0).abs() < 1e-12);
        }
        // The paper's conditions are printed beside ours, unknown ones said so.
        assert!(t.paper_conditions.paper.as_ref().unwrap().contains("20"));
        assert!(
            c.note.contains("the paper's conditions: game "),
            "{}",
            c.note
        );
        assert_eq!(t.our_conditions.players.as_deref(), Some("3"));
        assert_eq!(t.sequential.state, "cap");
        assert!(
            c.note.contains(&format!("tested over {games} games")),
            "{}",
            c.note
        );
    }
    // Every engine of a game is rated from all its games there.
    let ratings = rows
        .iter()
        .filter(|r| r.row.starts_with("rolit-3: rating of"))
        .count();
    // Every entrant but MCTS with Progressive History (not on Rolit) plays there.
    assert_eq!(ratings, ENTRANTS.len() - 1);
    // The MCTS engine carries the plan's cut-off on the board game only.
    let mcts: Vec<_> = one.matches.iter().filter(|m| m.index == 4).collect();
    assert_eq!(mcts[0].engines[0].options.cutoff, Some(3));
    assert_eq!(mcts[0].engines[0].name(), "mcts@n200:cutoff=3");
    assert_eq!(mcts[1].engines[0].options.cutoff, None);
}

#[test]
fn the_items_of_a_plan_assemble_to_the_single_run() {
    // Two openings in blocks of one: every match is two items; assembled from the items
    // (as a merge does, after a JSON round trip) the rows equal the single run's.
    let mut p = tiny(2);
    p.games = vec![StrengthGame::Rolit3];
    p.openings = Some(2);
    let keys = items(&p);
    assert_eq!(keys.len(), 2 * matches_on(StrengthGame::Rolit3).count());
    let blocks: Vec<_> = keys
        .iter()
        .map(|(k, cost)| {
            assert!(*cost > 0.0, "{k}");
            let (g, m, b) = parse_item_key(&p, k).unwrap();
            let r = play_block(&p, g, m, b);
            serde_json::from_value(serde_json::to_value(&r).unwrap()).unwrap()
        })
        .collect();
    let merged = assemble(&p, &blocks).unwrap();
    let single = strength(&p, false);
    assert_eq!(
        serde_json::to_string(&merged.rows()).unwrap(),
        serde_json::to_string(&single.rows()).unwrap()
    );
    assert!(assemble(&p, &blocks[1..]).is_none(), "an item missing");
    assert!(parse_item_key(&p, "rolit-3 match 99 block 0").is_none());
    assert!(parse_item_key(&p, "rolit-3 match 0 block 2").is_none());
}

/// Quick mode plays one block per match, so its blocks run as items beside the other
/// experiments' (the cores stay busy); full mode's matches have several blocks and run
/// through the driver, which stops a decided match and keeps its blocks.
#[test]
fn only_matches_of_several_blocks_run_through_the_driver() {
    let e = gametree_lab::papers::strength::experiment();
    let mode = |quick| Ctx {
        quick,
        progress: false,
        params: Params::NONE,
    };
    let quick = plan(&mode(true));
    for &g in &quick.games {
        for m in quick.matches_on(g) {
            assert_eq!(quick.blocks(g, m), 1, "{} match {m}", g.label());
        }
    }
    assert!(!e.runs_as_one(&mode(true)), "quick mode: items");
    assert!(e.runs_as_one(&mode(false)), "full mode: the driver");
    // Quick mode with two openings per match: blocks of one opening, so the driver again.
    let two = Ctx {
        params: Params::NONE.with(&StrengthScale {
            openings: Some(2),
            ..StrengthScale::MODE
        }),
        ..mode(true)
    };
    assert!(e.runs_as_one(&two));
}

/// The decisive run's matches: `--matches claims` plays exactly the matches a claim rests
/// on, and its parameters say so.
#[test]
fn the_claims_matches_are_those_a_claim_rests_on() {
    let mut p = tiny(1);
    p.matches = StrengthMatches::Claims;
    let mut all = 0;
    let mut claims = 0;
    for g in StrengthGame::ALL {
        all += matches_on(g).count();
        let mine: Vec<usize> = p.matches_on(g).collect();
        let expected: Vec<usize> = matches_on(g).filter(|&m| claims_rest_on(g, m)).collect();
        assert_eq!(mine, expected, "{}", g.label());
        claims += mine.len();
    }
    assert!(claims > 20 && claims < all, "{claims} of {all}");
    // BRS against max^n on Rolit is a claim's match; speculative max^n against max^n is not.
    assert!(p
        .matches_on(StrengthGame::Rolit3)
        .any(|m| MATCHES[m].entrants[0] == Entrant::plain(BRS)));
    let ctx = |matches| Ctx {
        quick: false,
        progress: false,
        params: Params::NONE.with(&StrengthScale {
            matches,
            ..StrengthScale::MODE
        }),
    };
    let e = gametree_lab::papers::strength::experiment();
    let params = (e.params)(&ctx(StrengthMatches::Claims));
    assert!(params.contains("matches=Claims"), "{params}");
    assert_ne!(params, (e.params)(&ctx(StrengthMatches::All)));
}

/// One process plays a match block after block and no further than its sequential test
/// stopped it, keeping each block: the rows equal the assembly of every block (a sharded
/// run's), a block the test made useless is never written, and a second run reads the kept
/// blocks instead of playing them (a kept block changed by hand shows in its rows).
#[test]
fn kept_blocks_continue_a_run_and_stopped_matches_skip_their_last_blocks() {
    const CAP: usize = 30;
    let mut p = tiny(2);
    p.games = vec![StrengthGame::Rolit3];
    p.matches = StrengthMatches::Claims;
    p.openings = Some(CAP);
    p.max_plies = Some(2);
    p.budget = BudgetRule::Fixed(MoveBudget::Nodes(60));
    let dir = std::env::temp_dir().join(format!("gametree-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let kept = strength_kept(&p, Some(&dir), false);
    let blocks: Vec<BlockResult> = items(&p)
        .iter()
        .map(|(k, _)| {
            let (g, m, b) = parse_item_key(&p, k).unwrap();
            play_block(&p, g, m, b)
        })
        .collect();
    let every = assemble(&p, &blocks).unwrap();
    let rows =
        |s: &gametree_lab::papers::strength::Strength| serde_json::to_string(&s.rows()).unwrap();
    assert_eq!(rows(&kept), rows(&every));
    let keyed = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let file = |m: usize, b: usize| keyed.join(format!("rolit-3-match-{m}-block-{b}.json"));
    let mut stopped = 0;
    for r in &kept.matches {
        let seq = r.sequential.as_ref();
        let played = seq.map_or(CAP, |s| if s.stopped() { s.groups } else { CAP });
        for b in 0..CAP {
            assert_eq!(
                file(r.index, b).exists(),
                b < played,
                "match {} block {b}",
                r.index
            );
        }
        stopped += usize::from(played < CAP);
    }
    // A second run reads what the first kept: a block replaced by hand is what it judges.
    let first = kept.matches[0].index;
    std::fs::write(file(first, 0), r#"{"not-applicable":"kept by hand"}"#).unwrap();
    let again = strength_kept(&p, Some(&dir), false);
    assert_eq!(
        again.matches[0].outcome,
        MatchOutcome::NotApplicable("kept by hand".into())
    );
    assert_eq!(again.matches[1..], kept.matches[1..]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        stopped >= 1,
        "no match stopped early: the skip is not exercised"
    );
}

#[test]
fn focus_and_blokus_are_played_and_the_focus_claims_judged() {
    let mut p = tiny(2);
    p.games = vec![StrengthGame::Focus3, StrengthGame::Blokus];
    let s = strength(&p, false);
    for m in &s.matches {
        let MatchOutcome::Played(r) = &m.outcome else {
            panic!(
                "{} {} cannot play: {:?}",
                m.game.label(),
                m.engines[0].name(),
                m.outcome
            );
        };
        assert_eq!(r.games, m.game.group_size(m.engines.len()));
    }
    let rows = s.rows();
    for claim in ["BRS beats max^n", "BRS beats paranoid"] {
        let r = rows
            .iter()
            .find(|r| {
                r.quantity
                    .starts_with(&format!("{claim} in focus-3 (Schadd & Winands 2011)"))
            })
            .unwrap_or_else(|| panic!("{claim}"));
        assert!(r.claim.is_some() && r.paper_value.is_some(), "{r:?}");
    }
    assert!(!rows.iter().any(|r| r.note.contains("no Focus")));
    // The adjudicated share is reported.
    assert!(rows
        .iter()
        .any(|r| r.row.starts_with("blokus:") && r.note.contains("adjudicated at the ply cap (")));
}

#[test]
fn the_default_budget_is_the_calibrated_nodes() {
    let ctx = |quick| Ctx {
        quick,
        progress: false,
        params: Params::NONE,
    };
    let full = plan(&ctx(false));
    let brs = Entrant::plain(BRS);
    let n = calibrated_nodes(StrengthGame::Rolit3, brs);
    assert_eq!(n, CALIBRATED_NODES[3][3]);
    assert!(n > 1, "a calibrated budget, not a placeholder");
    assert_eq!(full.budget(StrengthGame::Rolit3, brs), MoveBudget::Nodes(n));
    let quick = plan(&ctx(true));
    assert_eq!(
        quick.budget(StrengthGame::Rolit3, brs),
        MoveBudget::Nodes(n / 10)
    );
    // MCTS has no floor: its calibrated budget, shared by the MCTS policies (MCTS expands
    // its root whatever the budget).
    let mcts = Entrant::plain(MCTS);
    let n = calibrated_nodes(StrengthGame::Blokus, mcts);
    assert_eq!(
        full.budget(StrengthGame::Blokus, mcts),
        MoveBudget::Nodes(n)
    );
    assert_eq!(
        full.budget(StrengthGame::Blokus, Entrant::mcts(MctsPolicy::Solver)),
        MoveBudget::Nodes(n)
    );
    // Every game and engine that can play it has its own calibrated budget.
    for (g, row) in StrengthGame::ALL.iter().zip(CALIBRATED_NODES) {
        for (e, n) in ENTRANTS[..7].iter().zip(row) {
            let cannot = g.label().ends_with("arts") || g.label() == "spades";
            let cannot = cannot && (e.table || matches!(e.searcher, Searcher::BestReply(_)));
            assert_eq!(n == 0, cannot, "{} {:?}: {n}", g.label(), e);
        }
    }
    let _ = (MAXN, PARANOID);
}

#[test]
fn engine_names_with_budgets_and_options() {
    let d = MoveBudget::Depth(3);
    let e = parse_engine("mcts@t200:cutoff=10", d, None).unwrap();
    assert_eq!(e.algorithm, Searcher::Mcts);
    assert_eq!(e.budget, MoveBudget::Time(200));
    assert_eq!(e.options.cutoff, Some(10));
    assert_eq!(e.name(), "mcts@t200:cutoff=10");
    let e = parse_engine("mcts:cutoff=4", d, None).unwrap();
    assert_eq!((e.budget, e.options.cutoff), (d, Some(4)));
    let e = parse_engine("maxn@n500", d, None).unwrap();
    assert_eq!(e, Engine::new(Algorithm::Maxn, MoveBudget::Nodes(500)));
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
    assert_eq!((e.algorithm, e.budget), (brs, MoveBudget::Time(20)));
    assert!(matches!(
        parse_engine("engine", d, None),
        Err(EngineNameError::UnknownSearcher { .. })
    ));
}

#[test]
fn bad_engine_names_are_one_clear_line() {
    let d = MoveBudget::Depth(3);
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
        ("maxn@tx", "bad time budget `tx`"),
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
            Engine::new(Searcher::Mcts, MoveBudget::Nodes(300)).with_options(options),
            Engine::new(Algorithm::Maxn, MoveBudget::Depth(1)),
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
    let brs = Some(Searcher::BestReply(Variant::Brs));
    let paranoid = Some(Searcher::Plain(Algorithm::Paranoid));
    let speculative = Some(Searcher::Plain(Algorithm::Speculative));
    for (spec, expected) in [
        ("chinese-checkers(players=3,board=73)", brs),
        ("chinese-checkers(players=3,board=121)", brs),
        ("chinese-checkers(players=4,board=121)", brs),
        ("chinese-checkers(players=6,board=121)", brs),
        ("rolit(players=3)", paranoid),
        ("rolit(players=4)", paranoid),
        ("chess4", brs),
        ("focus(players=3)", brs),
        ("focus(players=4)", brs),
        ("blokus", brs),
        ("hearts", speculative),
        ("spades", speculative),
        // Two-player games keep the two-player engine.
        ("chinese-checkers(players=2,board=121)", None),
        ("focus(players=2)", None),
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
                Engine::new(algorithm, MoveBudget::Depth(depth)).with_options(EngineOptions {
                    table,
                    ..EngineOptions::default()
                }),
                Engine::new(Algorithm::Paranoid, MoveBudget::Depth(2)),
            ])
        };
        let plain = run_tournament(&cc, &cc.evaluator(), "cc", &cfg(None, 5)).unwrap();
        let tabled = run_tournament(&cc, &cc.evaluator(), "cc", &cfg(Some(1), 5)).unwrap();
        assert_eq!(
            games_without_nodes(&plain.results),
            games_without_nodes(&tabled.results),
            "{algorithm} on Chinese Checkers"
        );
        let nodes = |r: &gametree_run::tournament::TournamentResult| -> u64 {
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
    let cfg = TournamentConfig::new(vec![Engine::new(Algorithm::Paranoid, MoveBudget::Depth(1))
        .with_options(EngineOptions {
            table: Some(4),
            ..EngineOptions::default()
        })]);
    let e = run_tournament(&game, &game.evaluator(), "r", &cfg).unwrap_err();
    assert!(
        matches!(e, TournamentError::Engine(EngineError::BadOption { .. })),
        "{e:?}"
    );
    assert!(e
        .to_string()
        .contains("option `table` is for maxn and speculative only, not paranoid"));
}

#[test]
fn the_scale_flags_set_openings_and_budget() {
    let e_params = gametree_lab::papers::strength::experiment().params;
    let ctx = |quick, strength: StrengthScale| Ctx {
        quick,
        progress: false,
        params: Params::NONE.with(&strength),
    };
    let full = plan(&ctx(false, StrengthScale::MODE));
    assert_eq!((full.openings, full.block, full.verdicts), (None, 8, true));
    assert_eq!(full.budget, BudgetRule::Calibrated { divisor: 1 });
    // A claim's match: at most 800 games, 134 groups of 6 on three seats.
    assert_eq!(full.cap_groups(StrengthGame::Rolit3, 2), 134);
    let scaled = StrengthScale {
        openings: Some(9),
        budget: Some(BudgetRule::Fixed(MoveBudget::Nodes(5000))),
        matches: StrengthMatches::All,
        games: Some(1 << 3 | 1 << 5),
    };
    let p = plan(&ctx(false, scaled));
    assert_eq!(p.games, [StrengthGame::Rolit3, StrengthGame::Chess4]);
    assert!((e_params(&ctx(false, scaled))).contains("games=rolit-3,chess4 "));
    assert!((e_params(&ctx(false, StrengthScale::MODE))).starts_with("games=all "));
    assert_eq!(p.openings, Some(9));
    assert_eq!(p.cap_groups(StrengthGame::Rolit3, 2), 9);
    assert_eq!(p.budget, BudgetRule::Fixed(MoveBudget::Nodes(5000)));
    let q = plan(&ctx(true, scaled));
    assert_eq!(
        (q.openings, q.max_plies, q.verdicts),
        (Some(9), Some(8), false)
    );
    // The parameters (and so the stored results' manifests) tell the scales apart.
    let e = gametree_lab::papers::strength::experiment();
    assert_ne!(
        (e.params)(&ctx(false, StrengthScale::MODE)),
        (e.params)(&ctx(false, scaled))
    );
}

/// A time budget for the strength experiment is the searching thread's processor time
/// (`--budget tMS` on the command line), and its parameters say so.
#[test]
fn a_processor_time_budget_says_its_clock() {
    let ctx = |budget| Ctx {
        quick: true,
        progress: false,
        params: Params::NONE.with(&StrengthScale {
            openings: None,
            budget: Some(BudgetRule::Fixed(budget)),
            matches: StrengthMatches::All,
            games: None,
        }),
    };
    let e = gametree_lab::papers::strength::experiment();
    let cpu = (e.params)(&ctx(MoveBudget::CpuTime(20)));
    assert!(
        cpu.contains(
            "budget=20 ms of the searching thread's processor time per move, not wall-clock time"
        ),
        "{cpu}"
    );
    let wall = (e.params)(&ctx(MoveBudget::Time(20)));
    assert!(
        wall.contains("budget=20 ms of wall-clock time per move"),
        "{wall}"
    );
}

/// The calibration of `CALIBRATED_NODES` (run whole by `cargo run --release -p gametree-lab
/// --example calibrate_strength`, minutes long) measures real searches: a small one gives
/// nodes per move on Rolit, and none for an engine that cannot play the cards.
#[test]
fn the_calibration_measures_nodes_per_move() {
    use gametree_lab::papers::strength::calibrate;
    let maxn = calibrate(StrengthGame::Rolit3, Entrant::plain(MAXN), 1, 1, 2);
    assert!(maxn >= 1.0, "max^n searched {maxn} nodes per move");
    let brs = calibrate(StrengthGame::Hearts, Entrant::plain(BRS), 1, 1, 2);
    assert_eq!(brs, 0.0, "BRS cannot play Hearts");
}

/// The text of `docs` between `<!-- NAME:begin -->` and `<!-- NAME:end -->`, trimmed.
fn marked_section<'d>(docs: &'d str, name: &str) -> &'d str {
    let begin = format!("<!-- {name}:begin -->");
    let a = docs
        .find(&begin)
        .unwrap_or_else(|| panic!("docs/strength.md has the {name} section"))
        + begin.len();
    let b = docs[a..]
        .find(&format!("<!-- {name}:end -->"))
        .expect("the section ends")
        + a;
    docs[a..b].trim()
}

/// The rows of the committed result file `path` (from the repository's root).
fn committed_rows(path: &str) -> Vec<gametree_lab::report::Row> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            gametree_lab::reproduce::row_from_json(r)
                .unwrap_or_else(|| panic!("{path}: row {i} does not read"))
        })
        .collect()
}

/// The second decisive run (issue #44), as committed: every claim row carries its
/// per-group results, and recomputing every claim from them alone gives the stored p-value,
/// Holm-adjusted p-value and decision; every claim of the confirmatory set is decided;
/// every four-player chess match (the free-for-all rules) ended fewer than half of its games
/// at the ply cap; and docs/strength.md quotes its claims table as `claims_markdown`
/// renders it from the file.
#[test]
fn the_second_decisive_run_is_recomputed_from_its_groups_and_quoted() {
    use gametree_lab::papers::strength::{recompute_claims, DECISIVE_2_RESULTS};
    let rows = committed_rows(DECISIVE_2_RESULTS);
    let claims: Vec<_> = rows.iter().filter(|r| r.claim.is_some()).collect();
    assert!(claims.len() >= 40, "{} claim rows", claims.len());
    let again = recompute_claims(&rows, true);
    assert_eq!(again.len(), claims.len());
    let mut confirmatory = 0;
    for (r, a) in claims.iter().zip(&again) {
        let c = r.claim.as_ref().unwrap();
        assert_eq!(a.quantity, r.quantity);
        assert!(
            c.per_group.iter().all(|m| !m.groups.is_empty()),
            "{}: no stored groups",
            r.quantity
        );
        assert_eq!(
            (a.p_value, a.holm_p_value, a.decision.as_str()),
            (c.p_value, c.holm_p_value, c.decision.as_str()),
            "{}",
            r.quantity
        );
        if c.in_family {
            confirmatory += 1;
            assert!(
                c.decision == "agrees" || c.decision == "disagrees",
                "{}: {}",
                r.quantity,
                c.decision
            );
        }
    }
    assert_eq!(confirmatory, 22, "the confirmatory set of the plan");
    let chess: Vec<_> = rows
        .iter()
        .filter(|r| r.row.starts_with("chess4: ") && r.lengths.is_some())
        .collect();
    assert_eq!(chess.len(), 5, "chess's claim matches");
    for r in chess {
        let l = r.lengths.as_ref().unwrap();
        assert!(l.games >= 800, "{}: {} games", r.row, l.games);
        assert!(l.capped_share < 0.5, "{}: {}", r.row, l.capped_share);
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let docs = std::fs::read_to_string(root.join("docs/strength.md")).unwrap();
    let file = std::fs::read_to_string(root.join(DECISIVE_2_RESULTS)).ok();
    check_quoted_section(&docs, "decisive-run-2", file).unwrap_or_else(|e| panic!("{e}"));
}

/// What docs/strength.md says while no decisive run is committed.
const NO_DECISIVE_RUN: &str = "No decisive run is committed yet.";

/// docs/strength.md quotes the committed decisive run exactly: its claims table is the one
/// `claims_markdown` renders from the result file (every number, every decision); without
/// a result file the section says so and quotes nothing.
#[test]
fn the_docs_quote_the_committed_decisive_run() {
    use gametree_lab::papers::strength::{claims_markdown, DECISIVE_RESULTS};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let docs = std::fs::read_to_string(root.join("docs/strength.md")).unwrap();
    check_quoted_section(
        &docs,
        "decisive-run",
        std::fs::read_to_string(root.join(DECISIVE_RESULTS)).ok(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // The check fails on a quoted number that is not the file's.
    let file = serde_json::json!({"rows": [claim_row_json(0.61)]}).to_string();
    let rows = [gametree_lab::reproduce::row_from_json(&claim_row_json(0.61)).unwrap()];
    let good = format!(
        "<!-- decisive-run:begin -->\n{}\n<!-- decisive-run:end -->",
        claims_markdown(&rows)
    );
    assert!(check_quoted_section(&good, "decisive-run", Some(file.clone())).is_ok());
    let bad = good.replace("0.610", "0.620");
    assert!(check_quoted_section(&bad, "decisive-run", Some(file)).is_err());
    assert!(check_quoted_section(&good, "decisive-run", None).is_err());
}

/// Checks the section `name` of `docs` (between its markers) against the result file's text
/// `file`: it begins with the claims table `claims_markdown` renders from the file.
fn check_quoted_section(docs: &str, name: &str, file: Option<String>) -> Result<(), String> {
    use gametree_lab::papers::strength::claims_markdown;
    let section = marked_section(docs, name);
    let Some(text) = file else {
        return if section == NO_DECISIVE_RUN {
            Ok(())
        } else {
            Err(format!(
                "no result file, yet the section is not `{NO_DECISIVE_RUN}`"
            ))
        };
    };
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let rows: Vec<_> = v["rows"]
        .as_array()
        .ok_or("no rows")?
        .iter()
        .map(|r| gametree_lab::reproduce::row_from_json(r).ok_or("a bad row"))
        .collect::<Result<_, _>>()?;
    let want = claims_markdown(&rows);
    if section.starts_with(want.trim()) {
        Ok(())
    } else {
        Err(format!(
            "docs/strength.md's {name} section must begin with:\n{want}"
        ))
    }
}

/// A claim row's JSON with the first engine's win rate `w` (for the docs check's own test).
fn claim_row_json(w: f64) -> serde_json::Value {
    serde_json::json!({
        "paper": "beyond", "table": "strength", "row": "claim",
        "quantity": "BRS beats max^n in rolit-3 (Schadd & Winands 2011)",
        "paper_value": 1, "ours": 1, "ci95": [0.58, 0.64], "samples": 800,
        "verdict": "within", "reason": "", "note": "",
        "claim": {
            "kind": "beats", "games": 800, "groups": 134, "group_size": 6,
            "win_rates": [
                {"engine": "brs@n1", "rate": w, "wilson": [0.58, 0.64]},
                {"engine": "maxn@n1", "rate": 1.0 - w, "wilson": [0.36, 0.42]}
            ],
            "pairwise_score": 0.6, "margin": 0.0, "test": "sign", "p_value": 0.001,
            "holm_p_value": 0.02, "family": 24, "alpha": 0.05,
            "sequential": {
                "test": "GSPRT", "tests": [{"h0": 0.5, "h1": 0.55, "alpha": 0.05, "beta": 0.05}],
                "llr": [3.0], "bounds": [-2.9, 2.9], "state": "accept-h1", "groups": 40,
                "cap_groups": 134
            },
            "decision": "agrees", "games_needed": null,
            "in_family": true,
            "paper_conditions": {"paper": "Schadd & Winands 2011", "game": null, "players": null,
                "board": null, "time_per_move": null, "games": null, "metric": null},
            "our_conditions": {"paper": "gametree", "game": null, "players": "3", "board": null,
                "time_per_move": null, "games": null, "metric": null}
        }
    })
}

#[test]
fn the_papers_games_are_played_as_the_papers_played_them() {
    let specs: Vec<String> = StrengthGame::ALL.iter().map(|g| g.spec(1)).collect();
    // Chinese Checkers: the full game on 121 holes, with 3, 4 and 6 players.
    for players in [3, 4, 6] {
        let cc = format!("chinese-checkers(players={players},board=121,top=all)");
        assert!(specs.contains(&cc), "{cc}");
    }
    assert!(!specs.iter().any(|s| s.contains("top=10")));
    // Rolit with 3 and 4 players; chess valued by relative material.
    assert!(specs.contains(&"rolit(players=3)".to_string()));
    assert!(specs.contains(&"rolit(players=4)".to_string()));
    assert!(specs
        .iter()
        .any(|s| s.starts_with("chess4(") && s.contains("eval=relative")));
    // Every spec is a game of the registry, with the experiment's number of seats.
    struct Seats;
    impl GameVisitor for Seats {
        type Output = usize;
        fn visit<G: Playable>(self, game: &G, _: &G::State) -> usize
        where
            G::State: Send + Sync + PartialEq + std::fmt::Debug,
            G::Move: Send + Sync,
        {
            gametree::Game::players(game)
        }
    }
    for g in StrengthGame::ALL {
        let seats = registry::visit(&g.spec(1), None, Seats).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seats, g.players(), "{}", g.spec(1));
    }
    // Two engines on six seats play the 20 assignments with three seats each.
    let six = StrengthGame::ChineseCheckers6.group_seatings(2);
    assert_eq!(six.len(), 20);
    let all = gametree_run::tournament::seatings(2, 6);
    for &i in &six {
        assert_eq!(all[i].iter().filter(|&&e| e == 0).count(), 3);
    }
    // Every seat is taken by each engine in half of them.
    assert!((0..6).all(|seat| six.iter().filter(|&&i| all[i][seat] == 0).count() == 10));
    assert_eq!(StrengthGame::Rolit4.group_size(2), 14);
    // MCTS plays evaluation-guided playouts where the tuning found them better.
    let p = tiny(1);
    let mcts = |g| gametree_lab::papers::strength::engine(Entrant::plain(MCTS), g, &p).name();
    assert!(mcts(StrengthGame::ChineseCheckers3).contains(":playout=epsilon0.1"));
    assert!(mcts(StrengthGame::Focus3).contains(":playout=epsilon0.1"));
    assert!(!mcts(StrengthGame::Rolit3).contains("playout"));
    assert_eq!(StrengthGame::Chess4.group_size(4), 24);
    // Every claim names a paper by full reference and its games are played by its matches.
    for c in CLAIMS {
        assert!(
            c.paper.reference.matches('"').count() == 2 && c.paper.reference.contains(" 20"),
            "{}",
            c.paper.reference
        );
        for &g in c.games.iter().chain(c.generalised) {
            assert!(
                MATCHES[c.match_index()].on(g),
                "{} on {}",
                c.text,
                g.label()
            );
        }
    }
}

#[test]
fn the_four_engine_game_judges_who_wins_most() {
    let mut p = tiny(2);
    p.games = vec![StrengthGame::Chess4];
    p.openings = Some(8);
    p.max_plies = Some(2);
    p.budget = BudgetRule::Fixed(MoveBudget::Nodes(50));
    let ffa = MATCHES
        .iter()
        .position(|m| m.entrants.len() == 4)
        .expect("the free-for-all");
    let blocks: Vec<_> = (0..p.blocks(StrengthGame::Chess4, ffa))
        .map(|k| play_block(&p, StrengthGame::Chess4, ffa, k))
        .collect();
    let m = assemble_match(&p, StrengthGame::Chess4, ffa, &blocks);
    let MatchOutcome::Played(r) = &m.outcome else {
        panic!("{:?}", m.outcome)
    };
    // 8 openings x 24 seatings; every engine on every seat equally often.
    assert_eq!(r.games, 8 * 24);
    for e in 0..4 {
        for seat in 0..4 {
            let n = r.results.iter().filter(|g| g.seats[seat] == e).count();
            assert_eq!(n, 8 * 6);
        }
    }
    let shares: f64 = (0..4).map(|e| m.win_rate_of(e).unwrap().0).sum();
    assert!(
        (shares - 1.0).abs() < 1e-9,
        "the win shares sum to 1: {shares}"
    );
    let s = gametree_lab::papers::strength::Strength {
        plan: p.clone(),
        matches: vec![m],
    };
    let rows = s.rows();
    let claim = rows
        .iter()
        .find(|r| r.row == "claim" && r.quantity.starts_with("BRS+ wins most"))
        .expect("the claim row");
    let t = claim.claim.as_ref().unwrap();
    assert_eq!(t.kind, "wins-most");
    assert!(t.test.starts_with("intersection-union"), "{}", t.test);
    assert_eq!(t.groups, 8);
    // Its p-value is the largest of the three paired sign tests: recompute them.
    let r0 = group_shares(
        match &s.matches[0].outcome {
            MatchOutcome::Played(r) => &r.results,
            _ => unreachable!(),
        },
        0,
    );
    let mut largest: f64 = 0.0;
    for e in 1..4 {
        let re = group_shares(
            match &s.matches[0].outcome {
                MatchOutcome::Played(r) => &r.results,
                _ => unreachable!(),
            },
            e,
        );
        let xs = paired_differences(&r0, &re);
        largest = largest.max(claim_test(Claim::WinsMost, &xs).0);
    }
    assert!(
        (t.p_value - largest).abs() < 1e-12,
        "{} {largest}",
        t.p_value
    );
}

#[test]
fn an_improvement_is_tested_on_paired_openings() {
    let a = [(0, 0.6), (1, 0.5), (2, 0.7), (4, 0.9)];
    let b = [(0, 0.4), (1, 0.5), (2, 0.2), (3, 0.1)];
    // Opening 3 and 4 are in one series only: left out.
    let d = paired_differences(&a, &b);
    assert_eq!(d.len(), 3);
    assert!((d[0] - 0.2).abs() < 1e-12 && d[1].abs() < 1e-12 && (d[2] - 0.5).abs() < 1e-12);
    let (p, agrees, test) = claim_test(Claim::Improves, &[0.1; 10]);
    assert!(agrees && (p - 2.0 / 1024.0).abs() < 1e-12, "{p} {test}");
    let (_, agrees, _) = claim_test(Claim::Improves, &[-0.1; 10]);
    assert!(!agrees);
}

/// The default engine of each multi-player game (`engine` seats, the registry's
/// `MULTI_PLAYER_ENGINE`) is not rated significantly below any other search `engine` can
/// run as the run measured it (a plain name: no option but the card games' sampled
/// worlds): no such search's 95% rating interval lies wholly above the default's. At the
/// calibrated 2 ms, in the committed run of every match where it has the game, else the
/// decisive run; and at every higher rung of the budget ladder budgeted in time
/// (`LADDER_TIME_RUNGS`), in each game it has finished, from the claims' matches alone.
/// One default serves every budget, so a game whose best plain search changes between the
/// rungs fails here until its default depends on the budget.
#[test]
fn the_default_engines_are_the_committed_runs_best_plain_searches() {
    use gametree_lab::ladder::{read_rung, Rung};
    use gametree_lab::papers::strength::{
        ALL_MATCHES_RESULTS, DECISIVE_RESULTS, LADDER_TIME_RUNGS,
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rung = |label: &str, path: &str| read_rung(label, &root.join(path)).unwrap();
    let (all, decisive) = (
        rung("2ms", ALL_MATCHES_RESULTS),
        rung("2ms", DECISIVE_RESULTS),
    );
    // A plain search's name, without its budget and the card games' worlds: `brs`.
    let plain = |engine: &str| -> Option<String> {
        let (name, rest) = engine.split_once('@')?;
        let options: Vec<&str> = rest.split(':').skip(1).collect();
        options
            .iter()
            .all(|o| o.starts_with("worlds="))
            .then(|| name.to_string())
    };
    let games = [
        ("cc-3", "chinese-checkers"),
        ("cc-4", "chinese-checkers"),
        ("cc-6", "chinese-checkers"),
        ("rolit-3", "rolit"),
        ("rolit-4", "rolit"),
        ("focus-3", "focus"),
        ("focus-4", "focus"),
        ("chess4", "chess4"),
        ("blokus", "blokus"),
        ("hearts", "hearts"),
        ("spades", "spades"),
    ];
    let default_of = |name: &str| {
        registry::entries()
            .into_iter()
            .find(|e| e.listing.name == name)
            .unwrap()
            .default_engine
            .unwrap_or_else(|| panic!("{name} has no default engine"))
            .searcher
            .name()
    };
    // The default against every plain search `from` rated on the game `label`.
    let check = |label: &str, default: &str, from: &Rung| {
        let rung = &from.label;
        let rated: Vec<_> = from
            .ratings
            .iter()
            .filter(|(game, _)| game == label)
            .filter_map(|(_, r)| Some((plain(&r.name)?, r.elo, r.ci95)))
            .collect();
        let (_, _, mine) = rated.iter().find(|r| r.0 == default).unwrap_or_else(|| {
            panic!("{rung}, {label}: the default {default} is not rated: {rated:?}")
        });
        for (other, rating, ci) in &rated {
            assert!(
                ci[0] <= mine[1],
                "{rung}, {label}: {other} ({rating:.0}, {ci:?}) is rated above the default {default} ({mine:?})"
            );
        }
        rated.len()
    };
    let rates = |r: &Rung, label: &str| r.ratings.iter().any(|(game, _)| game == label);
    for (label, name) in games {
        let from = if rates(&all, label) { &all } else { &decisive };
        assert!(check(label, default_of(name), from) >= 3, "{label}");
    }
    // The ladder's higher rungs (the assembled rung, or game by game as far as it has been
    // played).
    let mut at_higher_rungs = 0;
    for (label, dir) in LADDER_TIME_RUNGS {
        let higher = rung(label, dir);
        for (game, name) in games {
            if rates(&higher, game) {
                assert!(
                    check(game, default_of(name), &higher) >= 2,
                    "{label}, {game}"
                );
                at_higher_rungs += 1;
            }
        }
    }
    // The 20 ms rung is complete and assembled (results/ladder-20ms/beyond/strength.json):
    // every one of the eleven games is read there.
    assert!(
        at_higher_rungs >= games.len(),
        "{at_higher_rungs} games at higher rungs"
    );
}

/// A match of `plan` on `game` (index `m` into `MATCHES`) assembled from synthetic games:
/// `groups` groups of the game's seat assignments, game `j` of group `g` won outright by
/// the engine `winner(g, j)` (one of its seats scores 1, every other seat 0). The match goes
/// through the experiment's own assembly (its sequential stop included).
fn synthetic_match(
    plan: &Plan,
    game: StrengthGame,
    m: usize,
    groups: usize,
    winner: impl Fn(usize, usize) -> usize,
) -> gametree_lab::papers::strength::MatchResult {
    use gametree_run::tournament::{seatings, Ending};
    let k = MATCHES[m].entrants.len();
    let players = game.players();
    let all = seatings(k, players);
    let chosen = game.group_seatings(k);
    let mut games = Vec::new();
    for g in 0..groups {
        for (j, &s) in chosen.iter().enumerate() {
            let seats = all[s].clone();
            let w = winner(g, j);
            let seat = seats.iter().position(|&e| e == w).expect("the winner sits");
            let scores: Vec<i64> = (0..players).map(|p| i64::from(p == seat)).collect();
            let ranks: Vec<u32> = (0..players)
                .map(|p| if p == seat { 1 } else { 2 })
                .collect();
            games.push(GameResult {
                opening: g,
                seats,
                scores,
                ranks,
                plies: 10,
                ending: Ending::Finished,
                finished: true,
                winner: Some(seat),
                nodes: vec![0; players],
                moves: vec![1; players],
                fallbacks: 0,
                max_move_us: None,
            });
        }
    }
    assemble_match(plan, game, m, &[BlockResult::Played(games)])
}

/// A run of synthetic matches whose claims reach every decision: on cc-3, BRS beats max^n
/// (every game, decisive early) while BRS+ against max^n plays every group (the "improves"
/// generalisation pairs the openings both played); on rolit-3, BRS against max^n where a
/// whole group goes one way (the opening decides: many games, few independent groups),
/// BRS about equal to paranoid, MCTS policies at the null (futile) and losing
/// (disagrees); in chess, the free-for-all where BRS+ trails BRS.
fn synthetic_run() -> gametree_lab::papers::strength::Strength {
    let mut plan = tiny(1);
    plan.openings = None;
    plan.games = vec![
        StrengthGame::ChineseCheckers3,
        StrengthGame::Rolit3,
        StrengthGame::Chess4,
    ];
    let cc = StrengthGame::ChineseCheckers3;
    let rolit = StrengthGame::Rolit3;
    let hash = |g: usize, j: usize| (g * 31 + j * 17 + g * j * 7) % 20;
    let matches = vec![
        synthetic_match(&plan, cc, 2, 134, |g, j| usize::from(hash(g, j) >= 19)),
        synthetic_match(&plan, cc, 3, 134, |g, j| usize::from(hash(g, j) >= 12)),
        synthetic_match(&plan, rolit, 2, 134, |g, _| usize::from(g % 20 >= 11)),
        synthetic_match(&plan, rolit, 3, 134, |g, j| usize::from(hash(g, j) >= 11)),
        synthetic_match(&plan, rolit, 6, 134, |g, j| usize::from((g + j) % 2 == 0)),
        synthetic_match(&plan, rolit, 11, 134, |g, j| usize::from((g + j) % 2 == 0)),
        synthetic_match(&plan, rolit, 12, 134, |g, j| usize::from(hash(g, j) >= 6)),
        synthetic_match(&plan, StrengthGame::Chess4, 15, 34, |g, j| {
            match hash(g, j) {
                0..=5 => 0,
                6..=14 => 1,
                15..=17 => 2,
                _ => 3,
            }
        }),
    ];
    gametree_lab::papers::strength::Strength { plan, matches }
}

fn claim_rows(s: &gametree_lab::papers::strength::Strength) -> Vec<gametree_lab::report::Row> {
    s.rows().into_iter().filter(|r| r.claim.is_some()).collect()
}

fn row<'a>(rows: &'a [gametree_lab::report::Row], start: &str) -> &'a gametree_lab::report::Row {
    rows.iter()
        .find(|r| r.quantity.starts_with(start))
        .unwrap_or_else(|| panic!("no row {start}"))
}

#[test]
fn every_claim_rows_printed_interval_agrees_with_its_verdict() {
    use gametree_run::verdict::{interval_agrees, ABSENT};
    let rows = claim_rows(&synthetic_run());
    let kinds = |w: &str| {
        [
            Claim::Beats,
            Claim::AtLeastAsGood,
            Claim::AboutEqual,
            Claim::Improves,
            Claim::WinsMost,
        ]
        .into_iter()
        .find(|k| k.word() == w)
        .unwrap()
    };
    let mut seen = std::collections::BTreeSet::new();
    for r in &rows {
        let c = r.claim.as_ref().unwrap();
        let ci = r.ci95.expect("the printed interval");
        assert_eq!(c.interval, Some(ci), "{}", r.quantity);
        assert!(
            interval_agrees(kinds(&c.kind), ci, &c.decision),
            "{}: {ci:?} {} ({})",
            r.quantity,
            c.decision,
            r.note
        );
        assert!(r.note.contains("Holm-adjusted level"), "{}", r.note);
        seen.insert(c.decision.clone());
    }
    for d in ["agrees", "disagrees", "inconclusive", ABSENT] {
        assert!(seen.contains(d), "no {d} row: {seen:?}");
    }
    // The row a game-level interval misreads: a whole group goes one way, so 804 games
    // give a 95% Wilson interval that excludes 0.5 while the 134 groups decide nothing.
    let r = row(&rows, "BRS beats max^n in rolit-3");
    let c = r.claim.as_ref().unwrap();
    assert_eq!(c.decision, "inconclusive", "{}", r.note);
    assert!(c.win_rates[0].wilson[0] > 0.5, "{:?}", c.win_rates[0]);
    let ci = r.ci95.unwrap();
    assert!(ci[0] < 0.5 && ci[1] > 0.5, "{ci:?}");
}

#[test]
fn a_row_says_what_its_futility_tests_accepted_and_absent_is_its_own_verdict() {
    use gametree_lab::papers::strength::{claims_headline, claims_markdown};
    use gametree_run::verdict::ABSENT;
    let rows = claim_rows(&synthetic_run());
    // BRS beats max^n on cc-3: decisive, its GSPRT for the paper's effect accepted H1,
    // and the row and the table say so.
    let r = row(&rows, "BRS beats max^n in cc-3");
    assert_eq!(r.claim.as_ref().unwrap().decision, "agrees");
    assert!(r.note.contains("H1 0.55 accepted H1"), "{}", r.note);
    let md = claims_markdown(&rows);
    let line = md
        .lines()
        .find(|l| l.contains("BRS beats max^n in cc-3"))
        .unwrap();
    assert!(line.contains("accepted H1"), "{line}");
    // MCTS policies at the null on rolit-3: futile, both GSPRTs accepted H0: absent at
    // this budget, without games_needed.
    let r = row(
        &rows,
        "MCTS with the max^n policy beats MCTS with the paranoid policy in rolit-3",
    );
    let c = r.claim.as_ref().unwrap();
    assert_eq!(
        (c.sequential.state.as_str(), c.decision.as_str()),
        ("futile", ABSENT),
        "{}",
        r.note
    );
    assert_eq!(c.games_needed, None);
    assert_eq!(r.note.matches("accepted H0").count(), 2, "{}", r.note);
    // The headline counts the confirmatory set and, apart, the exploratory one, absent
    // apart from inconclusive and too few.
    let h = claims_headline(&rows);
    let family = rows
        .iter()
        .filter(|r| r.claim.as_ref().unwrap().in_family)
        .count();
    let outside = rows.len() - family;
    assert!(outside > 0);
    assert!(
        h.starts_with(&format!(
            "Confirmatory ({family} claim rows, their own Holm family): "
        )),
        "{h}"
    );
    assert!(
        h.contains(&format!(
            "Exploratory, counted apart ({outside} claim rows, their own Holm family)"
        )),
        "{h}"
    );
    assert!(h.contains(&format!("1 {ABSENT}")), "{h}");
    assert!(md.contains(&h), "the table ends with its headline");
}

#[test]
fn an_improvement_row_counts_the_paired_openings_and_their_games() {
    let rows = claim_rows(&synthetic_run());
    // BRS against max^n on cc-3 stopped early (decisive); BRS+ against max^n played every
    // group: the generalisation rests on the openings both played, and says so.
    let s = synthetic_run();
    let brs = s
        .matches
        .iter()
        .find(|m| m.game == StrengthGame::ChineseCheckers3 && m.index == 2)
        .unwrap();
    let stopped = brs.sequential.as_ref().unwrap().groups;
    assert!(stopped < 134, "{stopped}");
    let r = row(
        &rows,
        "BRS+ wins more often against max^n than BRS does in cc-3",
    );
    let c = r.claim.as_ref().unwrap();
    assert_eq!(c.groups, stopped as u64);
    assert_eq!(
        c.games,
        stopped as u64 * 12,
        "both matches' games of the paired openings"
    );
    assert_eq!(r.samples, Some(c.games));
    assert_eq!(c.per_group.len(), 2);
}

#[test]
fn the_free_for_all_row_names_the_rival_the_claim_fails_against() {
    let rows = claim_rows(&synthetic_run());
    let r = row(&rows, "BRS+ wins most");
    let c = r.claim.as_ref().unwrap();
    // BRS won 45% of the games, BRS+ 30%, max^n 15%, paranoid 10%: the claim fails
    // against BRS, and the row names BRS (not the rival BRS+ leads least surely).
    assert_eq!(c.decision, "disagrees", "{}", r.note);
    assert!(
        c.win_rates[1].engine.starts_with("brs@"),
        "{:?}",
        c.win_rates[1]
    );
    assert!(c.win_rates[1].rate > c.win_rates[0].rate);
}

#[test]
fn the_nijssen_winands_2012_rows_carry_their_own_conditions() {
    let of = |paper: &str| -> Vec<_> { CLAIMS.iter().filter(|c| c.paper.short == paper).collect() };
    let (overview, policies) = (of("Nijssen & Winands 2012"), of("Nijssen & Winands 2013"));
    assert_eq!((overview.len(), policies.len()), (2, 3));
    for c in overview {
        // Not the MCTS-policy article's conditions: the overview's own abstract, on the
        // alpha-beta techniques, and no field speaks of MCTS.
        assert!(policies.iter().all(|p| p.conditions != c.conditions));
        assert!(c.conditions.source.copies.contains("12864059"));
        let game = c.conditions.game.unwrap();
        assert!(game.text.contains("alpha-beta"), "{}", game.text);
        for (name, s) in c.conditions.fields() {
            assert!(s.is_none_or(|s| !s.text.contains("MCTS")), "{name}");
        }
    }
}

/// Every claim's conditions name what was read of the paper and, for each field the text
/// states, where: a place among the parts read (the abstract, the opening of section I ...)
/// unless the whole paper was read, so that no field claims a section the copies did not
/// reach.
#[test]
fn every_claims_conditions_name_their_source_and_the_place_of_each_field() {
    use gametree_lab::papers::strength::Extent;
    let mut extents = std::collections::BTreeSet::new();
    for c in &CLAIMS {
        let p = &c.conditions;
        let src = p.source;
        assert!(src.copies.len() > 20, "{}: {:?}", c.text, src);
        assert_eq!(
            src.extent == Extent::FullText,
            src.parts.is_empty(),
            "{}",
            c.text
        );
        if src.extent == Extent::AbstractOnly {
            assert_eq!(src.parts, ["abstract"], "{}", c.text);
        }
        assert!(src.text().starts_with(src.extent.words()), "{}", src.text());
        if src.extent == Extent::Excerpt {
            // An excerpt names the parts it reached.
            assert!(src.text().contains(&src.parts.join(", ")), "{}", src.text());
        }
        extents.insert(src.extent.words());
        let mut stated = 0;
        for (name, s) in p.fields() {
            let Some(s) = s else { continue };
            stated += 1;
            assert!(
                !s.text.is_empty() && !s.text.contains("not stated"),
                "{name}"
            );
            assert!(!s.place.is_empty(), "{}: {name} has no place", c.text);
            if src.extent != Extent::FullText {
                assert!(
                    src.parts.contains(&s.place),
                    "{}: {name} is placed in {:?}, outside the parts read {:?}",
                    c.text,
                    s.place,
                    src.parts
                );
            }
        }
        assert!(stated >= 1, "{}: every text read names its games", c.text);
    }
    // Sturtevant 2003 was read whole; the others only in part.
    assert_eq!(
        extents.into_iter().collect::<Vec<_>>(),
        ["abstract only", "excerpt", "full text"]
    );
}

/// The claim rows print the source beside the conditions, and their JSON carries it with
/// the place of every field the text states (and of no other), through a write and a read.
#[test]
fn the_claim_rows_show_the_source_and_where_each_condition_is_stated() {
    let rows = claim_rows(&synthetic_run());
    assert!(rows.len() > 5);
    for r in &rows {
        let c = r.claim.as_ref().unwrap();
        let p = &c.paper_conditions;
        let source = p
            .source
            .as_deref()
            .unwrap_or_else(|| panic!("{}", r.quantity));
        assert!(
            ["full text", "excerpt", "abstract only"]
                .iter()
                .any(|w| source.starts_with(w)),
            "{source}"
        );
        assert!(r.note.contains(&format!("; read: {source}")), "{}", r.note);
        let fields = [
            ("game", &p.game),
            ("players", &p.players),
            ("board", &p.board),
            ("time_per_move", &p.time_per_move),
            ("games", &p.games),
            ("metric", &p.metric),
            ("rules", &p.rules),
        ];
        for (name, v) in fields {
            let v = v.as_deref().unwrap_or_else(|| panic!("{name} is printed"));
            let place = p.where_stated.get(name);
            if v == "not stated in the text we could reach" {
                assert_eq!(place, None, "{}: {name}", r.quantity);
            } else {
                let place = place.unwrap_or_else(|| panic!("{}: {name} has no place", r.quantity));
                assert!(r.note.contains(&format!("{v} [{place}]")), "{}", r.note);
            }
        }
        assert_eq!(
            p.where_stated.len(),
            fields
                .iter()
                .filter(|(_, v)| { v.as_deref() != Some("not stated in the text we could reach") })
                .count()
        );
        // Ours carry none of the paper's bookkeeping.
        assert_eq!(c.our_conditions.source, None);
        assert!(c.our_conditions.where_stated.is_empty());
        let json = serde_json::to_value(c.as_ref()).unwrap();
        let pc = &json["paper_conditions"];
        assert!(pc["where_stated"]["game"].is_string(), "{pc}");
        let back: gametree_lab::claim::Conditions = serde_json::from_value(pc.clone()).unwrap();
        assert_eq!(&back, p);
    }
}

#[test]
fn games_needed_is_the_power_of_the_test_used() {
    use gametree_run::verdict::games_needed;
    // Group win rates of 6 games won with probability 0.6: the games the claim's test needs
    // at the Bonferroni level of 35 claims; matches of that many groups, drawn from the same
    // games, decide at that level in about 80% of them (at least 65% of 100 here).
    let mut state = 0x5555_1234_9876_0001u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut group = || (0..6).filter(|_| next() < 0.6).count() as f64 / 6.0;
    let pilot: Vec<f64> = (0..400).map(|_| group()).collect();
    let games = games_needed(Claim::Beats, &pilot, 35, 6).unwrap();
    let groups = games.div_ceil(6) as usize;
    assert!((30..200).contains(&groups), "{groups}");
    let level = 0.05 / 35.0;
    let decided = (0..100)
        .filter(|_| {
            let xs: Vec<f64> = (0..groups).map(|_| group()).collect();
            claim_test(Claim::Beats, &xs).0 < level
        })
        .count();
    assert!(decided >= 65, "{decided} of 100 at {groups} groups");
}

#[test]
fn every_claim_is_recomputed_from_its_stored_groups() {
    use gametree_lab::papers::strength::recompute_claims;
    let rows = claim_rows(&synthetic_run());
    // Through the JSON: the stored rows alone.
    let text = serde_json::to_string(&rows).unwrap();
    let back: Vec<gametree_lab::report::Row> = serde_json::from_str(&text).unwrap();
    let again = recompute_claims(&back, true);
    assert_eq!(again.len(), rows.len());
    for (r, a) in rows.iter().zip(&again) {
        let c = r.claim.as_ref().unwrap();
        assert_eq!(a.quantity, r.quantity);
        assert_eq!(
            (a.p_value, a.holm_p_value),
            (c.p_value, c.holm_p_value),
            "{}",
            r.quantity
        );
        assert_eq!(a.decision, c.decision, "{}", r.quantity);
        assert!(c.per_group.iter().all(|m| !m.groups.is_empty()));
    }
    // A changed group changes the recomputed p-value: the groups are what was tested.
    let mut changed = back.clone();
    let c = changed[0].claim.as_mut().unwrap();
    c.per_group[0].groups[0].wins[0] = 0.0;
    c.per_group[0].groups[1].wins[0] = 0.0;
    assert_ne!(
        recompute_claims(&changed, true)[0].p_value,
        again[0].p_value
    );
    // The committed decisive run (the old test, before per-group results) still reads,
    // and is re-judged from its stored p-values (the sets' test below).
    let old = committed_rows(gametree_lab::papers::strength::DECISIVE_RESULTS);
    let claims = old.iter().filter(|r| r.claim.is_some()).count();
    assert!(claims >= 39);
    assert_eq!(recompute_claims(&old, true).len(), claims);
}

/// The committed long runs' parameters are those of the flags that made them
/// (`reproduce beyond/strength --budget calibrated/10`, with `--matches claims` for the
/// decisive run), but for what the plan has added since ([`added_params`]: the chess of the
/// free-for-all rules and the Table 12 match): the key under which `--out` reuses stored
/// results and the driver its kept blocks, so a run now never takes their cap-400 chess
/// for its own. The flags reach the experiment as its own parameters ([`StrengthScale`] in
/// `Ctx::params`), not as fields of `Ctx`.
#[test]
fn the_committed_runs_have_the_parameters_of_their_flags() {
    use gametree_lab::papers::strength::{ALL_MATCHES_RESULTS, DECISIVE_RESULTS};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let e = gametree_lab::papers::strength::experiment();
    for (file, matches) in [
        (DECISIVE_RESULTS, StrengthMatches::Claims),
        (ALL_MATCHES_RESULTS, StrengthMatches::All),
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
        let stored = doc["meta"]["params"].as_str().unwrap();
        let scale = StrengthScale {
            budget: Some(BudgetRule::Calibrated { divisor: 10 }),
            matches,
            ..StrengthScale::MODE
        };
        let ctx = Ctx {
            quick: false,
            progress: false,
            params: Params::NONE.with(&scale),
        };
        let now = (e.params)(&ctx);
        let added = gametree_lab::papers::strength::added_params(&plan(&ctx));
        assert!(added.contains("chess=chess4(cap=3000,end=ffa)"), "{added}");
        assert!(!stored.contains(&added));
        assert_eq!(now.strip_suffix(&added), Some(stored), "{file}");
        // The mode's settings are not those of the run: the comparison can fail.
        assert_ne!((e.params)(&Ctx::mode(false)), stored, "{file}");
    }
}

/// Point 3 of issue #44: every claim row is in one set, by the rule of docs/strength.md
/// ("Two sets of claims"): the hidden-hands card rows, the per-game readings of summary
/// sentences ("overall", "generally"), the MCTS-Solver on games its paper did not report
/// and every generalisation are exploratory; Sturtevant's Table 12 in its own setting is
/// confirmatory.
#[test]
fn every_claim_has_a_set_and_the_readings_beyond_the_papers_are_exploratory() {
    use gametree_lab::papers::strength::{
        set_of_quantity, set_size, ClaimSet, Setting, TABLE12_MATCH,
    };
    use gametree_lab::papers::strength::{On, NIJSSEN_WINANDS_2012};
    let mut sets = [0usize; 2];
    for c in CLAIMS {
        for g in c.judged_games() {
            let set = c
                .set_on(g)
                .expect("every game a claim is judged on has a set");
            sets[usize::from(set == ClaimSet::Exploratory)] += 1;
            if c.generalised.contains(&g) || g == StrengthGame::Chess4Cap400 {
                assert_eq!(set, ClaimSet::Exploratory, "{} on {}", c.text, g.label());
            }
            // The card rows at the experiment's setting (hidden hands) are exploratory;
            // Table 12's own setting is confirmatory.
            if matches!(g, StrengthGame::Hearts | StrengthGame::Spades) {
                let own = MATCHES[c.match_index()].setting == Setting::Table12;
                assert_eq!(c.on == On::Match(TABLE12_MATCH), own);
                let want = if own {
                    ClaimSet::Confirmatory
                } else {
                    ClaimSet::Exploratory
                };
                assert_eq!(set, want, "{} on {}", c.text, g.label());
            }
            // The MCTS-Solver: confirmatory on Focus only.
            if c.text.contains("MCTS-Solver") {
                assert_eq!(
                    set == ClaimSet::Confirmatory,
                    g == StrengthGame::Focus3,
                    "{}",
                    g.label()
                );
            }
            // Readings of "overall" (the MCTS policies) and "generally" (BRS in Blokus).
            if c.text.contains("policy beats") || c.paper == NIJSSEN_WINANDS_2012 {
                assert_eq!(set, ClaimSet::Exploratory, "{} on {}", c.text, g.label());
            }
        }
    }
    // The exploratory rows: 4 generalisations of Esser et al., 2 hidden-hands card rows,
    // 2 readings of "generally", 8 of "overall", 3 of the solver beyond Focus, and the 3
    // chess claims on the sensitivity run's chess (when it is named).
    assert_eq!(
        sets,
        [22, 22],
        "confirmatory and exploratory rows of the full plan"
    );
    assert_eq!(set_size(ClaimSet::Confirmatory), 22);
    assert_eq!(set_size(ClaimSet::Exploratory), 22);
    assert_eq!(family_size(), 44);
    // Every row of a run says its set, in its JSON and by its quantity alone.
    let rows = claim_rows(&synthetic_run());
    for r in &rows {
        let c = r.claim.as_ref().unwrap();
        let set = c.set.expect("a claim row stores its set");
        assert_eq!(set_of_quantity(&r.quantity), Some(set), "{}", r.quantity);
        assert_eq!(c.in_family, set == ClaimSet::Confirmatory);
        let json = serde_json::to_value(r).unwrap();
        assert_eq!(json["claim"]["set"], set.word(), "{}", r.quantity);
        assert_eq!(
            r.quantity.contains("[exploratory: "),
            set == ClaimSet::Exploratory,
            "{}",
            r.quantity
        );
    }
    // The claims table has a set column.
    let md = gametree_lab::papers::strength::claims_markdown(&rows);
    assert!(md.starts_with("| claim | set |"), "{md}");
    assert!(md.contains(" | exploratory | ") && md.contains(" | confirmatory | "));
}

/// Holm's adjustment runs per set: each row's adjusted p-value is Holm's over its own
/// set's p-values, and over both sets together it would differ.
#[test]
fn the_holm_adjustment_runs_within_each_set() {
    use gametree_lab::papers::strength::ClaimSet;
    use gametree_run::stats::holm;
    let rows = claim_rows(&synthetic_run());
    let tests: Vec<_> = rows.iter().map(|r| r.claim.as_ref().unwrap()).collect();
    let mut apart = 0;
    for set in ClaimSet::ALL {
        let of: Vec<_> = tests.iter().filter(|c| c.set == Some(set)).collect();
        assert!(of.len() >= 2, "{set:?}: {}", of.len());
        let adjusted = holm(&of.iter().map(|c| c.p_value).collect::<Vec<_>>());
        for (c, h) in of.iter().zip(adjusted) {
            assert_eq!(c.holm_p_value, h);
            assert_eq!(c.family, of.len() as u64);
        }
    }
    // One family over every row gives other adjusted p-values: the sets are adjusted apart.
    let joint = holm(&tests.iter().map(|c| c.p_value).collect::<Vec<_>>());
    for (c, h) in tests.iter().zip(joint) {
        if c.holm_p_value != h {
            apart += 1;
        }
    }
    assert!(apart > 0, "the sets' adjustment equals the joint one");
}

/// The headline counts the confirmatory set only: an exploratory row carries its decision
/// in its JSON and note but no paper value, so its verdict is `measured` and neither the
/// summary's verdict columns nor the last line count it as agreeing or differing.
#[test]
fn the_headline_counts_only_the_confirmatory_set() {
    use gametree_lab::papers::strength::ClaimSet;
    let s = synthetic_run();
    let rows = claim_rows(&s);
    let judged = |r: &&gametree_lab::report::Row| {
        matches!(
            r.verdict,
            Verdict::Within | Verdict::Differs | Verdict::TooFew
        )
    };
    let confirmatory = rows
        .iter()
        .filter(|r| r.claim.as_ref().unwrap().set == Some(ClaimSet::Confirmatory))
        .count();
    assert!(confirmatory > 0 && confirmatory < rows.len());
    assert_eq!(rows.iter().filter(judged).count(), confirmatory);
    for r in &rows {
        let c = r.claim.as_ref().unwrap();
        if c.set == Some(ClaimSet::Exploratory) {
            assert_eq!(r.verdict, Verdict::Measured, "{}", r.quantity);
            assert_eq!(r.paper_value, None);
            assert!(r
                .note
                .starts_with("exploratory, not counted in the headline ("));
        } else {
            let want = match c.decision.as_str() {
                "agrees" => Verdict::Within,
                "disagrees" => Verdict::Differs,
                _ => Verdict::TooFew,
            };
            assert_eq!(r.verdict, want, "{}", r.quantity);
        }
    }
    // Some exploratory row decided: were it counted, the headline would change.
    assert!(rows.iter().any(|r| {
        let c = r.claim.as_ref().unwrap();
        c.set == Some(ClaimSet::Exploratory)
            && matches!(c.decision.as_str(), "agrees" | "disagrees")
    }));
    // The last line of `reproduce` counts the rows by verdict: within and differs are the
    // confirmatory decisions only.
    let done = gametree_lab::reproduce::Done {
        experiment: gametree_lab::papers::strength::experiment(),
        rows: rows.clone(),
        wall_secs: 0.0,
        skipped: false,
    };
    let line = gametree_lab::reproduce::verdict_line(std::slice::from_ref(&done));
    let n = |d: &str| {
        rows.iter()
            .filter(|r| {
                let c = r.claim.as_ref().unwrap();
                c.set == Some(ClaimSet::Confirmatory) && c.decision == d
            })
            .count()
    };
    assert!(
        line.contains(&format!(
            "{} within, {} differs",
            n("agrees"),
            n("disagrees")
        )),
        "{line}"
    );
}

/// The committed decisive run, made before the sets, is re-judged: every claim row gets its
/// set from the claim definitions (not from the file), its stored p-value is adjusted by
/// Holm within that set, and the hidden-hands card rows and the readings of summary
/// sentences leave the confirmatory family.
#[test]
fn the_committed_decisive_run_is_rejudged_by_sets() {
    use gametree_lab::papers::strength::{recompute_claims, row_set, ClaimSet};
    use gametree_run::stats::holm;
    let mut old = committed_rows(gametree_lab::papers::strength::DECISIVE_RESULTS);
    old.retain(|r| r.claim.is_some());
    assert!(old.iter().all(|r| r.claim.as_ref().unwrap().set.is_none()));
    let again = recompute_claims(&old, true);
    assert_eq!(again.len(), old.len(), "every claim row is re-judged");
    for set in ClaimSet::ALL {
        let of: Vec<_> = again.iter().filter(|a| a.set == set).collect();
        let adjusted = holm(&of.iter().map(|a| a.p_value).collect::<Vec<_>>());
        for (a, h) in of.iter().zip(adjusted) {
            assert_eq!(a.holm_p_value, h, "{}", a.quantity);
        }
    }
    for (r, a) in old.iter().zip(&again) {
        assert_eq!(a.set, row_set(r));
        assert_eq!(a.p_value, r.claim.as_ref().unwrap().p_value);
        let exploratory = r.quantity.contains("in hearts")
            || r.quantity.contains("in spades")
            || r.quantity.contains("generalisation")
            || r.quantity.contains("policy")
            || r.quantity.contains("Nijssen & Winands 2012")
            || (r.quantity.contains("MCTS-Solver") && !r.quantity.contains("focus-3"));
        assert_eq!(
            a.set == ClaimSet::Exploratory,
            exploratory,
            "{}",
            r.quantity
        );
    }
    let confirmatory = again
        .iter()
        .filter(|a| a.set == ClaimSet::Confirmatory)
        .count();
    assert_eq!(
        confirmatory, 20,
        "35 in one family before, less 15 readings"
    );
    // The four-player chess rows of that run (the cap-400 game, its stored spec) keep their
    // decisions: their p-values are small enough for either family.
    for (r, a) in old.iter().zip(&again) {
        if r.quantity.contains("in chess4 ") {
            let c = r.claim.as_ref().unwrap();
            assert_eq!(
                c.our_conditions.game.as_deref(),
                Some("chess4(cap=400,eval=relative,claim=20)")
            );
            assert_eq!(a.decision, c.decision, "{}", r.quantity);
        }
    }
}

/// Point 6 of issue #44: the experiment's chess is four-player chess by the online
/// free-for-all rules at a 3,000-ply cap (its own evaluator and two-left claim, so no
/// `eval=` or `claim=`); the earlier cap-400 chess is a named sensitivity run
/// (`--games chess4-cap400`), played only when named.
#[test]
fn chess_is_played_by_the_free_for_all_rules_and_cap_400_only_when_named() {
    use gametree_lab::papers::strength::{CHESS_CAP, CHESS_FFA_CAP};
    assert_eq!(StrengthGame::Chess4.spec(1), "chess4(cap=3000,end=ffa)");
    assert_eq!(CHESS_FFA_CAP, 3000);
    assert_eq!(
        StrengthGame::Chess4Cap400.spec(1),
        format!("chess4(cap={CHESS_CAP},eval=relative,claim=20)")
    );
    assert!(StrengthGame::DEFAULT.contains(&StrengthGame::Chess4));
    assert!(!StrengthGame::DEFAULT.contains(&StrengthGame::Chess4Cap400));
    assert_eq!(
        StrengthGame::from_label("chess4-cap400"),
        Some(StrengthGame::Chess4Cap400)
    );
    assert_eq!(
        plan(&Ctx::mode(false)).games,
        StrengthGame::DEFAULT.to_vec()
    );
    assert_eq!(plan(&Ctx::mode(true)).games, StrengthGame::DEFAULT.to_vec());
    // `--games chess4-cap400` sets its bit (its place in ALL) and plays it alone.
    let bit = StrengthGame::ALL
        .iter()
        .position(|&g| g == StrengthGame::Chess4Cap400)
        .unwrap();
    let named = Ctx {
        quick: false,
        progress: false,
        params: Params::NONE.with(&StrengthScale {
            games: Some(1 << bit),
            ..StrengthScale::MODE
        }),
    };
    assert_eq!(plan(&named).games, vec![StrengthGame::Chess4Cap400]);
    // Both take the chess calibration and play the same matches, the free-for-all too.
    for e in ENTRANTS {
        assert_eq!(
            calibrated_nodes(StrengthGame::Chess4Cap400, e),
            calibrated_nodes(StrengthGame::Chess4, e)
        );
    }
    assert_eq!(
        matches_on(StrengthGame::Chess4).collect::<Vec<_>>(),
        matches_on(StrengthGame::Chess4Cap400).collect::<Vec<_>>()
    );
    // The claims' matches on both, a few plies each: every match row says how many games
    // reached the cap (here the run's ply limit) and how long they were, in its JSON.
    let mut p = tiny(2);
    p.games = vec![StrengthGame::Chess4, StrengthGame::Chess4Cap400];
    p.matches = StrengthMatches::Claims;
    let s = strength(&p, false);
    // Five matches on each chess: the sensitivity run's chess is judged (exploratory) where
    // chess is.
    assert_eq!(s.matches.len(), 10);
    for m in &s.matches {
        let MatchOutcome::Played(r) = &m.outcome else {
            panic!("{:?}", m.outcome)
        };
        assert_eq!(r.game, m.game.spec(1));
    }
    let rows = s.rows();
    let match_rows: Vec<_> = rows
        .iter()
        .filter(|r| r.row.starts_with("chess4") && !r.row.contains("rating"))
        .collect();
    assert_eq!(match_rows.len(), 10);
    for r in match_rows {
        let l = r.lengths.as_ref().expect("a match row has its lengths");
        assert_eq!(Some(l.games), r.samples);
        assert!(l.capped <= l.games && l.min_plies <= l.max_plies);
        assert!(l.median_plies >= l.min_plies as f64 && l.median_plies <= l.max_plies as f64);
        assert!(r.note.contains("reached the ply cap"), "{}", r.note);
        let json = serde_json::to_value(r).unwrap();
        assert_eq!(json["lengths"]["games"], l.games);
        assert!(json["lengths"]["median_plies"].is_number());
    }
}

/// The lengths of a match: the games the cap ended and the median length.
#[test]
fn game_lengths_count_the_capped_games_and_the_median() {
    use gametree_lab::papers::strength::game_lengths;
    use gametree_run::tournament::Ending;
    let game = |plies, ending| GameResult {
        opening: 0,
        seats: vec![0, 1, 0, 1],
        scores: vec![1, 0, 0, 0],
        ranks: vec![1, 2, 2, 2],
        plies,
        ending,
        finished: ending == Ending::Finished,
        winner: Some(0),
        nodes: vec![0; 4],
        moves: vec![1; 4],
        fallbacks: 0,
        max_move_us: None,
    };
    let l = game_lengths(&[
        game(900, Ending::Finished),
        game(3000, Ending::GameCap),
        game(1200, Ending::Claimed),
        game(1000, Ending::Finished),
    ]);
    assert_eq!(
        (l.games, l.capped, l.min_plies, l.max_plies),
        (4, 1, 900, 3000)
    );
    assert_eq!(l.capped_share, 0.25);
    assert_eq!(l.median_plies, 1100.0);
    let odd = game_lengths(&[
        game(5, Ending::MaxPlies),
        game(7, Ending::Finished),
        game(6, Ending::Finished),
    ]);
    assert_eq!((odd.capped, odd.median_plies), (1, 6.0));
}
