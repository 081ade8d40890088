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
//! | `leaf` | leaf model, see [`LeafModel`] | `cutpoints` | `constant`, `cutpoints`, `incremental` |
//! | `seed` | the tree | 0 | any `u64` |
//! | `maxsum` | the sum of every value | `constant`: `100 * players` (c = 100; with c = 1 the minimum step mu = 1 lets the discrete cut-off rule prune more than the best case of the papers); `cutpoints`: 1,000,000 | 0 to 2^40; `constant`: a multiple of `players`; not with `incremental` |
//! | `range` | `incremental` only: each increment is uniform on `-range..=range` | 2^20 | 1 to 2^20 |
//!
//! Keys: node keys are 64-bit hashes. The root's key is `mix64(seed ^ ROOT_SALT)`; child `i`
//! of a node with key `k` has key `mix64(k ^ (salt + GAMMA * (i + 1)))` (wrapping) where
//! `salt = mix64(seed)`. Values (leaf outcomes and the evaluations of inner nodes, for
//! depth-limited search) come from the node's key alone, by the model, except for
//! `incremental`, whose values accumulate along the path (the state carries them; see
//! [`LeafModel::Incremental`]).

use std::fmt;

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

/// How values (leaf outcomes and cut-off evaluations) are drawn. All models but
/// `Incremental` are constant-sum: every value sums to `maxsum`, and every score is at
/// least 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafModel {
    /// Every value is `(c, ..., c)` with `c = maxsum / players`: the best case of the
    /// pruning algorithms (Sturtevant 2003, Table 10's "optimal ordering").
    Constant,
    /// Korf's average-case model (1991, section 3.7): `players - 1` independent cut points,
    /// uniform integers in `[0, maxsum]`; the gaps between them, sorted, are the scores.
    Cutpoints,
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
    /// The model's name in the spec syntax.
    pub fn name(self) -> &'static str {
        match self {
            LeafModel::Constant => "constant",
            LeafModel::Cutpoints => "cutpoints",
            LeafModel::Incremental { .. } => "incremental",
        }
    }

    fn parse(s: &str) -> Option<LeafModel> {
        match s {
            "constant" => Some(LeafModel::Constant),
            "cutpoints" => Some(LeafModel::Cutpoints),
            "incremental" => Some(LeafModel::Incremental { range: MAX_RANGE }),
            _ => None,
        }
    }
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
            Some(v) => LeafModel::parse(v).ok_or_else(|| {
                spec.error(format!(
                    "parameter `leaf={v}`: expected constant, cutpoints or incremental"
                ))
            })?,
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
            (LeafModel::Cutpoints, m) => m.unwrap_or(1_000_000),
            (LeafModel::Incremental { .. }, None) => 0,
            (LeafModel::Incremental { .. }, Some(m)) => {
                return Err(spec.error(format!(
                "parameter `maxsum={m}`: does not apply to leaf=incremental (scores are unbounded)"
            )))
            }
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

impl fmt::Display for RandomTreeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let LeafModel::Incremental { range } = self.leaf {
            return write!(
                f,
                "random(players={},b={},d={},leaf=incremental,range={range},seed={})",
                self.players, self.b, self.d, self.seed
            );
        }
        write!(
            f,
            "random(players={},b={},d={},leaf={},seed={},maxsum={})",
            self.players,
            self.b,
            self.d,
            self.leaf.name(),
            self.seed,
            self.maxsum
        )
    }
}

/// A node of a random tree: its hash key, its depth, the player to move and (for
/// [`LeafModel::Incremental`]) its accumulated value. 40 bytes, `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomState {
    /// The node's key (a hash of the seed and the path from the root).
    pub key: u64,
    /// The depth of the node (the root is 0).
    pub ply: u32,
    /// The player to move.
    pub player: u8,
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
    /// For [`LeafModel::Cutpoints`]: `maxsum + 1` cut positions.
    span: u64,
}

impl RandomTree {
    /// The tree of a (parsed, hence valid) spec.
    pub fn new(spec: RandomTreeSpec) -> RandomTree {
        RandomTree {
            spec,
            salt: mix64(spec.seed),
            span: spec.maxsum as u64 + 1,
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

    /// The value of `state` under the leaf model (outcome at a leaf, heuristic evaluation at
    /// an inner node): [`RandomTree::value`] of its key, or its accumulated value under
    /// [`LeafModel::Incremental`].
    #[inline]
    pub fn value_of(&self, state: &RandomState) -> Scores {
        match self.spec.leaf {
            LeafModel::Incremental { .. } => {
                let mut s = Scores::zeros(self.spec.players);
                for (d, &x) in s.as_mut_slice().iter_mut().zip(&state.psi) {
                    *d = x as Score;
                }
                s
            }
            _ => self.value(state.key),
        }
    }

    /// The value of the node with `key` under the leaf model (outcome at a leaf, heuristic
    /// evaluation at an inner node). Under [`LeafModel::Incremental`] a value depends on the
    /// path, not the key alone: this returns the node's own increment (see
    /// [`RandomTree::value_of`] for the value).
    #[inline]
    pub fn value(&self, key: u64) -> Scores {
        let n = self.spec.players;
        match self.spec.leaf {
            LeafModel::Incremental { range } => {
                let mut s = Scores::zeros(n);
                for i in 0..n {
                    s[i] = increment(key, range, i) as Score;
                }
                s
            }
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
        }
    }
}

impl Game for RandomTree {
    type State = RandomState;
    type Move = u32;

    fn players(&self) -> usize {
        self.spec.players
    }

    fn initial(&self) -> RandomState {
        RandomState {
            key: mix64(self.spec.seed ^ ROOT_SALT),
            ply: 0,
            player: 0,
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

    #[inline]
    fn play(&self, state: &RandomState, mv: u32) -> RandomState {
        let next = state.player + 1;
        let key = mix64(state.key ^ self.salt.wrapping_add(GAMMA.wrapping_mul(mv as u64 + 1)));
        let mut psi = state.psi;
        if let LeafModel::Incremental { range } = self.spec.leaf {
            for (i, p) in psi[..self.spec.players].iter_mut().enumerate() {
                *p += increment(key, range, i);
            }
        }
        RandomState {
            key,
            ply: state.ply + 1,
            player: if next as usize == self.spec.players {
                0
            } else {
                next
            },
            psi,
        }
    }

    #[inline]
    fn outcome(&self, state: &RandomState) -> Option<Scores> {
        (state.ply >= self.spec.d).then(|| self.value_of(state))
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

/// The evaluator of a [`RandomTree`]: an inner node's value from the same hashing as the
/// leaves, and honest bounds: every score at least 0, every value summing to exactly
/// `maxsum` (constant-sum), step 1 (no bounds for the incremental model).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomTreeEval;

impl Evaluator<RandomTree> for RandomTreeEval {
    #[inline]
    fn evaluate(&self, game: &RandomTree, state: &RandomState) -> Scores {
        game.value_of(state)
    }

    /// Constant-sum bounds (every score at least 0, sum `maxsum`); none under
    /// [`LeafModel::Incremental`], whose scores are unbounded.
    fn bounds(&self, game: &RandomTree) -> Bounds {
        match game.spec.leaf {
            LeafModel::Incremental { .. } => Bounds::none(),
            _ => Bounds::constant_sum(game.spec.players, game.spec.maxsum as Score),
        }
    }
}
