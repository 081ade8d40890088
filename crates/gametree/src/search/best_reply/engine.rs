//! The machinery [`super::brs`] and [`super::brs_plus`] share: fail-soft alpha-beta on the
//! two-level best-reply tree, with the forced first moves of BRS+ as an option.

use std::borrow::Cow;

use super::forced::{ForcedMoves, Learned};
use super::Variant;
use crate::eval::Evaluator;
use crate::game::{Player, Score, SetToMove, MAX_PLAYERS};
use crate::search::{
    expand, Config, CutoffKind, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer,
};

/// One move of the principal variation with the player who made it (the root player, or the
/// opponent who replied): the reply's player is needed to replay the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step<M> {
    player: Player,
    mv: M,
}

/// A cutoff of BRS+ with ordered forced moves, as [`Learned::cutoff`] records it.
#[derive(Clone, Copy, Debug)]
struct Cutoff<M> {
    player: Player,
    mv: M,
    key: Option<usize>,
    ply: u32,
    draft: u32,
}

/// Entry `slot` of a table kept per opponents' layer and opponent (`ply * MAX_PLAYERS + i`),
/// grown with default entries when a deeper layer is first reached.
#[inline]
fn at_slot<T: Clone + Default>(table: &mut Vec<T>, slot: usize) -> &mut T {
    if table.len() <= slot {
        table.resize(slot + 1, T::default());
    }
    &mut table[slot]
}

/// Runs `variant` on `state` under `config` (see [`super::brs`] for what it computes).
/// With BRS+ and [`ForcedMoves::Ordered`], the forced moves read the tables of `learned`
/// (nothing learned when `None`), and when the search completes, `learned` (if given)
/// receives them with this search's cutoffs added.
pub(crate) fn run<G: SetToMove, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
    variant: Variant,
    learned: Option<&mut Learned<G::Move>>,
) -> Result<SearchResult<G::Move>, SearchError> {
    let ordered = variant == Variant::BrsPlus && config.forced_moves == ForcedMoves::Ordered;
    // The tables the forced moves read: `learned` itself, borrowed for the search (this
    // search's cutoffs go to a log, applied when it completes), or nothing learned.
    let fresh;
    let known = match (ordered, learned.as_deref()) {
        (false, _) => None,
        (true, Some(l)) => Some(l),
        (true, None) => {
            fresh = Learned::new();
            Some(&fresh)
        }
    };
    let root = game.to_move(state);
    let n = game.players();
    let mut opponents = [root; MAX_PLAYERS];
    let mut p = root;
    for o in opponents.iter_mut().take(n - 1) {
        p = p.next(n);
        *o = p;
    }
    let mut s = Search {
        game,
        eval,
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: Tracer::new(config),
        trace: config.records_prunes(),
        moves: Vec::with_capacity(256),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        root,
        opponents,
        count: n - 1,
        plus: variant == Variant::BrsPlus,
        known,
        log: Vec::new(),
        memos: Vec::new(),
    };
    match s.max_node(state, 0, Score::MIN, Score::MAX) {
        Ok(score) => {
            let steps = s.pv.line(0).to_vec();
            let end = s.replay(state, &steps);
            let value = game
                .outcome(&end)
                .unwrap_or_else(|| eval.evaluate(game, &end));
            debug_assert_eq!(
                value[root], score,
                "the principal variation reaches the value"
            );
            let pv: Vec<G::Move> = steps.iter().map(|s| s.mv).collect();
            let result = SearchResult {
                value,
                score,
                best_move: pv.first().copied(),
                pv,
                pv_players: steps.iter().map(|s| s.player).collect(),
                stats: s.meter.finish(),
                trace: s.tracer.events,
                trace_dropped: s.tracer.dropped,
                events: s.tracer.log,
                events_dropped: s.tracer.log_dropped,
            };
            // Taken out first: the search borrows `learned` while it is used. The log is
            // empty unless the forced moves are ordered.
            let log = s.log;
            if let Some(l) = learned {
                for c in log {
                    l.cutoff(c.player, c.mv, c.key, c.ply, c.draft);
                }
            }
            Ok(result)
        }
        // A stopped search leaves `learned` as it was given.
        Err(reason) => Err(s.meter.stopped(reason)),
    }
}

