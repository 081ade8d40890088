//! Experiments over gametree's algorithms and games: a parallel, deterministic trial runner,
//! statistics, report rows with verdicts, tables (markdown, CSV, JSON), SVG plots, and files
//! written atomically.

pub mod baudet_math;
pub mod claim;
pub mod draw;
pub mod engine_name;
pub mod engine_policy;
pub mod experiment;
pub mod index;
pub mod io;
pub mod merge;
pub mod papers;
pub mod plot;
pub mod rating;
pub mod record;
pub mod report;
pub mod reproduce;
pub mod runner;
pub mod search_job;
pub mod search_json;
pub mod shard;
pub mod stack;
pub mod stats;
pub mod tournament;
pub mod tournament_job;
