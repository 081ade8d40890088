//! Hypermax: Fridenfalk's alpha-vector pruning of N-max (Fridenfalk 2014, section IV), and
//! the variant that sorts children by their static projected value first.

use super::nmax::project;
use crate::eval::Evaluator;
use crate::game::{Game, Score, Scores, MAX_PLAYERS};
use crate::search::{
    Config, CutoffKind, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer,
};

/// Minus infinity in an alpha vector (no bound yet).
const NEG_INF: Score = Score::MIN;

/// Hypermax search: exactly Fridenfalk's pseudocode.
///
/// ```text
/// Hypermax(node, p, alpha)              alpha is passed by value
///   if leaf: return psi - mean(psi)
///   for each child:
///     psi* = Hypermax(child, p+, alpha)
///     if first child: psi*_max = psi*
///     if alpha_p < psi*_p: alpha_p = psi*_p, psi*_max = psi*
///     if sum(alpha) >= 0: break
///   return psi*_max
/// initial call: Hypermax(root, player, [-inf, ..., -inf])
/// ```
///
/// - **Paper**: Fridenfalk (2014), "N-person minimax and alpha-beta pruning", section IV
///   (Eq. (55) and the `Hypermax` pseudocode).
/// - **Computes**: an approximation of [`super::nmax::nmax()`]: the pruning condition
///   `sum(alpha) >= 0` (an entry still at minus infinity makes the sum minus infinity) is
///   Fridenfalk's "approximated deep alpha-beta pruning", which may change the value (his
///   Table II). A node also returns its first child when no child beats the alpha it
///   inherited, as the pseudocode does. Projected values are exact integers in the scale `N`
///   (see [`super::nmax::project`]); the scale changes neither the comparisons nor the sign
///   of `sum(alpha)`. The player `p` of a node is the game's player to move (`p+` in the
///   paper is round-robin; any turn order works).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: strict `alpha_p < psi*_p`: the first of equal children is kept.
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts.
/// - **Counts**: `nodes` (every node visited, as the paper's `A` counts them, root included),
///   `leaves`, `expansions = nodes - 1`. Each `break` that leaves at least one child
///   unsearched is an alpha-vector cutoff, counted in `cutoffs.alpha` (the core's name for
///   cutoffs by a lower-bound vector; hypermax has no other kind) and traced with the alpha
///   vector as `bounds` and 0 as `threshold`.
/// - **Result**: `value` is the returned projected vector in the scale `N` (it sums to zero),
///   `score` its component for the player to move at the root, `pv` the line of the children
///   whose values were returned.
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn hypermax<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run::<G, E, false>(game, eval, state, config)
}

/// Hypermax with sorted children (Fridenfalk's `mu_s` variant of Table I).
///
/// Identical to [`hypermax`], except that before searching a node's children it orders
/// them by each child's own static projected value for the player to move at the node,
/// largest first (a stable sort: ties keep the move order, after [`Evaluator::order`]). A
/// child's static value is its outcome when terminal, else [`Evaluator::evaluate`]; these
/// sorting evaluations are not counted in `leaves` (they are not leaves of the search).
/// Everything else (paper, counts, result) is as in [`hypermax`].
pub fn hypermax_sorted<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run::<G, E, true>(game, eval, state, config)
}

/// `SORTED` is a constant so that each variant is compiled without the other's branches.
fn run<G: Game, E: Evaluator<G>, const SORTED: bool>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    let mut s = Search::<G, E, SORTED> {
        game,
        eval,
        n: game.players(),
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: Tracer::new(config),
        trace: config.records_prunes(),
        moves: Vec::with_capacity(256),
        children: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
    };
    let root = s.node(state, 0, [NEG_INF; MAX_PLAYERS]);
    let pv = s.pv.line(0).to_vec();
    SearchResult::finish(game, state, root, pv, s.meter, s.tracer)
}

struct Search<'a, G: Game, E, const SORTED: bool> {
    game: &'a G,
    eval: &'a E,
    n: usize,
    meter: Meter,
    pv: PvTable<G::Move>,
    tracer: Tracer<G::Move>,
    trace: bool,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    /// Sorted search only: a stack, like `moves`, of each node's children on the current
    /// path, sorted (static value for the player to move, the move, the child position),
    /// so that a child valued for the sort is not played again when it is searched.
    children: Vec<(Score, G::Move, G::State)>,
    depth_limit: u32,
}

