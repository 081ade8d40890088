//! Blokus, the classic game of four colours on a 20 x 20 board (spec
//! `blokus(players=4,scoring=value|squares)`); docs/games.md states the rules.
//!
//! # Board, colours and pieces
//!
//! Files a..t (`x` 0..19), ranks 1..20 (`y` 0..19), cell index `y * 20 + x`. The colours move
//! in the order blue, yellow, red, green (`b y r g`), from the home corners a1, a20, t20 and
//! t1. Each has the 21 pieces of one to five squares ([`pieces::NAMES`], 89 squares, 91
//! orientations when rotated and flipped).
//!
//! # Moves
//!
//! A placement puts an unplaced piece of the colour to move on empty cells: the first covers
//! the home corner, every later one touches a cell of the same colour corner to corner and
//! shares no edge with one. A colour without a placement passes (a move and a ply, `pass`);
//! the game ends when no colour can place. A placement is written `V3:a1,b1,a2` (the piece
//! and its cells sorted by index). **Move order**: by piece in canonical order, then by the
//! sorted tuple of cell indices.
//!
//! # Values
//!
//! `scoring=value` (default): the published score plus 89, that is the squares placed plus
//! 15 for placing every piece (20 if the monomino came last), 0..109. `scoring=squares`: the
//! squares placed, 0..89.
//!
//! # State
//!
//! [`State`] is `Copy`, no heap: one row bitboard (`[u32; 20]`) per colour, the unplaced
//! pieces as bit masks, the colours known unable to place (a cache: it is not part of the
//! position's identity), the monomino-last flags and an incremental Zobrist key.

mod movegen;
pub mod pieces;
mod position;

use std::fmt;

use gametree::hash::mix64;
use gametree::rng::SplitMix64;
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SetToMove};

use crate::spec::{Spec, SpecError};
use pieces::{size, tables, Orientation, CELLS, MONOMINO, PIECES, SIDE, TOTAL_SQUARES};

pub use position::PositionError;

/// The colours' letters in turn order.
pub const COLOUR_LETTERS: [char; 4] = ['b', 'y', 'r', 'g'];

/// The colours' names in turn order.
pub const COLOUR_NAMES: [&str; 4] = ["blue", "yellow", "red", "green"];

/// The home corners `(x, y)`: a1, a20, t20, t1.
pub const HOME: [(usize, usize); 4] = [(0, 0), (0, 19), (19, 19), (19, 0)];

/// The longest game: 84 placements with at most three passes between two of them.
pub const MAX_PLIES: u64 = 4 * 84;

/// Every piece unplaced.
const ALL_PIECES: u32 = (1 << PIECES) - 1;

/// `BY_SIZE[n - 1]`: the pieces of `n` squares, as a mask of piece bits.
const BY_SIZE: [u32; 5] = {
    let mut m = [0u32; 5];
    let mut p = 0;
    while p < PIECES {
        m[size(p) as usize - 1] |= 1 << p;
        p += 1;
    }
    m
};

/// The squares covered by the pieces not in `left` (a colour's unplaced pieces): what its
/// cells on the board count, since a colour's cells are exactly its placed pieces' (every
/// move places one piece, and a position is read only when its counts agree). Five
/// population counts instead of counting the board's rows.
#[inline]
fn squares_of_placed_pieces(left: u32) -> u32 {
    let mut unplaced = 0;
    for (n, mask) in BY_SIZE.iter().enumerate() {
        unplaced += (n as u32 + 1) * (left & mask).count_ones();
    }
    TOTAL_SQUARES - unplaced
}

/// A move: a placement (the piece and its cells sorted by index, packed so that the packed
/// values sort in the game's order) or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u64);

impl Move {
    /// The pass.
    pub const PASS: Move = Move(u64::MAX);

    /// The placement of `o` with its box's corner on cell `origin`.
    #[inline(always)]
    pub(crate) fn placement(o: &Orientation, origin: u16) -> Move {
        let mut m = (o.piece as u64) << 45;
        for i in 0..o.size as usize {
            m |= ((origin + o.offsets[i]) as u64) << (36 - 9 * i);
        }
        Move(m)
    }

