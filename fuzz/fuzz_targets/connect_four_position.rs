//! Connect four positions: any text is a position or an error, never a panic; a position
//! that loads prints (`format_position`) and reads back to the same state, and its moves
//! generate.
#![no_main]

use gametree::Game;
use gametree_games::connect_four::ConnectFour;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(s) = ConnectFour::parse_position(text) else {
        return;
    };
    let printed = ConnectFour::format_position(&s).expect("a parsed position has a move order");
    assert_eq!(
        ConnectFour::parse_position(&printed).expect("round trip"),
        s
    );
    let mut moves = Vec::new();
    ConnectFour.moves(&s, &mut moves);
    for &m in &moves {
        let _ = ConnectFour.play(&s, m);
    }
});
