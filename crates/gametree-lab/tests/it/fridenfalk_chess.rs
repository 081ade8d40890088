//! Fridenfalk 2014, section V: the four-player chess case study (`chess-case-study`): the
//! balanced seat assignments, the claims' verdict logic on synthetic sign tests, the rows'
//! fields and types on a small plan, and the same rows with one or two threads.

use gametree::search::Algorithm;
use gametree_games::chess4::Chess4;
use gametree_lab::experiment::Ctx;
use gametree_lab::papers::fridenfalk_chess::{
    balanced_seatings, case_study, judge_difference, judge_no_parting, plan, play_match,
    sign_test_power, DepthTest, Plan, CHESS_SEED, DETECT_DECISIVE, HYPERMAX_FIRST_CUT_DEPTH, TABLE,
};
use gametree_lab::report::{Number, Verdict};
use gametree_run::rating::sign_test;

fn test(depth: u32, ahead: u64, behind: u64) -> DepthTest {
    DepthTest {
        depth,
        ahead,
        behind,
        p_value: sign_test(ahead, behind),
    }
}

/// A small plan: depth 1 in both matches, one opening, a 40-ply cap.
fn small() -> Plan {
    Plan {
        maxn_depths: vec![(1, 1), (2, 1)],
        hypermax_depths: vec![(1, 1)],
        cap: 40,
        opening_plies: 4,
        seed: CHESS_SEED,
    }
}

#[test]
fn seatings_are_the_six_balanced_ones() {
    let t = balanced_seatings();
    assert_eq!(t.len(), 6);
    for (i, s) in t.iter().enumerate() {
        assert_eq!(s.iter().filter(|&&e| e == 0).count(), 2, "{s:?}");
        assert_eq!(s.iter().filter(|&&e| e == 1).count(), 2, "{s:?}");
        assert!(t[i + 1..].iter().all(|o| o != s), "duplicate {s:?}");
    }
    assert_eq!(t[0], [0, 0, 1, 1]);
    // Each engine sits in each seat three times.
    for seat in 0..4 {
        for e in 0..2 {
            assert_eq!(t.iter().filter(|s| s[seat] == e).count(), 3);
        }
    }
    // A match plays exactly these, opening by opening.
    let game = Chess4::new(12).unwrap();
    let r = play_match(
        &game,
        Algorithm::Maxn,
        Algorithm::Nmax,
        1,
        2,
        &small(),
        false,
    );
    assert_eq!(r.games, 12);
    for (i, g) in r.results.iter().enumerate() {
        assert_eq!(g.seats, t[i % 6].to_vec());
        assert_eq!(g.opening, i / 6);
    }
    assert_eq!((r.engines[0].seats, r.engines[1].seats), (24, 24));
}

#[test]
fn the_difference_claim_agrees_only_with_a_significant_depth() {
    // Significant at depth 3 (and 4): agrees, depth 3 reported.
    let j = judge_difference(&[
        test(1, 50, 52),
        test(2, 55, 45),
        test(3, 70, 30),
        test(4, 0, 9),
    ]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::Within, Some(3)));
    // Nothing significant on samples large enough to see 60:40: disagrees.
    let n = DETECT_DECISIVE / 2;
    let j = judge_difference(&[test(1, 3, 4), test(2, n, n)]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::Differs, None));
    // One game fewer: cannot tell.
    let j = judge_difference(&[test(1, 3, 4), test(2, n, n - 1)]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::TooFew, None));
    assert_eq!(judge_difference(&[]).verdict, Verdict::TooFew);
    // Holm over the depths: one depth at p = 0.035 among two is not significant at 5%
    // (adjusted 0.07), so the claim is not shown by it; alone it would be.
    let near = test(1, 61, 39);
    assert!(
        near.p_value > 0.025 && near.p_value < 0.05,
        "{}",
        near.p_value
    );
    let j = judge_difference(&[near, test(2, 50, 50)]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::TooFew, None));
    let j = judge_difference(&[near]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::Within, Some(1)));
    // A 60:40 split of DETECT_DECISIVE games is significant.
    let k = DETECT_DECISIVE;
    assert!(sign_test(k * 6 / 10, k - k * 6 / 10) < 0.05);
}

