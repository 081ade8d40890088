//! Chinese Checkers for 2, 3, 4 and 6 players on the star boards (rules in docs/games.md).
//!
//! # Board
//!
//! The star with triangle side `n` ([`board::Board`]): `n = 4` is the standard 121-hole board
//! with 10 pieces per player (the default), `n = 3` the 73-hole board with 6 pieces; `n = 2`
//! (37 holes, 3 pieces) and `n = 1` (13 holes, 1 piece) are supported too. Cells are cube
//! coordinates `(x, y, z)`, `x + y + z = 0`; a cell is a hole iff `(x <= n and y <= n and
//! z <= n) or (x >= -n and y >= -n and z >= -n)`. The **canonical cell index** is the position
//! in the list of holes sorted by `(x, y)` ascending (0..121 on the standard board; the centre
//! `(0,0,0)` is 60), and cell `i` is bit `i` of a `u128` bitboard.
//!
//! The canonical indices of the standard board ([`ChineseCheckers::cell_map`]; rows by `x`,
//! P0's goal at the top and its start at the bottom; `gametree show --cells` prints it):
//!
//! ```text
//!                                   0
//!                                 1   2
//!                               3   4   5
//!                             6   7   8   9
//!          10  11  12  13  14  15  16  17  18  19  20  21  22
//!            23  24  25  26  27  28  29  30  31  32  33  34
//!              35  36  37  38  39  40  41  42  43  44  45
//!                46  47  48  49  50  51  52  53  54  55
//!                  56  57  58  59  60  61  62  63  64
//!                65  66  67  68  69  70  71  72  73  74
//!              75  76  77  78  79  80  81  82  83  84  85
//!            86  87  88  89  90  91  92  93  94  95  96  97
//!          98  99 100 101 102 103 104 105 106 107 108 109 110
//!                           111 112 113 114
//!                             115 116 117
//!                               118 119
//!                                 120
//! ```
//!
//! # Seats
//!
//! A seat is a corner: `(axis, sign)`; the player starts on the cells with
//! `sign * c[axis] > n` and its goal is the opposite corner, `sign * c[axis] < -n`.
//!
//! | players | P0 | P1 | P2 | P3 | P4 | P5 |
//! |---|---|---|---|---|---|---|
//! | 2 | x+ | x- | | | | |
//! | 3 | x+ | y+ | z+ | | | |
//! | 4 | x+ | y+ | x- | y- | | |
//! | 6 | x+ | z- | y+ | x- | z+ | y- |
//!
//! (`x+` is the corner `x > n`, `x-` the corner `x < -n`, and so on.) With 3 players this is
//! Sturtevant's seating; with 6 the seats go round the board, and with 4 the players sit in
//! two opposite pairs, leaving the `z` corners empty; play order is P0, P1, ... in every case.
//! A piece's **distance** for its player is `d(c) = sign * c[axis] + 2n` (0 at the far tip of
//! the goal, `4n` at the tip of the start corner).
//!
//! # Moves
//!
//! A step goes to an adjacent empty hole; a hop jumps over one adjacent piece of any colour
//! into the empty hole just beyond; hops chain, may turn, and may stop anywhere; steps and
//! hops do not mix; during a chain the origin counts as empty. A move is `(from, to)` with
//! `to != from` ([`Move`]): several hop paths to one hole are one move (hop destinations are
//! found by a flood fill over a `u128` visited set). A piece inside its goal may not leave the
//! goal (a chain may pass outside but must end inside). Nothing is captured. A player with no
//! legal move passes ([`Move::PASS`], listed only then; it cannot happen from the start in
//! practice but keeps the game total).
//!
//! **Move order** (part of the specification: ties in max^n go to the first move): moves are
//! listed by rows gained toward the goal, `d(from) - d(to)`, largest first; ties by smaller
//! `from` index, then smaller `to` index. With `top = k > 0` only the first `k` moves of that
//! order are legal: the **research setting** of Sturtevant (2003), section 5.1 ("we only
//! considered the top 10 moves in our ordering at each node"). The truncation is part of
//! the game's move list, not of the evaluator's ordering hook (which may only permute), so
//! every algorithm, perft included, sees the same top-`k` tree; this is what makes plain max^n
//! with iterative deepening to depth 6 visit exactly 1,234,566 nodes from the start.
//! `top = 0` is the full game (its perft counts are in docs/games.md).
//!
//! # End
//!
//! A player wins when every cell of its goal is occupied and at least one occupant is its own
//! piece (a move by another player can complete it). The winner gets `maxsum`, everyone else
//! 0. After `cap` plies (400 by default, counted from the position the game started at) the
//! game ends with an equal share, `maxsum / N` each. `maxsum = N (N - 1) Rmax` as in the
//! evaluator ([`DistanceEval`]).
//!
//! # Keys and positions
//!
//! [`ChineseCheckers::zobrist`] is a Zobrist key (pieces and the player to move; not the ply
//! count), kept incrementally. Positions are written `"<cells of P0>/<cells of P1>/... <to
//! move>"` ([`ChineseCheckers::parse_position`], [`ChineseCheckers::format_position`]); a
//! position read or built with [`ChineseCheckers::checked_position`] must be one that play
//! can reach as far as cheap checks tell (piece counts, no overlap, at most one winner, and
//! the winner's goal entered by the last mover).

