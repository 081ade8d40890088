//! The formulas of Baudet (1978), "On the branching factor of the alpha-beta pruning
//! algorithm" (docs/references.md): the expected number of leaves full alpha-beta
//! examines in a random uniform tree of degree `n` and depth `d` whose leaf values are
//! independent and identically distributed.
//!
//! - [`continuous_leaves`]: eq. 4.5, `N(n,d) = n^floor(d/2) + integral_0^1 R'_d(t) S_d(t) dt`
//!   (values without ties);
//! - [`discrete_leaves`]: eq. 3.11, values `k/m` with any distribution;
//! - [`bivalued_leaves`]: Theorem 3.2, eq. 3.13, values -1 and +1;
//! - [`xi`], [`m_n`]: the constants of Table 5.1.
//!
//! Conventions (the paper's, section 2): the tree is searched in negamax form, a node's
//! value is `max_j -v(child j)`, a leaf's value is seen by the player to move at the leaf,
//! and the cutoff test is `alpha >= beta` (a tie cuts). `gametree::search::alphabeta` on a
//! two-player tree makes the same cutoffs; with leaf values `(v, -v)` for players 0 and 1,
//! the leaf's own value is `v` at even depth and `-v` at odd depth.
//!
//! Baudet's functions, `f_0(x) = x`:
//! `f_i = 1 - (1 - f_{i-1}^n)^n`, `r_i = (1 - f_{i-1}^n) / (1 - f_{i-1})`,
//! `s_i = f_i / f_{i-1}^n`, `R_d = r_1 ... r_ceil(d/2)`, `S_d = s_1 ... s_floor(d/2)`.
//! Both quotients are written as the polynomials they are, so nothing divides by zero:
//! with `y = f_{i-1}`, `r_i = 1 + y + ... + y^(n-1)` and, as `1 - (1-u)^n = u (1 + (1-u) +
//! ... + (1-u)^(n-1))` for `u = y^n`, `s_i = 1 + (1 - y^n) + ... + (1 - y^n)^(n-1)`.

use std::ops::{Add, Mul, Sub};

/// A dual number `v + d e` with `e^2 = 0`: arithmetic on it carries the exact derivative.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dual {
    /// The value.
    pub v: f64,
    /// The derivative.
    pub d: f64,
}

impl Dual {
    /// The variable `x` at `t` (derivative 1).
    pub fn var(t: f64) -> Dual {
        Dual { v: t, d: 1.0 }
    }

    /// A constant.
    pub fn cst(c: f64) -> Dual {
        Dual { v: c, d: 0.0 }
    }

    /// `self^k`.
    pub fn powi(self, k: u32) -> Dual {
        if k == 0 {
            return Dual::cst(1.0);
        }
        let p = self.v.powi(k as i32 - 1);
        Dual {
            v: p * self.v,
            d: k as f64 * p * self.d,
        }
    }
}

impl Add for Dual {
    type Output = Dual;
    fn add(self, o: Dual) -> Dual {
        Dual {
            v: self.v + o.v,
            d: self.d + o.d,
        }
    }
}

impl Sub for Dual {
    type Output = Dual;
    fn sub(self, o: Dual) -> Dual {
        Dual {
            v: self.v - o.v,
            d: self.d - o.d,
        }
    }
}

impl Mul for Dual {
    type Output = Dual;
    fn mul(self, o: Dual) -> Dual {
        Dual {
            v: self.v * o.v,
            d: self.v * o.d + self.d * o.v,
        }
    }
}

/// `1 + y + ... + y^(n-1)` (Horner).
fn geometric(y: Dual, n: u32) -> Dual {
    let mut acc = Dual::cst(1.0);
    for _ in 1..n {
        acc = acc * y + Dual::cst(1.0);
    }
    acc
}

