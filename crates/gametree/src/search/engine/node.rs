//! The node search the root drivers share: [`Searcher`], fail-soft alpha-beta or PVS with
//! the table ([`super::tt`]) and the ordering heuristics ([`super::ordering`]) of
//! [`Options`], split into named steps: the shared-state check, the leaf, the table probe,
//! the move keys, the busy-move deferral (parallel search), the child search (full or null
//! window and re-search), the cutoff bookkeeping and the table store.

use std::sync::atomic::Ordering::Relaxed;

use super::mate;
use super::options::{Options, Side};
use super::ordering::{
    pick_best, History, Killers, KEY_BASE, KEY_DEFERRED, KEY_KILLER_1, KEY_KILLER_2, KEY_SEARCHED,
    KEY_TABLE,
};
use super::shared::{Shared, BUSY_DRAFT};
use super::tt::{Bound, Table};
use crate::eval::Evaluator;
use crate::game::{Game, Player, Score, Scores};
use crate::hash::Hashing;
use crate::search::two_player::minimax::{INF, KEY_LIMIT};
use crate::search::{
    expand, leaf_of_pv, CutoffKind, Limits, Meter, PvTable, SearchResult, Stats, StopReason,
};

/// Nodes with fewer plies left than this neither probe nor fill the table (their subtrees
/// are cheaper to search again than a cache miss).
pub const TABLE_MIN_DRAFT: u32 = 1;

/// The node search shared by the root drivers: fail-soft alpha-beta or PVS with the table
/// and the ordering heuristics of [`Options`]. Made by [`Searcher::new`], run by
/// [`super::iterate`].
pub struct Searcher<'a, G: Game, E, H> {
    game: &'a G,
    eval: &'a E,
    hasher: &'a H,
    table: Option<&'a Table>,
    opts: Options,
    /// The player who maximises the engine's number (every other player minimises it).
    side: Player,
    /// Whose score the engine's number is: the side's own for [`Side::RootMover`], the root
    /// player's for [`Side::First`].
    view: Player,
    /// `+1`, or `-1` when the number is the view's score seen from the other player (a
    /// [`Side::First`] search with player 1 to move at the root): the number of a leaf `v` is
    /// `sign * v[view]`.
    sign: Score,
    /// XORed into every position hash before it reaches the table: a constant of the side
    /// and the view, so a table kept between searches for different sides or views keeps
    /// their values apart.
    side_salt: u64,
    /// The counters of the current search.
    pub(crate) meter: Meter,
    /// What the threads of a parallel search share (parallel search only).
    shared: Option<Shared<'a>>,
    /// The depth of the current iteration.
    pub(super) iteration: u32,
    /// Whether the current iteration was abandoned because another thread completed it.
    pub(super) skipped: bool,
    pv: PvTable<G::Move>,
    moves: Vec<G::Move>,
    keys: Vec<u64>,
    killers: Killers<G::Move>,
    pub(super) history: History,
    /// Searched first at the root when there is no table move (previous best).
    pub(super) root_hint: Option<G::Move>,
    /// The best move at the root in the last search that improved on its window's bound.
    root_best: Option<G::Move>,
    /// Whether the current search evaluated a node at the depth limit or used a table cutoff.
    frontier: bool,
    /// Whether table entries may answer nodes (off while a principal variation is completed,
    /// [`Searcher::settle_pv`]: there every node on the line must be searched).
    table_cuts: bool,
}

/// The constant XORed into the hashes of a search for `side` reading `view`'s score (0 for
/// player 0 reading its own, so such a search uses the game's hashes as they are).
fn side_salt(side: Player, view: Player) -> u64 {
    match (side.index(), view.index()) {
        (0, 0) => 0,
        (i, j) if i == j => crate::rng::mix64(0x5EED_5A17_0000_0000 ^ i as u64),
        (_, j) => crate::rng::mix64(0x5EED_5A17_0001_0000 ^ j as u64),
    }
}

/// What the table says about a node.
enum Probe {
    /// The entry's value answers the node.
    Cut(Score),
    /// Search the node; `hash` is its hash (0 without a table), `best` the entry's best
    /// move, if any.
    Search { hash: u64, best: Option<u16> },
}