pub mod board;
mod eval;
mod position;

use std::fmt;
use std::sync::Arc;

use gametree::{Game, Player, Score, Scores, MAX_PLAYERS};

use crate::rng::SplitMix64;
use crate::spec::{Spec, SpecError};
use board::Board;

pub use eval::DistanceEval;
pub use position::PositionError;

/// "Nobody has won".
const NO_WINNER: u8 = u8::MAX;

/// The largest distance of a cell from a player's goal corner (`4 n` on the largest board,
/// `n = 4`: the 121 holes), counted in rows.
const MAX_DIST: usize = 16;

/// The default ply cap.
pub const DEFAULT_CAP: u32 = 400;

/// The largest ply cap. A game's line is at most `cap` plies long, so a search of it
/// recurses at most that deep; 10,000 plies is the deepest search the command line runs
/// (its stack and its principal-variation table, which grows with the square of the depth,
/// are sized for it: `docs/limits.md`).
pub const MAX_CAP: u32 = 10_000;

/// The exploration constant of MCTS tuned for Chinese Checkers (docs/mcts.md, *Tuning the
/// exploration constant*): the distance evaluator's values, scaled to rewards, differ by a
/// few hundredths between moves, so UCB1's `sqrt 2` would make the search flat Monte Carlo.
pub const MCTS_EXPLORATION: f64 = 0.05;

/// The default top-k width of the research setting.
pub const DEFAULT_TOP: usize = 10;

/// A move: `(from, to)` canonical cell indices, or [`Move::PASS`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// The pass, legal only when the player to move has no other move.
    pub const PASS: Move = Move(u16::MAX);

    /// The move of the piece on `from` to `to`.
    #[inline]
    pub const fn new(from: u8, to: u8) -> Move {
        Move(((from as u16) << 8) | to as u16)
    }

    /// The origin (meaningless for [`Move::PASS`]).
    #[inline]
    pub const fn from(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The destination (meaningless for [`Move::PASS`]).
    #[inline]
    pub const fn to(self) -> u8 {
        self.0 as u8
    }

    /// Whether this is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == u16::MAX
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            write!(f, "pass")
        } else {
            write!(f, "{}-{}", self.from(), self.to())
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A position: one bitboard per player, the union, the player to move, the ply count, the
/// winner, each player's distance sum and sideways sum, and the Zobrist key. `Copy`, 144
/// bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pieces: [u128; MAX_PLAYERS],
    occupied: u128,
    key: u64,
    dist: [i16; MAX_PLAYERS],
    /// Each player's sideways steps, [`ChineseCheckers::sideways`] (at most 4 a piece).
    side: [u8; MAX_PLAYERS],
    ply: u16,
    to_move: u8,
    winner: u8,
}

impl State {
    /// The pieces of player `p` as a bitboard (bit = canonical cell index).
    #[inline]
    pub fn pieces(&self, p: Player) -> u128 {
        self.pieces[p.index()]
    }

