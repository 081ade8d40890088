//! Move generation: pseudo-legal moves from the tables, the attack test from the king's
//! square outward, legality by reading the board as the move would leave it, and the check
//! bits the state keeps from move to move.

use super::board::{
    kind, owner, piece, BISHOP, CELLS, KING, KNIGHT, KNIGHT_JUMP, NONE, NO_LINE, PAWN, PLAYERS,
    QUEEN, ROOK, TABLES,
};
use super::{Move, State};
use std::cmp::Reverse;

/// Whether square `sq` of `board` is attacked by a piece of any player other than `p`
/// (every piece on the board belongs to a live player: an eliminated player's pieces have
/// left it). Walks outward from `sq`: each ray to its first piece, the knight squares, and
/// the pawns one diagonal step away whose capture direction points at `sq`.
pub(crate) fn attacked(board: &[u8; CELLS], sq: u8, p: usize) -> bool {
    attacked_with::<false>(board, sq, p, NONE, NONE)
}

/// Whether square `sq` is attacked by a piece of a player other than `p` once `p`'s piece
/// on `from` has moved to `to` (not a king capture), read on `board` before the move: the
/// walks take `from` as empty and stop at `to`, and a knight captured on `to` attacks no
/// more. [`attacked`] on the board after the move is the plain computation it equals.
#[inline(never)]
pub(crate) fn attacked_after(board: &[u8; CELLS], sq: u8, p: usize, from: u8, to: u8) -> bool {
    attacked_with::<true>(board, sq, p, from, to)
}

