//! Rolit: Othello for three or four players on an 8 x 8 board (spec `rolit(players=3|4)`).
//!
//! # Rules
//!
//! Four balls start in the centre, one of each colour: D4 red, E4 yellow, D5 blue, E5 green
//! (columns A..H from the left, rows 1..8 from the top). The colours move in the order red,
//! yellow, green, blue; with three players blue never moves and its ball is a neutral one that
//! can be flipped like any other. A move puts a ball of the mover's colour on an empty cell.
//! A placement *captures* when, in some direction, it is followed by a run of one or more
//! balls of other colours (mixed colours allowed) and then a ball of the mover's colour; when
//! some capture exists the mover must capture, and every trapped run in all eight directions
//! turns to the mover's colour. When no capture exists the mover may place anywhere next to
//! a ball (the eight neighbouring cells). Nobody passes (a non-full board always has an empty
//! cell next to a ball), and the game ends when the board is full, after 60 plies.
//!
//! # Moves and order
//!
//! A move is a cell `0..64`, `8 * row + column` with row 0 the top row (row 1) and column 0
//! column A. [`Game::moves`] lists them in increasing order: row by row from row 1, A to H.
//! [`Game::move_name`] writes a cell as column letter and row number (`F4`), which
//! [`crate::notation::Notation::parse_move`] reads back (any case).
//!
//! # Value
//!
//! [`Game::outcome`] of a full board gives each player the number of balls of its colour
//! (blue's balls belong to nobody with three players). With four players the values always
//! sum to 64; with three they sum to `64 - (blue balls)`.
//!
//! # Positions
//!
//! [`Rolit::parse_position`] reads 64 characters row by row from row 1 (A1..H1, A2..H2, ...),
//! `.` for empty and `r`, `y`, `g`, `b` for the colours, then a space and the colour to move;
//! [`Rolit::position_text`] writes that form. The start of the four-player game is
//! `...........................ry......bg........................... r`.
//!
//! # Evaluators
//!
//! [`BallCount`] (each player's number of balls) and [`BallShare`] (the same plus an equal
//! share of the empty cells, constant-sum with four players), both ordering the moves by the
//! number of balls flipped, most first, corners first among equals (docs/games.md).

use std::fmt;

use gametree::hash::mix64;
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SetToMove};
use thiserror::Error;

use crate::spec::{Spec, SpecError};

/// The exploration constant of MCTS tuned for Rolit by the seeded round robin of
/// `gametree reproduce beyond/mcts-tuning` on `rolit(players=3)` (docs/mcts.md,
/// *Tuning the exploration constant*, row `rolit-3`): 0.05 won 0.597 of its 72 games (next best, 0.1: 0.528). The best point estimate, not a
/// significant winner: the grid's intervals overlap.
pub const MCTS_EXPLORATION: f64 = 0.05;

/// The number of cells.
pub const CELLS: usize = 64;

/// The colours' letters in seat order: red, yellow, green, blue.
pub const COLOUR_LETTERS: [char; 4] = ['r', 'y', 'g', 'b'];

/// The colours' names in seat order.
pub const COLOUR_NAMES: [&str; 4] = ["red", "yellow", "green", "blue"];

/// Every cell but column A.
const NOT_A: u64 = !0x0101_0101_0101_0101;
/// Every cell but column H.
const NOT_H: u64 = !0x8080_8080_8080_8080;
/// The four corners A1, H1, A8, H8.
pub const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
/// The four centre cells D4, E4, D5, E5 (occupied from the start, never emptied).
const CENTRE: u64 = 1 << 27 | 1 << 28 | 1 << 35 | 1 << 36;

/// The start: D4 red, E4 yellow, D5 blue, E5 green (seat order red, yellow, green, blue).
const START: [u64; 4] = [1 << 27, 1 << 28, 1 << 36, 1 << 35];

/// Moves every cell of `b` one step in direction `d` (0..8: E, W, S, N, SE, SW, NE, NW;
/// S is towards row 8), dropping what leaves the board.
#[inline(always)]
const fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => (b << 1) & NOT_A,
        1 => (b >> 1) & NOT_H,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & NOT_A,
        5 => (b << 7) & NOT_H,
        6 => (b >> 7) & NOT_A,
        _ => (b >> 9) & NOT_H,
    }
}

