//! Four-player chess ended by the free-for-all rules of the online game
//! (`chess4(end=ffa)`; docs/games.md, *The free-for-all ending*, names the rule text and
//! where each number comes from).
//!
//! The board, the moves, the move order and the eliminations are [`Chess4`]'s (the same
//! move generator: the perft counts are the same). What changes is how the game is scored
//! and how it ends:
//!
//! - **Points** ([`FfaState::points`]): a capture scores the victim's value for the mover
//!   ([`CAPTURE_POINTS`]: pawn 1, knight 3, bishop 5, rook 5, queen 9, a queen promoted
//!   from a pawn 1, a king 20); a player found without a legal move at its turn is
//!   eliminated, and the player whose move came just before scores [`MATE_POINTS`] (20) if
//!   that king stood in check (a mate), while a stalemate gives [`DRAW_POINTS`] (10) to every
//!   player left. An eliminated player keeps its points.
//! - **No progress**: after [`NO_PROGRESS_PLIES`] (100) plies without a capture or a pawn
//!   move, the game ends and every player left scores [`DRAW_POINTS`].
//! - **Repetition**: when the same position (the pieces, where the promoted queens stand,
//!   the player to move; the live players) occurs for the `repeat`-th time (default
//!   [`DEFAULT_REPEAT`], 3), the game ends the same way.
//! - **The claim**: with two players left, once one is more than [`CLAIM_LEAD`] (20) points
//!   ahead of the other, the game ends at once and the other scores [`CLAIM_POINTS`] (20),
//!   as when the leader of the online game claims the win.
//! - The **payoff** is each player's points, so the most points wins (an eliminated player
//!   can win) and equal points share a place. The ply cap stays as a safety net: a game
//!   that reaches it is settled by [`FfaEval`] (points plus the pieces' worth), as a
//!   tournament adjudicates it, and reported by [`Game::ended_by_cap`].
//!
//! Repetition is found exactly: a position can only repeat one seen since the last capture,
//! pawn move or elimination (each changes the position for good), and there are fewer than
//! [`NO_PROGRESS_PLIES`] such plies, so the state keeps those moves ([`HISTORY`] of them,
//! two bytes each) with the low bits of the key of the pieces before each, and
//! [`Chess4Ffa::play`] looks for the current key among them, rebuilding and comparing a
//! board only where one matches. The state stays `Copy` and allocation-free: 680 bytes
//! against the plain game's 216.

use std::fmt;
use std::str::FromStr;

use gametree::hash::Zobrist;
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SetToMove};

use super::board::{kind, owner, CELLS, KING, PAWN, PLAYERS, QUEEN, TABLES};
use super::{movegen, Chess4, ConfigError, Move, PositionError, State};
use crate::spec::{Spec, SpecError};

/// The points a capture scores for a kind (1..=6: P N B R Q K): pawn 1, knight 3, bishop 5,
/// rook 5, queen 9 (a promoted queen: [`PROMOTED_QUEEN_POINTS`]), king 20.
pub const CAPTURE_POINTS: [u16; 7] = [0, 1, 3, 5, 5, 9, 20];

/// The points a queen promoted from a pawn scores when captured.
pub const PROMOTED_QUEEN_POINTS: u16 = 1;

/// The points of a checkmate, for the player whose move came just before the mated turn.
pub const MATE_POINTS: u16 = 20;

/// The points every player left scores when a stalemate, the no-progress rule or a
/// repetition happens.
pub const DRAW_POINTS: u16 = 10;

/// The lead (strictly more than this, two players left) that ends the game by the claim.
pub const CLAIM_LEAD: u16 = 20;

/// The points the trailing player scores when the leader claims.
pub const CLAIM_POINTS: u16 = 20;

/// Plies without a capture or a pawn move that end the game.
pub const NO_PROGRESS_PLIES: u8 = 100;

/// The default number of occurrences of one position that ends the game.
pub const DEFAULT_REPEAT: u8 = 3;

/// The largest `repeat` a spec may ask for (the online game's older text says 5).
pub const MAX_REPEAT: u8 = 10;

