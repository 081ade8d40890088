//! Heuristics: [`Evaluator`] gives values of non-terminal positions, the [`Bounds`] those
//! values (and the game's outcomes) respect, and an optional move-ordering hook.

use crate::game::{Game, Score, Scores, MAX_PLAYERS, MOVE_KEYS};

/// What an evaluator guarantees about every leaf value a search can see: the outcomes of
/// terminal states and the heuristic values of cut-off states alike.
///
/// Pruning algorithms state which of these they need and refuse an evaluator that does not
/// give them ([`crate::search::SearchError::MissingBound`]); they never guess.
///
/// Every number here (each lower bound, `maxsum`, `step`), like every score, lies in the
/// score range `-MAX_SCORE..=MAX_SCORE` ([`crate::score_in_range`]): the searches derive sums
/// and differences of them (`maxsum` minus the others' lower bounds, N-max's projection) and
/// are free of overflow only inside it (see [`crate::Score`]). Explicit trees check this on
/// load; a hand-written evaluator must keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A lower bound on each player's score, if one is guaranteed.
    pub lower: Option<Scores>,
    /// An upper bound on the sum of all players' scores, if one is guaranteed.
    pub maxsum: Option<i64>,
    /// The minimum score step mu: two different values of one player's score differ by at
    /// least this much (1 for integer scores; larger for coarse, discrete evaluations).
    pub step: Score,
    /// Whether every leaf's scores sum to exactly `maxsum`.
    pub constant_sum: bool,
}

impl Bounds {
    /// No guarantee beyond integer scores (step 1).
    pub const fn none() -> Bounds {
        Bounds {
            lower: None,
            maxsum: None,
            step: 1,
            constant_sum: false,
        }
    }

    /// Korf's setting: every score is at least 0 and they sum to at most `maxsum`.
    pub fn nonnegative(players: usize, maxsum: i64) -> Bounds {
        Bounds {
            lower: Some(Scores::zeros(players)),
            maxsum: Some(maxsum),
            step: 1,
            constant_sum: false,
        }
    }

    /// Every score at least 0 and the scores summing to exactly `maxsum`.
    pub fn constant_sum(players: usize, maxsum: i64) -> Bounds {
        Bounds {
            constant_sum: true,
            ..Bounds::nonnegative(players, maxsum)
        }
    }

    /// A two-player zero-sum game whose scores lie in `[-max, max]`: lower bound `-max` for
    /// both players, and the two scores summing to exactly 0.
    pub fn zero_sum(max: Score) -> Bounds {
        Bounds {
            lower: Some(Scores::splat(2, -max)),
            maxsum: Some(0),
            step: 1,
            constant_sum: true,
        }
    }

    /// Whether `s` respects these bounds: each score at least its lower bound, the sum at
    /// most `maxsum`, and exactly `maxsum` when constant-sum.
    pub fn admits(&self, s: &Scores) -> bool {
        if let Some(lo) = &self.lower {
            if s.as_slice().iter().zip(lo.as_slice()).any(|(v, l)| v < l) {
                return false;
            }
        }
        if let Some(m) = self.maxsum {
            let sum = s.sum();
            if sum > m || (self.constant_sum && sum != m) {
                return false;
            }
        }
        true
    }
}

/// A closed interval `[lo, hi]` for each player, valid for every leaf below some node (both
/// ends in the score range, like [`Bounds`]).
pub type SubtreeBounds = [(Score, Score); MAX_PLAYERS];

/// Heuristic knowledge of a game: values of non-terminal states and what they guarantee.
///
/// Contract:
/// - [`Evaluator::evaluate`] is per-player: it returns one score per player, for every
///   player (not a single number for the player to move).
/// - Every value it returns and every outcome of the game satisfies [`Evaluator::bounds`].
/// - [`Evaluator::subtree_bounds`], when `Some`, holds for every leaf (terminal or cut-off)
///   in the subtree below the state: that is what alpha-beta branch-and-bound may assume.
/// - [`Evaluator::order`] may only permute `moves` (it is the move-ordering hook; the
///   default keeps the game's order). It must be deterministic.
pub trait Evaluator<G: Game> {
    /// The heuristic value of a non-terminal `state`, one score per player.
    fn evaluate(&self, game: &G, state: &G::State) -> Scores;