/// The cells outside `b` next to some cell of `b` (8-neighbourhood).
#[inline]
fn neighbours(b: u64) -> u64 {
    let h = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    (h | h << 8 | h >> 8) & !b
}

/// The cells of `others` in unbroken runs from the cells of `from` in direction `d` (the
/// cells of `from` left out), grown a cell at a time without a branch: a run is at most six
/// balls long.
#[inline(always)]
fn runs(from: u64, others: u64, d: usize) -> u64 {
    let mut run = shift(from, d) & others;
    run |= shift(run, d) & others;
    run |= shift(run, d) & others;
    run |= shift(run, d) & others;
    run |= shift(run, d) & others;
    run |= shift(run, d) & others;
    run
}

/// The empty cells where `own` captures (traps a run of `others` ended by `own`).
#[inline]
fn capture_targets(own: u64, others: u64, empty: u64) -> u64 {
    let mut targets = 0;
    for d in 0..8 {
        targets |= shift(runs(own, others, d), d) & empty;
    }
    targets
}

/// The cells from `cell` to the edge in direction `d` (`cell` left out), for every cell and
/// direction ([`shift`]'s numbering), computed at compile time: 4 KiB.
const RAYS: [[u64; 8]; CELLS] = {
    let mut rays = [[0u64; 8]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 8 {
            let mut b = shift(1u64 << cell, d);
            while b != 0 {
                rays[cell][d] |= b;
                b = shift(b, d);
            }
            d += 1;
        }
        cell += 1;
    }
    rays
};

/// The balls `own` flips by placing on `cell` (empty if the placement captures nothing).
///
/// Along each of the eight rays from `cell` (see [`RAYS`]), the first cell that is not a
/// ball of `others` ends the run next to `cell`; the run flips when that cell holds a ball
/// of `own`. The rays of [`shift`]'s directions 0, 2, 4 and 5 go towards higher bits, so
/// the first such cell is the ray's lowest; the others go towards lower bits and take the
/// highest. No loop over the run's length and no branch.
#[inline]
fn flips(own: u64, others: u64, cell: u8) -> u64 {
    let rays = &RAYS[(cell & 63) as usize];
    let mut all = 0;
    for d in [0, 2, 4, 5] {
        let ray = rays[d];
        let stops = ray & !others;
        let first = stops & stops.wrapping_neg();
        // Below `first` on the ray: the run (the whole ray when there is no stop, which
        // `closed` then rejects).
        let run = ray & first.wrapping_sub(1);
        let closed = first & own != 0;
        all |= run & 0u64.wrapping_sub(u64::from(closed));
    }
    for d in [1, 3, 6, 7] {
        let ray = rays[d];
        let stops = ray & !others;
        // The highest stop (0 when there is none: the clamped shift lands on a bit of no
        // stop).
        let first = (1u64 << 63 >> stops.leading_zeros().min(63)) & stops;
        // Above `first` on the ray (nothing when there is no stop).
        let run = ray & !(first << 1).wrapping_sub(1);
        let closed = first & own != 0;
        all |= run & 0u64.wrapping_sub(u64::from(closed));
    }
    all
}

/// The legal placements given the board's `occupied` cells and the empty cells where the
/// mover captures: those cells when there is one (a capture is compulsory), else every empty
/// cell next to a ball.
#[inline(always)]
fn legal_cells(occupied: u64, captures: u64) -> u64 {
    if captures != 0 {
        captures
    } else {
        neighbours(occupied) & !occupied
    }
}

