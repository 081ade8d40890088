//! Focus (Sackson, 1963) for 2, 3 and 4 players with the shortened goal of the multi-player
//! search papers (spec `focus(players=2|3|4,cap=600)`); docs/games.md states the rules, and
//! which of them are this project's own.
//!
//! # Board and seats
//!
//! An 8 x 8 board without three squares in each corner: 52 squares, index `y * 8 + x`
//! ([`board`]), files a..h and ranks 1..8. Seats in turn order red, green, blue, yellow
//! (`r g b y`); two players are red and green, three add blue. A square holds a stack of 0 to
//! 5 pieces; its top piece's owner controls it.
//!
//! # Moves
//!
//! A stack move takes the top `k` pieces (`1..=h`) of a controlled stack of height `h` exactly
//! `k` squares in one orthogonal direction onto the target stack (written `c3-c5`, the number
//! of pieces is the distance); a reserve placement puts one of the mover's reserve pieces on
//! any square (`+e5`). A stack taller than five loses its bottom pieces: the mover's own go
//! to its reserve, the others are captured by the mover. **Move order**: stack moves by
//! (from, to) index, then placements by square index ([`Game::moves`]).
//!
//! # Goal, eliminations and the end
//!
//! The mover wins at once when it has captured at least 6 pieces (two players), or 10 in all
//! or at least 3 (three players) / 2 (four players) of every other seat's colour. A player
//! that controls no stack and has no reserve at its turn is eliminated for good without using
//! a ply ([`Game::play`] passes the turn on); the last player left wins. After `cap` plies
//! (default 600) the game ends and the live players with the most captures win
//! ([`Game::ended_by_cap`]).
//!
//! # State
//!
//! [`State`] is `Copy`, 200 bytes, no heap: one 13-bit code per square (height and up to five
//! 2-bit colours), a bitboard of the squares each colour controls, the reserves, the captures
//! by taker and colour, the ply, the eliminated seats, the winner and an incrementally kept
//! Zobrist key of the stacks.

pub mod board;
mod eval;
mod position;

use std::fmt;

use gametree::hash::mix64;
use gametree::{Game, Player, Scores, SetToMove};

use crate::spec::{Spec, SpecError};
use board::{height, levels, make, pieces, top, Stack, INDICES, MAX_HEIGHT};

pub use eval::FocusEval;
pub use position::PositionError;

/// The exploration constant of MCTS tuned for Focus by the seeded round robin of
/// `gametree reproduce beyond/mcts-tuning` on `focus(players=3,cap=200)` (docs/mcts.md,
/// *Tuning the exploration constant*, row `focus-3`): 0.1 won 0.569 of its 144 games (next best, 0.4: 0.535). The best point estimate, not a
/// significant winner: the grid's intervals overlap.
pub const MCTS_EXPLORATION: f64 = 0.1;

/// The colours' letters in seat order.
pub const COLOUR_LETTERS: [char; 4] = ['r', 'g', 'b', 'y'];

/// The colours' names in seat order.
pub const COLOUR_NAMES: [&str; 4] = ["red", "green", "blue", "yellow"];

/// The default ply cap.
pub const DEFAULT_CAP: u32 = 600;

/// The largest ply cap.
pub const MAX_CAP: u32 = 10_000;

/// No winner yet.
pub(crate) const NO_WINNER: u8 = 0xFF;