    /// The bounds every leaf value respects.
    fn bounds(&self, game: &G) -> Bounds;

    /// Per-player bounds valid for every leaf below `state`, if the evaluator knows any
    /// (monotonic heuristics such as points already taken).
    fn subtree_bounds(&self, _game: &G, _state: &G::State) -> Option<SubtreeBounds> {
        None
    }

    /// Reorders the moves of `state` before a search visits them (default: game order).
    fn order(&self, _game: &G, _state: &G::State, _moves: &mut [G::Move]) {}

    /// The first move of `state` in this evaluator's order: the first of [`Game::moves`]
    /// after [`Evaluator::order`], `None` when the list is empty. The default does exactly
    /// that, in `scratch` (the moves are appended after what it holds and removed again, so
    /// it is left as it was). An evaluator may override it with a cheaper way to the same
    /// move (no full list, no sort); it must return the same move in every position. BRS+
    /// asks for it once per opponent who does not reply (its forced moves).
    fn first_move(
        &self,
        game: &G,
        state: &G::State,
        scratch: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        in_order(self, game, state, scratch, |moves| moves.first().copied())
    }

    /// [`Evaluator::first_move`] of `state`, with a memo the caller keeps between calls
    /// (one per place of use, so that consecutive calls see positions close to each other:
    /// BRS+ keeps one per opponent and layer). It must return exactly what
    /// [`Evaluator::first_move`] returns. The memo is the evaluator's: it starts `None`, and
    /// an evaluator may store a position with its first move there and use it on a later
    /// call, when a cheap and exact test says the first move of the new position follows
    /// from it. The default ignores the memo and calls [`Evaluator::first_move`], so an
    /// evaluator that does not override it behaves as before and the memo stays `None`.
    #[inline]
    fn first_move_memo(
        &self,
        game: &G,
        state: &G::State,
        memo: &mut Option<(G::State, G::Move)>,
        scratch: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        let _ = memo;
        self.first_move(game, state, scratch)
    }

    /// The move of `state` that `prefer` scores highest, the first of equals in this
    /// evaluator's order (the first of [`Game::moves`] after [`Evaluator::order`]); `None`
    /// when there is no move. BRS+ with ordered forced moves asks for it once per opponent
    /// who does not reply ([`MovePreference`] is that rule). The default does exactly that
    /// in `scratch` (the moves are appended after what it holds and removed again). An
    /// evaluator may override it with a cheaper way to the same move (one pass, no list, no
    /// sort); it must return the same move in every position, for every preference.
    fn preferred_move(
        &self,
        game: &G,
        state: &G::State,
        prefer: &MovePreference<'_, G::Move>,
        scratch: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        in_order(self, game, state, scratch, |moves| {
            prefer.best_in(game, state, moves).map(|i| moves[i])
        })
    }
}

/// `pick` of the moves of `state` in `eval`'s order ([`Game::moves`], then
/// [`Evaluator::order`]), listed in `scratch` after what it holds and removed again, so that
/// it is left as it was: the defaults of [`Evaluator::first_move`] and
/// [`Evaluator::preferred_move`].
fn in_order<G: Game, E: Evaluator<G> + ?Sized, R>(
    eval: &E,
    game: &G,
    state: &G::State,
    scratch: &mut Vec<G::Move>,
    pick: impl FnOnce(&[G::Move]) -> R,
) -> R {
    let start = scratch.len();
    game.moves(state, scratch);
    eval.order(game, state, &mut scratch[start..]);
    let r = pick(&scratch[start..]);
    scratch.truncate(start);
    r
}

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for &E {
    fn evaluate(&self, game: &G, state: &G::State) -> Scores {
        (**self).evaluate(game, state)
    }
    fn bounds(&self, game: &G) -> Bounds {
        (**self).bounds(game)
    }
    fn subtree_bounds(&self, game: &G, state: &G::State) -> Option<SubtreeBounds> {
        (**self).subtree_bounds(game, state)
    }
    fn order(&self, game: &G, state: &G::State, moves: &mut [G::Move]) {
        (**self).order(game, state, moves)
    }
    fn first_move(
        &self,
        game: &G,
        state: &G::State,
        scratch: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        (**self).first_move(game, state, scratch)
    }
    #[inline]
    fn first_move_memo(
        &self,
        game: &G,
        state: &G::State,
        memo: &mut Option<(G::State, G::Move)>,
        scratch: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        (**self).first_move_memo(game, state, memo, scratch)
    }
    #[inline]
    fn preferred_move(
        &self,
        game: &G,
        state: &G::State,
        prefer: &MovePreference<'_, G::Move>,
        scratch: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        (**self).preferred_move(game, state, prefer, scratch)
    }
}

