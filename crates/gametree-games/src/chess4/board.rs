//! The board of four-player chess: squares, pieces and the precomputed move tables.
//!
//! A square is its index `y * 14 + x` (`x` the file a..n, `y` the rank 1..14 less one); the
//! twelve squares of each 3 x 3 corner are off the board. The tables are built once, at
//! compile time, by walking a mailbox of 18 x 18 cells: the board with a border of two
//! off-board cells on each side, so that a knight's jump or a slide leaves the board onto a
//! border cell without any bounds test. What the walks find is stored per square: each of
//! the eight rays as the list of board squares it crosses (a slide stops at the edge or a
//! removed corner), and the knight's and the king's landing squares. The move generator and
//! the attack test only read these lists.

/// Files and ranks.
pub const SIDE: usize = 14;
/// Square indices `0..CELLS` (`y * 14 + x`), board squares and removed corners alike.
pub const CELLS: usize = SIDE * SIDE;
/// The number of board squares.
pub const SQUARES: usize = 160;
/// "No square".
pub const NONE: u8 = u8::MAX;

/// The players: Red (south), Blue (west), Yellow (north), Green (east), in turn order.
pub const PLAYERS: usize = 4;

/// A pawn.
pub const PAWN: u8 = 1;
/// A knight.
pub const KNIGHT: u8 = 2;
/// A bishop.
pub const BISHOP: u8 = 3;
/// A rook.
pub const ROOK: u8 = 4;
/// A queen.
pub const QUEEN: u8 = 5;
/// A king.
pub const KING: u8 = 6;

/// A piece code: `0` is an empty square, otherwise `owner << 3 | kind` plus 8, so that the
/// kind is `code & 7` (1..=6) and the owner `(code >> 3) - 1` (0..4).
#[inline]
pub const fn piece(owner: usize, kind: u8) -> u8 {
    (((owner as u8) + 1) << 3) | kind
}

/// The kind (1..=6) of a piece code (0 for an empty square).
#[inline]
pub const fn kind(code: u8) -> u8 {
    code & 7
}

/// The owner of a (non-empty) piece code.
#[inline]
pub const fn owner(code: u8) -> usize {
    ((code >> 3) - 1) as usize
}

/// Free-space material (Fridenfalk's psi) of a kind: P 1, N 3, B 3, R 5, Q 9, K 0.
pub const MATERIAL: [u8; 7] = [0, 1, 3, 3, 5, 9, 0];

/// The letter of a kind.
pub const LETTERS: [u8; 7] = *b".PNBRQK";

/// Whether `(x, y)` is a board square.
#[inline]
pub const fn on_board(x: i32, y: i32) -> bool {
    x >= 0
        && y >= 0
        && x < SIDE as i32
        && y < SIDE as i32
        && !((x < 3 || x > 10) && (y < 3 || y > 10))
}

/// The file `x` of a square.
#[inline]
pub const fn file(sq: u8) -> i32 {
    (sq as usize % SIDE) as i32
}

/// The rank `y` (0-based) of a square.
#[inline]
pub const fn rank(sq: u8) -> i32 {
    (sq as usize / SIDE) as i32
}

/// The square at `(x, y)` (which must be on the 14 x 14 grid).
#[inline]
pub const fn square(x: i32, y: i32) -> u8 {
    (y as usize * SIDE + x as usize) as u8
}

/// The eight directions: four orthogonal (indices 0..4) then four diagonal (4..8).
pub const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

// The opposite of direction `d` is `d ^ 2` (the legality test's rays back to the king).
const _: () = {
    let mut d = 0;
    while d < 8 {
        assert!(DIRS[d].0 == -DIRS[d ^ 2].0 && DIRS[d].1 == -DIRS[d ^ 2].1);
        d += 1;
    }
};

/// Each player's forward direction: Red +y, Blue +x, Yellow -y, Green -x.
pub const FORWARD: [(i32, i32); PLAYERS] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The mailbox width: the board plus a border of two cells on each side.
const MAILBOX: i32 = SIDE as i32 + 4;

/// The mailbox: `true` on cells that are board squares (border and corners are `false`).
const fn mailbox() -> [bool; (MAILBOX * MAILBOX) as usize] {
    let mut m = [false; (MAILBOX * MAILBOX) as usize];
    let mut y = 0;
    while y < SIDE as i32 {
        let mut x = 0;
        while x < SIDE as i32 {
            if on_board(x, y) {
                m[((y + 2) * MAILBOX + x + 2) as usize] = true;
            }
            x += 1;
        }
        y += 1;
    }
    m
}

/// [`Tables::line`]'s mark of two squares on no common ray (and not a knight's jump apart).
pub const NO_LINE: u8 = 8;

