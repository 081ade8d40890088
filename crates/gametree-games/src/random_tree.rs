//! Random uniform game trees, generated from (seed, node path) by hashing: every algorithm
//! sees the same tree and nothing is stored.
//!
//! Spec syntax: `random(players=3,b=10,d=6,leaf=constant,seed=1,maxsum=3)`. Every key is
//! optional (`random` alone is all defaults):
//!
//! | key | meaning | default | range |
//! |---|---|---|---|
//! | `players` | number of players, moving round-robin from player 0 | 3 | 2 to 6 |
//! | `b` | branching factor (every inner node) | 10 | 1 to 65,536 |
//! | `d` | depth of every leaf | 6 | 0 to 1,000 |
//! | `leaf` | leaf model, see [`LeafModel`] | `cutpoints` | `constant`, `cutpoints`, `normalized`, `uniform[:R]`, `discrete:m[:w/w/...]`, `bivalued:p`, `best-first`, `incremental` |
//! | `seed` | the tree | 0 | any `u64` |
//! | `maxsum` | the sum of every value | `constant`: `100 * players` (c = 100; with c = 1 the minimum step mu = 1 lets the discrete cut-off rule prune more than the best case of the papers); `cutpoints`, `normalized`: 1,000,000 | 0 to 2^40; `constant`: a multiple of `players`; not allowed with the signed models (`uniform`, `discrete`, `bivalued`, `best-first`), whose sum is derived, nor with `incremental` |
//! | `range` | `incremental` only: each increment is uniform on `-range..=range` | 2^20 | 1 to 2^20 |
//!
//! Leaf models (`leaf=...`, details at [`LeafModel`]):
//!
//! | spec | values | players |
//! |---|---|---|
//! | `constant` | `(c, ..., c)`, `c = maxsum / players` | 2 to 6 |
//! | `cutpoints` | Korf's cut points of `[0, maxsum]` | 2 to 6 |
//! | `normalized` | Korf's second model: `players` iid values divided by their sum, in fixed point (sum exactly `maxsum`) | 2 to 6 |
//! | `uniform`, `uniform:R` | iid integers uniform on `[-R, R]` (default `R = 2^30`: ties negligible, Baudet's continuous case) | 2: `(v, -v)`; 3+: iid components |
//! | `discrete:m` | `k` uniform on `-m..=m` (Baudet's values `k/m`, scaled by `m`), `1 <= m <= 2^20` | as `uniform` |
//! | `discrete:m:w/w/.../w` | `k` with probability proportional to the weights `w_-m, ..., w_m` (`2m + 1` integers, `m <= 16`) | as `uniform` |
//! | `bivalued:p` | `+1` with probability `p`, else `-1` (`p` a decimal in `[0, 1]`, at most 18 digits after the point) | as `uniform` |
//! | `best-first` | player 0's value of the node's subtree, children strictly best-first (Knuth–Moore's best case) | 2 |
//! | `incremental` | Fridenfalk's model: the root is all zeros, a child adds its own increment per player, uniform on `-range..=range` (values accumulate along the path; unbounded) | 2 to 6 |
//!
//! With two players the signed models give `(v, -v)`: `v` is player 0's score (the player to
//! move at the root), not the negamax value of the player to move at the leaf.
//!
//! Keys: node keys are 64-bit hashes. The root's key is `mix64(seed ^ ROOT_SALT)`; child `i`
//! of a node with key `k` has key `mix64(k ^ (salt + GAMMA * (i + 1)))` (wrapping) where
//! `salt = mix64(seed)`. Values (leaf outcomes and the evaluations of inner nodes, for
//! depth-limited search) come from the node's key alone, by the model.

use std::fmt;

use crate::quote::quoted;
use crate::spec::Spec;
pub use crate::spec::SpecError;

use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, MAX_PLAYERS, MIN_PLAYERS};

use crate::rng::mix64;

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
/// Separates the root key from the salt (both come from the seed).
const ROOT_SALT: u64 = 0xD1B5_4A32_D192_ED03;

/// The largest branching factor a spec may ask for.
pub const MAX_BRANCHING: u32 = 65_536;
/// The largest depth a spec may ask for.
pub const MAX_DEPTH: u32 = 1_000;
/// The largest `maxsum` a spec may ask for (2^40).
pub const MAX_MAXSUM: i64 = 1 << 40;

