//! hypermax: not yet written.
