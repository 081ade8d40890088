//! Connect four: 7 columns by 6 rows, two players, bitboards.
//!
//! # Board and bitboards
//!
//! The standard 7 × (6 + 1) layout: the cell in column `c` (0..7, left to right) and row `r`
//! (0..6, from the bottom) is bit `7 * c + r` of a `u64`; bit `7 * c + 6` of every column is
//! an always-empty sentinel, so a shift by 1 (vertical), 7 (horizontal), 6 (diagonal `\`)
//! or 8 (diagonal `/`) never wraps a line from one column into the next. A [`State`] holds
//! `mask` (every stone) and `cur` (the stones of the player to move); playing column `c` is
//! `mask | (mask + bottom(c))`, and a win is four shift-and-tests.
//!
//! # Moves, players and outcomes
//!
//! Player 0 moves first. A move is a column `0..7`; [`Game::moves`] lists the columns that
//! are not full in increasing order, and nothing once a player has four in a row or the board
//! is full. [`Game::move_name`] writes a column as its 1-based digit `1`..`7` (from the left),
//! the form positions use, and [`crate::notation::Notation::parse_move`] reads it back.
//! The outcome is `+1,000,000` ([`WIN`]) for the winner and `-1,000,000` for the loser,
//! `0` for both after a draw (the board full with no four in a row).
//!
//! # Positions
//!
//! [`ConnectFour::parse_position`] reads the columns played as 1-based digits, `"4453"`
//! meaning columns 4, 4, 5 and 3 (player 0 first); the empty string is the empty board. Since a
//! position is the list of moves that reach it, every position read is reachable: no stone
//! floats, the stone counts alternate, no column overflows, and nothing is played after four
//! in a row. [`ConnectFour::format_position`] writes a position back in this form.
//!
//! # Evaluator
//!
//! [`CellWeights`]: the sum of the weights of a player's stones minus the opponent's, with
//! the weight of a cell the number of possible fours through it (see [`WEIGHTS`]). The sum
//! is kept incrementally in the state, so evaluation is a load.

use std::fmt;

use gametree::{Bounds, Evaluator, Game, Player, Score, Scores};
use thiserror::Error;

/// The number of columns.
pub const COLUMNS: usize = 7;
/// The number of rows.
pub const ROWS: usize = 6;
/// The winner's score; the loser gets `-WIN`.
pub const WIN: Score = 1_000_000;

/// The cell weights, `WEIGHTS[row][column]` with row 0 at the bottom: the number of lines
/// of four through each cell.
pub const WEIGHTS: [[i16; COLUMNS]; ROWS] = [
    [3, 4, 5, 7, 5, 4, 3],
    [4, 6, 8, 10, 8, 6, 4],
    [5, 8, 11, 13, 11, 8, 5],
    [5, 8, 11, 13, 11, 8, 5],
    [4, 6, 8, 10, 8, 6, 4],
    [3, 4, 5, 7, 5, 4, 3],
];

/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut b = 0u64;
    let mut c = 0;
    while c < COLUMNS {
        b |= 1 << (7 * c);
        c += 1;
    }
    b
};

/// Every playable cell (the sentinel row excluded).
const BOARD: u64 = BOTTOM * ((1 << ROWS) - 1);

/// The top cells of the columns that are not full (one bit per playable column).
#[inline(always)]
fn free_tops(state: &State) -> u64 {
    !state.mask & (BOTTOM << (ROWS - 1)) & BOARD
}

/// Gathers the top cells' bits (`7 c` after the shift by `ROWS - 1`) into bits `49 + c`:
/// each bit `7 c'` times the term `2^(49 - 6 c)` lands at `49 + 7 c' - 6 c`, which is in
/// `49..56` only for `c' = c`, and no two (c, c') land at the same place, so the product
/// adds without carries.
const GATHER: u64 = {
    let mut m = 0u64;
    let mut c = 0;
    while c < COLUMNS {
        m |= 1 << (49 - 6 * c);
        c += 1;
    }
    m
};

/// The playable columns as bits `0..COLUMNS` (bit `c`: column `c` is not full).
#[inline(always)]
fn free_columns(state: &State) -> u64 {
    ((free_tops(state) >> (ROWS - 1)).wrapping_mul(GATHER) >> 49) & ((1 << COLUMNS) - 1)
}