#[test]
fn the_no_parting_claim_rests_on_depths_where_hypermax_can_prune() {
    assert_eq!(HYPERMAX_FIRST_CUT_DEPTH, 4);
    // Below depth 4 hypermax plays N-max's moves: the even splits there are equal by
    // construction and support nothing (the claim was `within` on them).
    let j = judge_no_parting(&[test(1, 61, 61), test(2, 70, 70), test(3, 12, 8)]);
    assert_eq!(
        (j.verdict, j.first_significant, j.power),
        (Verdict::TooFew, None, 0.0)
    );
    // Nor does a significant split below depth 4 count against it.
    let j = judge_no_parting(&[test(1, 61, 61), test(2, 80, 50), test(3, 40, 10)]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::TooFew, None));
    // At depth 4: too few decisive games to have the power -> too-few; enough -> within;
    // a significant split -> differs.
    let j = judge_no_parting(&[test(1, 61, 61), test(4, 30, 28)]);
    assert_eq!(j.verdict, Verdict::TooFew);
    assert!(j.power > 0.2 && j.power < 0.8, "{}", j.power);
    let j = judge_no_parting(&[test(3, 10, 10), test(4, 130, 120)]);
    assert_eq!((j.verdict, j.first_significant), (Verdict::Within, None));
    assert!(j.power >= 0.8, "{}", j.power);
    let j = judge_no_parting(&[test(4, 80, 50), test(5, 40, 40)]);
    assert_eq!(
        (j.verdict, j.first_significant),
        (Verdict::Differs, Some(4))
    );
    assert_eq!(judge_no_parting(&[]).verdict, Verdict::TooFew);
}

#[test]
fn sign_test_power_by_hand() {
    // 10 decisive games: the two-sided exact test rejects at 5% for 0, 1, 9 or 10 ahead
    // (p = 2/1024 and 22/1024; 2 ahead gives 112/1024). Under a 60:40 split:
    // 0.4^10 + 10 * 0.6 * 0.4^9 + 10 * 0.6^9 * 0.4 + 0.6^10 = 0.0480351232.
    assert!((sign_test_power(10, 0.6) - 0.048_035_123_2).abs() < 1e-12);
    // No games, no power; a fair coin is rejected at most 5% of the time.
    assert_eq!(sign_test_power(0, 0.6), 0.0);
    assert!(sign_test_power(200, 0.5) <= 0.05);
    // The normal approximation behind DETECT_DECISIVE promises 80% at 194 games; the exact
    // test, discrete, has 76.4% there (computed with exact binomial sums).
    let p = sign_test_power(DETECT_DECISIVE, 0.6);
    assert!((p - 0.764_342).abs() < 1e-5, "{p}");
}

#[test]
fn plans_cover_the_depths() {
    let quick = plan(&Ctx {
        quick: true,
        progress: false,
        params: gametree_lab::experiment::Params::NONE,
    });
    let full = plan(&Ctx {
        quick: false,
        progress: false,
        params: gametree_lab::experiment::Params::NONE,
    });
    let depths = |v: &[(u32, usize)]| v.iter().map(|&(d, _)| d).collect::<Vec<_>>();
    assert_eq!(depths(&quick.maxn_depths), [1, 2]);
    assert_eq!(depths(&quick.hypermax_depths), [1, 2]);
    assert_eq!(depths(&full.maxn_depths), [1, 2, 3, 4]);
    assert_eq!(depths(&full.hypermax_depths), [1, 2, 3, 4]);
    assert!(full.maxn_depths.iter().all(|&(_, k)| k >= 10));
}

