//! The tests of `gametree_run::stats` (here, not in the library: it has no test target).

use gametree_run::stats::*;

#[test]
fn summary_of_a_known_sample() {
    let s = summarize(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
    assert_eq!(s.n, 8);
    assert!((s.mean - 5.0).abs() < 1e-12);
    assert!((s.sd - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
    assert!((s.se - s.sd / 8f64.sqrt()).abs() < 1e-12);
    assert!((s.ci95[1] - (5.0 + 2.365 * s.se)).abs() < 1e-9);
}

#[test]
fn fit_recovers_a_line() {
    let pts: Vec<(f64, f64)> = (0..10).map(|i| (i as f64, 3.0 + 0.5 * i as f64)).collect();
    let (a, b) = linear_fit(&pts);
    assert!((a - 3.0).abs() < 1e-12 && (b - 0.5).abs() < 1e-12);
}

#[test]
fn wilson_bounds_by_hand() {
    // 5 of 10: centre 0.5, half-width 1.959964 / 1.3841459 * sqrt(0.025 + 0.0096036)
    // = 1.4160088 * 0.1860206 = 0.2634068.
    let [lo, hi] = wilson(5.0, 10.0);
    assert!((lo - 0.236_593_1).abs() < 1e-6 && (hi - 0.763_406_9).abs() < 1e-6);
    // 0 of 50: never [0, 0]; upper bound z^2/n / (1 + z^2/n) = 0.071349.
    let [lo, hi] = wilson(0.0, 50.0);
    assert_eq!(lo, 0.0);
    assert!((hi - 0.071_349).abs() < 1e-5, "{hi}");
    assert_eq!(wilson(0.0, 0.0), [0.0, 1.0]);
}

#[test]
fn sign_test_by_hand() {
    // 9 above, 1 below, 1 tie: two-sided p = 2 * 11 / 1024.
    let xs = [0.9, 0.8, 0.7, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.4, 0.5];
    let t = sign_test(&xs, 0.5);
    assert_eq!((t.above, t.below, t.ties), (9, 1, 1));
    assert!((t.p_above - 11.0 / 1024.0).abs() < 1e-12);
    assert!((t.p_two_sided - 22.0 / 1024.0).abs() < 1e-12);
    assert!((t.p_below - 1023.0 / 1024.0).abs() < 1e-12);
    assert_eq!(binomial_upper_tail(0, 0), 1.0);
    assert!((binomial_upper_tail(3, 3) - 0.125).abs() < 1e-15);
}

#[test]
fn holm_by_hand() {
    // Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> 0.06.
    let adj = holm(&[0.01, 0.04, 0.03, 0.005]);
    let want = [0.03, 0.06, 0.06, 0.02];
    for (a, w) in adj.iter().zip(want) {
        assert!((a - w).abs() < 1e-12, "{adj:?}");
    }
    assert_eq!(holm(&[0.6, 0.7]), vec![1.0, 1.0]);
    assert!(holm(&[]).is_empty());
}

#[test]
fn sprt_bounds_and_decisions_by_hand() {
    let t = Sprt {
        h0: 0.5,
        h1: 0.55,
        alpha: 0.05,
        beta: 0.05,
    };
    let [lo, hi] = t.bounds();
    assert!((lo + 19f64.ln()).abs() < 1e-12 && (hi - 19f64.ln()).abs() < 1e-12);
    let u = Sprt { beta: 0.1, ..t };
    let [lo, hi] = u.bounds();
    assert!((lo - (0.1f64 / 0.95).ln()).abs() < 1e-12 && (hi - 18f64.ln()).abs() < 1e-12);
    // Mean 0.6, sample variance 0.08 / 3 over 4 values: llr = 4 * 0.05 * 0.075 / (0.08 /
    // 3) = 0.5625.
    let xs = [0.4, 0.6, 0.8, 0.6];
    assert!((t.llr(&xs, 0.0) - 0.5625).abs() < 1e-12);
    assert_eq!(t.state(&xs, 0.0), SprtState::Continue);
    // 16 values: 0.06 / (0.32 / 15) = 2.8125, still below ln 19 = 2.944.
    let v16: Vec<f64> = xs.iter().cycle().take(16).copied().collect();
    assert!((t.llr(&v16, 0.0) - 2.8125).abs() < 1e-9);
    assert_eq!(t.state(&v16, 0.0), SprtState::Continue);
    // 20 values: 0.075 / (0.4 / 19) = 3.5625: H1.
    let many: Vec<f64> = xs.iter().cycle().take(20).copied().collect();
    assert!((t.llr(&many, 0.0) - 3.5625).abs() < 1e-9);
    assert_eq!(t.state(&many, 0.0), SprtState::AcceptH1);
    // A floor above the variance lowers the ratio: 0.075 / 0.1 = 0.75.
    assert!((t.llr(&many, 0.1) - 0.75).abs() < 1e-9);
    // Mean 0.4: H0.
    let low: Vec<f64> = many.iter().map(|x| x - 0.2).collect();
    assert_eq!(t.state(&low, 0.0), SprtState::AcceptH0);
}

#[test]
fn normal_quantile_and_samples_needed() {
    assert!((normal_quantile(0.975) - Z975).abs() < 1e-8);
    assert!((normal_quantile(0.8) - 0.841_621_2).abs() < 1e-6);
    // (1.959964 + 0.841621)^2 * (0.5 / 0.05)^2 = 784.9 -> 785.
    assert_eq!(samples_needed(0.05, 0.5, 0.05, 0.8), Some(785));
    assert_eq!(samples_needed(0.0, 0.5, 0.05, 0.8), None);
}
