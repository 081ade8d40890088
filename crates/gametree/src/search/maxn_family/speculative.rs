//! Speculative max^n pruning (Sturtevant 2003, section 4.3), generalised to any number of
//! players and any turn order, with the re-search that keeps it exact.
//!
//! This file also holds the engine shared with [`super::last_branch()`]: last-branch pruning is
//! the special case of speculative pruning that only prunes when no re-search can follow.
//!
//! # How the engine reasons
//!
//! Every node `a_k` on the current path keeps a *pass threshold* `t_k` for the slot (child)
//! being searched: a value coming up from that slot can become `a_k`'s max^n value only if
//! its component for `a_k`'s player is at least `t_k`. With step `mu` (any two different
//! values of one player's score differ by at least `mu`), `t_k = best_k + mu`, where
//! `best_k` is the best value for `a_k`'s player among the children already searched
//! (they come first, and ties break to the first child); `t_k` is the player's lower bound
//! when nothing has been searched yet. A re-search also counts the siblings that follow
//! (`>=` suffices against a later sibling).
//!
//! Lemma 1, in the form used here: take a chain `a_j, ..., a_m` of consecutive path nodes
//! (at most `n` of them, as in the paper) and let `need_q` be the largest threshold of
//! player `q` in the chain (`t_m = best_m + mu` for the node itself, the lower bound for a
//! player not in the chain). If `sum_q need_q > maxsum`, no unseen child of `a_m` can pass
//! every node of the chain: each such value *fails* the threshold of some node of the chain.
//! For a chain holding bounds `B_1, ..., B_n` of all `n` players this reads
//! `B_1 + ... + B_n + n mu > maxsum`, that is (scores being multiples of `mu`)
//! `sum B >= maxsum - mu (n - 1)`: the discrete refinement of section 4.4. The unseen
//! children are settled by the sum; the value the node returns in their place (its best so
//! far, the paper's "first branch") is checked directly: the prune is taken only if that
//! value also fails some threshold of the chain, that is, if the other `n - 1` players do not
//! all improve on it. From `sum B >= maxsum - mu (n - 2)` on that check always succeeds (the
//! paper's unconditional case), and Lemma 1's `sum B >= maxsum` is contained in it. For
//! values that are not multiples of `mu`, `> maxsum` is the exact test and prunes at least
//! whenever the paper's thresholds do.
//!
//! A pruned node returns `Pruned(J)`: "my max^n value, whatever it is, fails the threshold
//! of some path node in `a_J ..= a_parent`". The parent `a_i` drops the child when `J = i`
//! (it cannot be chosen). Otherwise the prune was speculative: `a_i` keeps searching its
//! other children and, at the end, its value is either `X` (its best fully known child) or
//! one of the pruned values. If `X` itself fails a threshold at a level at or below every
//! pruned child's `J`, `a_i` returns `Pruned(min J)`: every candidate is dead there. If not,
//! the pruned children whose `J` is deeper than every level where `X` fails are re-searched
//! with a barrier at `a_i` (no chain may reach above `a_i` inside the re-search), which makes
//! them exact or provably not chosen at `a_i`; then `a_i` looks again. As in Sturtevant's
//! Figure 7 (the test marked †), a speculative prune is only taken when every intermediate
//! node's current value is already dead at `J`: otherwise it would be re-searched at once.
//! The root has no ancestors, so its value, move and principal variation are always exact:
//! those of plain max^n.
//!
//! Nothing here needs the leaves to be constant-sum, nor round-robin turns: a player who
//! occurs twice in a chain simply contributes its larger threshold.

use super::vector_table::{complete_pv, Key, VectorTable};
use crate::eval::Evaluator;
use crate::game::{Game, Score, Scores};
use crate::hash::{Hashing, NoHash};
use crate::search::{
    Config, CutoffKind, Meter, PvTable, SearchError, SearchResult, StopReason, Tracer,
};

