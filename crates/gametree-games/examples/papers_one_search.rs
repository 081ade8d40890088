//! One search of the papers' games benchmark (`benches/papers_games.rs`), for instruction
//! counts that do not depend on the machine's load:
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/papers_one_search chess4 16 brs+ 4`.
//! Arguments: the game's spec, the plies of the seeded random line (seed 1) that reaches the
//! position, the search (`maxn`, `paranoid`, `brs`, `brs+` or `mcts`), its depth (MCTS: its
//! iterations), and how many times to run it (default 1: the count of 2 runs minus that of
//! 1 is one search without the setup). Prints the nodes of the search.

use std::process::ExitCode;

use gametree::rng::SplitMix64;
use gametree::search::best_reply::{brs, brs_plus};
use gametree::search::mcts::{mcts, MctsConfig};
use gametree::search::{run, Algorithm, Config};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Playable};

/// What to run on the game the registry builds.
struct OneSearch {
    search: String,
    depth: u64,
    plies: usize,
    repeat: usize,
}

impl GameVisitor for OneSearch {
    type Output = Result<u64, String>;

    fn visit<G: Playable>(self, _game: &G, _state: &G::State) -> Result<u64, String> {
        Err("the game cannot hand the turn to any player (best-reply search needs it)".into())
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        start: &G::State,
    ) -> Result<u64, String> {
        let eval = game.evaluator();
        let mut rng = SplitMix64::new(1);
        let mut s = start.clone();
        let mut buf = Vec::new();
        for _ in 0..self.plies {
            if game.outcome(&s).is_some() {
                break;
            }
            buf.clear();
            game.moves(&s, &mut buf);
            s = game.play(&s, buf[rng.below(buf.len() as u64) as usize]);
        }
        let config = Config::depth(u32::try_from(self.depth).map_err(|e| e.to_string())?);
        let mut nodes = 0;
        for _ in 0..self.repeat {
            let r = match self.search.as_str() {
                "maxn" => run(Algorithm::Maxn, game, &eval, &s, &config),
                "paranoid" => run(Algorithm::Paranoid, game, &eval, &s, &config),
                "brs" => brs(game, &eval, &s, &config),
                "brs+" => brs_plus(game, &eval, &s, &config),
                "mcts" => {
                    let m = MctsConfig::iterations(self.depth, 1);
                    mcts(game, &eval, &s, &Config::unlimited(), &m)
                }
                other => {
                    return Err(format!(
                        "unknown search `{other}` (maxn, paranoid, brs, brs+ or mcts)"
                    ))
                }
            }
            .map_err(|e| e.to_string())?;
            nodes = r.stats.nodes;
        }
        Ok(nodes)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, what: &str, default: Option<u64>| -> Result<u64, String> {
        match (args.get(i), default) {
            (Some(a), _) => a
                .parse()
                .map_err(|_| format!("{what}: `{a}` is not a whole number")),
            (None, Some(d)) => Ok(d),
            (None, None) => Err(format!(
                "missing {what} (arguments: SPEC PLIES SEARCH DEPTH [REPEAT])"
            )),
        }
    };
    let result = (|| {
        let spec = args
            .first()
            .ok_or("missing the game's spec (arguments: SPEC PLIES SEARCH DEPTH [REPEAT])")?;
        let visitor = OneSearch {
            plies: number(1, "plies", None)? as usize,
            search: args.get(2).cloned().unwrap_or_default(),
            depth: number(3, "depth", None)?,
            repeat: number(4, "repeat", Some(1))? as usize,
        };
        registry::visit(spec, None, visitor).map_err(|e| e.to_string())?
    })();
    match result {
        Ok(nodes) => {
            println!("{nodes}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("papers_one_search: {e}");
            ExitCode::from(2)
        }
    }
}
