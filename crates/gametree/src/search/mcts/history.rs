//! The move statistics of Progressive History (Nijssen & Winands 2011): for every player and
//! move key ([`crate::Game::move_key`]), the mean reward the move brought the player who made
//! it, over every simulation that played it.

use crate::game::MOVE_KEYS;

/// No history slot (the history is off).
pub(crate) const NO_SLOT: u32 = u32::MAX;

/// The table: one (sum, count) per player and folded move key, allocated once per search.
pub(crate) struct History {
    sum: Vec<f64>,
    count: Vec<u32>,
}

impl History {
    /// An empty table for `players` players (nothing allocated when `on` is false).
    pub(crate) fn new(players: usize, on: bool) -> History {
        let n = if on { players * MOVE_KEYS } else { 0 };
        History {
            sum: vec![0.0; n],
            count: vec![0; n],
        }
    }

    /// The slot of the move with key `key` made by `player`.
    #[inline]
    pub(crate) fn slot(player: usize, key: usize) -> u32 {
        (player * MOVE_KEYS + key % MOVE_KEYS) as u32
    }

    /// Adds one simulation's `reward` to `slot`.
    #[inline]
    pub(crate) fn add(&mut self, slot: u32, reward: f64) {
        self.sum[slot as usize] += reward;
        self.count[slot as usize] += 1;
    }

    /// The mean reward of `slot` (0 before any simulation played the move).
    #[inline]
    pub(crate) fn mean(&self, slot: u32) -> f64 {
        let n = self.count[slot as usize];
        if n == 0 {
            0.0
        } else {
            self.sum[slot as usize] / n as f64
        }
    }
}

/// The Progressive History term of a child: `h * w / ((1 - q) n + 1)`, `h` the move's
/// history mean, `q` and `n` the child's value and visits for the player choosing.
#[inline]
pub(crate) fn bonus(h: f64, w: f64, q: f64, n: u64) -> f64 {
    h * w / ((1.0 - q) * n as f64 + 1.0)
}