struct Search<'a, G: SetToMove, E> {
    game: &'a G,
    eval: &'a E,
    meter: Meter,
    pv: PvTable<Step<G::Move>>,
    tracer: Tracer<G::Move>,
    /// Whether prunes are traced (then the children a prune leaves out are counted exactly).
    trace: bool,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    depth_limit: u32,
    /// The root player: it moves at even plies and maximises its own component.
    root: Player,
    /// The opponents in turn order after the root player (`count` of them).
    opponents: [Player; MAX_PLAYERS],
    count: usize,
    /// BRS+ (the opponents who do not reply play their first move) rather than BRS.
    plus: bool,
    /// [`ForcedMoves::Ordered`]: the killers and history the forced moves read (learned
    /// before this search); `None` for the evaluator's first move.
    known: Option<&'a Learned<G::Move>>,
    /// [`ForcedMoves::Ordered`]: this search's cutoffs in order, added to what was learned
    /// when the search completes (the same tables as adding each at once to a copy, without
    /// copying them).
    log: Vec<Cutoff<G::Move>>,
    /// [`ForcedMoves::EvaluatorFirst`]: one memo of [`Evaluator::first_move_memo`] per
    /// opponents' layer and opponent (index `ply * MAX_PLAYERS + i`), grown when a deeper
    /// layer is first reached. The forced moves of one opponent at one layer are asked for
    /// in positions that differ by a reply or two, which an evaluator may exploit.
    memos: Vec<Option<(G::State, G::Move)>>,
}

