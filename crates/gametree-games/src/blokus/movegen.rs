//! Corner-anchored placement generation on row bitboards, bit-parallel over columns.
//!
//! A colour's placements all cover an *anchor*: an empty cell diagonal to one of its own
//! cells and not edge-adjacent to any (its home corner before its first placement). For each
//! unplaced piece, each of its orientations and each row `oy` of the bounding box's corner
//! whose rows hold an anchor, one word gives every column `ox` at once where the placement
//! fits: for each cell `(dx, dy)` of the orientation, the columns where row `oy + dy` is free
//! at `ox + dx` are the free cells of that row shifted right by `dx`, and the placement fits
//! at the columns where every cell's word has its bit (and the box stays on the board). It
//! covers an anchor at the columns where some cell's shifted anchors have theirs. Two
//! corner rows share one 64-bit word, so one pass over the cells does both. Each
//! (orientation, corner) is visited once, so each placement is listed once.

use super::pieces::{tables, Orientation, PIECES, SIDE};
use super::{Move, State, HOME};

/// The 20 low bits of a row.
const ROW: u32 = (1 << SIDE) - 1;

/// The forbidden cells of colour `c` (occupied, or sharing an edge with its own) and its
/// anchors, row by row.
#[inline]
fn forbidden_and_anchors(s: &State, c: usize) -> ([u32; SIDE], [u32; SIDE]) {
    let own = &s.rows[c];
    let mut forbidden = [0u32; SIDE];
    let mut anchors = [0u32; SIDE];
    let mut any = 0;
    for y in 0..SIDE {
        let occ = s.rows[0][y] | s.rows[1][y] | s.rows[2][y] | s.rows[3][y];
        let below = if y > 0 { own[y - 1] } else { 0 };
        let above = if y + 1 < SIDE { own[y + 1] } else { 0 };
        forbidden[y] = occ | ((own[y] << 1 | own[y] >> 1) & ROW) | below | above;
        let vertical = below | above;
        anchors[y] = (vertical << 1 | vertical >> 1) & ROW & !forbidden[y];
        any |= own[y];
    }
    if any == 0 {
        let (x, y) = HOME[c];
        anchors[y] = (1 << x) & !forbidden[y];
    }
    (forbidden, anchors)
}

/// Calls `found` with each group of placements of colour `c` that share a piece, an
/// orientation and a pair of rows: the piece, the orientation, the row `oy` of the box's
/// corner and the columns `ox` where it is placed, as one word: bit `ox` for row `oy`, bit
/// `32 + ox` for row `oy + 1` (the high half is zero when row `oy + 1` is not visited
/// with `oy`; the word may be zero: no placement). Only the pieces of `pieces` (a subset of
/// the unplaced ones, bit `p`: piece `p`) are visited, in canonical order; each placement
/// belongs to one group. Stops when `found` returns `true`; returns whether it did.
///
/// Two corner rows are done at once: rows `y` and `y + 1` of the free cells (and of the
/// anchors) are packed in one word, row `y` in the low 32 bits and row `y + 1` in the high,
/// so one pass over an orientation's cells finds the columns of both. A shift right by
/// `dx` moves the high row's low bits into the low half's bits `32 - dx` and up, which the
/// columns' mask (below bit 20) leaves out.
#[inline]
fn each_fit(
    s: &State,
    c: usize,
    pieces: u32,
    mut found: impl FnMut(usize, &Orientation, usize, u64) -> bool,
) -> bool {
    let t = tables();
    let (forbidden, anchors) = forbidden_and_anchors(s, c);
    // Bit `y`: row `y` holds an anchor.
    let mut anchor_rows = 0u32;
    for (y, &a) in anchors.iter().enumerate() {
        anchor_rows |= u32::from(a != 0) << y;
    }
    if anchor_rows == 0 {
        return false;
    }
    // Rows `y` and `y + 1` (none past the board) of the free cells and of the anchors;
    // 32 entries, read at `y & 31`, so that the reads need no bounds check.
    let mut free = [0u64; 32];
    let mut reach = [0u64; 32];
    for y in 0..SIDE {
        let (f1, a1) = if y + 1 < SIDE {
            (!forbidden[y + 1] & ROW, anchors[y + 1])
        } else {
            (0, 0)
        };
        free[y] = u64::from(!forbidden[y] & ROW) | u64::from(f1) << 32;
        reach[y] = u64::from(anchors[y]) | u64::from(a1) << 32;
    }
    let mut pieces = pieces;
    while pieces != 0 {
        let p = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let (a, b) = t.by_piece[p];
        for o in &t.orientations[a as usize..b as usize] {
            let (width, height) = (o.width as usize, o.height as usize);
            // The columns where the box fits on the board: 0..=SIDE-width.
            let columns = u64::from((1u32 << (SIDE + 1 - width)) - 1);
            // The rows `oy` whose box rows `oy..oy + height` hold an anchor, in order.
            let mut rows = 0u32;
            for dy in 0..height {
                rows |= anchor_rows >> dy;
            }
            rows &= (1u32 << (SIDE + 1 - height)) - 1;
            while rows != 0 {
                let oy = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                // Row `oy + 1` too when it is a corner row to visit.
                let mut fits = columns;
                if rows >> (oy + 1) & 1 == 1 {
                    rows &= rows - 1;
                    fits |= columns << 32;
                }
                let mut covers = 0;
                for &(dx, dy) in &o.cells {
                    let y = (oy + dy as usize) & 31;
                    fits &= free[y] >> dx;
                    covers |= reach[y] >> dx;
                }
                if found(p, o, oy, fits & covers) {
                    return true;
                }
            }
        }
    }
    false
}