/// The largest `m` of `discrete:m` (uniform weights).
pub const MAX_DISCRETE_M: u32 = 1 << 20;
/// The largest `m` of `discrete:m:w/.../w` (explicit weights).
pub const MAX_WEIGHTED_M: usize = 16;
/// The default half-range `R` of `uniform` (`2^30`).
pub const UNIFORM_RANGE: i64 = 1 << 30;
/// The largest increment between a best-first node's value and a later sibling's (`2^20`).
pub const BEST_FIRST_STEP: i64 = 1 << 20;

// Every value and bound a spec can produce lies in the score range of the core
// (`gametree::MAX_SCORE`, see `gametree::Score`), whatever the parameters: checked at compile
// time, so raising a limit above cannot silently leave the range.
const _: () = {
    use gametree::{score_in_range, MAX_PLAYERS as N};
    // Korf's models: scores in [0, maxsum]; uniform:R in [-R, R] with R <= MAX_MAXSUM;
    // the signed models' maxsum is players * hi.
    assert!(score_in_range(MAX_MAXSUM) && score_in_range(-MAX_MAXSUM));
    assert!(score_in_range(N as i64 * MAX_MAXSUM));
    assert!(score_in_range(N as i64 * UNIFORM_RANGE));
    assert!(score_in_range(N as i64 * MAX_DISCRETE_M as i64));
    // best-first: |value| <= BEST_FIRST_STEP * depth.
    assert!(score_in_range(
        N as i64 * BEST_FIRST_STEP * MAX_DEPTH as i64
    ));
    // incremental: |score| <= MAX_RANGE * depth.
    assert!(score_in_range(MAX_RANGE as i64 * MAX_DEPTH as i64));
};

/// The largest weight of `discrete:m:w/.../w`.
pub const MAX_WEIGHT: u16 = u16::MAX;

/// The weights of `discrete:m:w/.../w`: `2m + 1` integers from 0 to [`MAX_WEIGHT`] (not all
/// zero), for the values `-m, ..., m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiscreteWeights {
    len: u8,
    w: [u16; 2 * MAX_WEIGHTED_M + 1],
}

impl DiscreteWeights {
    /// The weights, for `-m..=m` in order.
    pub fn as_slice(&self) -> &[u16] {
        &self.w[..self.len as usize]
    }

    /// The probabilities of `-m..=m` (the weights divided by their sum).
    pub fn probabilities(&self) -> Vec<f64> {
        let total: f64 = self.as_slice().iter().map(|&w| w as f64).sum();
        self.as_slice().iter().map(|&w| w as f64 / total).collect()
    }
}

/// A probability written as a decimal: `num / 10^digits`, kept exact so that a spec prints
/// back as it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decimal {
    num: u64,
    digits: u8,
}

impl Decimal {
    /// Parses `0`, `1`, `0.25`, `.25`, `1.000` (at most 18 digits after the point; the value
    /// must lie in `[0, 1]`).
    pub fn parse(text: &str) -> Option<Decimal> {
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        if frac.len() > 18
            || !int.chars().all(|c| c.is_ascii_digit())
            || !frac.chars().all(|c| c.is_ascii_digit())
            || (int.is_empty() && frac.is_empty())
        {
            return None;
        }
        let int: u64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let f: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse().ok()?
        };
        let scale = 10u64.pow(frac.len() as u32);
        if int > 1 || (int == 1 && f != 0) {
            return None;
        }
        Some(Decimal {
            num: int * scale + f,
            digits: frac.len() as u8,
        })
    }

    /// The value as a float.
    pub fn value(self) -> f64 {
        self.num as f64 / 10f64.powi(self.digits as i32)
    }

    /// `floor(value * 2^64)`, as a `u128` (so that 1 is `2^64`).
    fn threshold(self) -> u128 {
        ((self.num as u128) << 64) / 10u128.pow(self.digits as u32)
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10u64.pow(self.digits as u32);
        if self.digits == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(
                f,
                "{}.{:0width$}",
                self.num / scale,
                self.num % scale,
                width = self.digits as usize
            )
        }
    }
}

