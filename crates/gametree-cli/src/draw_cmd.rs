//! `gametree draw`: the search of one algorithm on an explicit tree or a small game, drawn as
//! an SVG picture ([`gametree_run::draw`]; docs/draw.md).

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use clap::{ArgGroup, Args, ValueEnum};
use gametree_run::draw::{self, DrawConfig, DrawError, DrawInput, Layout};

use gametree_run::input::load;

/// Arguments of `gametree draw`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("input").required(true).args(["tree", "game"])))]
pub struct DrawArgs {
    /// An explicit tree in the JSON format of docs/tree-format.md (drawn whole).
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,
    /// A game spec, e.g. `tictactoe` (needs --depth; drawn are the nodes the search reached).
    #[arg(long, value_name = "SPEC", requires = "depth")]
    game: Option<String>,
    /// A position of the game (its own notation; the start when omitted); needs --game.
    #[arg(long, value_name = "P")]
    position: Option<String>,
    /// The algorithm: minimax, alphabeta, alphabeta-failsoft, negamax, maxn, shallow,
    /// branch-and-bound, last-branch, speculative, paranoid, nmax; on games that can hand
    /// the turn to any player (Chinese Checkers, Rolit, four-player chess, Focus, Blokus) also brs, brs-plus.
    #[arg(long, short, value_name = "NAME")]
    algorithm: String,
    /// Depth limit in plies (required with --game).
    #[arg(long, short, value_name = "D",
          value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: Option<u32>,
    /// The most nodes drawn: a larger tree is refused.
    #[arg(long, value_name = "N", default_value_t = draw::DEFAULT_MAX_NODES as u64,
          value_parser = clap::value_parser!(u64).range(1..=20_000))]
    max_nodes: u64,
    /// Write the SVG (or with --json the JSON) to this file, atomically, instead of
    /// standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Print the drawing as one JSON object `{"svg", "events", "nodes", "summary",
    /// "result"}` instead of the SVG.
    #[arg(long)]
    json: bool,
    /// `wide`: leaf values read across, a column as wide as the longest; `compact`: leaves
    /// packed as close as their symbols allow, leaf values written vertically (about half
    /// as wide, for wide trees).
    #[arg(long, value_name = "LAYOUT", value_enum, default_value_t = LayoutArg::Wide)]
    layout: LayoutArg,
}

/// `--layout`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum LayoutArg {
    Wide,
    Compact,
}

/// Runs `gametree draw`.
pub fn run(args: DrawArgs) -> Result<()> {
    if let Some(path) = &args.out {
        crate::target::check("--out", path)?;
    }
    let loaded = load(
        args.tree.as_deref(),
        args.game.as_deref(),
        args.position.as_deref(),
    )?;
    let input = DrawInput {
        source: loaded,
        depth: args.depth,
    };
    let cfg = DrawConfig {
        max_nodes: args.max_nodes as usize,
        layout: match args.layout {
            LayoutArg::Wide => Layout::Wide,
            LayoutArg::Compact => Layout::Compact,
        },
        ..DrawConfig::new(&args.algorithm)
    };
    let plies = u64::from(args.depth.unwrap_or(args.max_nodes as u32));
    let drawing = gametree_run::stack::on_search_thread(plies, || {
        draw::draw(input, &cfg).map_err(|e| match e {
            DrawError::NeedsDepth => anyhow!("--game needs --depth"),
            DrawError::TooLarge { max } => anyhow!(
                "the tree to draw has more than {max} nodes: give a smaller --depth or tree, or raise --max-nodes"
            ),
            DrawError::NotDrawable { .. } | DrawError::UnknownAlgorithm(_) => {
                anyhow!("--algorithm {}: {e}", args.algorithm)
            }
            other => anyhow!(other),
        })
    })??;
    let text = if args.json {
        serde_json::to_string(&drawing)?
    } else {
        drawing.svg
    };
    match &args.out {
        Some(path) => {
            crate::target::write("--out", path, text.as_bytes())?;
            if !args.json {
                errln!(
                    "{}: {} drawn, {} visited, {}",
                    path.display(),
                    gametree_run::draw::counted(drawing.summary.nodes_drawn as u64, "node"),
                    drawing.summary.visited,
                    gametree_run::draw::counted(drawing.summary.prunes, "prune")
                );
            }
        }
        None => {
            if text.is_empty() {
                bail!("nothing to draw");
            }
            outln!("{}", text.trim_end());
        }
    }
    Ok(())
}
