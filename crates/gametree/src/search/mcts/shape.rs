//! The tree's shape: the game's own turn order, or the best-reply tree of MCTS-BRS, where
//! the turn is handed to any player ([`SetToMove`]).

use crate::game::{Game, Player, SetToMove};

/// How a search reaches the position where a given player moves.
pub(crate) trait Shape<G: Game> {
    /// Whether the shape can hand the turn to any player (the best-reply tree needs it).
    const CAN_HAND: bool;

    /// `state` with `player` to move: `state` itself when `player` is to move there,
    /// otherwise the position handed to it; `None` when the player is out or the shape
    /// cannot hand the turn.
    fn hand(game: &G, state: &G::State, player: Player) -> Option<G::State>;
}

/// The game's turn order: no handing over ([`super::mcts`]).
pub(crate) struct TurnOrder;

impl<G: Game> Shape<G> for TurnOrder {
    const CAN_HAND: bool = false;

    #[inline]
    fn hand(game: &G, state: &G::State, player: Player) -> Option<G::State> {
        (game.to_move(state) == player).then(|| state.clone())
    }
}

/// Any turn order, by [`SetToMove`] ([`super::mcts_with_set_to_move`]).
pub(crate) struct HandOver;

impl<G: SetToMove> Shape<G> for HandOver {
    const CAN_HAND: bool = true;

    #[inline]
    fn hand(game: &G, state: &G::State, player: Player) -> Option<G::State> {
        if game.to_move(state) == player {
            Some(state.clone())
        } else {
            game.set_to_move(state, player)
        }
    }
}
