//! The Focus position notation and the picture of the board.
//!
//! A position is five fields separated by single spaces:
//! `<to move> <board> <reserves> <captures> <eliminated>`. The board lists the ranks from 8
//! down to 1 separated by `/`, in each rank the board squares from file a to h separated by
//! `,`, each `.` when empty or its stack bottom to top as colour letters (`rrg`: green on top
//! of two reds). Reserves: one count per seat, comma-separated (their number is the number of
//! players). Captures: one entry per seat, comma-separated, the captured pieces as colour
//! letters in seat order (`ggb`) or `-`. Eliminated: the letters of the eliminated seats or
//! `-`.

use super::board::{self, height, make, piece_at, square, ON_BOARD};
use super::{Focus, State, COLOUR_LETTERS, COLOUR_NAMES, NO_WINNER};

/// The two-player start (Sackson's set-up).
const START_2: &str = "r .,.,.,./r,r,g,g,r,r/.,g,g,r,r,g,g,./.,r,r,g,g,r,r,./.,g,g,r,r,g,g,./\
.,r,r,g,g,r,r,./g,g,r,r,g,g/.,.,.,. 0,0 -,- -";

/// The three-player start (the project's: the four-player layout without yellow).
const START_3: &str = "r b,r,b,./.,g,.,r,g,b/r,b,r,b,b,.,r,g/.,g,.,g,r,g,b,./g,r,.,b,.,g,.,g/\
.,b,g,r,r,b,r,b/r,.,b,g,.,g/g,r,b,r 0,0,0 -,-,- -";

/// The four-player start (the project's layout, symmetric under a quarter turn and a colour
/// shift).
const START_4: &str = "r b,r,b,y/y,g,y,r,g,b/r,b,r,b,b,y,r,g/y,g,y,g,r,g,b,y/g,r,y,b,y,g,y,g/\
y,b,g,r,r,b,r,b/r,y,b,g,y,g/g,r,b,r 0,0,0,0 -,-,-,- -";

/// The start position's text for `players` players.
pub(crate) fn start(players: usize) -> &'static str {
    match players {
        2 => START_2,
        3 => START_3,
        _ => START_4,
    }
}

/// Why a Focus position's text was rejected; each names the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not five fields.
    #[error("expected 5 fields `<to move> <board> <reserves> <captures> <eliminated>`, got {0}")]
    Fields(usize),
    /// The player to move is not a seat of the game.
    #[error("the player to move must be one of {expected}, not `{found}`")]
    ToMove {
        /// The text found.
        found: String,
        /// The seats' letters.
        expected: String,
    },
    /// Not eight ranks, or a rank with the wrong number of squares.
    #[error("the board has 8 ranks separated by `/` (4, 6, 8, 8, 8, 8, 6, 4 squares): {0}")]
    Board(String),
    /// A square that is not `.` or 1 to 5 colour letters of the game.
    #[error("square {square}: `{text}` is not `.` or a stack of 1 to 5 letters of {letters}")]
    Square {
        /// The square's name.
        square: String,
        /// The text found.
        text: String,
        /// The colours of the game.
        letters: String,
    },
    /// The reserves are not one count per seat.
    #[error("reserves: expected {players} counts separated by `,`, got `{text}`")]
    Reserves {
        /// The number of players.
        players: usize,
        /// The text found.
        text: String,
    },
    /// The captures are not one entry per seat, or an entry holds a bad letter.
    #[error("captures: expected {players} entries of colour letters (or `-`) separated by `,`, got `{text}` (a seat cannot capture its own colour)")]
    Captures {
        /// The number of players.
        players: usize,
        /// The text found.
        text: String,
    },
    /// The eliminated field is not `-` or letters of seats.
    #[error("eliminated: expected `-` or letters of seats, got `{0}`")]
    Eliminated(String),
    /// The player to move is eliminated.
    #[error("the player to move ({0}) is eliminated")]
    ToMoveEliminated(&'static str),
    /// A colour's pieces do not add up.
    #[error("{colour}: {found} pieces on the board, in reserve and captured; the game has {expected} of each colour")]
    Count {
        /// The colour's name.
        colour: &'static str,
        /// The pieces found.
        found: u32,
        /// The pieces of each colour.
        expected: u32,
    },
}

fn letter_index(players: usize, c: char) -> Option<usize> {
    COLOUR_LETTERS[..players].iter().position(|&l| l == c)
}

