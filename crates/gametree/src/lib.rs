//! # gametree
//!
//! Game-tree search for two to six players: the algorithms of Korf (1991), Sturtevant (2003),
//! Fridenfalk (2014) and the classic two-player family, each a documented free function in
//! [`search`], over any [`Game`] with an [`Evaluator`].
//!
//! - [`game`]: [`Game`] (legal play and payoffs), [`Player`], [`Scores`].
//! - [`eval`]: [`Evaluator`] (heuristic values, the [`Bounds`] pruning may assume, move ordering).
//! - [`tree`]: explicit trees in the JSON format of DESIGN.md, as a game.
//! - [`search`]: the algorithms, [`search::Config`], [`search::SearchResult`], [`search::Stats`].
//!
//! The library does no I/O, starts no threads and uses no randomness; it reads the clock only
//! to honour a deadline the caller passes and to report elapsed time.

pub mod eval;
pub mod game;
pub mod search;
pub mod tree;

pub use eval::{Bounds, Evaluator, Ordered, SubtreeBounds};
pub use game::{Game, Player, Score, Scores, MAX_PLAYERS, MAX_SCORE, MIN_PLAYERS};