    /// Every piece on the board.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.occupied
    }

    /// Plies played since the start position (or the position given).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// The winner, if a player has won.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        (self.winner != NO_WINNER).then(|| Player::new(self.winner as usize))
    }

    /// The sum of the distances `d(c)` of `p`'s pieces (see the module documentation).
    #[inline]
    pub fn distance(&self, p: Player) -> i64 {
        self.dist[p.index()] as i64
    }

    /// Who holds cell `c`, if anyone.
    pub fn at(&self, c: u8) -> Option<Player> {
        if c >= 128 || self.occupied >> c & 1 == 0 {
            return None;
        }
        (0..MAX_PLAYERS)
            .find(|&p| self.pieces[p] >> c & 1 == 1)
            .map(Player::new)
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChineseCheckers(")?;
        let players = self
            .pieces
            .iter()
            .rposition(|&b| b != 0)
            .map_or(0, |i| i + 1);
        for p in 0..players.max(self.to_move as usize + 1) {
            if p > 0 {
                write!(f, "/")?;
            }
            let mut b = self.pieces[p];
            let mut first = true;
            while b != 0 {
                if !first {
                    write!(f, ",")?;
                }
                first = false;
                write!(f, "{}", b.trailing_zeros())?;
                b &= b - 1;
            }
        }
        write!(f, " {}; ply {})", self.to_move, self.ply)
    }
}

/// A corner of the star: the player starts where `sign * c[axis] > n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// 0 for x, 1 for y, 2 for z.
    pub axis: usize,
    /// +1 or -1.
    pub sign: i8,
}

/// The seat table of the module documentation.
pub fn seats(players: usize) -> Option<&'static [Seat]> {
    const fn s(axis: usize, sign: i8) -> Seat {
        Seat { axis, sign }
    }
    const TWO: [Seat; 2] = [s(0, 1), s(0, -1)];
    const THREE: [Seat; 3] = [s(0, 1), s(1, 1), s(2, 1)];
    const FOUR: [Seat; 4] = [s(0, 1), s(1, 1), s(0, -1), s(1, -1)];
    const SIX: [Seat; 6] = [s(0, 1), s(2, -1), s(1, 1), s(0, -1), s(2, 1), s(1, -1)];
    match players {
        2 => Some(&TWO),
        3 => Some(&THREE),
        4 => Some(&FOUR),
        6 => Some(&SIX),
        _ => None,
    }
}

/// The precomputed tables of one game (board size and player count).
#[derive(Debug)]
struct Tables {
    board: Board,
    players: usize,
    pieces: u32,
    start: [u128; MAX_PLAYERS],
    goal: [u128; MAX_PLAYERS],
    /// `dist[p][c]`: the distance of cell `c` for player `p`.
    dist: [[u8; 128]; MAX_PLAYERS],
    /// The player whose goal holds cell `c`, or [`NO_WINNER`].
    goal_owner: [u8; 128],
    /// `nearer[p][d]`: the cells at a distance below `d` for player `p`.
    nearer: [[u128; MAX_DIST + 2]; MAX_PLAYERS],
    /// `extra[p][c]`: the sideways steps of cell `c` for player `p`, the steps beyond its
    /// rows to the tip of its goal (not 0 only in the two corners beside the goal; at most
    /// `n`).
    extra: [[u8; 128]; MAX_PLAYERS],
    zobrist: [[u64; 128]; MAX_PLAYERS],
    zobrist_side: [u64; MAX_PLAYERS],
    rmax: Score,
    dgoal: Score,
}

/// Chinese Checkers (see the module documentation). Cheap to clone (the tables are shared).
#[derive(Clone, Debug)]
pub struct ChineseCheckers {
    t: Arc<Tables>,
    top: usize,
    cap: u32,
}

/// A configuration that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The player count is not 2, 3, 4 or 6.
    #[error("Chinese Checkers is played by 2, 3, 4 or 6 players, not {0}")]
    Players(usize),
    /// The board is not 121, 73, 37 or 13 holes.
    #[error("board must be 121, 73, 37 or 13 holes (triangle side 4, 3, 2 or 1), not {0}")]
    Board(usize),
    /// The ply cap is out of range.
    #[error("the ply cap must be 1 to {MAX_CAP} (the deepest search supported), not {0}")]
    Cap(u32),
}

