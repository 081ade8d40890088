//! Tournament statistics from finishing orders: each engine's win share with a 95% interval
//! over games, a pairwise table with an exact sign test, and ratings on the Elo scale with
//! bootstrap intervals (docs/tournament.md).
//!
//! The input is one [`Finish`] per game: the engine at each seat and each seat's final score
//! (higher is better; equal scores share a place). Everything here is a pure function of
//! that list and, for the bootstrap, an explicit seed: the same games give the same numbers.
//!
//! - [`win_shares`]: a seat with the sole best score wins 1, a `k`-way tie for best gives
//!   `1/k` to each; an engine's win share is its wins over its seats, with a 95% interval
//!   over games (games are the independent units; an engine may hold several seats of one
//!   game, so the interval is that of a ratio estimator, see [`win_shares`]).
//! - [`pairwise`]: for every pair of engines, the games where both sat, how often each
//!   finished ahead, and the exact two-sided sign test ([`sign_test`]).
//! - [`rate`]: the Bradley-Terry model (Bradley & Terry 1952) fitted by Hunter's MM
//!   algorithm (Hunter 2004) on the pairwise finishes of every game, on the Elo scale
//!   (`400 log10` of the strength, anchored at mean 0); with two engines this is exactly the
//!   Elo difference of their score (Elo 1978). Intervals by a seeded bootstrap over games
//!   (Efron 1979).

use gametree::rng::SplitMix64;
use gametree::Score;
use serde::{Deserialize, Serialize};

use rayon::prelude::*;

use crate::runner::trial_seed;
use crate::stats::t975;

/// One game's finish: the engine (an index) at each seat and each seat's final score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish<'a> {
    /// The engine at each seat.
    pub seats: &'a [usize],
    /// The final score of each seat (higher is better; equal scores share a place).
    pub scores: &'a [Score],
}

impl Finish<'_> {
    /// The place of each seat: 1 + the number of seats with a strictly better score (ties
    /// share a place, the next place is skipped: 1, 1, 3).
    pub fn ranks(&self) -> Vec<u32> {
        self.scores
            .iter()
            .map(|&s| 1 + self.scores.iter().filter(|&&t| t > s).count() as u32)
            .collect()
    }

    /// Each seat's win share: 1 for the sole best score, `1/k` for a `k`-way tie for best,
    /// else 0.
    pub fn win_shares(&self) -> Vec<f64> {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let k = self.scores.iter().filter(|&&s| s == best).count() as f64;
        self.scores
            .iter()
            .map(|&s| if s == best { 1.0 / k } else { 0.0 })
            .collect()
    }

    /// Engine `e`'s share of this game's win: the win shares of its seats, summed (0 when
    /// it did not sit).
    pub fn share_of(&self, e: usize) -> f64 {
        self.seats
            .iter()
            .zip(self.win_shares())
            .filter(|(&s, _)| s == e)
            .map(|(_, w)| w)
            .sum()
    }

    /// The credit of engine `a` against engine `b` in this game, if both sat: the share of
    /// seat pairs (a seat of `a`, a seat of `b`) where `a`'s seat finished ahead, ties
    /// counting half. `None` if one of them did not sit.
    pub fn credit(&self, a: usize, b: usize) -> Option<f64> {
        let (mut pairs, mut credit) = (0u32, 0.0);
        for (i, &ea) in self.seats.iter().enumerate() {
            if ea != a {
                continue;
            }
            for (j, &eb) in self.seats.iter().enumerate() {
                if eb != b {
                    continue;
                }
                pairs += 1;
                credit += match self.scores[i].cmp(&self.scores[j]) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
        }
        (pairs > 0).then(|| credit / f64::from(pairs))
    }
}

/// One engine's win share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinShare {
    /// Games in which the engine sat.
    pub games: usize,
    /// Seats it held over those games.
    pub seats: usize,
    /// Its win shares summed.
    pub wins: f64,
    /// `wins / seats`.
    pub share: f64,
    /// The standard error of `share` over games (0 for fewer than two games).
    pub se: f64,
    /// The 95% interval of `share` over games.
    pub ci95: [f64; 2],
}