/// [`attacked`] (`AFTER` false: `from` and `to` unused) or [`attacked_after`].
#[inline(always)]
fn attacked_with<const AFTER: bool>(
    board: &[u8; CELLS],
    sq: u8,
    p: usize,
    from: u8,
    to: u8,
) -> bool {
    let t = &TABLES;
    let s = sq as usize;
    if (0..8).any(|d| ray_attacks_with::<AFTER>(board, s, d, p, from, to)) {
        return true;
    }
    for &n in &t.knight[s][..t.knight_len[s] as usize] {
        let c = board[n as usize];
        if kind(c) == KNIGHT && owner(c) != p && !(AFTER && n == to) {
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
    ray_attacks_with::<false>(board, s, d, p, NONE, NONE)
}

/// [`ray_attacks`] once `p`'s piece on `from` has moved to `to` (not a king capture), read
/// on the board before the move: `from` is empty, and `to` holds `p`'s piece, which blocks.
#[inline]
fn ray_attacks_after(board: &[u8; CELLS], s: usize, d: usize, p: usize, from: u8, to: u8) -> bool {
    ray_attacks_with::<true>(board, s, d, p, from, to)
}

/// [`ray_attacks`] (`AFTER` false: `from` and `to` unused) or [`ray_attacks_after`].
#[inline(always)]
fn ray_attacks_with<const AFTER: bool>(
    board: &[u8; CELLS],
    s: usize,
    d: usize,
    p: usize,
    from: u8,
    to: u8,
) -> bool {
    let t = &TABLES;
    let len = t.ray_len[s][d] as usize;
    for (i, &r) in t.rays[s][d][..len].iter().enumerate() {
        if AFTER {
            if r == to {
                return false;
            }
            if r == from {
                continue;
            }
        }
        let c = board[r as usize];
        if c == 0 {
            continue;
        }
        if owner(c) == p {
            return false;
        }
        return attacks_along(c, d, i == 0);
    }
    false
}

/// Whether the piece `c`, the first piece along direction `d` from a square (`next`: on the
/// square next to it), attacks that square: a rook or queen on a straight ray, a bishop or
/// queen on a diagonal, a king next to it, or a pawn next to it whose capture points at it.
#[inline(always)]
fn attacks_along(c: u8, d: usize, next: bool) -> bool {
    let k = kind(c);
    if d < 4 {
        k == ROOK || k == QUEEN || (next && k == KING)
    } else {
        k == BISHOP
            || k == QUEEN
            || (next && (k == KING || (k == PAWN && TABLES.pawn_dir[owner(c)][d])))
    }
}

/// The square of the one piece that attacks square `sq` for player `p` (as in
/// [`attacked`]), or [`NONE`] when two or more do (or none). In check, a move other than
/// the king's (and than a king capture) is legal only if it takes that piece or blocks its
/// ray, and never against two.
#[inline(never)]
fn lone_attacker(board: &[u8; CELLS], sq: u8, p: usize) -> u8 {
    let t = &TABLES;
    let s = sq as usize;
    let (mut count, mut at) = (0, NONE);
    for d in 0..8 {
        if ray_attacks(board, s, d, p) {
            // The attacker is the first piece along the ray.
            let len = t.ray_len[s][d] as usize;
            count += 1;
            at = *t.rays[s][d][..len]
                .iter()
                .find(|&&r| board[r as usize] != 0)
                .expect("an attacker on the ray");
        }
    }
    for &n in &t.knight[s][..t.knight_len[s] as usize] {
        let c = board[n as usize];
        if kind(c) == KNIGHT && owner(c) != p {
            count += 1;
            at = n;
        }
    }
    if count == 1 {
        at
    } else {
        NONE
    }
}

/// The check bits of `state` by the plain computation: bit `p` set iff `p` is live and
/// [`attacked`] says its king is attacked (what `State::checks` holds).
pub(crate) fn checks_of(state: &State) -> u8 {
    let mut bits = 0;
    for p in 0..PLAYERS {
        let king = state.kings[p];
        if state.alive >> p & 1 == 1 && king != NONE && attacked(&state.board, king, p) {
            bits |= 1 << p;
        }
    }
    bits
}

/// The check bits of `state` just after the piece on `from` moved to `to` (a capture but
/// not of a king: no piece left the board but the victim), from the bits before the move
/// (still in `state`'s check bits). The attacks on a king change only through squares on its
/// rays or a knight's jump away ([`Tables::line`](super::board::Tables::line)):
///
/// - a king not attacked before can be attacked afterwards only by the moved piece itself
///   or along the ray from the king through `from` that the move opened (the victim's
///   square is occupied again, and a piece arriving elsewhere only blocks);
/// - a king attacked before stays attacked when neither `from` nor `to` is related to its
///   square; otherwise (the attacker may have been taken, or the line blocked), and for
///   the king that moved, the full attack test.
#[inline]
pub(crate) fn checks_after(state: &State, from: u8, to: u8) -> u8 {
    let t = &TABLES;
    let mut bits = state.checks();
    for p in 0..PLAYERS {
        let king = state.kings[p];
        if king == NONE {
            continue;
        }
        let row = &t.line[king as usize];
        let (lf, lt) = (row[from as usize], row[to as usize]);
        if lf == NO_LINE && lt == NO_LINE {
            // Neither square is on a ray of the king or a knight's jump away: unchanged.
            continue;
        }
        let check = check_after(state, p, lf, lt, to, bits >> p & 1 == 1);
        bits = bits & !(1 << p) | (check as u8) << p;
    }
    bits
}

/// [`checks_after`] for player `p`, whose king is related to the move's `from` by `lf` and
/// to its `to` by `lt` (as in [`Tables::line`](super::board::Tables::line)), not both
/// [`NO_LINE`]; `before` whether it was attacked before the move.
#[inline(always)]
fn check_after(state: &State, p: usize, lf: u8, lt: u8, to: u8, before: bool) -> bool {
    let board = &state.board;
    let king = state.kings[p];
    let k = king as usize;
    if king == to || before {
        return attacked(board, king, p);
    }
    let moved = board[to as usize];
    (lf < NO_LINE && ray_attacks(board, k, lf as usize, p))
        || (owner(moved) != p && lt != NO_LINE && attacks_from(board, moved, to, lt, k, p))
}

/// Whether the piece `c` (not of player `p`) on square `at`, related to `p`'s king on
/// `king` by `rel` (a ray's direction or [`KNIGHT_JUMP`]), attacks the king: a knight at a
/// knight's jump, or a piece the ray from the king reaches first and whose kind attacks
/// along it ([`ray_attacks`]).
#[inline]
fn attacks_from(board: &[u8; CELLS], c: u8, at: u8, rel: u8, king: usize, p: usize) -> bool {
    let k = kind(c);
    if rel == KNIGHT_JUMP {
        return k == KNIGHT;
    }
    // A piece that cannot attack along this ray is not walked to.
    let reach = match k {
        ROOK => rel < 4,
        BISHOP => rel >= 4,
        QUEEN => true,
        KNIGHT => false,
        _ => TABLES.rays[king][rel as usize][0] == at,
    };
    reach && ray_attacks(board, king, rel as usize, p)
}

/// Calls `f(from, to)` for every pseudo-legal move of player `p` (the rules of movement,
/// king safety not tested), by increasing `from`; stops early when `f` returns `false`.
/// Returns `false` iff stopped early.
#[inline]
pub(crate) fn pseudo(board: &[u8; CELLS], p: usize, mut f: impl FnMut(u8, u8) -> bool) -> bool {
    // The board eight squares at a time: the squares of `p`'s pieces in increasing order.
    for w in 0..CHUNKS {
        let mut mine = own_bytes(board, w, p);
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

/// One bit per square of chunk `w` (squares `8 w` to `8 w + 7`, the last chunk the four
/// squares 192..196) that holds a piece of player `p` (the high bit of each square's byte):
/// the owner field of every byte compared at once.
#[inline(always)]
fn own_bytes(board: &[u8; CELLS], w: usize, p: usize) -> u64 {
    const LOW3: u64 = 0x0707_0707_0707_0707;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let w = chunk(board, w);
    // Each byte's owner field (code >> 3: 0 empty, owner + 1 otherwise) minus `p + 1`:
    // a zero byte where `p` owns the square. The exact zero-byte test (no borrow between
    // bytes): the high bit of a byte is set iff the byte is zero.
    zero_bytes((w >> 3 & LOW3) ^ (ONES * (p as u64 + 1)))
}

/// The most pieces of other players for which a king's moves are tested from the
/// attackers' side ([`attackers`], [`attacked_after_by`]).
const FEW: usize = 12;

/// The squares of the pieces of players other than `p` on `board`, in square order, when
/// there are at most [`FEW`] of them (a sparse board: the long endings); `None` otherwise.
#[inline]
fn attackers(board: &[u8; CELLS], p: usize) -> Option<([u8; FEW], usize)> {
    let (mut list, mut n) = ([0u8; FEW], 0);
    for w in 0..CHUNKS {
        // The high bit of each byte that holds a piece of another player.
        let mut theirs = !zero_bytes(chunk(board, w)) & !own_bytes(board, w, p) & HIGH_BITS;
        while theirs != 0 {
            if n == FEW {
                return None;
            }
            list[n] = (w * 8 + (theirs.trailing_zeros() / 8) as usize) as u8;
            n += 1;
            theirs &= theirs - 1;
        }
    }
    Some((list, n))
}

/// The high bit of every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// [`attacked_after`] for a move of `p`'s king from `from` to `to` (not a king capture), from
/// the attackers' side: whether one of the pieces on `theirs` (every piece of the other
/// players, [`attackers`]) attacks `to` once the king has left `from`. A piece on `to` is
/// captured and attacks no more; a knight a jump away attacks; a slider, king or pawn on a
/// line through `to` that its kind attacks along ([`attacks_along`]) attacks when the
/// squares between are empty, `from` counted empty. On a sparse board this reads a few
/// table entries instead of walking eight rays to their ends.
#[inline]
fn attacked_after_by(board: &[u8; CELLS], to: u8, from: u8, theirs: &[u8]) -> bool {
    let t = &TABLES;
    let s = to as usize;
    for &e in theirs {
        let d = t.line[s][e as usize];
        if e == to || d == NO_LINE {
            continue;
        }
        let c = board[e as usize];
        if d == KNIGHT_JUMP {
            if kind(c) == KNIGHT {
                return true;
            }
            continue;
        }
        let d = d as usize;
        let ray = &t.rays[s][d][..t.ray_len[s][d] as usize];
        if attacks_along(c, d, ray[0] == e) {
            for &r in ray {
                if r == e {
                    return true;
                }
                if r != from && board[r as usize] != 0 {
                    break;
                }
            }
        }
    }
    false
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
/// its king safe. Built once per node ([`Legality::of`]: whether the king is in check is
/// read from the state's check bits, which the move that made the position kept), then each
/// move costs at most one ray walk unless the king is in check or moves. The moves are
/// tested on the node's board as it is, without making them ([`attacked_after`]).
#[derive(Clone, Copy)]
pub(crate) struct Legality<'a> {
    state: &'a State,
    p: usize,
    king: u8,
    in_check: bool,
    /// In check: the square of the one piece that gives it ([`lone_attacker`]; [`NONE`]
    /// when two or more do).
    checker: u8,
}

impl<'a> Legality<'a> {
    /// The test for the player to move in `state`.
    #[inline(always)]
    pub(crate) fn of(state: &'a State) -> Legality<'a> {
        let p = state.to_move as usize;
        let (king, in_check) = (state.kings[p], state.in_check(p));
        Legality {
            state,
            p,
            king,
            in_check,
            checker: if in_check {
                lone_attacker(&state.board, king, p)
            } else {
                NONE
            },
        }
    }

    /// Whether every pseudo-legal move of the piece on `from` is legal but a king capture
    /// (which [`Legality::legal`] tests on the full successor): out of check, a piece
    /// other than the king on no ray of it.
    #[inline(always)]
    pub(crate) fn free(&self, from: u8) -> bool {
        !self.in_check
            && from != self.king
            && TABLES.line[self.king as usize][from as usize] >= NO_LINE
    }

    /// Whether the pseudo-legal move `from-to` is legal: its king is not attacked afterwards.
    ///
    /// - A king capture is tested on the full successor (the victim's pieces leave the board
    ///   first, which may open a line onto the mover's king).
    /// - A king move is tested by the full attack test of its new square.
    /// - In check, another move must take the one piece giving check or step onto its ray
    ///   between it and the king (against two, none can), and then, as out of check, not
    ///   open a ray of the king through `from`: the move changes the attacks on the king
    ///   only there, at `to` and through `from`.
    /// - Otherwise the king was safe before, and moving one piece of its own can expose it
    ///   only along the ray from the king through `from` (a discovered attack: a knight's,
    ///   pawn's or king's attack cannot be opened, and a capture only removes an attacker),
    ///   so only that ray is walked, and a piece on no ray of the king is free to move.
    ///
    /// [`legal_by_full_test`] is the plain test this one equals (tests: every pseudo-legal
    /// move of thousands of positions, and the perft files).
    #[inline(always)]
    pub(crate) fn legal(&self, from: u8, to: u8) -> bool {
        let board = &self.state.board;
        if kind(board[to as usize]) == KING || kind(board[from as usize]) == KING {
            return king_test_legal(self.state, from, to, None);
        }
        let t = &TABLES;
        let k = self.king as usize;
        if self.in_check && to != self.checker {
            let c = self.checker;
            if c == NONE {
                return false;
            }
            // `to` between the king and the checker: on the king's ray towards the checker,
            // and on the checker's ray back towards the king.
            let d = t.line[k][c as usize];
            if d >= NO_LINE
                || t.line[k][to as usize] != d
                || t.line[c as usize][to as usize] != d ^ 2
            {
                return false;
            }
        }
        let d = t.line[k][from as usize];
        d >= NO_LINE || !ray_attacks_after(board, k, d as usize, self.p, from, to)
    }
}

/// Whether the king capture `from-to` of the player to move in `state` is legal: on the
/// full successor (the victim's pieces leave the board first, which may open a line onto
/// the mover's king).
#[cold]
#[inline(never)]
fn legal_king_capture(state: &State, from: u8, to: u8) -> bool {
    let mut s = *state;
    s.apply(from, to);
    let p = state.to_move as usize;
    !attacked(&s.board, s.kings[p], p)
}

/// Whether the pseudo-legal move `from-to` of the player to move in `state` is legal by the
/// full attack test of its king's square after the move (the oracle of
/// [`Legality::legal`]). `scratch` is a copy of `state`'s board, restored on return. A king
/// capture is tested on the full successor (the victim's pieces leave the board first, which
/// may open a line onto the mover's king).
#[cfg(test)]
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

/// [`Legality::legal`] for a king capture (tested on the full successor) or a move of
/// the king of the player to move (the attack test of its new square, from the attackers'
/// side when `theirs` lists every piece of the other players, [`attackers`]): neither
/// needs the piece giving check, which [`Legality::of`] looks for.
#[inline(always)]
fn king_test_legal(state: &State, from: u8, to: u8, theirs: Option<&[u8]>) -> bool {
    let board = &state.board;
    if kind(board[to as usize]) == KING {
        return legal_king_capture(state, from, to);
    }
    match theirs {
        Some(theirs) => !attacked_after_by(board, to, from, theirs),
        None => !attacked_after(board, to, state.to_move as usize, from, to),
    }
}

/// Whether the player to move in `state` has a legal move.
///
/// Out of check (the common case), the pieces other than the king are tried first, from the
/// king's part of the board outward (a player's pieces mostly stand near its king), each
/// move by the pin ray alone ([`Legality::legal`]); the king's own moves, which need the
/// full attack test, only when no other piece can move. In check, every pseudo-legal move
/// in turn. A lone king (no material besides it, [`State::psi`] 0: every other piece counts
/// at least 1), common in the long endings of the free-for-all game, goes to its moves at
/// once, without looking for other pieces. The answer does not depend on the order
/// ([`has_legal_move_plain`] is the plain computation it equals).
pub(crate) fn has_legal_move(state: &State) -> bool {
    let (board, p) = (&state.board, state.to_move as usize);
    if state.psi(p) == 0 {
        return king_can_move(state);
    }
    if state.in_check(p) {
        let legality = Legality::of(state);
        return !pseudo(board, p, |from, to| !legality.legal(from, to));
    }
    let king = state.kings[p];
    let (k, first) = (king as usize, king as usize / 8);
    // The common case first: a pawn near the king with an empty square ahead and on no
    // ray of its king (a few word operations per eight squares).
    for step in [0, 1, -1, 2, -2, 3, -3] {
        let w = first as isize + step;
        if (0..CHUNKS as isize).contains(&w) && free_pawn_push(board, w as usize, p, k) {
            return true;
        }
    }
    for i in 0..CHUNKS {
        let w = if first + i < CHUNKS {
            first + i
        } else {
            first + i - CHUNKS
        };
        let mut mine = own_bytes(board, w, p);
        if w == first {
            // The king's bit (the high bit of its byte), left for last.
            mine &= !(0x80 << (8 * (king as usize % 8)));
        }
        while mine != 0 {
            let from = (w * 8 + (mine.trailing_zeros() / 8) as usize) as u8;
            mine &= mine - 1;
            if piece_can_move(state, from) {
                return true;
            }
        }
    }
    king_can_move(state)
}

/// Whether the king of the player to move has a legal move ([`king_test_legal`], by the
/// walk from each square: the first safe square ends it, so listing the attackers first
/// costs more than it saves here). Not inlined: at most once a call of [`has_legal_move`],
/// and inlined at both its uses the ladder's chess tournament took 3% longer (four pairs).
#[inline(never)]
fn king_can_move(state: &State) -> bool {
    let (board, p) = (&state.board, state.to_move as usize);
    !piece_moves(board, p, state.kings[p], &mut |from, to| {
        !king_test_legal(state, from, to, None)
    })
}

/// Out of check, for the piece on `from` of the player to move other than its king: whether
/// it has a legal move. As in [`Legality::legal`]: the pin ray through `from`, if any, and a
/// king capture on the full successor.
#[inline(always)]
fn piece_can_move(state: &State, from: u8) -> bool {
    let (board, p) = (&state.board, state.to_move as usize);
    let k = state.kings[p] as usize;
    let d = TABLES.line[k][from as usize];
    if d >= NO_LINE {
        !piece_moves(board, p, from, &mut |from, to| {
            kind(board[to as usize]) == KING && !legal_king_capture(state, from, to)
        })
    } else {
        !piece_moves(board, p, from, &mut |from, to| {
            if kind(board[to as usize]) == KING {
                !legal_king_capture(state, from, to)
            } else {
                ray_attacks_after(board, k, d as usize, p, from, to)
            }
        })
    }
}

/// The step of each player's pawns as a square index difference (+14, +1, -14, -1: one
/// rank or file forward, [`Tables::push`](super::board::Tables::push)).
const PUSH_STEP: [isize; PLAYERS] = [14, 1, -14, -1];

/// Out of check: whether chunk `w` holds a pawn of `p` whose square ahead is empty and that
/// stands on no ray of `p`'s king on `k`, so has a legal move (the push). The eight pawns'
/// squares and the eight squares ahead are each read as one word; a chunk whose squares
/// ahead fall off the array is not looked at (`false`: [`has_legal_move`] then looks at its
/// pieces one by one). The square ahead of a pawn is always a board square (a pawn stands
/// one to six steps from its edge).
#[inline(always)]
fn free_pawn_push(board: &[u8; CELLS], w: usize, p: usize, k: usize) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let ahead = w as isize * 8 + PUSH_STEP[p];
    if w >= CELLS / 8 || ahead < 0 || ahead as usize + 8 > CELLS {
        return false;
    }
    let ahead = ahead as usize;
    let here = u64::from_le_bytes(board[w * 8..w * 8 + 8].try_into().expect("eight squares"));
    let there = u64::from_le_bytes(board[ahead..ahead + 8].try_into().expect("eight squares"));
    let mut pawns = zero_bytes(here ^ (ONES * u64::from(piece(p, PAWN)))) & zero_bytes(there);
    while pawns != 0 {
        let from = w * 8 + (pawns.trailing_zeros() / 8) as usize;
        pawns &= pawns - 1;
        debug_assert_eq!(
            TABLES.push[p][from] as usize,
            (from as isize + PUSH_STEP[p]) as usize
        );
        if TABLES.line[k][from] >= NO_LINE {
            return true;
        }
    }
    false
}

/// The high bit of each byte of `x` that is zero, no other bit (exact: no borrow between
/// bytes).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !((x & LOW7).wrapping_add(LOW7) | x | LOW7)
}

/// The number of eight-square chunks of the board that [`pseudo`] reads.
const CHUNKS: usize = CELLS.div_ceil(8);

// [`own_bytes`] reads the last chunk as four squares.
const _: () = assert!(CELLS % 8 == 4);

/// [`has_legal_move`] by the plain computation: some pseudo-legal move passes
/// [`legal_by_full_test`] (its oracle in the tests).
#[cfg(test)]
pub(crate) fn has_legal_move_plain(state: &State) -> bool {
    let mut scratch = state.board;
    !pseudo(&state.board, state.to_move as usize, |from, to| {
        !legal_by_full_test(state, &mut scratch, from, to)
    })
}

/// Appends the legal moves of the player to move in `state`, unordered (by `from`).
pub(crate) fn legal_moves(state: &State, out: &mut Vec<Move>) {
    each_legal(state, |from, to| out.push(Move::new(from, to)));
}

/// Calls `f(from, to)` for every legal move of the player to move in `state`, in
/// [`pseudo`]'s order. Out of check, a piece other than the king on no ray of its king
/// ([`Legality::free`]) has every pseudo-legal move legal but a king capture, so only those
/// are tested; the other pieces' moves go through [`Legality::legal`].
#[inline(always)]
fn each_legal(state: &State, mut f: impl FnMut(u8, u8)) {
    let (board, p) = (&state.board, state.to_move as usize);
    if state.psi(p) == 0 {
        // A lone king (no material besides it): its moves are the player's only ones.
        each_legal_king_move(state, &mut f);
        return;
    }
    let legality = Legality::of(state);
    for w in 0..CHUNKS {
        let mut mine = own_bytes(board, w, p);
        while mine != 0 {
            let from = (w * 8 + (mine.trailing_zeros() / 8) as usize) as u8;
            mine &= mine - 1;
            if from == legality.king {
                each_legal_king_move(state, &mut f);
            } else if legality.free(from) {
                piece_moves(board, p, from, &mut |from, to| {
                    if kind(board[to as usize]) != KING || legal_king_capture(state, from, to) {
                        f(from, to);
                    }
                    true
                });
            } else {
                piece_moves(board, p, from, &mut |from, to| {
                    if legality.legal(from, to) {
                        f(from, to);
                    }
                    true
                });
            }
        }
    }
}

/// Calls `f(from, to)` for every legal move of the king of the player to move
/// ([`king_test_legal`]; on a sparse board from the attackers' side, [`attackers`]). Not
/// inlined: one piece of the list, and inlined at both uses of [`each_legal`] it made the
/// scan over the other pieces slower.
#[inline(never)]
fn each_legal_king_move(state: &State, f: &mut impl FnMut(u8, u8)) {
    let (board, p) = (&state.board, state.to_move as usize);
    let theirs = attackers(board, p);
    let theirs = theirs.as_ref().map(|(list, n)| &list[..*n]);
    piece_moves(board, p, state.kings[p], &mut |from, to| {
        if king_test_legal(state, from, to, theirs) {
            f(from, to);
        }
        true
    });
}

/// The legal move of the player to move in `state` with the smallest [`order_key`] (the
/// first of [`legal_moves`] once sorted, so the first move `Game::moves` lists), `None`
/// when there is none. No list and no sort: one pass over the pseudo-legal moves, and the
/// legality test only for a move that comes before the best legal one so far.
pub(crate) fn first_legal(state: &State) -> Option<Move> {
    if state.in_check(state.to_move as usize) {
        return first_legal_in_check(state);
    }
    best_pseudo_legal(state, |m| Reverse(order_key(&state.board, m)))
}

/// The legal move of the player to move in `state` with the highest `rank` (the first such
/// in [`pseudo`]'s order among equals): one pass over the pseudo-legal moves, the legality
/// test ([`Legality::legal`], which holds in check too) only for a move that would beat the
/// best legal one so far.
#[inline(always)]
fn best_pseudo_legal<R: Ord>(state: &State, mut rank: impl FnMut(Move) -> R) -> Option<Move> {
    let legality = Legality::of(state);
    let mut best: Option<(R, Move)> = None;
    pseudo(&state.board, state.to_move as usize, |from, to| {
        let m = Move::new(from, to);
        let r = rank(m);
        if best.as_ref().is_none_or(|(b, _)| r > *b) && legality.legal(from, to) {
            best = Some((r, m));
        }
        true
    });
    best.map(|(_, m)| m)
}

/// The legal move of the player to move in `state` with the highest `score`, the smallest
/// [`order_key`] among equals (the first of those in [`legal_moves`] once sorted), `None`
/// when there is none: one pass over the pseudo-legal moves, the legality test only for a
/// move that would beat the best legal one so far ([`best_pseudo_legal`]), in check or not.
pub(crate) fn best_legal_by(state: &State, mut score: impl FnMut(Move) -> u64) -> Option<Move> {
    // Higher is better: the score, then the smaller key.
    best_pseudo_legal(state, |m| (score(m), Reverse(order_key(&state.board, m))))
}

/// [`first_legal`] when the player `p` to move is in check, from the only moves that can
/// be legal ([`Legality::legal`]): the king's, a king capture (the victim's pieces leave
/// the board, and with them perhaps every checker; only a king in check can be taken),
/// and against a single checker, taking it or stepping between it and the king. The
/// candidates are found from their target squares ([`moves_onto`]), not by walking every
/// piece's moves.
fn first_legal_in_check(state: &State) -> Option<Move> {
    let (board, t) = (&state.board, &TABLES);
    let p = state.to_move as usize;
    let k = state.kings[p];
    let legality = Legality::of(state);
    let mut best = (u32::MAX, None);
    let consider = |best: &mut (u32, Option<Move>), from: u8, to: u8| {
        let m = Move::new(from, to);
        let key = order_key(board, m);
        if key < best.0 && legality.legal(from, to) {
            *best = (key, Some(m));
        }
    };
    // Captures first (king captures, taking the checker, the king's captures), then the
    // quiet moves, and the blocks only while no capture is legal (a block is quiet): the
    // earlier the best is low, the fewer moves need the legality test.
    for e in 0..PLAYERS {
        if e != p && state.alive >> e & 1 == 1 && state.in_check(e) {
            let ke = state.kings[e];
            moves_onto(board, p, ke, &mut |from| consider(&mut best, from, ke));
        }
    }
    let c = legality.checker;
    if c != NONE {
        moves_onto(board, p, c, &mut |from| consider(&mut best, from, c));
    }
    piece_moves(board, p, k, &mut |from, to| {
        if board[to as usize] != 0 {
            consider(&mut best, from, to);
        }
        true
    });
    if c != NONE && best.0 > QUIET {
        let d = t.line[k as usize][c as usize];
        if d < NO_LINE {
            let (k, d) = (k as usize, d as usize);
            for &y in t.rays[k][d][..t.ray_len[k][d] as usize]
                .iter()
                .take_while(|&&y| y != c)
            {
                moves_onto(board, p, y, &mut |from| consider(&mut best, from, y));
            }
        }
    }
    if best.0 > QUIET {
        piece_moves(board, p, k, &mut |from, to| {
            if board[to as usize] == 0 {
                consider(&mut best, from, to);
            }
            true
        });
    }
    best.1
}

/// Calls `f(from)` for every piece of `p` other than its king with a pseudo-legal move from
/// `from` onto square `y` (empty or another player's): the first piece along each ray from
/// `y` if it slides along that ray, or is a pawn whose push, double step or capture lands
/// on `y`; and the knights a jump away.
#[inline(always)]
fn moves_onto(board: &[u8; CELLS], p: usize, y: u8, f: &mut impl FnMut(u8)) {
    let (t, s) = (&TABLES, y as usize);
    let occupied = board[s] != 0;
    for d in 0..8 {
        let Some(&r) = t.rays[s][d][..t.ray_len[s][d] as usize]
            .iter()
            .find(|&&r| board[r as usize] != 0)
        else {
            continue;
        };
        let c = board[r as usize];
        if owner(c) != p {
            continue;
        }
        let (back, ri) = (d ^ 2, r as usize);
        let reaches = match kind(c) {
            ROOK => back < 4,
            BISHOP => back >= 4,
            QUEEN => true,
            PAWN if occupied => t.capture[p][ri].contains(&y),
            PAWN => t.push[p][ri] == y || t.double[p][ri] == y,
            _ => false,
        };
        if reaches {
            f(r);
        }
    }
    for &j in &t.knight[s][..t.knight_len[s] as usize] {
        let c = board[j as usize];
        if kind(c) == KNIGHT && owner(c) == p {
            f(j);
        }
    }
}

/// The smallest [`order_key`] of a quiet move (every capture's is smaller).
const QUIET: u32 = 1 << 24;

/// The most squares [`first_legal_near`] lets two boards differ on (more, and it answers
/// nothing).
const NEAR_SQUARES: usize = 8;

/// [`first_legal`] of `state` when it follows from `near`, a position with the same player
/// to move whose first legal move is `near_first` (`first_legal(near) == Some(near_first)`),
/// else `None` (then [`first_legal`] must be asked). No list: only the moves the difference
/// between the boards can change are looked at.
///
/// It answers only when the player `p` to move is in check in neither position, the live
/// players and `p`'s king square are the same, the boards differ on at most
/// [`NEAR_SQUARES`] squares `D`, and `near_first` does not start on one of them. A move of
/// `p` can then differ between the two positions (exist in one only, change its
/// [`order_key`] or its legality) only if it is
///
/// 1. a move of a **whole piece**: `p`'s king (its legality reads every line into its
///    target), a piece of `p` on `D`, the first piece of `p` along a ray of its king through
///    a square of `D` in either position (the only piece whose pin can change: out of
///    check, the legality of another move reads only the ray of the king through its
///    start, up to the first piece), a pawn of `p` next to `D` or two steps from it, or a
///    piece of `p` that can reach the king of another player in check (a king capture,
///    whose legality reads the whole board);
/// 2. or a move that ends on a square `x` of `D` or passes over it: the move of the first
///    piece along a ray from `x` that slides along that ray (walked from the piece through
///    `x` to the next piece), or a knight's jump onto `x`. Of every move ending on or
///    passing over a square of `D`, the square nearest its start finds it.
///
/// Every other move is the same in both positions; in `near` none of the legal ones comes
/// before `near_first`. So the first move of `state` is the first of the legal moves of
/// (1) and (2) and of `near_first` when `near_first` is not itself of (1) or (2). When it
/// is, the answer holds only if the best of (1) and (2) comes no later than `near_first`
/// did (a move of neither might come between); else `None`.
pub(crate) fn first_legal_near(state: &State, near: &State, near_first: Move) -> Option<Move> {
    let p = state.to_move as usize;
    let k = state.kings[p];
    if near.to_move != state.to_move
        || near.alive != state.alive
        || near.kings[p] != k
        || state.in_check(p)
        || near.in_check(p)
    {
        return None;
    }
    let (board, t) = (&state.board, &TABLES);
    // The squares the boards differ on.
    let mut diff = [0u8; NEAR_SQUARES];
    let mut n = 0;
    let words = |b: &[u8; CELLS], w: usize| {
        u64::from_le_bytes(b[w * 8..w * 8 + 8].try_into().expect("eight squares"))
    };
    for w in 0..CHUNKS {
        let mut x = if w < CELLS / 8 {
            words(board, w) ^ words(&near.board, w)
        } else {
            chunk(board, w) ^ chunk(&near.board, w)
        };
        if x == 0 {
            continue;
        }
        while x != 0 {
            if n == NEAR_SQUARES {
                return None;
            }
            let byte = x.trailing_zeros() / 8;
            diff[n] = (w * 8) as u8 + byte as u8;
            n += 1;
            x &= !(0xff << (byte * 8));
        }
    }
    let diff = &diff[..n];
    let (from, to) = (near_first.from(), near_first.to());
    if diff.contains(&from) {
        return None;
    }
    // Whether `p` owns the piece on `sq` (the owner field is `p + 1`; 0 when empty).
    let mine = |b: &[u8; CELLS], sq: u8| b[sq as usize] >> 3 == p as u8 + 1;
    // (1) The whole pieces, one bit per square.
    let mut whole = [0u64; CELLS.div_ceil(64)];
    let add = |whole: &mut [u64; CELLS.div_ceil(64)], sq: u8| {
        whole[sq as usize / 64] |= 1 << (sq % 64);
    };
    add(&mut whole, k);
    let first_on = |b: &[u8; CELLS], s: u8, d: usize| {
        let s = s as usize;
        t.rays[s][d][..t.ray_len[s][d] as usize]
            .iter()
            .copied()
            .find(|&r| b[r as usize] != 0)
    };
    for &x in diff {
        if mine(board, x) {
            add(&mut whole, x);
        }
        let d = t.line[k as usize][x as usize];
        if d < NO_LINE {
            for b in [board, &near.board] {
                if let Some(r) = first_on(b, k, d as usize) {
                    if mine(board, r) && mine(b, r) {
                        add(&mut whole, r);
                    }
                }
            }
        }
    }
    for e in 0..PLAYERS {
        if e != p && state.alive >> e & 1 == 1 && state.in_check(e) {
            reaching(board, state.kings[e], &mut |r| {
                if mine(board, r) {
                    add(&mut whole, r);
                }
            });
        }
    }
    let is_whole =
        |whole: &[u64; CELLS.div_ceil(64)], sq: u8| whole[sq as usize / 64] >> (sq % 64) & 1 == 1;
    // Whether `near_first` is of (1) or (2): a whole piece's, or ending on or passing over
    // a square of `D` (strictly between its ends on its ray).
    let dir = t.line[from as usize][to as usize];
    let changed = is_whole(&whole, from)
        || diff.iter().any(|&x| {
            x == to
                || (dir < NO_LINE
                    && t.line[from as usize][x as usize] == dir
                    && t.line[to as usize][x as usize] == dir ^ 2)
        });
    // The key in `near` (the same in `state` when the move is not changed).
    let near_key = order_key(&near.board, near_first);
    let mut best = if changed {
        (u32::MAX, None)
    } else {
        (near_key, Some(near_first))
    };
    let legality = Legality::of(state);
    let consider = |best: &mut (u32, Option<Move>), from: u8, to: u8| {
        let m = Move::new(from, to);
        let key = order_key(board, m);
        if key < best.0 && legality.legal(from, to) {
            *best = (key, Some(m));
        }
    };
    // (2) The moves ending on or passing over a square of `D`, those that can still come
    // before the best so far: none onto `p`'s own piece; onto another piece, captures only,
    // and only while such a capture can come first; over an empty square, quiet moves only
    // while the best is quiet, and the capture beyond it.
    for &x in diff {
        let v = board[x as usize];
        if v != 0 && (owner(v) == p || (15 - ORDER_VALUE[kind(v) as usize]) << 20 >= best.0) {
            continue;
        }
        let quiet = best.0 > QUIET;
        let mut first: [Option<u8>; 8] = [None; 8];
        for d in [0, 1, 4, 5] {
            first[d] = first_on(board, x, d);
            // Over an empty square with a capture to beat, a ray pair matters only with a
            // piece of `p` on one side and another player's on the other.
            let skip = v == 0
                && !quiet
                && match first[d] {
                    None => true,
                    Some(r) => {
                        mine(board, r) && !matches!(kind(board[r as usize]), ROOK | BISHOP | QUEEN)
                    }
                };
            if !skip {
                first[d ^ 2] = first_on(board, x, d ^ 2);
            }
        }
        for d in 0..8 {
            let Some(r) = first[d] else {
                continue;
            };
            if !mine(board, r) {
                continue;
            }
            let back = d ^ 2;
            let slides = match kind(board[r as usize]) {
                ROOK => back < 4,
                BISHOP => back >= 4,
                QUEEN => true,
                PAWN => {
                    if v != 0 || quiet {
                        add(&mut whole, r);
                    }
                    false
                }
                _ => false,
            };
            if !slides {
                continue;
            }
            if v != 0 {
                consider(&mut best, r, x);
                continue;
            }
            if quiet {
                let ri = r as usize;
                for &to in t.rays[ri][back][..t.ray_len[ri][back] as usize]
                    .iter()
                    .take_while(|&&to| board[to as usize] == 0)
                {
                    consider(&mut best, r, to);
                }
            }
            if let Some(z) = first[back] {
                if !mine(board, z) {
                    consider(&mut best, r, z);
                }
            }
        }
        if v != 0 || quiet {
            let s = x as usize;
            for &j in &t.knight[s][..t.knight_len[s] as usize] {
                let c = board[j as usize];
                if kind(c) == KNIGHT && owner(c) == p {
                    consider(&mut best, j, x);
                }
            }
        }
    }
    // (1) The whole pieces' moves.
    for (i, &word) in whole.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let sq = (i * 64) as u8 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            piece_moves(board, p, sq, &mut |from, to| {
                consider(&mut best, from, to);
                true
            });
        }
    }
    if changed && best.0 > near_key {
        return None;
    }
    best.1
}

/// Calls `f` with the square of the first piece along every ray from `x` and of every
/// knight a jump away from it (whoever's they are).
#[inline(always)]
fn reaching(board: &[u8; CELLS], x: u8, f: &mut impl FnMut(u8)) {
    let (t, s) = (&TABLES, x as usize);
    for d in 0..8 {
        if let Some(&r) = t.rays[s][d][..t.ray_len[s][d] as usize]
            .iter()
            .find(|&&r| board[r as usize] != 0)
        {
            f(r);
        }
    }
    for &j in &t.knight[s][..t.knight_len[s] as usize] {
        if kind(board[j as usize]) == KNIGHT {
            f(j);
        }
    }
}

/// The eight squares of chunk `w` of `board` as one word (the last chunk's four squares in
/// its low half), as [`own_bytes`] reads them.
#[inline(always)]
fn chunk(board: &[u8; CELLS], w: usize) -> u64 {
    if w < CELLS / 8 {
        u64::from_le_bytes(board[w * 8..w * 8 + 8].try_into().expect("eight squares"))
    } else {
        u64::from(u32::from_le_bytes(
            board[CELLS - 4..].try_into().expect("four squares"),
        ))
    }
}

/// The number of legal moves of the player to move (perft's last ply).
pub(crate) fn count_legal(state: &State) -> u64 {
    let mut n = 0;
    each_legal(state, |_, _| n += 1);
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
    use crate::chess4::test_games::{seeded_games, starts};
    use crate::chess4::Chess4;
    use gametree::{Game, SetToMove};

    /// In check, [`first_legal`] (the candidates found from their targets,
    /// `first_legal_in_check`) is the first of the full sorted list of legal moves, for every
    /// player in check in the positions of random games.
    #[test]
    fn the_first_move_in_check_is_the_first_of_the_sorted_list() {
        let g = Chess4::new(400).expect("cap");
        let (mut checked, mut double, mut none) = (0u64, 0u64, 0u64);
        let mut list = Vec::new();
        seeded_games(&g, &starts(&g), 60, State::pieces_key, |s| {
            for p in (0..PLAYERS).filter(|&p| s.alive >> p & 1 == 1 && s.in_check(p)) {
                let mut q = *s;
                q.to_move = p as u8;
                list.clear();
                legal_moves(&q, &mut list);
                sort_moves(&q.board, &mut list);
                assert_eq!(first_legal(&q), list.first().copied(), "{q:?}");
                checked += 1;
                double += (lone_attacker(&q.board, q.kings[p], p) == NONE) as u64;
                none += list.is_empty() as u64;
            }
        });
        assert!(checked > 2_000, "{checked} in check");
        assert!(double > 20, "{double} in double check");
        assert!(none > 5, "{none} without a legal move");
    }

    /// [`first_legal_near`] equals [`first_legal`] whenever it answers: from the positions
    /// of random games, each player in turn is given the move in the positions after each
    /// legal move of the player to move (a BRS+ opponent's forced move after each reply),
    /// each compared with the position after the move before it and with the one two plies
    /// earlier in the game. It must answer in most of them (it is a short cut).
    #[test]
    fn the_first_move_from_a_near_position_equals_the_full_search() {
        let g = Chess4::new(400).expect("cap");
        let (mut asked, mut answered, mut moved) = (0u64, 0u64, 0u64);
        let mut list = Vec::new();
        let mut check = |state: &State, near: &State| {
            let Some(near_first) = first_legal(near) else {
                return;
            };
            asked += 1;
            if let Some(m) = first_legal_near(state, near, near_first) {
                answered += 1;
                moved += (m != near_first) as u64;
                assert_eq!(Some(m), first_legal(state), "{state:?} near {near:?}");
            }
        };
        let mut history: Vec<State> = Vec::new();
        seeded_games(&g, &starts(&g), 40, State::pieces_key, |s| {
            if g.is_terminal(s) {
                history.clear();
                return;
            }
            list.clear();
            legal_moves(s, &mut list);
            for p in (0..PLAYERS).filter(|&p| p != s.to_move as usize) {
                let turn = |t: &State| g.set_to_move(t, gametree::Player::new(p));
                let mut before: Option<State> = None;
                for &m in list.iter().take(12) {
                    let Some(t) = turn(&g.play(s, m)) else {
                        continue;
                    };
                    if let Some(b) = before {
                        check(&t, &b);
                    }
                    if let Some(old) = history.len().checked_sub(2).and_then(|i| turn(&history[i]))
                    {
                        check(&t, &old);
                    }
                    before = Some(t);
                }
            }
            history.push(*s);
        });
        assert!(asked > 50_000, "{asked} asked");
        assert!(answered * 2 > asked, "{answered} of {asked} answered");
        assert!(
            moved > 1_000,
            "{moved} answers other than the near position's"
        );
    }

    /// Every pseudo-legal move of the positions of random games (from the start and from
    /// positions with checks, pins and king captures) is judged alike by the node's
    /// legality test and the full attack test it claims to equal; the node's list and count
    /// of legal moves are those the full test passes.
    #[test]
    fn the_pin_ray_test_equals_the_full_attack_test() {
        let g = Chess4::new(400).expect("cap");
        let (mut positions, mut moves, mut illegal) = (0u64, 0u64, 0u64);
        seeded_games(&g, &starts(&g), 60, State::pieces_key, |s| {
            positions += 1;
            let fast = Legality::of(s);
            let mut scratch = s.board;
            // The node's list (`each_legal`: pieces on no ray of the king untested) and
            // count against the full test of every pseudo-legal move.
            let mut full = Vec::new();
            pseudo(&s.board, s.to_move as usize, |from, to| {
                let legal = legal_by_full_test(s, &mut scratch, from, to);
                assert_eq!(fast.legal(from, to), legal, "{s:?}: {from}-{to}");
                moves += 1;
                illegal += !legal as u64;
                if legal {
                    full.push(Move::new(from, to));
                }
                true
            });
            assert_eq!(scratch, s.board);
            let mut listed = Vec::new();
            legal_moves(s, &mut listed);
            assert_eq!(listed, full, "{s:?}");
            assert_eq!(count_legal(s), full.len() as u64, "{s:?}");
        });
        assert!(positions > 5_000, "{positions} positions");
        assert!(illegal > 1_000, "{illegal} illegal of {moves} moves");
    }

    /// Every king move (not a king capture) of every live player in every position of
    /// seeded random games with at most [`FEW`] pieces of other players is judged alike by
    /// the test from the attackers' side and by the walk from the king's new square.
    #[test]
    fn the_king_test_from_the_attackers_side_equals_the_ray_walk() {
        let g = Chess4::new(400).expect("cap");
        let (mut sparse, mut moves, mut attacked) = (0u64, 0u64, 0u64);
        let mut starts = starts(&g);
        starts.push(
            g.parse_position("r Kh1,Nd1/Ka7,Rb5/Kg14,Bf13/Kn8,Qm6")
                .expect("position"),
        );
        seeded_games(&g, &starts, 120, State::pieces_key, |s| {
            for p in (0..PLAYERS).filter(|&p| s.alive >> p & 1 == 1) {
                let Some((theirs, n)) = attackers(&s.board, p) else {
                    continue;
                };
                let plain: Vec<u8> = TABLES
                    .squares
                    .iter()
                    .copied()
                    .filter(|&sq| s.board[sq as usize] != 0 && owner(s.board[sq as usize]) != p)
                    .collect();
                assert_eq!(&theirs[..n], &plain[..], "{s:?}");
                sparse += 1;
                let king = s.kings[p];
                piece_moves(&s.board, p, king, &mut |from, to| {
                    if kind(s.board[to as usize]) != KING {
                        let walk = attacked_after(&s.board, to, p, from, to);
                        assert_eq!(
                            attacked_after_by(&s.board, to, from, &theirs[..n]),
                            walk,
                            "{s:?}: {from}-{to}"
                        );
                        moves += 1;
                        attacked += walk as u64;
                    }
                    true
                });
            }
        });
        assert!(sparse > 2_000, "{sparse} sparse positions");
        assert!(
            attacked > 2_000,
            "{attacked} attacked of {moves} king moves"
        );
    }

    /// A lone king (the player's material 0): [`has_legal_move`] and [`legal_moves`], which
    /// go straight to the king's moves, against the plain computations (some pseudo-legal
    /// move passing the full attack test; every such move, in [`pseudo`]'s order), for every
    /// live player of every position of seeded random games, once as it stands and once
    /// stripped of its pieces but the king (the check bits recomputed). Taking every piece
    /// off leaves kings in check, stalemated and mated among them.
    #[test]
    fn a_lone_king_moves_as_the_plain_computation_says() {
        let g = Chess4::new(400).expect("cap");
        let (mut lone, mut none, mut in_check, mut whole) = (0u64, 0u64, 0u64, 0u64);
        let plain_moves = |q: &State| {
            let (mut out, mut scratch) = (Vec::new(), q.board);
            pseudo(&q.board, q.to_move as usize, |from, to| {
                if legal_by_full_test(q, &mut scratch, from, to) {
                    out.push(Move::new(from, to));
                }
                true
            });
            out
        };
        let mut fast = Vec::new();
        seeded_games(&g, &starts(&g), 40, State::pieces_key, |s| {
            for p in (0..PLAYERS).filter(|&p| s.alive >> p & 1 == 1) {
                let mut q = *s;
                q.to_move = p as u8;
                for stripped in [false, true] {
                    if stripped {
                        for &sq in &TABLES.squares {
                            let c = q.board[sq as usize];
                            if c != 0 && owner(c) == p && kind(c) != KING {
                                q.take(sq);
                            }
                        }
                        q.set_checks(checks_of(&q));
                    }
                    fast.clear();
                    legal_moves(&q, &mut fast);
                    let plain = plain_moves(&q);
                    assert_eq!(fast, plain, "{q:?}");
                    assert_eq!(has_legal_move(&q), !plain.is_empty(), "{q:?}");
                    whole += 1;
                    if q.psi(p) == 0 {
                        lone += 1;
                        none += plain.is_empty() as u64;
                        in_check += q.in_check(p) as u64;
                    }
                }
            }
        });
        assert!(whole > 100_000, "{whole} positions");
        assert!(lone > 60_000, "{lone} lone kings");
        assert!(none > 200, "{none} lone kings without a legal move");
        assert!(in_check > 4_000, "{in_check} lone kings in check");
    }

    /// Whether a player can move, by the node's fast test ([`has_legal_move`]: the pieces
    /// other than the king first, by the pin ray alone) and by the plain one (some
    /// pseudo-legal move passes the full attack test), for every live player put to move in
    /// every position of seeded random games, among them positions where the player has
    /// no legal move; and out of check the same piece by piece ([`piece_can_move`]).
    #[test]
    fn the_fast_test_of_a_legal_move_equals_the_full_one() {
        let g = Chess4::new(400).expect("cap");
        let (mut tests, mut none, mut in_check) = (0u64, 0u64, 0u64);
        let (mut pieces, mut pinned) = (0u64, 0u64);
        seeded_games(&g, &starts(&g), 60, State::pieces_key, |s| {
            for p in (0..PLAYERS).filter(|&p| s.alive >> p & 1 == 1) {
                let mut q = *s;
                q.to_move = p as u8;
                let plain = has_legal_move_plain(&q);
                assert_eq!(has_legal_move(&q), plain, "{q:?}");
                tests += 1;
                none += !plain as u64;
                in_check += q.in_check(p) as u64;
                if q.in_check(p) {
                    continue;
                }
                // Piece by piece out of check (the king aside).
                let mut scratch = q.board;
                for &from in &TABLES.squares {
                    let c = q.board[from as usize];
                    if c == 0 || owner(c) != p || kind(c) == KING {
                        continue;
                    }
                    let plain = !piece_moves(&q.board, p, from, &mut |from, to| {
                        !legal_by_full_test(&q, &mut scratch, from, to)
                    });
                    assert_eq!(piece_can_move(&q, from), plain, "{q:?} {from}");
                    pieces += 1;
                    pinned += (!plain && TABLES.line[q.kings[p] as usize][from as usize] < NO_LINE)
                        as u64;
                }
            }
        });
        assert!(tests > 10_000, "{tests} tests");
        assert!(none > 20, "{none} without a legal move");
        assert!(in_check > 500, "{in_check} in check");
        assert!(pieces > 100_000, "{pieces} pieces");
        assert!(
            pinned > 1_000,
            "{pinned} pieces on a ray of their king without a move"
        );
    }

    /// The pawn test of [`has_legal_move`] ([`free_pawn_push`]) for every chunk it reads,
    /// every live player out of check and every position of seeded random games, against
    /// the plain computation from the move tables: some pawn of the player in the chunk
    /// whose square ahead is empty, on no ray of its king, and whose push passes the full
    /// attack test.
    #[test]
    fn the_pawn_test_equals_the_tables() {
        let g = Chess4::new(400).expect("cap");
        let (mut chunks, mut found) = (0u64, 0u64);
        seeded_games(
            &g,
            &[gametree::Game::initial(&g)],
            30,
            State::pieces_key,
            |s| {
                for p in (0..PLAYERS).filter(|&p| s.alive >> p & 1 == 1 && !s.in_check(p)) {
                    let mut q = *s;
                    q.to_move = p as u8;
                    let k = q.kings[p] as usize;
                    let mut scratch = q.board;
                    for w in 0..CHUNKS {
                        let ahead = w as isize * 8 + PUSH_STEP[p];
                        if w >= CELLS / 8 || ahead < 0 || ahead as usize + 8 > CELLS {
                            assert!(!free_pawn_push(&q.board, w, p, k));
                            continue;
                        }
                        let plain = (w * 8..w * 8 + 8).any(|from| {
                            let to = TABLES.push[p][from];
                            q.board[from] == piece(p, PAWN)
                                && to != NONE
                                && q.board[to as usize] == 0
                                && TABLES.line[k][from] >= NO_LINE
                                && legal_by_full_test(&q, &mut scratch, from as u8, to)
                        });
                        assert_eq!(free_pawn_push(&q.board, w, p, k), plain, "{q:?} {w}");
                        chunks += 1;
                        found += plain as u64;
                    }
                }
            },
        );
        assert!(chunks > 100_000, "{chunks} chunks");
        assert!(found > 10_000, "{found} chunks with a free pawn");
    }

    /// The check bits kept by every move ([`checks_after`], and in full after eliminations)
    /// equal the plain attack test of every live king ([`checks_of`]) in every position of
    /// seeded random games, the last included; the games go through many checks. (The
    /// free-for-all rules: the same test in `ffa.rs`.)
    #[test]
    fn the_kept_check_bits_equal_the_attack_test_of_every_king() {
        let g = Chess4::new(400).expect("cap");
        let (mut positions, mut checked) = (0u64, 0u64);
        seeded_games(&g, &starts(&g), 60, State::pieces_key, |s| {
            positions += 1;
            assert_eq!(s.checks(), checks_of(s), "{s:?}");
            checked += s.checks().count_ones() as u64;
        });
        assert!(positions > 10_000, "{positions} positions");
        assert!(checked > 500, "{checked} kings in check");
    }
}
