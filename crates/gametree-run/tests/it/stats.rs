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

/// The sign-flip p-value by plain enumeration: the share of the `2^n` sign vectors whose
/// `|sum e_i (x_i - at)|` reaches the observed one (a reference written apart from the
/// library's pairs and tolerance).
fn enumerate_sign_flips(xs: &[f64], at: f64) -> f64 {
    let d: Vec<f64> = xs.iter().map(|x| x - at).collect();
    let t: f64 = d.iter().sum::<f64>().abs();
    let n = d.len();
    let mut hits = 0u64;
    for v in 0..(1u64 << n) {
        let s: f64 = (0..n)
            .map(|i| if v >> i & 1 == 1 { -d[i] } else { d[i] })
            .sum();
        if s.abs() >= t - 1e-9 {
            hits += 1;
        }
    }
    hits as f64 / (1u64 << n) as f64
}

#[test]
fn the_exact_sign_flip_test_is_the_enumeration() {
    // By hand: [0.3, 0.1, 0.2] against 0: the sums are ±0.3 ±0.1 ±0.2; |s| >= 0.6 only for
    // all + and all -: p = 2/8.
    assert!((sign_flip_test(&[0.3, 0.1, 0.2], 0.0, 0, 0) - 0.25).abs() < 1e-15);
    // Equal magnitudes (ties on the lattice) count as at least as extreme.
    assert!((sign_flip_test(&[0.5, 0.5], 0.0, 0, 0) - 0.5).abs() < 1e-15);
    let xs = [
        0.5, 0.667, 0.333, 0.5, 0.833, 0.5, 0.667, 0.5, 1.0, 0.167, 0.667, 0.5,
    ];
    for at in [0.3, 0.4, 0.5, 0.55, 0.6] {
        let p = sign_flip_test(&xs, at, 0, 0);
        assert!(
            (p - enumerate_sign_flips(&xs, at)).abs() < 1e-12,
            "{at}: {p}"
        );
    }
    // Hoeffding's bound is never below the exact p-value.
    for at in [0.3, 0.4, 0.5, 0.55, 0.6] {
        assert!(sign_flip_bound(&xs, at) >= sign_flip_test(&xs, at, 0, 0) - 1e-12);
    }
    assert_eq!(sign_flip_bound(&[0.5; 4], 0.5), 1.0);
}

#[test]
fn monte_carlo_sign_flips_are_seeded_and_valid() {
    // 40 values: beyond the enumeration, so resampled; the same seed gives the same p.
    let xs: Vec<f64> = (0..40).map(|i| [0.5, 0.667, 0.333, 0.833][i % 4]).collect();
    let a = SignFlips::new(&xs, 5_000, 7);
    assert!(!a.exact() && a.vectors() == 5_000);
    assert_eq!(a.p_value(0.5), SignFlips::new(&xs, 5_000, 7).p_value(0.5));
    assert_ne!(a.p_value(0.5), SignFlips::new(&xs, 5_000, 8).p_value(0.5));
    // Never below 1 / (1 + resamples), never above 1.
    assert!(a.p_value(0.0) >= 1.0 / 5_001.0 && a.p_value(0.0) < 1e-3);
    assert!(a.p_value(0.5833) <= 1.0);
    // SplitMix64's first outputs from seed 0 (the published reference values).
    let mut r = SplitMix64::new(0);
    assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
}

#[test]
fn the_sign_flip_interval_agrees_with_its_test() {
    let xs = [
        0.5, 0.667, 0.333, 0.5, 0.833, 0.5, 0.667, 0.5, 1.0, 0.167, 0.667, 0.5,
    ];
    let f = SignFlips::new(&xs, 0, 0);
    for alpha in [0.01, 0.05, 0.2] {
        let [lo, hi] = f.interval(alpha, None, 0.0, 1.0);
        let mean = xs.iter().sum::<f64>() / 12.0;
        assert!(lo < mean && mean < hi, "{alpha}: [{lo}, {hi}]");
        // Points well inside are not rejected; points beyond the bounds are.
        assert!(f.p_value(lo + 1e-3) >= alpha && f.p_value(hi - 1e-3) >= alpha);
        if lo > 0.0 {
            assert!(f.p_value(lo - 1e-3) < alpha, "{alpha} {lo}");
        }
        if hi < 1.0 {
            assert!(f.p_value(hi + 1e-3) < alpha, "{alpha} {hi}");
        }
        // With an anchor, the interval holds it exactly when the caller did not reject it.
        for at in [0.3, 0.4, 0.45, 0.7, 0.8] {
            let rejected = f.p_value(at) < alpha;
            let [lo, hi] = f.interval(alpha, Some((at, rejected)), 0.0, 1.0);
            assert_eq!(lo <= at && at <= hi, !rejected, "{alpha} {at}");
        }
    }
}