impl ChineseCheckers {
    /// The game for `players` (2, 3, 4 or 6) on the board of `holes` holes (121, 73, 37 or
    /// 13), keeping the first `top` moves of the ordering at every node (0: all moves), with a
    /// ply cap of `cap` plies.
    pub fn new(
        players: usize,
        holes: usize,
        top: usize,
        cap: u32,
    ) -> Result<ChineseCheckers, ConfigError> {
        let seat = seats(players).ok_or(ConfigError::Players(players))?;
        let n: i8 = match holes {
            121 => 4,
            73 => 3,
            37 => 2,
            13 => 1,
            _ => return Err(ConfigError::Board(holes)),
        };
        if !(1..=MAX_CAP).contains(&cap) {
            return Err(ConfigError::Cap(cap));
        }
        let board = Board::new(n);
        let mut start = [0u128; MAX_PLAYERS];
        let mut goal = [0u128; MAX_PLAYERS];
        let mut dist = [[0u8; 128]; MAX_PLAYERS];
        let mut goal_owner = [NO_WINNER; 128];
        // `rows[p][d]`: the cells at distance `d` for player `p`.
        let mut rows = [[0u128; MAX_DIST + 1]; MAX_PLAYERS];
        let mut nearer = [[0u128; MAX_DIST + 2]; MAX_PLAYERS];
        let mut extra = [[0u8; 128]; MAX_PLAYERS];
        for (p, s) in seat.iter().enumerate() {
            start[p] = board.corner(s.axis, s.sign);
            goal[p] = board.corner(s.axis, -s.sign);
            // The tip of the goal: -2n on the seat's axis, n on the other two (times sign).
            let mut tip = [s.sign * n; 3];
            tip[s.axis] = -2 * s.sign * n;
            for (c, xyz) in board.coords.iter().enumerate() {
                dist[p][c] = (s.sign * xyz[s.axis] + 2 * n) as u8;
                rows[p][dist[p][c] as usize] |= 1u128 << c;
                let steps = (0..3).map(|a| (xyz[a] - tip[a]).abs()).max().unwrap_or(0);
                extra[p][c] = (steps - dist[p][c] as i8).max(0) as u8;
            }
            for d in 1..=MAX_DIST + 1 {
                nearer[p][d] = nearer[p][d - 1] | rows[p][d - 1];
            }
            let mut g = goal[p];
            while g != 0 {
                goal_owner[g.trailing_zeros() as usize] = p as u8;
                g &= g - 1;
            }
        }
        let mut rng = SplitMix64::new(0xC4EC_4E55);
        let mut zobrist = [[0u64; 128]; MAX_PLAYERS];
        for row in zobrist.iter_mut() {
            for z in row.iter_mut() {
                *z = rng.next_u64();
            }
        }
        let mut zobrist_side = [0u64; MAX_PLAYERS];
        for z in zobrist_side.iter_mut() {
            *z = rng.next_u64();
        }
        let nn = n as Score;
        let dgoal: Score = (1..=nn).map(|k| k * (k - 1)).sum();
        let dmax: Score = (1..=nn).map(|k| k * (4 * nn - k + 1)).sum();
        let pieces = (n as u32) * (n as u32 + 1) / 2;
        Ok(ChineseCheckers {
            t: Arc::new(Tables {
                board,
                players,
                pieces,
                start,
                goal,
                dist,
                goal_owner,
                nearer,
                extra,
                zobrist,
                zobrist_side,
                rmax: dmax - dgoal,
                dgoal,
            }),
            top,
            cap,
        })
    }

    /// The standard setting: 3 players, 121 holes, all moves (`top = 0`), cap 400.
    pub fn standard() -> ChineseCheckers {
        ChineseCheckers::new(3, 121, 0, DEFAULT_CAP).expect("valid configuration")
    }

    /// Sturtevant's research setting: 3 players, 121 holes, the top 10 moves, cap 400.
    pub fn research() -> ChineseCheckers {
        ChineseCheckers::new(3, 121, DEFAULT_TOP, DEFAULT_CAP).expect("valid configuration")
    }

    /// The game of a spec `chinese-checkers(players=3,board=121,top=10,cap=400)`; every
    /// parameter optional (defaults: 3 players, 121 holes, top 10, cap 400); `top=0` or
    /// `top=all` is the full game.
    pub fn from_spec(spec: &Spec) -> Result<ChineseCheckers, SpecError> {
        let players = spec.get_in("players", 3usize, 2..=6)?;
        let holes = spec.get("board", 121usize)?;
        let top = match spec.raw("top") {
            None => DEFAULT_TOP,
            Some("all") => 0,
            Some(v) => v
                .parse::<usize>()
                .map_err(|e| spec.bad_value("top", v, format_args!("{e} (a number or `all`)")))?,
        };
        let cap = spec.get("cap", DEFAULT_CAP)?;
        spec.finish()?;
        ChineseCheckers::new(players, holes, top, cap).map_err(|e| spec.error(e.to_string()))
    }

