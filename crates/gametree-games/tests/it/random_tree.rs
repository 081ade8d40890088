//! random_tree tests: not yet written.
