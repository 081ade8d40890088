//! Positions as text, and the terminal picture of the board.
//!
//! The text form is `"<cells of P0>/<cells of P1>/... <to move>"`: one slash-separated list
//! per player, each a comma-separated list of canonical cell indices, then a space and the
//! seat of the player to move (`0` when omitted). Example: the standard 3-player start is
//! `ChineseCheckers::format_position` of `initial()`.

use std::fmt::Write as _;

use gametree::{Game, Player, MAX_PLAYERS};

use super::{ChineseCheckers, State};

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The number of slash-separated lists is not the number of players.
    #[error("expected {expected} slash-separated lists of cells (one per player), found {found}")]
    Players {
        /// Lists found.
        found: usize,
        /// Players of the game.
        expected: usize,
    },
    /// A cell that is not a number.
    #[error("player {player}: `{text}` is not a cell number")]
    BadCell {
        /// The player whose list holds it.
        player: usize,
        /// The text.
        text: String,
    },
    /// A cell number not on the board.
    #[error("player {player}: unknown cell {cell} (the board has cells 0 to {last})")]
    UnknownCell {
        /// The player whose list holds it.
        player: usize,
        /// The number.
        cell: u64,
        /// The largest cell index.
        last: usize,
    },
    /// A cell given twice.
    #[error("cell {cell} is given twice (players {first} and {second})")]
    Duplicate {
        /// The cell.
        cell: usize,
        /// The first player listing it.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A player with the wrong number of pieces.
    #[error("player {player} has {found} pieces, expected {expected}")]
    PieceCount {
        /// The player.
        player: usize,
        /// Pieces given.
        found: usize,
        /// Pieces per player on this board.
        expected: usize,
    },
    /// The player to move is not a seat.
    #[error("bad player to move `{text}`: expected a seat 0 to {last}")]
    BadPlayer {
        /// The text.
        text: String,
        /// The largest seat.
        last: usize,
    },
    /// Something after the player to move.
    #[error("unexpected `{0}` after the player to move")]
    Trailing(String),
    /// Nothing at all.
    #[error("empty position")]
    Empty,
    /// Pieces on bits that are not holes of this board (only from
    /// [`ChineseCheckers::checked_position`]'s bitboards; the text form names cells).
    #[error("player {player} has pieces outside the board (bits {bits:#x})")]
    OffBoard {
        /// The player.
        player: usize,
        /// The offending bits.
        bits: u128,
    },
    /// Two players have won at once.
    #[error(
        "players {first} and {second} have both won: play stops at the first win, so no play reaches this"
    )]
    TwoWinners {
        /// The first winner.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A winner whose win the last move cannot have made.
    #[error(
        "player {winner} has won, but the last mover (player {last}) has no piece in player {winner}'s goal: \
         the winning move puts a piece there, so no play reaches this"
    )]
    StaleWin {
        /// The winner.
        winner: usize,
        /// The player who moved last (the one before the player to move).
        last: usize,
    },
}

impl ChineseCheckers {
    /// Reads a position written as `"<cells of P0>/<cells of P1>/... <to move>"` (see the
    /// module documentation) and checks it with [`ChineseCheckers::checked_position`]: the
    /// ply count starts at 0.
    ///
    /// The text must have one list per player; every cell is a canonical index of this
    /// board, given once; the player to move is a seat (`0` when omitted; `P1` is read as
    /// `1`). Errors name the player and the cell or count at fault.
    pub fn parse_position(&self, text: &str) -> Result<State, PositionError> {
        let mut tokens = text.split_whitespace();
        let lists = tokens.next().ok_or(PositionError::Empty)?;
        let players = self.players();
        let last_seat = players - 1;
        let to_move = match tokens.next() {
            None => 0,
            Some(t) => {
                let t2 = t.strip_prefix(['P', 'p']).unwrap_or(t);
                match t2.parse::<usize>() {
                    Ok(p) if p < players => p,
                    _ => {
                        return Err(PositionError::BadPlayer {
                            text: t.to_string(),
                            last: last_seat,
                        })
                    }
                }
            }
        };
        if let Some(t) = tokens.next() {
            return Err(PositionError::Trailing(t.to_string()));
        }
        let parts: Vec<&str> = lists.split('/').collect();
        if parts.len() != players {
            return Err(PositionError::Players {
                found: parts.len(),
                expected: players,
            });
        }
        let holes = self.holes();
        let mut owner = [u8::MAX; 128];
        let mut pieces = [0u128; MAX_PLAYERS];
        for (p, part) in parts.iter().enumerate() {
            for cell in part.split(',').filter(|c| !c.trim().is_empty()) {
                let cell = cell.trim();
                let c: u64 = cell.parse().map_err(|_| PositionError::BadCell {
                    player: p,
                    text: cell.to_string(),
                })?;
                if c >= holes as u64 {
                    return Err(PositionError::UnknownCell {
                        player: p,
                        cell: c,
                        last: holes - 1,
                    });
                }
                let c = c as usize;
                if owner[c] != u8::MAX {
                    return Err(PositionError::Duplicate {
                        cell: c,
                        first: owner[c] as usize,
                        second: p,
                    });
                }
                owner[c] = p as u8;
                pieces[p] |= 1u128 << c;
            }
        }
        self.checked_position(&pieces[..players], Player::new(to_move))
    }

