//! Integration tests of the jobs the fronts share: one binary, one module per concern.

mod crate_picture;
mod draw;
mod draw_brs;
mod engine_move;
mod hardening_engine;
mod pick;
mod rating;
mod tournament_engines;