    /// The placement of `piece` on `cells` (sorted by index, as many as the piece's
    /// squares; not checked to form the piece).
    pub fn new(piece: usize, cells: &[u16]) -> Move {
        let mut m = (piece as u64) << 45;
        for (i, &c) in cells.iter().enumerate().take(5) {
            m |= (c as u64 & 511) << (36 - 9 * i);
        }
        Move(m)
    }

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// The piece placed (`None` for the pass).
    #[inline]
    pub fn piece(self) -> Option<usize> {
        (!self.is_pass()).then_some((self.0 >> 45) as usize)
    }

    /// The cells covered, sorted by index (none for the pass).
    pub fn cells(self) -> impl Iterator<Item = u16> {
        let n = self.piece().map_or(0, size) as usize;
        (0..n).map(move |i| (self.0 >> (36 - 9 * i) & 511) as u16)
    }

    /// The key of the search ordering: larger pieces first, then the game's order.
    #[inline]
    fn order_key(self) -> u64 {
        match self.piece() {
            Some(p) => (5 - size(p) as u64) << 55 | self.0,
            None => u64::MAX,
        }
    }
}

/// The name of cell `c`: file `a..t`, rank `1..20` (`a1`, `t20`).
pub fn cell_name(c: u16) -> String {
    format!(
        "{}{}",
        char::from(b'a' + (c % SIDE as u16) as u8),
        c / SIDE as u16 + 1
    )
}

/// The cell written `text` (`a1`..`t20`, any case), if any.
pub fn parse_cell(text: &str) -> Option<u16> {
    let b = text.as_bytes();
    let f = b.first()?.to_ascii_lowercase();
    if !(b'a'..=b't').contains(&f) || b.len() < 2 || b.len() > 3 || b[1] == b'0' {
        return None;
    }
    let rank: u16 = text.get(1..)?.parse().ok()?;
    (1..=SIDE as u16)
        .contains(&rank)
        .then(|| (rank - 1) * SIDE as u16 + (f - b'a') as u16)
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.piece() {
            None => f.write_str("pass"),
            Some(p) => {
                f.write_str(pieces::NAMES[p])?;
                for (i, c) in self.cells().enumerate() {
                    f.write_str(if i == 0 { ":" } else { "," })?;
                    f.write_str(&cell_name(c))?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A Blokus position (see the module documentation). `Copy`, no heap.
#[derive(Clone, Copy)]
pub struct State {
    rows: [[u32; SIDE]; 4],
    key: u64,
    left: [u32; 4],
    to_move: u8,
    /// Colours known to be unable to place (a cache of a function of the board).
    done: u8,
    mono_last: u8,
}

impl PartialEq for State {
    /// Positions are equal when their boards, unplaced pieces, monomino flags and player to
    /// move are (the cache of colours unable to place is not compared).
    fn eq(&self, other: &State) -> bool {
        self.rows == other.rows
            && self.left == other.left
            && self.to_move == other.to_move
            && self.mono_last == other.mono_last
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.rows.hash(h);
        self.left.hash(h);
        self.to_move.hash(h);
        self.mono_last.hash(h);
    }
}

impl State {
    /// The colour (`0..4`: blue, yellow, red, green) on cell `c`, if any.
    #[inline]
    pub fn colour_at(&self, c: u16) -> Option<usize> {
        let (x, y) = (c as usize % SIDE, c as usize / SIDE);
        if y >= SIDE {
            return None;
        }
        (0..4).find(|&k| self.rows[k][y] >> x & 1 == 1)
    }

    /// The cells of colour `k`, row by row (bit `x` of row `y`).
    #[inline]
    pub fn rows(&self, k: usize) -> &[u32; SIDE] {
        &self.rows[k]
    }

    /// The unplaced pieces of colour `k` as a bit mask over the canonical order.
    #[inline]
    pub fn pieces_left(&self, k: usize) -> u32 {
        self.left[k]
    }

    /// The squares colour `k` has placed.
    #[inline]
    pub fn squares_placed(&self, k: usize) -> u32 {
        self.rows[k].iter().map(|r| r.count_ones()).sum()
    }

    /// Whether colour `k` placed all its pieces with the monomino last.
    #[inline]
    pub fn monomino_last(&self, k: usize) -> bool {
        self.mono_last >> k & 1 == 1
    }

    /// The Zobrist key of the cells.
    #[inline]
    pub fn cells_key(&self) -> u64 {
        self.key
    }

    /// Whether the game is over (no colour can place).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.done == 0xF
    }
}

/// The Zobrist value of colour `k` on cell `c`.
#[inline(always)]
fn zobrist(k: usize, c: u16) -> u64 {
    mix64((k as u64 * CELLS as u64 + c as u64) ^ 0xB10C_0000_0000)
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blokus({})", position::format(self))
    }
}

/// How a finished (or cut-off) game is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The published score plus 89: squares placed, plus 15 for placing everything (20 if
    /// the monomino was last); 0..109.
    Value,
    /// The squares placed, 0..89.
    Squares,
}

/// Blokus for four colours and four players (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blokus {
    scoring: Scoring,
}