    /// The position with `pieces[p]` for each player and `to_move` to play (ply 0), like
    /// [`ChineseCheckers::position`], after checking that some play of this game reaches it.
    ///
    /// A position is accepted when all of these hold (each is cheap, and each failure has
    /// its own [`PositionError`]):
    ///
    /// - one bitboard per player, every bit a hole of the board;
    /// - no hole held by two players;
    /// - every player has exactly [`ChineseCheckers::pieces_per_player`] pieces (nothing is
    ///   ever captured or added);
    /// - at most one player has won (the game ends at the first win);
    /// - if a player has won, the player who moved last (the one before `to_move`) has a
    ///   piece in the winner's goal: only a move into that goal can complete it.
    ///
    /// Anything else is accepted: whether a legal sequence of moves leads to an arbitrary
    /// placement is not checked (it would need a search); such positions still obey every
    /// rule from there on.
    pub fn checked_position(
        &self,
        pieces: &[u128],
        to_move: Player,
    ) -> Result<State, PositionError> {
        let players = self.players();
        if pieces.len() != players {
            return Err(PositionError::Players {
                found: pieces.len(),
                expected: players,
            });
        }
        if to_move.index() >= players {
            return Err(PositionError::BadPlayer {
                text: to_move.index().to_string(),
                last: players - 1,
            });
        }
        let all = self.board().all;
        let mut seen = 0u128;
        for (p, &b) in pieces.iter().enumerate() {
            if b & !all != 0 {
                return Err(PositionError::OffBoard {
                    player: p,
                    bits: b & !all,
                });
            }
            if b & seen != 0 {
                let cell = (b & seen).trailing_zeros() as usize;
                let first = (0..p).find(|&q| pieces[q] >> cell & 1 == 1).unwrap_or(0);
                return Err(PositionError::Duplicate {
                    cell,
                    first,
                    second: p,
                });
            }
            seen |= b;
            let found = b.count_ones() as usize;
            if found != self.pieces_per_player() {
                return Err(PositionError::PieceCount {
                    player: p,
                    found,
                    expected: self.pieces_per_player(),
                });
            }
        }
        let state = self.position(pieces, to_move);
        let mut winners = (0..players).filter(|&p| self.has_won(&state, p));
        if let Some(winner) = winners.next() {
            if let Some(second) = winners.next() {
                return Err(PositionError::TwoWinners {
                    first: winner,
                    second,
                });
            }
            let last = (to_move.index() + players - 1) % players;
            if pieces[last] & self.goal(Player::new(winner)) == 0 {
                return Err(PositionError::StaleWin { winner, last });
            }
        }
        Ok(state)
    }

    /// The text form of `state`, read back by [`ChineseCheckers::parse_position`].
    pub fn format_position(&self, state: &State) -> String {
        let mut out = String::new();
        for p in 0..self.players() {
            if p > 0 {
                out.push('/');
            }
            let mut b = state.pieces(Player::new(p));
            let mut first = true;
            while b != 0 {
                if !first {
                    out.push(',');
                }
                first = false;
                let _ = write!(out, "{}", b.trailing_zeros());
                b &= b - 1;
            }
        }
        let _ = write!(out, " {}", self.to_move(state).index());
        out
    }

    /// A map of the canonical cell indices, drawn like [`Game::render`].
    pub fn cell_map(&self) -> String {
        draw(self, |c| format!("{c:>3}"), 3)
    }
}

const COLOURS: [&str; MAX_PLAYERS] = ["31", "32", "33", "34", "35", "36"];

/// Draws the star with `cell(c)` (a string of `width` columns) for each hole: rows by `x`
/// (P0's goal at the top, its start at the bottom), columns by `y - z`.
fn draw(game: &ChineseCheckers, cell: impl Fn(usize) -> String, width: usize) -> String {
    let b = game.board();
    let n = b.n as i32;
    let mut out = String::new();
    for x in -2 * n..=2 * n {
        let mut line = String::new();
        let mut col = 0i32; // next free half-cell column
        for (i, c) in b.coords.iter().enumerate() {
            if c[0] as i32 != x {
                continue;
            }
            let h = c[1] as i32 - c[2] as i32 + 4 * n; // 0..=8n
            while col < h {
                line.push_str(&" ".repeat(width.div_ceil(2)));
                col += 1;
            }
            line.push_str(&cell(i));
            col += 2;
            // A cell takes two half-columns: the spacing already includes the second.
            if width.div_ceil(2) * 2 > width {
                line.push(' ');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

pub(super) fn render(game: &ChineseCheckers, state: &State, color: bool) -> String {
    let mut out = draw(
        game,
        |c| match state.at(c as u8) {
            None => ".".to_string(),
            Some(p) if color => format!("\x1b[1;{}m{}\x1b[0m", COLOURS[p.index()], p.index()),
            Some(p) => p.index().to_string(),
        },
        1,
    );
    let mover = game.to_move(state).index();
    let _ = write!(out, "ply {}, ", state.ply());
    match (state.winner(), game.is_terminal(state)) {
        (Some(w), _) => {
            let _ = writeln!(out, "{w} has won");
        }
        (None, true) => {
            let _ = writeln!(out, "ply cap reached: equal shares");
        }
        (None, false) => {
            let _ = writeln!(out, "P{mover} to move");
        }
    }
    out
}