/// How values (leaf outcomes and cut-off evaluations) are drawn. Korf's models
/// (`Constant`, `Cutpoints`, `Normalized`) are constant-sum with every score at least 0; the
/// signed models (`Uniform`, `Discrete`, `Bivalued`, `BestFirst`) give two players `(v, -v)`
/// (zero-sum) and three or more players independent components.
///
/// Every value is a function of the seed and the node's path alone (its key; for
/// `BestFirst`, the value carried along the path), so inner nodes have values too, used as
/// evaluations by depth-limited searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafModel {
    /// Every value is `(c, ..., c)` with `c = maxsum / players`: the best case of the
    /// pruning algorithms (Sturtevant 2003, Table 10's "optimal ordering").
    Constant,
    /// Korf's average-case model (1991, section 3.7): `players - 1` independent cut points,
    /// uniform integers in `[0, maxsum]`; the gaps between them, sorted, are the scores.
    Cutpoints,
    /// Korf's second average-case model (1991, section 3.7): `players` iid values (uniform
    /// integers in `[1, 2^32]`), each divided by their sum and scaled to `maxsum`, rounded
    /// down, the remainder `maxsum - sum` (fewer than `players` units) going one unit each to
    /// the largest fractional parts (ties to the lower player): the sum is exactly `maxsum`.
    Normalized,
    /// Integers uniform on `[-range, range]` (`uniform:R`, default [`UNIFORM_RANGE`]): with
    /// `2^31` values ties are negligible, Baudet's continuous case (section 4).
    Uniform {
        /// The half-range `R`, 1 to 2^40.
        range: i64,
    },
    /// Baudet's discrete values `k/m`, scaled to the integers `k`, `-m <= k <= m`: uniform,
    /// or with the given weights (`discrete:m:w_-m/.../w_m`).
    Discrete {
        /// `m`, 1 to [`MAX_DISCRETE_M`] (to [`MAX_WEIGHTED_M`] with weights).
        m: u32,
        /// The weights of `-m..=m`; `None` is uniform.
        weights: Option<DiscreteWeights>,
    },
    /// Baudet's bi-valued trees (section 3.3): `+1` with probability `p`, else `-1`.
    Bivalued {
        /// The probability of `+1`.
        p: Decimal,
    },
    /// Two players only: every node carries player 0's minimax value of its subtree; the
    /// first child keeps its parent's value and child `j >= 1` is strictly worse for the
    /// player to move by a hashed step in `[1, BEST_FIRST_STEP]`. Children are ordered
    /// best-first (the first strictly best), the case of Knuth and Moore's minimal tree;
    /// an inner node's evaluation is its exact minimax value.
    BestFirst,
    /// Fridenfalk's model (2014, section V): every node has a value; the root's is all zeros
    /// and a child's is its parent's plus an increment per player, uniform on
    /// `-range..=range`, drawn from the child's key (`mix64(key + GAMMA (i + 1))` for player
    /// `i`, scaled by multiply-shift). Interior nodes thus carry the values their subtrees
    /// are built around. Scores are unbounded in sign and sum (`maxsum` does not apply).
    Incremental {
        /// The half-width of the increment's interval (1 to [`MAX_RANGE`]).
        range: u32,
    },
}

/// The largest `range` of [`LeafModel::Incremental`] (2^20): with depths up to
/// [`MAX_DEPTH`], every accumulated score fits in an `i32`.
pub const MAX_RANGE: u32 = 1 << 20;

