//! Deciding a claim about two engines from their games, group by group: the statistics the
//! strength experiment judges the papers' claims with (`reproduce beyond/strength`) and
//! [`crate::compare`] decides a user's comparison with, in one place.
//!
//! A **group** is one opening played in every seat assignment of the engines (2 games on two
//! seats, 6 on three, 14 on four): the unit of sampling, whose win rate (the first engine's
//! share of the wins, ties shared) is 0.5 when the seat and not the engine decides. A claim
//! ([`Claim`]) is judged by a test of the mean of the group win rates ([`claim_test`]); a
//! match stops early by [`sequential`], when a test falls below a level shared over its looks
//! (decisive) or when futility tests rule out an effect either way (futile); [`decision`]
//! words the result, [`claim_interval`] gives the interval that agrees with it.

use serde::{Deserialize, Serialize};

use crate::stats::{
    samples_needed, sign_flip_bound, summarize, t_interval, t_test, SignFlips, Sprt, SprtState,
    Summary,
};
use crate::tournament::GameResult;

/// What a claim says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The first engine is stronger than the second: its win rate is above 1/2.
    Beats,
    /// The first engine is not weaker: its win rate is not below 1/2 by more than
    /// [`MARGIN`].
    AtLeastAsGood,
    /// They are about equal: the first engine's win rate is within [`MARGIN`] of
    /// 1/2.
    AboutEqual,
    /// The first match's first engine does better against the common opponent than the
    /// second match's first engine: its win rate is higher, paired by opening (Esser et
    /// al.: BRS+ wins more often against max^n than BRS does).
    Improves,
    /// In a free-for-all of several engines at one table, the first wins the largest share
    /// of the games: its win share exceeds every other engine's, paired by opening.
    WinsMost,
}

impl Claim {
    /// The kind's word in the JSON.
    pub fn word(self) -> &'static str {
        match self {
            Claim::Beats => "beats",
            Claim::AtLeastAsGood => "at-least-as-good",
            Claim::AboutEqual => "about-equal",
            Claim::Improves => "improves",
            Claim::WinsMost => "wins-most",
        }
    }
}

/// One group's (one opening's) results in a match: its games and each engine's wins (a win
/// shared by tied seats split among them), the engines in the match's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupWins {
    /// The opening (a card game's deal less one).
    pub opening: u64,
    /// The group's games.
    pub games: u64,
    /// Each engine's wins over them, first engine first.
    pub wins: Vec<f64>,
}

/// The per-group results of one match a claim rests on: enough to recompute the claim's
/// p-value without replaying a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchGroups {
    /// The engines, first engine first.
    pub engines: Vec<String>,
    /// The groups judged, in order of opening.
    pub groups: Vec<GroupWins>,
}

impl Claim {
    /// The futility tests of a match of this claim ([`sequential`]), symmetric about the
    /// null: "beats" H0 `0.5` against H1 `0.5 +` [`EFFECT`] (the paper's effect) and
    /// against H1 `0.5 -` [`EFFECT`] (the same effect against it); "at least as good" H0
    /// `0.5 -` [`MARGIN`] against H1 `0.5` and against H1 `0.5 - 2` [`MARGIN`]. Error rates
    /// [`SPRT_ALPHA`] and [`SPRT_BETA`]. "About equal" has none (only a decisive test stops
    /// it), nor have the claims on several matches ("improves", "wins most"): their matches
    /// run to their cap.
    pub fn sprts(self) -> Vec<Sprt> {
        let t = |h0: f64, h1: f64| Sprt {
            h0,
            h1,
            alpha: SPRT_ALPHA,
            beta: SPRT_BETA,
        };
        match self {
            Claim::Beats => vec![t(0.5, 0.5 + EFFECT), t(0.5, 0.5 - EFFECT)],
            Claim::AtLeastAsGood => vec![t(0.5 - MARGIN, 0.5), t(0.5 - MARGIN, 0.5 - 2.0 * MARGIN)],
            Claim::AboutEqual | Claim::Improves | Claim::WinsMost => Vec::new(),
        }
    }

    /// Whether a decisive test may stop a match of this claim (a claim on one match).
    pub fn stops(self) -> bool {
        matches!(
            self,
            Claim::Beats | Claim::AtLeastAsGood | Claim::AboutEqual
        )
    }
}

