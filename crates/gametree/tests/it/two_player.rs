//! two_player tests: not yet written.
