//! alphabeta: not yet written.
