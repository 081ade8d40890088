//! Move generation: pseudo-legal moves from the tables, the attack test from the king's
//! square outward, and legality by making the move on one scratch board per node.

use super::board::{
    kind, owner, BISHOP, CELLS, KING, KNIGHT, NONE, NO_LINE, PAWN, QUEEN, ROOK, TABLES,
};
use super::{Move, State};

/// Whether square `sq` of `board` is attacked by a piece of any player other than `p`
/// (every piece on the board belongs to a live player: an eliminated player's pieces have
/// left it). Walks outward from `sq`: each ray to its first piece, the knight squares, and
/// the pawns one diagonal step away whose capture direction points at `sq`.
pub(crate) fn attacked(board: &[u8; CELLS], sq: u8, p: usize) -> bool {
    let t = &TABLES;
    let s = sq as usize;
    if (0..8).any(|d| ray_attacks(board, s, d, p)) {
        return true;
    }
    for &n in &t.knight[s][..t.knight_len[s] as usize] {
        let c = board[n as usize];
        if kind(c) == KNIGHT && owner(c) != p {
            return true;
        }
    }
    false
}

/// Whether the first piece along direction `d` from square `s` belongs to a player other
/// than `p` and attacks `s` along that ray: a rook or queen on a straight ray, a bishop or
/// queen on a diagonal, a king next to `s`, or a pawn next to `s` whose capture points at it.
#[inline]
fn ray_attacks(board: &[u8; CELLS], s: usize, d: usize, p: usize) -> bool {
    let t = &TABLES;
    let len = t.ray_len[s][d] as usize;
    for (i, &r) in t.rays[s][d][..len].iter().enumerate() {
        let c = board[r as usize];
        if c == 0 {
            continue;
        }
        if owner(c) == p {
            return false;
        }
        let k = kind(c);
        return if d < 4 {
            k == ROOK || k == QUEEN || (i == 0 && k == KING)
        } else {
            k == BISHOP
                || k == QUEEN
                || (i == 0 && (k == KING || (k == PAWN && t.pawn_dir[owner(c)][d])))
        };
    }
    false
}

/// Calls `f(from, to)` for every pseudo-legal move of player `p` (the rules of movement,
/// king safety not tested), by increasing `from`; stops early when `f` returns `false`.
/// Returns `false` iff stopped early.
#[inline]
pub(crate) fn pseudo(board: &[u8; CELLS], p: usize, mut f: impl FnMut(u8, u8) -> bool) -> bool {
    // The board eight squares at a time: the squares of `p`'s pieces in increasing order.
    for (w, chunk) in board.chunks(8).enumerate() {
        let mut mine = own_bytes(chunk, p);
        while mine != 0 {
            let from = (w * 8 + (mine.trailing_zeros() / 8) as usize) as u8;
            mine &= mine - 1;
            if !piece_moves(board, p, from, &mut f) {
                return false;
            }
        }
    }
    true
}

/// One bit per square of `chunk` (up to eight squares, the high bit of each square's byte)
/// that holds a piece of player `p`: the owner field of every byte compared at once.
#[inline(always)]
fn own_bytes(chunk: &[u8], p: usize) -> u64 {
    const LOW3: u64 = 0x0707_0707_0707_0707;
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut bytes = [0u8; 8];
    bytes[..chunk.len()].copy_from_slice(chunk);
    let w = u64::from_le_bytes(bytes);
    // Each byte's owner field (code >> 3: 0 empty, owner + 1 otherwise) minus `p + 1`:
    // a zero byte where `p` owns the square. The exact zero-byte test (no borrow between
    // bytes): the high bit of a byte is set iff the byte is zero.
    let x = (w >> 3 & LOW3) ^ (ONES * (p as u64 + 1));
    !((x & LOW7).wrapping_add(LOW7) | x | LOW7)
}

