//! paranoid tests: not yet written.