/// Calls `found` with each placement of colour `c` whose piece is in `pieces` (each once;
/// piece by piece in canonical order, in no particular order within a piece) until it
/// returns `true`; returns whether it did.
#[inline]
fn each_placement(s: &State, c: usize, pieces: u32, mut found: impl FnMut(Move) -> bool) -> bool {
    each_fit(s, c, pieces, |_, o, oy, mut at| {
        while at != 0 {
            // Bit `ox` of row `oy`, or bit `32 + ox` of row `oy + 1`.
            let k = at.trailing_zeros() as usize;
            at &= at - 1;
            let (y, ox) = (oy + k / 32, k % 32);
            if found(Move::placement(o, (y * SIDE + ox) as u16)) {
                return true;
            }
        }
        false
    })
}

/// Appends the placements of colour `c` in `s`, each once, piece by piece in canonical order
/// (in no particular order within a piece); returns how many.
#[inline]
pub(crate) fn placements(s: &State, c: usize, out: &mut Vec<Move>) -> usize {
    let start = out.len();
    each_placement(s, c, s.left[c], |m| {
        out.push(m);
        false
    });
    out.len() - start
}

/// Whether colour `c` has a placement in `s`.
#[inline]
pub(crate) fn can_place(s: &State, c: usize) -> bool {
    s.left[c] != 0 && each_fit(s, c, s.left[c], |_, _, _, at| at != 0)
}

/// The number of placements of colour `c` in `s`.
pub(crate) fn count(s: &State, c: usize) -> u64 {
    count_by_piece(s, c).iter().sum()
}

/// The number of placements of colour `c` in `s` of each piece (0 for a placed piece):
/// one population count per group of [`each_fit`].
fn count_by_piece(s: &State, c: usize) -> [u64; PIECES] {
    let mut per_piece = [0u64; PIECES];
    each_fit(s, c, s.left[c], |p, _, _, at| {
        per_piece[p] += u64::from(at.count_ones());
        false
    });
    per_piece
}

/// The placement of colour `c` in `s` at index `pick(n)` of the game's order of moves
/// (pieces in canonical order, each piece's placements sorted), `n > 0` being the number of
/// its placements; `None` (and `pick` not called) when it has none. The placements are
/// counted by piece (one population count per group of [`each_fit`]); only the chosen
/// piece's are then generated, into `out` (cleared first, then left in no particular order).
pub(crate) fn placement_at(
    s: &State,
    c: usize,
    pick: impl FnOnce(u64) -> u64,
    out: &mut Vec<Move>,
) -> Option<Move> {
    let per_piece = count_by_piece(s, c);
    let total: u64 = per_piece.iter().sum();
    if total == 0 {
        return None;
    }
    let mut i = pick(total);
    for (p, &n) in per_piece.iter().enumerate() {
        if i < n {
            out.clear();
            each_placement(s, c, 1 << p, |m| {
                out.push(m);
                false
            });
            // The placements are distinct, so the one at index `i` once sorted is found
            // without sorting them all.
            let i = i as usize;
            return (i < out.len()).then(|| *out.select_nth_unstable(i).1);
        }
        i -= n;
    }
    None
}