/// A move: a stack move `(from, to)` or a reserve placement on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    const PLACE: u16 = 0x1000;

    /// The stack move from `from` to `to` (square indices; the distance is the number of
    /// pieces moved).
    #[inline]
    pub const fn stack(from: u8, to: u8) -> Move {
        Move((from as u16) << 6 | to as u16)
    }

    /// The reserve placement on `to`.
    #[inline]
    pub const fn place(to: u8) -> Move {
        Move(Move::PLACE | to as u16)
    }

    /// The origin square of a stack move (`None` for a placement).
    #[inline]
    pub const fn from(self) -> Option<u8> {
        if self.0 & Move::PLACE != 0 {
            None
        } else {
            Some((self.0 >> 6) as u8)
        }
    }

    /// The target square.
    #[inline]
    pub const fn to(self) -> u8 {
        (self.0 & 63) as u8
    }

    /// The number of pieces moved (the distance; 1 for a placement).
    #[inline]
    pub const fn count(self) -> u32 {
        match self.from() {
            None => 1,
            Some(f) => {
                let t = self.to();
                let (fx, fy, tx, ty) = (f % 8, f / 8, t % 8, t / 8);
                (fx.abs_diff(tx) + fy.abs_diff(ty)) as u32
            }
        }
    }

    /// A small index for history tables: `from * 64 + to`, placements `4096 + to`.
    #[inline]
    pub const fn slot(self) -> usize {
        match self.from() {
            Some(f) => f as usize * 64 + self.to() as usize,
            None => 4096 + self.to() as usize,
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from() {
            Some(from) => write!(
                f,
                "{}-{}",
                board::square_name(from),
                board::square_name(self.to())
            ),
            None => write!(f, "+{}", board::square_name(self.to())),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A Focus position (see the module documentation). `Copy`, no heap.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    stacks: [Stack; INDICES],
    tops: [u64; 4],
    key: u64,
    reserves: [u8; 4],
    captures: [[u8; 4]; 4],
    ply: u16,
    to_move: u8,
    eliminated: u8,
    winner: u8,
    players: u8,
}

impl State {
    /// The stack on square index `sq` (packed, [`board`]'s helpers read it).
    #[inline]
    pub fn stack(&self, sq: u8) -> Stack {
        self.stacks[sq as usize & 63]
    }

    /// The pieces on `sq` bottom to top as colours `0..4`.
    pub fn stack_colours(&self, sq: u8) -> Vec<usize> {
        let s = self.stack(sq);
        (0..height(s)).map(|i| board::piece_at(s, i)).collect()
    }

    /// The squares whose top piece is colour `c`, as a bitboard over the 64 indices.
    #[inline]
    pub fn controlled(&self, c: usize) -> u64 {
        self.tops[c]
    }

    /// The reserve of seat `p`.
    #[inline]
    pub fn reserve(&self, p: usize) -> u32 {
        self.reserves[p] as u32
    }

    /// The pieces of colour `c` captured by seat `p`.
    #[inline]
    pub fn captured(&self, p: usize, c: usize) -> u32 {
        self.captures[p][c] as u32
    }

    /// All pieces captured by seat `p`.
    #[inline]
    pub fn captured_total(&self, p: usize) -> u32 {
        self.captures[p].iter().map(|&c| c as u32).sum()
    }

    /// Whether seat `p` has been eliminated.
    #[inline]
    pub fn is_eliminated(&self, p: usize) -> bool {
        self.eliminated >> p & 1 == 1
    }

    /// The seat that met the goal or was left alone (`None`: no winner yet, or the game ended
    /// at the cap).
    #[inline]
    pub fn winner(&self) -> Option<usize> {
        (self.winner != NO_WINNER).then_some(self.winner as usize)
    }

    /// Plies played since the start (or since the position given).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// The Zobrist key of the stacks.
    #[inline]
    pub fn stacks_key(&self) -> u64 {
        self.key
    }

    /// Replaces the stack on `sq` by `new`, keeping the key and the control bitboards.
    #[inline]
    fn set(&mut self, sq: u8, new: Stack) {
        let old = self.stacks[sq as usize];
        self.key ^= zobrist(sq, old) ^ zobrist(sq, new);
        self.stacks[sq as usize] = new;
        let bit = 1u64 << sq;
        if old != 0 {
            self.tops[top(old)] &= !bit;
        }
        if new != 0 {
            self.tops[top(new)] |= bit;
        }
    }

    /// Puts the `k` pieces `moved` (two bits each, bottom first) on top of `sq` for `mover`,
    /// trimming the stack to five: the mover's own pieces from the bottom go to its reserve,
    /// the others are captured by it.
    #[inline]
    fn land(&mut self, sq: u8, moved: u16, k: u32, mover: usize) {
        let t = self.stacks[sq as usize];
        let ht = height(t);
        let mut all = pieces(t) as u32 | (moved as u32) << (2 * ht);
        let mut h = ht + k;
        if h > MAX_HEIGHT {
            let excess = h - MAX_HEIGHT;
            for i in 0..excess {
                let c = (all >> (2 * i) & 3) as usize;
                if c == mover {
                    self.reserves[mover] += 1;
                } else {
                    self.captures[mover][c] += 1;
                }
            }
            all >>= 2 * excess;
            h = MAX_HEIGHT;
        }
        self.set(sq, make(h, all as u16));
    }
}

/// The Zobrist value of stack code `s` on `sq` (0 for an empty square).
#[inline(always)]
fn zobrist(sq: u8, s: Stack) -> u64 {
    if s == 0 {
        0
    } else {
        mix64((s as u64) << 6 | sq as u64 | 0xF0C5_0000_0000)
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Focus({}; ply {})", position::format(self), self.ply)
    }
}

/// Focus for 2, 3 or 4 players with a ply cap (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    players: u8,
    cap: u32,
}

/// A configuration that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Not 2, 3 or 4 players.
    #[error("Focus is for 2, 3 or 4 players, not {0}")]
    Players(usize),
    /// The ply cap is out of range.
    #[error("the ply cap must be 1 to {MAX_CAP}, not {0}")]
    Cap(u32),
}

