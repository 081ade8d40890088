//! The registry of algorithms by name, for command lines and experiments: [`Algorithm`]
//! and [`run`], which calls the algorithm's function.

use std::fmt;
use std::str::FromStr;

use super::{iterative::iterative_deepening, Config, SearchError, SearchResult};
use crate::eval::Evaluator;
use crate::game::Game;

macro_rules! algorithms {
    ($($variant:ident => $name:literal, $about:literal;)*) => {
        /// Every search algorithm, by its command-line name (`gametree list`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Algorithm {
            $(#[doc = $about] $variant,)*
        }

        impl Algorithm {
            /// Every algorithm, in the order `gametree list` prints.
            pub const ALL: &'static [Algorithm] = &[$(Algorithm::$variant,)*];

            /// The command-line name.
            pub const fn name(self) -> &'static str {
                match self { $(Algorithm::$variant => $name,)* }
            }

            /// One line about what it is.
            pub const fn about(self) -> &'static str {
                match self { $(Algorithm::$variant => $about,)* }
            }
        }
    };
}

algorithms! {
    Minimax => "minimax", "plain two-player minimax (no pruning)";
    AlphaBeta => "alphabeta", "two-player alpha-beta, fail-hard";
    AlphaBetaFailSoft => "alphabeta-failsoft", "two-player alpha-beta, fail-soft";
    Negamax => "negamax", "two-player alpha-beta in negamax form (fail-soft)";
    Pvs => "pvs", "principal variation search (NegaScout) with killer moves; no table";
    Mtdf => "mtdf", "MTD(f): null-window passes from the static value; no table";
    Aspiration => "aspiration", "PVS with an aspiration window around the static value; no table";
    Maxn => "maxn", "plain max^n for 2 to 6 players (Luckhardt & Irani; Korf 1991)";
    Shallow => "shallow", "max^n with immediate and shallow pruning (Korf 1991)";
    BranchAndBound => "branch-and-bound", "max^n with alpha-beta branch-and-bound on monotonic bounds (Sturtevant & Korf 2000)";
    LastBranch => "last-branch", "max^n with last-branch pruning (Sturtevant 2003)";
    Speculative => "speculative", "max^n with speculative pruning and re-search (Sturtevant 2003)";
    Paranoid => "paranoid", "the root player against the coalition of the others, with alpha-beta";
    Nmax => "nmax", "N-max: max^n on the zero-sum projection (Fridenfalk 2014)";
    Hypermax => "hypermax", "hypermax: alpha-vector pruning on the projection (Fridenfalk 2014)";
    HypermaxSorted => "hypermax-sorted", "hypermax with children sorted by static projected value";
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm name that is not in [`Algorithm::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm `{0}` (known: {known})", known = Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>().join(", "))]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        let t = s.trim().to_ascii_lowercase();
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name() == t)
            .ok_or_else(|| UnknownAlgorithm(s.to_string()))
    }
}

/// Runs `algorithm` once under `config` (a fixed-depth search when `config.limits.depth` is
/// set).
pub fn run<G: Game, E: Evaluator<G>>(
    algorithm: Algorithm,
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    use super::*;
    match algorithm {
        Algorithm::Minimax => minimax::minimax(game, eval, state, config),
        Algorithm::AlphaBeta => alphabeta::alphabeta(game, eval, state, config),
        Algorithm::AlphaBetaFailSoft => {
            alphabeta_failsoft::alphabeta_failsoft(game, eval, state, config)
        }
        Algorithm::Negamax => negamax::negamax(game, eval, state, config),
        Algorithm::Pvs => pvs::pvs(game, eval, state, config),
        Algorithm::Mtdf => mtdf::mtdf(game, eval, state, config),
        Algorithm::Aspiration => aspiration::aspiration(game, eval, state, config),
        Algorithm::Maxn => maxn::maxn(game, eval, state, config),
        Algorithm::Shallow => shallow::shallow(game, eval, state, config),
        Algorithm::BranchAndBound => branch_and_bound::branch_and_bound(game, eval, state, config),
        Algorithm::LastBranch => last_branch::last_branch(game, eval, state, config),
        Algorithm::Speculative => speculative::speculative(game, eval, state, config),
        Algorithm::Paranoid => paranoid::paranoid(game, eval, state, config),
        Algorithm::Nmax => nmax::nmax(game, eval, state, config),
        Algorithm::Hypermax => hypermax::hypermax(game, eval, state, config),
        Algorithm::HypermaxSorted => hypermax::hypermax_sorted(game, eval, state, config),
    }
}

/// Runs `algorithm` with iterative deepening to `config.limits.depth` (see
/// [`iterative_deepening`]).
pub fn run_iterative<G: Game, E: Evaluator<G>>(
    algorithm: Algorithm,
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    iterative_deepening(config, |c| run(algorithm, game, eval, state, c))
}
