//! One search as the command line runs it, shared by the `gametree` binary and the Python
//! package so both give the same values, counts, JSON and error lines.
//!
//! Loading what to search ([`load`], [`Source`]): an explicit tree from a file, or a game of
//! the registry ([`gametree_games::registry`]) from its spec and an optional position; and
//! handing it to generic code through a [`GameVisitor`]. No game is named here: the registry
//! lists them.
//!
//! Running it ([`prepare`], [`Prepared::run`]): the options of `gametree search`
//! ([`SearchSpec`]) checked in the command line's order, the algorithm run on the loaded
//! game, and the result as the JSON object or the table of [`output`].

pub mod error;
pub mod limits;
pub mod output;
pub mod report;

mod run;

pub use error::{Front, Opt, RunError};
pub use limits::Limits;
pub use report::{move_names, MoveName, SearchReport};
pub use run::{
    best_reply_games, mcts_defaults, mcts_iterations, needs_set_to_move, prepare, Format, Output,
    Prepared, SearchSpec, MAX_PARALLEL_PLIES, MAX_THREADS, MCTS_ITERATIONS_PER_NODE,
};

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::msg;
use gametree::tree::ExplicitTree;
use gametree::Game;
use gametree_games::registry::{self, GameVisitor, Playable, RegistryError};

pub use gametree_games::registry::MoveStyle;

/// The largest explicit-tree file accepted (32 MiB).
pub const MAX_TREE_BYTES: u64 = 32 << 20;

/// What to load: an explicit tree, or a game spec with an optional position.
pub enum Source<'a> {
    /// An explicit tree, already read.
    Tree(Box<ExplicitTree>),
    /// An explicit tree the caller keeps.
    TreeRef(&'a ExplicitTree),
    /// A registered game: its spec and position text.
    Game {
        /// The spec, e.g. `connect-four`.
        spec: &'a str,
        /// The position in the game's notation (the start when `None`).
        position: Option<&'a str>,
    },
}

impl Source<'_> {
    /// Hands the loaded game at its position to `v`.
    pub fn visit<V: GameVisitor>(&self, v: V) -> Result<V::Output, RunError> {
        match self {
            Source::Tree(t) => Ok(t.accept(&t.initial(), v)),
            Source::TreeRef(t) => Ok(t.accept(&t.initial(), v)),
            Source::Game { spec, position } => {
                registry::visit(spec, *position, v).map_err(|e| match e {
                    RegistryError::Position { text, message } => RunError::Invalid(msg![
                        Opt::Position,
                        format!(" \"{}\": {message}", gametree_games::quote::quoted(&text))
                    ]),
                    other => RunError::invalid(other),
                })
            }
        }
    }

    /// The longest line of play from the loaded position, in plies: what bounds the depth
    /// of a search without a depth limit (and sizes its stack, [`crate::stack`]).
    pub fn max_plies(&self) -> Result<u64, RunError> {
        self.visit(MaxPlies)
    }

    /// The plies a search limited to `depth` (none: to the end of the game) can go down;
    /// an error when that is beyond [`crate::stack::MAX_PLIES`].
    pub fn search_plies(&self, depth: Option<u32>) -> Result<u64, RunError> {
        let max = crate::stack::MAX_PLIES;
        let game = self.max_plies()?;
        let plies = depth.map_or(game, |d| game.min(u64::from(d)));
        if plies > max {
            return Err(msg![
                format!(
                    "lines of this game go {game} plies deep, beyond the {max} plies a search \
                     may go: give "
                ),
                Opt::Depth,
                format!(" {max} or less")
            ]
            .into());
        }
        Ok(plies)
    }

    /// The explicit tree, if that is what was loaded.
    pub fn tree(&self) -> Option<&ExplicitTree> {
        match self {
            Source::Tree(t) => Some(t),
            Source::TreeRef(t) => Some(t),
            Source::Game { .. } => None,
        }
    }
}

/// Reads [`Playable::max_plies`].
struct MaxPlies;

impl GameVisitor for MaxPlies {
    type Output = u64;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> u64
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        game.max_plies()
    }
}

/// Reads and parses an explicit tree file, refusing files over [`MAX_TREE_BYTES`].
pub fn load_tree(path: &Path) -> Result<ExplicitTree, RunError> {
    let shown = path.display();
    let file = File::open(path)
        .map_err(|e| RunError::invalid(format!("cannot open tree file {shown}: {e}")))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > MAX_TREE_BYTES {
        return Err(RunError::invalid(format!(
            "{shown}: the file is {:.1} MB, above the limit of {} MiB for explicit trees",
            len as f64 / 1e6,
            MAX_TREE_BYTES >> 20
        )));
    }
    let mut bytes = Vec::new();
    file.take(MAX_TREE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RunError::invalid(format!("cannot read tree file {shown}: {e}")))?;
    if bytes.len() as u64 > MAX_TREE_BYTES {
        return Err(RunError::invalid(format!(
            "{shown}: above the limit of {} MiB for explicit trees",
            MAX_TREE_BYTES >> 20
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        RunError::invalid(format!(
            "{shown}: not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    ExplicitTree::from_json_str(&text).map_err(|e| RunError::invalid(format!("{shown}: {e}")))
}

/// Checks that `spec` (with `position`) names a game of the registry, with the error lines
/// of [`load`].
pub fn check_game(spec: &str, position: Option<&str>) -> Result<(), RunError> {
    load(None, Some(spec), position).map(|_| ())
}

/// Loads `--tree FILE`, or names `--game SPEC` with an optional `--position` (the game is
/// built from them on each visit).
pub fn load<'a>(
    tree: Option<&Path>,
    game: Option<&'a str>,
    position: Option<&'a str>,
) -> Result<Source<'a>, RunError> {
    let source = match (tree, game) {
        (Some(path), None) => {
            if position.is_some() {
                return Err(msg![
                    Opt::Position,
                    " needs ",
                    Opt::Game,
                    " (a position is a game's; a tree is searched from its root)"
                ]
                .into());
            }
            Source::Tree(Box::new(load_tree(path)?))
        }
        (None, Some(spec)) => Source::Game { spec, position },
        (Some(_), Some(_)) => {
            return Err(msg!["give either ", Opt::Tree, " or ", Opt::Game, ", not both"].into())
        }
        (None, None) => {
            return Err(msg!["give ", Opt::Tree, " FILE or ", Opt::Game, " SPEC"].into())
        }
    };
    // Build it once now, so that a bad spec or position is refused before anything else.
    source.max_plies()?;
    Ok(source)
}