    /// The spec text of this game (parsed back by [`ChineseCheckers::from_spec`]).
    pub fn spec(&self) -> String {
        format!(
            "chinese-checkers(players={},board={},top={},cap={})",
            self.t.players,
            self.t.board.cells(),
            if self.top == 0 {
                "all".to_string()
            } else {
                self.top.to_string()
            },
            self.cap
        )
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.t.board
    }

    /// The triangle side `n`.
    pub fn side(&self) -> i64 {
        self.t.board.n as i64
    }

    /// The number of holes.
    pub fn holes(&self) -> usize {
        self.t.board.cells()
    }

    /// Pieces per player, `n (n + 1) / 2`.
    pub fn pieces_per_player(&self) -> usize {
        self.t.pieces as usize
    }

    /// The top-k width (0: all moves).
    pub fn top(&self) -> usize {
        self.top
    }

    /// The ply cap.
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// The same game with another top-k width (0: all moves).
    pub fn with_top(&self, top: usize) -> ChineseCheckers {
        ChineseCheckers {
            t: Arc::clone(&self.t),
            top,
            cap: self.cap,
        }
    }

    /// The same game with another ply cap (clamped to 1 to [`MAX_CAP`]).
    pub fn with_cap(&self, cap: u32) -> ChineseCheckers {
        ChineseCheckers {
            t: Arc::clone(&self.t),
            top: self.top,
            cap: cap.clamp(1, MAX_CAP),
        }
    }

    /// The start corner of `p`.
    pub fn start(&self, p: Player) -> u128 {
        self.t.start[p.index()]
    }

    /// The goal corner of `p`.
    pub fn goal(&self, p: Player) -> u128 {
        self.t.goal[p.index()]
    }

    /// The distance `d(c)` of cell `c` for player `p`.
    pub fn cell_distance(&self, p: Player, c: u8) -> i64 {
        self.t.dist[p.index()][c as usize] as i64
    }

    /// The steps from cell `c` to the tip of `p`'s goal: [`ChineseCheckers::cell_distance`]
    /// plus the sideways distance, which is not 0 only in the two corners beside the goal
    /// (at most `n` there). The evaluation's distance ([`DistanceEval`]).
    pub fn tip_distance(&self, p: Player, c: u8) -> i64 {
        self.cell_distance(p, c) + i64::from(self.t.extra[p.index()][c as usize])
    }

    /// The sum over `p`'s pieces of their sideways distances (see
    /// [`ChineseCheckers::tip_distance`]), kept in the state by every move.
    #[inline]
    pub fn sideways(&self, state: &State, p: Player) -> i64 {
        i64::from(state.side[p.index()])
    }

    /// [`ChineseCheckers::sideways`] computed from the pieces: each piece's sideways steps
    /// (tests).
    #[cfg(test)]
    pub(crate) fn sideways_plain(&self, state: &State, p: Player) -> i64 {
        let mut m = state.pieces[p.index()];
        let mut sum = 0;
        while m != 0 {
            sum += i64::from(self.t.extra[p.index()][m.trailing_zeros() as usize]);
            m &= m - 1;
        }
        sum
    }

    /// `Rmax`, the largest remaining distance (120 for n = 4, 56 for n = 3).
    pub fn rmax(&self) -> Score {
        self.t.rmax
    }

    /// `D_goal`, the smallest distance sum (20 for n = 4).
    pub fn dgoal(&self) -> Score {
        self.t.dgoal
    }

    /// `maxsum = N (N - 1) Rmax` (720 for 3 players on the standard board).
    pub fn maxsum(&self) -> Score {
        let n = self.t.players as Score;
        n * (n - 1) * self.t.rmax
    }

    /// The Zobrist key of `state`: the pieces of every player and the player to move.
    #[inline]
    pub fn zobrist(&self, state: &State) -> u64 {
        state.key
    }

