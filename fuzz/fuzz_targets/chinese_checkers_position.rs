//! Chinese Checkers positions on every board and player count (the first byte picks one of
//! the 16): any text is a position or an error, never a panic; a position that loads prints
//! and reads back to the same text, and its moves generate and play.
#![no_main]

use gametree::Game;
use gametree_games::chinese_checkers::ChineseCheckers;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let holes = [121, 73, 37, 13][(pick & 3) as usize];
    let players = [2, 3, 4, 6][(pick >> 2 & 3) as usize];
    let g = ChineseCheckers::new(players, holes, 0, 400).expect("valid configuration");
    let Ok(s) = g.parse_position(text) else {
        return;
    };
    let printed = g.format_position(&s);
    let back = g.parse_position(&printed).expect("round trip");
    assert_eq!(g.format_position(&back), printed);
    let mut moves = Vec::new();
    g.moves(&s, &mut moves);
    for &m in &moves {
        let _ = g.play(&s, m);
    }
});
