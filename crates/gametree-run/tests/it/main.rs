//! Integration tests of the jobs the fronts share: one binary, one module per concern.

mod crate_picture;
mod draw;
mod draw_brs;
mod engine_move;
mod engine_name;
mod engine_policy;
mod hardening_engine;
mod pick;
mod rating;
mod record;
mod runner;
mod search_job_error;
mod search_job_limits;
mod search_job_report;
mod stack;
mod stats;
mod tournament;
mod tournament_engines;
