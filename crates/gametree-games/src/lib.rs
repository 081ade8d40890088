//! The domains of gametree, each a [`gametree::Game`] with its evaluators. Every game here
//! passes the conformance check of [`gametree::testing`].

pub mod blokus;
pub mod cards;
pub mod chess4;
pub mod chinese_checkers;
pub mod connect_four;
pub mod focus;
pub mod notation;
pub mod perft;
pub mod quote;
pub mod random_tree;
pub mod registry;
pub mod rolit;
pub use gametree::rng;
pub mod spec;
pub mod tictactoe;