/// The margin of "about equal" and "at least as good" claims, in win rate.
pub const MARGIN: f64 = 0.1;

/// The effect the sequential test of a "beats" claim looks for, in win rate: the papers'
/// effects are 5 to 10 points.
pub const EFFECT: f64 = 0.05;

/// The level of the claims' tests, after Holm's adjustment over the family.
pub const ALPHA: f64 = 0.05;

/// The Monte Carlo resamples of the sign-flip permutation test beyond
/// [`crate::stats::SIGN_FLIP_EXACT_MAX`] groups (below, every sign vector is
/// enumerated).
pub const PERMUTATION_RESAMPLES: u64 = 100_000;

/// The seed of the sign-flip test's [`crate::stats::SplitMix64`] resamples.
pub const PERMUTATION_SEED: u64 = 0x5743_0044;

/// The decision of a claim whose match the futility rule stopped and whose test is not
/// significant: the paper's effect is ruled out at the futility tests' error rates.
pub const ABSENT: &str = "absent at this budget";

/// The futility tests' type I error rate.
pub const SPRT_ALPHA: f64 = 0.05;

/// The sequential tests' type II error rate.
pub const SPRT_BETA: f64 = 0.05;

/// The fewest groups a sequential test looks at, and a claim needs for a verdict.
pub const MIN_GROUPS: usize = 8;

/// The floor of the group win rates' variance in the sequential tests (a standard
/// deviation of 0.1: a few equal groups do not end a match).
pub const VAR_FLOOR: f64 = 0.01;

/// The decision of a claim's tests, given the adjusted p-value and which way the data lean
/// (`agrees`: toward the claim): `agrees` or `disagrees` when the Holm-adjusted p-value is
/// below [`ALPHA`], `inconclusive` otherwise.
pub fn decide(holm_p: f64, agrees: bool) -> &'static str {
    if holm_p < ALPHA {
        if agrees {
            "agrees"
        } else {
            "disagrees"
        }
    } else {
        "inconclusive"
    }
}

/// The decision of a claim row: `too-few` without verdicts (quick mode) or with fewer than
/// [`MIN_GROUPS`] groups; else [`decide`], except that an insignificant claim whose match
/// the futility rule stopped is [`ABSENT`] (the effect the paper reports is ruled out at
/// the futility tests' error rates), counted apart from `inconclusive` and `too-few`.
pub fn decision(
    verdicts: bool,
    groups: usize,
    holm_p: f64,
    agrees: bool,
    futile: bool,
) -> &'static str {
    if !verdicts || groups < MIN_GROUPS {
        return "too-few";
    }
    match decide(holm_p, agrees) {
        "inconclusive" if futile => ABSENT,
        d => d,
    }
}

/// The point a claim's test is centred on: 0.5 for "beats", `0.5 - MARGIN` for "at least
/// as good", 0.5 (the band's centre) for "about equal", 0 for the paired differences of
/// "improves" and "wins most".
pub fn null_of(claim: Claim) -> f64 {
    match claim {
        Claim::Beats | Claim::AboutEqual => 0.5,
        Claim::AtLeastAsGood => 0.5 - MARGIN,
        Claim::Improves | Claim::WinsMost => 0.0,
    }
}

fn permutation_words(xs: &[f64]) -> String {
    if xs.len() <= crate::stats::SIGN_FLIP_EXACT_MAX {
        format!("exact over all 2^{} sign vectors", xs.len())
    } else {
        format!(
            "Monte Carlo over {PERMUTATION_RESAMPLES} sign vectors of SplitMix64 seeded {PERMUTATION_SEED:#x}"
        )
    }
}

