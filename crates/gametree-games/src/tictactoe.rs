//! Tic-tac-toe: two players, a 3 × 3 board as two 9-bit boards.
//!
//! # Board, moves and notation
//!
//! Cell `row * 3 + col` (`0..9`, row 0 on top) is bit `row * 3 + col` of a player's board.
//! It is written 1-based, as on a phone keypad read from the top:
//!
//! ```text
//! 1 2 3
//! 4 5 6
//! 7 8 9
//! ```
//!
//! Player 0 (`X`) moves first. A move is a cell `0..9`; [`Game::moves`] lists the empty cells
//! in increasing order, and nothing once a player has three in a row or the board is full.
//! [`Game::move_name`] writes a cell as its digit `1`..`9`.
//!
//! # Outcomes
//!
//! `+100` ([`WIN`]) for the winner and `-100` for the loser, `0` for both after a draw.
//!
//! # Positions
//!
//! [`TicTacToe::parse_position`] reads the cells played as 1-based digits: `"5139"` is X in
//! the centre, O top-left, X top-right, O bottom-right. The empty string is the empty board.
//! Since a position is the list of moves that reach it, every position read is reachable:
//! no cell is taken twice, and nothing is played after three in a row (so there is never a
//! line of both players, nor a stone count that does not alternate).
//! [`TicTacToe::format_position`] writes a position back in this form.
//!
//! # Evaluator
//!
//! [`OpenLines`]: the number of lines (of 8) still open to a player (no opponent stone in
//! them) minus the number open to the opponent.

use std::fmt;

use gametree::{Bounds, Evaluator, Game, Player, Score, Scores};
use thiserror::Error;

/// The winner's score; the loser gets `-WIN`.
pub const WIN: Score = 100;

/// The eight lines as 9-bit masks: three rows, three columns, two diagonals.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// The full board.
const FULL: u16 = 0x1FF;