/// The number of balls `own` would flip by placing on each of the 64 cells at once
/// ([`flips`]' count for every cell, whether empty or not), as five bit planes: the count of
/// cell `c` is `sum over i of (planes[i] >> c & 1) << i` ([`count_at`]).
///
/// In each direction `d` the runs are grown from the balls of `own`, one step in direction `d`
/// at a time: the cells of `others` next to a ball of `own` end runs of one ball, the cells
/// of `others` next to those runs of two, and so on up to six. The cell one step beyond a run
/// is a placement that flips exactly that run (looking back, against `d`); one cell has at
/// most one such run per direction, so the run lengths, at most 6, are written
/// into three bit planes and added, plane by plane with the carries, into the five planes of
/// the total (at most 19 balls: 6 + 6 + 6 across a row, a column and a diagonal, and one
/// more on a short diagonal, so under 32). One pass serves every cell, where [`flips`]
/// walks the eight rays of one cell (docs/ENGINE.md, "Round eleven", has the counts).
#[inline]
fn flip_counts(own: u64, others: u64) -> [u64; 5] {
    let mut total = [0u64; 5];
    add_runs::<0>(own, others, &mut total);
    add_runs::<1>(own, others, &mut total);
    add_runs::<2>(own, others, &mut total);
    add_runs::<3>(own, others, &mut total);
    add_runs::<4>(own, others, &mut total);
    add_runs::<5>(own, others, &mut total);
    add_runs::<6>(own, others, &mut total);
    add_runs::<7>(own, others, &mut total);
    total
}

/// [`flip_counts`]' step for direction `D` (a parameter, so that each direction's shift is
/// compiled without the choice among the eight): adds to `total` the length of the run in
/// that direction that each cell closes.
#[inline(always)]
fn add_runs<const D: usize>(own: u64, others: u64, total: &mut [u64; 5]) {
    // Bit plane `i` of the length of the run each cell closes, in this direction.
    let mut planes = [0u64; 3];
    let mut run = shift(own, D) & others;
    let mut k = 1u64;
    while run != 0 && k <= 6 {
        let at = shift(run, D);
        planes[0] |= at & 0u64.wrapping_sub(k & 1);
        planes[1] |= at & 0u64.wrapping_sub(k >> 1 & 1);
        planes[2] |= at & 0u64.wrapping_sub(k >> 2 & 1);
        run = at & others;
        k += 1;
    }
    // total += planes, plane by plane with the carry.
    let mut carry = 0u64;
    for (i, t) in total.iter_mut().enumerate() {
        let x = if i < 3 { planes[i] } else { 0 };
        let sum = *t ^ x ^ carry;
        carry = (*t & x) | (carry & (*t ^ x));
        *t = sum;
    }
}

/// The count of cell `c` in [`flip_counts`]' planes.
#[inline(always)]
fn count_at(planes: &[u64; 5], c: u8) -> u32 {
    let c = c & 63;
    planes
        .iter()
        .enumerate()
        .fold(0, |n, (i, &p)| n | ((p >> c & 1) as u32) << i)
}

/// The name of `cell` (`0..64`): column letter and row number, `F4`.
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", char::from(b'A' + cell % 8), cell / 8 + 1)
}

/// The cell written `text` (`F4` or `f4`), if it names one.
pub fn parse_cell(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [c, r @ b'1'..=b'8'] => {
            let c = c.to_ascii_uppercase();
            (b'A'..=b'H')
                .contains(&c)
                .then(|| (r - b'1') * 8 + (c - b'A'))
        }
        _ => None,
    }
}

/// Rolit for three or four players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rolit {
    players: u8,
}

/// A Rolit position: one bitboard per colour (bit `8 * row + column`, row 0 the top row) and
/// the colour to move. `Copy`, 40 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    balls: [u64; 4],
    to_move: u8,
}

impl State {
    /// The balls of colour `c` (`0..4`: red, yellow, green, blue) as a bitboard.
    #[inline]
    pub fn balls(&self, c: usize) -> u64 {
        self.balls[c]
    }

    /// Every ball on the board.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.balls[0] | self.balls[1] | self.balls[2] | self.balls[3]
    }

    /// The plies played since the start (balls on the board minus four).
    #[inline]
    pub fn ply(&self) -> usize {
        self.occupied().count_ones() as usize - 4
    }

    /// The colour (`0..4`) on `cell`, if any.
    pub fn colour_at(&self, cell: u8) -> Option<usize> {
        (0..4).find(|&c| self.balls[c] >> (cell & 63) & 1 == 1)
    }

    /// The colour to move (`0..4`), which is also the seat of the player to move.
    #[inline]
    pub fn colour_to_move(&self) -> usize {
        self.to_move as usize
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rolit({})", position_text(self))
    }
}

