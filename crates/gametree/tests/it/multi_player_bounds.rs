//! multi_player_bounds tests: not yet written.
