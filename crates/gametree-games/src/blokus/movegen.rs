//! Corner-anchored placement generation on row bitboards.
//!
//! A colour's placements all cover an *anchor*: an empty cell diagonal to one of its own
//! cells and not edge-adjacent to any (its home corner before its first placement). For each
//! anchor in index order, each unplaced piece and each (orientation, cell) pair of the
//! precomputed tables, the placement that puts that cell on the anchor is tested row by row
//! against the forbidden cells (occupied, or edge-adjacent to the colour's own). A placement
//! covering several anchors is kept only at the first of them (the earlier anchors are
//! added to the forbidden rows once visited), so each placement is listed once.

use super::pieces::{tables, SIDE};
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

/// Whether the orientation `o` fits with its box at `(ox, oy)` clear of `blocked`.
#[inline(always)]
fn fits(rows: &[u32; 5], height: usize, ox: usize, oy: usize, blocked: &[u32; SIDE]) -> bool {
    for r in 0..height {
        if (rows[r] << ox) & blocked[oy + r] != 0 {
            return false;
        }
    }
    true
}

/// Calls `found` with each placement of colour `c` (any order; each once) until it returns
/// `true`; returns whether it did.
#[inline]
fn each_placement(s: &State, c: usize, mut found: impl FnMut(Move) -> bool) -> bool {
    let t = tables();
    let (mut blocked, anchors) = forbidden_and_anchors(s, c);
    let left = s.left[c];
    for ay in 0..SIDE {
        let mut row = anchors[ay];
        while row != 0 {
            let ax = row.trailing_zeros() as usize;
            row &= row - 1;
            let mut pieces = left;
            while pieces != 0 {
                let p = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let (a, b) = t.anchored_by_piece[p];
                for an in &t.anchored[a as usize..b as usize] {
                    let (dx, dy) = (an.dx as usize, an.dy as usize);
                    if dx > ax || dy > ay {
                        continue;
                    }
                    let o = &t.orientations[an.orientation as usize];
                    let (ox, oy) = (ax - dx, ay - dy);
                    if ox + o.width as usize > SIDE || oy + o.height as usize > SIDE {
                        continue;
                    }
                    if fits(&o.rows, o.height as usize, ox, oy, &blocked)
                        && found(Move::placement(o, (oy * SIDE + ox) as u16))
                    {
                        return true;
                    }
                }
            }
            blocked[ay] |= 1 << ax;
        }
    }
    false
}

/// Appends the placements of colour `c` in `s`, each once, in no particular order; returns
/// how many.
#[inline]
pub(crate) fn placements(s: &State, c: usize, out: &mut Vec<Move>) -> usize {
    let start = out.len();
    each_placement(s, c, |m| {
        out.push(m);
        false
    });
    out.len() - start
}

/// Whether colour `c` has a placement in `s`.
#[inline]
pub(crate) fn can_place(s: &State, c: usize) -> bool {
    s.left[c] != 0 && each_placement(s, c, |_| true)
}

/// The number of placements of colour `c` in `s`.
pub(crate) fn count(s: &State, c: usize) -> u64 {
    let mut n = 0;
    each_placement(s, c, |_| {
        n += 1;
        false
    });
    n
}
