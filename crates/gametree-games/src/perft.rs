//! Move-generation checks: perft (the number of positions at a given depth) and the size of
//! a game tree.
//!
//! # Convention
//!
//! `perft(state, 0) = 1`; for `d > 0`, `perft(state, d)` is the sum of `perft(child, d - 1)`
//! over the children of `state`, and **0 for a terminal state**. So perft counts the move
//! sequences of exactly `d` plies: a terminal position reached at ply `d` is counted, and a
//! game that ended before ply `d` contributes nothing further (nothing is counted below a
//! terminal position, and the terminal position itself is not counted at the deeper depth).
//!
//! This is the convention that gives the published counts:
//! - connect four from the empty board: 7, 49, 343, 2401, 16807, 117649, 823536, 5673234 at
//!   depths 1..8 (counting a terminal position reached before depth `d` as a leaf of depth
//!   `d` instead would give 5,686,266 at depth 8; the two conventions first differ there,
//!   since the earliest win is at ply 7);
//! - tic-tac-toe from the empty board: 9, 72, 504, 3024, 15120, 54720, 148176, 200448,
//!   127872 at depths 1..9 (the last is the number of games lasting nine plies).
//!
//! [`tree_size`] counts every node of the tree (the root included, terminal nodes included)
//! down to a depth: the number of nodes a plain full-width search visits. For a finite game,
//! `tree_size(state, ∞) = Σ_d perft(state, d)`; the full tic-tac-toe tree has 549,946 nodes.
//!
//! All functions use one move buffer as a stack of move lists: no allocation per node.

use gametree::Game;

/// The number of move sequences of exactly `depth` plies from `state` (see the module
/// documentation for the convention: a terminal position is counted at its own depth and
/// contributes nothing deeper).
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    let mut buf = Vec::with_capacity(256);
    perft_rec(game, state, depth, &mut buf)
}

/// [`perft`] split by root move: `(move, perft(child, depth - 1))` for each move of `state`
/// in the game's order. Empty for a terminal state or `depth == 0`.
pub fn perft_divide<G: Game>(game: &G, state: &G::State, depth: u32) -> Vec<(G::Move, u64)> {
    let mut root: Vec<G::Move> = Vec::new();
    if depth == 0 {
        return Vec::new();
    }
    game.moves(state, &mut root);
    let mut buf = Vec::with_capacity(256);
    root.iter()
        .map(|&mv| {
            let child = game.play(state, mv);
            (mv, perft_rec(game, &child, depth - 1, &mut buf))
        })
        .collect()
}

/// The number of nodes of the tree below `state` down to `max_depth` plies, `state` itself
/// and terminal nodes included (`None`: the whole tree, for finite games only).
pub fn tree_size<G: Game>(game: &G, state: &G::State, max_depth: Option<u32>) -> u64 {
    let mut buf = Vec::with_capacity(256);
    size_rec(game, state, max_depth.unwrap_or(u32::MAX), &mut buf)
}

fn perft_rec<G: Game>(game: &G, state: &G::State, depth: u32, buf: &mut Vec<G::Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let start = buf.len();
    game.moves(state, buf);
    let end = buf.len();
    // Bulk counting: every child is one sequence of length 1 (terminal or not).
    let total = if depth == 1 {
        (end - start) as u64
    } else {
        let mut total = 0;
        for i in start..end {
            let child = game.play(state, buf[i]);
            total += perft_rec(game, &child, depth - 1, buf);
        }
        total
    };
    buf.truncate(start);
    total
}

fn size_rec<G: Game>(game: &G, state: &G::State, depth: u32, buf: &mut Vec<G::Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let start = buf.len();
    game.moves(state, buf);
    let end = buf.len();
    let mut total = 1;
    for i in start..end {
        let child = game.play(state, buf[i]);
        total += size_rec(game, &child, depth - 1, buf);
    }
    buf.truncate(start);
    total
}