/// The moves kept for the repetition test: every ply since the last capture, pawn move or
/// elimination (fewer than [`NO_PROGRESS_PLIES`] while the game goes on).
pub const HISTORY: usize = NO_PROGRESS_PLIES as usize;

/// The most a side's pieces are worth in points, king included: 103 material (the most a
/// position may hold, every bishop counted 3) plus 2 for each of at most 15 bishops plus the
/// king's 20. A bound, not a reachable value.
pub const MAX_WORTH: Score = 103 + 2 * 15 + 20;

/// The most points the endings and eliminations add to the sum of points and pieces: three
/// eliminations at most 30 each (a stalemate with three players left), or fewer
/// eliminations and one ending of at most 40 (four players left, 10 each); see
/// docs/games.md.
pub const MAX_BONUS: Score = 90;

/// The bound on the sum of every player's points and pieces' worth: what [`FfaEval`] and
/// the outcomes keep to.
pub const FFA_MAXSUM: Score = PLAYERS as Score * MAX_WORTH + MAX_BONUS;

/// How a game of [`Chess4Ffa`] ended, when a rule other than eliminations ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FfaEnd {
    /// [`NO_PROGRESS_PLIES`] plies without a capture or a pawn move.
    NoProgress,
    /// A position occurred for the `repeat`-th time.
    Repetition,
    /// Two players left, one more than [`CLAIM_LEAD`] points ahead.
    Claim,
}

/// Which ending a `chess4` spec names (`end=classic`, the default, or `end=ffa`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// The project's rules: the last player left wins, the cap ranks by material.
    #[default]
    Classic,
    /// The free-for-all rules of this module.
    Ffa,
}

impl EndRule {
    /// The spec's name: `classic` or `ffa`.
    pub const fn name(self) -> &'static str {
        match self {
            EndRule::Classic => "classic",
            EndRule::Ffa => "ffa",
        }
    }
}

impl fmt::Display for EndRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EndRule {
    type Err = String;
    fn from_str(s: &str) -> Result<EndRule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" => Ok(EndRule::Classic),
            "ffa" => Ok(EndRule::Ffa),
            _ => Err("expected classic or ffa".into()),
        }
    }
}

/// A position of [`Chess4Ffa`]: the plain position, the points, where the promoted queens
/// stand, the no-progress count and the moves since the last irreversible one, with the
/// low bits of the position's key before each. `Copy`, 680 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FfaState {
    base: State,
    /// The moves since the last capture, pawn move or elimination, `window` of them.
    history: [Move; HISTORY],
    /// The low 16 bits of the key of the pieces ([`State`]'s key) before each move of
    /// `history`: the repetition test compares the boards only where these match.
    keys: [u16; HISTORY],
    /// One bit per square index: the queen there was promoted from a pawn.
    promoted: [u64; 4],
    /// A hash of `history[..window]`.
    history_key: u64,
    points: [u16; PLAYERS],
    /// Each live player's pieces in points (king 20 included); 0 once eliminated.
    worth: [u16; PLAYERS],
    /// Plies since the last capture or pawn move.
    quiet: u8,
    window: u8,
    /// 0 while the game goes on by these rules; else 1 + the [`FfaEnd`] index.
    end: u8,
}

impl FfaState {
    /// The position on the board (the plain game's state).
    pub fn board(&self) -> &State {
        &self.base
    }

    /// The points of `p` so far.
    pub fn points(&self, p: Player) -> u32 {
        u32::from(self.points[p.index()])
    }

    /// What `p`'s pieces would score if captured, king included (20); 0 once eliminated.
    pub fn worth(&self, p: Player) -> u32 {
        u32::from(self.worth[p.index()])
    }

    /// Plies since the last capture or pawn move.
    pub fn quiet_plies(&self) -> u32 {
        u32::from(self.quiet)
    }

    /// The rule that ended the game, if one of [`FfaEnd`] did.
    pub fn ended_by(&self) -> Option<FfaEnd> {
        match self.end {
            1 => Some(FfaEnd::NoProgress),
            2 => Some(FfaEnd::Repetition),
            3 => Some(FfaEnd::Claim),
            _ => None,
        }
    }

