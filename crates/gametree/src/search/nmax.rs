//! nmax: not yet written.
