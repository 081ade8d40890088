//! deep_pruning tests: not yet written.