    /// Whether the queen (if any) on `sq` was promoted from a pawn.
    pub fn is_promoted(&self, sq: u8) -> bool {
        self.promoted[sq as usize >> 6] >> (sq & 63) & 1 == 1
    }

    fn set_promoted(&mut self, sq: u8, on: bool) {
        let (w, b) = (sq as usize >> 6, sq & 63);
        self.promoted[w] = self.promoted[w] & !(1 << b) | u64::from(on) << b;
    }

    /// The points the piece on the occupied square `sq` scores when captured.
    fn value_at(&self, sq: u8) -> u16 {
        let k = kind(self.base.board[sq as usize]);
        if k == QUEEN && self.is_promoted(sq) {
            PROMOTED_QUEEN_POINTS
        } else {
            CAPTURE_POINTS[k as usize]
        }
    }

    /// Clears the repetition window (after an irreversible ply), its entries included, so
    /// that every entry past the window is zero and two positions alike in every other
    /// field compare and hash alike (the derived `PartialEq` and `Hash` read the whole
    /// arrays).
    fn forget(&mut self) {
        let w = self.window as usize;
        self.history[..w].fill(Move::new(0, 0));
        self.keys[..w].fill(0);
        self.window = 0;
        self.history_key = 0;
    }

    /// After eliminations: the eliminated players' worth is gone, and no promoted mark
    /// stays on a square their pieces left.
    fn tidy(&mut self) {
        for p in 0..PLAYERS {
            if self.base.alive >> p & 1 == 0 {
                self.worth[p] = 0;
            }
        }
        for w in 0..4 {
            let mut bits = self.promoted[w];
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let sq = (w as u32 * 64 + b) as usize;
                if sq >= CELLS || self.base.board[sq] == 0 {
                    self.promoted[w] &= !(1 << b);
                }
            }
        }
        self.forget();
    }

    /// How many times the current position has occurred since the window began, itself
    /// included. The window's moves are each a quiet move of a piece that is not a pawn, so
    /// undoing one is moving its piece back. The key of the pieces before each move is kept
    /// (its low 16 bits, [`FfaState::keys`]), and only where it matches the current key is
    /// the board before that move rebuilt and compared, with the player to move then (the
    /// owner of the piece moved). `occurrences_plain` (tests) undoes every move on a board.
    fn occurrences(&self) -> u32 {
        let b = &self.base;
        if self.window < 4 {
            return 1; // every live player must move away and back: at least 4 plies
        }
        let keys = &self.keys[..self.window as usize];
        let target = b.key as u16;
        // One pass without branches (vectorised) over the window; almost always no match.
        if keys.iter().fold(0u32, |n, &k| n + u32::from(k == target)) == 0 {
            return 1;
        }
        let mut n = 1;
        for (i, _) in keys.iter().enumerate().filter(|&(_, &k)| k == target) {
            let board = self.board_before(i);
            let mover = owner(board[self.history[i].from() as usize]);
            if mover == b.to_move as usize && board == b.board {
                n += 1;
            }
        }
        n
    }

    /// The board before the window's move `i`: the moves from the last back to `i` undone.
    #[cold]
    fn board_before(&self, i: usize) -> [u8; CELLS] {
        let mut board = self.base.board;
        for j in (i..self.window as usize).rev() {
            let m = self.history[j];
            board[m.from() as usize] = board[m.to() as usize];
            board[m.to() as usize] = 0;
        }
        board
    }

    /// [`FfaState::occurrences`] by the plain computation: every move of the window undone
    /// on one board, the boards compared where the keys agree (tests).
    #[cfg(test)]
    pub(crate) fn occurrences_plain(&self) -> u32 {
        let b = &self.base;
        let mut n = 1;
        let mut board = b.board;
        let mut key = b.key;
        for i in (0..self.window as usize).rev() {
            let m = self.history[i];
            let c = board[m.to() as usize];
            board[m.to() as usize] = 0;
            board[m.from() as usize] = c;
            key ^= TABLES.zobrist[c as usize][m.to() as usize]
                ^ TABLES.zobrist[c as usize][m.from() as usize];
            if key == b.key && owner(c) == b.to_move as usize && board == b.board {
                n += 1;
            }
        }
        n
    }
}

