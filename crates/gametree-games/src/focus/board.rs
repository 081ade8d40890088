//! The Focus board: 8 x 8 without three squares in each corner (52 squares), square index
//! `y * 8 + x`, and the stacks as packed 13-bit codes.

/// The number of square indices (`0..64`; only the 52 of [`ON_BOARD`] are used).
pub const INDICES: usize = 64;

/// The number of board squares.
pub const SQUARES: usize = 52;

/// The tallest stack.
pub const MAX_HEIGHT: u32 = 5;

/// Whether `(x, y)` is on the board: `min(x, 7 - x) + min(y, 7 - y) >= 2`.
pub const fn on_board(x: i32, y: i32) -> bool {
    if x < 0 || x > 7 || y < 0 || y > 7 {
        return false;
    }
    let dx = if x < 7 - x { x } else { 7 - x };
    let dy = if y < 7 - y { y } else { 7 - y };
    dx + dy >= 2
}

/// The board squares as a bitboard over the 64 indices.
pub const ON_BOARD: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 64 {
        if on_board(i % 8, i / 8) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// The square `(x, y)`.
#[inline]
pub const fn square(x: u8, y: u8) -> u8 {
    y * 8 + x
}

/// The name of square index `sq`: file `a..h`, rank `1..8` (`c3`).
pub fn square_name(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
}

/// The board square written `text` (`c3`, any case), if it is one.
pub fn parse_square(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [f, r @ b'1'..=b'8'] => {
            let f = f.to_ascii_lowercase();
            if !(b'a'..=b'h').contains(&f) {
                return None;
            }
            let sq = square(f - b'a', r - b'1');
            (ON_BOARD >> sq & 1 == 1).then_some(sq)
        }
        _ => None,
    }
}

/// A stack, packed: the height in bits 0..3, then the pieces bottom to top, two bits each
/// (the colour `0..4`: r, g, b, y). 0 is the empty square.
pub type Stack = u16;

/// The height of stack `s`.
#[inline(always)]
pub const fn height(s: Stack) -> u32 {
    (s & 7) as u32
}

/// The colour of the piece at level `i` (0 the bottom) of stack `s`.
#[inline(always)]
pub const fn piece_at(s: Stack, i: u32) -> usize {
    ((s >> (3 + 2 * i)) & 3) as usize
}

/// The owner of stack `s` (the colour of its top piece); `s` must not be empty.
#[inline(always)]
pub const fn top(s: Stack) -> usize {
    piece_at(s, height(s) - 1)
}

/// The pieces of stack `s` bottom to top, two bits each, without the height.
#[inline(always)]
pub const fn pieces(s: Stack) -> u16 {
    s >> 3
}

/// The stack of height `h` holding `pieces` (two bits each, bottom first).
#[inline(always)]
pub const fn make(h: u32, pieces: u16) -> Stack {
    if h == 0 {
        0
    } else {
        h as u16 | pieces << 3
    }
}

/// The mask of the low `n` levels of a packed piece list.
#[inline(always)]
pub const fn levels(n: u32) -> u16 {
    ((1u32 << (2 * n)) - 1) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_52_squares_and_contiguous_lines() {
        assert_eq!(ON_BOARD.count_ones() as usize, SQUARES);
        for name in ["a1", "b1", "a2", "h8", "g8", "h7", "c1", "a3"] {
            let on = !matches!(name, "a1" | "b1" | "a2" | "h8" | "g8" | "h7");
            assert_eq!(parse_square(name).is_some(), on, "{name}");
        }
        for line in 0..8 {
            let rank: Vec<bool> = (0..8).map(|x| on_board(x, line)).collect();
            let file: Vec<bool> = (0..8).map(|y| on_board(line, y)).collect();
            for l in [rank, file] {
                let first = l.iter().position(|&b| b).unwrap();
                let last = l.iter().rposition(|&b| b).unwrap();
                assert!(l[first..=last].iter().all(|&b| b));
            }
        }
        for sq in 0..64u8 {
            if ON_BOARD >> sq & 1 == 1 {
                assert_eq!(parse_square(&square_name(sq)), Some(sq));
            }
        }
    }

    #[test]
    fn stacks_pack_bottom_first() {
        let s = make(3, 0b01_00_10); // b (bottom), r, g (top)
        assert_eq!(height(s), 3);
        assert_eq!(piece_at(s, 0), 2);
        assert_eq!(piece_at(s, 1), 0);
        assert_eq!(top(s), 1);
        assert_eq!(pieces(s) & levels(1), 2);
    }
}
