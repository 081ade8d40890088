//! What the oracle tests of the chess modules share: their start positions and the walk
//! through seeded random games from them.

use gametree::Game;

use super::{Chess4, State};

/// The start positions of the oracle tests: the initial position, two positions with
/// checks, pins and king captures, and those two turned a quarter.
pub(crate) fn starts(g: &Chess4) -> Vec<State> {
    let texts = [
        "r Kh1,Nh4,Pg2,Rd1/Ka7,Pb5,Nc6/Kg14,Rh10,Pe12/Kn8,Bk4,Pm9",
        "r Kh1,Pe7,Pj7,Rd1/Ka7,Pg5,Nd8,Pg9/Kg14,Pf8,Ri10,Pk13/Kn8,Ph9,Ph6,Pm4",
    ];
    let mut starts = vec![g.initial()];
    for t in texts {
        let s = g.parse_position(t).expect("position");
        starts.push(s);
        starts.push(g.rotate(&s));
    }
    starts
}

/// Plays `games` seeded random games of `game`, game `i` from `starts[i % starts.len()]`,
/// each move drawn by a seed mixed with `key` of the position, and calls `visit` with every
/// position reached, the last one included (over, or without a move).
pub(crate) fn seeded_games<G: Game>(
    game: &G,
    starts: &[G::State],
    games: u64,
    key: impl Fn(&G::State) -> u64,
    mut visit: impl FnMut(&G::State),
) {
    let mut list = Vec::new();
    for i in 0..games {
        let mut s = starts[(i % starts.len() as u64) as usize].clone();
        let mut seed = i;
        loop {
            visit(&s);
            if game.outcome(&s).is_some() {
                break;
            }
            list.clear();
            game.moves(&s, &mut list);
            if list.is_empty() {
                break;
            }
            seed = crate::rng::mix64(seed ^ key(&s));
            s = game.play(&s, list[(seed % list.len() as u64) as usize]);
        }
    }
}