/// `(R_d(t), R'_d(t), S_d(t))` for degree `n`, exactly (dual numbers).
pub(crate) fn r_and_s(n: u32, d: u32, t: f64) -> (f64, f64, f64) {
    let (ceil, floor) = (d.div_ceil(2), d / 2);
    let one = Dual::cst(1.0);
    let mut y = Dual::var(t); // f_{i-1}
    let mut r = one;
    let mut s = one;
    for i in 1..=ceil.max(floor) {
        let yn = y.powi(n);
        if i <= ceil {
            r = r * geometric(y, n);
        }
        if i <= floor {
            s = s * geometric(one - yn, n);
        }
        // f_i = 1 - (1 - y^n)^n
        y = one - (one - yn).powi(n);
    }
    (r.v, r.d, s.v)
}

/// Adaptive Gauss–Kronrod (7, 15) quadrature of `f` on `[a, b]` to absolute error `tol`.
pub(crate) fn integrate(f: &dyn Fn(f64) -> f64, a: f64, b: f64, tol: f64) -> f64 {
    const XK: [f64; 8] = [
        0.991_455_371_120_812_6,
        0.949_107_912_342_758_5,
        0.864_864_423_359_769_1,
        0.741_531_185_599_394_4,
        0.586_087_235_467_691_1,
        0.405_845_151_377_397_2,
        0.207_784_955_007_898_5,
        0.0,
    ];
    const WK: [f64; 8] = [
        0.022_935_322_010_529_22,
        0.063_092_092_629_978_55,
        0.104_790_010_322_250_2,
        0.140_653_259_715_525_9,
        0.169_004_726_639_267_9,
        0.190_350_578_064_785_4,
        0.204_432_940_075_298_9,
        0.209_482_141_084_727_8,
    ];
    const WG: [f64; 4] = [
        0.129_484_966_168_869_7,
        0.279_705_391_489_276_7,
        0.381_830_050_505_118_9,
        0.417_959_183_673_469_4,
    ];
    fn gk(f: &dyn Fn(f64) -> f64, a: f64, b: f64) -> (f64, f64) {
        let (c, h) = ((a + b) / 2.0, (b - a) / 2.0);
        let fc = f(c);
        let (mut k, mut g) = (WK[7] * fc, WG[3] * fc);
        for j in 0..7 {
            let (f1, f2) = (f(c - h * XK[j]), f(c + h * XK[j]));
            k += WK[j] * (f1 + f2);
            if j % 2 == 1 {
                g += WG[j / 2] * (f1 + f2);
            }
        }
        (k * h, ((k - g) * h).abs())
    }
    fn rec(f: &dyn Fn(f64) -> f64, a: f64, b: f64, tol: f64, depth: u32) -> f64 {
        let (k, err) = gk(f, a, b);
        if err <= tol || depth >= 48 {
            return k;
        }
        let m = (a + b) / 2.0;
        rec(f, a, m, tol / 2.0, depth + 1) + rec(f, m, b, tol / 2.0, depth + 1)
    }
    // Start from 16 panels: the integrands have sharp features that one panel could miss.
    let panels = 16;
    let w = (b - a) / panels as f64;
    (0..panels)
        .map(|i| {
            rec(
                f,
                a + w * i as f64,
                a + w * (i + 1) as f64,
                tol / panels as f64,
                0,
            )
        })
        .sum()
}

/// Baudet's eq. 4.5: the expected number of leaves alpha-beta examines in a random uniform
/// tree of degree `n` and depth `d` with continuous iid leaf values (no ties),
/// `n^floor(d/2) + integral_0^1 R'_d(t) S_d(t) dt`.
pub fn continuous_leaves(n: u32, d: u32) -> f64 {
    let base = (n as f64).powi((d / 2) as i32);
    let scale = (n as f64).powi(d as i32);
    let integral = integrate(
        &|t| {
            let (_, dr, s) = r_and_s(n, d, t);
            dr * s
        },
        0.0,
        1.0,
        1e-12 * scale.max(1.0),
    );
    base + integral
}

