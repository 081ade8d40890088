//! Four-player chess, free for all (the rules are this project's; docs/games.md states them
//! in full).
//!
//! # Board and seats
//!
//! A 14 x 14 board, files a..n (`x` 0..13) and ranks 1..14 (`y` 0..13), without its four
//! 3 x 3 corners: 160 squares. Square index `y * 14 + x` ([`board`]). Seats in turn order:
//! P0 Red (south), P1 Blue (west), P2 Yellow (north), P3 Green (east); forward is +y, +x,
//! -y and -x respectively.
//!
//! # Moves
//!
//! Chess moves on board squares only (a knight needs only its landing square on the board;
//! a slide stops at the edge or a removed corner). Pawns step forward, double-step from
//! their own start line, capture diagonally forward and become queens on their own eighth
//! rank (Red rank 8, Blue file h, Yellow rank 7, Green file g). No castling, no en passant.
//! A move is legal unless the mover's king is attacked afterwards by any other player (all
//! pieces on the board belong to live players). A move is `(from, to)` ([`Move`]), written
//! `h2-h4`.
//!
//! **Move order** (part of the game: max^n breaks ties to the first move): captures first,
//! most valuable victim first (king, then Q 9, R 5, B and N 3, P 1), then least valuable
//! attacker, then `from` index, then `to` index; then every other move by `from`, then `to`.
//!
//! # Eliminations and the end
//!
//! Capturing a king eliminates its owner at once; a player with no legal move at its turn is
//! eliminated (checkmated or stalemated) without using a ply: [`Game::play`] passes the turn
//! to the next live seat that has a legal move, eliminating on the way those that have none.
//! An eliminated player's pieces leave the board. The game ends when one player is left
//! (it gets [`MAXSUM`], the others 0) or after `cap` plies (every move is a ply; default
//! 400), when the live players with the most material share [`MAXSUM`] (rounded down).
//!
//! **The free-for-all ending** (`chess4(end=ffa)`, the game [`Chess4Ffa`] in [`ffa`]): the
//! same board and moves scored in capture points and ended by the online free-for-all
//! rules (no progress, repetition, the claim in points); this game is unchanged by it.
//!
//! **The claim rule** (`chess4(claim=N)`, off by default; [`Chess4::with_claim`]): when two
//! players are left and one has at least `N` points of material more than the other, the
//! game ends at once and that player wins ([`MAXSUM`]). It is this project's automatic form
//! of the "claim win" of the free-for-all four-player chess played online (two players
//! left, 20 points ahead; there the points are captures, here material): a rational player
//! always claims, and the leader of such an endgame would otherwise have to mate with a
//! shallow search before the cap. [`Game::ended_by_claim`] reports such an end.
//!
//! # State
//!
//! [`State`] is `Copy`, 216 bytes: the mailbox (one byte per square index, 196), the king
//! squares, each player's material with whether its king is in check (kept from move to
//! move, in the high bit of the material's byte), the live players, the ply count, the
//! player to move and an incrementally kept Zobrist key of the pieces. Move generation
//! reads precomputed rays and jump lists ([`board::TABLES`]); legality reads the board as
//! the move would leave it and tests only whether the mover's king is attacked: out of
//! check, along the one ray of the king through the moved piece's square, if any; in check,
//! whether the move takes or blocks the one checking piece; for a king move, every line
//! into its new square.

/// The [`Evaluator`] methods of a chess evaluator that keeps the game's move order:
/// `first_move`, `first_move_memo` and `preferred_move` forwarded to the game's one-pass
/// searches (used inside `impl Evaluator<Chess4>`).
macro_rules! first_move_of_the_game {
    () => {
        #[inline]
        fn first_move(
            &self,
            game: &Chess4,
            state: &State,
            _scratch: &mut Vec<Move>,
        ) -> Option<Move> {
            game.first_move(state)
        }

        #[inline]
        fn first_move_memo(
            &self,
            game: &Chess4,
            state: &State,
            memo: &mut Option<(State, Move)>,
            _scratch: &mut Vec<Move>,
        ) -> Option<Move> {
            game.first_move_memo(state, memo)
        }

        #[inline]
        fn preferred_move(
            &self,
            game: &Chess4,
            state: &State,
            prefer: &gametree::MovePreference<'_, Move>,
            _scratch: &mut Vec<Move>,
        ) -> Option<Move> {
            game.preferred_move(state, |m| prefer.score(game, state, m))
        }
    };
}

