//! Tic-tac-toe positions: any text is a position or an error, never a panic; a position
//! that loads prints (`format_position`) and reads back to the same state, and its moves
//! generate.
#![no_main]

use gametree::Game;
use gametree_games::tictactoe::TicTacToe;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(s) = TicTacToe::parse_position(text) else {
        return;
    };
    let back = TicTacToe::parse_position(&TicTacToe::format_position(&s)).expect("round trip");
    assert_eq!(back, s);
    let mut moves = Vec::new();
    TicTacToe.moves(&s, &mut moves);
    for &m in &moves {
        let _ = TicTacToe.play(&s, m);
    }
});
