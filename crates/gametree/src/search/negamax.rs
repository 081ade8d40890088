//! negamax: not yet written.
