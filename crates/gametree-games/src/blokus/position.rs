//! The Blokus position notation and the picture of the board.
//!
//! A position is three fields separated by single spaces: `<to move> <rows> <pieces left>`.
//! Rows: ranks 20 down to 1 separated by `/`, 20 characters each (`.`, `b`, `y`, `r`, `g`).
//! Pieces left: four lists in the order blue/yellow/red/green separated by `/`, each the
//! unplaced pieces' names in canonical order separated by `,`, `-` when every piece is
//! placed, `*` when every piece is placed and the monomino was the last.

use super::pieces::{size, NAMES, PIECES, SIDE, TOTAL_SQUARES};
use super::{zobrist, Blokus, State, ALL_PIECES, COLOUR_LETTERS, COLOUR_NAMES};

/// Why a Blokus position's text was rejected; each names the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not three fields.
    #[error("expected 3 fields `<to move> <rows> <pieces left>`, got {0}")]
    Fields(usize),
    /// The colour to move is not `b`, `y`, `r` or `g`.
    #[error("the colour to move must be b, y, r or g, not `{0}`")]
    ToMove(String),
    /// Not 20 rows of 20 cells.
    #[error("the board is 20 rows of 20 cells separated by `/`: {0}")]
    Rows(String),
    /// A cell that is not `.`, `b`, `y`, `r` or `g`.
    #[error("rank {rank}: bad cell `{found}` (expected `.`, `b`, `y`, `r` or `g`)")]
    Cell {
        /// The rank (1..20).
        rank: usize,
        /// The character found.
        found: char,
    },
    /// The pieces-left field is malformed.
    #[error("pieces left: {0}")]
    Pieces(String),
    /// A colour's cells do not match its placed pieces.
    #[error("{colour}: {cells} cells on the board, but its placed pieces cover {placed}")]
    Count {
        /// The colour's name.
        colour: &'static str,
        /// Its cells on the board.
        cells: u32,
        /// The squares of its placed pieces.
        placed: u32,
    },
}

/// Parses `text` (no settling: [`Blokus::parse_position`] does that).
pub(crate) fn parse(text: &str) -> Result<State, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 3 {
        return Err(PositionError::Fields(fields.len()));
    }
    let mut s = Blokus::default_initial();
    let mut chars = fields[0].chars();
    s.to_move = match (
        chars
            .next()
            .and_then(|c| COLOUR_LETTERS.iter().position(|&l| l == c)),
        chars.next(),
    ) {
        (Some(k), None) => k as u8,
        _ => return Err(PositionError::ToMove(fields[0].to_string())),
    };
    let rows: Vec<&str> = fields[1].split('/').collect();
    if rows.len() != SIDE {
        return Err(PositionError::Rows(format!("{} rows", rows.len())));
    }
    for (i, row) in rows.iter().enumerate() {
        let y = SIDE - 1 - i;
        if row.chars().count() != SIDE {
            return Err(PositionError::Rows(format!(
                "rank {} has {} cells",
                y + 1,
                row.chars().count()
            )));
        }
        for (x, ch) in row.chars().enumerate() {
            if ch == '.' {
                continue;
            }
            let k = COLOUR_LETTERS
                .iter()
                .position(|&l| l == ch)
                .ok_or(PositionError::Cell {
                    rank: y + 1,
                    found: ch,
                })?;
            s.rows[k][y] |= 1 << x;
            s.key ^= zobrist(k, (y * SIDE + x) as u16);
        }
    }
    let lists: Vec<&str> = fields[2].split('/').collect();
    if lists.len() != 4 {
        return Err(PositionError::Pieces(format!(
            "expected 4 lists separated by `/`, got {}",
            lists.len()
        )));
    }
    for (k, list) in lists.iter().enumerate() {
        let left = match *list {
            "-" => 0,
            "*" => {
                s.mono_last |= 1 << k;
                0
            }
            _ => {
                let mut left = 0u32;
                for name in list.split(',') {
                    let p = NAMES.iter().position(|&n| n == name).ok_or_else(|| {
                        PositionError::Pieces(format!(
                            "{}: `{name}` is not a piece ({})",
                            COLOUR_NAMES[k],
                            NAMES.join(", ")
                        ))
                    })?;
                    if left >> p & 1 == 1 {
                        return Err(PositionError::Pieces(format!(
                            "{}: {name} is listed twice",
                            COLOUR_NAMES[k]
                        )));
                    }
                    left |= 1 << p;
                }
                left
            }
        };
        s.left[k] = left;
        let placed = TOTAL_SQUARES
            - (0..PIECES)
                .filter(|&p| left >> p & 1 == 1)
                .map(size)
                .sum::<u32>();
        let cells = s.squares_placed(k);
        if cells != placed {
            return Err(PositionError::Count {
                colour: COLOUR_NAMES[k],
                cells,
                placed,
            });
        }
    }
    Ok(s)
}