impl LeafModel {
    /// The model's name in the spec syntax, without parameters (see the [`fmt::Display`]
    /// for the whole `leaf=` value).
    pub fn name(self) -> &'static str {
        match self {
            LeafModel::Constant => "constant",
            LeafModel::Cutpoints => "cutpoints",
            LeafModel::Normalized => "normalized",
            LeafModel::Uniform { .. } => "uniform",
            LeafModel::Discrete { .. } => "discrete",
            LeafModel::Bivalued { .. } => "bivalued",
            LeafModel::BestFirst => "best-first",
            LeafModel::Incremental { .. } => "incremental",
        }
    }

    /// Whether the model is Korf's kind: scores at least 0 summing to `maxsum` (the
    /// `maxsum` key applies).
    pub fn is_constant_sum(self) -> bool {
        matches!(
            self,
            LeafModel::Constant | LeafModel::Cutpoints | LeafModel::Normalized
        )
    }

    /// The range `[lo, hi]` of one score under a signed model (`None` for Korf's models).
    pub fn signed_range(self, depth: u32) -> Option<(i64, i64)> {
        match self {
            LeafModel::Uniform { range } => Some((-range, range)),
            LeafModel::Discrete { m, .. } => Some((-(m as i64), m as i64)),
            LeafModel::Bivalued { .. } => Some((-1, 1)),
            LeafModel::BestFirst => {
                let r = BEST_FIRST_STEP * depth as i64;
                Some((-r, r))
            }
            _ => None,
        }
    }

    /// Parses the value of `leaf=` (see the module docs); the error says what was expected.
    pub fn parse(s: &str) -> Result<LeafModel, String> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let no_arg = |m: LeafModel| match arg {
            None => Ok(m),
            Some(_) => Err(format!("leaf model `{}` takes no parameter", quoted(name))),
        };
        match name {
            "constant" => no_arg(LeafModel::Constant),
            "cutpoints" => no_arg(LeafModel::Cutpoints),
            "normalized" => no_arg(LeafModel::Normalized),
            "best-first" => no_arg(LeafModel::BestFirst),
            // The range is a spec key of its own (`range=R`), read by `from_spec`.
            "incremental" => no_arg(LeafModel::Incremental { range: MAX_RANGE }),
            "uniform" => match arg {
                None => Ok(LeafModel::Uniform {
                    range: UNIFORM_RANGE,
                }),
                Some(a) => match a.parse::<i64>() {
                    Ok(r) if (1..=MAX_MAXSUM).contains(&r) => Ok(LeafModel::Uniform { range: r }),
                    _ => Err(format!(
                        "`uniform:{}`: expected uniform:R with R an integer from 1 to {MAX_MAXSUM}",
                        quoted(a)
                    )),
                },
            },
            "discrete" => {
                let Some(a) = arg else {
                    return Err("`discrete` needs m: discrete:m or discrete:m:w/w/.../w".into());
                };
                let (m_text, w_text) = match a.split_once(':') {
                    Some((m, w)) => (m, Some(w)),
                    None => (a, None),
                };
                let m = match m_text.parse::<u32>() {
                    Ok(m) if (1..=MAX_DISCRETE_M).contains(&m) => m,
                    _ => {
                        return Err(format!(
                            "`discrete:{}`: expected m an integer from 1 to {MAX_DISCRETE_M}",
                            quoted(m_text)
                        ))
                    }
                };
                let weights = match w_text {
                    None => None,
                    Some(w) => {
                        if m as usize > MAX_WEIGHTED_M {
                            return Err(format!(
                                "`discrete:{m}:...`: weights need m <= {MAX_WEIGHTED_M}"
                            ));
                        }
                        let parts: Vec<&str> = w.split('/').collect();
                        if parts.len() != 2 * m as usize + 1 {
                            return Err(format!(
                                "`discrete:{m}:{}`: expected {} weights (for -m..=m) separated by `/`, got {}",
                                quoted(w),
                                2 * m + 1,
                                parts.len()
                            ));
                        }
                        let mut dw = DiscreteWeights {
                            len: parts.len() as u8,
                            w: [0; 2 * MAX_WEIGHTED_M + 1],
                        };
                        for (slot, p) in dw.w.iter_mut().zip(&parts) {
                            *slot = p.parse::<u16>().map_err(|_| {
                                format!("`discrete:{m}:{}`: weight `{}` is not an integer from 0 to {MAX_WEIGHT}", quoted(w), quoted(p))
                            })?;
                        }
                        if dw.as_slice().iter().all(|&x| x == 0) {
                            return Err(format!("`discrete:{m}:{}`: the weights are all zero", quoted(w)));
                        }
                        Some(dw)
                    }
                };
                Ok(LeafModel::Discrete { m, weights })
            }
            "bivalued" => {
                let Some(a) = arg else {
                    return Err("`bivalued` needs p: bivalued:p, e.g. bivalued:0.5".into());
                };
                Decimal::parse(a)
                    .map(|p| LeafModel::Bivalued { p })
                    .ok_or_else(|| {
                        format!("`bivalued:{}`: expected p a decimal from 0 to 1 (at most 18 digits after the point)", quoted(a))
                    })
            }
            _ => Err("expected constant, cutpoints, normalized, uniform[:R], discrete:m[:w/.../w], bivalued:p, best-first or incremental".into()),
        }
    }
}