impl fmt::Display for State {
    /// The position text ([`Rolit::parse_position`]'s form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&position_text(self))
    }
}

/// The position text of `state`: 64 cells row by row from row 1, a space, the colour to move.
fn position_text(state: &State) -> String {
    let mut s = String::with_capacity(66);
    for cell in 0..CELLS as u8 {
        s.push(state.colour_at(cell).map_or('.', |c| COLOUR_LETTERS[c]));
    }
    s.push(' ');
    s.push(COLOUR_LETTERS[state.to_move as usize]);
    s
}

/// Why a Rolit position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is not 64 cells, a space and one letter.
    #[error("a Rolit position is 64 cells (`.rygb`), a space and the colour to move; got {length} characters")]
    Length {
        /// The number of characters read (surrounding spaces trimmed).
        length: usize,
    },
    /// A cell character that is not `.`, `r`, `y`, `g` or `b`.
    #[error("bad cell {found:?} at {cell} (index {index}): expected `.`, `r`, `y`, `g` or `b`")]
    BadCell {
        /// The 0-based character index.
        index: usize,
        /// The cell's name (`F4`).
        cell: String,
        /// The character found.
        found: char,
    },
    /// The 65th character is not a space.
    #[error("expected a space after the 64 cells, found {found:?}")]
    NoSeparator {
        /// The character found.
        found: char,
    },
    /// The colour to move is not a colour of a player in this game.
    #[error("bad colour to move {found:?}: expected {expected}")]
    BadToMove {
        /// The character found.
        found: char,
        /// The colours allowed.
        expected: &'static str,
    },
    /// A centre cell is empty (the centre is filled at the start and never emptied).
    #[error("centre cell {cell} is empty: D4, E4, D5 and E5 hold balls from the start")]
    EmptyCentre {
        /// The cell's name.
        cell: String,
    },
    /// With three players a blue ball elsewhere than D5 (nobody places blue balls).
    #[error("blue ball at {cell}: with three players blue is neutral and can only be on D5")]
    StrayBlue {
        /// The cell's name.
        cell: String,
    },
}

impl Rolit {
    /// Rolit for `players` players (3 or 4), or `None`.
    pub fn new(players: usize) -> Option<Rolit> {
        (3..=4).contains(&players).then_some(Rolit {
            players: players as u8,
        })
    }

    /// The game of a spec `rolit(players=3|4)` (default four players).
    pub fn from_spec(spec: &Spec) -> Result<Rolit, SpecError> {
        let players = spec.get_in("players", 4usize, 3..=4)?;
        spec.finish()?;
        Ok(Rolit {
            players: players as u8,
        })
    }

    /// The spec text of this game (parsed back by [`Rolit::from_spec`]).
    pub fn spec(&self) -> String {
        format!("rolit(players={})", self.players)
    }