impl Focus {
    /// Focus for `players` players (2, 3 or 4) with a ply cap of `cap` (1 to [`MAX_CAP`]).
    pub fn new(players: usize, cap: u32) -> Result<Focus, ConfigError> {
        if !(2..=4).contains(&players) {
            return Err(ConfigError::Players(players));
        }
        if !(1..=MAX_CAP).contains(&cap) {
            return Err(ConfigError::Cap(cap));
        }
        Ok(Focus {
            players: players as u8,
            cap,
        })
    }

    /// The game of a spec `focus(players=2|3|4,cap=600)` (defaults: 2 players, cap 600).
    pub fn from_spec(spec: &Spec) -> Result<Focus, SpecError> {
        let players = spec.get_in("players", 2usize, 2..=4)?;
        let cap = spec.get("cap", DEFAULT_CAP)?;
        spec.finish()?;
        Focus::new(players, cap).map_err(|e| spec.error(e.to_string()))
    }

    /// The spec text of this game (read back by [`Focus::from_spec`]).
    pub fn spec(&self) -> String {
        format!("focus(players={},cap={})", self.players, self.cap)
    }

    /// The ply cap.
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// The same game with another ply cap (1 to [`MAX_CAP`]).
    pub fn with_cap(&self, cap: u32) -> Result<Focus, ConfigError> {
        Focus::new(self.players as usize, cap)
    }

    /// The captures that win: 6 in all with two players, 10 with three or four.
    pub fn goal_total(&self) -> u32 {
        if self.players == 2 {
            6
        } else {
            10
        }
    }

    /// The captures of every other seat's colour that also win: 3 with three players, 2 with
    /// four (`None` with two players, where the total alone counts).
    pub fn goal_each(&self) -> Option<u32> {
        match self.players {
            3 => Some(3),
            4 => Some(2),
            _ => None,
        }
    }

    /// The pieces each colour starts with: 18 with two players, 13 with three or four.
    pub fn pieces_per_colour(&self) -> u32 {
        if self.players == 2 {
            18
        } else {
            13
        }
    }