/// Calls `f(from, to)` for every pseudo-legal move of `p`'s piece on `from` ([`pseudo`]'s
/// step); `false` iff `f` stopped it.
#[inline(always)]
fn piece_moves(
    board: &[u8; CELLS],
    p: usize,
    from: u8,
    f: &mut impl FnMut(u8, u8) -> bool,
) -> bool {
    let t = &TABLES;
    let c = board[from as usize];
    {
        let s = from as usize;
        match kind(c) {
            PAWN => {
                let one = t.push[p][s];
                if one != NONE && board[one as usize] == 0 {
                    if !f(from, one) {
                        return false;
                    }
                    let two = t.double[p][s];
                    if two != NONE && board[two as usize] == 0 && !f(from, two) {
                        return false;
                    }
                }
                for &to in &t.capture[p][s] {
                    if to != NONE {
                        let v = board[to as usize];
                        if v != 0 && owner(v) != p && !f(from, to) {
                            return false;
                        }
                    }
                }
            }
            KNIGHT | KING => {
                let (list, len) = if kind(c) == KNIGHT {
                    (&t.knight[s], t.knight_len[s])
                } else {
                    (&t.king[s], t.king_len[s])
                };
                for &to in &list[..len as usize] {
                    let v = board[to as usize];
                    if (v == 0 || owner(v) != p) && !f(from, to) {
                        return false;
                    }
                }
            }
            k => {
                let dirs = match k {
                    BISHOP => 4..8,
                    ROOK => 0..4,
                    _ => 0..8,
                };
                for d in dirs {
                    let len = t.ray_len[s][d] as usize;
                    for &to in &t.rays[s][d][..len] {
                        let v = board[to as usize];
                        if v == 0 {
                            if !f(from, to) {
                                return false;
                            }
                            continue;
                        }
                        if owner(v) != p && !f(from, to) {
                            return false;
                        }
                        break;
                    }
                }
            }
        }
    }
    true
}

/// The legality test of one node: whether a pseudo-legal move of the player to move leaves
/// its king safe. Built once per node ([`Legality::of`]: one attack test of the king's
/// square), then each move costs at most one ray walk unless the king is in check.
pub(crate) struct Legality<'a> {
    state: &'a State,
    /// `state`'s board, changed by a move under test and restored after it.
    scratch: [u8; CELLS],
    p: usize,
    king: u8,
    in_check: bool,
}

