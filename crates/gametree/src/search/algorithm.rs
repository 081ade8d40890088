//! The registry of algorithms by name, for command lines and experiments.
//!
//! Two layers, so that no search needs a flag it does not use:
//!
//! - [`Algorithm`]: the searches that run on **any** [`Game`] with nothing but a
//!   [`Config`], and [`run`]/[`run_iterative`], which call the algorithm's function.
//! - [`Searcher`]: every search a user can pick by name: an [`Algorithm`], a best-reply
//!   search ([`Searcher::BestReply`], which needs a game implementing [`SetToMove`]) or
//!   Monte-Carlo tree search ([`Searcher::Mcts`], which takes an [`MctsConfig`] too).
//!   [`Searcher::needs`] says what a searcher asks of the game.
//!
//! Which searchers a game can run is decided statically, by the type that dispatches them
//! ([`Dispatch`]): [`AnyGame`] runs every searcher on any game and refuses best-reply search
//! with [`SearchError::NeedsSetToMove`]; [`WithSetToMove`] runs all of them on games that
//! implement [`SetToMove`]. Callers that reach games through a registry pick the
//! dispatcher where the registry tells them the game can hand the turn to any player.

use std::fmt;
use std::str::FromStr;

use super::best_reply::{self, Variant};
use super::iterative::{iterative_deepening, iterative_deepening_observed};
use super::mcts::{self, mcts, MctsConfig};
use super::{Config, SearchError, SearchResult};
use crate::eval::Evaluator;
use crate::game::{Game, SetToMove};

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

/// An algorithm name that is not in [`Searcher::all`] (or, parsing an [`Algorithm`], not
/// in [`Algorithm::ALL`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm `{0}` (known: {known})", known = Searcher::all().iter().map(|a| a.name()).collect::<Vec<_>>().join(", "))]
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

/// What a [`Searcher`] asks of the game it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Needs {
    /// Any [`Game`].
    AnyGame,
    /// A game that can hand the turn to any live player ([`SetToMove`]).
    SetToMove,
}

/// Every search a user can pick by name (`gametree list`): the searches of [`Algorithm`],
/// best-reply search and Monte-Carlo tree search.
///
/// Parsed from and printed as the command-line name (`maxn`, `brs`, `brs-plus`, `mcts`).
/// A searcher is run through a [`Dispatch`]er: [`AnyGame`] for any game (best-reply search
/// is refused there), [`WithSetToMove`] for games implementing [`SetToMove`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Searcher {
    /// A search that runs on any game with a [`Config`] alone.
    Plain(Algorithm),
    /// Best-reply search ([`best_reply::brs`] or [`best_reply::brs_plus`]); needs
    /// [`SetToMove`].
    BestReply(Variant),
    /// Monte-Carlo tree search ([`mcts()`]) with an [`MctsConfig`].
    Mcts,
}

impl Searcher {
    /// Every searcher, in the order `gametree list` prints: the [`Algorithm`]s, then `brs`,
    /// `brs-plus` and `mcts`.
    pub fn all() -> Vec<Searcher> {
        let mut all: Vec<Searcher> = Algorithm::ALL.iter().map(|&a| Searcher::Plain(a)).collect();
        all.extend([
            Searcher::BestReply(Variant::Brs),
            Searcher::BestReply(Variant::BrsPlus),
            Searcher::Mcts,
        ]);
        all
    }

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            Searcher::Plain(a) => a.name(),
            Searcher::BestReply(Variant::Brs) => "brs",
            Searcher::BestReply(Variant::BrsPlus) => "brs-plus",
            Searcher::Mcts => "mcts",
        }
    }

    /// One line about what it is.
    pub const fn about(self) -> &'static str {
        match self {
            Searcher::Plain(a) => a.about(),
            Searcher::BestReply(Variant::Brs) => {
                "best-reply search: the root player against the one most dangerous reply (Schadd & Winands 2011); needs a game that can hand the turn to any player"
            }
            Searcher::BestReply(Variant::BrsPlus) => {
                "BRS+: best-reply search where the other opponents play their first ordered move (Esser et al. 2013); needs a game that can hand the turn to any player"
            }
            Searcher::Mcts => {
                "Monte-Carlo tree search: UCT with max^n, paranoid or MCTS-BRS policies, win/rank rewards, Progressive History and the multi-player MCTS-Solver (seeded)"
            }
        }
    }

    /// What it asks of the game.
    pub const fn needs(self) -> Needs {
        match self {
            Searcher::BestReply(_) => Needs::SetToMove,
            Searcher::Plain(_) | Searcher::Mcts => Needs::AnyGame,
        }
    }
}

impl From<Algorithm> for Searcher {
    fn from(a: Algorithm) -> Searcher {
        Searcher::Plain(a)
    }
}

impl fmt::Display for Searcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Searcher {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Searcher, UnknownAlgorithm> {
        let t = s.trim().to_ascii_lowercase();
        // `brs+`, as the papers write it, is `brs-plus`.
        let t = if t == "brs+" {
            "brs-plus".to_string()
        } else {
            t
        };
        Searcher::all()
            .into_iter()
            .find(|a| a.name() == t)
            .ok_or_else(|| UnknownAlgorithm(s.to_string()))
    }
}