/// Speculative max^n pruning.
///
/// - **Paper**: Sturtevant (2003), "Last-branch and speculative pruning algorithms for
///   max^n", sections 4.1 (Lemma 1), 4.3 (speculative pruning, Figure 7) and 4.4 (discrete
///   cutoff evaluations), with Korf's (1991) immediate and
///   shallow pruning as the one- and two-node cases.
/// - **Computes**: exactly the max^n value of [`super::maxn::maxn()`] (value vector, best move
///   and principal variation), for 2 to 6 players and any turn order. After each child a node
///   looks for a chain of at most `n` consecutive path nodes ending at itself whose pass
///   thresholds sum to more than `maxsum` (Lemma 1 with `>=` and the discrete refinement, see
///   the module documentation); if its best value so far also fails a threshold of the
///   chain, the remaining children are pruned, even when intermediate nodes still have
///   children to search (speculatively). An intermediate node whose own value could then
///   reach and be chosen above re-searches the pruned children, so the result stays exact.
/// - **Bounds**: needs [`crate::Bounds::maxsum`] and [`crate::Bounds::lower`] (refused with
///   [`SearchError::MissingBound`] otherwise) and uses [`crate::Bounds::step`] as `mu`.
///   Constant-sum leaves are **not** required: leaves summing to less than `maxsum` are
///   handled exactly (they only make pruning rarer).
/// - **Tie-breaking**: the first child in search order wins a tie, as in max^n; pruned
///   children are re-searched whenever their order could matter.
/// - **Preconditions**: every leaf value respects the evaluator's bounds, and two different
///   values of one player's score differ by at least `step`.
/// - **Counts**: `nodes`, `leaves`, `expansions` as in max^n, re-searched nodes counted again;
///   `re_searches` counts re-searched children; cutoffs: `immediate` (a player's bound leaves
///   no room), `shallow` (a chain of two nodes), `last_branch` (a longer chain whose
///   intermediate nodes are on their last branch and whose values are already dead: no
///   re-search can follow) and `speculative` (the other longer chains). Every prune is traced
///   when [`Config::trace`] is set, with the chain's thresholds (outermost first) as
///   `bounds` and `maxsum` as `threshold`.
/// - **Result**: as [`super::maxn::maxn()`].
///
/// Fails with [`SearchError::MissingBound`] or, when the node limit or the deadline stops it,
/// [`SearchError::Stopped`].
pub fn speculative<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    run(game, eval, &NoHash, None, state, config, Mode::Speculative)
}

/// Which prunes the engine may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Only prunes that can never be re-searched (intermediate nodes on their last branch).
    LastBranch,
    /// Also speculative prunes, re-searched when needed.
    Speculative,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::LastBranch => "last-branch",
            Mode::Speculative => "speculative",
        }
    }
}

/// The shared engine of [`speculative`] and [`super::last_branch::last_branch()`].
///
/// With hashes (`H::TABLE`) and a table, every inner node for which the game's
/// `may_transpose` holds looks up its exact value by `(hash, draft)` and stores the value
/// when its search proves it exact (a `Pruned` answer depends on the ancestors and is never
/// stored). An exact value is what the subtree's full max^n search returns, so using it in
/// place of a search only forgoes prunes inside that subtree: the result is unchanged.
pub(crate) fn run<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    game: &G,
    eval: &E,
    hasher: &H,
    table: Option<&mut VectorTable>,
    state: &G::State,
    config: &Config,
    mode: Mode,
) -> Result<SearchResult<G::Move>, SearchError> {
    let bounds = eval.bounds(game);
    let maxsum = bounds.maxsum.ok_or(SearchError::MissingBound {
        algorithm: mode.name(),
        needs: "an upper bound maxsum on the sum of the scores",
    })?;
    let lower = bounds.lower.ok_or(SearchError::MissingBound {
        algorithm: mode.name(),
        needs: "a lower bound on each player's score",
    })?;
    let n = game.players();
    let mut s = Search {
        game,
        eval,
        hasher,
        table,
        mode,
        n,
        maxsum,
        lower,
        lower_sum: lower.sum(),
        mu: bounds.step.max(1),
        trace: config.records_prunes(),
        meter: Meter::new(&config.limits),
        pv: PvTable::new(),
        tracer: Tracer::new(config),
        moves: Vec::with_capacity(256),
        kids: Vec::with_capacity(256),
        path: Vec::with_capacity(64),
        depth_limit: config.limits.depth.unwrap_or(u32::MAX),
        limit_leaves: 0,
    };
    let root = match s.node(state, 0, 0) {
        Ok(Res::Exact(value)) => Ok(value),
        // The root has no ancestor a prune could refer to, so its value is always exact;
        // this arm only exists to avoid a panic.
        Ok(Res::Pruned(_)) => Err(StopReason::NodeLimit),
        Err(reason) => Err(reason),
    };
    let mut pv = s.pv.line(0).to_vec();
    if root.is_ok() {
        s.extend_pv(state, &mut pv);
    }
    SearchResult::finish(game, state, root, pv, s.meter, s.tracer)
}

