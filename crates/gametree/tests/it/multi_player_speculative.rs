//! multi_player_speculative tests: not yet written.
