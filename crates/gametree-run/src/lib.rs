//! The jobs every front of gametree calls (the `gametree` command line, the server behind
//! `gametree serve` and the Python package): plain data in, reports out. It knows serde, not
//! clap, axum or pyo3: each front reads its own arguments into these types and renders the
//! reports in its own way.
//!
//! Its words, at the root: the budget of a search ([`Budget`]), what a job searches, loaded
//! once ([`Source`], [`input`]), why a job gave no result ([`RunError`], whose messages name
//! options in each front's words), and what a search gives ([`SearchReport`]).
//!
//! Its jobs: a search from a typed request ([`search_job`], the server's requests included),
//! a drawing of a traced search ([`draw`]), an engine's move
//! ([`engine_move`]), engines ([`engine`]) and tournaments ([`tournament`],
//! [`tournament_job`]), and what they share: search threads with a stack sized from the
//! depth ([`stack`]), the deterministic parallel runner ([`runner`]), statistics and ratings.
//!
//! It depends on the core (`gametree`) and the games (`gametree-games`) only; the paper
//! reproductions (`gametree-lab`) build on it.

pub mod advise;
pub mod budget;
pub mod compare;
pub mod draw;
pub mod engine;
pub mod engine_move;
pub mod engine_name;
pub mod engine_policy;
pub mod error;
pub mod input;
pub mod pick;
pub mod rating;
pub mod record;
pub mod report;
pub mod runner;
pub mod search_job;
pub mod spare_table;
pub mod stack;
pub mod stats;
pub mod tournament;
pub mod tournament_job;
pub mod verdict;

pub use budget::Budget;
pub use error::{Front, Opt, RunError};
pub use input::Source;
pub use report::{Iteration, MoveName, SearchReport};
