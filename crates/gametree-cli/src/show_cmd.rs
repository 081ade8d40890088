//! `gametree show`: draws a position of a game in the terminal, with its legal moves in the
//! notation every command prints and reads ([`gametree_games::notation::Notation`]), and a line saying how moves are
//! written (for Chinese Checkers, cell numbers: `--cells` draws them).

use anyhow::{bail, Result};
use clap::Args;
use gametree_games::registry::{GameVisitor, Playable};

use crate::output::ColorChoice;
use gametree_run::input::load;

/// Arguments of `gametree show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// A game spec, e.g. `chinese-checkers(players=3)`.
    #[arg(long, value_name = "SPEC")]
    game: String,
    /// A position of the game (the start when omitted).
    #[arg(long, value_name = "P")]
    position: Option<String>,
    /// Colours: `auto` (when standard output is a terminal), `always` or `never`.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Also draw the map of cell numbers (Chinese Checkers: the numbers its moves `FROM-TO`
    /// and `--position` are written in).
    ///
    /// Chinese Checkers moves such as `115-102` name cells by number; this draws the numbers.
    #[arg(long)]
    cells: bool,
}

/// Runs `gametree show`.
pub fn run(args: ShowArgs) -> Result<()> {
    let color = args.color.enabled();
    let loaded = load(None, Some(&args.game), args.position.as_deref())?;
    out!(
        "{}",
        loaded.visit(ShowVisitor {
            color,
            cells: args.cells
        })?
    );
    Ok(())
}

struct ShowVisitor {
    color: bool,
    cells: bool,
}

impl GameVisitor for ShowVisitor {
    type Output = Result<String>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Result<String>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut out = String::new();
        if self.cells {
            match game.cell_map() {
                Some(map) => {
                    out.push_str(&map);
                    out.push('\n');
                }
                None => bail!(
                    "--cells applies to games whose moves name numbered cells (chinese-checkers)"
                ),
            }
        }
        let picture = game.render(state, self.color);
        if picture.is_empty() {
            out.push_str("(this game has no picture)\n");
        }
        out.push_str(&picture);
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        let names: Vec<String> = moves.iter().map(|&m| game.move_name(state, m)).collect();
        if names.is_empty() {
            out.push_str("no moves: the game is over\n");
        } else {
            out.push_str(&format!("{} moves: {}\n", names.len(), names.join(" ")));
        }
        out.push_str(&format!("a move is {}\n", G::MOVE_SYNTAX));
        out.push_str(&game.describe(state));
        Ok(out)
    }
}
