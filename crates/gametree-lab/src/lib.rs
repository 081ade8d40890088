//! Experiments over gametree's algorithms and games: a parallel, deterministic trial runner,
//! statistics, report rows with verdicts, tables (markdown, CSV, JSON), SVG plots, and files
//! written atomically.
//!
//! The jobs the fronts share (search, draw, engines and tournaments, the runner, statistics
//! and ratings) live in `gametree-run`; they are re-exported here under their old paths, so
//! the papers reach them as `gametree_run::tournament`, `gametree_run::runner` and so on.

pub mod baudet_math;
pub mod claim;
pub mod experiment;
pub mod full_run;
pub mod index;
pub mod io;
pub mod ladder;
pub mod merge;
pub mod papers;
pub mod plot;
pub mod record;
pub mod report;
pub mod reproduce;
pub mod shard;