    /// The smallest number of further captures that would make seat `p` meet the goal.
    pub fn need(&self, state: &State, p: usize) -> u32 {
        let total = self.goal_total().saturating_sub(state.captured_total(p));
        match self.goal_each() {
            None => total,
            Some(k) => {
                let each: u32 = (0..self.players as usize)
                    .filter(|&c| c != p)
                    .map(|c| k.saturating_sub(state.captured(p, c)))
                    .sum();
                total.min(each)
            }
        }
    }

    /// Whether the game is over: a winner, or the cap reached.
    #[inline]
    pub fn is_terminal(&self, state: &State) -> bool {
        state.winner != NO_WINNER || state.ply as u32 >= self.cap
    }

    /// The live seats with the most captures (the winners of a game ended by the cap).
    fn cap_winners(&self, state: &State) -> u8 {
        let live = |p: usize| !state.is_eliminated(p);
        let best = (0..self.players as usize)
            .filter(|&p| live(p))
            .map(|p| state.captured_total(p))
            .max()
            .unwrap_or(0);
        (0..self.players as usize)
            .filter(|&p| live(p) && state.captured_total(p) == best)
            .fold(0, |m, p| m | 1 << p)
    }

    /// The seats that have won a terminal `state`, as a bit mask.
    pub fn winners(&self, state: &State) -> u8 {
        match state.winner() {
            Some(w) => 1 << w,
            None if state.ply as u32 >= self.cap => self.cap_winners(state),
            None => 0,
        }
    }

    /// Hands the turn to the first live seat from `seat` on (in turn order) that controls a
    /// stack or has a reserve piece, eliminating on the way the seats that have neither;
    /// the last seat left wins.
    fn settle(&self, s: &mut State, mut seat: usize) {
        let n = self.players as usize;
        let all = (1u8 << n) - 1;
        loop {
            let live = all & !s.eliminated;
            if live.count_ones() <= 1 {
                if live != 0 {
                    s.winner = live.trailing_zeros() as u8;
                    s.to_move = s.winner;
                }
                return;
            }
            while s.eliminated >> seat & 1 == 1 {
                seat = (seat + 1) % n;
            }
            if s.tops[seat] != 0 || s.reserves[seat] > 0 {
                s.to_move = seat as u8;
                return;
            }
            s.eliminated |= 1 << seat;
        }
    }

    /// The next live seat after `seat`.
    fn next_live(&self, s: &State, seat: usize) -> usize {
        let n = self.players as usize;
        let mut p = (seat + 1) % n;
        while s.eliminated >> p & 1 == 1 && p != seat {
            p = (p + 1) % n;
        }
        p
    }

    /// Whether seat `p` meets the goal in `state`.
    pub fn meets_goal(&self, state: &State, p: usize) -> bool {
        self.need(state, p) == 0
    }

