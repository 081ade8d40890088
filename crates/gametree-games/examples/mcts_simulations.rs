//! MCTS beside the `minimax` crate's `MonteCarloTreeSearch` on connect four, for processor
//! times that can be compared across builds and against the peer by running them in turn:
//! `/usr/bin/time -f %U target/release/examples/mcts_simulations ours 100000 2`, then the
//! same with `peer` (arguments: `ours` or `peer`, the simulations per search, default
//! 100,000, and the searches from each of the two positions, the empty board and `4453`,
//! default 2). One thread each, random playouts to the end, the benchmark's settings
//! (`cargo bench -p gametree-games --bench mcts`). Prints each search's move.

#[path = "../benches/peer/mod.rs"]
#[allow(
    dead_code,
    reason = "only the peer's game is used; `expect(dead_code)` on this module is reported \
              unfulfilled by rustc although the lint fires without it (as in the bench)"
)]
mod peer;

use gametree::search::mcts::{mcts, MctsConfig};
use gametree::search::Config;
use gametree_games::connect_four::{CellWeights, ConnectFour};
use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy as _};

fn main() {
    let mut args = std::env::args().skip(1);
    let who = args.next().unwrap_or_else(|| "ours".into());
    let simulations: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let searches: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    if who != "ours" && who != "peer" {
        eprintln!("mcts_simulations: the first argument is `ours` or `peer`, not {who:?}");
        std::process::exit(2);
    }
    for position in ["", "4453"] {
        let state = ConnectFour::parse_position(position).expect("a legal position");
        for _ in 0..searches {
            let mv = if who == "ours" {
                let m = MctsConfig::iterations(simulations as u64, 1);
                mcts(&ConnectFour, &CellWeights, &state, &Config::unlimited(), &m)
                    .expect("search")
                    .best_move
            } else {
                let mut s = MonteCarloTreeSearch::<peer::Peer<false>>::new(
                    MCTSOptions::default()
                        .with_num_threads(1)
                        .with_max_rollout_depth(64),
                );
                s.set_max_rollouts(simulations);
                s.choose_move(&state)
            };
            println!("{who} {position:?}: {mv:?}");
        }
    }
}