pub mod board;
mod eval;
pub mod ffa;
mod movegen;
mod position;
#[cfg(test)]
mod test_games;

use std::fmt;

use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SetToMove};

use crate::spec::{Spec, SpecError};
use board::{kind, owner, piece, KING, MATERIAL, NONE, PAWN, PLAYERS, QUEEN, TABLES};

pub use eval::{relative, Chess4Eval, EvalKind, Relative, RELATIVE_MAXSUM, RELATIVE_MID};
pub use ffa::{Chess4Ffa, EndRule, FfaEnd, FfaEval, FfaState};
pub use position::PositionError;

/// The exploration constant of MCTS tuned for four-player chess by the seeded round robin of
/// `gametree reproduce beyond/mcts-tuning` on `chess4(cap=200,eval=relative)` (docs/mcts.md,
/// *Tuning the exploration constant*, row `chess4`): 0.1 won 0.571 of its 56 games (next best, 0.2: 0.536); tuned with the relative
/// evaluator, used with both. The best point estimate, not a
/// significant winner: the grid's intervals overlap.
pub const MCTS_EXPLORATION: f64 = 0.1;

/// The default ply cap.
pub const DEFAULT_CAP: u32 = 400;

/// The largest ply cap (the deepest search the command line runs, as for the other games).
pub const MAX_CAP: u32 = 10_000;

/// The bound on the sum of the players' material: 4 (39 + 8 x 8) = 412 (every pawn promoted
/// to a queen), and the value a won game pays its winner.
pub const MAXSUM: Score = 412;

/// The most material one player can have: 39 + 8 x 8 = 103.
pub const MAX_MATERIAL: u32 = 103;

/// A move: `(from, to)` square indices (`y * 14 + x`). Promotion is implied.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: u8, to: u8) -> Move {
        Move((from as u16) << 8 | to as u16)
    }

    /// The origin square.
    #[inline]
    pub const fn from(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> u8 {
        self.0 as u8
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            board::square_name(self.from()),
            board::square_name(self.to())
        )
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A position (see the module documentation). `Copy`, 216 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    board: [u8; board::CELLS],
    key: u64,
    kings: [u8; PLAYERS],
    /// Per player: the material (psi, at most [`MAX_MATERIAL`] = 103) in the low seven bits
    /// ([`State::psi`]), and in the high bit whether its king is attacked by another
    /// player's piece ([`State::in_check`]). The check bits are kept by every change of the
    /// board ([`State::apply`] from the move alone, [`movegen::checks_after`]; in full after
    /// an elimination), so that the legality test of a node does not repeat the attack test
    /// of its king; they are a function of the pieces, so equal positions have equal bits
    /// ([`movegen::checks_of`] is the plain computation they equal), and they cost no byte.
    psi_check: [u8; PLAYERS],
    ply: u16,
    to_move: u8,
    alive: u8,
}

impl State {
    /// The piece on square index `sq` as `(owner, kind)` (kind 1..=6: P N B R Q K), if any.
    #[inline]
    pub fn at(&self, sq: u8) -> Option<(Player, u8)> {
        let c = *self.board.get(sq as usize)?;
        (c != 0).then(|| (Player::new(owner(c)), kind(c)))
    }

    /// Whether `p` is still in the game.
    #[inline]
    pub fn is_alive(&self, p: Player) -> bool {
        self.alive >> p.index() & 1 == 1
    }

    /// The number of players still in the game.
    #[inline]
    pub fn live_players(&self) -> u32 {
        self.alive.count_ones()
    }

