//! Integration tests of the lab: one binary, one module per paper, and the reproduce runner.

mod baudet;
mod draw;
mod draw_brs;
mod fridenfalk;
mod fridenfalk_chess;
mod hardening_engine;
mod imperfect;
mod knuth_moore;
mod korf;
mod mcts_tuning;
mod merge_files;
mod plots;
mod rating;
mod reproduce;
mod shards;
mod strength;
mod sturtevant;
mod tournament_engines;
mod typed_rows;
