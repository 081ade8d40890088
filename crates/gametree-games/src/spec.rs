//! spec: not yet written.
