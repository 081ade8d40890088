//! minimax: not yet written.
