//! A connect-four match at equal time per move: gametree's `mcts` against the `minimax`
//! crate's `MonteCarloTreeSearch` (one thread each), colours alternating.
//!
//! Run: `cargo run --release -p gametree-games --example mcts_vs_minimax -- [GAMES] [MS] [C]`
//! (defaults: 20 games, 50 ms per move, gametree's exploration constant `C` = 0.5, the
//! equivalent of the crate's constant 1 on its rewards in `[-1, 1]`). Prints each game and gametree's score (a win 1,
//! a draw 1/2).

use std::time::{Duration, Instant};

use gametree::search::mcts::{mcts, MctsConfig, Solver};
use gametree::search::Config;
use gametree::Game as _;
use gametree_games::connect_four::{CellWeights, ConnectFour};
use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy as _};

#[path = "../benches/peer/mod.rs"]
#[allow(
    dead_code,
    reason = "the example uses only the peer module's game; `expect(dead_code)` on this \
              module is reported unfulfilled by rustc although the lint fires without it"
)]
mod peer;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let exploration: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0.5);
    let per_move = Duration::from_millis(ms);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for game in 0..games {
        // gametree plays first in even games.
        let ours_seat = (game % 2) as usize;
        let mut peer = MonteCarloTreeSearch::<peer::Peer<false>>::new(
            MCTSOptions::default()
                .with_num_threads(1)
                .with_max_rollout_depth(64),
        );
        peer.set_timeout(per_move);
        let mut state = ConnectFour.initial();
        let mut line = String::new();
        let mut ply = 0u64;
        let outcome = loop {
            if let Some(o) = ConnectFour.outcome(&state) {
                break o;
            }
            let mv = if ConnectFour.to_move(&state).index() == ours_seat {
                let mut c = Config::unlimited();
                c.limits.deadline = Some(Instant::now() + per_move);
                let m = MctsConfig {
                    seed: game as u64 * 1000 + ply,
                    solver: Solver::On,
                    exploration,
                    ..MctsConfig::iterations(u64::MAX, 0)
                };
                mcts(&ConnectFour, &CellWeights, &state, &c, &m)
                    .expect("search")
                    .best_move
                    .expect("a move")
            } else {
                peer.choose_move(&state).expect("a move")
            };
            line.push_str(&ConnectFour.move_name(&state, mv));
            state = ConnectFour.play(&state, mv);
            ply += 1;
        };
        let ours = outcome[ours_seat];
        let verdict = match ours.signum() {
            1 => {
                wins += 1;
                "gametree wins"
            }
            0 => {
                draws += 1;
                "draw"
            }
            _ => {
                losses += 1;
                "minimax crate wins"
            }
        };
        println!(
            "game {game:2} (gametree plays {}): {line} -> {verdict}",
            ["first", "second"][ours_seat]
        );
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64;
    println!(
        "{games} games at {ms} ms per move (C = {exploration}): gametree {wins} wins, {draws} draws, {losses} losses: score {:.1}%",
        score * 100.0
    );
}