/// Each engine's win share with a 95% interval over games.
///
/// With `w_g` the engine's wins and `s_g` its seats in game `g` (over the `n` games where it
/// sat), the share is `W / S = sum w_g / sum s_g`, and its standard error that of a ratio
/// estimator, `sqrt(sum (w_g - share s_g)^2 / (n (n - 1))) / mean(s_g)`; the interval is the
/// share plus or minus Student's 97.5% quantile for `n - 1` degrees of freedom times that
/// error. When the engine holds one seat in every game this is the usual t interval of the
/// mean of its per-game wins. An engine that always (or never) wins has a zero-width
/// interval; fewer than two games give a zero-width interval too. The interval is clipped
/// to `[0, 1]`.
pub fn win_shares(engines: usize, games: &[Finish<'_>]) -> Vec<WinShare> {
    let mut per_game: Vec<Vec<(f64, f64)>> = vec![Vec::new(); engines];
    for g in games {
        let shares = g.win_shares();
        let mut w = vec![0.0; engines];
        let mut s = vec![0.0; engines];
        for (p, &e) in g.seats.iter().enumerate() {
            if e < engines {
                w[e] += shares[p];
                s[e] += 1.0;
            }
        }
        for e in 0..engines {
            if s[e] > 0.0 {
                per_game[e].push((w[e], s[e]));
            }
        }
    }
    per_game
        .iter()
        .map(|xs| {
            let n = xs.len();
            let wins: f64 = xs.iter().map(|x| x.0).sum();
            let seats: f64 = xs.iter().map(|x| x.1).sum();
            let share = if seats > 0.0 { wins / seats } else { f64::NAN };
            let se = if n > 1 {
                let ss: f64 = xs.iter().map(|&(w, s)| (w - share * s).powi(2)).sum();
                let mean_seats = seats / n as f64;
                (ss / (n * (n - 1)) as f64).sqrt() / mean_seats
            } else {
                0.0
            };
            let half = if n > 1 { t975(n - 1) * se } else { 0.0 };
            WinShare {
                games: n,
                seats: seats as usize,
                wins,
                share,
                se,
                ci95: [(share - half).max(0.0), (share + half).min(1.0)],
            }
        })
        .collect()
}

/// The head-to-head record of two engines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairwise {
    /// The first engine.
    pub a: usize,
    /// The second engine.
    pub b: usize,
    /// Games in which both sat.
    pub games: usize,
    /// Games where `a` finished ahead of `b` (its credit, see [`Finish::credit`], above 1/2).
    pub a_ahead: usize,
    /// Games where `b` finished ahead of `a`.
    pub b_ahead: usize,
    /// Games where neither was ahead (credit exactly 1/2: a shared place).
    pub even: usize,
    /// `a`'s mean credit over those games (ties count half).
    pub score: f64,
    /// The exact two-sided sign test of `a_ahead` against `b_ahead` ([`sign_test`]).
    pub p_value: f64,
}

/// The head-to-head table: one [`Pairwise`] for each pair `a < b` of the `engines` engines.
pub fn pairwise(engines: usize, games: &[Finish<'_>]) -> Vec<Pairwise> {
    let mut out = Vec::new();
    for a in 0..engines {
        for b in a + 1..engines {
            let (mut n, mut ahead, mut behind, mut even, mut credit) = (0, 0, 0, 0, 0.0);
            for g in games {
                if let Some(c) = g.credit(a, b) {
                    n += 1;
                    credit += c;
                    if c > 0.5 {
                        ahead += 1;
                    } else if c < 0.5 {
                        behind += 1;
                    } else {
                        even += 1;
                    }
                }
            }
            out.push(Pairwise {
                a,
                b,
                games: n,
                a_ahead: ahead,
                b_ahead: behind,
                even,
                score: if n > 0 { credit / n as f64 } else { f64::NAN },
                p_value: sign_test(ahead as u64, behind as u64),
            });
        }
    }
    out
}

/// The exact two-sided sign test: the probability, if each decided game were a fair coin,
/// of a split at least as uneven as `ahead` to `behind` (ties are left out beforehand).
/// With `n = ahead + behind` and `m = min(ahead, behind)`, it is
/// `min(1, 2 P(X <= m))` for `X ~ Binomial(n, 1/2)`; 1 when `n = 0`. Exact up to floating
/// point (the terms are summed from the largest down, relative to it, so nothing underflows
/// before it is negligible).
pub fn sign_test(ahead: u64, behind: u64) -> f64 {
    let n = ahead + behind;
    let m = ahead.min(behind);
    // An even split, or one game off it with n odd: P(X <= m) >= 1/2 exactly.
    if n == 0 || 2 * m + 1 >= n {
        return 1.0;
    }
    // ln P(X = m) = ln C(n, m) - n ln 2.
    let mut ln_top = -(n as f64) * std::f64::consts::LN_2;
    for i in 1..=m {
        ln_top += ((n - m + i) as f64).ln() - (i as f64).ln();
    }
    // P(X <= m) / P(X = m) = sum over i = m, m-1, ..., 0 of P(X = i) / P(X = m).
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    let mut i = m;
    while i > 0 && term > 1e-18 * sum {
        term *= i as f64 / (n - i + 1) as f64;
        sum += term;
        i -= 1;
    }
    (2.0 * (ln_top.exp() * sum)).min(1.0)
}

/// Which rating model [`rate`] fitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingMethod {
    /// Two engines: the Elo difference of their head-to-head score.
    Elo,
    /// Three or more engines: Bradley-Terry on pairwise finishes.
    BradleyTerry,
}