impl fmt::Display for LeafModel {
    /// The `leaf=` value in the spec syntax, parameters included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeafModel::Uniform { range } if *range != UNIFORM_RANGE => {
                write!(f, "uniform:{range}")
            }
            LeafModel::Discrete { m, weights } => {
                write!(f, "discrete:{m}")?;
                if let Some(w) = weights {
                    let parts: Vec<String> = w.as_slice().iter().map(|x| x.to_string()).collect();
                    write!(f, ":{}", parts.join("/"))?;
                }
                Ok(())
            }
            LeafModel::Bivalued { p } => write!(f, "bivalued:{p}"),
            _ => f.write_str(self.name()),
        }
    }
}

impl LeafModel {
    /// Every leaf model: the `leaf=` syntax with its parameters, and a line about it (what
    /// `gametree list` prints). A test checks that each parses and that every variant is here.
    pub const CATALOGUE: &'static [(&'static str, &'static str)] = &[
        (
            "constant",
            "every value (c, ..., c): the best case of pruning",
        ),
        (
            "cutpoints",
            "Korf's cut points: players - 1 uniform cuts of [0, maxsum]",
        ),
        (
            "normalized",
            "Korf's normalized iid values, summing to maxsum",
        ),
        (
            "uniform[:R]",
            "iid integers uniform on [-R, R] (R = 2^30 by default)",
        ),
        (
            "discrete:M[:W/.../W]",
            "Baudet's k/M, k uniform on -M..=M or weighted",
        ),
        ("bivalued:P", "Baudet's +1 with probability P, else -1"),
        (
            "best-first",
            "two players: children ordered best first (Knuth and Moore's minimal tree)",
        ),
        (
            "incremental",
            "Fridenfalk's: each child adds an increment uniform on -range..=range (key range=R)",
        ),
    ];
}

/// The parameters of a random tree, with the defaults resolved (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTreeSpec {
    /// Number of players, 2 to 6.
    pub players: usize,
    /// Branching factor, 1 to [`MAX_BRANCHING`].
    pub b: u32,
    /// Depth of every leaf, 0 to [`MAX_DEPTH`].
    pub d: u32,
    /// The value model.
    pub leaf: LeafModel,
    /// The seed: which tree.
    pub seed: u64,
    /// The sum of every value.
    pub maxsum: i64,
}

impl Default for RandomTreeSpec {
    fn default() -> RandomTreeSpec {
        RandomTreeSpec {
            players: 3,
            b: 10,
            d: 6,
            leaf: LeafModel::Cutpoints,
            seed: 0,
            maxsum: 1_000_000,
        }
    }
}

impl RandomTreeSpec {
    /// Parses `random(players=3,b=10,d=6,leaf=constant,seed=1)` (spaces allowed around
    /// names, `=`, commas and parentheses; `random` or `random()` alone gives the defaults).
    pub fn parse(text: &str) -> Result<RandomTreeSpec, SpecError> {
        let spec = Spec::parse(text)?;
        if spec.name() != "random" {
            return Err(spec.error("expected random(key=value,...)"));
        }
        RandomTreeSpec::from_spec(&spec)
    }

    /// Reads the parameters of a parsed `random(...)` spec; unknown keys are errors.
    pub fn from_spec(spec: &Spec) -> Result<RandomTreeSpec, SpecError> {
        let d = RandomTreeSpec::default();
        let players = spec.get_in("players", d.players, MIN_PLAYERS..=MAX_PLAYERS)?;
        let b = spec.get_in("b", d.b, 1..=MAX_BRANCHING)?;
        let depth = spec.get_in("d", d.d, 0..=MAX_DEPTH)?;
        let leaf = match spec.raw("leaf") {
            None => d.leaf,
            Some(v) => LeafModel::parse(v).map_err(|e| spec.bad_value("leaf", v, e))?,
        };
        let leaf = match leaf {
            LeafModel::Incremental { .. } => LeafModel::Incremental {
                range: spec.get_in("range", MAX_RANGE, 1..=MAX_RANGE)?,
            },
            other => other,
        };
        let seed = spec.get("seed", d.seed)?;
        let maxsum = match spec.raw("maxsum") {
            None => None,
            Some(_) => Some(spec.get_in("maxsum", 0i64, 0..=MAX_MAXSUM)?),
        };
        spec.finish()?;
        if leaf == LeafModel::BestFirst && players != 2 {
            return Err(spec.error(format!(
                "parameter `leaf=best-first`: two players only (got players={players})"
            )));
        }
        let maxsum = match (leaf, maxsum) {
            (LeafModel::Constant, None) => 100 * players as i64,
            (LeafModel::Constant, Some(m)) => {
                if m % players as i64 != 0 {
                    return Err(spec.error(format!(
                        "parameter `maxsum={m}`: expected a multiple of players ({players}) with leaf=constant"
                    )));
                }
                m
            }
            (LeafModel::Cutpoints | LeafModel::Normalized, m) => m.unwrap_or(1_000_000),
            (LeafModel::Incremental { .. }, None) => 0,
            (LeafModel::Incremental { .. }, Some(m)) => {
                return Err(spec.error(format!(
                    "parameter `maxsum={m}`: does not apply to leaf=incremental (scores are unbounded)"
                )))
            }
            (_, Some(m)) => {
                return Err(spec.error(format!(
                    "parameter `maxsum={m}`: not used with leaf={leaf} (its values are signed; two-player values are zero-sum)"
                )))
            }
            (_, None) => signed_maxsum(leaf, players, depth),
        };
        Ok(RandomTreeSpec {
            players,
            b,
            d: depth,
            leaf,
            seed,
            maxsum,
        })
    }
}