impl<'a, G: Game, E: Evaluator<G>, H: Hashing<G>> Searcher<'a, G, E, H> {
    /// A searcher for `state`'s game; `table` is used only when `H::TABLE`.
    pub fn new(
        game: &'a G,
        eval: &'a E,
        hasher: &'a H,
        table: Option<&'a Table>,
        state: &G::State,
        opts: &Options,
    ) -> Self {
        let root = game.to_move(state);
        // Side::First: player 0 maximises the root player's score in player 0's terms
        // (`key` of the two-player family): `v[0]`, or `-v[1]` when player 1 is at the root.
        let (side, view, sign) = match opts.side {
            Side::First => (Player::new(0), root, if root.index() == 0 { 1 } else { -1 }),
            Side::RootMover => (root, root, 1),
        };
        Searcher {
            game,
            eval,
            hasher,
            table: if H::TABLE { table } else { None },
            opts: *opts,
            side,
            view,
            sign,
            side_salt: side_salt(side, view),
            meter: Meter::new(&Limits::default()),
            shared: None,
            iteration: u32::MAX,
            skipped: false,
            pv: PvTable::new(),
            moves: Vec::with_capacity(256),
            keys: Vec::with_capacity(256),
            killers: Killers::new(),
            history: History::new(),
            root_hint: None,
            root_best: None,
            frontier: false,
            table_cuts: true,
        }
    }

    /// Joins a parallel search: stops (as at a deadline) once `shared.stop` is set,
    /// abandons an iteration another thread has completed, and, at nodes with at least
    /// [`BUSY_DRAFT`] plies left, defers the moves (all but the first) whose positions
    /// another thread is searching (only with hashes).
    pub(crate) fn share(&mut self, mut shared: Shared<'a>) {
        if !H::TABLE {
            shared.busy = None;
        }
        self.shared = Some(shared);
    }