#[test]
fn student_t_by_known_values() {
    // Tables: P(T > 2.228) = 0.025 at 10 df; P(T > 1.0) = 0.25 at 1 df (Cauchy: 1/4);
    // P(T > 2.0) at 2 df = (1 - 2 / sqrt(6)) / 2 (closed form).
    assert!((student_t_upper(2.228, 10.0) - 0.025).abs() < 1e-4);
    assert!((student_t_upper(1.0, 1.0) - 0.25).abs() < 1e-12);
    assert!((student_t_upper(2.0, 2.0) - (1.0 - 2.0 / 6f64.sqrt()) / 2.0).abs() < 1e-12);
    assert!((student_t_upper(-2.0, 2.0) - (1.0 + 2.0 / 6f64.sqrt()) / 2.0).abs() < 1e-12);
    // The quantile inverts it and matches the 97.5% table.
    for df in [1usize, 5, 10, 30] {
        assert!(
            (student_t_quantile(0.975, df as f64) - t975(df)).abs() < 1e-3,
            "{df}"
        );
    }
    // The interval excludes a point exactly when the two-sided test rejects there.
    let xs = [0.42, 0.48, 0.51, 0.39, 0.47, 0.5, 0.44, 0.46];
    let [lo, hi] = t_interval(&xs, 0.05);
    assert!(t_test(&xs, lo - 1e-6).p_two_sided < 0.05 && t_test(&xs, lo + 1e-6).p_two_sided > 0.05);
    assert!(t_test(&xs, hi + 1e-6).p_two_sided < 0.05 && t_test(&xs, hi - 1e-6).p_two_sided > 0.05);
    // No spread: 0 on the side of the mean.
    let t = t_test(&[0.45; 5], 0.4);
    assert_eq!((t.p_above, t.p_below), (0.0, 1.0));
}

/// The sign-flip sums taken four vectors at a time, with the sign as an exclusive or, equal
/// to the bit those of the plain loop (add or subtract each value in turn, one vector at a
/// time), exact and resampled: sizes 0 to 20 and across a word of signs (63 to 65, 130),
/// resample counts that do not divide by four, values with ties, zeros of both signs and
/// magnitudes far apart (where the order of the additions shows in the rounding).
#[test]
fn sign_flip_sums_equal_the_plain_loops_to_the_bit() {
    fn plain(xs: &[f64], resamples: u64, seed: u64) -> Vec<(f64, f64)> {
        let pair = |bits: &[u64]| {
            let (mut a, mut b) = (0.0, 0.0);
            for (i, &x) in xs.iter().enumerate() {
                if bits[i / 64] >> (i % 64) & 1 == 1 {
                    a -= x;
                    b -= 1.0;
                } else {
                    a += x;
                    b += 1.0;
                }
            }
            (a, b)
        };
        if xs.len() <= SIGN_FLIP_EXACT_MAX {
            (0..1u64 << xs.len()).map(|v| pair(&[v])).collect()
        } else {
            let mut rng = SplitMix64::new(seed);
            let mut bits = vec![0u64; xs.len().div_ceil(64)];
            (0..resamples)
                .map(|_| {
                    for w in bits.iter_mut() {
                        *w = rng.next_u64();
                    }
                    pair(&bits)
                })
                .collect()
        }
    }
    let mut rng = SplitMix64::new(99);
    let mut cases = 0;
    for n in (0..=20).chain([63, 64, 65, 130]) {
        for round in 0..6u64 {
            let xs: Vec<f64> = (0..n)
                .map(|_| {
                    let r = rng.next_u64();
                    match r % 7 {
                        0 => 0.0,
                        1 => -0.0,
                        2 => 0.5,
                        3 => (r >> 11) as f64 / (1u64 << 53) as f64,
                        4 => ((r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 1e12,
                        5 => 1.0 / 3.0,
                        _ => -((r >> 20) as f64) * 1e-9,
                    }
                })
                .collect();
            let resamples = [0, 1, 3, 5, 1_001, 2_050][round as usize];
            let got = SignFlips::new(&xs, resamples, round);
            let want = plain(&xs, resamples, round);
            assert_eq!(got.sums().len(), want.len(), "n {n}, resamples {resamples}");
            for (k, (g, w)) in got.sums().iter().zip(&want).enumerate() {
                assert!(
                    g.0.to_bits() == w.0.to_bits() && g.1.to_bits() == w.1.to_bits(),
                    "n {n}, resamples {resamples}, vector {k}: {g:?} against {w:?}"
                );
            }
            cases += want.len();
        }
    }
    assert!(cases > 800_000, "{cases} sign vectors compared");
}
