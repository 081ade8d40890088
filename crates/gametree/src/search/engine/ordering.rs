//! Move ordering for the engine ([`crate::search::engine`]): the table move first, killer
//! moves, the history heuristic, each switchable through [`Ordering`] so that its effect can
//! be measured.
//!
//! The engine gives every move of a node a sort key and searches the moves by decreasing
//! key, picking the next one lazily (a selection step per move searched, so a cutoff after
//! the first move costs one pass); equal keys keep the game's order (after
//! [`crate::Evaluator::order`]), so with every heuristic off the engine searches exactly as
//! plain alpha-beta does. The moves are never moved: a pick is an index into the game's
//! order, and the picked move's key is lowered to a mark ([`KEY_SEARCHED`],
//! [`KEY_DEFERRED`]), so a node costs no shifting of its move list and the index a table
//! entry stores is the pick itself.

use crate::hash::MOVE_SLOTS;

/// Which move-ordering heuristics are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordering {
    /// Search the transposition table's best move first (with no table: the previous
    /// iteration's best move, at the root only).
    pub table_move: bool,
    /// Killer moves (Akl & Newborn 1977): the last two moves that caused a cutoff at the
    /// same ply are searched next.
    pub killers: bool,
    /// The history heuristic (Schaeffer 1989): the other moves by decreasing history
    /// score, where a move's score grows by `draft^2` each time it causes a cutoff or is
    /// best. Needs [`crate::hash::Zobrist::move_slot`]; off for games without one.
    pub history: bool,
}

impl Ordering {
    /// Every heuristic on.
    pub const ALL: Ordering = Ordering {
        table_move: true,
        killers: true,
        history: true,
    };
    /// Every heuristic off: the game's order.
    pub const NONE: Ordering = Ordering {
        table_move: false,
        killers: false,
        history: false,
    };
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering::ALL
    }
}

/// The sort key of the table move.
pub const KEY_TABLE: u64 = 3 << 60;
/// The sort key of the first killer.
pub const KEY_KILLER_1: u64 = 2 << 60;
/// The sort key of the second killer.
pub const KEY_KILLER_2: u64 = 1 << 60;
/// History scores are capped below this (so they never outrank a killer).
pub const HISTORY_CAP: u64 = (1 << 60) - 1;
/// The mark of a move already searched at its node: below every other key.
pub const KEY_SEARCHED: u64 = 0;
/// The mark of a move deferred because another thread is searching it (parallel search):
/// searched after every move not yet searched, before none that is.
pub const KEY_DEFERRED: u64 = 1;
/// What the engine adds to every sort key above (all below `u64::MAX`), so that a move not
/// yet searched outranks both marks.
pub const KEY_BASE: u64 = 2;

/// Two killer moves per ply.
#[derive(Clone, Debug)]
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    /// No killers yet.
    pub fn new() -> Killers<M> {
        Killers { slots: Vec::new() }
    }

    /// The killers at `ply`.
    #[inline]
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots.get(ply).copied().unwrap_or([None, None])
    }

    /// Records `mv` as the newest killer at `ply` (no change if it already is the first).
    #[inline]
    pub fn record(&mut self, ply: usize, mv: M) {
        if self.slots.len() <= ply {
            self.slots.resize(ply + 1, [None, None]);
        }
        let k = &mut self.slots[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    /// Forgets every killer.
    pub fn clear(&mut self) {
        self.slots.clear();
    }
}

impl<M: Copy + Eq> Default for Killers<M> {
    fn default() -> Self {
        Killers::new()
    }
}

/// History scores by (side: the mover is or is not the searching side, move slot).
#[derive(Clone, Debug)]
pub struct History {
    scores: Vec<u64>,
}

impl History {
    /// All zeros (allocates `2 * MOVE_SLOTS` counters once).
    pub fn new() -> History {
        History {
            scores: vec![0; 2 * MOVE_SLOTS],
        }
    }

    #[inline]
    fn at(side: bool, slot: usize) -> usize {
        (side as usize) * MOVE_SLOTS + slot % MOVE_SLOTS
    }

    /// The score of the move in `slot` for `side`.
    #[inline]
    pub fn get(&self, side: bool, slot: usize) -> u64 {
        self.scores[History::at(side, slot)]
    }

    /// Credits the move in `slot` for `side` with a cutoff at `draft`.
    #[inline]
    pub fn reward(&mut self, side: bool, slot: usize, draft: u32) {
        let d = draft.min(1 << 20) as u64;
        let s = &mut self.scores[History::at(side, slot)];
        *s = (*s + d * d).min(HISTORY_CAP);
    }

    /// Halves every score (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        for s in &mut self.scores {
            *s /= 2;
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// The index in `keys[from..]` (counted from 0 of `keys`) of the largest key, the first
/// among equals. `keys[from..]` must not be empty. The engine calls it with the keys of
/// every move of a node, searched ones marked [`KEY_SEARCHED`]: the first of the largest
/// keys among the moves left is the move the game's order puts first among them.
#[inline]
pub fn pick_best(keys: &[u64], from: usize) -> usize {
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_shift() {
        let mut k = Killers::new();
        assert_eq!(k.get(3), [None, None]);
        k.record(3, 7u8);
        k.record(3, 7u8);
        assert_eq!(k.get(3), [Some(7), None]);
        k.record(3, 2u8);
        assert_eq!(k.get(3), [Some(2), Some(7)]);
    }

    #[test]
    fn history_rewards_and_ages() {
        let mut h = History::new();
        h.reward(true, 5, 3);
        h.reward(true, 5 + MOVE_SLOTS, 1);
        assert_eq!(h.get(true, 5), 10);
        assert_eq!(h.get(false, 5), 0);
        h.age();
        assert_eq!(h.get(true, 5), 5);
    }

    #[test]
    fn pick_best_prefers_the_first_of_equals() {
        assert_eq!(pick_best(&[1, 5, 5, 2], 0), 1);
        assert_eq!(pick_best(&[1, 5, 5, 2], 2), 2);
        assert_eq!(pick_best(&[9], 0), 0);
    }
}
