//! How BRS+ chooses the moves of the opponents who do not reply ([`ForcedMoves`]), and the
//! killer moves and history it learns for the ordered choice ([`Learned`]).
//!
//! Esser et al. (2013) let each non-replying opponent play "the first move of its move
//! ordering". [`ForcedMoves::EvaluatorFirst`] takes the evaluator's order
//! ([`crate::eval::Evaluator::order`]), a static order; [`ForcedMoves::Ordered`] takes a
//! search engine's order: the capture of the most valuable victim by the least valuable
//! attacker ([`crate::Game::capture`]), else a killer move of the ply, else the move with the
//! best history score, else the evaluator's first move.
//!
//! **What is learned, and when it is used.** A cutoff at an opponents' node (a reply at
//! least as good for the opponents as the window allows) makes the reply the newest killer
//! of its ply (Akl & Newborn 1977) and adds `draft^2` to its history score for the replying
//! player (Schaeffer 1989), `draft` being the layers left below the node. The forced moves of
//! one search read the tables as they stood when it started, never the updates it makes
//! itself: each fixed-depth search is then minimax on one well-defined tree (the module's
//! explicit-tree oracle checks it), and iterative deepening
//! ([`super::iterative`]) hands each iteration the tables of the iterations before it. A
//! single fixed-depth search has learned nothing yet: its forced moves are the MVV-LVA
//! capture, else the evaluator's first move.

use std::fmt;
use std::str::FromStr;

use crate::eval::MovePreference;
use crate::game::{Game, Player, MAX_PLAYERS, MOVE_KEYS};

/// How BRS+ chooses the move of each opponent who does not reply (Config's
/// `forced_moves`; best-reply search without the plus ignores it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ForcedMoves {
    /// The first move of the evaluator's order ([`crate::eval::Evaluator::order`]), as the
    /// game lists it when the evaluator does not reorder (`evaluator-first`, the default).
    #[default]
    EvaluatorFirst,
    /// A search engine's order (`ordered`): the capture of the most valuable victim by the
    /// least valuable attacker where the game says what moves capture
    /// ([`crate::Game::capture`]; the first in the evaluator's order among equals), else the
    /// newer then the older killer move of the ply that is legal, else the legal move with
    /// the highest history score of the player to move (if any is above zero; the first in
    /// the evaluator's order among equals), else the evaluator's first move. The killers and
    /// history are those learned by the earlier iterations ([`Learned`]).
    Ordered,
}

impl ForcedMoves {
    /// Both choices, the default first.
    pub const ALL: [ForcedMoves; 2] = [ForcedMoves::EvaluatorFirst, ForcedMoves::Ordered];

    /// The name options use: `evaluator-first` or `ordered`.
    pub const fn name(self) -> &'static str {
        match self {
            ForcedMoves::EvaluatorFirst => "evaluator-first",
            ForcedMoves::Ordered => "ordered",
        }
    }
}

impl fmt::Display for ForcedMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ForcedMoves {
    type Err = String;
    /// Reads a [`ForcedMoves::name`]; the error is one line naming the choices.
    fn from_str(s: &str) -> Result<ForcedMoves, String> {
        ForcedMoves::ALL
            .into_iter()
            .find(|f| f.name() == s.trim())
            .ok_or_else(|| {
                format!("unknown forced-move choice `{s}` (the choices are `evaluator-first` and `ordered`)")
            })
    }
}

/// The killer moves and history scores the ordered forced moves of BRS+ learn
/// ([`ForcedMoves::Ordered`]): two killers per ply (the newest first) and one score per
/// (player, [`Game::move_key`]) (moves without a key have none). Allocated once per search
/// that uses it (`MAX_PLAYERS * MOVE_KEYS` counters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learned<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
}

/// History scores stop growing here (no overflow over long searches).
const HISTORY_CAP: u32 = u32::MAX / 2;

impl<M: Copy + Eq> Learned<M> {
    /// Nothing learned yet.
    pub fn new() -> Learned<M> {
        Learned {
            killers: Vec::new(),
            history: vec![0; MAX_PLAYERS * MOVE_KEYS],
        }
    }

    /// The killer moves of `ply`, the newest first.
    pub fn killers(&self, ply: u32) -> [Option<M>; 2] {
        self.killers
            .get(ply as usize)
            .copied()
            .unwrap_or([None, None])
    }

    /// The history score of the move with key `key` ([`Game::move_key`]) for `player`.
    pub fn history(&self, player: Player, key: usize) -> u32 {
        self.history[player.index() * MOVE_KEYS + key % MOVE_KEYS]
    }

    /// Records a cutoff by `mv` of `player` at an opponents' node of `ply` with `draft`
    /// layers below it: `mv` becomes the newest killer of `ply` (no change when it already
    /// is), and its history score grows by `draft^2` when it has a key.
    pub fn cutoff(&mut self, player: Player, mv: M, key: Option<usize>, ply: u32, draft: u32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(key) = key {
            let d = draft.min(1 << 10);
            let s = &mut self.history[player.index() * MOVE_KEYS + key % MOVE_KEYS];
            *s = s.saturating_add(d * d).min(HISTORY_CAP);
        }
    }

    /// The preference [`ForcedMoves::Ordered`] forces the move of `player` by at an
    /// opponents' node of `ply`: the MVV-LVA capture, else the newer then the older killer
    /// of the ply, else the best history score of `player`, else the first move
    /// ([`MovePreference`]; the first of equals in the evaluator's order).
    pub fn preference(&self, player: Player, ply: u32) -> MovePreference<'_, M> {
        let at = player.index() * MOVE_KEYS;
        MovePreference {
            killers: self.killers(ply),
            history: &self.history[at..at + MOVE_KEYS],
        }
    }

    /// The index in `moves` (the legal moves of `player`, to move in `state`, in the
    /// evaluator's order; not empty) of the move [`ForcedMoves::Ordered`] forces at an
    /// opponents' node of `ply` ([`Learned::preference`]). No allocation.
    pub fn choose<G: Game<Move = M>>(
        &self,
        game: &G,
        state: &G::State,
        player: Player,
        moves: &[M],
        ply: u32,
    ) -> usize {
        self.preference(player, ply)
            .best_in(game, state, moves)
            .unwrap_or(0)
    }
}

impl<M: Copy + Eq> Default for Learned<M> {
    fn default() -> Self {
        Learned::new()
    }
}
