//! What a job searches, loaded once: an explicit tree from a file or a request, or a game
//! of the registry ([`gametree_games::registry`]) built from its spec at an optional
//! position ([`load`], [`Source`]), handed to generic code through a [`GameVisitor`]. No
//! game is named here: the registry lists them.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use crate::error::{Opt, RunError};
use crate::msg;
use gametree::search::Searcher;
use gametree::tree::ExplicitTree;
use gametree::{Game, SetToMove};
use gametree_games::registry::{self, GameVisitor, Kind, Loaded, Playable, RegistryError};
use serde_json::Value;

pub use gametree_games::registry::MoveStyle;

/// The largest explicit-tree file accepted (32 MiB).
pub const MAX_TREE_BYTES: u64 = 32 << 20;

/// What a job searches, loaded once: an explicit tree, or a game of the registry at a
/// position (built from its spec by [`load`], never again).
#[derive(Debug)]
pub enum Source {
    /// An explicit tree, searched from its root (shared: a caller that keeps the tree, as
    /// Python's `Tree` does, hands it over without a copy).
    Tree(Arc<ExplicitTree>),
    /// A game of the registry, built, at its position.
    Game(Loaded),
}

impl Source {
    /// Hands the loaded game at its position (a tree at its root) to `v`.
    pub fn visit<V: GameVisitor>(&self, v: V) -> V::Output {
        match self {
            Source::Tree(t) => t.accept(&t.initial(), v),
            Source::Game(g) => g.accept(v),
        }
    }

    /// The longest line of play from the loaded position, in plies: what bounds the depth
    /// of a search without a depth limit (and sizes its stack, [`crate::stack`]).
    pub fn max_plies(&self) -> u64 {
        self.visit(MaxPlies)
    }

    /// The plies a search limited to `depth` (none: to the end of the game) can go down;
    /// an error when that is beyond [`crate::stack::MAX_PLIES`].
    pub fn search_plies(&self, depth: Option<u32>) -> Result<u64, RunError> {
        let max = crate::stack::MAX_PLIES;
        let game = self.max_plies();
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
            Source::Game(_) => None,
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
    game(spec, position).map(|_| ())
}

/// Builds the game `spec` names at `position` (its start when `None`): a bad spec or
/// position is one line naming it.
pub fn game(spec: &str, position: Option<&str>) -> Result<Source, RunError> {
    registry::load(spec, position)
        .map(Source::Game)
        .map_err(|e| match e {
            RegistryError::Position { text, message } => RunError::Invalid(msg![
                Opt::Position,
                format!(" \"{}\": {message}", gametree_games::quote::quoted(&text))
            ]),
            other => RunError::invalid(other),
        })
}

/// Loads `--tree FILE`, or builds `--game SPEC` at an optional `--position`: a bad file,
/// spec or position is refused here, before anything else runs.
pub fn load(
    tree: Option<&Path>,
    game: Option<&str>,
    position: Option<&str>,
) -> Result<Source, RunError> {
    match (tree, game) {
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
            Ok(Source::Tree(Arc::new(load_tree(path)?)))
        }
        (None, Some(spec)) => self::game(spec, position),
        (Some(_), Some(_)) => {
            Err(msg!["give either ", Opt::Tree, " or ", Opt::Game, ", not both"].into())
        }
        (None, None) => Err(msg!["give ", Opt::Tree, " FILE or ", Opt::Game, " SPEC"].into()),
    }
}

/// What a request of a script or page names (the server's `/api/search` and `/api/draw`):
/// an explicit tree sent as a JSON document, or a game spec with an optional position;
/// exactly one of the two.
pub fn from_request(
    tree: Option<&Value>,
    game: Option<&str>,
    position: Option<&str>,
) -> Result<Source, RunError> {
    match (tree, game) {
        (Some(doc), None) => {
            if position.is_some() {
                return Err(msg![
                    Opt::Position,
                    " applies to ",
                    Opt::Game,
                    ", not to ",
                    Opt::Tree
                ]
                .into());
            }
            let tree =
                ExplicitTree::from_json(doc).map_err(|e| msg![Opt::Tree, format!(": {e}")])?;
            Ok(Source::Tree(Arc::new(tree)))
        }
        (None, Some(spec)) => self::game(spec, position),
        (Some(_), Some(_)) => {
            Err(msg!["give either ", Opt::Tree, " or ", Opt::Game, ", not both"].into())
        }
        (None, None) => Err(msg!["give ", Opt::Tree, " or ", Opt::Game].into()),
    }
}

/// The games that can hand the turn to any player (what best-reply search needs), in
/// listing order: found by the registry's routing ([`GameVisitor::visit_best_reply`]) of
/// each game built from its default spec, not by a list of names.
pub fn best_reply_games() -> Vec<&'static str> {
    struct Probe;
    impl GameVisitor for Probe {
        type Output = bool;
        fn visit<G: Playable>(self, _: &G, _: &G::State) -> bool
        where
            G::State: Send + Sync + PartialEq + std::fmt::Debug,
            G::Move: Send + Sync,
        {
            false
        }
        fn visit_best_reply<G: Playable + SetToMove>(self, _: &G, _: &G::State) -> bool
        where
            G::State: Send + Sync + PartialEq + std::fmt::Debug,
            G::Move: Send + Sync,
        {
            true
        }
    }
    registry::entries()
        .into_iter()
        .filter(|e| e.kind == Kind::Game)
        .filter(|e| registry::visit(e.listing.default_spec, None, Probe).unwrap_or(false))
        .map(|e| e.listing.name)
        .collect()
}

/// The refusal of a searcher that needs a game handing the turn to any player.
pub fn needs_set_to_move(searcher: Searcher) -> RunError {
    RunError::invalid(format!(
        "{searcher} needs a game that can hand the turn to any player: {}",
        best_reply_games().join(", ")
    ))
}