    /// The material (psi) of `p`: P 1, N 3, B 3, R 5, Q 9, K 0; 0 once eliminated.
    #[inline]
    pub fn material(&self, p: Player) -> u32 {
        self.psi(p.index()) as u32
    }

    /// The material of player `p` (0..=103).
    #[inline]
    fn psi(&self, p: usize) -> u8 {
        self.psi_check[p] & 0x7f
    }

    /// Whether player `p`'s king is attacked (false once eliminated), as kept in the state.
    #[inline]
    pub(crate) fn in_check(&self, p: usize) -> bool {
        self.psi_check[p] >> 7 == 1
    }

    /// Bit `p` set iff [`State::in_check`] of `p`.
    #[inline]
    pub(crate) fn checks(&self) -> u8 {
        // The high bit of byte `p` to bit `24 + p`: the four products land on distinct
        // bits, none of the others on bits 24..28.
        let high = u64::from(u32::from_le_bytes(self.psi_check) >> 7 & 0x0101_0101);
        ((high * 0x0102_0408) >> 24 & 15) as u8
    }

    /// Sets every player's check bit from `bits` (bit `p` for player `p`).
    #[inline]
    fn set_checks(&mut self, bits: u8) {
        // Bit `p` to the high bit of byte `p`.
        let b = u32::from(bits);
        let high = (b & 1) << 7 | (b & 2) << 14 | (b & 4) << 21 | (b & 8) << 28;
        let w = u32::from_le_bytes(self.psi_check) & 0x7f7f_7f7f | high;
        self.psi_check = w.to_le_bytes();
    }

    /// The square of `p`'s king (`None` once eliminated).
    #[inline]
    pub fn king(&self, p: Player) -> Option<u8> {
        let k = self.kings[p.index()];
        (k != NONE).then_some(k)
    }

    /// Plies played since the start (or the position given).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// The Zobrist key of the pieces (not the player to move, not the ply).
    #[inline]
    pub fn pieces_key(&self) -> u64 {
        self.key
    }

    /// Places the piece code `c` on the empty square `sq`.
    #[inline]
    fn put(&mut self, sq: u8, c: u8) {
        self.board[sq as usize] = c;
        self.key ^= TABLES.zobrist[c as usize][sq as usize];
        self.psi_check[owner(c)] += MATERIAL[kind(c) as usize];
        if kind(c) == KING {
            self.kings[owner(c)] = sq;
        }
    }

    /// Removes the piece on the occupied square `sq`.
    #[inline]
    fn take(&mut self, sq: u8) -> u8 {
        let c = self.board[sq as usize];
        self.board[sq as usize] = 0;
        self.key ^= TABLES.zobrist[c as usize][sq as usize];
        self.psi_check[owner(c)] -= MATERIAL[kind(c) as usize];
        c
    }

    /// Removes player `q` from the game with all its pieces.
    fn eliminate(&mut self, q: usize) {
        for &sq in &TABLES.squares {
            let c = self.board[sq as usize];
            if c != 0 && owner(c) == q {
                self.take(sq);
            }
        }
        self.alive &= !(1 << q);
        self.kings[q] = NONE;
        self.psi_check[q] = 0;
        // Pieces that left may have blocked a line onto another king.
        self.set_checks(movegen::checks_of(self));
    }

    /// Moves the piece on `from` to `to`: a capture, a king capture's elimination, a
    /// promotion. The player to move and the ply are left alone. The check bits follow: from
    /// the move alone ([`movegen::checks_after`]), or in full after a king capture.
    #[inline]
    pub(crate) fn apply(&mut self, from: u8, to: u8) {
        let victim = self.board[to as usize];
        if victim != 0 {
            self.take(to);
            if kind(victim) == KING {
                self.eliminate(owner(victim));
            }
        }
        let mut c = self.take(from);
        let p = owner(c);
        if kind(c) == PAWN && TABLES.promote[p][to as usize] {
            c = piece(p, QUEEN);
        }
        self.put(to, c);
        self.set_checks(if kind(victim) == KING {
            movegen::checks_of(self)
        } else {
            movegen::checks_after(self, from, to)
        });
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chess4({}; ply {})", position::format(self), self.ply)
    }
}

