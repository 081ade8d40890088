//! Sample statistics: mean, standard deviation, standard error and a 95% interval.

use serde::Serialize;

/// A summary of a sample.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
