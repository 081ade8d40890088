//! Hearts and Spades deals (`CardGame::parse_deal`; the first byte picks the game): any
//! text is a deal or an error, never a panic; a deal that loads prints (`deal_text`) and
//! reads back to the same state, and its first moves generate and play.
#![no_main]

use gametree::Game;
use gametree_games::cards::CardGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let g = if pick & 1 == 0 {
        CardGame::hearts(0)
    } else {
        CardGame::spades(0)
    };
    let Ok(s) = g.parse_deal(text) else { return };
    assert_eq!(g.parse_deal(&g.deal_text(&s)).expect("round trip"), s);
    let mut moves = Vec::new();
    g.moves(&s, &mut moves);
    for &m in &moves {
        let _ = g.play(&s, m);
    }
});