impl Default for Blokus {
    fn default() -> Blokus {
        Blokus {
            scoring: Scoring::Value,
        }
    }
}

impl Blokus {
    /// The game with the given scoring.
    pub fn new(scoring: Scoring) -> Blokus {
        Blokus { scoring }
    }

    /// The game of a spec `blokus(players=4,scoring=value|squares)`.
    pub fn from_spec(spec: &Spec) -> Result<Blokus, SpecError> {
        spec.get_in("players", 4usize, 4..=4)?;
        let scoring = match spec.raw("scoring").unwrap_or("value") {
            "value" => Scoring::Value,
            "squares" => Scoring::Squares,
            other => {
                return Err(spec.error(format!(
                    "parameter `scoring={other}`: expected `value` or `squares`"
                )))
            }
        };
        spec.finish()?;
        Ok(Blokus { scoring })
    }

    /// The spec text of this game (read back by [`Blokus::from_spec`]).
    pub fn spec(&self) -> String {
        let scoring = match self.scoring {
            Scoring::Value => "value",
            Scoring::Squares => "squares",
        };
        format!("blokus(players=4,scoring={scoring})")
    }

    /// The scoring.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The largest value of one colour: 109 (value) or 89 (squares).
    pub fn max_value(&self) -> Score {
        match self.scoring {
            Scoring::Value => TOTAL_SQUARES as Score + 20,
            Scoring::Squares => TOTAL_SQUARES as Score,
        }
    }

    /// Each colour's value in `state` (the outcome when the game is over).
    pub fn values(&self, state: &State) -> Scores {
        let mut v = Scores::zeros(4);
        for k in 0..4 {
            let placed = squares_of_placed_pieces(state.left[k]) as Score;
            debug_assert_eq!(placed, state.squares_placed(k) as Score);
            let bonus = match (self.scoring, state.left[k]) {
                (Scoring::Value, 0) if state.monomino_last(k) => 20,
                (Scoring::Value, 0) => 15,
                _ => 0,
            };
            v[k] = placed + bonus;
        }
        v
    }

    /// The position given in the notation of docs/games.md (`<to move> <rows> <pieces
    /// left>`).
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let mut s = position::parse(text)?;
        let k = s.to_move as usize;
        settle(&mut s, k);
        Ok(s)
    }

    /// The position in the notation [`Blokus::parse_position`] reads.
    pub fn format_position(&self, state: &State) -> String {
        position::format(state)
    }

    /// Appends the placements of the colour to move, piece by piece but not sorted within a
    /// piece; returns how many (the raw generator, for benchmarks).
    pub fn placements(&self, state: &State, out: &mut Vec<Move>) -> usize {
        movegen::placements(state, state.to_move as usize, out)
    }

    /// The number of legal moves in `state` (a forced pass counts one; 0 when the game is
    /// over), without sorting them.
    pub fn count_moves(&self, state: &State) -> u64 {
        if state.is_over() {
            0
        } else if state.done >> state.to_move & 1 == 1 {
            1
        } else {
            movegen::count(state, state.to_move as usize)
        }
    }

    /// The move [`Game::moves`] lists at index `i` in `state` (`None` when it lists at most
    /// `i`), found without listing them all: the placements are counted piece by piece, and
    /// only the chosen piece's are generated (into `scratch`) and sorted.
    pub fn move_at(&self, state: &State, i: u64, scratch: &mut Vec<Move>) -> Option<Move> {
        self.pick_move(state, |_| i, scratch)
    }

    /// The move [`Game::moves`] lists at index `pick(n)` in `state`, `n > 0` being the
    /// number of moves (`None`, and `pick` not called, at the end of the game; `None` too
    /// if `pick(n) >= n`).
    #[inline]
    fn pick_move(
        &self,
        state: &State,
        pick: impl FnOnce(u64) -> u64,
        scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        if state.is_over() {
            return None;
        }
        if state.done >> state.to_move & 1 == 1 {
            return (pick(1) == 0).then_some(Move::PASS);
        }
        movegen::placement_at(state, state.to_move as usize, pick, scratch)
    }
}

