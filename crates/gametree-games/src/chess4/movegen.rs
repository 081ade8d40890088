//! Move generation: pseudo-legal moves from the tables, the attack test from the king's
//! square outward, and legality by making the move on one scratch board per node.

use super::board::{kind, owner, BISHOP, CELLS, KING, KNIGHT, NONE, PAWN, QUEEN, ROOK, TABLES};
use super::{Move, State};

/// Whether square `sq` of `board` is attacked by a piece of any player other than `p`
/// (every piece on the board belongs to a live player: an eliminated player's pieces have
/// left it). Walks outward from `sq`: each ray to its first piece, the knight squares, and
/// the pawns one diagonal step away whose capture direction points at `sq`.
pub(crate) fn attacked(board: &[u8; CELLS], sq: u8, p: usize) -> bool {
    let t = &TABLES;
    let s = sq as usize;
    for d in 0..8 {
        let len = t.ray_len[s][d] as usize;
        let ray = &t.rays[s][d];
        for (i, &r) in ray[..len].iter().enumerate() {
            let c = board[r as usize];
            if c == 0 {
                continue;
            }
            if owner(c) != p {
                let k = kind(c);
                let hit = if d < 4 {
                    k == ROOK || k == QUEEN || (i == 0 && k == KING)
                } else {
                    k == BISHOP
                        || k == QUEEN
                        || (i == 0 && (k == KING || (k == PAWN && t.pawn_dir[owner(c)][d])))
                };
                if hit {
                    return true;
                }
            }
            break;
        }
    }
    for &n in &t.knight[s][..t.knight_len[s] as usize] {
        let c = board[n as usize];
        if kind(c) == KNIGHT && owner(c) != p {
            return true;
        }
    }
    false
}

/// Calls `f(from, to)` for every pseudo-legal move of player `p` (the rules of movement,
/// king safety not tested), by increasing `from`; stops early when `f` returns `false`.
/// Returns `false` iff stopped early.
#[inline]
pub(crate) fn pseudo(board: &[u8; CELLS], p: usize, mut f: impl FnMut(u8, u8) -> bool) -> bool {
    let t = &TABLES;
    for &from in &t.squares {
        let c = board[from as usize];
        if c == 0 || owner(c) != p {
            continue;
        }
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

/// Whether the pseudo-legal move `from-to` of the player to move in `state` is legal: its
/// king is not attacked afterwards. `scratch` is a copy of `state`'s board, restored on
/// return. A king capture is tested on the full successor (the victim's pieces leave the
/// board first, which may open a line onto the mover's king).
#[inline]
pub(crate) fn legal(state: &State, scratch: &mut [u8; CELLS], from: u8, to: u8) -> bool {
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
    let mut scratch = state.board;
    !pseudo(&state.board, state.to_move as usize, |from, to| {
        !legal(state, &mut scratch, from, to)
    })
}

/// Appends the legal moves of the player to move in `state`, unordered (by `from`).
pub(crate) fn legal_moves(state: &State, out: &mut Vec<Move>) {
    let mut scratch = state.board;
    pseudo(&state.board, state.to_move as usize, |from, to| {
        if legal(state, &mut scratch, from, to) {
            out.push(Move::new(from, to));
        }
        true
    });
}

/// The number of legal moves of the player to move (perft's last ply).
pub(crate) fn count_legal(state: &State) -> u64 {
    let mut scratch = state.board;
    let mut n = 0;
    pseudo(&state.board, state.to_move as usize, |from, to| {
        n += legal(state, &mut scratch, from, to) as u64;
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