impl fmt::Debug for FfaState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} points {:?} quiet {} window {}",
            self.base, self.points, self.quiet, self.window
        )
    }
}

/// Four-player chess by the free-for-all rules (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chess4Ffa {
    rules: Chess4,
    repeat: u8,
}

impl Default for Chess4Ffa {
    fn default() -> Chess4Ffa {
        Chess4Ffa {
            rules: Chess4::default(),
            repeat: DEFAULT_REPEAT,
        }
    }
}

impl Chess4Ffa {
    /// The game with a ply cap of `cap` plies (1 to [`super::MAX_CAP`]; the safety net).
    pub fn new(cap: u32) -> Result<Chess4Ffa, ConfigError> {
        Ok(Chess4Ffa {
            rules: Chess4::new(cap)?,
            repeat: DEFAULT_REPEAT,
        })
    }

    /// The same game ended by the `repeat`-th occurrence of a position (2 to
    /// [`MAX_REPEAT`]).
    pub fn with_repeat(self, repeat: u8) -> Result<Chess4Ffa, ConfigError> {
        if (2..=MAX_REPEAT).contains(&repeat) {
            Ok(Chess4Ffa { repeat, ..self })
        } else {
            Err(ConfigError::Repeat(repeat))
        }
    }

    /// The ply cap.
    pub fn cap(&self) -> u32 {
        self.rules.cap()
    }

    /// The occurrences of a position that end the game.
    pub fn repeat(&self) -> u32 {
        u32::from(self.repeat)
    }

    /// The game of a spec `chess4(end=ffa,cap=400,repeat=3)` (`end=ffa` required, the rest
    /// optional).
    pub fn from_spec(spec: &Spec) -> Result<Chess4Ffa, SpecError> {
        let end = spec.get("end", EndRule::Classic)?;
        if end != EndRule::Ffa {
            return Err(spec.error("this is chess4(end=ffa): the spec must say end=ffa"));
        }
        let cap = spec.get("cap", super::DEFAULT_CAP)?;
        let repeat = spec.get("repeat", DEFAULT_REPEAT)?;
        spec.finish()?;
        Chess4Ffa::new(cap)
            .and_then(|g| g.with_repeat(repeat))
            .map_err(|e| spec.error(e.to_string()))
    }

    /// The spec text (read back by [`Chess4Ffa::from_spec`]); `repeat` is named when it is
    /// not the default.
    pub fn spec(&self) -> String {
        let mut s = format!("chess4(cap={},end=ffa", self.cap());
        if self.repeat != DEFAULT_REPEAT {
            s += &format!(",repeat={}", self.repeat);
        }
        s + ")"
    }

    /// The state of a plain position at the start of these rules: no points, every queen
    /// an original one, nothing to repeat.
    pub fn from_board(&self, base: State) -> FfaState {
        let mut worth = [0u16; PLAYERS];
        for &sq in &TABLES.squares {
            let c = base.board[sq as usize];
            if c != 0 {
                worth[owner(c)] += CAPTURE_POINTS[kind(c) as usize];
            }
        }
        FfaState {
            base,
            history: [Move::new(0, 0); HISTORY],
            keys: [0; HISTORY],
            promoted: [0; 4],
            history_key: 0,
            points: [0; PLAYERS],
            worth,
            quiet: 0,
            window: 0,
            end: 0,
        }
    }

    /// The position in the plain game's notation ([`Chess4::parse_position`]), at the start
    /// of these rules ([`Chess4Ffa::from_board`]).
    pub fn parse_position(&self, text: &str) -> Result<FfaState, PositionError> {
        Ok(self.from_board(self.rules.parse_position(text)?))
    }

    /// The board in the plain game's notation (points and history are not part of it).
    pub fn format_position(&self, state: &FfaState) -> String {
        self.rules.format_position(&state.base)
    }

    /// Whether the game is over: one player left, an ending of [`FfaEnd`], or the cap.
    #[inline]
    pub fn is_terminal(&self, state: &FfaState) -> bool {
        state.end != 0
            || state.base.alive.count_ones() <= 1
            || state.base.ply as u32 >= self.rules.cap()
    }