/// The `maxsum` of a signed model: 0 (zero-sum) for two players, `players * hi` otherwise.
fn signed_maxsum(leaf: LeafModel, players: usize, depth: u32) -> i64 {
    match (players, leaf.signed_range(depth)) {
        (2, _) | (_, None) => 0,
        (n, Some((_, hi))) => n as i64 * hi,
    }
}

impl fmt::Display for RandomTreeSpec {
    /// The spec text, which parses back to the same spec (`maxsum` is omitted for the signed
    /// models, which derive it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "random(players={},b={},d={},leaf={}",
            self.players, self.b, self.d, self.leaf
        )?;
        if let LeafModel::Incremental { range } = self.leaf {
            write!(f, ",range={range}")?;
        }
        write!(f, ",seed={}", self.seed)?;
        if self.leaf.is_constant_sum() {
            write!(f, ",maxsum={}", self.maxsum)?;
        }
        f.write_str(")")
    }
}

/// A node of a random tree: its hash key, its depth, the player to move, and the values
/// carried along its path ([`LeafModel::BestFirst`], [`LeafModel::Incremental`]). 48 bytes,
/// `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomState {
    /// The node's key (a hash of the seed and the path from the root).
    pub key: u64,
    /// The depth of the node (the root is 0).
    pub ply: u32,
    /// The player to move.
    pub player: u8,
    /// [`LeafModel::BestFirst`]: player 0's minimax value of the node's subtree; 0 for the
    /// other models.
    pub carried: i64,
    /// [`LeafModel::Incremental`]: the node's value, one score per player (the sum of the
    /// increments on the path from the root). All zeros under the other models.
    pub psi: [i32; MAX_PLAYERS],
}

/// A random uniform tree as a [`Game`]: `b` moves (child indices `0..b`, in order) at every
/// node above depth `d`, players moving round-robin from player 0, outcomes at depth `d`
/// from the leaf model. See the module docs for the hashing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomTree {
    spec: RandomTreeSpec,
    salt: u64,
    /// For [`LeafModel::Cutpoints`]: `maxsum + 1` cut positions; for `Uniform` and uniform
    /// `Discrete`: the number of values `2R + 1`; for weighted `Discrete`: the total weight.
    span: u64,
    /// For [`LeafModel::Bivalued`]: `floor(p * 2^64)`.
    threshold: u128,
}

/// Salt of the per-player draws of the signed models and of the best-first steps.
const STEP_SALT: u64 = 0x94D0_49BB_1331_11EB;

impl RandomTree {
    /// The tree of a (parsed, hence valid) spec.
    pub fn new(spec: RandomTreeSpec) -> RandomTree {
        let mut threshold = 0;
        let span = match spec.leaf {
            LeafModel::Uniform { range } => 2 * range as u64 + 1,
            LeafModel::Discrete { m, weights: None } => 2 * m as u64 + 1,
            LeafModel::Discrete {
                weights: Some(w), ..
            } => w.as_slice().iter().map(|&x| x as u64).sum(),
            LeafModel::Bivalued { p } => {
                threshold = p.threshold();
                0
            }
            _ => spec.maxsum as u64 + 1,
        };
        RandomTree {
            spec,
            salt: mix64(spec.seed),
            span,
            threshold,
        }
    }

    /// Parses a spec and builds its tree.
    pub fn from_spec(text: &str) -> Result<RandomTree, SpecError> {
        RandomTreeSpec::parse(text).map(RandomTree::new)
    }

