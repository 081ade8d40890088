//! The two-player (and paranoid) engine: fail-soft alpha-beta with an optional transposition
//! table ([`crate::search::tt`]), switchable move ordering ([`crate::search::ordering`]),
//! principal variation search, and iterative deepening with time control, whose root is
//! searched by one of three drivers: a full window, aspiration windows
//! ([`crate::search::aspiration`]) or MTD(f) ([`crate::search::mtdf`]). Parallel search is in
//! [`crate::search::parallel`].
//!
//! The pieces compose through [`Options`]: [`search`] runs iterative deepening with them;
//! [`Searcher`] is the node search the drivers share.
//!
//! # Values
//!
//! The engine reads one number per leaf: the component of [`Options::side`] (player 0, as
//! [`crate::search::alphabeta`] does; or the player to move at the root, as
//! [`crate::search::paranoid`] does), clamped as [`crate::search::minimax::key`] does. The
//! side maximises it, every other player minimises it.
//!
//! **Win and loss scores.** With [`Options::mate`] `= Some(m)`, a leaf whose number has
//! magnitude at least `m` is a game end, and the engine prefers the shortest win and the
//! longest loss: inside the search such a leaf at ply `p` is worth `v - p` when `v >= m`
//! and `v + p` when `v <= -m`. In the table, such values are stored relative to the node
//! (`+ply` for wins, `-ply` for losses: the distance to the end from the node) and turned
//! back into root-relative values when read. The root value is mapped back (every value of
//! magnitude at least `m - w`, with the mate window `w = min(MATE_PLIES, m / 2)`, becomes
//! `±m`), so the value reported is exactly the plain minimax value: mapping every leaf by a
//! non-decreasing function and back commutes with minimax. Preconditions: `m > 0`; every
//! leaf of magnitude at least `m - w` has magnitude exactly `m`; the search is less than
//! `w` plies deep (connect four: `m = WIN = 1,000,000`, `w = 4096`, heuristics within 276;
//! tic-tac-toe: `m = 100`, `w = 50`, heuristics within 8).
//! With `mate = None` (the default) values are used as they are.
//!
//! # Transposition table and fixed depth
//!
//! A table entry gives a cutoff only when its draft (depth left when stored) equals the
//! draft of the node probing it: the depth-limited value of a position depends on the
//! position and the depth left only, so every configuration returns exactly the value of
//! plain alpha-beta at the same fixed depth (the acceptance tests check this on random trees
//! and connect four). Entries of another draft give their best move only. In connect four
//! and tic-tac-toe the ply of a position is its stone count, so within one iteration every
//! transposition has the same draft and nothing is lost.
//!
//! # Result
//!
//! [`EngineResult::result`] is a [`SearchResult`] as the other two-player searches give it:
//! `pv` the principal variation (moves from the triangular table, extended by the table's
//! best moves where a table cutoff cut it short), `best_move` its first move, `value` the
//! vector of the leaf the PV reaches when its side component equals the search value (else
//! that vector with the side component replaced by the search value: this happens only when
//! the PV could not be completed), `score = value[player to move at the root]`.
//! [`EngineResult::iterations`] has one [`IterationInfo`] per completed iteration.
//!
//! Tie-breaking: the first move in search order wins a tie; search order is the game's order
//! after [`Evaluator::order`] re-sorted by the heuristics on, so with ordering on the best
//! move among equals may differ from plain alpha-beta's (the value never does).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

use super::iterative::{deepen, DepthSchedule, Iteration};
use super::minimax::{INF, KEY_LIMIT};
use super::ordering::{
    pick_best, History, Killers, Ordering, KEY_KILLER_1, KEY_KILLER_2, KEY_TABLE,
};
use super::parallel::{Busy, BUSY_DRAFT};
use super::tt::{Bound, Table};
use super::{
    duration_ms, leaf_of_pv, Config, CutoffKind, Limits, Meter, PvTable, SearchError, SearchResult,
    Stats, StopReason,
};
use crate::eval::Evaluator;
use crate::game::{Game, Player, Score, Scores};
use crate::hash::Zobrist;

/// Nodes with fewer plies left than this neither probe nor fill the table (their subtrees
/// are cheaper to search again than a cache miss).
pub const TABLE_MIN_DRAFT: u32 = 1;

