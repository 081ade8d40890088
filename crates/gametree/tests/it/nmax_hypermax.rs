//! nmax_hypermax tests: not yet written.
