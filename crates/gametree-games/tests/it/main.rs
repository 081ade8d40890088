//! The integration tests of the games crate: one binary, one module per game.

mod best_reply;
mod best_reply_forced;
mod blokus;
mod brs_plus_cost;
mod chess4;
mod chinese_checkers;
mod connect_four;
mod engine;
mod first_move;
mod focus;
mod focus_blokus_oracle;
mod iterative;
mod mcts;
mod mcts_paper;
mod mcts_pinned;
mod notation;
mod oracle_matrix;
mod perft;
mod perft_files;
mod positions;
mod random_tree;
mod registry;
mod rolit;
mod tictactoe;