/// Decisive values within `min(MATE_PLIES, mate / 2)` of [`Options::mate`] count as wins
/// and losses (the mate window).
pub const MATE_PLIES: Score = 4096;

/// The mate window of `m`: `min(MATE_PLIES, m / 2)`.
#[inline]
pub const fn mate_window(m: Score) -> Score {
    if m / 2 < MATE_PLIES {
        m / 2
    } else {
        MATE_PLIES
    }
}

/// How the engine gets position hashes and move slots: [`NoHash`] (no table, no history)
/// for any game, [`GameHash`] for games that implement [`Zobrist`].
pub trait Hashing<G: Game> {
    /// Whether hashes are available (a table can be used).
    const TABLE: bool;
    /// The hash of `state` (only called when [`Hashing::TABLE`]).
    fn hash(&self, game: &G, state: &G::State) -> u64;
    /// The history slot of `mv`, if the game has them.
    fn move_slot(&self, game: &G, mv: G::Move) -> Option<usize>;
    /// Whether `state` may be a transposition ([`Zobrist::may_transpose`]; `false` without
    /// hashes).
    fn may_transpose(&self, game: &G, state: &G::State) -> bool;
    /// The hash for a table of exact value vectors and the banked part to take out of the
    /// values ([`Zobrist::banked`]; else [`Zobrist::hash`] and `None`).
    fn banked(&self, game: &G, state: &G::State) -> (u64, Option<Scores>);
}

/// No hashes: the engine runs without a table and without the history heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHash;

impl<G: Game> Hashing<G> for NoHash {
    const TABLE: bool = false;
    #[inline]
    fn hash(&self, _game: &G, _state: &G::State) -> u64 {
        0
    }
    #[inline]
    fn move_slot(&self, _game: &G, _mv: G::Move) -> Option<usize> {
        None
    }
    #[inline]
    fn may_transpose(&self, _game: &G, _state: &G::State) -> bool {
        false
    }
    #[inline]
    fn banked(&self, _game: &G, _state: &G::State) -> (u64, Option<Scores>) {
        (0, None)
    }
}

/// The game's own [`Zobrist`] hashes and move slots.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameHash;

impl<G: Zobrist> Hashing<G> for GameHash {
    const TABLE: bool = true;
    #[inline]
    fn hash(&self, game: &G, state: &G::State) -> u64 {
        game.hash(state)
    }
    #[inline]
    fn move_slot(&self, game: &G, mv: G::Move) -> Option<usize> {
        game.move_slot(mv)
    }
    #[inline]
    fn may_transpose(&self, game: &G, state: &G::State) -> bool {
        game.may_transpose(state)
    }
    #[inline]
    fn banked(&self, game: &G, state: &G::State) -> (u64, Option<Scores>) {
        match game.banked(state) {
            Some((h, b)) => (h, Some(b)),
            None => (game.hash(state), None),
        }
    }
}

/// Whose number the engine maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Player 0 (two-player alpha-beta's convention; two players only).
    First,
    /// The player to move at the root against everyone else (paranoid; any player count).
    RootMover,
}

/// How the root of each iteration is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    /// The full window `(-INF, INF)`.
    Full,
    /// Aspiration windows of half-width `delta` around the previous iteration's value
    /// ([`crate::search::aspiration`]).
    Aspiration {
        /// The initial half-width (widened 4-fold on each failure).
        delta: Score,
    },
    /// MTD(f) from the previous iteration's value ([`crate::search::mtdf`]).
    Mtdf,
}

/// The engine's configuration: each enhancement on its own switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition-table size in MiB; 0 for none (a table also needs [`GameHash`]).
    pub table_mib: usize,
    /// Move-ordering heuristics.
    pub ordering: Ordering,
    /// Principal variation search (NegaScout): null windows after the first move.
    pub pvs: bool,
    /// The root driver.
    pub root: Root,
    /// Win/loss magnitude for distance-to-end scoring (see the module docs), or `None`.
    pub mate: Option<Score>,
    /// Whose number is maximised.
    pub side: Side,
    /// Threads for [`crate::search::parallel`] (1 = serial; ignored by [`search`]).
    pub threads: usize,
}

impl Options {
    /// Plain fail-soft alpha-beta: no table, no ordering, full windows.
    pub const PLAIN: Options = Options {
        table_mib: 0,
        ordering: Ordering::NONE,
        pvs: false,
        root: Root::Full,
        mate: None,
        side: Side::First,
        threads: 1,
    };