    /// Hands the turn to the first live seat from `seat` on that has a legal move; a player
    /// without one is eliminated, and `credit` (the player who moved last) scores the mate,
    /// or every player left the stalemate's points. Stops when one player is left or at the
    /// cap.
    fn settle(&self, s: &mut FfaState, credit: usize, mut seat: usize) {
        let before = s.base.alive;
        loop {
            let b = &mut s.base;
            if b.alive == 0 {
                break;
            }
            while b.alive >> seat & 1 == 0 {
                seat = (seat + 1) % PLAYERS;
            }
            b.to_move = seat as u8;
            if b.alive.count_ones() <= 1
                || b.ply as u32 >= self.rules.cap()
                || movegen::has_legal_move(b)
            {
                break;
            }
            let mated = b.in_check(seat);
            b.eliminate(seat);
            if mated {
                s.points[credit] += MATE_POINTS;
            } else {
                for p in 0..PLAYERS {
                    if s.base.alive >> p & 1 == 1 {
                        s.points[p] += DRAW_POINTS;
                    }
                }
            }
        }
        if s.base.alive != before {
            s.tidy();
        }
    }

    /// The endings of [`FfaEnd`], tested after every ply (and its eliminations): the claim,
    /// then no progress, then repetition.
    fn judge(&self, s: &mut FfaState) {
        if self.is_terminal(s) {
            return;
        }
        let alive = s.base.alive;
        if alive.count_ones() == 2 {
            let a = alive.trailing_zeros() as usize;
            let b = (alive & (alive - 1)).trailing_zeros() as usize;
            if s.points[a].abs_diff(s.points[b]) > CLAIM_LEAD {
                let trailing = if s.points[a] < s.points[b] { a } else { b };
                s.points[trailing] += CLAIM_POINTS;
                s.end = 3;
                return;
            }
        }
        let draw = if s.quiet >= NO_PROGRESS_PLIES {
            1
        } else if s.occurrences() >= u32::from(self.repeat) {
            2
        } else {
            return;
        };
        for p in 0..PLAYERS {
            if alive >> p & 1 == 1 {
                s.points[p] += DRAW_POINTS;
            }
        }
        s.end = draw;
    }
}

impl Game for Chess4Ffa {
    type State = FfaState;
    type Move = Move;

    fn mcts_exploration(&self) -> Option<f64> {
        self.rules.mcts_exploration()
    }

    #[inline]
    fn move_key(&self, mv: Move) -> Option<usize> {
        self.rules.move_key(mv)
    }

    #[inline]
    fn capture(&self, state: &FfaState, mv: Move) -> Option<gametree::Capture> {
        self.rules.capture(&state.base, mv)
    }

    #[inline]
    fn players(&self) -> usize {
        PLAYERS
    }

    fn initial(&self) -> FfaState {
        self.from_board(self.rules.initial())
    }

    #[inline]
    fn to_move(&self, state: &FfaState) -> Player {
        Player::new(state.base.to_move as usize)
    }

    fn moves(&self, state: &FfaState, out: &mut Vec<Move>) {
        if !self.is_terminal(state) {
            self.rules.moves(&state.base, out);
        }
    }

    fn play(&self, state: &FfaState, mv: Move) -> FfaState {
        let mut s = *state;
        self.play_in_place(&mut s, mv);
        s
    }