/// Parses `text` for `game` (no settling: [`Focus::parse_position`] does that).
pub(crate) fn parse(game: &Focus, text: &str) -> Result<State, PositionError> {
    let n = game.players as usize;
    let letters: String = COLOUR_LETTERS[..n].iter().collect();
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(PositionError::Fields(fields.len()));
    }
    let mut s = State {
        stacks: [0; 64],
        tops: [0; 4],
        key: 0,
        reserves: [0; 4],
        captures: [[0; 4]; 4],
        ply: 0,
        to_move: 0,
        eliminated: 0,
        winner: NO_WINNER,
        players: n as u8,
    };
    let mut chars = fields[0].chars();
    s.to_move = match (chars.next().and_then(|c| letter_index(n, c)), chars.next()) {
        (Some(p), None) => p as u8,
        _ => {
            return Err(PositionError::ToMove {
                found: fields[0].to_string(),
                expected: letters,
            })
        }
    };
    let ranks: Vec<&str> = fields[1].split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::Board(format!("{} ranks", ranks.len())));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let y = 7 - i as u8;
        let squares: Vec<u8> = (0..8u8)
            .map(|x| square(x, y))
            .filter(|&sq| ON_BOARD >> sq & 1 == 1)
            .collect();
        let cells: Vec<&str> = rank.split(',').collect();
        if cells.len() != squares.len() {
            return Err(PositionError::Board(format!(
                "rank {} has {} squares, not {}",
                y + 1,
                cells.len(),
                squares.len()
            )));
        }
        for (&sq, &cell) in squares.iter().zip(&cells) {
            if cell == "." {
                continue;
            }
            let bad = || PositionError::Square {
                square: board::square_name(sq),
                text: cell.to_string(),
                letters: letters.clone(),
            };
            let colours: Vec<usize> = cell
                .chars()
                .map(|c| letter_index(n, c))
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            if colours.is_empty() || colours.len() > board::MAX_HEIGHT as usize {
                return Err(bad());
            }
            let packed = colours
                .iter()
                .enumerate()
                .fold(0u16, |a, (i, &c)| a | (c as u16) << (2 * i));
            s.set(sq, make(colours.len() as u32, packed));
        }
    }
    let reserves: Vec<Option<u8>> = fields[2]
        .split(',')
        .map(|t| t.parse::<u8>().ok().filter(|&r| r <= 18))
        .collect();
    if reserves.len() != n || reserves.iter().any(Option::is_none) {
        return Err(PositionError::Reserves {
            players: n,
            text: fields[2].to_string(),
        });
    }
    for (p, r) in reserves.into_iter().enumerate() {
        s.reserves[p] = r.unwrap_or(0);
    }
    let captures: Vec<&str> = fields[3].split(',').collect();
    let bad_captures = || PositionError::Captures {
        players: n,
        text: fields[3].to_string(),
    };
    if captures.len() != n {
        return Err(bad_captures());
    }
    for (p, entry) in captures.iter().enumerate() {
        if *entry == "-" {
            continue;
        }
        if entry.is_empty() || entry.chars().count() > 60 {
            return Err(bad_captures());
        }
        for c in entry.chars() {
            match letter_index(n, c) {
                Some(c) if c != p => s.captures[p][c] += 1,
                _ => return Err(bad_captures()),
            }
        }
    }
    if fields[4] != "-" {
        for c in fields[4].chars() {
            match letter_index(n, c) {
                Some(p) if s.eliminated >> p & 1 == 0 => s.eliminated |= 1 << p,
                _ => return Err(PositionError::Eliminated(fields[4].to_string())),
            }
        }
    }
    if s.is_eliminated(s.to_move as usize) {
        return Err(PositionError::ToMoveEliminated(
            COLOUR_NAMES[s.to_move as usize],
        ));
    }
    let expected = game.pieces_per_colour();
    for (c, &colour) in COLOUR_NAMES.iter().enumerate().take(n) {
        let on_board: u32 = (0..64u8)
            .map(|sq| {
                let st = s.stack(sq);
                (0..height(st)).filter(|&i| piece_at(st, i) == c).count() as u32
            })
            .sum();
        let captured: u32 = (0..n).map(|p| s.captured(p, c)).sum();
        let found = on_board + s.reserve(c) + captured;
        if found != expected {
            return Err(PositionError::Count {
                colour,
                found,
                expected,
            });
        }
    }
    Ok(s)
}

