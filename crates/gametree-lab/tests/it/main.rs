//! Integration tests of the lab: one binary, one module per paper, and the reproduce runner.

mod baudet;
mod fridenfalk;
mod fridenfalk_chess;
mod imperfect;
mod knuth_moore;
mod korf;
mod ladder;
mod mcts_tuning;
mod merge_files;
mod plots;
mod reproduce;
mod rungs;
mod scale_checks;
mod shards;
mod strength;
mod sturtevant;
mod typed_rows;