/// Four-player chess with a ply cap (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chess4 {
    cap: u32,
    eval: EvalKind,
    /// The claim rule's material lead (0: no claim rule).
    claim: u16,
}

/// A configuration that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The ply cap is out of range.
    #[error("the ply cap must be 1 to {MAX_CAP} (the deepest search supported), not {0}")]
    Cap(u32),
    /// The claim rule's lead is out of range.
    #[error("the claim rule's material lead must be 0 (no claim rule) to {MAX_CLAIM}, not {0}")]
    Claim(u32),
    /// The repetition count of `chess4(end=ffa)` is out of range.
    #[error("the repetition count must be 2 to {max}, not {0}", max = ffa::MAX_REPEAT)]
    Repeat(u8),
}

/// The largest material lead of the claim rule (more than any position can have).
pub const MAX_CLAIM: u32 = MAXSUM as u32;

/// The claim rule's lead the strength experiment plays with (`chess4(claim=20)`): the
/// online game's 20 points.
pub const STANDARD_CLAIM: u32 = 20;

impl Default for Chess4 {
    fn default() -> Chess4 {
        Chess4 {
            cap: DEFAULT_CAP,
            eval: EvalKind::Psi,
            claim: 0,
        }
    }
}

impl Chess4 {
    /// The game with a ply cap of `cap` plies (1 to [`MAX_CAP`]).
    pub fn new(cap: u32) -> Result<Chess4, ConfigError> {
        if (1..=MAX_CAP).contains(&cap) {
            Ok(Chess4 {
                cap,
                eval: EvalKind::Psi,
                claim: 0,
            })
        } else {
            Err(ConfigError::Cap(cap))
        }
    }

    /// The same game searched with the evaluator `eval` ([`Chess4Eval`]).
    pub fn with_eval(self, eval: EvalKind) -> Chess4 {
        Chess4 { eval, ..self }
    }

    /// The same game with the claim rule at a lead of `lead` points of material (0: none;
    /// at most [`MAX_CLAIM`]); see the module documentation.
    pub fn with_claim(self, lead: u32) -> Result<Chess4, ConfigError> {
        if lead <= MAX_CLAIM {
            Ok(Chess4 {
                claim: lead as u16,
                ..self
            })
        } else {
            Err(ConfigError::Claim(lead))
        }
    }

    /// The claim rule's lead (0: no claim rule).
    pub fn claim(&self) -> u32 {
        u32::from(self.claim)
    }

    /// The evaluator the game's spec names (`eval=psi`, the default, or `eval=relative`).
    pub fn eval_kind(&self) -> EvalKind {
        self.eval
    }

    /// The game of a spec `chess4(cap=400,eval=relative,claim=20)` (all optional: cap 400,
    /// eval psi, no claim rule).
    pub fn from_spec(spec: &Spec) -> Result<Chess4, SpecError> {
        let cap = spec.get("cap", DEFAULT_CAP)?;
        let eval = spec.get("eval", EvalKind::Psi)?;
        let claim = spec.get("claim", 0u32)?;
        spec.finish()?;
        Chess4::new(cap)
            .and_then(|g| g.with_claim(claim))
            .map(|g| g.with_eval(eval))
            .map_err(|e| spec.error(e.to_string()))
    }

    /// The spec text of this game (read back by [`Chess4::from_spec`]); `eval` and `claim`
    /// are named when they are not the default.
    pub fn spec(&self) -> String {
        let mut s = format!("chess4(cap={}", self.cap);
        if self.eval != EvalKind::Psi {
            s += &format!(",eval={}", self.eval);
        }
        if self.claim > 0 {
            s += &format!(",claim={}", self.claim);
        }
        s + ")"
    }

    /// The ply cap.
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// The first move [`Game::moves`] lists in `state` (the capture of the most valuable
    /// victim by the least valuable attacker, else the first quiet move by square), found
    /// without listing and sorting the others; `None` in a terminal position or when the
    /// player to move has no legal move. The evaluators' [`Evaluator::first_move`] (BRS+'s
    /// forced moves) is this.
    #[inline]
    pub fn first_move(&self, state: &State) -> Option<Move> {
        if self.is_terminal(state) {
            return None;
        }
        movegen::first_legal(state)
    }

