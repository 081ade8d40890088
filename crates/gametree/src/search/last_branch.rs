//! last_branch: not yet written.
