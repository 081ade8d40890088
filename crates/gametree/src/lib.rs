//! # gametree
//!
//! Game-tree search for two to six players: the algorithms of Korf (1991), Sturtevant (2003),
//! Fridenfalk (2014) and the classic two-player family, each a documented free function in
//! [`search`], over any [`Game`] with an [`Evaluator`].
//!
//! - [`game`]: [`Game`] (legal play and payoffs), [`Player`], [`Scores`].
//! - [`eval`]: [`Evaluator`] (heuristic values, the [`Bounds`] pruning may assume, move ordering).
//! - [`tree`]: explicit trees in the JSON format of docs/tree-format.md, as a game.
//! - [`hash`]: position hashes ([`hash::Zobrist`]) for the engine's transposition table.
//! - [`search`]: the algorithms, [`search::Config`], [`search::SearchResult`], [`search::Stats`].
//! - [`testing`]: the conformance check every game passes, yours included
//!   ([`testing::check`]).
//! - [`rng`]: the pinned, seeded pseudo-random generator ([`rng::SplitMix64`]) of random
//!   trees, playouts, deals and the conformance check.
//!
//! ```
//! use gametree::search::{maxn::maxn, shallow::shallow, Config};
//! use gametree::tree::{ExplicitTree, TreeEval};
//! use gametree::Game;
//!
//! let tree = ExplicitTree::from_json_str(r#"{ "players": 3, "maxsum": 10,
//!   "root": { "player": 0, "children": [
//!       { "value": [5, 4, 1] },
//!       { "player": 1, "children": [ { "value": [3, 7, 0] }, { "value": [1, 2, 7] } ] } ] } }"#)?;
//!
//! let plain = maxn(&tree, &TreeEval, &tree.initial(), &Config::unlimited())?;
//! let pruned = shallow(&tree, &TreeEval, &tree.initial(), &Config::unlimited())?;
//! assert_eq!(plain.value, pruned.value); // pruning never changes the answer
//! assert_eq!(plain.best_move, Some(0));
//! assert!(pruned.stats.nodes <= plain.stats.nodes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library does no I/O and its searches use no randomness; it starts threads only in
//! [`search::parallel`], when a caller asks for more than one; it reads the clock only to
//! honour a deadline the caller passes and to report elapsed time.

pub mod eval;
pub mod game;
pub mod hash;
pub mod rng;
pub mod search;
pub mod testing;
pub mod tree;

pub use eval::{Bounds, Evaluator, MovePreference, Ordered, SubtreeBounds};
pub use game::{
    score_in_range, Capture, Game, Player, Score, Scores, SetToMove, MAX_PLAYERS, MAX_SCORE,
    MIN_PLAYERS,
};
