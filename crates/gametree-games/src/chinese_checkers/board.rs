//! The star board: cells in cube coordinates, the canonical cell index, and the precomputed
//! neighbour and hop tables (see the module documentation of [`super`]).

/// "No cell" in the neighbour and hop tables.
pub const NONE: u8 = u8::MAX;

/// The six directions, in the order of docs/games.md.
pub const DIRECTIONS: [[i8; 3]; 6] = [
    [1, -1, 0],
    [1, 0, -1],
    [0, 1, -1],
    [-1, 1, 0],
    [-1, 0, 1],
    [0, -1, 1],
];

/// The star with triangle side `n`: its cells and adjacency.
#[derive(Clone, Debug)]
pub struct Board {
    /// The triangle side (1..=4).
    pub n: i8,
    /// Cube coordinates `(x, y, z)` of each cell, by canonical index (sorted by `(x, y)`).
    pub coords: Vec<[i8; 3]>,
    /// The neighbour of each cell in each direction, or [`NONE`].
    pub neighbours: Vec<[u8; 6]>,
    /// The neighbours of each cell as a bit mask.
    pub neighbour_mask: Vec<u128>,
    /// The valid hops of each cell as one-bit masks `(over, land)`, `hop_count[c]` of them:
    /// the hop closure tests each with two word operations (two variable shifts of a
    /// 128-bit word cost several instructions each).
    pub hop_masks: Vec<[(u128, u128); 6]>,
    /// The number of valid hops of each cell.
    pub hop_count: Vec<u8>,
    /// Every cell of the board.
    pub all: u128,
}

/// Whether `(x, y, z)` (with `x + y + z = 0`) is a hole of the star with side `n`.
pub fn on_board(n: i8, c: [i8; 3]) -> bool {
    c[0] + c[1] + c[2] == 0
        && ((c[0] <= n && c[1] <= n && c[2] <= n) || (c[0] >= -n && c[1] >= -n && c[2] >= -n))
}

impl Board {
    /// The star with triangle side `n` (1 to 4: 13, 37, 73 or 121 holes).
    ///
    /// # Panics
    /// If `n` is not in `1..=4` (the callers validate it).
    pub fn new(n: i8) -> Board {
        assert!((1..=4).contains(&n), "board side out of range");
        let r = 2 * n;
        let mut coords = Vec::new();
        for x in -r..=r {
            for y in -r..=r {
                let c = [x, y, -x - y];
                if on_board(n, c) {
                    coords.push(c);
                }
            }
        }
        let index = |c: [i8; 3]| coords.iter().position(|&d| d == c).map(|i| i as u8);
        let cells = coords.len();
        let mut neighbours = vec![[NONE; 6]; cells];
        let mut neighbour_mask = vec![0u128; cells];
        let mut hop_masks = vec![[(0u128, 0u128); 6]; cells];
        let mut hop_count = vec![0u8; cells];
        for (i, &c) in coords.iter().enumerate() {
            for (d, dir) in DIRECTIONS.iter().enumerate() {
                let a = [c[0] + dir[0], c[1] + dir[1], c[2] + dir[2]];
                let b = [a[0] + dir[0], a[1] + dir[1], a[2] + dir[2]];
                if let Some(ai) = index(a) {
                    neighbours[i][d] = ai;
                    neighbour_mask[i] |= 1u128 << ai;
                    if let Some(bi) = index(b) {
                        hop_masks[i][hop_count[i] as usize] = (1u128 << ai, 1u128 << bi);
                        hop_count[i] += 1;
                    }
                }
            }
        }
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        Board {
            n,
            coords,
            neighbours,
            neighbour_mask,
            hop_masks,
            hop_count,
            all,
        }
    }

    /// The number of holes, `6 n^2 + 6 n + 1` (121 for n = 4, 73 for n = 3).
    pub fn cells(&self) -> usize {
        self.coords.len()
    }

    /// The canonical index of the cell at `c`, if it is on the board.
    pub fn index(&self, c: [i8; 3]) -> Option<u8> {
        if !on_board(self.n, c) {
            return None;
        }
        self.coords.iter().position(|&d| d == c).map(|i| i as u8)
    }

    /// Every cell whose coordinate `axis` times `sign` exceeds `n` (one corner triangle).
    pub fn corner(&self, axis: usize, sign: i8) -> u128 {
        let mut m = 0u128;
        for (i, c) in self.coords.iter().enumerate() {
            if sign * c[axis] > self.n {
                m |= 1u128 << i;
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_corners() {
        for (n, cells) in [(1, 13), (2, 37), (3, 73), (4, 121)] {
            let b = Board::new(n);
            assert_eq!(b.cells(), cells);
            let t = (n as u32) * (n as u32 + 1) / 2;
            for axis in 0..3 {
                for sign in [1, -1] {
                    assert_eq!(b.corner(axis, sign).count_ones(), t);
                }
            }
            // Adjacency is symmetric.
            for (i, ns) in b.neighbours.iter().enumerate() {
                for (d, &j) in ns.iter().enumerate() {
                    if j != NONE {
                        assert_eq!(b.neighbours[j as usize][(d + 3) % 6], i as u8);
                    }
                }
            }
        }
        let b = Board::new(4);
        assert_eq!(b.coords[0], [-8, 4, 4]);
        assert_eq!(b.index([0, 0, 0]), Some(60));
    }
}
