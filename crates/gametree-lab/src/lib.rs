//! Experiments over gametree's algorithms and games.
