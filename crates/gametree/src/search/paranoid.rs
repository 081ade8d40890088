//! paranoid: not yet written.
