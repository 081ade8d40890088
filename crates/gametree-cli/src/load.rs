//! Loading what to search: an explicit tree from a file, or a game from its spec and an
//! optional position; and handing it to generic code through [`Visitor`].

use std::fs::File;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use gametree::hash::Zobrist;
use gametree::tree::{ExplicitTree, TreeEval};
use gametree::{Evaluator, Game};
use gametree_games::notation::Notation;
use gametree_games::spec::Spec;

/// The games the command line knows, with a line about each (for `gametree list`).
pub const GAMES: &[(&str, &str)] = &[
    (
        "tictactoe",
        "tic-tac-toe; a move is a cell 1-9 row by row from the top; --position: the cells \
         played (e.g. 5139)",
    ),
    (
        "connect-four",
        "connect four, 7 x 6; a move is a column 1-7 from the left; --position: the columns \
         played (e.g. 4453)",
    ),
    (
        "chinese-checkers(players=3,board=121,top=10,cap=400)",
        "Chinese Checkers for 2, 3, 4 or 6 players on 121/73/37/13 holes; top=K keeps the first K \
         moves of the ordering (10: Sturtevant's research setting, all: the full game); a move \
         is FROM-TO in cell numbers (`show --cells` draws them); --position \"<cells of P0>/<cells \
         of P1>/... <to move>\"",
    ),
    (
        "hearts(deal=SEED,remove=2D,equiv=0,scale=4)",
        "3-player Hearts, perfect information (values scale*(26 - points)); equiv=1 searches \
         equivalent cards once; a move is a card, rank then suit (KC, TH); --position \"P0: KC 7C ... / P1: ... / P2: ...\" (17 cards each)",
    ),
    (
        "spades(deal=SEED,equiv=0,scale=4,scoring=tricks|bids,bids=A-B-C)",
        "3-player cut-throat Spades, perfect information (values scale*tricks; scoring=bids is \
         not constant-sum); moves and --position as for hearts",
    ),
    (
        "random(players=N,b=B,d=D,leaf=MODEL,range=R,seed=S,maxsum=M)",
        "random uniform tree, hashed from (seed, node path); leaf models below (range=R: \
         incremental only); a move is a child index from 0",
    ),
];

/// The name of a game in [`GAMES`]: its spec without the parameters.
pub fn game_name(spec: &str) -> &str {
    spec.split('(').next().unwrap_or(spec)
}

/// The largest explicit-tree file accepted (32 MiB).
pub const MAX_TREE_BYTES: u64 = 32 << 20;

/// How moves are printed: explicit trees print child indices as numbers, games print their
/// notation as strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// Moves are 0-based child indices.
    Index,
    /// Moves are the game's notation.
    Notation,
}

/// Generic code to run on whatever was loaded.
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Called with the concrete game (which reads its moves back from their names,
    /// [`Notation`]), its evaluator and the position.
    fn visit<G: Notation, E: Evaluator<G>>(
        self,
        game: &G,
        eval: &E,
        state: &G::State,
        style: MoveStyle,
    ) -> Self::Output;

    /// What [`Loaded::visit`] calls: every loaded game has position hashes
    /// ([`Zobrist`]), which a visitor may use (a transposition table); the default forwards
    /// to [`Visitor::visit`].
    ///
    /// Every loaded game is also `Sync` (a visitor may search it on several threads).
    fn visit_hashed<G: Zobrist + Notation + Sync, E: Evaluator<G> + Sync>(
        self,
        game: &G,
        eval: &E,
        state: &G::State,
        style: MoveStyle,
    ) -> Self::Output
    where
        Self: Sized,
        G::State: Sync,
        G::Move: Send,
    {
        self.visit(game, eval, state, style)
    }
}

/// Something loaded and ready to search.
pub enum Loaded {
    /// An explicit tree.
    Tree(Box<ExplicitTree>),
    /// Tic-tac-toe at a position.
    TicTacToe(
        gametree_games::tictactoe::TicTacToe,
        <gametree_games::tictactoe::TicTacToe as Game>::State,
    ),
    /// Connect four at a position.
    ConnectFour(
        gametree_games::connect_four::ConnectFour,
        <gametree_games::connect_four::ConnectFour as Game>::State,
    ),
    /// Chinese Checkers at a position.
    ChineseCheckers(
        gametree_games::chinese_checkers::ChineseCheckers,
        <gametree_games::chinese_checkers::ChineseCheckers as Game>::State,
    ),
    /// Hearts or Spades at a position.
    Cards(
        gametree_games::cards::CardGame,
        gametree_games::cards::CardState,
    ),
    /// A hashed random tree.
    Random(gametree_games::random_tree::RandomTree),
}