impl<'a> Legality<'a> {
    /// The test for the player to move in `state`.
    #[inline]
    pub(crate) fn of(state: &'a State) -> Legality<'a> {
        let p = state.to_move as usize;
        let king = state.kings[p];
        Legality {
            state,
            scratch: state.board,
            p,
            king,
            in_check: attacked(&state.board, king, p),
        }
    }

    /// Whether the pseudo-legal move `from-to` is legal: its king is not attacked afterwards.
    ///
    /// - A king capture is tested on the full successor (the victim's pieces leave the board
    ///   first, which may open a line onto the mover's king).
    /// - A king move, or any move while the king is in check, is tested by the full attack
    ///   test of the king's square after the move.
    /// - Otherwise the king was safe before, and moving one piece of its own can expose it
    ///   only along the ray from the king through `from` (a discovered attack: a knight's,
    ///   pawn's or king's attack cannot be opened, and a capture only removes an attacker),
    ///   so only that ray is walked, and a piece on no ray of the king is free to move.
    ///
    /// [`legal_by_full_test`] is the plain test this one equals (tests: every pseudo-legal
    /// move of thousands of positions, and the perft files).
    #[inline]
    pub(crate) fn legal(&mut self, from: u8, to: u8) -> bool {
        let moved = self.scratch[from as usize];
        let victim = self.scratch[to as usize];
        if kind(victim) == KING {
            return legal_by_full_test(self.state, &mut self.scratch, from, to);
        }
        let d = if kind(moved) == KING || self.in_check {
            NO_LINE
        } else {
            let d = TABLES.line[self.king as usize][from as usize];
            if d == NO_LINE {
                return true;
            }
            d
        };
        self.scratch[to as usize] = moved;
        self.scratch[from as usize] = 0;
        let safe = if d == NO_LINE {
            let king = if kind(moved) == KING { to } else { self.king };
            !attacked(&self.scratch, king, self.p)
        } else {
            !ray_attacks(&self.scratch, self.king as usize, d as usize, self.p)
        };
        self.scratch[from as usize] = moved;
        self.scratch[to as usize] = victim;
        safe
    }
}

/// Whether the pseudo-legal move `from-to` of the player to move in `state` is legal by the
/// full attack test of its king's square after the move (the oracle of
/// [`Legality::legal`]). `scratch` is a copy of `state`'s board, restored on return. A king
/// capture is tested on the full successor (the victim's pieces leave the board first, which
/// may open a line onto the mover's king).
pub(crate) fn legal_by_full_test(
    state: &State,
    scratch: &mut [u8; CELLS],
    from: u8,
    to: u8,
) -> bool {
    let p = state.to_move as usize;
    let moved = scratch[from as usize];
    let victim = scratch[to as usize];
    if kind(victim) == KING {
        let mut s = *state;
        s.apply(from, to);
        return !attacked(&s.board, s.kings[p], p);
    }
    scratch[to as usize] = moved;
    scratch[from as usize] = 0;
    let king = if kind(moved) == KING {
        to
    } else {
        state.kings[p]
    };
    let safe = !attacked(scratch, king, p);
    scratch[from as usize] = moved;
    scratch[to as usize] = victim;
    safe
}

/// Whether the player to move in `state` has a legal move.
pub(crate) fn has_legal_move(state: &State) -> bool {
    let mut legality = Legality::of(state);
    !pseudo(&state.board, state.to_move as usize, |from, to| {
        !legality.legal(from, to)
    })
}

/// Appends the legal moves of the player to move in `state`, unordered (by `from`).
pub(crate) fn legal_moves(state: &State, out: &mut Vec<Move>) {
    let mut legality = Legality::of(state);
    pseudo(&state.board, state.to_move as usize, |from, to| {
        if legality.legal(from, to) {
            out.push(Move::new(from, to));
        }
        true
    });
}

/// The legal move of the player to move in `state` with the smallest [`order_key`] (the
/// first of [`legal_moves`] once sorted, so the first move `Game::moves` lists), `None`
/// when there is none. No list and no sort: one pass over the pseudo-legal moves, and the
/// legality test only for a move that comes before the best legal one so far.
pub(crate) fn first_legal(state: &State) -> Option<Move> {
    let board = &state.board;
    let mut legality = Legality::of(state);
    let mut best = (u32::MAX, None);
    pseudo(board, state.to_move as usize, |from, to| {
        let m = Move::new(from, to);
        let key = order_key(board, m);
        if key < best.0 && legality.legal(from, to) {
            best = (key, Some(m));
        }
        true
    });
    best.1
}

/// The number of legal moves of the player to move (perft's last ply).
pub(crate) fn count_legal(state: &State) -> u64 {
    let mut legality = Legality::of(state);
    let mut n = 0;
    pseudo(&state.board, state.to_move as usize, |from, to| {
        n += legality.legal(from, to) as u64;
        true
    });
    n
}

/// The ordering value of a kind as victim or attacker (MVV-LVA): P 1, N 3, B 3, R 5, Q 9
/// and the king 10 (a king capture eliminates a player: the most valuable victim).
const ORDER_VALUE: [u32; 7] = [0, 1, 3, 3, 5, 9, 10];

/// What `m` captures on `board` by [`ORDER_VALUE`] (victim, attacker), `None` for a quiet
/// move.
#[inline]
pub(crate) fn capture(board: &[u8; CELLS], m: Move) -> Option<gametree::Capture> {
    let victim = board[m.to() as usize];
    (victim != 0).then(|| gametree::Capture {
        victim: ORDER_VALUE[kind(victim) as usize] as u16,
        attacker: ORDER_VALUE[kind(board[m.from() as usize]) as usize] as u16,
    })
}

/// The sort key of a move (smaller first): captures first, by most valuable victim, then
/// least valuable attacker, then `from`, then `to`; then the quiet moves by `from`, `to`.
#[inline]
pub(crate) fn order_key(board: &[u8; CELLS], m: Move) -> u32 {
    let victim = board[m.to() as usize];
    let idx = (m.from() as u32) << 8 | m.to() as u32;
    if victim == 0 {
        1 << 24 | idx
    } else {
        let v = ORDER_VALUE[kind(victim) as usize];
        let a = ORDER_VALUE[kind(board[m.from() as usize]) as usize];
        (15 - v) << 20 | a << 16 | idx
    }
}

/// The most moves [`sort_moves`] sorts by their keys on the stack (more than any position
/// of the game has; a longer list is sorted by the key function instead).
const SORT_ON_STACK: usize = 256;

/// Sorts `moves` by [`order_key`] on `board`: each key computed once, the keys sorted as
/// plain integers (a key ends with the move itself, so keys are distinct and the move is
/// read back from its key), no allocation.
#[inline]
pub(crate) fn sort_moves(board: &[u8; CELLS], moves: &mut [Move]) {
    if moves.len() > SORT_ON_STACK {
        moves.sort_unstable_by_key(|&m| order_key(board, m));
        return;
    }
    let mut keys = [0u32; SORT_ON_STACK];
    let keys = &mut keys[..moves.len()];
    for (k, &m) in keys.iter_mut().zip(moves.iter()) {
        *k = order_key(board, m);
    }
    keys.sort_unstable();
    for (m, &k) in moves.iter_mut().zip(keys.iter()) {
        *m = Move::new((k >> 8) as u8, k as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess4::Chess4;
    use gametree::Game as _;

    /// Every pseudo-legal move of the positions of random games (from the start and from
    /// positions with checks, pins and king captures) is judged alike by the node's
    /// legality test and the full attack test it claims to equal.
    #[test]
    fn the_pin_ray_test_equals_the_full_attack_test() {
        let g = Chess4::new(400).expect("cap");
        let starts = [
            g.initial(),
            g.parse_position("r Kh1,Nh4,Pg2,Rd1/Ka7,Pb5,Nc6/Kg14,Rh10,Pe12/Kn8,Bk4,Pm9")
                .expect("position"),
            g.parse_position(
                "r Kh1,Pe7,Pj7,Rd1/Ka7,Pg5,Nd8,Pg9/Kg14,Pf8,Ri10,Pk13/Kn8,Ph9,Ph6,Pm4",
            )
            .expect("position"),
        ];
        let (mut positions, mut moves, mut illegal) = (0u64, 0u64, 0u64);
        let mut list = Vec::new();
        for game in 0..60u64 {
            let mut s = starts[(game % 3) as usize];
            let mut seed = game;
            while !g.is_terminal(&s) {
                positions += 1;
                let mut fast = Legality::of(&s);
                let mut scratch = s.board;
                pseudo(&s.board, s.to_move as usize, |from, to| {
                    let full = legal_by_full_test(&s, &mut scratch, from, to);
                    assert_eq!(fast.legal(from, to), full, "{s:?}: {from}-{to}");
                    moves += 1;
                    illegal += !full as u64;
                    true
                });
                assert_eq!(scratch, s.board);
                list.clear();
                g.moves(&s, &mut list);
                if list.is_empty() {
                    break;
                }
                seed = crate::rng::mix64(seed ^ s.pieces_key());
                s = g.play(&s, list[(seed % list.len() as u64) as usize]);
            }
        }
        assert!(positions > 5_000, "{positions} positions");
        assert!(illegal > 1_000, "{illegal} illegal of {moves} moves");
    }
}