    /// The position written `text` (see the module documentation): 64 cells row by row from
    /// row 1, `.rygb`, a space and the colour to move (`r|y|g`, and `b` with four players).
    /// Surrounding spaces are ignored. The four centre cells must hold balls, and with three
    /// players a blue ball can only be on D5. A full board is a terminal position.
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != CELLS + 2 {
            return Err(PositionError::Length {
                length: chars.len(),
            });
        }
        let mut balls = [0u64; 4];
        for (index, &found) in chars[..CELLS].iter().enumerate() {
            match COLOUR_LETTERS.iter().position(|&l| l == found) {
                Some(c) => balls[c] |= 1 << index,
                None if found == '.' => {}
                None => {
                    return Err(PositionError::BadCell {
                        index,
                        cell: cell_name(index as u8),
                        found,
                    })
                }
            }
        }
        if chars[CELLS] != ' ' {
            return Err(PositionError::NoSeparator {
                found: chars[CELLS],
            });
        }
        let found = chars[CELLS + 1];
        let expected = if self.players == 3 {
            "`r`, `y` or `g` (blue does not move with three players)"
        } else {
            "`r`, `y`, `g` or `b`"
        };
        let to_move = COLOUR_LETTERS[..self.players as usize]
            .iter()
            .position(|&l| l == found)
            .ok_or(PositionError::BadToMove { found, expected })?;
        let occupied = balls.iter().fold(0, |a, b| a | b);
        let empty_centre = CENTRE & !occupied;
        if empty_centre != 0 {
            return Err(PositionError::EmptyCentre {
                cell: cell_name(empty_centre.trailing_zeros() as u8),
            });
        }
        if self.players == 3 {
            let stray = balls[3] & !START[3];
            if stray != 0 {
                return Err(PositionError::StrayBlue {
                    cell: cell_name(stray.trailing_zeros() as u8),
                });
            }
        }
        Ok(State {
            balls,
            to_move: to_move as u8,
        })
    }

    /// The text of `state`, read back by [`Rolit::parse_position`].
    pub fn position_text(&self, state: &State) -> String {
        position_text(state)
    }

    /// The number of balls `mv` flips in `state` (0 for a placement without capture).
    #[inline]
    pub fn flip_count(&self, state: &State, mv: u8) -> u32 {
        let own = state.balls[state.to_move as usize];
        flips(own, state.occupied() & !own, mv).count_ones()
    }

    /// The number of balls the player to move would flip by placing on each cell, bit-sliced
    /// ([`flip_counts`]).
    #[inline]
    fn flip_counts_of(&self, state: &State) -> [u64; 5] {
        let own = state.balls[state.to_move as usize];
        flip_counts(own, state.occupied() & !own)
    }

    /// The legal moves of `state` as a bitboard (0 for a full board).
    #[inline]
    pub fn move_mask(&self, state: &State) -> u64 {
        let own = state.balls[state.to_move as usize];
        let occupied = state.occupied();
        let empty = !occupied;
        legal_cells(occupied, capture_targets(own, occupied & !own, empty))
    }
}

impl Game for Rolit {
    type State = State;
    /// A cell, `8 * row + column` (row 0 the top row, column 0 column A).
    type Move = u8;

    /// [`MCTS_EXPLORATION`]: the constant tuned by the round robin of docs/mcts.md.
    fn mcts_exploration(&self) -> Option<f64> {
        Some(MCTS_EXPLORATION)
    }

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: u8) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    #[inline]
    fn players(&self) -> usize {
        self.players as usize
    }

    fn initial(&self) -> State {
        State {
            balls: START,
            to_move: 0,
        }
    }

    #[inline]
    fn to_move(&self, state: &State) -> Player {
        Player::new(state.to_move as usize)
    }

    #[inline]
    fn moves(&self, state: &State, out: &mut Vec<u8>) {
        let mut m = self.move_mask(state);
        while m != 0 {
            out.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
    }

    #[inline]
    fn play(&self, state: &State, mv: u8) -> State {
        let c = state.to_move as usize;
        let own = state.balls[c];
        let flipped = flips(own, state.occupied() & !own, mv);
        let mut next = *state;
        for b in next.balls.iter_mut() {
            *b &= !flipped;
        }
        next.balls[c] = own | flipped | 1u64 << (mv & 63);
        next.to_move = if state.to_move + 1 == self.players {
            0
        } else {
            state.to_move + 1
        };
        next
    }

    #[inline]
    fn outcome(&self, state: &State) -> Option<Scores> {
        if state.occupied() == !0 {
            Some(counts(self.players as usize, state))
        } else {
            None
        }
    }

    fn move_name(&self, _state: &State, mv: u8) -> String {
        if (mv as usize) < CELLS {
            cell_name(mv)
        } else {
            format!("?{mv}")
        }
    }

    /// Eight rows, row 1 first, with the column letters above and the row numbers at the
    /// left: `r`, `y`, `g`, `b` for the balls (in their colours when `color` is set), `.` for
    /// empty; then the colour to move.
    fn render(&self, state: &State, color: bool) -> String {
        const ANSI: [&str; 4] = ["\x1b[1;31m", "\x1b[1;33m", "\x1b[1;32m", "\x1b[1;34m"];
        let mut out = String::from("   A B C D E F G H\n");
        for row in 0..8u8 {
            out.push_str(&format!("{} ", row + 1));
            for col in 0..8u8 {
                out.push(' ');
                match state.colour_at(row * 8 + col) {
                    None => out.push('.'),
                    Some(c) if color => {
                        out.push_str(ANSI[c]);
                        out.push(COLOUR_LETTERS[c]);
                        out.push_str("\x1b[0m");
                    }
                    Some(c) => out.push(COLOUR_LETTERS[c]),
                }
            }
            out.push('\n');
        }
        let c = state.to_move as usize;
        if self.outcome(state).is_some() {
            out.push_str("board full\n");
        } else if color {
            out.push_str(&format!("{}{}\x1b[0m to move\n", ANSI[c], COLOUR_NAMES[c]));
        } else {
            out.push_str(&format!("{} to move\n", COLOUR_NAMES[c]));
        }
        out
    }
}

