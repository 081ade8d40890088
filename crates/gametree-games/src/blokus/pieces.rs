//! The 21 Blokus pieces, their 91 orientations and the placement tables the generator reads,
//! built once.

use std::sync::OnceLock;

/// The board's side.
pub const SIDE: usize = 20;

/// The number of cells.
pub const CELLS: usize = SIDE * SIDE;

/// The pieces of one colour.
pub const PIECES: usize = 21;

/// The squares of all the pieces of one colour.
pub const TOTAL_SQUARES: u32 = 89;

/// The pieces' names in canonical order.
pub const NAMES: [&str; PIECES] = [
    "I1", "I2", "I3", "V3", "I4", "L4", "O4", "T4", "Z4", "F", "I", "L", "N", "P", "T", "U", "V",
    "W", "X", "Y", "Z",
];

/// The monomino's index.
pub const MONOMINO: usize = 0;

/// The cells `(x, y)` of one orientation of each piece, in canonical order.
const SHAPES: [&[(u8, u8)]; PIECES] = [
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (0, 1), (0, 2), (1, 0)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (1, 1)],
    &[(0, 0), (1, 0), (1, 1), (2, 1)],
    &[(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)],
    &[(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    &[(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    &[(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)],
    &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
    &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
];

/// The number of squares of piece `p`.
#[inline]
pub const fn size(p: usize) -> u32 {
    SHAPES[p].len() as u32
}

/// The piece named `name` (any case), if any.
pub fn piece_named(name: &str) -> Option<usize> {
    NAMES.iter().position(|n| n.eq_ignore_ascii_case(name))
}

/// One orientation of a piece: its cells sorted by `(y, x)` from the corner of its bounding
/// box, as row masks and as index offsets `y * 20 + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orientation {
    /// The piece.
    pub piece: u8,
    /// Its squares.
    pub size: u8,
    /// The bounding box's width.
    pub width: u8,
    /// The bounding box's height.
    pub height: u8,
    /// The cells of each row of the bounding box as a bit mask (bit `x`).
    pub rows: [u32; 5],
    /// The cells `(x, y)`, sorted by `(y, x)`, in the first `size` entries; the entries
    /// past them repeat the first cell. The generator's masks are intersections and unions,
    /// to which a repeated cell changes nothing, so its loop over the five entries has a
    /// fixed length (unrolled, no branch on the piece's size).
    pub cells: [(u8, u8); 5],
    /// The cells' index offsets `y * 20 + x`, ascending.
    pub offsets: [u16; 5],
}

/// Everything the generator precomputes.
#[derive(Debug)]
pub struct Tables {
    /// The 91 orientations, piece by piece (a piece's orientations are contiguous).
    pub orientations: Vec<Orientation>,
    /// The range of each piece's orientations.
    pub by_piece: [(u8, u8); PIECES],
}

/// The cells of `shape` normalised: shifted to start at `(0, 0)`, sorted by `(y, x)`.
fn normalise(shape: &[(i32, i32)]) -> Vec<(u8, u8)> {
    let mx = shape.iter().map(|c| c.0).min().unwrap_or(0);
    let my = shape.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<(u8, u8)> = shape
        .iter()
        .map(|&(x, y)| ((x - mx) as u8, (y - my) as u8))
        .collect();
    v.sort_by_key(|&(x, y)| (y, x));
    v
}

fn build() -> Tables {
    let mut orientations = Vec::with_capacity(91);
    let mut by_piece = [(0u8, 0u8); PIECES];
    for (p, shape) in SHAPES.iter().enumerate() {
        let start = orientations.len();
        let mut seen: Vec<Vec<(u8, u8)>> = Vec::new();
        for flip in [false, true] {
            for turn in 0..4 {
                let cells: Vec<(i32, i32)> = shape
                    .iter()
                    .map(|&(x, y)| {
                        let (mut x, mut y) = (x as i32, y as i32);
                        if flip {
                            x = -x;
                        }
                        for _ in 0..turn {
                            (x, y) = (-y, x);
                        }
                        (x, y)
                    })
                    .collect();
                let n = normalise(&cells);
                if seen.contains(&n) {
                    continue;
                }
                let mut o = Orientation {
                    piece: p as u8,
                    size: n.len() as u8,
                    width: n.iter().map(|c| c.0).max().unwrap_or(0) + 1,
                    height: n.iter().map(|c| c.1).max().unwrap_or(0) + 1,
                    rows: [0; 5],
                    cells: [n[0]; 5],
                    offsets: [0; 5],
                };
                for (i, &(x, y)) in n.iter().enumerate() {
                    o.rows[y as usize] |= 1 << x;
                    o.cells[i] = (x, y);
                    o.offsets[i] = y as u16 * SIDE as u16 + x as u16;
                }
                orientations.push(o);
                seen.push(n);
            }
        }
        by_piece[p] = (start as u8, orientations.len() as u8);
    }
    Tables {
        orientations,
        by_piece,
    }
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_one_orientations_of_89_squares() {
        let t = tables();
        assert_eq!(t.orientations.len(), 91);
        assert_eq!((0..PIECES).map(size).sum::<u32>(), TOTAL_SQUARES);
        let counts: Vec<u8> = t.by_piece.iter().map(|&(a, b)| b - a).collect();
        assert_eq!(
            counts,
            [1, 2, 2, 4, 2, 8, 1, 4, 4, 8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]
        );
        for o in &t.orientations {
            assert_eq!(
                o.rows.iter().map(|r| r.count_ones()).sum::<u32>(),
                o.size as u32
            );
            assert!(o.offsets[..o.size as usize].windows(2).all(|w| w[0] < w[1]));
            // Past the piece's cells, the first cell repeated.
            let n = o.size as usize;
            assert!(o.cells[n..].iter().all(|&c| c == o.cells[0]));
            let distinct: std::collections::BTreeSet<_> = o.cells[..n].iter().collect();
            assert_eq!(distinct.len(), n);
        }
        assert_eq!(piece_named("v3"), Some(3));
        assert_eq!(piece_named("Q"), None);
    }
}
