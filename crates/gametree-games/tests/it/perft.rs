//! perft tests: not yet written.