    /// The strongest serial setting: a 16 MiB table, every ordering heuristic, PVS,
    /// aspiration windows of half-width 50.
    pub const STRONG: Options = Options {
        table_mib: 16,
        ordering: Ordering::ALL,
        pvs: true,
        root: Root::Aspiration { delta: 50 },
        mate: None,
        side: Side::First,
        threads: 1,
    };
}

impl Default for Options {
    fn default() -> Options {
        Options::STRONG
    }
}

/// What one completed iteration of iterative deepening found and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo<M> {
    /// The depth of the iteration.
    pub depth: u32,
    /// Nodes visited in this iteration (re-searches included).
    pub nodes: u64,
    /// Re-searches in this iteration.
    pub re_searches: u64,
    /// Wall-clock time since the start of the whole search, in milliseconds.
    pub elapsed_ms: f64,
    /// The value (the side's number, plain: see the module docs).
    pub value: Score,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The engine's answer: the usual result and the per-iteration statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult<M> {
    /// The result of the last completed iteration, counts summed over all iterations.
    pub result: SearchResult<M>,
    /// Every completed iteration, shallowest first.
    pub iterations: Vec<IterationInfo<M>>,
    /// Whether the last completed iteration searched every line to the end of the game (no
    /// depth-limit leaf, no table entry that had one): its value is then the game's value,
    /// whatever the depth.
    pub complete: bool,
}

