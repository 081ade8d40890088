//! Perfect-information Monte Carlo (PIMC) for games with hidden information: sample states
//! the player to move cannot tell apart from the true one ([`Game::resample`]), search each
//! with any perfect-information searcher, and play the move with the best sum.
//!
//! [`pimc`] is the entry point; [`RootMove`] and [`RootEval`] restrict a game's root to one
//! move, so that the inner searcher's own decision rule (max^n, paranoid, MCTS, ...) values
//! that move with the real root player at the root.

use std::time::{Duration, Instant};

use crate::eval::{Bounds, Evaluator, SubtreeBounds};
use crate::game::{Game, Player, SetToMove};
use crate::hash::mix64;
use crate::rng::SplitMix64;
use crate::search::algorithm::{Dispatch, Searcher};
use crate::search::mcts::MctsConfig;
use crate::search::{Config, Limits, SearchError};
use crate::Scores;

/// The settings of [`pimc`] beyond the [`Config`] of its searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PimcConfig {
    /// Sampled states ("worlds") per decision, W; 0 counts as 1.
    pub worlds: usize,
    /// The seed of the sampler's [`SplitMix64`] (the caller derives it, e.g. from a game's
    /// seed and the ply, so that replays are exact).
    pub seed: u64,
    /// Whether each search deepens iteratively to the config's depth (the normal use under
    /// a node or time budget) or is one search of exactly that depth.
    pub iterative: bool,
    /// What [`MctsConfig::iterations`] counts when the searches are MCTS.
    pub mcts_iterations: MctsIterations,
}

/// What [`MctsConfig::iterations`] counts in [`pimc`] (for MCTS searches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MctsIterations {
    /// Each search runs that many iterations (with a node or time limit, which is then
    /// split over the searches, the iterations are only a cap).
    #[default]
    PerSearch,
    /// The decision's iterations: split evenly over its `W x M` searches, as a node limit
    /// is (at least one each).
    PerDecision,
}

/// What [`pimc`] decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PimcResult<M> {
    /// The move to play: the first in game order among those of the best total.
    pub best_move: M,
    /// Each legal move, in game order, with the root player's value summed over the worlds
    /// (saturating at the ends of `i64`).
    pub totals: Vec<(M, i64)>,
    /// Nodes searched in all (every search, the stopped ones included).
    pub nodes: u64,
    /// Searches run (worlds times moves; 0 when there is a single legal move).
    pub searches: u64,
    /// Of those, searches stopped by their node or time share before completing any depth,
    /// or not started because their time slice was over: their move was valued by the
    /// evaluator on the position after it.
    pub stopped: u64,
}