    /// The Zobrist key computed from scratch (equals [`ChineseCheckers::zobrist`]).
    pub fn zobrist_full(&self, state: &State) -> u64 {
        let mut k = self.t.zobrist_side[state.to_move as usize];
        for p in 0..self.t.players {
            let mut b = state.pieces[p];
            while b != 0 {
                k ^= self.t.zobrist[p][b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        k
    }

    /// The position with `pieces[p]` for each player and `to_move` to play (ply 0): the
    /// distance sums, key and winner are computed. Nothing is checked: the caller guarantees
    /// disjoint pieces on the board (bits outside the board are dropped), which lets tests
    /// build partial positions. [`ChineseCheckers::checked_position`] is the checked form,
    /// and [`ChineseCheckers::parse_position`] uses it for the text form.
    pub fn position(&self, pieces: &[u128], to_move: Player) -> State {
        let mut s = State {
            pieces: [0; MAX_PLAYERS],
            occupied: 0,
            key: 0,
            dist: [0; MAX_PLAYERS],
            side: [0; MAX_PLAYERS],
            ply: 0,
            to_move: to_move.index() as u8,
            winner: NO_WINNER,
        };
        for (p, &b) in pieces.iter().enumerate().take(self.t.players) {
            let b = b & self.t.board.all;
            s.pieces[p] = b;
            s.occupied |= b;
            let mut m = b;
            while m != 0 {
                s.dist[p] += self.t.dist[p][m.trailing_zeros() as usize] as i16;
                s.side[p] += self.t.extra[p][m.trailing_zeros() as usize];
                m &= m - 1;
            }
        }
        s.key = self.zobrist_full(&s);
        s.winner = (0..self.t.players)
            .find(|&p| self.has_won(&s, p))
            .map_or(NO_WINNER, |p| p as u8);
        s
    }

    #[inline]
    fn has_won(&self, s: &State, p: usize) -> bool {
        let g = self.t.goal[p];
        s.occupied & g == g && s.pieces[p] & g != 0
    }

    /// The destinations of the piece on `from` for the player `p` (steps or hop chains, the
    /// goal rule applied), as a bit mask.
    #[inline]
    pub fn destinations(&self, state: &State, p: Player, from: u8) -> u128 {
        let t = &*self.t;
        let bit = 1u128 << from;
        let occ = state.occupied & !bit;
        let steps = t.board.neighbour_mask[from as usize] & !occ;
        let mut visited = bit;
        let mut frontier = bit;
        while frontier != 0 {
            let c = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let hops = &t.board.hop_masks[c];
            for &(over, land) in &hops[..t.board.hop_count[c] as usize] {
                if occ & over != 0 && (occ | visited) & land == 0 {
                    visited |= land;
                    frontier |= land;
                }
            }
        }
        let mut dest = steps | (visited & !bit);
        let goal = t.goal[p.index()];
        if bit & goal != 0 {
            dest &= goal;
        }
        dest
    }

    /// Appends every legal move of `state` (no pass, no top-k cut) in raw order: by `from`,
    /// then by `to`. Returns the number appended.
    pub fn raw_moves(&self, state: &State, out: &mut Vec<Move>) -> usize {
        let p = Player::new(state.to_move as usize);
        let before = out.len();
        let mut mine = state.pieces[p.index()];
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let mut dest = self.destinations(state, p, from);
            while dest != 0 {
                out.push(Move::new(from, dest.trailing_zeros() as u8));
                dest &= dest - 1;
            }
        }
        out.len() - before
    }

    /// The number of legal moves of a non-terminal `state` without the top-k cut (a pass
    /// counts as one), without building the list: perft's last ply.
    pub fn count_moves(&self, state: &State) -> u64 {
        if self.is_terminal(state) {
            return 0;
        }
        let p = Player::new(state.to_move as usize);
        let mut mine = state.pieces[p.index()];
        let mut total = 0;
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            total += self.destinations(state, p, from).count_ones() as u64;
        }
        total.max(1)
    }

    /// Perft of the full game (no top-k cut), counted with unordered move generation and
    /// [`ChineseCheckers::count_moves`] at the last ply: the raw move-generation speed. Equals
    /// [`crate::perft::perft`] on the same game with `top = 0`.
    pub fn perft_raw(&self, state: &State, depth: u32) -> u64 {
        let mut buf = Vec::with_capacity(4096);
        self.perft_raw_rec(state, depth, &mut buf)
    }

    fn perft_raw_rec(&self, state: &State, depth: u32, buf: &mut Vec<Move>) -> u64 {
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
        if self.raw_moves(state, buf) == 0 {
            buf.push(Move::PASS);
        }
        let end = buf.len();
        let mut total = 0;
        for i in start..end {
            let child = self.play(state, buf[i]);
            total += self.perft_raw_rec(&child, depth - 1, buf);
        }
        buf.truncate(start);
        total
    }

    /// The ordering key of a move of player `p`: smaller is earlier (rows gained toward the
    /// goal, largest first; then `from`, then `to`). [`Game::moves`] lists moves in this order
    /// (without sorting).
    #[inline]
    pub fn order_key(&self, p: Player, m: Move) -> u32 {
        let d = &self.t.dist[p.index()];
        let gain = d[m.from() as usize] as i32 - d[m.to() as usize] as i32;
        (((64 - gain) as u32) << 16) | m.0 as u32
    }

    /// The first move [`Game::moves`] lists in `state` (the largest gain toward the goal,
    /// the smallest `from` then `to` among equals; a pass when no piece can move), found
    /// without listing the others; `None` in a terminal position. The evaluator's
    /// [`gametree::Evaluator::first_move`] (BRS+'s forced moves) is this.
    pub fn first_move(&self, state: &State) -> Option<Move> {
        if self.is_terminal(state) {
            return None;
        }
        let t = &*self.t;
        let p = state.to_move as usize;
        let player = Player::new(p);
        let dist = &t.dist[p];
        // (gain, move) of the best move so far. The pieces come by increasing `from`, so a
        // later piece replaces it only with more gain: only its destinations nearer the goal
        // than `dist[from] - gain` count, and a piece with none is passed over (without its
        // destinations when even the goal's tip would not be nearer). A player has at most
        // ten pieces, under the sixteen `Game::moves` looks at.
        let mut best: Option<(i32, Move)> = None;
        let mut mine = state.pieces[p];
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let df = dist[from as usize] as i32;
            let below = match best {
                None => MAX_DIST as i32 + 1,
                Some((gain, _)) => df - gain,
            };
            if below <= 0 {
                continue;
            }
            let mut d = self.destinations(state, player, from) & t.nearer[p][below as usize];
            // The nearest destination to the goal, the smallest cell among equals: the
            // piece's largest gain.
            let mut nearest: Option<(u8, u8)> = None;
            while d != 0 {
                let to = d.trailing_zeros() as u8;
                d &= d - 1;
                if nearest.is_none_or(|(r, _)| dist[to as usize] < r) {
                    nearest = Some((dist[to as usize], to));
                }
            }
            if let Some((r, to)) = nearest {
                best = Some((df - r as i32, Move::new(from, to)));
            }
        }
        Some(best.map_or(Move::PASS, |(_, m)| m))
    }

