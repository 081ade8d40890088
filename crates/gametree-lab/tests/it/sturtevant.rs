//! Sturtevant 2003: Table 8's roots and measured growth, Table 10 exact, section 4.4.

use gametree_lab::experiment::Ctx;
use gametree_lab::papers::sturtevant::{
    best_case_leaves, discrete_cutoffs, measured_growth, recurrence_growth, table_10, table_8,
    table_8_root, TABLE_8_B, TABLE_8_PAPER,
};
use gametree_lab::report::{Check, Number, Source, Verdict};

const QUICK: Ctx = Ctx {
    quick: true,
    progress: false,
    params: gametree_lab::experiment::Params::NONE,
};

#[test]
fn table_8_roots_to_four_decimals() {
    for (i, &b) in TABLE_8_B.iter().enumerate() {
        let (paper, decimals) = TABLE_8_PAPER[i];
        let scale = 10f64.powi(decimals as i32);
        let r = table_8_root(3, b as f64);
        assert_eq!((r * scale).round() / scale, paper, "b {b}");
    }
    // The root solves the polynomial, lies below b, and tends to b^((n-1)/n) for large b.
    for n in 3..=6u32 {
        for b in [2.0, 3.0, 10.0, 1000.0, 1e6] {
            let x = table_8_root(n, b);
            let p: f64 = x.powi(n as i32)
                - (0..n)
                    .map(|k| (b - 1.0).powi(k as i32) * x.powi((n - 1 - k) as i32))
                    .sum::<f64>();
            assert!(p.abs() <= 1e-9 * x.powi(n as i32), "n {n} b {b}");
            assert!(x < b);
        }
        let big = 1e9;
        let ratio = table_8_root(n, big) / big.powf((n as f64 - 1.0) / n as f64);
        assert!((ratio - 1.0).abs() < 0.01, "n {n}: {ratio}");
    }
}

#[test]
fn table_8_experiment_quick() {
    let out = table_8(&QUICK);
    let roots: Vec<_> = out.rows.iter().filter(|r| r.quantity == "root").collect();
    assert_eq!(roots.len(), 24);
    for r in roots.iter().take(6) {
        assert_eq!(r.verdict, Verdict::Exact, "{r:?}");
        assert_eq!(r.source, Some(Source::Printed), "{r:?}");
    }
    // Every row that is not a root is a growth measured at a finite depth, and none is
    // compared with the asymptote (the roots): each is compared with the paper's best-case
    // recurrence at the same depth.
    let growth: Vec<_> = out.rows.iter().filter(|r| r.quantity != "root").collect();
    assert_eq!(growth.len(), 24);
    for (i, r) in growth.iter().enumerate() {
        // Every search follows the best-case recurrence exactly, without re-searches (the
        // measurement itself, not the words of the note).
        let (n, b) = (3 + i / TABLE_8_B.len(), TABLE_8_B[i % TABLE_8_B.len()]);
        let m = measured_growth(n, b, &QUICK);
        assert_eq!(r.row, format!("n={n} b={b} d={}", m.depth));
        assert_eq!(r.quantity, "growth per ply at the depth measured");
        let recurrence = recurrence_growth(n, b, m.depth, m.k);
        assert_eq!(r.paper_value, Some(Number::Real(recurrence)), "{r:?}");
        assert_eq!(
            (r.verdict, r.source),
            (Verdict::Exact, Some(Source::Formula)),
            "{r:?}"
        );
        assert!(r.note.contains("asymptote"), "{}", r.note);
        assert!(m.follows_recurrence, "{m:?}");
        assert_eq!(m.re_searches, 0, "{m:?}");
        assert_eq!(
            u128::from(m.leaves_deep),
            best_case_leaves(n, b, m.depth),
            "{m:?}"
        );
        assert_eq!(r.ours, Number::Real(m.growth), "{r:?}");
        assert!(!r.note.contains("NOT equal"), "{r:?}");
        assert!(r.reason.is_empty(), "{r:?}");
    }
    // The recurrence's growth converges to the root (here at depth 200).
    for n in 3..=6usize {
        for b in [2u32, 5, 10] {
            let g = best_case_leaves(n, b, 40) as f64 / best_case_leaves(n, b, 39) as f64;
            let r = table_8_root(n as u32, b as f64);
            assert!((g / r - 1.0).abs() < 1e-3, "n {n} b {b}: {g} vs {r}");
        }
    }
}

#[test]
fn table_10_exact() {
    let out = table_10(&QUICK);
    assert_eq!(out.rows.len(), 2);
    assert_eq!(out.rows[0].ours, Number::Count(1_234_560));
    assert_eq!(out.rows[1].ours, Number::Count(84_927));
    assert_eq!(out.rows[1].paper_value, Some(Number::Count(84_927)));
    assert!(out.rows.iter().all(|r| r.verdict == Verdict::Exact));
    // The paper prints "1.2 million" for plain max^n: 1,234,560 is its formula, not a
    // printed number; the speculative best case is printed.
    assert_eq!(out.rows[0].paper_value, Some(Number::Count(1_234_560)));
    assert_eq!(out.rows[0].source, Some(Source::Formula));
    assert!(
        out.rows[0].note.contains("1.2 million"),
        "{}",
        out.rows[0].note
    );
    assert_eq!(out.rows[1].source, Some(Source::Printed));
}

#[test]
fn discrete_cutoff_rows_exact() {
    let out = discrete_cutoffs(&QUICK);
    assert_eq!(out.rows.len(), 4);
    for r in &out.rows {
        assert_eq!(r.verdict, Verdict::Exact, "{r:?}");
        // Hand-made trees: our own examples of the paper's rule.
        assert_eq!(r.source, Some(Source::Example), "{r:?}");
        assert_eq!(r.algorithm.as_deref(), Some("speculative"), "{r:?}");
        assert_eq!(r.check, Some(Check::new("max^n", true)), "{r:?}");
    }
    assert_eq!(
        out.rows
            .iter()
            .filter(|r| r.ours == Number::Count(1))
            .count(),
        2
    );
}

/// The best-case recurrence grows toward Table 8's root at large depths, even where the exact
/// counts no longer fit in 128 bits (b = 10 beyond depth ~50, b = 1000 beyond ~13).
#[test]
fn best_case_growth_tends_to_the_root_without_overflow() {
    use gametree_lab::papers::sturtevant::{best_case_growth, table_8_root};
    for n in 3..=6 {
        for b in [2u32, 3, 4, 5, 10, 1000] {
            let g = best_case_growth(n, b, 200);
            let root = table_8_root(n as u32, b as f64);
            assert!((g / root - 1.0).abs() < 1e-5, "n={n} b={b}: {g} vs {root}");
        }
    }
}