    /// The deepest iteration any thread has completed, in a parallel search.
    pub(super) fn completed(&self) -> Option<&'a std::sync::atomic::AtomicU32> {
        self.shared.and_then(|s| s.completed)
    }

    /// The player whose number is maximised.
    pub fn side(&self) -> Player {
        self.side
    }

    /// The root move of the last search that found one inside its window (or failed high).
    pub fn root_best(&self) -> Option<G::Move> {
        self.root_best
    }

    /// Sets the root move reported when the principal variation is empty (MTD(f)).
    pub(super) fn set_root_best(&mut self, m: Option<G::Move>) {
        self.root_best = m;
    }

    /// Starts counting a new search under `limits` (node limit and deadline), and forgets
    /// whether the depth limit was reached (see [`Searcher::reached_frontier`]).
    pub(crate) fn reset_meter(&mut self, limits: &Limits) {
        self.meter = Meter::new(limits);
        self.frontier = false;
    }

    /// The engine's number of a value vector (before any adjustment for wins and losses).
    #[inline]
    fn number(&self, v: &Scores) -> Score {
        self.sign * v[self.view].clamp(-KEY_LIMIT, KEY_LIMIT)
    }

    /// The engine's number of a leaf, adjusted by ply for wins and losses.
    #[inline]
    pub(super) fn leaf_value(&self, v: &Scores, ply: u32) -> Score {
        mate::at_ply(self.opts.mate, self.number(v), ply)
    }

    /// The root's static value in the engine's numbers (the first guess of the drivers).
    pub(super) fn static_value(&self, state: &G::State) -> Score {
        let e = self.eval.evaluate(self.game, state);
        self.leaf_value(&e, 0)
    }

    /// The plain value of a root value (wins and losses mapped back to `±mate`).
    pub fn plain(&self, v: Score) -> Score {
        mate::plain(self.opts.mate, v)
    }

    /// Searches `state` (the root) to `depth` plies with the window `(alpha, beta)`:
    /// fail-soft, in the side's numbers (with distance-to-end adjustment when `mate` is
    /// set). Uses the current meter.
    pub fn search_root(
        &mut self,
        state: &G::State,
        depth: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, StopReason> {
        self.moves.clear();
        self.keys.clear();
        let (a, b) = (alpha.max(-INF), beta.max(-INF));
        self.node(state, 0, depth, a, b)
    }

    /// The principal variation of the last search: the triangular table's line, extended
    /// with the table's best moves (up to `depth` plies).
    pub fn principal_variation(&self, state: &G::State, depth: u32) -> Vec<G::Move> {
        let mut pv = self.pv.line(0).to_vec();
        if pv.is_empty() {
            if let Some(m) = self.root_best {
                pv.push(m);
            }
        }
        let Some(table) = self.table else { return pv };
        let mut s = state.clone();
        for &m in &pv {
            s = self.game.play(&s, m);
        }
        let mut moves = Vec::new();
        while (pv.len() as u32) < depth && self.game.outcome(&s).is_none() {
            let Some(e) = table.probe(self.table_hash(&s)) else {
                break;
            };
            let Some(i) = e.best else { break };
            moves.clear();
            self.game.moves(&s, &mut moves);
            self.eval.order(self.game, &s, &mut moves);
            let Some(&m) = moves.get(i as usize) else {
                break;
            };
            pv.push(m);
            s = self.game.play(&s, m);
        }
        pv
    }

    /// Whether the current search (since the counters were last reset) reached the depth limit
    /// somewhere or took a table cutoff (else the tree is exhausted and deeper iterations
    /// would repeat it).
    pub fn reached_frontier(&self) -> bool {
        self.frontier
    }

    /// Asks for the table buckets of the children of `state` (the moves `start..end`) at
    /// once, when they will probe (draft left) and the game gives a child's hash without
    /// making the move ([`Hashing::hash_after`]): their cache misses then overlap instead
    /// of coming one per child. A hint only: nothing searched or counted changes.
    #[inline]
    fn prefetch_children(&self, state: &G::State, start: usize, end: usize, draft: u32) {
        let Some(t) = self.table.filter(|_| draft > TABLE_MIN_DRAFT) else {
            return;
        };
        for &mv in &self.moves[start..end] {
            match self.hasher.hash_after(self.game, state, mv) {
                Some(h) => t.prefetch(h ^ self.side_salt),
                None => return,
            }
        }
    }

    /// The hash of `state` as the table keys it (the game's hash and the side's salt).
    #[inline]
    fn table_hash(&self, state: &G::State) -> u64 {
        self.hasher.hash(self.game, state) ^ self.side_salt
    }

    /// Whether the parallel search this searcher shares in asks it to stop: the search is
    /// over, or another thread completed the current iteration.
    #[inline]
    fn check_shared(&mut self) -> Result<(), StopReason> {
        if let Some(sh) = self.shared {
            if sh.stop.load(Relaxed) {
                return Err(StopReason::Deadline);
            }
            if let Some(d) = sh.completed {
                if d.load(Relaxed) >= self.iteration {
                    self.skipped = true;
                    return Err(StopReason::Deadline);
                }
            }
        }
        Ok(())
    }

    /// The value of `state` if it is a leaf: a game end, or the depth limit (`draft == 0`).
    #[inline]
    fn leaf(&mut self, state: &G::State, ply: u32, draft: u32) -> Option<Score> {
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            return Some(self.leaf_value(&v, ply));
        }
        if draft == 0 {
            self.meter.leaf();
            self.frontier = true;
            let v = self.eval.evaluate(self.game, state);
            return Some(self.leaf_value(&v, ply));
        }
        None
    }

    /// Probes the table for `state`: a cutoff only from an entry of the node's own draft
    /// whose bound decides the window; otherwise the entry's best move.
    #[inline]
    fn probe(
        &mut self,
        hash: Option<u64>,
        ply: u32,
        alpha: Score,
        beta: Score,
        draft: u32,
    ) -> Probe {
        let (Some(t), Some(hash)) = (self.table, hash) else {
            return Probe::Search {
                hash: 0,
                best: None,
            };
        };
        let Some(e) = t.probe(hash) else {
            return Probe::Search { hash, best: None };
        };
        if e.answers(draft) && self.table_cuts {
            let v = mate::from_table(self.opts.mate, e.value, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => v >= beta,
                Bound::Upper => v <= alpha,
                Bound::Unknown => false,
            };
            if cut {
                self.frontier |= e.frontier;
                return Probe::Cut(v);
            }
        }
        Probe::Search { hash, best: e.best }
    }

    /// Gives the moves `start..end` their sort keys (table move, killers, history; the
    /// previous best move at the root when there is no table move), each raised by
    /// [`KEY_BASE`] above the marks of searched and deferred moves.
    #[inline]
    fn key_moves(
        &mut self,
        start: usize,
        end: usize,
        ply: u32,
        maximize: bool,
        table_best: Option<u16>,
    ) {
        let ord = self.opts.ordering;
        let killers = if ord.killers {
            self.killers.get(ply as usize)
        } else {
            [None, None]
        };
        let use_table_move = ord.table_move && table_best.is_some();
        for k in 0..end - start {
            let mv = self.moves[start + k];
            let is_table_move = if use_table_move {
                table_best == Some(k as u16)
            } else {
                ply == 0 && ord.table_move && self.root_hint == Some(mv)
            };
            let key = if is_table_move {
                KEY_TABLE
            } else if killers[0] == Some(mv) {
                KEY_KILLER_1
            } else if killers[1] == Some(mv) {
                KEY_KILLER_2
            } else if ord.history {
                match self.hasher.move_slot(self.game, mv) {
                    Some(s) => self.history.get(maximize, s),
                    None => 0,
                }
            } else {
                0
            };
            self.keys.push(key + KEY_BASE);
        }
    }

    /// In a parallel search, at a node with at least [`BUSY_DRAFT`] plies left: `None` when
    /// `child` should be deferred (it is `deferrable` and another thread is searching it),
    /// else `Some` of the hash this thread marked as busy (`None` inside when nothing was
    /// marked).
    #[inline]
    fn enter_busy(&self, child: &G::State, draft: u32, deferrable: bool) -> Option<Option<u64>> {
        let Some(b) = self.shared.and_then(|s| s.busy) else {
            return Some(None);
        };
        if draft < BUSY_DRAFT {
            return Some(None);
        }
        let h = self.hasher.hash(self.game, child);
        if deferrable && b.contains(h) {
            return None;
        }
        b.enter(h);
        Some(Some(h))
    }

    /// Searches `child`: with the full window `(alpha, beta)`, or, with PVS after the first
    /// move, with a null window first and again with the full window when the result falls
    /// inside it (one `re_searches` each).
    #[inline]
    #[expect(
        clippy::too_many_arguments,
        reason = "the recursion's window, depth and flags by value: a struct would be built for every child"
    )]
    fn search_child(
        &mut self,
        child: &G::State,
        ply: u32,
        draft: u32,
        alpha: Score,
        beta: Score,
        maximize: bool,
        first: bool,
    ) -> Result<Score, StopReason> {
        let scout = self.opts.pvs && !first && alpha.saturating_add(1) < beta;
        if !scout {
            return self.node(child, ply + 1, draft - 1, alpha, beta);
        }
        let r = if maximize {
            self.node(child, ply + 1, draft - 1, alpha, alpha + 1)?
        } else {
            self.node(child, ply + 1, draft - 1, beta - 1, beta)?
        };
        if r > alpha && r < beta {
            self.meter.stats.re_searches += 1;
            self.node(child, ply + 1, draft - 1, alpha, beta)
        } else {
            Ok(r)
        }
    }

    /// The bookkeeping of a cutoff by `mv` with `pruned` moves left unsearched: the count,
    /// the killer moves, the history.
    #[inline]
    fn on_cutoff(&mut self, mv: G::Move, ply: u32, draft: u32, maximize: bool, pruned: usize) {
        if pruned > 0 {
            self.meter.stats.cutoffs.count(if maximize {
                CutoffKind::Beta
            } else {
                CutoffKind::Alpha
            });
        }
        let ord = self.opts.ordering;
        if ord.killers {
            self.killers.record(ply as usize, mv);
        }
        if ord.history {
            if let Some(s) = self.hasher.move_slot(self.game, mv) {
                self.history.reward(maximize, s, draft);
            }
        }
    }

    /// Stores the node's result `best` (a bound relative to the window it was searched
    /// with) and its best move's index.
    #[inline]
    fn store(
        &self,
        hash: u64,
        best: Score,
        window: (Score, Score),
        ply: u32,
        draft: u32,
        best_k: Option<usize>,
    ) {
        if let Some(t) = self.table.filter(|_| draft >= TABLE_MIN_DRAFT) {
            let bound = if best <= window.0 {
                Bound::Upper
            } else if best >= window.1 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            t.store(
                hash,
                mate::to_table(self.opts.mate, best, ply),
                bound,
                draft,
                best_k,
                self.frontier,
            );
        }
    }

    /// The node search: counts the node, answers leaves and table cutoffs, then searches
    /// the moves by decreasing key (picked lazily), deferring busy ones, until a cutoff.
    fn node(
        &mut self,
        state: &G::State,
        ply: u32,
        draft: u32,
        alpha0: Score,
        beta0: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        self.check_shared()?;
        self.pv.clear(ply as usize);
        // The node's bucket is asked for before the leaf test, so that its cache line is
        // on its way while the game decides whether the node is terminal.
        let hash = self.table.filter(|_| draft >= TABLE_MIN_DRAFT).map(|t| {
            let h = self.table_hash(state);
            t.prefetch(h);
            h
        });
        if let Some(v) = self.leaf(state, ply, draft) {
            return Ok(v);
        }
        let (hash, table_best) = match self.probe(hash, ply, alpha0, beta0, draft) {
            Probe::Cut(v) => return Ok(v),
            Probe::Search { hash, best } => (hash, best),
        };
        let (mut alpha, mut beta) = (alpha0, beta0);
        // Whether this subtree reaches the depth limit, kept apart from the rest of the search.
        let outer_frontier = std::mem::replace(&mut self.frontier, false);
        let (start, end) = expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let maximize = self.game.to_move(state) == self.side;
        self.key_moves(start, end, ply, maximize, table_best);
        self.prefetch_children(state, start, end, draft);
        let mut best = if maximize { -INF } else { INF };
        let mut best_k: Option<usize> = None;
        // The moves stay in the game's order (their index there is `j - start`); the next
        // one is picked by its key, and a picked move's key is lowered to a mark: searched,
        // or deferred because another thread is searching it (searched after the others).
        let count = end - start;
        let mut searched = 0;
        while searched < count {
            let j = pick_best(&self.keys[..end], start);
            let deferred = self.keys[j] == KEY_DEFERRED;
            let mv = self.moves[j];
            let child = self.game.play(state, mv);
            let Some(busy_hash) = self.enter_busy(&child, draft, searched > 0 && !deferred) else {
                self.keys[j] = KEY_DEFERRED;
                continue;
            };
            self.keys[j] = KEY_SEARCHED;
            let r = self.search_child(&child, ply, draft, alpha, beta, maximize, searched == 0)?;
            if let Some(h) = busy_hash {
                if let Some(b) = self.shared.and_then(|s| s.busy) {
                    b.leave(h);
                }
            }
            searched += 1;
            let improved = if maximize { r > best } else { r < best };
            if improved {
                best = r;
                best_k = Some(j - start);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if maximize && r > alpha {
                    alpha = r;
                    self.pv.update(ply as usize, mv);
                } else if !maximize && r < beta {
                    beta = r;
                    self.pv.update(ply as usize, mv);
                }
            }
            if (maximize && r >= beta) || (!maximize && r <= alpha) {
                self.on_cutoff(mv, ply, draft, maximize, count - searched);
                break;
            }
        }
        self.moves.truncate(start);
        self.keys.truncate(start);
        self.store(hash, best, (alpha0, beta0), ply, draft, best_k);
        self.frontier |= outer_frontier;
        Ok(best)
    }

    /// The position reached by playing `line` from `state`, if every move is legal in turn
    /// (and none is played after a game end).
    fn replay(&self, state: &G::State, line: &[G::Move]) -> Option<G::State> {
        let mut s = state.clone();
        let mut moves = Vec::new();
        for &m in line {
            if self.game.outcome(&s).is_some() {
                return None;
            }
            moves.clear();
            self.game.moves(&s, &mut moves);
            if !moves.contains(&m) {
                return None;
            }
            s = self.game.play(&s, m);
        }
        Some(s)
    }

    /// Whether `line`, played from `state` (the root), is legal and ends at a leaf of the
    /// search to `depth` (a game end, or the depth limit) whose value is `v` (engine
    /// numbers).
    fn line_reaches(&self, state: &G::State, line: &[G::Move], depth: u32, v: Score) -> bool {
        let Some(s) = self.replay(state, line) else {
            return false;
        };
        let ply = line.len() as u32;
        let leaf = match self.game.outcome(&s) {
            Some(o) => o,
            None if ply >= depth => self.eval.evaluate(self.game, &s),
            None => return false,
        };
        self.leaf_value(&leaf, ply) == v
    }

    /// The principal variation of the search just finished: `state` (the root) searched to
    /// `depth` with the root value `v` (engine numbers). It is the last search's line,
    /// extended with the table's best moves ([`Searcher::principal_variation`]) when that
    /// line reaches a leaf of value `v`. Otherwise (a null-window pass of MTD(f) records
    /// no line at the nodes where it fails, and a table entry may be overwritten before its
    /// move is read) the line is completed by a search with the window `(v - 1, v + 1)`
    /// that takes no table cutoff: from the end of the line found, or, if that position is
    /// not on a line of value `v`, from the root. In such a window every node of the
    /// principal variation has its exact value strictly inside its window, so fail-soft
    /// alpha-beta records the whole line. The completion counts one `re_searches` and its
    /// nodes; it can be stopped by the limits like any search.
    pub(super) fn settle_pv(
        &mut self,
        state: &G::State,
        depth: u32,
        v: Score,
    ) -> Result<Vec<G::Move>, StopReason> {
        let pv = self.principal_variation(state, depth);
        if self.line_reaches(state, &pv, depth, v) {
            return Ok(pv);
        }
        self.meter.stats.re_searches += 1;
        let frontier = self.frontier;
        let root_best = self.root_best;
        self.table_cuts = false;
        let line = self.complete_line(state, depth, v, pv);
        self.table_cuts = true;
        self.frontier = frontier;
        self.root_best = root_best;
        line
    }

    /// The search of [`Searcher::settle_pv`]: from the end of `prefix`, then from the root.
    fn complete_line(
        &mut self,
        state: &G::State,
        depth: u32,
        v: Score,
        prefix: Vec<G::Move>,
    ) -> Result<Vec<G::Move>, StopReason> {
        let (lo, hi) = (v.saturating_sub(1).max(-INF), v.saturating_add(1));
        let ply = prefix.len() as u32;
        let end = (ply > 0 && ply < depth)
            .then(|| self.replay(state, &prefix))
            .flatten()
            .filter(|end| self.game.outcome(end).is_none());
        if let Some(end) = end {
            self.moves.clear();
            self.keys.clear();
            if self.node(&end, ply, depth - ply, lo, hi)? == v {
                let mut line = prefix;
                line.extend_from_slice(self.pv.line(ply as usize));
                if self.line_reaches(state, &line, depth, v) {
                    return Ok(line);
                }
            }
        }
        let r = self.search_root(state, depth, lo, hi)?;
        debug_assert_eq!(r, v, "the root value changed between two searches");
        Ok(self.pv.line(0).to_vec())
    }

    /// Builds the [`SearchResult`] of a finished search of `state` whose root value was `v`
    /// (in the engine's numbers) and whose principal variation is `pv`
    /// (completed by the engine when the search left it short).
    pub fn result(
        &self,
        state: &G::State,
        v: Score,
        pv: Vec<G::Move>,
        stats: Stats,
    ) -> SearchResult<G::Move> {
        let plain = self.plain(v);
        let mut value = leaf_of_pv(self.game, self.eval, state, &pv);
        if self.number(&value) != plain {
            value[self.view] = self.sign * plain;
        }
        SearchResult {
            value,
            score: value[self.game.to_move(state)],
            best_move: pv.first().copied(),
            pv,
            pv_players: Vec::new(),
            stats,
            trace: Vec::new(),
            trace_dropped: 0,
            events: Vec::new(),
            events_dropped: 0,
        }
    }
}
