//! Root visits of MCTS after N iterations from a Chinese Checkers start, per exploration
//! constant: `cargo run --release -p gametree-games --example mcts_visits -- 3000 0.05,0.1,0.2`.

use gametree::search::mcts::{mcts_report, MctsConfig, Reward};
use gametree::search::Config;
use gametree::Game;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};

fn main() {
    let mut args = std::env::args().skip(1);
    let iterations: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3000);
    let cs: Vec<f64> = args
        .next()
        .unwrap_or_else(|| "0.05,0.1,0.2,0.4,1.414".into())
        .split(',')
        .map(|c| c.parse().unwrap())
        .collect();
    for top in [10, 0] {
        let g = ChineseCheckers::new(3, 73, top, 400).unwrap();
        let s = g.initial();
        for reward in [Reward::Scaled, Reward::Rank] {
            for &c in &cs {
                let mut ratios = Vec::new();
                for seed in 0..4 {
                    let m = MctsConfig {
                        reward,
                        ..MctsConfig::iterations(iterations, seed).with_exploration(c)
                    };
                    let r = mcts_report(&g, &DistanceEval, &s, &Config::unlimited(), &m).unwrap();
                    let mut v: Vec<u64> = r.root.iter().map(|m| m.visits).collect();
                    v.sort();
                    let median = v[v.len() / 2] as f64;
                    ratios.push(format!(
                        "{:.1}",
                        *v.last().unwrap() as f64 / median.max(1.0)
                    ));
                }
                println!(
                    "top={top} reward={reward} C={c}: max/median {}",
                    ratios.join(" ")
                );
            }
        }
    }
}