/// The fixed-sample test of `claim` on the group values `xs` of the first engine (its group
/// win rates, or paired differences of them): the p-value, whether the data lean toward the
/// claim, and the test's name. The tests use the values' magnitudes, not only their signs.
///
/// - [`Claim::Beats`]: the two-sided sign-flip permutation test of the mean against 0.5
///   ([`SignFlips`]: exact up to 16 groups, else [`PERMUTATION_RESAMPLES`] Monte Carlo sign
///   vectors from the seeded, pinned generator);
/// - [`Claim::Improves`] and [`Claim::WinsMost`]: `xs` are paired differences of win rates
///   (one rival's for "wins most"), the same test against 0;
/// - [`Claim::AtLeastAsGood`]: Student's two-sided t test of the mean against
///   `0.5 - MARGIN` (non-inferiority when above);
/// - [`Claim::AboutEqual`]: TOST, two one-sided t tests of the mean against `0.5 ± MARGIN`
///   (p the larger), unless the t test of lying outside that band (p twice the smaller
///   one-sided p) gives a smaller p-value.
pub fn claim_test(claim: Claim, xs: &[f64]) -> (f64, bool, String) {
    let mean = xs.iter().sum::<f64>() / xs.len().max(1) as f64;
    match claim {
        Claim::Improves | Claim::WinsMost | Claim::Beats => {
            let at = null_of(claim);
            let p = SignFlips::new(xs, PERMUTATION_RESAMPLES, PERMUTATION_SEED).p_value(at);
            let what = if at == 0.0 {
                "the paired group differences"
            } else {
                "the group win rates"
            };
            (
                p,
                mean > at,
                format!(
                    "two-sided sign-flip permutation test of the mean of {what} against {at} ({})",
                    permutation_words(xs)
                ),
            )
        }
        Claim::AtLeastAsGood => {
            let at = null_of(claim);
            let t = t_test(xs, at);
            (
                t.p_two_sided,
                t.mean > at,
                format!("two-sided Student's t test of the mean of the group win rates against {at} (non-inferiority margin {MARGIN})"),
            )
        }
        Claim::AboutEqual => {
            let (lo, hi) = (0.5 - MARGIN, 0.5 + MARGIN);
            let below = t_test(xs, lo);
            let above = t_test(xs, hi);
            let tost = below.p_above.max(above.p_below);
            let outside = (2.0 * below.p_below.min(above.p_above)).min(1.0);
            if tost <= outside {
                (
                    tost,
                    true,
                    format!("TOST: two one-sided Student's t tests of the mean of the group win rates, above {lo} and below {hi}"),
                )
            } else {
                (
                    outside,
                    false,
                    format!("Student's t test of the mean of the group win rates lying outside {lo}..{hi}"),
                )
            }
        }
    }
}

/// The p-value the decisive stop of [`sequential`] compares with its level (the strength experiment's `decisive_p`): for the
/// permutation tests Hoeffding's bound on it ([`sign_flip_bound`]: never below the exact
/// p-value, and computable at `1e-6`, where Monte Carlo is not), for the t tests their own
/// p-value ([`claim_test`]).
pub fn stop_p(claim: Claim, xs: &[f64]) -> f64 {
    match claim {
        Claim::Beats | Claim::Improves | Claim::WinsMost => sign_flip_bound(xs, null_of(claim)),
        Claim::AtLeastAsGood | Claim::AboutEqual => claim_test(claim, xs).0,
    }
}

/// The level `alpha*` a row's own p-value `p` is held to after Holm's adjustment (`holm_p`):
/// `ALPHA p / holm_p`, so that `p < alpha*` exactly when `holm_p <` [`ALPHA`] (for the
/// `j`th smallest of `m` p-values without a carried maximum, Holm's step level `ALPHA / (m
/// - j + 1)`); `ALPHA / family` when both are 0.
pub fn adjusted_level(p: f64, holm_p: f64, family: u64) -> f64 {
    if holm_p > 0.0 {
        (ALPHA * p / holm_p).min(ALPHA)
    } else {
        ALPHA / family.max(1) as f64
    }
}

