//! Integration tests of the jobs the fronts share: one binary, one module per concern.

mod alone;
mod arena_game;
mod budget;
mod builds;
mod compare;
mod crate_picture;
mod draw;
mod draw_brs;
mod engine_move;
mod engine_name;
mod engine_policy;
mod error;
mod hardening_engine;
mod mcts_history;
mod pick;
mod rating;
mod record;
mod report;
mod runner;
mod stack;
mod stats;
mod tournament;
mod tournament_engines;
