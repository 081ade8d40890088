//! Sample statistics: mean, standard deviation, standard error and a 95% interval; Wilson
//! intervals of proportions, the exact sign test, Holm's adjustment of a family of p-values
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
