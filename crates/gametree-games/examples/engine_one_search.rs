//! One engine search of connect four from the empty board, for instruction counts that do
//! not depend on the machine's load:
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/engine_one_search 14`
//! (arguments: the depth, default 14, and the threads, default 1). Prints the score, the
//! nodes and the wall time.

use gametree::search::engine::{self, GameHash, Options};
use gametree::search::parallel::search_parallel;
use gametree::search::Config;
use gametree::Game as _;
use gametree_games::connect_four::{CellWeights, ConnectFour, WIN};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(14);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let options = Options {
        threads,
        mate: Some(WIN),
        ..Options::STRONG
    };
    let s = ConnectFour.initial();
    let config = Config::depth(depth);
    let start = std::time::Instant::now();
    let r = if threads == 1 {
        engine::search(&ConnectFour, &CellWeights, &GameHash, &s, &config, &options)
    } else {
        search_parallel(&ConnectFour, &CellWeights, &GameHash, &s, &config, &options)
    };
    match r {
        Ok(r) => println!(
            "depth {depth}, {threads} thread(s): score {}, {} nodes, {:?}",
            r.result.score,
            r.result.stats.nodes,
            start.elapsed()
        ),
        Err(e) => {
            eprintln!("search failed: {e}");
            std::process::exit(1);
        }
    }
}
