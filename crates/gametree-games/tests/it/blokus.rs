//! Blokus: the acceptance counts.

use gametree::Game;
use gametree_games::blokus::Blokus;
use gametree_games::perft::perft;

#[test]
fn perft_from_the_start() {
    let g = Blokus::default();
    let s = g.initial();
    let got: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(got, [58, 3364, 195112]);
}
