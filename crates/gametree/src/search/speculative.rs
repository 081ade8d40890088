//! speculative: not yet written.
