//! The jobs every front of gametree calls (the `gametree` command line, the server behind
//! `gametree serve` and the Python package): a search from a typed request ([`search_job`],
//! with its [`search_job::Limits`], [`search_job::RunError`] and [`search_job::SearchReport`]),
//! a drawing of a traced search ([`draw`]), engines and tournaments ([`tournament`],
//! [`tournament_job`]), and what they share: search threads with a stack sized from the
//! depth ([`stack`]), the deterministic parallel runner ([`runner`]), statistics and ratings.
//!
//! It depends on the core (`gametree`) and the games (`gametree-games`) only; the paper
//! reproductions (`gametree-lab`) build on it.

pub mod draw;
pub mod engine_move;
pub mod engine_name;
pub mod engine_policy;
pub mod pick;
pub mod rating;
pub mod record;
pub mod runner;
pub mod search_job;
pub mod search_json;
pub mod stack;
pub mod stats;
pub mod tournament;
pub mod tournament_job;