/// The settings of [`rate`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingConfig {
    /// Bootstrap resamples for the intervals (0: no intervals, each is the point itself).
    pub bootstrap: usize,
    /// The seed of the bootstrap.
    pub seed: u64,
    /// Virtual drawn comparisons added to every pair of engines (a prior that keeps the
    /// ratings finite when an engine wins or loses every comparison; 0 for none).
    pub prior: f64,
}

impl Default for RatingConfig {
    /// 1,000 resamples, seed 1, one virtual draw per pair.
    fn default() -> RatingConfig {
        RatingConfig {
            bootstrap: 1000,
            seed: 1,
            prior: 1.0,
        }
    }
}

/// One engine's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating on the Elo scale; the engines' ratings have mean 0.
    pub elo: f64,
    /// The 95% bootstrap percentile interval of `elo`.
    pub ci95: [f64; 2],
}

/// The ratings of all engines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    /// The model.
    pub method: RatingMethod,
    /// The settings used.
    pub config: RatingConfig,
    /// One rating per engine, in engine order.
    pub engines: Vec<Rating>,
}

/// The largest rating magnitude reported (an engine that wins every comparison without a
/// prior has an infinite maximum-likelihood rating; it is shown as this).
pub const ELO_LIMIT: f64 = 4000.0;

/// Pairwise comparison totals: `wins[i][j]` is `i`'s credit against `j` summed over games,
/// `wins[i][j] + wins[j][i]` the number of games both sat in.
pub fn comparisons(engines: usize, games: &[Finish<'_>]) -> Vec<Vec<f64>> {
    let credits = game_credits(engines, games);
    let mut w = vec![vec![0.0; engines]; engines];
    for g in 0..games.len() {
        add_game(&mut w, &credits, g);
    }
    w
}

/// The pairs `(a, b)`, `a < b`, of `engines` engines in order.
fn pairs(engines: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..engines).flat_map(move |a| (a + 1..engines).map(move |b| (a, b)))
}