    /// The position given in the notation of docs/games.md (`<to move> <board> <reserves>
    /// <captures> <eliminated>`), at ply 0. A seat that already meets the goal has won (the
    /// first in seat order if several do); otherwise a seat to move that controls no stack
    /// and has no reserve is eliminated as in play.
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let mut s = position::parse(self, text)?;
        if let Some(w) = (0..self.players as usize).find(|&p| self.meets_goal(&s, p)) {
            s.winner = w as u8;
            return Ok(s);
        }
        let seat = s.to_move as usize;
        self.settle(&mut s, seat);
        Ok(s)
    }

    /// The position in the notation [`Focus::parse_position`] reads.
    pub fn format_position(&self, state: &State) -> String {
        position::format_for(self, state)
    }

    /// The pieces that leave the target of `mv` in `state`: (captured, back to the mover's
    /// reserve).
    #[inline]
    pub fn effect(&self, state: &State, mv: Move) -> (u32, u32) {
        let k = mv.count();
        let t = state.stacks[mv.to() as usize];
        let ht = height(t);
        if ht + k <= MAX_HEIGHT {
            return (0, 0);
        }
        let mover = state.to_move as usize;
        let p = pieces(t);
        let (mut cap, mut res) = (0, 0);
        for i in 0..ht + k - MAX_HEIGHT {
            if (p >> (2 * i) & 3) as usize == mover {
                res += 1;
            } else {
                cap += 1;
            }
        }
        (cap, res)
    }

    /// The moves of the player to move (the game's order), whatever the game's state.
    #[inline]
    fn generate(&self, state: &State, out: &mut Vec<Move>) {
        let me = state.to_move as usize;
        let mut own = state.tops[me];
        while own != 0 {
            let sq = own.trailing_zeros() as u8;
            own &= own - 1;
            let h = height(state.stacks[sq as usize]) as u8;
            let (x, y) = (sq % 8, sq / 8);
            for k in (1..=h.min(y)).rev() {
                if board::ON_BOARD >> (sq - 8 * k) & 1 == 1 {
                    out.push(Move::stack(sq, sq - 8 * k));
                }
            }
            for k in (1..=h.min(x)).rev() {
                if board::ON_BOARD >> (sq - k) & 1 == 1 {
                    out.push(Move::stack(sq, sq - k));
                }
            }
            for k in 1..=h.min(7 - x) {
                if board::ON_BOARD >> (sq + k) & 1 == 1 {
                    out.push(Move::stack(sq, sq + k));
                } else {
                    break;
                }
            }
            for k in 1..=h.min(7 - y) {
                if board::ON_BOARD >> (sq + 8 * k) & 1 == 1 {
                    out.push(Move::stack(sq, sq + 8 * k));
                } else {
                    break;
                }
            }
        }
        if state.reserves[me] > 0 {
            let mut all = board::ON_BOARD;
            while all != 0 {
                out.push(Move::place(all.trailing_zeros() as u8));
                all &= all - 1;
            }
        }
    }

    /// The number of legal moves in `state` (0 if terminal), without listing them.
    pub fn count_moves(&self, state: &State) -> u64 {
        if self.is_terminal(state) {
            return 0;
        }
        let me = state.to_move as usize;
        let mut n = 0;
        let mut own = state.tops[me];
        while own != 0 {
            let sq = own.trailing_zeros() as u8;
            own &= own - 1;
            let h = height(state.stacks[sq as usize]) as i32;
            let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
            for k in 1..=h {
                n += board::on_board(x, y - k) as u64
                    + board::on_board(x - k, y) as u64
                    + board::on_board(x + k, y) as u64
                    + board::on_board(x, y + k) as u64;
            }
        }
        if state.reserves[me] > 0 {
            n += board::SQUARES as u64;
        }
        n
    }
}

impl Game for Focus {
    type State = State;
    type Move = Move;

