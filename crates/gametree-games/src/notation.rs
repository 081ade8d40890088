//! One notation per game, both ways: [`Notation::parse_move`] reads back exactly what
//! [`Game::move_name`] writes.
//!
//! | game | a move is written | example |
//! |---|---|---|
//! | tic-tac-toe | the cell, `1`..`9` row by row from the top | `5` |
//! | connect four | the column, `1`..`7` from the left | `4` |
//! | Chinese Checkers | `from-to` in cell numbers (`gametree show --cells`), or `pass` | `115-102` |
//! | Hearts, Spades | the card, rank then suit (`10H` is read as `TH`; any case) | `KC` |
//! | Rolit | the cell, column `A`..`H` then row `1`..`8` from the top | `F4` |
//! | Focus | `from-to` (as many pieces as squares), or `+square` for a reserve piece | `c3-c5`, `+e5` |
//! | Blokus | `piece:cells`, the cells sorted by index, or `pass` | `V3:a1,b1,a2` |
//! | four-player chess | `from-to` in squares `a1`..`n14` (promotion is to a queen) | `h2-h4` |
//! | random and explicit trees | the 0-based child index | `0` |
//!
//! Positions given as lists of moves (tic-tac-toe, connect four) use the same characters,
//! so a move printed by a search or by `play` can be typed back to `play` or appended to a
//! `--position`. A move is accepted only if it is legal in the position; reading it never
//! panics, whatever the text.

use gametree::tree::ExplicitTree;
use gametree::Game;
use thiserror::Error;

use crate::cards::{parse_card, CardGame};
use crate::chinese_checkers::{ChineseCheckers, Move as HopMove};
use crate::connect_four::{ConnectFour, COLUMNS};
use crate::random_tree::RandomTree;
use crate::tictactoe::TicTacToe;

/// Why a move's text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not written in the game's notation.
    #[error("`{text}` is not a move: expected {expected}")]
    Syntax {
        /// The text read (trimmed).
        text: String,
        /// What a move of this game looks like.
        expected: &'static str,
    },
    /// The text names a move that is not legal in this position.
    #[error("`{text}` is not a legal move")]
    Illegal {
        /// The text read (trimmed).
        text: String,
    },
}

/// A game whose moves can be read back from [`Game::move_name`]'s text.
pub trait Notation: Game {
    /// What a move of this game looks like, for messages (`"a column 1..7"`).
    const MOVE_SYNTAX: &'static str;

    /// The move written `text` (surrounding spaces ignored), if it is legal in `state`:
    /// the inverse of [`Game::move_name`], so
    /// `parse_move(s, &move_name(s, m)) == Ok(m)` for every legal move `m` of `s`.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, MoveError> {
        let mut moves = Vec::new();
        self.moves(state, &mut moves);
        self.parse_move_in(text, &moves)
    }

    /// As [`Notation::parse_move`], with the legal moves of the position already at hand
    /// (`legal`, as [`Game::moves`] lists them): nothing is generated again. The caller
    /// promises `legal` is the list of the position the move is for.
    fn parse_move_in(&self, text: &str, legal: &[Self::Move]) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let mv = self.read_move(text).ok_or_else(|| MoveError::Syntax {
            text: text.to_string(),
            expected: Self::MOVE_SYNTAX,
        })?;
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal {
                text: text.to_string(),
            })
        }
    }

    /// The move `text` names, legal or not (`None` if it is not in the notation).
    fn read_move(&self, text: &str) -> Option<Self::Move>;
}

/// A 1-based digit `1..=n` as `0..n`.
fn digit(text: &str, n: u8) -> Option<u8> {
    match text.as_bytes() {
        [d @ b'1'..=b'9'] if d - b'0' <= n => Some(d - b'1'),
        _ => None,
    }
}

impl Notation for TicTacToe {
    const MOVE_SYNTAX: &'static str = "a cell 1..9 (row by row from the top)";
    fn read_move(&self, text: &str) -> Option<u8> {
        digit(text, 9)
    }
}

impl Notation for ConnectFour {
    const MOVE_SYNTAX: &'static str = "a column 1..7 (from the left)";
    fn read_move(&self, text: &str) -> Option<u8> {
        digit(text, COLUMNS as u8)
    }
}

impl Notation for ChineseCheckers {
    const MOVE_SYNTAX: &'static str =
        "FROM-TO in cell numbers (`gametree show --cells` draws them), or `pass`";
    fn read_move(&self, text: &str) -> Option<HopMove> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(HopMove::PASS);
        }
        let (from, to) = text.split_once('-')?;
        let cell = |t: &str| {
            t.trim()
                .parse::<u8>()
                .ok()
                .filter(|&c| (c as usize) < self.holes())
        };
        Some(HopMove::new(cell(from)?, cell(to)?))
    }
}

impl Notation for CardGame {
    const MOVE_SYNTAX: &'static str = "a card, rank then suit (e.g. KC, TH or 10H)";
    fn read_move(&self, text: &str) -> Option<u8> {
        parse_card(text)
    }
}

impl Notation for RandomTree {
    const MOVE_SYNTAX: &'static str = "a child index from 0";
    fn read_move(&self, text: &str) -> Option<u32> {
        text.parse().ok()
    }
}

impl Notation for ExplicitTree {
    const MOVE_SYNTAX: &'static str = "a child index from 0";
    fn read_move(&self, text: &str) -> Option<u32> {
        text.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_read_in_range_only() {
        assert_eq!(digit("1", 7), Some(0));
        assert_eq!(digit("7", 7), Some(6));
        assert_eq!(digit("8", 7), None);
        assert_eq!(digit("0", 7), None);
        assert_eq!(digit("11", 9), None);
        assert_eq!(digit("", 9), None);
    }
}