/// Each game's credit for each pair of [`pairs`] (NaN where one of them did not sit),
/// computed once for the fit and every bootstrap resample.
fn game_credits(engines: usize, games: &[Finish<'_>]) -> Vec<f32> {
    let mut out = Vec::with_capacity(games.len() * engines * engines.saturating_sub(1) / 2);
    for g in games {
        out.extend(pairs(engines).map(|(a, b)| g.credit(a, b).map_or(f32::NAN, |c| c as f32)));
    }
    out
}

/// Adds game `g` of `credits` (from [`game_credits`]) to the totals `w`.
fn add_game(w: &mut [Vec<f64>], credits: &[f32], g: usize) {
    let k = w.len();
    let per_game = k * k.saturating_sub(1) / 2;
    for ((a, b), &c) in pairs(k).zip(&credits[g * per_game..(g + 1) * per_game]) {
        if !c.is_nan() {
            w[a][b] += f64::from(c);
            w[b][a] += 1.0 - f64::from(c);
        }
    }
}

/// The Bradley-Terry fit (Bradley & Terry 1952) of the comparison totals `wins` (as from
/// [`comparisons`], plus `prior` virtual draws per pair: `prior / 2` credit each way) by the
/// MM algorithm of Hunter (2004): `pi_i <- W_i / sum_j n_ij / (pi_i + pi_j)` with `W_i`
/// the credit of `i` and `n_ij` the comparisons of `i` and `j`, all strengths updated from
/// the previous round, renormalised to geometric mean 1, until no rating moves by more than
/// 1e-9 Elo (at most 100,000 rounds). Returns the ratings `400 log10 pi_i` (mean 0),
/// clamped to [`ELO_LIMIT`]. An engine with no comparisons gets 0. With two engines the fit
/// is `+-200 log10(s / (1 - s))` for the first engine's (prior-adjusted) score `s`.
pub fn bradley_terry(wins: &[Vec<f64>], prior: f64) -> Vec<f64> {
    let k = wins.len();
    let n = |i: usize, j: usize| wins[i][j] + wins[j][i] + prior;
    let credit: Vec<f64> = (0..k)
        .map(|i| {
            (0..k)
                .filter(|&j| j != i && n(i, j) > 0.0)
                .map(|j| wins[i][j] + prior / 2.0)
                .sum()
        })
        .collect();
    let played: Vec<bool> = (0..k)
        .map(|i| (0..k).any(|j| j != i && n(i, j) > 0.0))
        .collect();
    // Log strengths (natural log), clamped so that a never-winning engine stays finite.
    let lim = ELO_LIMIT / 400.0 * std::f64::consts::LN_10;
    let mut lp = vec![0.0f64; k];
    for _ in 0..100_000 {
        let pi: Vec<f64> = lp.iter().map(|x| x.exp()).collect();
        let mut next = lp.clone();
        for i in 0..k {
            if !played[i] {
                continue;
            }
            let denom: f64 = (0..k)
                .filter(|&j| j != i && n(i, j) > 0.0)
                .map(|j| n(i, j) / (pi[i] + pi[j]))
                .sum();
            next[i] = if credit[i] > 0.0 {
                (credit[i] / denom).ln()
            } else {
                -lim - 1.0
            };
        }
        let count = played.iter().filter(|&&p| p).count().max(1) as f64;
        let mean: f64 = (0..k).filter(|&i| played[i]).map(|i| next[i]).sum::<f64>() / count;
        for i in 0..k {
            next[i] = if played[i] {
                (next[i] - mean).clamp(-2.0 * lim, 2.0 * lim)
            } else {
                0.0
            };
        }
        let moved = (0..k).map(|i| (next[i] - lp[i]).abs()).fold(0.0, f64::max);
        lp = next;
        if moved * 400.0 / std::f64::consts::LN_10 < 1e-9 {
            break;
        }
    }
    // Anchor at mean 0 on the Elo scale, then clamp.
    let elo: Vec<f64> = lp
        .iter()
        .map(|x| 400.0 * x / std::f64::consts::LN_10)
        .collect();
    let mean = elo.iter().sum::<f64>() / k.max(1) as f64;
    elo.iter()
        .map(|e| (e - mean).clamp(-ELO_LIMIT, ELO_LIMIT))
        .collect()
}

/// Ratings of `engines` engines from `games` ([`bradley_terry`] on [`comparisons`]), with
/// 95% intervals from `config.bootstrap` resamples of the games (drawn with replacement by
/// [`SplitMix64`], resample `i` seeded with `trial_seed(config.seed, i)`, in parallel; each
/// resample is refitted; the interval is the
/// 2.5th and 97.5th percentiles, interpolated linearly between order statistics).
/// [`RatingMethod::Elo`] for two engines (or fewer), else [`RatingMethod::BradleyTerry`].
pub fn rate(engines: usize, games: &[Finish<'_>], config: &RatingConfig) -> Ratings {
    rate_resampled(engines, games, config).0
}

/// [`rate`], with the bootstrap's resamples: resample `i` (of `config.bootstrap`, none
/// without games) is the ratings of every engine refitted on the `i`th resample of the
/// games, so one resample's ratings keep their dependence on each other (a statistic of
/// the whole order, such as a rank correlation, can be bootstrapped from them).
pub fn rate_resampled(
    engines: usize,
    games: &[Finish<'_>],
    config: &RatingConfig,
) -> (Ratings, Vec<Vec<f64>>) {
    let credits = game_credits(engines, games);
    let point = bradley_terry(&comparisons(engines, games), config.prior);
    // Each resample has its own seed (from the configuration's seed and its number), so the
    // intervals do not depend on how many threads draw them.
    let resamples: Vec<Vec<f64>> = if games.is_empty() {
        Vec::new()
    } else {
        (0..config.bootstrap)
            .into_par_iter()
            .map(|i| {
                let mut rng = SplitMix64::new(trial_seed(config.seed, i as u64));
                let mut w = vec![vec![0.0; engines]; engines];
                for _ in 0..games.len() {
                    add_game(&mut w, &credits, rng.below(games.len() as u64) as usize);
                }
                bradley_terry(&w, config.prior)
            })
            .collect()
    };
    let engines_out = point
        .iter()
        .enumerate()
        .map(|(e, &elo)| {
            let mut s: Vec<f64> = resamples.iter().map(|r| r[e]).collect();
            s.sort_by(f64::total_cmp);
            let ci95 = if s.is_empty() {
                [elo, elo]
            } else {
                [percentile(&s, 0.025), percentile(&s, 0.975)]
            };
            Rating { elo, ci95 }
        })
        .collect();
    let ratings = Ratings {
        method: if engines <= 2 {
            RatingMethod::Elo
        } else {
            RatingMethod::BradleyTerry
        },
        config: *config,
        engines: engines_out,
    };
    (ratings, resamples)
}

/// `elo` at the precision bootstrap resamples are stored with (0.1 Elo): the strength
/// experiment's rating rows and `gametree advise`'s JSON keep them so, and the budget ladder
/// compares ratings at it (engines with the same record get ratings that differ only in the
/// fit's last digits, and tie).
pub fn to_tenth(elo: f64) -> f64 {
    (elo * 10.0).round() / 10.0
}

/// The `q` quantile of the sorted, non-empty `xs`, interpolated linearly between order
/// statistics (position `q (n - 1)`).
pub fn percentile(xs: &[f64], q: f64) -> f64 {
    let pos = q * (xs.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    xs[lo] + (xs[hi] - xs[lo]) * (pos - lo as f64)
}