/// Perfect-information Monte Carlo with the inner searcher `searcher`, run through the
/// dispatcher `D` (so that max^n, speculative, paranoid, MCTS, and best-reply search on a
/// game with [`SetToMove`], are all inner searches).
///
/// - **Paper**: Ginsberg (2001), "GIB: Imperfect information in a computationally
///   challenging game" (the bridge program); as used for Hearts and Spades by Sturtevant
///   (2003), section 2.2. The name "perfect-information Monte Carlo" is Long et al. (2010).
/// - **Computes**: for `W = pimc_config.worlds` worlds, a state drawn by
///   [`Game::resample`] from the sampler (seeded with [`PimcConfig::seed`]; a game that
///   returns `None` is searched on `state` itself, which sees everything); in each world,
///   every legal move `m` of `state` is searched as the only root move (the game wrapped
///   in [`RootMove`]), and the root player's component of the search's value is added to
///   `m`'s total. The move with the largest total is played.
/// - **Budget**: `config.limits.depth` applies to every search as it is. A node limit `N`
///   is split evenly: each of the `W x M` searches (`M` legal moves) may visit
///   `N / (W x M)` nodes (at least 1); so are MCTS's iterations with
///   [`MctsIterations::PerDecision`]. A deadline is cut into `W x M` equal time slices
///   from the call: search `k` (in the order world by world, moves in game order) must end
///   by `now + (k + 1) x (deadline - now) / (W x M)`, so a search that ends early leaves
///   its time to the next one; a search whose slice is over before it starts (the
///   searches before it overran, each by up to the deadline's check interval) is not run
///   and values its move by the evaluator, so overruns do not add up. A deadline on the
///   thread's processor time ([`Limits::cpu_deadline`]) is cut the same way, on that
///   clock: `(k + 1) / (W x M)` of the processor time left at the call. The stop request is
///   passed on. A search that the limits stop before it completes depth 1
///   ([`SearchError::Stopped`]) values its move by the evaluator on the position after it.
/// - **MCTS**: search `k` gets [`MctsConfig::seed`] mixed with `k`, so no two searches of
///   one decision share a seed.
/// - **Tie-breaking**: the first move in game order among those with the largest total.
/// - **Single move**: with one legal move nothing is searched (totals 0, `searches` 0).
/// - **Counts**: [`PimcResult::nodes`] sums the nodes of every search (stopped ones
///   included); `searches` and `stopped` count the searches.
/// - **Information**: the decision depends on `state` only through what
///   [`Game::resample`] keeps (the player to move's information set) and through its legal
///   moves, provided the game honours the resampling contract.
///
/// Fails when `state` is terminal ([`SearchError::InvalidConfig`]) or when a search fails
/// otherwise than by its limits (e.g. [`SearchError::MissingBound`]: a pruning algorithm on
/// an evaluator without the bounds it needs).
pub fn pimc<'g, D, G, E>(
    searcher: Searcher,
    game: &'g G,
    eval: &E,
    state: &G::State,
    config: &Config,
    mcts_config: &MctsConfig,
    pimc_config: &PimcConfig,
) -> Result<PimcResult<G::Move>, SearchError>
where
    D: Dispatch<RootMove<'g, G>>,
    G: Game,
    E: Evaluator<G>,
{
    let mut moves = Vec::new();
    game.moves(state, &mut moves);
    let Some(&first) = moves.first() else {
        return Err(SearchError::InvalidConfig {
            algorithm: "pimc",
            problem: "the position is terminal: there is no move to choose".into(),
        });
    };
    let mut totals: Vec<(G::Move, i64)> = moves.iter().map(|&m| (m, 0)).collect();
    if moves.len() == 1 {
        return Ok(PimcResult {
            best_move: first,
            totals,
            nodes: 0,
            searches: 0,
            stopped: 0,
        });
    }
    let root = game.to_move(state);
    let worlds = pimc_config.worlds.max(1);
    let searches = (worlds as u64).saturating_mul(moves.len() as u64);
    let per_search = config.limits.nodes.map(|n| (n / searches).max(1));
    let iterations = match pimc_config.mcts_iterations {
        MctsIterations::PerSearch => mcts_config.iterations,
        MctsIterations::PerDecision => (mcts_config.iterations / searches).max(1),
    };
    let now = Instant::now();
    let span = config
        .limits
        .deadline
        .map(|d| (d, d.saturating_duration_since(now).as_nanos()));
    let slice_end = |k: u64| {
        span.map(|(deadline, total)| {
            total
                .checked_mul(u128::from(k + 1))
                .and_then(|x| u64::try_from(x / u128::from(searches)).ok())
                .and_then(|ns| now.checked_add(Duration::from_nanos(ns)))
                .unwrap_or(deadline)
        })
    };
    // The processor-time deadline is cut the same way, on the calling thread's clock.
    let cpu_span = config
        .limits
        .cpu_deadline
        .map(|d| (d, d.remaining().as_nanos()));
    let cpu_slice_end = |k: u64| {
        cpu_span.map(|(deadline, total)| {
            let part = total * u128::from(k + 1) / u128::from(searches);
            let early = u64::try_from(total - part.min(total)).unwrap_or(u64::MAX);
            deadline.earlier(Duration::from_nanos(early))
        })
    };
    let weval = RootEval { eval };
    let mut rng = SplitMix64::new(pimc_config.seed);
    let (mut nodes, mut stopped, mut k) = (0u64, 0u64, 0u64);
    for _ in 0..worlds {
        let world = game
            .resample(state, &mut rng)
            .unwrap_or_else(|| state.clone());
        let start = (world, true);
        for (i, &m) in moves.iter().enumerate() {
            let deadline = slice_end(k);
            let cpu_deadline = cpu_slice_end(k);
            k += 1;
            if deadline.is_some_and(|d| Instant::now() >= d)
                || cpu_deadline.is_some_and(|d| d.remaining().is_zero())
            {
                // Its slice is over before it starts (earlier searches overran): valued
                // statically, so that overruns do not add up over the searches.
                stopped += 1;
                let v = eval.evaluate(game, &game.play(&start.0, m))[root];
                totals[i].1 = totals[i].1.saturating_add(v);
                continue;
            }
            let g = RootMove { game, first: m };
            let inner = Config {
                limits: Limits {
                    depth: config.limits.depth,
                    nodes: per_search,
                    deadline,
                    cpu_deadline,
                    start: None,
                    stop: config.limits.stop,
                },
                trace: false,
                ..Config::default()
            };
            let mcts = MctsConfig {
                seed: mix64(mcts_config.seed ^ (k - 1)),
                iterations,
                ..*mcts_config
            };
            let result = if pimc_config.iterative {
                D::run_iterative(searcher, &g, &weval, &start, &inner, &mcts)
            } else {
                D::run(searcher, &g, &weval, &start, &inner, &mcts)
            };
            let v = match result {
                Ok(r) => {
                    nodes += r.stats.nodes;
                    r.value[root]
                }
                Err(SearchError::Stopped(_, st)) => {
                    nodes += st.nodes;
                    stopped += 1;
                    eval.evaluate(game, &game.play(&start.0, m))[root]
                }
                Err(e) => return Err(e),
            };
            totals[i].1 = totals[i].1.saturating_add(v);
        }
    }
    let mut best = 0;
    for i in 1..totals.len() {
        if totals[i].1 > totals[best].1 {
            best = i;
        }
    }
    Ok(PimcResult {
        best_move: totals[best].0,
        totals,
        nodes,
        searches,
        stopped,
    })
}