/// [`Tables::line`]'s mark of two squares a knight's jump apart (on no common ray either).
pub const KNIGHT_JUMP: u8 = 9;

/// The precomputed tables (built at compile time).
pub struct Tables {
    /// Board squares in increasing index order.
    pub squares: [u8; SQUARES],
    /// Whether a square index is a board square.
    pub board: [bool; CELLS],
    /// `rays[sq][dir]`: the squares along direction `dir` from `sq`, nearest first, padded
    /// with [`NONE`]; `ray_len[sq][dir]` of them are real.
    pub rays: [[[u8; 13]; 8]; CELLS],
    /// The number of squares on each ray.
    pub ray_len: [[u8; 8]; CELLS],
    /// `line[a][b]`: the direction of the ray from `a` that passes through `b`;
    /// [`KNIGHT_JUMP`] when `b` is a knight's landing square from `a`; else [`NO_LINE`]
    /// (the pin test of move legality, and which squares can change the attacks on a king).
    pub line: [[u8; CELLS]; CELLS],
    /// The knight's landing squares (padded with [`NONE`]).
    pub knight: [[u8; 8]; CELLS],
    /// The number of knight landing squares.
    pub knight_len: [u8; CELLS],
    /// The king's landing squares (padded with [`NONE`]), nearest neighbours in [`DIRS`]
    /// order.
    pub king: [[u8; 8]; CELLS],
    /// The number of king landing squares.
    pub king_len: [u8; CELLS],
    /// `push[p][sq]`: the square one step forward for a pawn of `p`, or [`NONE`].
    pub push: [[u8; CELLS]; PLAYERS],
    /// `double[p][sq]`: the double-step target for a pawn of `p` on its start line, or
    /// [`NONE`].
    pub double: [[u8; CELLS]; PLAYERS],
    /// `capture[p][sq]`: the two diagonal-forward squares of a pawn of `p` ([`NONE`] if off).
    pub capture: [[[u8; 2]; CELLS]; PLAYERS],
    /// `promote[p][sq]`: whether `sq` is on the eighth rank of `p`.
    pub promote: [[bool; CELLS]; PLAYERS],
    /// `pawn_dir[q][dir]`: whether a pawn of `q` standing one step along diagonal `dir`
    /// from a square attacks that square.
    pub pawn_dir: [[bool; 8]; PLAYERS],
    /// Zobrist keys per piece code (0..64) and square.
    pub zobrist: [[u64; CELLS]; 64],
    /// Zobrist keys for the player to move.
    pub zobrist_side: [u64; PLAYERS],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether a square is on the start line of player `p`'s pawns.
pub const fn start_line(p: usize, x: i32, y: i32) -> bool {
    match p {
        0 => y == 1,
        1 => x == 1,
        2 => y == 12,
        _ => x == 12,
    }
}

/// Whether a square is on the eighth rank of player `p` (where its pawns promote).
pub const fn eighth(p: usize, x: i32, y: i32) -> bool {
    match p {
        0 => y == 7,
        1 => x == 7,
        2 => y == 6,
        _ => x == 6,
    }
}

/// The mailbox cell of `(x, y)` (`-2..16` on each axis): `true` on a board square.
const fn cell(mb: &[bool; (MAILBOX * MAILBOX) as usize], x: i32, y: i32) -> bool {
    mb[((y + 2) * MAILBOX + x + 2) as usize]
}

impl Tables {
    const fn new() -> Tables {
        let mb = mailbox();
        let mut t = Tables {
            squares: [0; SQUARES],
            board: [false; CELLS],
            rays: [[[NONE; 13]; 8]; CELLS],
            ray_len: [[0; 8]; CELLS],
            line: [[NO_LINE; CELLS]; CELLS],
            knight: [[NONE; 8]; CELLS],
            knight_len: [0; CELLS],
            king: [[NONE; 8]; CELLS],
            king_len: [0; CELLS],
            push: [[NONE; CELLS]; PLAYERS],
            double: [[NONE; CELLS]; PLAYERS],
            capture: [[[NONE; 2]; CELLS]; PLAYERS],
            promote: [[false; CELLS]; PLAYERS],
            pawn_dir: [[false; 8]; PLAYERS],
            zobrist: [[0; CELLS]; 64],
            zobrist_side: [0; PLAYERS],
        };
        let mut n = 0;
        let mut sq = 0;
        while sq < CELLS {
            let (x, y) = ((sq % SIDE) as i32, (sq / SIDE) as i32);
            if cell(&mb, x, y) {
                t.board[sq] = true;
                t.squares[n] = sq as u8;
                n += 1;
                let mut d = 0;
                while d < 8 {
                    let (dx, dy) = DIRS[d];
                    let (mut cx, mut cy) = (x + dx, y + dy);
                    let mut len = 0;
                    while cell(&mb, cx, cy) {
                        t.rays[sq][d][len] = square(cx, cy);
                        t.line[sq][square(cx, cy) as usize] = d as u8;
                        len += 1;
                        cx += dx;
                        cy += dy;
                    }
                    t.ray_len[sq][d] = len as u8;
                    if cell(&mb, x + dx, y + dy) {
                        t.king[sq][t.king_len[sq] as usize] = square(x + dx, y + dy);
                        t.king_len[sq] += 1;
                    }
                    let (jx, jy) = KNIGHT_JUMPS[d];
                    if cell(&mb, x + jx, y + jy) {
                        t.line[sq][square(x + jx, y + jy) as usize] = KNIGHT_JUMP;
                        t.knight[sq][t.knight_len[sq] as usize] = square(x + jx, y + jy);
                        t.knight_len[sq] += 1;
                    }
                    d += 1;
                }
                let mut p = 0;
                while p < PLAYERS {
                    let (fx, fy) = FORWARD[p];
                    t.promote[p][sq] = eighth(p, x, y);
                    if cell(&mb, x + fx, y + fy) {
                        t.push[p][sq] = square(x + fx, y + fy);
                        if start_line(p, x, y) && cell(&mb, x + 2 * fx, y + 2 * fy) {
                            t.double[p][sq] = square(x + 2 * fx, y + 2 * fy);
                        }
                    }
                    // Sideways: the forward direction turned a quarter either way.
                    let (sx, sy) = (fy, fx);
                    if cell(&mb, x + fx + sx, y + fy + sy) {
                        t.capture[p][sq][0] = square(x + fx + sx, y + fy + sy);
                    }
                    if cell(&mb, x + fx - sx, y + fy - sy) {
                        t.capture[p][sq][1] = square(x + fx - sx, y + fy - sy);
                    }
                    p += 1;
                }
            }
            sq += 1;
        }
        // A pawn of q one step along diagonal d from a square attacks it iff the step back
        // (-d) is forward for q plus one sideways.
        let mut q = 0;
        while q < PLAYERS {
            let (fx, fy) = FORWARD[q];
            let mut d = 4;
            while d < 8 {
                let (dx, dy) = DIRS[d];
                t.pawn_dir[q][d] = if fx == 0 { -dy == fy } else { -dx == fx };
                d += 1;
            }
            q += 1;
        }
        let mut seed: u64 = 0xC4E5_5F0A_2014;
        let mut c = 0;
        while c < 64 {
            let mut s = 0;
            while s < CELLS {
                t.zobrist[c][s] = splitmix(&mut seed);
                s += 1;
            }
            c += 1;
        }
        let mut p = 0;
        while p < PLAYERS {
            t.zobrist_side[p] = splitmix(&mut seed);
            p += 1;
        }
        t
    }
}

/// The tables, built at compile time.
pub static TABLES: Tables = Tables::new();

/// The name of a square, `a1`..`n14`.
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + file(sq) as u8) as char, rank(sq) + 1)
}