/// The interval of the mean of `xs` that a claim row prints, at its adjusted level `alpha`
/// ([`adjusted_level`]), with its confidence and what it is of, agreeing with the row's
/// verdict `significant` (`agrees` or `disagrees`) by construction:
///
/// - "beats", "improves", "wins most": the sign-flip test inverted ([`SignFlips::interval`],
///   the same sign vectors), `1 - alpha`: it excludes the null exactly when the verdict is
///   significant;
/// - "at least as good": the t interval, `1 - alpha`;
/// - "about equal": the t interval at `1 - 2 alpha` (TOST: within `0.5 ± MARGIN` exactly when
///   equivalence is shown), or at `1 - alpha` when the claim is refuted (wholly outside the
///   band).
pub fn claim_interval(
    claim: Claim,
    xs: &[f64],
    alpha: f64,
    significant: bool,
    agrees: bool,
) -> ([f64; 2], f64, String) {
    let at = null_of(claim);
    match claim {
        Claim::Beats | Claim::Improves | Claim::WinsMost => {
            let (lo, hi) = if at == 0.0 { (-1.0, 1.0) } else { (0.0, 1.0) };
            let i = SignFlips::new(xs, PERMUTATION_RESAMPLES, PERMUTATION_SEED).interval(
                alpha,
                Some((at, significant)),
                lo,
                hi,
            );
            let of = if at == 0.0 {
                "the mean paired group difference (sign-flip test inverted)"
            } else {
                "the mean group win rate (sign-flip test inverted)"
            };
            (i, 1.0 - alpha, of.into())
        }
        Claim::AtLeastAsGood => (
            clamp01(t_interval(xs, alpha)),
            1.0 - alpha,
            "the mean group win rate (Student's t)".into(),
        ),
        Claim::AboutEqual => {
            let a = if significant && !agrees {
                alpha
            } else {
                2.0 * alpha
            };
            (
                clamp01(t_interval(xs, a)),
                1.0 - a,
                "the mean group win rate (Student's t; TOST's interval unless refuted)".into(),
            )
        }
    }
}

/// A t interval of a win rate clamped to `[0, 1]`, the range a win rate takes (a sample of
/// one group has no t interval: `[0, 1]`, which the JSON can hold, unlike infinities).
fn clamp01([lo, hi]: [f64; 2]) -> [f64; 2] {
    [lo.clamp(0.0, 1.0), hi.clamp(0.0, 1.0)]
}

/// Whether a claim row's interval `[lo, hi]` says what its decision says: for `agrees` and
/// `disagrees` it excludes the null on the decision's side (for "about equal" agreeing, it
/// lies within `0.5 ± MARGIN`; disagreeing, wholly outside); for `inconclusive` and
/// [`ABSENT`] it does neither. (`too-few` rows say nothing: always true.)
pub fn interval_agrees(claim: Claim, interval: [f64; 2], decision: &str) -> bool {
    let [lo, hi] = interval;
    let at = null_of(claim);
    let (above, below, inside, outside) = match claim {
        Claim::AboutEqual => {
            let (a, b) = (0.5 - MARGIN, 0.5 + MARGIN);
            (false, false, lo > a && hi < b, hi < a || lo > b)
        }
        _ => (lo > at, hi < at, false, false),
    };
    match (claim, decision) {
        (Claim::AboutEqual, "agrees") => inside,
        (Claim::AboutEqual, "disagrees") => outside,
        (Claim::AboutEqual, "inconclusive") | (Claim::AboutEqual, ABSENT) => !inside && !outside,
        (_, "agrees") => above,
        (_, "disagrees") => below,
        (_, "inconclusive") | (_, ABSENT) => !above && !below,
        _ => true,
    }
}

/// About how many games `claim`'s test needs to decide at the effect `xs` show, with 80%
/// power: the normal approximation of a test of the mean of the group values, two-sided at
/// the Bonferroni level `ALPHA / family` (one-sided for TOST), the standard deviation the
/// sample's (floored at `VAR_FLOOR`'s root), in groups times `games_per_group`; `None`
/// when the observed effect is nil (at most `u64::MAX` when it is all but nil).
pub fn games_needed(claim: Claim, xs: &[f64], family: u64, games_per_group: u64) -> Option<u64> {
    let Summary { sd, mean, .. } = summarize(xs);
    let shift = match claim {
        Claim::AboutEqual => MARGIN - (mean - 0.5).abs(),
        _ => (mean - null_of(claim)).abs(),
    }
    .abs();
    let level = ALPHA / family.max(1) as f64;
    let level = if claim == Claim::AboutEqual {
        2.0 * level
    } else {
        level
    };
    samples_needed(shift, sd.max(VAR_FLOOR.sqrt()), level, 0.8)
        .map(|g| g.saturating_mul(games_per_group))
}