impl crate::notation::Notation for Rolit {
    const MOVE_SYNTAX: &'static str = "a cell, column A..H then row 1..8 from the top (e.g. F4)";
    fn read_move(&self, text: &str) -> Option<u8> {
        parse_cell(text)
    }
}

impl SetToMove for Rolit {
    /// `state` with colour `player` to move; `None` on a full board.
    fn set_to_move(&self, state: &State, player: Player) -> Option<State> {
        if player.index() >= self.players as usize || state.occupied() == !0 {
            return None;
        }
        Some(State {
            to_move: player.index() as u8,
            ..*state
        })
    }

    /// Handing the turn to the player already to move changes nothing (a non-terminal
    /// board has an empty cell, and everyone can move there).
    const TO_MOVE_KEEPS_TURN: bool = true;
}

impl gametree::hash::Zobrist for Rolit {
    /// The four bitboards and the colour to move (a unique 258-bit key) mixed by
    /// [`mix64`] in a chain: equal positions hash equally, different ones collide with
    /// probability about `2^-64`.
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        let [r, y, g, b] = state.balls;
        let mut h = mix64(state.to_move as u64 ^ 0x0_5011_7000);
        h = mix64(h ^ r);
        h = mix64(h ^ y);
        h = mix64(h ^ g);
        mix64(h ^ b)
    }

    /// The cell.
    #[inline]
    fn move_slot(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }
}

/// Each player's number of balls.
#[inline]
fn counts(players: usize, state: &State) -> Scores {
    let mut s = Scores::zeros(players);
    for (p, v) in s.as_mut_slice().iter_mut().enumerate() {
        *v = state.balls[p].count_ones() as Score;
    }
    s
}

/// The move order of both evaluators: the most balls flipped first, corners first among
/// equal flips, ties in the game's order (row by row from row 1, A to H). The flip counts of
/// every cell come from one pass over the board ([`flip_counts`]); each move's key is packed
/// with the cell into a `u16` of a fixed array, so the unstable sort of the keys is exactly
/// the stable order and nothing is allocated.
fn order_moves(game: &Rolit, state: &State, moves: &mut [u8]) {
    let counts = game.flip_counts_of(state);
    let mut keys = [0u16; CELLS];
    let keys = &mut keys[..moves.len().min(CELLS)];
    for (k, &m) in keys.iter_mut().zip(moves.iter()) {
        *k = order_key(&counts, m);
    }
    keys.sort_unstable();
    for (m, k) in moves.iter_mut().zip(keys.iter()) {
        *m = (k & 63) as u8;
    }
}

/// The sort key of [`order_moves`] (smaller first): balls flipped (`counts`, the planes of
/// [`flip_counts`]), most first, then corners first, then the cell.
#[inline]
fn order_key(counts: &[u64; 5], m: u8) -> u16 {
    // A placement flips at most 19 balls (the runs of all eight directions), so the
    // score fits in 7 bits.
    let score = count_at(counts, m) as u16 * 2 + (CORNERS >> (m & 63) & 1) as u16;
    (127 - score.min(127)) << 6 | (m & 63) as u16
}

