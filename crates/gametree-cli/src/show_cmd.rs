//! `gametree show`: draws a position of a game in the terminal, with its legal moves in the
//! notation every command prints and reads ([`Notation`]), and a line saying how moves are
//! written (for Chinese Checkers, cell numbers: `--cells` draws them).

use anyhow::{bail, Result};
use clap::Args;
use gametree::Evaluator;
use gametree_games::notation::Notation;

use crate::load::{self, Loaded, MoveStyle, Visitor};
use crate::output::ColorChoice;

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
    let loaded = load::load(None, Some(&args.game), args.position.as_deref())?;
    if args.cells {
        match &loaded {
            Loaded::ChineseCheckers(g, _) => outln!("{}", g.cell_map()),
            _ => bail!("--cells applies to chinese-checkers only"),
        }
    }
    out!("{}", loaded.visit(ShowVisitor { color }));
    if let Loaded::ChineseCheckers(g, s) = &loaded {
        outln!("position: {}", g.format_position(s));
    }
    if let Loaded::Cards(g, s) = &loaded {
        outln!("deal: {}", g.deal_text(s));
    }
    Ok(())
}

struct ShowVisitor {
    color: bool,
}

impl Visitor for ShowVisitor {
    type Output = String;
    fn visit<G: Notation, E: Evaluator<G>>(
        self,
        game: &G,
        _eval: &E,
        state: &G::State,
        _style: MoveStyle,
    ) -> String {
        let mut out = game.render(state, self.color);
        if out.is_empty() {
            out.push_str("(this game has no picture)\n");
        }
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        let names: Vec<String> = moves.iter().map(|&m| game.move_name(state, m)).collect();
        if names.is_empty() {
            out.push_str("no moves: the game is over\n");
        } else {
            out.push_str(&format!("{} moves: {}\n", names.len(), names.join(" ")));
        }
        out.push_str(&format!("a move is {}\n", G::MOVE_SYNTAX));
        out
    }
}