/// `NTH_COLUMN[set][k]`: the `k`-th lowest column of the set of columns `set` (bit `c`:
/// column `c`), for `k` below the set's size.
const NTH_COLUMN: [[u8; COLUMNS]; 1 << COLUMNS] = {
    let mut t = [[0u8; COLUMNS]; 1 << COLUMNS];
    let mut set = 0;
    while set < 1 << COLUMNS {
        let (mut k, mut c) = (0, 0);
        while c < COLUMNS {
            if set >> c & 1 == 1 {
                t[set][k] = c as u8;
                k += 1;
            }
            c += 1;
        }
        set += 1;
    }
    t
};

/// The weight of each bit of the layout (0 for sentinels and unused bits).
const BIT_WEIGHT: [i16; 64] = {
    let mut w = [0i16; 64];
    let mut c = 0;
    while c < COLUMNS {
        let mut r = 0;
        while r < ROWS {
            w[7 * c + r] = WEIGHTS[r][c];
            r += 1;
        }
        c += 1;
    }
    w
};

/// Whether `stones` contain four in a row (any direction).
#[inline]
fn has_four(stones: u64) -> bool {
    // Vertical, horizontal, diagonal `\` and diagonal `/`.
    let v = stones & (stones >> 1);
    let h = stones & (stones >> 7);
    let d1 = stones & (stones >> 6);
    let d2 = stones & (stones >> 8);
    (v & (v >> 2)) | (h & (h >> 14)) | (d1 & (d1 >> 12)) | (d2 & (d2 >> 16)) != 0
}

/// Connect four (7 × 6). A unit type: all the rules are in the code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConnectFour;

/// A connect four position: small and `Copy` (24 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// The stones of the player to move.
    cur: u64,
    /// Every stone on the board.
    mask: u64,
    /// Player 0's weight sum minus player 1's.
    weight: i16,
    /// The number of stones on the board.
    plies: u8,
    /// Whether the last move made four in a row.
    won: bool,
}

impl State {
    /// The two words of the position after a stone is dropped in column `mv` (not full):
    /// the stones of the player then to move (the opponent's now) and every stone.
    /// [`ConnectFour::play`] and [`Zobrist::hash_after`](gametree::hash::Zobrist::hash_after)
    /// both start from them.
    #[inline(always)]
    fn words_after(&self, mv: u8) -> (u64, u64) {
        let mask = self.mask | (self.mask + (1u64 << (7 * mv as u32)));
        (self.cur ^ self.mask, mask)
    }

    /// The number of stones on the board (plies played).
    #[inline]
    pub fn plies(&self) -> usize {
        self.plies as usize
    }

    /// The stones of player `p` as a bitboard (bit `7 * column + row`, row 0 at the bottom).
    #[inline]
    pub fn stones(&self, p: Player) -> u64 {
        if p.index() == (self.plies & 1) as usize {
            self.cur
        } else {
            self.cur ^ self.mask
        }
    }

    /// Every stone on the board as a bitboard.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.mask
    }

    /// Who holds the cell (`column`, `row` from the bottom), if anyone.
    pub fn cell(&self, column: usize, row: usize) -> Option<Player> {
        if column >= COLUMNS || row >= ROWS {
            return None;
        }
        let bit = 1u64 << (7 * column + row);
        if self.mask & bit == 0 {
            None
        } else if self.stones(Player::new(0)) & bit != 0 {
            Some(Player::new(0))
        } else {
            Some(Player::new(1))
        }
    }

    /// Player 0's weight sum minus player 1's (see [`WEIGHTS`]).
    #[inline]
    pub fn weight_difference(&self) -> Score {
        self.weight as Score
    }

    /// Whether the last move made four in a row.
    #[inline]
    pub fn is_won(&self) -> bool {
        self.won
    }

    /// Whether `column` can be played (in range, not full, game not over).
    #[inline]
    pub fn can_play(&self, column: u8) -> bool {
        (column as usize) < COLUMNS
            && !self.won
            && self.mask & (1u64 << (7 * column as u32 + ROWS as u32 - 1)) == 0
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConnectFour(")?;
        for row in (0..ROWS).rev() {
            for col in 0..COLUMNS {
                let ch = match self.cell(col, row) {
                    None => '.',
                    Some(p) if p.index() == 0 => 'X',
                    Some(_) => 'O',
                };
                write!(f, "{ch}")?;
            }
            if row > 0 {
                write!(f, "/")?;
            }
        }
        write!(f, ")")
    }
}