    /// [`Game::play`] without copying the state (680 bytes, most of it the repetition
    /// window): only the fields the move changes are written.
    fn play_in_place(&self, s: &mut FfaState, mv: Move) {
        let key_before = s.base.key;
        let (from, to) = (mv.from(), mv.to());
        let mover = s.base.to_move as usize;
        let victim = s.base.board[to as usize];
        let pawn = kind(s.base.board[from as usize]) == PAWN;
        if victim != 0 {
            let v = s.value_at(to);
            s.points[mover] += v;
            s.worth[owner(victim)] -= v;
        }
        let was_promoted = s.is_promoted(from);
        let before = s.base.alive;
        s.base.apply(from, to);
        let promotes = pawn && kind(s.base.board[to as usize]) == QUEEN;
        s.set_promoted(from, false);
        s.set_promoted(to, was_promoted || promotes);
        s.base.ply = s.base.ply.saturating_add(1);
        if victim != 0 || pawn {
            s.quiet = 0;
            s.forget();
        } else {
            s.quiet = s.quiet.saturating_add(1);
            if (s.window as usize) < HISTORY {
                s.history[s.window as usize] = mv;
                s.keys[s.window as usize] = key_before as u16;
                s.window += 1;
                s.history_key = crate::rng::mix64(s.history_key ^ u64::from(mv.0));
            }
        }
        if kind(victim) == KING || s.base.alive != before {
            s.tidy();
        }
        self.settle(s, mover, (mover + 1) % PLAYERS);
        self.judge(s);
    }

    /// Each player's points (eliminated players' included): the most points wins. A game
    /// the safety cap ended is settled as a tournament adjudicates it, by [`FfaEval`]
    /// (points plus the pieces' worth), so that no search near the cap plays for an ending
    /// only because the cap would pay less.
    fn outcome(&self, state: &FfaState) -> Option<Scores> {
        if !self.is_terminal(state) {
            return None;
        }
        if self.ended_by_cap(state) {
            return Some(FfaEval.evaluate(self, state));
        }
        let mut v = Scores::zeros(PLAYERS);
        for p in 0..PLAYERS {
            v[p] = Score::from(state.points[p]);
        }
        Some(v)
    }

    /// A game the safety cap ended with two or more players left and no ending of its own.
    fn ended_by_cap(&self, state: &FfaState) -> bool {
        state.end == 0
            && state.base.alive.count_ones() > 1
            && state.base.ply as u32 >= self.rules.cap()
    }

    /// A game the claim ended (two players left, more than 20 points apart).
    fn ended_by_claim(&self, state: &FfaState) -> bool {
        state.ended_by() == Some(FfaEnd::Claim)
    }

    fn move_name(&self, state: &FfaState, mv: Move) -> String {
        self.rules.move_name(&state.base, mv)
    }

    fn render(&self, state: &FfaState, color: bool) -> String {
        self.rules.render(&state.base, color)
    }
}

impl crate::notation::Notation for Chess4Ffa {
    const MOVE_SYNTAX: &'static str = <Chess4 as crate::notation::Notation>::MOVE_SYNTAX;

    fn read_move(&self, text: &str) -> Option<Move> {
        self.rules.read_move(text)
    }
}

impl SetToMove for Chess4Ffa {
    /// `state` with `player` to move; `None` if the game is over, `player` is eliminated,
    /// or `player` has no legal move there.
    fn set_to_move(&self, state: &FfaState, player: Player) -> Option<FfaState> {
        if self.is_terminal(state) {
            return None;
        }
        let base = self.rules.set_to_move(&state.base, player)?;
        Some(FfaState { base, ..*state })
    }

    /// [`Game::play`] hands the turn only to a player with a legal move (one without is
    /// eliminated) or ends the game, and a position is made from a board of [`Chess4`],
    /// which keeps the same rule: the test above holds for the player to move, and the
    /// rest of the state is kept. Best-reply search then skips copying the whole state
    /// (its repetition history included) for an opponent already to move.
    const TO_MOVE_KEEPS_TURN: bool = true;
}

impl Zobrist for Chess4Ffa {
    /// The plain game's hash mixed with the points, the promoted queens, the no-progress
    /// count, the ending and the moves of the repetition window: everything that decides
    /// the rest of the game.
    #[inline]
    fn hash(&self, state: &FfaState) -> u64 {
        use crate::rng::mix64;
        let p = &state.points;
        let points =
            u64::from(p[0]) | u64::from(p[1]) << 16 | u64::from(p[2]) << 32 | u64::from(p[3]) << 48;
        let q = &state.promoted;
        let promoted = q[0] ^ q[1].rotate_left(16) ^ q[2].rotate_left(32) ^ q[3].rotate_left(48);
        let counts =
            u64::from(state.quiet) | u64::from(state.window) << 8 | u64::from(state.end) << 16;
        mix64(
            self.rules.hash(&state.base)
                ^ mix64(points ^ mix64(promoted ^ mix64(counts ^ state.history_key))),
        )
    }

