//! connect_four tests: not yet written.
