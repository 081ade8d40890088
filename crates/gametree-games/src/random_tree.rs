//! random_tree: not yet written.
