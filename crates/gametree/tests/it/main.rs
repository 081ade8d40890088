//! The integration tests of the core crate: one binary, one module per family.

mod common;

mod cpu_clock;
mod deep_pruning;
mod engine;
mod iterative;
mod module_graph;
mod multi_player_bounds;
mod multi_player_speculative;
mod nmax_hypermax;
mod paranoid;
mod pimc;
mod repository;
mod stop;
mod tables;
mod tree_format;
mod two_player;