/// Where a claim's sequential tests stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct SequentialRun {
    /// The futility tests ([`Claim::sprts`]).
    pub tests: Vec<Sprt>,
    /// Each futility test's state at the last group looked at.
    pub states: Vec<SprtState>,
    /// Each futility test's log-likelihood ratio at the last group looked at.
    pub llr: Vec<f64>,
    /// The groups played when the match stopped (or all of them).
    pub groups: usize,
    /// Why the match stopped, if it did.
    pub stop: Option<Stop>,
}

/// Why a claim's match stopped before its cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The claim's test fell below the stop level ([`stop_p`]): decided, either way.
    Decisive,
    /// Every futility test accepted its H0: an effect of the paper's size is ruled out
    /// either way ([`ABSENT`] unless the final test is significant).
    Futile,
}

impl SequentialRun {
    /// Whether the match stopped before its cap.
    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// `decisive`, `futile` or `cap`.
    pub fn state(&self) -> &'static str {
        match self.stop {
            Some(Stop::Decisive) => "decisive",
            Some(Stop::Futile) => "futile",
            None => "cap",
        }
    }
}

/// Runs the stopping rule of `claim`'s match over the group win rates `xs` in order, from
/// [`MIN_GROUPS`] groups on, and stops at the first group where
///
/// - the claim's test on the groups so far has a p-value below `level` ([`stop_p`]:
///   Hoeffding's bound on the sign-flip test, the t tests' own p-value) (**decisive**: the
///   claim is decided, agreeing or disagreeing), or
/// - every futility test ([`Claim::sprts`], GSPRTs on the group win rates, one for the
///   paper's effect and one for the same effect against the claim) is at or below its
///   lower bound at this group (**futile**: an effect of that size is ruled out either
///   way; data that lean against the claim beyond the band keep the second test open, so
///   the match goes on toward a decision; a futility stop never makes a claim significant,
///   so it spends no type I error).
///
/// Claims on several matches never stop (`cap`).
pub fn sequential(claim: Claim, xs: &[f64], level: f64) -> SequentialRun {
    let tests = claim.sprts();
    let mut states = vec![SprtState::Continue; tests.len()];
    let mut llr = vec![0.0; tests.len()];
    let run = |states, llr, groups, stop| SequentialRun {
        tests: claim.sprts(),
        states,
        llr,
        groups,
        stop,
    };
    for g in MIN_GROUPS..=xs.len() {
        let seen = &xs[..g];
        for (i, t) in tests.iter().enumerate() {
            llr[i] = t.llr(seen, VAR_FLOOR);
            states[i] = t.state_of(llr[i]);
        }
        if claim.stops() && stop_p(claim, seen) < level {
            return run(states, llr, g, Some(Stop::Decisive));
        }
        if !tests.is_empty() && states.iter().all(|&s| s == SprtState::AcceptH0) {
            return run(states, llr, g, Some(Stop::Futile));
        }
    }
    run(states, llr, xs.len(), None)
}

/// Engine `e`'s win rate in each group of `games` (in order of the groups' openings): the
/// mean over the group's games of the win shares of its seats.
pub fn group_shares(games: &[GameResult], e: usize) -> Vec<(usize, f64)> {
    let mut out: Vec<(usize, f64, usize)> = Vec::new();
    for g in games {
        let w = g.finish().share_of(e);
        match out.last_mut() {
            Some(last) if last.0 == g.opening => {
                last.1 += w;
                last.2 += 1;
            }
            _ => out.push((g.opening, w, 1)),
        }
    }
    out.into_iter().map(|(o, w, n)| (o, w / n as f64)).collect()
}

/// The first engine's win rate in each group of `games` ([`group_shares`] of engine 0).
pub fn group_win_rates(games: &[GameResult]) -> Vec<f64> {
    group_shares(games, 0).into_iter().map(|(_, w)| w).collect()
}

/// The paired differences `a - b` of two series of group values, over the openings both
/// have.
pub fn paired_differences(a: &[(usize, f64)], b: &[(usize, f64)]) -> Vec<f64> {
    a.iter()
        .filter_map(|&(o, x)| b.iter().find(|&&(p, _)| p == o).map(|&(_, y)| x - y))
        .collect()
}