/// The first move of [`order_moves`] over the game's moves in `state` (the smallest
/// [`order_key`]), without listing them; `None` when there is none. The moves are the cells
/// with a count (the captures) or, when there is none, every empty cell next to a ball; the
/// one that flips most is found plane by plane from the count's highest bit (the cells whose
/// bit is set, if any, else all of them), then a corner if one is left, then the first cell.
#[inline]
fn first_ordered(game: &Rolit, state: &State) -> Option<u8> {
    let counts = game.flip_counts_of(state);
    let occupied = state.occupied();
    let captures = counts.iter().fold(0, |a, &p| a | p) & !occupied;
    let mut best = legal_cells(occupied, captures);
    if best == 0 {
        return None;
    }
    for &plane in counts.iter().rev().chain([CORNERS].iter()) {
        let t = best & plane;
        if t != 0 {
            best = t;
        }
    }
    Some(best.trailing_zeros() as u8)
}

/// The ball-count evaluator: each player's value is the number of balls of its colour, the
/// game's own payoff (blue's balls count for nobody with three players).
///
/// Bounds: lower 0 for everyone, `maxsum = 64`, step 1, not constant-sum (a position with
/// `k` balls sums to `k` with four players, to `k` minus the blue balls with three). At a
/// fixed depth every leaf of a search holds the same number of balls, but the bounds must
/// hold for every position, so the sum they promise is the board's 64; see [`BallShare`]
/// for the constant-sum form. Moves are ordered by balls flipped, most first, corners first
/// among equals (ties in the game's order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BallCount;

impl Evaluator<Rolit> for BallCount {
    #[inline]
    fn evaluate(&self, game: &Rolit, state: &State) -> Scores {
        counts(game.players as usize, state)
    }

    fn bounds(&self, game: &Rolit) -> Bounds {
        Bounds::nonnegative(game.players(), CELLS as i64)
    }

    fn order(&self, game: &Rolit, state: &State, moves: &mut [u8]) {
        order_moves(game, state, moves);
    }

    #[inline]
    fn first_move(&self, game: &Rolit, state: &State, _scratch: &mut Vec<u8>) -> Option<u8> {
        first_ordered(game, state)
    }
}

/// The ball-share evaluator: each player's number of balls plus an equal share of the empty
/// cells, `e / N` each for `e` empty cells and `N` players, the `e mod N` cells left over
/// going one each to the first seats (red, then yellow, ...). On a full board this is the
/// ball count, the game's payoff.
///
/// Since every leaf of a fixed-depth search holds the same number of balls (the board only
/// fills up, one ball per ply, and the game ends only on a full board), the shares add the
/// same vector to every leaf of such a search, so max^n, paranoid and every pruning search
/// choose the same moves with the same ties as with [`BallCount`], and return its values
/// plus that vector. What changes is the bounds: with four players every value vector sums
/// to exactly 64, so [`Evaluator::bounds`] is lower 0, `maxsum = 64`, constant-sum, and the
/// pruning of shallow and speculative max^n bites from the first move. With three players
/// the neutral blue balls count for nobody and can be flipped away, so the sum is `64` minus
/// the blue balls: lower 0, `maxsum = 64`, not constant-sum. Move order as [`BallCount`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BallShare;

impl Evaluator<Rolit> for BallShare {
    #[inline]
    fn evaluate(&self, game: &Rolit, state: &State) -> Scores {
        let n = game.players as usize;
        let mut s = counts(n, state);
        let empty = (!state.occupied()).count_ones() as usize;
        for (p, v) in s.as_mut_slice().iter_mut().enumerate() {
            *v += (empty / n + usize::from(p < empty % n)) as Score;
        }
        s
    }

    fn bounds(&self, game: &Rolit) -> Bounds {
        if game.players == 4 {
            Bounds::constant_sum(4, CELLS as i64)
        } else {
            Bounds::nonnegative(game.players(), CELLS as i64)
        }
    }