    /// Whether the game is over (a winner, or the ply cap reached).
    #[inline]
    pub fn is_terminal(&self, state: &State) -> bool {
        state.winner != NO_WINNER || state.ply as u32 >= self.cap
    }
}

impl gametree::hash::Zobrist for ChineseCheckers {
    /// The Zobrist key (pieces and player to move) mixed with the ply (the 400-ply cap ends
    /// the game) and the winner, by [`crate::rng::mix64`].
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        crate::rng::mix64(
            state.key ^ crate::rng::mix64(state.ply as u64 | (state.winner as u64) << 16),
        )
    }
}

impl Game for ChineseCheckers {
    type State = State;
    type Move = Move;

    /// [`MCTS_EXPLORATION`]: the constant tuned by the grid of docs/mcts.md.
    fn mcts_exploration(&self) -> Option<f64> {
        Some(MCTS_EXPLORATION)
    }

    /// `from * 128 + to` (cells are below 128), the pass `128 * 128 - 1`.
    fn move_key(&self, mv: Move) -> Option<usize> {
        Some(if mv == Move::PASS {
            128 * 128 - 1
        } else {
            mv.from() as usize * 128 + mv.to() as usize
        })
    }

    #[inline]
    fn players(&self) -> usize {
        self.t.players
    }

    fn initial(&self) -> State {
        let starts: Vec<u128> = self.t.start[..self.t.players].to_vec();
        self.position(&starts, Player::new(0))
    }

    #[inline]
    fn to_move(&self, state: &State) -> Player {
        Player::new(state.to_move as usize)
    }

