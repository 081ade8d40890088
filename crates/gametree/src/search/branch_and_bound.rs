//! branch_and_bound: not yet written.