/// The text of `state` for a game of `state`'s number of players.
pub(crate) fn format(s: &State) -> String {
    let n = s.players as usize;
    let mut out = String::with_capacity(200);
    out.push(COLOUR_LETTERS[s.to_move as usize]);
    out.push(' ');
    for y in (0..8u8).rev() {
        if y != 7 {
            out.push('/');
        }
        let mut first = true;
        for x in 0..8u8 {
            let sq = square(x, y);
            if ON_BOARD >> sq & 1 == 0 {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            let st = s.stack(sq);
            if st == 0 {
                out.push('.');
            }
            for i in 0..height(st) {
                out.push(COLOUR_LETTERS[piece_at(st, i)]);
            }
        }
    }
    out.push(' ');
    let reserves: Vec<String> = (0..n).map(|p| s.reserve(p).to_string()).collect();
    out.push_str(&reserves.join(","));
    out.push(' ');
    let captures: Vec<String> = (0..n).map(|p| captured_letters(s, p)).collect();
    out.push_str(&captures.join(","));
    out.push(' ');
    let eliminated: String = (0..n)
        .filter(|&p| s.is_eliminated(p))
        .map(|p| COLOUR_LETTERS[p])
        .collect();
    out.push_str(if eliminated.is_empty() {
        "-"
    } else {
        &eliminated
    });
    out
}

/// The pieces seat `p` captured as colour letters in seat order, or `-`.
fn captured_letters(s: &State, p: usize) -> String {
    let text: String = (0..s.players as usize)
        .flat_map(|c| std::iter::repeat_n(COLOUR_LETTERS[c], s.captured(p, c) as usize))
        .collect();
    if text.is_empty() {
        "-".into()
    } else {
        text
    }
}

/// The text of `state` in `game`.
pub(crate) fn format_for(_game: &Focus, s: &State) -> String {
    format(s)
}

/// The picture: ranks 8 down to 1, each square's stack bottom to top (the owner last), then
/// the reserves, the captures, the eliminated seats and whose turn it is (or how it ended).
pub(crate) fn render(game: &Focus, s: &State, color: bool) -> String {
    const ANSI: [&str; 4] = ["\x1b[1;31m", "\x1b[1;32m", "\x1b[1;34m", "\x1b[1;33m"];
    let paint = |c: usize| -> String {
        if color {
            format!("{}{}\x1b[0m", ANSI[c], COLOUR_LETTERS[c])
        } else {
            COLOUR_LETTERS[c].to_string()
        }
    };
    let n = s.players as usize;
    let mut out = String::new();
    for y in (0..8u8).rev() {
        out.push_str(&format!("{} ", y + 1));
        for x in 0..8u8 {
            let sq = square(x, y);
            if ON_BOARD >> sq & 1 == 0 {
                out.push_str("      ");
                continue;
            }
            let st = s.stack(sq);
            let h = height(st) as usize;
            out.push_str(&" ".repeat(6 - h.max(1)));
            if h == 0 {
                out.push('.');
            }
            for i in 0..h {
                out.push_str(&paint(piece_at(st, i as u32)));
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("  ");
    for x in 0..8u8 {
        out.push_str(&format!("     {}", char::from(b'a' + x)));
    }
    out.push('\n');
    for (p, name) in COLOUR_NAMES.iter().enumerate().take(n) {
        let state = if s.is_eliminated(p) {
            " (eliminated)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{:<7} reserve {}, captured {} ({} to the goal){state}\n",
            name,
            s.reserve(p),
            captured_letters(s, p),
            game.need(s, p)
        ));
    }
    let winners = game.winners(s);
    if let Some(w) = s.winner() {
        out.push_str(&format!("{} wins\n", COLOUR_NAMES[w]));
    } else if game.is_terminal(s) {
        let names: Vec<&str> = (0..n)
            .filter(|&p| winners >> p & 1 == 1)
            .map(|p| COLOUR_NAMES[p])
            .collect();
        out.push_str(&format!(
            "ply cap reached: most captures: {}\n",
            names.join(", ")
        ));
    } else {
        out.push_str(&format!(
            "{} to move\n",
            if color {
                format!(
                    "{}{}\x1b[0m",
                    ANSI[s.to_move as usize], COLOUR_NAMES[s.to_move as usize]
                )
            } else {
                COLOUR_NAMES[s.to_move as usize].to_string()
            }
        ));
    }
    out
}
