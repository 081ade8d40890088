//! Position notation and the picture of the board.
//!
//! A position is one line, `<to move> <red>/<blue>/<yellow>/<green>`: the player to move as
//! `r`, `b`, `y` or `g`, then the four sides in seat order, each a comma-separated list of
//! pieces written as a letter (`K Q R B N P`) and a square (`a1`..`n14`), or `-` for an
//! eliminated side. [`format`] lists each side's pieces by square index.

use super::board::{
    self, kind, owner, piece, square_name, CELLS, KING, LETTERS, MATERIAL, NONE, PAWN, PLAYERS,
    TABLES,
};
use super::{State, MAX_MATERIAL};

/// The start position.
pub(crate) const START: &str = "r Rd1,Ne1,Bf1,Qg1,Kh1,Bi1,Nj1,Rk1,Pd2,Pe2,Pf2,Pg2,Ph2,Pi2,Pj2,Pk2/\
Ra4,Pb4,Na5,Pb5,Ba6,Pb6,Ka7,Pb7,Qa8,Pb8,Ba9,Pb9,Na10,Pb10,Ra11,Pb11/\
Pd13,Pe13,Pf13,Pg13,Ph13,Pi13,Pj13,Pk13,Rd14,Ne14,Bf14,Kg14,Qh14,Bi14,Nj14,Rk14/\
Pm4,Rn4,Pm5,Nn5,Pm6,Bn6,Pm7,Qn7,Pm8,Kn8,Pm9,Bn9,Pm10,Nn10,Pm11,Rn11";

/// The seat letters.
const SEATS: [char; PLAYERS] = ['r', 'b', 'y', 'g'];

/// Why a position's text was rejected; each names the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not `<to move> <sides>`.
    #[error("expected `<r|b|y|g> <red>/<blue>/<yellow>/<green>`, got `{0}`")]
    Shape(String),
    /// The player to move is not `r`, `b`, `y` or `g`.
    #[error("the player to move must be r, b, y or g, not `{0}`")]
    ToMove(String),
    /// Not four sides.
    #[error("expected 4 sides separated by `/`, got {0}")]
    Sides(usize),
    /// A piece is not a letter and a square.
    #[error("{side}: `{text}` is not a piece (a letter K, Q, R, B, N or P and a square a1..n14)")]
    Piece {
        /// The side's name.
        side: &'static str,
        /// The text read.
        text: String,
    },
    /// A square named twice.
    #[error("{side}: square {square} is taken twice")]
    Twice {
        /// The side's name.
        side: &'static str,
        /// The square.
        square: String,
    },
    /// A live side without exactly one king.
    #[error("{side}: a live side has exactly one king, not {kings}")]
    Kings {
        /// The side's name.
        side: &'static str,
        /// The number of kings.
        kings: usize,
    },
    /// A pawn where no pawn of its side can stand.
    #[error(
        "{side}: a pawn cannot stand on {square} (behind its start line or on its eighth rank)"
    )]
    Pawn {
        /// The side's name.
        side: &'static str,
        /// The square.
        square: String,
    },
    /// More pieces or material than play can give a side.
    #[error("{side}: more than 16 pieces, 8 pawns or {MAX_MATERIAL} points of material")]
    TooMuch {
        /// The side's name.
        side: &'static str,
    },
    /// The player to move is eliminated.
    #[error("the player to move ({0}) is eliminated")]
    Eliminated(&'static str),
}

/// The seat names.
const NAMES: [&str; PLAYERS] = ["red", "blue", "yellow", "green"];

/// An empty board: nobody to move, everyone live, nothing placed.
pub(crate) fn empty() -> State {
    State {
        board: [0; CELLS],
        key: 0,
        kings: [NONE; PLAYERS],
        psi_check: [0; PLAYERS],
        ply: 0,
        to_move: 0,
        alive: 15,
    }
}

/// Whether a pawn of `p` may stand on `sq`: not behind its start line, not on or beyond its
/// eighth rank.
fn pawn_square(p: usize, sq: u8) -> bool {
    let (x, y) = (board::file(sq), board::rank(sq));
    let along = match p {
        0 => y,
        1 => x,
        2 => 13 - y,
        _ => 13 - x,
    };
    (1..=6).contains(&along)
}