/// `THREE[b]`: whether the 9-bit board `b` contains a line.
const THREE: [bool; 512] = {
    let mut t = [false; 512];
    let mut b = 0;
    while b < 512 {
        let mut i = 0;
        while i < LINES.len() {
            if b as u16 & LINES[i] == LINES[i] {
                t[b] = true;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// `OPEN[b]`: the number of lines with no stone of the 9-bit board `b`.
const OPEN: [i8; 512] = {
    let mut t = [0i8; 512];
    let mut b = 0;
    while b < 512 {
        let mut i = 0;
        while i < LINES.len() {
            if b as u16 & LINES[i] == 0 {
                t[b] += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Tic-tac-toe. A unit type: all the rules are in the code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe;

/// A tic-tac-toe position: small and `Copy` (6 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// The stones of player 0 and player 1 (bit = cell).
    boards: [u16; 2],
    /// The number of stones on the board.
    plies: u8,
    /// Whether the last move made three in a row.
    won: bool,
}

impl State {
    /// The stones of player `p` as a 9-bit board (bit = cell).
    #[inline]
    pub fn board(&self, p: Player) -> u16 {
        self.boards[p.index()]
    }

    /// The number of stones on the board.
    #[inline]
    pub fn plies(&self) -> usize {
        self.plies as usize
    }

    /// Who holds `cell` (`0..9`), if anyone.
    pub fn cell(&self, cell: usize) -> Option<Player> {
        if cell >= 9 {
            return None;
        }
        (0..2)
            .find(|&p| self.boards[p] >> cell & 1 == 1)
            .map(Player::new)
    }

    /// Whether the last move made three in a row.
    #[inline]
    pub fn is_won(&self) -> bool {
        self.won
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TicTacToe(")?;
        for cell in 0..9 {
            if cell > 0 && cell % 3 == 0 {
                write!(f, "/")?;
            }
            let ch = match self.cell(cell) {
                None => '.',
                Some(p) if p.index() == 0 => 'X',
                Some(_) => 'O',
            };
            write!(f, "{ch}")?;
        }
        write!(f, ")")
    }
}

impl fmt::Display for State {
    /// Three lines, top row first: `X` for player 0, `O` for player 1, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..9 {
            let ch = match self.cell(cell) {
                None => '.',
                Some(p) if p.index() == 0 => 'X',
                Some(_) => 'O',
            };
            write!(f, "{ch}")?;
            if cell % 3 == 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// Why a position string was rejected. `index` is the 0-based character position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A character that is not a cell digit 1..9.
    #[error("bad cell {found:?} at index {index}: expected a digit 1..9")]
    BadChar {
        /// Where.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A move into an occupied cell.
    #[error("cell {cell} is already occupied at index {index}")]
    Occupied {
        /// Where.
        index: usize,
        /// The cell, 1-based as written.
        cell: usize,
    },
    /// A move after three in a row.
    #[error("move at index {index} after the game is over (three in a row)")]
    GameOver {
        /// Where.
        index: usize,
    },
}

impl TicTacToe {
    /// The position after the 1-based cells in `s` are played from the empty board
    /// (`"5139"`).
    pub fn parse_position(s: &str) -> Result<State, PositionError> {
        let game = TicTacToe;
        let mut state = game.initial();
        for (index, found) in s.chars().enumerate() {
            let cell = match found.to_digit(10) {
                Some(d @ 1..=9) => d as u8 - 1,
                _ => return Err(PositionError::BadChar { index, found }),
            };
            if state.won {
                return Err(PositionError::GameOver { index });
            }
            if (state.boards[0] | state.boards[1]) >> cell & 1 == 1 {
                return Err(PositionError::Occupied {
                    index,
                    cell: cell as usize + 1,
                });
            }
            state = game.play(&state, cell);
        }
        Ok(state)
    }

    /// The position as a move string that [`TicTacToe::parse_position`] reads back to the
    /// same state: X's and O's cells interleaved, each in increasing order, except that
    /// after a win the winner's last cell is one whose removal leaves no line (so the game
    /// ends on the last move, not earlier).
    pub fn format_position(state: &State) -> String {
        let cells = |b: u16| (0..9u8).filter(move |c| b >> c & 1 == 1);
        let mut lists: [Vec<u8>; 2] = [
            cells(state.boards[0]).collect(),
            cells(state.boards[1]).collect(),
        ];
        if state.won {
            let w = ((state.plies + 1) & 1) as usize; // the last mover
            let b = state.boards[w];
            if let Some(i) = lists[w]
                .iter()
                .position(|&c| !THREE[(b & !(1 << c)) as usize])
            {
                let c = lists[w].remove(i);
                lists[w].push(c);
            }
        }
        let mut out = String::with_capacity(9);
        for i in 0..lists[0].len() {
            out.push(char::from(b'1' + lists[0][i]));
            if let Some(&c) = lists[1].get(i) {
                out.push(char::from(b'1' + c));
            }
        }
        out
    }

    /// A unique key of the position: player 0's board in bits 0..9, player 1's in 9..18.
    #[inline]
    pub fn key(state: &State) -> u64 {
        state.boards[0] as u64 | (state.boards[1] as u64) << 9
    }
}

impl Game for TicTacToe {
    type State = State;
    /// A cell, `0..9` (`row * 3 + col`, row 0 on top).
    type Move = u8;

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: u8) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    #[inline]
    fn players(&self) -> usize {
        2
    }

    fn initial(&self) -> State {
        State {
            boards: [0, 0],
            plies: 0,
            won: false,
        }
    }

    #[inline]
    fn to_move(&self, state: &State) -> Player {
        Player::new((state.plies & 1) as usize)
    }

    #[inline]
    fn moves(&self, state: &State, out: &mut Vec<u8>) {
        if state.won {
            return;
        }
        let mut free = !(state.boards[0] | state.boards[1]) & FULL;
        while free != 0 {
            out.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    #[inline]
    fn play(&self, state: &State, mv: u8) -> State {
        let p = (state.plies & 1) as usize;
        let mut next = *state;
        next.boards[p] |= 1 << mv;
        next.plies += 1;
        next.won = THREE[(next.boards[p] & FULL) as usize];
        next
    }

    #[inline]
    fn outcome(&self, state: &State) -> Option<Scores> {
        if state.won {
            let v = if state.plies & 1 == 1 { WIN } else { -WIN };
            Some(Scores::zero_sum(v))
        } else if state.plies == 9 {
            Some(Scores::zeros(2))
        } else {
            None
        }
    }

    fn move_name(&self, _state: &State, mv: u8) -> String {
        if mv < 9 {
            (mv + 1).to_string()
        } else {
            format!("?{mv}")
        }
    }

    /// Three rows, top first: `X` (player 0, red with colour), `O` (player 1, blue), and
    /// the cell's number (its move name) where empty.
    fn render(&self, state: &State, color: bool) -> String {
        let mut out = String::new();
        for row in 0..3 {
            for col in 0..3 {
                let cell = row * 3 + col;
                out.push(' ');
                match state.cell(cell) {
                    None => out.push(char::from(b'1' + cell as u8)),
                    Some(p) if p.index() == 0 => {
                        out.push_str(if color { "\x1b[1;31mX\x1b[0m" } else { "X" })
                    }
                    Some(_) => out.push_str(if color { "\x1b[1;34mO\x1b[0m" } else { "O" }),
                }
                out.push_str(if col < 2 { " |" } else { "\n" });
            }
            if row < 2 {
                out.push_str("---+---+---\n");
            }
        }
        out
    }
}

impl gametree::hash::Zobrist for TicTacToe {
    /// [`TicTacToe::key`] (unique per position) mixed by [`crate::rng::mix64`].
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        crate::rng::mix64(TicTacToe::key(state))
    }

    /// The cell.
    #[inline]
    fn move_slot(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }
}

/// The open-lines evaluator: for each player, the lines open to it (no opponent stone)
/// minus the lines open to the opponent (zero-sum, in `-8..=8`).
///
/// Bounds: every leaf value (outcomes included) is at least `-WIN` for each player and the
/// two scores sum to exactly 0: `lower = (-WIN, -WIN)`, `maxsum = 0`, `constant_sum = true`,
/// step 1 (not Korf's nonnegative setting; add `WIN` to every score for that).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenLines;

impl Evaluator<TicTacToe> for OpenLines {
    #[inline]
    fn evaluate(&self, _game: &TicTacToe, state: &State) -> Scores {
        let open0 = OPEN[(state.boards[1] & FULL) as usize] as Score;
        let open1 = OPEN[(state.boards[0] & FULL) as usize] as Score;
        Scores::zero_sum(open0 - open1)
    }

    fn bounds(&self, _game: &TicTacToe) -> Bounds {
        Bounds::zero_sum(WIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables() {
        assert_eq!(OPEN[0], 8);
        assert_eq!(OPEN[1 << 4], 4); // the centre is on four lines
        assert_eq!(OPEN[1], 5); // a corner is on three
        assert_eq!(OPEN[1 << 1], 6); // an edge is on two
        assert!(THREE[0b111]);
        assert!(!THREE[0b110_101_011]); // no line: rows 110,101,011; cols; diags
    }
}