/// The node search shared by the root drivers: fail-soft alpha-beta or PVS with the table
/// and the ordering heuristics of [`Options`].
pub struct Searcher<'a, G: Game, E, H> {
    game: &'a G,
    eval: &'a E,
    hasher: &'a H,
    table: Option<&'a Table>,
    opts: Options,
    side: Player,
    /// The counters of the current search.
    pub meter: Meter,
    stop: Option<&'a AtomicBool>,
    /// The deepest iteration any thread has completed (parallel search only).
    sync: Option<&'a AtomicU32>,
    /// The depth of the current iteration.
    iteration: u32,
    /// Whether the current iteration was abandoned because another thread completed it.
    skipped: bool,
    pv: PvTable<G::Move>,
    moves: Vec<G::Move>,
    keys: Vec<u64>,
    idx: Vec<u16>,
    killers: Killers<G::Move>,
    history: History,
    /// Searched first at the root when there is no table move (previous best).
    root_hint: Option<G::Move>,
    /// Rotates the root moves of equal key (diversifies parallel helpers).
    root_rotate: usize,
    /// The best move at the root in the last search that improved on its window's bound.
    root_best: Option<G::Move>,
    /// Whether the current search evaluated a node at the depth limit or used a table cutoff.
    frontier: bool,
    /// Positions other threads are searching (parallel search only).
    busy: Option<&'a Busy>,
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
        let side = match opts.side {
            Side::First => Player::new(0),
            Side::RootMover => game.to_move(state),
        };
        Searcher {
            game,
            eval,
            hasher,
            table: if H::TABLE { table } else { None },
            opts: *opts,
            side,
            meter: Meter::new(&Limits::default()),
            stop: None,
            sync: None,
            iteration: u32::MAX,
            skipped: false,
            pv: PvTable::new(),
            moves: Vec::with_capacity(256),
            keys: Vec::with_capacity(256),
            idx: Vec::with_capacity(256),
            killers: Killers::new(),
            history: History::new(),
            root_hint: None,
            root_rotate: 0,
            root_best: None,
            frontier: false,
            busy: None,
        }
    }

    /// Defers, at nodes with at least [`BUSY_DRAFT`] plies left, the moves (all but the
    /// first) whose positions another thread is searching, as recorded in `busy`.
    pub fn set_busy(&mut self, busy: &'a Busy) {
        if H::TABLE {
            self.busy = Some(busy);
        }
    }

    /// Makes the search stop (as at a deadline) once `flag` is set.
    pub fn set_stop_flag(&mut self, flag: &'a AtomicBool) {
        self.stop = Some(flag);
    }

    /// Shares completed depths with other threads through `depth`: an iteration another
    /// thread has completed is abandoned, and [`iterate`] goes on one deeper.
    pub fn set_depth_sync(&mut self, depth: &'a AtomicU32) {
        self.sync = Some(depth);
    }

    /// Rotates the root's moves of equal sort key by `k` (parallel helpers).
    pub fn set_root_rotation(&mut self, k: usize) {
        self.root_rotate = k;
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
    pub fn set_root_best(&mut self, m: Option<G::Move>) {
        self.root_best = m;
    }

    /// Starts counting a new search under `limits` (node limit and deadline), and forgets
    /// whether the depth limit was reached (see [`Searcher::reached_frontier`]).
    pub fn reset_meter(&mut self, limits: &Limits) {
        self.meter = Meter::new(limits);
        self.frontier = false;
    }

    /// The side's number of a leaf, adjusted by ply for wins and losses.
    #[inline]
    fn leaf_value(&self, v: &Scores, ply: u32) -> Score {
        let k = v[self.side].clamp(-KEY_LIMIT, KEY_LIMIT);
        if let Some(m) = self.opts.mate {
            if k >= m {
                return k - ply as Score;
            }
            if k <= -m {
                return k + ply as Score;
            }
        }
        k
    }

    #[inline]
    fn is_mate(&self, v: Score) -> bool {
        matches!(self.opts.mate, Some(m) if v.abs() >= m - mate_window(m))
    }

    #[inline]
    fn write_table(&self, v: Score, ply: u32) -> Score {
        if self.is_mate(v) {
            if v > 0 {
                v + ply as Score
            } else {
                v - ply as Score
            }
        } else {
            v
        }
    }

    #[inline]
    fn read_table(&self, v: Score, ply: u32) -> Score {
        if self.is_mate(v) {
            if v > 0 {
                v - ply as Score
            } else {
                v + ply as Score
            }
        } else {
            v
        }
    }

    /// The plain value of a root value (wins and losses mapped back to `±mate`).
    pub fn plain(&self, v: Score) -> Score {
        match self.opts.mate {
            Some(m) if self.is_mate(v) => {
                if v > 0 {
                    m
                } else {
                    -m
                }
            }
            _ => v,
        }
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
        self.idx.clear();
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
            let Some(e) =
                table.probe_draft(self.hasher.hash(self.game, &s), depth - pv.len() as u32)
            else {
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

    /// Whether a search since the last [`Searcher::reset_meter`] reached the depth limit
    /// somewhere or took a table cutoff (else the tree is exhausted and deeper iterations
    /// would repeat it).
    pub fn reached_frontier(&self) -> bool {
        self.frontier
    }

    fn node(
        &mut self,
        state: &G::State,
        ply: u32,
        draft: u32,
        alpha0: Score,
        beta0: Score,
    ) -> Result<Score, StopReason> {
        self.meter.visit(ply)?;
        if let Some(f) = self.stop {
            if f.load(Relaxed) {
                return Err(StopReason::Deadline);
            }
            if let Some(d) = self.sync {
                if d.load(Relaxed) >= self.iteration {
                    self.skipped = true;
                    return Err(StopReason::Deadline);
                }
            }
        }
        self.pv.clear(ply as usize);
        if let Some(v) = self.game.outcome(state) {
            self.meter.leaf();
            return Ok(self.leaf_value(&v, ply));
        }
        if draft == 0 {
            self.meter.leaf();
            self.frontier = true;
            let v = self.eval.evaluate(self.game, state);
            return Ok(self.leaf_value(&v, ply));
        }
        let (mut alpha, mut beta) = (alpha0, beta0);
        let mut table_best: Option<u16> = None;
        let mut hash = 0;
        if let Some(t) = self.table.filter(|_| draft >= TABLE_MIN_DRAFT) {
            hash = self.hasher.hash(self.game, state);
            if let Some(e) = t.probe_draft(hash, draft) {
                if e.draft == draft {
                    let v = self.read_table(e.value, ply);
                    let cut = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => v >= beta,
                        Bound::Upper => v <= alpha,
                    };
                    if cut {
                        self.frontier |= e.frontier;
                        return Ok(v);
                    }
                }
                table_best = e.best;
            }
        }
        // Whether this subtree reaches the depth limit, kept apart from the rest of the search.
        let outer_frontier = std::mem::replace(&mut self.frontier, false);
        let (start, end) = super::expand(
            self.game,
            &self.eval,
            state,
            &mut self.moves,
            &mut self.meter,
        );
        let maximize = self.game.to_move(state) == self.side;
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
            self.keys.push(key);
            self.idx.push(k as u16);
        }
        if ply == 0 && self.root_rotate > 0 && end - start > 1 {
            let r = self.root_rotate % (end - start);
            self.moves[start..end].rotate_left(r);
            self.keys[start..end].rotate_left(r);
            self.idx[start..end].rotate_left(r);
        }
        let mut best = if maximize { -INF } else { INF };
        let mut best_k: Option<usize> = None;
        // Moves deferred because another thread is searching them (the tail of the list).
        let mut deferred = 0;
        let mut i = start;
        while i < end {
            let limit = if i < end - deferred {
                end - deferred
            } else {
                end
            };
            let j = pick_best(&self.keys[..limit], i);
            if j != i {
                self.moves[i..=j].rotate_right(1);
                self.keys[i..=j].rotate_right(1);
                self.idx[i..=j].rotate_right(1);
            }
            let mv = self.moves[i];
            let canonical = self.idx[i] as usize;
            let child = self.game.play(state, mv);
            let mut busy_hash = None;
            if let Some(b) = self.busy {
                if draft >= BUSY_DRAFT {
                    let h = self.hasher.hash(self.game, &child);
                    if i > start && i < end - deferred && b.contains(h) {
                        self.moves[i..end].rotate_left(1);
                        self.keys[i..end].rotate_left(1);
                        self.idx[i..end].rotate_left(1);
                        self.keys[end - 1] = 0;
                        deferred += 1;
                        continue;
                    }
                    b.enter(h);
                    busy_hash = Some(h);
                }
            }
            let scout = self.opts.pvs && i > start && alpha.saturating_add(1) < beta;
            let r = if !scout {
                self.node(&child, ply + 1, draft - 1, alpha, beta)?
            } else if maximize {
                let r = self.node(&child, ply + 1, draft - 1, alpha, alpha + 1)?;
                if r > alpha && r < beta {
                    self.meter.stats.re_searches += 1;
                    self.node(&child, ply + 1, draft - 1, alpha, beta)?
                } else {
                    r
                }
            } else {
                let r = self.node(&child, ply + 1, draft - 1, beta - 1, beta)?;
                if r < beta && r > alpha {
                    self.meter.stats.re_searches += 1;
                    self.node(&child, ply + 1, draft - 1, alpha, beta)?
                } else {
                    r
                }
            };
            if let (Some(b), Some(h)) = (self.busy, busy_hash) {
                b.leave(h);
            }
            i += 1;
            let improved = if maximize { r > best } else { r < best };
            if improved {
                best = r;
                best_k = Some(canonical);
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
                let pruned = end - i;
                if pruned > 0 {
                    self.meter.stats.cutoffs.count(if maximize {
                        CutoffKind::Beta
                    } else {
                        CutoffKind::Alpha
                    });
                }
                if ord.killers {
                    self.killers.record(ply as usize, mv);
                }
                if ord.history {
                    if let Some(s) = self.hasher.move_slot(self.game, mv) {
                        self.history.reward(maximize, s, draft);
                    }
                }
                break;
            }
        }
        self.moves.truncate(start);
        self.keys.truncate(start);
        self.idx.truncate(start);
        if let Some(t) = self.table.filter(|_| draft >= TABLE_MIN_DRAFT) {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            t.store(
                hash,
                self.write_table(best, ply),
                bound,
                draft,
                best_k,
                self.frontier,
            );
        }
        self.frontier |= outer_frontier;
        Ok(best)
    }

    /// Builds the [`SearchResult`] of a finished search of `state` to `depth` whose root
    /// value was `v` (in the engine's numbers).
    pub fn result(
        &self,
        state: &G::State,
        depth: u32,
        v: Score,
        stats: Stats,
    ) -> SearchResult<G::Move> {
        let plain = self.plain(v);
        let pv = self.principal_variation(state, depth);
        let mut value = leaf_of_pv(self.game, self.eval, state, &pv);
        if value[self.side].clamp(-KEY_LIMIT, KEY_LIMIT) != plain {
            value[self.side] = plain;
        }
        SearchResult {
            value,
            score: value[self.game.to_move(state)],
            best_move: pv.first().copied(),
            pv,
            stats,
            trace: Vec::new(),
            trace_dropped: 0,
        }
    }

    /// One search of the root to `depth` with the driver `root`, from the guess `guess`
    /// (the previous iteration's value). Returns the root value in engine numbers.
    pub fn drive(
        &mut self,
        state: &G::State,
        depth: u32,
        root: Root,
        guess: Option<Score>,
    ) -> Result<Score, StopReason> {
        match (root, guess) {
            (Root::Full, _) | (Root::Aspiration { .. }, None) => {
                self.search_root(state, depth, -INF, INF)
            }
            (Root::Aspiration { delta }, Some(g)) => {
                super::aspiration::aspiration_root(self, state, depth, g, delta)
            }
            (Root::Mtdf, g) => {
                let g = g.unwrap_or_else(|| {
                    let e = self.eval.evaluate(self.game, state);
                    self.leaf_value(&e, 0)
                });
                super::mtdf::mtdf_root(self, state, depth, g)
            }
        }
    }
}

