//! Loading what to search: [`gametree_lab::search_job`] (shared with the Python package).

pub use gametree_lab::search_job::{load, Source};