/// What a node tells its parent.
#[derive(Clone, Copy, Debug)]
enum Res {
    /// The exact max^n value.
    Exact(Scores),
    /// The value fails the pass threshold of some path node at depth in `J..=parent`.
    Pruned(u32),
}

/// A searched child of the node being expanded.
#[derive(Clone, Copy, Debug)]
enum Kid {
    Exact(Scores),
    /// Speculatively pruned: its value fails a threshold at a depth in `J..=parent's parent`.
    Pruned(u32),
    /// Cannot be the node's value.
    Dropped,
}

/// A node on the current path.
#[derive(Clone, Copy, Debug)]
struct Frame {
    player: usize,
    /// The pass threshold of the slot being searched.
    t: Score,
    /// The slot being searched is the node's last child.
    last: bool,
    /// The value the node returns if the slot being searched is not chosen (best exact
    /// child so far).
    best: Option<Scores>,
}

struct Search<'a, G: Game, E, H> {
    game: &'a G,
    eval: &'a E,
    hasher: &'a H,
    /// Exact values of transposed subtrees (only when `H::TABLE`).
    table: Option<&'a mut VectorTable>,
    mode: Mode,
    n: usize,
    maxsum: i64,
    lower: Scores,
    lower_sum: i64,
    mu: Score,
    trace: bool,
    meter: Meter,
    pv: PvTable<G::Move>,
    tracer: Tracer<G::Move>,
    /// One buffer used as a stack of move lists: no allocation per node.
    moves: Vec<G::Move>,
    /// A stack of the searched children of the nodes on the path.
    kids: Vec<(G::Move, Kid)>,
    path: Vec<Frame>,
    depth_limit: u32,
    /// Leaves valued at the depth limit so far, and table hits standing for subtrees that
    /// reached it: a node's entry is `full` when this grew during its search.
    limit_leaves: u64,
}