impl<G: SetToMove, E: Evaluator<G>> Search<'_, G, E> {
    /// A root-player node (even ply): the position `t` reached after a reply (or the root).
    fn max_node(
        &mut self,
        t: &G::State,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(t) {
            self.meter.leaf();
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, t));
            return Ok(v[self.root]);
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, t);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, t));
            return Ok(v[self.root]);
        }
        let handed;
        let s = if self.game.to_move(t) == self.root {
            t
        } else {
            match self.game.set_to_move(t, self.root) {
                Some(h) => {
                    handed = h;
                    &handed
                }
                None => {
                    // The root player is out of the game: nothing left to search.
                    self.meter.leaf();
                    let v = self.eval.evaluate(self.game, t);
                    self.tracer
                        .leaf_with(|| crate::search::static_value(self.game, &self.eval, t));
                    return Ok(v[self.root]);
                }
            }
        };
        let (start, end) = expand(self.game, &self.eval, s, &mut self.moves, &mut self.meter);
        let alpha0 = alpha;
        let mut best = Score::MIN;
        for i in start..end {
            let mv = self.moves[i];
            let child = self.game.play(s, mv);
            self.tracer.push(mv);
            let v = self.min_node(&child, ply + 1, alpha, beta)?;
            self.tracer.pop();
            if i == start || v > best {
                best = v;
                self.pv.update(
                    ply as usize,
                    Step {
                        player: self.root,
                        mv,
                    },
                );
            }
            if best >= beta {
                let remaining = (end - i - 1) as u32;
                if remaining > 0 {
                    self.meter.stats.cutoffs.count(CutoffKind::Beta);
                    self.tracer
                        .prune(CutoffKind::Beta, &[alpha0, beta], best, remaining);
                }
                break;
            }
            alpha = alpha.max(best);
        }
        self.moves.truncate(start);
        self.tracer.backup_score(best);
        Ok(best)
    }

    /// An opponents' node (odd ply): the position `c` after the root player's move. Its
    /// children are the moves of every opponent in turn order (BRS+: each in the position
    /// where the opponents before it have played their first move).
    fn min_node(
        &mut self,
        c: &G::State,
        ply: u32,
        alpha: Score,
        mut beta: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(c) {
            self.meter.leaf();
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, c));
            return Ok(v[self.root]);
        }
        if ply >= self.depth_limit {
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, c);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, c));
            return Ok(v[self.root]);
        }
        let beta0 = beta;
        let mut best = Score::MAX;
        let mut any = false;
        // BRS+: the position before opponent `i` replies; BRS: always `c`.
        let mut pre = c.clone();
        for i in 0..self.count {
            let o = self.opponents[i];
            let Some(s) = self.turn_to(&pre, o) else {
                continue;
            };
            let (start, end) = expand(self.game, &self.eval, &s, &mut self.moves, &mut self.meter);
            for j in start..end {
                let mv = self.moves[j];
                let mut t = self.game.play(&s, mv);
                if self.plus {
                    self.forced(&mut t, i + 1, self.count, ply);
                }
                self.tracer.push(mv);
                let v = self.max_node(&t, ply + 1, alpha, beta)?;
                self.tracer.pop();
                if !any || v < best {
                    best = v;
                    any = true;
                    self.pv.update(ply as usize, Step { player: o, mv });
                }
                if best <= alpha {
                    if self.known.is_some() {
                        self.log.push(Cutoff {
                            player: o,
                            mv,
                            key: self.game.move_key(mv),
                            ply,
                            draft: self.depth_limit.saturating_sub(ply),
                        });
                    }
                    let forced = self.pick(&s, o, start, end, ply);
                    let first = self.moves[forced];
                    self.moves.truncate(start);
                    let rest = (end - j - 1) as u32;
                    let later = if rest == 0 || self.trace {
                        self.later_children(c, &s, first, i, ply)
                    } else {
                        0
                    };
                    if rest + later > 0 {
                        self.meter.stats.cutoffs.count(CutoffKind::Alpha);
                        self.tracer
                            .prune(CutoffKind::Alpha, &[alpha, beta0], best, rest + later);
                    }
                    self.tracer.backup_score(best);
                    return Ok(best);
                }
                beta = beta.min(best);
            }
            if self.plus {
                // The replier's own forced move, played in place on the position it
                // replied from.
                let forced = self.pick(&s, o, start, end, ply);
                let mv = self.moves[forced];
                if let Cow::Owned(handed) = s {
                    pre = handed;
                }
                self.game.play_in_place(&mut pre, mv);
            }
            self.moves.truncate(start);
            if self.plus && self.game.outcome(&pre).is_some() {
                break;
            }
        }
        if !any {
            // No opponent can reply: the node is valued as a leaf.
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, c);
            self.tracer
                .leaf_with(|| crate::search::static_value(self.game, &self.eval, c));
            return Ok(v[self.root]);
        }
        self.tracer.backup_score(best);
        Ok(best)
    }

    /// The index in `self.moves` of the move the opponent `o`, to move in `s` with its moves
    /// at `start..end` (in the evaluator's order, not empty), is forced to play at the
    /// opponents' node of `ply` ([`ForcedMoves`]).
    #[inline]
    fn pick(&self, s: &G::State, o: Player, start: usize, end: usize, ply: u32) -> usize {
        match &self.known {
            None => start,
            Some(k) => start + k.choose(self.game, s, o, &self.moves[start..end], ply),
        }
    }

    /// `s` with opponent `o` to move ([`SetToMove::set_to_move`]), or `None` when `o` cannot
    /// be. Borrowed without the call when `o` is already to move and the game promises that
    /// handing it the turn changes nothing ([`SetToMove::TO_MOVE_KEEPS_TURN`]).
    #[inline]
    fn turn_to<'s>(&self, s: &'s G::State, o: Player) -> Option<Cow<'s, G::State>> {
        if G::TO_MOVE_KEEPS_TURN && self.game.to_move(s) == o {
            Some(Cow::Borrowed(s))
        } else {
            self.game.set_to_move(s, o).map(Cow::Owned)
        }
    }

    /// BRS+: `t` after the opponents `from..to` (indices into `opponents`) have each played
    /// their forced move at the opponents' node of `ply` ([`ForcedMoves`]), in turn order,
    /// skipping those who cannot move, and stopping at a terminal position.
    /// Each forced move is played in place ([`Game::play_in_place`]): the position before
    /// it is not needed again.
    fn forced(&mut self, t: &mut G::State, from: usize, to: usize, ply: u32) {
        for idx in from..to {
            if self.game.outcome(t).is_some() {
                break;
            }
            let Some(s) = self.turn_to(t, self.opponents[idx]) else {
                continue;
            };
            if let Cow::Owned(handed) = s {
                *t = handed;
            }
            let first = self.forced_move(t, idx, ply);
            debug_assert!(
                first.is_some(),
                "a live player in a non-terminal position can move"
            );
            if let Some(first) = first {
                self.game.play_in_place(t, first);
            }
        }
    }

    /// The move the opponent `opponents[i]`, to move in `s`, is forced to play at the
    /// opponents' node of `ply` ([`ForcedMoves`]). The evaluator's first move is asked for
    /// alone, with the memo of that opponent and layer ([`Evaluator::first_move_memo`]: a
    /// game may find it without listing and sorting every move, or from the position it
    /// saw last there); the ordered choice is the evaluator's preferred move
    /// ([`Evaluator::preferred_move`], which a game may find in one pass too). `None` when
    /// it has no move.
    #[inline]
    fn forced_move(&mut self, s: &G::State, i: usize, ply: u32) -> Option<G::Move> {
        self.meter.work(1);
        match self.known {
            None => {
                let memo = at_slot(&mut self.memos, ply as usize * MAX_PLAYERS + i);
                self.eval
                    .first_move_memo(self.game, s, memo, &mut self.moves)
            }
            Some(k) => {
                let prefer = k.preference(self.opponents[i], ply);
                self.eval
                    .preferred_move(self.game, s, &prefer, &mut self.moves)
            }
        }
    }

    /// The number of children of the opponents' node at `c` (of `ply`) that come after every
    /// move of opponent `i` (whose position was `s` and forced move `first`): the moves of
    /// the opponents after it. Called only on a prune (to count it, and for the trace).
    #[cold]
    #[inline(never)]
    fn later_children(
        &mut self,
        c: &G::State,
        s: &G::State,
        first: G::Move,
        i: usize,
        ply: u32,
    ) -> u32 {
        let mut pre = if self.plus {
            self.game.play(s, first)
        } else {
            c.clone()
        };
        let mut total = 0u32;
        for idx in i + 1..self.count {
            if self.game.outcome(&pre).is_some() {
                break;
            }
            let Some(s) = self.game.set_to_move(&pre, self.opponents[idx]) else {
                continue;
            };
            let start = self.moves.len();
            self.game.moves(&s, &mut self.moves);
            let end = self.moves.len();
            self.meter.work((end - start) as u64);
            total += (end - start) as u32;
            if self.plus && end > start {
                self.eval.order(self.game, &s, &mut self.moves[start..end]);
                let forced = self.pick(&s, self.opponents[idx], start, end, ply);
                pre = self.game.play(&s, self.moves[forced]);
            }
            self.moves.truncate(start);
            if total > 0 && !self.trace {
                break;
            }
        }
        total
    }

    /// The position the principal variation `steps` reaches from the root `state`, by the
    /// same transitions as the search (used for the result's value vector).
    fn replay(&mut self, state: &G::State, steps: &[Step<G::Move>]) -> G::State {
        let mut t = state.clone();
        for (k, step) in steps.iter().enumerate() {
            if k % 2 == 0 {
                // The root player's move, the turn handed back to it if needed.
                let s = if self.game.to_move(&t) == self.root {
                    t
                } else {
                    match self.game.set_to_move(&t, self.root) {
                        Some(s) => s,
                        None => return t,
                    }
                };
                t = self.game.play(&s, step.mv);
            } else {
                // A reply (BRS+: after the opponents before it played their first move, and
                // followed by the first moves of the opponents after it).
                let i = self.opponents[..self.count]
                    .iter()
                    .position(|&o| o == step.player)
                    .unwrap_or(0);
                let ply = k as u32;
                let mut pre = t;
                if self.plus {
                    self.forced(&mut pre, 0, i, ply);
                }
                let Some(s) = self.game.set_to_move(&pre, step.player) else {
                    return pre;
                };
                t = self.game.play(&s, step.mv);
                if self.plus {
                    self.forced(&mut t, i + 1, self.count, ply);
                }
            }
        }
        t
    }
}