    #[inline]
    fn move_slot(&self, mv: Move) -> Option<usize> {
        self.rules.move_slot(mv)
    }
}

/// The evaluator of [`Chess4Ffa`], aligned with its points: each player's points so far
/// plus what its pieces would score if captured ([`FfaState::worth`], king 20 included).
/// A capture moves its value from the victim's worth to the capturer's points, so it raises
/// the capturer's value and lowers the victim's by the points the rules give; a finished
/// game is worth its points alone.
///
/// Bounds: every value at least 0, the sum at most [`FFA_MAXSUM`] (captures keep the sum
/// of points and worth, eliminations remove worth, and the bonuses add at most
/// [`MAX_BONUS`]); outcomes (points only) keep the same bounds. Not constant-sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FfaEval;

impl Evaluator<Chess4Ffa> for FfaEval {
    #[inline]
    fn evaluate(&self, _game: &Chess4Ffa, state: &FfaState) -> Scores {
        let mut v = Scores::zeros(PLAYERS);
        for p in 0..PLAYERS {
            v[p] = Score::from(state.points[p]) + Score::from(state.worth[p]);
        }
        v
    }

    fn bounds(&self, _game: &Chess4Ffa) -> Bounds {
        Bounds::nonnegative(PLAYERS, FFA_MAXSUM)
    }

    /// The first of the board's legal moves in the game's order
    /// ([`Chess4::first_move`]: one pass over the pseudo-legal
    /// moves, no list, no sort), `None` when the game is over.
    #[inline]
    fn first_move(
        &self,
        game: &Chess4Ffa,
        state: &FfaState,
        _scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        if game.is_terminal(state) {
            return None;
        }
        game.rules.first_move(&state.base)
    }

    // No `first_move_memo`: the memo would keep a copy of the whole state (its repetition
    // history included) per call, and measured slower than asking `first_move` each time
    // (BRS+ self-play in the first 27 plies: 7.3 s against 8.7 s).

