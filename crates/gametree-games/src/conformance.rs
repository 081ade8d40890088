//! conformance: not yet written.