/// Baudet's eq. 3.11: the expected number of leaves alpha-beta examines when the leaf
/// values are `k/m`, `-m <= k <= m`, the value seen by the player to move at the leaf being
/// `k/m` with probability `p0[k + m]` (`p0.len() = 2m + 1`, summing to 1).
///
/// `P_i(k) = p_i(-k) + ... + p_i(m)` (the distribution of minus the value at depth `d - i`)
/// follows eq. 3.2, `P_{i+1}(-k-1) = 1 - P_i(k)^n`; then `rho_i(k) = sum_{j<n} P_i(k)^j`,
/// `sigma_i(k) = sum_{j<n} P_i(-k-1)^j` and
/// `N = n^floor(d/2) + sum_{k=-m}^{m} [prod_e rho_i(k) - prod_e rho_i(k-1)] prod_o sigma_i(k)`,
/// products over the even (`e`) and odd (`o`) `i` of `0..d`.
pub fn discrete_leaves(n: u32, d: u32, p0: &[f64]) -> f64 {
    let m = (p0.len() - 1) / 2;
    let len = 2 * m + 2; // k = -m-1 ..= m, index k + m + 1
    let idx = |k: i64| (k + m as i64 + 1) as usize;
    // P_0(k) = p0(-k) + ... + p0(m).
    let mut p = vec![0.0; len];
    for k in -(m as i64)..=m as i64 {
        let mut acc = 0.0;
        for j in -k..=m as i64 {
            acc += p0[(j + m as i64) as usize];
        }
        p[idx(k)] = acc;
    }
    let pow_sum = |y: f64| {
        let mut acc = 1.0;
        for _ in 1..n {
            acc = acc * y + 1.0;
        }
        acc
    };
    let mut prod_e = vec![1.0; len]; // indexed by k + m + 1
    let mut prod_o = vec![1.0; len];
    for i in 0..d {
        for k in -(m as i64) - 1..=m as i64 {
            if i % 2 == 0 {
                prod_e[idx(k)] *= pow_sum(p[idx(k)]);
            } else {
                // P_i(-k-1), k in -m-1..=m: -k-1 in -m-1..=m.
                prod_o[idx(k)] *= pow_sum(p[idx(-k - 1)]);
            }
        }
        // Eq. 3.2: P_{i+1}(j) = 1 - P_i(-j-1)^n.
        let next: Vec<f64> = (-(m as i64) - 1..=m as i64)
            .map(|j| 1.0 - p[idx(-j - 1)].powi(n as i32))
            .collect();
        p = next;
    }
    let mut total = (n as f64).powi((d / 2) as i32);
    for k in -(m as i64)..=m as i64 {
        total += (prod_e[idx(k)] - prod_e[idx(k - 1)]) * prod_o[idx(k)];
    }
    total
}

/// Baudet's Theorem 3.2 (eq. 3.13): the expected number of leaves alpha-beta examines when
/// every leaf is +1 with probability `p` and -1 otherwise, seen by the player to move at the
/// leaf: `T = n^ceil(d/2) + n^floor(d/2) - 1 + (P_e - 1)(P_o - 1)` with `p_0 = p`,
/// `p_i = 1 - p_{i-1}^n` and `P_e`, `P_o` the products over even and odd `i < d` of
/// `p_{i+1} / (1 - p_i) = 1 + p_i + ... + p_i^(n-1)`.
pub fn bivalued_leaves(n: u32, d: u32, p: f64) -> f64 {
    let (mut pe, mut po, mut pi) = (1.0, 1.0, p);
    for i in 0..d {
        let mut g = 1.0;
        for _ in 1..n {
            g = g * pi + 1.0;
        }
        if i % 2 == 0 {
            pe *= g;
        } else {
            po *= g;
        }
        pi = 1.0 - pi.powi(n as i32);
    }
    let nf = n as f64;
    nf.powi(d.div_ceil(2) as i32) + nf.powi((d / 2) as i32) - 1.0 + (pe - 1.0) * (po - 1.0)
}

/// `xi_n`, the positive root of `x^n + x - 1 = 0` (bisection to machine precision).
pub fn xi(n: u32) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid.powi(n as i32) + mid - 1.0 < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// `r_1(x) s_1(x) = (1 + x + ... + x^(n-1)) (1 + (1 - x^n) + ... + (1 - x^n)^(n-1))`.
pub(crate) fn r1_s1(n: u32, x: f64) -> f64 {
    let g = |y: f64| {
        let mut acc = 1.0;
        for _ in 1..n {
            acc = acc * y + 1.0;
        }
        acc
    };
    g(x) * g(1.0 - x.powi(n as i32))
}