    /// The legal move of `state` that `score` rates highest, the first of equals in the
    /// game's order (as [`Game::moves`] lists them), `None` when there is none: what the
    /// default of [`Evaluator::preferred_move`] finds in the list, in one pass over the
    /// pseudo-legal moves, the legality test only for a move that would beat the best legal
    /// one so far (in check: over the legal moves).
    #[inline]
    pub fn preferred_move(&self, state: &State, score: impl FnMut(Move) -> u64) -> Option<Move> {
        if self.is_terminal(state) {
            return None;
        }
        movegen::best_legal_by(state, score)
    }

    /// [`Chess4::first_move`] with the memo of [`Evaluator::first_move_memo`]: when the memo
    /// holds a position and its first move, the answer is taken from them if only a few
    /// pieces' moves can differ (`movegen::first_legal_near`, exact); else it is found in
    /// full and the memo keeps the position and its move. Always the same move as
    /// [`Chess4::first_move`].
    #[inline]
    pub fn first_move_memo(&self, state: &State, memo: &mut Option<(State, Move)>) -> Option<Move> {
        if self.is_terminal(state) {
            return None;
        }
        if let Some((near, first)) = memo {
            if let Some(m) = movegen::first_legal_near(state, near, *first) {
                *memo = Some((*state, m));
                return Some(m);
            }
        }
        let m = movegen::first_legal(state);
        *memo = m.map(|m| (*state, m));
        m
    }

    /// Whether the game is over: one player left, the ply cap reached, or (with the claim
    /// rule) two players left with a lead of the claim's size.
    #[inline]
    pub fn is_terminal(&self, state: &State) -> bool {
        state.alive.count_ones() <= 1 || state.ply as u32 >= self.cap || self.claimable(state)
    }

    /// Whether the claim rule ends `state`: two players left, one at least the claim's lead
    /// of material ahead.
    #[inline]
    fn claimable(&self, state: &State) -> bool {
        if self.claim == 0 || state.alive.count_ones() != 2 {
            return false;
        }
        // The two live seats: the lowest set bit, then the lowest of the rest.
        let a = state.alive.trailing_zeros() as usize;
        let b = (state.alive & (state.alive - 1)).trailing_zeros() as usize;
        u16::from(state.psi(a).abs_diff(state.psi(b))) >= self.claim
    }

