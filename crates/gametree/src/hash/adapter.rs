//! How a search gets position hashes: [`Hashing`], implemented by [`NoHash`] (no hashes:
//! no table, no history heuristic; any game) and [`GameHash`] (the game's own [`Zobrist`]
//! hashes). The searches that may keep a table (the two-player engine, the max^n family's
//! tables of value vectors) are generic over it, so the versions without a table compile
//! without any table code.

use super::Zobrist;
use crate::game::{Game, Scores};

/// How the engine gets position hashes and move slots: [`NoHash`] (no table, no history)
/// for any game, [`GameHash`] for games that implement [`Zobrist`].
pub trait Hashing<G: Game> {
    /// Whether hashes are available (a table can be used).
    const TABLE: bool;
    /// The hash of `state` (only called when [`Hashing::TABLE`]).
    fn hash(&self, game: &G, state: &G::State) -> u64;
    /// The hash of the position after `mv` in `state` without making the move
    /// ([`Zobrist::hash_after`]; `None` without hashes or when the game does not give it).
    fn hash_after(&self, game: &G, state: &G::State, mv: G::Move) -> Option<u64>;
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
    fn hash_after(&self, _game: &G, _state: &G::State, _mv: G::Move) -> Option<u64> {
        None
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
    fn hash_after(&self, game: &G, state: &G::State, mv: G::Move) -> Option<u64> {
        game.hash_after(state, mv)
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
