//! `gametree perft`: leaf positions at a depth, for checking move generation.

use std::time::Instant;

use anyhow::Result;
use clap::Args;
use gametree_games::registry::{GameVisitor, Playable};
use serde_json::json;

use gametree_run::input::load;
use gametree_run::stack;

/// Arguments of `gametree perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// A game spec, e.g. `connect-four`.
    #[arg(long, value_name = "SPEC")]
    game: String,
    /// A position of the game (the start when omitted).
    #[arg(long, value_name = "P")]
    position: Option<String>,
    /// The depth in plies, at most 10000.
    #[arg(long, short, value_name = "D",
          value_parser = clap::value_parser!(u32).range(0..=gametree_run::stack::MAX_PLIES as i64))]
    depth: u32,
    /// Count per root move as well.
    #[arg(long)]
    divide: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `gametree perft`.
pub fn run(args: PerftArgs) -> Result<()> {
    let loaded = load(None, Some(&args.game), args.position.as_deref())?;
    let visitor = PerftVisitor {
        depth: args.depth,
        divide: args.divide,
        json: args.json,
    };
    let plies = loaded.search_plies(Some(args.depth))?;
    let text = stack::on_search_thread(plies, || loaded.visit(visitor))?;
    outln!("{text}");
    Ok(())
}

struct PerftVisitor {
    depth: u32,
    divide: bool,
    json: bool,
}

impl GameVisitor for PerftVisitor {
    type Output = String;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> String
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let start = Instant::now();
        let divide = if self.divide && self.depth > 0 {
            gametree_games::perft::perft_divide(game, state, self.depth)
                .into_iter()
                .map(|(m, n)| (game.move_name(state, m), n))
                .collect()
        } else {
            Vec::new()
        };
        let total = if self.divide && self.depth > 0 {
            divide.iter().map(|(_, n)| n).sum()
        } else {
            gametree_games::perft::perft(game, state, self.depth)
        };
        let elapsed = start.elapsed();
        let secs = elapsed.as_secs_f64();
        // Whole nanoseconds over 1e6: prints as a decimal (`0.001623`, not `0.0016229999999999999`).
        let elapsed_ms = elapsed.as_nanos() as f64 / 1e6;
        if self.json {
            let per_move: serde_json::Map<String, serde_json::Value> =
                divide.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            let mut v = json!({ "depth": self.depth, "leaves": total, "elapsed_ms": elapsed_ms });
            if self.divide {
                v["divide"] = per_move.into();
            }
            v.to_string()
        } else {
            let mut out = String::new();
            for (m, n) in &divide {
                out.push_str(&format!("{m:<8}{n}\n"));
            }
            out.push_str(&format!(
                "perft({}) = {total}   ({:.3} s, {:.0} leaves/s)",
                self.depth,
                secs,
                total as f64 / secs.max(1e-9)
            ));
            out
        }
    }
}