impl fmt::Display for State {
    /// Six lines, top row first: `X` for player 0, `O` for player 1, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            for col in 0..COLUMNS {
                let ch = match self.cell(col, row) {
                    None => '.',
                    Some(p) if p.index() == 0 => 'X',
                    Some(_) => 'O',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Why a position string was rejected. `index` is the 0-based character position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A character that is not a column digit 1..7.
    #[error("bad column {found:?} at index {index}: expected a digit 1..7")]
    BadColumn {
        /// Where.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A move into a full column.
    #[error("column {column} is full at index {index}")]
    FullColumn {
        /// Where.
        index: usize,
        /// The column, 1-based as written.
        column: usize,
    },
    /// A move after four in a row.
    #[error("move at index {index} after the game is over (four in a row)")]
    GameOver {
        /// Where.
        index: usize,
    },
}

impl ConnectFour {
    /// The position after the 1-based columns in `s` are played from the empty board
    /// (`"4453"`: columns 4, 4, 5, 3).
    pub fn parse_position(s: &str) -> Result<State, PositionError> {
        let game = ConnectFour;
        let mut state = game.initial();
        for (index, found) in s.chars().enumerate() {
            let column = match found.to_digit(10) {
                Some(d @ 1..=7) => d as u8 - 1,
                _ => return Err(PositionError::BadColumn { index, found }),
            };
            if state.won {
                return Err(PositionError::GameOver { index });
            }
            if !state.can_play(column) {
                return Err(PositionError::FullColumn {
                    index,
                    column: column as usize + 1,
                });
            }
            state = game.play(&state, column);
        }
        Ok(state)
    }

    /// The position as a move string that [`ConnectFour::parse_position`] reads back to the
    /// same state (one of the orders of play that reach it), or `None` if no order does,
    /// which cannot happen for a state built by [`ConnectFour::parse_position`] and
    /// [`Game::play`].
    ///
    /// Found by taking moves back from the end: the last mover's stone on top of some
    /// column, and after a win one whose removal leaves no four (earlier positions had
    /// none); dead ends are remembered, so each sub-position is tried at most once.
    pub fn format_position(state: &State) -> Option<String> {
        let p0 = state.stones(Player::new(0));
        let mut undone = Vec::with_capacity(COLUMNS * ROWS);
        let mut dead = std::collections::HashSet::new();
        if !take_back(
            [p0, state.mask ^ p0],
            state.plies as usize,
            state.won,
            &mut undone,
            &mut dead,
        ) {
            return None;
        }
        Some(undone.iter().rev().map(|&c| char::from(b'1' + c)).collect())
    }

    /// A unique key of the position (`cur + mask`, the standard encoding: the mask's
    /// column heights plus the mover's stones determine the board), for transposition tables.
    #[inline]
    pub fn key(state: &State) -> u64 {
        key_of(state.cur, state.mask)
    }
}

/// [`ConnectFour::key`] of the position whose player to move has the stones `cur`, among
/// the stones `mask`.
#[inline(always)]
fn key_of(cur: u64, mask: u64) -> u64 {
    cur.wrapping_add(mask)
}

/// Takes back `plies` moves from the position with `stones` (player 0's, player 1's),
/// pushing the columns taken back (last move first); `won`: the last move made four.
fn take_back(
    stones: [u64; 2],
    plies: usize,
    won: bool,
    undone: &mut Vec<u8>,
    dead: &mut std::collections::HashSet<(u64, u64)>,
) -> bool {
    if plies == 0 {
        return stones == [0, 0];
    }
    if dead.contains(&(stones[0], stones[1])) {
        return false;
    }
    let p = (plies - 1) & 1;
    let mask = stones[0] | stones[1];
    for c in 0..COLUMNS as u8 {
        let column = mask >> (7 * c) & 0x3F;
        if column == 0 {
            continue;
        }
        let top = 1u64 << (7 * c as u32 + 63 - column.leading_zeros());
        if stones[p] & top == 0 {
            continue;
        }
        let mut before = stones;
        before[p] ^= top;
        if won && has_four(before[p]) {
            continue;
        }
        undone.push(c);
        if take_back(before, plies - 1, false, undone, dead) {
            return true;
        }
        undone.pop();
    }
    dead.insert((stones[0], stones[1]));
    false
}

impl Game for ConnectFour {
    type State = State;
    /// A column, `0..7` (`a`..`g`).
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
            cur: 0,
            mask: 0,
            weight: 0,
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
        let mut free = free_tops(state);
        while free != 0 {
            out.push((free.trailing_zeros() / 7) as u8);
            free &= free - 1;
        }
    }

    /// The move the list of [`ConnectFour::moves`] holds at `rng.below(its length)`, found
    /// in the bitboard of free columns without listing them (the same draw as the default).
    #[inline]
    fn random_move(
        &self,
        state: &State,
        _scratch: &mut Vec<u8>,
        rng: &mut gametree::rng::SplitMix64,
    ) -> Option<u8> {
        if state.won {
            return None;
        }
        let free = free_columns(state);
        let n = free.count_ones();
        if n == 0 {
            return None;
        }
        // Without a branch on the drawn index (a random one, so mispredicted).
        Some(NTH_COLUMN[free as usize][rng.below(u64::from(n)) as usize])
    }

    #[inline]
    fn play(&self, state: &State, mv: u8) -> State {
        let (cur, mask) = state.words_after(mv);
        let placed = mask ^ state.mask;
        let mover = state.cur | placed;
        let sign = 1 - 2 * (state.plies & 1) as i16;
        State {
            cur,
            mask,
            weight: state.weight + sign * BIT_WEIGHT[placed.trailing_zeros() as usize & 63],
            plies: state.plies + 1,
            won: has_four(mover),
        }
    }

    #[inline]
    fn outcome(&self, state: &State) -> Option<Scores> {
        if state.won {
            // The player who just moved made four in a row.
            let v = if state.plies & 1 == 1 { WIN } else { -WIN };
            Some(Scores::zero_sum(v))
        } else if state.plies as usize == COLUMNS * ROWS {
            Some(Scores::zeros(2))
        } else {
            None
        }
    }

    fn move_name(&self, _state: &State, mv: u8) -> String {
        if (mv as usize) < COLUMNS {
            char::from(b'1' + mv).to_string()
        } else {
            format!("?{mv}")
        }
    }

    /// Six rows, top first, between bars; `X` (player 0, red with colour) and `O`
    /// (player 1, yellow), `.` for empty; the column numbers `1`..`7` (the moves' names) below.
    fn render(&self, state: &State, color: bool) -> String {
        let mut out = String::new();
        for row in (0..ROWS).rev() {
            out.push('|');
            for col in 0..COLUMNS {
                out.push(' ');
                match state.cell(col, row) {
                    None => out.push('.'),
                    Some(p) if p.index() == 0 => {
                        out.push_str(if color { "\x1b[1;31mX\x1b[0m" } else { "X" })
                    }
                    Some(_) => out.push_str(if color { "\x1b[1;33mO\x1b[0m" } else { "O" }),
                }
            }
            out.push_str(" |\n");
        }
        out.push_str("+---------------+\n  1 2 3 4 5 6 7\n");
        out
    }
}

impl gametree::hash::Zobrist for ConnectFour {
    /// [`ConnectFour::key`] (unique per position) mixed by [`crate::rng::mix64`].
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        crate::rng::mix64(ConnectFour::key(state))
    }