    /// [`MCTS_EXPLORATION`]: the constant tuned by the round robin of docs/mcts.md.
    fn mcts_exploration(&self) -> Option<f64> {
        Some(MCTS_EXPLORATION)
    }

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: Move) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    /// A stack move that captures: the victim is the number of opponents' pieces it
    /// captures ([`Focus::effect`]), the attacker the number of pieces moved.
    #[inline]
    fn capture(&self, state: &State, mv: Move) -> Option<gametree::Capture> {
        let (captured, _) = self.effect(state, mv);
        (captured > 0).then(|| gametree::Capture {
            victim: captured as u16,
            attacker: mv.count() as u16,
        })
    }

    #[inline]
    fn players(&self) -> usize {
        self.players as usize
    }

    fn initial(&self) -> State {
        self.parse_position(position::start(self.players as usize))
            .expect("the start position is valid")
    }

    #[inline]
    fn to_move(&self, state: &State) -> Player {
        Player::new(state.to_move as usize)
    }

    #[inline]
    fn moves(&self, state: &State, out: &mut Vec<Move>) {
        if !self.is_terminal(state) {
            self.generate(state, out);
        }
    }

    #[inline]
    fn play(&self, state: &State, mv: Move) -> State {
        let mut s = *state;
        let me = s.to_move as usize;
        let k = mv.count();
        let moved = match mv.from() {
            Some(from) => {
                let f = s.stacks[from as usize];
                let h = height(f);
                let p = pieces(f);
                s.set(from, make(h - k, p & levels(h - k)));
                p >> (2 * (h - k))
            }
            None => {
                s.reserves[me] -= 1;
                me as u16
            }
        };
        s.land(mv.to(), moved, k, me);
        s.ply = s.ply.saturating_add(1);
        if self.meets_goal(&s, me) {
            s.winner = me as u8;
            s.to_move = self.next_live(&s, me) as u8;
        } else {
            self.settle(&mut s, (me + 1) % self.players as usize);
        }
        s
    }

    fn outcome(&self, state: &State) -> Option<Scores> {
        self.is_terminal(state)
            .then(|| eval::values(self, state, self.winners(state)))
    }

    /// A game that reached the cap without a winner: decided by captures, which a tournament
    /// counts as adjudicated rather than finished.
    fn ended_by_cap(&self, state: &State) -> bool {
        state.winner == NO_WINNER && state.ply as u32 >= self.cap
    }

    fn move_name(&self, _state: &State, mv: Move) -> String {
        mv.to_string()
    }

    fn render(&self, state: &State, color: bool) -> String {
        position::render(self, state, color)
    }
}

impl crate::notation::Notation for Focus {
    const MOVE_SYNTAX: &'static str =
        "FROM-TO for a stack move (c3-c5: as many pieces as squares) or +SQUARE for a reserve piece (+e5)";

    fn read_move(&self, text: &str) -> Option<Move> {
        if let Some(sq) = text.strip_prefix('+') {
            return board::parse_square(sq.trim()).map(Move::place);
        }
        let (from, to) = text.split_once('-')?;
        let (from, to) = (
            board::parse_square(from.trim())?,
            board::parse_square(to.trim())?,
        );
        let (fx, fy, tx, ty) = (from % 8, from / 8, to % 8, to / 8);
        let d = fx.abs_diff(tx) + fy.abs_diff(ty);
        ((fx == tx || fy == ty) && (1..=MAX_HEIGHT as u8).contains(&d))
            .then_some(Move::stack(from, to))
    }
}

impl SetToMove for Focus {
    /// `state` with `player` to move; `None` if the game is over, `player` is not a live seat
    /// of the game, or it controls no stack and has no reserve.
    fn set_to_move(&self, state: &State, player: Player) -> Option<State> {
        let p = player.index();
        if self.is_terminal(state) || p >= self.players as usize || state.is_eliminated(p) {
            return None;
        }
        if state.tops[p] == 0 && state.reserves[p] == 0 {
            return None;
        }
        let mut s = *state;
        s.to_move = p as u8;
        Some(s)
    }
}

impl gametree::hash::Zobrist for Focus {
    /// The key of the stacks mixed with the reserves, the captures, the player to move, the
    /// eliminated seats, the winner and the ply (the cap ends the game).
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        let mut bytes = [0u8; 16];
        for (p, row) in state.captures.iter().enumerate() {
            bytes[4 * p..4 * p + 4].copy_from_slice(row);
        }
        let caps = u128::from_le_bytes(bytes);
        let c = mix64(caps as u64) ^ mix64((caps >> 64) as u64 ^ 0x0CA9);
        let small = u32::from_le_bytes(state.reserves) as u64
            | (state.to_move as u64) << 32
            | (state.eliminated as u64) << 34
            | (state.winner as u64) << 38
            | (state.ply as u64) << 46;
        mix64(state.key ^ mix64(c ^ mix64(small)))
    }

    /// `from * 64 + to`; placements `4096 + square` (folded by the table).
    #[inline]
    fn move_slot(&self, mv: Move) -> Option<usize> {
        Some(mv.slot())
    }
}
