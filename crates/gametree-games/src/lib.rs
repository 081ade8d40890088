//! The domains of gametree, each a [`gametree::Game`] with its evaluators, and the
//! conformance check every game passes.

pub mod cards;
pub mod chinese_checkers;
pub mod conformance;
pub mod connect_four;
pub mod perft;
pub mod random_tree;
pub mod rng;
pub mod spec;
pub mod tictactoe;