    /// The position given in the notation `<r|b|y|g> <red>/<blue>/<yellow>/<green>` (each
    /// side a comma-separated list of pieces such as `Kh1,Qg1,Pd2`, or `-` for an eliminated
    /// side), at ply 0. A player to move without a legal move is eliminated as in play.
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let mut s = position::parse(text)?;
        let seat = s.to_move as usize;
        self.settle(&mut s, seat);
        Ok(s)
    }

    /// The position in the notation [`Chess4::parse_position`] reads (pieces listed by
    /// square index).
    pub fn format_position(&self, state: &State) -> String {
        position::format(state)
    }

    /// Hands the turn to the first live seat from `seat` on (in turn order) that has a legal
    /// move, eliminating on the way the players that have none; stops at once when the game
    /// is over (one player left or the cap reached).
    fn settle(&self, s: &mut State, mut seat: usize) {
        loop {
            if s.alive == 0 {
                return;
            }
            while s.alive >> seat & 1 == 0 {
                seat = (seat + 1) % PLAYERS;
            }
            s.to_move = seat as u8;
            if self.is_terminal(s) || movegen::has_legal_move(s) {
                return;
            }
            s.eliminate(seat);
        }
    }

    /// The number of legal moves in `state` (0 if terminal), without listing them.
    pub fn count_moves(&self, state: &State) -> u64 {
        if self.is_terminal(state) {
            0
        } else {
            movegen::count_legal(state)
        }
    }

    /// Perft with unordered generation and [`Chess4::count_moves`] at the last ply: the raw
    /// move-generation speed. Equals [`crate::perft::perft`].
    pub fn perft_raw(&self, state: &State, depth: u32) -> u64 {
        let mut buf = Vec::with_capacity(4096);
        self.perft_rec(state, depth, &mut buf)
    }

    fn perft_rec(&self, state: &State, depth: u32, buf: &mut Vec<Move>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_moves(state);
        }
        if self.is_terminal(state) {
            return 0;
        }
        let start = buf.len();
        movegen::legal_moves(state, buf);
        let mut total = 0;
        for i in start..buf.len() {
            let child = self.play(state, buf[i]);
            total += self.perft_rec(&child, depth - 1, buf);
        }
        buf.truncate(start);
        total
    }

    /// The position with the pieces turned a quarter: `(x, y)` goes to `(y, 13 - x)` and
    /// every piece (and the turn) passes to the next seat (Red's to Blue, Blue's to Yellow,
    /// Yellow's to Green, Green's to Red). The rules are symmetric under this turn, so the
    /// result has the same perft counts.
    pub fn rotate(&self, state: &State) -> State {
        let mut s = position::empty();
        for &sq in &TABLES.squares {
            let c = state.board[sq as usize];
            if c != 0 {
                let (x, y) = (board::file(sq), board::rank(sq));
                let to = board::square(y, 13 - x);
                s.put(to, piece((owner(c) + 1) % PLAYERS, kind(c)));
            }
        }
        s.alive = (state.alive << 1 | state.alive >> 3) & 15;
        for p in 0..PLAYERS {
            if s.alive >> p & 1 == 0 {
                s.kings[p] = NONE;
            }
        }
        s.to_move = (state.to_move + 1) % PLAYERS as u8;
        s.ply = state.ply;
        s.set_checks(movegen::checks_of(&s));
        s
    }
}

impl Game for Chess4 {
    type State = State;
    type Move = Move;

    /// [`MCTS_EXPLORATION`]: the constant tuned by the round robin of docs/mcts.md.
    fn mcts_exploration(&self) -> Option<f64> {
        Some(MCTS_EXPLORATION)
    }

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    #[inline]
    fn move_key(&self, mv: Move) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    /// A capture's victim and attacker by the values of the move order (P 1, N 3, B 3, R 5,
    /// Q 9, the king 10): the game's own order already sorts captures by MVV-LVA.
    #[inline]
    fn capture(&self, state: &State, mv: Move) -> Option<gametree::Capture> {
        movegen::capture(&state.board, mv)
    }

    #[inline]
    fn players(&self) -> usize {
        PLAYERS
    }

    fn initial(&self) -> State {
        self.parse_position(position::START)
            .expect("the start position is valid")
    }

    #[inline]
    fn to_move(&self, state: &State) -> Player {
        Player::new(state.to_move as usize)
    }

    fn moves(&self, state: &State, out: &mut Vec<Move>) {
        if self.is_terminal(state) {
            return;
        }
        let start = out.len();
        movegen::legal_moves(state, out);
        movegen::sort_moves(&state.board, &mut out[start..]);
    }

    #[inline]
    fn play(&self, state: &State, mv: Move) -> State {
        let mut s = *state;
        s.apply(mv.from(), mv.to());
        s.ply = s.ply.saturating_add(1);
        self.settle(&mut s, (state.to_move as usize + 1) % PLAYERS);
        s
    }

    fn outcome(&self, state: &State) -> Option<Scores> {
        if !self.is_terminal(state) {
            return None;
        }
        let mut s = Scores::zeros(PLAYERS);
        let best = (0..PLAYERS)
            .filter(|&p| state.alive >> p & 1 == 1)
            .map(|p| state.psi(p))
            .max()?;
        let wins = |p: usize| state.alive >> p & 1 == 1 && state.psi(p) == best;
        let share = MAXSUM / (0..PLAYERS).filter(|&p| wins(p)).count() as Score;
        for p in (0..PLAYERS).filter(|&p| wins(p)) {
            s[p] = share;
        }
        Some(s)
    }