/// Each group's games and each of the `engines` engines' wins in them (win shares summed,
/// in the order of [`group_shares`], so `wins[e] / games` is its group win rate), in order
/// of the groups' openings: the per-group results a claim row stores.
pub fn group_wins(games: &[GameResult], engines: usize) -> Vec<GroupWins> {
    let mut out: Vec<GroupWins> = Vec::new();
    for g in games {
        let f = g.finish();
        match out.last_mut() {
            Some(last) if last.opening == g.opening as u64 => {
                last.games += 1;
                for (e, w) in last.wins.iter_mut().enumerate() {
                    *w += f.share_of(e);
                }
            }
            _ => out.push(GroupWins {
                opening: g.opening as u64,
                games: 1,
                wins: (0..engines).map(|e| f.share_of(e)).collect(),
            }),
        }
    }
    out
}

/// Engine `e`'s group win rates of a match's per-group results, with their openings.
fn rates_of(m: &MatchGroups, e: usize) -> Vec<(usize, f64)> {
    m.groups
        .iter()
        .map(|g| (g.opening as usize, g.wins[e] / g.games as f64))
        .collect()
}

/// A claim's test computed from per-group results ([`test_groups`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupTest {
    /// The p-value.
    pub p: f64,
    /// Whether the data lean toward the claim.
    pub agrees: bool,
    /// The test, in words.
    pub test: String,
    /// The values tested: the group win rates, or paired differences (for "wins most",
    /// against the rival the verdict rests on).
    pub xs: Vec<f64>,
    /// For "wins most", the rival (engine index) the verdict rests on.
    pub rival: Option<usize>,
}

/// `claim`'s test from the per-group results of its matches (one match; two, paired by
/// opening, for "improves"): the function a claim row is computed with, and the one that
/// recomputes it from the stored JSON (the strength experiment's `recompute_claims`). `None` when the results do
/// not fit the claim (e.g. one match for "improves").
///
/// "Wins most" is an intersection-union test: the first engine must lead every rival, each
/// by the paired sign-flip test of the group win shares. When it leans ahead of every
/// rival, p is the largest of their p-values and the rival the one it leads least
/// surely; when it leans behind one or more, the claim is judged against the rival that
/// refutes it most surely (the smallest p among them, times the rivals for Bonferroni),
/// and that rival is the row's.
pub fn test_groups(claim: Claim, per_group: &[MatchGroups]) -> Option<GroupTest> {
    let plain = |xs: Vec<f64>| {
        let (p, agrees, test) = claim_test(claim, &xs);
        GroupTest {
            p,
            agrees,
            test,
            xs,
            rival: None,
        }
    };
    match claim {
        Claim::Beats | Claim::AtLeastAsGood | Claim::AboutEqual => {
            let [m] = per_group else { return None };
            Some(plain(rates_of(m, 0).into_iter().map(|(_, w)| w).collect()))
        }
        Claim::Improves => {
            let [a, b] = per_group else { return None };
            Some(plain(paired_differences(&rates_of(a, 0), &rates_of(b, 0))))
        }
        Claim::WinsMost => {
            let [m] = per_group else { return None };
            let k = m.engines.len();
            if k < 2 {
                return None;
            }
            let first = rates_of(m, 0);
            let tests: Vec<(f64, bool, Vec<f64>, usize)> = (1..k)
                .map(|e| {
                    let xs = paired_differences(&first, &rates_of(m, e));
                    let (p, agrees, _) = claim_test(claim, &xs);
                    (p, agrees, xs, e)
                })
                .collect();
            let all = tests.iter().all(|t| t.1);
            let (p, agrees, xs, e) = if all {
                tests.into_iter().max_by(|a, b| a.0.total_cmp(&b.0))?
            } else {
                let (p, a, xs, e) = tests
                    .into_iter()
                    .filter(|t| !t.1)
                    .min_by(|a, b| a.0.total_cmp(&b.0))?;
                ((p * (k - 1) as f64).min(1.0), a, xs, e)
            };
            let test = format!(
                "intersection-union test: two-sided sign-flip permutation tests of the mean paired difference of the first engine's group win share and each of the {} others' ({}); {}",
                k - 1,
                permutation_words(&xs),
                if all {
                    "it leads every rival: p the largest"
                } else {
                    "it trails a rival: p the smallest against it, times the rivals (Bonferroni)"
                }
            );
            Some(GroupTest {
                p,
                agrees,
                test,
                xs,
                rival: Some(e),
            })
        }
    }
}