/// Iterative deepening with the engine: iterations at depths 1, 2, ... up to
/// `config.limits.depth` (until the tree is exhausted when `None`), each searched by the
/// driver of `options.root` from the previous iteration's value; returns the last completed
/// iteration and every iteration's statistics.
///
/// - **Paper**: Slate & Atkin (1977), iterative deepening; the table and ordering of
///   [`crate::search::tt`] and [`crate::search::ordering`]; PVS (Marsland & Campbell 1982;
///   Reinefeld 1983, NegaScout), aspiration windows, MTD(f) (Plaat et al. 1996).
/// - **Computes**: at each depth exactly the value of plain alpha-beta
///   ([`crate::search::alphabeta`] for [`Side::First`], [`crate::search::paranoid`] for
///   [`Side::RootMover`]) at that depth (see the module docs).
/// - **Bounds**: none needed.
/// - **Tie-breaking**: see the module docs.
/// - **Preconditions**: [`Side::First`] needs exactly two players
///   ([`SearchError::TooManyPlayers`]). With `mate`, see the module docs.
/// - **Counts**: `nodes`, `leaves`, `expansions` summed over iterations (re-searches
///   included), `re_searches` (PVS, aspiration and MTD(f) re-searches), `cutoffs.beta` /
///   `cutoffs.alpha` at the side's / the others' nodes when a move was left unsearched;
///   `iterations`, and `depth` = the last completed depth. Table cutoffs are not counted
///   as cutoffs.
/// - **Result**: see the module docs. The deadline ([`Limits::deadline`]) is checked every
///   [`super::DEADLINE_CHECK_INTERVAL`] nodes; an iteration it or the node limit interrupts
///   is abandoned: its nodes are counted, it is not counted in `iterations`.
///
/// Fails with [`SearchError::Stopped`] only if the depth-1 iteration does not complete.
pub fn search<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    game: &G,
    eval: &E,
    hasher: &H,
    state: &G::State,
    config: &Config,
    options: &Options,
) -> Result<EngineResult<G::Move>, SearchError> {
    if options.side == Side::First {
        super::require_two_players(game, "the engine (side: player 0)")?;
    }
    let table = if H::TABLE && options.table_mib > 0 {
        Some(Table::try_with_mib(options.table_mib)?)
    } else {
        None
    };
    let mut s = Searcher::new(game, eval, hasher, table.as_ref(), state, options);
    iterate(&mut s, state, config, options, None)
}