    fn order(&self, game: &Rolit, state: &State, moves: &mut [u8]) {
        order_moves(game, state, moves);
    }

    #[inline]
    fn first_move(&self, game: &Rolit, state: &State, _scratch: &mut Vec<u8>) -> Option<u8> {
        first_ordered(game, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flips of [`flips`] walked cell by cell in each direction, as the rules say.
    fn walked_flips(own: u64, others: u64, cell: u8) -> u64 {
        let mut all = 0;
        for d in 0..8 {
            let mut run = 0;
            let mut b = shift(1u64 << cell, d);
            while b & others != 0 {
                run |= b;
                b = shift(b, d);
            }
            if b & own != 0 {
                all |= run;
            }
        }
        all
    }

    /// A random position of the flip tests, `(own, others)`, drawn by the `i`th case: a
    /// quarter, half, seven eighths or all of the board taken, and the mover holding about
    /// an eighth, a quarter or half of the balls taken (the fewer, the longer the others'
    /// runs).
    fn random_board(rng: &mut crate::rng::SplitMix64, i: u32) -> (u64, u64) {
        let fill = match i % 4 {
            0 => rng.next_u64() & rng.next_u64(),
            1 => rng.next_u64(),
            2 => rng.next_u64() | rng.next_u64() | rng.next_u64(),
            _ => !0,
        };
        let share = match i / 4 % 3 {
            0 => rng.next_u64() & rng.next_u64(),
            1 => rng.next_u64(),
            _ => !0,
        };
        let own = fill & rng.next_u64() & share;
        (own, fill & !own)
    }

    #[test]
    fn flips_equal_the_walk_in_every_direction() {
        let mut rng = crate::rng::SplitMix64::new(5);
        let mut flipped = 0;
        for i in 0..200_000u32 {
            let (own, others) = random_board(&mut rng, i);
            let empty = !(own | others);
            if empty == 0 {
                continue;
            }
            let cell = (rng.next_u64() % 64) as u8;
            let cell = if empty >> cell & 1 == 1 {
                cell
            } else {
                empty.trailing_zeros() as u8
            };
            let want = walked_flips(own, others, cell);
            assert_eq!(
                flips(own, others, cell),
                want,
                "own {own:#x} others {others:#x} cell {cell}"
            );
            flipped += u32::from(want != 0);
        }
        assert!(flipped > 20_000, "{flipped} placements flip");
    }

    #[test]
    fn flip_counts_equal_the_count_of_flips_on_every_cell() {
        let mut rng = crate::rng::SplitMix64::new(6);
        let mut most = 0;
        for i in 0..20_000u32 {
            let (own, others) = random_board(&mut rng, i);
            let planes = flip_counts(own, others);
            for cell in 0..64u8 {
                let want = flips(own, others, cell).count_ones();
                assert_eq!(
                    count_at(&planes, cell),
                    want,
                    "own {own:#x} others {others:#x} cell {cell}"
                );
                most = most.max(want);
            }
        }
        assert!(most >= 10, "the longest capture flipped {most}");
    }

    #[test]
    fn state_is_small() {
        assert!(std::mem::size_of::<State>() <= 40);
    }

    #[test]
    fn cells_and_names() {
        assert_eq!(cell_name(0), "A1");
        assert_eq!(cell_name(29), "F4");
        assert_eq!(cell_name(63), "H8");
        for c in 0..64 {
            assert_eq!(parse_cell(&cell_name(c)), Some(c));
        }
        assert_eq!(parse_cell("f4"), Some(29));
        for bad in ["", "I1", "A0", "A9", "F44", "4F"] {
            assert_eq!(parse_cell(bad), None, "{bad}");
        }
    }

    #[test]
    fn neighbours_of_a_corner_and_the_centre() {
        assert_eq!(neighbours(1), 1 << 1 | 1 << 8 | 1 << 9);
        assert_eq!(neighbours(1 << 63), 1 << 62 | 1 << 55 | 1 << 54);
        assert_eq!(neighbours(CENTRE).count_ones(), 12);
        assert_eq!(neighbours(CENTRE) & CENTRE, 0);
    }
}