/// An evaluator with a move ordering attached: `Ordered { eval, order }` evaluates like
/// `eval` and orders moves with the function `order` (its [`Evaluator::first_move`] is the
/// default, the first move in that order, never `eval`'s).
#[derive(Clone, Copy, Debug)]
pub struct Ordered<E, F> {
    /// The evaluator whose values and bounds are used.
    pub eval: E,
    /// The move ordering: may only permute the slice.
    pub order: F,
}

impl<G, E, F> Evaluator<G> for Ordered<E, F>
where
    G: Game,
    E: Evaluator<G>,
    F: Fn(&G, &G::State, &mut [G::Move]),
{
    fn evaluate(&self, game: &G, state: &G::State) -> Scores {
        self.eval.evaluate(game, state)
    }
    fn bounds(&self, game: &G) -> Bounds {
        self.eval.bounds(game)
    }
    fn subtree_bounds(&self, game: &G, state: &G::State) -> Option<SubtreeBounds> {
        self.eval.subtree_bounds(game, state)
    }
    fn order(&self, game: &G, state: &G::State, moves: &mut [G::Move]) {
        (self.order)(game, state, moves)
    }
}

/// A preference among the moves of a position: BRS+'s rule for the move of an opponent
/// who does not reply ([`crate::search::best_reply::ForcedMoves::Ordered`]), as a score per
/// move, the highest preferred and the first of equals in the evaluator's order
/// ([`Evaluator::preferred_move`]).
///
/// From the highest: a capture ([`Game::capture`]), by most valuable victim and then least
/// valuable attacker (MVV-LVA); the newer killer move; the older killer move; then the
/// move's history score for the player to move (0 for a move without a history slot). A
/// position without a capture, a legal killer or a move of positive history score
/// therefore gets the evaluator's first move.
#[derive(Clone, Copy, Debug)]
pub struct MovePreference<'a, M> {
    /// The killer moves, the newest first (distinct when both are set).
    pub killers: [Option<M>; 2],
    /// The history scores of the player to move, one per history slot ([`MOVE_KEYS`] of
    /// them; a slot beyond the slice scores 0).
    pub history: &'a [u32],
}

/// The score of a capture: above every killer and history score.
const CAPTURE_SCORE: u64 = 1 << 63;
/// The score of the older killer (the newer scores one more): above every history score.
const KILLER_SCORE: u64 = 1 << 62;

impl<M: Copy + Eq> MovePreference<'_, M> {
    /// No killers and no history: only the captures are preferred.
    pub const CAPTURES: MovePreference<'static, M> = MovePreference {
        killers: [None, None],
        history: &[],
    };

    /// The score of `mv` in `state` (higher is preferred).
    #[inline(always)]
    pub fn score<G: Game<Move = M>>(&self, game: &G, state: &G::State, mv: M) -> u64 {
        if let Some(c) = game.capture(state, mv) {
            return CAPTURE_SCORE | u64::from(c.victim) << 16 | u64::from(u16::MAX - c.attacker);
        }
        if self.killers[0] == Some(mv) {
            return KILLER_SCORE + 1;
        }
        if self.killers[1] == Some(mv) {
            return KILLER_SCORE;
        }
        game.move_key(mv)
            .and_then(|k| self.history.get(k % MOVE_KEYS))
            .map_or(0, |&h| u64::from(h))
    }

    /// The index in `moves` (of `state`, in the evaluator's order) of the first move with
    /// the highest score; `None` when `moves` is empty.
    pub fn best_in<G: Game<Move = M>>(
        &self,
        game: &G,
        state: &G::State,
        moves: &[M],
    ) -> Option<usize> {
        let mut best: Option<(u64, usize)> = None;
        for (i, &m) in moves.iter().enumerate() {
            let s = self.score(game, state, m);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, i));
            }
        }
        best.map(|(_, i)| i)
    }
}