/// Iterative deepening over a prepared searcher (used by [`search`] and by each thread of
/// [`crate::search::parallel`]): the driver [`crate::search::iterative::deepen`] (which
/// keeps the limits and the counts) calls the searcher once per depth, and the searcher keeps
/// the engine's extras between iterations (its table, the previous value as the root
/// driver's guess, the previous best move first at the root, the history). The last
/// iteration is the one that searched every line to the end of the game
/// ([`EngineResult::complete`]). With a depth sync ([`Searcher::set_depth_sync`]) the
/// schedule goes on one deeper than any thread has completed, and an iteration abandoned
/// for another thread is skipped, not the end of the run. `done`, when given, is set once
/// the last iteration completes and stops the search when another thread sets it.
pub fn iterate<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    s: &mut Searcher<'_, G, E, H>,
    state: &G::State,
    config: &Config,
    options: &Options,
    done: Option<&AtomicBool>,
) -> Result<EngineResult<G::Move>, SearchError> {
    let max_depth = config.limits.depth.unwrap_or(u32::MAX);
    // Parallel helpers go on one deeper than the deepest depth any thread has completed.
    let schedule = match s.sync {
        Some(sync) if max_depth > 0 => DepthSchedule::Next(Box::new(move |last| {
            let next = last
                .map_or(1, |d| d.saturating_add(1))
                .max(sync.load(Relaxed).saturating_add(1));
            (next <= max_depth).then_some(next)
        })),
        _ => DepthSchedule::Plies {
            max: config.limits.depth,
        },
    };
    // The engine's extras, carried from one iteration to the next: the previous value as the
    // root driver's guess, the previous best move searched first, the aged history.
    let mut iterations: Vec<IterationInfo<G::Move>> = Vec::new();
    let mut guess = None;
    let mut complete = false;
    let result = deepen(config, schedule, |c, _| {
        let depth = c.limits.depth.unwrap_or(0);
        if depth > 0 {
            // A search at depth 0 (no deepening) is never abandoned for another thread.
            s.iteration = depth;
        }
        s.skipped = false;
        s.reset_meter(&c.limits);
        let outcome = if depth == 0 {
            s.search_root(state, 0, -INF, INF)
        } else {
            s.drive(state, depth, options.root, guess)
        };
        let v = match outcome {
            Ok(v) => v,
            Err(reason) => {
                let stats = Box::new(s.meter.clone().finish());
                return if s.skipped {
                    // Another thread completed this depth: go on with the next one.
                    Ok(Iteration::Skipped(reason, stats))
                } else {
                    Err(SearchError::Stopped(reason, stats))
                };
            }
        };
        let stats = s.meter.clone().finish();
        let r = s.result(state, depth, v, stats);
        complete = !s.reached_frontier();
        if depth > 0 {
            iterations.push(IterationInfo {
                depth,
                nodes: stats.nodes,
                re_searches: stats.re_searches,
                elapsed_ms: c.limits.start.map_or(0.0, |t| duration_ms(t.elapsed())),
                value: s.plain(v),
                pv: r.pv.clone(),
            });
            s.root_hint = r.best_move;
            guess = Some(v);
            s.history.age();
            if let Some(sync) = s.sync {
                sync.fetch_max(depth, Relaxed);
            }
        }
        Ok(if complete {
            Iteration::Exhausted(r)
        } else {
            Iteration::Completed(r)
        })
    })?;
    if let Some(f) = done {
        if result.stats.depth >= max_depth {
            f.store(true, Relaxed);
        }
    }
    Ok(EngineResult {
        result,
        iterations,
        complete,
    })
}