/// The board square named `text` (`a1`..`n14`), if it is one (`None` for a removed corner or
/// anything else).
pub fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    let (&f, r) = b.split_first()?;
    if !(b'a'..=b'n').contains(&f) || r.is_empty() || r.len() > 2 || r[0] == b'0' {
        return None;
    }
    if !r.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let y: i32 = r.iter().fold(0, |a, &d| a * 10 + (d - b'0') as i32) - 1;
    let x = (f - b'a') as i32;
    (y < SIDE as i32 && on_board(x, y)).then(|| square(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_hundred_sixty_squares_and_tables() {
        let t = &TABLES;
        assert_eq!(t.board.iter().filter(|&&b| b).count(), SQUARES);
        // Knight from d3 jumps across the removed corner to b4.
        let d3 = parse_square("d3").unwrap();
        let b4 = parse_square("b4").unwrap();
        assert!(t.knight[d3 as usize][..t.knight_len[d3 as usize] as usize].contains(&b4));
        // A rook on d1 slides north 13 squares, east 7 and stops at the corners.
        let d1 = parse_square("d1").unwrap() as usize;
        assert_eq!(t.ray_len[d1][0], 13);
        assert_eq!(t.ray_len[d1][1], 7);
        assert_eq!(t.ray_len[d1][3], 0);
        assert_eq!(parse_square("a1"), None);
        assert_eq!(parse_square("n14"), None);
        assert_eq!(parse_square("d01"), None);
        assert_eq!(square_name(parse_square("k14").unwrap()), "k14");
        assert_eq!(
            t.double[0][parse_square("d2").unwrap() as usize],
            parse_square("d4").unwrap()
        );
    }
}
