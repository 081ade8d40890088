//! tree_format tests: not yet written.