    /// A game that reached the ply cap with two or more players left: decided by material,
    /// which a tournament counts as adjudicated rather than finished.
    fn ended_by_cap(&self, state: &State) -> bool {
        state.alive.count_ones() > 1 && state.ply as u32 >= self.cap && !self.claimable(state)
    }

    /// A game the claim rule ended (two players left, the claim's lead reached).
    fn ended_by_claim(&self, state: &State) -> bool {
        self.claimable(state)
    }

    fn move_name(&self, _state: &State, mv: Move) -> String {
        mv.to_string()
    }

    fn render(&self, state: &State, color: bool) -> String {
        position::render(state, color)
    }
}

impl crate::notation::Notation for Chess4 {
    const MOVE_SYNTAX: &'static str = "FROM-TO in squares a1..n14 (e.g. h2-h4)";

    fn read_move(&self, text: &str) -> Option<Move> {
        let (from, to) = text.split_once('-')?;
        Some(Move::new(
            board::parse_square(from.trim())?,
            board::parse_square(to.trim())?,
        ))
    }
}

impl SetToMove for Chess4 {
    /// `state` with `player` to move; `None` if the game is over, `player` is eliminated,
    /// or `player` has no legal move there.
    fn set_to_move(&self, state: &State, player: Player) -> Option<State> {
        let p = player.index();
        if self.is_terminal(state) || p >= PLAYERS || state.alive >> p & 1 == 0 {
            return None;
        }
        let mut s = *state;
        s.to_move = p as u8;
        movegen::has_legal_move(&s).then_some(s)
    }

    /// [`Game::play`] and [`Chess4::parse_position`] hand the turn only to a player with a
    /// legal move (or end the game), so the test above holds for the player to move.
    const TO_MOVE_KEEPS_TURN: bool = true;
}

impl gametree::hash::Zobrist for Chess4 {
    /// The Zobrist key of the pieces with the player to move, mixed with the ply (the cap
    /// ends the game) and the live players, by [`crate::rng::mix64`].
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        crate::rng::mix64(
            state.key
                ^ TABLES.zobrist_side[state.to_move as usize]
                ^ crate::rng::mix64(state.ply as u64 | (state.alive as u64) << 16),
        )
    }

    /// `from * 196 + to`, folded into range by the table.
    #[inline]
    fn move_slot(&self, mv: Move) -> Option<usize> {
        Some(mv.from() as usize * board::CELLS + mv.to() as usize)
    }
}

/// Fridenfalk's free-space value psi: each player's material (P 1, N 3, B 3, R 5, Q 9,
/// K 0; 0 once eliminated), as one vector. max^n maximises it as it is; N-max and hypermax
/// apply the projection `N psi_i - sum(psi)` themselves ([`gametree::search::nmax::project`]),
/// so this one evaluator serves all three.
///
/// Bounds: every value at least 0, the sum at most [`MAXSUM`] = 412 (outcomes included: a
/// win pays 412), not constant-sum. No ordering hook: the game's moves are already in
/// MVV-LVA order (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Psi;

impl Evaluator<Chess4> for Psi {
    #[inline]
    fn evaluate(&self, _game: &Chess4, state: &State) -> Scores {
        let mut v = Scores::zeros(PLAYERS);
        for p in 0..PLAYERS {
            v[p] = state.psi(p) as Score;
        }
        v
    }

    fn bounds(&self, _game: &Chess4) -> Bounds {
        Bounds::nonnegative(PLAYERS, MAXSUM)
    }

    first_move_of_the_game!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;

    #[test]
    fn start_counts() {
        let g = Chess4::default();
        let s = g.initial();
        assert_eq!(s.material(Player::new(0)), 39);
        assert_eq!(perft(&g, &s, 1), 20);
        assert_eq!(perft(&g, &s, 2), 395);
        assert_eq!(g.perft_raw(&s, 2), 395);
        assert_eq!(std::mem::size_of::<State>(), 216);
    }
}