/// The text of `s`.
pub(crate) fn format(s: &State) -> String {
    let mut out = String::with_capacity(500);
    out.push(COLOUR_LETTERS[s.to_move as usize]);
    out.push(' ');
    for y in (0..SIDE).rev() {
        for x in 0..SIDE {
            out.push(
                s.colour_at((y * SIDE + x) as u16)
                    .map_or('.', |k| COLOUR_LETTERS[k]),
            );
        }
        if y > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    for k in 0..4 {
        if k > 0 {
            out.push('/');
        }
        out.push_str(&pieces_left(s, k));
    }
    out
}

/// Colour `k`'s unplaced pieces as the notation writes them.
fn pieces_left(s: &State, k: usize) -> String {
    if s.left[k] == 0 {
        return if s.monomino_last(k) { "*" } else { "-" }.into();
    }
    let names: Vec<&str> = (0..PIECES)
        .filter(|&p| s.left[k] >> p & 1 == 1)
        .map(|p| NAMES[p])
        .collect();
    names.join(",")
}

/// The picture: ranks 20 down to 1 with the files under them, each cell `.` or its colour's
/// letter (on a coloured background when `color` is set); then each colour's pieces left
/// and value, and whose turn it is.
pub(crate) fn render(game: &Blokus, s: &State, color: bool) -> String {
    const ANSI: [&str; 4] = ["\x1b[44;97m", "\x1b[43;30m", "\x1b[41;97m", "\x1b[42;30m"];
    let mut out = String::new();
    for y in (0..SIDE).rev() {
        out.push_str(&format!("{:>2} ", y + 1));
        for x in 0..SIDE {
            match s.colour_at((y * SIDE + x) as u16) {
                None => out.push_str(" ."),
                Some(k) if color => {
                    out.push(' ');
                    out.push_str(ANSI[k]);
                    out.push(COLOUR_LETTERS[k]);
                    out.push_str("\x1b[0m");
                }
                Some(k) => {
                    out.push(' ');
                    out.push(COLOUR_LETTERS[k]);
                }
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..SIDE as u8 {
        out.push(' ');
        out.push(char::from(b'a' + x));
    }
    out.push('\n');
    let values = game.values(s);
    for k in 0..4 {
        let stuck = if s.done >> k & 1 == 1 {
            " (cannot place)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{:<6} value {:>3}, pieces left: {}{stuck}\n",
            COLOUR_NAMES[k],
            values[k],
            pieces_left(s, k)
        ));
    }
    if s.is_over() {
        out.push_str("game over: no colour can place\n");
    } else {
        out.push_str(&format!("{} to move\n", COLOUR_NAMES[s.to_move as usize]));
    }
    out
}

impl Blokus {
    /// The empty board with every piece unplaced, blue to move (not settled).
    pub(crate) fn default_initial() -> State {
        State {
            rows: [[0; SIDE]; 4],
            key: 0,
            left: [ALL_PIECES; 4],
            to_move: 0,
            done: 0,
            mono_last: 0,
        }
    }
}
