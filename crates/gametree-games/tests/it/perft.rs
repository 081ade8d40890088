//! Perft and tree-size counts of tic-tac-toe and connect four.

use gametree::Game;
use gametree_games::connect_four::ConnectFour;
use gametree_games::perft::{perft, perft_divide, tree_size};
use gametree_games::tictactoe::TicTacToe;

#[test]
fn connect_four_perft_depths_1_to_7() {
    let g = ConnectFour;
    let s = g.initial();
    let expected = [1u64, 7, 49, 343, 2401, 16807, 117649, 823536];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &s, d as u32), n, "depth {d}");
    }
}

#[test]
fn connect_four_perft_depth_8() {
    let g = ConnectFour;
    assert_eq!(perft(&g, &g.initial(), 8), 5_673_234);
}

#[test]
fn connect_four_perft_divide_sums_to_perft() {
    let g = ConnectFour;
    let s = ConnectFour::parse_position("4453").unwrap();
    let divide = perft_divide(&g, &s, 5);
    assert_eq!(divide.len(), 7);
    assert_eq!(
        divide.iter().map(|&(m, _)| m).collect::<Vec<_>>(),
        (0..7).collect::<Vec<u8>>()
    );
    let total: u64 = divide.iter().map(|&(_, n)| n).sum();
    assert_eq!(total, perft(&g, &s, 5));
    for &(m, n) in &divide {
        assert_eq!(n, perft(&g, &g.play(&s, m), 4));
    }
    assert!(perft_divide(&g, &s, 0).is_empty());
}

#[test]
fn connect_four_perft_stops_at_a_win() {
    // X on a1 a2 a3, O on b1 b2 b3, X to move: `a` wins at once.
    let g = ConnectFour;
    let s = ConnectFour::parse_position("121212").unwrap();
    // Depth 1: all seven columns. Depth 2: after `a` (a win) nothing is counted.
    assert_eq!(perft(&g, &s, 1), 7);
    assert_eq!(perft(&g, &s, 2), 6 * 7);
    let divide = perft_divide(&g, &s, 2);
    assert_eq!(divide[0], (0, 0));
    assert_eq!(divide[1], (1, 7));
}

#[test]
fn tictactoe_perft_depths_1_to_9() {
    let g = TicTacToe;
    let s = g.initial();
    let expected = [1u64, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &s, d as u32), n, "depth {d}");
    }
    assert_eq!(perft(&g, &s, 10), 0);
    // 255,168 complete games, by length.
    let ending: Vec<u64> = (0..=9).map(|d| games_ending_at(&g, &s, d)).collect();
    assert_eq!(ending, [0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872]);
    assert_eq!(ending.iter().sum::<u64>(), 255_168);
}

/// Terminal positions exactly `d` plies below `s`.
fn games_ending_at(g: &TicTacToe, s: &<TicTacToe as Game>::State, d: u32) -> u64 {
    if d == 0 {
        return u64::from(g.outcome(s).is_some());
    }
    let mut moves = Vec::new();
    g.moves(s, &mut moves);
    moves
        .iter()
        .map(|&m| games_ending_at(g, &g.play(s, m), d - 1))
        .sum()
}

#[test]
fn tictactoe_full_tree_has_549946_nodes() {
    let g = TicTacToe;
    let s = g.initial();
    assert_eq!(tree_size(&g, &s, None), 549_946);
    let by_depth: u64 = (0..=9).map(|d| perft(&g, &s, d)).sum();
    assert_eq!(by_depth, 549_946);
    // A plain recursive count written here, independent of the library's.
    fn count(g: &TicTacToe, s: &<TicTacToe as Game>::State) -> u64 {
        let mut moves = Vec::new();
        g.moves(s, &mut moves);
        1 + moves.iter().map(|&m| count(g, &g.play(s, m))).sum::<u64>()
    }
    assert_eq!(count(&g, &s), 549_946);
    assert_eq!(tree_size(&g, &s, Some(2)), 1 + 9 + 72);
    assert_eq!(tree_size(&g, &s, Some(0)), 1);
}

#[test]
fn perft_of_a_terminal_state() {
    let g = TicTacToe;
    let s = TicTacToe::parse_position("14253").unwrap(); // X: 1 2 3
    assert!(g.outcome(&s).is_some());
    assert_eq!(perft(&g, &s, 0), 1);
    assert_eq!(perft(&g, &s, 1), 0);
    assert_eq!(perft(&g, &s, 3), 0);
    assert!(perft_divide(&g, &s, 2).is_empty());
    assert_eq!(tree_size(&g, &s, None), 1);
}