/// Gives the turn to colour `k`: marks it unable to place if it is, and then, unless some
/// other colour still can place, ends the game (every colour marked).
fn settle(s: &mut State, k: usize) {
    s.to_move = k as u8;
    if s.done >> k & 1 == 0 && !movegen::can_place(s, k) {
        s.done |= 1 << k;
    }
    if s.done >> k & 1 == 1 {
        for i in 1..4 {
            let c = (k + i) % 4;
            if s.done >> c & 1 == 1 {
                continue;
            }
            if movegen::can_place(s, c) {
                return;
            }
            s.done |= 1 << c;
        }
    }
}

impl Game for Blokus {
    type State = State;
    type Move = Move;

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: Move) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    fn players(&self) -> usize {
        4
    }

    fn initial(&self) -> State {
        Blokus::default_initial()
    }

    #[inline]
    fn to_move(&self, state: &State) -> Player {
        Player::new(state.to_move as usize)
    }

    #[inline]
    fn moves(&self, state: &State, out: &mut Vec<Move>) {
        if state.is_over() {
            return;
        }
        if state.done >> state.to_move & 1 == 1 {
            out.push(Move::PASS);
            return;
        }
        let start = out.len();
        movegen::placements(state, state.to_move as usize, out);
        // The generator gives the pieces in canonical order, so sorting each piece's
        // placements sorts them all (the packed value starts with the piece).
        for same_piece in out[start..].chunk_by_mut(|a, b| a.piece() == b.piece()) {
            same_piece.sort_unstable();
        }
    }

    /// Counts the placements piece by piece and generates only the drawn one's piece
    /// ([`Blokus::move_at`]), drawing the same number as the default.
    #[inline]
    fn random_move(
        &self,
        state: &State,
        scratch: &mut Vec<Move>,
        rng: &mut SplitMix64,
    ) -> Option<Move> {
        self.pick_move(state, |n| rng.below(n), scratch)
    }

    #[inline]
    fn play(&self, state: &State, mv: Move) -> State {
        let mut s = *state;
        let k = s.to_move as usize;
        if let Some(p) = mv.piece() {
            for c in mv.cells() {
                s.rows[k][c as usize / SIDE] |= 1 << (c as usize % SIDE);
                s.key ^= zobrist(k, c);
            }
            s.left[k] &= !(1 << p);
            if s.left[k] == 0 && p == MONOMINO {
                s.mono_last |= 1 << k;
            }
        }
        settle(&mut s, (k + 1) % 4);
        s
    }

    fn outcome(&self, state: &State) -> Option<Scores> {
        state.is_over().then(|| self.values(state))
    }

    fn move_name(&self, _state: &State, mv: Move) -> String {
        mv.to_string()
    }

    fn render(&self, state: &State, color: bool) -> String {
        position::render(self, state, color)
    }
}

impl crate::notation::Notation for Blokus {
    const MOVE_SYNTAX: &'static str =
        "PIECE:CELLS, the piece's name and its cells sorted by index (V3:a1,b1,a2), or `pass`";

    fn read_move(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Move::PASS);
        }
        let (name, cells) = text.split_once(':')?;
        let piece = pieces::piece_named(name.trim())?;
        let mut cells: Vec<u16> = cells
            .split(',')
            .map(|c| parse_cell(c.trim()))
            .collect::<Option<_>>()?;
        cells.sort_unstable();
        cells.dedup();
        (cells.len() == size(piece) as usize).then(|| Move::new(piece, &cells))
    }
}

impl SetToMove for Blokus {
    /// `state` with colour `player` to move; `None` if the game is over or that colour
    /// cannot place (it would only pass, and never places again).
    fn set_to_move(&self, state: &State, player: Player) -> Option<State> {
        let k = player.index();
        if state.is_over() || k >= 4 || state.done >> k & 1 == 1 {
            return None;
        }
        if !movegen::can_place(state, k) {
            return None;
        }
        let mut s = *state;
        s.to_move = k as u8;
        Some(s)
    }
}

