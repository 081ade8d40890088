//! Position hashes for transposition tables: the [`Zobrist`] trait a game implements to let
//! the engine ([`crate::search::engine`]) keep a transposition table, and [`mix64`], a
//! finaliser that turns any unique key into a well-spread 64-bit hash.
//!
//! Next to them, what the searches with tables share: [`adapter`] (how a search generic
//! over hashing gets them: [`Hashing`], [`NoHash`], [`GameHash`]) and [`memory`] (fallible
//! allocation of fixed-size tables, [`memory::TableError`]).

pub mod adapter;
pub mod memory;

pub use adapter::{GameHash, Hashing, NoHash};

use crate::game::Game;

/// A game whose positions have 64-bit hashes (Zobrist (1970) or an equivalent mix of a
/// unique key), for transposition tables.
///
/// Contract: equal positions (same [`Game::moves`], [`Game::outcome`], player to move and
/// future) have equal hashes; different positions collide rarely (about `2^-64` per pair).
/// The engine verifies a table entry by its full 64-bit hash, so a collision can, in
/// principle, give a wrong value: a risk of the same order as in every game program.
pub trait Zobrist: Game {
    /// The hash of `state`.
    fn hash(&self, state: &Self::State) -> u64;

    /// The hash of the position `mv` leads to from `state` ([`Zobrist::hash`] of
    /// `play(state, mv)`), when the game can give it for much less than making the move;
    /// `None` (the default): it cannot. The two-player engine uses it only to ask for the
    /// children's table entries ahead of searching them (a cache hint), so a game whose
    /// `play` is cheap gains most. Contract: `Some(h)` only with `h == hash(&play(state,
    /// mv))`, for every legal `mv` of a position that is not terminal.
    fn hash_after(&self, _state: &Self::State, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// A small index of `mv` (the same move always gets the same index), for the history
    /// heuristic; `None` (the default) turns the history heuristic off for this game.
    /// Indices at or above [`MOVE_SLOTS`] are folded into range.
    fn move_slot(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// Whether `state` may be reached by more than one line of play from the positions a
    /// search starts from (the default: `true`). A search that keeps a table only to reuse
    /// transposed subtrees ([`crate::search::maxn_table()`], [`crate::search::speculative_table()`])
    /// neither probes nor fills it where this is `false`, saving a hash and a cache miss per
    /// node. Contract: `false` only for positions that cannot be transpositions.
    fn may_transpose(&self, _state: &Self::State) -> bool {
        true
    }

    /// A hash of `state` without what is already banked, and the banked part: for games
    /// whose scores accumulate (points taken in a card game). `Some((h, b))` promises that
    /// every leaf value below `state` (outcome or evaluation), and every move order, is
    /// `b + r`, where `r` depends only on the position `h` identifies and the line played
    /// from `state`; positions with equal `h` may differ in `b`. The searches that store
    /// exact value vectors ([`crate::search::maxn_table()`],
    /// [`crate::search::speculative_table()`]) then store `value - b` under `h`, so positions
    /// that differ only in what was banked share one entry (max^n is unchanged by adding a
    /// constant vector to every leaf of a subtree, ties included). `None` (the default):
    /// they use [`Zobrist::hash`] and store values as they are.
    fn banked(&self, _state: &Self::State) -> Option<(u64, crate::game::Scores)> {
        None
    }
}

/// The number of move slots of a history table.
pub const MOVE_SLOTS: usize = 4096;

/// The SplitMix64 finaliser (Steele, Lea & Flood 2014), defined once with the generator
/// ([`crate::rng::mix64`]): a bijection of `u64` that spreads every input bit over the
/// output, so unique keys become good hashes.
pub use crate::rng::mix64;

impl Zobrist for crate::tree::ExplicitTree {
    /// The node id, mixed: every node of an explicit tree is its own position (a tree has
    /// no transpositions, so the table serves move ordering across iterations).
    #[inline]
    fn hash(&self, state: &crate::tree::NodeId) -> u64 {
        mix64(*state as u64 ^ 0x5EED_0000_0000_0000)
    }

    /// The child index, for child indices below [`MOVE_SLOTS`].
    #[inline]
    fn move_slot(&self, mv: u32) -> Option<usize> {
        Some(mv as usize)
    }
}
