//! connect_four: not yet written.