impl<G: Game, E: Evaluator<G>, const SORTED: bool> Search<'_, G, E, SORTED> {
    fn node(
        &mut self,
        state: &G::State,
        ply: u32,
        alpha: [Score; MAX_PLAYERS],
    ) -> Result<Scores, StopReason> {
        self.meter.visit(ply)?;
        match self.leaf_value(state, ply) {
            Some(v) => Ok(v),
            None => self.expand(state, ply, alpha),
        }
    }

    /// The projected value of a leaf (its outcome, or its evaluation at the depth limit),
    /// counted as a static evaluation; `None` for an inner node.
    #[inline(always)]
    fn leaf_value(&mut self, state: &G::State, ply: u32) -> Option<Scores> {
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            return Some(project(&v));
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            return Some(project(&self.eval.evaluate(self.game, state)));
        }
        None
    }

    /// The children of an inner node (already counted); a leaf child is visited here,
    /// without a recursive call.
    fn expand(
        &mut self,
        state: &G::State,
        ply: u32,
        mut alpha: [Score; MAX_PLAYERS],
    ) -> Result<Scores, StopReason> {
        self.pv.clear(ply as usize);
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let p = self.game.to_move(state).index();
        let base = self.children.len();
        if SORTED {
            self.sort_children(state, p, start, end);
        }
        let mut best: Option<Scores> = None;
        for i in start..end {
            let (mv, child) = if SORTED {
                let (_, mv, child) = &self.children[base + (i - start)];
                (*mv, child.clone())
            } else {
                (self.moves[i], self.game.play(state, self.moves[i]))
            };
            if let Err(e) = self.meter.visit(ply + 1) {
                self.pop_node(start, base);
                return Err(e);
            }
            let (v, leaf) = match self.leaf_value(&child, ply + 1) {
                Some(v) => (v, true),
                None => {
                    self.tracer.push(mv);
                    let r = self.expand(&child, ply + 1, alpha);
                    self.tracer.pop();
                    match r {
                        Ok(v) => (v, false),
                        Err(e) => {
                            self.pop_node(start, base);
                            return Err(e);
                        }
                    }
                }
            };
            if best.is_none() || alpha[p] < v[p] {
                if alpha[p] < v[p] {
                    alpha[p] = v[p];
                }
                best = Some(v);
                if leaf {
                    self.pv.set(ply as usize, mv);
                } else {
                    self.pv.update(ply as usize, mv);
                }
            }
            if alpha_sum_nonnegative(&alpha[..self.n]) {
                let remaining = (end - i - 1) as u32;
                if remaining > 0 {
                    self.meter.stats.cutoffs.count(CutoffKind::Alpha);
                    if self.trace {
                        self.tracer
                            .prune(CutoffKind::Alpha, &alpha[..self.n], 0, remaining);
                    }
                }
                break;
            }
        }
        self.pop_node(start, base);
        Ok(best.expect("a non-terminal state has at least one move"))
    }

    /// Takes a node's moves (from `start`) and sorted children (from `base`) off the stacks.
    fn pop_node(&mut self, start: usize, base: usize) {
        self.moves.truncate(start);
        self.children.truncate(base);
    }

    /// Pushes the children of `moves[start..end]` (value, move, position) on `children`,
    /// stably sorted by the child's static projected value for `p`, largest first: the
    /// search takes them from there in that order instead of playing them again.
    /// Each child valued is a unit of work for the clock ([`Meter::work`]).
    fn sort_children(&mut self, state: &G::State, p: usize, start: usize, end: usize) {
        self.meter.work((end - start) as u64);
        let base = self.children.len();
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(state, mv);
            let v = self
                .game
                .outcome(&child)
                .unwrap_or_else(|| self.eval.evaluate(self.game, &child));
            self.children.push((projected(&v, p), mv, child));
        }
        self.children[base..].sort_by_key(|k| std::cmp::Reverse(k.0));
    }
}

/// Component `p` of [`project`]`(v)`, without the others: `N v_p - sum(v)`.
#[inline]
fn projected(v: &Scores, p: usize) -> Score {
    v.players() as Score * v[p] - v.sum()
}

/// `sum(alpha) >= 0`, with minus infinity absorbing.
#[inline]
fn alpha_sum_nonnegative(alpha: &[Score]) -> bool {
    let mut sum: i64 = 0;
    for &a in alpha {
        if a == NEG_INF {
            return false;
        }
        sum += a;
    }
    sum >= 0
}