    fn moves(&self, state: &State, out: &mut Vec<Move>) {
        if self.is_terminal(state) {
            return;
        }
        // Destinations of every piece (by increasing `from`), then the moves by gain, largest
        // first, each gain by `from` and `to` ascending: the documented order without a sort.
        let t = &*self.t;
        let p = state.to_move as usize;
        let player = Player::new(p);
        let mut froms = [0u8; 16];
        let mut dests = [0u128; 16];
        let mut pieces = 0;
        let mut total = 0;
        let mut mine = state.pieces[p];
        while mine != 0 && pieces < 16 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let d = self.destinations(state, player, from);
            if d != 0 {
                froms[pieces] = from;
                dests[pieces] = d;
                total += d.count_ones() as usize;
                pieces += 1;
            }
        }
        if total == 0 {
            out.push(Move::PASS);
            return;
        }
        let want = if self.top == 0 {
            total
        } else {
            total.min(self.top)
        };
        // A counting sort on the gain `dist[from] - dist[to]` (bucket `dmax - gain`, the
        // largest gain first): the pieces by increasing `from` and each piece's destinations
        // by increasing `to` fill every bucket in that order; only the first `want` places
        // are written.
        let start = out.len();
        let dmax = 4 * t.board.n as usize;
        let dist = &t.dist[p];
        let mut next = [0u16; 2 * MAX_DIST + 2];
        for i in 0..pieces {
            let base = dmax - dist[froms[i] as usize] as usize;
            let mut m = dests[i];
            while m != 0 {
                next[base + dist[m.trailing_zeros() as usize] as usize + 1] += 1;
                m &= m - 1;
            }
        }
        for b in 1..next.len() {
            next[b] += next[b - 1];
        }
        out.resize(start + want, Move::PASS);
        let placed = &mut out[start..];
        for i in 0..pieces {
            let from = froms[i];
            let base = dmax - dist[from as usize] as usize;
            let mut m = dests[i];
            while m != 0 {
                let to = m.trailing_zeros() as u8;
                m &= m - 1;
                let slot = &mut next[base + dist[to as usize] as usize];
                if let Some(place) = placed.get_mut(*slot as usize) {
                    *place = Move::new(from, to);
                }
                *slot += 1;
            }
        }
    }

    #[inline]
    fn play(&self, state: &State, mv: Move) -> State {
        let t = &*self.t;
        let p = state.to_move as usize;
        let next = if p + 1 == t.players { 0 } else { p + 1 };
        let mut s = *state;
        s.to_move = next as u8;
        s.ply = state.ply.saturating_add(1);
        s.key ^= t.zobrist_side[p] ^ t.zobrist_side[next];
        if mv.is_pass() {
            return s;
        }
        let (from, to) = (mv.from() as usize, mv.to() as usize);
        let flip = (1u128 << from) | (1u128 << to);
        s.pieces[p] ^= flip;
        s.occupied ^= flip;
        s.key ^= t.zobrist[p][from] ^ t.zobrist[p][to];
        s.dist[p] += t.dist[p][to] as i16 - t.dist[p][from] as i16;
        // Wrapping: a move that is not the mover's (outside `play`'s contract, but a
        // best-reply line replayed in turn order for its move names does it) leaves the
        // sums meaningless, as it does `dist`, without a panic.
        s.side[p] = s.side[p]
            .wrapping_add(t.extra[p][to])
            .wrapping_sub(t.extra[p][from]);
        let owner = t.goal_owner[to];
        if owner != NO_WINNER && s.winner == NO_WINNER && self.has_won(&s, owner as usize) {
            s.winner = owner;
        }
        s
    }

    fn outcome(&self, state: &State) -> Option<Scores> {
        if state.winner != NO_WINNER {
            let mut s = Scores::zeros(self.t.players);
            s[state.winner as usize] = self.maxsum();
            Some(s)
        } else if state.ply as u32 >= self.cap {
            Some(Scores::splat(
                self.t.players,
                self.maxsum() / self.t.players as Score,
            ))
        } else {
            None
        }
    }

    /// True when the ply cap ended the game without a winner (the equal shares of the
    /// outcome are a settlement, not a result of play).
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

/// Chinese Checkers eliminates nobody: every player can be handed the turn in any
/// non-terminal position (best-reply search relies on it).
impl gametree::SetToMove for ChineseCheckers {
    /// `state` with `player` to move (pieces, ply count and winner unchanged; the Zobrist key
    /// follows the side to move), or `None` if `state` is terminal.
    #[inline]
    fn set_to_move(&self, state: &State, player: Player) -> Option<State> {
        if self.is_terminal(state) || player.index() >= self.t.players {
            return None;
        }
        let mut s = *state;
        let p = player.index();
        s.key ^= self.t.zobrist_side[state.to_move as usize] ^ self.t.zobrist_side[p];
        s.to_move = p as u8;
        Some(s)
    }

    /// Handing the turn to the player already to move changes nothing.
    const TO_MOVE_KEEPS_TURN: bool = true;
}

#[cfg(test)]
mod tests;
