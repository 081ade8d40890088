//! alphabeta_failsoft: not yet written.