impl gametree::hash::Zobrist for Blokus {
    /// The key of the cells mixed with the unplaced pieces, the monomino flags and the
    /// colour to move.
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        let [a, b, c, d] = state.left.map(u64::from);
        let low = a | b << 21 | c << 42;
        let high = d | (state.to_move as u64) << 21 | (state.mono_last as u64) << 24;
        mix64(state.key ^ mix64(low ^ mix64(high ^ 0xB10C)))
    }

    /// `piece * 400 + first cell` (folded by the table); the pass 0.
    #[inline]
    fn move_slot(&self, mv: Move) -> Option<usize> {
        Some(match mv.piece() {
            None => 0,
            Some(p) => p * CELLS + mv.cells().next().unwrap_or(0) as usize + 1,
        })
    }
}

/// The Blokus evaluator: each colour's value under the game's scoring ([`Blokus::values`]),
/// the outcome's own measure at every position.
///
/// Bounds: every value at least 0, the sum at most `4 x 109` (value) or `4 x 89` (squares);
/// not constant-sum. Order: larger pieces first, then the game's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlokusEval;

impl Evaluator<Blokus> for BlokusEval {
    #[inline]
    fn evaluate(&self, game: &Blokus, state: &State) -> Scores {
        game.values(state)
    }

    fn bounds(&self, game: &Blokus) -> Bounds {
        Bounds::nonnegative(4, 4 * game.max_value())
    }

    fn order(&self, _game: &Blokus, _state: &State, moves: &mut [Move]) {
        order_moves(moves);
    }
}

/// Sorts `moves` by [`Move::order_key`] (larger pieces first, then the game's order). When
/// `moves` is in the game's order (as [`Game::moves`] lists them: sorted by packed value, so
/// by piece in canonical order, whose sizes never decrease, and the pass last), the sorted
/// list is the placements' size groups in reverse, each group in its own order: two
/// reversals in place, no comparison sort. Otherwise it sorts.
fn order_moves(moves: &mut [Move]) {
    if !moves.is_sorted() {
        moves.sort_unstable_by_key(|m| m.order_key());
        return;
    }
    let placed = moves.iter().take_while(|m| !m.is_pass()).count();
    let placed = &mut moves[..placed];
    placed.reverse();
    for group in placed.chunk_by_mut(|a, b| a.piece().map(size) == b.piece().map(size)) {
        group.reverse();
    }
}

/// The orientations' table, for tests and benchmarks: the number of orientations.
pub fn orientations() -> usize {
    tables().orientations.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block reversal of [`order_moves`] equals the comparison sort by
    /// [`Move::order_key`] on the move lists of seeded random games, and on the same lists
    /// out of order (where it sorts); and each colour's squares counted from its unplaced
    /// pieces are its cells on the board.
    #[test]
    fn order_moves_equals_the_sort_by_order_key() {
        let g = Blokus::default();
        let (mut lists, mut moves) = (0, 0);
        let mut list = Vec::new();
        for game in 0..12u64 {
            let mut s = g.initial();
            let mut seed = game;
            while !s.is_over() {
                for k in 0..4 {
                    assert_eq!(squares_of_placed_pieces(s.left[k]), s.squares_placed(k));
                }
                list.clear();
                g.moves(&s, &mut list);
                let mut want = list.clone();
                want.sort_unstable_by_key(|m| m.order_key());
                let mut got = list.clone();
                order_moves(&mut got);
                assert_eq!(got, want, "game {game}, list {lists}");
                seed = crate::rng::mix64(seed ^ s.key);
                // Out of order: a rotation of the list.
                if list.len() > 2 {
                    let mut shuffled = list.clone();
                    shuffled.rotate_left((seed % (list.len() as u64 - 1)) as usize + 1);
                    order_moves(&mut shuffled);
                    assert_eq!(shuffled, want, "game {game}, rotated");
                }
                lists += 1;
                moves += list.len();
                s = g.play(&s, list[(seed % list.len() as u64) as usize]);
            }
        }
        assert!(
            lists > 500 && moves > 20_000,
            "{lists} lists, {moves} moves"
        );
    }
}