    /// The spec.
    pub fn spec(&self) -> &RandomTreeSpec {
        &self.spec
    }

    /// One draw of a signed model from the 64-bit hash `r`.
    #[inline]
    fn signed_draw(&self, r: u64) -> i64 {
        let scaled = |n: u64| ((r as u128 * n as u128) >> 64) as u64;
        match self.spec.leaf {
            LeafModel::Uniform { range } => scaled(self.span) as i64 - range,
            LeafModel::Discrete { m, weights: None } => scaled(self.span) as i64 - m as i64,
            LeafModel::Discrete {
                m,
                weights: Some(w),
            } => {
                // The first value whose cumulative weight passes x.
                let mut x = scaled(self.span);
                let mut k = 0;
                for (i, &wi) in w.as_slice().iter().enumerate() {
                    k = i;
                    if x < wi as u64 {
                        break;
                    }
                    x -= wi as u64;
                }
                k as i64 - m as i64
            }
            LeafModel::Bivalued { .. } => {
                if (r as u128) < self.threshold {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        }
    }

    /// The value of `state` under the leaf model (outcome at a leaf, heuristic evaluation at
    /// an inner node): a function of its key (for [`LeafModel::BestFirst`] and
    /// [`LeafModel::Incremental`], of the values it carries).
    #[inline]
    pub fn value(&self, state: &RandomState) -> Scores {
        let n = self.spec.players;
        let key = state.key;
        match self.spec.leaf {
            LeafModel::Constant => Scores::splat(n, self.spec.maxsum / n as i64),
            LeafModel::Cutpoints => {
                let mut cuts = [0i64; MAX_PLAYERS];
                let mut z = key;
                for c in cuts.iter_mut().take(n - 1) {
                    z = z.wrapping_add(GAMMA);
                    let r = mix64(z);
                    // Uniform-enough integer in [0, maxsum] by multiply-shift.
                    *c = ((r as u128 * self.span as u128) >> 64) as i64;
                }
                // Insertion sort of at most five numbers.
                for i in 1..n - 1 {
                    let mut j = i;
                    while j > 0 && cuts[j - 1] > cuts[j] {
                        cuts.swap(j - 1, j);
                        j -= 1;
                    }
                }
                let mut s = Scores::zeros(n);
                let mut prev = 0;
                for i in 0..n - 1 {
                    s[i] = cuts[i] - prev;
                    prev = cuts[i];
                }
                s[n - 1] = self.spec.maxsum - prev;
                s
            }
            LeafModel::Normalized => {
                let maxsum = self.spec.maxsum as u128;
                let mut u = [0u128; MAX_PLAYERS];
                let mut z = key;
                let mut total = 0u128;
                for x in u.iter_mut().take(n) {
                    z = z.wrapping_add(GAMMA);
                    *x = 1 + (mix64(z) >> 32) as u128;
                    total += *x;
                }
                let mut s = Scores::zeros(n);
                let mut rem = [0u128; MAX_PLAYERS];
                let mut sum = 0i64;
                for i in 0..n {
                    let q = u[i] * maxsum;
                    s[i] = (q / total) as i64;
                    rem[i] = q % total;
                    sum += s[i];
                }
                // Largest remainders first (ties to the lower player): fewer than n units.
                for _ in 0..(self.spec.maxsum - sum) {
                    let mut best = 0;
                    for i in 1..n {
                        if rem[i] > rem[best] {
                            best = i;
                        }
                    }
                    s[best] += 1;
                    rem[best] = 0;
                }
                s
            }
            LeafModel::BestFirst => Scores::zero_sum(state.carried),
            LeafModel::Incremental { .. } => Scores::from_array(n, state.psi.map(Score::from)),
            LeafModel::Uniform { .. } | LeafModel::Discrete { .. } | LeafModel::Bivalued { .. } => {
                let mut z = key;
                if n == 2 {
                    let v = self.signed_draw(mix64(z.wrapping_add(GAMMA)));
                    return Scores::zero_sum(v);
                }
                let mut s = Scores::zeros(n);
                for i in 0..n {
                    z = z.wrapping_add(GAMMA);
                    s[i] = self.signed_draw(mix64(z));
                }
                s
            }
        }
    }
}

impl Game for RandomTree {
    type State = RandomState;
    type Move = u32;

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: u32) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    fn players(&self) -> usize {
        self.spec.players
    }

    fn initial(&self) -> RandomState {
        RandomState {
            key: mix64(self.spec.seed ^ ROOT_SALT),
            ply: 0,
            player: 0,
            carried: 0,
            psi: [0; MAX_PLAYERS],
        }
    }

    fn to_move(&self, state: &RandomState) -> Player {
        Player::new(state.player as usize)
    }

    /// Child indices `0..b` in order, above depth `d`; none at depth `d`.
    #[inline]
    fn moves(&self, state: &RandomState, out: &mut Vec<u32>) {
        if state.ply < self.spec.d {
            out.extend(0..self.spec.b);
        }
    }

    #[inline(always)]
    fn play(&self, state: &RandomState, mv: u32) -> RandomState {
        let next = state.player + 1;
        let key = mix64(state.key ^ self.salt.wrapping_add(GAMMA.wrapping_mul(mv as u64 + 1)));
        let mut carried = state.carried;
        if self.spec.leaf == LeafModel::BestFirst && mv > 0 {
            // A later sibling is strictly worse for the player to move: player 0 maximises
            // (its value drops), player 1 minimises (player 0's value rises).
            let step = 1 + (mix64(key ^ STEP_SALT) % BEST_FIRST_STEP as u64) as i64;
            carried += if state.player == 0 { -step } else { step };
        }
        let mut psi = state.psi;
        if let LeafModel::Incremental { range } = self.spec.leaf {
            for (i, p) in psi[..self.spec.players].iter_mut().enumerate() {
                *p += increment(key, range, i);
            }
        }
        RandomState {
            key,
            carried,
            psi,
            ply: state.ply + 1,
            player: if next as usize == self.spec.players {
                0
            } else {
                next
            },
        }
    }

    #[inline]
    fn outcome(&self, state: &RandomState) -> Option<Scores> {
        (state.ply >= self.spec.d).then(|| self.value(state))
    }

    fn move_name(&self, _state: &RandomState, mv: u32) -> String {
        mv.to_string()
    }
}

/// The increment of player `i` at the node with `key` under [`LeafModel::Incremental`]:
/// uniform on `-range..=range` (multiply-shift of `mix64(key + GAMMA (i + 1))`).
#[inline]
fn increment(key: u64, range: u32, i: usize) -> i32 {
    let r = mix64(key.wrapping_add(GAMMA.wrapping_mul(i as u64 + 1)));
    let width = 2 * range as u64 + 1;
    ((r as u128 * width as u128) >> 64) as i32 - range as i32
}

impl gametree::hash::Zobrist for RandomTree {
    /// The node's key (already a hash of the seed and the path from the root).
    #[inline]
    fn hash(&self, state: &RandomState) -> u64 {
        state.key
    }