impl<G: Game, E: Evaluator<G>, H: Hashing<G>> Search<'_, G, E, H> {
    /// The table key of an inner node at `ply`, if it may be a transposition.
    #[inline(always)]
    fn table_key(&self, state: &G::State, ply: u32) -> Option<Key> {
        let draft = self.depth_limit.saturating_sub(ply);
        self.table
            .as_ref()
            .and_then(|_| Key::of(self.hasher, self.game, state, draft))
    }

    /// Completes a principal variation cut short by a table hit: the node where it stops
    /// is searched again without probing its own entry and with a barrier at itself (so
    /// its value is exact), until the line reaches a leaf. These visits are bookkeeping
    /// for the result: they are not counted in the statistics and their prunes are not
    /// traced.
    fn extend_pv(&mut self, root: &G::State, pv: &mut Vec<G::Move>) {
        if !H::TABLE || self.table.is_none() {
            return;
        }
        let saved = self.meter.stats;
        let tracer = std::mem::replace(&mut self.tracer, Tracer::off());
        let trace = std::mem::replace(&mut self.trace, false);
        let (game, depth_limit) = (self.game, self.depth_limit);
        complete_pv(game, root, depth_limit, pv, |state, ply| {
            match self.visit(state, ply, ply, false) {
                Ok(Res::Exact(_)) => Some(self.pv.line(ply as usize).to_vec()),
                _ => None,
            }
        });
        self.meter.stats = saved;
        self.tracer = tracer;
        self.trace = trace;
    }

    /// Searches `state` at `ply`; no prune inside may refer to a node above `barrier`.
    #[inline]
    fn node(&mut self, state: &G::State, ply: u32, barrier: u32) -> Result<Res, StopReason> {
        self.visit(state, ply, barrier, true)
    }

    /// [`Search::node`], looking the node up in the table first when `probe`.
    fn visit(
        &mut self,
        state: &G::State,
        ply: u32,
        barrier: u32,
        probe: bool,
    ) -> Result<Res, StopReason> {
        self.meter.visit(ply)?;
        self.tracer.visit();
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            self.tracer.leaf(&v);
            return Ok(Res::Exact(v));
        }
        if ply >= self.depth_limit {
            // Counted for tables only: the plain search compiles without it.
            if H::TABLE {
                self.limit_leaves += 1;
            }
            self.meter.leaf();
            let v = self.eval.evaluate(self.game, state);
            self.tracer.leaf(&v);
            return Ok(Res::Exact(v));
        }
        let key = self.table_key(state, ply);
        if let (Some(k), true) = (&key, probe) {
            if let Some(hit) = self.table.as_ref().and_then(|t| t.get(k)) {
                self.meter.stats.table_hits += 1;
                if hit.full {
                    // The subtree it stands for reached the depth limit.
                    self.meter.stats.depth = self.meter.stats.depth.max(self.depth_limit);
                    self.limit_leaves += 1;
                }
                self.tracer.backup(&hit.value);
                return Ok(Res::Exact(hit.value));
            }
        }
        // Whether the subtree reaches the depth limit, for the entry's `full` flag.
        let limit_leaves = self.limit_leaves;
        let (start, end) = crate::search::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let p = self.game.to_move(state).index();
        let i = ply as usize;
        if self.path.len() <= i {
            self.path.resize(
                i + 1,
                Frame {
                    player: 0,
                    t: 0,
                    last: false,
                    best: None,
                },
            );
        }
        let kids_base = self.kids.len();
        let mut best: Option<Scores> = None;
        let mut cut: Option<u32> = None;
        let mut min_pruned: Option<u32> = None;
        for idx in start..end {
            let mv = self.moves[idx];
            self.path[i] = Frame {
                player: p,
                t: best.map_or(self.lower[p], |b| b[p].saturating_add(self.mu)),
                last: idx + 1 == end,
                best,
            };
            let child = self.game.play(state, mv);
            self.tracer.push(mv);
            let r = self.node(&child, ply + 1, barrier);
            self.tracer.pop();
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    self.moves.truncate(start);
                    self.kids.truncate(kids_base);
                    return Err(e);
                }
            };
            let kid = match r {
                Res::Exact(v) => {
                    if best.is_none_or(|b| v[p] > b[p]) {
                        best = Some(v);
                        self.pv.update(i, mv);
                    }
                    Kid::Exact(v)
                }
                Res::Pruned(top) if top as usize >= i => Kid::Dropped,
                Res::Pruned(top) => {
                    min_pruned = Some(min_pruned.map_or(top, |m| m.min(top)));
                    Kid::Pruned(top)
                }
            };
            self.kids.push((mv, kid));
            let remaining = (end - idx - 1) as u32;
            let Some(b) = best else { continue };
            if remaining == 0 {
                continue;
            }
            // Immediate pruning: no later child can beat `b` for `p`.
            let own_need = b[p].saturating_add(self.mu);
            if own_need.saturating_add(self.lower_sum - self.lower[p]) > self.maxsum {
                self.meter.stats.cutoffs.count(CutoffKind::Immediate);
                self.tracer
                    .prune(CutoffKind::Immediate, &[b[p]], self.maxsum, remaining);
                break;
            }
            if let Some(top) = self.chain_prune(i, p, &b, min_pruned, barrier, remaining) {
                cut = Some(top);
                break;
            }
        }
        self.moves.truncate(start);
        if let Some(top) = cut {
            self.kids.truncate(kids_base);
            self.backup(&Ok(Res::Pruned(top)), best);
            return Ok(Res::Pruned(top));
        }
        let r = self.settle(state, i, p, kids_base, barrier, best);
        self.kids.truncate(kids_base);
        self.backup(&r, best);
        if let (Ok(Res::Exact(v)), Some(k), Some(t)) = (&r, &key, self.table.as_mut()) {
            t.put(k, *v, None, self.limit_leaves > limit_leaves);
        }
        r
    }

    /// Records what an inner node returns: its exact value, or for a pruned node its best
    /// value so far (empty if none), a value its parent will not use.
    #[inline(always)]
    fn backup(&mut self, r: &Result<Res, StopReason>, best: Option<Scores>) {
        match r {
            Ok(Res::Exact(v)) => self.tracer.backup(v),
            Ok(Res::Pruned(_)) => match best {
                Some(b) => self.tracer.backup(&b),
                None => self.tracer.backup_nothing(),
            },
            Err(_) => {}
        }
    }

    /// Looks for a chain `a_j ..= a_i` that lets node `i` (player `p`, best value `b`)
    /// prune its remaining children; returns the `J` of the node's `Pruned(J)` answer.
    fn chain_prune(
        &mut self,
        i: usize,
        p: usize,
        b: &Scores,
        min_pruned: Option<u32>,
        barrier: u32,
        remaining: u32,
    ) -> Option<u32> {
        if i == 0 {
            return None;
        }
        let lo = (barrier as usize).max(i.saturating_sub(self.n - 1));
        if lo >= i {
            return None;
        }
        // Lemma 1 with the thresholds: the needs of each player, summed.
        let mut need = [0 as Score; crate::game::MAX_PLAYERS];
        need[..self.n].copy_from_slice(self.lower.as_slice());
        let own = b[p].saturating_add(self.mu);
        let mut sum = self.lower_sum;
        if own > need[p] {
            sum = sum.saturating_add(own - need[p]);
            need[p] = own;
        }
        let mut top = None;
        for j in (lo..i).rev() {
            let f = self.path[j];
            if f.t > need[f.player] {
                sum = sum.saturating_add(f.t - need[f.player]);
                need[f.player] = f.t;
            }
            if sum > self.maxsum {
                top = Some(j);
                break;
            }
        }
        let j = top?;
        // The value returned in place of the pruned children must be dead too.
        let k_beta = (lo..i)
            .rev()
            .find(|&k| b[self.path[k].player] < self.path[k].t)?;
        let mut big_j = j.min(k_beta);
        if let Some(t) = min_pruned {
            big_j = big_j.min(t as usize);
        }
        let kind = if big_j + 1 == i {
            CutoffKind::Shallow
        } else if let Some(jj) = self.last_branch_top(big_j, i, lo, self.mode == Mode::LastBranch) {
            big_j = jj;
            CutoffKind::LastBranch
        } else if self.mode == Mode::Speculative && self.intermediates_dead(big_j, i) {
            CutoffKind::Speculative
        } else {
            return None;
        };
        self.meter.stats.cutoffs.count(kind);
        if self.trace {
            // The pass thresholds of the chain, outermost first, the node's own last.
            let bounds: Vec<i64> = (big_j..i).map(|d| self.path[d].t).chain([own]).collect();
            self.tracer.prune(kind, &bounds, self.maxsum, remaining);
        }
        Some(big_j as u32)
    }

    /// The deepest top `J' <= big_j` (not above `lo`) for which the prune at node `i` is a
    /// last-branch prune: every intermediate node strictly between `J'` and `i` is on its
    /// last branch and the value it returns otherwise is already dead at `J'`.
    /// Only `J' = big_j` is tried unless `lower_top` is set.
    fn last_branch_top(&self, big_j: usize, i: usize, lo: usize, lower_top: bool) -> Option<usize> {
        let mut jj = big_j;
        loop {
            let ok = (jj + 1..i).all(|k| {
                let f = self.path[k];
                f.last
                    && f.best
                        .is_none_or(|x| (jj..k).any(|l| x[self.path[l].player] < self.path[l].t))
            });
            if ok {
                return Some(jj);
            }
            if !lower_top || jj <= lo {
                return None;
            }
            jj -= 1;
        }
    }

    /// Whether every intermediate node strictly between `big_j` and `i` holds a value (a
    /// bound, as in Lemma 1's sequences: a speculatively pruned child gives its parent none,
    /// so pruning below a node still on its first child would cost it its own pruning)
    /// that is already dead at `big_j` (Sturtevant's test marked † in Figure 7: a node whose
    /// best value its ancestors would choose does not lend their bounds to its children,
    /// since the prune would be re-searched at once).
    fn intermediates_dead(&self, big_j: usize, i: usize) -> bool {
        (big_j + 1..i).all(|k| {
            self.path[k]
                .best
                .is_some_and(|x| (big_j..k).any(|l| x[self.path[l].player] < self.path[l].t))
        })
    }

    /// After the loop over the children of node `i`: the exact value, or `Pruned(J)` when
    /// every candidate is dead at `J`, re-searching pruned children when that is needed.
    fn settle(
        &mut self,
        state: &G::State,
        i: usize,
        p: usize,
        kids_base: usize,
        barrier: u32,
        mut best: Option<Scores>,
    ) -> Result<Res, StopReason> {
        loop {
            let mut min_top: Option<u32> = None;
            for &(_, kid) in &self.kids[kids_base..] {
                if let Kid::Pruned(t) = kid {
                    min_top = Some(min_top.map_or(t, |m| m.min(t)));
                }
            }
            let Some(min_top) = min_top else {
                return Ok(match best {
                    Some(x) => Res::Exact(x),
                    // Unreachable: a dropped child implies an exact one.
                    None => Res::Pruned(i as u32),
                });
            };
            let Some(x) = best else {
                return Ok(Res::Pruned(min_top));
            };
            // The deepest level at or below which `x` is dead (fails a threshold).
            let k_x = (barrier as usize..i)
                .rev()
                .find(|&k| x[self.path[k].player] < self.path[k].t);
            let alive_above = |t: u32| k_x.is_none_or(|k| t as usize > k);
            let Some(pos) = (kids_base..self.kids.len())
                .find(|&c| matches!(self.kids[c].1, Kid::Pruned(t) if alive_above(t)))
            else {
                return Ok(Res::Pruned(min_top));
            };
            // Re-search the first such child, with a barrier at this node.
            let (mv, _) = self.kids[pos];
            let mut before: Option<Score> = None;
            let mut after: Option<Score> = None;
            for c in kids_base..self.kids.len() {
                if let Kid::Exact(v) = self.kids[c].1 {
                    let slot = if c < pos { &mut before } else { &mut after };
                    *slot = Some(slot.map_or(v[p], |m: Score| m.max(v[p])));
                }
            }
            let mut t = self.lower[p];
            if let Some(bv) = before {
                t = t.max(bv.saturating_add(self.mu));
            }
            if let Some(av) = after {
                t = t.max(av);
            }
            self.path[i] = Frame {
                player: p,
                t,
                last: pos + 1 == self.kids.len(),
                best,
            };
            self.meter.stats.re_searches += 1;
            let child = self.game.play(state, mv);
            self.tracer.push(mv);
            self.tracer.re_search();
            let r = self.node(&child, i as u32 + 1, i as u32);
            self.tracer.pop();
            match r? {
                Res::Exact(v) => {
                    self.kids[pos].1 = Kid::Exact(v);
                    // The first child with the largest score for `p` is the value.
                    let mut first: Option<(usize, Scores)> = None;
                    for c in kids_base..self.kids.len() {
                        if let Kid::Exact(w) = self.kids[c].1 {
                            if first.is_none_or(|(_, f)| w[p] > f[p]) {
                                first = Some((c, w));
                            }
                        }
                    }
                    if let Some((c, w)) = first {
                        if c == pos {
                            self.pv.update(i, mv);
                        }
                        best = Some(w);
                    }
                }
                Res::Pruned(_) => self.kids[pos].1 = Kid::Dropped,
            }
        }
    }
}
