//! Sample statistics: mean, standard deviation, standard error and a 95% interval; Wilson
//! intervals of proportions, the exact sign test, the sign-flip permutation test of a mean
//! (exact or by seeded Monte Carlo) with its inverted interval and Hoeffding's bound,
//! Student's t test of a mean with its interval, Holm's adjustment of a family of p-values
//! and a generalised sequential probability ratio test (the strength experiment's claims,
//! docs/strength.md).

use serde::{Deserialize, Serialize};

/// A summary of a sample.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Sample size.
    pub n: usize,
    /// Mean.
    pub mean: f64,
    /// Sample standard deviation (n - 1 in the denominator; 0 for n < 2).
    pub sd: f64,
    /// Standard error of the mean, `sd / sqrt(n)`.
    pub se: f64,
    /// The 95% confidence interval of the mean (Student's t for small samples).
    pub ci95: [f64; 2],
}

/// Two-sided 97.5% quantiles of Student's t for 1..=30 degrees of freedom.
const T975: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

/// The 97.5% quantile of Student's t with `df` degrees of freedom (normal beyond 30: 1.96
/// is within 0.1% from 120 on; between 30 and 120 a linear blend in 1/df).
pub fn t975(df: usize) -> f64 {
    match df {
        0 => f64::INFINITY,
        1..=30 => T975[df - 1],
        _ => 1.959964 + (2.042 - 1.959964) * 30.0 / df as f64,
    }
}