#[test]
fn rows_have_the_expected_fields_and_types() {
    let out = case_study(&small(), false);
    let rows = &out.rows;
    // Per match and depth: two win shares and a sign test; per match the first significant
    // depth; then the first claim, the second claim's power and the second claim.
    assert_eq!(rows.len(), 3 * 3 + 2 + 3);
    assert!(rows
        .iter()
        .all(|r| r.paper == "fridenfalk-2014" && r.table == TABLE));
    let lines = [
        ("maxn", "nmax", 1, 0),
        ("maxn", "nmax", 2, 3),
        ("hypermax", "nmax", 1, 7),
    ];
    for (a, b, d, at) in lines {
        let line = format!("{a} vs {b}, d={d}");
        let mut shares = 0.0;
        for (k, alg) in [a, b].into_iter().enumerate() {
            let r = &rows[at + k];
            assert_eq!(r.row, line);
            assert_eq!(r.quantity, format!("win share, {alg}"));
            assert_eq!(r.algorithm.as_deref(), Some(alg));
            assert_eq!(r.paper_value, None);
            assert_eq!(r.verdict, Verdict::Measured);
            assert_eq!(r.samples, Some(6), "six games: one opening, six seatings");
            let Number::Real(x) = r.ours else {
                panic!("a win share is a real: {:?}", r.ours)
            };
            let ci = r.ci95.expect("an interval");
            assert!(
                ci[0] <= x && x <= ci[1] && (0.0..=1.0).contains(&x),
                "{r:?}"
            );
            assert!(
                r.note.contains("6 games (1 openings x 6 seatings"),
                "{}",
                r.note
            );
            shares += x;
        }
        // Two seats each: the win shares per seat sum to 1/2 (one win per game over 4
        // seats, 2 seats per engine).
        assert!((shares - 0.5).abs() < 1e-9, "{shares}");
        let p = &rows[at + 2];
        assert_eq!(
            (p.row.as_str(), p.quantity.as_str()),
            (line.as_str(), "sign test p")
        );
        assert_eq!((p.paper_value, p.ci95, p.samples), (None, None, Some(6)));
        assert_eq!(p.verdict, Verdict::Measured);
        assert!(matches!(p.ours, Number::Real(x) if (0.0..=1.0).contains(&x)));
        assert!(p.note.contains("exact two-sided sign test"));
    }
    for (at, line) in [(6, "maxn vs nmax"), (10, "hypermax vs nmax")] {
        let r = &rows[at];
        assert_eq!(
            (r.row.as_str(), r.quantity.as_str()),
            (line, "first depth with p < 0.05")
        );
        assert_eq!(r.verdict, Verdict::Measured);
        // Six games cannot be significant (two-sided p >= 2/64).
        assert!(
            matches!(r.ours, Number::Real(x) if x.is_nan()),
            "{:?}",
            r.ours
        );
    }
    let power = &rows[12];
    assert_eq!(
        (power.row.as_str(), power.quantity.as_str()),
        (
            "hypermax vs nmax, d>=4",
            "sign-test power to detect a 60:40 split"
        )
    );
    // No depth from 4 played: no power, no games.
    assert_eq!((power.ours, power.samples), (Number::Real(0.0), Some(0)));
    assert_eq!(power.verdict, Verdict::Measured);
    let claims = [&rows[11], &rows[13]];
    assert_eq!(claims[0].quantity, "max^N and N-max differ in win counts");
    assert_eq!(
        claims[1].quantity,
        "hypermax does not part from N-max at the depths tried"
    );
    for c in claims {
        assert_eq!(c.row, "claim");
        assert_eq!(c.paper_value, Some(Number::Count(1)));
        assert!(c.samples.is_some() && c.ci95.is_none());
    }
    // Too few games to see a difference, none significant.
    assert_eq!(
        (claims[0].verdict, claims[0].ours),
        (Verdict::TooFew, Number::Count(0))
    );
    // Hypermax at depth 1 cannot prune: nothing to judge the second claim on.
    assert_eq!(
        (claims[1].verdict, claims[1].ours, claims[1].samples),
        (Verdict::TooFew, Number::Count(0), Some(0))
    );
    assert!(claims[1].note.contains("power 0.00"), "{}", claims[1].note);
    // The plot: each engine's share against depth, with intervals.
    assert_eq!(out.plots.len(), 1);
    let s = &out.plots[0].series;
    assert_eq!(s.len(), 4);
    assert_eq!(
        s.iter().map(|c| c.points.len()).collect::<Vec<_>>(),
        [2, 2, 1, 1]
    );
    assert!(s.iter().all(|c| c.intervals.len() == c.points.len()));
}

#[test]
fn the_same_rows_with_one_or_two_threads() {
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| format!("{:?}", case_study(&small(), false).rows))
    };
    assert_eq!(on(1), on(2));
}