    /// The child index.
    #[inline]
    fn move_slot(&self, mv: u32) -> Option<usize> {
        Some(mv as usize)
    }
}

/// The evaluator of a [`RandomTree`]: an inner node's value from the same model as the
/// leaves, and honest bounds. Korf's models (`constant`, `cutpoints`, `normalized`): every
/// score at least 0, every value summing to exactly `maxsum`, step 1. Signed models with two
/// players: scores in `[-hi, hi]` summing to exactly 0; with three or more: scores at least
/// `lo`, the sum at most `players * hi`, not constant-sum. Step 2 for `bivalued` (values
/// -1 and +1), else 1. No bounds for `incremental`, whose scores are unbounded.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomTreeEval;

impl Evaluator<RandomTree> for RandomTreeEval {
    #[inline]
    fn evaluate(&self, game: &RandomTree, state: &RandomState) -> Scores {
        game.value(state)
    }

    fn bounds(&self, game: &RandomTree) -> Bounds {
        let n = game.spec.players;
        if let LeafModel::Incremental { .. } = game.spec.leaf {
            return Bounds::none();
        }
        match game.spec.leaf.signed_range(game.spec.d) {
            None => Bounds::constant_sum(n, game.spec.maxsum as Score),
            Some((lo, hi)) => Bounds {
                lower: Some(Scores::splat(n, lo)),
                maxsum: Some(if n == 2 { 0 } else { n as i64 * hi }),
                step: if matches!(game.spec.leaf, LeafModel::Bivalued { .. }) {
                    2
                } else {
                    1
                },
                constant_sum: n == 2,
            },
        }
    }
}