/// One search at exactly `config.limits.depth` (to the end of the game when `None`), no
/// iterative deepening: the root searched by `options.root` with `guess` as the first
/// guess (aspiration and MTD(f); `None` = the root's static value). Used by the registry
/// entries [`crate::search::pvs::pvs`] and [`crate::search::mtdf::mtdf`].
pub fn search_fixed<G: Game, E: Evaluator<G>, H: Hashing<G>>(
    game: &G,
    eval: &E,
    hasher: &H,
    state: &G::State,
    config: &Config,
    options: &Options,
    guess: Option<Score>,
) -> Result<SearchResult<G::Move>, SearchError> {
    if options.side == Side::First {
        super::require_two_players(game, "the engine (side: player 0)")?;
    }
    let table = if H::TABLE && options.table_mib > 0 {
        Some(Table::try_with_mib(options.table_mib)?)
    } else {
        None
    };
    let mut s = Searcher::new(game, eval, hasher, table.as_ref(), state, options);
    let depth = config.limits.depth.unwrap_or(u32::MAX);
    s.reset_meter(&config.limits);
    let guess = guess.or_else(|| match options.root {
        Root::Full => None,
        _ => {
            let e = eval.evaluate(game, state);
            Some(s.leaf_value(&e, 0))
        }
    });
    match s.drive(state, depth, options.root, guess) {
        Ok(v) => {
            let stats = s.meter.clone().finish();
            Ok(s.result(state, depth, v, stats))
        }
        Err(reason) => Err(s.meter.clone().stopped(reason)),
    }
}