    /// The board's one-pass search ([`Chess4::preferred_move`]), `None` when the game is
    /// over.
    #[inline]
    fn preferred_move(
        &self,
        game: &Chess4Ffa,
        state: &FfaState,
        prefer: &gametree::MovePreference<'_, Move>,
        _scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        if game.is_terminal(state) {
            return None;
        }
        game.rules
            .preferred_move(&state.base, |m| prefer.score(game, state, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess4::test_games::{seeded_games, starts};

    /// `visit` on every position of `games` seeded random games of `ffa` from the oracle
    /// tests' start positions (the last position of each game included).
    fn ffa_games(ffa: &Chess4Ffa, games: u64, visit: impl FnMut(&FfaState)) {
        let g = Chess4::new(400).expect("cap");
        let starts: Vec<FfaState> = starts(&g).into_iter().map(|s| ffa.from_board(s)).collect();
        seeded_games(ffa, &starts, games, |f| f.board().pieces_key(), visit);
    }

    /// The check bits kept by every move equal the plain attack test of every live king
    /// ([`movegen::checks_of`]) in every position of seeded random games under the
    /// free-for-all rules (where a mated king stays on the board and play goes on), from the
    /// oracle tests' start positions, the last position of each game included.
    #[test]
    fn the_kept_check_bits_equal_the_attack_test_of_every_king() {
        let (mut positions, mut checked) = (0u64, 0u64);
        ffa_games(&Chess4Ffa::new(400).expect("cap"), 60, |f| {
            let b = f.board();
            positions += 1;
            assert_eq!(b.checks(), movegen::checks_of(b), "{b:?}");
            checked += b.checks().count_ones() as u64;
        });
        assert!(positions > 10_000, "{positions} positions");
        assert!(checked > 500, "{checked} kings in check");
    }

    /// Past the repetition window the history holds zeros, in every position of seeded
    /// random games (which pass through many captures and pawn moves), so that the derived
    /// equality and hash compare only what the position holds: a position whose window
    /// was cleared equals the same position reached without the moves it forgot.
    #[test]
    fn the_history_past_the_window_is_zero() {
        let ffa = Chess4Ffa::new(400).expect("cap");
        let (mut positions, mut cleared) = (0u64, 0u64);
        ffa_games(&ffa, 30, |f| {
            let w = f.window as usize;
            positions += 1;
            assert!(
                f.history[w..].iter().all(|&m| m == Move::new(0, 0)),
                "{f:?}"
            );
            assert!(f.keys[w..].iter().all(|&k| k == 0), "{f:?}");
            cleared += u64::from(w == 0 && f.quiet == 0);
        });
        assert!(
            positions > 5_000 && cleared > 1_000,
            "{positions} {cleared}"
        );
        // Four quiet moves, then a pawn move clears the window: the position equals (and
        // hashes as) the same fields with a history never written.
        let mut a = ffa.initial();
        let mut list = Vec::new();
        let first = |a: &FfaState, list: &mut Vec<Move>, pawn: bool| {
            list.clear();
            ffa.moves(a, list);
            list.iter()
                .copied()
                .find(|&m| {
                    (kind(a.base.board[m.from() as usize]) == PAWN) == pawn
                        && a.base.board[m.to() as usize] == 0
                })
                .expect("a quiet move")
        };
        for _ in 0..4 {
            a = ffa.play(&a, first(&a, &mut list, false));
        }
        assert_eq!(a.window, 4);
        let a = ffa.play(&a, first(&a, &mut list, true));
        assert_eq!(a.window, 0);
        let fresh = FfaState {
            history: [Move::new(0, 0); HISTORY],
            keys: [0; HISTORY],
            ..a
        };
        assert_eq!(a, fresh);
        let hash = |s: &FfaState| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            s.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&a), hash(&fresh));
    }

    /// The repetition count read from the kept keys equals the plain count that
    /// undoes every move on a board, in every position of seeded walks that mostly move a
    /// piece back where it came from (so that positions recur, often with another player to
    /// move or the pieces displaced), under `repeat=10` so that walks run through many
    /// repetitions; the oracle tests' start positions, and two sparse ones.
    #[test]
    fn the_repetition_count_equals_undoing_every_move_on_a_board() {
        let g = Chess4::new(400).expect("cap");
        let ffa = Chess4Ffa::new(400)
            .expect("cap")
            .with_repeat(MAX_REPEAT)
            .expect("repeat");
        let mut starts: Vec<FfaState> = starts(&g).into_iter().map(|s| ffa.from_board(s)).collect();
        for text in ["r Kh1,Nd1/Ka7,Rb5/Kg14,Bf13/Kn8,Qm6", "r Kh1/-/-/Kn8,Nm9"] {
            starts.push(ffa.parse_position(text).expect("position"));
        }
        let (mut positions, mut repeated) = (0u64, [0u64; MAX_REPEAT as usize + 1]);
        let mut list = Vec::new();
        for i in 0..240u64 {
            let mut s = starts[(i % starts.len() as u64) as usize];
            let mut seed = i;
            let mut played: Vec<Move> = Vec::new();
            while ffa.outcome(&s).is_none() {
                let n = s.occurrences();
                assert_eq!(n, s.occurrences_plain(), "{s:?}");
                positions += 1;
                repeated[n as usize] += 1;
                list.clear();
                ffa.moves(&s, &mut list);
                seed = crate::rng::mix64(seed ^ s.board().pieces_key());
                // The reverse of this player's last move when legal (three times in four),
                // else a random move.
                let live = s.board().live_players() as usize;
                let back = played
                    .len()
                    .checked_sub(live)
                    .map(|k| Move::new(played[k].to(), played[k].from()))
                    .filter(|m| seed % 4 != 0 && list.contains(m));
                let mv = back.unwrap_or(list[(seed >> 2) as usize % list.len()]);
                played.push(mv);
                s = ffa.play(&s, mv);
            }
        }
        assert!(positions > 50_000, "{positions} positions");
        for (n, &count) in repeated.iter().enumerate().take(9).skip(2) {
            assert!(count > 20, "{count} positions occurred {n} times");
        }
    }
}