/// `M_n = max over [0, 1] of r_1(x) s_1(x)` (Lemma 5.2): a grid of 4,000 points, then golden
/// section search around the best.
pub fn m_n(n: u32) -> f64 {
    let grid = 4000;
    let best = (0..=grid)
        .map(|i| i as f64 / grid as f64)
        .max_by(|a, b| r1_s1(n, *a).total_cmp(&r1_s1(n, *b)))
        .unwrap_or(0.5);
    let (mut a, mut b) = (
        (best - 1.0 / grid as f64).max(0.0),
        (best + 1.0 / grid as f64).min(1.0),
    );
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..200 {
        let c = b - g * (b - a);
        let e = a + g * (b - a);
        if r1_s1(n, c) > r1_s1(n, e) {
            b = e;
        } else {
            a = c;
        }
    }
    r1_s1(n, 0.5 * (a + b))
}

/// Table 5.1 of the paper for `n = 2..=32`: `(n, lower bound xi/(1-xi), sqrt(M_n),
/// sqrt(n xi/(1-xi)))`, transcribed from a scan of the paper (the n = 2
/// entry of the third column is garbled there, "1199", and is 1.799 by the formula).
pub const TABLE_5_1: [(u32, f64, f64, f64); 31] = [
    (2, 1.618, 1.622, 1.799),
    (3, 2.148, 2.168, 2.538),
    (4, 2.630, 2.678, 3.243),
    (5, 3.080, 3.166, 3.924),
    (6, 3.506, 3.638, 4.587),
    (7, 3.915, 4.098, 5.235),
    (8, 4.309, 4.549, 5.872),
    (9, 4.692, 4.993, 6.498),
    (10, 5.064, 5.430, 7.116),
    (11, 5.427, 5.862, 7.726),
    (12, 5.782, 6.290, 8.330),
    (13, 6.130, 6.713, 8.927),
    (14, 6.473, 7.133, 9.519),
    (15, 6.809, 7.549, 10.107),
    (16, 7.141, 7.963, 10.689),
    (17, 7.468, 8.373, 11.268),
    (18, 7.791, 8.782, 11.842),
    (19, 8.110, 9.188, 12.413),
    (20, 8.425, 9.591, 12.980),
    (21, 8.736, 9.993, 13.545),
    (22, 9.045, 10.393, 14.106),
    (23, 9.350, 10.791, 14.665),
    (24, 9.653, 11.188, 15.221),
    (25, 9.952, 11.583, 15.774),
    (26, 10.250, 11.976, 16.325),
    (27, 10.545, 12.369, 16.873),
    (28, 10.838, 12.759, 17.420),
    (29, 11.128, 13.149, 17.964),
    (30, 11.416, 13.537, 18.507),
    (31, 11.703, 13.924, 19.047),
    (32, 11.987, 14.310, 19.586),
];

/// Our Table 5.1 line for `n`: `(xi/(1-xi), sqrt(M_n), sqrt(n xi/(1-xi)))`.
pub fn table_5_1_line(n: u32) -> (f64, f64, f64) {
    let x = xi(n);
    let q = x / (1.0 - x);
    (q, m_n(n).sqrt(), (n as f64 * q).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases_by_hand() {
        // d = 1: all n leaves; d = 2, n = 2: 2 + 1 + 2/3 (the third leaf is not the smallest
        // of three with probability 2/3).
        for n in 2..=6 {
            assert!((continuous_leaves(n, 1) - n as f64).abs() < 1e-9);
        }
        assert!((continuous_leaves(2, 2) - 11.0 / 3.0).abs() < 1e-9);
        assert!((xi(2) - (5f64.sqrt() - 1.0) / 2.0).abs() < 1e-15);
        assert!((bivalued_leaves(2, 2, 0.0) - 3.0).abs() < 1e-12);
    }
}
