//! shallow: not yet written.