impl Loaded {
    /// Runs `v` on the loaded game.
    pub fn visit<V: Visitor>(&self, v: V) -> V::Output {
        match self {
            Loaded::Tree(t) => v.visit_hashed(&**t, &TreeEval, &t.initial(), MoveStyle::Index),
            Loaded::TicTacToe(g, s) => v.visit_hashed(
                g,
                &gametree_games::tictactoe::OpenLines,
                s,
                MoveStyle::Notation,
            ),
            Loaded::ConnectFour(g, s) => v.visit_hashed(
                g,
                &gametree_games::connect_four::CellWeights,
                s,
                MoveStyle::Notation,
            ),
            Loaded::ChineseCheckers(g, s) => v.visit_hashed(
                g,
                &gametree_games::chinese_checkers::DistanceEval,
                s,
                MoveStyle::Notation,
            ),
            Loaded::Cards(g, s) => {
                v.visit_hashed(g, &gametree_games::cards::CardEval, s, MoveStyle::Notation)
            }
            Loaded::Random(g) => v.visit_hashed(
                g,
                &gametree_games::random_tree::RandomTreeEval,
                &g.initial(),
                MoveStyle::Index,
            ),
        }
    }

    /// The longest line of play from the loaded position, in plies: what bounds the depth
    /// of a search without a depth limit (and sizes its stack, [`crate::stack`]).
    pub fn max_plies(&self) -> u64 {
        match self {
            Loaded::Tree(t) => u64::from(t.height()),
            Loaded::TicTacToe(..) => 9,
            Loaded::ConnectFour(..) => 42,
            Loaded::ChineseCheckers(g, _) => u64::from(g.cap()),
            Loaded::Cards(..) => 52,
            Loaded::Random(g) => u64::from(g.spec().d),
        }
    }

    /// The explicit tree, if that is what was loaded.
    pub fn tree(&self) -> Option<&ExplicitTree> {
        match self {
            Loaded::Tree(t) => Some(t),
            _ => None,
        }
    }
}

/// Reads and parses an explicit tree file, refusing files over [`MAX_TREE_BYTES`].
pub fn load_tree(path: &Path) -> Result<ExplicitTree> {
    let file =
        File::open(path).with_context(|| format!("cannot open tree file {}", path.display()))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > MAX_TREE_BYTES {
        bail!(
            "{}: the file is {:.1} MB, above the limit of {} MiB for explicit trees",
            path.display(),
            len as f64 / 1e6,
            MAX_TREE_BYTES >> 20
        );
    }
    let mut bytes = Vec::new();
    file.take(MAX_TREE_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read tree file {}", path.display()))?;
    if bytes.len() as u64 > MAX_TREE_BYTES {
        bail!(
            "{}: above the limit of {} MiB for explicit trees",
            path.display(),
            MAX_TREE_BYTES >> 20
        );
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{}: not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    ExplicitTree::from_json_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Loads `--tree FILE`, or `--game SPEC` with an optional `--position`.
pub fn load(tree: Option<&Path>, game: Option<&str>, position: Option<&str>) -> Result<Loaded> {
    match (tree, game) {
        (Some(path), None) => {
            if position.is_some() {
                bail!("--position applies to --game, not to --tree");
            }
            Ok(Loaded::Tree(Box::new(load_tree(path)?)))
        }
        (None, Some(spec)) => load_game(spec, position),
        (Some(_), Some(_)) => bail!("give either --tree or --game, not both"),
        (None, None) => bail!("give --tree FILE or --game SPEC"),
    }
}

fn load_game(text: &str, position: Option<&str>) -> Result<Loaded> {
    let spec = Spec::parse(text)?;
    match spec.name() {
        "tictactoe" | "tic-tac-toe" => {
            spec.finish()?;
            let g = gametree_games::tictactoe::TicTacToe;
            let s = match position {
                Some(p) => gametree_games::tictactoe::TicTacToe::parse_position(p)
                    .with_context(|| format!("--position {p:?}"))?,
                None => g.initial(),
            };
            Ok(Loaded::TicTacToe(g, s))
        }
        "connect-four" | "connect4" => {
            spec.finish()?;
            let g = gametree_games::connect_four::ConnectFour;
            let s = match position {
                Some(p) => gametree_games::connect_four::ConnectFour::parse_position(p)
                    .with_context(|| format!("--position {p:?}"))?,
                None => g.initial(),
            };
            Ok(Loaded::ConnectFour(g, s))
        }
        "chinese-checkers" | "chinesecheckers" | "chinese_checkers" => {
            let g = gametree_games::chinese_checkers::ChineseCheckers::from_spec(&spec)?;
            let s = match position {
                Some(p) => g
                    .parse_position(p)
                    .with_context(|| format!("--position {p:?}"))?,
                None => g.initial(),
            };
            Ok(Loaded::ChineseCheckers(g, s))
        }
        "hearts" | "spades" => {
            let g = gametree_games::cards::CardGame::from_spec(&spec)?;
            let s = match position {
                Some(p) => g
                    .parse_deal(p)
                    .with_context(|| format!("--position {p:?}"))?,
                None => g.initial(),
            };
            Ok(Loaded::Cards(g, s))
        }
        "random" => {
            if position.is_some() {
                bail!(
                    "--position is not supported for random trees: the search starts at the root"
                );
            }
            let g = gametree_games::random_tree::RandomTree::new(
                gametree_games::random_tree::RandomTreeSpec::from_spec(&spec)?,
            );
            Ok(Loaded::Random(g))
        }
        other => {
            let known: Vec<&str> = GAMES.iter().map(|(s, _)| game_name(s)).collect();
            bail!("unknown game `{other}` (known: {})", known.join(", "))
        }
    }
}