/// `game` with its root restricted to one move: searching it values that move under any
/// searcher's decision rule, with the real root player at the root. A state is the game's
/// state and whether it is the root; below the root the game is unchanged.
#[derive(Clone, Copy, Debug)]
pub struct RootMove<'g, G: Game> {
    /// The game.
    pub game: &'g G,
    /// The one move of the root.
    pub first: G::Move,
}

impl<G: Game> Game for RootMove<'_, G> {
    type State = (G::State, bool);
    type Move = G::Move;
    const HIDDEN_INFORMATION: bool = G::HIDDEN_INFORMATION;
    fn players(&self) -> usize {
        self.game.players()
    }
    fn initial(&self) -> (G::State, bool) {
        (self.game.initial(), true)
    }
    fn to_move(&self, s: &(G::State, bool)) -> Player {
        self.game.to_move(&s.0)
    }
    fn moves(&self, s: &(G::State, bool), out: &mut Vec<G::Move>) {
        if s.1 {
            out.push(self.first);
        } else {
            self.game.moves(&s.0, out);
        }
    }
    fn play(&self, s: &(G::State, bool), mv: G::Move) -> (G::State, bool) {
        (self.game.play(&s.0, mv), false)
    }
    fn outcome(&self, s: &(G::State, bool)) -> Option<Scores> {
        self.game.outcome(&s.0)
    }
    fn ended_by_cap(&self, s: &(G::State, bool)) -> bool {
        self.game.ended_by_cap(&s.0)
    }
    fn ended_by_claim(&self, s: &(G::State, bool)) -> bool {
        self.game.ended_by_claim(&s.0)
    }
    fn move_name(&self, s: &(G::State, bool), mv: G::Move) -> String {
        self.game.move_name(&s.0, mv)
    }
    fn render(&self, s: &(G::State, bool), color: bool) -> String {
        self.game.render(&s.0, color)
    }
    fn resample(&self, s: &(G::State, bool), rng: &mut SplitMix64) -> Option<(G::State, bool)> {
        self.game.resample(&s.0, rng).map(|w| (w, s.1))
    }
    fn move_key(&self, mv: G::Move) -> Option<usize> {
        self.game.move_key(mv)
    }
}

/// Below the root, the game's own moves for any player: best-reply search runs inside
/// [`pimc`] on games that can hand the turn to any player.
impl<G: SetToMove> SetToMove for RootMove<'_, G> {
    fn set_to_move(&self, s: &(G::State, bool), player: Player) -> Option<(G::State, bool)> {
        self.game.set_to_move(&s.0, player).map(|w| (w, false))
    }
}

/// The evaluator of a [`RootMove`] game: the game's evaluator on the wrapped state (no
/// ordering at the root, which has one move).
#[derive(Clone, Copy, Debug)]
pub struct RootEval<'e, E> {
    /// The game's evaluator.
    pub eval: &'e E,
}

impl<G: Game, E: Evaluator<G>> Evaluator<RootMove<'_, G>> for RootEval<'_, E> {
    fn evaluate(&self, g: &RootMove<'_, G>, s: &(G::State, bool)) -> Scores {
        self.eval.evaluate(g.game, &s.0)
    }
    fn bounds(&self, g: &RootMove<'_, G>) -> Bounds {
        self.eval.bounds(g.game)
    }
    fn subtree_bounds(&self, g: &RootMove<'_, G>, s: &(G::State, bool)) -> Option<SubtreeBounds> {
        self.eval.subtree_bounds(g.game, &s.0)
    }
    fn order(&self, g: &RootMove<'_, G>, s: &(G::State, bool), moves: &mut [G::Move]) {
        if !s.1 {
            self.eval.order(g.game, &s.0, moves)
        }
    }
}
