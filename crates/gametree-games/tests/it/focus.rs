//! Focus: the acceptance counts.

use gametree::Game;
use gametree_games::focus::Focus;
use gametree_games::perft::perft;

#[test]
fn perft_from_the_start() {
    for (players, want) in [
        (2, [68, 4460, 299912]),
        (3, [44, 1899, 78935]),
        (4, [44, 1899, 78935]),
    ] {
        let g = Focus::new(players, 600).unwrap();
        let s = g.initial();
        let got: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
        assert_eq!(got, want, "{players} players");
    }
}