/// How [`Searcher`]s are run on games of type `G`: the capability check is the choice of
/// the implementing type, made at compile time ([`AnyGame`] or [`WithSetToMove`]).
pub trait Dispatch<G: Game> {
    /// The needs of searchers ([`Searcher::needs`]) this dispatcher meets on `G`.
    const NEEDS_MET: &'static [Needs];

    /// Runs `searcher` once under `config`: [`run`] for an [`Algorithm`], the fixed-depth
    /// best-reply search, or [`mcts()`] with `mcts_config` (its iteration count, the node
    /// limit and the deadline of `config` are its budget).
    fn run<E: Evaluator<G>>(
        searcher: Searcher,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        mcts_config: &MctsConfig,
    ) -> Result<SearchResult<G::Move>, SearchError>;

    /// Runs `searcher` with iterative deepening to `config.limits.depth`, like
    /// [`run_iterative`]. MCTS is not deepened: it runs once under the same limits (a node
    /// limit or deadline is its normal end, not an error).
    fn run_iterative<E: Evaluator<G>>(
        searcher: Searcher,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        mcts_config: &MctsConfig,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        Self::run_iterative_observed(searcher, game, eval, state, config, mcts_config, |_| {})
    }

    /// [`Dispatch::run_iterative`], calling `observe` once after each completed iteration
    /// with the result deepening would return if it stopped there (as
    /// [`iterative_deepening_observed`]); MCTS, run once, is never observed. The result is
    /// [`Dispatch::run_iterative`]'s.
    fn run_iterative_observed<E: Evaluator<G>, O: FnMut(&SearchResult<G::Move>)>(
        searcher: Searcher,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        mcts_config: &MctsConfig,
        observe: O,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        deepen_by_run::<Self, G, E, O>(searcher, game, eval, state, config, mcts_config, observe)
    }

    /// Whether `searcher` runs on `G` through this dispatcher.
    fn supports(searcher: Searcher) -> bool {
        Self::NEEDS_MET.contains(&searcher.needs())
    }
}

/// The [`Dispatch`]er for any game: best-reply searches fail with
/// [`SearchError::NeedsSetToMove`].
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyGame;

/// The [`Dispatch`]er for games implementing [`SetToMove`]: every [`Searcher`] runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct WithSetToMove;

impl<G: Game> Dispatch<G> for AnyGame {
    const NEEDS_MET: &'static [Needs] = &[Needs::AnyGame];
    fn run<E: Evaluator<G>>(
        searcher: Searcher,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        mcts_config: &MctsConfig,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        match searcher {
            Searcher::Plain(a) => run(a, game, eval, state, config),
            Searcher::BestReply(_) => Err(SearchError::NeedsSetToMove {
                algorithm: searcher.name(),
            }),
            Searcher::Mcts => mcts(game, eval, state, config, mcts_config),
        }
    }
}

impl<G: SetToMove> Dispatch<G> for WithSetToMove {
    const NEEDS_MET: &'static [Needs] = &[Needs::AnyGame, Needs::SetToMove];
    fn run<E: Evaluator<G>>(
        searcher: Searcher,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        mcts_config: &MctsConfig,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        match searcher {
            Searcher::BestReply(v) => best_reply::Variant::search(v, game, eval, state, config),
            Searcher::Mcts => mcts::mcts_with_set_to_move(game, eval, state, config, mcts_config),
            _ => AnyGame::run(searcher, game, eval, state, config, mcts_config),
        }
    }

    /// As the trait's: best-reply search deepens by [`best_reply::iterative_observed`] (so
    /// that BRS+ with ordered forced moves carries what each iteration learned to the next).
    fn run_iterative_observed<E: Evaluator<G>, O: FnMut(&SearchResult<G::Move>)>(
        searcher: Searcher,
        game: &G,
        eval: &E,
        state: &G::State,
        config: &Config,
        mcts_config: &MctsConfig,
        observe: O,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        match searcher {
            Searcher::BestReply(v) => {
                best_reply::iterative_observed(v, game, eval, state, config, observe)
            }
            _ => deepen_by_run::<Self, G, E, O>(
                searcher,
                game,
                eval,
                state,
                config,
                mcts_config,
                observe,
            ),
        }
    }
}

/// The default [`Dispatch::run_iterative_observed`], which an overriding dispatcher also
/// calls for the searchers it does not treat apart: MCTS runs once under the limits
/// ([`Dispatch::run`]); every other searcher deepens by [`iterative_deepening_observed`]
/// over `D::run`, `observe` called after each completed iteration.
fn deepen_by_run<D, G, E, O>(
    searcher: Searcher,
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts_config: &MctsConfig,
    observe: O,
) -> Result<SearchResult<G::Move>, SearchError>
where
    D: Dispatch<G> + ?Sized,
    G: Game,
    E: Evaluator<G>,
    O: FnMut(&SearchResult<G::Move>),
{
    match searcher {
        Searcher::Mcts => D::run(searcher, game, eval, state, config, mcts_config),
        _ => iterative_deepening_observed(
            config,
            |c| D::run(searcher, game, eval, state, c, mcts_config),
            observe,
        ),
    }
}