    /// The child's key from the two words the move changes, as [`ConnectFour::play`] makes
    /// them, without the rest of the move.
    #[inline]
    fn hash_after(&self, state: &State, mv: u8) -> Option<u64> {
        let (cur, mask) = state.words_after(mv);
        Some(crate::rng::mix64(key_of(cur, mask)))
    }

    /// The column.
    #[inline]
    fn move_slot(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }
}

/// The cell-weight evaluator: each player's score is the weight sum of its stones minus the
/// opponent's (zero-sum; [`WEIGHTS`]).
///
/// Bounds: every leaf value (outcomes included) is at least `-WIN` for each player and the
/// two scores sum to exactly 0, so [`Evaluator::bounds`] gives `lower = (-WIN, -WIN)`,
/// `maxsum = 0`, `constant_sum = true`, step 1. The scores are not nonnegative (this is not
/// Korf's nonnegative setting; translating every score by `+WIN` gives it, with
/// `maxsum = 2 * WIN`). Heuristic values lie in `-276..=276` (276 being the weight of the
/// whole board), far inside the outcomes' range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellWeights;

impl Evaluator<ConnectFour> for CellWeights {
    #[inline]
    fn evaluate(&self, _game: &ConnectFour, state: &State) -> Scores {
        Scores::zero_sum(state.weight as Score)
    }

    fn bounds(&self, _game: &ConnectFour) -> Bounds {
        Bounds::zero_sum(WIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_small() {
        assert!(std::mem::size_of::<State>() <= 24);
    }

    #[test]
    fn board_weight_total() {
        let total: i32 = WEIGHTS.iter().flatten().map(|&w| w as i32).sum();
        assert_eq!(total, 276);
    }
}