/// Reads a position (not settled: the caller passes the turn on if the mover cannot move).
pub(crate) fn parse(text: &str) -> Result<State, PositionError> {
    let text = text.trim();
    let (mover, sides) = text
        .split_once(char::is_whitespace)
        .ok_or_else(|| PositionError::Shape(text.to_string()))?;
    let sides = sides.trim();
    let to_move = match mover {
        "r" => 0,
        "b" => 1,
        "y" => 2,
        "g" => 3,
        _ => return Err(PositionError::ToMove(mover.to_string())),
    };
    let parts: Vec<&str> = sides.split('/').collect();
    if parts.len() != PLAYERS {
        return Err(PositionError::Sides(parts.len()));
    }
    let mut s = empty();
    s.to_move = to_move as u8;
    for (p, part) in parts.iter().enumerate() {
        let side = NAMES[p];
        let part = part.trim();
        if part == "-" {
            s.alive &= !(1 << p);
            continue;
        }
        let (mut kings, mut pawns, mut count, mut material) = (0, 0, 0, 0u32);
        for item in part.split(',') {
            let item = item.trim();
            let bad = || PositionError::Piece {
                side,
                text: item.to_string(),
            };
            let mut chars = item.chars();
            let letter = chars.next().ok_or_else(bad)?;
            let k = LETTERS[1..]
                .iter()
                .position(|&l| l as char == letter)
                .ok_or_else(bad)? as u8
                + 1;
            let sq = board::parse_square(chars.as_str()).ok_or_else(bad)?;
            if s.board[sq as usize] != 0 {
                return Err(PositionError::Twice {
                    side,
                    square: square_name(sq),
                });
            }
            if k == PAWN && !pawn_square(p, sq) {
                return Err(PositionError::Pawn {
                    side,
                    square: square_name(sq),
                });
            }
            kings += (k == KING) as usize;
            pawns += (k == PAWN) as usize;
            count += 1;
            material += MATERIAL[k as usize] as u32;
            if count > 16 || pawns > 8 || material > MAX_MATERIAL {
                return Err(PositionError::TooMuch { side });
            }
            if kings <= 1 {
                s.put(sq, piece(p, k));
            }
        }
        if kings != 1 {
            return Err(PositionError::Kings { side, kings });
        }
    }
    if s.alive >> to_move & 1 == 0 {
        return Err(PositionError::Eliminated(NAMES[to_move]));
    }
    s.set_checks(super::movegen::checks_of(&s));
    Ok(s)
}

/// Writes a position in the notation [`parse`] reads, each side's pieces by square index.
pub(crate) fn format(s: &State) -> String {
    let mut out = String::with_capacity(300);
    out.push(SEATS[s.to_move as usize % PLAYERS]);
    out.push(' ');
    for p in 0..PLAYERS {
        if p > 0 {
            out.push('/');
        }
        if s.alive >> p & 1 == 0 {
            out.push('-');
            continue;
        }
        let mut first = true;
        for &sq in &TABLES.squares {
            let c = s.board[sq as usize];
            if c != 0 && owner(c) == p {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push(LETTERS[kind(c) as usize] as char);
                out.push_str(&square_name(sq));
            }
        }
    }
    out
}

/// The board as 14 lines (rank 14 at the top) plus a file line: each square two characters,
/// the seat letter and the piece letter (`rK` Red's king), `.` for an empty square and blank
/// for a removed corner; with `color`, each piece in its player's ANSI colour instead of the
/// seat letter.
pub(crate) fn render(s: &State, color: bool) -> String {
    const ANSI: [&str; PLAYERS] = ["\x1b[31m", "\x1b[34m", "\x1b[33m", "\x1b[32m"];
    let mut out = String::new();
    for y in (0..14).rev() {
        out.push_str(&format!("{:>2} ", y + 1));
        for x in 0..14 {
            if !board::on_board(x, y) {
                out.push_str("   ");
                continue;
            }
            let c = s.board[board::square(x, y) as usize];
            if c == 0 {
                out.push_str(" . ");
            } else if color {
                out.push(' ');
                out.push_str(ANSI[owner(c)]);
                out.push(LETTERS[kind(c) as usize] as char);
                out.push_str("\x1b[0m ");
            } else {
                out.push(SEATS[owner(c)]);
                out.push(LETTERS[kind(c) as usize] as char);
                out.push(' ');
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..14u8 {
        out.push_str(&format!(" {} ", (b'a' + x) as char));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