/// Summarises `xs` (Welford's algorithm, stable for large samples).
pub fn summarize(xs: &[f64]) -> Summary {
    let n = xs.len();
    let (mut mean, mut m2) = (0.0, 0.0);
    for (i, &x) in xs.iter().enumerate() {
        let d = x - mean;
        mean += d / (i + 1) as f64;
        m2 += d * (x - mean);
    }
    let sd = if n > 1 {
        (m2 / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    let se = if n > 0 { sd / (n as f64).sqrt() } else { 0.0 };
    let h = if n > 1 { t975(n - 1) * se } else { 0.0 };
    Summary {
        n,
        mean: if n > 0 { mean } else { f64::NAN },
        sd,
        se,
        ci95: [mean - h, mean + h],
    }
}

/// Least-squares fit of `y = a + b x`: returns `(a, b)`.
pub fn linear_fit(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    let (mx, my) = (sx / n, sy / n);
    let (mut sxx, mut sxy) = (0.0, 0.0);
    for &(x, y) in points {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (y - my);
    }
    let b = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    (my - b * mx, b)
}

/// The 97.5% quantile of the standard normal distribution.
pub const Z975: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of a proportion at 95%: `successes` (fractional successes
/// allowed, e.g. shared wins) out of `n` trials. Never degenerate: 0 of 50 gives
/// `[0, 0.0713]`, not `[0, 0]`. `[0, 1]` for `n = 0`.
pub fn wilson(successes: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = Z975 * Z975;
    let d = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / d;
    let half = Z975 / d * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// `ln(n!)` for the binomial tails (exact sums of logarithms: `n` stays in the thousands).
fn ln_factorial(n: u64) -> f64 {
    (2..=n).map(|i| (i as f64).ln()).sum()
}

/// `P(X >= k)` for `X ~ Binomial(n, 1/2)`, exactly (summed in logs, 1 for `k = 0`).
pub fn binomial_upper_tail(k: u64, n: u64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n {
        return 0.0;
    }
    let ln_n = ln_factorial(n);
    let half = n as f64 * 0.5f64.ln();
    let mut ln_k = ln_factorial(k);
    let mut ln_nk = ln_factorial(n - k);
    let mut sum = 0.0;
    for i in k..=n {
        sum += (ln_n - ln_k - ln_nk + half).exp();
        // Next i: ln(i+1)! and ln(n-i-1)!.
        ln_k += ((i + 1) as f64).ln();
        if n - i > 0 {
            ln_nk -= ((n - i) as f64).ln();
        }
    }
    sum.min(1.0)
}

/// The sign test of a sample against the point `at`: values above and below it (values
/// equal to it are dropped, as usual for the sign test).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct SignTest {
    /// Values above the point.
    pub above: u64,
    /// Values below the point.
    pub below: u64,
    /// Values equal to it (dropped).
    pub ties: u64,
    /// One-sided p-value of "the median is above the point": `P(X >= above)`.
    pub p_above: f64,
    /// One-sided p-value of "the median is below the point": `P(X >= below)`.
    pub p_below: f64,
    /// Two-sided p-value: `min(1, 2 min(p_above, p_below))`.
    pub p_two_sided: f64,
}

/// The exact sign test of `xs` against `at` (binomial with p = 1/2 over the values not
/// equal to `at`, compared to within 1e-12).
pub fn sign_test(xs: &[f64], at: f64) -> SignTest {
    let (mut above, mut below, mut ties) = (0u64, 0u64, 0u64);
    for &x in xs {
        if (x - at).abs() <= 1e-12 {
            ties += 1;
        } else if x > at {
            above += 1;
        } else {
            below += 1;
        }
    }
    let n = above + below;
    let p_above = binomial_upper_tail(above, n);
    let p_below = binomial_upper_tail(below, n);
    SignTest {
        above,
        below,
        ties,
        p_above,
        p_below,
        p_two_sided: (2.0 * p_above.min(p_below)).min(1.0),
    }
}

/// Holm's step-down adjustment of a family of p-values, in the input's order: sorted
/// ascending, the `j`th smallest (from 1) is multiplied by `m - j + 1`, capped at 1, and
/// made non-decreasing. An adjusted p-value is never below its raw one.
pub fn holm(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| ps[a].total_cmp(&ps[b]).then(a.cmp(&b)));
    let mut out = vec![0.0; m];
    let mut running = 0.0f64;
    for (j, &i) in order.iter().enumerate() {
        running = running.max(((m - j) as f64 * ps[i]).min(1.0));
        out[i] = running;
    }
    out
}

/// The quantile of the standard normal distribution at `p` in (0, 1) (Acklam's rational
/// approximation, relative error below 1.2e-9).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.383_577_518_672_69e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] = [
        -5.447609879822406e1,
        1.615858368580409e2,
        -1.556989798598866e2,
        6.680131188771972e1,
        -1.328068155288572e1,
    ];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [
        7.784695709041462e-3,
        3.224671290700398e-1,
        2.445134137142996,
        3.754408661907416,
    ];
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let low = 0.02425;
    if p < low {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - low {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        -normal_quantile(1.0 - p)
    }
}

/// A sequential probability ratio test of a mean: `H0: mu = h0` against `H1: mu = h1`, with
/// error rates `alpha` (accepting H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Sprt {
    /// The mean under the null hypothesis.
    pub h0: f64,
    /// The mean under the alternative.
    pub h1: f64,
    /// The type I error rate.
    pub alpha: f64,
    /// The type II error rate.
    pub beta: f64,
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtState {
    /// The log-likelihood ratio is between the bounds: more samples.
    Continue,
    /// It reached the upper bound: H1 accepted.
    AcceptH1,
    /// It reached the lower bound: H0 accepted.
    AcceptH0,
}

impl Sprt {
    /// Wald's bounds on the log-likelihood ratio: `[ln(beta / (1 - alpha)),
    /// ln((1 - beta) / alpha)]` (about `[-2.944, 2.944]` at 5% and 5%).
    pub fn bounds(&self) -> [f64; 2] {
        [
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        ]
    }

    /// The generalised log-likelihood ratio of `xs` under a normal model whose variance is
    /// the sample's (the GSPRT of fishtest's normalised tests): `n (h1 - h0) (mean - (h0 +
    /// h1) / 2) / var`, the variance floored at `var_floor`. 0 for fewer than two values.
    pub fn llr(&self, xs: &[f64], var_floor: f64) -> f64 {
        if xs.len() < 2 {
            return 0.0;
        }
        let s = summarize(xs);
        let var = (s.sd * s.sd).max(var_floor);
        xs.len() as f64 * (self.h1 - self.h0) * (s.mean - 0.5 * (self.h0 + self.h1)) / var
    }

    /// The state of the test after `xs`.
    pub fn state(&self, xs: &[f64], var_floor: f64) -> SprtState {
        self.state_of(self.llr(xs, var_floor))
    }

    /// The state of a log-likelihood ratio `llr`.
    pub fn state_of(&self, llr: f64) -> SprtState {
        let [lo, hi] = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

/// The samples a one-sample test at level `alpha` (two-sided) needs to detect a mean shift
/// `shift` with power `power` when the standard deviation is `sd` (normal approximation:
/// `((z(1 - alpha/2) + z(power)) sd / shift)^2`, rounded up); `None` when the shift is not
/// positive.
pub fn samples_needed(shift: f64, sd: f64, alpha: f64, power: f64) -> Option<u64> {
    if shift.is_nan() || shift <= 0.0 || !sd.is_finite() {
        return None;
    }
    let z = normal_quantile(1.0 - alpha / 2.0) + normal_quantile(power);
    Some(((z * sd / shift).powi(2)).ceil().max(1.0) as u64)
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the pinned generator of the sign-flip test's Monte Carlo resamples, so a
/// p-value is the same on every machine and run. Each call adds `0x9E3779B97F4A7C15` to the
/// state and mixes it (two multiply-xorshift rounds).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Up to this many values the sign-flip test enumerates every one of the `2^n` sign
/// vectors (exact); beyond it, it draws [`SignFlips::new`]'s resamples.
pub const SIGN_FLIP_EXACT_MAX: usize = 16;

/// Sign vectors whose sums [`sign_vector_pairs`] takes side by side.
const LANES: usize = 4;

/// Pushes on `out`, for each of `K` sign vectors, the pair `(sum e_i x_i, sum e_i)`: vector
/// `j`'s signs are the bits of `words[j * m..(j + 1) * m]` (bit `i % 64` of word `i / 64` set:
/// `e_i = -1`). Each sum adds its terms in the order of `xs`, exactly as a loop that adds
/// `x_i` or subtracts it does (adding `-x` is subtracting `x` in floating point), so the
/// sums are the same to the bit; the `K` vectors' sums are independent chains of additions
/// that the processor overlaps, and the sign is an exclusive or on the sign bit, not a
/// branch on a random bit.
#[inline(always)]
fn sign_vector_pairs<const K: usize>(
    xs: &[f64],
    words: &[u64],
    m: usize,
    out: &mut Vec<(f64, f64)>,
) {
    let mut a = [0.0f64; K];
    let mut minus = [0i64; K];
    for (i, &x) in xs.iter().enumerate() {
        let (w, b) = (i / 64, i % 64);
        for j in 0..K {
            let bit = words[j * m + w] >> b & 1;
            a[j] += f64::from_bits(x.to_bits() ^ (bit << 63));
            minus[j] += bit as i64;
        }
    }
    for j in 0..K {
        // A sum of n terms +-1: n - 2 (the minus signs), exact in f64.
        out.push((a[j], (xs.len() as i64 - 2 * minus[j]) as f64));
    }
}

/// The sign-flip permutation distribution of the sum of a sample's deviations from a point:
/// under the null hypothesis that each value is symmetric about the point (exchangeable
/// signs), every sign vector `e` gives `sum e_i (x_i - at)` with equal probability. Each sign
/// vector is kept as the pair `(sum e_i x_i, sum e_i)`, so the test against any point `at`
/// costs one pass over them (`sum e_i x_i - at sum e_i`), and the interval is found by
/// inverting the test over `at` with the same sign vectors.
///
/// With at most [`SIGN_FLIP_EXACT_MAX`] values every sign vector is enumerated (the
/// identity among them) and the p-value is exact; beyond, `resamples` random sign vectors
/// are drawn from [`SplitMix64`] seeded with `seed` (64 signs per draw, one bit a sign) and
/// the p-value is `(1 + k) / (1 + resamples)`, `k` the resamples at least as extreme (valid
/// at every size: never below the exact p-value's expectation).
#[derive(Clone, Debug)]
pub struct SignFlips {
    /// The sample's sum.
    sum: f64,
    /// Its size.
    n: usize,
    /// Per sign vector: `(sum e_i x_i, sum e_i)`.
    flips: Vec<(f64, f64)>,
    /// Whether every sign vector was enumerated.
    exact: bool,
    /// The tolerance of "at least as extreme" (rounding of equal sums).
    eps: f64,
}

impl SignFlips {
    /// The distribution of `xs`: exact up to [`SIGN_FLIP_EXACT_MAX`] values, else
    /// `resamples` sign vectors from [`SplitMix64`] seeded with `seed`.
    pub fn new(xs: &[f64], resamples: u64, seed: u64) -> SignFlips {
        let n = xs.len();
        let sum: f64 = xs.iter().sum();
        let scale: f64 = xs.iter().map(|x| x.abs()).sum::<f64>() + 1.0;
        let exact = n <= SIGN_FLIP_EXACT_MAX;
        let mut flips = Vec::with_capacity(if exact { 1 << n } else { resamples as usize });
        // Vector `v` of the enumeration has the bits of `v` as its signs (one word); a
        // resample takes its `m` words from the generator in turn, resample after resample.
        // Up to LANES vectors' words are drawn, then their sums taken side by side.
        let (count, m) = if exact {
            (1u64 << n, 1)
        } else {
            (resamples, n.div_ceil(64))
        };
        let mut rng = SplitMix64::new(seed);
        let mut words = vec![0u64; LANES * m];
        let mut done = 0u64;
        while done < count {
            let k = (count - done).min(LANES as u64) as usize;
            for (i, w) in words[..k * m].iter_mut().enumerate() {
                *w = if exact {
                    done + i as u64
                } else {
                    rng.next_u64()
                };
            }
            if k == LANES {
                sign_vector_pairs::<LANES>(xs, &words, m, &mut flips);
            } else {
                for one in words[..k * m].chunks_exact(m) {
                    sign_vector_pairs::<1>(xs, one, m, &mut flips);
                }
            }
            done += k as u64;
        }
        SignFlips {
            sum,
            n,
            flips,
            exact,
            eps: 1e-9 * scale,
        }
    }

    /// Whether the p-values are exact (every sign vector enumerated).
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// The sign vectors used: `2^n` when exact, else the resamples.
    pub fn vectors(&self) -> u64 {
        self.flips.len() as u64
    }

    /// Each sign vector's `(sum e_i x_i, sum e_i)`, in the order drawn: when exact, vector
    /// `v` has `e_i = -1` where bit `i` of `v` is set; else resample `r` takes its signs from
    /// the generator's next `ceil(n / 64)` numbers in turn, bit `i % 64` of number `i / 64`.
    pub fn sums(&self) -> &[(f64, f64)] {
        &self.flips
    }

    /// The two-sided p-value of "the values are symmetric about `at`": the share of sign
    /// vectors whose `|sum e_i (x_i - at)|` is at least the observed `|sum (x_i - at)|`
    /// (exact), or `(1 + k) / (1 + resamples)` (Monte Carlo). 1 for an empty sample.
    pub fn p_value(&self, at: f64) -> f64 {
        if self.n == 0 {
            return 1.0;
        }
        let t = (self.sum - at * self.n as f64).abs() - self.eps;
        let k = self
            .flips
            .iter()
            .filter(|&&(a, b)| (a - at * b).abs() >= t)
            .count() as f64;
        if self.exact {
            (k / self.flips.len() as f64).min(1.0)
        } else {
            ((1.0 + k) / (1.0 + self.flips.len() as f64)).min(1.0)
        }
    }

    /// The `1 - alpha` interval of the centre of symmetry: the points `at` the test does not
    /// reject at `alpha` (`p_value(at) >= alpha`), found by bisection outward from the mean
    /// to within `1e-6` on each side, its bound the last point not rejected, clamped to
    /// `[lo, hi]` (the range the values can take). `anchor`, a point the caller judges with
    /// whether its test rejected there, starts the bracket on its side, so the interval holds
    /// the anchor exactly when the caller's test did not reject: the interval and the
    /// caller's verdict agree at the anchor whatever the rounding.
    pub fn interval(&self, alpha: f64, anchor: Option<(f64, bool)>, lo: f64, hi: f64) -> [f64; 2] {
        if self.n == 0 {
            return [lo, hi];
        }
        let mean = self.sum / self.n as f64;
        let keeps = |at: f64| self.p_value(at) >= alpha;
        let side = |far: f64| -> f64 {
            // `inside` is not rejected, `outside` is (or is the range's end).
            let mut inside = mean;
            let mut outside = far;
            if let Some((a, rejected)) = anchor {
                if (a - mean) * (far - mean) > 0.0 && (a - mean).abs() <= (far - mean).abs() {
                    if rejected {
                        outside = a;
                    } else {
                        inside = a;
                    }
                }
            }
            if outside == far && keeps(outside) {
                return outside;
            }
            while (outside - inside).abs() > 1e-6 {
                let mid = 0.5 * (inside + outside);
                if keeps(mid) {
                    inside = mid;
                } else {
                    outside = mid;
                }
            }
            inside
        };
        [side(lo), side(hi)]
    }
}

/// The two-sided sign-flip permutation test of `xs` against `at` ([`SignFlips`]): exact up
/// to [`SIGN_FLIP_EXACT_MAX`] values, else `resamples` Monte Carlo sign vectors from
/// [`SplitMix64`] seeded with `seed`.
pub fn sign_flip_test(xs: &[f64], at: f64, resamples: u64, seed: u64) -> f64 {
    SignFlips::new(xs, resamples, seed).p_value(at)
}

/// Hoeffding's bound on the two-sided sign-flip p-value of `xs` against `at`: with `d_i =
/// x_i - at`, `P(|sum e_i d_i| >= |sum d_i|) <= 2 exp(-(sum d_i)^2 / (2 sum d_i^2))` for
/// independent fair signs `e_i` (capped at 1). Never below the exact p-value, so a bound
/// below a level proves the exact test below it too (the strength experiment's decisive
/// stop, where Monte Carlo cannot resolve a p-value of `1e-6`).
pub fn sign_flip_bound(xs: &[f64], at: f64) -> f64 {
    let (s, q) = xs.iter().fold((0.0, 0.0), |(s, q), &x| {
        let d = x - at;
        (s + d, q + d * d)
    });
    if q <= 0.0 {
        return 1.0;
    }
    (2.0 * (-(s * s) / (2.0 * q)).exp()).min(1.0)
}

/// `ln Gamma(x)` for `x > 0` (Lanczos, g = 7, nine coefficients: about 15 digits).
pub fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, &g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularised incomplete beta function `I_x(a, b)` (the continued fraction of
/// Numerical Recipes' `betacf`, modified Lentz, to a relative 1e-15).
pub fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    // The fraction converges fast for x < (a + 1) / (a + b + 2); else use the symmetry.
    if x > (a + 1.0) / (a + b + 2.0) {
        return 1.0 - incomplete_beta(1.0 - x, b, a);
    }
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..1000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    front * h / a
}

/// The upper tail `P(T >= t)` of Student's t with `df` degrees of freedom (`df > 0`), from
/// the incomplete beta function: `I_{df / (df + t^2)}(df / 2, 1 / 2) / 2` for `t >= 0`.
pub fn student_t_upper(t: f64, df: f64) -> f64 {
    if t.is_nan() {
        return f64::NAN;
    }
    if t == f64::INFINITY {
        return 0.0;
    }
    if t == f64::NEG_INFINITY {
        return 1.0;
    }
    let tail = 0.5 * incomplete_beta(df / (df + t * t), 0.5 * df, 0.5);
    if t >= 0.0 {
        tail
    } else {
        1.0 - tail
    }
}

/// The quantile of Student's t with `df` degrees of freedom at `p` in (0, 1): the `t` with
/// `P(T <= t) = p`, by bisection on [`student_t_upper`] to a relative 1e-12.
pub fn student_t_quantile(p: f64, df: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    if p < 0.5 {
        return -student_t_quantile(1.0 - p, df);
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while 1.0 - student_t_upper(hi, df) < p {
        hi *= 2.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if 1.0 - student_t_upper(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1e-12 * hi {
            break;
        }
    }
    0.5 * (lo + hi)
}

/// Student's one-sample t test of a mean against a point.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TTest {
    /// The sample's mean.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// The degrees of freedom, `n - 1`.
    pub df: f64,
    /// One-sided p-value of "the mean is above the point".
    pub p_above: f64,
    /// One-sided p-value of "the mean is below the point".
    pub p_below: f64,
    /// Two-sided p-value, `min(1, 2 min(p_above, p_below))`.
    pub p_two_sided: f64,
}

/// Student's t test of the mean of `xs` against `at` (`t = (mean - at) / se`, `n - 1`
/// degrees of freedom). A sample of fewer than two values gives every p-value 1; a sample
/// without spread (every value equal) gives 0 on the side of its mean and 1 on the other
/// (1 on both when the mean is `at`).
pub fn t_test(xs: &[f64], at: f64) -> TTest {
    let s = summarize(xs);
    let df = xs.len().saturating_sub(1) as f64;
    let (p_above, p_below) = if xs.len() < 2 {
        (1.0, 1.0)
    } else if s.se <= 0.0 {
        let d = s.mean - at;
        if d.abs() <= 1e-12 {
            (1.0, 1.0)
        } else if d > 0.0 {
            (0.0, 1.0)
        } else {
            (1.0, 0.0)
        }
    } else {
        let t = (s.mean - at) / s.se;
        (student_t_upper(t, df), student_t_upper(-t, df))
    };
    TTest {
        mean: s.mean,
        se: s.se,
        df,
        p_above,
        p_below,
        p_two_sided: (2.0 * p_above.min(p_below)).min(1.0),
    }
}

/// The two-sided `1 - alpha` t interval of the mean of `xs`: `mean ± q se`, `q` the
/// `1 - alpha / 2` quantile of Student's t with `n - 1` degrees of freedom (`[-inf, inf]`
/// below two values). It excludes a point exactly when [`t_test`]'s two-sided p-value
/// there is below `alpha`.
pub fn t_interval(xs: &[f64], alpha: f64) -> [f64; 2] {
    if xs.len() < 2 {
        return [f64::NEG_INFINITY, f64::INFINITY];
    }
    let s = summarize(xs);
    let q = student_t_quantile(1.0 - alpha / 2.0, (xs.len() - 1) as f64);
    [s.mean - q * s.se, s.mean + q * s.se]
}
